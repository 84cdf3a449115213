"""``palago convert``: a file of records written as boardspace.net SGF or as the notation."""

from __future__ import annotations

import os
import sys

import typer

from ..files import atomic_write
from ..notation import NotationError, parse_bytes, write
from ..notation.boardspace_writer import BoardspaceFormError, boardspace_record
from ._app import app, fail, fail_empty, read_input

FORMS = ("boardspace", "palago")
"""What ``--to`` names: boardspace.net's SGF records, or the notation."""


def _same_file(a: str, b: str) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return os.path.abspath(a) == os.path.abspath(b)


@app.command("convert")
def convert_command(
    file: str = typer.Argument(
        ..., metavar="FILE", help="Records: notation or boardspace.net SGF; - reads standard input."
    ),
    to: str = typer.Option(..., "--to", metavar="FORM", help="boardspace or palago."),
    output: str | None = typer.Option(
        None, "-o", "--output", help="Write here (atomically) instead of standard output."
    ),
) -> None:
    """Write the records of FILE as boardspace.net SGF (--to boardspace) or as notation
    (--to palago); records that cannot be read or converted are reported (exit 1)."""
    form = to.lower()
    if form not in FORMS:
        fail(f"--to is boardspace or palago, not {to!r}")
    if output is not None and file != "-" and _same_file(file, output):
        fail(f"{output} is the input: convert never overwrites it; write to another file")
    data, name = read_input(file)
    result = parse_bytes(data, name)
    for error in result.errors:
        typer.echo(error.report(), err=True)
    if not result.records and not result.errors:
        fail_empty(name, data)
    failed = bool(result.errors)
    if form == "palago":
        text = write(result.records) if result.records else ""
    else:
        parts = []
        for number, entry in result.numbered():
            if isinstance(entry, NotationError):
                continue
            try:
                parts.append(boardspace_record(entry))
            except BoardspaceFormError as error:
                typer.echo(
                    f"palago: {name}: record {number} (line {entry.span.line}): {error}", err=True
                )
                failed = True
        text = "".join(parts)
    if output is not None:
        atomic_write(output, text.encode("utf-8"))
    else:
        sys.stdout.write(text)
    if failed:
        raise typer.Exit(1)
