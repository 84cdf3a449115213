"""Palalaboratory portrait cards and their print layouts, as vector PDF and PNG.

A card front shows the creature of a catalog record as a silhouette in its colour with its inner
shapes (the tiles drawn by :mod:`palago_tools.diagram` with the creature emphasised, the other
colour blended into the card's background), its name, its card number, the tile count in a red
circle and, from card 2 on, the number of tiles to move from the previous card in a green circle
(:func:`palago_tools.puzzles.transform_distance`). Every card has the same back.

Each card is first built as a :class:`~palago_tools.diagram.primitives.Drawing`; the layouts
place those primitives on pages (translated and scaled) and draw them with the painter of
:mod:`palago_tools.render.pdf`, so a PNG (:func:`card_png`, through SVG) shows the same card as
the PDFs. Coordinates are page points, origin at the top left, y down, as in the drawing model.

Layouts:

- :func:`home_sheets`: A4 or Letter, up to 3×3 cards per sheet at trim size, crop marks in the
  margins, each fronts page followed by its backs page mirrored left↔right for duplex printing
  (flip on the long edge), after a two-page registration test;
- :func:`print_shop_pdf`: one card per page at full bleed with ``/TrimBox`` and ``/BleedBox``,
  the fronts and then the back.
"""

from __future__ import annotations

import io
import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Final

from reportlab.pdfgen.canvas import Canvas

from ..analysis import analyse
from ..diagram import Diagram, Emphasis, Options, Palette, View, compile_diagram, tileart
from ..diagram.metrics import text_width
from ..diagram.palette import CLASSIC, PALETTES, mix
from ..diagram.primitives import (
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
    Polyline,
    Primitive,
    Segment,
    Style,
    Text,
)
from ..errors import OutputError
from ..hexgrid import Cell, bounding_box, centre, corner_class, disc
from ..notation.records import CreatureCard
from ..position import Position
from ..puzzles import transform_distance
from ..regions import Line
from ..render.pdf import PdfPainter, register_fonts
from ..render.png import to_png
from ..tiles import Colour, Orientation, Tile, curves
from .sheet import LANGUAGES, PAPERS, Lang, Paper

MM: Final = 72.0 / 25.4
"""Points per millimetre."""

BLEED_MM: Final = 3.0
SAFE_MM: Final = 4.0

RED: Final = "#d7191c"
GREEN: Final = "#2b8a3e"
WHITE: Final = "#ffffff"
INK: Final = "#111111"
MARK: Final = "#000000"

BACK_TITLE: Final = "Palalaboratory"

_CONTROL: Final = re.compile("[\x00-\x1f\x7f]")


# --- Card sizes ------------------------------------------------------------------------------


@dataclass(frozen=True)
class CardSize:
    """A card's trim size in millimetres, its bleed and its safe zone (inside the trim)."""

    name: str
    width_mm: float
    height_mm: float
    bleed_mm: float = BLEED_MM
    safe_mm: float = SAFE_MM

    def __post_init__(self) -> None:
        if not (30.0 <= self.width_mm <= 200.0 and 30.0 <= self.height_mm <= 280.0):
            raise OutputError(
                f"a card of {self.width_mm:g}×{self.height_mm:g} mm is out of range "
                "(30..200 mm wide, 30..280 mm high)"
            )
        if self.bleed_mm < 0 or self.safe_mm < 0:
            raise OutputError("the bleed and the safe zone cannot be negative")
        if 2 * self.safe_mm >= min(self.width_mm, self.height_mm) / 2:
            raise OutputError(f"a safe zone of {self.safe_mm:g} mm leaves no room on the card")

    @property
    def width(self) -> float:
        """Trim width in points."""
        return self.width_mm * MM

    @property
    def height(self) -> float:
        """Trim height in points."""
        return self.height_mm * MM

    @property
    def bleed(self) -> float:
        """Bleed in points."""
        return self.bleed_mm * MM

    @property
    def safe(self) -> float:
        """Safe-zone inset from the trim, in points."""
        return self.safe_mm * MM


CARD_SIZES: Final[dict[str, CardSize]] = {
    "poker": CardSize("poker", 63.0, 88.0),
    "bridge": CardSize("bridge", 57.0, 89.0),
    "tarot": CardSize("tarot", 70.0, 120.0),
}
"""The preset card sizes; ``poker`` is the default."""

