"""Every command of ``palago``, registered on :data:`app` by importing its module."""

from __future__ import annotations

from . import analyse as _analyse  # noqa: F401  (registers the command)
from . import build as _build  # noqa: F401  (registers the command)
from . import convert as _convert  # noqa: F401  (registers the command)
from . import diagram as _diagram  # noqa: F401  (registers the command)
from . import engine as _engine  # noqa: F401  (registers the command)
from . import figures as _figures  # noqa: F401  (registers the command)
from . import fmt as _fmt  # noqa: F401  (registers the command)
from . import match as _match  # noqa: F401  (registers the command)
from . import palalab as _palalab  # noqa: F401  (registers the commands)
from . import replay as _replay  # noqa: F401  (registers the command)
from . import serve as _serve  # noqa: F401  (registers the command)
from . import study as _study  # noqa: F401  (registers the command)
from . import tactics as _tactics  # noqa: F401  (registers the command)
from ._app import app

__all__ = ["app"]
