"""The Palago tile: its three legal orientations, its colour areas and boundary curves, tile tokens.

With the yellow tip at corner *t* (0, 2 or 4): the yellow straight joins corners *t+2* and *t+4*,
the blue tip sits at *t+3* and the blue straight joins *t+1* and *t+5*. Three boundary curves
separate the colours: an arc around corner *t* (sides *t*, *t+1*), the straight line from side
*t+2* to side *t+5* through the centre, and an arc around corner *t+3* (sides *t+3*, *t+4*).
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from functools import cached_property
from typing import Final, NamedTuple

from .errors import OrientationError, TileTokenError
from .hexgrid import Cell, Motion


class Colour(enum.Enum):
    """The two colours of a tile; corner class 0 is yellow, class 1 blue."""

    YELLOW = "yellow"
    BLUE = "blue"

    @property
    def corner_class(self) -> int:
        return 0 if self is Colour.YELLOW else 1

    @property
    def other(self) -> Colour:
        return Colour.BLUE if self is Colour.YELLOW else Colour.YELLOW

    @classmethod
    def of_class(cls, corner_class: int) -> Colour:
        return cls.YELLOW if corner_class == 0 else cls.BLUE

    def __str__(self) -> str:
        return self.value


class Orientation(enum.Enum):
    """Where the yellow tip points: ``R`` upper-right (corner 0), ``L`` upper-left (corner 2),
    ``D`` down (corner 4)."""

    R = "R"
    L = "L"
    D = "D"

    @property
    def tip(self) -> int:
        """Corner index of the yellow tip."""
        return _TIP_OF_LETTER[self._value_]

    @classmethod
    def from_tip(cls, corner: int) -> Orientation:
        """The orientation whose yellow tip is at even corner ``corner``."""
        try:
            return _FROM_TIP[corner % 6]
        except KeyError:
            raise OrientationError(f"yellow tip at odd corner {corner}") from None

    @classmethod
    def parse(cls, text: str) -> Orientation:
        """``"R"``, ``"L"`` or ``"D"`` (case-insensitive) to an orientation."""
        try:
            return cls(text.upper())
        except ValueError:
            raise OrientationError(text) from None

    def __str__(self) -> str:
        return self.value


_TIP_OF_LETTER: Final = {"R": 0, "L": 2, "D": 4}
_FROM_TIP: Final = {0: Orientation.R, 2: Orientation.L, 4: Orientation.D}
ORIENTATIONS: Final = (Orientation.R, Orientation.L, Orientation.D)


class Curve(NamedTuple):
    """One boundary curve of a tile, walked from side ``start`` to side ``end``.

    ``left`` and ``right`` are corner indices of the tile lying in the colour areas on each hand
    of the walker (y up, as on the page). ``arc_corner`` is the corner an arc turns around, or
    ``None`` for the straight line through the centre.
    """

    start: int
    end: int
    left: int
    right: int
    arc_corner: int | None


def curves(tip: int) -> tuple[Curve, Curve, Curve]:
    """The three boundary curves of a tile with its yellow tip at corner ``tip``."""
    return _CURVES[tip]


def _make_curves(t: int) -> tuple[Curve, Curve, Curve]:
    def m(k: int) -> int:
        return k % 6

    return (
        # Around the yellow tip, counter-clockwise about the centre: the tip is on the right.
        Curve(m(t), m(t + 1), left=m(t + 1), right=m(t), arc_corner=m(t)),
        # Through the centre: blue straight on the left, yellow straight on the right.
        Curve(m(t + 2), m(t + 5), left=m(t + 1), right=m(t + 2), arc_corner=None),
        # Around the blue tip: the tip is on the right, the yellow straight on the left.
        Curve(m(t + 3), m(t + 4), left=m(t + 2), right=m(t + 3), arc_corner=m(t + 3)),
    )


_CURVES: Final = {t: _make_curves(t) for t in (0, 2, 4)}


def straight_corners(tip: int, colour: Colour) -> tuple[int, int]:
    """The two corner indices joined by the straight of ``colour``."""
    if colour is Colour.YELLOW:
        return ((tip + 2) % 6, (tip + 4) % 6)
    return ((tip + 1) % 6, (tip + 5) % 6)


def tip_corner(tip: int, colour: Colour) -> int:
    """Corner index of the tip of ``colour``."""
    return tip if colour is Colour.YELLOW else (tip + 3) % 6


def is_tip(tip: int, k: int) -> bool:
    """True when corner ``k`` of a tile with yellow tip ``tip`` is covered by a tip."""
    return k == tip or k == (tip + 3) % 6


_TOKEN = re.compile(r"\s*(-?\d+)\s*,\s*(-?\d+)\s*([A-Za-z])\s*\Z")


@dataclass(frozen=True, order=True)
class Tile:
    """A tile on a cell with an orientation; written as a token ``q,rX`` such as ``1,-1D``."""

    cell: Cell
    orientation: Orientation

    @property
    def tip(self) -> int:
        return _TIP_OF_LETTER[self.orientation._value_]

    @cached_property
    def token(self) -> str:
        return f"{self.cell[0]},{self.cell[1]}{self.orientation.value}"

    def __str__(self) -> str:
        return self.token

    @classmethod
    def parse(cls, text: str) -> Tile:
        """Read a tile token such as ``0,0R`` or ``-2,3L``."""
        match = _TOKEN.match(text)
        if match is None:
            raise TileTokenError(text)
        q, r, letter = match.groups()
        if letter.upper() not in "RLD":
            raise OrientationError(letter)
        return cls((int(q), int(r)), Orientation(letter.upper()))

    def moved(self, motion: Motion) -> tuple[Tile, bool]:
        """The tile after ``motion``, and whether its colours had to be exchanged to stay legal.

        A class-swapping motion sends the yellow tip to an odd corner; the tile is re-coloured
        (yellow tip := image of the old blue tip) and ``True`` is returned.
        """
        image = motion.corner(self.tip)
        swapped = image % 2 == 1
        if swapped:
            image = motion.corner(self.tip + 3)
        return Tile(motion.cell(self.cell), Orientation.from_tip(image)), swapped


def parse_tiles(text: str) -> list[Tile]:
    """Read whitespace-separated tile tokens."""
    return [Tile.parse(token) for token in text.split()]
