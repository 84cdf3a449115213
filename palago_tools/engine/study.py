"""The opening study: engine self-play from each of the six openings and from the ``1-1-2`` start,
resumable, with each start's first-player score, its interval and corrected comparisons.

A game of the study is a level, a start and a game number. From an opening (A to F, the letters
of the rulebook figure ``openings``) Yellow's first turn is fixed and the engine plays everything
after it, Blue's reply included; from ``1-1-2`` the engine plays the whole game. The seed varies
with the game number and the start, so games differ where the engine chooses between equal turns.
Games are played by :func:`~palago_tools.engine.match.play_game` (every game is written as a
record and replayed) and each finished game is appended to a results file as one JSON line; a
rerun reads the file and plays only the games it does not hold.

Statistics (:func:`summarise`):

- a start's **score** is Yellow's points per game (a win 1, a draw ½); its 95 % interval is the
  **Wilson** score interval of that proportion over the games;
- two openings are compared by a **two-proportion z test on the points** (pooled proportion,
  two-sided); with draws the binomial variance ``p(1 − p)`` is an upper bound on the variance of
  a game's points, so the test is conservative. The 15 comparisons between the six openings at
  one level are corrected by **Holm**'s step-down method (family-wise error 5 %); ``1-1-2`` is
  reported beside them, not compared;
- the ranking **holds across levels** when some pair is significant, Kendall's τ between the
  levels' scores of the openings is positive and no pair significant at one level is reversed
  at another (with no significant pair there is no ranking to hold); the best
  opening is **separated** when the same opening scores best at every level and each of its five
  comparisons is significant at every level.
"""

from __future__ import annotations

import itertools
import json
import math
import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from ..core.identity import position_form
from ..core.position import Position
from ..core.tiles import Colour, Tile
from ..errors import ArgumentError, PalagoError
from ..files import open_for_appending
from ..notation import parse
from ..notation.records import PalagoGame
from ..rules.palago import Opening, PalagoOptions
from .board import Turn
from .match import GameResult, GameSpec, openings, play_games
from .player import LEVELS

ONE_ONE_TWO: Final = Opening.ONE_ONE_TWO.value
"""The start where the engine plays the whole game of the ``1-1-2`` variant."""

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

Z95: Final = 1.959963984540054
"""The normal quantile of a two-sided 95 % interval."""
ALPHA: Final = 0.05
"""The family-wise error of the corrected comparisons."""
STUDY_KIND: Final = "palago-opening-study"


@dataclass(frozen=True)
class Start:
    """Where the games of a study start: a name (a figure letter or ``1-1-2``), the turns
    played before the engine takes over, and the game's options."""

    name: str
    opening: tuple[Turn, ...]
    options: PalagoOptions = PalagoOptions()

    @property
    def text(self) -> str:
        """The fixed turns in notation (empty for ``1-1-2``)."""
        return " ".join(t.token for turn in self.opening for t in turn)


def starts() -> list[Start]:
    """The six openings A–F (the opening book's first turns, named by the figure's letters),
    then ``1-1-2``."""
    by_form = {position_form(Position(turn)): turn for turn in openings()}
    found = [
        Start(letter, (by_form[position_form(Position(Tile.parse(t) for t in tiles.split()))],))
        for letter, tiles in FIGURE_OPENINGS.items()
    ]
    return [*found, Start(ONE_ONE_TWO, (), PalagoOptions(opening=Opening.ONE_ONE_TWO))]


START_NAMES: Final = (*FIGURE_OPENINGS, ONE_ONE_TWO)


@dataclass(frozen=True)
class StudyGame:
    """One game of the study: its level, start and number, and the game to play."""

    level: int
    start: str
    number: int
    spec: GameSpec

    @property
    def key(self) -> tuple[int, str, int]:
        return (self.level, self.start, self.number)


def study_games(levels: Sequence[int], games: int, seed: int = 0) -> list[StudyGame]:
    """The study's games, the first game of every level and start first, then the second…
    (so that a study stopped early is balanced)."""
    for level in levels:
        if level not in LEVELS:
            raise ArgumentError(f"the levels are 1 to {max(LEVELS)}, not {level}")
    if games < 1:
        raise ArgumentError(f"the study plays at least 1 game per start, not {games}")
    chosen = starts()
    found = []
    for number in range(games):
        for level in levels:
            for index, start in enumerate(chosen):
                player = f"level{level}"
                game_seed = seed + 1000 * number + 10 * index
                spec = GameSpec(player, player, start.opening, game_seed, start.options)
                found.append(StudyGame(level, start.name, number, spec))
    return found


