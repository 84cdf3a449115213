"""Annotations a diagram can carry: plain typed values, all in the cells of the position's record.

Colours are ``#rrggbb``; ``None`` takes the palette's colour for that kind of annotation.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..core.hexgrid import Cell
from ..core.marks import MarkShape as MarkShape
from ..core.position import Position
from ..core.tiles import Colour, Tile


@dataclass(frozen=True)
class Mark:
    """A shape over a cell; ``meaning``, when given, is its line in the legend."""

    cell: Cell
    shape: MarkShape
    colour: str | None = None
    meaning: str = ""


@dataclass(frozen=True)
class Arrow:
    """An arrow from the centre of ``start`` to ``end``; when they are the same cell, a ring."""

    start: Cell
    end: Cell
    colour: str | None = None


@dataclass(frozen=True)
class Label:
    """A short text (usually a letter) in the middle of a cell, or, with ``corner``, a small
    callout ``reach`` (0..1) of the way from the cell's centre towards that corner (0..5, the
    record's corner numbering), to name a part of the tile there."""

    cell: Cell
    text: str
    colour: str | None = None
    corner: int | None = None
    reach: float = 0.0


@dataclass(frozen=True)
class Highlight:
    """Cells painted under the tiles; a highlighted tile sits on its colour."""

    cells: frozenset[Cell]
    colour: str | None = None

    @classmethod
    def of(cls, cells: Iterable[Cell], colour: str | None = None) -> Highlight:
        """A highlight of ``cells``, in ``colour`` or the palette's."""
        return cls(frozenset(cells), colour)


@dataclass(frozen=True)
class Ghost:
    """A proposed tile, drawn translucent on an empty cell."""

    tile: Tile


@dataclass(frozen=True)
class MoveNumber:
    """The number of the move (or turn) that laid the tile on ``cell``; ``last`` stands out."""

    cell: Cell
    number: int
    last: bool = False


class EmptyKind(enum.Enum):
    """What an empty-cell marker says about the cell."""

    LEGAL = "legal"
    HOLE = "hole"


@dataclass(frozen=True)
class EmptyMarker:
    """A marker on an empty cell: a legal spot, or a hole."""

    cell: Cell
    kind: EmptyKind


@dataclass(frozen=True)
class Emphasis:
    """Show creatures: their outer and inner loops heavy, every other tile faded.

    ``cells`` picks the creatures having one of those cells among their tiles; empty means every
    creature. ``creature_colour`` keeps only the creatures of that colour: every tile holds
    both colours, so the cells of a creature are also tiles of any creature of the other
    colour nested inside it, whose outer loop runs along one of its inner loops.
    ``fade`` is how far (0..1) other tiles' colours move towards the background; ``colour`` is
    the loops' colour (the palette's emphasis colour when ``None``).
    """

    cells: frozenset[Cell] = frozenset()
    fade: float = 0.65
    colour: str | None = None
    creature_colour: Colour | None = None


@dataclass(frozen=True)
class LegendEntry:
    """One line of the legend: a mark shape in a colour, and what it means."""

    shape: MarkShape
    text: str
    colour: str | None = None


def turn_numbers(turns: Sequence[Sequence[Cell]]) -> tuple[MoveNumber, ...]:
    """Number each turn's tiles with the turn's number (from 1); the last turn stands out."""
    last = len(turns)
    return tuple(
        MoveNumber(cell, index, last=index == last)
        for index, cells in enumerate(turns, start=1)
        for cell in cells
    )


def empty_markers(position: Position) -> tuple[EmptyMarker, ...]:
    """Mark every empty cell next to the tiles: single holes as holes, the others as legal spots."""
    holes = position.single_holes()
    return tuple(
        EmptyMarker(cell, EmptyKind.HOLE if cell in holes else EmptyKind.LEGAL)
        for cell in sorted(position.frontier())
    )
