"""The shapes a cell can be marked with: written in the notation's ``[%mark …]`` and drawn by
the diagrams."""

from __future__ import annotations

import enum


class MarkShape(enum.Enum):
    """The shapes a cell can be marked with."""

    CIRCLE = "circle"
    TRIANGLE = "triangle"
    SQUARE = "square"
    CROSS = "cross"
    DOT = "dot"
