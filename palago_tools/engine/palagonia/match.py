"""Matches of Palagonia players: tables of seats played over many dice seeds with the seats
rotated, every game written and replayed (:func:`~.games.play_seated`), and what they found.

A table is the players in seat order (``level2,greedy,level2,greedy``). For each dice seed,
each table is played once in each of its distinct rotations, so every player sits in every
seat on the same dice. The report (:class:`PalagoniaReport`) gives per player the mean score,
mean rank and share of wins (a tie for the top splits the win), each with a 95 % interval; per
pair of players seated together, the mean score difference per game (the mean of the first's
seats less the mean of the second's, in each game where both sit); ratings (Bradley–Terry with
draws over every pair of seats of different players in a game, :func:`~..ratings.rate`); and
the seconds per action. Intervals treat the games of one dice seed as one sample (they share
their dice): the mean over seeds ± 1.96 standard errors; the ratings' intervals come from
resampling the seeds. Matches are resumable (:class:`PalagoniaResults`), and run in local
processes or on a Dask cluster as the two-player matches do
(:func:`~..match.play_unordered`).
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...core.tiles import SET_SIZE
from ...errors import ArgumentError
from ...rules.palagonia import PLAYER_COUNTS
from ..ratings import Rating, rate
from ..standings import ResultLines, play_resumed
from .games import SeatedGame, SeatedResult, play_seated
from .player import PLAYERS, check_player

__all__ = [
    "Interval",
    "PairScore",
    "PalagoniaPlan",
    "PalagoniaReport",
    "PalagoniaResults",
    "PlayerScore",
    "ActionTime",
    "play_tables",
    "rotations",
    "table_of",
]

Table = tuple[str, ...]


def table_of(text: str) -> Table:
    """A table from ``a,b,c``: 3 to 10 known players (or one, for solitaire)."""
    seats = tuple(name for name in text.split(",") if name)
    for name in seats:
        check_player(name)
    if len(seats) != 1 and len(seats) not in PLAYER_COUNTS:
        raise ArgumentError(
            f"a Palagonia table has 3 to 10 seats (or 1 for solitaire), not {len(seats)}: {text!r}"
        )
    return seats


def rotations(table: Table) -> list[Table]:
    """The distinct rotations of ``table``, starting with itself."""
    found: list[Table] = []
    for k in range(len(table)):
        turned = table[k:] + table[:k]
        if turned not in found:
            found.append(turned)
    return found


@dataclass(frozen=True)
class PalagoniaPlan:
    """The games of a match, in the order they are numbered: for each dice seed, each table
    in each of its rotations; ``table_numbers`` gives each game's table (its place in
    ``tables``)."""

    tables: tuple[Table, ...]
    games: tuple[SeatedGame, ...]
    table_numbers: tuple[int, ...]

    @classmethod
    def of(
        cls, tables: Sequence[Table], seeds: int, first: int = 0, tiles: int = SET_SIZE
    ) -> PalagoniaPlan:
        """``seeds`` dice seeds from ``first``."""
        if not tables:
            raise ArgumentError("a Palagonia match needs a table: players in seat order, a,b,c")
        played = [
            (number, SeatedGame(seats, dice, tiles))
            for dice in range(first, first + seeds)
            for number, table in enumerate(tables)
            for seats in rotations(table)
        ]
        return cls(tuple(tables), tuple(g for _n, g in played), tuple(n for n, _g in played))


@dataclass(frozen=True)
class Interval:
    """A mean over the dice seeds and its 95 % interval."""

    mean: float
    low: float
    high: float

    @classmethod
    def of(cls, samples: Sequence[float]) -> Interval:
        if not samples:
            return cls(0.0, 0.0, 0.0)
        mean = sum(samples) / len(samples)
        if len(samples) < 2:
            return cls(mean, mean, mean)
        var = sum((x - mean) ** 2 for x in samples) / (len(samples) - 1)
        half = 1.96 * math.sqrt(var / len(samples))
        return cls(mean, mean - half, mean + half)


@dataclass(frozen=True)
class PlayerScore:
    """A player's seats in the games: how many, and its mean score, rank and win share."""

    player: str
    seats: int
    score: Interval
    rank: Interval
    wins: Interval


@dataclass(frozen=True)
class PairScore:
    """``first`` against ``second`` in the games where both sit: the mean score difference
    per game."""

    first: str
    second: str
    games: int
    difference: Interval


@dataclass(frozen=True)
class ActionTime:
    """A player's actions and the seconds per action (wall clock and CPU) and the longest."""

    player: str
    actions: int
    seconds: float
    cpu: float
    worst: float


