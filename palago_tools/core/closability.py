"""The closability index: the regions of a position with the empty cells each still needs, kept
tile by tile, and the last tile laid taken back as cheaply as it was laid.

A region closes when every one of its corners has its three cells occupied (model section 3), so
the empty cells around its corners, its **gap cells**, are exactly the cells that tiles must
fill to close it. :class:`ClosabilityIndex` keeps them in the union-find of
:class:`~palago_tools.core.regions.RegionMap`: a new corner brings its two empty cells, a filled
cell leaves the gaps of every region around it (those regions all have a corner of the new
tile), and joined regions join their gaps. :meth:`ClosabilityIndex.undo` reverses one
:meth:`~ClosabilityIndex.add` from what it recorded, in the same time, so a search lays and takes
back tiles (make/unmake) without rebuilding anything. From the index, without laying anything:
which orientations of a tile on a cell close a region (:meth:`~ClosabilityIndex.closing_tips`),
which of two tiles on neighbouring cells do (:meth:`~ClosabilityIndex.closing_pairs`), and the
regions one or two tiles short of closing (:meth:`~ClosabilityIndex.spots`).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from ..errors import ArgumentError
from .hexgrid import Cell
from .regions import (
    _AROUND,
    _CORNER_DELTA,
    _HALF,
    _STRAIGHT_DELTAS,
    CORNER_CELLS,
    STRIDE,
    RegionMap,
    cell_key,
)

_Join = tuple[int, int, list[int], list[int], int, set[int], set[int], set[int]]
"""One union of :meth:`ClosabilityIndex.add`: the kept and the joined root, their region lists,
the kept list's length before, the kept and the joined gap sets, and the gaps the join added."""


_Laid = tuple[Cell, int, list[int], list[int], list[list[int]], list[_Join], list[list[int]]]
"""What one :meth:`ClosabilityIndex.add` changed, to be undone (a plain tuple: made at every
tile a search lays): the cell and its key, the corners the tile brought, the roots whose gaps
lost the cell, the regions that have one open corner fewer, the unions, and the regions whose
straight joined two corners they held already."""


