"""``palago replay``: replay the games of a notation file and say who won, or where a record
goes wrong; files of any size are read and replayed one record at a time."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import typer

from ..archive import replay_archive
from ..diagram import Options
from ..notation import NotationError
from ..notation.errors import located_report
from ..notation.records import Record
from ..render.files import atomic_write
from ..replay import RecordReport, ReplayError
from ..viewer import THEMES, viewer_html
from ._app import app, fail, reported_errors
from ._stream import JsonArray, ProgressBar, opened


def _error_report(name: str, source: str, error: ReplayError) -> str:
    """``file:line:column: turn N (move): message [rule]``, the source line and a caret."""
    message = f"{error.describe()} [{error.rule}]"
    return located_report(name, error.line, error.column, source, message, error.width)


def _moves(report: RecordReport) -> list[str]:
    out = []
    for turn in report.turns:
        line = f"  {turn.label + '.':5} {turn.player}: {turn.move}"
        if turn.completed:
            line += "  — completes " + "; ".join(c.summary() for c in turn.completed)
        if turn.points:
            line += "  — points: " + ", ".join(f"{name} +{value}" for name, value in turn.points)
        if turn.note:
            line += f"  ({turn.note})"
        out.append(line)
    return out


@app.command("replay")
def replay_command(
    file: Path = typer.Argument(..., help="A notation file with one or more records (- for standard input)."),
    moves: bool = typer.Option(False, "--moves", help="Also print every turn."),
    as_json: bool = typer.Option(False, "--json", help="Print a JSON array with one report per record."),
    html: Path | None = typer.Option(
        None, "--html", help="Also write the replay viewer of one record to this HTML file."
    ),
    record_number: int = typer.Option(1, "--record", min=1, help="With --html: which record (1 = the first)."),
    theme: str = typer.Option("auto", "--theme", help=f"With --html: {', '.join(THEMES)}."),
) -> None:
    """Replay every game in FILE, one record at a time, with a summary at the end; exit 0 only
    when every record is valid."""
    if html is not None and theme not in THEMES:
        fail(f"unknown theme {theme!r}: the themes are {', '.join(THEMES)}")
    with opened(replay_archive, file) as archive, ProgressBar("replaying", archive.reader.size) as bar:
        name = archive.reader.filename
        chosen: Record | NotationError | None = None
        listing = JsonArray(bar) if as_json else None
        for number, entry, report in archive:
            if number == record_number:
                chosen = entry
            if report is None:
                assert isinstance(entry, NotationError)
                if listing is not None:
                    listing.add(_unreadable_json(number, entry))
                else:
                    bar.echo(f"Record {number}: unreadable ({entry.location}: {entry.message})")
                    bar.echo(entry.report(), err=True)
            else:
                assert not isinstance(entry, NotationError)
                if listing is not None:
                    listing.add({"record": number, "line": entry.span.line, **report.as_json()})
                else:
                    bar.echo(f"Record {number} (line {entry.span.line}): {report.summary()}")
                    if moves:
                        for line in _moves(report):
                            bar.echo(line)
                if report.error is not None and listing is None:
                    source = archive.reader.source_line(report.error.line)
                    bar.echo(_error_report(name, source, report.error), err=True)
            bar.update(archive.reader.consumed, number, archive.tally.turns)
        bar.clear()
        tally = archive.tally
        if listing is not None:
            listing.close()
        typer.echo(tally.summary(), err=True)
    if tally.records == 0:
        fail(f"{name} holds no records", 1)
    if html is not None:
        if isinstance(chosen, NotationError):
            fail(f"record {record_number} of {name} is not readable:\n{chosen.report()}", 1)
        if chosen is None:
            fail(f"{name} has {tally.records} record(s), not {record_number}", 1)
        write_record_viewer(chosen, html, theme)
    if tally.invalid:
        raise typer.Exit(1)


def _unreadable_json(number: int, error: NotationError) -> dict[str, object]:
    return {
        "record": number,
        "line": error.line,
        "valid": False,
        "kind": None,
        "error": {"turn": None, "line": error.line, "column": error.column, "message": error.description},
    }


def write_viewer(
    file: Path,
    records: Sequence[Record],
    number: int,
    output: Path,
    theme: str,
    options: Options | None = None,
    numbers: bool = True,
) -> None:
    """Write the HTML replay viewer of record ``number`` of ``file`` to ``output`` (atomically)."""
    if number > len(records):
        fail(f"{file} has {len(records)} readable record(s), not {number}", 1)
    write_record_viewer(records[number - 1], output, theme, options, numbers)


def write_record_viewer(
    record: Record, output: Path, theme: str, options: Options | None = None, numbers: bool = True
) -> None:
    """Write the HTML replay viewer of ``record`` to ``output`` (atomically)."""
    with reported_errors():
        page = viewer_html(record, theme, options, numbers)
        atomic_write(output, page.encode("utf-8"))
    typer.echo(f"wrote {output}", err=True)
