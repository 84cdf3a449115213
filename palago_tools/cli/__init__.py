"""The ``palago`` command: a thin layer over the library, one module per command or family of
commands (:mod:`.palalab`: check, transform, generate, best; :mod:`.tactics`: analyse
--threats, annotate, puzzles), each reading options, calling the library and printing; the error
boundary and the shared options are :mod:`._app`, the list of commands :mod:`.commands`.

Importing this package is light: :func:`main` imports the commands inside the error boundary,
so that Ctrl-C while palago starts is ``palago: interrupted`` and exit 130, like any other
Ctrl-C, and ``app`` is imported when first used.
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING

from ..errors import EXIT_BUG, EXIT_INTERRUPTED

if TYPE_CHECKING:
    from .commands import app


def _stop(message: str, code: int) -> None:
    stream = sys.stderr
    if stream is not None:
        try:
            stream.write(f"palago: {message}\n")
            stream.flush()
        except (OSError, ValueError):
            pass
    raise SystemExit(code)


def main() -> None:
    """Entry point of the ``palago`` console script."""
    try:
        from .commands import app, load

        load(sys.argv[1:])
    except KeyboardInterrupt:
        _stop("interrupted", EXIT_INTERRUPTED)
    except Exception as error:
        if os.environ.get("PALAGO_DEBUG"):
            raise
        _stop(
            f"cannot start ({type(error).__name__}: {error}); this is a bug in palago-tools, "
            "PALAGO_DEBUG=1 shows where",
            EXIT_BUG,
        )
    app(prog_name="palago")


def __getattr__(name: str) -> object:
    if name == "app":
        from .commands import app, load

        load()
        return app
    raise AttributeError(f"module 'palago_tools.cli' has no attribute {name!r}")


__all__ = ["app", "main"]
