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
"""

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
from .errors import ArgumentError, FileAccessError, LimitError, PalagoError, UsageError
from .notation import NotationError, Record, iter_records, parse, parse_file, write, write_record
from .replays import RecordReport, ReplayError, replay, replay_archive
from .rules import Palago, Palagonia
from .tactics import forced_wins, immediate_wins, threats

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
