"""The diagram model: a position with its annotations, and the options that lay it out.

:func:`compile_diagram` turns a :class:`Diagram` and its :class:`Options` into a
:class:`~palago_tools.diagram.primitives.Drawing`: every tile, mark, arrow and text as a flat
list of primitive shapes in page units, ready for any renderer.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Final

from ..core.analysis import analyse
from ..errors import LimitError, require
from ..core.hexgrid import CLASS_KEEPING, Cell, Motion, bounding_box, cell_text, centre, disc
from ..core.position import Position
from ..core.tiles import Tile, curves
from . import tileart
from .annotations import (
    Arrow,
    Emphasis,
    EmptyKind,
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
from ..drawing.metrics import text_width
from ..drawing.typesetting import bind, words
from ..drawing.typesetting import wrap as wrap_words
from .palette import CLASSIC, Palette, mix, normalise_colour
from ..drawing.primitives import (
    Anchor,
    ArcTo,
    Circle,
    Close,
    Drawing,
    Font,
    LineTo,
    MoveTo,
    Path,
    Point,
    Polygon,
    Primitive,
    Segment,
    Style,
    Text,
)

BASELINE_SHIFT = 0.364
"""Half the cap height of DejaVu Sans in ems: baseline = visual centre + this × size."""

HIGHLIGHT_INSET = 0.84
"""A highlighted tile is drawn at this scale so that its highlight shows around it."""


def motion_for(rotation: int = 0, mirror: bool = False) -> Motion:
    """The class-keeping motion: turn ``rotation`` degrees (a multiple of 120) counter-clockwise,
    then, if ``mirror``, flip left to right (about the axis through the top and bottom corners)."""
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
        if not isinstance(self.size, (int, float)) or not 0 < self.size <= MAX_TILE_SIZE:
            raise LimitError(
                f"the tile size must be a number of points above 0 and at most {MAX_TILE_SIZE:g}, not {self.size}"
            )
        for name in ("padding", "boundary_width", "outline_width", "caption_size", "caption_width"):
            value = getattr(self, name)
            if not isinstance(value, (int, float)) or not 0 <= value <= MAX_LENGTH:
                raise LimitError(f"the {name.replace('_', ' ')} must be a number from 0 to {MAX_LENGTH:g}, not {value}")
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


def compile_diagram(diagram: Diagram, options: Options | None = None) -> Drawing:
    """Lay out ``diagram`` and return its drawing."""
    return _Compiler(diagram, options or Options()).drawing()


def emphasised_cells(diagram: Diagram, options: Options | None = None) -> frozenset[Cell]:
    """The screen cells of the creatures ``diagram.emphasis`` shows (none without emphasis);
    :class:`DiagramError` when no creature has a tile on the emphasis' cells."""
    cells, _loops = _Compiler(diagram, options or Options())._emphasis()
    return cells or frozenset()


def heading(diagram: Diagram, options: Options) -> str:
    """The bold head of the caption: ``"Diagram 3"``, or empty without a number."""
    if diagram.number is None:
        return ""
    return f"{options.number_prefix} {diagram.number}".strip()


def wrap(words: list[str], first: float, width: float, size: float) -> list[str]:
    """The caption's lines (:func:`~palago_tools.drawing.typesetting.wrap` at the bundled fonts'
    widths): the first line has ``first`` points, the others ``width``; at least one line."""
    return wrap_words(words, width, lambda text: text_width(text, size), first) or [""]


