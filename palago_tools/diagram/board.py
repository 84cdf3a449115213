"""The board of a diagram: grid, tiles, emphasised loops and everything drawn over the tiles.

A :class:`BoardPainter` turns the record's cells into screen cells (by the options' motion),
chooses the cells shown, and paints them in layers: empty cells and highlights, the tiles
(faded outside an emphasis), their outlines, the emphasised creatures' loops, then ghosts,
coordinates, move numbers, marks, labels and arrows.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from ..core.analysis import analyse
from ..core.hexgrid import CLASS_KEEPING, Cell, Motion, cell_text, centre, disc
from ..core.position import Position
from ..core.tiles import Orientation, Tile, curves
from ..drawing.metrics import text_width
from ..drawing.primitives import (
    Anchor,
    Circle,
    Close,
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
from . import tileart
from .annotations import Emphasis, EmptyKind, Label, MoveNumber
from .errors import DiagramError
from .marks import colour_or, draw_arrow, draw_mark, draw_ring
from .model import BASELINE_SHIFT, Diagram, Options, check_extent
from .palette import mix

HIGHLIGHT_INSET = 0.84
"""A highlighted tile is drawn at this scale so that its highlight shows around it."""

LoopCurve = tuple[Cell, int, bool, bool]
"""One curve of an emphasised loop: its cell, the curve's index on the tile, whether it runs
forward, and whether it belongs to an inner loop."""


def emphasis_loops(
    emphasis: Emphasis | None, position: Position, motion: Motion
) -> tuple[frozenset[Cell] | None, list[LoopCurve]]:
    """The cells of the creatures ``emphasis`` shows in ``position`` (already moved by
    ``motion``; ``None`` without emphasis) and their loops' curves, the inner loops told from
    the outer one; :class:`DiagramError` when no creature (of the emphasis' creature colour)
    has a tile on the emphasis' cells."""
    if emphasis is None:
        return None, []
    wanted = {motion.cell(c) for c in emphasis.cells}
    colour = emphasis.creature_colour
    chosen = [
        c
        for c in analyse(position).creatures
        if (not wanted or c.cells & wanted) and (colour is None or c.colour is colour)
    ]
    if not chosen:
        where = (
            " with a tile on " + ", ".join(cell_text(c) for c in sorted(emphasis.cells))
            if wanted
            else ""
        )
        kind = f"{colour.value} creature" if colour is not None else "creature"
        raise DiagramError(f"no {kind}{where} to emphasise in this position")
    cells: set[Cell] = set()
    loops: list[LoopCurve] = []
    for creature in chosen:
        cells.update(creature.cells)
        loops.extend((c, i, f, False) for c, i, f in creature.outer_loop.curves)
        for loop in creature.inner_loops:
            loops.extend((c, i, f, True) for c, i, f in loop.curves)
    return frozenset(cells), loops


def emphasised_cells(diagram: Diagram, options: Options | None = None) -> frozenset[Cell]:
    """The screen cells of the creatures ``diagram.emphasis`` shows (none without emphasis);
    :class:`DiagramError` when no creature has a tile on the emphasis' cells."""
    motion = (options or Options()).motion
    cells, _loops = emphasis_loops(diagram.emphasis, _moved(diagram.position, motion), motion)
    return cells or frozenset()


class BoardPainter:
    """The board of one diagram: the moved position, the cells shown, and their primitives."""

    def __init__(self, diagram: Diagram, options: Options) -> None:
        self.diagram = diagram
        self.options = options
        self.palette = options.palette
        self.s = options.size
        motion = options.motion
        self.motion = motion
        self.inverse = _inverse(motion)
        check_extent(diagram.cells())
        self.position = _moved(diagram.position, motion)
        self.visible = self._visible_cells()
        check_extent(self.visible)
        self.items: list[Primitive] = []
        self.ox = 0.0
        self.oy = 0.0
        self.loop_curves: dict[Cell, set[int]] = {}
        self.size_of: Callable[[Cell], float] = lambda _cell: self.s

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

    # The layers ------------------------------------------------------------------------------
    def primitives(self, ox: float, oy: float) -> list[Primitive]:
        """The board's primitives in drawing order, shifted by ``ox, oy`` on the page."""
        self.ox, self.oy = ox, oy
        self.items = []
        tiles = {c: o for c, o in self.position.items() if c in self.visible}
        highlighted = self._highlighted()
        self._grid(tiles, highlighted)
        emphasised, loops = emphasis_loops(self.diagram.emphasis, self.position, self.motion)

        def size_of(c: Cell) -> float:
            return self.s * HIGHLIGHT_INSET if c in highlighted else self.s

        self._tiles(tiles, emphasised, size_of)
        self.loop_curves = {}
        for cell, index, _forward, _inner in loops:
            self.loop_curves.setdefault(cell, set()).add(index)
        self.size_of = size_of
        if loops:
            self._emphasis_loops(tiles, loops, size_of)
        self._overlays(tiles)
        return self.items

    def _highlighted(self) -> dict[Cell, str]:
        """The shown screen cells that are highlighted, with their colours."""
        highlighted: dict[Cell, str] = {}
        for h in self.diagram.highlights:
            colour = colour_or(h.colour, self.palette.highlight)
            for c in h.cells:
                sc = self.cell(c)
                if sc in self.visible:
                    highlighted[sc] = colour
        return highlighted

    def _grid(self, tiles: Mapping[Cell, Orientation], highlighted: Mapping[Cell, str]) -> None:
        """Holes, the grid of empty cells, the empty cells' markers and the highlights."""
        p = self.palette
        s = self.s
        visible = self.visible
        empty_cells = sorted(c for c in visible if c not in tiles)
        markers = {
            self.cell(e.cell): e.kind for e in self.diagram.empty if self.cell(e.cell) in visible
        }
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

    def _tiles(
        self,
        tiles: Mapping[Cell, Orientation],
        emphasised: frozenset[Cell] | None,
        size_of: Callable[[Cell], float],
    ) -> None:
        """The tiles, those outside an emphasis faded, then their outlines."""
        p = self.palette
        s = self.s
        fade = self.diagram.emphasis.fade if self.diagram.emphasis is not None else 0.0
        normal = sorted(c for c in tiles if emphasised is None or c in emphasised)
        faded = sorted(c for c in tiles if emphasised is not None and c not in emphasised)
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

    def _emphasis_loops(
        self,
        tiles: Mapping[Cell, Orientation],
        loops: list[LoopCurve],
        size_of: Callable[[Cell], float],
    ) -> None:
        """The emphasised creatures' loops, drawn heavy over their tiles."""
        emphasis = self.diagram.emphasis
        stroke = (emphasis.colour if emphasis is not None else None) or self.palette.emphasis
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
            style = Style(
                stroke=stroke, width=0.13 * self.s, cap="butt" if dash else "round", dash=dash
            )
            self.items.append(Path(tuple(heavy), style))

    def _loop_groups(
        self, loops: list[LoopCurve]
    ) -> list[tuple[list[tuple[Cell, int, bool]], tuple[float, ...]]]:
        """The loops' curves as one solid group, or outer solid and inner dashed."""
        if not self.options.dashed_inner_loops:
            return [([(c, i, f) for c, i, f, _inner in loops], ())]
        dash = (0.32 * self.s, 0.2 * self.s)
        outer = [(c, i, f) for c, i, f, inner in loops if not inner]
        inner = [(c, i, f) for c, i, f, is_inner in loops if is_inner]
        return [(outer, ()), (inner, dash)]

    def _overlays(self, tiles: Mapping[Cell, Orientation]) -> None:
        """What is drawn over the tiles: ghosts, coordinates, move numbers, marks, labels and
        arrows."""
        d = self.diagram
        p = self.palette
        s = self.s
        visible = self.visible
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
                    draw_mark(mark.shape, self.at(cell), s, colour_or(mark.colour, p.mark), p.halo)
                )
        ghost_cells = {self.cell(g.tile.cell) for g in d.ghosts}
        for label in d.labels:
            cell = self.cell(label.cell)
            if cell in visible:
                self._label(cell, label, cell in tiles or cell in ghost_cells)
        for arrow in d.arrows:
            a, b = self.cell(arrow.start), self.cell(arrow.end)
            if a in visible and b in visible:
                colour = colour_or(arrow.colour, p.arrow)
                if a == b:
                    self.items.extend(draw_ring(self.at(a), s, colour, p.halo))
                else:
                    self.items.extend(draw_arrow(self.at(a), self.at(b), s, colour, p.halo))

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

    def _coordinates(self, tiles: Mapping[Cell, Orientation]) -> None:
        """Each cell's ``q,r``: under its top corner, or with ``coordinates_centred`` on a
        tile's centre, moved off (and if need be made smaller than) the heavy loops drawn over
        it (``tileart.label_place``)."""
        p = self.palette
        s = self.s
        for cell in sorted(self.visible):
            text = cell_text(self.inverse.cell(cell))
            x, y = self.at(cell)
            size = 0.24 * s
            w = text_width(text, size) + 0.12 * s
            h = 0.34 * s
            cy = y - 0.6 * s
            if self.options.coordinates_centred and cell in tiles:
                (x, cy), scale = tileart.label_place(
                    (x, y),
                    tiles[cell].tip,
                    self.size_of(cell),
                    self.loop_curves.get(cell, ()),
                    w,
                    h,
                )
                size, w, h = size * scale, w * scale, h * scale
            if cell in tiles:
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
                    colour_or(label.colour, p.label),
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
                colour_or(label.colour, p.label),
            )
        )


def _inverse(motion: Motion) -> Motion:
    for m in CLASS_KEEPING:
        if m.cell(motion.cell((1, 0))) == (1, 0) and m.cell(motion.cell((0, 1))) == (0, 1):
            return m
    raise DiagramError(f"motion {motion} has no class-keeping inverse")


def _moved(position: Position, motion: Motion) -> Position:
    return position.moved(motion) if motion != Motion(0) else position


def _hexagon_path(ctr: Point, size: float) -> list[Segment]:
    corners = tileart.hexagon(ctr, size)
    return [MoveTo(corners[0]), *(LineTo(c) for c in corners[1:]), Close()]


def _hexagons(centres: Iterable[Point], size: float) -> tuple[Segment, ...]:
    segments: list[Segment] = []
    for ctr in centres:
        segments.extend(_hexagon_path(ctr, size))
    return tuple(segments)