# The results file ----------------------------------------------------------------------------
def result_line(game: StudyGame, result: GameResult) -> dict[str, Any]:
    """The JSON object of one finished game."""
    return {
        "level": game.level,
        "start": game.start,
        "game": game.number,
        "seed": game.spec.seed,
        "winner": None if result.winner is None else result.winner.value,
        "turns": result.turns,
        "seconds": [round(s, 3) for s in result.seconds],
        "moves": list(result.moves),
        "record": result.record,
    }


def _checked(entry: Any, where: str) -> dict[str, Any]:
    winners = (None, Colour.YELLOW.value, Colour.BLUE.value)
    if (
        not isinstance(entry, dict)
        or not isinstance(entry.get("level"), int)
        or entry.get("start") not in START_NAMES
        or not isinstance(entry.get("game"), int)
        or entry.get("winner", "?") not in winners
    ):
        raise PalagoError(f"{where}: not a game of the opening study")
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
        for game, result in zip(todo, play_games([g.spec for g in todo], jobs), strict=False):
            entry = result_line(game, result)
            os.write(fd, (json.dumps(entry, ensure_ascii=False) + "\n").encode("utf-8"))
            os.fsync(fd)
            count += 1
            if played is not None:
                played(entry, count, len(todo))
    finally:
        os.close(fd)
    return count


# Statistics ------------------------------------------------------------------------------
def wilson(points: float, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of the proportion ``points / games``."""
    if games <= 0:
        return (0.0, 1.0)
    p = points / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def two_proportion_z(x1: float, n1: int, x2: float, n2: int) -> tuple[float, float]:
    """The pooled two-proportion z statistic of ``x1/n1`` against ``x2/n2`` and its two-sided
    p-value (1 when the pooled proportion is 0 or 1)."""
    if n1 <= 0 or n2 <= 0:
        return (0.0, 1.0)
    pooled = (x1 + x2) / (n1 + n2)
    variance = pooled * (1 - pooled) * (1 / n1 + 1 / n2)
    if variance <= 0:
        return (0.0, 1.0)
    z = (x1 / n1 - x2 / n2) / math.sqrt(variance)
    return (z, math.erfc(abs(z) / math.sqrt(2)))


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm's step-down adjusted p-values, in the order given."""
    m = len(p_values)
    order = sorted(range(m), key=lambda i: p_values[i])
    adjusted = [0.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p_values[i]))
        adjusted[i] = running
    return adjusted


def kendall_tau(a: Sequence[float], b: Sequence[float]) -> float:
    """Kendall's τ-b between two score lists (ties allowed; 0 when one list is constant)."""
    concordant = discordant = ties_a = ties_b = 0
    for i, j in itertools.combinations(range(len(a)), 2):
        da, db = a[i] - a[j], b[i] - b[j]
        if da == 0 and db == 0:
            continue
        if da == 0:
            ties_a += 1
        elif db == 0:
            ties_b += 1
        elif (da > 0) == (db > 0):
            concordant += 1
        else:
            discordant += 1
    pairs = concordant + discordant
    denominator = math.sqrt((pairs + ties_a) * (pairs + ties_b))
    return (concordant - discordant) / denominator if denominator else 0.0


@dataclass(frozen=True)
class Row:
    """One start at one level: its games, Yellow's wins, draws and Blue's wins, the Wilson
    interval of Yellow's score, and how many of the games differ from each other in the tiles
    of a turn (:func:`game_tiles`: the engine plays the same game again where its seed changes
    nothing)."""

    start: str
    games: int
    yellow: int
    draws: int
    blue: int
    low: float
    high: float
    distinct: int

    @property
    def points(self) -> float:
        return self.yellow + self.draws / 2

    @property
    def score(self) -> float:
        return self.points / self.games if self.games else 0.0


@dataclass(frozen=True)
class Comparison:
    """Two openings at one level: the z statistic (positive: ``first`` scores more), the raw
    and Holm-adjusted p-values, and whether the difference is significant."""

    first: str
    second: str
    z: float
    p: float
    holm: float

    @property
    def significant(self) -> bool:
        return self.holm < ALPHA


@dataclass(frozen=True)
class LevelResult:
    """The study at one level: a row per start and the corrected comparisons of the openings."""

    level: int
    rows: tuple[Row, ...]
    comparisons: tuple[Comparison, ...]

    def row(self, start: str) -> Row:
        return next(r for r in self.rows if r.start == start)

    def ranking(self) -> list[str]:
        """The openings with games, best score for Yellow first (ties by letter)."""
        rows = [r for r in self.rows if r.start in FIGURE_OPENINGS and r.games]
        return [r.start for r in sorted(rows, key=lambda r: (-r.score, r.start))]

    def separated(self, start: str) -> bool:
        """Whether ``start`` scores significantly more than each other opening."""
        others = {s for c in self.comparisons if start in (c.first, c.second)
                  for s in (c.first, c.second)} - {start}
        return bool(others) and all(self.beats(start, other) for other in others)

    def beats(self, better: str, worse: str) -> bool:
        """Whether ``better`` scores significantly more than ``worse``."""
        return any(
            c.significant and (c.z > 0) == (c.first == better)
            for c in self.comparisons
            if {c.first, c.second} == {better, worse}
        )