_CUSTOM: Final = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*[x×*]\s*(\d+(?:\.\d+)?)\s*(?:mm)?\s*$")

SizeSpec = CardSize | str | tuple[float, float]


def card_size(spec: SizeSpec = "poker") -> CardSize:
    """A card size from a preset name (``poker``, ``bridge``, ``tarot``), a custom ``"WxH"``
    in millimetres (``"60x90"``), a ``(width, height)`` pair in millimetres, or a
    :class:`CardSize`."""
    if isinstance(spec, CardSize):
        return spec
    if isinstance(spec, tuple):
        width, height = spec
        return CardSize("custom", float(width), float(height))
    key = spec.strip().lower()
    if key in CARD_SIZES:
        return CARD_SIZES[key]
    match = _CUSTOM.match(key)
    if match:
        return CardSize("custom", float(match.group(1)), float(match.group(2)))
    raise OutputError(
        f"unknown card size {spec!r}: use {', '.join(CARD_SIZES)} or WIDTHxHEIGHT in mm"
    )


def _palette(value: Palette | str) -> Palette:
    if isinstance(value, Palette):
        return value
    try:
        return PALETTES[value]
    except KeyError:
        raise OutputError(
            f"unknown palette {value!r}: the palettes are {', '.join(PALETTES)}"
        ) from None


def _lang(lang: str) -> str:
    code = lang.upper()
    if code not in LANGUAGES:
        raise OutputError(f"unknown language {lang!r}: the languages are {', '.join(LANGUAGES)}")
    return code


# --- Primitive placement ---------------------------------------------------------------------


def _pt(p: Point, dx: float, dy: float, k: float) -> Point:
    return (p[0] * k + dx, p[1] * k + dy)


def _style(style: Style, k: float) -> Style:
    if k == 1.0:
        return style
    return replace(style, width=style.width * k, dash=tuple(d * k for d in style.dash))


def _segment(seg: Segment, dx: float, dy: float, k: float) -> Segment:
    if isinstance(seg, MoveTo):
        return MoveTo(_pt(seg.point, dx, dy, k))
    if isinstance(seg, LineTo):
        return LineTo(_pt(seg.point, dx, dy, k))
    if isinstance(seg, ArcTo):
        return ArcTo(_pt(seg.centre, dx, dy, k), seg.radius * k, seg.start, seg.sweep)
    return Close()


def place(items: Sequence[Primitive], dx: float, dy: float, k: float = 1.0) -> list[Primitive]:
    """``items`` scaled by ``k`` about the origin, then moved by (``dx``, ``dy``)."""
    out: list[Primitive] = []
    for item in items:
        if isinstance(item, Path):
            segments = tuple(_segment(s, dx, dy, k) for s in item.segments)
            out.append(Path(segments, _style(item.style, k)))
        elif isinstance(item, Polygon):
            points = tuple(_pt(p, dx, dy, k) for p in item.points)
            out.append(Polygon(points, _style(item.style, k)))
        elif isinstance(item, Polyline):
            points = tuple(_pt(p, dx, dy, k) for p in item.points)
            out.append(Polyline(points, _style(item.style, k)))
        elif isinstance(item, Circle):
            out.append(Circle(_pt(item.centre, dx, dy, k), item.radius * k, _style(item.style, k)))
        else:
            out.append(replace(item, position=_pt(item.position, dx, dy, k), size=item.size * k))
    return out


def _rect(x: float, y: float, w: float, h: float, style: Style) -> Polygon:
    return Polygon(((x, y), (x + w, y), (x + w, y + h), (x, y + h)), style)


def _fit_text(text: str, size: float, width: float, font: Font = Font.BOLD) -> float:
    """``size``, made smaller if needed so that ``text`` fits in ``width``."""
    natural = text_width(text, size, font)
    return size if natural <= width else size * width / natural


# --- Card front ------------------------------------------------------------------------------


def creature_colour(card: CreatureCard) -> Colour:
    """The colour of the card's creature: its ``Colour`` tag, else that of its analysed
    creature (yellow when the tiles hold none)."""
    if card.colour is not None:
        return card.colour
    creatures = analyse(card.position()).creatures
    return creatures[0].colour if creatures else Colour.YELLOW


