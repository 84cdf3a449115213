"""The tactics search: immediate wins and threats, forks (forced wins in two) and the
examination of one turn or of a defence, on the one :class:`~palago_tools.core.board.Board`.

**The zone of a turn.** For a turn ``W`` (its cells) in a position ``P``, its zone ``Z(W)`` is
its cells, their neighbours, and the gap cells of every region of ``P`` that needs one of its
cells (:meth:`Board.zone`). *Lemma.* Let ``X`` be a legal turn that completes nothing,
has no cell in ``Z(W)`` and does not fill a hole (a whole enclosed area of empty cells). Then
``W`` completes in ``P + X`` exactly what it completes in ``P``, and is legal in one when it
is legal in the other (given the supply). *Proof.* ``X`` shares no corner with ``W`` (that
would make them neighbours), so the regions holding ``W``'s corners get no corner, no gap and
no straight from ``X`` (``X`` would lie on their gaps): laying ``W`` joins and closes the same
regions in both positions. A closed region is a creature when its outer loop holds no empty
cell; the loop is made of tiles ``X`` does not change. The empty cells inside a loop form
whole enclosed areas (a path of empty cells never crosses a loop, which runs through tiles),
so ``X`` turns a region closed by ``W``, or one enclosing it, into a creature only by filling
every cell of an enclosed area of ``P + W``: an area of ``P`` (excluded), or one that ``W``
cut off or cut down, which has a cell next to ``W`` (in ``Z(W)``). So the same regions are
creatures, and the walk outwards through enclosing regions finds the same ones. Single holes
at ``W`` change only with a tile next to them. ∎ (A legal turn that completes nothing fills no
single hole; it fills a hole only as a pair on a two-cell one.)

**What a reply must do to refute a fork.** After the mover's turn, a reply that completes
nothing leaves every threat ``W`` whose zone it misses, unless it fills a hole (lemma): it
refutes only by meeting the zone of every threat, or by filling a two-cell hole. The
search lays only those replies (those on the threats' own cells first); every other legal
reply is answered with a threat whose zone it misses, and is not laid.

**Which turns can make a threat** (:func:`candidate_turns`, the mover having no immediate win).
Let ``M`` make the threat ``W``, which completes a region ``F`` of the mover's colour. Each
region ``R`` of ``P`` inside ``F`` needs only cells of ``M`` and ``W`` (``F`` is closed): if
``M`` takes a gap of one, ``R`` has at most four gaps, at least one in ``M``, and the rest
(at most two) in ``W``. If not, the only corners ``M`` can give ``F`` have their three cells
in ``M`` and ``W``; such a corner is joined to a region of ``P`` by a straight of a tile of
``W`` that the region needs, a region needing only cells of ``W`` (a spot of the mover's
colour), so ``M`` touches a cell of that spot. If ``M`` gives ``F`` nothing, ``F`` closes in
``P + W`` too, and by the lemma's argument ``M`` matters only with a cell inside ``F``'s outer
loop, whose regions need only cells of ``M`` and ``W``: the first case again, for a region of
either colour. So ``M`` takes a gap of a region with at most four gaps, leaving at most two
neighbouring ones, or lies next to a cell of a spot of the mover's colour.

The brute force of ``tests/test_tactics_brute_force.py`` checks all this against every legal
turn, reply and turn after it of the rules engine.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from ..core.analysis import Creature
from ..core.board import Board, adjacent_keys
from ..core.completions import NEIGHBOUR_STEPS as _STEPS
from ..core.completions import tight_parts
from ..core.hexgrid import Cell, neighbours
from ..core.position import Position
from ..core.regions import cell_key, key_cell
from ..core.tiles import ORIENTATIONS, Colour, Tile
from ..core.turns import (
    Completion,
    Snapshot,
    Threats,
    Turn,
    Win,
    colours_of,
    describe_completion,
    turn_text,
    wins_for,
)
from ..errors import ArgumentError, require
from .results import Answer, Fork, Refutation

REFUTATIONS_KEPT = 4
"""How many refuting replies a search keeps to try first against the next turn."""


def board_of(where: Position | Board, mover: Colour, tiles_left: int | None) -> Board:
    """The board to search: ``where`` itself when it is one (then with its own supply, so
    ``tiles_left`` must be ``None``), else a new board of the position with ``mover`` to move."""
    if not isinstance(where, Board):
        require(where, Position, "the position")
    require(mover, Colour, "the side to move")
    if tiles_left is not None:
        require(tiles_left, int, "the tiles left")
    if isinstance(where, Board):
        if tiles_left is not None:
            raise ArgumentError("a board has its own supply: give tiles_left only with a position")
        return where
    return Board(where, mover, tiles_left)


def threats(position: Position | Board, mover: Colour, *, tiles_left: int | None = None) -> Threats:
    """Every immediate win of ``mover`` and of the opponent (were it to move now), in a
    position or on a board.

    ``tiles_left`` is the supply still in the bag (``None``: plenty); with one tile left only
    one-tile wins count.
    """
    return board_of(position, mover, tiles_left).threats(mover)


def immediate_wins(
    position: Position | Board, mover: Colour, *, tiles_left: int | None = None
) -> tuple[Win, ...]:
    """Every turn with which ``mover`` wins at once (see :func:`threats`).

    >>> from palago_tools.core import Colour, Position
    >>> (win,) = immediate_wins(Position.parse("-1,0R -1,1R 0,-1D 0,0R"), Colour.YELLOW)
    >>> win.describe()
    '0,1L completes a yellow creature (5 tiles)'
    """
    return threats(position, mover, tiles_left=tiles_left).wins


def fork_cells(board: Board, mover: Colour) -> set[tuple[Cell, Cell]]:
    """The ordered pairs of empty neighbouring cells a turn of ``mover`` that makes a threat
    (when ``mover`` has no immediate win) must take: see :func:`candidate_turns`."""
    index = board.index
    cells = index.cells
    pairs: set[tuple[int, int]] = set()
    spot_cells: set[int] = set()
    cls = mover.corner_class
    for root, found in index.open_regions():
        n = len(found)
        if n > 4:
            continue
        if (root & 1) == cls and (n == 1 or (n == 2 and adjacent_keys(*found))):
            spot_cells.update(found)
        for a in found:
            for step in _STEPS:
                b = a + step
                if b in cells:
                    continue
                rest = found - {a, b}
                if len(rest) <= 1 or (len(rest) == 2 and adjacent_keys(*rest)):
                    pairs.add((a, b))
                    pairs.add((b, a))
    for s in spot_cells:
        for step in _STEPS:
            a = s + step
            if a in cells:
                continue
            for step_b in _STEPS:
                b = a + step_b
                if b not in cells:
                    pairs.add((a, b))
                    pairs.add((b, a))
    return {
        (key_cell(a), key_cell(b))
        for a, b in pairs
        if a not in cells and b not in cells and (board.tiles and _touches(a, b, cells))
    }


def _touches(a: int, b: int, cells: dict[int, Cell]) -> bool:
    """Whether cell ``a`` or ``b`` (keys) has a tile next to it."""
    return any(a + s in cells or b + s in cells for s in _STEPS)


def candidate_turns(board: Board, mover: Colour) -> list[Turn]:
    """The turns of ``mover`` that can make a threat when it has no immediate win (see the
    module docstring), and that block every immediate win of the opponent (a turn missing the
    zone of one, and filling no hole, leaves it: see the lemma); both orders of each pair."""
    left = board.left_after(0)
    if left is not None and left < 2:
        return []
    theirs = board.wins(mover.other)
    zones = [board.zone(w.cells) for w in theirs]
    holes = [frozenset(map(key_cell, h)) for h in board.holes()]
    turns: list[Turn] = []
    for a, b in sorted(fork_cells(board, mover)):
        cells = {a, b}
        if zones and not any(h <= cells for h in holes):
            if not all(cells & z for z in zones):
                continue
        turns.extend((Tile(a, oa), Tile(b, ob)) for oa in ORIENTATIONS for ob in ORIENTATIONS)
    return turns


def tight_zone(board: Board, cells: Iterable[Cell], size: int = 2) -> set[Cell]:
    """The tight zone of a turn ``W`` on ``cells`` that fills no hole (no enclosed area of empty
    cells lies within its cells), for ``size`` tiles: its cells, their neighbours, and the gaps of
    the regions that need one of its cells and have at most ``size`` gaps besides.

    *Lemma.* Let ``X`` be tiles on ``size`` cells laid on position ``P`` in legal turns that
    complete nothing (a reply, or the few tiles laid since a
    :class:`~palago_tools.core.turns.Snapshot`), fill no hole and have no cell in the tight zone of
    ``W``, and ``W`` fill no hole. Then ``W`` completes in ``P + X`` exactly what it completes in
    ``P``, and is legal in one when it is legal in the other. *Proof.* ``X`` is no neighbour of
    ``W``: they share no corner, and the single holes at ``W`` are the same. A region of ``P + X +
    W`` holding a corner of ``W`` and a piece of a tile of ``X`` is joined from one to the other
    through straights, so through a region ``R`` of ``P`` that needs a cell of ``W`` and a cell of
    ``X`` (two tiles met at a corner would be neighbours); ``R`` has more than ``size`` gaps besides
    ``W``'s cells (else they are in the tight zone), so one gap is left after ``X`` and ``W``: the
    region is open. So the closed regions holding ``W``'s corners hold no piece of ``X`` and are the
    same in ``P + W`` and ``P + X + W``, made of the same regions of ``P`` (none needs a cell of
    ``X``), and those open in one are open in the other. Each is a creature when its outer loop,
    drawn on its own tiles, holds no empty cell: ``X`` changes that only by filling a whole enclosed
    area of ``P + W``, an area of ``P`` (excluded) or one that ``W`` cut off, which has a cell next
    to ``W`` (excluded). The walk outwards through enclosing regions
    (:mod:`palago_tools.core.incremental`) goes on only past a creature ``C``; were ``C``'s outer
    loop a loop of ``P`` (not through ``W``), the empty cells inside it in ``P`` would form whole
    enclosed areas that ``X`` and ``W`` fill, and ``X`` fills none of them (``C`` is the same
    creature without ``X``): ``W`` would fill a hole. So the loop runs through ``W`` and the region
    outside it holds a corner of ``W``: the walk meets the same regions, judged alike. The first
    tile of a pair ``W`` completes nothing in either position by the same argument (its tight zone
    lies in ``W``'s). ∎ (The proof needs the hole condition: without it, tiles far away could close
    a region round a hole that ``W`` fills, which ``W`` would then complete too.) The tight zone
    leaves out the gaps of the larger regions that need ``W``'s cells, which :meth:`Board.zone`
    keeps. :func:`~palago_tools.core.completions.completions` keeps what a site completed when the
    tiles laid since its snapshot miss the site's tight zone for their number."""
    near, needs = tight_parts(board.index, (cell_key(c) for c in cells))
    zone = set(near)
    for gaps in needs:
        if len(gaps) <= size:
            zone |= gaps
    return {key_cell(k) for k in zone}


