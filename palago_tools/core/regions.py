"""Colour regions kept up to date tile by tile, and boundary lines traced on demand.

A region is a set of same-colour board corners joined by straights. :class:`RegionMap` keeps them
in a union-find that grows cheaply as tiles are placed; removing a tile rebuilds only the regions
that touched it. :class:`LineTracer` follows boundary curves from side midpoint to side midpoint
into closed loops and open lines, over one unchanging set of tiles.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cached_property
from typing import Final

from ..errors import GeometryError
from .hexgrid import (
    DIRECTIONS,
    Cell,
    Corner,
    Side,
    cells_around,
    corner_of,
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

_CURVES_AT_CORNER: Final = tuple(
    tuple(_CURVES_AT.get((t, k), ()) for k in range(6)) for t in range(6)
)
"""``_CURVES_AT`` as ``[t][k]`` (empty for the odd t no tile has)."""

# Which curve of a tile with yellow tip t ends at side j, and whether it starts there.
_CURVE_AT_SIDE: Final[dict[tuple[int, int], tuple[int, bool]]] = {}
for _t in (0, 2, 4):
    for _i, _c in enumerate(curves(_t)):
        _CURVE_AT_SIDE[(_t, _c.start)] = (_i, True)
        _CURVE_AT_SIDE[(_t, _c.end)] = (_i, False)

_EXIT: Final = tuple(
    tuple((c.start, c.end) for c in curves(t)) if t % 2 == 0 else () for t in range(6)
)
"""``_EXIT[t][i][forward]``: the side where curve ``i`` of a tile with yellow tip ``t`` is left
when walked forward (its end) or backward (its start)."""
_ENTRY: Final = tuple(
    tuple(_CURVE_AT_SIDE[(t, (j + 3) % 6)] for j in range(6)) if t % 2 == 0 else ()
    for t in range(6)
)
"""``_ENTRY[t][j]``: the curve of a tile with yellow tip ``t`` entered across the side ``j``
of the cell before it, and whether it is walked forward (it starts there)."""


# --- Integer names for cells and corners ------------------------------------------------------
#
# The region map works on small integers rather than tuples: a cell ``q,r`` is ``q·STRIDE + r``
# and a board corner ``(q, r, class)`` is ``2·cell + class``, so a neighbour is an addition, a
# corner of a tile is ``2·cell`` plus a constant, and dictionaries hash plain integers.

STRIDE: Final = 1 << 24
"""The cell key of ``q,r`` is ``q * STRIDE + r``; coordinates stay within ±``STRIDE // 2``."""
_HALF: Final = STRIDE >> 1
LIMIT: Final = _HALF - 1
"""The largest coordinate (in absolute value) the region map takes."""


def cell_key(cell: Cell) -> int:
    """The integer name of ``cell``."""
    q, r = cell
    if not (-_HALF < q < _HALF and -_HALF < r < _HALF):
        raise GeometryError(f"cell {q},{r} is too far out: coordinates go up to ±{LIMIT}")
    return q * STRIDE + r


def key_cell(key: int) -> Cell:
    """The cell named ``key``."""
    q = (key + _HALF) // STRIDE
    return (q, key - q * STRIDE)


def corner_key(corner: Corner) -> int:
    """The integer name of a board corner."""
    q, r, cls = corner
    return 2 * cell_key((q, r)) + cls


def key_corner(key: int) -> Corner:
    """The board corner named ``key``."""
    q, r = key_cell(key >> 1)
    return (q, r, key & 1)


# Corner k of the cell named c is named 2·c + _CORNER_DELTA[k].
_CORNER_DELTA: Final = tuple(
    2 * (q * STRIDE + r) + cls for q, r, cls in map(lambda k: corner_of((0, 0), k), range(6))
)
# The cells around the corner named x: (x >> 1) + delta, with the corner's index k in that cell.
_AROUND: Final = tuple(
    tuple((q * STRIDE + r, k) for (q, r), k in cells_around((0, 0, cls))) for cls in (0, 1)
)
# The two straights of a tile with yellow tip t, as pairs of corner deltas.
_STRAIGHT_DELTAS: Final = {
    t: tuple((_CORNER_DELTA[(t + a) % 6], _CORNER_DELTA[(t + b) % 6]) for a, b in ((2, 4), (1, 5)))
    for t in (0, 2, 4)
}

