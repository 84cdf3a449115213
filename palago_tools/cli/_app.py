"""The typer application and the shared way commands report bad input."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import NoReturn

import typer

from .. import __version__
from ..errors import PalagoError
from ..notation import ParseResult, parse_file

app = typer.Typer(
    name="palago",
    help="Record, replay, check and print the tile game Palago.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"palago-tools {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Print the version and stop."
    ),
) -> None:
    """Record, replay, check and print the tile game Palago."""


def fail(message: str, code: int = 2) -> NoReturn:
    """Print ``message`` to standard error and leave with ``code``."""
    typer.echo(f"palago: {message}", err=True)
    raise typer.Exit(code)


@contextmanager
def reported_errors() -> Iterator[None]:
    """Turn any :class:`PalagoError` into a one-line message and exit code 2, never a traceback."""
    try:
        yield
    except PalagoError as error:
        fail(str(error))


def read_notation(path: Path, *, report: bool = True) -> ParseResult:
    """The records of a notation file; unreadable files end the command with a message, and the
    records that could not be read are reported on standard error (unless ``report`` is off)."""
    try:
        result = parse_file(path)
    except OSError as error:
        fail(f"cannot read {path}: {error.strerror or error}")
    if report:
        for problem in result.errors:
            typer.echo(problem.report(), err=True)
    return result