class _Defence:
    """The replies to a position where the attacker threatens ``threats`` and the defender
    is to move: the first one that leaves the attacker no immediate win, or every legal reply
    answered."""

    def __init__(
        self,
        board: Board,
        attacker: Colour,
        threats: tuple[Win, ...],
        outcomes: list[Completion] | None = None,
        parent: tuple[Snapshot, Sequence[Cell]] | None = None,
        *,
        verdict_only: bool = False,
    ) -> None:
        self.board = board
        self.verdict_only = verdict_only
        """Only whether the replies fail matters: a reply's answer may name any win it leaves
        (the first found), and with the tight zones another threat than without."""
        self.attacker = attacker
        self.threats = threats
        self.zones = [board.zone(w.cells) for w in threats]
        self._base: Snapshot | None = None
        self._parent = parent
        """A snapshot from before the attacker's turn, and that turn's cells."""
        self.holes = [frozenset(map(key_cell, h)) for h in board.holes()]
        self.tight_zones = (
            [
                zone if any(h <= w.cells for h in self.holes) else tight_zone(board, w.cells)
                for w, zone in zip(threats, self.zones, strict=True)
            ]
            if verdict_only
            else []
        )
        """With ``verdict_only``, the tight zone of each threat (its zone when it fills a hole: the
        lemma of :func:`tight_zone`), looked at after the zones: fewer replies are laid, and a
        reply answered by it may name another threat than :meth:`answer` would."""
        self.completed = dict(board.completions() if outcomes is None else outcomes)
        self.completing = {tuple(t.cell for t in m) for m in self.completed}
        """The cells of the turns in :attr:`completed` (a quick test before hashing tiles)."""
        self._safe: dict[tuple[Cell, ...], Win | None] = {}
        singles, pairs = board.sites()
        self.singles = {key_cell(k) for k in singles}
        self.pairs = {(key_cell(a), key_cell(b)) for a, b in pairs}

    def completion(self, reply: Turn) -> tuple[Creature, ...] | None:
        """What the legal ``reply`` completes, if anything. A pair off the places of
        :meth:`Board.sites` whose second tile is on a one-cell spot completes what that
        tile completes alone (its first tile, on no spot, changes nothing the second closes:
        the argument of :mod:`palago_tools.core.board`)."""
        if len(reply) == 1:
            return self.completed.get(reply)
        first, second = reply
        cells = (first.cell, second.cell)
        if cells in self.completing:
            done = self.completed.get(reply)
            if done is not None:
                return done
        if cells in self.pairs or second.cell not in self.singles:
            return None
        return self.completed.get((second,))

    def safe(self, reply: Turn, cells: tuple[Cell, ...] | None = None) -> Win | None:
        """A threat ``reply`` (legal, completing nothing; on ``cells`` when given) cannot have
        changed (the lemma, and with ``verdict_only`` that of :func:`tight_zone`): kept by cells."""
        key = tuple([t.cell for t in reply]) if cells is None else cells
        if key not in self._safe:
            self._safe[key] = self._unchanged(reply)
        return self._safe[key]

    def _unchanged(self, reply: Turn) -> Win | None:
        cells = {t.cell for t in reply}
        if any(h <= cells for h in self.holes):
            return None
        left = self.board.left_after(len(reply))
        for zones in (self.zones, self.tight_zones) if self.tight_zones else (self.zones,):
            for win, zone in zip(self.threats, zones, strict=True):
                if (left is None or left >= len(win.tiles)) and not cells & zone:
                    return win
        return None

    def answer(self, reply: Turn) -> Answer | None | bool:
        """Lay ``reply`` (completing nothing) and say how the attacker wins after it; ``None``
        when it does not; ``False`` when the reply is not a legal turn."""
        board = self.board
        laid = board.try_play(reply)
        if laid is None:
            return False
        assert not laid, "the reply completes nothing"
        try:
            left = board.left_after(0)
            if left is not None and left < 1:
                return None  # the supply ran out: a draw
            for win in self.threats:
                again = board.try_play(win.tiles)
                if again is not None:
                    board.undo(win.tiles)
                    if again and colours_of(again) == {self.attacker}:
                        return Answer(reply, Win(win.tiles, tuple(again)))
            cells = [t.cell for t in reply]
            base = self._baseline(reply)
            stop = self.attacker if self.verdict_only else None
            found = board.completions(base, cells, both=False, stop=stop)
            wins = wins_for(self.attacker, found)
            return Answer(reply, wins[0]) if wins else None
        finally:
            board.undo(reply)

    def _baseline(self, reply: Turn) -> Snapshot:
        """What the places completed before ``reply`` (laid now), found once."""
        if self._base is None:
            board = self.board
            board.undo(reply)
            try:
                self._base = board.baseline(*(self._parent or (None, ())))
            finally:
                board.play(reply)
        return self._base

    def hot(self) -> list[Turn]:
        """The legal replies that take a cell of every threat and complete nothing: the
        likeliest refutations, tried first."""
        tiles = self.board.tiles
        cells = {c for w in self.threats for c in w.cells}
        pairs: set[tuple[Cell, Cell]] = set()
        for a in cells:
            for b in neighbours(a):
                if b not in tiles and all({a, b} & w.cells for w in self.threats):
                    pairs.add((a, b))
                    pairs.add((b, a))
        turns: list[Turn] = []
        for a, b in sorted(pairs):
            for oa in ORIENTATIONS:
                for ob in ORIENTATIONS:
                    reply = (Tile(a, oa), Tile(b, ob))
                    if self.completion(reply) is None:
                        turns.append(reply)
        return turns

    def run(self, turn: Turn, first: Sequence[Turn] = ()) -> Fork | Refutation:
        """The defender's replies, the hot ones first, then every legal one; the first that
        leaves no win refutes ``turn``, else each is answered. ``first``: replies to try
        before all (they refuted like turns), each only where it is legal, completes nothing
        and meets the zone of every threat."""
        defender = self.attacker.other
        for reply in first:
            if self._untouched(reply) and self.answer(reply) is None:
                return self._refuted(turn, reply)
        tried: dict[Turn, Answer] = {}
        for reply in self.hot():
            answer = self.answer(reply)
            if answer is None:
                return self._refuted(turn, reply)
            if answer is not False:
                assert isinstance(answer, Answer)
                tried[reply] = answer
        answers: list[Answer] = []
        singles = {m[0] for m in self.completed if len(m) == 1}
        hot = {(r[0].cell, r[-1].cell) for r in tried}
        for reply in self.board.legal_turns(singles):
            done = self.completion(reply)
            if done is not None:
                if colours_of(done) == {defender}:
                    return Refutation(turn, reply, f"{defender} wins with {turn_text(reply)}")
                answers.append(Answer(reply, None, done))
                continue
            found = tried.get(reply) if (reply[0].cell, reply[-1].cell) in hot else None
            if found is None:
                win = self.safe(reply)
                answer = Answer(reply, win) if win is not None else self.answer(reply)
                if answer is None:
                    return self._refuted(turn, reply)
                assert isinstance(answer, Answer), "the legal turns are legal"
                found = answer
            answers.append(found)
        return Fork(self.attacker, turn, self.threats, tuple(answers))

    def open_replies(self, first: Sequence[Turn] = ()) -> list[Turn] | None:
        """The legal replies a verdict must lay to see whether they leave the attacker a win:
        ``first`` (legal turns, tried first), then :meth:`hot`, then every legal one, each set of
        tiles once, less those that complete something (and lose) and those that leave a threat
        standing (:meth:`safe`); ``None`` when a reply completes creatures of the defender only
        (and wins). A legal turn can repeat only one of ``early`` on the same cells."""
        defender = self.attacker.other
        early = (*first, *self.hot())
        near = {frozenset(t.cell for t in reply) for reply in early}
        done: set[frozenset[Tile]] = set()
        found: list[Turn] = []
        singles = {m[0] for m in self.completed if len(m) == 1}
        for reply in (*early, *self.board.legal_turns(singles)):
            cells = tuple([t.cell for t in reply])
            key = frozenset(reply) if frozenset(cells) in near else None
            if key in done:
                continue
            completed = self.completion(reply)
            if completed is not None and colours_of(completed) == {defender}:
                return None
            if completed is not None or self.safe(reply, cells) is not None:
                continue
            if key is not None:
                done.add(key)
            found.append(reply)
        return found

    def _untouched(self, reply: Turn) -> bool:
        """Whether ``reply`` is legal, completes nothing and leaves no threat unchanged."""
        board = self.board
        laid = board.try_play(reply)
        if laid is None:
            return False
        board.undo(reply)
        return not laid and self.safe(reply) is None

    def _refuted(self, turn: Turn, reply: Turn) -> Refutation:
        return Refutation(
            turn, reply, f"{turn_text(reply)} leaves {self.attacker} no immediate win"
        )


