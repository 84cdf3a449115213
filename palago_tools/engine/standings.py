"""What a match found: the pairing table (wins, draws, losses, score with a 95 % interval), the
rating table and the seconds per move of every player, as text and as JSON; and the results
file that makes a match resumable.

Games are numbered as :func:`~palago_tools.engine.match.match_specs` plans them, two to a game
pair (game ``2k`` and ``2k + 1`` share an opening with the colours swapped), so a pair is found
by its number even when a stopped match played only part of the plan.
"""

from __future__ import annotations

import json
import os
import statistics
from abc import ABC, abstractmethod
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic

from ..core.tiles import Colour
from ..errors import UsageError
from ..files import open_for_appending
from .match import GameResult, GameSpec, ResultT, SpecT, play_game, play_unordered
from .ratings import Rating, percentile, rate, score_interval


@dataclass(frozen=True)
class Pairing:
    """The games of ``first`` against ``second``: ``first``'s wins, draws and losses, its mean
    score and the 95 % interval from bootstrapping the game pairs."""

    first: str
    second: str
    games: int
    wins: int
    draws: int
    losses: int
    score: float
    low: float
    high: float


@dataclass(frozen=True)
class MoveTime:
    """A player's turns and the seconds it took per turn: wall clock, and CPU time (the
    figure to compare on a shared machine), with the median, 95th percentile and worst CPU
    seconds of a move when every game of the player kept them (``None`` otherwise)."""

    player: str
    moves: int
    seconds: float
    cpu: float
    median: float | None = None
    p95: float | None = None
    worst: float | None = None


@dataclass(frozen=True)
class Standings:
    """The tables of a match."""

    games: int
    pairings: tuple[Pairing, ...]
    ratings: tuple[Rating, ...]
    times: tuple[MoveTime, ...]


