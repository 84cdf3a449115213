"""Positions: a set of placed tiles (cell → orientation) and the questions of shape asked of them.

A :class:`Position` is immutable and hashable; placing, removing or rotating returns a new one.
Colour analysis (regions, loops, creatures) lives in :mod:`palago_tools.core.analysis`.
"""

from __future__ import annotations

from collections.abc import ItemsView, Iterable, Iterator, Mapping, Set
from typing import Any, Final

from ..errors import (
    EmptyCellError,
    NotAdjacentError,
    OccupiedCellError,
    PalagoError,
    PositionError,
    SameOrientationError,
    require,
    short_repr,
)
from .hexgrid import DIRECTIONS, Cell, Motion, neighbours
from .tiles import MAX_COORDINATE, Orientation, Tile, check_cell, parse_tiles


def _check_tiles(placed: Mapping[Any, Any]) -> None:
    """Raise a :class:`PalagoError` unless every key is a cell within the coordinate limit and
    every value an :class:`Orientation`."""
    limit = MAX_COORDINATE
    for cell, orientation in placed.items():
        if type(orientation) is not Orientation:
            raise PositionError(
                f"an orientation is Orientation.R, L or D, not {short_repr(orientation)}"
            )
        if type(cell) is not tuple or len(cell) != 2:
            check_cell(cell)
        q, r = cell
        if (
            type(q) is not int
            or type(r) is not int
            or not (-limit <= q <= limit and -limit <= r <= limit)
        ):
            check_cell(cell)


