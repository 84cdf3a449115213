"""``palago match``: games between engine levels and baselines, with the pairing and rating
tables, or an SPRT between two players: options → :class:`~palago_tools.engine.plan.MatchPlan`,
the games played with a progress line, the :class:`~palago_tools.engine.plan.MatchReport`
printed (the library is :mod:`palago_tools.engine.plan`, :mod:`~palago_tools.engine.match`,
:mod:`~palago_tools.engine.standings` and :mod:`~palago_tools.engine.sprt`)."""

from __future__ import annotations

import re
import time
from collections.abc import Iterable
from pathlib import Path

import typer

from ..core.tiles import SET_SIZE
from ..engine.match import PLAYERS, player_named
from ..engine.palagonia.games import SeatedResult
from ..engine.palagonia.match import (
    PalagoniaPlan,
    PalagoniaReport,
    PalagoniaResults,
    play_tables,
    table_of,
)
from ..engine.palagonia.player import PLAYERS as PALAGONIA_PLAYERS
from ..engine.plan import DEFAULT_GAMES, SPRT_GAMES, MatchPlan, MatchReport, pairings_of
from ..engine.sprt import Sprt
from ..engine.standings import ResultsFile, load_average, play_resumed
from ..errors import EXIT_INTERRUPTED
from ..files import atomic_write, make_folder
from ..replays.reports import dumps
from ._app import app, fail, note, progress_stream, refuse_without, wrote


def _names(texts: Iterable[str]) -> list[str]:
    found: list[str] = []
    for text in texts:
        for name in text.split(","):
            if not name:
                continue
            try:
                player_named(name, 0)
            except ValueError as error:
                fail(str(error))
            if name not in found:
                found.append(name)
    return found


class _Progress:
    """One line on standard error when it is a terminal: games done, the score of the pairing
    of the last game, the time, and the LLR in an SPRT."""

    def __init__(self, planned: int) -> None:
        self.stream = progress_stream()
        self.planned = planned
        self.started = time.perf_counter()
        self.drawn = False

    def show(
        self, done: int, pairing: tuple[str, str], points: float, games: int, extra: str
    ) -> None:
        self.line(done, f"{pairing[0]} v {pairing[1]} {points:g}/{games}", extra)

    def line(self, done: int, game: str, extra: str = "") -> None:
        seconds = int(time.perf_counter() - self.started)
        self.stream.write(
            f"\r{done}/{self.planned} games  {game}"
            f"  {seconds // 60}:{seconds % 60:02d}{extra}\x1b[K"
        )
        self.stream.flush()
        self.drawn = True

    def clear(self) -> None:
        if self.drawn:
            self.stream.write("\r\x1b[K")
            self.stream.flush()


def _write_records(folder: Path, records: dict[str, list[str]]) -> None:
    """Each list of records in a file of its name (made part of a file name) in ``folder``."""
    for name, texts in records.items():
        path = folder / f"{_file_name(name)}.palago"
        atomic_write(path, ("\n".join(texts)).encode("utf-8"))
        wrote(path)


def _file_name(player: str) -> str:
    """A player's name as a part of a file name (a weight variant's ``:`` made ``_``)."""
    return re.sub(r"[^A-Za-z0-9=.+-]", "_", player)