@dataclass(frozen=True)
class PalagoniaReport:
    """What a match found, over the games played (by number) of ``plan``."""

    plan: PalagoniaPlan
    results: Mapping[int, SeatedResult]
    players: tuple[PlayerScore, ...]
    pairs: tuple[PairScore, ...]
    ratings: tuple[Rating, ...]
    times: tuple[ActionTime, ...]
    seconds: float = 0.0
    stopped: str | None = None
    restarts: int = 0

    @classmethod
    def of(
        cls,
        plan: PalagoniaPlan,
        results: Mapping[int, SeatedResult],
        seconds: float = 0.0,
        stopped: str | None = None,
        bootstrap: int = 200,
    ) -> PalagoniaReport:
        by_seed: dict[int, list[SeatedResult]] = defaultdict(list)
        for number in sorted(results):
            by_seed[plan.games[number].dice].append(results[number])
        groups = [by_seed[s] for s in sorted(by_seed)]
        names = sorted({p for g in results.values() for p in g.seats}, key=PLAYERS.index)
        players = tuple(_player_score(name, groups) for name in names)
        pairs = tuple(
            pair
            for i, a in enumerate(names)
            for b in names[i + 1 :]
            if (pair := _pair_score(b, a, groups)).games
        )
        outcomes = [[o for g in group for o in _seat_outcomes(g)] for group in groups]
        outcomes = [o for o in outcomes if o]
        ratings = tuple(rate(outcomes, bootstrap=bootstrap)) if outcomes else ()
        restarts = sum(g.restarts for g in results.values())
        return cls(
            plan,
            results,
            players,
            pairs,
            ratings,
            _times(names, results.values()),
            seconds,
            stopped,
            restarts,
        )

    @property
    def planned(self) -> int:
        """The games of the plan."""
        return len(self.plan.games)

    def text(self) -> str:
        """The tables as Markdown."""
        lines = [
            "| player | seats | mean score | 95 % interval | mean rank | 95 % interval "
            "| win share | 95 % interval |",
            "|---|---|---|---|---|---|---|---|",
        ]
        for p in self.players:
            lines.append(
                f"| {p.player} | {p.seats} | {p.score.mean:.2f} | {_span(p.score, '.2f')} "
                f"| {p.rank.mean:.2f} | {_span(p.rank, '.2f')} | {p.wins.mean:.1%} "
                f"| {_span(p.wins, '.1%')} |"
            )
        if self.pairs:
            lines += [
                "",
                "| pairing | games | mean score difference per game | 95 % interval |",
                "|---|---|---|---|",
            ]
            lines += [
                f"| {p.first} vs {p.second} | {p.games} | {p.difference.mean:+.2f} "
                f"| {_span(p.difference, '+.2f')} |"
                for p in self.pairs
            ]
        if len(self.ratings) > 1:
            lines += ["", "| player | Elo | 95 % interval | pairs of seats | score |"]
            lines += ["|---|---|---|---|---|"]
            lines += [
                f"| {r.player} | {r.elo:+.0f} | {r.low:+.0f} … {r.high:+.0f} | {r.games} "
                f"| {r.score / max(1, r.games):.0%} |"
                for r in self.ratings
            ]
        lines += ["", "| player | actions | seconds per action | CPU seconds | longest |"]
        lines += ["|---|---|---|---|---|"]
        lines += [
            f"| {t.player} | {t.actions} | {t.seconds:.3f} | {t.cpu:.3f} | {t.worst:.3f} |"
            for t in self.times
        ]
        return "\n".join(lines)

    def json(self) -> dict[str, Any]:
        """The report as one JSON object (docs/palagonia-players.md)."""

        def interval(i: Interval) -> dict[str, Any]:
            return {"mean": i.mean, "interval": [i.low, i.high]}

        return {
            "games": len(self.results),
            "planned": self.planned,
            "seconds": self.seconds,
            "stopped": self.stopped,
            "restarts": self.restarts,
            "players": [
                {
                    "player": p.player,
                    "seats": p.seats,
                    "score": interval(p.score),
                    "rank": interval(p.rank),
                    "wins": interval(p.wins),
                }
                for p in self.players
            ],
            "pairs": [
                {"players": [p.first, p.second], "games": p.games} | interval(p.difference)
                for p in self.pairs
            ],
            "ratings": [
                {"player": r.player, "elo": r.elo, "interval": [r.low, r.high], "pairs": r.games}
                for r in self.ratings
            ],
            "times": [
                {
                    "player": t.player,
                    "actions": t.actions,
                    "seconds_per_action": t.seconds,
                    "cpu_seconds_per_action": t.cpu,
                    "longest": t.worst,
                }
                for t in self.times
            ],
        }

    def records(self) -> dict[Table, list[str]]:
        """The records of the games played at each table (in any of its rotations), in the
        order of their numbers."""
        found: dict[Table, list[str]] = {table: [] for table in self.plan.tables}
        for number in sorted(self.results):
            table = self.plan.tables[self.plan.table_numbers[number]]
            found[table].append(self.results[number].record)
        return found


