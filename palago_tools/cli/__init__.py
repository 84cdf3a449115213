"""The ``palago`` command: a thin layer over the library, one module per command or family of
commands (:mod:`.palalab`: check, transform, generate, best; :mod:`.tactics`: analyse
--threats, annotate, puzzles), each reading options, calling the library and printing; the error
boundary and the shared options are :mod:`._app`."""

from __future__ import annotations

from . import analyse as _analyse  # noqa: F401  (registers the command)
from . import build as _build  # noqa: F401  (registers the command)
from . import convert as _convert  # noqa: F401  (registers the command)
from . import diagram as _diagram  # noqa: F401  (registers the command)
from . import figures as _figures  # noqa: F401  (registers the command)
from . import fmt as _fmt  # noqa: F401  (registers the command)
from . import palalab as _palalab  # noqa: F401  (registers the commands)
from . import replay as _replay  # noqa: F401  (registers the command)
from . import serve as _serve  # noqa: F401  (registers the command)
from . import tactics as _tactics  # noqa: F401  (registers the command)
from ._app import app


def main() -> None:
    """Entry point of the ``palago`` console script."""
    app(prog_name="palago")


__all__ = ["app", "main"]
