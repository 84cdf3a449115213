"""``palago engine``: the engine's line protocol on standard input and output (the protocol
itself is :mod:`palago_tools.engine.protocol`)."""

from __future__ import annotations

import sys

import typer

from .. import __version__
from ..engine import STRONGEST, Engine, EngineProtocol, check_level
from ._app import app, usage_errors


@app.command("engine")
def engine_command(
    level: int = typer.Option(STRONGEST, "--level", help=f"Strength, 1 to {STRONGEST}."),
    seed: int = typer.Option(0, "--seed", help="Seed of the engine's choices between equal turns."),
) -> None:
    """Play Palago through a GTP-framed line protocol on standard input and output (one command
    a line; answers '= text' or '? message' and an empty line; see docs/engine.md)."""
    with usage_errors():
        check_level(level)
    protocol = EngineProtocol(version=__version__, seed=seed)
    protocol.engine = Engine(level, seed)
    protocol.run(sys.stdin, sys.stdout)
