"""Tactic puzzles ("Yellow to play and win") found in seeded random legal games.

A position of a random game is a puzzle when the side to move can win by force with exactly one
answer: exactly one immediate win (a tile or a pair), or no immediate win and exactly one fork
(a forced win in two; :func:`palago_tools.tactics.forced_wins`). A set is one a solver can trust:
no two of its puzzles share an answer or differ by at most :data:`NEAR` tiles
(:func:`tile_difference`, under every motion of the grid), and a win in two whose answer makes a
single threat comes with the wins each block of it opens (:func:`block_refutations`). Each
puzzle is written as a Position record with ``[X-ToMove]``, ``[X-Claim]``, ``[X-Answer]`` (the
tiles of the winning first turn) and the answer's threats, so the tests and ``palago analyse
--threats`` can check it.

Cost: one immediate-win search per position visited; the fork search (seconds on a large
position) only on positions of at most ``fork_tiles`` tiles, and only while fewer than a third
of the puzzles asked for need two turns.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Final

from ..core.hexgrid import MOTIONS
from ..core.tiles import SET_SIZE, Colour, Tile
from ..core.turns import Turn, turn_text
from ..errors import require_int, require_seed
from ..notation import parse_bytes
from ..notation import records as rec
from ..rules import Palago, PalagoOptions
from ..rules.palago import tiles_left_after
from ..rules.random_games import random_palago_game
from ..tactics import Fork, Win, examine_turn, forced_wins, immediate_wins
from .situations import CLAIM_TAG, TO_MOVE_TAG

ANSWER_TAG = "X-Answer"
"""The tag of a puzzle holding the tiles of the winning first turn."""


@dataclass(frozen=True)
class TacticPuzzle:
    """A position, the side to move, and its single winning first turn (``turns``: 1 when it
    wins at once, 2 when it is a fork)."""

    record: rec.PositionRecord
    mover: Colour
    answer: tuple[Tile, ...]
    turns: int
    threats: tuple[Win, ...]


def _record(
    tiles: list[Tile],
    mover: Colour,
    answer: tuple[Tile, ...],
    turns: int,
    threats: tuple[Win, ...],
    source: str,
) -> rec.PositionRecord:
    claim = f"{mover.value} wins in {turns}"  # see docs/tactics.md, "Figures that claim a tactic"
    text = f"{mover.value.capitalize()} to play and win: {turn_text(answer)}"
    if threats:
        text += " threatens " + " and ".join(w.notation for w in threats)
    return rec.PositionRecord(
        placements=tuple(rec.Placement(t) for t in sorted(tiles, key=lambda t: t.cell)),
        caption=f"{mover.value.capitalize()} to play and win",
        tags=(
            (TO_MOVE_TAG, mover.value),
            (CLAIM_TAG, claim),
            (ANSWER_TAG, turn_text(answer)),
            ("X-Turns", str(turns)),
            ("Source", source),
        ),
        comments=(rec.Comment(text),),
    )


NEAR: Final = 2
"""Two puzzles whose positions differ by at most this many tiles are too alike for one set."""


def tile_difference(a: Sequence[Tile], b: Sequence[Tile]) -> int:
    """How many tiles two positions differ by: the tiles of the larger one that the other lacks,
    at the best of every motion of the grid (colours exchanged where it swaps them) and every
    shift. A position differing from another by one tile moved or turned differs by 1; by two
    tiles added, by 2. (For each motion, the shift that lays most tiles on their like is the
    commonest difference of two like tiles' cells.)"""
    if not a or not b:
        return max(len(a), len(b))
    best = 0
    for motion in MOTIONS:
        shifts: Counter[tuple[int, int]] = Counter()
        moved = [t.moved(motion)[0] for t in b]
        for x in a:
            for y in moved:
                if x.orientation is y.orientation:
                    shifts[(x.cell[0] - y.cell[0], x.cell[1] - y.cell[1])] += 1
        if shifts:
            best = max(best, max(shifts.values()))
    return max(len(a), len(b)) - best


def too_alike(puzzle: TacticPuzzle, others: Sequence[TacticPuzzle]) -> TacticPuzzle | None:
    """The first of ``others`` that ``puzzle`` may not join in one set: the same answer, or a
    position at most :data:`NEAR` tiles away."""
    tiles = puzzle.record.position().tiles()
    for other in others:
        if frozenset(other.answer) == frozenset(puzzle.answer):
            return other
        if tile_difference(tiles, other.record.position().tiles()) <= NEAR:
            return other
    return None


def block_refutations(puzzle: TacticPuzzle) -> tuple[tuple[Turn, Win], ...]:
    """For a win in two whose answer makes one threat: each win the opponent's blocks open,
    with one block that opens it (a reply on the threat's cells that does not lose at once), in
    the fork's order; empty for other puzzles."""
    if puzzle.turns != 2 or len(puzzle.threats) != 1:
        return ()
    position = puzzle.record.position()
    fork = examine_turn(
        position, puzzle.mover, puzzle.answer, tiles_left=tiles_left_after(position)
    )
    if not isinstance(fork, Fork):
        return ()
    (threat,) = fork.threats
    found: dict[frozenset[Tile], tuple[Turn, Win]] = {}
    for answer in fork.answers:
        if answer.win is None or not {t.cell for t in answer.reply} & threat.cells:
            continue
        found.setdefault(frozenset(answer.win.tiles), (answer.reply, answer.win))
    return tuple(found.values())


def _positions(rng: random.Random, games: list[int]) -> Iterator[tuple[Palago, int]]:
    """Every position before a turn of an endless run of random games (from turn 3 on); a game
    is left once ``games`` grows (a puzzle was found in it)."""
    while True:
        script = random_palago_game(rng)
        game = Palago(options=PalagoOptions())
        count = len(games)
        for number, tiles in enumerate(script.turns, start=1):
            if game.over or len(games) > count:
                break
            if number >= 3:
                yield game, number
            game.play(tiles)


MAX_PUZZLES = 200
"""The most puzzles :func:`find_puzzles` (and ``palago puzzles``) is asked for."""


SPAN: Final = 8
"""The most cells a puzzle's position spans from side to side, so that one board scale serves
a whole set (cards fit the largest)."""


def _span(tiles: Sequence[Tile]) -> int:
    qs, rs = [t.cell[0] for t in tiles], [t.cell[1] for t in tiles]
    ss = [-q - r for q, r in zip(qs, rs, strict=True)]
    return max(max(v) - min(v) + 1 for v in (qs, rs, ss))


def _near_any(tiles: Sequence[Tile], found: Sequence[TacticPuzzle]) -> bool:
    """Whether ``tiles`` is at most :data:`NEAR` tiles from a puzzle of ``found`` (positions
    whose sizes differ by more are never compared)."""
    for other in found:
        theirs = other.record.position().tiles()
        if abs(len(theirs) - len(tiles)) <= NEAR and tile_difference(tiles, theirs) <= NEAR:
            return True
    return False


def find_puzzles(
    count: int, seed: int = 0, fork_tiles: int = 12, limit: int = 20000
) -> list[TacticPuzzle]:
    """``count`` puzzles (fewer if ``limit`` positions are visited first), one per game, from
    random games seeded with ``seed``: positions of at most :data:`SPAN` cells across, none too
    like another (:func:`too_alike`); each record's ``Source`` tag names the command that finds
    it again (``palago puzzles --count N --seed S``)."""
    return list(iter_puzzles(count, seed, fork_tiles, limit))


def iter_puzzles(
    count: int,
    seed: int = 0,
    fork_tiles: int = 12,
    limit: int = 20000,
    visiting: Callable[[int], None] | None = None,
) -> Iterator[TacticPuzzle]:
    """The puzzles of :func:`find_puzzles`, each as soon as it is found; ``visiting`` is told
    the number of every position visited (for a progress report). The arguments are checked
    when the first puzzle is asked for."""
    require_int(count, "the count of puzzles", 1, MAX_PUZZLES)
    require_seed(seed)
    require_int(fork_tiles, "fork_tiles", 0, SET_SIZE)
    require_int(limit, "limit", 1, 10_000_000)
    rng = random.Random(seed)
    found: list[TacticPuzzle] = []
    seen: set[frozenset[Tile]] = set()
    games: list[int] = []
    answers: set[frozenset[Tile]] = set()
    for visited, (game, number) in enumerate(_positions(rng, games)):
        if len(found) >= count or visited >= limit:
            break
        if visiting is not None:
            visiting(visited)
        position, mover, left = game.position(), game.mover, game.tiles_left
        tiles = position.tiles()
        key = frozenset(tiles)
        if key in seen or _span(tiles) > SPAN or _near_any(tiles, found):
            continue
        seen.add(key)
        source = (
            f"palago puzzles --count {count} --seed {seed}: a random game, before turn {number}"
        )
        wins = immediate_wins(position, mover, tiles_left=left)
        puzzle: TacticPuzzle | None = None
        if len(wins) == 1:
            (win,) = wins
            record = _record(tiles, mover, win.tiles, 1, (), source)
            puzzle = TacticPuzzle(record, mover, win.tiles, 1, ())
        elif not wins and len(position) <= fork_tiles:
            if sum(1 for p in found if p.turns == 2) * 3 >= count:
                continue
            forks = forced_wins(position, mover, tiles_left=left, limit=2)
            if len(forks) == 1 and isinstance(forks[0], Fork):
                fork = forks[0]
                record = _record(tiles, mover, fork.tiles, 2, fork.threats, source)
                puzzle = TacticPuzzle(record, mover, fork.tiles, 2, fork.threats)
        if puzzle is not None and frozenset(puzzle.answer) not in answers:
            answers.add(frozenset(puzzle.answer))
            games.append(visited)
            found.append(puzzle)
            yield puzzle


def puzzle_of(record: rec.PositionRecord) -> TacticPuzzle:
    """A puzzle read back from its Position record; a win in two gets back the threats its
    answer makes (the mover's immediate wins after it)."""
    tags = dict(record.tags)
    mover = Colour(tags[TO_MOVE_TAG])
    answer = tuple(Tile.parse(t) for t in tags[ANSWER_TAG].split())
    turns = int(tags.get("X-Turns", "1"))
    threats: tuple[Win, ...] = ()
    if turns == 2:
        position = record.position()
        threats = immediate_wins(
            position.place(*answer), mover, tiles_left=tiles_left_after(position) - len(answer)
        )
    return TacticPuzzle(record, mover, answer, turns, threats)


SHIPPED: Final = "data/tactic-puzzles.palago"
"""The puzzles shipped inside the package (printed by ``palago build``), made once with
``palago puzzles --count 18 --seed 2026 -o palago_tools/data/tactic-puzzles.palago``."""


def shipped_puzzles() -> list[TacticPuzzle]:
    """The puzzles shipped with palago-tools, in their file's order."""
    result = parse_bytes(shipped_puzzle_text(), SHIPPED)
    if result.errors:
        raise result.errors[0]
    return [puzzle_of(r) for r in result.records if isinstance(r, rec.PositionRecord)]


def shipped_puzzle_text() -> bytes:
    """The shipped puzzle file as it is."""
    return resources.files("palago_tools").joinpath(SHIPPED).read_bytes()
