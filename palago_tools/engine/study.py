"""The opening study: engine self-play from the openings that no proof has lost, each followed
by one of Blue's replies that no proof has lost, resumable, with Yellow's score per opening, its
interval over the reply lines and corrected comparisons.

Which openings and replies are proven lost is :data:`PROOFS` (``palago_tools/data/
opening-proofs.json``, written from ``palago prove openings``; its tests check it against the
proof files and the search). A game of the study is a level, an opening and a game number: the
opening (A to F, the letters of the rulebook figure ``openings``) is fixed, then Blue's reply,
the ``number``-th of a shuffled list of the replies that hold (so each reply line is played
equally often and the games differ by construction), then the engine plays both sides at the
level. Games are played by :func:`~palago_tools.engine.match.play_game` (every game is written
as a record and replayed). When the supply runs out (a draw), the same start is played again
by the same engine with a supply of :data:`LONGER_SUPPLY` tiles (boardspace.net plays with no
limit): the answer the supply gave, and the one a longer game gives. Each finished game is
appended to a results file as one JSON line; a rerun reads the file and plays only the games it
does not hold.

The study's statistics and reports are :mod:`palago_tools.engine.study_report`.
"""

from __future__ import annotations

import dataclasses
import json
import os
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, Final

from ..core.identity import position_form
from ..core.position import Position
from ..core.tiles import Colour, Tile
from ..errors import ArgumentError, PalagoError
from ..files import open_for_appending
from ..rules.palago import PalagoOptions
from .board import Turn
from .match import GameResult, GameSpec, openings, play_game, play_unordered
from .player import LEVELS

FIGURE_OPENINGS: Final[dict[str, str]] = {
    "A": "0,0D 0,1D",
    "B": "6,0D 6,1L",
    "C": "12,0D 12,1R",
    "D": "-3,6D -2,5L",
    "E": "3,6D 4,5R",
    "F": "9,6D 10,6D",
}
"""Letter → the opening's two tiles as the rulebook figure ``openings`` draws them
(``docs/diagrams/openings.palago``; the figure's tests check this table against it)."""

PROOFS: Final = "opening-proofs"
"""The data file (``palago_tools/data/opening-proofs.json``) of what the proofs settled."""
PROOFS_KIND: Final = "palago-opening-proofs"
LONGER_SUPPLY: Final = 96
"""The supply a game drawn for want of tiles is played on to (twice the set)."""


@dataclass(frozen=True)
class Start:
    """An opening: its figure letter and Yellow's first turn (the opening book's tiles)."""

    name: str
    opening: tuple[Turn, ...]

    @property
    def text(self) -> str:
        """The opening's tiles in notation."""
        return " ".join(t.token for turn in self.opening for t in turn)


def starts() -> list[Start]:
    """The six openings A–F: the opening book's first turns, named by the figure's letters."""
    by_form = {position_form(Position(turn)): turn for turn in openings()}
    return [
        Start(letter, (by_form[position_form(Position(Tile.parse(t) for t in tiles.split()))],))
        for letter, tiles in FIGURE_OPENINGS.items()
    ]


def opening_proofs() -> dict[str, Any]:
    """The data file :data:`PROOFS`: each opening's proven status, and Blue's replies."""
    try:
        text = resources.files("palago_tools").joinpath(f"data/{PROOFS}.json").read_text("utf-8")
        data = json.loads(text)
    except (OSError, ValueError):
        raise PalagoError(f"no readable data/{PROOFS}.json") from None
    if not isinstance(data, dict) or data.get("kind") != PROOFS_KIND:
        raise PalagoError(f"data/{PROOFS}.json is not the summary of the opening proofs")
    return data


def studied() -> list[str]:
    """The openings no proof has lost (in letter order): the study's openings."""
    return [o["opening"] for o in opening_proofs()["openings"] if o["status"] != "lost"]


def reply_lines(letter: str) -> list[str]:
    """Blue's replies to opening ``letter`` (up to symmetry) that no proof has lost, in the
    census's order."""
    answers = opening_proofs()["replies"]["answers"]
    return [a["reply"] for a in answers if a["opening"] == letter and a["status"] != "lost"]


@dataclass(frozen=True)
class StudyGame:
    """One game of the study: its level, opening, number and Blue's reply, and the game to
    play."""

    level: int
    start: str
    number: int
    reply: str
    spec: GameSpec

    @property
    def key(self) -> tuple[int, str, int]:
        return (self.level, self.start, self.number)


