"""The creature generator and the best-creature search."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from palago_tools.core.analysis import analyse
from palago_tools.core.identity import creature_form, creature_id
from palago_tools.palalab import best_creature, check_submission, generate_creatures

from .conftest import examples, load_vectors, vector_position


def assert_valid(found_tiles: tuple[object, ...], size: int) -> None:
    from palago_tools.core.position import Position
    from palago_tools.core.tiles import Colour, Tile

    tiles = [t for t in found_tiles if isinstance(t, Tile)]
    assert len(tiles) == size
    report = check_submission(Position(tiles))
    assert report.valid, [p.message for p in report.problems]
    assert report.creature is not None and report.creature.colour is Colour.YELLOW
    assert tuple(tiles) == creature_form(tiles, Colour.YELLOW)


@pytest.mark.parametrize("size", [5, 10, 13, 20, 31, 48])
def test_generated_creatures_are_distinct_valid_and_of_the_size(size: int) -> None:
    count = 1 if size == 5 else 6
    found = generate_creatures(size, count, seed=size)
    assert len(found) == count
    assert len({f.id for f in found}) == count
    for f in found:
        assert_valid(f.tiles, size)
        (creature,) = [c for c in analyse(f.position).creatures if len(c.cells) == size]
        assert (f.loops, f.legs, f.score, f.breakdown) == (
            creature.loops,
            creature.legs,
            creature.score,
            creature.breakdown(),
        )
        assert f.id == creature_id(f.tiles, creature.colour)


def test_five_tiles_is_only_the_virus() -> None:
    virus = vector_position(next(e for e in load_vectors() if e["name"] == "virus"))
    found = generate_creatures(5, 3, seed=1, max_attempts=300)
    assert len(found) == 1
    (creature,) = analyse(virus).creatures
    assert found[0].id == creature_id(virus.tiles(), creature.colour)


def test_too_small_is_refused() -> None:
    with pytest.raises(ValueError, match="fewer than 5 tiles"):
        generate_creatures(4, 1)


@settings(max_examples=examples(10), deadline=None)
@given(size=st.integers(5, 30), seed=st.integers(0, 2**31))
def test_generator_is_reproducible(size: int, seed: int) -> None:
    first = generate_creatures(size, 3, seed=seed)
    again = generate_creatures(size, 3, seed=seed)
    assert [f.tiles for f in first] == [f.tiles for f in again]
    for f in first:
        assert f.size == size


def test_different_seeds_differ() -> None:
    a = generate_creatures(20, 5, seed=1)
    b = generate_creatures(20, 5, seed=2)
    assert [f.id for f in a] != [f.id for f in b]


def test_best_creature_search_finds_a_valid_creature() -> None:
    result = best_creature(tiles=20, seconds=1.5, seed=3, start_samples=30)
    best = result.best
    assert best.size <= 20
    report = check_submission(best.position)
    assert report.valid and report.creature is not None
    assert report.creature.score == best.score
    assert report.creature.breakdown == best.breakdown
    generated = generate_creatures(20, 30, seed=3)
    assert best.score >= max(f.score for f in generated) - 1
    assert result.steps > 0
