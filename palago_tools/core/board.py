"""The board of two-player Palago: one position, laid and lifted a tile at a time, that the rules
check turns on, the tactics search and the engine makes and unmakes plies on.

A **ply** lays one tile (:meth:`Board.make`, :meth:`Board.unmake`); a **turn** is the tiles one
player lays (:meth:`Board.play` checks every rule, :meth:`Board.undo` takes it back). The tiles
live in a :class:`~palago_tools.core.incremental.LiveAnalysis` with the closability index
(:class:`~palago_tools.core.closability.ClosabilityIndex`): a tile laid or lifted costs a few
dozen dictionary steps, the index keeps every region's gap cells, and the creatures a tile
completes are found around it alone. What the board answers from them:

- **legal tiles and turns** (:meth:`Board.legal_tiles`, :meth:`Board.legal_turns`): the one
  move generator of the project;
- **completions** (:meth:`Board.completions`): every turn whose last tile completes something.
  A tile completes something only if it closes a region, so it lies on a **spot** (the gap
  cells of a region, one cell or two neighbouring cells,
  :meth:`~palago_tools.core.closability.ClosabilityIndex.spots`); a lone tile's cell is a
  one-cell spot, and a pair's two cells are a two-cell spot or two neighbouring one-cell spots:
  if they are not, the first tile changes nothing the second closes (every corner of the second
  tile touches a tile already down), and the second wins alone. The index says which
  orientations close a region there, and only those are laid and lifted;
- **wins and threats** (:meth:`Board.wins`, :meth:`Board.threats`): the completions of one
  colour only, each set of tiles once;
- the **hash**: a Zobrist key per (cell, orientation), a key for Blue to move, and a key for
  the cell of a turn's first tile while its second is to come, so that both orders of a pair
  reach the same hash once the turn is over.

The forced wins (forks, forcing wins) are the tactics' functions over this board; the engine's
search board extends it with what only the search needs.
"""

from __future__ import annotations

import enum
from collections.abc import Collection, Iterable, Iterator, Sequence
from typing import Final

from ..errors import GameOverError, IllegalMoveError, InternalError, require
from .analysis import Creature
from .closability import ClosabilityIndex
from .completions import (
    NEIGHBOUR_STEPS,
    baseline,
    completions,
    completions_at,
    sites,
    zone_keys,
)
from .hexgrid import DIRECTIONS, Cell, cell_text
from .incremental import LiveAnalysis
from .position import Position
from .regions import STRIDE, cell_key, key_cell
from .tiles import Colour, Orientation, Tile, tiles_on
from .turns import Completion, Site, Snapshot, Threats, Turn, Win, wins_for
from .zobrist import BLUE_KEY, KEYS, zobrist


class Opening(enum.Enum):
    """How many tiles the first turns lay."""

    STANDARD = "2"
    ONE_ONE_TWO = "1-1-2"


NEIGHBOUR_KEYS: Final = frozenset(NEIGHBOUR_STEPS)
"""The same differences, as a set: ``a - b in NEIGHBOUR_KEYS`` when cells a and b touch."""

_STEPS: Final = frozenset(DIRECTIONS)
"""The six steps from a cell to its neighbours, as a set."""

_Ply = tuple[Tile, Colour, int, int, "Tile | None", int, "Colour | None", bool]