def study_games(levels: Sequence[int], games: int, seed: int = 0) -> list[StudyGame]:
    """The study's games, the first game of every level and opening first, then the second…
    (so that a study stopped early is balanced). Game ``n`` of an opening plays the ``n``-th
    reply of a list of its reply lines shuffled by the seed (again from the top after the
    last), the same at every level."""
    for level in levels:
        if level not in LEVELS:
            raise ArgumentError(f"the levels are 1 to {max(LEVELS)}, not {level}")
    if games < 1:
        raise ArgumentError(f"the study plays at least 1 game per opening, not {games}")
    chosen = {s.name: s for s in starts()}
    letters = studied()
    lines: dict[str, list[str]] = {}
    for letter in letters:
        lines[letter] = reply_lines(letter)
        random.Random(f"{seed}:{letter}").shuffle(lines[letter])
    found = []
    for number in range(games):
        for level in levels:
            for index, letter in enumerate(letters):
                reply = lines[letter][number % len(lines[letter])]
                turns = (*chosen[letter].opening, tuple(Tile.parse(t) for t in reply.split()))
                player = f"level{level}"
                game_seed = seed + 1000 * number + 10 * index
                spec = GameSpec(player, player, turns, game_seed)
                found.append(StudyGame(level, letter, number, reply, spec))
    return found


@dataclass(frozen=True)
class StudyResult:
    """A study game played: the game, and when the supply ran out, the same start played
    again with :data:`LONGER_SUPPLY` tiles."""

    game: GameResult
    longer: GameResult | None = None


def play_study_game(spec: GameSpec) -> StudyResult:
    """Play ``spec``; when the supply runs out, play the same start (the same players and
    seed) again with :data:`LONGER_SUPPLY` tiles. Not played on from the drawn game: the
    players knew the supply, and a side that could not be beaten before it ran out had no
    reason to defend its last turn."""
    result = play_game(spec)
    if result.winner is not None or result.ending:
        return StudyResult(result)
    longer = dataclasses.replace(spec, options=PalagoOptions(supply=LONGER_SUPPLY))
    return StudyResult(result, play_game(longer))


# The results file ----------------------------------------------------------------------------
def result_line(game: StudyGame, result: StudyResult) -> dict[str, Any]:
    """The JSON object of one finished game."""
    played = result.game
    longer = result.longer
    return {
        "level": game.level,
        "start": game.start,
        "reply": game.reply,
        "game": game.number,
        "seed": game.spec.seed,
        "winner": None if played.winner is None else played.winner.value,
        "turns": played.turns,
        "seconds": [round(s, 3) for s in played.seconds],
        "moves": list(played.moves),
        "record": played.record,
        "longer": None
        if longer is None
        else {
            "supply": LONGER_SUPPLY,
            "winner": None if longer.winner is None else longer.winner.value,
            "turns": longer.turns,
            "record": longer.record,
        },
    }


def _checked(entry: Any, where: str) -> dict[str, Any]:
    """``entry`` if it is a game of the study, else an error naming the first field amiss (a
    file of the study before Blue's replies were part of the start lacks ``reply``)."""
    if not isinstance(entry, dict):
        raise PalagoError(f"{where}: not a game of the opening study (not a JSON object)")
    winners = (None, Colour.YELLOW.value, Colour.BLUE.value)
    longer = entry.get("longer")
    fields = {
        "level": isinstance(entry.get("level"), int),
        "start": entry.get("start") in FIGURE_OPENINGS,
        "reply": isinstance(entry.get("reply"), str),
        "game": isinstance(entry.get("game"), int),
        "winner": entry.get("winner", "?") in winners,
        "longer": longer is None or isinstance(longer, dict) and longer.get("winner") in winners,
    }
    for name, good in fields.items():
        if not good:
            raise PalagoError(
                f"{where}: not a game of the opening study ({name!r} is missing or wrong)"
            )
    return entry


def read_results(path: Path) -> list[dict[str, Any]]:
    """The games of the results file at ``path`` (none if it does not exist); a last line
    without its newline (a game being written when the run stopped) is left out."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return []
    lines = text.split("\n")
    if lines and lines[-1]:
        lines = lines[:-1]  # torn: written only in part
    found = []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            entry = json.loads(line)
        except json.JSONDecodeError:
            raise PalagoError(f"{path}:{number}: not a JSON line") from None
        found.append(_checked(entry, f"{path}:{number}"))
    return found


def run_study(
    path: Path,
    levels: Sequence[int],
    games: int,
    jobs: int = 1,
    seed: int = 0,
    played: Callable[[dict[str, Any], int, int], None] | None = None,
) -> int:
    """Play the games of the study that ``path`` does not hold yet, appending each as it
    finishes; ``played(entry, done, total)`` hears of each. Returns the number played. A game
    cut short (Ctrl-C) is not written, so the next run plays it again from the start."""
    done = {(e["level"], e["start"], e["game"]) for e in read_results(path)}
    todo = [g for g in study_games(levels, games, seed) if g.key not in done]
    if not todo:
        return 0
    fd = open_for_appending(path)
    count = 0
    try:
        for index, result in play_unordered([g.spec for g in todo], jobs, None, play_study_game):
            entry = result_line(todo[index], result)
            os.write(fd, (json.dumps(entry, ensure_ascii=False) + "\n").encode("utf-8"))
            os.fsync(fd)
            count += 1
            if played is not None:
                played(entry, count, len(todo))
    finally:
        os.close(fd)
    return count