_AREAS: Final = {
    t: (
        (_CORNER_DELTA[t], _CORNER_DELTA[(t + 3) % 6]),
        _STRAIGHT_DELTAS[t],
    )
    for t in (0, 2, 4)
}
"""For a tile with yellow tip t: the corners (as deltas) of its two tips, each an area alone,
and the two pairs joined by its straights."""


CORNER_CELLS: Final = tuple(
    (d, tuple((d >> 1) + e for e, _k in _AROUND[d & 1] if (d >> 1) + e != 0)) for d in _CORNER_DELTA
)
"""For each corner k of a tile: its name as ``2·cell + delta`` and the other two cells around it
as ``cell + offset`` (cells named by integers; both empty while the corner has no tile)."""

AREA_DELTAS: Final = {t: tuple(_CORNER_DELTA[(t + i) % 6] for i in range(4)) for t in (0, 2, 4)}
"""For a tile with yellow tip t, a corner (as ``2·cell + delta``) in each of its four colour
areas: the yellow tip, the blue straight, the yellow straight and the blue tip."""


class RegionMap:
    """Regions of a set of tiles, updated as single tiles are placed and removed.

    Cells and corners are named by integers (:func:`cell_key`, :func:`corner_key`). Each region
    (keyed by its union-find root) is one list: how many of its corners still have an empty cell
    around them, how many straights join its corners, then the corners themselves — one list
    rather than three dictionaries, because :meth:`add` is the hot path of replay. ``tiles``
    maps cells (as tuples) to yellow tips, ``tips`` the same by cell key; ``cells`` names the
    tiles' cells. ``closing`` tells whether the last :meth:`add` closed a region.
    """

    def __init__(self, tips: dict[Cell, int] | None = None) -> None:
        self.tiles: dict[Cell, int] = {}
        self.tips: dict[int, int] = {}
        self.cells: dict[int, Cell] = {}
        self.closing = False
        self._count: dict[int, int] = {}
        self._parent: dict[int, int] = {}
        self._region: dict[int, list[int]] = {}  # root -> [open corners, straights, *corners]
        for cell, tip in (tips or {}).items():
            self.add(cell, tip)

    # Union-find ----------------------------------------------------------------------------
    def find(self, corner: int) -> int:
        """The root naming ``corner``'s region; the corner must touch a tile."""
        parent = self._parent
        root = corner
        while (up := parent[root]) != root:
            root = up
        while (up := parent[corner]) != root:
            parent[corner] = root
            corner = up
        return root

    def _join(self, a: int, b: int) -> None:
        """Record one straight between corners ``a`` and ``b``."""
        ra, rb = self.find(a), self.find(b)
        region = self._region
        x = region[ra]
        if ra == rb:
            x[1] += 1
            return
        y = region[rb]
        if len(x) < len(y):
            ra, rb, x, y = rb, ra, y, x
        self._parent[rb] = ra
        del region[rb]
        x[0] += y[0]
        x[1] += y[1] + 1
        x += y[2:]

    # Changes -------------------------------------------------------------------------------
    def add(self, cell: Cell, tip: int) -> int:
        """Place a tile with its yellow tip at corner ``tip`` on the empty ``cell``; return the
        cell's key."""
        # The hot path of replay and analysis: cell_key, find and _join are written out here,
        # and a corner this tile is the first to touch joins its area's region without a
        # region of its own first (two new ends of a straight make one region at once).
        q, r = cell
        if not (-_HALF < q < _HALF and -_HALF < r < _HALF):
            cell_key(cell)  # raises the error
        key = q * STRIDE + r
        self.tiles[cell] = tip
        self.tips[key] = tip
        self.cells[key] = cell
        count = self._count
        parent = self._parent
        region = self._region
        base = 2 * key
        closing = False
        singles, straights = _AREAS[tip]
        for delta in singles:  # the tips: areas of one corner
            c = base + delta
            n = count.get(c, 0) + 1
            count[c] = n
            if n == 1:
                parent[c] = c
                region[c] = [1, 0, c]
            elif n == 3:
                while (up := parent[c]) != c:
                    c = up
                x = region[c]
                x[0] -= 1
                if not x[0]:
                    closing = True
        for da, db in straights:  # the straights: areas of two corners
            a = base + da
            b = base + db
            na = count.get(a, 0) + 1
            count[a] = na
            nb = count.get(b, 0) + 1
            count[b] = nb
            if na == 1 or nb == 1:
                if na == nb:  # both new
                    parent[a] = parent[b] = a
                    region[a] = [2, 1, a, b]
                    continue
                if na == 1:  # b's region takes a, which leaves it open
                    new, root = a, b
                    old = nb
                else:
                    new, root = b, a
                    old = na
                while (up := parent[root]) != root:
                    root = up
                parent[new] = root
                x = region[root]
                x[0] += 0 if old == 3 else 1
                x[1] += 1
                x.append(new)
                continue
            ra = a
            while (up := parent[ra]) != ra:
                ra = up
            rb = b
            while (up := parent[rb]) != rb:
                rb = up
            x = region[ra]
            if na == 3:
                x[0] -= 1
            if ra == rb:
                if nb == 3:
                    x[0] -= 1
                x[1] += 1
            else:
                y = region[rb]
                if nb == 3:
                    y[0] -= 1
                if len(x) < len(y):
                    ra, rb, x, y = rb, ra, y, x
                parent[rb] = ra
                del region[rb]
                x[0] += y[0]
                x[1] += y[1] + 1
                x += y[2:]
            if not x[0]:
                closing = True
        # A region closes only when one of its corners gets its third tile: if none did, every
        # area of this tile is still open, and the caller need not look for creatures.
        self.closing = closing
        return key

    def remove(self, cell: Cell) -> None:
        """Take the tile off ``cell`` and rebuild the regions it touched."""
        key = cell_key(cell)
        corners = [2 * key + d for d in _CORNER_DELTA]
        region = self._region
        rebuild: set[int] = set()
        for root in {self.find(c) for c in corners}:
            rebuild.update(region.pop(root)[2:])
        del self.tiles[cell]
        del self.tips[key]
        del self.cells[key]
        count = self._count
        for corner in corners:
            count[corner] -= 1
        for corner in rebuild:
            del self._parent[corner]
        live = [c for c in rebuild if count[c] > 0]
        for corner in rebuild:
            if count[corner] == 0:
                del count[corner]
        for corner in live:
            self._parent[corner] = corner
            region[corner] = [1 if count[corner] < 3 else 0, 0, corner]
        tips = self.tips
        done: set[int] = set()
        for corner in live:
            base = corner >> 1
            for delta, _k in _AROUND[corner & 1]:
                other = base + delta
                tip = tips.get(other)
                if tip is None or other in done:
                    continue
                done.add(other)
                for a, b in _STRAIGHT_DELTAS[tip]:
                    end = 2 * other + a
                    if end in rebuild:  # both ends of a straight share a region
                        self._join(end, 2 * other + b)
        self.closing = False

    # Questions -----------------------------------------------------------------------------
    def roots(self) -> Iterator[int]:
        """One root per region."""
        return iter(self._region)

    def corners(self, root: int) -> list[int]:
        """The corners of the region named ``root``."""
        return self._region[root][2:]

    def is_closed(self, root: int) -> bool:
        """True when every corner of the region has all three cells occupied."""
        return self._region[root][0] == 0

    def straights(self, root: int) -> int:
        """Number of straights joining the region's corners."""
        return self._region[root][1]

    def tiles_at(self, corner: int) -> int:
        """How many of the three cells around ``corner`` hold a tile."""
        return self._count.get(corner, 0)

    def cells_of(self, corners: Iterable[int]) -> set[Cell]:
        """Occupied cells touching any of ``corners``."""
        cells = self.cells
        return {
            cells[key]
            for c in corners
            for d, _k in _AROUND[c & 1]
            if (key := (c >> 1) + d) in cells
        }

    def keys_of(self, corners: Iterable[int]) -> set[int]:
        """The keys of the occupied cells touching any of ``corners``."""
        cells = self.cells
        return {key for c in corners for d, _k in _AROUND[c & 1] if (key := (c >> 1) + d) in cells}

    def empty_cells_at(self, corners: Iterable[int]) -> set[Cell]:
        """Empty cells touching any of ``corners``."""
        return {key_cell(k) for k in self.empty_keys_at(corners)}

    def empty_keys_at(self, corners: Iterable[int]) -> set[int]:
        """The keys of the empty cells touching any of ``corners``."""
        cells = self.cells
        keys = {(c >> 1) + d for c in corners for d, _k in _AROUND[c & 1]}
        return {k for k in keys if k not in cells}

    def degree(self, corner: int) -> int:
        """Number of straights that end at ``corner``."""
        tips = self.tips
        base = corner >> 1
        return sum(
            1
            for d, k in _AROUND[corner & 1]
            if (tip := tips.get(base + d)) is not None and not is_tip(tip, k)
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

    @cached_property
    def refs(self) -> frozenset[CurveRef]:
        """The curves of the line, as ``(cell, index)`` (made when first asked: most lines
        traced are never asked)."""
        return frozenset((c, i) for c, i, _f in self.curves)

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
    """Traces boundary lines over fixed tiles, each line once.

    ``regions``, when given, must hold the same tiles: its integer names of cells are used to
    find the lines around corners named by integers.
    """

    def __init__(self, tiles: dict[Cell, int], regions: RegionMap | None = None) -> None:
        self.tiles = tiles
        self._line_of: dict[CurveRef, Line] = {}
        if regions is None:
            regions = RegionMap(tiles)
        self._tips = regions.tips
        self._cells = regions.cells

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

    def lines_around(self, corners: Iterable[int]) -> list[Line]:
        """The lines that border the colour areas holding ``corners`` (named by integers)."""
        tips = self._tips
        cells = self._cells
        line_of = self._line_of
        seen: set[int] = set()
        result: list[Line] = []
        for corner in corners:
            base = corner >> 1
            for delta, k in _AROUND[corner & 1]:
                key = base + delta
                tip = tips.get(key)
                if tip is None:
                    continue
                cell = cells[key]
                for index in _CURVES_AT_CORNER[tip][k]:
                    line = line_of.get((cell, index)) or self.line(cell, index)
                    if id(line) not in seen:
                        seen.add(id(line))
                        result.append(line)
        return result

    def _walk(
        self, cell: Cell, index: int, forward: bool
    ) -> tuple[list[tuple[Cell, int, bool]], Side | None]:
        """Follow curves from the given one in its walking direction; stop at an empty cell
        (returning its side) or on coming back to the start (returning ``None``)."""
        tiles = self.tiles
        path = [(cell, index, forward)]
        start = (cell, index)
        tip = tiles[cell]
        q, r = cell
        while True:
            side = _EXIT[tip][index][forward]
            dq, dr = DIRECTIONS[side]
            nxt = (q + dq, r + dr)
            their = tiles.get(nxt)
            if their is None:
                return path, side_of((q, r), side)
            index, forward = _ENTRY[their][side]
            tip = their
            q, r = nxt
            if nxt == start[0] and index == start[1]:
                return path, None
            path.append((nxt, index, forward))

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
            for (q, r), i, f in path:
                dq, dr = DIRECTIONS[_EXIT[tiles[(q, r)]][i][not f]]  # where the curve starts
                # The side's midpoint in an integer lattice, X = 2(2q + r) + 2dq + dr and
                # Y = -(2r + dr): a linear image of the plane with a positive determinant, so the
                # signed area has the true sign.
                points.append((2 * (2 * q + r) + 2 * dq + dr, -(2 * r + dr)))
            x0, y0 = points[-1]
            for x1, y1 in points:
                area2 += x0 * y1 - x1 * y0
                x0, y0 = x1, y1
        return Line(
            curves=tuple(path),
            closed=end is None,
            left=corner_of(first_cell, left),
            right=corner_of(first_cell, right),
            area2=area2,
            ends=ends,
        )
