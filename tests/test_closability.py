"""The closability index against the regions computed from scratch: the gap cells of every
region, the orientations that close one (laid and checked), undo back to the very same state,
removal from the middle, the quick pair test (never a miss), and the closing pairs (the
closing tips once the first tile is laid, laid and checked)."""

from __future__ import annotations

import random
from collections.abc import Iterator

from hypothesis import given, settings
from hypothesis import strategies as st

from palago_tools.core import closability
from palago_tools.core.closability import ClosabilityIndex
from palago_tools.core.hexgrid import Cell, neighbours
from palago_tools.core.incremental import LiveAnalysis
from palago_tools.core.position import Position
from palago_tools.core.regions import AREA_DELTAS, RegionMap, cell_key
from palago_tools.core.tiles import ORIENTATIONS, Tile

from .conftest import examples


def random_tiles(n: int, rng: random.Random) -> list[Tile]:
    position = Position()
    laid: list[Tile] = []
    for _ in range(n):
        tile = Tile(rng.choice(sorted(position.frontier())), rng.choice(ORIENTATIONS))
        position = position.place(tile)
        laid.append(tile)
    return laid


def empty_pairs(index: ClosabilityIndex) -> Iterator[tuple[Cell, Cell]]:
    """Every ordered pair of empty neighbouring cells, the first on the frontier."""
    frontier = {c for t in index.tiles for c in neighbours(t) if c not in index.tiles}
    for first in sorted(frontier):
        for second in neighbours(first):
            if second not in index.tiles:
                yield first, second


def state(index: ClosabilityIndex) -> set[tuple[frozenset[int], bool, int, frozenset[int]]]:
    return {
        (
            frozenset(index.corners(r)),
            index.is_closed(r),
            index.straights(r),
            frozenset(index.gaps(r)),
        )
        for r in index.roots()
    }


def gaps_from_scratch(index: RegionMap, root: int) -> set[int]:
    return index.empty_keys_at(c for c in index.corners(root) if index.tiles_at(c) < 3)


def closes(index: ClosabilityIndex, key: int, tip: int) -> bool:
    roots = {index.find(2 * key + d) for d in AREA_DELTAS[tip]}
    return any(index.is_closed(r) and index.straights(r) > 0 for r in roots)


@settings(max_examples=examples(30), deadline=None)
@given(seed=st.integers(0, 10**6), n=st.integers(1, 36))
def test_the_gaps_and_closing_tiles_are_those_of_the_regions(seed: int, n: int) -> None:
    tiles = random_tiles(n, random.Random(seed))
    index = ClosabilityIndex()
    before = []
    for tile in tiles:
        before.append(state(index))
        index.add(tile.cell, tile.tip)
        for root in index.roots():
            assert index.gaps(root) == gaps_from_scratch(index, root)
    assert state(index) == state(ClosabilityIndex({t.cell: t.tip for t in tiles}))
    frontier = {c for t in index.tiles for c in neighbours(t) if c not in index.tiles}
    for cell in frontier:
        key = cell_key(cell)
        predicted = set(index.closing_tips(key))
        for tip in (0, 2, 4):
            index.add(cell, tip)
            assert closes(index, key, tip) == (tip in predicted)
            index.undo()
        for other in neighbours(cell):
            if other in index.tiles or index.may_close_after(key, cell_key(other)):
                continue
            for tip in (0, 2, 4):
                index.add(cell, tip)
                assert not index.closing_tips(cell_key(other))
                index.undo()
    for tile in reversed(tiles):
        index.remove(tile.cell)
        assert state(index) == before.pop()


@settings(max_examples=examples(15), deadline=None)
@given(seed=st.integers(0, 10**6), n=st.integers(2, 30))
def test_a_tile_removed_from_the_middle_leaves_the_index_of_the_rest(seed: int, n: int) -> None:
    rng = random.Random(seed)
    tiles = random_tiles(n, rng)
    index = ClosabilityIndex({t.cell: t.tip for t in tiles})
    for tile in rng.sample(tiles, min(5, n)):
        index.remove(tile.cell)
        assert state(index) == state(ClosabilityIndex(dict(index.tiles)))


def test_a_live_analysis_with_the_index_finds_the_same_creatures() -> None:
    position = Position.parse("-1,0R -1,1R 0,-1D 0,0R")
    plain, indexed = LiveAnalysis(position), LiveAnalysis(position, index=True)
    assert indexed.index is not None and plain.index is None
    last = Tile.parse("0,1L")
    assert plain.place(last) == indexed.place(last) and len(indexed.creatures) == 1
    assert indexed.remove(last.cell) and not indexed.creatures
    assert (0, 1) not in indexed.tiles


@settings(max_examples=examples(25), deadline=None)
@given(seed=st.integers(0, 10**6), n=st.integers(1, 40))
def test_the_closing_pairs_are_the_closing_tips_once_the_first_tile_is_laid(
    seed: int, n: int
) -> None:
    tiles = random_tiles(n, random.Random(seed))
    index = ClosabilityIndex({t.cell: t.tip for t in tiles})
    for first, second in empty_pairs(index):
        a, b = cell_key(first), cell_key(second)
        expected = []
        for tip in (0, 2, 4):
            index.add(first, tip)
            expected.extend((tip, t) for t in index.closing_tips(b))
            for t in (0, 2, 4):
                index.add(second, t)
                assert closes(index, b, t) == ((tip, t) in expected)
                index.undo()
            index.undo()
        assert index.closing_pairs(a, b) == tuple(expected)


def test_the_closing_pairs_remembered_are_those_found_afresh() -> None:
    """closing_pairs remembers its answer per layout around the two cells: the answers of many
    positions, most of them remembered from earlier ones, are those found with nothing
    remembered."""
    remembered = fresh = 0
    for seed in range(30):
        tiles = random_tiles(10 + seed, random.Random(seed))
        index = ClosabilityIndex({t.cell: t.tip for t in tiles})
        for first, second in empty_pairs(index):
            a, b = cell_key(first), cell_key(second)
            seen = len(closability._PAIRS_SEEN)
            kept = index.closing_pairs(a, b)
            remembered += len(closability._PAIRS_SEEN) == seen
            saved = dict(closability._PAIRS_SEEN)
            closability._PAIRS_SEEN.clear()
            assert index.closing_pairs(a, b) == kept
            fresh += 1
            closability._PAIRS_SEEN.update(saved)
    assert remembered > fresh // 2
