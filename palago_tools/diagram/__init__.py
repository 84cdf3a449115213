"""Diagram model: what to draw, independent of any output format.

Build a :class:`Diagram` (a position and its annotations), choose :class:`Options` (size,
palette, view, rotation, coordinates...), and :func:`compile_diagram` gives a
:class:`~palago_tools.drawing.primitives.Drawing` of primitive shapes for the renderers in
:mod:`palago_tools.render`. :mod:`.model` holds the model, :mod:`.compile` the page layout,
:mod:`.board` and :mod:`.marks` the board and its marks, :mod:`.palette` the colours. The
diagrams of records and the files they are written to are :mod:`palago_tools.views`.
"""

from __future__ import annotations

from ..drawing.primitives import Drawing
from .annotations import (
    Arrow,
    Emphasis,
    EmptyKind,
    EmptyMarker,
    Ghost,
    Highlight,
    Label,
    LegendEntry,
    Mark,
    MarkShape,
    MoveNumber,
    empty_markers,
    turn_numbers,
)
from .compile import compile_diagram
from .errors import DiagramError
from .model import Diagram, Options, View, motion_for
from .palette import CLASSIC, FRENCH, GREYSCALE, PALETTES, WHITE_ORANGE, Palette, palette

__all__ = [
    "CLASSIC",
    "FRENCH",
    "GREYSCALE",
    "PALETTES",
    "WHITE_ORANGE",
    "Arrow",
    "Diagram",
    "DiagramError",
    "Drawing",
    "Emphasis",
    "EmptyKind",
    "EmptyMarker",
    "Ghost",
    "Highlight",
    "Label",
    "LegendEntry",
    "Mark",
    "MarkShape",
    "MoveNumber",
    "Options",
    "Palette",
    "View",
    "compile_diagram",
    "empty_markers",
    "motion_for",
    "palette",
    "turn_numbers",
]
