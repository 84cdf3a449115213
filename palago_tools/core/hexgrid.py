"""Hex geometry: cells, directions, corners, sides, screen points and the twelve grid motions.

Everything here follows section 1 and 4 of the model (docs/model.md): pointy-top hexagons in axial
coordinates ``q,r`` (q grows East, r grows South-East), directions numbered counter-clockwise
from East, corner *k* between side *k* and side *k+1*.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Final, NamedTuple

from ..errors import GeometryError, require

Cell = tuple[int, int]
"""An axial cell ``(q, r)``."""

Corner = tuple[int, int, int]
"""A board corner ``(q, r, colour_class)``: class 0 (yellow) is the bottom corner (4) of cell
``q,r``; class 1 (blue) is its top corner (1). Every board corner has exactly one such name."""

Side = tuple[int, int, int]
"""A board side ``(q, r, j)`` with ``j`` in 0..2: side *j* (E, NE or NW) of cell ``q,r``. Every
side shared by two cells has exactly one such name."""

YELLOW_CLASS: Final = 0
BLUE_CLASS: Final = 1

DIRECTION_NAMES: Final = ("E", "NE", "NW", "W", "SW", "SE")
DIRECTIONS: Final[tuple[Cell, ...]] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
"""The six neighbour offsets, counter-clockwise from East; side *j* faces direction *j*."""

CORNER_NAMES: Final = ("upper-right", "top", "upper-left", "lower-left", "bottom", "lower-right")

# Corner k of cell (q, r) is the board corner (q + dq, r + dr, class): see ``corner_of``.
_CORNER_OFFSETS: Final[tuple[Corner, ...]] = (
    (1, -1, YELLOW_CLASS),  # 0 upper-right = bottom of the NE neighbour
    (0, 0, BLUE_CLASS),  # 1 top
    (0, -1, YELLOW_CLASS),  # 2 upper-left = bottom of the NW neighbour
    (-1, 1, BLUE_CLASS),  # 3 lower-left = top of the SW neighbour
    (0, 0, YELLOW_CLASS),  # 4 bottom
    (0, 1, BLUE_CLASS),  # 5 lower-right = top of the SE neighbour
)

# The three cells around a board corner, as (dq, dr, k): cell offset and that cell's corner index.
_CELLS_AROUND: Final[tuple[tuple[tuple[int, int, int], ...], ...]] = (
    ((0, 0, 4), (-1, 1, 0), (0, 1, 2)),  # yellow corner: bottom of q,r
    ((0, 0, 1), (1, -1, 3), (0, -1, 5)),  # blue corner: top of q,r
)


def cell_text(cell: Cell) -> str:
    """A cell written as in the notation: ``q,r``."""
    return f"{cell[0]},{cell[1]}"


def neighbour(cell: Cell, direction: int) -> Cell:
    """The cell next to ``cell`` across side ``direction`` (0..5)."""
    dq, dr = DIRECTIONS[direction % 6]
    return (cell[0] + dq, cell[1] + dr)


def neighbours(cell: Cell) -> list[Cell]:
    """The six neighbours of ``cell``, in direction order E, NE, NW, W, SW, SE.

    >>> neighbours((0, 0))
    [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]
    """
    q, r = cell
    return [(q + dq, r + dr) for dq, dr in DIRECTIONS]


def are_adjacent(a: Cell, b: Cell) -> bool:
    """True when ``a`` and ``b`` share a side.

    >>> are_adjacent((0, 0), (1, -1)), are_adjacent((0, 0), (1, 1))
    (True, False)
    """
    return (b[0] - a[0], b[1] - a[1]) in DIRECTIONS


def direction_between(a: Cell, b: Cell) -> int:
    """The direction from ``a`` to its neighbour ``b``."""
    try:
        return DIRECTIONS.index((b[0] - a[0], b[1] - a[1]))
    except ValueError:
        raise GeometryError(f"cells {a[0]},{a[1]} and {b[0]},{b[1]} are not neighbours") from None


def distance(a: Cell, b: Cell) -> int:
    """Number of steps between two cells.

    >>> distance((0, 0), (2, -1))
    2
    """
    dq, dr = b[0] - a[0], b[1] - a[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def corner_of(cell: Cell, k: int) -> Corner:
    """The board corner that is corner ``k`` (0..5) of ``cell``."""
    dq, dr, cls = _CORNER_OFFSETS[k % 6]
    return (cell[0] + dq, cell[1] + dr, cls)


def corner_class(k: int) -> int:
    """0 (yellow) for even corner indices, 1 (blue) for odd ones: the same on every cell."""
    return k % 2


def cells_around(corner: Corner) -> list[tuple[Cell, int]]:
    """The three cells that share ``corner``, each with the index the corner has in that cell."""
    q, r, cls = corner
    return [((q + dq, r + dr), k) for dq, dr, k in _CELLS_AROUND[cls]]


def side_of(cell: Cell, j: int) -> Side:
    """The shared name of side ``j`` (0..5) of ``cell``."""
    j %= 6
    if j < 3:
        return (cell[0], cell[1], j)
    dq, dr = DIRECTIONS[j]
    return (cell[0] + dq, cell[1] + dr, j - 3)


def cells_of_side(side: Side) -> tuple[tuple[Cell, int], tuple[Cell, int]]:
    """The two cells that share ``side``, each with the side's index in that cell."""
    q, r, j = side
    dq, dr = DIRECTIONS[j]
    return ((q, r), j), ((q + dq, r + dr), j + 3)


# --- Screen geometry -----------------------------------------------------------------------

SQRT3: Final = math.sqrt(3.0)

Point = tuple[float, float]