def threat_defence(
    board: Board, attacker: Colour, base: Snapshot, cells: list[Cell]
) -> _Defence | None:
    """The defence against the threats of the attacker's turn just laid on ``cells`` (it
    completed nothing; ``base``: a snapshot from before it), for a search that wants only
    verdicts; ``None`` when the turn makes no threat or leaves the other side a win of now."""
    outcomes = board.completions(base, cells, both=False)
    threats = wins_for(attacker, outcomes)
    if not threats or wins_for(attacker.other, outcomes):
        return None
    outcomes = board.completions(base, cells)
    return _Defence(board, attacker, threats, outcomes, (base, cells), verdict_only=True)


class _Search:
    """One fork search: the board, the side to move, and what the position's places
    complete (kept after a turn that cannot change them)."""

    def __init__(self, board: Board, mover: Colour, refuting: list[Turn] | None = None) -> None:
        self.board = board
        self.mover = mover
        self.base = board.baseline()
        self._theirs: tuple[Win, ...] | None = None
        self.refuting = [] if refuting is None else refuting
        """Replies that refuted turns :meth:`forks` examined, the latest first (a list the
        caller may share between searches)."""

    def forks(self, turn: Turn) -> bool:
        """Whether ``turn`` is a fork: :meth:`examine` with no reason given, a turn that
        leaves one of the opponent's wins of now standing turned down before the threats are
        computed (the win laid again after it), and the replies that refuted earlier turns
        tried first."""
        return isinstance(self.examine(turn, quick=True, verdict_only=True), Fork)

    def _leaves_theirs(self, turn: Turn) -> bool:
        """Whether one of the opponent's immediate wins before ``turn`` (laid now) still wins:
        laid again, it is legal and completes the opponent's creatures only."""
        if self._theirs is None:
            done = [c for found in self.base.completions.values() for c in found]
            self._theirs = wins_for(self.mover.other, done)
        board, opponent = self.board, self.mover.other
        cells = {t.cell for t in turn}
        for win in self._theirs:
            if cells & win.cells:
                continue
            again = board.try_play(win.tiles)
            if again is not None:
                board.undo(win.tiles)
                if again and colours_of(again) == {opponent}:
                    return True
        return False

    def examine(
        self, turn: Turn, *, quick: bool = False, verdict_only: bool = False
    ) -> Fork | Refutation:
        """Whether ``turn`` of the mover is a forced win in two (the board is left as it was).
        ``quick``: a turn that leaves the opponent a win of now is refuted with no reason
        worked out, and the replies that refuted earlier turns are tried first (see
        :meth:`forks`; a fork is proved as without). ``verdict_only``: only whether ``turn`` is
        a fork matters (as for :meth:`forks`), so the searches for wins stop at the first found
        and the replies are answered with the tight zones too (:func:`tight_zone`: fewer are
        laid). The verdict is the same, and so is a defence's refuting reply; the wins named in
        reasons and answers may differ (the opponent's winning turn of a refutation among
        them)."""
        board, mover = self.board, self.mover
        opponent = mover.other
        laid = board.try_play(turn)
        if laid is None:
            return Refutation(turn, None, "not a legal turn")
        try:
            if laid:
                return Refutation(turn, None, describe_completion(laid))
            left = board.left_after(0)
            if left is not None and left < 1:
                return Refutation(turn, None, "the supply runs out")
            if quick and self._leaves_theirs(turn):
                return Refutation(turn, None, f"{opponent} still has a win")
            cells = [t.cell for t in turn]
            stop = opponent if verdict_only else None
            outcomes = board.completions(self.base, cells, both=False, stop=stop)
            theirs = wins_for(opponent, outcomes)
            if theirs:
                return Refutation(
                    turn, theirs[0].tiles, f"{opponent} wins with {theirs[0].describe()}"
                )
            mine = wins_for(mover, outcomes)
            if not mine:
                return Refutation(turn, None, "it makes no threat")
            outcomes = board.completions(self.base, cells)
            defence = _Defence(
                board, mover, mine, outcomes, (self.base, cells), verdict_only=verdict_only
            )
            if not quick:
                return defence.run(turn)
            found = defence.run(turn, self.refuting)
            if isinstance(found, Refutation) and found.reply is not None:
                if found.reply in self.refuting:
                    self.refuting.remove(found.reply)
                self.refuting.insert(0, found.reply)
                del self.refuting[REFUTATIONS_KEPT:]
            return found
        finally:
            board.undo(turn)


