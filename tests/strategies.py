"""Hypothesis strategies for positions and play."""

from __future__ import annotations

from hypothesis import strategies as st

from palago_tools.core.position import Position
from palago_tools.core.tiles import ORIENTATIONS, Tile

from .conftest import load_vectors, vector_position

orientations = st.sampled_from(ORIENTATIONS)


@st.composite
def grown_positions(draw: st.DrawFn, max_tiles: int = 40) -> Position:
    """A connected position grown tile by tile from 0,0, each tile on a drawn frontier cell."""
    n = draw(st.integers(1, max_tiles))
    position = Position([Tile((0, 0), draw(orientations))])
    while len(position) < n:
        frontier = sorted(position.frontier())
        cell = frontier[draw(st.integers(0, len(frontier) - 1))]
        position = position.place(Tile(cell, draw(orientations)))
    return position


vector_positions = st.sampled_from([vector_position(e) for e in load_vectors()])

positions = st.one_of(grown_positions(), vector_positions)
