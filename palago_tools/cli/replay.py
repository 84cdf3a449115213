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
from ..viewer import THEMES, viewer_page
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
    record_choice: str = typer.Option(
        "1", "--record", help="With --html: which record (1 = the first), or all of them with a record picker."
    ),
    theme: str = typer.Option("auto", "--theme", help=f"With --html: {', '.join(THEMES)}."),
    hide_result: bool = typer.Option(
        False, "--hide-result", help="With --html: show a game's result only at its last turn."
    ),
    embed: bool = typer.Option(False, "--embed", help="With --html: no page header, for a page inside a club site."),
) -> None:
    """Replay every game in FILE, one record at a time, with a summary at the end; exit 0 only
    when every record is valid."""
    every = record_choice.strip().lower() == "all"
    number = None if every else _record_number(record_choice)
    if html is not None and theme not in THEMES:
        fail(f"unknown theme {theme!r}: the themes are {', '.join(THEMES)}")
    shown: list[Record] = []  # with --html --record all: the readable records, for the page
    chosen: Record | NotationError | None = None
    with opened(replay_archive, file) as archive, ProgressBar("replaying", archive.reader.size) as bar:
        name = archive.reader.filename
        listing = JsonArray(bar) if as_json else None
        for replayed in archive:
            entry, report = replayed.entry, replayed.report
            if replayed.number == number:
                chosen = entry
            if report is None:
                assert isinstance(entry, NotationError)
                _print_unreadable(replayed.number, entry, bar, listing)
            else:
                assert not isinstance(entry, NotationError)
                if html is not None and every:
                    shown.append(entry)
                _print_report(replayed.number, entry, report, moves, bar, listing)
                if report.error is not None and listing is None:
                    source = archive.reader.source_line(report.error.line)
                    bar.echo(_error_report(name, source, report.error), err=True)
            bar.update(archive.reader.consumed, replayed.number, archive.tally.turns)
        bar.clear()
        tally = archive.tally
        if listing is not None:
            listing.close()
        typer.echo(tally.summary(), err=True)
    if tally.records == 0:
        fail(f"{name} holds no records", 1)
    if html is not None:
        if every:
            write_viewer(file, shown, None, html, theme, hide_result=hide_result, embed=embed)
        elif isinstance(chosen, NotationError):
            fail(f"record {number} of {name} is not readable:\n{chosen.report()}", 1)
        elif chosen is None:
            fail(f"{name} has {tally.records} record(s), not {number}", 1)
        else:
            write_viewer(file, [chosen], 1, html, theme, hide_result=hide_result, embed=embed)
    if tally.invalid:
        raise typer.Exit(1)


def _print_unreadable(number: int, error: NotationError, bar: ProgressBar, listing: JsonArray | None) -> None:
    if listing is not None:
        listing.add(
            {
                "record": number,
                "line": error.line,
                "valid": False,
                "kind": None,
                "error": {"turn": None, "line": error.line, "column": error.column, "message": error.description},
            }
        )
        return
    bar.echo(f"Record {number}: unreadable ({error.location}: {error.message})")
    bar.echo(error.report(), err=True)


def _print_report(
    number: int, record: Record, report: RecordReport, moves: bool, bar: ProgressBar, listing: JsonArray | None
) -> None:
    if listing is not None:
        listing.add({"record": number, "line": record.span.line, **report.as_json()})
        return
    bar.echo(f"Record {number} (line {record.span.line}): {report.summary()}")
    if moves:
        for line in _moves(report):
            bar.echo(line)


def _record_number(text: str) -> int:
    if not text.strip().isdigit() or int(text) < 1:
        fail(f"--record takes a record number (1 = the first) or all, not {text!r}", 2)
    return int(text)


def write_viewer(
    file: Path,
    records: Sequence[Record],
    number: int | None,
    output: Path,
    theme: str,
    options: Options | None = None,
    numbers: bool = True,
    *,
    hide_result: bool = False,
    embed: bool = False,
) -> None:
    """Write the HTML replay viewer of record ``number`` of ``file`` (every record, with a record
    picker, when ``None``) to ``output`` (atomically)."""
    if number is not None and number > len(records):
        fail(f"{file} has {len(records)} readable record(s), not {number}", 1)
    if not records:
        fail(f"{file} has no readable record to show", 1)
    chosen = records if number is None else [records[number - 1]]
    with reported_errors():
        page = viewer_page(chosen, theme, options, numbers, hide_result=hide_result, embed=embed, title=file.name if number is None else "")
        atomic_write(output, page.encode("utf-8"))
    typer.echo(f"wrote {output}", err=True)
