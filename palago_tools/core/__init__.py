"""What a position is: cells and corners (:mod:`.hexgrid`), tiles (:mod:`.tiles`), positions
(:mod:`.position`), the regions their lines make (:mod:`.regions`), loops, creatures, legs and
scores (:mod:`.analysis`, kept up to date tile by tile in :mod:`.incremental`) and creature
identity (:mod:`.identity`); also the vocabulary the rules, the records and the diagrams share:
the Palagonia die (:mod:`.dice`) and the mark shapes (:mod:`.marks`). Imports nothing but
:mod:`palago_tools.errors`."""

from .analysis import Analysis, Creature, Status, Verdict, analyse
from .hexgrid import Cell, Corner, Motion
from .identity import creature_form, creature_id
from .incremental import LiveAnalysis
from .position import Position
from .tiles import Colour, Orientation, Tile

__all__ = [
    "Analysis",
    "Cell",
    "Colour",
    "Corner",
    "Creature",
    "LiveAnalysis",
    "Motion",
    "Orientation",
    "Position",
    "Status",
    "Tile",
    "Verdict",
    "analyse",
    "creature_form",
    "creature_id",
]
