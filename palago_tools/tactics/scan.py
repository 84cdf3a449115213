"""The regions around some tiles and their gaps, the turns that can complete something there,
and the board a search lays them on."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Final

from ..core.analysis import Creature, analyse
from ..core.hexgrid import Cell, Corner, are_adjacent, cells_around, corner_of, neighbours
from ..core.position import Position
from ..core.tiles import ORIENTATIONS, Orientation, Tile
from .results import Move

# For a tile with yellow tip t, corner k (a straight's end) and the corner at the straight's
# other end.
_PARTNER: Final[dict[tuple[int, int], int]] = {
    (t, (t + d) % 6): (t + e) % 6 for t in (0, 2, 4) for d, e in ((1, 5), (5, 1), (2, 4), (4, 2))
}

# The three cells around a yellow (class 0) and a blue (class 1) corner, as in hexgrid.cells_around.
_AROUND: Final = tuple(
    tuple((c[0], c[1], k) for c, k in cells_around((0, 0, cls))) for cls in (0, 1)
)


@dataclass
class _Scan:
    """Regions around some cells: the spots (gap sets of one cell or two adjacent cells), the
    gaps of every region met (by region), and whether any region met is closed and has a
    straight (a closed eye, three tips and nothing else, encloses nothing and is no creature)."""

    spots: set[frozenset[Cell]] = field(default_factory=set)
    gaps: list[frozenset[Cell]] = field(default_factory=list)
    closed: bool = False


def _scan(tiles: dict[Cell, int], starts: Iterable[Corner], limit: int | None) -> _Scan:
    """Walk the regions holding ``starts``; with ``limit``, give up on a region once it has more
    gaps than that (its gaps are then not reported)."""
    result = _Scan()
    owner: dict[Corner, int] = {}
    given_up: set[int] = set()
    for region, start in enumerate(starts):
        if start in owner:
            continue
        owner[start] = region
        stack = [start]
        gaps: set[Cell] = set()
        abandoned = straight = False
        while stack and not abandoned:
            q, r, cls = stack.pop()
            for dq, dr, k in _AROUND[cls]:
                cell = (q + dq, r + dr)
                tip = tiles.get(cell)
                if tip is None:
                    gaps.add(cell)
                    if limit is not None and len(gaps) > limit:
                        abandoned = True
                    continue
                partner = _PARTNER.get((tip, k))
                if partner is None:
                    continue
                straight = True
                other = corner_of(cell, partner)
                seen = owner.get(other)
                if seen is None:
                    owner[other] = region
                    stack.append(other)
                elif seen != region and seen in given_up:
                    abandoned = True
        if abandoned:
            given_up.add(region)
            continue
        frozen = frozenset(gaps)
        result.gaps.append(frozen)
        if not frozen:
            result.closed = result.closed or straight
        elif len(frozen) == 1 or (len(frozen) == 2 and are_adjacent(*frozen)):
            result.spots.add(frozen)
    return result


def _corners_of(cells: Iterable[Cell], tiles: dict[Cell, int]) -> Iterator[Corner]:
    """The corners of the tiles on ``cells`` and the tiles around them."""
    for cell in cells:
        for k in range(6):
            corner = corner_of(cell, k)
            if any(c in tiles for c, _k in cells_around(corner)):
                yield corner


def _all_corners(tiles: dict[Cell, int]) -> Iterator[Corner]:
    for cell in tiles:
        for k in range(6):
            yield corner_of(cell, k)


def _candidate_cells(
    spots: Iterable[frozenset[Cell]], tiles: dict[Cell, int], tiles_left: int | None
) -> list[tuple[Cell, ...]]:
    """Where a turn can complete something, given the spots: a one-cell spot alone, the two
    cells of a two-cell spot, or two neighbouring one-cell spots (pairs in both orders)."""
    if tiles_left is not None and tiles_left < 1:
        return []
    singles: set[Cell] = set()
    pairs: set[tuple[Cell, Cell]] = set()
    for spot in spots:
        cells = sorted(spot)
        if any(c in tiles for c in cells):
            continue
        if len(cells) == 1:
            singles.add(cells[0])
        else:
            pairs.add((cells[0], cells[1]))
            pairs.add((cells[1], cells[0]))
    for a in singles:
        for n in neighbours(a):
            if n in singles:
                pairs.add((a, n))
    found: list[tuple[Cell, ...]] = [(c,) for c in sorted(singles)]
    if tiles_left is None or tiles_left >= 2:
        found.extend(sorted(pairs))
    return found


def _moves_on(places: Iterable[tuple[Cell, ...]]) -> list[Move]:
    """Every move laying tiles on the given cells, in every orientation."""
    moves: list[Move] = []
    for cells in places:
        if len(cells) == 1:
            moves.extend((Tile(cells[0], o),) for o in ORIENTATIONS)
        else:
            a, b = cells
            moves.extend((Tile(a, oa), Tile(b, ob)) for oa in ORIENTATIONS for ob in ORIENTATIONS)
    return moves


def _candidates(
    spots: Iterable[frozenset[Cell]], tiles: dict[Cell, int], tiles_left: int | None
) -> list[Move]:
    """Every turn that can complete something, given the spots."""
    return _moves_on(_candidate_cells(spots, tiles, tiles_left))


class _Board:
    """A position under search, changed tile by tile.

    Tiles are laid on a plain map of cells; a scan of the regions around a new tile tells whether
    it closed one, and only then does a full analysis say which creatures it completed (taking
    a tile back costs nothing).
    """

    def __init__(self, position: Position) -> None:
        self.tiles: dict[Cell, int] = position.tips()
        self._present = {c.key() for c in analyse(position).creatures}

    def place(self, tile: Tile) -> list[Creature]:
        """Lay ``tile``; return the creatures it completed."""
        tiles = self.tiles
        tiles[tile.cell] = tile.tip
        if not _scan(tiles, [corner_of(tile.cell, k) for k in range(6)], 0).closed:
            return []
        position = Position({c: Orientation.from_tip(t) for c, t in tiles.items()})
        return [c for c in analyse(position).creatures if c.key() not in self._present]

    def remove(self, cell: Cell) -> None:
        del self.tiles[cell]

    def is_single_hole(self, cell: Cell) -> bool:
        tiles = self.tiles
        return all(n in tiles for n in neighbours(cell))

    def lay(self, move: Move) -> tuple[int, list[Creature]] | None:
        """Lay ``move`` as a turn: ``(tiles laid, creatures completed)``, the laying stopping at
        the first completion; ``None`` (nothing laid) when the move is not legal as it stands."""
        tiles = self.tiles
        if any(t.cell in tiles for t in move):
            return None
        if len(move) == 2 and self.is_single_hole(move[0].cell):
            return None
        laid = 0
        for tile in move:
            completed = self.place(tile)
            laid += 1
            if completed:
                if laid < len(move):
                    self.take_back(move[:laid])
                    return None
                return laid, completed
        return laid, []

    def take_back(self, move: Sequence[Tile]) -> None:
        for tile in move:
            del self.tiles[tile.cell]

    def outcomes(self, moves: Iterable[Move]) -> list[tuple[Move, tuple[Creature, ...]]]:
        """The moves (legal as the turn begins now) that complete something, with what they
        complete; a pair's first tile is laid once for all its second tiles."""
        found: list[tuple[Move, tuple[Creature, ...]]] = []
        by_first: dict[Tile, list[Move]] = {}
        for move in moves:
            by_first.setdefault(move[0], []).append(move)
        tiles = self.tiles
        for first, group in by_first.items():
            if first.cell in tiles:
                continue
            singles = [m for m in group if len(m) == 1]
            pairs = [m for m in group if len(m) == 2]
            if pairs and self.is_single_hole(first.cell):
                pairs = []
            completed = self.place(first)
            if completed:
                if singles:
                    found.append(((first,), tuple(completed)))
            else:
                for move in pairs:
                    second = move[1]
                    if second.cell in tiles:
                        continue
                    done = self.place(second)
                    if done:
                        found.append((move, tuple(done)))
                    self.remove(second.cell)
            self.remove(first.cell)
        return found
