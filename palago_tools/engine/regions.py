"""The regions of a position under search, kept by a union-find that takes tiles back in the
order they were laid, at the cost of laying them.

:class:`~palago_tools.core.regions.RegionMap` rebuilds the regions a removed tile touched, which
is right for play but costs a search dearly: the region around a tactical cell is often the
large open one. Here every change a tile makes is written to a log and undone in reverse, so an
unmake costs what the make did (a few dozen dictionary steps). There is no path compression
(it could not be undone); union by size keeps every find short.

Corners are named by integers as in :mod:`palago_tools.core.regions` (``2·cell_key + class``).
A region is one list: ``[open corners, straights, corner list]``, keyed by its root. Invariant:
a corner is open while fewer than three tiles lie around it, and a region's first field counts
its open corners; a region closes when that count reaches zero.
"""

from __future__ import annotations

from typing import Any, Final

from ..core.hexgrid import Cell, cells_around, corner_of
from ..core.regions import STRIDE, key_cell
from ..core.tiles import Colour, straight_corners

_CORNER_DELTA: Final = tuple(
    2 * (q * STRIDE + r) + cls for q, r, cls in (corner_of((0, 0), k) for k in range(6))
)
_AROUND: Final = tuple(
    tuple(q * STRIDE + r for (q, r), _k in cells_around((0, 0, cls))) for cls in (0, 1)
)
_STRAIGHTS: Final = {
    t: tuple(
        (_CORNER_DELTA[a], _CORNER_DELTA[b])
        for a, b in (straight_corners(t, Colour.YELLOW), straight_corners(t, Colour.BLUE))
    )
    for t in (0, 2, 4)
}

# Log entries: (kind, root, other root, corners before, open before, straights before),
# undone in reverse order of the make.
_NEW, _CLOSE_CORNER, _LOOP, _UNION = 0, 1, 2, 3

Region = list[Any]
"""``[open corners, straights, corners]``."""


class UndoableRegions:
    """Regions of the laid tiles, with :meth:`add` and :meth:`undo` of the last tile."""

    def __init__(self) -> None:
        self.count: dict[int, int] = {}
        """Corner → how many tiles lie around it (1 to 3)."""
        self.parent: dict[int, int] = {}
        self.region: dict[int, Region] = {}
        """Root → ``[open corners, straights, corners]``."""
        self.cells: set[int] = set()
        self._logs: list[list[tuple[int, int, int, int, int, int]]] = []

    def find(self, corner: int) -> int:
        parent = self.parent
        while (up := parent[corner]) != corner:
            corner = up
        return corner

    def add(self, cell: Cell, tip: int) -> bool:
        """Lay a tile (its yellow tip at corner ``tip``) on the empty ``cell``; return whether a
        region with a straight closed (only then can a creature have been completed)."""
        q, r = cell
        key = q * STRIDE + r
        self.cells.add(key)
        log: list[tuple[int, int, int, int, int, int]] = []
        count, parent, region = self.count, self.parent, self.region
        base = 2 * key
        closing = False
        for delta in _CORNER_DELTA:
            corner = base + delta
            n = count.get(corner, 0) + 1
            count[corner] = n
            if n == 1:
                parent[corner] = corner
                region[corner] = [1, 0, [corner]]
                log.append((_NEW, corner, 0, 0, 0, 0))
            elif n == 3:
                root = self.find(corner)
                x = region[root]
                x[0] -= 1
                log.append((_CLOSE_CORNER, root, 0, 0, 0, 0))
                closing = closing or not x[0]
        for a, b in _STRAIGHTS[tip]:
            ra, rb = self.find(base + a), self.find(base + b)
            if ra == rb:
                region[ra][1] += 1
                log.append((_LOOP, ra, 0, 0, 0, 0))
                continue
            x, y = region[ra], region[rb]
            if len(x[2]) < len(y[2]):
                ra, rb, x, y = rb, ra, y, x
            log.append((_UNION, ra, rb, len(x[2]), x[0], x[1]))
            parent[rb] = ra
            del region[rb]
            x[0] += y[0]
            x[1] += y[1] + 1
            x[2].extend(y[2])
            closing = closing or not x[0]
        self._logs.append(log)
        if closing:  # a closed region of tips alone (an eye) holds no creature
            closing = any(not (x := region[self.find(base + d)])[0] and x[1] for d in _CORNER_DELTA)
        return closing

    def undo(self, cell: Cell) -> None:
        """Take back the last tile laid (on ``cell``)."""
        q, r = cell
        key = q * STRIDE + r
        self.cells.discard(key)
        count, parent, region = self.count, self.parent, self.region
        for kind, a, b, c, d, e in reversed(self._logs.pop()):
            if kind == _UNION:
                x = region[a]
                y: Region = [x[0] - d, x[1] - e - 1, x[2][c:]]
                del x[2][c:]
                x[0], x[1] = d, e
                region[b] = y
                parent[b] = b
            elif kind == _LOOP:
                region[a][1] -= 1
            elif kind == _CLOSE_CORNER:
                region[a][0] += 1
            else:
                del region[a]
                del parent[a]
        base = 2 * key
        for delta in _CORNER_DELTA:
            corner = base + delta
            n = count[corner] - 1
            if n:
                count[corner] = n
            else:
                del count[corner]

    def may_close(self, cell: Cell) -> bool:
        """False when a tile on the empty ``cell`` cannot close any region (whatever its
        orientation): a region closes only if every open corner it has lies around the cell,
        each with two tiles already."""
        q, r = cell
        base = 2 * (q * STRIDE + r)
        count, region = self.count, self.region
        tally: dict[int, int] = {}
        for delta in _CORNER_DELTA:
            corner = base + delta
            if count.get(corner, 0) == 2:
                root = self.find(corner)
                tally[root] = tally.get(root, 0) + 1
        return any(region[root][0] == k for root, k in tally.items())

    def closed_classes(self, cell: Cell) -> set[int]:
        """The colour classes of the closed regions with a straight at the corners of the tile
        on ``cell``."""
        q, r = cell
        base = 2 * (q * STRIDE + r)
        region = self.region
        found: set[int] = set()
        for delta in _CORNER_DELTA:
            root = self.find(base + delta)
            x = region[root]
            if not x[0] and x[1]:
                found.add(root & 1)
        return found

    def open_regions(self) -> list[tuple[int, Region]]:
        """Every open region, as (root, record)."""
        return [(root, x) for root, x in self.region.items() if x[0]]

    def gaps(self, x: Region, limit: int | None = None) -> frozenset[Cell] | None:
        """The empty cells around the open corners of region ``x``; ``None`` as soon as there
        are more than ``limit``."""
        count, cells = self.count, self.cells
        if limit is not None and x[0] > 3 * limit:
            return None  # a region has at most three corners around one cell
        found: set[int] = set()
        for corner in x[2]:
            if count[corner] < 3:
                base = corner >> 1
                for delta in _AROUND[corner & 1]:
                    if base + delta not in cells:
                        found.add(base + delta)
                if limit is not None and len(found) > limit:
                    return None
        return frozenset(key_cell(k) for k in found)
