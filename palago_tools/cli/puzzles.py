"""Puzzle commands: ``palago check``, ``transform``, ``generate`` and ``best``."""

from __future__ import annotations

import json
import time
from dataclasses import replace
from pathlib import Path

import typer

from ..analysis import plural
from ..archive import counted
from ..catalog import builtin_catalog
from ..diagram.green_task import transformation_diagrams
from ..diagram.output import render_diagram
from ..notation import NotationError, iter_records, write
from ..notation import records as rec
from ..puzzles import (
    CatalogEntry,
    best_creature,
    check_red_task,
    check_submission,
    generate_creatures,
    transform_distance,
    transformation_steps,
)
from ..tasks import (
    card,
    catalog_from_records,
    check_transformation_record,
    creature_tiles,
    transformation_record,
)
from ..tiles import Tile
from ._app import app, fail, read_notation, reported_errors
from ._stream import JsonArray, ProgressBar, opened


def _catalog(path: Path | None) -> list[CatalogEntry]:
    """The cards of ``path``, or the built-in catalog."""
    with reported_errors():
        if path is None:
            return builtin_catalog()
        return catalog_from_records(read_notation(path).records)


@app.command("check")
def check_command(
    file: Path = typer.Argument(..., help="Position, Creature or Transformation records (- for standard input)."),
    card_number: int | None = typer.Option(None, "--card", help="Red task: does it build card N?"),
    catalog_file: Path | None = typer.Option(None, "--catalog", help="Creature cards to match against (default: the built-in catalog)."),
    as_json: bool = typer.Option(False, "--json", help="Print a JSON array with one report per record."),
) -> None:
    """Check submitted creatures (and green-task transformations), one record at a time, with a
    summary at the end; exit 0 only if all are right."""
    catalog = _catalog(catalog_file)
    wanted = None
    if card_number is not None:
        with reported_errors():
            wanted = card(catalog, card_number)
    valid = invalid = unreadable = 0
    with opened(iter_records, file) as reader, ProgressBar("checking", reader.size) as bar:
        listing = JsonArray(bar) if as_json else None
        started = time.perf_counter()
        number = 0
        for number, entry in enumerate(reader, start=1):
            good = _check_entry(number, entry, reader.filename, catalog, wanted, bar, listing)
            valid, invalid = valid + good, invalid + (not good)
            unreadable += isinstance(entry, NotationError)
            bar.update(reader.consumed, number)
        bar.clear()
        seconds = time.perf_counter() - started
        unread = f" ({unreadable:,} unreadable)" if unreadable else ""
        summary = (
            f"{counted(number, 'record')}: {valid:,} valid, {invalid:,} invalid{unread}; in "
            f"{seconds:.2f} s ({number / seconds if seconds > 0 else 0:,.0f} records/s)"
        )
        if listing is not None:
            listing.close()
        typer.echo(summary, err=True)
    if number == 0:
        fail(f"{reader.filename} holds no records", 1)
    if invalid:
        raise typer.Exit(1)


def _check_entry(
    number: int,
    entry: rec.Record | NotationError,
    name: str,
    catalog: list[CatalogEntry],
    wanted: CatalogEntry | None,
    bar: ProgressBar,
    listing: JsonArray | None,
) -> bool:
    """Check one record, print what it is, and say whether it is right."""
    if isinstance(entry, NotationError):
        if listing is not None:
            listing.add({"record": number, "kind": None, "valid": False, "message": entry.description,
                         "line": entry.line, "column": entry.column})
        else:
            bar.echo(f"Record {number}: unreadable ({entry.location}: {entry.message})")
            bar.echo(entry.report(), err=True)
        return False
    where = f"Record {number} (line {entry.span.line})"
    if isinstance(entry, rec.Transformation):
        verdict = check_transformation_record(entry)
        good = verdict.check.optimal
        if listing is not None:
            listing.add({"record": number, "kind": "Transformation", "valid": good, "message": verdict.check.message})
        else:
            location = f"{name}:{verdict.line}:{verdict.column}: " if verdict.check.error else ""
            bar.echo(f"{where}: {location}{verdict.check.message}")
        return good
    with reported_errors():
        tiles = creature_tiles(entry)
    report = check_submission(tiles, catalog)
    out = report.as_dict()
    out["record"] = number
    valid = report.valid
    if wanted is not None:
        red = check_red_task(tiles, wanted)
        out["card"] = wanted.number
        out["solved"] = red.solved
        out["red_task"] = red.message
        valid = valid and red.solved
    if listing is not None:
        listing.add(out)
        return valid
    bar.echo(f"{where}: {'a valid creature' if report.valid else 'not a valid creature'}")
    for creature in report.creatures:
        match = f", {creature.card}" if creature.card is not None else ""
        bar.echo(f"  {creature.colour} creature of {creature.tiles} tiles: {creature.breakdown} [{creature.id}{match}]")
    for problem in report.problems:
        bar.echo(f"  problem: {problem.message}")
    if wanted is not None:
        bar.echo(f"  {out['red_task']}")
    return valid


