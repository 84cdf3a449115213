"""The diagram model: a position with its annotations, and the options that lay it out.

A :class:`Diagram` says what to draw, in the record's cells; :class:`Options` say how (size,
palette, :class:`View`, motion, what else to show), within the limits below.
:func:`~palago_tools.diagram.compile.compile_diagram` turns the two into a drawing.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Final

from ..core.hexgrid import Cell, Motion
from ..core.position import Position
from ..drawing.metrics import text_width
from ..drawing.typesetting import wrap as wrap_words
from ..errors import LimitError, require
from .annotations import (
    Arrow,
    Emphasis,
    EmptyMarker,
    Ghost,
    Highlight,
    Label,
    LegendEntry,
    Mark,
    MarkShape,
    MoveNumber,
)
from .errors import DiagramError
from .palette import CLASSIC, Palette

BASELINE_SHIFT = 0.364
"""Half the cap height of DejaVu Sans in ems: baseline = visual centre + this × size."""


def motion_for(rotation: int = 0, mirror: bool = False) -> Motion:
    """The class-keeping motion: turn ``rotation`` degrees (a multiple of 120) counter-clockwise,
    then, if ``mirror``, flip left to right (about the axis through the top and bottom corners)."""
    require(rotation, int, "the rotation (degrees)")
    require(mirror, bool, "mirror")
    if rotation % 120 != 0:
        raise DiagramError(
            f"a diagram turns by 0, 120 or 240 degrees (turns that keep yellow corners yellow), "
            f"not {rotation}"
        )
    turns = (rotation // 60) % 6
    if mirror:
        return Motion((3 - turns) % 6, True)
    return Motion(turns)


@dataclass(frozen=True)
class View:
    """Which cells to show: exactly ``cells`` (record coordinates), or, when ``cells`` is
    ``None``, every cell the diagram uses plus ``margin`` rings of cells around them."""

    cells: frozenset[Cell] | None = None
    margin: int = 1

    def __post_init__(self) -> None:
        if self.margin < 0:
            raise DiagramError(
                f"the view's margin is a number of cells, at least 0, not {self.margin}"
            )
        if self.cells is not None and not self.cells:
            raise DiagramError("an explicit view needs at least one cell")


@dataclass(frozen=True)
class Options:
    """How to lay out and paint a diagram.

    ``size`` is the tile's circumradius (its side) in points. ``rotation`` (0, 120, 240) and
    ``mirror`` turn the picture by one of the six class-keeping motions; coordinates still name
    the record's cells. Widths are fractions of ``size``. ``dashed_inner_loops`` draws the inner
    loops of emphasised creatures dashed, to tell them from the solid outer loop.
    ``coordinates_centred`` writes a tile's ``q,r`` on its centre, where no tip lies, instead
    of under its top corner.
    """

    size: float = 24.0
    palette: Palette = CLASSIC
    view: View = field(default_factory=View)
    rotation: int = 0
    mirror: bool = False
    coordinates: bool = False
    outlines: bool = True
    grid: bool = True
    legend: bool = True
    padding: float = 10.0
    boundary_width: float = 0.05
    outline_width: float = 0.035
    caption_size: float = 10.0
    caption_width: float = 280.0
    number_prefix: str = "Diagram"
    dashed_inner_loops: bool = False
    coordinates_centred: bool = False

    def __post_init__(self) -> None:
        if (
            not isinstance(self.size, (int, float))
            or isinstance(self.size, bool)
            or not MIN_TILE_SIZE <= self.size <= MAX_TILE_SIZE
        ):
            raise LimitError(
                f"the tile size must be a number of points from {MIN_TILE_SIZE:g} to "
                f"{MAX_TILE_SIZE:g}, not {self.size}"
            )
        for name in ("padding", "boundary_width", "outline_width", "caption_size", "caption_width"):
            value = getattr(self, name)
            if not isinstance(value, (int, float)) or not 0 <= value <= MAX_LENGTH:
                raise LimitError(
                    f"the {name.replace('_', ' ')} must be a number from 0 to {MAX_LENGTH:g}, not "
                    f"{value}"
                )
        motion_for(self.rotation, self.mirror)

    @property
    def motion(self) -> Motion:
        """The motion applied to the record's cells."""
        return motion_for(self.rotation, self.mirror)


