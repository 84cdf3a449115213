"""A creature found once is known again from the tiles on its cells (``LiveAnalysis``'s
memory): every creature a tile completes, known again or traced, is the creature a full
analysis of the position finds, however the tiles around it came and went."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from palago_tools.core import incremental
from palago_tools.core.analysis import Creature, analyse
from palago_tools.core.hexgrid import Cell, neighbours
from palago_tools.core.incremental import LiveAnalysis
from palago_tools.core.tiles import ORIENTATIONS, Tile

from .conftest import examples


def described(creature: Creature) -> tuple[object, ...]:
    return (
        creature.colour,
        creature.cells,
        creature.corners,
        creature.leg_corners,
        creature.outer_loop.refs,
        frozenset(line.refs for line in creature.inner_loops),
    )


def referee(live: LiveAnalysis, cell: Cell) -> set[tuple[object, ...]]:
    """The creatures a full analysis finds with a tile on ``cell``: those the tile laid last
    on ``cell`` completed (before it, the cell was empty inside each)."""
    return {described(c) for c in analyse(live.position()).creatures if cell in c.cells}


def lay(live: LiveAnalysis, tile: Tile) -> bool:
    done = live.lay(tile.cell, tile.tip)
    assert {described(c) for c in done} == referee(live, tile.cell), tile
    return bool(done)


def perturb(live: LiveAnalysis, creature_cells: frozenset[Cell]) -> None:
    """Each tile of a creature just completed taken off, each orientation laid in its place
    and taken back, and the tile laid again: regions with the creature's least corner that
    are other creatures, or none, and the creature itself again."""
    for cell in sorted(creature_cells):
        tip = live.tiles[cell]
        live.lift(cell)
        for orientation in ORIENTATIONS:
            lay(live, Tile(cell, orientation))
            live.lift(cell)
        live.lay(cell, tip)


def creature_cells(live: LiveAnalysis, cell: Cell) -> frozenset[Cell]:
    return frozenset(c for found in live.creatures if cell in found.cells for c in found.cells)


VECTORS = json.loads((Path(__file__).parent / "vectors" / "creatures.json").read_text())


@pytest.mark.parametrize("vector", VECTORS["vectors"], ids=lambda v: str(v["name"]))
def test_the_creatures_of_the_vectors_known_again(vector: dict[str, Any]) -> None:
    live = LiveAnalysis(index=True)
    tiles = [Tile.parse(f"{q},{r}{o}") for q, r, o in vector["tiles"]]
    for tile in tiles:
        lay(live, tile)
    perturbed: set[frozenset[Cell]] = set()
    for tile in tiles:
        live.lift(tile.cell)
        lay(live, tile)
        cells = creature_cells(live, tile.cell)
        if cells not in perturbed:
            perturbed.add(cells)
            perturb(live, cells)


@settings(max_examples=examples(40), deadline=None)
@given(seed=st.integers(0, 10**6), n=st.integers(8, 40))
def test_creatures_known_again_are_those_of_a_full_analysis(seed: int, n: int) -> None:
    rng = random.Random(seed)
    live = LiveAnalysis(index=True)
    laid: list[Tile] = []
    for _ in range(n):
        frontier = sorted(
            {c for t in live.tiles for c in neighbours(t) if c not in live.tiles} or {(0, 0)}
        )
        # Every orientation on a few cells; each tile that completes a creature is taken back,
        # a neighbour of it laid, and the tile laid again, as a search lays a threat again
        # after each reply; then the creature's tiles are changed one by one.
        for cell in rng.sample(frontier, min(4, len(frontier))):
            for orientation in ORIENTATIONS:
                tile = Tile(cell, orientation)
                if not lay(live, tile):
                    live.lift(cell)
                    continue
                live.lift(cell)
                around = [c for c in neighbours(cell) if c not in live.tiles]
                for other in rng.sample(around, min(2, len(around))):
                    reply = Tile(other, rng.choice(ORIENTATIONS))
                    lay(live, reply)
                    lay(live, tile)
                    live.lift(cell)
                    live.lift(other)
                lay(live, tile)
                perturb(live, creature_cells(live, cell))
                live.lift(cell)
        tile = Tile(rng.choice(frontier), rng.choice(ORIENTATIONS))
        lay(live, tile)
        laid.append(tile)
        if len(laid) > 3 and rng.random() < 0.25:  # the search's unmake, deep in a game
            live.lift(laid.pop().cell)


def test_a_creature_is_not_known_again_when_one_of_its_tiles_differs() -> None:
    # Yellow's Pala-creature of the model's example, completed by its tile on 0,0; that tile
    # lifted and each orientation laid there instead: only the first completes it again.
    ring = [Tile.parse(t) for t in "-1,0R -1,1R 0,-1D 0,1L".split()]
    live = LiveAnalysis(index=True)
    for tile in ring:
        lay(live, tile)
    centre = Tile.parse("0,0R")
    assert lay(live, centre)
    live.lift(centre.cell)
    assert live._known, "the creature is kept"
    completes = []
    for orientation in ORIENTATIONS:
        tile = Tile(centre.cell, orientation)
        completes.append(lay(live, tile))
        live.lift(tile.cell)
    assert completes == [o == centre.orientation for o in ORIENTATIONS]


def test_the_memory_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    # random-1-25 holds five creatures: with room for two, no more than two are ever kept.
    monkeypatch.setattr(incremental, "KNOWN_CREATURES", 2)
    (vector,) = [v for v in VECTORS["vectors"] if v["name"] == "random-1-25"]
    live = LiveAnalysis(index=True)
    found = 0
    for q, r, o in vector["tiles"]:
        found += len(live.lay((q, r), Tile.parse(f"{q},{r}{o}").tip))
        assert sum(len(kept) for kept in live._known.values()) <= 2
    assert found == 5
