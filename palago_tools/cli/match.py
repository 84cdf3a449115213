"""``palago match``: games between engine levels and baselines, with the pairing and rating
tables, or an SPRT between two players (the library is :mod:`palago_tools.engine.match`,
:mod:`~palago_tools.engine.standings` and :mod:`~palago_tools.engine.sprt`)."""

from __future__ import annotations

import itertools
import re
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import typer

from ..core.tiles import SET_SIZE
from ..engine.match import (
    PLAYERS,
    GameResult,
    GameSpec,
    match_specs,
    player_named,
    sprt_specs,
)
from ..engine.sprt import H0, H1, Sprt, SprtTally
from ..engine.standings import (
    ResultsFile,
    load_average,
    markdown,
    play_resumed,
    standings,
    standings_json,
)
from ..errors import EXIT_INTERRUPTED
from ..files import atomic_write, make_folder
from ..replays.reports import dumps
from ._app import app, fail, note, progress_stream, refuse_without, wrote

SPRT_GAMES = 1000
"""The most games of an SPRT unless ``--games`` says otherwise."""


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


def pairings_of(players: list[str], against: list[str], levels: list[str]) -> list[tuple[str, str]]:
    """Each of ``players`` against each of ``against`` (without ``against``: a round robin of
    ``players``), and a round robin of ``levels`` with ``against``."""
    if against:
        pairs = [(p, a) for p in players for a in against if p != a]
    else:
        pairs = list(itertools.combinations(players, 2))
    if levels:
        pool = levels + [a for a in against if a not in levels]
        pairs += [
            p for p in itertools.combinations(pool, 2) if p not in pairs and p[::-1] not in pairs
        ]
    return pairs


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
        seconds = int(time.perf_counter() - self.started)
        self.stream.write(
            f"\r{done}/{self.planned} games  {pairing[0]} v {pairing[1]} {points:g}/{games}"
            f"  {seconds // 60}:{seconds % 60:02d}{extra}\x1b[K"
        )
        self.stream.flush()
        self.drawn = True

    def clear(self) -> None:
        if self.drawn:
            self.stream.write("\r\x1b[K")
            self.stream.flush()


