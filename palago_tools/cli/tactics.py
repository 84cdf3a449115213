"""Tactics on the command line: ``palago analyse --threats FILE[:N]`` (the report itself is here,
``analyse`` hands over to it), ``palago annotate`` and ``palago puzzles``."""

from __future__ import annotations

import json
import shutil
import sys
import time
from pathlib import Path

import typer

from ..core.analysis import Creature, plural
from ..core.hexgrid import Cell
from ..errors import EXIT_INTERRUPTED
from ..notation import records as rec
from ..notation import write, write_verified
from ..replays.annotate import annotate_game
from ..replays.situations import Situation, colour_named, situation_of
from ..tactics import Fork, ForkSearch, Win, fork_search, threats
from ._app import (
    app,
    fail,
    load_record,
    note,
    output_path,
    read_notation,
    refuse_without,
    usage_errors,
    write_output,
)
from ._stream import _is_terminal
from .review import DEFAULT_LEVEL, engine_annotated


def _cells(cells: frozenset[Cell] | set[Cell]) -> list[list[int]]:
    return [list(c) for c in sorted(cells)]


def _creature_json(creature: Creature) -> dict[str, object]:
    return {
        "colour": creature.colour.value,
        "tiles": creature.tiles,
        "cells": _cells(creature.cells),
    }


def _win_json(win: Win) -> dict[str, object]:
    return {
        "tiles": [t.token for t in win.tiles],
        "creatures": [_creature_json(c) for c in win.creatures],
    }


def _fork_json(fork: Fork) -> dict[str, object]:
    return {
        "tiles": [t.token for t in fork.tiles],
        "threats": [_win_json(w) for w in fork.threats],
        "replies": len(fork.answers),
        "reasons": [
            {"reason": reason, "replies": count, "example": [t.token for t in example.reply]}
            for reason, count, example in fork.reasons()
        ],
    }


class SearchProgress:
    """One line on standard error while a search runs, redrawn at most every 0.1 s, only on
    a terminal: what was searched, what was found, and the time left."""

    def __init__(self, label: str, seconds: float | None = None) -> None:
        self.label = label
        self.seconds = seconds
        self.shown = _is_terminal(sys.stderr)
        self.started = time.monotonic()
        self._drawn_at = -1.0
        self._drawn = False

    def show(self, done: int, total: int | None, found: str) -> None:
        """Draw ``done`` of ``total`` (items searched) and ``found``."""
        if not self.shown:
            return
        now = time.monotonic()
        if now - self._drawn_at < 0.1:
            return
        self._drawn_at = now
        spent = now - self.started
        parts = [f"{done:,}" + (f"/{total:,}" if total else ""), found]
        left = None
        if self.seconds is not None:
            left = max(0.0, self.seconds - spent)
        elif total and done and spent > 1:
            left = spent * (total - done) / done
        if left is not None:
            parts.append(f"{int(left) // 60}:{int(left) % 60:02d} left")
        line = f"{self.label}  " + "  ".join(parts)
        width = shutil.get_terminal_size((80, 24)).columns - 1
        sys.stderr.write("\r" + line[:width] + "\x1b[K")
        sys.stderr.flush()
        self._drawn = True

    def clear(self) -> None:
        """Take the line away."""
        if self._drawn:
            sys.stderr.write("\r\x1b[K")
            sys.stderr.flush()
            self._drawn = False


