"""The shapes drawn over cells: marks, arrows and rings, as primitives in page units."""

from __future__ import annotations

import math

from ..drawing.primitives import (
    ArcTo,
    Circle,
    LineTo,
    MoveTo,
    Path,
    Point,
    Polygon,
    Primitive,
    Segment,
    Style,
)
from .annotations import MarkShape
from .palette import normalise_colour


def colour_or(value: str | None, default: str) -> str:
    """``value`` as a colour, or ``default`` when it is ``None``."""
    return default if value is None else normalise_colour(value)


def regular_polygon(ctr: Point, radius: float, sides: int, angle: float) -> tuple[Point, ...]:
    """Corners of a regular polygon (page angles, degrees) around ``ctr``."""
    return tuple(
        (
            ctr[0] + radius * math.cos(math.radians(angle + 360.0 * i / sides)),
            ctr[1] + radius * math.sin(math.radians(angle + 360.0 * i / sides)),
        )
        for i in range(sides)
    )


def draw_mark(shape: MarkShape, ctr: Point, s: float, colour: str, halo: str) -> list[Primitive]:
    """A mark drawn over a cell of circumradius ``s``: a white halo, then the shape."""
    w = 0.085 * s
    under = Style(stroke=halo, width=w + 0.08 * s, join="round")
    over = Style(stroke=colour, width=w, join="round")
    x, y = ctr
    if shape is MarkShape.CIRCLE:
        return [Circle(ctr, 0.36 * s, under), Circle(ctr, 0.36 * s, over)]
    if shape is MarkShape.TRIANGLE:
        points = regular_polygon((x, y + 0.04 * s), 0.44 * s, 3, -90.0)
        return [Polygon(points, under), Polygon(points, over)]
    if shape is MarkShape.SQUARE:
        points = regular_polygon(ctr, 0.4 * s, 4, 45.0)
        return [Polygon(points, under), Polygon(points, over)]
    if shape is MarkShape.CROSS:
        d = 0.27 * s
        segments: tuple[Segment, ...] = (
            MoveTo((x - d, y - d)),
            LineTo((x + d, y + d)),
            MoveTo((x + d, y - d)),
            LineTo((x - d, y + d)),
        )
        return [Path(segments, under), Path(segments, Style(stroke=colour, width=w * 1.2))]
    return [Circle(ctr, 0.16 * s, Style(fill=colour, stroke=halo, width=0.05 * s))]


def draw_arrow(a: Point, b: Point, s: float, colour: str, halo: str) -> list[Primitive]:
    """A straight arrow from cell centre ``a`` to cell centre ``b`` with a polygon head."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy)
    ux, uy = dx / length, dy / length
    nx, ny = -uy, ux
    start = (a[0] + ux * 0.32 * s, a[1] + uy * 0.32 * s)  # clear of a move number's disc
    tip = (b[0] - ux * 0.2 * s, b[1] - uy * 0.2 * s)
    head_len, head_w, shaft_w = 0.46 * s, 0.26 * s, 0.075 * s
    base = (tip[0] - ux * head_len, tip[1] - uy * head_len)

    def off(p: Point, k: float) -> Point:
        return (p[0] + nx * k, p[1] + ny * k)

    points = (
        off(start, shaft_w),
        off(base, shaft_w),
        off(base, head_w),
        tip,
        off(base, -head_w),
        off(base, -shaft_w),
        off(start, -shaft_w),
    )
    return [
        Polygon(points, Style(stroke=halo, width=0.09 * s, join="round")),
        Polygon(points, Style(fill=colour, join="miter")),
    ]


def draw_ring(ctr: Point, s: float, colour: str, halo: str) -> list[Primitive]:
    """An arrow that leaves a cell and comes back to it: an open ring with a polygon head."""
    radius = 0.58 * s
    start, sweep = -60.0, 285.0
    first = (
        ctr[0] + radius * math.cos(math.radians(start)),
        ctr[1] + radius * math.sin(math.radians(start)),
    )
    arc = ArcTo(ctr, radius, start, sweep)
    end_angle = math.radians(start + sweep)
    ex, ey = arc.end
    tx, ty = -math.sin(end_angle), math.cos(end_angle)
    nx, ny = math.cos(end_angle), math.sin(end_angle)
    head_len, head_w = 0.4 * s, 0.24 * s
    head = (
        (ex + nx * head_w, ey + ny * head_w),
        (ex + tx * head_len, ey + ty * head_len),
        (ex - nx * head_w, ey - ny * head_w),
    )
    segments: tuple[Segment, ...] = (MoveTo(first), arc)
    return [
        Path(segments, Style(stroke=halo, width=0.15 * s, cap="round")),
        Polygon(head, Style(stroke=halo, width=0.07 * s, join="round")),
        Path(segments, Style(stroke=colour, width=0.09 * s, cap="butt")),
        Polygon(head, Style(fill=colour, join="miter")),
    ]
