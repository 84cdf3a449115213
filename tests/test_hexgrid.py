"""Hex geometry: corner and side identities, screen points, the twelve motions."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from palago_tools.core.hexgrid import (
    CLASS_KEEPING,
    CLASS_SWAPPING,
    DIRECTIONS,
    MOTIONS,
    Motion,
    are_adjacent,
    cells_around,
    cells_of_side,
    centre,
    corner_of,
    corner_point,
    direction_between,
    disc,
    distance,
    neighbour,
    side_midpoint,
    side_of,
    tip_sector,
)
from palago_tools.errors import GeometryError

cells = st.tuples(st.integers(-50, 50), st.integers(-50, 50))


@given(cells, st.integers(0, 5))
def test_corner_k_is_shared_by_three_cells_as_the_spec_says(cell: tuple[int, int], k: int) -> None:
    # corner k of c = corner k+2 of the neighbour in direction k = corner k+4 of the one in k+1
    assert corner_of(cell, k) == corner_of(neighbour(cell, k), k + 2)
    assert corner_of(cell, k) == corner_of(neighbour(cell, k + 1), k + 4)
    assert corner_of(cell, k)[2] == k % 2  # even corners yellow, odd blue, everywhere


@given(cells, st.integers(0, 5))
def test_cells_around_a_corner_name_it_back(cell: tuple[int, int], k: int) -> None:
    corner = corner_of(cell, k)
    around = cells_around(corner)
    assert len({c for c, _ in around}) == 3
    assert (cell, k) in around
    assert all(corner_of(c, j) == corner for c, j in around)


@given(cells, st.integers(0, 5))
def test_a_side_has_one_name_from_both_cells(cell: tuple[int, int], j: int) -> None:
    other = neighbour(cell, j)
    assert side_of(cell, j) == side_of(other, j + 3)
    assert (cell, j) in cells_of_side(side_of(cell, j)) or (cell, j % 6) in cells_of_side(
        side_of(cell, j)
    )


def test_screen_geometry_matches_the_spec() -> None:
    assert centre((1, 0), 10) == pytest.approx((10 * math.sqrt(3), 0))
    assert centre((0, 1), 10) == pytest.approx((5 * math.sqrt(3), 15))
    # corner 1 is the top (y down on screen), corner 4 the bottom
    assert corner_point((0, 0), 1, 10) == pytest.approx((0, -10))
    assert corner_point((0, 0), 4, 10) == pytest.approx((0, 10))
    # a side midpoint is halfway between two centres
    for j in range(6):
        a, b = centre((0, 0), 2), centre(neighbour((0, 0), j), 2)
        assert side_midpoint((0, 0), j, 2) == pytest.approx(((a[0] + b[0]) / 2, (a[1] + b[1]) / 2))


@given(cells, st.integers(0, 5))
def test_shared_corners_are_the_same_screen_point(cell: tuple[int, int], k: int) -> None:
    for other, j in cells_around(corner_of(cell, k)):
        assert corner_point(other, j) == pytest.approx(corner_point(cell, k), abs=1e-9)


def test_adjacency_and_distance() -> None:
    assert all(are_adjacent((0, 0), d) for d in DIRECTIONS)
    assert not are_adjacent((0, 0), (1, 1))
    assert direction_between((2, 3), (2, 4)) == 5
    with pytest.raises(GeometryError, match="not neighbours"):
        direction_between((0, 0), (2, 0))
    assert distance((0, 0), (2, -1)) == 2
    assert len(disc((0, 0), 2)) == 19
    assert {distance((0, 0), c) for c in disc((0, 0), 3)} == {0, 1, 2, 3}


def test_the_twelve_motions_split_six_and_six() -> None:
    assert len(set(MOTIONS)) == 12
    assert len(CLASS_KEEPING) == len(CLASS_SWAPPING) == 6
    # class-keeping: rotations by 0, 120, 240 degrees and mirrors through opposite corners
    assert {m for m in CLASS_KEEPING if not m.mirror} == {Motion(0), Motion(2), Motion(4)}
    with pytest.raises(GeometryError):
        Motion(6)


@pytest.mark.parametrize("motion", MOTIONS, ids=str)
def test_motions_move_cells_corners_and_sides_consistently(motion: Motion) -> None:
    for cell in disc((0, 0), 3):
        for j in range(6):
            assert motion.cell(neighbour(cell, j)) == neighbour(
                motion.cell(cell), motion.direction(j)
            )
        for k in range(6):
            image = corner_of(motion.cell(cell), motion.corner(k))
            assert motion.corner_point(corner_of(cell, k)) == image
            assert (image[2] == k % 2) == motion.keeps_class
    # distances are kept
    assert all(distance((0, 0), motion.cell(c)) == distance((0, 0), c) for c in disc((0, 0), 3))


@pytest.mark.parametrize("motion", MOTIONS, ids=str)
def test_motions_are_rigid_on_screen(motion: Motion) -> None:
    # the images of the six neighbours keep their angular order (rotation) or reverse it (mirror)
    images = [centre(motion.cell(d)) for d in DIRECTIONS]
    angles = [math.degrees(math.atan2(-y, x)) % 360 for x, y in images]
    step = (angles[1] - angles[0]) % 360
    assert step == pytest.approx(300 if motion.mirror else 60)


@given(cells, st.integers(0, 5))
def test_a_tip_is_a_120_degree_sector_of_half_a_side_between_two_side_midpoints(
    cell: tuple[int, int], k: int
) -> None:
    sector = tip_sector(cell, k, 3.0)
    assert sector.radius == 1.5 and sector.end - sector.start == 120
    cx, cy = sector.centre
    for angle, point in ((sector.start, sector.start_point), (sector.end, sector.end_point)):
        a = math.radians(angle)
        assert (cx + 1.5 * math.cos(a), cy - 1.5 * math.sin(a)) == pytest.approx(point, abs=1e-9)
    # the middle of the arc points at the cell centre
    mid = math.radians((sector.start + sector.end) / 2)
    x, y = centre(cell, 3.0)
    assert math.atan2(-(y - cy), x - cx) == pytest.approx(math.atan2(math.sin(mid), math.cos(mid)))
