"""The region map's union-find against regions worked out from scratch.

The referee joins corners (as tuples, by :func:`hexgrid.corner_of`) along each tile's straights
as :func:`tiles.straight_corners` names them, and counts open corners with
:func:`hexgrid.cells_around`: none of the region map's integer tables. Tiles are laid and lifted
at random; after each step every region must be the same (its corners, open corners and
straights), and a tile that closes a region must say so (``closing``).
"""

from __future__ import annotations

import random

import pytest

from palago_tools.core.hexgrid import Cell, Corner, cells_around, corner_of, neighbours
from palago_tools.core.regions import RegionMap, corner_key
from palago_tools.core.tiles import Colour, straight_corners

Region = tuple[frozenset[Corner], int, int]
"""A region's corners, its open corners and its straights."""


def regions_from_scratch(tips: dict[Cell, int]) -> set[Region]:
    """Every region of the tiles ``tips`` (cell -> yellow tip), by a plain union-find."""
    parent: dict[Corner, Corner] = {}

    def find(corner: Corner) -> Corner:
        while parent[corner] != corner:
            corner = parent[corner]
        return corner

    straights: list[tuple[Corner, Corner]] = []
    for cell, tip in tips.items():
        for k in range(6):
            corner = corner_of(cell, k)
            parent.setdefault(corner, corner)
        for colour in Colour:
            j, k = straight_corners(tip, colour)
            straights.append((corner_of(cell, j), corner_of(cell, k)))
    for one, other in straights:
        parent[find(one)] = find(other)
    members: dict[Corner, set[Corner]] = {}
    for corner in parent:
        members.setdefault(find(corner), set()).add(corner)
    joins: dict[Corner, int] = {}
    for one, _other in straights:
        joins[find(one)] = joins.get(find(one), 0) + 1
    found: set[Region] = set()
    for root, corners in members.items():
        open_corners = sum(
            1 for c in corners if any(cell not in tips for cell, _k in cells_around(c))
        )
        found.add((frozenset(corners), open_corners, joins.get(root, 0)))
    return found


def regions_of(regions: RegionMap) -> set[Region]:
    """The region map's regions, with corners as tuples."""
    by_key = {
        corner_key(corner_of(cell, k)): corner_of(cell, k)
        for cell in regions.tiles
        for k in range(6)
    }
    return {
        (
            frozenset(by_key[c] for c in regions.corners(root)),
            sum(1 for c in regions.corners(root) if regions.tiles_at(c) < 3),
            regions.straights(root),
        )
        for root in regions.roots()
    }


def closed(found: set[Region]) -> set[frozenset[Corner]]:
    return {corners for corners, open_corners, _ in found if open_corners == 0}


@pytest.mark.parametrize("seed", range(12))
def test_the_regions_are_those_worked_out_from_scratch(seed: int) -> None:
    rng = random.Random(seed)
    regions = RegionMap()
    tips: dict[Cell, int] = {}
    closings = 0
    for _step in range(90):
        if tips and rng.random() < 0.25:
            cell = rng.choice(sorted(tips))
            regions.remove(cell)
            del tips[cell]
        else:
            frontier = sorted({n for c in tips for n in neighbours(c) if n not in tips} or {(0, 0)})
            # Cells with many neighbours first now and then, so that regions close.
            frontier.sort(key=lambda c: -sum(n in tips for n in neighbours(c)))
            cell = frontier[0] if rng.random() < 0.4 else rng.choice(frontier)
            before = closed(regions_from_scratch(tips))
            tip = rng.choice((0, 2, 4))
            regions.add(cell, tip)
            tips[cell] = tip
            if closed(regions_from_scratch(tips)) - before:
                assert regions.closing, (seed, cell, tip)
                closings += 1
        assert regions_of(regions) == regions_from_scratch(tips)
        for root in regions.roots():
            assert regions.is_closed(root) == all(
                regions.tiles_at(c) == 3 for c in regions.corners(root)
            )
    assert closings, "no region closed: the walk tests nothing of closing"
