"""The engine as a player: root tactics, then the search, at one of five levels.

At the root: a win at once is played (:func:`~palago_tools.tactics.immediate_wins`, the shortest
first); from level 3, a proven forced win in two (:func:`~palago_tools.tactics.forced_wins`) is
played next. Otherwise the search scores every turn by the position it leaves (its first full turn;
blocks need no rule of their own: a turn that leaves the opponent an immediate win scores as lost,
so a single threat that can be blocked is blocked from level 2). From level 3 the best-scored turns
are then *guarded*: each in turn, best first, is checked for a forced win in two it would hand the
opponent, and from level 4 a turn that makes a threat also for a *forcing win* it would hand over
(the opponent blocks with a threat of its own, and every block of that leaves a fork: a threat-space
win in three turns, :func:`~palago_tools.tactics.threat_space_wins`); the first turn found safe is
played. A search deeper than the first full turn (a level variant with ``depth`` above 2, or a time
limit) has its own turn guarded first, so that the guard keeps what the depth found unless it hands
the opponent a fork. A level with ``replies`` (level 5: 16) first scores its best-scored turns again
by the opponent's best reply, a search of the opponent's full turn after each: the guard then goes
through them in that order (a look two turns ahead at a few turns). A level with ``ahead`` then
looks three turns ahead at the first of that order (the mover's best turn after each of the
opponent's best replies) and puts the best of them first. A level with ``threats`` also
plays a threat-space win in three turns of its own, found after the fork search, and finishes a win
it started. The threat-space searches of each side keep their memory for the engine's life
(:meth:`Engine.new_game` empties it): what one move proved, the next move reuses.

Levels are budgets: 1 finds a win in one and otherwise lays the first tile a one-ply search likes; 2
scores the whole first turn; 3 also plays proven forks and guards 4 turns; 4 and 5 guard 24 turns
and spend 1000 and 2000 examinations on forcing wins (5 looks for the opponent's threat-space wins
in four turns, a threat whose every block leaves a forcing win), and 5 scores its 16 best turns by
the opponent's best reply and looks three turns ahead at the first 8 of them (the opponent's 4
best replies after each) within 10000 nodes. The budgets are counts
(nodes, guarded turns, examinations), so a level plays the same turns for the same seed on any
machine; a time limit (``movetime``, or the seconds :meth:`Engine.choose` is given by a clock)
replaces the node budget with iterative deepening beyond the first turn and gives up that guarantee.
Under a time limit every part of the choice stops at its deadline: the root's fork search within
:data:`FORK_SHARE` of the time, the deepening within :data:`SEARCH_SHARE` of what is left when the
level guards its turns (all of it when not), and the guard at the deadline itself (a turn it has no
time to check is played unchecked, as one whose check runs out of budget); only the first full turn
is always searched.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from itertools import islice
from typing import Final

from ..core.tiles import Colour, Tile
from ..errors import ArgumentError
from ..rules.palago import Palago
from ..tactics import Fork, ThreatSpaceMemory, fork_search, threat_space_wins
from .board import SearchBoard, Turn
from .evaluation import NEAR_WIN, WEIGHTS, WIN, Weights
from .search import Limits, Searcher, SearchReport


@dataclass(frozen=True)
class Level:
    """What a level does: its search limits, whether it plays proven forks at the root, and
    how many of the best-scored turns it guards against a fork handed to the opponent."""

    limits: Limits
    forks: bool = False
    guard: int = 0
    forcing: int = 0
    """Examinations the guard may spend in all on the opponent's forcing wins (a threat whose
    every block leaves a fork: a threat-space win in three turns,
    :func:`~palago_tools.tactics.threat_space_wins`) after a guarded turn that makes a threat;
    0: none."""
    threats: int = 0
    """Examinations the engine may spend on a threat-space win in three turns of its own at
    the root, when it has no fork (a win it started is finished); 0: none."""
    quiet: int = 0
    """Examinations the guard may spend in all on the opponent's threat-space wins in three
    after guarded turns that make no threat; 0: none (a fork is still looked for)."""
    horizon: int = 3
    """The turns of the opponent's threat-space wins the guard's checks look for: 3, a threat
    whose every block leaves a fork; 4, also a threat whose every block leaves such a win in
    three."""
    replies: int = 0
    """The best-scored turns (after the first full turn) scored again by the opponent's best
    reply, a search of its turn after each, before the guard; 0: none."""
    reach: int = 3
    """The turns of the threat-space wins of its own the root looks for (with ``threats``): 3,
    a threat whose every block leaves a fork; 4, also a threat whose every block leaves such a
    win in three."""
    ahead: int = 0
    """With ``replies``: the first turns of the replies' order looked at three turns ahead (the
    mover's best turn after each of the opponent's ``ahead_replies`` best replies), the best of
    them put first; 0: none."""
    ahead_replies: int = 4
    """The opponent's best replies (by its first full turn) the look three turns ahead tries
    after each turn."""
    ahead_nodes: int = 10**9
    """The nodes the look three turns ahead may spend in all: it looks at no more turns once
    they are spent, and a turn it is looking at then is not put first."""


LEVELS: Final[dict[int, Level]] = {
    1: Level(Limits(depth=1, quiescence=0, nodes=0)),
    2: Level(Limits(depth=2, quiescence=0, nodes=0)),
    3: Level(Limits(depth=2, quiescence=0, nodes=0), forks=True, guard=4),
    4: Level(Limits(depth=2, quiescence=0, nodes=0), forks=True, guard=24, forcing=1000),
    5: Level(
        Limits(depth=2, quiescence=0, nodes=0),
        forks=True,
        guard=24,
        forcing=2000,
        horizon=4,
        replies=16,
        ahead=8,
        ahead_nodes=10000,
    ),
}
"""Level → what it does (see the module's docstring)."""

STRONGEST: Final = max(LEVELS)
FORK_SHARE: Final = 0.25
"""Under a time limit, the share of it the root's search for a fork of its own may take."""
REPLY_LIMITS: Final = Limits(depth=2, quiescence=0, nodes=0)
"""The limits of the searcher of the opponent's replies (``replies``): its whole turn, no
quiescence (:meth:`Searcher.best_by_first_turn` looks at every turn, no budget)."""
SEARCH_SHARE: Final = 0.5
"""Under a time limit, the share of the time left the search may take when the guard follows."""


@dataclass(frozen=True)
class Choice:
    """A turn the engine chose, and why: ``"win"`` (a win at once), ``"fork"`` (a proven forced
    win in two), ``"threats"`` (a proven win in three turns or more through threats),
    ``"search"`` (the search's best), ``"replies"`` (the best of the turns scored by the
    opponent's best reply, or the one the look three turns ahead put first, when it is not the
    search's best), ``"guard"`` (the best-scored turn
    found to hand the opponent no forced win in two, nor a forcing win, when the best does);
    with the search's result (for ``"guard"`` and ``"replies"``, its score and line are the
    turn's: with ``replies``, the score after the opponent's best reply and the line through it)
    when there was one."""

    turn: Turn
    reason: str
    search: SearchReport | None = None
    timed_out: bool = False
    """A part of the choice (the root's fork search, the deepening or the guard) was stopped
    by the move's deadline."""
    win_in: int | None = None
    """For ``"threats"`` (a proven threat-space win), the mover's turns to its win."""


def check_level(level: object) -> int:
    """``level`` if it is one of :data:`LEVELS`, else an :class:`ArgumentError`."""
    if isinstance(level, bool) or not isinstance(level, int) or level not in LEVELS:
        raise ArgumentError(f"the level is 1 to {STRONGEST}, not {level!r}")
    return level


class Engine:
    """A Palago player: :meth:`choose` a turn for the mover of a rules game.

    >>> from palago_tools.rules import Palago
    >>> game = Palago()
    >>> turn = Engine(level=1, seed=1).choose(game).turn
    >>> game.play(turn).game_over, len(turn)
    (False, 2)
    """

    def __init__(
        self,
        level: int = STRONGEST,
        seed: int = 0,
        *,
        movetime: float | None = None,
        weights: Weights = WEIGHTS,
        settings: Level | None = None,
    ) -> None:
        self.level = check_level(level)
        self.settings = LEVELS[self.level] if settings is None else settings
        """What the engine does: its level's, unless other settings are given (a variant of
        the level to test against it)."""
        self.seed = seed
        self.movetime = movetime
        """Seconds a move may take; replaces the level's node budget when set."""
        self.weights = weights
        self._table: dict[int, tuple[int, int, int, Tile | None]] = {}
        self._memories = {colour: ThreatSpaceMemory() for colour in Colour}
        """What the threat-space searches of each side as the attacker learnt (its own wins,
        and the guard's checks of the opponent's)."""
        self._timed_out = False

    @property
    def name(self) -> str:
        return f"palago-tools engine level {self.level}"

    def limits(self, seconds: float | None = None) -> Limits:
        """The search limits of the level, with a time limit of ``seconds`` when given."""
        limits = self.settings.limits
        if seconds is not None:
            return replace(limits, depth=max(limits.depth, 8), nodes=None, seconds=seconds)
        return limits

    def choose(self, game: Palago, *, seconds: float | None = None) -> Choice:
        """The turn to play for ``game``'s mover (the game is left unchanged), within
        ``seconds`` when given (a clock's budget for this move), else the move time when one
        is set, else the level's counts."""
        if game.over:
            raise ArgumentError("the game is over: there is no turn to choose")
        budget = self.movetime if seconds is None else seconds
        deadline = None if budget is None else time.perf_counter() + budget
        self._timed_out = False
        level = self.settings
        board = SearchBoard.of(game)
        mover = board.mover
        wins = board.wins(mover)
        if wins:
            return Choice(wins[0].tiles, "win")
        if level.forks:
            fork_deadline = None if budget is None else time.perf_counter() + FORK_SHARE * budget
            forks = self._forks(board, mover, fork_deadline)
            if forks:
                return Choice(forks[0].tiles, "fork", timed_out=self._timed_out)
            if level.threats:
                won = self._threats(board, mover, level, fork_deadline)
                if won is not None:
                    return Choice(won[1], "threats", timed_out=self._timed_out, win_in=won[0])
        rng = random.Random(f"{self.seed}:{len(board.tiles)}:{game.turn_number}")
        order = board.legal_tiles()
        rng.shuffle(order)
        search_seconds = None
        if deadline is not None:
            share = SEARCH_SHARE if level.guard else 1.0
            search_seconds = max(0.0, share * (deadline - time.perf_counter()))
        limits = self.limits(search_seconds)
        searcher = Searcher(board, limits, order, table=self._table, weights=self.weights)
        result = searcher.search()
        self._timed_out |= result.timed_out
        if level.guard:
            ranked = searcher.ranked()
            replied = level.replies > 0 and result.depth <= 2
            replies = _Replies(rest=ranked)  # no turn scored by the replies
            if result.depth > 2:  # the deeper search's turn is guarded first
                replies.rest = ranked = _first(ranked, result.turn)
            elif replied:
                cut = None if deadline is None else _halfway(deadline)
                replies = self._by_replies(board, ranked, level.replies, cut)
            ordered = self._replies_order(board, replies, deadline)
            if replied and level.ahead:
                cut = None if deadline is None else _halfway(deadline)
                ordered = self._ahead_order(board, ordered, level, replies, cut)
            candidates = islice(ordered, level.guard)
            guarded = self._guarded(board, candidates, level, deadline)
            top = replies.ahead or (ranked[0][1] if replies.best is None else replies.best.turn)
            if guarded is not None and (replied or guarded[1] != result.turn):
                score, turn = guarded
                searched = set(turn) == set(result.turn)
                if set(turn) != set(top):
                    reason = "guard"
                else:
                    reason = "search" if searched else "replies"
                line = replies.lines.get(frozenset(turn), ())
                pv = result.pv if searched and not replied else turn + line
                nodes = result.nodes + replies.nodes
                found = replace(result, turn=turn, score=score, pv=pv, nodes=nodes)
                return Choice(turn, reason, found, self._timed_out)
        return Choice(result.turn, "search", result, self._timed_out)

    def _forks(
        self,
        board: SearchBoard,
        colour: Colour,
        deadline: float | None,
        first: Sequence[Turn] = (),
    ) -> tuple[Fork, ...]:
        """``colour``'s forced wins in two (one at most, ``first`` examined first), searched
        until ``deadline``."""
        seconds = None if deadline is None else max(0.0, deadline - time.perf_counter())
        found = fork_search(board, colour, limit=1, seconds=seconds, first=first)
        if not found.complete and not found.forks:  # only when the deadline stopped it
            self._timed_out = True
        return found.forks

    def _threats(
        self, board: SearchBoard, colour: Colour, level: Level, deadline: float | None
    ) -> tuple[int, Turn] | None:
        """A threat-space win of ``colour`` in ``level.reach`` turns (or the one it started, in
        fewer), with its turns, found within ``level.threats`` examinations until ``deadline``."""
        seconds = None if deadline is None else max(0.0, deadline - time.perf_counter())
        memory = self._memories[colour]
        budget = level.threats
        found = threat_space_wins(
            board, colour, depth=level.reach, limit=1, budget=budget, seconds=seconds, memory=memory
        )
        if not found.wins:
            if seconds is not None and not found.complete and found.examined < budget:
                self._timed_out = True
            return None
        known = memory.win(board, colour)
        return (level.reach if known is None else known[0]), found.wins[0]

    def _by_replies(
        self,
        board: SearchBoard,
        ranked: list[tuple[int, Turn]],
        count: int,
        deadline: float | None = None,
    ) -> _Replies:
        """The first ``count`` of ``ranked`` (up to one won or lost, or the ``deadline``) scored
        by the opponent's best reply (its full turn, each reply scored as the first full turn
        scores it, the best negated: for the mover, at the start of its next turn); the best
        exactly, the others only as far as needed to show they are not better (a bound, made
        exact by :meth:`_replies_order` when it comes to the front). The replies that held
        earlier turns down are tried first against the later ones (:class:`_Replies`)."""
        found = _Replies(rest=ranked)
        killers: list[Turn] = []  # replies that held earlier turns down: likely to hold the next
        for score, turn in ranked[:count]:
            if abs(score) >= NEAR_WIN or (deadline is not None and time.perf_counter() > deadline):
                break
            best = found.best
            item = _Scored(turn, score)
            reply = self._reply(board, item, None if best is None else best.score, killers, found)
            if reply and reply not in killers:
                killers.insert(0, reply)
                del killers[4:]
            found.scored.append(item)
        found.rest = ranked[len(found.scored) :]
        return found

    def _reply(
        self,
        board: SearchBoard,
        item: _Scored,
        floor: int | None,
        first: Sequence[Turn],
        found: _Replies,
    ) -> Turn:
        """Score ``item``'s turn by the opponent's best reply (its replies in ``first`` tried
        first), in place: exactly above ``floor`` (or when no floor is given), else perhaps only
        as a bound from above (a reply holds the turn to ``floor`` or less); a turn that ends
        the game keeps its score. The reply found is returned; its nodes, and its line when the
        score is exact, go to ``found``."""
        board.play(item.turn)
        try:
            if board.over:
                item.exact = True
                found.best_replies[frozenset(item.turn)] = []  # none: the game is over
                return ()
            searcher = Searcher(board, REPLY_LIMITS, weights=self.weights)
            beta = None if floor is None else -floor
            keep = self.settings.ahead_replies if self.settings.ahead else 0
            value, reply = searcher.best_by_first_turn(beta, first, keep)
            found.nodes += searcher.nodes
            item.score, item.exact = -value, beta is None or value < beta
            if item.exact:
                found.lines[frozenset(item.turn)] = reply
                found.best_replies[frozenset(item.turn)] = searcher.kept
            return reply
        finally:
            board.undo(item.turn)

    def _replies_order(
        self, board: SearchBoard, replies: _Replies, deadline: float | None = None
    ) -> Iterator[tuple[int, Turn]]:
        """The turns the replies scored, best first by their exact scores (a bound made exact,
        in place, when it comes to the front; ties in the first full turn's order), then the
        rest, then the scored turns the opponent's reply wins against (the guard stops there).
        Past ``deadline`` the exactly scored turns come first: the guard plays the next turn
        unchecked, and at most one bound is made exact for it."""
        pending = list(replies.scored)
        while pending:
            late = deadline is not None and time.perf_counter() > deadline
            exact = [k for k, item in enumerate(pending) if item.exact]
            index = max(
                exact if late and exact else range(len(pending)),
                key=lambda k: (pending[k].score, -k),
            )
            item = pending[index]
            if not item.exact:
                self._reply(board, item, None, (), replies)
                continue
            if item.score <= -NEAR_WIN:  # this and every turn left lose to the reply
                break
            del pending[index]
            yield item.score, item.turn
        yield from replies.rest
        yield from ((item.score, item.turn) for item in pending)

    def _ahead_order(
        self,
        board: SearchBoard,
        ordered: Iterator[tuple[int, Turn]],
        level: Level,
        replies: _Replies,
        deadline: float | None = None,
    ) -> Iterator[tuple[int, Turn]]:
        """``ordered`` with the best of its first ``level.ahead`` turns by :meth:`_ahead` put
        first (the first of equals; the others keep their order): the first exactly, the
        others only as far as needed to show they are not better, within ``level.ahead_nodes``
        nodes in all (the exact two-turn scores the order makes count; a turn the nodes run out
        on is not put first). Stops looking at the ``deadline``. The turn put first goes to
        ``replies.ahead``, the nodes to ``replies.nodes``."""
        head: list[tuple[int, Turn]] = []
        best: tuple[int, int] | None = None  # (value, index in head)
        limit = replies.nodes + level.ahead_nodes
        while len(head) < level.ahead:
            if deadline is not None and time.perf_counter() > deadline:
                break
            if replies.nodes >= limit:
                break
            item = next(ordered, None)
            if item is None:
                break
            head.append(item)
            score, turn = item
            if abs(score) >= NEAR_WIN:
                break
            floor = None if best is None else best[0]
            value = self._ahead(board, item, floor, replies, limit)
            if value is not None and (floor is None or value > floor):
                best = value, len(head) - 1
        if best is not None:
            chosen = head.pop(best[1])
            head.insert(0, chosen)
            replies.ahead = chosen[1]
        yield from head
        yield from ordered

    def _ahead(
        self,
        board: SearchBoard,
        item: tuple[int, Turn],
        floor: int | None,
        replies: _Replies,
        limit: int,
    ) -> int | None:
        """The score for the mover three turns ahead of ``item``'s turn (with its two-turn score):
        the least, over the opponent's best replies by its first full turn (the level's
        ``ahead_replies``, kept in ``replies.best_replies`` by the reply search), of the
        mover's best turn after the reply (scored as the first full turn scores it); exactly
        above ``floor`` (or when no floor is given), else perhaps only a bound from above (some
        reply holds it to ``floor`` or less); for a turn that ends the game, its score. ``None``
        for a turn the replies did not score exactly (one after the turns they scored), and when
        ``replies.nodes`` pass ``limit`` before the end."""
        score, turn = item
        key = frozenset(turn)
        if key not in replies.best_replies:
            return None
        answers = replies.best_replies[key]
        if not answers:  # the turn ends the game
            return score
        board.play(turn)
        try:
            value = WIN + 1  # above every score
            mine_first: list[Turn] = []  # the mover's best turn after the replies before
            for theirs, reply in answers:
                if replies.nodes >= limit:
                    return None
                board.play(reply)
                try:
                    if board.over:
                        mine = -theirs
                    else:
                        after = Searcher(board, REPLY_LIMITS, weights=self.weights)
                        mine, best = after.best_by_first_turn(value, mine_first)
                        mine_first = [best]
                        replies.nodes += after.nodes
                finally:
                    board.undo(reply)
                value = min(value, mine)
                if floor is not None and value <= floor:
                    break
            return value
        finally:
            board.undo(turn)

    def _guarded(
        self,
        board: SearchBoard,
        ranked: Iterable[tuple[int, Turn]],
        level: Level,
        deadline: float | None = None,
    ) -> tuple[int, Turn] | None:
        """The first of the ``ranked`` turns (with its score) after which the opponent has no
        forced win in two, nor a threat-space win in ``level.horizon`` turns (three: a forcing
        win) found within ``level.forcing`` examinations in all after the turns that make a
        threat and ``level.quiet`` after the others (turns that lose at once or hand over an
        immediate win are not looked at); ``None`` when none of them is safe. The tactics
        search the engine's own board, each turn laid and taken back; a fork that beat one turn
        is tried first after the next, and the threat-space searches use the opponent's
        :class:`~palago_tools.tactics.ThreatSpaceMemory`. Past ``deadline`` the turn reached is
        taken unchecked, and a check cut short by it finds nothing."""
        left = {True: level.forcing, False: level.quiet}  # by whether the turn makes a threat
        mover = board.mover
        refuting: list[Turn] = []  # forks that beat earlier turns: likely to beat the next
        memory = self._memories[mover.other]  # what the opponent's threats taught so far
        for score, turn in ranked:
            if score <= -NEAR_WIN:
                return None
            if deadline is not None and time.perf_counter() > deadline:
                self._timed_out = True
                return score, turn
            board.play(turn)
            try:
                if board.over:
                    return score, turn
                opponent = board.mover
                forks = self._forks(board, opponent, deadline, refuting)
                if forks:
                    if forks[0].tiles not in refuting:
                        refuting.insert(0, forks[0].tiles)
                        del refuting[4:]
                    continue
                threat = bool(board.wins(mover))
                if left[threat] <= 0:
                    return score, turn
                seconds = None if deadline is None else max(0.0, deadline - time.perf_counter())
                found = threat_space_wins(
                    board,
                    opponent,
                    depth=level.horizon,
                    limit=1,
                    budget=left[threat],
                    seconds=seconds,
                    memory=memory,
                )
                left[threat] -= found.examined
                if seconds is not None and not (found.complete or found.wins) and left[threat] > 0:
                    self._timed_out = True
                if not found.wins:
                    return score, turn
            finally:
                board.undo(turn)
        return None

    def new_game(self) -> None:
        """Forget what earlier games taught the transposition table and the threat-space
        searches."""
        self._table.clear()
        self._memories = {colour: ThreatSpaceMemory() for colour in Colour}


@dataclass
class _Scored:
    """A turn the replies scored: ``score`` is for the mover after the opponent's best reply,
    exactly or (``exact`` false) as a bound from above; the first full turn's score before it is
    scored and for a turn that ends the game."""

    turn: Turn
    score: int
    exact: bool = False


@dataclass
class _Replies:
    """What :meth:`Engine._by_replies` found: the turns it scored, in the first full turn's
    order (:meth:`Engine._replies_order` makes their bounds exact in place), the turns after
    them in that order, the opponent's best reply (tile plies) after each turn scored exactly,
    by its tiles, and the nodes those searches took."""

    rest: list[tuple[int, Turn]]
    scored: list[_Scored] = field(default_factory=list)
    lines: dict[frozenset[Tile], tuple[Tile, ...]] = field(default_factory=dict)
    nodes: int = 0
    best_replies: dict[frozenset[Tile], list[tuple[int, Turn]]] = field(default_factory=dict)
    """With ``ahead``: the opponent's best replies (by its first full turn, with their scores
    for it, best first) after each turn scored exactly, by its tiles (none after a turn that
    ends the game)."""
    ahead: Turn = ()
    """The turn the look three turns ahead put first, when it looked."""

    @property
    def best(self) -> _Scored | None:
        """The best exactly scored turn (the first of equals), when any was scored."""
        exact = [item for item in self.scored if item.exact]
        return max(exact, key=lambda item: item.score) if exact else None


def _halfway(deadline: float) -> float:
    """The moment halfway from now to ``deadline``."""
    now = time.perf_counter()
    return now + max(0.0, deadline - now) / 2


def _first(ranked: list[tuple[int, Turn]], turn: Turn) -> list[tuple[int, Turn]]:
    """``ranked`` with ``turn`` (the same tiles in any order, as the search found them) moved
    to the front, unless the first full turn scores it as lost (a search that ends in the
    middle of the opponent's turn can miss a win it hands over): the guard stops at the first
    lost turn, taking the rest to be lost too."""
    tiles = set(turn)
    for index, (score, other) in enumerate(ranked):
        if set(other) == tiles:
            if score <= -NEAR_WIN:
                return ranked
            return [(score, turn), *ranked[:index], *ranked[index + 1 :]]
    return ranked  # not a turn of the root (cannot happen): the ranking as it is