def moves_from(previous: CreatureCard | None, card: CreatureCard) -> int | None:
    """The green-circle number: tiles to move to turn ``previous`` into ``card`` (``None``
    without a previous card)."""
    if previous is None:
        return None
    return transform_distance(previous.tiles, card.tiles).moves


def _tint(base: Palette, colour: Colour) -> str:
    """The card's background: a pale tint of the colour that is not the creature's."""
    other = "blue" if colour is Colour.YELLOW else "yellow"
    return mix(getattr(base, other), WHITE, 0.78)


def _loop_path(tiles: dict[Cell, int], loop: Line, at: Callable[[Cell], Point], s: float) -> Path:
    """A loop of boundary curves as one closed subpath (to be filled)."""
    segments: list[Segment] = []
    for cell, index, forward in loop.curves:
        curve = curves(tiles[cell])[index]
        start, end = (curve.start, curve.end) if forward else (curve.end, curve.start)
        ctr = at(cell)
        if not segments:
            segments.append(MoveTo(tileart.mid(ctr, start, s)))
        segments.append(tileart.curve_segment(ctr, start, end, curve.arc_corner, s))
    segments.append(Close())
    return Path(tuple(segments), Style())


def _creature_items(card: CreatureCard, base: Palette, colour: Colour, tint: str) -> Drawing:
    """The creature as a silhouette: the heavy outer and inner loops the diagram model draws
    for an emphasised creature (its last primitive) and, under them, the inside of every loop
    (largest first) filled with the colour of the area it encloses: the body in the
    creature's colour, its inner shapes in the card's tint. The tiles' own colour areas are
    left out, so nothing but the creature shows."""
    s = 24.0
    hidden = base.with_colours(yellow=tint, blue=tint, boundary=tint, background=tint)
    diagram = Diagram(card.position(), emphasis=Emphasis())
    options = Options(
        size=s,
        palette=hidden,
        view=View(margin=0),
        grid=False,
        legend=False,
        outlines=False,
        coordinates=False,
        padding=0.0,
    )
    drawing = compile_diagram(diagram, options)
    loops_art = drawing.items[-1]
    tiles = {c: o.tip for c, o in card.position().items()}
    x0, y0, _x1, _y1 = bounding_box(set(tiles), s)

    def at(cell: Cell) -> Point:
        x, y = centre(cell, s)
        return (x - x0, y - y0)

    body: str = getattr(base, colour.value)
    fills: list[Primitive] = []
    for creature in analyse(card.position()).creatures:
        loops = sorted((creature.outer_loop, *creature.inner_loops), key=lambda lp: -abs(lp.area2))
        for loop in loops:
            inside = Colour.of_class(corner_class(loop.inside[2]))
            path = _loop_path(tiles, loop, at, s)
            fill = body if inside is colour else tint
            fills.append(Path(path.segments, Style(fill=fill, stroke=fill, width=0.02 * s)))
    items = (*fills, loops_art)
    return Drawing(drawing.width, drawing.height, items, None, drawing.title)


def _extent(paths: Sequence[Primitive]) -> tuple[float, float, float, float]:
    """Bounding box (x0, y0, x1, y1) of the lines and arcs of ``paths``."""
    xs: list[float] = []
    ys: list[float] = []
    for item in paths:
        if not isinstance(item, Path):
            continue
        for seg in item.segments:
            if isinstance(seg, (MoveTo, LineTo)):
                xs.append(seg.point[0])
                ys.append(seg.point[1])
            elif isinstance(seg, ArcTo):
                for step in range(17):
                    a = math.radians(seg.start + seg.sweep * step / 16)
                    xs.append(seg.centre[0] + seg.radius * math.cos(a))
                    ys.append(seg.centre[1] + seg.radius * math.sin(a))
    if not xs:
        return (0.0, 0.0, 0.0, 0.0)
    return (min(xs), min(ys), max(xs), max(ys))


def _badge(centre: Point, radius: float, colour: str, value: int) -> list[Primitive]:
    text = str(value)
    size = _fit_text(text, radius * 1.05, radius * 1.5)
    return [
        # The white ring stays inside ``radius``.
        Circle(centre, radius * 0.93, Style(fill=colour, stroke=WHITE, width=radius * 0.14)),
        Text((centre[0], centre[1] + size * 0.36), text, size, Font.BOLD, Anchor.MIDDLE, WHITE),
    ]


