"""Threat-space search: forced wins of ``k`` turns through sequences of threats.

A **threat-space win in k turns** (``k`` ≥ 2) of the side to move (the attacker) is a turn that
completes nothing, leaves the other side no immediate win and makes a threat (the attacker,
were it to move again, would win at once), after which every legal reply of the defender
either completes something and loses (creatures of the attacker's colour, or of both
colours), leaves the attacker an immediate win, or leaves the attacker a threat-space win in
``k - 1`` turns. A win in one is an immediate win, so a win in two is a fork
(:func:`~palago_tools.tactics.forced_wins`) and a win in three a forcing win
(:func:`~palago_tools.tactics.forcing_wins`); a win in fewer turns is a win in more. As there,
a turn that makes no threat is not searched (a zugzwang win is not found), and a side that can
win at once is not searched correctly: call :func:`~palago_tools.tactics.immediate_wins` first.

Nothing here generates turns or computes wins a second way: the attacker's turns are
:func:`~palago_tools.tactics.search.candidate_turns` (every turn that can make a threat), a win in
two is :meth:`_Search.forks <palago_tools.tactics.search._Search.forks>`, and the replies are
those of a fork's proof (:class:`~palago_tools.tactics.search._Defence`: only replies near every
threat are laid, the others leave a threat standing by the zones' lemma), each laid reply
followed by the search one turn shorter.

**Transpositions.** What the search learns of a position (the attacker to move, no immediate
win) is kept by the board's hash, the supply and the attacker: the fewest turns in which a win
was proved, and the most in which none exists. A win in ``j`` turns is a win in every ``k`` ≥
``j``, and no win in ``k`` means none in fewer, so one entry answers every depth it settles.
Inside a position, the turns that won after a sibling reply are tried first, then the
candidates nearest the reply, each depth from two upwards (a short win is cheap to prove and
found before a long one is tried); the replies that refuted a turn at the same depth are tried
first against the next.

**The budget** is a count of examinations: every turn of the attacker examined, at any depth
(the root's candidates included), so a result is the same on every machine; a search stopped by
it (or by ``seconds`` on the clock, when given) says it is not complete, with the wins proved so
far.

**Memory.** A :class:`ThreatSpaceMemory` given to successive searches of one attacker keeps the
table and the orderings between them (the engine keeps one per side for a game): the table's
entries are facts about exact positions, true in any later search, and an entry proved keeps the
turn that proved it, so a win started can be finished (:meth:`ThreatSpaceMemory.win`).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Final

from ..core.board import Board
from ..core.position import Position
from ..core.tiles import Colour, Tile
from ..core.turns import Turn
from ..errors import ArgumentError
from .forcing import _distance_to
from .search import (
    REFUTATIONS_KEPT,
    _Defence,
    _Search,
    board_of,
    candidate_turns,
    threat_defence,
)


@dataclass(frozen=True)
class ThreatSpaceSearch:
    """What :func:`threat_space_wins` found: the winning first turns (in the order found), the
    depth searched (turns), the examinations spent, and whether every candidate was gone
    through (not stopped by the budget, the seconds or the limit)."""

    wins: tuple[Turn, ...]
    depth: int
    examined: int
    complete: bool
    positions: int = 0
    """Positions whose verdict the transposition table holds at the end (with a memory, all
    that the memory holds)."""


@dataclass
class _Entry:
    proven: int | None = None
    """The fewest turns in which a win was proved."""
    disproven: int = 1
    """The most turns in which no win exists (1: the attacker has no immediate win)."""
    turn: Turn | None = None
    """The attacker's turn that proved the win in ``proven`` turns."""


MEMORY_LIMIT: Final = 200_000
"""Positions a :class:`ThreatSpaceMemory` keeps before a search empties it."""


