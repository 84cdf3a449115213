"""Green tasks: shortest transformation distance, optimal steps, replay of proposed steps."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from palago_tools.core.hexgrid import MOTIONS, Motion
from palago_tools.core.position import Position
from palago_tools.core.tiles import Orientation, Tile
from palago_tools.palalab import (
    AddStep,
    MoveStep,
    RemoveStep,
    RotateStep,
    check_transformation,
    generate_creatures,
    same_shape,
    transform_distance,
    transformation_steps,
)
from palago_tools.palalab.transform import overlap, placed

from .conftest import examples, load_vectors, vector_position

VECTORS = {e["name"]: vector_position(e) for e in load_vectors()}
SMALL = {
    name: generate_creatures(size, 3, seed=size)
    for name, size in (("six", 6), ("seven", 7), ("nine", 9), ("eleven", 11))
}
SHAPES = [VECTORS[n] for n in ("virus", "ring-with-eye", "tripod", "worm", "rich-7-1-creature")] + [
    f.position for found in SMALL.values() for f in found
]


def brute_force_overlap(a: Position, b: Position) -> int:
    """Maximum overlap over all twelve motions and every translation in a generous box."""
    best = 0
    span = 12
    for motion in MOTIONS:
        for dq in range(-span, span + 1):
            for dr in range(-span, span + 1):
                best = max(best, overlap(a, placed(b, motion, (dq, dr))))
    return best


@given(
    shape=st.sampled_from(SHAPES),
    motion=st.sampled_from(MOTIONS),
    dq=st.integers(-20, 20),
    dr=st.integers(-20, 20),
)
def test_moved_copy_is_at_distance_zero(shape: Position, motion: Motion, dq: int, dr: int) -> None:
    copy = shape.moved(motion).translated(dq, dr)
    moves, added, placement = transform_distance(shape, copy)
    assert (moves, added) == (0, 0)
    assert placement.overlap == len(shape)
    assert same_shape(copy, shape)


def test_every_motion_gives_distance_zero() -> None:
    for shape in SHAPES:
        for motion in MOTIONS:
            assert transform_distance(shape.moved(motion).translated(3, -7), shape).moves == 0


@pytest.mark.parametrize("i", range(len(SHAPES)))
def test_distance_agrees_with_brute_force(i: int) -> None:
    a = SHAPES[i]
    for b in SHAPES[:6]:
        if len(b) > 11 or len(a) > 11:
            continue
        d = transform_distance(a, b)
        best = brute_force_overlap(a, b)
        assert d.placement.overlap == best
        assert d.moves == len(a) - best
        assert d.added == max(0, len(b) - len(a))
        assert overlap(a, d.placement.tiles) == best


@settings(max_examples=examples(40), deadline=None)
@given(size=st.integers(5, 20), seed=st.integers(0, 10_000))
def test_distance_symmetric_for_equal_sizes(size: int, seed: int) -> None:
    found = generate_creatures(size, 2, seed=seed, max_attempts=60)
    if len(found) < 2:  # sizes 5 to 8 have very few creatures
        return
    a, b = found[0].position, found[1].position
    assert transform_distance(a, b).moves == transform_distance(b, a).moves
    assert transform_distance(a, b).added == 0


def test_rulebook_sizes_example() -> None:
    # A tile added to the virus's outside: one tile more, no tile moved.
    virus = VECTORS["virus"]
    bigger = virus.place(Tile((1, 0), Orientation.L))
    assert transform_distance(virus, bigger)[:2] == (0, 1)
    assert transform_distance(bigger, virus)[:2] == (1, 0)


@settings(max_examples=examples(40), deadline=None)
@given(sa=st.integers(5, 16), sb=st.integers(5, 16), seed=st.integers(0, 10_000))
def test_steps_reach_target_and_are_shortest(sa: int, sb: int, seed: int) -> None:
    a = generate_creatures(sa, 1, seed=seed)[0].position
    b = generate_creatures(sb, 1, seed=seed + 1)[0].position.moved(MOTIONS[seed % 12])
    distance = transform_distance(a, b)
    steps = transformation_steps(a, b)
    assert sum(1 for s in steps if s.is_move) == distance.moves
    assert sum(1 for s in steps if not s.is_move) == distance.added
    check = check_transformation(a, b, steps)
    assert check.error is None
    assert check.reaches_target and check.optimal
    assert check.result == Position(distance.placement.tiles)


def test_steps_of_each_kind() -> None:
    a = Position.parse("0,0R 1,0R 2,0R 9,0R")
    b = Position.parse("0,0L 1,0R 2,0R 3,0L 4,0D")
    d = transform_distance(a, b)
    assert d.placement.overlap == brute_force_overlap(a, b) == 2
    steps = transformation_steps(a, b)
    assert {type(s) for s in steps} == {RotateStep, MoveStep, AddStep}
    check = check_transformation(a, b, steps)
    assert check.optimal, check.message
    assert check.message == "right and shortest: 2 moved, 1 added"
    shrinking = transformation_steps(b, a)
    assert any(isinstance(s, RemoveStep) for s in shrinking)
    assert check_transformation(b, a, shrinking).optimal


def test_check_transformation_reports_the_first_wrong_step() -> None:
    a = VECTORS["virus"]
    b = VECTORS["tripod"]
    steps = list(transformation_steps(a, b))
    empty = MoveStep((9, 9), (10, 10), Orientation.R)
    check = check_transformation(a, b, [steps[0], empty, *steps[1:]])
    assert check.error is not None and check.error.index == 1
    assert check.error.message == "step 2 (move 9,9 to 10,10R) is wrong: cell 9,9 holds no tile"
    assert not check.optimal

    onto = MoveStep((-1, 0), (0, 0), Orientation.L)
    check = check_transformation(a, b, [onto])
    assert check.error is not None and check.error.index == 0
    assert check.error.reason == "cell 0,0 already holds a tile"

    same = RotateStep((0, 0), Orientation.R)
    check = check_transformation(a, b, [same])
    assert check.error is not None
    assert "already points R" in check.error.reason

    check = check_transformation(a, b, [AddStep((0, 1), Orientation.D)])
    assert check.error is not None and check.error.reason == "cell 0,1 already holds a tile"

    check = check_transformation(a, b, [MoveStep((0, 1), (0, 1), Orientation.D)])
    assert check.error is not None and "is a rotation" in check.error.reason


def test_check_transformation_detects_wrong_result_and_detours() -> None:
    a = VECTORS["virus"]
    b = VECTORS["tripod"]
    steps = list(transformation_steps(a, b))
    short = check_transformation(a, b, steps[:-1])
    assert short.error is None and not short.reaches_target and not short.optimal
    assert short.message == "the steps do not build the target creature"
    # Two extra rotations of one tile that come back to where it was: right, not shortest.
    cell = (0, 0)
    there = a[cell]
    other = next(o for o in Orientation if o is not there)
    detour = [RotateStep(cell, other), RotateStep(cell, there), *steps]
    check = check_transformation(a, b, detour)
    assert check.error is None and check.reaches_target and not check.optimal
    assert check.moves == check.shortest_moves + 2


def test_transform_between_large_creatures() -> None:
    # Its speed (under 1 s for 48 tiles) is measured by benchmarks/puzzles.py, not asserted here.
    a, b = generate_creatures(48, 2, seed=11)
    d = transform_distance(a.tiles, b.tiles)
    assert 0 <= d.moves <= 48
    assert check_transformation(a.tiles, b.tiles, transformation_steps(a.tiles, b.tiles)).optimal


def test_tie_breaking_is_deterministic() -> None:
    rng = random.Random(4)
    shape = SHAPES[rng.randrange(len(SHAPES))]
    assert transform_distance(shape, shape).placement == transform_distance(shape, shape).placement
    assert transform_distance(shape, shape).placement.translation == (0, 0)