@dataclass(frozen=True)
class ForkSearch:
    """What :func:`fork_search` found: the forks, the candidate turns examined of how many,
    and whether the search went through them all (not stopped by its time or its limit)."""

    forks: tuple[Fork, ...]
    examined: int
    candidates: int
    complete: bool


ForkProgress = Callable[[int, int, int], None]
"""Called now and then during a fork search with (turns examined, candidate turns, forks)."""


def fork_search(
    position: Position | Board,
    mover: Colour,
    *,
    tiles_left: int | None = None,
    limit: int | None = None,
    seconds: float | None = None,
    progress: ForkProgress | None = None,
    found: list[Fork] | None = None,
    first: Sequence[Turn] = (),
) -> ForkSearch:
    """:func:`forced_wins` that can stop after ``seconds`` (of the clock on the wall) and
    report its progress; the result says whether it went through every candidate. Each fork
    is also appended to ``found`` as soon as it is proved, so a caller interrupted (Ctrl-C)
    keeps what was found. ``first``: turns to examine before the candidates (forks found in
    a like position, say), counted among them.

    The tiles of a turn that completes nothing make a fork in either order (both are legal and
    complete nothing, or neither), so each set of tiles is examined once; a turn that leaves
    one of the opponent's wins standing is turned down without its threats worked out, and the
    defences that refuted earlier turns are tried first (:meth:`_Search.forks`: what is not a
    fork is not reported)."""
    board = board_of(position, mover, tiles_left)
    turns = [*(tuple(t) for t in first), *candidate_turns(board, mover)]
    search = _Search(board, mover)
    deadline = None if seconds is None else time.monotonic() + seconds
    if found is None:
        found = []
    seen: set[frozenset[Tile]] = set()
    for number, turn in enumerate(turns):
        if progress is not None and number % 64 == 0:
            progress(number, len(turns), len(found))
        if deadline is not None and number % 16 == 0 and time.monotonic() > deadline:
            return ForkSearch(tuple(found), number, len(turns), False)
        key = frozenset(turn)
        if key in seen:
            continue
        seen.add(key)
        examined = search.examine(turn, quick=True)
        if isinstance(examined, Fork):
            found.append(examined)
            if limit is not None and len(found) >= limit:
                return ForkSearch(tuple(found), number + 1, len(turns), number + 1 == len(turns))
    if progress is not None:
        progress(len(turns), len(turns), len(found))
    return ForkSearch(tuple(found), len(turns), len(turns), True)