def threats_report(
    spec: str,
    turn: int | None,
    to_move: str | None,
    forks: int,
    as_json: bool,
    seconds: float | None = None,
) -> None:
    """Print the immediate wins of both sides and the forks of the side to move in record N of
    FILE (counted as the records stand in the file, unreadable ones too)."""
    _, number, record = load_record(spec)
    with usage_errors():
        mover = colour_named(to_move) if to_move else None
    situation = situation_of(record, turn, mover)
    report = threats(situation.position, situation.mover, tiles_left=situation.tiles_left)
    found: tuple[Fork, ...] = ()
    search: ForkSearch | None = None
    interrupted = False
    if forks and not report.wins and (situation.tiles_left is None or situation.tiles_left >= 3):
        bar = SearchProgress("searching forks", seconds)
        kept: list[Fork] = []
        try:
            search = fork_search(
                situation.position,
                situation.mover,
                tiles_left=situation.tiles_left,
                limit=forks,
                seconds=seconds,
                progress=lambda done, total, _n: bar.show(
                    done, total, f"{plural(len(kept), 'fork')} found"
                ),
                found=kept,
            )
        except KeyboardInterrupt:
            interrupted = True
        finally:
            bar.clear()
        found = tuple(kept) if search is None else search.forks
    complete = search is not None and search.complete
    if as_json:
        typer.echo(
            json.dumps(
                _report_json(number, situation, report.wins, report.to_block, found, forks)
                | {"forks_complete": complete or not (forks and not report.wins)},
                indent=2,
            )
        )
        _stopped(interrupted)
        return
    mover, other = situation.mover, situation.mover.other
    left = "" if situation.tiles_left is None else f", {situation.tiles_left} left in the supply"
    typer.echo(
        f"{situation.where}: {mover.value.capitalize()} to move "
        f"({plural(len(situation.position), 'tile')}{left})"
    )
    _list(f"{mover.value.capitalize()} wins at once with", report.wins)
    _list(f"{other.value.capitalize()} threatens (to block)", report.to_block)
    if report.to_block:
        cells = " ".join(f"{q},{r}" for q, r in sorted(report.threat_cells))
        typer.echo(f"  threat cells: {cells}")
    if report.wins or not forks:
        return
    cut = "" if complete else " (the search stopped before the end)"
    if not found:
        typer.echo(f"  no forced win in two for {mover}{cut}")
    else:
        more = f" (the first {len(found)})" if len(found) == forks else cut
        typer.echo(f"  forced wins in two for {mover}{more}:")
        for fork in found:
            typer.echo("    " + fork.describe().replace("\n", "\n    "))
    _stopped(interrupted)


def _stopped(interrupted: bool) -> None:
    """After a report cut short by Ctrl-C: say so and leave with the interrupted code."""
    if interrupted:
        typer.echo("palago: interrupted", err=True)
        raise typer.Exit(EXIT_INTERRUPTED)


def _list(title: str, wins: tuple[Win, ...]) -> None:
    if not wins:
        typer.echo(f"  {title}: nothing")
        return
    typer.echo(f"  {title}:")
    for win in wins:
        typer.echo(f"    {win.describe()}")


def _report_json(
    record: int,
    situation: Situation,
    wins: tuple[Win, ...],
    to_block: tuple[Win, ...],
    found: tuple[Fork, ...],
    limit: int,
) -> dict[str, object]:
    return {
        "record": record,
        "where": situation.where,
        "to_move": situation.mover.value,
        "tiles": len(situation.position),
        "tiles_left": situation.tiles_left,
        "wins": [_win_json(w) for w in wins],
        "threats": [_win_json(w) for w in to_block],
        "threat_cells": _cells({c for w in to_block for c in w.cells}),
        "forks": [_fork_json(f) for f in found],
        "forks_searched": bool(limit) and not wins,
        "forks_complete": len(found) < limit,
    }


def _annotate_with_engine(
    records: list[rec.Record], level: int, seconds: float | None, written: Path | None
) -> None:
    bar = SearchProgress("annotating with the engine", seconds)
    done, games, stopped, interrupted = 0, 0, False, False
    try:
        done, games, stopped = engine_annotated(records, level, seconds, bar.show)
    except KeyboardInterrupt:
        interrupted = True  # the games not finished are written as they were
    finally:
        bar.clear()
    if stopped:
        note(f"palago: stopped after {seconds:g} s: {done} of {plural(games, 'game')} annotated")
    cut = "the games not finished are written as they were"
    _write_annotated(written, records, cut, interrupted)


def _write_annotated(
    written: Path | None, records: list[rec.Record], cut: str, interrupted: bool
) -> None:
    """Write the records (read back before they are); after Ctrl-C say ``cut`` and leave with
    the interrupted code."""
    write_output(written, write_verified(records))
    if interrupted:
        note(f"palago: interrupted: {cut}")
        raise typer.Exit(EXIT_INTERRUPTED)


