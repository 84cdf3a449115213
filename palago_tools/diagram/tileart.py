"""The tile's art as path segments, exactly as model section 2 draws it.

For a tile of circumradius ``s`` with its yellow tip at corner *t*: each tip is the 120° sector
of radius ``s/2`` centred on its corner, bounded by the midpoints of the corner's two sides; the
straights fill the rest, split by the line through the centre from the midpoint of side *t+2* to
the midpoint of side *t+5*. Corner and side positions come from :mod:`palago_tools.core.hexgrid`.
"""

from __future__ import annotations

import math
from typing import Final

from ..core.hexgrid import corner_point, side_midpoint
from ..core.tiles import curves
from ..drawing.primitives import ArcTo, Close, LineTo, MoveTo, Point, Segment

_ORIGIN: Final = (0, 0)
_CORNERS: Final[tuple[Point, ...]] = tuple(corner_point(_ORIGIN, k, 1.0) for k in range(6))
_MIDS: Final[tuple[Point, ...]] = tuple(side_midpoint(_ORIGIN, j, 1.0) for j in range(6))


def _angle(centre: Point, point: Point) -> float:
    """Page angle (degrees, y down) of ``point`` seen from ``centre``."""
    return math.degrees(math.atan2(point[1] - centre[1], point[0] - centre[0]))


def _sweep(start: float, end: float) -> float:
    """The signed turn from ``start`` to ``end`` of at most half a circle."""
    d = (end - start) % 360.0
    return d - 360.0 if d > 180.0 else d


# Page angles of the side midpoints seen from each corner: the arc around corner k runs from the
# midpoint of side k to that of side k+1 (both at distance s/2 from the corner).
_ARC_START: Final = tuple(_angle(_CORNERS[k], _MIDS[k]) for k in range(6))
_ARC_SWEEP: Final = tuple(
    _sweep(_angle(_CORNERS[k], _MIDS[k]), _angle(_CORNERS[k], _MIDS[(k + 1) % 6])) for k in range(6)
)


def corner(centre: Point, k: int, size: float) -> Point:
    """Corner ``k`` of the hexagon around ``centre``."""
    x, y = _CORNERS[k % 6]
    return (centre[0] + x * size, centre[1] + y * size)


def mid(centre: Point, j: int, size: float) -> Point:
    """Midpoint of side ``j`` of the hexagon around ``centre``."""
    x, y = _MIDS[j % 6]
    return (centre[0] + x * size, centre[1] + y * size)


def hexagon(centre: Point, size: float) -> tuple[Point, ...]:
    """The six corners of the hexagon around ``centre``."""
    cx, cy = centre
    return tuple((cx + x * size, cy + y * size) for x, y in _CORNERS)


def corner_arc(centre: Point, k: int, size: float, reverse: bool = False) -> ArcTo:
    """The tip arc around corner ``k``: from side ``k``'s midpoint to side ``k+1``'s, or back."""
    k %= 6
    c = corner(centre, k, size)
    if reverse:
        return ArcTo(c, size / 2.0, _ARC_START[k] + _ARC_SWEEP[k], -_ARC_SWEEP[k])
    return ArcTo(c, size / 2.0, _ARC_START[k], _ARC_SWEEP[k])


def _tip(centre: Point, k: int, size: float) -> list[Segment]:
    return [
        MoveTo(corner(centre, k, size)),
        LineTo(mid(centre, k, size)),
        corner_arc(centre, k, size),
        Close(),
    ]


def _straight(centre: Point, first: int, size: float) -> list[Segment]:
    """The straight joining corners ``first`` and ``first+2`` around the tip at ``first+1``."""
    return [
        MoveTo(mid(centre, first, size)),
        LineTo(corner(centre, first, size)),
        LineTo(mid(centre, first + 1, size)),
        corner_arc(centre, first + 1, size),
        LineTo(corner(centre, first + 2, size)),
        LineTo(mid(centre, first + 3, size)),
        Close(),
    ]


def yellow_area(centre: Point, tip: int, size: float) -> tuple[Segment, ...]:
    """The yellow tip (at corner ``tip``) and the yellow straight (corners tip+2 and tip+4)."""
    return (*_tip(centre, tip, size), *_straight(centre, tip + 2, size))


def blue_area(centre: Point, tip: int, size: float) -> tuple[Segment, ...]:
    """The blue tip (at corner ``tip+3``) and the blue straight (corners tip+5 and tip+1)."""
    return (*_tip(centre, tip + 3, size), *_straight(centre, tip + 5, size))


def boundaries(centre: Point, tip: int, size: float) -> tuple[Segment, ...]:
    """The tile's three colour boundaries as three open subpaths."""
    segments: list[Segment] = []
    for curve in curves(tip):
        segments.append(MoveTo(mid(centre, curve.start, size)))
        segments.append(curve_segment(centre, curve.start, curve.end, curve.arc_corner, size))
    return tuple(segments)


def curve_segment(
    centre: Point, start: int, end: int, arc_corner: int | None, size: float
) -> Segment:
    """The segment of one boundary curve walked from side ``start`` to side ``end``."""
    if arc_corner is None:
        return LineTo(mid(centre, end, size))
    return corner_arc(centre, arc_corner, size, reverse=start != arc_corner)