class Board:
    """A game of two-player Palago being played or searched (see the module's docstring).

    ``tiles_left`` is the supply still in the bag (``None``: unlimited, as boardspace.net
    plays); ``turn_number`` counts from 1 (the ``1-1-2`` opening lays one tile in turns 1 and
    2). :attr:`tiles` is cell → yellow tip, live (do not modify).

    >>> board = Board(turn_number=1)
    >>> len(board.legal_tiles()), len(list(board.legal_turns()))
    (3, 54)
    >>> board.play([Tile.parse("0,0R"), Tile.parse("0,1L")])
    ()
    >>> board.mover.value, board.turn_number
    ('blue', 2)
    """

    def __init__(
        self,
        position: Position | None = None,
        mover: Colour = Colour.YELLOW,
        tiles_left: int | None = None,
        *,
        turn_number: int = 3,
        opening: Opening = Opening.STANDARD,
        index: bool = True,
    ) -> None:
        self.live = LiveAnalysis(position, index=index)
        self._index = self.live.index
        self._cells = self.live.cells
        self.tiles: dict[Cell, int] = self.live.tiles
        self.tiles_left = tiles_left
        self.mover = mover
        self.turn_number = turn_number
        self.opening = opening
        self.pending: Tile | None = None
        """The first tile of the turn in progress, when its second is still to come."""
        self.winner: Colour | None = None
        self.draw = False
        self.turn_left = self.tiles_this_turn()
        """Tiles the turn in progress may still lay."""
        self._counting = index
        self.around: dict[int, int] = {}
        """Cell key → how many of its neighbours hold a tile, for every cell next to a tile
        (kept by a board with an index, for the frontier of every node of a search)."""
        self.hash = BLUE_KEY if mover is Colour.BLUE else 0
        for cell, tip in self.tiles.items():
            self.hash ^= zobrist(cell, tip)
            if index:
                self._count_around(cell_key(cell), 1)
        self._plies: list[_Ply] = []

    # State ---------------------------------------------------------------------------------
    @property
    def index(self) -> ClosabilityIndex:
        """The regions with their gap cells, laid and lifted with the tiles (a board made with
        ``index=False``, as the rules replay games, keeps none: it answers plies, turns and
        legal turns, not completions, wins or threats)."""
        if self._index is None:
            raise InternalError("this board keeps no closability index (made with index=False)")
        return self._index

    @property
    def ply(self) -> int:
        """How many plies :meth:`make` has laid and not taken back."""
        return len(self._plies)

    def laid_since(self, ply: int) -> list[Tile]:
        """The tiles :meth:`make` laid since :attr:`ply` was ``ply``, in order."""
        return [p[0] for p in self._plies[ply:]]

    def turns_since(self, ply: int) -> list[tuple[Colour, Turn]]:
        """The turns :meth:`make` laid since :attr:`ply` was ``ply``, each with its mover, as
        the plies record them (a turn begun at ``ply`` or later; the last may be unfinished)."""
        found: list[tuple[Colour, Turn]] = []
        number = None
        for tile, mover, turn_number, *_rest in self._plies[ply:]:
            if turn_number == number:
                found[-1] = (mover, (*found[-1][1], tile))
            else:
                found.append((mover, (tile,)))
                number = turn_number
        return found

    @property
    def over(self) -> bool:
        return self.draw or self.winner is not None

    def position(self) -> Position:
        """The tiles laid, as a position."""
        return Position({c: Orientation.from_tip(t) for c, t in self.tiles.items()})

    def tiles_this_turn(self) -> int:
        """How many tiles the turn starting now lays (fewer only to complete a creature)."""
        wanted = 1 if self.turn_number <= 2 and self.opening is Opening.ONE_ONE_TWO else 2
        left = self.tiles_left
        return wanted if left is None or left >= wanted else left

    def left_after(self, laid: int) -> int | None:
        """The supply once ``laid`` more tiles are laid."""
        return None if self.tiles_left is None else self.tiles_left - laid

    def laid_around(self, cell: Cell) -> int:
        """How many of the six neighbours of ``cell`` hold a tile (6: a single hole)."""
        key = cell[0] * STRIDE + cell[1]
        if self._counting:
            return self.around.get(key, 0)
        cells = self._cells
        one, two, three, four, five, six = NEIGHBOUR_STEPS
        return (
            ((key + one) in cells)
            + ((key + two) in cells)
            + ((key + three) in cells)
            + ((key + four) in cells)
            + ((key + five) in cells)
            + ((key + six) in cells)
        )

    def is_single_hole(self, cell: Cell) -> bool:
        """True when the six neighbours of the empty ``cell`` hold tiles."""
        return self.laid_around(cell) == 6

    def frontier(self) -> list[Cell]:
        """Empty cells next to a tile, sorted (cell 0,0 on the empty board)."""
        tiles = self.tiles
        if not tiles:
            return [(0, 0)]
        cells = self._cells
        around = self.around if self._counting else {k + s for k in cells for s in NEIGHBOUR_STEPS}
        return [key_cell(k) for k in sorted(k for k in around if k not in cells)]

    def holes(self, size: int = 2) -> list[frozenset[int]]:
        """The enclosed areas of at most ``size`` empty cells (as keys), largest first, then
        by their first cell: tiles that fill one may change what turns far away complete (the
        tactics' lemma); one turn fills at most two cells.

        Each such area holds a cell next to a tile, so a flood fill of the empty cells from
        each frontier cell, given up past ``size`` cells (that area is larger, or the outside),
        finds them all (the enclosed areas of :func:`~palago_tools.core.position
        .enclosed_areas` that are small enough)."""
        cells = self._cells
        if not cells:
            return []
        if self._counting:
            frontier: Iterable[int] = self.around
        else:
            frontier = {k + s for k in cells for s in NEIGHBOUR_STEPS}
        seen: set[int] = set()
        found: list[frozenset[int]] = []
        for start in frontier:
            if start in cells or start in seen:
                continue
            area = {start}
            stack = [start]
            while stack and len(area) <= size:
                key = stack.pop()
                for step in NEIGHBOUR_STEPS:
                    n = key + step
                    if n not in cells and n not in area:
                        area.add(n)
                        stack.append(n)
            seen |= area
            if len(area) <= size:
                found.append(frozenset(area))
        found.sort(key=lambda a: (-len(a), min(a)))
        return found

    def _count_around(self, key: int, step: int) -> None:
        around = self.around
        for s in NEIGHBOUR_STEPS:
            n = key + s
            count = around.get(n, 0) + step
            if count:
                around[n] = count
            else:
                del around[n]

    # Single tiles, with no rule ------------------------------------------------------------
    def place(self, tile: Tile) -> list[Creature]:
        """Lay ``tile`` on its empty cell with no rule checked (the turn's state unchanged);
        return the creatures it completed. :meth:`remove` takes it back."""
        cell, tip = tile.cell, tile.tip
        done = self.live.place(tile)
        self.hash ^= zobrist(cell, tip)
        if self._counting:
            self._count_around(cell[0] * STRIDE + cell[1], 1)
        return done

    def remove(self, cell: Cell) -> None:
        """Take the tile off ``cell`` (the last one :meth:`place` laid, for the index to take
        it back in the time it took to lay)."""
        self.hash ^= zobrist(cell, self.tiles[cell])
        self.live.remove(cell)
        if self._counting:
            self._count_around(cell[0] * STRIDE + cell[1], -1)

    # Plies: make and unmake ----------------------------------------------------------------
    def make(self, tile: Tile) -> list[Creature]:
        """Lay ``tile`` as the next ply (a tile of :meth:`legal_tiles`, or checked by
        :meth:`play`); return the creatures it completed."""
        self._plies.append(
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
        done = self.live.lay(cell, tip)
        if self._counting:
            self._count_around(cell[0] * STRIDE + cell[1], 1)
        # zobrist(cell, code), looked up without a call where the key is made already.
        h = self.hash ^ (KEYS[tip].get(cell) or zobrist(cell, tip))
        pending = self.pending
        if pending is not None:
            h ^= KEYS[1].get(pending.cell) or zobrist(pending.cell, 1)
        if self.tiles_left is not None:
            self.tiles_left -= 1
        self.turn_left -= 1
        if done:
            first = done[0].colour
            both = any(c.colour is not first for c in done)
            self.winner = self.mover.other if both else first
            self.pending = None
            self.turn_number += 1
        elif self.turn_left == 0:
            self.pending = None
            self.turn_number += 1
            if self.tiles_left == 0:
                self.draw = True
            else:
                self.mover = self.mover.other
                self.turn_left = self.tiles_this_turn()
                h ^= BLUE_KEY
        else:
            self.pending = tile
            h ^= KEYS[1].get(cell) or zobrist(cell, 1)
        self.hash = h
        return done

    def unmake(self) -> None:
        """Take the last ply back."""
        tile, mover, number, turn_left, pending, h, winner, draw = self._plies.pop()
        cell = tile.cell
        self.live.lift(cell)
        if self._counting:
            self._count_around(cell[0] * STRIDE + cell[1], -1)
        if self.tiles_left is not None:
            self.tiles_left += 1
        self.mover, self.turn_number, self.turn_left, self.pending = (
            mover,
            number,
            turn_left,
            pending,
        )
        self.hash, self.winner, self.draw = h, winner, draw

    def completes(self, tile: Tile) -> bool:
        """True when ``tile``, laid as the next ply, completes a creature (of either colour)."""
        done = bool(self.make(tile))
        self.unmake()
        return done

    # Turns: every rule checked -------------------------------------------------------------
    def play(self, turn: Sequence[Tile]) -> tuple[Creature, ...]:
        """Lay the tiles of one turn in order, checking every rule; return the creatures its
        last tile completed. An illegal turn raises :class:`~palago_tools.errors
        .IllegalMoveError` naming the rule broken and leaves the board as it was."""
        around = self._check_shape(turn)
        last = len(turn) - 1
        done: list[Creature] = []
        for index, tile in enumerate(turn):
            done = self.make(tile)
            # Single holes are judged as the turn begins: a hole the turn itself closes is free.
            if around[index] == 6 and not done:
                self._take_back(index + 1)
                raise IllegalMoveError(
                    "single-hole",
                    f"{tile} fills a single hole; a single hole may only take a tile that "
                    "completes a creature",
                    index,
                )
            if done and index < last:
                self._take_back(index + 1)
                raise IllegalMoveError(
                    "game-ended",
                    f"{tile} completed a creature and ended the game; "
                    f"{turn[index + 1]} may not follow it",
                    index + 1,
                )
        if self.pending is not None:
            self._take_back(len(turn))
            raise IllegalMoveError(
                "two-tiles",
                f"turn {self.turn_number} lays one tile ({turn[0]}); a turn lays two tiles, "
                "one alone only when it completes a creature",
            )
        return tuple(done)

    def try_play(self, turn: Sequence[Tile]) -> list[Creature] | None:
        """:meth:`play` for a search: the creatures completed, or ``None`` (nothing laid) when
        the turn is not legal."""
        try:
            return list(self.play(turn))
        except IllegalMoveError:
            return None

    def is_legal(self, turn: Sequence[Tile]) -> bool:
        """Whether :meth:`play` would take ``turn`` now (the board is left as it was)."""
        if self.try_play(turn) is None:
            return False
        self._take_back(len(turn))
        return True

    def undo(self, turn: Sequence[Tile]) -> None:
        """Take back ``turn``, the last turn :meth:`play` laid."""
        self._take_back(len(turn))

    def _take_back(self, plies: int) -> None:
        for _ in range(plies):
            self.unmake()

    def _check_shape(self, turn: Sequence[Tile]) -> list[int]:
        """The rules on the number of tiles and where they lie, before any is laid; return how
        many tiles lie around each cell as the turn begins."""
        if len(turn) == 2 == self.turn_left and self.pending is None and self.winner is None:
            # The common turn, two tiles on two empty cells side by side, one touching the
            # palago: passed here in a few steps (turn_left is 2, so the game is not over and
            # the supply holds them); anything else is judged below, rule by rule.
            one, two = turn
            if isinstance(one, Tile) and isinstance(two, Tile):
                first, second = one.cell, two.cell
                tiles = self.tiles
                if (
                    first not in tiles
                    and second not in tiles
                    and (second[0] - first[0], second[1] - first[1]) in _STEPS
                ):
                    around = [self.laid_around(first), self.laid_around(second)]
                    if around[0] or around[1] or not tiles:
                        return around
        if self.over:
            raise GameOverError("game-over", "the game is over")
        if self.pending is not None:
            raise IllegalMoveError("turn", "a turn is in progress: its second tile is to come")
        if not turn:
            raise IllegalMoveError("no-tiles", f"turn {self.turn_number} lays no tile")
        for tile in turn:
            if not isinstance(tile, Tile):
                require(tile, Tile, "a tile to lay")
        left = self.tiles_left
        if left is not None and len(turn) > left:
            raise IllegalMoveError(
                "supply",
                f"turn {self.turn_number} lays {len(turn)} tiles but only "
                f"{left} {'is' if left == 1 else 'are'} left in the supply",
            )
        wanted = self.turn_left  # tiles_this_turn(), kept by make as each turn begins
        if len(turn) > wanted:
            raise IllegalMoveError(
                "too-many-tiles",
                f"turn {self.turn_number} lays {len(turn)} tiles; "
                f"this turn lays {'one tile' if wanted == 1 else 'two tiles'}",
            )
        tiles = self.tiles
        first = turn[0].cell
        if first in tiles or (len(turn) == 2 and turn[1].cell in tiles):
            index = 0 if first in tiles else 1
            tile = turn[index]
            raise IllegalMoveError(
                "occupied", f"{tile}: cell {cell_text(tile.cell)} already holds a tile", index
            )
        if len(turn) == 2:
            second = turn[1].cell
            if second == first:
                raise IllegalMoveError(
                    "occupied", f"{turn[1]}: cell {cell_text(second)} already holds a tile", 1
                )
            if (second[0] - first[0], second[1] - first[1]) not in _STEPS:
                raise IllegalMoveError(
                    "touch-each-other",
                    f"tile {turn[1]} does not touch the other tile placed this turn ({turn[0]})",
                    1,
                )
        count = self.laid_around
        around = [count(first)] if len(turn) == 1 else [count(first), count(second)]
        if tiles and not any(around):
            what = "tile" if len(turn) == 1 else "tiles"
            raise IllegalMoveError(
                "touch-palago",
                f"{what} {' '.join(t.token for t in turn)} do not touch the palago; "
                "at least one tile of a turn must touch it",
            )
        return around

    # Legal tiles and turns -----------------------------------------------------------------
    def lone_completions(self) -> dict[Tile, tuple[Creature, ...]]:
        """The tiles that, laid alone now, complete something, with what they complete (each
        on a one-cell spot, where the index says a tile closes a region)."""
        found: dict[Tile, tuple[Creature, ...]] = {}
        if self._index is None:  # every tile on the frontier, laid and lifted
            live = self.live
            for cell in self.frontier() if self.tiles else ():
                for tile in tiles_on(cell):
                    done = live.lay(cell, tile.tip)
                    live.lift(cell)
                    if done:
                        found[tile] = tuple(done)
            return found
        for key in self.sites()[0]:
            for turn, creatures in self.completions_at((key,)):
                found[turn[0]] = creatures
        return found

    def legal_tiles(self) -> list[Tile]:
        """Every tile the next ply may lay, as a search lays a turn: a turn's first tile on the
        frontier (a pair whose first tile lies farther out is the same tiles laid the other way
        round, or, where the frontier tile wins alone, a win no better than that tile alone), in
        a single hole only a tile that completes a creature; the second tile next to the
        first."""
        if self.over:
            return []
        tiles = self.tiles
        if self.pending is not None:
            q, r = self.pending.cell
            cells = [(q + dq, r + dr) for dq, dr in DIRECTIONS]
            return [t for c in sorted(cells) if c not in tiles for t in tiles_on(c)]
        found: list[Tile] = []
        for cell in self.frontier():
            if self.is_single_hole(cell):
                found.extend(t for t in tiles_on(cell) if self.completes(t))
            else:
                found.extend(tiles_on(cell))
        return found

    def legal_turns(self, lone: Collection[Tile] | None = None) -> Iterator[Turn]:
        """Every legal turn from the start of the mover's turn, each set of tiles once, in a
        legal order: frontier cell by frontier cell (sorted), each tile alone where it
        completes something (or where the turn lays one tile), else followed by each tile next
        to it; a pair whose first tile lies off the frontier only where its second tile
        completes something alone (that order is then the only legal one).

        A pair never touches a single hole (the hole's neighbours are all full), so single
        holes take only lone tiles, and only completing ones. ``lone``, when known, are the
        tiles that complete something alone (:meth:`lone_completions`)."""
        if self.over or self.pending is not None:
            return
        tiles = self.tiles
        wanted = self.tiles_this_turn()
        if wanted < 1:
            return
        one = wanted < 2
        if lone is None:
            lone = self.lone_completions()
        frontier = self.frontier()
        order = {cell: i for i, cell in enumerate(frontier)}
        for i, cell in enumerate(frontier):
            hole = self.is_single_hole(cell)
            q, r = cell
            neighbours = sorted(
                n for n in ((q + dq, r + dr) for dq, dr in DIRECTIONS) if n not in tiles
            )
            for tile in tiles_on(cell):
                if tile in lone:
                    yield (tile,)
                    if not one:  # laid second, after a tile off the frontier
                        for n in neighbours:
                            if n not in order:
                                for first in tiles_on(n):
                                    yield (first, tile)
                    continue
                if one:
                    if not hole:
                        yield (tile,)
                    continue
                if hole:
                    continue
                for n in neighbours:
                    earlier = order.get(n, len(frontier)) < i
                    for second in tiles_on(n):
                        if earlier and second not in lone:
                            continue  # laid already, that tile first
                        yield (tile, second)

    # Completions, wins and threats (computed in :mod:`palago_tools.core.completions`) -------
    def sites(self) -> tuple[list[int], list[tuple[int, int]]]:
        """Where a turn can complete something: :func:`~palago_tools.core.completions.sites`."""
        return sites(self.index)

    def completions_at(self, site: Site, seconds: frozenset[int] | None = None) -> list[Completion]:
        """:func:`~palago_tools.core.completions.completions_at` on this board."""
        return completions_at(self.live, self.index, site, seconds)

    def zone_keys(self, keys: Iterable[int]) -> set[int]:
        """:meth:`zone` of cells named by keys, as keys."""
        return zone_keys(self.index, keys)

    def zone(self, cells: Iterable[Cell]) -> set[Cell]:
        """Where a tile can change what a turn on ``cells`` completes (the lemma of
        :mod:`palago_tools.tactics.search`): the cells, their neighbours, and the gaps of every
        region that needs one of them."""
        return {key_cell(k) for k in zone_keys(self.index, (cell_key(c) for c in cells))}

    def baseline(self, base: Snapshot | None = None, laid: Iterable[Cell] = ()) -> Snapshot:
        """What every site completes now, with the zone of each, for :meth:`completions` after
        a few more tiles; from an earlier snapshot ``base`` where the tiles on ``laid`` cannot
        have changed it (:func:`~palago_tools.core.completions.baseline`)."""
        return baseline(self, base, laid)

    def completions(
        self,
        base: Snapshot | None = None,
        laid: Iterable[Cell] = (),
        *,
        both: bool = True,
        stop: Colour | None = None,
    ) -> list[Completion]:
        """Every legal turn whose last tile completes creatures (of either colour), with them:
        :func:`~palago_tools.core.completions.completions` (``base`` and ``laid``: what a
        snapshot taken before the tiles on ``laid`` still says; ``stop``: up to the first win
        of that colour found)."""
        return completions(self, base, laid, both=both, stop=stop)

    def wins(self, colour: Colour | None = None) -> tuple[Win, ...]:
        """Every turn with which ``colour`` (the side to move if omitted) would win at once,
        were it to start a turn now."""
        if self.over or self.pending is not None:
            return ()
        return wins_for(colour or self.mover, self.completions(both=False))

    def threats(
        self,
        mover: Colour | None = None,
        base: Snapshot | None = None,
        since: int = 0,
        *,
        any_win: bool = False,
    ) -> Threats:
        """The immediate wins of ``mover`` (the side to move if omitted) and of the other side
        (the threats to block), were ``mover`` to start a turn now. ``base``: a
        :meth:`baseline` taken when :attr:`ply` was ``since``, at the start of a turn (what it
        says of the sites the tiles laid since then cannot have changed is kept).
        ``any_win``: stop at the first winning turn of ``mover`` found, for a caller that only
        asks whether the mover wins at once: ``wins`` then holds that turn alone (perhaps one
        that :meth:`wins` leaves out, a pair whose second tile wins alone) and ``to_block`` is
        empty, not searched; without a win the answer is the whole one."""
        mover = mover or self.mover
        if self.over or self.pending is not None:
            return Threats(mover, (), ())
        laid = [t.cell for t in self.laid_since(since)] if base is not None else ()
        found = self.completions(base, laid, both=False, stop=mover if any_win else None)
        if any_win and found:
            last_turn, last = found[-1]
            if all(c.colour is mover for c in last):
                return Threats(mover, (Win(last_turn, last),), ())
        return Threats(mover, wins_for(mover, found), wins_for(mover.other, found))

    def threat_cells(self, colour: Colour) -> frozenset[Cell]:
        """The cells of the immediate wins of ``colour``: where the other side must block."""
        return frozenset(c for w in self.wins(colour) for c in w.cells)


def adjacent_keys(a: int, b: int) -> bool:
    """Whether the cells named ``a`` and ``b`` are neighbours."""
    return (a - b) in NEIGHBOUR_KEYS