def game_pairs(results: Mapping[int, GameResult]) -> list[list[GameResult]]:
    """The results in game pairs (numbers ``2k``, ``2k + 1``), a pair cut short by a stop
    kept as one game."""
    pairs: dict[int, list[GameResult]] = defaultdict(list)
    for number in sorted(results):
        pairs[number // 2].append(results[number])
    return [pairs[k] for k in sorted(pairs)]


def standings(
    results: Mapping[int, GameResult],
    pairings: Sequence[tuple[str, str]],
    bootstrap: int = 200,
    seed: int = 0,
) -> Standings:
    """The tables of ``results`` (by game number) for the ``pairings`` played, each game
    looked at once for each table."""
    pairs = game_pairs(results)
    by_players: dict[frozenset[str], list[list[GameResult]]] = defaultdict(list)
    for pair in pairs:
        by_players[frozenset((pair[0].yellow, pair[0].blue))].append(pair)
    rows = []
    for a, b in pairings:
        mine = by_players.get(frozenset((a, b)), [])
        games = [g for p in mine for g in p]
        wins = sum(g.score_of(a) == 1 for g in games)
        draws = sum(g.winner is None for g in games)
        mean, low, high = score_interval(
            [sum(g.score_of(a) for g in p) / len(p) for p in mine], seed=seed
        )
        rows.append(
            Pairing(a, b, len(games), wins, draws, len(games) - wins - draws, mean, low, high)
        )
    outcomes = [[(g.yellow, g.blue, g.score_of(g.yellow)) for g in p] for p in pairs]
    ratings = rate(outcomes, bootstrap=bootstrap, seed=seed) if outcomes else []
    seconds: dict[str, float] = defaultdict(float)
    cpu: dict[str, float] = defaultdict(float)
    moves: dict[str, int] = defaultdict(int)
    each: dict[str, list[float] | None] = {}
    for g in results.values():
        for side, name in enumerate((g.yellow, g.blue)):
            seconds[name] += g.seconds[side]
            cpu[name] += g.cpu[side]
            moves[name] += g.moves[side]
            kept = each.setdefault(name, [])
            if kept is not None and len(g.move_cpu[side]) == g.moves[side]:
                kept.extend(g.move_cpu[side])
            else:
                each[name] = None  # a game without its moves' times: no percentiles
    times = tuple(
        MoveTime(
            n,
            moves[n],
            seconds[n] / max(1, moves[n]),
            cpu[n] / max(1, moves[n]),
            *_percentiles(each[n]),
        )
        for n in sorted(moves)
    )
    return Standings(len(results), tuple(rows), tuple(ratings), times)


def _percentiles(values: list[float] | None) -> tuple[float | None, float | None, float | None]:
    """The median, the 95th percentile (:func:`~.ratings.percentile`) and the largest of
    ``values``; ``None`` for each when they are not known or there are none."""
    if not values:
        return None, None, None
    return statistics.median(values), percentile(values, 0.95), max(values)


def load_average() -> tuple[float, float, float] | None:
    """The machine's load average over 1, 5 and 15 minutes, where the system tells it."""
    try:
        return os.getloadavg()
    except (AttributeError, OSError):
        return None


def _load_text(load: tuple[float, float, float] | None) -> str:
    return "unknown" if load is None else " ".join(f"{v:.2f}" for v in load)


def markdown(table: Standings, load: tuple[float, float, float] | None) -> str:
    """The three tables as Markdown, the load average beside the times."""
    lines = ["| pairing | games | W / D / L | score | 95 % interval |", "|---|---|---|---|---|"]
    for p in table.pairings:
        lines.append(
            f"| {p.first} vs {p.second} | {p.games} | {p.wins} / {p.draws} / {p.losses} "
            f"| {p.score:.0%} | {p.low:.0%} – {p.high:.0%} |"
        )
    lines += ["", "| player | Elo | 95 % interval | games | score |", "|---|---|---|---|---|"]
    for r in table.ratings:
        lines.append(
            f"| {r.player} | {r.elo:+.0f} | {r.low:+.0f} … {r.high:+.0f} | {r.games} "
            f"| {r.score / max(1, r.games):.0%} |"
        )
    lines += [
        "",
        f"| player | moves | seconds per move | CPU seconds per move (load {_load_text(load)}) "
        "| CPU median / p95 / worst |",
        "|---|---|---|---|---|",
    ]
    lines += [
        f"| {t.player} | {t.moves} | {t.seconds:.3f} | {t.cpu:.3f} | {_spread_text(t)} |"
        for t in table.times
    ]
    return "\n".join(lines)


def _spread_text(time: MoveTime) -> str:
    if time.median is None or time.p95 is None or time.worst is None:
        return "–"
    return f"{time.median:.2f} / {time.p95:.2f} / {time.worst:.2f}"


def standings_json(table: Standings, load: tuple[float, float, float] | None) -> dict[str, Any]:
    """The tables as one JSON object (see docs/engine.md)."""
    return {
        "games": table.games,
        "pairings": [
            {
                "players": [p.first, p.second],
                "games": p.games,
                "wins": p.wins,
                "draws": p.draws,
                "losses": p.losses,
                "score": p.score,
                "interval": [p.low, p.high],
            }
            for p in table.pairings
        ],
        "ratings": [
            {
                "player": r.player,
                "elo": r.elo,
                "interval": [r.low, r.high],
                "games": r.games,
                "score": r.score,
            }
            for r in table.ratings
        ],
        "times": [
            {
                "player": t.player,
                "moves": t.moves,
                "seconds_per_move": t.seconds,
                "cpu_seconds_per_move": t.cpu,
                "cpu_median": t.median,
                "cpu_p95": t.p95,
                "cpu_worst": t.worst,
            }
            for t in table.times
        ],
        "load": None if load is None else list(load),
    }


def spec_key(spec: GameSpec) -> str:
    """The name of a game in a results file: players, opening, seed and supply."""
    opening = " / ".join(" ".join(t.token for t in turn) for turn in spec.opening)
    supply = spec.options.supply
    clock = "" if spec.clock is None else f" | clock {spec.clock:g} s"
    return f"{spec.yellow} - {spec.blue} | {opening} | seed {spec.seed} | {supply} tiles{clock}"


class ResultLines(ABC, Generic[SpecT, ResultT]):
    """Results appended to a file, one JSON object a line, so that a stopped match goes on
    where it stopped: a game already in the file (by :meth:`key`) is taken from it, not played
    again. A torn last line (a run stopped while writing it) is left out when read and cut off
    before the next game is appended. A kind of match says how its games are named
    (:meth:`key`) and written (:meth:`entry`, read back by :meth:`result`)."""

    what = "a match's results file"
    """The file's name in an error about a line."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.known: dict[str, ResultT] = {}
        if path.exists():
            self._read()

    @abstractmethod
    def key(self, spec: SpecT) -> str:
        """The name of the game ``spec`` in the file."""

    @abstractmethod
    def entry(self, result: ResultT) -> dict[str, Any]:
        """The line of ``result`` (besides its name)."""

    @abstractmethod
    def result(self, entry: dict[str, Any]) -> ResultT:
        """The result a line holds (``ValueError``, ``KeyError``, ``TypeError`` or
        ``IndexError`` when it holds none)."""

    def _read(self) -> None:
        lines = self.path.read_text(encoding="utf-8").split("\n")
        for number, line in enumerate(lines[:-1], 1):  # the last is empty or torn
            if not line.strip():
                continue
            try:
                entry = json.loads(line)
                self.known[str(entry["game"])] = self.result(entry)
            except (ValueError, KeyError, TypeError, IndexError):
                raise UsageError(f"{self.path}:{number}: not a line of {self.what}") from None

    def append(self, spec: SpecT, result: ResultT) -> None:
        """Add one game to the file (written and flushed at once)."""
        key = self.key(spec)
        line = json.dumps({"game": key, **self.entry(result)}, ensure_ascii=False) + "\n"
        fd = open_for_appending(self.path)
        try:
            os.write(fd, line.encode("utf-8"))
            os.fsync(fd)
        finally:
            os.close(fd)
        self.known[key] = result


class ResultsFile(ResultLines[GameSpec, GameResult]):
    """The results file of a Palago match."""

    def key(self, spec: GameSpec) -> str:
        return spec_key(spec)

    def entry(self, result: GameResult) -> dict[str, Any]:
        entry = {
            "yellow": result.yellow,
            "blue": result.blue,
            "winner": None if result.winner is None else result.winner.value,
            "turns": result.turns,
            "seconds": list(result.seconds),
            "moves": list(result.moves),
            "cpu": list(result.cpu),
            "move_cpu": [list(side) for side in result.move_cpu],
            "record": result.record,
        }
        if result.ending:
            entry["ending"] = result.ending
        return entry

    def result(self, entry: dict[str, Any]) -> GameResult:
        winner = entry["winner"]
        cpu = entry.get("cpu", [0.0, 0.0])
        move_cpu = entry.get("move_cpu", [[], []])
        return GameResult(
            entry["yellow"],
            entry["blue"],
            None if winner is None else Colour(winner),
            entry["record"],
            int(entry["turns"]),
            (float(entry["seconds"][0]), float(entry["seconds"][1])),
            (int(entry["moves"][0]), int(entry["moves"][1])),
            (float(cpu[0]), float(cpu[1])),
            str(entry.get("ending", "")),
            (tuple(map(float, move_cpu[0])), tuple(map(float, move_cpu[1]))),
        )


def play_resumed(
    specs: Iterable[SpecT],
    results_file: ResultLines[SpecT, ResultT] | None,
    jobs: int = 1,
    scheduler: str | None = None,
    play: Callable[[SpecT], ResultT] = play_game,  # type: ignore[assignment]
) -> Iterator[tuple[int, ResultT]]:
    """Like :func:`~palago_tools.engine.match.play_unordered`, taking the games already in
    ``results_file`` from it and appending each game played; ``play`` plays one game (a Palago
    game unless said)."""
    known = results_file.known if results_file is not None else {}
    ready: list[tuple[int, ResultT]] = []
    numbers: list[int] = []
    kept: list[SpecT] = []

    def to_play() -> Iterator[SpecT]:
        for number, spec in enumerate(specs):
            found = known.get(results_file.key(spec)) if results_file is not None else None
            if found is not None:
                ready.append((number, found))
                continue
            numbers.append(number)
            kept.append(spec)
            yield spec

    for index, result in play_unordered(to_play(), jobs, scheduler, play):
        while ready:
            yield ready.pop(0)
        if results_file is not None:
            results_file.append(kept[index], result)
        yield numbers[index], result
    while ready:
        yield ready.pop(0)
