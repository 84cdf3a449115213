"""The typer application and the shared way commands report bad input."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import NoReturn

import typer

from .. import __version__
from ..errors import PalagoError

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


Command = Callable[..., None]

__all__ = ["app", "fail", "reported_errors", "sys"]