def forced_wins(
    position: Position | Board,
    mover: Colour,
    *,
    tiles_left: int | None = None,
    limit: int | None = None,
    first: Sequence[Turn] = (),
) -> tuple[Fork, ...]:
    """The forks of ``mover``: every legal turn that completes nothing, makes a threat (an
    immediate win of ``mover`` were it to move again) and after which every legal reply either
    completes a creature (and loses) or leaves ``mover`` an immediate win. At most ``limit`` of
    them; of two orders of the same tiles, one; ``first`` examined first (see
    :func:`fork_search`). Turns that make no threat (a zugzwang win) are not searched for. A
    side that can win at once has no use for a fork: call :func:`immediate_wins` first (the
    search is complete only when it has none)."""
    return fork_search(position, mover, tiles_left=tiles_left, limit=limit, first=first).forks


def examine_defence(
    position: Position | Board, mover: Colour, *, tiles_left: int | None = None
) -> Fork | Refutation:
    """Whether ``mover`` is lost to the opponent's threats: a :class:`Fork` of the opponent
    (with no turn of its own) when every turn of ``mover`` loses at once or leaves the opponent
    an immediate win, else the :class:`Refutation` naming a defence (or a win of ``mover``)."""
    board = board_of(position, mover, tiles_left)
    report = board.threats(mover)
    if report.wins:
        own = report.wins[0]
        return Refutation((), own.tiles, f"{mover} wins at once with {own.describe()}")
    if not report.to_block:
        return Refutation((), None, f"{mover.other} has no immediate win")
    return _Defence(board, mover.other, report.to_block).run(())


def examine_turn(
    position: Position | Board,
    mover: Colour,
    turn: Sequence[Tile],
    *,
    tiles_left: int | None = None,
) -> Fork | Refutation:
    """Whether ``turn`` of ``mover`` is a forced win in two, with every reply answered, or the
    reason it is not."""
    return _Search(board_of(position, mover, tiles_left), mover).examine(tuple(turn))
