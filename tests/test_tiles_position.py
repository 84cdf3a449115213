"""Tiles, tile tokens and positions: orientations, motions of tiles, frontier, holes."""

from __future__ import annotations

import pytest

from palago_tools.core.hexgrid import CLASS_SWAPPING, MOTIONS, corner_of, disc, neighbours
from palago_tools.core.position import Position
from palago_tools.core.tiles import (
    ORIENTATIONS,
    Colour,
    Orientation,
    Tile,
    curves,
    straight_corners,
)
from palago_tools.errors import (
    EmptyCellError,
    NotAdjacentError,
    OccupiedCellError,
    OrientationError,
    PalagoError,
    SameOrientationError,
    TileTokenError,
)


def test_orientation_letters_name_the_yellow_tip() -> None:
    assert [o.tip for o in (Orientation.R, Orientation.L, Orientation.D)] == [0, 2, 4]
    assert Orientation.parse("d") is Orientation.D
    with pytest.raises(OrientationError, match="orientation is L, R or D"):
        Orientation.parse("X")


def test_tile_tokens_round_trip() -> None:
    for text in ("0,0R", "1,-1D", "-2,3L", "12,-40R"):
        assert Tile.parse(text).token == text
    assert Tile.parse(" 1,-1d ") == Tile((1, -1), Orientation.D)


@pytest.mark.parametrize(
    "bad",
    [
        "",
        "0,0",
        "0R",
        "0;0R",
        "a,0R",
        "0,0RR",
        "1.5,0R",
        "1 , -1 d",
        "1234567,0R",
        "\uff10,0R",
        "+1,0R",
    ],
)
def test_bad_tile_tokens_say_what_a_token_is(bad: str) -> None:
    with pytest.raises(TileTokenError, match=r"a tile token is a cell q,r followed by"):
        Tile.parse(bad)


def test_bad_orientation_letter_in_a_token() -> None:
    with pytest.raises(OrientationError, match="unknown orientation 'Q'"):
        Tile.parse("0,0Q")


def test_all_errors_share_one_base() -> None:
    for error in (OrientationError, TileTokenError, OccupiedCellError, NotAdjacentError):
        assert issubclass(error, PalagoError)


@pytest.mark.parametrize("tip", [0, 2, 4])
def test_tile_anatomy(tip: int) -> None:
    yellow = straight_corners(tip, Colour.YELLOW)
    blue = straight_corners(tip, Colour.BLUE)
    assert all(k % 2 == 0 for k in yellow) and all(k % 2 == 1 for k in blue)
    assert tip not in yellow and (tip + 3) % 6 not in blue
    sides = sorted(s for c in curves(tip) for s in (c.start, c.end))
    assert sides == [0, 1, 2, 3, 4, 5]  # every side midpoint is met by exactly one curve
    for curve in curves(tip):
        assert curve.left % 2 != curve.right % 2  # a boundary separates the two colours


@pytest.mark.parametrize("motion", MOTIONS, ids=str)
def test_moved_tiles_stay_legal_and_swap_colour_exactly_when_the_motion_swaps_classes(
    motion: object,
) -> None:
    from palago_tools.core.hexgrid import Motion

    assert isinstance(motion, Motion)
    for o in ORIENTATIONS:
        moved, swapped = Tile((2, -1), o).moved(motion)
        assert swapped == (motion in CLASS_SWAPPING)
        assert moved.orientation in ORIENTATIONS
        # the corner that held the yellow tip now holds the tip of the colour it was given
        old_tip = corner_of((2, -1), o.tip)
        new_tip = corner_of(moved.cell, moved.tip if not swapped else moved.tip + 3)
        assert motion.corner_point(old_tip) == new_tip


def test_position_is_an_immutable_mapping() -> None:
    p = Position.parse("0,0R 1,0L")
    assert p[(0, 0)] is Orientation.R and len(p) == 2
    q = p.place(Tile((0, 1), Orientation.D))
    assert len(p) == 2 and len(q) == 3
    assert q.remove((0, 1)) == p and hash(q.remove((0, 1))) == hash(p)
    assert q.rotate((0, 1), Orientation.L)[(0, 1)] is Orientation.L
    with pytest.raises(OccupiedCellError, match="cell 0,0 already holds a tile"):
        p.place(Tile((0, 0), Orientation.D))
    with pytest.raises(OccupiedCellError):
        Position.parse("0,0R 0,0L")
    with pytest.raises(EmptyCellError, match="cell 5,5 holds no tile"):
        p.remove((5, 5))
    with pytest.raises(SameOrientationError, match="already points R"):
        p.rotate((0, 0), Orientation.R)
    with pytest.raises(NotAdjacentError, match="cell 3,3 does not touch the palago"):
        p.require_touching((3, 3))


def test_frontier_outer_inner_and_holes() -> None:
    ring = Position({c: Orientation.R for c in neighbours((0, 0))})
    assert ring.single_holes() == {(0, 0)}
    assert ring.larger_holes() == []
    assert ring.inner_tiles() == set()
    assert (0, 0) in ring.frontier() and len(ring.frontier()) == 12 + 1
    full = Position({c: Orientation.D for c in disc((0, 0), 2)})
    assert full.inner_tiles() == set(disc((0, 0), 1))
    assert full.outer_tiles() == set(disc((0, 0), 2)) - set(disc((0, 0), 1))
    donut = Position({c: Orientation.L for c in disc((0, 0), 2) if c not in ((0, 0), (1, 0))})
    assert donut.single_holes() == set()
    assert donut.larger_holes() == [{(0, 0), (1, 0)}]
    assert Position().frontier() == {(0, 0)}


def test_connectivity() -> None:
    assert Position.parse("0,0R 1,0L 2,0D").is_connected()
    split = Position.parse("0,0R 2,0L 5,5D")
    assert not split.is_connected()
    assert [len(g) for g in split.components()] == [1, 1, 1]


def test_moving_a_position_keeps_its_size_and_adjacency() -> None:
    p = Position.parse("0,0R 1,0L 1,-1D 0,1R")
    for motion in MOTIONS:
        m = p.moved(motion)
        assert len(m) == len(p) and m.is_connected()
