"""Tactics on the command line: ``palago analyse --threats FILE[:N]`` (the report itself is here,
``analyse`` hands over to it), ``palago annotate`` and ``palago puzzles``."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from ..core.analysis import Creature, plural
from ..core.hexgrid import Cell
from ..notation import records as rec
from ..notation import write, write_verified
from ..printing import SheetOptions
from ..printing.puzzle_cards import puzzle_sheets
from ..replays.annotate import annotate_game
from ..replays.situations import Situation, colour_named, situation_of
from ..replays.tactic_puzzles import find_puzzles
from ..tactics import Fork, Win, forced_wins, threats
from ._app import (
    app,
    fail,
    load_record,
    note,
    output_path,
    progress_stream,
    read_notation,
    usage_errors,
    write_output,
)


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


def threats_report(
    spec: str, turn: int | None, to_move: str | None, forks: int, as_json: bool
) -> None:
    """Print the immediate wins of both sides and the forks of the side to move in record N of
    FILE (counted as the records stand in the file, unreadable ones too)."""
    _, number, record = load_record(spec)
    with usage_errors():
        mover = colour_named(to_move) if to_move else None
    situation = situation_of(record, turn, mover)
    report = threats(situation.position, situation.mover, tiles_left=situation.tiles_left)
    found: tuple[Fork, ...] = ()
    if forks and not report.wins and (situation.tiles_left is None or situation.tiles_left >= 3):
        found = forced_wins(
            situation.position, situation.mover, tiles_left=situation.tiles_left, limit=forks
        )
    if as_json:
        typer.echo(
            json.dumps(
                _report_json(number, situation, report.wins, report.to_block, found, forks),
                indent=2,
            )
        )
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
    if not found:
        typer.echo(f"  no forced win in two for {mover}")
        return
    more = f" (the first {len(found)})" if len(found) == forks else ""
    typer.echo(f"  forced wins in two for {mover}{more}:")
    for fork in found:
        typer.echo("    " + fork.describe().replace("\n", "\n    "))


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


@app.command("annotate")
def annotate_command(
    file: str = typer.Argument(
        ..., metavar="FILE", help="A notation file with Palago games; - reads standard input."
    ),
    output: Path | None = typer.Option(
        None,
        "-o",
        "--output",
        help="Write the annotated records here, atomically (standard output if omitted or -).",
    ),
) -> None:
    """Print the records of FILE with the tactics of every turn of its Palago games (or write
    them to -o): missed wins (?), threats left (??), double threats (!), proven forced wins
    (!!), as comments and [%mark]/[%ghost]/[%arrow]; a progress bar on a terminal."""
    written = output_path(output, [file])
    result = read_notation(file)
    if result.errors:
        fail(f"{file} has records that cannot be read; fix them first", 1)
    with typer.progressbar(
        result.records, label="annotating", file=progress_stream()
    ) as records:
        annotated = [annotate_game(r) if isinstance(r, rec.PalagoGame) else r for r in records]
    write_output(written, write_verified(annotated))


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
) -> None:
    """Find "to play and win" puzzles (one answer each) in seeded random games, as Position
    records with their answers, and print them as cards."""
    with usage_errors():  # a bad card option is found before the search, not after it
        sheet = SheetOptions(paper=paper, lang=lang, size=card_size)
    records = output_path(output)
    sheets = output_path(cards, option="--cards", text=False)
    found = find_puzzles(count, seed)
    write_output(records, write([p.record for p in found]))
    if sheets is not None:
        write_output(sheets, puzzle_sheets(found, sheet))
    if len(found) < count:
        note(f"palago: found {len(found)} puzzles, not {count}")