@dataclass(frozen=True)
class Study:
    """The study at every level it has games for, and what holds across the levels."""

    levels: tuple[LevelResult, ...]

    @property
    def best(self) -> str | None:
        """The opening that scores best at every level and is separated from every other at
        every level, if there is one."""
        if not self.levels:
            return None
        if not all(level.ranking() for level in self.levels):
            return None
        top = {level.ranking()[0] for level in self.levels}
        if len(top) != 1:
            return None
        (start,) = top
        return start if all(level.separated(start) for level in self.levels) else None

    @property
    def leading(self) -> list[str]:
        """When no opening is the best: the smallest group of two to five openings, by their
        order at the first level, each of which scores significantly more than every opening
        outside it at every level (in letter order); else ``[]``."""
        if not self.levels or self.best is not None:
            return []
        order = self.levels[0].ranking()
        if len(order) != len(FIGURE_OPENINGS):
            return []
        for size in range(2, len(order)):
            group, rest = order[:size], order[size:]
            if all(lv.beats(g, o) for lv in self.levels for g in group for o in rest):
                return sorted(group)
        return []

    def tau(self) -> float | None:
        """Kendall's τ between the scores of the openings played at both of the first two
        levels."""
        if len(self.levels) < 2:
            return None
        a, b = self.levels[0], self.levels[1]
        both = [s for s in FIGURE_OPENINGS if a.row(s).games and b.row(s).games]
        return kendall_tau([a.row(s).score for s in both], [b.row(s).score for s in both])

    def reversals(self) -> list[tuple[int, str, str]]:
        """Pairs significant at one level (level, better, worse) that another level orders
        the other way round."""
        found = []
        for level in self.levels:
            for c in level.comparisons:
                if not c.significant:
                    continue
                better, worse = (c.first, c.second) if c.z > 0 else (c.second, c.first)
                for other in self.levels:
                    if other.row(better).score < other.row(worse).score:
                        found.append((level.level, better, worse))
                        break
        return found

    def ranking_holds(self) -> bool | None:
        """Whether the openings' order agrees across the levels (see the module); ``None``
        with one level, or when no pair is significant at any level (no order to hold)."""
        tau = self.tau()
        if tau is None or not any(c.significant for lv in self.levels for c in lv.comparisons):
            return None
        return tau > 0 and not self.reversals()


def _ranking_text(level: LevelResult) -> str:
    """The ranking with ties shown as ties (``B > C > A = D = E = F``): openings with the same
    score are not ordered by their letters."""
    text = ""
    previous: float | None = None
    for start in level.ranking():
        score = level.row(start).score
        if previous is not None:
            text += " = " if score == previous else " > "
        text += start
        previous = score
    return text


def game_tiles(record: object, game: object) -> str:
    """What tells one game of a start from another: the tiles of each turn, as sets (the same
    tiles laid in the other order, or a record that differs only in its tags or comments, are
    the same game); a game without a readable record is told apart by its number."""
    if isinstance(record, str):
        try:
            games = [r for r in parse(record) if isinstance(r, PalagoGame)]
        except PalagoError:
            games = []
        if games:
            return " / ".join(
                " ".join(sorted(p.tile.token for p in turn.placements)) for turn in games[0].turns
            )
    return f"game {game}"


def level_result(level: int, entries: Iterable[Mapping[str, Any]]) -> LevelResult:
    """The rows and comparisons of one level's games."""
    counts = {name: [0, 0, 0] for name in START_NAMES}
    records: dict[str, set[str]] = {name: set() for name in START_NAMES}
    for entry in entries:
        if entry["level"] == level:
            winner = entry["winner"]
            counts[entry["start"]][0 if winner == "yellow" else 2 if winner == "blue" else 1] += 1
            records[entry["start"]].add(game_tiles(entry.get("record"), entry["game"]))
    rows = []
    for name, (yellow, draws, blue) in counts.items():
        games = yellow + draws + blue
        low, high = wilson(yellow + draws / 2, games)
        rows.append(Row(name, games, yellow, draws, blue, low, high, len(records[name])))
    pairs = list(itertools.combinations([r for r in rows if r.start in FIGURE_OPENINGS], 2))
    tests = [two_proportion_z(a.points, a.games, b.points, b.games) for a, b in pairs]
    adjusted = holm([p for _, p in tests])
    comparisons = tuple(
        Comparison(a.start, b.start, z, p, q)
        for (a, b), (z, p), q in zip(pairs, tests, adjusted, strict=True)
    )
    return LevelResult(level, tuple(rows), comparisons)


