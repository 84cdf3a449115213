"""Small helpers shared by the Palalaboratory modules."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from ..core.hexgrid import Cell
from ..core.position import Position
from ..core.tiles import Orientation, Tile
from ..errors import require

TileSet = Position | Mapping[Cell, Orientation] | Iterable[Tile]
"""Anything that names a set of tiles: a position, a cell → orientation mapping or tiles."""


def as_tiles(tiles: TileSet) -> tuple[Tile, ...]:
    """The tiles of ``tiles``, sorted by cell; raises on two tiles on one cell."""
    if isinstance(tiles, Mapping):
        return tuple(Position(tiles).tiles())
    return tuple(Position(list(tiles)).tiles())


def as_position(tiles: TileSet) -> Position:
    """``tiles`` as a position."""
    if isinstance(tiles, Position):
        return tiles
    if isinstance(tiles, Mapping):
        return Position(tiles)
    require(tiles, (list, tuple, set, frozenset), "the tiles")
    return Position(list(tiles))
