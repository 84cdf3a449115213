"""Placing drawn shapes: primitives scaled and moved as a whole, the extent of paths, and the
plain and rounded rectangles that layouts draw around them."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace

from .primitives import (
    ArcTo,
    Circle,
    Close,
    LineTo,
    MoveTo,
    Path,
    Point,
    Polygon,
    Polyline,
    Primitive,
    Segment,
    Style,
)


def _pt(p: Point, dx: float, dy: float, k: float) -> Point:
    return (p[0] * k + dx, p[1] * k + dy)


def _style(style: Style, k: float) -> Style:
    if k == 1.0:
        return style
    return replace(style, width=style.width * k, dash=tuple(d * k for d in style.dash))


def _segment(seg: Segment, dx: float, dy: float, k: float) -> Segment:
    if isinstance(seg, MoveTo):
        return MoveTo(_pt(seg.point, dx, dy, k))
    if isinstance(seg, LineTo):
        return LineTo(_pt(seg.point, dx, dy, k))
    if isinstance(seg, ArcTo):
        return ArcTo(_pt(seg.centre, dx, dy, k), seg.radius * k, seg.start, seg.sweep)
    return Close()


def place(items: Sequence[Primitive], dx: float, dy: float, k: float = 1.0) -> list[Primitive]:
    """``items`` scaled by ``k`` about the origin, then moved by (``dx``, ``dy``)."""
    out: list[Primitive] = []
    for item in items:
        if isinstance(item, Path):
            segments = tuple(_segment(s, dx, dy, k) for s in item.segments)
            out.append(Path(segments, _style(item.style, k)))
        elif isinstance(item, Polygon):
            points = tuple(_pt(p, dx, dy, k) for p in item.points)
            out.append(Polygon(points, _style(item.style, k)))
        elif isinstance(item, Polyline):
            points = tuple(_pt(p, dx, dy, k) for p in item.points)
            out.append(Polyline(points, _style(item.style, k)))
        elif isinstance(item, Circle):
            out.append(Circle(_pt(item.centre, dx, dy, k), item.radius * k, _style(item.style, k)))
        else:
            out.append(replace(item, position=_pt(item.position, dx, dy, k), size=item.size * k))
    return out


def extent(paths: Sequence[Primitive]) -> tuple[float, float, float, float]:
    """Bounding box (x0, y0, x1, y1) of the lines and arcs of ``paths``."""
    xs: list[float] = []
    ys: list[float] = []
    for item in paths:
        if not isinstance(item, Path):
            continue
        for seg in item.segments:
            if isinstance(seg, (MoveTo, LineTo)):
                xs.append(seg.point[0])
                ys.append(seg.point[1])
            elif isinstance(seg, ArcTo):
                for step in range(17):
                    a = math.radians(seg.start + seg.sweep * step / 16)
                    xs.append(seg.centre[0] + seg.radius * math.cos(a))
                    ys.append(seg.centre[1] + seg.radius * math.sin(a))
    if not xs:
        return (0.0, 0.0, 0.0, 0.0)
    return (min(xs), min(ys), max(xs), max(ys))


def rect(x: float, y: float, w: float, h: float, style: Style) -> Polygon:
    """The rectangle with its top left corner at (``x``, ``y``), ``w`` wide and ``h`` high."""
    return Polygon(((x, y), (x + w, y), (x + w, y + h), (x, y + h)), style)


def rounded(x: float, y: float, w: float, h: float, r: float, style: Style) -> Path:
    """A rectangle with corners of radius ``r``."""
    return Path(
        (
            MoveTo((x + r, y)),
            LineTo((x + w - r, y)),
            ArcTo((x + w - r, y + r), r, -90.0, 90.0),
            LineTo((x + w, y + h - r)),
            ArcTo((x + w - r, y + h - r), r, 0.0, 90.0),
            LineTo((x + r, y + h)),
            ArcTo((x + r, y + h - r), r, 90.0, 90.0),
            LineTo((x, y + r)),
            ArcTo((x + r, y + r), r, 180.0, 90.0),
            Close(),
        ),
        style,
    )