def summarise(entries: Sequence[Mapping[str, Any]], levels: Sequence[int] = ()) -> Study:
    """The study of the games ``entries`` at ``levels`` (every level they hold if empty); a
    game listed twice counts once."""
    unique = {(e["level"], e["start"], e["game"]): e for e in entries}
    chosen = sorted(levels or {key[0] for key in unique})
    return Study(tuple(level_result(level, unique.values()) for level in chosen))


# Reports ---------------------------------------------------------------------------------
def study_json(study: Study) -> dict[str, Any]:
    """The study as one JSON object (the summary the rulebook figure reads)."""
    return {
        "kind": STUDY_KIND,
        "interval": "Wilson 95 %",
        "test": "two-proportion z on points (pooled), two-sided, Holm-corrected over 15 pairs",
        "starts": {start.name: start.text for start in starts()},
        "levels": [
            {
                "level": level.level,
                "rows": [
                    {
                        "start": r.start,
                        "games": r.games,
                        "distinct": r.distinct,
                        "yellow": r.yellow,
                        "draws": r.draws,
                        "blue": r.blue,
                        "score": round(r.score, 4),
                        "low": round(r.low, 4),
                        "high": round(r.high, 4),
                    }
                    for r in level.rows
                ],
                "ranking": level.ranking(),
                "ranking_text": _ranking_text(level),
                "comparisons": [
                    {
                        "first": c.first,
                        "second": c.second,
                        "z": round(c.z, 3),
                        "p": round(c.p, 4),
                        "holm": round(c.holm, 4),
                        "significant": c.significant,
                    }
                    for c in level.comparisons
                ],
                "significant": sum(c.significant for c in level.comparisons),
            }
            for level in study.levels
        ],
        "kendall_tau": None if study.tau() is None else round(study.tau() or 0.0, 3),
        "ranking_holds": study.ranking_holds(),
        "best": study.best,
        "leading": study.leading,
    }


def study_text(study: Study) -> str:
    """The study as a plain-text report: a table per level, the significant comparisons, and
    what holds across the levels."""
    lines = [
        "Yellow's score (win 1, draw 1/2) per start, 95 % Wilson interval; openings compared",
        "by a two-proportion z test on points, Holm-corrected over the 15 pairs (5 %).",
    ]
    for level in study.levels:
        lines += [
            "",
            f"level {level.level}",
            "start   games  distinct  Yellow  draws  Blue  score  95 %",
        ]
        for r in level.rows:
            lines.append(
                f"{r.start:<7} {r.games:>5}  {r.distinct:>8}  {r.yellow:>6}  {r.draws:>5}  "
                f"{r.blue:>4}  "
                + (f"{r.score:.3f}  {r.low:.3f}–{r.high:.3f}" if r.games else "no games")
            )
        lines.append("ranking: " + (_ranking_text(level) or "no games"))
        significant = [c for c in level.comparisons if c.significant]
        if significant:
            for c in significant:
                better, worse = (c.first, c.second) if c.z > 0 else (c.second, c.first)
                lines.append(f"  {better} > {worse}: z {abs(c.z):.2f}, Holm p {c.holm:.4f}")
        else:
            smallest = min(level.comparisons, key=lambda c: (c.holm, c.p), default=None)
            lines.append(
                "no significant difference between openings"
                + (
                    f" (smallest p {smallest.p:.3f}, Holm {smallest.holm:.3f}: "
                    f"{smallest.first}–{smallest.second})"
                    if smallest is not None
                    else ""
                )
            )
    lines.append("")
    tau = study.tau()
    if tau is not None:
        holds = study.ranking_holds()
        verdict = {True: "holds", False: "does not hold", None: "is not established"}[holds]
        lines.append(
            f"across levels: Kendall tau {tau:.2f}; {len(study.reversals())} significant pair(s) "
            f"reversed; the ranking {verdict}"
            + (" (no significant pair at any level)" if holds is None else "")
        )
    best, leading = study.best, study.leading
    lines.append(
        f"best opening: {best} (separated from every other at every level)"
        if best
        else "best opening: none separated significantly"
        + (
            f"; {', '.join(leading)} lead together (each separated from every other opening at "
            "every level, not from one another)"
            if leading
            else ""
        )
    )
    return "\n".join(lines) + "\n"
