"""``palago replay``: replay the games of a notation file and say who won, or where a record
goes wrong."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from ..replay import RecordReport, ReplayError, replay
from ._app import app, read_notation


def _source_lines(path: Path) -> list[str]:
    return path.read_bytes().decode("utf-8", errors="replace").lstrip("\ufeff").splitlines()


def _error_report(path: Path, lines: list[str], error: ReplayError) -> str:
    """``file:line:column: turn N (move): message [rule]``, the source line and a caret."""
    source = lines[error.line - 1] if 0 < error.line <= len(lines) else ""
    pad = "".join("\t" if c == "\t" else " " for c in source[: error.column - 1])
    caret = pad + "^" * max(1, min(error.width, len(source) - error.column + 1))
    head = f"{path}:{error.line}:{error.column}: {error.describe()} [{error.rule}]"
    return f"{head}\n    {source}\n    {caret}"


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
) -> None:
    """Replay every game in FILE; exit 0 only when every record is valid."""
    result = read_notation(file, report=False)
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
