"""``palago replay``: replay the games of a notation file and say who won, or where a record
goes wrong."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import typer

from ..diagram import Options
from ..errors import UsageError
from ..json_reports import dumps, replay_json, unreadable_replay_json
from ..notation.errors import NotationError, located_report
from ..notation.records import Record
from ..render.files import atomic_write
from ..replay import RecordReport, ReplayError, replay
from ..viewer import THEMES, viewer_page
from ._app import Loaded, app, fail, load_notation, usage_errors


def _error_report(name: str, lines: list[str], error: ReplayError) -> str:
    """``file:line:column: turn N (move): message [rule]``, the source line and a caret."""
    source = lines[error.line - 1] if 0 < error.line <= len(lines) else ""
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
    file: str = typer.Argument(
        ..., metavar="FILE", help="A notation file with one or more records; - reads standard input."
    ),
    moves: bool = typer.Option(False, "--moves", help="Also print every turn."),
    as_json: bool = typer.Option(
        False, "--json", help="Print one JSON array, an entry per record (docs/json.md)."
    ),
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
    """Replay every game in FILE; exit 0 only when every record is valid."""
    if html is not None:
        with usage_errors():
            check_theme(theme)
        shown = None if record_choice.strip().lower() == "all" else _record_number(record_choice)
    loaded = load_notation(file, report=False)
    result = loaded.result
    if html is not None:
        title = Path(loaded.name).name if shown is None else ""
        records = viewer_records(loaded, shown)
        write_viewer(records, html, theme, hide_result=hide_result, embed=embed, title=title)
    lines = loaded.lines()
    valid = True
    entries: list[dict[str, object]] = []
    for number, entry in result.numbered():
        if isinstance(entry, NotationError):
            valid = False
            if as_json:
                entries.append(unreadable_replay_json(number, entry))
            else:
                typer.echo(f"Record {number} (line {entry.line}): could not be read: {entry.message}")
                typer.echo(entry.report(), err=True)
            continue
        report = replay(entry)
        valid = valid and report.valid
        if as_json:
            entries.append(replay_json(number, entry, report))
            continue
        typer.echo(f"Record {number} (line {entry.span.line}): {report.summary()}")
        for note in report.notes:
            typer.echo(f"  note: {note}")
        if moves:
            for line in _moves(report):
                typer.echo(line)
        if report.error is not None:
            typer.echo(_error_report(loaded.name, lines, report.error), err=True)
    if as_json:
        typer.echo(dumps(entries))
    if not valid:
        raise typer.Exit(1)


def check_theme(theme: str) -> None:
    """A usage error unless ``theme`` is one of the viewer's themes."""
    if theme not in THEMES:
        raise UsageError(f"unknown theme {theme!r}: the themes are {', '.join(THEMES)}")


def _record_number(text: str) -> int:
    if not text.strip().isdigit() or int(text) < 1:
        fail(f"--record takes a record number (1 = the first) or all, not {text!r}")
    return int(text)


def viewer_records(loaded: Loaded, number: int | None) -> list[Record]:
    """Record ``number`` of the input (its located error if it cannot be read), or with
    ``None`` every readable record."""
    if number is not None:
        return [loaded.record(number)]
    if not loaded.result.records:
        fail(f"{loaded.name} has no readable record to show", 1)
    return list(loaded.result.records)


def write_viewer(
    records: Sequence[Record],
    output: Path,
    theme: str,
    options: Options | None = None,
    numbers: bool = True,
    *,
    hide_result: bool = False,
    embed: bool = False,
    title: str = "",
) -> None:
    """Write the HTML replay viewer of ``records`` (with a record picker when there are
    several) to ``output`` (atomically)."""
    page = viewer_page(records, theme, options, numbers, hide_result=hide_result, embed=embed, title=title)
    atomic_write(output, page.encode("utf-8"))
    typer.echo(f"wrote {output}", err=True)
