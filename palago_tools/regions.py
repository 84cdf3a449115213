"""Colour regions kept up to date tile by tile, and boundary lines traced on demand.

A region is a set of same-colour board corners joined by straights. :class:`RegionMap` keeps them
in a union-find that grows cheaply as tiles are placed; removing a tile rebuilds only the regions
that touched it. :class:`LineTracer` follows boundary curves from side midpoint to side midpoint
into closed loops and open lines, over one unchanging set of tiles.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Final

from .hexgrid import (
    DIRECTIONS,
    Cell,
    Corner,
    Side,
    cells_around,
    corner_of,
    side_midpoint_lattice,
    side_of,
)
from .tiles import curves, is_tip

CurveRef = tuple[Cell, int]
"""A boundary curve: the cell of its tile and its index 0..2 (see :func:`tiles.curves`)."""

# For a tile with yellow tip t, the curves that border the colour area holding corner k.
_CURVES_AT: Final[dict[tuple[int, int], tuple[int, ...]]] = {}
for _t in (0, 2, 4):
    for _k in range(6):
        _area = {_t: "yt", (_t + 3) % 6: "bt", (_t + 2) % 6: "ys", (_t + 4) % 6: "ys"}.get(_k, "bs")
        _CURVES_AT[(_t, _k)] = {"yt": (0,), "bt": (2,), "ys": (1, 2), "bs": (0, 1)}[_area]

# Which curve of a tile with yellow tip t ends at side j, and whether it starts there.
_CURVE_AT_SIDE: Final[dict[tuple[int, int], tuple[int, bool]]] = {}
for _t in (0, 2, 4):
    for _i, _c in enumerate(curves(_t)):
        _CURVE_AT_SIDE[(_t, _c.start)] = (_i, True)
        _CURVE_AT_SIDE[(_t, _c.end)] = (_i, False)


class RegionMap:
    """Regions of a set of tiles, updated as single tiles are placed and removed.

    Per region (keyed by its union-find root) it keeps its corners, how many of them still have
    an empty cell around them (``open_corners``) and how many straights join them.
    """

    def __init__(self, tips: dict[Cell, int] | None = None) -> None:
        self.tiles: dict[Cell, int] = {}
        self._count: dict[Corner, int] = {}
        self._parent: dict[Corner, Corner] = {}
        self._members: dict[Corner, list[Corner]] = {}
        self._open: dict[Corner, int] = {}
        self._straights: dict[Corner, int] = {}
        for cell, tip in (tips or {}).items():
            self.add(cell, tip)

    # Union-find ----------------------------------------------------------------------------
    def find(self, corner: Corner) -> Corner:
        """The root naming ``corner``'s region; the corner must touch a tile."""
        parent = self._parent
        root = corner
        while parent[root] != root:
            root = parent[root]
        while parent[corner] != root:
            parent[corner], corner = root, parent[corner]
        return root

    def _join(self, a: Corner, b: Corner) -> None:
        """Record one straight between corners ``a`` and ``b``."""
        ra, rb = self.find(a), self.find(b)
        if ra == rb:
            self._straights[ra] += 1
            return
        if len(self._members[ra]) < len(self._members[rb]):
            ra, rb = rb, ra
        self._parent[rb] = ra
        self._members[ra].extend(self._members.pop(rb))
        self._open[ra] += self._open.pop(rb)
        self._straights[ra] += self._straights.pop(rb) + 1

    def _new_singleton(self, corner: Corner, count: int) -> None:
        self._parent[corner] = corner
        self._members[corner] = [corner]
        self._open[corner] = 1 if count < 3 else 0
        self._straights[corner] = 0

    # Changes -------------------------------------------------------------------------------
    def add(self, cell: Cell, tip: int) -> None:
        """Place a tile with its yellow tip at corner ``tip`` on the empty ``cell``."""
        self.tiles[cell] = tip
        count = self._count
        for k in range(6):
            corner = corner_of(cell, k)
            n = count.get(corner, 0) + 1
            count[corner] = n
            if n == 1:
                self._new_singleton(corner, 1)
            elif n == 3:
                self._open[self.find(corner)] -= 1
        self._join(corner_of(cell, tip + 2), corner_of(cell, tip + 4))
        self._join(corner_of(cell, tip + 1), corner_of(cell, tip + 5))

    def remove(self, cell: Cell) -> None:
        """Take the tile off ``cell`` and rebuild the regions it touched."""
        corners = [corner_of(cell, k) for k in range(6)]
        rebuild: set[Corner] = set()
        for root in {self.find(c) for c in corners}:
            rebuild.update(self._members.pop(root))
            del self._open[root], self._straights[root]
        del self.tiles[cell]
        for corner in corners:
            self._count[corner] -= 1
        for corner in rebuild:
            del self._parent[corner]
        live = [c for c in rebuild if self._count[c] > 0]
        for corner in rebuild:
            if self._count[corner] == 0:
                del self._count[corner]
        for corner in live:
            self._new_singleton(corner, self._count[corner])
        done: set[Cell] = set()
        for corner in live:
            for other, _k in cells_around(corner):
                tip = self.tiles.get(other)
                if tip is None or other in done:
                    continue
                done.add(other)
                for a, b in ((tip + 2, tip + 4), (tip + 1, tip + 5)):
                    end = corner_of(other, a)
                    if end in rebuild:  # both ends of a straight share a region
                        self._join(end, corner_of(other, b))

    # Questions -----------------------------------------------------------------------------
    def roots(self) -> Iterator[Corner]:
        """One root per region."""
        return iter(self._members)

    def corners(self, root: Corner) -> list[Corner]:
        """The corners of the region named ``root``."""
        return self._members[root]

    def is_closed(self, root: Corner) -> bool:
        """True when every corner of the region has all three cells occupied."""
        return self._open[root] == 0

    def straights(self, root: Corner) -> int:
        """Number of straights joining the region's corners."""
        return self._straights[root]

    def tiles_at(self, corner: Corner) -> int:
        """How many of the three cells around ``corner`` hold a tile."""
        return self._count.get(corner, 0)

    def cells_of(self, corners: Iterable[Corner]) -> set[Cell]:
        """Occupied cells touching any of ``corners``."""
        tiles = self.tiles
        return {cell for c in corners for cell, _k in cells_around(c) if cell in tiles}

    def empty_cells_at(self, corners: Iterable[Corner]) -> set[Cell]:
        """Empty cells touching any of ``corners``."""
        tiles = self.tiles
        return {cell for c in corners for cell, _k in cells_around(c) if cell not in tiles}

    def degree(self, corner: Corner) -> int:
        """Number of straights that end at ``corner``."""
        tiles = self.tiles
        return sum(
            1 for cell, k in cells_around(corner) if cell in tiles and not is_tip(tiles[cell], k)
        )


