"""Tactic puzzles ("Yellow to play and win") found in seeded random legal games.

A position of a random game is a puzzle when the side to move can win by force with exactly one
answer: exactly one immediate win (a tile or a pair), or no immediate win and exactly one fork
(a forced win in two; :func:`palago_tools.tactics.forced_wins`). Each puzzle is written as a
Position record with ``[X-ToMove]``, ``[X-Claim]``, ``[X-Answer]`` (the tiles of the winning
first turn) and the answer's threats, so the tests and ``palago analyse --threats`` can check it.

Cost: one immediate-win search per position visited; the fork search (seconds on a large
position) only on positions of at most ``fork_tiles`` tiles, and only while fewer than a third
of the puzzles asked for need two turns.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from importlib import resources
from typing import Final

from ..core.tiles import Colour, Tile
from ..notation import parse_bytes
from ..notation import records as rec
from ..rules import Palago, PalagoOptions
from ..rules.palago import tiles_left_after
from ..rules.random_games import random_palago_game
from ..tactics import Fork, Win, forced_wins, immediate_wins, move_text
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
    text = f"{mover.value.capitalize()} to play and win: {move_text(answer)}"
    if threats:
        text += " threatens " + " and ".join(w.move for w in threats)
    return rec.PositionRecord(
        placements=tuple(rec.Placement(t) for t in sorted(tiles, key=lambda t: t.cell)),
        caption=f"{mover.value.capitalize()} to play and win",
        tags=(
            (TO_MOVE_TAG, mover.value),
            (CLAIM_TAG, claim),
            (ANSWER_TAG, move_text(answer)),
            ("X-Turns", str(turns)),
            ("Source", source),
        ),
        comments=(rec.Comment(text),),
    )


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


def find_puzzles(
    count: int, seed: int = 0, fork_tiles: int = 12, limit: int = 20000
) -> list[TacticPuzzle]:
    """``count`` puzzles (fewer if ``limit`` positions are visited first), one per game, from
    random games seeded with ``seed``; each record's ``Source`` tag names the command that
    finds it again (``palago puzzles --count N --seed S``)."""
    return list(iter_puzzles(count, seed, fork_tiles, limit))


def iter_puzzles(
    count: int,
    seed: int = 0,
    fork_tiles: int = 12,
    limit: int = 20000,
    visiting: Callable[[int], None] | None = None,
) -> Iterator[TacticPuzzle]:
    """The puzzles of :func:`find_puzzles`, each as soon as it is found; ``visiting`` is told
    the number of every position visited (for a progress report)."""
    rng = random.Random(seed)
    found: list[TacticPuzzle] = []
    seen: set[frozenset[Tile]] = set()
    games: list[int] = []
    for visited, (game, number) in enumerate(_positions(rng, games)):
        if len(found) >= count or visited >= limit:
            break
        if visiting is not None:
            visiting(visited)
        position, mover, left = game.position(), game.mover, game.tiles_left
        key = frozenset(position.tiles())
        if key in seen:
            continue
        wins = immediate_wins(position, mover, tiles_left=left)
        source = (
            f"palago puzzles --count {count} --seed {seed}: a random game, before turn {number}"
        )
        if len(wins) == 1:
            (win,) = wins
            seen.add(key)
            games.append(visited)
            found.append(
                TacticPuzzle(
                    _record(position.tiles(), mover, win.tiles, 1, (), source),
                    mover,
                    win.tiles,
                    1,
                    (),
                )
            )
            yield found[-1]
            continue
        twos = sum(1 for p in found if p.turns == 2)
        if wins or len(position) > fork_tiles or twos * 3 >= count:
            continue
        forks = forced_wins(position, mover, tiles_left=left, limit=2)
        if len(forks) == 1 and isinstance(forks[0], Fork):
            fork = forks[0]
            seen.add(key)
            games.append(visited)
            found.append(
                TacticPuzzle(
                    _record(position.tiles(), mover, fork.tiles, 2, fork.threats, source),
                    mover,
                    fork.tiles,
                    2,
                    fork.threats,
                )
            )
            yield found[-1]


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
