"""The tile's art as path segments, exactly as model section 2 draws it.

For a tile of circumradius ``s`` with its yellow tip at corner *t*: each tip is the 120° sector
of radius ``s/2`` centred on its corner, bounded by the midpoints of the corner's two sides; the
straights fill the rest, split by the line through the centre from the midpoint of side *t+2* to
the midpoint of side *t+5*. Corner and side positions come from :mod:`palago_tools.core.hexgrid`.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable
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


def _segment_distance(p: Point, a: Point, b: Point) -> float:
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    length = dx * dx + dy * dy
    t = 0.0 if length == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / length))
    return math.hypot(p[0] - ax - t * dx, p[1] - ay - t * dy)


def _box_outline(centre: Point, width: float, height: float) -> list[Point]:
    """Points around the rectangle's edge, no further apart than a sixth of its height."""
    x0, y0 = centre[0] - width / 2, centre[1] - height / 2
    n = max(2, math.ceil(width / (height / 6)))
    m = 6
    along = [(x0 + width * i / n, y) for i in range(n + 1) for y in (y0, y0 + height)]
    down = [(x, y0 + height * j / m) for j in range(1, m) for x in (x0, x0 + width)]
    return along + down


def curve_clearance(
    centre: Point, tip: int, size: float, indices: Iterable[int], point: Point
) -> float:
    """How far ``point`` lies from the tile's boundary curves numbered ``indices`` (the tile's
    yellow tip at corner ``tip``): the straight line through the centre, or an arc of radius
    ``size/2`` about a tip's corner (exact for a point inside the tile)."""
    found = math.inf
    for index in indices:
        curve = curves(tip)[index]
        if curve.arc_corner is None:
            a, b = mid(centre, curve.start, size), mid(centre, curve.end, size)
            d = _segment_distance(point, a, b)
        else:
            cx, cy = corner(centre, curve.arc_corner, size)
            d = abs(math.hypot(point[0] - cx, point[1] - cy) - size / 2)
        found = min(found, d)
    return found


LABEL_SCALES: Final = (1.0, 0.9, 0.8, 0.7)
"""The scales :func:`label_place` tries, largest first, for a label that no place clears."""
LABEL_CLEARANCE: Final = 0.1
"""How far (in tile sizes) a placed label keeps from the curves it avoids: half the heavy
loop's width (0.065) and some air."""


def label_place(
    centre: Point, tip: int, size: float, avoid: Iterable[int], width: float, height: float
) -> tuple[Point, float]:
    """Where to set a ``width`` × ``height`` label on the tile, and at what scale: the place
    nearest the tile's centre, inside the tile, that keeps :data:`LABEL_CLEARANCE` clear of
    the curves numbered ``avoid`` (the heavy loops drawn over the tile), crossing no boundary
    and covering no tip where it can, at the largest of :data:`LABEL_SCALES` that has one;
    failing all, the clearest place at the smallest scale."""
    avoided = tuple(sorted(set(avoid)))
    if not avoided:
        return centre, 1.0
    for scale in LABEL_SCALES:
        (dx, dy), clear = _label_offset(
            tip % 6, round(size, 3), avoided, round(width * scale, 3), round(height * scale, 3)
        )
        if clear:
            break
    return (centre[0] + dx, centre[1] + dy), scale


@functools.lru_cache(maxsize=4096)
def _label_offset(
    tip: int, size: float, avoided: tuple[int, ...], width: float, height: float
) -> tuple[Point, bool]:
    """:func:`label_place` at one scale about a tile centred on the origin (the same for every
    tile turned alike, so it is worked out once), and whether the place is clear."""
    centre: Point = (0.0, 0.0)
    step = size / 20
    inner = 0.97 * size * math.sqrt(3) / 2  # the tile's apothem, less a margin
    need = LABEL_CLEARANCE * size
    tips = (corner(centre, tip, size), corner(centre, tip + 3, size))
    offsets = sorted(
        ((i * step, j * step) for i in range(-16, 17) for j in range(-16, 17)),
        key=lambda o: (math.hypot(*o), o),
    )
    fallback: tuple[float, Point] = (-math.inf, centre)
    nearest_clear: Point | None = None
    for dx, dy in offsets:
        p = (centre[0] + dx, centre[1] + dy)
        corners = [
            (p[0] + sx * width / 2, p[1] + sy * height / 2) for sx in (-1, 1) for sy in (-1, 1)
        ]
        if any(_apothem_distance(centre, q) > inner for q in corners):
            continue  # the tile is convex: its corners inside, the box is inside
        if curve_clearance(centre, tip, size, avoided, p) < need and fallback[0] > 0:
            continue  # a curve that near the middle crosses the box's edge
        ring = _box_outline(p, width, height)
        clear = min(curve_clearance(centre, tip, size, avoided, q) for q in ring)
        if clear > fallback[0]:
            fallback = (clear, p)
        if clear < need:
            continue
        nearest_clear = nearest_clear or p
        free = min(curve_clearance(centre, tip, size, range(3), q) for q in ring) > 0.02 * size
        on_tip = any(math.hypot(q[0] - c[0], q[1] - c[1]) < size / 2 for q in ring for c in tips)
        if free and not on_tip:
            return p, True
    if nearest_clear is not None:
        return nearest_clear, True
    return fallback[1], False


def _apothem_distance(centre: Point, point: Point) -> float:
    """The hexagonal norm of ``point`` about ``centre``: the largest distance along the six
    side directions (pointy-top tiles), the apothem on the tile's edge."""
    dx, dy = point[0] - centre[0], point[1] - centre[1]
    return max(
        abs(dx * math.cos(math.radians(a)) + dy * math.sin(math.radians(a))) for a in (0, 60, 120)
    )
