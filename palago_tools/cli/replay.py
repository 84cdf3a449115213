"""``palago replay``: replay the games of a notation file and say who won, or where a record
goes wrong."""

from __future__ import annotations

from pathlib import Path

import typer

from ..diagram import Options
from ..errors import UsageError
from ..json_reports import dumps, replay_json, unreadable_replay_json
from ..notation.errors import NotationError, located_report
from ..notation.records import Record
from ..render.files import atomic_write
from ..replay import RecordReport, ReplayError, replay
from ..viewer import THEMES, viewer_html
from ._app import app, load_notation, usage_errors


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
    record_number: int = typer.Option(1, "--record", min=1, help="With --html: which record (1 = the first)."),
    theme: str = typer.Option("auto", "--theme", help=f"With --html: {', '.join(THEMES)}."),
) -> None:
    """Replay every game in FILE; exit 0 only when every record is valid."""
    if html is not None:
        with usage_errors():
            check_theme(theme)
    loaded = load_notation(file, report=False)
    result = loaded.result
    if html is not None:
        write_viewer(loaded.record(record_number), html, theme)
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


def write_viewer(
    record: Record,
    output: Path,
    theme: str,
    options: Options | None = None,
    numbers: bool = True,
) -> None:
    """Write the HTML replay viewer of ``record`` to ``output`` (atomically)."""
    page = viewer_html(record, theme, options, numbers)
    atomic_write(output, page.encode("utf-8"))
    typer.echo(f"wrote {output}", err=True)