def card_front(
    card: CreatureCard,
    previous: CreatureCard | None = None,
    lang: Lang | str = "EN",
    size: SizeSpec = "poker",
    palette: Palette | str = CLASSIC,
    bleed: bool = True,
) -> Drawing:
    """The front of ``card`` as a drawing: trim size plus the bleed on every side when
    ``bleed``, else the trim size. ``previous`` is card n−1 (none for the first card)."""
    spec = card_size(size)
    code = _lang(lang)
    name = card.name(code) or card.name("EN") or f"#{card.card}"
    number = card.card
    moves = moves_from(previous, card)
    colour = creature_colour(card)
    base = _palette(palette)
    tint = _tint(base, colour)

    w, h, m = spec.width, spec.height, spec.safe
    b = spec.bleed if bleed else 0.0
    u = min(w / CARD_SIZES["poker"].width, h / CARD_SIZES["poker"].height)
    items: list[Primitive] = [_rect(0, 0, w + 2 * b, h + 2 * b, Style(fill=tint))]

    top = b + m
    left, right = b + m, b + w - m
    radius = 11.0 * u
    gap = 3.0 * u
    # Card number, top left.
    if number is not None:
        label = str(number)
        nsize = 17.0 * u
        items.append(
            Text((left, top + radius + nsize * 0.36), label, nsize, Font.BOLD, Anchor.START, INK)
        )
    # Tile count (red) at the top right; tiles to move (green) to its left.
    red_centre = (right - radius, top + radius)
    items.extend(_badge(red_centre, radius, RED, len(card.tiles)))
    if moves is not None:
        items.extend(
            _badge((red_centre[0] - 2 * radius - gap, red_centre[1]), radius, GREEN, moves)
        )

    # Name, bottom centre.
    name_size = _fit_text(name, 13.0 * u, right - left)
    baseline = b + h - m - 0.25 * name_size
    items.append(Text((b + w / 2, baseline), name, name_size, Font.BOLD, Anchor.MIDDLE, INK))

    # The creature, fitted into the rest of the safe zone.
    art = _creature_items(card, base, colour, tint)
    box_top = top + 2 * radius + 2 * gap
    box_bottom = baseline - name_size - 2 * gap
    box_w, box_h = right - left, box_bottom - box_top
    # The heavy loops stick out of the compiled drawing by half their width.
    over = 0.13 * 24.0 / 2
    x0, y0, x1, y1 = _extent(art.items[-1:])
    art_w, art_h = x1 - x0 + 2 * over, y1 - y0 + 2 * over
    k = min(box_w / art_w, box_h / art_h, 2.0)
    dx = left + (box_w - art_w * k) / 2 - (x0 - over) * k
    dy = box_top + (box_h - art_h * k) / 2 - (y0 - over) * k
    items.extend(place(art.items, dx, dy, k))
    return Drawing(w + 2 * b, h + 2 * b, tuple(items), None, f"{name} — card {number}")


# --- Card back -------------------------------------------------------------------------------

BACK_PATTERN: Final = Position(
    tuple(
        Tile(cell, (Orientation.R, Orientation.L, Orientation.D)[(cell[0] - cell[1]) % 3])
        for cell in disc((0, 0), 2)
    )
)
"""The tiles on the back: a hexagon of 19 tiles whose orientations repeat every third column."""


