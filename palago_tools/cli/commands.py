"""Every command of ``palago`` and the module that registers it on :data:`app`.

A run of one command imports only that command's module (:func:`load`): ``palago analyse``
does not import the printing, the table or the renderers. Help, completion and an unknown
command import them all.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Final

from ._app import app

MODULES: Final = {
    "replay": "replay",
    "diagram": "diagram",
    "fmt": "fmt",
    "convert": "convert",
    "check": "palalab",
    "transform": "palalab",
    "generate": "palalab",
    "best": "palalab",
    "build": "build",
    "serve": "serve",
    "figures": "figures",
    "analyse": "analyse",
    "annotate": "tactics",
    "puzzles": "tactics",
    "engine": "engine",
    "match": "match",
    "study": "study",
    "prove": "prove",
    "solitaire": "solitaire",
}
"""Command name → the module of :mod:`palago_tools.cli` that registers it."""


def load(arguments: Sequence[str] = ()) -> None:
    """Register the command ``arguments`` name (their first word that is a command), none for
    ``--version`` alone, or every command when they name none or ask for help."""
    names = [a for a in arguments if a in MODULES]
    if names:
        before = arguments[: list(arguments).index(names[0])]
        wanted = [MODULES[names[0]]]
        if "--help" in before or "-h" in before:
            wanted = sorted(set(MODULES.values()))
    elif "--version" in arguments:
        wanted = []
    else:
        wanted = sorted(set(MODULES.values()))
    for module in wanted:
        importlib.import_module(f"{__package__}.{module}")


__all__ = ["MODULES", "app", "load"]
