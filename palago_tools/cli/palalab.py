"""Palalaboratory commands: ``palago check``, ``transform``, ``generate`` and ``best``."""

from __future__ import annotations

import itertools
import math
import os
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import NamedTuple

import typer

from ..core.analysis import plural
from ..core.tiles import SET_SIZE, Tile
from ..errors import PalagoError
from ..notation import NotationError, iter_records, write
from ..notation import records as rec
from ..palalab import (
    CatalogEntry,
    best_creature,
    check_red_task,
    check_submission,
    distinct_creatures,
    transform_distance,
    transformation_steps,
)
from ..palalab.best import MAX_SECONDS, MIN_SECONDS
from ..palalab.found import FoundCreature
from ..palalab.generate import MAX_COUNT, PATIENCE
from ..render import format_of
from ..replays.archive import counted
from ..replays.catalog import builtin_catalog
from ..replays.game import ReplayError, replay
from ..replays.reports import (
    check_json,
    error_json,
    replay_error_json,
    unreadable_check_json,
)
from ..replays.tasks import (
    card,
    check_transformation_record,
    creature_tiles,
    transformation_record,
)
from ..views.green_task import transformation_diagrams
from ..views.output import render_diagram
from ._app import (
    app,
    fail,
    fail_empty,
    load_record,
    note,
    output_path,
    progress_stream,
    usage_errors,
    wrote,
)
from ._stream import JsonArray, ProgressBar


def _catalog(path: Path | None) -> list[CatalogEntry]:
    """The cards of ``path`` (a card file or a folder of them), or the built-in catalog."""
    return builtin_catalog(path)


@app.command("check")
def check_command(
    file: str = typer.Argument(
        ...,
        metavar="FILE",
        help="Position, Creature or Transformation records; - reads standard input.",
    ),
    card_number: int | None = typer.Option(None, "--card", help="Red task: does it build card N?"),
    catalog_file: Path | None = typer.Option(
        None,
        "--catalog",
        help="A card file or a folder of card files to match against (default: the built-in "
        "catalog).",
    ),
    as_json: bool = typer.Option(
        False, "--json", help="Print one JSON array, an entry per record (docs/json.md)."
    ),
) -> None:
    """Check submitted creatures (and green-task transformations), one record at a time, with a
    summary on standard error at the end; exit 0 only if all are right."""
    catalog = _catalog(catalog_file)
    wanted = None
    if card_number is not None:
        with usage_errors():
            wanted = card(catalog, card_number)
    valid = invalid = unreadable = 0
    with iter_records(file) as reader, ProgressBar("checking", reader.size) as bar:
        listing = JsonArray(bar) if as_json else None
        started = time.perf_counter()
        for number, entry in enumerate(reader, start=1):
            checked = _check_entry(number, entry, reader.filename, catalog, wanted)
            valid, invalid = valid + checked.good, invalid + (not checked.good)
            unreadable += isinstance(entry, NotationError)
            if listing is not None:
                listing.add(checked.report)
            else:
                for line in checked.lines:
                    bar.echo(line)
                if isinstance(entry, NotationError):
                    bar.echo(entry.report(), err=True)
                elif checked.error is not None:
                    source = reader.source_line(checked.error.line)
                    bar.echo(checked.error.report(reader.filename, source), err=True)
            bar.update(reader.consumed, number)
        bar.clear()
        if listing is not None:
            listing.close()
        records = valid + invalid
        seconds = time.perf_counter() - started
        if records:
            unread = f" ({unreadable:,} unreadable)" if unreadable else ""
            note(
                f"palago: {counted(records, 'record')}: {valid:,} valid, {invalid:,} "
                f"invalid{unread}; in "
                f"{seconds:.2f} s: {records / seconds if seconds > 0 else 0:,.0f} records/s"
            )
    if records == 0:
        fail_empty(reader.filename, b"")
    if invalid:
        raise typer.Exit(1)


class _Checked(NamedTuple):
    """One record checked: right or not, its JSON entry and its lines of text."""

    good: bool
    report: dict[str, object]
    lines: list[str]
    error: ReplayError | None = None
    """A game's first illegal turn (main line or variation), to show located."""


