"""The viewer's board: drawn once, then changed frame by frame.

The page holds one ``<svg>`` per record with the empty grid of every cell any frame uses, a layer
for the tiles and layers for each frame's annotations; the tile pictures (one per orientation)
and the last-move and removal marks are drawn once as symbols. A frame is stored as its changes
from its parent frame (tiles added, removed, turned) and, when it has any, its annotations
pre-drawn as SVG markup. Everything is drawn by the diagram model and
:mod:`~palago_tools.render.svg`, in the same page units as ``palago diagram``.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from ..core.hexgrid import Cell, bounding_box, cell_text, centre, neighbours
from ..core.position import Position
from ..core.tiles import ORIENTATIONS, Tile
from ..diagram import (
    Diagram,
    DiagramError,
    Emphasis,
    Ghost,
    Options,
    View,
    compile_diagram,
    tileart,
)
from ..diagram.board import emphasised_cells
from ..drawing.primitives import Drawing, LineTo, MoveTo, Path, Polygon, Primitive, Style
from ..render import to_svg
from ..views.from_records import annotated
from .frames import Frame

_HEAD: Final = re.compile(
    r"\A(?:<\?xml[^>]*\?>\s*)?<svg\b[^>]*>(?:<title>.*?</title>)?(?:<defs />)?", re.S
)


def svg_markup(items: Sequence[Primitive]) -> str:
    """The SVG elements of ``items`` as :func:`~palago_tools.render.to_svg` writes them, without
    the document around them."""
    svg = to_svg(Drawing(1.0, 1.0, tuple(items), None, ""))
    head = _HEAD.match(svg)
    if head is None:  # the renderer always starts with the declaration and <svg …>
        raise DiagramError("the diagram renderer gave no <svg> element")
    return svg[head.end() :].strip().removesuffix("</svg>")


def _n(value: float) -> str:
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


@dataclass(frozen=True)
class BoardLayout:
    """The cells a record's frames use (with one ring around them) and where they lie on the
    page: the same layout as a diagram of those cells without caption or legend."""

    cells: frozenset[Cell]
    options: Options
    origin: tuple[float, float]
    """Page position of cell 0,0's centre."""
    extent: tuple[float, float]
    """Width and height of the page."""

    @property
    def size(self) -> float:
        return self.options.size

    def at(self, cell: Cell) -> tuple[float, float]:
        """The page point of ``cell``'s centre."""
        x, y = centre(cell, self.size)
        return (x + self.origin[0], y + self.origin[1])


def board_of(frames: Iterable[Frame], options: Options) -> BoardLayout:
    """The board of a record's frames, laid out without the options' turn or mirror (the page
    turns the board itself) and without caption or legend."""
    used: set[Cell] = set()
    for frame in frames:
        used |= set(frame.position)
        used |= annotated(Diagram(Position()), frame.annotations).cells()
        used |= {t.cell for t in frame.ghosts}
    if not used:
        used = {(0, 0)}
    shown = frozenset(used | {n for cell in used for n in neighbours(cell)})
    laid = dataclasses.replace(
        options, view=View(shown), rotation=0, mirror=False, legend=False, coordinates=False
    )
    x0, y0, x1, y1 = bounding_box(shown, laid.size)
    pad = laid.padding
    return BoardLayout(shown, laid, (pad - x0, pad - y0), (x1 - x0 + 2 * pad, y1 - y0 + 2 * pad))