@dataclass(frozen=True, eq=False)
class Line:
    """A chain of boundary curves: a closed loop, or an open line ending at two empty cells.

    ``curves`` are walked in order, each as ``(cell, index, forward)``. ``left`` and ``right``
    are corners in the colour areas on each hand of the walker (the same all along the line).
    ``area2`` is twice the signed lattice area of a loop (positive: counter-clockwise, so the
    inside is on the left); 0 for an open line. ``ends`` are the sides where an open line stops.
    """

    curves: tuple[tuple[Cell, int, bool], ...]
    closed: bool
    left: Corner
    right: Corner
    area2: int
    ends: tuple[Side, ...]
    refs: frozenset[CurveRef] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "refs", frozenset((c, i) for c, i, _f in self.curves))

    @property
    def inside(self) -> Corner:
        """A corner of the region the loop encloses directly (loops only)."""
        return self.left if self.area2 > 0 else self.right

    @property
    def outside(self) -> Corner:
        """A corner of the region just outside the loop (loops only)."""
        return self.right if self.area2 > 0 else self.left

    def cells(self) -> list[Cell]:
        """Cells the line passes through, in order."""
        return [cell for cell, _i, _f in self.curves]

    def __contains__(self, ref: object) -> bool:
        return ref in self.refs


class LineTracer:
    """Traces boundary lines over fixed tiles, each line once."""

    def __init__(self, tiles: dict[Cell, int]) -> None:
        self.tiles = tiles
        self._line_of: dict[CurveRef, Line] = {}

    def line(self, cell: Cell, index: int) -> Line:
        """The line through curve ``index`` of the tile on ``cell``."""
        found = self._line_of.get((cell, index))
        if found is None:
            found = self._trace(cell, index)
            for c, i, _f in found.curves:
                self._line_of[(c, i)] = found
        return found

    def all_lines(self) -> list[Line]:
        """Every line of the tiles, each once."""
        seen: set[int] = set()
        result: list[Line] = []
        for cell in self.tiles:
            for index in (0, 1, 2):
                line = self.line(cell, index)
                if id(line) not in seen:
                    seen.add(id(line))
                    result.append(line)
        return result

    def lines_around(self, corners: Iterable[Corner]) -> list[Line]:
        """The lines that border the colour areas holding ``corners``."""
        tiles = self.tiles
        seen: set[int] = set()
        result: list[Line] = []
        for corner in corners:
            for cell, k in cells_around(corner):
                tip = tiles.get(cell)
                if tip is None:
                    continue
                for index in _CURVES_AT[(tip, k)]:
                    line = self.line(cell, index)
                    if id(line) not in seen:
                        seen.add(id(line))
                        result.append(line)
        return result

    def _walk(self, cell: Cell, index: int, forward: bool) -> tuple[list[tuple[Cell, int, bool]], Side | None]:
        """Follow curves from the given one in its walking direction; stop at an empty cell
        (returning its side) or on coming back to the start (returning ``None``)."""
        tiles = self.tiles
        path = [(cell, index, forward)]
        start = (cell, index)
        while True:
            curve = curves(tiles[cell])[index]
            side = curve.end if forward else curve.start
            dq, dr = DIRECTIONS[side]
            nxt = (cell[0] + dq, cell[1] + dr)
            tip = tiles.get(nxt)
            if tip is None:
                return path, side_of(cell, side)
            index, forward = _CURVE_AT_SIDE[(tip, (side + 3) % 6)]
            cell = nxt
            if (cell, index) == start:
                return path, None
            path.append((cell, index, forward))

    def _trace(self, cell: Cell, index: int) -> Line:
        tiles = self.tiles
        path, end = self._walk(cell, index, True)
        ends: tuple[Side, ...] = ()
        if end is not None:
            back, other_end = self._walk(cell, index, False)
            assert other_end is not None
            path = [(c, i, not f) for c, i, f in reversed(back[1:])] + path
            ends = (other_end, end)
        first_cell, first_index, first_forward = path[0]
        first = curves(tiles[first_cell])[first_index]
        left, right = (first.left, first.right) if first_forward else (first.right, first.left)
        area2 = 0
        if end is None:
            points = []
            for c, i, f in path:
                curve = curves(tiles[c])[i]
                points.append(side_midpoint_lattice(c, curve.start if f else curve.end))
            n = len(points)
            for a in range(n):
                x0, y0 = points[a]
                x1, y1 = points[(a + 1) % n]
                area2 += x0 * y1 - x1 * y0
        return Line(
            curves=tuple(path),
            closed=end is None,
            left=corner_of(first_cell, left),
            right=corner_of(first_cell, right),
            area2=area2,
            ends=ends,
        )
