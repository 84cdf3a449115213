"""``palago replay``: replay the games of a notation file and say who won, or where a record
goes wrong."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import typer

from ..diagram import Options
from ..notation.errors import located_report
from ..notation.records import Record
from ..render.files import atomic_write
from ..replay import RecordReport, ReplayError, replay
from ..viewer import THEMES, viewer_page
from ._app import app, fail, read_notation, reported_errors


def _source_lines(path: Path) -> list[str]:
    return path.read_bytes().decode("utf-8", errors="replace").lstrip("\ufeff").splitlines()


def _error_report(path: Path, lines: list[str], error: ReplayError) -> str:
    """``file:line:column: turn N (move): message [rule]``, the source line and a caret."""
    source = lines[error.line - 1] if 0 < error.line <= len(lines) else ""
    message = f"{error.describe()} [{error.rule}]"
    return located_report(str(path), error.line, error.column, source, message, error.width)


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
    file: Path = typer.Argument(..., help="A notation file with one or more records."),
    moves: bool = typer.Option(False, "--moves", help="Also print every turn."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON report per record."),
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
    result = read_notation(file, report=False)
    if html is not None:
        number = None if record_choice.strip().lower() == "all" else _record_number(record_choice)
        write_viewer(file, result.records, number, html, theme, hide_result=hide_result, embed=embed)
    lines = _source_lines(file)
    reports = [replay(record) for record in result.records]
    valid = not result.errors and all(r.valid for r in reports)
    if as_json:
        entries: list[dict[str, object]] = [
            {"record": n, "line": r.span.line, **report.as_json()}
            for n, (r, report) in enumerate(zip(result.records, reports), start=1)
        ]
        entries.extend(
            {
                "record": None,
                "line": e.line,
                "valid": False,
                "kind": None,
                "error": {"turn": None, "line": e.line, "column": e.column, "message": e.description},
            }
            for e in result.errors
        )
        typer.echo(json.dumps(entries, indent=2, ensure_ascii=False))
    else:
        for problem in result.errors:
            typer.echo(problem.report(), err=True)
        for number, (record, report) in enumerate(zip(result.records, reports), start=1):
            typer.echo(f"Record {number} (line {record.span.line}): {report.summary()}")
            if moves:
                for line in _moves(report):
                    typer.echo(line)
            if report.error is not None:
                typer.echo(_error_report(file, lines, report.error), err=True)
    if not valid:
        raise typer.Exit(1)


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