def card_back(
    size: SizeSpec = "poker", palette: Palette | str = CLASSIC, bleed: bool = True
) -> Drawing:
    """The back shared by every card: a hexagon of tiles and the game's name on a dark ground."""
    spec = card_size(size)
    base = _palette(palette)
    w, h, m = spec.width, spec.height, spec.safe
    b = spec.bleed if bleed else 0.0
    u = min(w / CARD_SIZES["poker"].width, h / CARD_SIZES["poker"].height)
    ground = mix(base.blue, "#000000", 0.45)
    items: list[Primitive] = [_rect(0, 0, w + 2 * b, h + 2 * b, Style(fill=ground))]

    title_size = _fit_text(BACK_TITLE, 15.0 * u, w - 2 * m)
    art = compile_diagram(
        Diagram(BACK_PATTERN),
        Options(
            size=24.0, palette=base, view=View(margin=0), grid=False, legend=False, padding=0.0
        ),
    )
    box_w = w - 2 * m - 8.0 * u
    box_h = h - 2 * m - 2 * (title_size * 2.2)
    k = min(box_w / art.width, box_h / art.height)
    cx, cy = b + w / 2, b + h / 2
    items.extend(place(art.items, cx - art.width * k / 2, cy - art.height * k / 2, k))
    light = mix(base.yellow, WHITE, 0.3)
    y_text = cy + art.height * k / 2 + title_size * 1.7
    items.append(Text((cx, y_text), BACK_TITLE, title_size, Font.BOLD, Anchor.MIDDLE, light))
    items.append(
        Text(
            (cx, cy - art.height * k / 2 - title_size * 0.9),
            "Palago",
            title_size * 0.75,
            Font.REGULAR,
            Anchor.MIDDLE,
            light,
        )
    )
    return Drawing(w + 2 * b, h + 2 * b, tuple(items), None, BACK_TITLE)


def card_png(
    card: CreatureCard,
    previous: CreatureCard | None = None,
    lang: Lang | str = "EN",
    size: SizeSpec = "poker",
    palette: Palette | str = CLASSIC,
    scale: float = 4.0,
) -> bytes:
    """One card front at trim size as PNG, ``scale`` pixels per point (4 ≈ 288 dpi)."""
    return to_png(card_front(card, previous, lang, size, palette, bleed=False), scale)


def card_back_png(
    size: SizeSpec = "poker", palette: Palette | str = CLASSIC, scale: float = 4.0
) -> bytes:
    """The card back at trim size as PNG."""
    return to_png(card_back(size, palette, bleed=False), scale)


# --- PDF output ------------------------------------------------------------------------------


def _canvas(title: str) -> tuple[io.BytesIO, Canvas, PdfPainter]:
    register_fonts()
    buffer = io.BytesIO()
    canvas = Canvas(
        buffer,
        invariant=1,
        pageCompression=1,
        initialFontName=Font.REGULAR.value,
        initialFontSize=10,
    )
    canvas.setTitle(_CONTROL.sub("", title))
    canvas.setCreator("palago-tools")
    canvas.setViewerPreference("PrintScaling", "None")
    return buffer, canvas, PdfPainter(canvas)


def _chain(cards: Sequence[CreatureCard]) -> list[tuple[CreatureCard, CreatureCard | None]]:
    """Each card with the card before it in the numbering (``None`` for the first)."""
    if not cards:
        raise OutputError("no cards to print")
    ordered = sorted(cards, key=lambda c: c.card or 0)
    return [(card, ordered[i - 1] if i else None) for i, card in enumerate(ordered)]


@dataclass(frozen=True)
class SheetLayout:
    """Where the cards go on a home-print sheet: ``columns`` × ``rows`` cards at trim size,
    the grid's top left corner at (``left``, ``top``), page points from the top left."""

    paper: tuple[float, float]
    card_width: float
    card_height: float
    columns: int
    rows: int
    left: float
    top: float

    @property
    def per_sheet(self) -> int:
        return self.columns * self.rows

    def slot(self, index: int) -> Point:
        """Top left corner of the front of the ``index``-th card of a sheet."""
        row, column = divmod(index, self.columns)
        return (self.left + column * self.card_width, self.top + row * self.card_height)

    def back_slot(self, index: int) -> Point:
        """Top left corner of the back of the ``index``-th card: its front's place mirrored
        left↔right, so that it lies behind the front after a long-edge flip."""
        x, y = self.slot(index)
        return (self.paper[0] - x - self.card_width, y)


