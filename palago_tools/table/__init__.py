"""At the table: ``palago serve``, a local web page that records a game as it is played.

:mod:`.actions` checks the actions a client sends; :mod:`.session` is the game being played
(versions refuse stale actions), composing :mod:`.games` (the game of its kind, the rules
deciding), :mod:`.history` (undo and redo) and :mod:`.record_file` (the record, saved after
every turn); :mod:`.state` is what the page shows; :mod:`.board` draws the board with its tap
targets; :mod:`.exports` makes the downloads; :mod:`.app` is the Starlette application; the page
itself (HTML, style, script) is package data in ``assets/``.
"""

from __future__ import annotations

from .actions import BadAction, Refused, Setup, Stale, TableError
from .session import Session

__all__ = ["BadAction", "Refused", "Session", "Setup", "Stale", "TableError"]
