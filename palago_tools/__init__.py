"""palago-tools: record, replay, check and print the tile game Palago.

The names here are the light core of the library: the model (:mod:`.core`), the rules'
state machines (:mod:`.rules`), reading and writing the notation (:mod:`.notation`), replay
(:mod:`.replays`), the tactics (:mod:`.tactics`) and the errors (:mod:`.errors`). Drawing,
printing, the viewer and the table stay behind their own imports (:mod:`.diagram`,
:mod:`.render`, :mod:`.printing`, :mod:`.viewer`, :mod:`.table`), as ``chess.svg`` does.

>>> from palago_tools import parse, replay
>>> (game,) = parse('[Kind "Palago"]\\n1. 0,0R 0,1L 2. -1,0R -1,1R 3. 0,-1D 1-0')
>>> report = replay(game)
>>> report.valid, report.winner, len(report.turns)
(True, 'Yellow', 3)

Each name is imported when it is first used, so that ``import palago_tools.cli`` stays light
and the ``palago`` command imports the rest inside its error boundary.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from .errors import ArgumentError, FileAccessError, LimitError, PalagoError, UsageError

if TYPE_CHECKING:
    from .core import (
        Analysis,
        Cell,
        Colour,
        Corner,
        Creature,
        LiveAnalysis,
        Motion,
        Orientation,
        Position,
        Status,
        Tile,
        Verdict,
        analyse,
        creature_form,
        creature_id,
    )
    from .notation import (
        NotationError,
        Record,
        iter_records,
        parse,
        parse_file,
        write,
        write_record,
    )
    from .replays import RecordReport, ReplayError, replay, replay_archive
    from .rules import Palago, Palagonia
    from .tactics import forced_wins, immediate_wins, threats

_LAZY: dict[str, str] = {
    "Analysis": "core",
    "Cell": "core",
    "Colour": "core",
    "Corner": "core",
    "Creature": "core",
    "LiveAnalysis": "core",
    "Motion": "core",
    "Orientation": "core",
    "Position": "core",
    "Status": "core",
    "Tile": "core",
    "Verdict": "core",
    "analyse": "core",
    "creature_form": "core",
    "creature_id": "core",
    "NotationError": "notation",
    "Record": "notation",
    "iter_records": "notation",
    "parse": "notation",
    "parse_file": "notation",
    "write": "notation",
    "write_record": "notation",
    "RecordReport": "replays",
    "ReplayError": "replays",
    "replay": "replays",
    "replay_archive": "replays",
    "Palago": "rules",
    "Palagonia": "rules",
    "forced_wins": "tactics",
    "immediate_wins": "tactics",
    "threats": "tactics",
}
"""Each exported name and the module it comes from."""


def __getattr__(name: str) -> object:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'palago_tools' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY})


__version__ = "0.1.0"

__all__ = [
    "Analysis",
    "ArgumentError",
    "Cell",
    "Colour",
    "Corner",
    "Creature",
    "FileAccessError",
    "LimitError",
    "LiveAnalysis",
    "Motion",
    "NotationError",
    "Orientation",
    "Palago",
    "PalagoError",
    "Palagonia",
    "Position",
    "Record",
    "RecordReport",
    "ReplayError",
    "Status",
    "Tile",
    "UsageError",
    "Verdict",
    "__version__",
    "analyse",
    "creature_form",
    "creature_id",
    "forced_wins",
    "immediate_wins",
    "iter_records",
    "parse",
    "parse_file",
    "replay",
    "replay_archive",
    "threats",
    "write",
    "write_record",
]
