"""The engine's search: alpha-beta over tile plies with iterative deepening, a transposition
table and a quiescence search of the spots.

A ply lays one tile, so a turn is two plies; the score of a node is for the side to move there,
and a child of the same side (the turn's second tile) keeps the sign and the window. The table
is keyed by the board's Zobrist hash (tiles, side to move, the first tile of a turn in progress),
so the two orders of a pair meet in one entry. Beyond the nominal depth, only tiles on spots
(cells where one turn can close a region) are searched, with the evaluation as the stand-pat
score; a win found ``n`` plies down scores ``WIN - n``.

Move ordering, from the closability index: the table's tile, tiles that close a region with a
straight (wins, and blocks of one-cell threats), tiles on spots (threats to make or to block),
tiles on the gaps of nearly closed regions, then the rest; ties keep the order the caller gave
(a seeded shuffle: the engine is deterministic for a seed). The budget is nodes or seconds; the
first full turn (two plies) is always searched whatever the budget, so that a win or a needed
block is never cut off.
"""

from __future__ import annotations

import heapq
import time
from collections.abc import Generator, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Final

from ..core.regions import STRIDE, key_cell
from ..core.tiles import Colour, Tile
from ..core.turns import Snapshot
from ..errors import ArgumentError
from .board import NEIGHBOUR_KEYS, SearchBoard, Turn, closing_tiles
from .evaluation import REGION_LIMIT, SURE, WEIGHTS, WIN, Weights, evaluate

_EXACT, _LOWER, _UPPER = 0, 1, 2
_INFINITY: Final = WIN + 1
TABLE_LIMIT: Final = 400_000
"""Entries kept in the transposition table before it is emptied."""


@dataclass(frozen=True)
class Limits:
    """What one search may spend: full-width plies, quiescence plies beyond them, nodes and
    seconds (``None``: no limit)."""

    depth: int = 4
    quiescence: int = 2
    nodes: int | None = None
    seconds: float | None = None


@dataclass(frozen=True)
class SearchReport:
    """The turn found, its score for the mover, the depth searched, the nodes searched, the
    time taken and the principal variation (tiles, plies in order). An iteration the budget
    stopped counts when it finished its first root tile (the last iteration's best): its best
    among the tiles it finished is taken, so a node budget never falls back to a depth whose
    leaves are half-laid turns when the deeper one has a result."""

    turn: Turn
    score: int
    depth: int
    nodes: int
    seconds: float
    pv: tuple[Tile, ...] = field(default=())
    timed_out: bool = False
    """The deepening was stopped by its deadline (``Limits.seconds``)."""


class _OutOfBudget(Exception):
    """Raised inside the search when the budget is spent."""


