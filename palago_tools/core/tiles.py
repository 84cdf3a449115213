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

from ..errors import GeometryError, OrientationError, TileTokenError, require, short_repr
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
        return _OTHER[self._value_]

    @classmethod
    def of_class(cls, corner_class: int) -> Colour:
        """The colour of corner class 0 (yellow) or 1 (blue)."""
        return cls.YELLOW if corner_class == 0 else cls.BLUE

    def __str__(self) -> str:
        return self.value

    __hash__ = object.__hash__
    """By identity, as a member equals only itself: C code, where ``Enum`` hashes its name in
    Python (tiles, which hold an orientation, are hashed millions of times a move)."""


_OTHER: Final = {"yellow": Colour.BLUE, "blue": Colour.YELLOW}
"""The other colour, by value (reading a member off its enum class is slow; this is hot)."""


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
        require(text, str, "an orientation letter")
        try:
            return cls(text.upper())
        except ValueError:
            raise OrientationError(text) from None

    def __str__(self) -> str:
        return self.value

    __hash__ = object.__hash__
    """By identity, as for :class:`Colour`."""


_TIP_OF_LETTER: Final = {"R": 0, "L": 2, "D": 4}
_FROM_TIP: Final = {0: Orientation.R, 2: Orientation.L, 4: Orientation.D}
ORIENTATIONS: Final = (Orientation.R, Orientation.L, Orientation.D)

SET_SIZE: Final = 48
"""The tiles of one Palago set: the supply of a Palago game, the bag of a Palagonia game."""


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


def is_tip(tip: int, k: int) -> bool:
    """True when corner ``k`` of a tile with yellow tip ``tip`` is covered by a tip."""
    return k == tip or k == (tip + 3) % 6


MAX_COORDINATE_DIGITS: Final = 6
"""A coordinate of a tile token has at most this many digits (the notation's limit too)."""
MAX_COORDINATE: Final = 10**MAX_COORDINATE_DIGITS - 1
"""Cells have ``|q|`` and ``|r|`` at most this (999999), in the API, the notation and
``analyse``."""
ORIENTATION_HINT: Final = "orientation is L, R or D: where the yellow tip points"

_TILE_PARTS: Final = re.compile(r"(-?)([0-9]+),(-?)([0-9]+)(.*)\Z", re.S)


def read_tile_token(text: str) -> tuple[Tile | None, int, str, str]:
    """A tile token's tile, or ``None`` with the offset, message and hint of what is wrong.

    This is the one definition of a tile token, shared by :meth:`Tile.parse` and the notation:
    ``q,r`` in ASCII digits (at most :data:`MAX_COORDINATE_DIGITS` each, an optional ``-``),
    then one orientation letter ``R``, ``L`` or ``D`` (either case), nothing else.
    """
    match = _TILE_PARTS.match(text)
    if match is None:
        return None, 0, f"{text!r} is not a cell", "a cell is q,r, as in 1,-1"
    qs, qd, rs, rd, letters = match.groups()
    if len(qd) > MAX_COORDINATE_DIGITS or len(rd) > MAX_COORDINATE_DIGITS:
        return (
            None,
            0,
            f"the cell {_cut(qs + qd)},{_cut(rs + rd)} is too far out",
            f"coordinates have at most {MAX_COORDINATE_DIGITS} digits",
        )
    cell = (int(qs + qd), int(rs + rd))
    if not letters:
        return None, 0, f"the tile {text} has no orientation", ORIENTATION_HINT
    if len(letters) != 1 or letters.upper() not in "RLD":
        offset = len(text) - len(letters)
        return None, offset, f"{letters!r} is not an orientation", ORIENTATION_HINT
    return Tile(cell, Orientation(letters.upper())), 0, "", ""


def _cut(digits: str) -> str:
    return digits if len(digits) <= 12 else f"{digits[:8]}…({len(digits)} digits)"


def check_cell(cell: object) -> Cell:
    """``cell`` if it is a pair of integers within :data:`MAX_COORDINATE`, else a
    :class:`~palago_tools.errors.GeometryError` that names the limit."""
    if (
        not isinstance(cell, tuple)
        or len(cell) != 2
        or not all(isinstance(c, int) and not isinstance(c, bool) for c in cell)
    ):
        raise GeometryError(f"a cell is a pair of integers (q, r), not {short_repr(cell)}")
    q, r = cell
    if not (-MAX_COORDINATE <= q <= MAX_COORDINATE and -MAX_COORDINATE <= r <= MAX_COORDINATE):
        raise GeometryError(
            f"the cell {q},{r} is too far out: coordinates are at most {MAX_COORDINATE} "
            f"from 0 ({MAX_COORDINATE_DIGITS} digits)"
        )
    return (q, r)


@dataclass(frozen=True, order=True)
class Tile:
    """A tile on a cell with an orientation; written as a token ``q,rX`` such as ``1,-1D``."""

    cell: Cell
    orientation: Orientation

    @cached_property
    def tip(self) -> int:
        """The corner (0, 2 or 4) of the yellow tip, worked out once per tile: every layer
        that lays a tile asks for it."""
        return _TIP_OF_LETTER[self.orientation._value_]

    @cached_property
    def token(self) -> str:
        return f"{self.cell[0]},{self.cell[1]}{self.orientation.value}"

    def __str__(self) -> str:
        return self.token

    @classmethod
    def parse(cls, text: str) -> Tile:
        """Read a tile token such as ``0,0R`` or ``-2,3L`` (the notation's tile token, with
        surrounding white space allowed).

        >>> tile = Tile.parse(" -2,3L")
        >>> tile.cell, tile.orientation.value, tile.token
        ((-2, 3), 'L', '-2,3L')
        >>> Tile.parse("0,0X")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        palago_tools.errors.OrientationError: unknown orientation 'X': ...
        """
        if not isinstance(text, str):
            raise TileTokenError(short_repr(text), "a tile token is text")
        token = text.strip()
        tile, _, message, hint = read_tile_token(token)
        if tile is None:
            if hint == ORIENTATION_HINT and token[-1:].isalpha() and "orientation" in message:
                letters = _TILE_PARTS.match(token)
                if letters is not None and len(letters.group(5)) == 1:
                    raise OrientationError(letters.group(5))
            raise TileTokenError(token, f"{message}; {hint}")
        return tile

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
    if not isinstance(text, str):
        raise TileTokenError(short_repr(text), "tile tokens are text")
    return [Tile.parse(token) for token in text.split()]


_TILES: dict[Cell, tuple[Tile, Tile, Tile]] = {}
_AT_TIP: Final = {o.tip: i for i, o in enumerate(ORIENTATIONS)}


def tiles_on(cell: Cell) -> tuple[Tile, Tile, Tile]:
    """The three tiles of ``cell``, in the order of :data:`ORIENTATIONS` (made once)."""
    found = _TILES.get(cell)
    if found is None:
        if len(_TILES) > 100_000:
            _TILES.clear()
        found = _TILES[cell] = (
            Tile(cell, ORIENTATIONS[0]),
            Tile(cell, ORIENTATIONS[1]),
            Tile(cell, ORIENTATIONS[2]),
        )
    return found