@dataclass
class ThreatSpaceMemory:
    """What threat-space searches of one attacker learnt, for the next (see the module's
    docstring): the table of positions, and the turns and replies that won and refuted."""

    table: dict[tuple[int, int | None, Colour], _Entry] = field(default_factory=dict)
    known: dict[int, list[Turn]] = field(default_factory=dict)
    """By depth: the turns that won at that depth after an earlier reply, the latest first."""
    refuting: dict[int, list[Turn]] = field(default_factory=dict)
    """By depth: the replies that refuted a turn of that depth, the latest first."""
    defences: list[Turn] = field(default_factory=list)
    """Replies that refuted a fork's candidate (shared by every fork examination)."""
    last: Turn | None = None
    """The turn that won last after a reply (the replies nearest it are laid first: a reply
    away from it leaves it standing, most often)."""

    def win(self, board: Board, attacker: Colour) -> tuple[int, Turn] | None:
        """A win of ``attacker`` (to move on ``board``) that an earlier search proved, in the
        fewest turns it knows, with the turn that proved it; ``None`` when none is known."""
        entry = self.table.get((board.hash, board.tiles_left, attacker))
        if entry is None or entry.proven is None or entry.turn is None:
            return None
        return entry.proven, entry.turn


class _Spent(Exception):
    """The budget of examinations is spent."""


def threat_space_wins(
    position: Position | Board,
    mover: Colour,
    *,
    depth: int = 3,
    tiles_left: int | None = None,
    limit: int | None = None,
    budget: int | None = None,
    seconds: float | None = None,
    memory: ThreatSpaceMemory | None = None,
) -> ThreatSpaceSearch:
    """The threat-space wins of ``mover`` in at most ``depth`` turns (see the module's
    docstring), at most ``limit`` of them, within ``budget`` examinations and ``seconds`` of the
    clock on the wall; of two orders of the same tiles, one. ``depth`` 2 gives the forks, 3 the
    forcing wins. ``memory``: what earlier searches of ``mover`` in this game learnt, kept up to
    date. A board is searched in place and left as it was."""
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 2:
        raise ArgumentError(f"the depth of a threat-space search is a whole number ≥ 2: {depth!r}")
    board = board_of(position, mover, tiles_left)
    if memory is None:
        memory = ThreatSpaceMemory()
    elif len(memory.table) > MEMORY_LIMIT:
        memory.table.clear()
    deadline = None if seconds is None else time.monotonic() + seconds
    return _ThreatSpace(board, mover, budget, deadline, memory).run(depth, limit)


