"""Forcing wins: forced wins in three that go through a threat.

A **forcing win** of the mover is a turn that completes nothing, hands the opponent no
immediate win and makes a threat, after which every legal reply of the opponent loses at once,
leaves the mover an immediate win, or leaves the mover a fork (:func:`~palago_tools.tactics
.forced_wins`). A fork is a forcing win whose replies all leave an immediate win; search forks
first. Turns that make no threat are not searched: the opponent could then reply anywhere, and
the search would be every reply times a fork search.

The replies are those of a fork's proof (:mod:`palago_tools.tactics.search`): a reply that
misses the zone of a threat and fills no hole leaves that threat, so only replies near every
threat are laid, and only after those that leave no immediate win does the mover need a fork.
Forks found after one reply are tried first after the next (a threat is usually answered by a
few blocks, and one fork often beats them all). The search costs tens to hundreds of fork
examinations per candidate; ``budget`` caps the examinations (a count, so the result is the
same on every machine).
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from ..core.board import Board
from ..core.position import Position
from ..core.tiles import Colour, Tile
from ..core.turns import Snapshot, Turn, colours_of, wins_for
from .results import Fork
from .search import _Defence, _Search, board_of, candidate_turns


@dataclass(frozen=True)
class ForcingSearch:
    """What :func:`forcing_wins` found: the winning turns, the fork examinations spent, and
    whether every candidate was gone through (not stopped by the budget, the time or the
    limit)."""

    wins: tuple[Turn, ...]
    examined: int
    complete: bool


class _Spent(Exception):
    """The budget of examinations is spent."""


def forcing_wins(
    position: Position | Board,
    mover: Colour,
    *,
    tiles_left: int | None = None,
    limit: int | None = None,
    budget: int | None = None,
    seconds: float | None = None,
) -> ForcingSearch:
    """The forcing wins of ``mover`` (see the module's docstring), at most ``limit`` of them
    and within ``budget`` fork examinations (and ``seconds`` of the clock on the wall, when
    given); of two orders of the same tiles, one. Call
    :func:`~palago_tools.tactics.immediate_wins` first: a side that can win at once is not
    searched correctly here."""
    deadline = None if seconds is None else time.monotonic() + seconds
    return _Forcing(board_of(position, mover, tiles_left), mover, budget, deadline).run(limit)


class _Forcing:
    def __init__(
        self, board: Board, mover: Colour, budget: int | None, deadline: float | None = None
    ) -> None:
        self.board = board
        self.mover = mover
        self.budget = budget
        self.deadline = deadline
        self.spent = 0
        self.known: list[Turn] = []
        """Forks that won after an earlier reply, the latest first."""

    def run(self, limit: int | None) -> ForcingSearch:
        board = self.board
        base = board.baseline()
        seen: set[frozenset[Tile]] = set()
        found: list[Turn] = []
        try:
            for turn in candidate_turns(board, self.mover):
                key = frozenset(turn)
                if key in seen:
                    continue
                seen.add(key)
                if self._wins(turn, base):
                    found.append(turn)
                    if limit is not None and len(found) >= limit:
                        return ForcingSearch(tuple(found), self.spent, False)
        except _Spent:
            return ForcingSearch(tuple(found), self.spent, False)
        return ForcingSearch(tuple(found), self.spent, True)

    def _wins(self, turn: Turn, base: Snapshot) -> bool:
        """Whether ``turn`` is a forcing win (the board is left as it was)."""
        board, mover = self.board, self.mover
        laid = board.try_play(turn)
        if laid is None:
            return False
        try:
            left = board.left_after(0)
            if laid or (left is not None and left < 1):
                return False
            cells = [t.cell for t in turn]
            outcomes = board.completions(base, cells, both=False)
            threats = wins_for(mover, outcomes)
            if not threats or wins_for(mover.other, outcomes):
                return False
            defence = _Defence(board, mover, threats, board.completions(base, cells), (base, cells))
            return self._every_reply_loses(defence)
        finally:
            board.undo(turn)

    def _every_reply_loses(self, defence: _Defence) -> bool:
        """Whether every legal reply loses at once or leaves the mover an immediate win or a
        fork; the replies that take a cell of every threat first (the likeliest defences)."""
        defender = self.mover.other
        done: set[frozenset[Tile]] = set()
        singles = {m[0] for m in defence.completed if len(m) == 1}
        for reply in (*defence.hot(), *self.board.legal_turns(singles)):
            key = frozenset(reply)
            if key in done:
                continue
            completed = defence.completion(reply)
            if completed is not None:
                if colours_of(completed) == {defender}:
                    return False
                continue
            if defence.safe(reply) is not None:
                continue
            answer = defence.answer(reply)
            if answer is False:
                continue
            done.add(key)
            if answer is None and not self._fork_after(reply):
                return False
        return True

    def _fork_after(self, reply: Turn) -> bool:
        """Whether the mover has a fork once ``reply`` (legal, leaving no immediate win) is
        laid."""
        board = self.board
        board.try_play(reply)
        try:
            search = _Search(board, self.mover)
            for turn in list(self.known):
                if self._forks(search, turn):
                    self.known.remove(turn)
                    self.known.insert(0, turn)
                    return True
            tried = {frozenset(m) for m in self.known}
            for turn in candidate_turns(board, self.mover):
                key = frozenset(turn)
                if key in tried:
                    continue
                tried.add(key)
                if self._forks(search, turn):
                    self.known.insert(0, turn)
                    return True
            return False
        finally:
            board.undo(reply)

    def _forks(self, search: _Search, turn: Turn) -> bool:
        if self.budget is not None and self.spent >= self.budget:
            raise _Spent
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise _Spent
        self.spent += 1
        return isinstance(search.examine(turn), Fork)