class ClosabilityIndex(RegionMap):
    """A :class:`RegionMap` that also keeps the gap cells of every region and can undo.

    Cells are named by integers (:func:`~palago_tools.core.regions.cell_key`). ``find`` does no
    path compression here, so that :meth:`undo` can split joined regions again; union by size
    keeps the trees shallow. :meth:`remove` of the last tile laid is :meth:`undo`; of another
    tile, the rebuild of :class:`RegionMap` and the gaps of the rebuilt regions computed again.
    """

    def __init__(self, tips: dict[Cell, int] | None = None, *, building: bool = False) -> None:
        self._gaps: dict[int, set[int]] = {}
        self._trail: list[_Laid] = []
        self._building = True
        super().__init__(tips)
        if not building:
            self.built()

    def built(self) -> None:
        """End the building (``building=True``): tiles laid so far went in as a plain
        :class:`RegionMap` takes them, and their gaps are found now, region by region; they
        are not undone, later tiles are."""
        if self._building:
            self._building = False
            cells = self.cells
            count = self._count
            gaps = self._gaps = {}
            for root, region in self._region.items():
                found: set[int] = set()
                if region[0]:  # a closed region needs no cell
                    for corner in region[2:]:
                        if count[corner] < 3:
                            base = corner >> 1
                            for delta, _k in _AROUND[corner & 1]:
                                if base + delta not in cells:
                                    found.add(base + delta)
                gaps[root] = found

    def find(self, corner: int) -> int:
        """The root naming ``corner``'s region (no path compression: see the class)."""
        parent = self._parent
        while (up := parent[corner]) != corner:
            corner = up
        return corner

    def add(self, cell: Cell, tip: int) -> int:
        """Lay a tile (see :meth:`RegionMap.add`), keeping the gaps and what changed."""
        if self._building:
            return RegionMap.add(self, cell, tip)
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
        gaps = self._gaps
        base = 2 * key
        closing = False
        fresh: list[int] = []
        lost: list[int] = []
        shut: list[list[int]] = []
        for delta, (c1, c2) in CORNER_CELLS:
            corner = base + delta
            n = count.get(corner, 0) + 1
            count[corner] = n
            if n == 1:
                parent[corner] = corner
                region[corner] = [1, 0, corner]
                gaps[corner] = {key + c1, key + c2}
                fresh.append(corner)
                continue
            while (up := parent[corner]) != corner:
                corner = up
            found = gaps[corner]
            if key in found:
                found.discard(key)
                lost.append(corner)
            if n == 3:
                x = region[corner]
                x[0] -= 1
                shut.append(x)
                closing = closing or not x[0]
        joins: list[_Join] = []
        loops: list[list[int]] = []
        for a, b in _STRAIGHT_DELTAS[tip]:
            ra = base + a
            while (up := parent[ra]) != ra:
                ra = up
            rb = base + b
            while (up := parent[rb]) != rb:
                rb = up
            x = region[ra]
            if ra == rb:
                x[1] += 1
                loops.append(x)
                continue
            y = region[rb]
            if len(x) < len(y):
                ra, rb, x, y = rb, ra, y, x
            parent[rb] = ra
            del region[rb]
            size = len(x)
            x[0] += y[0]
            x[1] += y[1] + 1
            x += y[2:]
            kept, joined = gaps[ra], gaps.pop(rb)
            added = joined - kept
            kept |= added
            joins.append((ra, rb, x, y, size, kept, joined, added))
        self.closing = closing
        self._trail.append((cell, key, fresh, lost, shut, joins, loops))
        return key

    def undo(self) -> Cell:
        """Take back the last tile laid, undoing exactly what :meth:`add` did; return its cell."""
        cell, key, fresh, lost, shut, joins, loops = self._trail.pop()
        gaps = self._gaps
        parent = self._parent
        region = self._region
        for _ra, rb, x, y, size, kept, joined, added in reversed(joins):
            parent[rb] = rb
            region[rb] = y
            del x[size:]
            x[0] -= y[0]
            x[1] -= y[1] + 1
            kept -= added
            gaps[rb] = joined
        for x in loops:
            x[1] -= 1
        for x in shut:
            x[0] += 1
        for root in lost:
            gaps[root].add(key)
        count = self._count
        base = 2 * key
        for delta in _CORNER_DELTA:
            count[base + delta] -= 1
        for corner in fresh:
            del count[corner], parent[corner], region[corner], gaps[corner]
        del self.tiles[cell], self.tips[key], self.cells[key]
        self.closing = False
        return cell

    def remove(self, cell: Cell) -> None:
        """Take the tile off ``cell``: :meth:`undo` when it is the last one laid, else the
        rebuild of :meth:`RegionMap.remove` (after which earlier tiles are removed that way)."""
        trail = self._trail
        if trail and trail[-1][0] == cell:
            self.undo()
            return
        trail.clear()
        base = 2 * cell_key(cell)
        corners = [base + d for d in _CORNER_DELTA]
        gaps = self._gaps
        for root in {self.find(c) for c in corners if c in self._parent}:
            del gaps[root]
        super().remove(cell)
        for root in {self.find(c) for c in corners if c in self._parent}:
            gaps[root] = self.empty_keys_at(self.corners(root))

    # Questions ---------------------------------------------------------------------------
    def gaps(self, root: int) -> set[int]:
        """The gap cells (cell keys) of the region named ``root`` (live: do not modify)."""
        return self._gaps[root]

    def open_regions(self) -> Iterator[tuple[int, set[int]]]:
        """``(root, gap cells)`` of every open region (live: do not modify)."""
        return ((root, found) for root, found in self._gaps.items() if found)

    def spots(self) -> Iterator[tuple[int, set[int]]]:
        """``(root, gap cells)`` of the regions one tile or two touching tiles may close: one
        gap cell, or two that are neighbours."""
        for root, found in self._gaps.items():
            n = len(found)
            if n == 1:
                yield root, found
            elif n == 2:
                a, b = found
                if (a - b) in _NEIGHBOUR_KEYS:
                    yield root, found

    def spot_cells(self) -> tuple[set[int], list[tuple[int, int]]]:
        """The gap cells of the :meth:`spots`, in one pass: every one-cell spot's cell, and the
        two cells of each two-cell spot (in the order its gap set holds them)."""
        singles: set[int] = set()
        pairs: list[tuple[int, int]] = []
        for found in self._gaps.values():
            n = len(found)
            if n == 1:
                singles |= found
            elif n == 2:
                a, b = found
                if (a - b) in _NEIGHBOUR_KEYS:
                    pairs.append((a, b))
        return singles, pairs

    def needing(self, key: int) -> set[int]:
        """The roots of the regions that need the empty cell named ``key`` (it is among their
        gap cells): the regions of the corners around it that touch a tile."""
        count = self._count
        parent = self._parent
        base = 2 * key
        roots: set[int] = set()
        for delta in _CORNER_DELTA:
            corner = base + delta
            if corner in count:
                while (up := parent[corner]) != corner:
                    corner = up
                roots.add(corner)
        return roots

    def may_close_after(self, first: int, key: int) -> bool:
        """Whether two tiles, on the empty neighbours named ``first`` and ``key``, could close
        a region at ``key`` (a quick test before laying them, in either order). The closed
        region would hold a region of now that needs no cells but these two and has a corner
        around ``key``; every corner of that region around the two cells must then get its
        third tile from them."""
        count = self._count
        parent = self._parent
        gaps = self._gaps
        at_first = {2 * first + d for d in _CORNER_DELTA}
        at_key = {2 * key + d for d in _CORNER_DELTA}
        both = {first, key}
        for root in self.needing(key):
            if not gaps[root] <= both:
                continue
            for corner in at_first | at_key:
                n = count.get(corner)
                if n is None:
                    continue
                top = corner
                while (up := parent[top]) != top:
                    top = up
                if top == root and n + (corner in at_first) + (corner in at_key) != 3:
                    break
            else:
                return True
        return False

    def closing_tips(self, key: int) -> tuple[int, ...]:
        """The yellow tips with which a tile on the empty cell named ``key`` would close a
        region with a straight, from the index alone (closing only an eye, three tips around a
        corner, completes nothing: the tile's other areas stay open, so the loop around any
        region enclosing the tile holds their empty gap cells).

        The tile joins each of its corners to the corners its area there reaches: a tip corner
        alone, a straight's two ends together, and both areas of one colour when a region
        already holds a corner of each. The region so made is closed exactly when each of
        those corners already has two tiles (the third is this one) and each region holding
        them needs no other cell than this one. A corner with no tile yet leaves two empty cells
        around it and cannot be closed. So no orientation closes anything unless some corner of
        the cell has two tiles and a region needing only this cell.
        """
        gaps = self._gaps
        count = self._count
        parent = self._parent
        base = 2 * key
        roots: list[int | None] = []  # per corner: its region's root, None without a tile
        ready: list[bool] = []  # per corner: two tiles, and its region needs only this cell
        for delta in _CORNER_DELTA:
            corner = base + delta
            n = count.get(corner, 0)
            if not n:
                roots.append(None)
                ready.append(False)
                continue
            while (up := parent[corner]) != corner:
                corner = up
            roots.append(corner)
            ready.append(n == 2 and len(gaps[corner]) == 1)
        if True not in ready:
            return ()
        region = self._region
        eyes = [r is not None and ready[k] and region[r][1] == 0 for k, r in enumerate(roots)]
        return tuple(
            t
            for t in (0, 2, 4)
            if _closes(t, roots, ready, eyes) or _closes(t + 3, roots, ready, eyes)
        )


    def closing_pairs(self, first: int, key: int) -> tuple[tuple[int, int], ...]:
        """The yellow tips ``(tip on first, tip on key)`` with which two tiles, laid on the
        empty neighbours named ``first`` then ``key``, would close a region holding a corner of
        the tile on ``key`` with a straight, from the index alone (exactly :meth:`closing_tips`
        of ``key`` once the first tile is laid, for each tip of the first).

        After both tiles, a region holding a corner of the second is the union of regions of
        now and of corners of the two cells with no tile yet (fresh), joined by the straights
        of the two tiles. It is closed exactly when it holds no fresh corner (one has at most
        two tiles then) and every region of now in it needs no cells but these two (its other
        corners are full already). So the test is a walk over the ten corners of the two cells:
        from a colour area of the second tile, through the areas of both tiles and the regions
        of now that share their corners, meeting no corner that is fresh or whose region needs
        another cell. A tip of the second tile alone in a region of now with no straight, and
        met by a tip of the first or by none, closes an eye (three tips): left out, as by
        :meth:`closing_tips`.

        The answer depends on nothing but the step between the cells and that walk's corners
        (which are good, which lone, which share a region), and the same layouts recur from
        node to node of a search: it is remembered per layout (at most
        :data:`PAIRS_SEEN_LIMIT` of them).
        """
        step = key - first
        tables = _PAIR_TABLES.get(step)
        if tables is None:
            raise ArgumentError("the two cells must be neighbours")
        order, areas_b, joins = tables
        count = self._count
        parent = self._parent
        gaps = self._gaps
        region = self._region
        both = {first, key}
        base = 2 * first
        good = lone = 0  # lone: a good corner alone in its region (no straight)
        same: dict[int, int] = {}  # root -> the corners (as bits) of the ten in its region
        for number, (bit, offset) in enumerate(order):  # the second cell's corners first
            if number == 6 and not good:
                return ()  # no corner of the second tile can be in a closed region
            corner = base + offset
            if corner not in count:
                continue
            while (up := parent[corner]) != corner:
                corner = up
            if gaps[corner] <= both:
                good |= bit
                same[corner] = same.get(corner, 0) | bit
                if not region[corner][1]:
                    lone |= bit
        layout = (step, lone, *same.values())
        known = _PAIRS_SEEN.get(layout)
        if known is not None:
            return known
        if len(_PAIRS_SEEN) >= PAIRS_SEEN_LIMIT:
            _PAIRS_SEEN.clear()
        known = _PAIRS_SEEN[layout] = self._closing_pairs(areas_b, joins, good, lone, same)
        return known

    @staticmethod
    def _closing_pairs(
        areas_b: dict[int, list[int]],
        joins: dict[tuple[int, int], list[int]],
        good: int,
        lone: int,
        same: dict[int, int],
    ) -> tuple[tuple[int, int], ...]:
        """:meth:`closing_pairs` from what it read around the two cells: the good corners, the
        lone ones, and the good corners each region of now holds."""
        bonds = [0] * 10
        for mask in same.values():
            m = mask
            while m:
                low = m & -m
                bonds[low.bit_length() - 1] |= mask
                m ^= low
        found: list[tuple[int, int]] = []
        for tip_b in (0, 2, 4):
            starts = [x for x in areas_b[tip_b] if x & good == x]
            if not starts:
                continue
            for tip_a in (0, 2, 4):
                join = joins[(tip_a, tip_b)]
                for start in starts:
                    if start & lone == start == join[start.bit_length() - 1] and not (
                        start & (start - 1)
                    ):
                        continue  # an eye: three tips around a corner
                    if _closed_walk(start, good, bonds, join):
                        found.append((tip_a, tip_b))
                        break
        return tuple(sorted(found))


