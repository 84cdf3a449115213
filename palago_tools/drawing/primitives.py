"""Drawing primitives: the flat, format-free output of the diagram model.

A :class:`Drawing` is a page of ``width`` × ``height`` points holding primitives in painting
order. Coordinates are page units (points, 1/72 inch) with the origin at the top left and y
growing downwards. Colours are ``#rrggbb`` strings. Renderers draw these shapes and nothing else,
so every output format shows the same picture.
"""

from __future__ import annotations

import enum
import math
import pathlib
from dataclasses import dataclass
from typing import Final, Literal

FONT_DIR: Final = pathlib.Path(__file__).resolve().parent.parent / "fonts"
"""Where the bundled fonts live (package data of ``palago_tools``)."""

FONT_FAMILY: Final = "DejaVu Sans"


Point = tuple[float, float]
"""A point on the page, in points: (x, y)."""


class Font(enum.Enum):
    """The two bundled faces of DejaVu Sans; every text is set in one of them."""

    REGULAR = "DejaVuSans"
    BOLD = "DejaVuSans-Bold"

    @property
    def file(self) -> pathlib.Path:
        """The TrueType file of this face."""
        return FONT_DIR / f"{self.value}.ttf"

    @property
    def bold(self) -> bool:
        return self is Font.BOLD


class Anchor(enum.Enum):
    """Which point of a text line its position gives: left end, middle or right end."""

    START = "start"
    MIDDLE = "middle"
    END = "end"


@dataclass(frozen=True, slots=True)
class Style:
    """How a shape is painted. ``opacity`` applies to fill and stroke alike."""

    fill: str | None = None
    stroke: str | None = None
    width: float = 0.0
    opacity: float = 1.0
    dash: tuple[float, ...] = ()
    join: Literal["miter", "round"] = "round"
    cap: Literal["butt", "round"] = "round"


@dataclass(frozen=True, slots=True)
class MoveTo:
    """Start a new subpath at ``point``."""

    point: Point


@dataclass(frozen=True, slots=True)
class LineTo:
    """A straight segment from the current point to ``point``."""

    point: Point


@dataclass(frozen=True, slots=True)
class ArcTo:
    """A circular arc from the current point, which lies on the circle at angle ``start``.

    Angles are in degrees on the page (y down): angle *a* is the point
    ``centre + radius·(cos a, sin a)``, so a positive ``sweep`` turns clockwise as seen.
    """

    centre: Point
    radius: float
    start: float
    sweep: float

    @property
    def end(self) -> Point:
        """Where the arc stops."""
        a = math.radians(self.start + self.sweep)
        return (
            self.centre[0] + self.radius * math.cos(a),
            self.centre[1] + self.radius * math.sin(a),
        )


@dataclass(frozen=True, slots=True)
class Close:
    """Close the current subpath with a straight segment to its start."""


Segment = MoveTo | LineTo | ArcTo | Close


@dataclass(frozen=True, slots=True)
class Polygon:
    """A closed polygon."""

    points: tuple[Point, ...]
    style: Style


@dataclass(frozen=True, slots=True)
class Polyline:
    """An open chain of straight segments."""

    points: tuple[Point, ...]
    style: Style


@dataclass(frozen=True, slots=True)
class Path:
    """One or more subpaths of lines and arcs, filled with the non-zero rule."""

    segments: tuple[Segment, ...]
    style: Style


@dataclass(frozen=True, slots=True)
class Circle:
    """A full circle."""

    centre: Point
    radius: float
    style: Style


@dataclass(frozen=True, slots=True)
class Text:
    """One line of text whose baseline passes through ``position``, aligned by ``anchor``."""

    position: Point
    text: str
    size: float
    font: Font = Font.REGULAR
    anchor: Anchor = Anchor.START
    fill: str = "#000000"
    opacity: float = 1.0


Primitive = Polygon | Polyline | Path | Circle | Text


@dataclass(frozen=True)
class Drawing:
    """A page: its size in points, a background colour and the primitives in painting order."""

    width: float
    height: float
    items: tuple[Primitive, ...]
    background: str | None = "#ffffff"
    title: str = ""

    def texts(self) -> list[str]:
        """Every string set on the page, in painting order."""
        return [item.text for item in self.items if isinstance(item, Text)]