def _check_entry(
    number: int,
    record: rec.Record | NotationError,
    name: str,
    catalog: list[CatalogEntry],
    wanted: CatalogEntry | None,
) -> _Checked:
    if isinstance(record, NotationError):
        return _Checked(
            False,
            unreadable_check_json(number, record),
            [
                f"Record {number} (line {record.record_line or record.line}): could not be "
                f"read: {record.message}"
            ],
        )
    where = f"Record {number} (line {record.span.line})"
    if isinstance(record, (rec.PalagoGame, rec.PalagoniaGame)):
        replayed = replay(record)  # every line of the tree, as palago replay does
        problem = (
            None
            if replayed.error is None
            else replay_error_json(replayed.error, len(replayed.turns))
        )
        return _Checked(
            replayed.valid,
            check_json(number, record, valid=replayed.valid, error=problem),
            [f"{where}: {replayed.summary()}"],
            replayed.error,
        )
    if isinstance(record, rec.Transformation):
        verdict = check_transformation_record(record)
        good = verdict.check.optimal
        problem = None
        step = verdict.check.error
        if step is not None:
            problem = error_json(
                line=verdict.line,
                column=verdict.column,
                message=verdict.check.message,
                rule="step",
                turn=str(step.index + 1),
                turn_index=step.index,
                move=str(step.step),
            )
        location = f"{name}:{verdict.line}:{verdict.column}: " if verdict.check.error else ""
        return _Checked(
            good,
            check_json(
                number,
                record,
                valid=good,
                transformation=(good, verdict.check.message),
                error=problem,
            ),
            [f"{where}: {location}{verdict.check.message}"],
        )
    try:
        tiles = creature_tiles(record)
    except PalagoError as error:
        message = str(error)
        problem = error_json(line=record.span.line, column=record.span.column, message=message)
        return _Checked(
            False, check_json(number, record, valid=False, error=problem), [f"{where}: {message}"]
        )
    report = check_submission(tiles, catalog)
    valid = report.valid
    red_task = None
    if wanted is not None:
        red = check_red_task(tiles, wanted)
        red_task = (wanted, red.solved, red.message)
        valid = valid and red.solved
    lines = [f"{where}: {'a valid creature' if report.valid else 'not a valid creature'}"]
    for creature in report.creatures:
        match = f", {creature.card}" if creature.card is not None else ""
        lines.append(
            f"  {creature.colour} creature of {creature.tiles} tiles: {creature.breakdown} "
            f"[{creature.id}{match}]"
        )
    lines.extend(f"  problem: {problem_found.message}" for problem_found in report.problems)
    if red_task is not None:
        lines.append(f"  {red_task[2]}")
    return _Checked(
        valid, check_json(number, record, report, valid=valid, red_task=red_task), lines
    )


def _creature(spec: str, catalog: list[CatalogEntry]) -> tuple[tuple[Tile, ...], str | None]:
    """A creature given as a card number (of the built-in catalog or --catalog's) or as FILE or
    FILE:N (the Nth record)."""
    if spec.isascii() and spec.isdigit() and not os.path.exists(spec):
        with usage_errors():
            entry = card(catalog, int(spec))
        return entry.tiles, entry.name
    record = load_record(spec)[2]
    name = record.name("EN") if isinstance(record, rec.CreatureCard) else None
    tiles = creature_tiles(record)
    report = check_submission(tiles, catalog)
    if not report.valid:
        problems = "; ".join(p.message for p in report.problems) or "it is not one creature"
        raise PalagoError(f"{spec} is not a creature: {problems}")
    return tiles, name


@app.command("transform")
def transform_command(
    start: str = typer.Argument(
        ...,
        help="Creature A: FILE, FILE:N, or a card number (of the built-in catalog, or of "
        "--catalog's).",
    ),
    target: str = typer.Argument(..., help="Creature B, given the same way."),
    catalog_file: Path | None = typer.Option(
        None,
        "--catalog",
        help="A card file or a folder of card files, for card numbers (default: the built-in "
        "catalog).",
    ),
    output: Path | None = typer.Option(
        None,
        "-o",
        "--output",
        help="Draw before and after (.pdf: two pages; .svg/.png: two files).",
    ),
) -> None:
    """Shortest green task from A to B: tiles to move (↔) and to add (Δ), as a transformation
    record."""
    catalog = _catalog(catalog_file)
    inputs = [spec.rpartition(":")[0] or spec for spec in (start, target)] + [start, target]
    output = output_path(output, inputs, text=False)
    if output is not None:
        with usage_errors():
            format_of(output)
    a, a_name = _creature(start, catalog)
    b, b_name = _creature(target, catalog)
    distance = transform_distance(a, b)
    steps = transformation_steps(a, b, distance.placement)
    record = transformation_record(a, distance.placement.tiles, steps, (a_name, b_name))
    summary = f"shortest: ↔ {plural(distance.moves, 'tile')} to move, Δ {distance.added} to add"
    typer.echo(write(replace(record, comments=(rec.Comment(summary),))), nl=False)
    if output is not None:
        before, after = transformation_diagrams(
            a, distance.placement.tiles, steps, distance.moves, distance.added
        )
        if output.suffix.lower() == ".pdf":
            wrote(render_diagram([before, after], output))
        else:
            for drawing, part in ((before, "before"), (after, "after")):
                named = output.with_name(f"{output.stem}-{part}{output.suffix}")
                wrote(render_diagram(drawing, named))