def _write_records(folder: Path, results: dict[int, GameResult]) -> None:
    by_pairing: dict[tuple[str, str], list[str]] = {}
    for number in sorted(results):
        game = results[number]
        key = (game.yellow, game.blue) if number % 2 == 0 else (game.blue, game.yellow)
        by_pairing.setdefault(key, []).append(game.record)
    for (a, b), records in by_pairing.items():
        path = folder / f"{_file_name(a)}-vs-{_file_name(b)}.palago"
        atomic_write(path, ("\n".join(records)).encode("utf-8"))
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
        "levelN:FIELD=VALUE[:FIELD=VALUE...] is level N with other evaluation weights.",
    ),
    against: str = typer.Option("", "--against", help="Play each PLAYER against each of these."),
    levels: str = typer.Option(
        "", "--levels", help="Also a round robin of these players and the --against ones."
    ),
    games: int | None = typer.Option(
        None,
        "--games",
        min=1,
        help=f"Games per pairing, in pairs (20; {SPRT_GAMES} at most with --sprt).",
    ),
    jobs: int = typer.Option(1, "--jobs", min=1, max=256, help="Local processes."),
    scheduler: str | None = typer.Option(
        None, "--scheduler", metavar="ADDRESS", help="Play on this Dask scheduler instead."
    ),
    seed: int = typer.Option(0, "--seed", help="Seed of the players' choices."),
    supply: int = typer.Option(SET_SIZE, "--supply", min=4, max=10000, help="Tiles a game."),
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
    named = _names(players or [])
    if sprt:
        refuse_without(ctx, False, "a match without --sprt", "against", "levels")
        if len(named) != 2:
            fail("--sprt plays two players: the tested one, then the one it is tested against")
        try:
            test = Sprt(elo0, elo1, alpha, beta)
        except ValueError as error:
            fail(str(error))
        pairs = [(named[0], named[1])]
        most = games if games is not None else SPRT_GAMES
        specs: Iterable[GameSpec] = itertools.islice(
            sprt_specs(named[0], named[1], seed, supply), 2 * ((most + 1) // 2)
        )
        planned = 2 * ((most + 1) // 2)
    else:
        pairs = pairings_of(named, _names([against]), _names([levels]))
        if not pairs:
            fail("a match needs two players at least (or PLAYER --against OTHER)")
        plan = match_specs(pairs, games if games is not None else 20, seed, supply)
        specs, planned = plan, len(plan)
    if records is not None:
        make_folder(records)  # before any game: a file in the way is said at once
    resumed = ResultsFile(results_path) if results_path is not None else None
    known = len(resumed.known) if resumed is not None else 0
    load_before = load_average()
    done: dict[int, GameResult] = {}
    progress = _Progress(planned)
    tally = SprtTally(test) if sprt else None
    stopped = None
    started = time.perf_counter()
    try:
        for number, result in play_resumed(specs, resumed, jobs, scheduler):
            done[number] = result
            extra = ""
            if tally is not None:
                tally.add(number, result.score_of(named[0]))
                low, high = tally.test.bounds
                extra = f"  LLR {tally.llr:+.2f} ({low:+.2f}, {high:+.2f})"
            players_of = {result.yellow, result.blue}
            pairing = next(p for p in pairs if set(p) == players_of)
            mine = [g for g in done.values() if {g.yellow, g.blue} == players_of]
            points = sum(g.score_of(pairing[0]) for g in mine)
            progress.show(len(done), pairing, points, len(mine), extra)
            if tally is not None and tally.verdict is not None:
                break
    except KeyboardInterrupt:
        stopped = "interrupted"
    finally:
        progress.clear()
    elapsed = time.perf_counter() - started
    if tally is not None:  # games beyond the pairs counted are left out: the same on any cluster
        done = {n: g for n, g in done.items() if n < 2 * tally.pairs}
    if records is not None:
        _write_records(records, done)
    table = standings(done, pairs, bootstrap, seed)
    load = load_average()
    report: dict[str, Any] = standings_json(table, load)
    report["planned"] = planned
    report["seconds"] = elapsed
    report["stopped"] = stopped
    if tally is not None:
        low, high = tally.test.bounds
        outcome = {H1: "H1 accepted", H0: "H0 accepted"}.get(tally.verdict or "", None)
        if outcome is None:
            outcome = "interrupted" if stopped else f"no decision after {tally.pairs} pairs"
        report["sprt"] = {
            "elo0": elo0,
            "elo1": elo1,
            "alpha": alpha,
            "beta": beta,
            "pentanomial": tally.counts,
            "pairs": tally.pairs,
            "llr": tally.llr,
            "bounds": [low, high],
            "verdict": tally.verdict,
            "outcome": outcome,
        }
    if as_json:
        typer.echo(dumps(report))
    else:
        typer.echo(markdown(table, load))
        if tally is not None:
            typer.echo(
                f"\nSPRT {named[0]} vs {named[1]} (H0 {elo0:+g} Elo, H1 {elo1:+g} Elo, "
                f"alpha {alpha:g}, beta {beta:g}): LLR {tally.llr:+.2f}, bounds "
                f"({low:+.2f}, {high:+.2f}), after {tally.pairs} pairs "
                f"(LL, LD, LW+DD, DW, WW = {', '.join(map(str, tally.counts))}): "
                f"{report['sprt']['outcome']}"
            )
    load_text = "?" if load_before is None else f"{load_before[0]:.2f}"
    played = len(resumed.known) - known if resumed is not None else len(done)
    taken = f" ({len(done) - played} of them from {results_path})" if resumed is not None else ""
    note(
        f"{len(done)} of {planned} games{taken} in {elapsed:.0f} s with {jobs} job(s)"
        f"{' on ' + scheduler if scheduler else ''}, load {load_text} before; every record "
        "replayed"
    )
    if stopped:
        note("palago: interrupted; the games above are those played")
        raise typer.Exit(EXIT_INTERRUPTED)