class Searcher:
    """One search from the start of the mover's turn (see the module's docstring)."""

    def __init__(
        self,
        board: SearchBoard,
        limits: Limits,
        order: list[Tile] | None = None,
        *,
        table: dict[int, tuple[int, int, int, Tile | None]] | None = None,
        weights: Weights = WEIGHTS,
    ) -> None:
        self.board = board
        self.limits = limits
        self.weights = weights
        self.table = {} if table is None else table
        if len(self.table) > TABLE_LIMIT:
            self.table.clear()
        self.nodes = 0
        self._evaluations: dict[int, int] = {}
        self._root_order = order
        self._deadline: float | None = None
        self._budgeted = False
        self._base: Snapshot | None = None
        self._since = board.ply
        self._partial: tuple[int, Tile] | None = None
        self.timed_out = False
        self.kept: list[tuple[int, Turn]] = []
        """The best turns :meth:`best_by_first_turn` kept, with their scores, best first."""

    # The search ----------------------------------------------------------------------------
    def search(self) -> SearchReport:
        """Deepen until the limits are reached; the best turn of the deepest depth searched
        (:class:`SearchReport`)."""
        start = time.perf_counter()
        limits = self.limits
        if limits.seconds is not None:
            self._deadline = start + limits.seconds
        board = self.board
        first_tiles = self._root_order or board.legal_tiles()
        if not first_tiles:
            raise ArgumentError("the game is over: there is no turn to search")
        self._snapshot()
        best, score, depth_done = first_tiles[0], 0, 0
        for depth in range(1, max(1, limits.depth) + 1):
            self._budgeted = depth > 2
            self._partial = None
            try:
                score, best = self._root(depth, first_tiles)
            except _OutOfBudget:
                if self._partial is not None:  # the last best and any tile found better
                    (score, best), depth_done = self._partial, depth
                break
            depth_done = depth
            first_tiles = [best] + [t for t in first_tiles if t != best]
            if abs(score) >= SURE:
                break
        pv = self._pv(best)
        turn = pv[:1] if len(pv) < 2 or not self._same_turn(pv) else pv[:2]
        seconds = time.perf_counter() - start
        return SearchReport(turn, score, depth_done, self.nodes, seconds, pv, self.timed_out)

    def ranked(self) -> list[tuple[int, Turn]]:
        """Every turn from the root, each set of tiles once, with its score for the mover after
        the first full turn (a win, a loss, or the evaluation of the position it leaves), best
        first; ties in the root order. The evaluations :meth:`search` made are reused."""
        mover = self.board.mover
        self._snapshot()
        scored = [(self._leaf(mover, len(turn)), turn) for turn in self._turns(ordered=False)]
        scored.sort(key=lambda item: -item[0])
        return scored

    def best_by_first_turn(
        self, beta: int | None = None, first: Sequence[Turn] = (), keep: int = 0
    ) -> tuple[int, Turn]:
        """The mover's best turn with its score, as :meth:`ranked` scores them, stopping at the
        first turn that scores ``beta`` or more (its score is then a lower bound). The legal
        turns of ``first`` are tried first (the best replies found elsewhere: they often reach
        ``beta`` at once), then the rest, tiles that threaten or block first. The ``keep``
        best turns looked at, best first (ties in the order looked at), go to :attr:`kept`."""
        board = self.board
        mover = board.mover
        self._snapshot()
        found: Turn = ()
        best = -_INFINITY
        looked: list[tuple[int, Turn]] = []  # with ``keep``: every turn looked at, in order
        turns = self._turns(first, ordered=True)
        try:
            for turn in turns:
                self.nodes += 1
                value = self._leaf(mover, len(turn))
                if keep:
                    looked.append((value, turn))
                if value > best:
                    best, found = value, turn
                    if beta is not None and value >= beta:
                        break
        finally:
            turns.close()  # the tiles it holds laid are taken back now
        self.kept = heapq.nlargest(keep, looked, key=lambda item: item[0])  # stable: ties in order
        return best, found

    def _turns(self, first: Sequence[Turn] = (), *, ordered: bool) -> Generator[Turn, None, None]:
        """Every turn from the root, each set of tiles once, laid on the board while the caller
        has it (the caller leaves the board as it finds it, and closes the generator when it
        stops early, so that the tiles are taken back): the legal turns of ``first``, then the
        others, each tile in :meth:`_ordered`'s order when ``ordered``, else the first tiles in
        the root order and the second in the board's."""
        board = self.board
        tried: set[frozenset[Tile]] = set()
        for turn in first:
            if turn[0] not in board.legal_tiles():
                continue
            with _laid(board, turn[0]):
                if board.over or board.pending is None:
                    if frozenset(turn[:1]) not in tried:
                        tried.add(frozenset(turn[:1]))
                        yield turn[:1]
                elif len(turn) > 1 and turn[1] in board.legal_tiles():
                    if frozenset(turn) not in tried:
                        tried.add(frozenset(turn))
                        with _laid(board, turn[1]):
                            yield turn

        def order(tiles: list[Tile]) -> list[Tile]:
            return self._ordered(tiles, None) if ordered else tiles

        roots = board.legal_tiles() if ordered else self._root_order or board.legal_tiles()
        for one in order(roots):
            with _laid(board, one):
                if board.over or board.pending is None:
                    if frozenset((one,)) not in tried:
                        yield (one,)
                    continue
                for two in order(board.legal_tiles()):
                    key = frozenset((one, two))
                    if key not in tried:
                        tried.add(key)
                        with _laid(board, two):
                            yield (one, two)

    def _leaf(self, mover: Colour, ply: int) -> int:
        """The score for ``mover`` of the position reached, as the first full turn's leaves
        score it."""
        board = self.board
        if board.over:
            value = self._terminal(ply)
        else:
            value = self._evaluate()
        return value if board.mover is mover else -value

    def _same_turn(self, pv: tuple[Tile, ...]) -> bool:
        board = self.board
        board.make(pv[0])
        try:
            return board.pending is not None
        finally:
            board.unmake()

    def _root(self, depth: int, tiles: list[Tile]) -> tuple[int, Tile]:
        board = self.board
        alpha, beta = -_INFINITY, _INFINITY
        best_tile = tiles[0]
        mover = board.mover
        for tile in tiles:
            board.make(tile)
            try:
                if board.mover is mover:
                    value = self._negamax(depth - 1, alpha, beta, 1)
                else:
                    value = -self._negamax(depth - 1, -beta, -alpha, 1)
            finally:
                board.unmake()
            if value > alpha:
                alpha, best_tile = value, tile
            self._partial = alpha, best_tile
        self._store(depth, alpha, _EXACT, best_tile, 0)
        return alpha, best_tile

    def _count(self) -> None:
        self.nodes += 1
        if self._budgeted and not self.nodes & 15:  # the clock every 16 nodes, nodes every 128
            if self._deadline is not None and time.perf_counter() > self._deadline:
                self.timed_out = True
                raise _OutOfBudget
            limits = self.limits
            if not self.nodes & 127 and limits.nodes is not None and self.nodes > limits.nodes:
                raise _OutOfBudget

    def _terminal(self, ply: int) -> int:
        board = self.board
        if board.winner is None:
            return 0
        return WIN - ply if board.winner is board.mover else ply - WIN

    def _negamax(self, depth: int, alpha: int, beta: int, ply: int) -> int:
        self._count()
        board = self.board
        if board.over:
            return self._terminal(ply)
        if depth <= 0:
            return self._quiesce(alpha, beta, ply, self._quiescence())
        entry = self.table.get(board.hash)
        hint: Tile | None = None
        if entry is not None:
            stored_depth, flag, stored, hint = entry
            if stored_depth >= depth:
                value = _from_table(stored, ply)
                if (
                    flag == _EXACT
                    or (flag == _LOWER and value >= beta)
                    or (flag == _UPPER and value <= alpha)
                ):
                    return value
        original_alpha = alpha
        best, best_tile = -_INFINITY, None
        mover = board.mover
        for tile in self._ordered(board.legal_tiles(), hint):
            board.make(tile)
            try:
                if board.mover is mover:
                    value = self._negamax(depth - 1, alpha, beta, ply + 1)
                else:
                    value = -self._negamax(depth - 1, -beta, -alpha, ply + 1)
            finally:
                board.unmake()
            if value > best:
                best, best_tile = value, tile
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        if best_tile is None:  # no legal tile: cannot happen before the game is over
            return self._evaluate()
        flag = _UPPER if best <= original_alpha else _LOWER if best >= beta else _EXACT
        self._store(depth, best, flag, best_tile, ply)
        return best

    def _quiescence(self) -> int:
        """The quiescence plies a leaf gets: the limit's in the deeper iterations; none in the
        first full turn (searched whatever the budget), whose leaves all stand pat, so that
        every turn is scored alike and :meth:`ranked` agrees with it."""
        return self.limits.quiescence if self._budgeted else 0

    def _quiesce(self, alpha: int, beta: int, ply: int, left: int) -> int:
        board = self.board
        stand = self._evaluate()
        if left <= 0 or stand >= beta:
            return stand
        alpha = max(alpha, stand)
        best = stand
        mover = board.mover
        for tile in self._tactical_tiles():
            self._count()
            board.make(tile)
            try:
                if board.over:
                    value = self._terminal(ply + 1)
                elif board.mover is mover:
                    value = self._quiesce(alpha, beta, ply + 1, left - 1)
                else:
                    value = -self._quiesce(-beta, -alpha, ply + 1, left - 1)
            finally:
                board.unmake()
            if value > best:
                best = value
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        return best

    def _snapshot(self) -> None:
        """What the root's sites complete, once, for the evaluations below it to reuse."""
        board = self.board
        if self._base is None and board.pending is None and not board.over:
            self._base, self._since = board.baseline(), board.ply

    def _evaluate(self) -> int:
        """The evaluation, remembered by hash (both orders of a pair meet here too)."""
        key = self.board.hash
        value = self._evaluations.get(key)
        if value is None:
            if len(self._evaluations) > TABLE_LIMIT:
                self._evaluations.clear()
            value = self._evaluations[key] = evaluate(
                self.board, self.weights, self._base, self._since
            )
        return value

    def _tactical_tiles(self) -> list[Tile]:
        """Tiles on the spots of regions with a straight (next to the turn's first tile when
        one is down)."""
        index = self.board.index
        cells: set[int] = set()
        for root, gaps in index.spots():
            if index.straights(root):
                cells |= gaps
        if not cells:
            return []
        return [t for t in self.board.legal_tiles() if t.cell[0] * STRIDE + t.cell[1] in cells]

    # Ordering, the table and the principal variation ---------------------------------------
    def _ordered(self, tiles: list[Tile], hint: Tile | None) -> list[Tile]:
        """The table's tile first, then tiles that close a region with a straight (wins, and
        blocks of a one-cell threat), then by the regions whose gap cells they fill: ``36 /
        g²`` for a region with a straight and ``g`` gaps, four times for a spot (a threat to
        make or to block); ties in the caller's order."""
        index = self.board.index
        weight: dict[int, int] = {}
        singles: list[int] = []
        for root, gaps in index.open_regions():
            g = len(gaps)
            if g > REGION_LIMIT or not index.straights(root):
                continue
            if g == 1:
                value = 144
                singles.extend(gaps)
            elif g == 2:
                a, b = gaps
                value = 36 if a - b in NEIGHBOUR_KEYS else 9
            else:
                value = 36 // (g * g)
            for key in gaps:
                weight[key] = weight.get(key, 0) + value
        closing: set[Tile] = set()
        for key in singles:
            closing.update(closing_tiles(index, key_cell(key)))
        get = weight.get

        def rank(tile: Tile) -> int:
            q, r = tile.cell
            return -get(q * STRIDE + r, 0) - (1000 if tile in closing else 0)

        ordered = sorted(tiles, key=rank)
        if hint is not None and hint in tiles:
            ordered.remove(hint)
            ordered.insert(0, hint)
        return ordered

    def _store(self, depth: int, value: int, flag: int, tile: Tile | None, ply: int) -> None:
        self.table[self.board.hash] = (depth, flag, _to_table(value, ply), tile)

    def _pv(self, first: Tile) -> tuple[Tile, ...]:
        """The best tile, then the table's best tiles after it (at most eight plies)."""
        board = self.board
        line = [first]
        board.make(first)
        made = 1
        try:
            while made < 8 and not board.over:
                entry = self.table.get(board.hash)
                if entry is None or entry[3] is None or entry[3] not in board.legal_tiles():
                    if made == 1 and board.pending is not None:
                        line.append(self._second_tile())
                        break
                    break
                line.append(entry[3])
                board.make(entry[3])
                made += 1
        finally:
            for _ in range(made):
                board.unmake()
        return tuple(line)

    def _second_tile(self) -> Tile:
        """The best second tile when the table holds none (a search one ply deep)."""
        board = self.board
        mover = board.mover
        best, best_tile = -_INFINITY, None
        for tile in board.legal_tiles():
            board.make(tile)
            try:
                if board.over:
                    value = self._terminal(1)
                else:
                    value = self._evaluate()
                    value = value if board.mover is mover else -value
            finally:
                board.unmake()
            if value > best:
                best, best_tile = value, tile
        assert best_tile is not None
        return best_tile


@contextmanager
def _laid(board: SearchBoard, tile: Tile) -> Iterator[None]:
    """``tile`` laid on ``board`` while the block runs, taken back after."""
    board.make(tile)
    try:
        yield
    finally:
        board.unmake()


def _to_table(value: int, ply: int) -> int:
    if value >= SURE:
        return value + ply
    if value <= -SURE:
        return value - ply
    return value


def _from_table(value: int, ply: int) -> int:
    if value >= SURE:
        return value - ply
    if value <= -SURE:
        return value + ply
    return value