@app.command("match")
def match_command(
    ctx: typer.Context,
    players: list[str] = typer.Argument(
        None,
        metavar="PLAYER",
        help=f"Players (comma-separated or one by one): {', '.join(PLAYERS)}; "
        "levelN:FIELD=VALUE[:FIELD=VALUE...] is level N with other evaluation weights or "
        "search settings (depth, quiescence, nodes, forks, guard, forcing, quiet, threats); "
        "gtp:DIR:N is the engine of the palago-tools checkout DIR at level N, over GTP.",
    ),
    against: str = typer.Option("", "--against", help="Play each PLAYER against each of these."),
    levels: str = typer.Option(
        "", "--levels", help="Also a round robin of these players and the --against ones."
    ),
    games: int | None = typer.Option(
        None,
        "--games",
        min=1,
        help=f"Games per pairing, in pairs ({DEFAULT_GAMES}; {SPRT_GAMES} at most with --sprt).",
    ),
    jobs: int = typer.Option(1, "--jobs", min=1, max=256, help="Local processes."),
    scheduler: str | None = typer.Option(
        None, "--scheduler", metavar="ADDRESS", help="Play on this Dask scheduler instead."
    ),
    seed: int = typer.Option(
        0,
        "--seed",
        help="Seed of the players' choices; with --palagonia, the first dice seed.",
    ),
    supply: int = typer.Option(SET_SIZE, "--supply", min=4, max=10000, help="Tiles a game."),
    clock: float | None = typer.Option(
        None,
        "--clock",
        metavar="SECONDS",
        min=0.1,
        max=86400,
        help="Each side's time for a whole game; a side that runs out loses on time.",
    ),
    records: Path | None = typer.Option(
        None, "--records", metavar="DIR", help="Write the games as records, a file per pairing."
    ),
    results_path: Path | None = typer.Option(
        None,
        "--results",
        metavar="FILE",
        help="Append each game here; the games it holds are not played again.",
    ),
    bootstrap: int = typer.Option(200, "--bootstrap", min=0, help="Resamplings for the intervals."),
    palagonia: bool = typer.Option(
        False,
        "--palagonia",
        help="Palagonia: each PLAYER is a table, players in seat order (level2,greedy,greedy), "
        f"of {', '.join(PALAGONIA_PLAYERS)}.",
    ),
    seeds: int = typer.Option(
        20, "--seeds", min=1, help="With --palagonia: dice seeds (each table rotated on each)."
    ),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object (docs/engine.md)."),
    sprt: bool = typer.Option(
        False, "--sprt", help="An SPRT of the first player against the second."
    ),
    elo0: float = typer.Option(0.0, "--elo0", help="With --sprt: H0's Elo difference."),
    elo1: float = typer.Option(20.0, "--elo1", help="With --sprt: H1's Elo difference."),
    alpha: float = typer.Option(0.05, "--alpha", help="With --sprt: the false positive rate."),
    beta: float = typer.Option(0.05, "--beta", help="With --sprt: the false negative rate."),
) -> None:
    """Play games between engine levels and baselines in pairs with colours swapped, every game
    replayed from its record; print the pairing table, the ratings and the time per move, or
    with --sprt test the first player against the second (docs/engine.md)."""
    refuse_without(ctx, sprt, "--sprt", "elo0", "elo1", "alpha", "beta")
    refuse_without(ctx, palagonia, "--palagonia", "seeds")
    if palagonia:
        refuse_without(ctx, False, "a Palago match", "against", "levels", "games", "clock", "sprt")
        _palagonia_match(
            players or [],
            seeds,
            seed,
            supply,
            jobs,
            scheduler,
            records,
            results_path,
            as_json,
            bootstrap,
        )
        return
    named = _names(players or [])
    try:
        if sprt:
            refuse_without(ctx, False, "a match without --sprt", "against", "levels")
            if len(named) != 2:
                fail("--sprt plays two players: the tested one, then the one it is tested against")
            test = Sprt(elo0, elo1, alpha, beta)
            plan = MatchPlan.of_sprt(named[0], named[1], test, games, seed, supply, clock)
        else:
            pairs = pairings_of(named, _names([against]), _names([levels]))
            plan = MatchPlan.of(pairs, games, seed, supply, clock)
    except ValueError as error:
        fail(str(error))
    if records is not None:
        make_folder(records)  # before any game: a file in the way is said at once
    resumed = ResultsFile(results_path) if results_path is not None else None
    known = len(resumed.known) if resumed is not None else 0
    load_before = load_average()
    report = _played(plan, resumed, jobs, scheduler, bootstrap, seed)
    if records is not None:
        _write_records(records, {f"{a}-vs-{b}": r for (a, b), r in report.records().items()})
    typer.echo(dumps(report.json()) if as_json else report.text())
    load_text = "?" if load_before is None else f"{load_before[0]:.2f}"
    done = len(report.results)
    played = len(resumed.known) - known if resumed is not None else done
    taken = f" ({done - played} of them from {results_path})" if resumed is not None else ""
    note(
        f"{done} of {plan.planned} games{taken} in {report.seconds:.0f} s with {jobs} job(s)"
        f"{' on ' + scheduler if scheduler else ''}, load {load_text} before; every record "
        "replayed"
    )
    if report.stopped:
        note("palago: interrupted; the games above are those played")
        raise typer.Exit(EXIT_INTERRUPTED)