class Position(Mapping[Cell, Orientation]):
    """Placed tiles, as a read-only mapping from cell to orientation."""

    __slots__ = ("_tiles", "_hash")

    def __init__(self, tiles: Iterable[Tile] | Mapping[Cell, Orientation] = ()) -> None:
        placed: dict[Cell, Orientation] = {}
        try:
            items = (
                tiles.items()
                if isinstance(tiles, Mapping)
                else ((t.cell, t.orientation) for t in tiles)
            )
            for cell, orientation in items:
                if cell in placed:
                    raise OccupiedCellError(cell)
                placed[cell] = orientation
        except (TypeError, AttributeError, ValueError) as error:
            if isinstance(error, PalagoError):
                raise
            raise PositionError(
                "a position is made of tiles, or of cells mapped to orientations, not "
                f"{short_repr(tiles)}"
            ) from None
        _check_tiles(placed)
        self._tiles: Final = placed
        self._hash: int | None = None

    # Mapping protocol ----------------------------------------------------------------------
    def __getitem__(self, cell: Cell) -> Orientation:
        return self._tiles[cell]

    def __iter__(self) -> Iterator[Cell]:
        return iter(self._tiles)

    def __len__(self) -> int:
        return len(self._tiles)

    def __contains__(self, cell: object) -> bool:
        return cell in self._tiles

    def items(self) -> ItemsView[Cell, Orientation]:
        """Cell → orientation pairs, in the order the tiles were given (read-only)."""
        return self._tiles.items()

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(frozenset(self._tiles.items()))
        return self._hash

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Position):
            return self._tiles == other._tiles
        return NotImplemented

    def __repr__(self) -> str:
        return f"Position({' '.join(t.token for t in self.tiles())!r})"

    @classmethod
    def parse(cls, text: str) -> Position:
        """A position from whitespace-separated tile tokens, e.g. ``"0,0R 1,0L"`` (the tile
        tokens of the notation; errors are :class:`~palago_tools.errors.PalagoError`).

        >>> position = Position.parse("0,0R 1,0L")
        >>> len(position), position[(1, 0)].value
        (2, 'L')
        """
        return cls(parse_tiles(text))

    def tiles(self) -> list[Tile]:
        """The tiles, sorted by cell."""
        return [Tile(cell, self._tiles[cell]) for cell in sorted(self._tiles)]

    def tips(self) -> dict[Cell, int]:
        """Cell → corner index of the yellow tip (the form the analysis works on)."""
        return {cell: o.tip for cell, o in self._tiles.items()}

    # Changes -------------------------------------------------------------------------------
    def place(self, *tiles: Tile) -> Position:
        """A new position with ``tiles`` added; the cells must be empty."""
        placed = dict(self._tiles)
        for tile in tiles:
            if not isinstance(tile, Tile):
                raise PositionError(f"only tiles can be placed, not {short_repr(tile)}")
            if tile.cell in placed:
                raise OccupiedCellError(tile.cell)
            placed[tile.cell] = tile.orientation
        return Position(placed)

    def remove(self, cell: Cell) -> Position:
        """A new position without the tile on ``cell``."""
        check_cell(cell)
        if cell not in self._tiles:
            raise EmptyCellError(cell)
        placed = dict(self._tiles)
        del placed[cell]
        return Position(placed)

    def rotate(self, cell: Cell, orientation: Orientation) -> Position:
        """A new position with the tile on ``cell`` turned to ``orientation`` (a different one)."""
        check_cell(cell)
        require(orientation, Orientation, "the orientation")
        current = self._tiles.get(cell)
        if current is None:
            raise EmptyCellError(cell)
        if current is orientation:
            raise SameOrientationError(cell, orientation.value)
        placed = dict(self._tiles)
        placed[cell] = orientation
        return Position(placed)

    def moved(self, motion: Motion) -> Position:
        """The position after a grid motion, tiles re-coloured where the motion swaps classes."""
        require(motion, Motion, "the motion")
        return Position(Tile(c, o).moved(motion)[0] for c, o in self._tiles.items())

    def translated(self, dq: int, dr: int) -> Position:
        """The position shifted by ``(dq, dr)``."""
        require(dq, int, "the shift dq")
        require(dr, int, "the shift dr")
        return Position({(q + dq, r + dr): o for (q, r), o in self._tiles.items()})

    # Shape ---------------------------------------------------------------------------------
    def touches(self, cell: Cell) -> bool:
        """True when ``cell`` is next to at least one tile."""
        q, r = cell
        return any((q + dq, r + dr) in self._tiles for dq, dr in DIRECTIONS)

    def frontier(self) -> set[Cell]:
        """Empty cells next to at least one tile: where a tile can be laid.

        For the empty position the frontier is cell 0,0.
        """
        if not self._tiles:
            return {(0, 0)}
        return {n for cell in self._tiles for n in neighbours(cell) if n not in self._tiles}

    def components(self) -> list[set[Cell]]:
        """Groups of tiles connected side to side, largest first."""
        return cell_groups(self._tiles)

    def is_connected(self) -> bool:
        """True when the tiles form one group (the palago); the empty position counts."""
        return len(self.components()) <= 1

    def outer_tiles(self) -> set[Cell]:
        """Tiles with at least one empty neighbour."""
        return {c for c in self._tiles if any(n not in self._tiles for n in neighbours(c))}

    def inner_tiles(self) -> set[Cell]:
        """Tiles whose six neighbours all hold tiles (the ones Palagonia lets you rotate)."""
        return set(self._tiles) - self.outer_tiles()

    def enclosed_areas(self) -> list[set[Cell]]:
        """Groups of empty cells cut off from the outside by tiles, largest first."""
        return enclosed_areas(self._tiles)

    def single_holes(self) -> set[Cell]:
        """Empty cells whose six neighbours all hold tiles."""
        return {
            n
            for cell in self._tiles
            for n in neighbours(cell)
            if n not in self._tiles and all(m in self._tiles for m in neighbours(n))
        }

    def larger_holes(self) -> list[set[Cell]]:
        """Enclosed groups of two or more empty cells."""
        return [area for area in self.enclosed_areas() if len(area) > 1]

    def require_touching(self, cell: Cell) -> None:
        """Raise :class:`NotAdjacentError` unless ``cell`` touches a tile (or the board is
        empty)."""
        if self._tiles and not self.touches(cell):
            raise NotAdjacentError(cell)


def cell_groups(cells: Iterable[Cell]) -> list[set[Cell]]:
    """Groups of ``cells`` connected side to side, largest first."""
    remaining = set(cells)
    groups: list[set[Cell]] = []
    for start in sorted(remaining):
        if start not in remaining:
            continue
        group = {start}
        stack = [start]
        while stack:
            for n in neighbours(stack.pop()):
                if n in remaining and n not in group:
                    group.add(n)
                    stack.append(n)
        remaining -= group
        groups.append(group)
    groups.sort(key=len, reverse=True)
    return groups