@app.command("generate")
def generate_command(
    tiles: int = typer.Option(
        ..., "--tiles", min=5, max=2 * SET_SIZE, help="Tiles in each creature."
    ),
    count: int = typer.Option(
        1,
        "--count",
        min=1,
        max=MAX_COUNT,
        help=f"How many distinct creatures (at most {MAX_COUNT:,}).",
    ),
    seed: int = typer.Option(0, "--seed", help="Seed, for the same creatures again."),
    progress: bool = typer.Option(
        True, "--progress/--no-progress", help="Show progress on standard error."
    ),
) -> None:
    """Write new creatures, distinct by identity, as Creature records with their scores, each as
    soon as it is found; stop early when no new one turns up."""
    found = 0
    source = itertools.islice(
        distinct_creatures(tiles, seed, 200 * count + 1000, patience=PATIENCE), count
    )
    with typer.progressbar(
        source, length=count, label="generating", file=progress_stream(progress)
    ) as creatures:
        for creature in creatures:
            record = rec.CreatureCard(
                placements=tuple(rec.Placement(t) for t in creature.tiles),
                comments=(rec.Comment(f"{creature.breakdown}; id {creature.id}"),),
                tags=(("Source", f"palago generate --tiles {tiles} --seed {seed}"),),
            )
            sys.stdout.write(("\n" if found else "") + write(record))
            sys.stdout.flush()
            found += 1
    if found < count:
        note(
            f"palago: found {plural(found, 'distinct creature')} of {tiles} tiles, not {count}: "
            "no new one turned up in a long search"
        )


@app.command("best")
def best_command(
    tiles: int = typer.Option(
        SET_SIZE, "--tiles", min=5, max=2 * SET_SIZE, help="At most this many tiles."
    ),
    seconds: float = typer.Option(30.0, "--seconds", help="How long to search (0.1 s to a day)."),
    seed: int = typer.Option(0, "--seed"),
    progress: bool = typer.Option(
        True, "--progress/--no-progress", help="Show progress on standard error."
    ),
) -> None:
    """Search for the highest-scoring creature of at most TILES tiles, with the best so far on
    standard error; Ctrl-C stops the search and prints the best creature found (exit 130)."""
    if not math.isfinite(seconds) or not MIN_SECONDS <= seconds <= MAX_SECONDS:
        fail(f"--seconds must be from {MIN_SECONDS:g} to {MAX_SECONDS:g} (a day), not {seconds:g}")
    source = f"palago best --tiles {tiles} --seconds {seconds:g} --seed {seed}"
    kept: list[tuple[FoundCreature, int]] = []
    stream = progress_stream(progress)
    with typer.progressbar(length=1000, label="searching", file=stream) as bar:

        def shown(best: FoundCreature, steps: int, share: float) -> None:
            kept[:] = [(best, steps)]
            bar.label = f"searching (best {best.score} points, {best.size} tiles)"
            bar.update(round(1000 * min(1.0, share)) - bar.pos)

        try:
            result = best_creature(tiles=tiles, seconds=seconds, seed=seed, progress=shown)
        except KeyboardInterrupt:
            if not kept:
                raise
            bar.finish()
            typer.echo(_best_record(*kept[0], source, stopped=True), nl=False)
            raise
    typer.echo(_best_record(result.best, result.steps, source), nl=False)


def _best_record(best: FoundCreature, steps: int, source: str, *, stopped: bool = False) -> str:
    summary = f"best found: {best.breakdown} with {best.size} tiles, id {best.id}"
    cut = " (interrupted)" if stopped else ""
    record = rec.CreatureCard(
        placements=tuple(rec.Placement(t) for t in best.tiles),
        comments=(rec.Comment(f"{summary}; {steps} search steps{cut}"),),
        tags=(("Source", source),),
    )
    return write(record)