class _Compiler:
    """One compilation: the moved position, the page layout and the primitives in order."""

    def __init__(self, diagram: Diagram, options: Options) -> None:
        self.diagram = diagram
        self.options = options
        self.palette = options.palette
        self.s = options.size
        motion = options.motion
        self.motion = motion
        self.inverse = _inverse(motion)
        check_extent(diagram.cells())
        self.position = diagram.position.moved(motion) if motion != Motion(0) else diagram.position
        self.visible = self._visible_cells()
        check_extent(self.visible)
        self.items: list[Primitive] = []
        self.ox = 0.0
        self.oy = 0.0

    # Cells and coordinates -------------------------------------------------------------------
    def cell(self, cell: Cell) -> Cell:
        """Screen cell of a record cell."""
        return self.motion.cell(cell)

    def _visible_cells(self) -> frozenset[Cell]:
        view = self.options.view
        if view.cells is not None:
            return frozenset(self.cell(c) for c in view.cells)
        used = {self.cell(c) for c in self.diagram.cells()} or {(0, 0)}
        if view.margin == 0:
            return frozenset(used)
        return frozenset(n for c in used for n in disc(c, view.margin))

    def at(self, cell: Cell) -> Point:
        """Page point of a screen cell's centre."""
        x, y = centre(cell, self.s)
        return (x + self.ox, y + self.oy)

    # Layout ----------------------------------------------------------------------------------
    def drawing(self) -> Drawing:
        """Lay the page out and collect its primitives."""
        self.items = []
        o = self.options
        pad = o.padding
        x0, y0, x1, y1 = bounding_box(self.visible, self.s)
        board_w, board_h = x1 - x0, y1 - y0

        entries = self.diagram.legend_entries() if o.legend else ()
        legend_size = o.caption_size * 0.9
        icon = o.caption_size * 1.5
        entry_widths = [icon + 4.0 + text_width(e.text, legend_size) for e in entries]

        head = heading(self.diagram, o)
        caption = self.diagram.caption.strip()
        head_text = f"{head}." if head and caption else head
        head_w = text_width(head_text, o.caption_size, Font.BOLD) if head_text else 0.0
        space = text_width(" ", o.caption_size)
        natural = (
            head_w + (space if head_text and caption else 0.0) + text_width(caption, o.caption_size)
        )

        width = max(board_w, min(natural, o.caption_width), max(entry_widths, default=0.0))
        page_w = width + 2 * pad
        self.ox = pad + (width - board_w) / 2 - x0
        self.oy = pad - y0

        self._board()
        y = pad + board_h
        if entries:
            y = self._legend(entries, entry_widths, y + 0.8 * pad, page_w, width, icon, legend_size)
        if head_text or caption:
            y = self._caption(head_text, head_w, caption, y + 0.8 * pad, page_w, width)
        title = " ".join(part for part in (head_text, caption) if part) or "Palago diagram"
        return Drawing(page_w, y + pad, tuple(self.items), self.palette.background, title)

    def _legend(
        self,
        entries: tuple[LegendEntry, ...],
        widths: list[float],
        top: float,
        page_w: float,
        width: float,
        icon: float,
        size: float,
    ) -> float:
        gap = 1.2 * size
        rows: list[list[int]] = [[]]
        used = 0.0
        for i, w in enumerate(widths):
            if rows[-1] and used + gap + w > width:
                rows.append([])
                used = 0.0
            used += (gap if rows[-1] else 0.0) + w
            rows[-1].append(i)
        line = icon * 1.15
        for row_index, row in enumerate(rows):
            row_w = sum(widths[i] for i in row) + gap * (len(row) - 1)
            x = (page_w - row_w) / 2
            cy = top + line * row_index + line / 2
            for i in row:
                entry = entries[i]
                colour = _colour(entry.colour, self.palette.mark)
                self.items.extend(
                    _mark(entry.shape, (x + icon / 2, cy), icon, colour, self.palette.halo)
                )
                self.items.append(
                    Text(
                        (x + icon + 4.0, cy + BASELINE_SHIFT * size),
                        entry.text,
                        size,
                        Font.REGULAR,
                        Anchor.START,
                        self.palette.text,
                    )
                )
                x += widths[i] + gap
        return top + line * len(rows)

    def _caption(
        self, head: str, head_w: float, caption: str, top: float, page_w: float, width: float
    ) -> float:
        size = self.options.caption_size
        space = text_width(" ", size)
        first_room = width - (head_w + space if head else 0.0)
        lines = wrap(words(bind(caption)), first_room, width, size) if caption else [""]
        leading = 1.3 * size
        baseline = top + 0.93 * size
        for index, line in enumerate(lines):
            line_w = text_width(line, size)
            if index == 0 and head:
                total = head_w + (space + line_w if line else 0.0)
                x = (page_w - total) / 2
                self.items.append(
                    Text((x, baseline), head, size, Font.BOLD, Anchor.START, self.palette.text)
                )
                if line:
                    self.items.append(
                        Text(
                            (x + head_w + space, baseline),
                            line,
                            size,
                            Font.REGULAR,
                            Anchor.START,
                            self.palette.text,
                        )
                    )
            else:
                self.items.append(
                    Text(
                        (page_w / 2, baseline),
                        line,
                        size,
                        Font.REGULAR,
                        Anchor.MIDDLE,
                        self.palette.text,
                    )
                )
            baseline += leading
        return top + leading * len(lines)

    # The board -------------------------------------------------------------------------------
    def _board(self) -> None:
        d = self.diagram
        p = self.palette
        s = self.s
        visible = self.visible
        tiles = {c: o for c, o in self.position.items() if c in visible}
        highlighted: dict[Cell, str] = {}
        for h in d.highlights:
            colour = _colour(h.colour, p.highlight)
            for c in h.cells:
                sc = self.cell(c)
                if sc in visible:
                    highlighted[sc] = colour

        empty_cells = sorted(c for c in visible if c not in tiles)
        markers = {self.cell(e.cell): e.kind for e in d.empty if self.cell(e.cell) in visible}
        holes = [c for c in empty_cells if markers.get(c) is EmptyKind.HOLE]
        if holes:
            self.items.append(Path(_hexagons((self.at(c) for c in holes), s), Style(fill=p.hole)))
        if self.options.grid and empty_cells:
            self.items.append(
                Path(
                    _hexagons((self.at(c) for c in empty_cells), s),
                    Style(stroke=p.grid, width=0.03 * s, join="round"),
                )
            )
        for cell, kind in sorted(markers.items()):
            if cell in tiles:
                continue
            if kind is EmptyKind.LEGAL:
                self.items.append(Circle(self.at(cell), 0.1 * s, Style(fill=p.empty_marker)))
            else:
                self.items.append(
                    Circle(self.at(cell), 0.2 * s, Style(stroke=p.empty_marker, width=0.05 * s))
                )
        for cell, colour in sorted(highlighted.items()):
            self.items.append(Polygon(tileart.hexagon(self.at(cell), s), Style(fill=colour)))

        emphasised, loops = self._emphasis()
        fade = d.emphasis.fade if d.emphasis is not None else 0.0
        normal = sorted(c for c in tiles if emphasised is None or c in emphasised)
        faded = sorted(c for c in tiles if emphasised is not None and c not in emphasised)

        def size_of(c: Cell) -> float:
            return s * HIGHLIGHT_INSET if c in highlighted else s

        for group, amount in ((normal, 0.0), (faded, fade)):
            if not group:
                continue
            yellow = mix(p.yellow, p.background, amount)
            blue = mix(p.blue, p.background, amount)
            line = mix(p.boundary, p.background, amount)
            seam = 0.02 * s
            y_segments: list[Segment] = []
            b_segments: list[Segment] = []
            lines: list[Segment] = []
            for c in group:
                ctr = self.at(c)
                tip = tiles[c].tip
                size = size_of(c)
                y_segments.extend(tileart.yellow_area(ctr, tip, size))
                b_segments.extend(tileart.blue_area(ctr, tip, size))
                lines.extend(tileart.boundaries(ctr, tip, size))
            self.items.append(
                Path(tuple(y_segments), Style(fill=yellow, stroke=yellow, width=seam))
            )
            self.items.append(Path(tuple(b_segments), Style(fill=blue, stroke=blue, width=seam)))
            self.items.append(
                Path(
                    tuple(lines),
                    Style(stroke=line, width=self.options.boundary_width * s, cap="round"),
                )
            )
        if self.options.outlines and tiles:
            outline: list[Segment] = []
            for c in sorted(tiles):
                outline.extend(_hexagon_path(self.at(c), size_of(c)))
            self.items.append(
                Path(
                    tuple(outline),
                    Style(stroke=p.outline, width=self.options.outline_width * s, join="round"),
                )
            )
        if loops:
            stroke = (d.emphasis.colour if d.emphasis is not None else None) or p.emphasis
            for group_loops, dash in self._loop_groups(loops):
                heavy: list[Segment] = []
                for cell, index, forward in group_loops:
                    curve = curves(tiles[cell].tip)[index] if cell in tiles else None
                    if curve is None:
                        continue
                    start, end = (curve.start, curve.end) if forward else (curve.end, curve.start)
                    ctr = self.at(cell)
                    size = size_of(cell)
                    heavy.append(MoveTo(tileart.mid(ctr, start, size)))
                    heavy.append(tileart.curve_segment(ctr, start, end, curve.arc_corner, size))
                style = Style(stroke=stroke, width=0.13 * s, cap="butt" if dash else "round", dash=dash)
                self.items.append(Path(tuple(heavy), style))

        for ghost in d.ghosts:
            tile, _swapped = ghost.tile.moved(self.motion)
            if tile.cell in visible:
                self._ghost(tile)
        if self.options.coordinates:
            self._coordinates(tiles)
        for number in d.numbers:
            cell = self.cell(number.cell)
            if cell in visible:
                self._move_number(cell, number)
        for mark in d.marks:
            cell = self.cell(mark.cell)
            if cell in visible:
                self.items.extend(
                    _mark(mark.shape, self.at(cell), s, _colour(mark.colour, p.mark), p.halo)
                )
        ghost_cells = {self.cell(g.tile.cell) for g in d.ghosts}
        for label in d.labels:
            cell = self.cell(label.cell)
            if cell in visible:
                self._label(cell, label, cell in tiles or cell in ghost_cells)
        for arrow in d.arrows:
            a, b = self.cell(arrow.start), self.cell(arrow.end)
            if a in visible and b in visible:
                colour = _colour(arrow.colour, p.arrow)
                if a == b:
                    self.items.extend(_ring(self.at(a), s, colour, p.halo))
                else:
                    self.items.extend(_arrow(self.at(a), self.at(b), s, colour, p.halo))

    def _loop_groups(
        self, loops: list[tuple[Cell, int, bool, bool]]
    ) -> list[tuple[list[tuple[Cell, int, bool]], tuple[float, ...]]]:
        """The loops' curves as one solid group, or outer solid and inner dashed."""
        if not self.options.dashed_inner_loops:
            return [([(c, i, f) for c, i, f, _inner in loops], ())]
        dash = (0.32 * self.s, 0.2 * self.s)
        outer = [(c, i, f) for c, i, f, inner in loops if not inner]
        inner = [(c, i, f) for c, i, f, is_inner in loops if is_inner]
        return [(outer, ()), (inner, dash)]

    def _emphasis(self) -> tuple[frozenset[Cell] | None, list[tuple[Cell, int, bool, bool]]]:
        """Cells of the emphasised creatures (``None`` without emphasis) and their loops' curves,
        each with whether it belongs to an inner loop."""
        emphasis = self.diagram.emphasis
        if emphasis is None:
            return None, []
        wanted = {self.cell(c) for c in emphasis.cells}
        chosen = [c for c in analyse(self.position).creatures if not wanted or c.cells & wanted]
        if not chosen:
            where = (
                " with a tile on " + ", ".join(cell_text(c) for c in sorted(emphasis.cells))
                if wanted
                else ""
            )
            raise DiagramError(f"no creature{where} to emphasise in this position")
        cells: set[Cell] = set()
        loops: list[tuple[Cell, int, bool, bool]] = []
        for creature in chosen:
            cells.update(creature.cells)
            loops.extend((c, i, f, False) for c, i, f in creature.outer_loop.curves)
            for loop in creature.inner_loops:
                loops.extend((c, i, f, True) for c, i, f in loop.curves)
        return frozenset(cells), loops

    def _ghost(self, tile: Tile) -> None:
        p = self.palette
        s = self.s
        ctr = self.at(tile.cell)
        alpha = 0.5
        self.items.append(
            Path(tileart.yellow_area(ctr, tile.tip, s), Style(fill=p.yellow, opacity=alpha))
        )
        self.items.append(
            Path(tileart.blue_area(ctr, tile.tip, s), Style(fill=p.blue, opacity=alpha))
        )
        self.items.append(
            Path(
                tileart.boundaries(ctr, tile.tip, s),
                Style(stroke=p.boundary, width=self.options.boundary_width * s, opacity=alpha),
            )
        )
        self.items.append(
            Polygon(
                tileart.hexagon(ctr, s * 0.97),
                Style(
                    stroke=p.ghost_outline, width=0.045 * s, dash=(0.16 * s, 0.1 * s), join="round"
                ),
            )
        )

    def _coordinates(self, tiles: Mapping[Cell, object]) -> None:
        p = self.palette
        s = self.s
        size = 0.24 * s
        for cell in sorted(self.visible):
            text = cell_text(self.inverse.cell(cell))
            x, y = self.at(cell)
            cy = y if self.options.coordinates_centred and cell in tiles else y - 0.6 * s
            if cell in tiles:
                w = text_width(text, size) + 0.12 * s
                h = 0.34 * s
                self.items.append(
                    Polygon(
                        (
                            (x - w / 2, cy - h / 2),
                            (x + w / 2, cy - h / 2),
                            (x + w / 2, cy + h / 2),
                            (x - w / 2, cy + h / 2),
                        ),
                        Style(fill=p.halo, opacity=0.75),
                    )
                )
            self.items.append(
                Text(
                    (x, cy + BASELINE_SHIFT * size),
                    text,
                    size,
                    Font.REGULAR,
                    Anchor.MIDDLE,
                    p.coordinates,
                )
            )

    def _move_number(self, cell: Cell, number: MoveNumber) -> None:
        p = self.palette
        s = self.s
        x, y = self.at(cell)
        text = str(number.number)
        fill, ink = (p.last_fill, p.last_text) if number.last else (p.number_fill, p.number_text)
        self.items.append(
            Circle(
                (x, y),
                0.28 * s,
                Style(fill=fill, stroke=p.number_text if not number.last else fill, width=0.03 * s),
            )
        )
        size = 0.3 * s if len(text) < 3 else 0.22 * s
        self.items.append(
            Text((x, y + BASELINE_SHIFT * size), text, size, Font.BOLD, Anchor.MIDDLE, ink)
        )

    def _label(self, cell: Cell, label: Label, on_tile: bool) -> None:
        p = self.palette
        s = self.s
        x, y = self.at(cell)
        if label.corner is not None:
            cx, cy = tileart.corner((x, y), self.motion.corner(label.corner), s)
            at = (x + (cx - x) * label.reach, y + (cy - y) * label.reach)
            size = 0.22 * s
            self.items.append(
                Circle(at, 0.16 * s, Style(fill=p.halo, stroke=p.label, width=0.02 * s))
            )
            self.items.append(
                Text(
                    (at[0], at[1] + BASELINE_SHIFT * size),
                    label.text,
                    size,
                    Font.BOLD,
                    Anchor.MIDDLE,
                    _colour(label.colour, p.label),
                )
            )
            return
        if on_tile:
            self.items.append(Circle((x, y), 0.34 * s, Style(fill=p.halo, opacity=0.85)))
        size = 0.5 * s if len(label.text) < 3 else 0.3 * s
        self.items.append(
            Text(
                (x, y + BASELINE_SHIFT * size),
                label.text,
                size,
                Font.BOLD,
                Anchor.MIDDLE,
                _colour(label.colour, p.label),
            )
        )


