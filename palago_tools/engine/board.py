"""The engine's board: a Palago game laid and taken back one tile (one ply) at a time, with the
legal tiles of the next ply, the regions closable in one turn, the wins and the threats.

This is the one module of the engine that knows how positions are kept: the search, the
evaluation and the players ask it only, so that moving the engine onto another index of the
regions is a change here. A ply lays one tile; a turn is two plies, or one when its tile
completes a creature (the game ends) or the turn lays one tile (the ``1-1-2`` opening, the last
tile of the supply). The regions are a :class:`~palago_tools.core.closability.ClosabilityIndex`
(a make or an unmake costs a few dozen dictionary steps, and the index keeps every region's gap
cells, so spots, wins and threats are found without walking the regions). Only when a tile
closes a region with a straight is there more to do: with no enclosed empty cell on the board
that region is a creature; otherwise the position is analysed
(:func:`~palago_tools.core.analysis.analyse`). Wins are looked for only with the orientations
the index says close a region (:meth:`~palago_tools.core.closability.ClosabilityIndex
.closing_tips`), and pairs only where :meth:`~palago_tools.core.closability.ClosabilityIndex
.may_close_after` allows one.

The position's Zobrist hash XORs a key per (cell, orientation), a key for Blue to move, and a
key for the cell of a turn's first tile while the second is to come: the two orders of a pair
reach the same hash once the turn is over.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final

from ..core.analysis import analyse
from ..core.closability import ClosabilityIndex
from ..core.hexgrid import DIRECTIONS, Cell, are_adjacent, cells_around, corner_of
from ..core.position import Position, enclosed_areas, occupied_arcs
from ..core.regions import STRIDE, key_cell
from ..core.tiles import ORIENTATIONS, Colour, Orientation, Tile
from ..rules.palago import Opening, Palago

Turn = tuple[Tile, ...]
"""The tiles of one turn, in the order laid."""

_MASK: Final = (1 << 64) - 1


def _mix(value: int) -> int:
    """SplitMix64's finaliser: a well-spread 64-bit key from an integer."""
    value = (value + 0x9E3779B97F4A7C15) & _MASK
    value = ((value ^ (value >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    value = ((value ^ (value >> 27)) * 0x94D049BB133111EB) & _MASK
    return value ^ (value >> 31)


_CORNER_DELTA: Final = tuple(
    2 * (q * STRIDE + r) + cls for q, r, cls in (corner_of((0, 0), k) for k in range(6))
)
"""Corner k of the cell named c is the corner named ``2·c + _CORNER_DELTA[k]``."""
_TILES_OF: dict[Cell, tuple[Tile, Tile, Tile]] = {}
_AT_TIP: Final = {o.tip: i for i, o in enumerate(ORIENTATIONS)}
NEIGHBOUR_KEYS: Final = frozenset(dq * STRIDE + dr for dq, dr in DIRECTIONS)
"""The differences between the keys of two neighbouring cells."""
_ROW_CORNERS: Final = tuple(
    (
        corner_of((0, 0), k)[2],
        tuple(c for c, _i in cells_around(corner_of((0, 0), k)) if c != (0, 0)),
    )
    for k in range(6)
)
"""For each corner of a cell: its colour class and the other two cells around it (offsets)."""


def tiles_on(cell: Cell) -> tuple[Tile, Tile, Tile]:
    """The three tiles of ``cell``, in the order of :data:`ORIENTATIONS` (made once)."""
    found = _TILES_OF.get(cell)
    if found is None:
        found = _TILES_OF[cell] = (
            Tile(cell, ORIENTATIONS[0]),
            Tile(cell, ORIENTATIONS[1]),
            Tile(cell, ORIENTATIONS[2]),
        )
    return found


def closing_tiles(index: ClosabilityIndex, cell: Cell) -> list[Tile]:
    """The tiles on the empty ``cell`` that close a region with a straight (the index's
    :meth:`~palago_tools.core.closability.ClosabilityIndex.closing_tips`)."""
    tips = index.closing_tips(cell[0] * STRIDE + cell[1])
    if not tips:
        return []
    on = tiles_on(cell)
    return [on[_AT_TIP[t]] for t in tips]


_KEYS: dict[tuple[int, int, int], int] = {}
BLUE_KEY: Final = _mix(0x5EED_B1E)
"""XORed into the hash while Blue is to move."""


def zobrist(cell: Cell, code: int) -> int:
    """The key of a tile (``code`` its yellow tip 0, 2 or 4) or of a pending turn (``code`` 1) on
    ``cell``; the same for every run (no random table: cells are unbounded)."""
    key = (cell[0], cell[1], code)
    found = _KEYS.get(key)
    if found is None:
        q, r = cell
        found = _mix(((q & 0xFFFFFF) << 28) ^ ((r & 0xFFFFFF) << 3) ^ code)
        _KEYS[key] = found
    return found


@dataclass(frozen=True)
class Spot:
    """An open region that one turn can close: its colour and the one cell, or two adjacent
    cells, where the tiles that close it go."""

    colour: Colour
    cells: frozenset[Cell]


@dataclass(frozen=True)
class OpenRegion:
    """An open region: its colour, its straights and its gaps (the empty cells around its open
    corners, where a tile can close or extend it)."""

    colour: Colour
    straights: int
    gaps: frozenset[Cell]

    @property
    def is_spot(self) -> bool:
        """True when one turn can close it: one gap, or two adjacent gaps."""
        gaps = self.gaps
        return len(gaps) == 1 or (len(gaps) == 2 and are_adjacent(*gaps))


UNLIMITED = 1 << 30
"""The supply of a game without a limit (a boardspace.net game): more tiles than any search lays."""


class SearchBoard:
    """A two-player Palago game under search, one tile per ply (see the module's docstring).

    >>> from palago_tools.rules import Palago
    >>> board = SearchBoard.of(Palago())
    >>> len(board.legal_tiles()), board.mover.value
    (3, 'yellow')
    >>> board.make(Tile.parse("0,0R")); board.mover.value, board.pending is not None
    ('yellow', True)
    """

    def __init__(
        self,
        position: Position,
        mover: Colour,
        tiles_left: int,
        *,
        turn_number: int = 3,
        opening: Opening = Opening.STANDARD,
    ) -> None:
        self.tiles: dict[Cell, int] = {}
        """Cell → yellow tip of the tiles laid (do not modify)."""
        for tile in position.tiles():
            self.tiles[tile.cell] = tile.tip
        self.index = ClosabilityIndex(dict(self.tiles))
        """The regions with their gap cells (laid and taken back with the plies)."""
        self._present = {c.key() for c in analyse(position).creatures}
        self.enclosed: frozenset[Cell] = frozenset(c for a in position.enclosed_areas() for c in a)
        """The empty cells cut off from the outside (do not modify)."""
        self._enclosures: list[frozenset[Cell]] = []
        self.mover = mover
        self.tiles_left = tiles_left
        self.turn_number = turn_number
        self.opening = opening
        self.pending: Tile | None = None
        """The first tile of the turn in progress, when its second is still to come."""
        self.winner: Colour | None = None
        self.draw = False
        self.turn_left = self._wanted()
        self.hash = BLUE_KEY if mover is Colour.BLUE else 0
        self.around: dict[Cell, int] = {}
        """Cell → how many of its neighbours hold a tile, for every cell next to a tile."""
        for cell, tip in self.tiles.items():
            self.hash ^= zobrist(cell, tip)
            self._count_around(cell, 1)
        self._undo: list[tuple[Tile, Colour, int, int, Tile | None, int, Colour | None, bool]] = []

    @classmethod
    def of(cls, game: Palago) -> SearchBoard:
        """The board of a rules game at the start of the mover's turn."""
        return cls(
            game.position(),
            game.mover,
            UNLIMITED if game.tiles_left is None else game.tiles_left,
            turn_number=game.turn_number,
            opening=game.options.opening,
        )

    # State ---------------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.draw or self.winner is not None

    def position(self) -> Position:
        return Position({c: Orientation.from_tip(t) for c, t in self.tiles.items()})

    @property
    def holes(self) -> bool:
        """Whether some empty cell is enclosed."""
        return bool(self.enclosed)

    def _completed(self, key: int, filled: bool) -> set[Colour]:
        """The colours of the creatures the tile just laid on the cell named ``key``
        completed, once it closed a region (``filled``: the cell was enclosed). Only a closed
        region with a straight at one of the tile's corners can hold a new creature, unless the
        tile filled an enclosed cell (then the position is analysed). Such a region is a
        creature when its outer loop encloses no empty cell: surely so when no enclosed cell
        lies within the hexagon bounding the region's tiles (the loop runs through them);
        otherwise the position is analysed."""
        index = self.index
        base = 2 * key
        roots = set()
        for delta in _CORNER_DELTA:
            root = index.find(base + delta)
            if index.is_closed(root) and index.straights(root):
                roots.add(root)
        if not roots:
            return set()
        enclosed = self.enclosed
        if enclosed and (filled or any(self._may_enclose(r) for r in roots)):
            present = self._present
            return {c.colour for c in analyse(self.position()).creatures if c.key() not in present}
        return {Colour.of_class(r & 1) for r in roots}

    def _may_enclose(self, root: int) -> bool:
        """Whether an enclosed cell lies within the hexagon bounding the region's tiles."""
        cells = self.index.cells_of(self.index.corners(root))
        qs = [q for q, _r in cells]
        rs = [r for _q, r in cells]
        ss = [q + r for q, r in cells]
        q0, q1, r0, r1, s0, s1 = min(qs), max(qs), min(rs), max(rs), min(ss), max(ss)
        return any(q0 <= q <= q1 and r0 <= r <= r1 and s0 <= q + r <= s1 for q, r in self.enclosed)

    def _wanted(self) -> int:
        wanted = 1 if self.opening is Opening.ONE_ONE_TWO and self.turn_number <= 2 else 2
        return min(wanted, self.tiles_left)

    def _count_around(self, cell: Cell, step: int) -> None:
        around = self.around
        q, r = cell
        for dq, dr in DIRECTIONS:
            n = (q + dq, r + dr)
            count = around.get(n, 0) + step
            if count:
                around[n] = count
            else:
                del around[n]

    # Make and unmake -----------------------------------------------------------------------
    def _lay(self, cell: Cell, tip: int) -> set[Colour]:
        """Put a tile on the tiles, the index and the counts around, keeping the enclosed
        cells; return the colours of the creatures it completed (the turn's state is
        :meth:`make`'s)."""
        tiles = self.tiles
        enclosed = self.enclosed
        self._enclosures.append(enclosed)
        filled = cell in enclosed
        tiles[cell] = tip
        if filled:
            self.enclosed = enclosed - {cell}
        elif 1 < self.around.get(cell, 0) < 5 and occupied_arcs(tiles.keys(), cell) > 1:
            self.enclosed = frozenset(c for a in enclosed_areas(tiles) for c in a)
        index = self.index
        key = index.add(cell, tip)
        colours = self._completed(key, filled) if index.closing else set()
        self._count_around(cell, 1)
        return colours

    def _lift(self, cell: Cell) -> None:
        """Take back the last :meth:`_lay` (on ``cell``)."""
        self.enclosed = self._enclosures.pop()
        del self.tiles[cell]
        self.index.undo()
        self._count_around(cell, -1)

    def make(self, tile: Tile) -> None:
        """Lay ``tile`` as the next ply (the caller took it from :meth:`legal_tiles`)."""
        self._undo.append(
            (
                tile,
                self.mover,
                self.turn_number,
                self.turn_left,
                self.pending,
                self.hash,
                self.winner,
                self.draw,
            )
        )
        cell, tip = tile.cell, tile.tip
        colours = self._lay(cell, tip)
        h = self.hash ^ zobrist(cell, tip)
        if self.pending is not None:
            h ^= zobrist(self.pending.cell, 1)
        self.tiles_left -= 1
        self.turn_left -= 1
        if colours:
            self.winner = self.mover.other if len(colours) == 2 else colours.pop()
            self.pending = None
        elif self.turn_left == 0:
            self.pending = None
            if self.tiles_left == 0:
                self.draw = True
            else:
                self.mover = self.mover.other
                self.turn_number += 1
                self.turn_left = self._wanted()
                h ^= BLUE_KEY
        else:
            self.pending = tile
            h ^= zobrist(cell, 1)
        self.hash = h

    def unmake(self) -> None:
        """Take the last ply back."""
        tile, mover, number, turn_left, pending, h, winner, draw = self._undo.pop()
        self._lift(tile.cell)
        self.tiles_left += 1
        self.mover, self.turn_number, self.turn_left, self.pending = (
            mover,
            number,
            turn_left,
            pending,
        )
        self.hash, self.winner, self.draw = h, winner, draw

    def play(self, turn: Turn) -> None:
        """Make every ply of ``turn``."""
        for tile in turn:
            self.make(tile)

    # Legal tiles ---------------------------------------------------------------------------
    def frontier(self) -> list[Cell]:
        """Empty cells next to a tile, sorted (cell 0,0 on the empty board)."""
        tiles = self.tiles
        if not tiles:
            return [(0, 0)]
        return sorted(c for c in self.around if c not in tiles)

    def is_single_hole(self, cell: Cell) -> bool:
        """True when the six neighbours of the empty ``cell`` hold tiles."""
        return self.around.get(cell, 0) == 6

    def legal_tiles(self) -> list[Tile]:
        """Every tile the next ply may lay. A turn's first tile goes on the frontier (a turn
        whose first tile lies farther out has the same tiles laid the other way round, and a
        tile touching nothing completes nothing); in a single hole only a tile that completes a
        creature. The second tile goes next to the first."""
        if self.over:
            return []
        if self.pending is not None:
            tiles = self.tiles
            q, r = self.pending.cell
            cells = [(q + dq, r + dr) for dq, dr in DIRECTIONS]
            return [t for c in sorted(cells) if c not in tiles for t in tiles_on(c)]
        found: list[Tile] = []
        for cell in self.frontier():
            if self.is_single_hole(cell):
                found.extend(t for t in closing_tiles(self.index, cell) if self.completes(t))
            else:
                found.extend(tiles_on(cell))
        return found

    def completes(self, tile: Tile) -> bool:
        """True when ``tile``, laid now, completes a creature (of either colour)."""
        self.make(tile)
        ended = self.winner is not None
        self.unmake()
        return ended

    def legal_turns(self) -> Iterator[Turn]:
        """Every turn from the start of the mover's turn, as the plies lay it (each unordered
        pair once per order the plies reach)."""
        for first in self.legal_tiles():
            self.make(first)
            try:
                if self.pending is None:
                    yield (first,)
                else:
                    for second in self.legal_tiles():
                        yield (first, second)
            finally:
                self.unmake()

    # Regions, wins and threats -------------------------------------------------------------
    def open_regions(
        self, limit: int | None = None, *, straights: bool = False
    ) -> list[OpenRegion]:
        """The open regions, with their gaps (a region of tips alone too: a tile may join it
        to others); with ``limit``, only those with at most that many gaps; with
        ``straights``, only those with a straight."""
        index = self.index
        found: list[OpenRegion] = []
        for root, gaps in index.open_regions():
            if limit is not None and len(gaps) > limit:
                continue
            count = index.straights(root)
            if straights and not count:
                continue
            found.append(
                OpenRegion(Colour.of_class(root & 1), count, frozenset(map(key_cell, gaps)))
            )
        return found

    def spots(self) -> list[Spot]:
        """The regions one turn can close, as spots (one per distinct colour and cells)."""
        found = {
            Spot(Colour.of_class(root & 1), frozenset(map(key_cell, gaps)))
            for root, gaps in self.index.spots()
        }
        return sorted(found, key=lambda s: (s.colour.value, sorted(s.cells)))

    def wins(
        self, colour: Colour | None = None, spots: list[Spot] | None = None, *, first: bool = False
    ) -> list[Turn]:
        """The turns with which ``colour`` (the mover if omitted), were it to start a turn now,
        wins at once: tiles on the ``spots`` (all of them if omitted: any colour's, since a
        closed region may hold creatures of either), tried ply by ply. Only at the start of a
        turn; each win once, in one order of its tiles, and no pair whose last tile wins alone.
        With ``first``, stop at the first win found."""
        if self.over or self.pending is not None:
            return []
        saved = self.mover, self.hash
        mover = colour or self.mover
        if mover is not self.mover:
            self.mover, self.hash = mover, self.hash ^ BLUE_KEY
        try:
            return self._wins(mover, self.spots() if spots is None else spots, first)
        finally:
            self.mover, self.hash = saved

    def _wins(self, mover: Colour, spots: list[Spot], first: bool) -> list[Turn]:
        tiles = self.tiles
        index = self.index
        singles = sorted({c for s in spots for c in s.cells if len(s.cells) == 1} - tiles.keys())
        found: list[Turn] = []
        alone: set[Tile] = set()
        wanted = {mover}
        lay, lift = self._lay, self._lift
        for cell in singles:
            for tile in closing_tiles(index, cell):
                won = lay(cell, tile.tip) == wanted
                lift(cell)
                if won:
                    found.append((tile,))
                    alone.add(tile)
                    if first:
                        return found
        if self.turn_left < 2:
            return found
        # A tile off the single spots completes nothing alone, so a pair laid from such a cell
        # first needs one order only; from a single spot, both.
        seconds: dict[Cell, set[Cell]] = {}
        single = set(singles)
        for spot in spots:
            if len(spot.cells) == 2 and not spot.cells & tiles.keys():
                a, b = sorted(spot.cells)
                if a in single and b not in single:
                    a, b = b, a
                seconds.setdefault(a, set()).add(b)
                if a in single and b in single:
                    seconds.setdefault(b, set()).add(a)
        for a in singles:
            for b in singles:
                if a != b and are_adjacent(a, b):
                    seconds.setdefault(a, set()).add(b)
        may_close_after = index.may_close_after
        for a in sorted(seconds):
            if self.is_single_hole(a):
                continue
            key_a = a[0] * STRIDE + a[1]
            targets = [
                b for b in sorted(seconds[a]) if may_close_after(key_a, b[0] * STRIDE + b[1])
            ]
            if not targets:
                continue
            for tile_a in tiles_on(a):
                try:
                    if lay(a, tile_a.tip):
                        continue  # the first tile ends the game
                    for b in targets:
                        for tile_b in closing_tiles(index, b):
                            if tile_b in alone:
                                continue
                            won = lay(b, tile_b.tip) == wanted
                            lift(b)
                            if won:
                                found.append((tile_a, tile_b))
                                if first:
                                    return found
                finally:
                    lift(a)
        return found

    def rows(self) -> tuple[int, int]:
        """Yellow's and Blue's rows at the edge: pairs of adjacent tiles of one orientation
        next to a common empty cell, counted for the colour of the corner the three share."""
        tiles = self.tiles
        found = [0, 0]
        for (q, r), _n in self.around.items():
            if (q, r) in tiles:
                continue
            for cls, ((qa, ra), (qb, rb)) in _ROW_CORNERS:
                tip = tiles.get((q + qa, r + ra))
                if tip is not None and tip == tiles.get((q + qb, r + rb)):
                    found[cls] += 1
        return found[0], found[1]

    def threats(self) -> list[Turn]:
        """The opponent's immediate wins, were it to move now: what the mover must block."""
        return self.wins(self.mover.other)
