"""The opening study's statistics and reports: Yellow's score per opening with its interval over
the reply lines, the corrected comparisons, and the report as text and as the JSON summary the
rulebook figure reads (the games are :mod:`palago_tools.engine.study`).

Statistics (:func:`summarise`):

- a reply line's score is Yellow's points per game on it (a win 1, a draw ½); an opening's
  **score** is the mean of its lines' scores (each line weighs the same however often it was
  played), and its 95 % interval is the **Wilson** interval of that proportion with the number
  of lines as the sample (a line's score lies in [0, 1], so its variance is at most
  ``p(1 − p)`` and the interval is conservative);
- two openings are compared by a **two-proportion z test** on the same proportions (pooled,
  two-sided), corrected over the pairs by **Holm**'s step-down method (family-wise error 5 %);
- the ranking **holds across levels** when some pair is significant, Kendall's τ between the
  levels' scores is positive and no pair significant at one level is reversed at another; the
  best opening is **separated** when it scores best at every level and each of its comparisons
  is significant at every level.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from ..errors import PalagoError
from ..notation import parse
from ..notation.records import PalagoGame
from .study import FIGURE_OPENINGS, LONGER_SUPPLY, opening_proofs, starts

Z95: Final = 1.959963984540054
"""The normal quantile of a two-sided 95 % interval."""
ALPHA: Final = 0.05
"""The family-wise error of the corrected comparisons."""
STUDY_KIND: Final = "palago-opening-study"


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
    """One opening at one level: its games, Yellow's wins, draws (the supply ran out) and
    Blue's wins; how the drawn games' starts ended with :data:`LONGER_SUPPLY` tiles (Yellow,
    Blue, still drawn); the reply lines played and the games that differ in the tiles of a turn
    (:func:`game_tiles`); Yellow's score (the mean of the lines' scores), its Wilson interval
    over the lines, and the score with the longer games' answers for the draws."""

    start: str
    games: int
    yellow: int
    draws: int
    blue: int
    score: float
    low: float
    high: float
    distinct: int
    lines: int = 0
    longer: tuple[int, int, int] = (0, 0, 0)
    longer_score: float = 0.0
    by_line: tuple[tuple[str, int, float, float], ...] = ()
    """Each reply line: Blue's reply, its games, Yellow's score and the longer games' score."""



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
    def ordered(self) -> tuple[str, str]:
        """The two openings, the one that scores more first."""
        return (self.first, self.second) if self.z > 0 else (self.second, self.first)

    @property
    def significant(self) -> bool:
        return self.holm < ALPHA


