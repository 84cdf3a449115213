"""Tactics of two-player Palago: immediate wins, threats to block, and forced wins in two (forks).

An **immediate win** is a legal turn of one or two tiles whose last tile completes creatures of
the mover's colour only (a tile completing both colours loses, one completing only the other
colour hands the game over). The opponent's immediate wins, were it their turn, are the
**threats** the mover must block. A **fork** (forced win in two) is a turn that completes
nothing and makes a threat (the mover, were it to move again, would have an immediate win),
after which every legal reply either loses at once or leaves the mover an immediate win. A turn
that makes no threat and wins only because every reply must hand over a win (zugzwang) is not
searched for; ``tests/test_tactics_brute_force.py`` checks the search against every legal turn
and reply of the rules engine on small positions.

How the search stays small. A region (model section 3) can only be closed by tiles on the empty
cells around its corners, its *gaps*. A tile completes something only if a region around it is
closed by it, so every immediate win lies on a *spot*: the gaps of some region, one cell or two
adjacent cells. A pair needs its first tile on a spot as well, or it changes nothing the last
tile closes. So the candidates are the spots' tiles (3 per single-cell spot) and the pairs joining
two spots' cells (9 per ordered pair of cells), each laid and taken back on a
:class:`~palago_tools.incremental.LiveAnalysis`, which reports the creatures completed.

A fork search lays every move with a tile on the gaps of a region with at most four gaps or
near a spot (other moves can make no new threat), finds the threats it makes from the spots around
its own tiles, and refutes it with the opponent's replies that come near every threat (a reply
elsewhere leaves one of them intact); a fork is proved by going through every legal reply.

Cost, measured by ``benchmarks/tactics.py`` on positions of 48 tiles: an immediate-win search is
one scan of the regions (linear in the tiles) and a few dozen place/remove steps; a fork search
lays a few hundred to a few thousand moves, each followed by a local scan.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Final

from ..core.analysis import Creature, analyse, plural
from ..core.hexgrid import Cell, Corner, are_adjacent, cells_around, corner_of, neighbours
from ..core.position import Position, enclosed_areas
from ..core.tiles import ORIENTATIONS, Colour, Orientation, Tile

Move = tuple[Tile, ...]
"""The tiles of one turn, in the order they are laid."""

# For a tile with yellow tip t, corner k (a straight's end) and the corner at the straight's other end.
_PARTNER: Final[dict[tuple[int, int], int]] = {
    (t, (t + d) % 6): (t + e) % 6 for t in (0, 2, 4) for d, e in ((1, 5), (5, 1), (2, 4), (4, 2))
}


def move_text(move: Sequence[Tile]) -> str:
    """The tiles of a move as tokens: ``"1,0R 2,-1L"``."""
    return " ".join(t.token for t in move)


def move_key(move: Sequence[Tile]) -> tuple[int, tuple[tuple[Cell, str], ...]]:
    """Sort key of moves: fewer tiles first, then by cells and orientations."""
    return len(move), tuple((t.cell, t.orientation.value) for t in move)


def _colours(creatures: Iterable[Creature]) -> frozenset[Colour]:
    return frozenset(c.colour for c in creatures)


def describe_completion(creatures: Sequence[Creature]) -> str:
    """What the creatures a tile completes mean for the game, in words."""
    colours = _colours(creatures)
    if len(colours) == 2:
        return "completes creatures of both colours"
    (colour,) = colours
    sizes = ", ".join(plural(c.tiles, "tile") for c in creatures)
    return f"completes a {colour} creature ({sizes})"


@dataclass(frozen=True)
class Win:
    """A turn that wins at once: its tiles in the order laid, and the creatures the last one
    completes."""

    tiles: Move
    creatures: tuple[Creature, ...]

    @property
    def cells(self) -> frozenset[Cell]:
        return frozenset(t.cell for t in self.tiles)

    @property
    def move(self) -> str:
        return move_text(self.tiles)

    def describe(self) -> str:
        """``"2,0D completes a yellow creature (7 tiles)"``."""
        return f"{self.move} {describe_completion(self.creatures)}"


@dataclass(frozen=True)
class Threats:
    """The immediate wins of the side to move, and the opponent's, which the mover must block."""

    mover: Colour
    wins: tuple[Win, ...]
    to_block: tuple[Win, ...]

    @property
    def threat_cells(self) -> frozenset[Cell]:
        """The cells of the opponent's immediate wins."""
        return frozenset(c for w in self.to_block for c in w.cells)