def is_connected(cells: Iterable[Cell]) -> bool:
    """True when ``cells`` form one group (or none)."""
    return len(cell_groups(cells)) <= 1


def enclosed_areas(cells: Iterable[Cell]) -> list[set[Cell]]:
    """Groups of empty cells cut off from the outside by ``cells``, largest first."""
    occupied = set(cells)
    if not occupied:
        return []
    qs = [q for q, _ in occupied]
    rs = [r for _, r in occupied]
    q0, q1, r0, r1 = min(qs) - 1, max(qs) + 1, min(rs) - 1, max(rs) + 1
    empty = {(q, r) for q in range(q0, q1 + 1) for r in range(r0, r1 + 1) if (q, r) not in occupied}
    stack = [c for c in empty if c[0] in (q0, q1) or c[1] in (r0, r1)]
    outside = set(stack)
    while stack:
        for n in neighbours(stack.pop()):
            if n in empty and n not in outside:
                outside.add(n)
                stack.append(n)
    areas = cell_groups(empty - outside)
    areas.sort(key=lambda a: (-len(a), min(a)))
    return areas


def occupied_arcs(occupied: Set[Cell], cell: Cell) -> int:
    """Runs of occupied cells in the ring of six around ``cell`` (a full ring is one run)."""
    ring = [n in occupied for n in neighbours(cell)]
    if all(ring):
        return 1
    return sum(1 for i in range(6) if ring[i] and not ring[i - 1])


def would_enclose(occupied: Set[Cell], cell: Cell) -> bool:
    """True when adding ``cell`` to the hole-free ``occupied`` cuts an empty area off.

    When the occupied neighbours of ``cell`` form at most one run, its empty neighbours stay
    joined to each other and to the outside, so no area is cut off and no search is needed.
    """
    if occupied_arcs(occupied, cell) <= 1:
        return False
    return bool(enclosed_areas(set(occupied) | {cell}))


def stays_connected_without(occupied: Set[Cell], cell: Cell) -> bool:
    """True when the connected ``occupied`` stays connected once ``cell`` is taken away."""
    if occupied_arcs(occupied, cell) <= 1:
        return True
    return is_connected(set(occupied) - {cell})


def joins(occupied: Set[Cell], cells: Set[Cell]) -> bool:
    """True when adding ``cells`` to the connected ``occupied`` (empty or not) leaves one group.

    Only ``cells`` are searched: each group of ``cells`` is joined to ``occupied`` exactly when
    one of its cells touches it (a group touching nothing is a group of its own, as it touches
    no other group of ``cells`` either); with ``occupied`` empty, ``cells`` must be one group.
    """
    if not occupied:
        return is_connected(cells)
    return all(
        any(n in occupied for cell in group for n in neighbours(cell))
        for group in cell_groups(cells)
    )


def hole_change(occupied: Set[Cell], cells: Set[Cell]) -> int:
    """How many more enclosed areas ``occupied | cells`` has than ``occupied`` (negative when
    ``cells`` fill some), for ``cells`` apart from ``occupied``, both ``occupied`` (or empty)
    and ``occupied | cells`` being one group. Only ``cells`` and their neighbours are looked at.

    Why: the closed hexagons of a set of cells cover a plane figure whose Euler characteristic
    is its groups less its holes (its bounded gaps: an empty cell can leave a gap only across
    an edge, which it shares with one other cell, so the gaps are the enclosed areas of empty
    cells). The hexagons are convex and meet in pairs (neighbours, along an edge) and threes
    (three mutual neighbours, at a corner), never four, so by the nerve theorem that
    characteristic is the cells less the neighbouring pairs plus the mutually neighbouring
    threes. Adding ``cells`` adds exactly the pairs and threes that hold one of them, and
    changes the groups from one (or none) to one, so the holes change by the groups' change
    less the characteristic's change.
    """
    pairs = threes = 0
    for cell in cells:
        ring = neighbours(cell)
        held = [n in occupied or n in cells for n in ring]
        # Each pair and each three is counted once: at its smallest new cell.
        first = [n not in cells or cell < n for n in ring]
        for i in range(6):
            j = (i + 1) % 6
            if held[i] and first[i]:
                pairs += 1
                if held[j] and first[j]:
                    threes += 1
    groups_change = 0 if occupied else 1
    return groups_change - (len(cells) - pairs + threes)