def _creature(spec: str, catalog: list[CatalogEntry]) -> tuple[tuple[Tile, ...], str | None]:
    """A creature given as a card number (with --catalog) or as FILE or FILE:N (the Nth record)."""
    if spec.isdigit():
        entry = card(catalog, int(spec))
        return entry.tiles, entry.name
    path, _, index = spec.partition(":")
    records = read_notation(Path(path)).records
    n = int(index) if index.isdigit() else 1
    if not 1 <= n <= len(records):
        fail(f"{path} has {len(records)} readable record(s), not {n}")
    record = records[n - 1]
    name = record.name("EN") if isinstance(record, rec.CreatureCard) else None
    return creature_tiles(record), name


@app.command("transform")
def transform_command(
    start: str = typer.Argument(..., help="Creature A: FILE, FILE:N, or a card number with --catalog."),
    target: str = typer.Argument(..., help="Creature B, given the same way."),
    catalog_file: Path | None = typer.Option(None, "--catalog", help="Creature cards for card numbers (default: the built-in catalog)."),
    output: Path | None = typer.Option(None, "-o", "--output", help="Draw before and after (.pdf: two pages; .svg/.png: two files)."),
) -> None:
    """Shortest green task from A to B: tiles to move (↔) and to add (Δ), as a transformation record."""
    catalog = _catalog(catalog_file)
    with reported_errors():
        a, a_name = _creature(start, catalog)
        b, b_name = _creature(target, catalog)
        distance = transform_distance(a, b)
        steps = transformation_steps(a, b, distance.placement)
        record = transformation_record(a, distance.placement.tiles, steps, (a_name, b_name))
        summary = f"shortest: ↔ {plural(distance.moves, 'tile')} to move, Δ {distance.added} to add"
        typer.echo(write(replace(record, comments=(rec.Comment(summary),))), nl=False)
        if output is not None:
            before, after = transformation_diagrams(a, distance.placement.tiles, steps, distance.moves, distance.added)
            if output.suffix.lower() == ".pdf":
                render_diagram([before, after], output)
            else:
                render_diagram(before, output.with_name(f"{output.stem}-before{output.suffix}"))
                render_diagram(after, output.with_name(f"{output.stem}-after{output.suffix}"))


@app.command("generate")
def generate_command(
    tiles: int = typer.Option(..., "--tiles", min=5, max=96, help="Tiles in each creature."),
    count: int = typer.Option(1, "--count", min=1, help="How many distinct creatures."),
    seed: int = typer.Option(0, "--seed", help="Seed, for the same creatures again."),
) -> None:
    """Write new creatures, distinct by identity, as Creature records with their scores."""
    with reported_errors():
        found = generate_creatures(tiles, count, seed)
    records = [
        rec.CreatureCard(
            placements=tuple(rec.Placement(t) for t in f.tiles),
            comments=(rec.Comment(f"{f.breakdown}; id {f.id}"),),
            tags=(("Source", f"palago generate --tiles {tiles} --seed {seed}"),),
        )
        for f in found
    ]
    typer.echo(write(records), nl=False)
    if len(found) < count:
        typer.echo(f"palago: found {len(found)} distinct creatures of {tiles} tiles, not {count}", err=True)


@app.command("best")
def best_command(
    tiles: int = typer.Option(48, "--tiles", min=5, max=96, help="At most this many tiles."),
    seconds: float = typer.Option(30.0, "--seconds", min=0.1, help="How long to search."),
    seed: int = typer.Option(0, "--seed"),
) -> None:
    """Search for the highest-scoring creature of at most TILES tiles."""
    with reported_errors():
        result = best_creature(tiles=tiles, seconds=seconds, seed=seed)
    best = result.best
    summary = f"best found: {best.breakdown} with {best.size} tiles, id {best.id}"
    record = rec.CreatureCard(
        placements=tuple(rec.Placement(t) for t in best.tiles),
        comments=(rec.Comment(f"{summary}; {result.steps} search steps"),),
        tags=(("Source", f"palago best --tiles {tiles} --seconds {seconds:g} --seed {seed}"),),
    )
    typer.echo(write(record), nl=False)