class _ThreatSpace:
    def __init__(
        self,
        board: Board,
        attacker: Colour,
        budget: int | None,
        deadline: float | None,
        memory: ThreatSpaceMemory,
    ) -> None:
        self.board = board
        self.attacker = attacker
        self.budget = budget
        self.deadline = deadline
        self.spent = 0
        self.memory = memory
        self.table = memory.table
        self.known = memory.known
        self.refuting = memory.refuting
        self.defences = memory.defences

    def run(self, depth: int, limit: int | None) -> ThreatSpaceSearch:
        board = self.board
        root = (board.hash, board.tiles_left, self.attacker)
        entry = self.table.get(root)
        if entry is not None and entry.disproven >= depth:
            return ThreatSpaceSearch((), depth, 0, True, len(self.table))
        if (
            limit == 1
            and entry is not None
            and entry.proven is not None
            and entry.proven <= depth
            and entry.turn is not None
        ):
            return ThreatSpaceSearch((entry.turn,), depth, 0, False, len(self.table))
        search = _Search(board, self.attacker, self.defences)
        seen: set[frozenset[Tile]] = set()
        found: list[Turn] = []
        complete = True
        try:
            for turn in candidate_turns(board, self.attacker):
                key = frozenset(turn)
                if key in seen:
                    continue
                seen.add(key)
                if self._proves(search, turn, depth):
                    found.append(turn)
                    if limit is not None and len(found) >= limit:
                        complete = False
                        break
        except _Spent:
            complete = False
        if found or complete:  # what the root learnt, for a later search with this memory
            entry = self.table.setdefault(root, _Entry())
            if found and (entry.proven is None or entry.proven > depth):
                entry.proven, entry.turn = depth, found[0]
            elif not found:
                entry.disproven = max(entry.disproven, depth)
        return ThreatSpaceSearch(tuple(found), depth, self.spent, complete, len(self.table))

    def _has_win(self, depth: int, near: Turn) -> bool:
        """Whether the attacker, to move with no immediate win, has a win in ``depth`` turns
        (the board is left as it was); ``near``: the reply just laid (candidates nearest it
        are tried first)."""
        if depth < 2:
            return False
        board = self.board
        key = (board.hash, board.tiles_left, self.attacker)
        entry = self.table.get(key)
        if entry is None:
            entry = self.table[key] = _Entry()
        if entry.proven is not None and entry.proven <= depth:
            return True
        if entry.disproven >= depth:
            return False
        search = _Search(board, self.attacker, self.defences)
        turns: list[Turn] | None = None
        for k in range(max(2, entry.disproven + 1), depth + 1):
            known = self.known.setdefault(k, [])
            tried: set[frozenset[Tile]] = set()
            for turn in list(known):
                if not self.board.is_legal(turn):
                    continue
                tried.add(frozenset(turn))
                if self._proves(search, turn, k):
                    known.remove(turn)
                    known.insert(0, turn)
                    entry.proven, entry.turn, self.memory.last = k, turn, turn
                    return True
            if turns is None:
                turns = sorted(candidate_turns(board, self.attacker), key=_distance_to(near))
            for turn in turns:
                key_tiles = frozenset(turn)
                if key_tiles in tried:
                    continue
                tried.add(key_tiles)
                if self._proves(search, turn, k):
                    known.insert(0, turn)
                    del known[REFUTATIONS_KEPT:]
                    entry.proven, entry.turn, self.memory.last = k, turn, turn
                    return True
            entry.disproven = k
        return False

    def _proves(self, search: _Search, turn: Turn, depth: int) -> bool:
        """Whether ``turn`` of the attacker is a win in ``depth`` turns (the board is left as it
        was); one examination of the budget."""
        if self.budget is not None and self.spent >= self.budget:
            raise _Spent
        if self.deadline is not None and time.monotonic() >= self.deadline:
            raise _Spent
        self.spent += 1
        if depth == 2:
            return search.forks(turn)
        board, attacker = self.board, self.attacker
        laid = board.try_play(turn)
        if laid is None:
            return False
        try:
            left = board.left_after(0)
            if laid or (left is not None and left < 1):
                return False
            if search._leaves_theirs(turn):
                return False
            defence = threat_defence(board, attacker, search.base, [t.cell for t in turn])
            return defence is not None and self._every_reply_fails(defence, depth)
        finally:
            board.undo(turn)

    def _every_reply_fails(self, defence: _Defence, depth: int) -> bool:
        """Whether every legal reply loses at once, leaves the attacker an immediate win, or a
        win in ``depth - 1`` turns: the replies that refuted a turn of this depth first, then
        those that take a cell of every threat, then every legal one (those that miss a
        threat's zone, answered by it, are not laid); of those laid, the nearest to the last
        win found first."""
        board = self.board
        refuting = self.refuting.setdefault(depth, [])
        open_ = defence.open_replies([r for r in refuting if self.board.is_legal(r)])
        if open_ is None:
            return False
        ordered_for: Turn | None = None
        while open_:
            last = self.memory.last
            if last is not None and last is not ordered_for:
                ordered_for = last
                open_.sort(key=_distance_to(ordered_for))
            reply = open_.pop(0)
            answer = defence.answer(reply)
            if answer is not None:
                continue  # an immediate win left (or not a legal turn)
            board.play(reply)
            try:
                won = self._has_win(depth - 1, reply)
            finally:
                board.undo(reply)
            if not won:
                if reply in refuting:
                    refuting.remove(reply)
                refuting.insert(0, reply)
                del refuting[REFUTATIONS_KEPT:]
                return False
        return True


__all__ = ["MEMORY_LIMIT", "ThreatSpaceMemory", "ThreatSpaceSearch", "threat_space_wins"]