@dataclass(frozen=True)
class Answer:
    """One reply of the opponent to a fork, and why it fails: the win it leaves, or the
    creatures it completes itself (which lose for the opponent)."""

    reply: Move
    win: Win | None = None
    completed: tuple[Creature, ...] = ()

    def describe(self, replier: Colour) -> str:
        if self.win is not None:
            return f"{move_text(self.reply)} leaves {self.win.describe()}"
        return f"{move_text(self.reply)} {describe_completion(self.completed)}: {replier} loses"


def _replies_text(count: int) -> str:
    return f"{count} {'reply' if count == 1 else 'replies'}"


@dataclass(frozen=True)
class Fork:
    """A forced win in two: the move, the threats it makes, and every legal reply answered."""

    mover: Colour
    tiles: Move
    threats: tuple[Win, ...]
    answers: tuple[Answer, ...] = field(repr=False)

    @property
    def move(self) -> str:
        return move_text(self.tiles)

    @property
    def cells(self) -> frozenset[Cell]:
        return frozenset(t.cell for t in self.tiles)

    def reasons(self) -> list[tuple[str, int, Answer]]:
        """The replies grouped by why they fail: (reason, how many replies, one example), the
        largest group first."""
        groups: dict[str, list[Answer]] = {}
        for answer in self.answers:
            if answer.win is not None:
                key = f"leaves {answer.win.describe()}"
            else:
                key = f"{describe_completion(answer.completed)}: {self.mover.other} loses"
            groups.setdefault(key, []).append(answer)
        ordered = sorted(groups.items(), key=lambda item: (-len(item[1]), item[0]))
        return [(key, len(items), items[0]) for key, items in ordered]

    def describe(self) -> str:
        """The fork and why each reply fails, in a few lines."""
        threats = "; ".join(w.describe() for w in self.threats)
        lines = [f"{self.move}: threatens {threats}",
                 f"  every one of {_replies_text(len(self.answers))} fails:"]
        for reason, count, example in self.reasons():
            lines.append(f"    {_replies_text(count)} (e.g. {move_text(example.reply)}) {reason}")
        return "\n".join(lines)


@dataclass(frozen=True)
class Refutation:
    """Why a move is no forced win: the reply that defends (or wins), or that it makes no threat."""

    tiles: Move
    reply: Move | None
    reason: str


# The three cells around a yellow (class 0) and a blue (class 1) corner, as in hexgrid.cells_around.
_AROUND: Final = tuple(tuple((c[0], c[1], k) for c, k in cells_around((0, 0, cls))) for cls in (0, 1))

# --- Regions and their gaps ------------------------------------------------------------------


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


# --- The search ---------------------------------------------------------------------------------


def _candidate_cells(spots: Iterable[frozenset[Cell]], tiles: dict[Cell, int], tiles_left: int | None) -> list[tuple[Cell, ...]]:
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


def _candidates(spots: Iterable[frozenset[Cell]], tiles: dict[Cell, int], tiles_left: int | None) -> list[Move]:
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


def _wins_for(colour: Colour, outcomes: Iterable[tuple[Move, tuple[Creature, ...]]]) -> tuple[Win, ...]:
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


def _all_corners(tiles: dict[Cell, int]) -> Iterator[Corner]:
    for cell in tiles:
        for k in range(6):
            yield corner_of(cell, k)