@app.command("annotate")
def annotate_command(
    ctx: typer.Context,
    file: str = typer.Argument(
        ..., metavar="FILE", help="A notation file with Palago games; - reads standard input."
    ),
    output: Path | None = typer.Option(
        None,
        "-o",
        "--output",
        help="Write the annotated records here, atomically (standard output if omitted or -).",
    ),
    engine: bool = typer.Option(
        False,
        "--engine",
        help="Instead of the tactics: each turn against the engine's best, ?! ? ?? by the "
        "winning chances it loses, with [%eval] and the best turn (docs/engine.md#analysis).",
    ),
    level: int = typer.Option(
        DEFAULT_LEVEL, "--level", min=1, max=5, help="With --engine: the engine's level."
    ),
    seconds: float | None = typer.Option(
        None,
        "--seconds",
        min=0.1,
        max=86400,
        help="With --engine: stop then; the turns not reached are written as they were.",
    ),
) -> None:
    """Print the records of FILE with the tactics of every turn of its Palago games (or write
    them to -o): missed wins (?), threats left (??), double threats (!), proven forced wins
    (!!), as comments and [%mark]/[%ghost]/[%arrow]; a progress bar on a terminal."""
    written = output_path(output, [file])
    result = read_notation(file)
    if result.errors:
        fail(f"{file} has records that cannot be read; fix them first", 1)
    records = list(result.records)
    if engine:
        _annotate_with_engine(records, level, seconds, written)
        return
    refuse_without(ctx, False, "--engine", "level", "seconds")
    games = sum(isinstance(r, rec.PalagoGame) for r in records)
    bar = SearchProgress("annotating")
    done = 0
    interrupted = False
    try:
        for index, record in enumerate(records):
            if isinstance(record, rec.PalagoGame):
                bar.show(done, games, f"{len(record.turns)} turns in this game")
                records[index] = annotate_game(record)
                done += 1
    except KeyboardInterrupt:
        interrupted = True  # the games not reached are written as they were
    finally:
        bar.clear()
    _write_annotated(written, records, f"{done} of {plural(games, 'game')} annotated", interrupted)


@app.command("puzzles")
def puzzles_command(
    count: int = typer.Option(9, "--count", min=1, max=200, help="How many puzzles."),
    seed: int = typer.Option(
        0, "--seed", help="Seed of the random games, for the same puzzles again."
    ),
    output: Path | None = typer.Option(
        None,
        "-o",
        "--output",
        help="Write the Position records here (standard output if omitted or -).",
    ),
    cards: Path | None = typer.Option(
        None,
        "--cards",
        help="Also write the puzzle cards (home sheets, answers on the backs) to this PDF.",
    ),
    lang: str = typer.Option("EN", "--lang", help="Language of the cards: EN, RU, FR or HU."),
    paper: str = typer.Option("A4", "--paper", help="A4 or Letter."),
    card_size: str = typer.Option(
        "poker", "--card-size", help="poker, bridge, tarot or WxH in mm."
    ),
    seconds: float | None = typer.Option(
        None, "--seconds", min=0.1, max=86400, help="Stop the search then, with what is found."
    ),
) -> None:
    """Find "to play and win" puzzles (one answer each) in seeded random games, as Position
    records with their answers, and print them as cards."""
    from ..printing import SheetOptions
    from ..printing.puzzle_cards import puzzle_sheets
    from ..replays.tactic_puzzles import TacticPuzzle, iter_puzzles

    with usage_errors():  # a bad card option is found before the search, not after it
        sheet = SheetOptions(paper=paper, lang=lang, size=card_size)
    records_file = output_path(output)
    sheets = output_path(cards, option="--cards", text=False)
    found: list[TacticPuzzle] = []
    bar = SearchProgress("finding puzzles", seconds)
    visited = [0]

    stop = None if seconds is None else time.monotonic() + seconds

    def visiting(number: int) -> None:
        visited[0] = number + 1
        bar.show(len(found), count, f"{plural(visited[0], 'position')} searched")
        if stop is not None and time.monotonic() > stop:
            raise _OutOfTime

    interrupted = timed_out = False
    try:
        for puzzle in iter_puzzles(count, seed, visiting=visiting):
            found.append(puzzle)
    except KeyboardInterrupt:
        interrupted = True
    except _OutOfTime:
        timed_out = True
    finally:
        bar.clear()
    write_output(records_file, write([p.record for p in found]))
    if sheets is not None and found:
        write_output(sheets, puzzle_sheets(found, sheet))
    if len(found) < count:
        why = (
            "interrupted: "
            if interrupted
            else f"stopped after {seconds:g} s: "
            if timed_out
            else ""
        )
        note(
            f"palago: {why}found {len(found)} puzzles, not {count} "
            f"({plural(visited[0], 'position')} searched)"
        )
    if interrupted:
        raise typer.Exit(EXIT_INTERRUPTED)


class _OutOfTime(Exception):
    """The time given with ``--seconds`` has run out."""