PAIRS_SEEN_LIMIT: Final = 100_000
"""The layouts :meth:`ClosabilityIndex.closing_pairs` remembers before it starts again."""

_PAIRS_SEEN: dict[tuple[int, ...], tuple[tuple[int, int], ...]] = {}
"""Layout around two cells (the step between them, the lone corners, the good corners of each
region of now, as bits) → the tips that close a region there."""

_NEIGHBOUR_KEYS = frozenset(
    dq * STRIDE + dr for dq, dr in ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
)
"""The differences between the keys of two neighbouring cells."""


def _closes(tip: int, roots: list[int | None], ready: list[bool], eyes: list[bool]) -> bool:
    """Whether the colour areas of a tile whose tip of one colour is its corner ``tip`` close a
    region with a straight: the tip corner alone (unless it is an eye), the straight's two ends
    (corners ``tip`` ± 2) together, or both when one region already holds the tip and an end
    (see :meth:`ClosabilityIndex.closing_tips`)."""
    tip %= 6
    one, two = (tip + 2) % 6, (tip + 4) % 6
    straight = ready[one] and ready[two]
    if roots[tip] is not None and roots[tip] in (roots[one], roots[two]):
        return ready[tip] and straight
    return (ready[tip] and not eyes[tip]) or straight


def _closed_walk(start: int, good: int, bonds: list[int], join: list[int]) -> bool:
    """Whether the corners reached from ``start`` (bits of the ten corners of two cells) through
    the areas of the tiles (``join``: per corner, its areas' corners) and the regions of now
    (``bonds``) are all ``good`` (see :meth:`ClosabilityIndex.closing_pairs`)."""
    reached = start
    frontier = start
    while frontier:
        grown = 0
        while frontier:
            low = frontier & -frontier
            bit = low.bit_length() - 1
            grown |= join[bit] | bonds[bit]
            frontier ^= low
        grown &= ~reached
        if grown & ~good:
            return False
        reached |= grown
        frontier = grown
    return True