def sheet_layout(paper: Paper | str = "A4", size: SizeSpec = "poker") -> SheetLayout:
    """The grid of a home-print sheet: up to 3×3 cards, centred, at least 6 mm from the edge."""
    try:
        page = PAPERS[paper]
    except KeyError:
        raise OutputError(f"unknown paper {paper!r}: the papers are {', '.join(PAPERS)}") from None
    spec = card_size(size)
    edge = 6 * MM
    columns = min(3, int((page[0] - 2 * edge) // spec.width))
    rows = min(3, int((page[1] - 2 * edge) // spec.height))
    if columns < 1 or rows < 1:
        raise OutputError(
            f"a {spec.width_mm:g}×{spec.height_mm:g} mm card does not fit on {paper} paper"
        )
    left = (page[0] - columns * spec.width) / 2
    top = (page[1] - rows * spec.height) / 2
    return SheetLayout(page, spec.width, spec.height, columns, rows, left, top)


def _crop_marks(layout: SheetLayout) -> list[Primitive]:
    """Short lines in the margins continuing every cut line of the grid."""
    x0, y0 = layout.left, layout.top
    x1 = x0 + layout.columns * layout.card_width
    y1 = y0 + layout.rows * layout.card_height
    gap = 1.5 * MM
    style = Style(stroke=MARK, width=0.3, cap="butt")
    marks: list[Primitive] = []
    vertical = min(6 * MM, y0 - gap - 1 * MM)
    horizontal = min(6 * MM, x0 - gap - 1 * MM)
    for column in range(layout.columns + 1):
        x = x0 + column * layout.card_width
        marks.append(Polyline(((x, y0 - gap), (x, y0 - gap - vertical)), style))
        marks.append(Polyline(((x, y1 + gap), (x, y1 + gap + vertical)), style))
    for row in range(layout.rows + 1):
        y = y0 + row * layout.card_height
        marks.append(Polyline(((x0 - gap, y), (x0 - gap - horizontal, y)), style))
        marks.append(Polyline(((x1 + gap, y), (x1 + gap + horizontal, y)), style))
    return marks


_REGISTRATION: Final[dict[str, tuple[str, str]]] = {
    "EN": (
        "Duplex test — front",
        (
            "Print this page double-sided, flipping on the long edge; hold it against the light: "
            "the frames and crosses on both sides must lie on each other."
        ),
    ),
    "RU": (
        "Проверка двусторонней печати — лицо",
        (
            "Напечатайте лист с двух сторон, переворот по длинному краю; посмотрите на свет: "
            "рамки и кресты обеих сторон должны совпасть."
        ),
    ),
    "FR": (
        "Test recto verso — recto",
        (
            "Imprimez cette page en recto verso, retournement sur le bord long ; regardez-la à "
            "contre-jour : les cadres et les croix des deux faces doivent se superposer."
        ),
    ),
    "HU": (
        "Kétoldalas próba — elöl",
        (
            "Nyomtassa kétoldalasan, hosszú él menti fordítással; fény felé tartva a két oldal "
            "keretei és keresztjei fedjék egymást."
        ),
    ),
}
_REGISTRATION_BACK: Final[dict[str, str]] = {
    "EN": "Duplex test — back",
    "RU": "Проверка двусторонней печати — оборот",
    "FR": "Test recto verso — verso",
    "HU": "Kétoldalas próba — hátul",
}


def _wrap(text: str, size: float, width: float) -> list[str]:
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if line and text_width(trial, size) > width:
            lines.append(line)
            line = word
        else:
            line = trial
    if line:
        lines.append(line)
    return lines


def _registration(layout: SheetLayout, lang: str, back: bool) -> Drawing:
    """A test page: every card frame of the grid, a cross at each grid corner and an
    off-centre cross at the first card's centre (mirrored on the back, so that both sides
    coincide after a long-edge flip)."""
    w, h = layout.paper
    items: list[Primitive] = []
    frame = Style(stroke=MARK, width=0.5)
    for index in range(layout.per_sheet):
        x, y = layout.back_slot(index) if back else layout.slot(index)
        items.append(_rect(x, y, layout.card_width, layout.card_height, frame))
    items.extend(_crop_marks(layout))
    x, y = layout.back_slot(0) if back else layout.slot(0)
    cx, cy = x + layout.card_width / 2, y + layout.card_height / 2
    arm = 12 * MM
    cross = Style(stroke=RED, width=0.8, cap="butt")
    items.append(Polyline(((cx - arm, cy), (cx + arm, cy)), cross))
    items.append(Polyline(((cx, cy - arm), (cx, cy + arm)), cross))
    items.append(Circle((cx, cy), arm / 2, cross))
    title, note = _REGISTRATION[lang]
    if back:
        title = _REGISTRATION_BACK[lang]
    mx = w / 2
    my = layout.top + layout.rows * layout.card_height / 2
    lines = [] if back else _wrap(note, 9.0, min(2 * layout.card_width, w - 2 * layout.left) - 12)
    block_w = max([text_width(title, 12.0, Font.BOLD)] + [text_width(x, 9.0) for x in lines]) + 16
    block_h = 16.0 + 12.0 * len(lines) + 12
    items.append(_rect(mx - block_w / 2, my - 18, block_w, block_h, Style(fill=WHITE)))
    items.append(Text((mx, my), title, 12.0, Font.BOLD, Anchor.MIDDLE, INK))
    for i, line in enumerate(lines):
        items.append(Text((mx, my + 16 + 12 * i), line, 9.0, Font.REGULAR, Anchor.MIDDLE, INK))
    return Drawing(w, h, tuple(items), WHITE, title)


def home_sheet_drawings(
    cards: Sequence[CreatureCard],
    paper: Paper | str = "A4",
    lang: Lang | str = "EN",
    size: SizeSpec = "poker",
    palette: Palette | str = CLASSIC,
) -> list[Drawing]:
    """The pages of :func:`home_sheets` as drawings: the registration front and back, then
    for every sheet its fronts and its mirrored backs."""
    code = _lang(lang)
    layout = sheet_layout(paper, size)
    w, h = layout.paper
    back = card_back(size, palette, bleed=False).items
    pages = [_registration(layout, code, False), _registration(layout, code, True)]
    chain = _chain(cards)
    for start in range(0, len(chain), layout.per_sheet):
        batch = chain[start : start + layout.per_sheet]
        fronts: list[Primitive] = []
        backs: list[Primitive] = []
        for index, (card, previous) in enumerate(batch):
            front = card_front(card, previous, code, size, palette, bleed=False)
            fronts.extend(place(front.items, *layout.slot(index)))
            backs.extend(place(back, *layout.back_slot(index)))
        marks = _crop_marks(layout)
        number = start // layout.per_sheet + 1
        pages.append(Drawing(w, h, tuple(fronts + marks), WHITE, f"Cards, sheet {number}"))
        pages.append(Drawing(w, h, tuple(backs + marks), WHITE, f"Backs, sheet {number}"))
    return pages


def home_sheets(
    cards: Sequence[CreatureCard],
    paper: Paper | str = "A4",
    lang: Lang | str = "EN",
    size: SizeSpec = "poker",
    palette: Palette | str = CLASSIC,
) -> bytes:
    """Cards for home printing as a PDF: a registration test (two pages), then for every
    sheet of up to 3×3 cards (by card number) its fronts page and its backs page mirrored for
    duplex printing flipped on the long edge; crop marks in the margins."""
    pages = home_sheet_drawings(cards, paper, lang, size, palette)
    buffer, canvas, painter = _canvas("Palalaboratory cards")
    for page in pages:
        painter.page(page)
    canvas.save()
    return buffer.getvalue()


def print_shop_pdf(
    cards: Sequence[CreatureCard],
    lang: Lang | str = "EN",
    size: SizeSpec = "poker",
    palette: Palette | str = CLASSIC,
) -> bytes:
    """Cards for a print shop as a PDF: one card per page at full bleed (trim plus the bleed
    on every side), ``/TrimBox`` and ``/BleedBox`` on every page, the fronts by card number and
    then the back."""
    code = _lang(lang)
    spec = card_size(size)
    b = spec.bleed
    width, height = spec.width + 2 * b, spec.height + 2 * b
    buffer, canvas, painter = _canvas("Palalaboratory cards — print shop")
    canvas.setBleedBox((0.0, 0.0, width, height))
    canvas.setTrimBox((b, b, b + spec.width, b + spec.height))
    for card, previous in _chain(cards):
        painter.page(card_front(card, previous, code, spec, palette, bleed=True))
    painter.page(card_back(spec, palette, bleed=True))
    canvas.save()
    return buffer.getvalue()


__all__ = [
    "BACK_TITLE",
    "CARD_SIZES",
    "LANGUAGES",
    "MM",
    "PAPERS",
    "CardSize",
    "SheetLayout",
    "card_back",
    "card_back_png",
    "card_front",
    "card_png",
    "card_size",
    "creature_colour",
    "home_sheet_drawings",
    "home_sheets",
    "moves_from",
    "place",
    "print_shop_pdf",
    "sheet_layout",
]
