"""``palago fmt``: print a notation file in canonical form, or rewrite it in place."""

from __future__ import annotations

import typer

from ..core.analysis import plural
from ..files import atomic_write
from ..notation import NotationError, ParseResult, parse_bytes, write_verified
from ..notation import records as rec
from ..replays.game import replay
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
    strict: bool = typer.Option(
        False,
        "--strict",
        help="Stop at the first error, and replay every game (its main line and each "
        "variation) with the rules: an illegal turn is an error too.",
    ),
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
    if strict:
        _replay_all(result, data, name)
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


def _replay_all(result: ParseResult, data: bytes, name: str) -> None:
    """Replay every game of ``result`` (read from ``data``, called ``name``), its variations
    too; at the first illegal turn, report it as ``palago replay`` does and exit 1."""
    lines: list[str] | None = None
    for record in result.records:
        if not isinstance(record, (rec.PalagoGame, rec.PalagoniaGame)):
            continue
        error = replay(record).error
        if error is not None:
            if lines is None:
                lines = data.decode("utf-8", errors="replace").splitlines()
            source = lines[error.line - 1] if 0 < error.line <= len(lines) else ""
            typer.echo(error.report(name, source), err=True)
            raise typer.Exit(1)