def _span(interval: Interval, form: str) -> str:
    return f"{interval.low:{form}} – {interval.high:{form}}"


def _player_score(name: str, groups: list[list[SeatedResult]]) -> PlayerScore:
    scores, ranks, wins = [], [], []
    seats = 0
    for group in groups:
        s, r, w = [], [], []
        for game in group:
            game_ranks, game_wins = game.ranks(), game.wins()
            for seat, player in enumerate(game.seats):
                if player == name:
                    s.append(game.scores[seat])
                    r.append(game_ranks[seat])
                    w.append(game_wins[seat])
        if s:
            seats += len(s)
            scores.append(sum(s) / len(s))
            ranks.append(sum(r) / len(r))
            wins.append(sum(w) / len(w))
    return PlayerScore(name, seats, Interval.of(scores), Interval.of(ranks), Interval.of(wins))


def _pair_score(first: str, second: str, groups: list[list[SeatedResult]]) -> PairScore:
    samples = []
    games = 0
    for group in groups:
        differences = []
        for game in group:
            a = [s for s, p in zip(game.scores, game.seats, strict=True) if p == first]
            b = [s for s, p in zip(game.scores, game.seats, strict=True) if p == second]
            if a and b:
                differences.append(sum(a) / len(a) - sum(b) / len(b))
        if differences:
            games += len(differences)
            samples.append(sum(differences) / len(differences))
    return PairScore(first, second, games, Interval.of(samples))


def _seat_outcomes(game: SeatedResult) -> list[tuple[str, str, float]]:
    """Every pair of seats of different players: the first's score against the second (1, ½
    or 0 by their points)."""
    found = []
    for i, a in enumerate(game.seats):
        for j in range(i + 1, len(game.seats)):
            b = game.seats[j]
            if a != b:
                x, y = game.scores[i], game.scores[j]
                found.append((a, b, 1.0 if x > y else 0.0 if x < y else 0.5))
    return found


def _times(names: Sequence[str], results: Iterable[SeatedResult]) -> tuple[ActionTime, ...]:
    actions: dict[str, int] = defaultdict(int)
    seconds: dict[str, float] = defaultdict(float)
    cpu: dict[str, float] = defaultdict(float)
    worst: dict[str, float] = defaultdict(float)
    for game in results:
        for seat, name in enumerate(game.seats):
            actions[name] += game.actions[seat]
            seconds[name] += game.seconds[seat]
            cpu[name] += game.cpu[seat]
            worst[name] = max(worst[name], game.worst[seat])
    return tuple(
        ActionTime(
            n,
            actions[n],
            seconds[n] / max(1, actions[n]),
            cpu[n] / max(1, actions[n]),
            worst[n],
        )
        for n in names
    )


class PalagoniaResults(ResultLines[SeatedGame, SeatedResult]):
    """The results file of a Palagonia match (:class:`~..standings.ResultLines`)."""

    what = "a Palagonia match's results file"

    def key(self, spec: SeatedGame) -> str:
        return spec.key()

    def entry(self, result: SeatedResult) -> dict[str, Any]:
        return {
            "seats": list(result.seats),
            "scores": list(result.scores),
            "turns": result.turns,
            "actions": list(result.actions),
            "seconds": list(result.seconds),
            "cpu": list(result.cpu),
            "longest": list(result.worst),
            "restarts": result.restarts,
            "record": result.record,
        }

    def result(self, entry: dict[str, Any]) -> SeatedResult:
        return SeatedResult(
            tuple(str(s) for s in entry["seats"]),
            tuple(int(s) for s in entry["scores"]),
            str(entry["record"]),
            int(entry["turns"]),
            tuple(int(a) for a in entry["actions"]),
            tuple(float(s) for s in entry["seconds"]),
            tuple(float(s) for s in entry["cpu"]),
            tuple(float(s) for s in entry["longest"]),
            int(entry.get("restarts", 0)),
        )


def play_tables(
    plan: PalagoniaPlan,
    results: PalagoniaResults | None = None,
    jobs: int = 1,
    scheduler: str | None = None,
) -> Iterator[tuple[int, SeatedResult]]:
    """The games of ``plan`` by number as they end: those in ``results`` taken from it, the
    others played (one after another, in ``jobs`` processes or on a Dask scheduler) and
    appended to it."""
    return play_resumed(plan.games, results, jobs, scheduler, play_seated)