def threats(position: Position, mover: Colour, *, tiles_left: int | None = None) -> Threats:
    """Every immediate win of ``mover`` and of the opponent (were it to move now).

    ``tiles_left`` is the supply still in the bag (``None``: plenty); with one tile left only
    one-tile wins count.
    """
    board = _Board(position)
    scan = _scan(board.tiles, _all_corners(board.tiles), None)
    outcomes = board.outcomes(_candidates(scan.spots, board.tiles, tiles_left))
    return Threats(mover, _wins_for(mover, outcomes), _wins_for(mover.other, outcomes))


def immediate_wins(position: Position, mover: Colour, *, tiles_left: int | None = None) -> tuple[Win, ...]:
    """Every turn with which ``mover`` wins at once (see :func:`threats`)."""
    return threats(position, mover, tiles_left=tiles_left).wins


# --- Forced wins in two ---------------------------------------------------------------------------


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
        theirs = _wins_for(mover.other, [r for results in self.base_results.values() for r in results])
        self.base_theirs = [(tuple(t.cell for t in w.tiles), w) for w in theirs]
        self.zones = {cells: _influence(_moves_on([cells]), self.base.gaps) for cells in self.base_places}
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
        return [(Tile(a, oa), Tile(b, ob)) for a, b in sorted(pairs) for oa in ORIENTATIONS for ob in ORIENTATIONS]

    def after(self, move: Move, spots: set[frozenset[Cell]]) -> _Scan:
        """The scan after ``move`` was laid: the ``spots`` it leaves untouched and those around it."""
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
                return Refutation(move, theirs[0].tiles, f"{opponent} wins with {theirs[0].describe()}")
            outcomes = known + board.outcomes(unknown)
            theirs = _wins_for(opponent, outcomes)
            if theirs:
                return Refutation(move, theirs[0].tiles, f"{opponent} wins with {theirs[0].describe()}")
            mine = _wins_for(mover, outcomes)
            if not mine:
                return Refutation(move, None, "it makes no threat")
            return self._replies(move, after, mine, left)
        finally:
            board.take_back(move[: laid[0]])

    def _replies(self, move: Move, after: _Scan, threats: tuple[Win, ...], left: int | None) -> Fork | Refutation:
        """Try every legal reply after ``move``; the first that leaves no win refutes it."""
        board = self.board
        tiles = board.tiles
        mover = self.mover
        full = _scan(tiles, _all_corners(tiles), None)
        zones = [_influence([w.tiles], full.gaps) for w in threats]
        # A reply on a spot or inside an enclosure may change regions far away: always tried.
        triggers = {c for s in full.spots for c in s} | {c for a in enclosed_areas(tiles) for c in a}
        one_tile_turns = left is not None and left < 2
        answers: list[Answer] = []
        for reply in _replies(tiles, left):
            cells = {t.cell for t in reply}
            untouched = [w for w, z in zip(threats, zones) if not cells & z]
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
                        return Refutation(move, reply, f"{mover.other} wins with {move_text(reply)}")
                    answers.append(Answer(reply, None, tuple(laid[1])))
                    continue
                answer = self._answer(reply, after, threats, untouched, None if left is None else left - len(reply))
                if answer is None:
                    return Refutation(move, reply, f"{move_text(reply)} leaves {mover} no immediate win")
                answers.append(Answer(reply, answer))
            finally:
                board.take_back(reply[: laid[0]])
        return Fork(mover, move, threats, tuple(answers))

    def _answer(
        self, reply: Move, after: _Scan, threats: tuple[Win, ...], untouched: list[Win], left: int | None
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


def _replies(tiles: dict[Cell, int], left: int | None) -> Iterator[Move]:
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


def examine_defence(position: Position, mover: Colour, *, tiles_left: int | None = None) -> Fork | Refutation:
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


__all__ = [
    "Answer",
    "Fork",
    "Move",
    "Refutation",
    "Threats",
    "Win",
    "describe_completion",
    "examine_defence",
    "examine_move",
    "forced_wins",
    "immediate_wins",
    "move_text",
    "threats",
]
