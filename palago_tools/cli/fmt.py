"""``palago fmt``: print a notation file in canonical form, or rewrite it in place."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

import typer

from ..notation import NotationError, ParseResult, parse_bytes, write
from ._app import app, fail


def _report(error: NotationError) -> None:
    typer.echo(error.report(), err=True)


def _replace_atomically(path: Path, text: str) -> None:
    """Write ``text`` to a temporary file beside ``path``, then move it over ``path``."""
    mode = path.stat().st_mode & 0o7777
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temporary, mode)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


@app.command("fmt")
def fmt_command(
    file: str = typer.Argument(..., help="A notation file; - reads standard input."),
    in_place: bool = typer.Option(False, "--in-place", help="Rewrite FILE (atomically) instead of printing."),
    strict: bool = typer.Option(False, "--strict", help="Stop at the first error."),
) -> None:
    """Print the records of FILE in canonical notation; errors go to standard error (exit 1)."""
    if file == "-":
        if in_place:
            fail("--in-place needs a file, not standard input")
        data, name = sys.stdin.buffer.read(), "<stdin>"
    else:
        try:
            data, name = Path(file).read_bytes(), file
        except OSError as problem:
            fail(f"cannot read {file}: {problem.strerror or problem}")
    try:
        result: ParseResult = parse_bytes(data, name, strict=strict)
    except NotationError as first:
        _report(first)
        raise typer.Exit(1) from None
    for error in result.errors:
        _report(error)
    text = write(result.records)
    if in_place:
        if result.errors:
            fail(f"{file} not rewritten: {len(result.errors)} record(s) could not be read", 1)
        if text.encode("utf-8") != data:
            try:
                _replace_atomically(Path(file), text)
            except OSError as problem:
                fail(f"cannot rewrite {file}: {problem.strerror or problem}")
        return
    sys.stdout.write(text)
    if result.errors:
        raise typer.Exit(1)
