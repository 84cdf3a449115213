"""Forcing wins: forced wins in three that go through a threat.

A **forcing win** of the mover is a turn that completes nothing, hands the opponent no
immediate win and makes a threat, after which every legal reply of the opponent loses at once,
leaves the mover an immediate win, or leaves the mover a fork (:func:`~palago_tools.tactics
.forced_wins`). A fork is a forcing win whose replies all leave an immediate win; search forks
first. Turns that make no threat are not searched: the opponent could then reply anywhere, and
the search would be every reply times a fork search.

The replies are those of a fork's proof (:mod:`palago_tools.tactics.search`): a reply that
misses the zone of a threat and fills no hole leaves that threat, so only replies near every
threat are laid (near its tight zone: :func:`~palago_tools.tactics.search.tight_zone`, here
and in the fork examinations), and only after those that leave no immediate win does the mover
need a fork.
Forks found after one reply are tried first after the next (a threat is usually answered by a
few blocks, and one fork often beats them all), and a reply after which no fork was found (it
refuted a candidate) is tried first against the next candidate: a refutation costs a fork
search through every candidate, and each fork found before it is spent for nothing. What one
search learns this way it can hand to the next (:class:`ForcingMemory`: the engine's guard
searches the same side after each of its turns). The search costs tens to hundreds of fork
examinations per candidate; ``budget`` caps the examinations (a count, so the result is the
same on every machine).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from ..core.board import Board
from ..core.hexgrid import distance
from ..core.position import Position
from ..core.tiles import Colour, Tile
from ..core.turns import Snapshot, Turn
from .search import (
    REFUTATIONS_KEPT,
    _Defence,
    _Search,
    board_of,
    candidate_turns,
    threat_defence,
)


@dataclass(frozen=True)
class ForcingSearch:
    """What :func:`forcing_wins` found: the winning turns, the fork examinations spent, and
    whether every candidate was gone through (not stopped by the budget, the time or the
    limit)."""

    wins: tuple[Turn, ...]
    examined: int
    complete: bool


@dataclass
class ForcingMemory:
    """What forcing searches of one side have learnt, for the next (on a like position): the
    forks that won after a reply, the replies that refuted a candidate, and those that refuted
    a turn examined for a fork, the latest first."""

    forks: list[Turn] = field(default_factory=list)
    refutations: list[Turn] = field(default_factory=list)
    defences: list[Turn] = field(default_factory=list)
    """Replies of the other side that refuted a fork's candidate (tried first against the
    next one: :class:`~palago_tools.tactics.search._Search`)."""


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
    memory: ForcingMemory | None = None,
) -> ForcingSearch:
    """The forcing wins of ``mover`` (see the module's docstring), at most ``limit`` of them
    and within ``budget`` fork examinations (and ``seconds`` of the clock on the wall, when
    given); of two orders of the same tiles, one.
    ``memory``: what earlier searches of ``mover`` learnt, tried first, and kept up to date.
    Call :func:`~palago_tools.tactics.immediate_wins` first: a side that can win at once is not
    searched correctly here."""
    deadline = None if seconds is None else time.monotonic() + seconds
    board = board_of(position, mover, tiles_left)
    return _Forcing(board, mover, budget, deadline, memory or ForcingMemory()).run(limit)


class _Forcing:
    def __init__(
        self,
        board: Board,
        mover: Colour,
        budget: int | None,
        deadline: float | None,
        memory: ForcingMemory,
    ) -> None:
        self.board = board
        self.mover = mover
        self.budget = budget
        self.deadline = deadline
        self.spent = 0
        self.known = memory.forks
        """Forks that won after an earlier reply, the latest first."""
        self.refuting = memory.refutations
        """Replies that refuted an earlier candidate, the latest first."""
        self.defences = memory.defences

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
            defence = threat_defence(board, mover, base, [t.cell for t in turn])
            return defence is not None and self._every_reply_loses(defence)
        finally:
            board.undo(turn)

    def _every_reply_loses(self, defence: _Defence) -> bool:
        """Whether every legal reply loses at once or leaves the mover an immediate win or a
        fork. The replies that refuted earlier candidates come first, then those that take a
        cell of every threat (the likeliest defences); of the replies that leave no immediate
        win, those nearest the fork found last are searched first (a reply away from it leaves
        that fork standing, most often: the refutation, when there is one, is near it)."""
        open_ = defence.open_replies([r for r in self.refuting if self.board.is_legal(r)])
        if open_ is None:
            return False
        ordered_for: Turn | None = None
        while open_:
            if self.known and self.known[0] is not ordered_for:
                ordered_for = self.known[0]
                open_.sort(key=_distance_to(ordered_for))
            reply = open_.pop(0)
            answer = defence.answer(reply)
            if answer is None and not self._fork_after(reply):
                if reply in self.refuting:
                    self.refuting.remove(reply)
                self.refuting.insert(0, reply)
                del self.refuting[REFUTATIONS_KEPT:]
                return False
        return True

    def _fork_after(self, reply: Turn) -> bool:
        """Whether the mover has a fork once ``reply`` (legal, leaving no immediate win) is
        laid: the known forks first, then the candidates nearest the reply (a fork that beats
        a block is most often made next to it)."""
        board = self.board
        board.try_play(reply)
        try:
            search = _Search(board, self.mover, self.defences)
            for turn in list(self.known):
                if self._forks(search, turn):
                    self.known.remove(turn)
                    self.known.insert(0, turn)
                    return True
            tried = {frozenset(m) for m in self.known}
            for turn in sorted(
                candidate_turns(board, self.mover),
                key=_distance_to(reply),
            ):
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
        return search.forks(turn)


def _distance_to(turn: Turn) -> Callable[[Turn], int]:
    """The distance of a turn from ``turn``: of their nearest cells."""
    cells = [t.cell for t in turn]

    def key(other: Turn) -> int:
        return min(distance(t.cell, c) for t in other for c in cells)

    return key