def board_svg(board: BoardLayout, label: str, coordinates: bool) -> str:
    """The record's board: the empty grid, the (empty) layers the page fills, and every cell's
    coordinates (shown on demand)."""
    width, height = board.extent
    grid = compile_diagram(Diagram(Position()), dataclasses.replace(board.options, outlines=False))
    texts = "".join(
        f'<text x="{_n(x)}" y="{_n(y - 0.51 * board.size)}">{cell_text(cell)}</text>'
        for cell in sorted(board.cells)
        for x, y in (board.at(cell),)
    )
    ox, oy = board.origin
    coords = " coords" if coordinates else ""
    return (
        f'<svg class="board{coords}" role="img" focusable="false" aria-label="{label}" '
        f'viewBox="0 0 {_n(width)} {_n(height)}" data-s="{_n(board.size)}" data-ox="{_n(ox)}" '
        f'data-oy="{_n(oy)}" data-w="{_n(width)}" data-h="{_n(height)}" '
        f'data-pad="{_n(board.options.padding)}">'
        f'<g class="frame"><g class="spin">'
        f'<g class="grid">{svg_markup(grid.items)}</g><g class="under"></g><g class="tiles"></g>'
        '<g class="over"></g><g class="marks"></g><g class="co" '
        f'font-size="{_n(0.24 * board.size)}">{texts}</g>'
        f"</g></g></svg>"
    )


def symbols(options: Options) -> str:
    """The pictures drawn once for the whole page: a tile of each orientation centred on the
    origin, the last-move ring and the removal mark."""
    s = options.size
    p = options.palette
    out = []
    for orientation in ORIENTATIONS:
        tip = orientation.tip
        items: list[Primitive] = [
            Path(
                tileart.yellow_area((0, 0), tip, s),
                Style(fill=p.yellow, stroke=p.yellow, width=0.02 * s),
            ),
            Path(
                tileart.blue_area((0, 0), tip, s), Style(fill=p.blue, stroke=p.blue, width=0.02 * s)
            ),
            Path(
                tileart.boundaries((0, 0), tip, s),
                Style(stroke=p.boundary, width=options.boundary_width * s),
            ),
        ]
        if options.outlines:
            items.append(
                Polygon(
                    tileart.hexagon((0, 0), s),
                    Style(stroke=p.outline, width=options.outline_width * s),
                )
            )
        out.append(f'<g id="tile-{orientation.value}">{svg_markup(items)}</g>')
    fade = Polygon(
        tileart.hexagon((0, 0), s * 1.02),
        Style(fill=p.background, opacity=Emphasis(frozenset()).fade),
    )
    out.append(f'<g id="tile-fade">{svg_markup([fade])}</g>')
    ring = Polygon(tileart.hexagon((0, 0), s * 0.9), Style(stroke="#ffffff", width=0.16 * s))
    inner = Polygon(tileart.hexagon((0, 0), s * 0.9), Style(stroke=p.last_fill, width=0.09 * s))
    out.append(f'<g id="mark-last">{svg_markup([ring, inner])}</g>')
    gone = Polygon(
        tileart.hexagon((0, 0), s * 0.9),
        Style(stroke=p.mark, width=0.07 * s, dash=(0.18 * s, 0.12 * s)),
    )
    d = 0.22 * s
    cross = Path(
        (
            MoveTo((-d, -d)),
            LineTo((d, d)),
            MoveTo((d, -d)),
            LineTo((-d, d)),
        ),
        Style(stroke=p.mark, width=0.08 * s),
    )
    out.append(f'<g id="mark-removed">{svg_markup([gone, cross])}</g>')
    return (
        '<svg class="symbols" aria-hidden="true" focusable="false" width="0" height="0">'
        f"<defs>{''.join(out)}</defs></svg>"
    )


def changes(before: Position, after: Position, number: int | None) -> str:
    """A frame's changes from its parent: ``+q,rO[n]`` for a tile placed or turned (``n`` the
    number written on it), ``-q,r`` for a tile taken away; separated by spaces."""
    ops = []
    for cell in sorted(before):
        if cell not in after:
            ops.append(f"-{cell_text(cell)}")
    tail = "" if number is None else str(number)
    for cell in sorted(after):
        if before.get(cell) is not after[cell]:
            ops.append(f"+{cell_text(cell)}{after[cell].value}{tail}")
    return " ".join(ops)