def _played(
    plan: MatchPlan,
    resumed: ResultsFile | None,
    jobs: int,
    scheduler: str | None,
    bootstrap: int,
    seed: int,
) -> MatchReport:
    """Play the match with a progress line (Ctrl-C stops it) and report it."""
    tally = plan.tally()
    progress = _Progress(plan.planned)
    stopped = None
    started = time.perf_counter()
    try:
        for number, result in play_resumed(plan.specs, resumed, jobs, scheduler):
            score = tally.add(number, result)
            extra = ""
            if tally.sprt is not None:
                low, high = tally.sprt.test.bounds
                extra = f"  LLR {tally.sprt.llr:+.2f} ({low:+.2f}, {high:+.2f})"
            progress.show(len(tally.results), score.pairing, score.points, score.games, extra)
            if tally.decided:
                break
    except KeyboardInterrupt:
        stopped = "interrupted"
    finally:
        progress.clear()
    elapsed = time.perf_counter() - started
    return tally.report(elapsed, stopped, load_average(), bootstrap, seed)


def _palagonia_match(
    texts: list[str],
    seeds: int,
    first: int,
    tiles: int,
    jobs: int,
    scheduler: str | None,
    records: Path | None,
    results_path: Path | None,
    as_json: bool,
    bootstrap: int,
) -> None:
    """``palago match --palagonia``: the tables over ``seeds`` dice seeds from ``first``."""
    try:
        plan = PalagoniaPlan.of([table_of(t) for t in texts], seeds, first, tiles)
    except ValueError as error:
        fail(str(error))
    if records is not None:
        make_folder(records)
    resumed = PalagoniaResults(results_path) if results_path is not None else None
    known = len(resumed.known) if resumed is not None else 0
    results: dict[int, SeatedResult] = {}
    progress = _Progress(len(plan.games))
    stopped = None
    started = time.perf_counter()
    try:
        for number, result in play_tables(plan, resumed, jobs, scheduler):
            results[number] = result
            scores = "-".join(map(str, result.scores))
            progress.line(len(results), f"{','.join(result.seats)} {scores}")
    except KeyboardInterrupt:
        stopped = "interrupted"
    finally:
        progress.clear()
    seconds = time.perf_counter() - started
    report = PalagoniaReport.of(plan, results, seconds, stopped, bootstrap)
    if records is not None:
        by_table = report.records().items()
        _write_records(records, {f"palagonia-{'-'.join(t)}": r for t, r in by_table})
    typer.echo(dumps(report.json()) if as_json else report.text())
    played = len(resumed.known) - known if resumed is not None else len(results)
    taken = f" ({len(results) - played} of them from {results_path})" if resumed else ""
    note(
        f"{len(results)} of {len(plan.games)} games{taken} in {seconds:.0f} s with {jobs} "
        f"job(s){' on ' + scheduler if scheduler else ''}; every record replayed"
    )
    if stopped:
        note("palago: interrupted; the games above are those played")
        raise typer.Exit(EXIT_INTERRUPTED)
