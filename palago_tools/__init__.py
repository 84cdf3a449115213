"""palago-tools: record, replay, check and print the tile game Palago.

Layers, each unaware of the next: :mod:`hexgrid` (geometry) → :mod:`tiles`, :mod:`position`,
:mod:`regions`, :mod:`analysis`, :mod:`incremental`, :mod:`identity` (positions and analysis) →
rules and replay → notation → diagrams → renderers → :mod:`cli`.
"""

from .core.analysis import Analysis, Creature, Status, Verdict, analyse
from .errors import PalagoError
from .core.hexgrid import Cell, Corner, Motion
from .core.identity import creature_form, creature_id
from .core.incremental import LiveAnalysis
from .core.position import Position
from .core.tiles import Colour, Orientation, Tile

__version__ = "0.1.0"

__all__ = [
    "Analysis",
    "Cell",
    "Colour",
    "Corner",
    "Creature",
    "LiveAnalysis",
    "Motion",
    "Orientation",
    "PalagoError",
    "Position",
    "Status",
    "Tile",
    "Verdict",
    "analyse",
    "creature_form",
    "creature_id",
    "__version__",
]