@dataclass(frozen=True)
class Layers:
    """A frame's annotations drawn: under the tiles (highlights), over them (the emphasised
    creatures' loops, marks, arrows, labels, ghosts), the highlighted cells (their tiles drawn
    smaller), the emphasised cells (the others faded), and a note when the emphasis failed."""

    under: str = ""
    over: str = ""
    highlighted: tuple[Cell, ...] = ()
    emphasised: frozenset[Cell] = frozenset()
    note: str = ""

    @property
    def empty(self) -> bool:
        return not (self.under or self.over or self.highlighted or self.emphasised)


def drawn_on(
    board: BoardLayout, diagram: Diagram, options: Options, keep: type | None = None
) -> str:
    """``diagram`` drawn in place on ``board``: laid out on its own cells only (fast on a large
    board), then moved to where those cells lie on the board. ``keep`` keeps only the paths
    whose stroke width is the emphasised loops' (the rest of an emphasised position is drawn
    by the page)."""
    cells = diagram.cells() | (set(diagram.emphasis.cells) if diagram.emphasis else set())
    view = View(frozenset(cells or {(0, 0)}))
    drawing = compile_diagram(diagram, dataclasses.replace(options, view=view))
    x0, y0, _x1, _y1 = bounding_box(view.cells or (), options.size)
    dx = board.origin[0] - (options.padding - x0)
    dy = board.origin[1] - (options.padding - y0)
    items = list(drawing.items)
    if keep is not None:
        heavy = 0.13 * options.size
        items = [
            i
            for i in items
            if isinstance(i, keep) and isinstance(i, Path) and i.style.width == heavy
        ]
    if not items:
        return ""
    return f'<g transform="translate({_n(dx)} {_n(dy)})">{svg_markup(items)}</g>'


def layers(board: BoardLayout, frame: Frame) -> Layers:
    """The annotation layers of ``frame`` on ``board``."""
    notes = annotated(Diagram(Position()), frame.annotations)
    options = dataclasses.replace(board.options, grid=False)
    under = ""
    highlighted: list[Cell] = []
    if notes.highlights:
        under = drawn_on(board, Diagram(Position(), highlights=notes.highlights), options)
        highlighted = sorted({c for h in notes.highlights for c in h.cells if c in frame.position})
    over = ""
    emphasised: frozenset[Cell] = frozenset()
    note = ""
    if frame.emphasis:
        emphasis = Emphasis(
            frame.emphasis, colour=notes.emphasis.colour if notes.emphasis else None
        )
        plain = dataclasses.replace(options, outlines=False)
        # a creature's loops lie on its own tiles: look for it among them first (fast on a
        # large board), and on the whole position when they are not one creature
        own = Position(Tile(c, o) for c, o in frame.position.items() if c in frame.emphasis)
        shown = Diagram(own, emphasis=emphasis)
        try:
            emphasised = emphasised_cells(shown, plain)
        except DiagramError:
            emphasised = frozenset()
        try:
            if emphasised != frame.emphasis:
                shown = Diagram(frame.position, emphasis=emphasis)
                emphasised = emphasised_cells(shown, plain)
            over += drawn_on(board, shown, plain, keep=Path)
        except DiagramError as error:
            note = f"Not emphasised: {error}"
    ghosts = notes.ghosts + tuple(Ghost(t) for t in frame.ghosts)
    if notes.marks or notes.arrows or notes.labels or ghosts:
        # labels on tiles get their halo when their tiles are drawn again under them
        labelled = Position(
            Tile(label.cell, frame.position[label.cell])
            for label in notes.labels
            if label.cell in frame.position
        )
        drawn = Diagram(
            labelled, marks=notes.marks, arrows=notes.arrows, labels=notes.labels, ghosts=ghosts
        )
        over += drawn_on(board, drawn, options)
    return Layers(under, over, tuple(highlighted), emphasised, note)