@dataclass(frozen=True)
class Diagram:
    """A position and everything drawn on it, in the record's cells.

    ``number`` is the diagram's number in its document (``"Diagram 3."`` before the caption);
    ``legend`` lists the meanings of the marks (built from the marks themselves when ``None``).
    """

    position: Position
    marks: tuple[Mark, ...] = ()
    arrows: tuple[Arrow, ...] = ()
    labels: tuple[Label, ...] = ()
    highlights: tuple[Highlight, ...] = ()
    ghosts: tuple[Ghost, ...] = ()
    numbers: tuple[MoveNumber, ...] = ()
    empty: tuple[EmptyMarker, ...] = ()
    emphasis: Emphasis | None = None
    caption: str = ""
    number: int | str | None = None
    legend: tuple[LegendEntry, ...] | None = None

    def __post_init__(self) -> None:
        require(self.position, Position, "a diagram's position")

    def cells(self) -> set[Cell]:
        """Every cell the diagram shows something on."""
        used: set[Cell] = set(self.position)
        used.update(m.cell for m in self.marks)
        for a in self.arrows:
            used.update((a.start, a.end))
        used.update(label.cell for label in self.labels)
        for h in self.highlights:
            used.update(h.cells)
        used.update(g.tile.cell for g in self.ghosts)
        used.update(n.cell for n in self.numbers)
        used.update(e.cell for e in self.empty)
        return used

    def legend_entries(self) -> tuple[LegendEntry, ...]:
        """The legend: the given one, or one line per distinct (shape, colour, meaning) of the
        marks that have a meaning."""
        if self.legend is not None:
            return self.legend
        seen: dict[tuple[MarkShape, str | None, str], LegendEntry] = {}
        for mark in self.marks:
            key = (mark.shape, mark.colour, mark.meaning)
            if mark.meaning and key not in seen:
                seen[key] = LegendEntry(mark.shape, mark.meaning, mark.colour)
        return tuple(seen.values())


MAX_TILE_SIZE: Final = 1000.0
"""The largest tile side, in points (``--size``)."""
MIN_TILE_SIZE: Final = 1.0
"""The smallest tile side, in points (smaller would draw an empty picture)."""
MAX_LENGTH: Final = 10000.0
"""The largest padding, line width, caption size or caption width, in points."""
MAX_BOARD_EXTENT: Final = 200
"""A diagram shows at most this many cells from one side of the board to the other (along any
of the three axes); a Palago game of 48 tiles spans at most 48."""


def check_extent(cells: Iterable[Cell]) -> None:
    """Raise a :class:`LimitError` when ``cells`` span more than :data:`MAX_BOARD_EXTENT` cells
    along any axis."""
    qs, rs, ss = [], [], []
    for q, r in cells:
        qs.append(q)
        rs.append(r)
        ss.append(-q - r)
    if not qs:
        return
    spread = max(max(v) - min(v) + 1 for v in (qs, rs, ss))
    if spread > MAX_BOARD_EXTENT:
        raise LimitError(
            f"the board spans {spread} cells; a diagram shows at most {MAX_BOARD_EXTENT} cells "
            "from one side to the other"
        )


def wrap(words: list[str], first: float, width: float, size: float) -> list[str]:
    """The caption's lines (:func:`~palago_tools.drawing.typesetting.wrap` at the bundled fonts'
    widths): the first line has ``first`` points, the others ``width``; at least one line."""
    return wrap_words(words, width, lambda text: text_width(text, size), first) or [""]
