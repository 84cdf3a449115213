"""``palago fmt``: print a notation file in canonical form, or rewrite it in place."""

from __future__ import annotations

import typer

from ..core.analysis import plural
from ..files import atomic_write
from ..notation import NotationError, ParseResult, parse_bytes, write_verified
from ._app import app, emit, fail, fail_empty, read_input


def _report(error: NotationError) -> None:
    typer.echo(error.report(), err=True)


@app.command("fmt")
def fmt_command(
    file: str = typer.Argument(
        ..., metavar="FILE", help="A notation file; - reads standard input."
    ),
    in_place: bool = typer.Option(
        False, "--in-place", help="Rewrite FILE (atomically) instead of printing."
    ),
    strict: bool = typer.Option(False, "--strict", help="Stop at the first error."),
) -> None:
    """Print the records of FILE in canonical notation; errors go to standard error (exit 1)."""
    if file == "-" and in_place:
        fail("--in-place needs a file, not standard input")
    data, name = read_input(file)
    result: ParseResult = parse_bytes(data, name, strict=strict)
    for error in result.errors:
        _report(error)
    if not result.records and not result.errors:
        fail_empty(name, data)
    text = write_verified(result.records)  # never a text that would not read back the same
    if in_place:
        if result.errors:
            fail(
                f"{file} not rewritten: {plural(len(result.errors), 'record')} could not be read", 1
            )
        if text.encode("utf-8") != data:
            atomic_write(file, text.encode("utf-8"))
        return
    emit(text)
    if result.errors:
        raise typer.Exit(1)