@dataclass(frozen=True)
class LevelResult:
    """The study at one level: a row per start and the corrected comparisons of the openings,
    by the rules' scores and by the scores with the longer games' answers for the draws."""

    level: int
    rows: tuple[Row, ...]
    comparisons: tuple[Comparison, ...]
    longer_comparisons: tuple[Comparison, ...] = ()

    def row(self, start: str) -> Row:
        """The row of ``start`` (one without games if it has none at this level)."""
        empty = Row(start, 0, 0, 0, 0, 0.0, 0.0, 1.0, 0)
        return next((r for r in self.rows if r.start == start), empty)

    def ranking(self) -> list[str]:
        """The openings with games, best score for Yellow first (ties by letter)."""
        rows = [r for r in self.rows if r.games]
        return [r.start for r in sorted(rows, key=lambda r: (-r.score, r.start))]

    def separated(self, start: str) -> bool:
        """Whether ``start`` scores significantly more than each other opening."""
        others = {s for c in self.comparisons if start in (c.first, c.second)
                  for s in (c.first, c.second)} - {start}
        return bool(others) and all(self.beats(start, other) for other in others)

    def beats(self, better: str, worse: str) -> bool:
        """Whether ``better`` scores significantly more than ``worse``."""
        return any(
            c.significant and c.ordered[0] == better
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
        """When no opening is the best: the smallest group of two or more openings (not all),
        by their order at the first level, each of which scores significantly more than every
        opening outside it at every level (in letter order); else ``[]``."""
        if not self.levels or self.best is not None:
            return []
        order = self.levels[0].ranking()
        if len(order) < 3 or any(len(lv.ranking()) != len(order) for lv in self.levels):
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
                better, worse = c.ordered
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


def _ranking_text(level: LevelResult, longer: bool = False) -> str:
    """The ranking with ties shown as ties (``B > C > A = D = E = F``): openings with the same
    score are not ordered by their letters; with ``longer``, by the scores with the longer
    games' answers for the draws."""
    text = ""
    previous: float | None = None
    order = level.ranking()
    if longer:
        order.sort(key=lambda s: -level.row(s).longer_score)
    for start in order:
        row = level.row(start)
        score = row.longer_score if longer else row.score
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


def _points(winner: object) -> float:
    return 1.0 if winner == "yellow" else 0.0 if winner == "blue" else 0.5


def level_result(level: int, entries: Iterable[Mapping[str, Any]]) -> LevelResult:
    """The rows and comparisons of one level's games (rows for the openings with games)."""
    chosen = [e for e in entries if e["level"] == level]
    rows = []
    for name in FIGURE_OPENINGS:
        games = [e for e in chosen if e["start"] == name]
        if not games:
            continue
        counts = [0, 0, 0]
        longer = [0, 0, 0]
        by_line: dict[str, list[tuple[float, float]]] = {}
        for e in games:
            winner = e["winner"]
            counts[0 if winner == "yellow" else 2 if winner == "blue" else 1] += 1
            points = longer_points = _points(winner)
            if winner is None and e.get("longer"):
                other = e["longer"]["winner"]
                longer[0 if other == "yellow" else 1 if other == "blue" else 2] += 1
                longer_points = _points(other)
            by_line.setdefault(e.get("reply", ""), []).append((points, longer_points))
        each = tuple(
            (reply, len(v), sum(p for p, _ in v) / len(v), sum(q for _, q in v) / len(v))
            for reply, v in sorted(by_line.items())
        )
        lines = len(each)
        score = sum(line[2] for line in each) / lines
        longer_score = sum(line[3] for line in each) / lines
        low, high = wilson(score * lines, lines)
        distinct = len({game_tiles(e.get("record"), e["game"]) for e in games})
        rows.append(
            Row(
                name, len(games), counts[0], counts[1], counts[2], score, low, high, distinct,
                lines, (longer[0], longer[1], longer[2]), longer_score, each,
            )
        )
    pairs = list(itertools.combinations(rows, 2))

    def compared(score: Callable[[Row], float]) -> tuple[Comparison, ...]:
        tests = [
            two_proportion_z(score(a) * a.lines, a.lines, score(b) * b.lines, b.lines)
            for a, b in pairs
        ]
        adjusted = holm([p for _, p in tests])
        return tuple(
            Comparison(a.start, b.start, z, p, q)
            for (a, b), (z, p), q in zip(pairs, tests, adjusted, strict=True)
        )

    return LevelResult(
        level,
        tuple(rows),
        compared(lambda r: r.score),
        compared(lambda r: r.longer_score),
    )


def summarise(entries: Sequence[Mapping[str, Any]], levels: Sequence[int] = ()) -> Study:
    """The study of the games ``entries`` at ``levels`` (every level they hold if empty); a
    game listed twice counts once."""
    unique = {(e["level"], e["start"], e["game"]): e for e in entries}
    chosen = sorted(levels or {key[0] for key in unique})
    return Study(tuple(level_result(level, unique.values()) for level in chosen))


# Reports ---------------------------------------------------------------------------------
def study_json(study: Study) -> dict[str, Any]:
    """The study as one JSON object (the summary the rulebook figure reads), with what the
    proofs settled (:data:`PROOFS`) beside it."""
    proofs = opening_proofs()
    return {
        "kind": STUDY_KIND,
        "proven": [
            {key: entry[key] for key in ("opening", "status", "turns", "reply", "proof")}
            for entry in proofs["openings"]
        ],
        "replies_within": proofs["replies"]["turns"],
        "interval": "Wilson 95 % over the reply lines",
        "test": "two-proportion z on the line scores (pooled), two-sided, Holm-corrected",
        "longer_supply": LONGER_SUPPLY,
        "starts": {start.name: start.text for start in starts()},
        "levels": [
            {
                "level": level.level,
                "rows": [
                    {
                        "start": r.start,
                        "games": r.games,
                        "lines": r.lines,
                        "distinct": r.distinct,
                        "yellow": r.yellow,
                        "draws": r.draws,
                        "blue": r.blue,
                        "score": round(r.score, 4),
                        "low": round(r.low, 4),
                        "high": round(r.high, 4),
                        "longer": {
                            "yellow": r.longer[0],
                            "blue": r.longer[1],
                            "drawn": r.longer[2],
                            "score": round(r.longer_score, 4),
                        },
                        "by_line": [
                            {"reply": line, "games": n, "score": round(a, 4), "longer": round(b, 4)}
                            for line, n, a, b in r.by_line
                        ],
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
                "longer_significant": [
                    " > ".join(c.ordered)
                    for c in level.longer_comparisons
                    if c.significant
                ],
            }
            for level in study.levels
        ],
        "kendall_tau": None if study.tau() is None else round(study.tau() or 0.0, 3),
        "ranking_holds": study.ranking_holds(),
        "best": study.best,
        "leading": study.leading,
    }


def study_text(study: Study, by_line: bool = False) -> str:
    """The study as a plain-text report: what the proofs settled, a table per level (and with
    ``by_line`` each reply line's games and scores), the significant comparisons, and what
    holds across the levels."""
    proofs = opening_proofs()
    lost = [o for o in proofs["openings"] if o["status"] == "lost"]
    held = [o["opening"] for o in proofs["openings"] if o["status"] != "lost"]
    lines = ["Proven (palago prove --check): Yellow loses after"]
    lines += [
        f"  {o['opening']}: Blue replies {o['reply']} and wins within {o['turns']} of its turns"
        for o in lost
    ]
    lines += [
        f"Studied: {', '.join(held)}, each followed by one of Blue's replies not lost within "
        f"{proofs['replies']['turns']} of Yellow's turns.",
        "Yellow's score (win 1, draw 1/2): the mean over the reply lines, 95 % Wilson interval "
        "over the",
        "lines; openings compared by a two-proportion z test, Holm-corrected (5 %). Draws: the "
        "supply ran",
        f"out; 'with {LONGER_SUPPLY}': the same starts played with {LONGER_SUPPLY} tiles "
        "(Yellow/Blue/drawn), and the score",
        "with their answers for the draws.",
    ]
    for level in study.levels:
        lines += [
            "",
            f"level {level.level}",
            f"start  games  lines  distinct  Yellow  draws  Blue  score  95 %         "
            f"with {LONGER_SUPPLY}: Y/B/=  score",
        ]
        for r in level.rows:
            lines.append(
                f"{r.start:<6} {r.games:>5}  {r.lines:>5}  {r.distinct:>8}  {r.yellow:>6}  "
                f"{r.draws:>5}  {r.blue:>4}  {r.score:.3f}  {r.low:.3f}–{r.high:.3f}  "
                f"{r.longer[0]:>8}/{r.longer[1]}/{r.longer[2]}  {r.longer_score:.3f}"
            )
        if by_line:
            lines.append(f"start  Blue's reply   games  score  with {LONGER_SUPPLY}")
            for r in level.rows:
                for reply, games, score, longer_score in r.by_line:
                    lines.append(
                        f"{r.start:<6} {reply:<14} {games:>5}  {score:.3f}  {longer_score:.3f}"
                    )
        lines.append("ranking: " + (_ranking_text(level) or "no games"))
        significant = [c for c in level.comparisons if c.significant]
        if significant:
            for c in significant:
                better, worse = c.ordered
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
        decided = [c for c in level.longer_comparisons if c.significant]
        closest = min(level.longer_comparisons, key=lambda c: (c.holm, c.p), default=None)
        lines.append(
            f"with {LONGER_SUPPLY} tiles: ranking {_ranking_text(level, longer=True)}; "
            + (
                ", ".join(
                    " > ".join(c.ordered)
                    for c in decided
                )
                + " significant"
                if decided
                else "no significant difference"
                + ("" if closest is None else f" (smallest Holm p {closest.holm:.3f})")
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