def _inverse(motion: Motion) -> Motion:
    for m in CLASS_KEEPING:
        if m.cell(motion.cell((1, 0))) == (1, 0) and m.cell(motion.cell((0, 1))) == (0, 1):
            return m
    raise DiagramError(f"motion {motion} has no class-keeping inverse")


def _colour(value: str | None, default: str) -> str:
    return default if value is None else normalise_colour(value)


def _hexagon_path(ctr: Point, size: float) -> list[Segment]:
    corners = tileart.hexagon(ctr, size)
    return [MoveTo(corners[0]), *(LineTo(c) for c in corners[1:]), Close()]


def _hexagons(centres: Iterable[Point], size: float) -> tuple[Segment, ...]:
    segments: list[Segment] = []
    for ctr in centres:
        segments.extend(_hexagon_path(ctr, size))
    return tuple(segments)


def _regular(ctr: Point, radius: float, sides: int, angle: float) -> tuple[Point, ...]:
    """Corners of a regular polygon (page angles, degrees) around ``ctr``."""
    return tuple(
        (
            ctr[0] + radius * math.cos(math.radians(angle + 360.0 * i / sides)),
            ctr[1] + radius * math.sin(math.radians(angle + 360.0 * i / sides)),
        )
        for i in range(sides)
    )


def _mark(shape: MarkShape, ctr: Point, s: float, colour: str, halo: str) -> list[Primitive]:
    """A mark drawn over a cell of circumradius ``s``: a white halo, then the shape."""
    w = 0.085 * s
    under = Style(stroke=halo, width=w + 0.08 * s, join="round")
    over = Style(stroke=colour, width=w, join="round")
    x, y = ctr
    if shape is MarkShape.CIRCLE:
        return [Circle(ctr, 0.36 * s, under), Circle(ctr, 0.36 * s, over)]
    if shape is MarkShape.TRIANGLE:
        points = _regular((x, y + 0.04 * s), 0.44 * s, 3, -90.0)
        return [Polygon(points, under), Polygon(points, over)]
    if shape is MarkShape.SQUARE:
        points = _regular(ctr, 0.4 * s, 4, 45.0)
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


def _arrow(a: Point, b: Point, s: float, colour: str, halo: str) -> list[Primitive]:
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


def _ring(ctr: Point, s: float, colour: str, halo: str) -> list[Primitive]:
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