_PairTables = tuple[list[tuple[int, int]], dict[int, list[int]], dict[tuple[int, int], list[int]]]
"""What :meth:`ClosabilityIndex.closing_pairs` reads for one step between neighbours."""


def _pair_tables() -> dict[int, _PairTables]:
    """For each step from a cell to a neighbour: the ten corners of the two cells (as a bit,
    and the corner's name less twice the first cell's key), the second cell's six first; each
    colour area of the second tile per yellow tip (as bits of the ten); and per pair of tips
    each corner's areas in the two tiles."""
    tables: dict[int, _PairTables] = {}
    for step in _NEIGHBOUR_KEYS:
        corners: list[tuple[bool, int]] = [(True, d) for d in _CORNER_DELTA]
        names = {d: k for k, d in enumerate(_CORNER_DELTA)}  # corner name 2·first + d -> bit
        bit_b: list[int] = []
        for d in _CORNER_DELTA:
            name = 2 * step + d
            if name not in names:
                names[name] = len(corners)
                corners.append((False, d))
            bit_b.append(names[name])

        def areas(tip: int, bits: list[int]) -> list[int]:
            groups = ((tip,), (tip + 3,), (tip + 2, tip + 4), (tip + 1, tip + 5))
            return [sum(1 << bits[k % 6] for k in group) for group in groups]

        bit_a = list(range(6))
        areas_b = {tip: areas(tip, bit_b) for tip in (0, 2, 4)}
        joins: dict[tuple[int, int], list[int]] = {}
        for tip_a in (0, 2, 4):
            for tip_b in (0, 2, 4):
                join = [0] * 10
                for mask in areas(tip_a, bit_a) + areas_b[tip_b]:
                    for bit in range(10):
                        if mask >> bit & 1:
                            join[bit] |= mask
                joins[(tip_a, tip_b)] = join
        assert len(corners) == 10
        offsets = [2 * step * (not in_a) + d for in_a, d in corners]
        order = [(1 << b, offsets[b]) for b in bit_b]
        order += [(1 << b, offsets[b]) for b in range(6) if b not in bit_b]
        tables[step] = (order, areas_b, joins)
    return tables

_PAIR_TABLES: Final = _pair_tables()
