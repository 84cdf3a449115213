"""The tactics search: immediate wins and threats, forks (forced wins in two) and the
examination of one move or of a defence."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from ..core.analysis import Creature
from ..core.hexgrid import Cell, neighbours
from ..core.position import Position, enclosed_areas
from ..core.tiles import ORIENTATIONS, Colour, Tile
from ..errors import require
from .results import (
    Answer,
    Fork,
    Move,
    Refutation,
    Threats,
    Win,
    _colours,
    describe_completion,
    move_key,
    move_text,
)
from .scan import (
    _all_corners,
    _Board,
    _candidate_cells,
    _candidates,
    _corners_of,
    _moves_on,
    _Scan,
    _scan,
)


def _wins_for(
    colour: Colour, outcomes: Iterable[tuple[Move, tuple[Creature, ...]]]
) -> tuple[Win, ...]:
    """The winning moves for ``colour``; a pair whose last tile wins alone is left out, and of
    two orders of the same pair the first is kept."""
    wins = [Win(m, c) for m, c in outcomes if _colours(c) == {colour}]
    alone = {w.tiles[0] for w in wins if len(w.tiles) == 1}
    seen: set[frozenset[Tile]] = set()
    kept: list[Win] = []
    for win in sorted(wins, key=lambda w: move_key(w.tiles)):
        key = frozenset(win.tiles)
        if (len(win.tiles) == 2 and win.tiles[1] in alone) or key in seen:
            continue
        seen.add(key)
        kept.append(win)
    return tuple(kept)


def threats(position: Position, mover: Colour, *, tiles_left: int | None = None) -> Threats:
    """Every immediate win of ``mover`` and of the opponent (were it to move now).

    ``tiles_left`` is the supply still in the bag (``None``: plenty); with one tile left only
    one-tile wins count.
    """
    _check_arguments(position, mover, tiles_left)
    board = _Board(position)
    scan = _scan(board.tiles, _all_corners(board.tiles), None)
    outcomes = board.outcomes(_candidates(scan.spots, board.tiles, tiles_left))
    return Threats(mover, _wins_for(mover, outcomes), _wins_for(mover.other, outcomes))


def _check_arguments(position: Position, mover: Colour, tiles_left: int | None) -> None:
    require(position, Position, "the position")
    require(mover, Colour, "the side to move")
    if tiles_left is not None:
        require(tiles_left, int, "the tiles left")


def immediate_wins(
    position: Position, mover: Colour, *, tiles_left: int | None = None
) -> tuple[Win, ...]:
    """Every turn with which ``mover`` wins at once (see :func:`threats`).

    >>> from palago_tools.core import Colour, Position
    >>> (win,) = immediate_wins(Position.parse("-1,0R -1,1R 0,-1D 0,0R"), Colour.YELLOW)
    >>> win.describe()
    '0,1L completes a yellow creature (5 tiles)'
    """
    return threats(position, mover, tiles_left=tiles_left).wins


def _influence(moves: Iterable[Move], gaps: Sequence[frozenset[Cell]]) -> set[Cell]:
    """Cells where a tile can change what ``moves`` complete: their cells, the cells next to
    them, and the gaps of every region around them."""
    cells = {t.cell for m in moves for t in m}
    zone = set(cells)
    for c in cells:
        zone.update(neighbours(c))
    for g in gaps:
        if g & cells:
            zone |= g
    return zone


class _Searcher:
    """The state of one fork search: the position, the side to move, the scan of the position
    and what each candidate move completes there (reused after a move that cannot change it)."""

    def __init__(self, position: Position, mover: Colour, tiles_left: int | None) -> None:
        self.board = _Board(position)
        self.mover = mover
        self.tiles_left = tiles_left
        tiles = self.board.tiles
        self.base = _scan(tiles, _all_corners(tiles), None)
        self.base_places = _candidate_cells(self.base.spots, tiles, self._left(0))
        self.base_results: dict[tuple[Cell, ...], list[tuple[Move, tuple[Creature, ...]]]] = {
            cells: [] for cells in self.base_places
        }
        for move, creatures in self.board.outcomes(_moves_on(self.base_places)):
            self.base_results[tuple(t.cell for t in move)].append((move, creatures))
        theirs = _wins_for(
            mover.other, [r for results in self.base_results.values() for r in results]
        )
        self.base_theirs = [(tuple(t.cell for t in w.tiles), w) for w in theirs]
        self.zones = {
            cells: _influence(_moves_on([cells]), self.base.gaps) for cells in self.base_places
        }
        self.inside = {c for area in enclosed_areas(tiles) for c in area}
        self.busy = set(self.inside)
        for zone in self.zones.values():
            self.busy |= zone
        for g in self.base.gaps:
            if len(g) <= 4:
                self.busy |= g

    def _left(self, laid: int) -> int | None:
        return None if self.tiles_left is None else self.tiles_left - laid

    def candidate_moves(self) -> list[Move]:
        """Turns of the mover that can make a threat: a tile near a spot or on the gaps of a
        region with at most four gaps, and (for a pair) any neighbour."""
        tiles = self.board.tiles
        left = self._left(0)
        if left is not None and left < 2:
            return []
        pairs: set[tuple[Cell, Cell]] = set()
        for a in self.busy:
            if a in tiles or not any(n in tiles for n in neighbours(a)):
                continue
            for b in neighbours(a):
                if b not in tiles:
                    pairs.add((a, b))
                    pairs.add((b, a))
        return [
            (Tile(a, oa), Tile(b, ob))
            for a, b in sorted(pairs)
            for oa in ORIENTATIONS
            for ob in ORIENTATIONS
        ]

    def after(self, move: Move, spots: set[frozenset[Cell]]) -> _Scan:
        """The scan after ``move`` was laid: the ``spots`` it leaves untouched and those around
        it."""
        tiles = self.board.tiles
        cells = {t.cell for t in move}
        local = _scan(tiles, _corners_of(cells, tiles), 2)
        local.spots |= {s for s in spots if not s & cells}
        return local

    def _enclosed_after(self, move: Move, after: _Scan) -> set[Cell]:
        """The empty cells enclosed by tiles after ``move``, when the move can have changed
        what an enclosure completes (it closed a region or lies in an enclosure); else none."""
        if after.closed or any(t.cell in self.inside for t in move):
            return {c for area in enclosed_areas(self.board.tiles) for c in area}
        return set()

    def _kept(self, place: tuple[Cell, ...], cells: set[Cell], enclosed: set[Cell]) -> bool:
        """True when the position's result for moves on ``place`` still holds after a move
        on ``cells``."""
        zone = self.zones.get(place)
        return zone is not None and not cells & zone and not enclosed.intersection(place)

    def _outcomes_after(
        self, move: Move, after: _Scan, enclosed: set[Cell]
    ) -> tuple[list[tuple[Move, tuple[Creature, ...]]], list[Move]]:
        """What the candidates complete after the mover's ``move``: the results kept from the
        position (for candidates ``move`` cannot affect), and the candidates to try again."""
        cells = {t.cell for t in move}
        known: list[tuple[Move, tuple[Creature, ...]]] = []
        unknown: list[tuple[Cell, ...]] = []
        for place in _candidate_cells(after.spots, self.board.tiles, self._left(len(move))):
            if self._kept(place, cells, enclosed):
                known.extend(self.base_results[place])
            else:
                unknown.append(place)
        return known, _moves_on(unknown)

    def examine(self, move: Move) -> Fork | Refutation:
        """Whether ``move`` (legal, completing nothing) is a forced win in two."""
        board = self.board
        mover, opponent = self.mover, self.mover.other
        laid = board.lay(move)
        if laid is None:
            return Refutation(move, None, "not a legal turn")
        try:
            if laid[1]:
                return Refutation(move, None, describe_completion(laid[1]))
            left = self._left(len(move))
            if left is not None and left < 1:
                return Refutation(move, None, "the supply runs out")
            after = self.after(move, self.base.spots)
            enclosed = self._enclosed_after(move, after)
            cells = {t.cell for t in move}
            for place, win in self.base_theirs:
                if self._kept(place, cells, enclosed):
                    return Refutation(move, win.tiles, f"{opponent} wins with {win.describe()}")
            known, unknown = self._outcomes_after(move, after, enclosed)
            theirs = _wins_for(opponent, known)
            if theirs:
                return Refutation(
                    move, theirs[0].tiles, f"{opponent} wins with {theirs[0].describe()}"
                )
            outcomes = known + board.outcomes(unknown)
            theirs = _wins_for(opponent, outcomes)
            if theirs:
                return Refutation(
                    move, theirs[0].tiles, f"{opponent} wins with {theirs[0].describe()}"
                )
            mine = _wins_for(mover, outcomes)
            if not mine:
                return Refutation(move, None, "it makes no threat")
            return self._replies(move, after, mine, left)
        finally:
            board.take_back(move[: laid[0]])

    def _replies(
        self, move: Move, after: _Scan, threats: tuple[Win, ...], left: int | None
    ) -> Fork | Refutation:
        """Try every legal reply after ``move``; the first that leaves no win refutes it."""
        board = self.board
        tiles = board.tiles
        mover = self.mover
        full = _scan(tiles, _all_corners(tiles), None)
        zones = [_influence([w.tiles], full.gaps) for w in threats]
        # A reply on a spot or inside an enclosure may change regions far away: always tried.
        triggers = {c for s in full.spots for c in s} | {
            c for a in enclosed_areas(tiles) for c in a
        }
        one_tile_turns = left is not None and left < 2
        answers: list[Answer] = []
        for reply in legal_replies(tiles, left):
            cells = {t.cell for t in reply}
            untouched = [w for w, z in zip(threats, zones, strict=False) if not cells & z]
            if untouched and not cells & triggers:
                if len(reply) == 2 or one_tile_turns:  # a far single completes nothing: no turn
                    answers.append(Answer(reply, untouched[0]))
                continue
            laid = board.lay(reply)
            if laid is None:
                continue
            try:
                if not laid[1] and len(reply) == 1 and not one_tile_turns:
                    continue
                if laid[1]:
                    if _colours(laid[1]) == {mover.other}:
                        return Refutation(
                            move, reply, f"{mover.other} wins with {move_text(reply)}"
                        )
                    answers.append(Answer(reply, None, tuple(laid[1])))
                    continue
                answer = self._answer(
                    reply, after, threats, untouched, None if left is None else left - len(reply)
                )
                if answer is None:
                    return Refutation(
                        move, reply, f"{move_text(reply)} leaves {mover} no immediate win"
                    )
                answers.append(Answer(reply, answer))
            finally:
                board.take_back(reply[: laid[0]])
        return Fork(mover, move, threats, tuple(answers))

    def _answer(
        self,
        reply: Move,
        after: _Scan,
        threats: tuple[Win, ...],
        untouched: list[Win],
        left: int | None,
    ) -> Win | None:
        """An immediate win of the mover after ``reply``: a threat the reply cannot have changed,
        one that survives it, or any other."""
        board = self.board
        if left is not None and left < 1:
            return None
        playable = [w for w in threats if left is None or len(w.tiles) <= left]
        if untouched:
            enclosed = {c for area in enclosed_areas(board.tiles) for c in area}
            for win in untouched:
                if win in playable and not win.cells & enclosed:
                    return win
        for win in playable:
            laid = board.lay(win.tiles)
            if laid is None:
                continue
            board.take_back(win.tiles[: laid[0]])
            if laid[0] == len(win.tiles) and _colours(laid[1]) == {self.mover}:
                return Win(win.tiles, tuple(laid[1]))
        now = self.after(reply, after.spots)
        wins = _wins_for(self.mover, board.outcomes(_candidates(now.spots, board.tiles, left)))
        return wins[0] if wins else None


def legal_replies(tiles: dict[Cell, int], left: int | None) -> Iterator[Move]:
    """Every turn the next player may try: one tile on the frontier (legal only if it completes
    something), or two touching tiles, one of them on the frontier."""
    if left is not None and left < 1:
        return
    frontier = sorted({n for c in tiles for n in neighbours(c) if n not in tiles})
    for cell in frontier:
        for o in ORIENTATIONS:
            yield (Tile(cell, o),)
    if left is not None and left < 2:
        return
    pairs: set[tuple[Cell, Cell]] = set()
    for b in frontier:
        for a in neighbours(b):
            if a not in tiles:
                pairs.add((a, b))
                pairs.add((b, a))
    for a, b in sorted(pairs):
        for oa in ORIENTATIONS:
            for ob in ORIENTATIONS:
                yield (Tile(a, oa), Tile(b, ob))


def forced_wins(
    position: Position, mover: Colour, *, tiles_left: int | None = None, limit: int | None = None
) -> tuple[Fork, ...]:
    """The forks of ``mover``: every legal turn that completes nothing, makes a threat (an
    immediate win of ``mover`` were it to move again) and after which every legal reply either
    completes a creature (and loses) or leaves ``mover`` an immediate win. At most ``limit`` of
    them; of two orders of the same tiles, one. Turns that make no threat (a zugzwang win) are
    not searched for. A side that can win at once has no use for a fork: call
    :func:`immediate_wins` first."""
    _check_arguments(position, mover, tiles_left)
    searcher = _Searcher(position, mover, tiles_left)
    found: list[Fork] = []
    seen: set[frozenset[Tile]] = set()
    for move in searcher.candidate_moves():
        key = frozenset(move)
        if key in seen:
            continue
        verdict = searcher.examine(move)
        if isinstance(verdict, Fork):
            seen.add(key)
            found.append(verdict)
            if limit is not None and len(found) >= limit:
                break
    return tuple(found)


def examine_defence(
    position: Position, mover: Colour, *, tiles_left: int | None = None
) -> Fork | Refutation:
    """Whether ``mover`` is lost to the opponent's threats: a :class:`Fork` of the opponent
    (with no move of its own) when every turn of ``mover`` loses at once or leaves the opponent
    an immediate win, else the :class:`Refutation` naming a defence (or a win of ``mover``)."""
    searcher = _Searcher(position, mover.other, tiles_left)
    outcomes = [r for results in searcher.base_results.values() for r in results]
    own = _wins_for(mover, outcomes)
    if own:
        return Refutation((), own[0].tiles, f"{mover} wins at once with {own[0].describe()}")
    theirs = _wins_for(mover.other, outcomes)
    if not theirs:
        return Refutation((), None, f"{mover.other} has no immediate win")
    return searcher._replies((), searcher.base, theirs, tiles_left)


def examine_move(
    position: Position, mover: Colour, move: Sequence[Tile], *, tiles_left: int | None = None
) -> Fork | Refutation:
    """Whether ``move`` of ``mover`` is a forced win in two, with every reply answered, or the
    reason it is not."""
    return _Searcher(position, mover, tiles_left).examine(tuple(move))