def centre(cell: Cell, size: float = 1.0) -> Point:
    """Screen centre of ``cell`` (y grows downwards) for circumradius ``size``."""
    q, r = cell
    return (SQRT3 * (q + r / 2.0) * size, 1.5 * r * size)


def corner_angle(k: int) -> float:
    """Angle of corner ``k`` in degrees, counter-clockwise from East."""
    return 30.0 + 60.0 * k


def side_angle(j: int) -> float:
    """Angle that side ``j`` faces, in degrees counter-clockwise from East."""
    return 60.0 * j


def corner_point(cell: Cell, k: int, size: float = 1.0) -> Point:
    """Screen position of corner ``k`` of ``cell``."""
    x, y = centre(cell, size)
    a = math.radians(corner_angle(k))
    return (x + size * math.cos(a), y - size * math.sin(a))


def side_midpoint(cell: Cell, j: int, size: float = 1.0) -> Point:
    """Screen position of the midpoint of side ``j`` of ``cell``."""
    x, y = centre(cell, size)
    a = math.radians(side_angle(j % 6))
    d = size * SQRT3 / 2.0
    return (x + d * math.cos(a), y - d * math.sin(a))


class Sector(NamedTuple):
    """A tip: the circular sector around a corner, radius half a side, spanning 120° inside the
    cell from ``start`` to ``end`` degrees (counter-clockwise from East, as on the page)."""

    centre: Point
    radius: float
    start: float
    end: float
    start_point: Point
    end_point: Point


def tip_sector(cell: Cell, k: int, size: float = 1.0) -> Sector:
    """The tip around corner ``k`` of ``cell``: its arc runs from the midpoint of side ``k+1``
    to the midpoint of side ``k`` (counter-clockwise seen from the corner)."""
    start = (60.0 * k + 150.0) % 360.0
    return Sector(
        centre=corner_point(cell, k, size),
        radius=size / 2.0,
        start=start,
        end=start + 120.0,
        start_point=side_midpoint(cell, k + 1, size),
        end_point=side_midpoint(cell, k, size),
    )


def hexagon(cell: Cell, size: float = 1.0) -> list[Point]:
    """The six corner points of ``cell`` in corner order."""
    return [corner_point(cell, k, size) for k in range(6)]


def bounding_box(cells: Iterable[Cell], size: float = 1.0) -> tuple[float, float, float, float]:
    """``(min_x, min_y, max_x, max_y)`` of the hexagons of ``cells``."""
    xs: list[float] = []
    ys: list[float] = []
    for cell in cells:
        for x, y in hexagon(cell, size):
            xs.append(x)
            ys.append(y)
    if not xs:
        raise GeometryError("an empty set of cells has no bounding box")
    return (min(xs), min(ys), max(xs), max(ys))


# --- Motions -------------------------------------------------------------------------------


@dataclass(frozen=True, order=True)
class Motion:
    """A rigid motion of the grid fixing cell 0,0: optional mirror in the East axis, then
    ``turns`` counter-clockwise rotations by 60°. Angles map as θ ↦ (±θ) + 60°·turns."""

    turns: int
    mirror: bool = False

    def __post_init__(self) -> None:
        require(self.turns, int, "a motion's turns")
        if not 0 <= self.turns < 6:
            raise GeometryError(f"a motion turns 0 to 5 sixths of a circle, not {self.turns}")

    @property
    def keeps_class(self) -> bool:
        """True when yellow corners stay yellow (rotations by 120°, mirrors through corners)."""
        return self.turns % 2 == (1 if self.mirror else 0)

    def direction(self, j: int) -> int:
        """Image of direction (or side) index ``j``."""
        return ((-j if self.mirror else j) + self.turns) % 6

    def corner(self, k: int) -> int:
        """Image of corner index ``k``."""
        return ((-k - 1 if self.mirror else k) + self.turns) % 6

    def cell(self, cell: Cell) -> Cell:
        """Image of ``cell`` (cell 0,0 stays put)."""
        q, r = cell
        if self.mirror:
            q, r = q + r, -r
        for _ in range(self.turns):
            q, r = q + r, -q
        return (q, r)

    def corner_point(self, corner: Corner) -> Corner:
        """Image of a board corner."""
        (cell, k) = cells_around(corner)[0]
        return corner_of(self.cell(cell), self.corner(k))

    def __str__(self) -> str:
        return f"{'mirror+' if self.mirror else ''}rot{60 * self.turns}"


MOTIONS: Final[tuple[Motion, ...]] = tuple(
    Motion(turns, mirror) for mirror in (False, True) for turns in range(6)
)
"""All twelve motions; the identity first."""

CLASS_KEEPING: Final[tuple[Motion, ...]] = tuple(m for m in MOTIONS if m.keeps_class)
"""The six game symmetries: rotations by 0°, 120°, 240° and the three mirrors through corners."""

CLASS_SWAPPING: Final[tuple[Motion, ...]] = tuple(m for m in MOTIONS if not m.keeps_class)
"""The six motions that turn yellow corners into blue ones."""


def ring(centre_cell: Cell, radius: int) -> Iterator[Cell]:
    """Cells at exactly ``radius`` steps from ``centre_cell``."""
    if radius == 0:
        yield centre_cell
        return
    q, r = centre_cell[0] + DIRECTIONS[4][0] * radius, centre_cell[1] + DIRECTIONS[4][1] * radius
    for side in range(6):
        dq, dr = DIRECTIONS[side]
        for _ in range(radius):
            yield (q, r)
            q, r = q + dq, r + dr


def disc(centre_cell: Cell, radius: int) -> list[Cell]:
    """Cells within ``radius`` steps of ``centre_cell``, nearest first."""
    return [c for k in range(radius + 1) for c in ring(centre_cell, k)]
