"""``palago convert``: a file of records written as boardspace.net SGF or as the notation."""

from __future__ import annotations

import typer

from ..notation import NotationError, parse_bytes, write
from ..notation.boardspace_writer import BoardspaceFormError, boardspace_record
from ._app import app, fail, fail_empty, output_path, read_input, write_output

FORMS = ("boardspace", "palago")
"""What ``--to`` names: boardspace.net's SGF records, or the notation."""


@app.command("convert")
def convert_command(
    file: str = typer.Argument(
        ..., metavar="FILE", help="Records: notation or boardspace.net SGF; - reads standard input."
    ),
    to: str = typer.Option(..., "--to", metavar="FORM", help="boardspace or palago."),
    output: str | None = typer.Option(
        None, "-o", "--output", help="Write here (atomically); - or none: standard output."
    ),
) -> None:
    """Write the records of FILE as boardspace.net SGF (--to boardspace) or as notation
    (--to palago); records that cannot be read or converted are reported (exit 1), and
    nothing is written when none could be."""
    form = to.lower()
    if form not in FORMS:
        fail(f"--to is boardspace or palago, not {to!r}")
    target = output_path(output, [file])
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
    if not text:
        fail(f"{name}: no record could be converted; nothing written", 1)
    write_output(target, text)
    if failed:
        raise typer.Exit(1)
