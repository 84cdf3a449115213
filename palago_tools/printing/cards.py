"""Palalaboratory portrait cards and their print layouts, as vector PDF and PNG.

A card front shows the creature of a catalog record as a silhouette in its colour with its inner
shapes (the tiles drawn by :mod:`palago_tools.diagram` with the creature emphasised, the other
colour blended into the card's background), its name, its card number, the tile count in a red
circle and, for cards 2 to 12 (the rulebook's chain), the number of tiles to move from the
previous card in a green circle (:func:`palago_tools.puzzles.transform_distance`). Every card has
the same back, titled in the sheet's language.

Each card is first built as a :class:`~palago_tools.diagram.primitives.Drawing` of its trim size
plus a bleed; the layouts place those primitives on pages and draw them with the painter of
:mod:`palago_tools.render.pdf`, so a PNG (:func:`card_png`, through SVG) shows the same card as
the PDFs. Coordinates are page points, origin at the top left, y down, as in the drawing model.

The layouts work on any kind of card: a :data:`Face` draws one card side for a given bleed, and
:class:`SheetOptions` holds everything that belongs to the sheet rather than to a card (paper,
language, card size, palette, gutter, duplex offset, CMYK, interleaving, the corner guide):

- :func:`card_sheets` (home printing): A4 or Letter, up to 3×3 cards per sheet with gutters,
  every card and back drawn with bleed into the gutters, crop marks in the margins and the
  gutters, at least 5 mm from the paper's edge; each fronts page followed by its backs page
  mirrored left↔right for duplex printing (flip on the long edge), moved by the duplex offset;
- :func:`duplex_test`: the registration test with millimetre scales, in a file of its own;
- :func:`shop_sheets`: one card per page at full bleed with ``/TrimBox`` and ``/BleedBox``,
  the fronts and then the back (or each front followed by the back), in RGB or CMYK with an
  output intent, and optionally a die-line page with rounded corners.

:func:`home_sheets` and :func:`print_shop_pdf` lay out the catalog's creature cards.
"""

from __future__ import annotations

import io
import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Final

from reportlab.pdfgen.canvas import Canvas

from ..core.analysis import analyse
from ..diagram import Diagram, Emphasis, Options, Palette, View, compile_diagram, tileart
from ..drawing.metrics import text_width
from ..diagram.palette import CLASSIC, PALETTES, mix
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
    Polyline,
    Primitive,
    Segment,
    Style,
    Text,
)
from ..errors import OutputError
from ..core.hexgrid import Cell, bounding_box, centre, corner_class, disc
from ..notation.records import CreatureCard
from ..core.position import Position
from ..palalab import transform_distance
from ..core.regions import Line
from ..render.pdf import PdfPainter, register_fonts, with_output_intent
from ..render.png import to_print_png
from ..core.tiles import Colour, Orientation, Tile, curves
from .sheet import LANGUAGES, PAPERS, Lang, Paper, paper_named

MM: Final = 72.0 / 25.4
"""Points per millimetre."""

BLEED_MM: Final = 3.0
SAFE_MM: Final = 4.0

RED: Final = "#d7191c"
GREEN: Final = "#2b8a3e"
WHITE: Final = "#ffffff"
INK: Final = "#111111"
MARK: Final = "#000000"

BACK_TITLES: Final[dict[str, str]] = {
    "EN": "Palalaboratory",
    "RU": "Палаборатория",
    "FR": "Palalaboratoire",
    "HU": "Palalaboratórium",
}
"""The back's title by language, as the solution sheets name the puzzles."""

BACK_TITLE: Final = BACK_TITLES["EN"]

CHAIN_LAST: Final = 12
"""The rulebook's chain of green tasks runs from card 1 to card 12; cards after it (the 48-tile
gorilla and dragon) are extras and carry no green circle."""

PRINTABLE_MM: Final = 5.0
"""Every crop mark stays at least this far from the paper's edge (most printers' margin)."""

GUTTER_MM: Final = 3.0
"""The default space between cards on a home sheet."""

MARK_LENGTH_MM: Final = 8.0
"""The longest crop mark in the margins."""

MARK_ROOM_MM: Final = 2.0
"""The least room for crop marks between the printable margin and the cards."""

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


def resolve_palette(value: Palette | str) -> Palette:
    """``value`` itself, or the palette it names; :class:`OutputError` for an unknown name."""
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


def fit_text(text: str, size: float, width: float, font: Font = Font.BOLD) -> float:
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
    without a previous card, or when either is outside the rulebook's chain)."""
    if previous is None or not in_chain(card) or not in_chain(previous):
        return None
    return transform_distance(previous.tiles, card.tiles).moves


def in_chain(card: CreatureCard) -> bool:
    """Whether ``card`` is a link of the rulebook's chain (cards 1 to 12)."""
    return card.card is not None and card.card <= CHAIN_LAST


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


def _badge(
    centre: Point, radius: float, colour: str, value: int, hollow: bool = False
) -> list[Primitive]:
    """A number in a disc of ``colour``; ``hollow``: a white disc in a heavy ring of
    ``colour`` with the number in it, told from a filled disc without seeing colour."""
    text = str(value)
    size = fit_text(text, radius * 1.05, radius * 1.5)
    if hollow:
        return [
            Circle(centre, radius * 0.86, Style(fill=WHITE, stroke=colour, width=radius * 0.28)),
            Text((centre[0], centre[1] + size * 0.36), text, size, Font.BOLD, Anchor.MIDDLE, colour),
        ]
    return [
        # The white ring stays inside ``radius``.
        Circle(centre, radius * 0.93, Style(fill=colour, stroke=WHITE, width=radius * 0.14)),
        Text((centre[0], centre[1] + size * 0.36), text, size, Font.BOLD, Anchor.MIDDLE, WHITE),
    ]


def is_mono(palette: Palette) -> bool:
    """Whether ``palette`` paints both tile colours grey (a palette for black-and-white print),
    where the red and green circles must differ by more than their hue."""
    return all(len({getattr(palette, c)[i : i + 2] for i in (1, 3, 5)}) == 1 for c in ("yellow", "blue"))


def card_front(
    card: CreatureCard,
    previous: CreatureCard | None = None,
    lang: Lang | str = "EN",
    size: SizeSpec = "poker",
    palette: Palette | str = CLASSIC,
    bleed: bool | float = True,
) -> Drawing:
    """The front of ``card`` as a drawing: trim size plus the bleed on every side (the card
    size's bleed when ``True``, none when ``False``, or that many points). ``previous`` is card
    n−1 (none for the first card)."""
    spec = card_size(size)
    code = _lang(lang)
    name = card.name(code) or card.name("EN") or f"#{card.card}"
    number = card.card
    moves = moves_from(previous, card)
    colour = creature_colour(card)
    base = resolve_palette(palette)
    tint = _tint(base, colour)

    w, h, m = spec.width, spec.height, spec.safe
    b = bleed_points(spec, bleed)
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
    # In a grey palette the tile count is a filled black disc and the moves a hollow ring.
    mono = is_mono(base)
    red_centre = (right - radius, top + radius)
    items.extend(_badge(red_centre, radius, MARK if mono else RED, len(card.tiles)))
    if moves is not None:
        green_centre = (red_centre[0] - 2 * radius - gap, red_centre[1])
        items.extend(_badge(green_centre, radius, MARK if mono else GREEN, moves, hollow=mono))

    # Name, bottom centre.
    name_size = fit_text(name, 13.0 * u, right - left)
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


def bleed_points(spec: CardSize, bleed: bool | float) -> float:
    """The bleed in points: the size's own for ``True``, none for ``False``, else ``bleed``."""
    if bleed is True:
        return spec.bleed
    if bleed is False:
        return 0.0
    return max(0.0, float(bleed))


def card_back(
    size: SizeSpec = "poker",
    palette: Palette | str = CLASSIC,
    bleed: bool | float = True,
    lang: Lang | str = "EN",
) -> Drawing:
    """The back shared by every card: a hexagon of tiles, "Palago" above it and the puzzles'
    name in ``lang`` below, on a dark ground to the bleed edge."""
    spec = card_size(size)
    base = resolve_palette(palette)
    title = BACK_TITLES[_lang(lang)]
    w, h, m = spec.width, spec.height, spec.safe
    b = bleed_points(spec, bleed)
    u = min(w / CARD_SIZES["poker"].width, h / CARD_SIZES["poker"].height)
    ground = mix(base.blue, "#000000", 0.45)
    items: list[Primitive] = [_rect(0, 0, w + 2 * b, h + 2 * b, Style(fill=ground))]

    title_size = fit_text(title, 15.0 * u, w - 2 * m)
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
    items.append(Text((cx, y_text), title, title_size, Font.BOLD, Anchor.MIDDLE, light))
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
    return Drawing(w + 2 * b, h + 2 * b, tuple(items), None, title)


PNG_DPI: Final = 300.0


def card_png(
    card: CreatureCard,
    previous: CreatureCard | None = None,
    lang: Lang | str = "EN",
    size: SizeSpec = "poker",
    palette: Palette | str = CLASSIC,
    dpi: float = PNG_DPI,
    bleed: bool = False,
) -> bytes:
    """One card front as an opaque PNG at ``dpi`` (300 by default, recorded in the file), at
    trim size, or with the bleed when ``bleed``."""
    return to_print_png(card_front(card, previous, lang, size, palette, bleed=bleed), dpi)


def card_back_png(
    size: SizeSpec = "poker",
    palette: Palette | str = CLASSIC,
    dpi: float = PNG_DPI,
    bleed: bool = False,
    lang: Lang | str = "EN",
) -> bytes:
    """The card back as an opaque PNG at ``dpi``, at trim size or with the bleed."""
    return to_print_png(card_back(size, palette, bleed=bleed, lang=lang), dpi)


# --- Sheets ----------------------------------------------------------------------------------

Face = Callable[[float], Drawing]
"""One card side: given a bleed in points, its drawing of the trim size plus that bleed on
every side. Any kind of card (creature cards, puzzle cards) is laid out through faces."""


@dataclass(frozen=True)
class SheetOptions:
    """What belongs to the printed sheet, not to a card: paper, language, card size, palette,
    the gutter between cards on a home sheet (mm; every card's bleed reaches half-way into it),
    the duplex offset (mm, right and down on the backs page as printed) that moves the backs by
    what the duplex test measured, CMYK output with an output intent (print shop), fronts and
    backs interleaved (print shop), and a die-line page with corners of ``corner_radius_mm``
    (print shop; ``None`` for none)."""

    paper: Paper | str = "A4"
    lang: Lang | str = "EN"
    size: SizeSpec = "poker"
    palette: Palette | str = CLASSIC
    gutter_mm: float = GUTTER_MM
    duplex_offset_mm: tuple[float, float] = (0.0, 0.0)
    cmyk: bool = False
    interleaved: bool = False
    corner_radius_mm: float | None = None

    def __post_init__(self) -> None:
        _lang(str(self.lang))
        object.__setattr__(self, "paper", paper_named(self.paper))
        card_size(self.size)
        resolve_palette(self.palette)
        if not 0.0 <= self.gutter_mm <= 20.0:
            raise OutputError(f"the gutter is 0 to 20 mm, not {self.gutter_mm:g}")
        if any(abs(v) > 10.0 for v in self.duplex_offset_mm):
            x, y = self.duplex_offset_mm
            raise OutputError(f"a duplex offset of {x:g},{y:g} mm is more than 10 mm: print the duplex test again")
        if self.corner_radius_mm is not None and not 0.0 < self.corner_radius_mm <= 10.0:
            raise OutputError(f"the corner radius is more than 0 and at most 10 mm, not {self.corner_radius_mm:g}")

    @property
    def code(self) -> str:
        """The language code, upper case."""
        return _lang(str(self.lang))

    @property
    def card(self) -> CardSize:
        """The card size."""
        return card_size(self.size)


@dataclass(frozen=True)
class SheetLayout:
    """Where the cards go on a home-print sheet: ``columns`` × ``rows`` cards at trim size with
    ``gutter`` points between them, the grid's top left trim corner at (``left``, ``top``), page
    points from the top left; ``bleed`` is how far every card and back is drawn beyond its trim
    (half the gutter at most, so that neighbours meet and no white shows between them)."""

    paper: tuple[float, float]
    card_width: float
    card_height: float
    columns: int
    rows: int
    left: float
    top: float
    gutter: float = 0.0
    bleed: float = 0.0

    @property
    def per_sheet(self) -> int:
        return self.columns * self.rows

    @property
    def right(self) -> float:
        """x of the grid's right trim edge."""
        return self.left + self.columns * self.card_width + (self.columns - 1) * self.gutter

    @property
    def bottom(self) -> float:
        """y of the grid's bottom trim edge."""
        return self.top + self.rows * self.card_height + (self.rows - 1) * self.gutter

    def slot(self, index: int) -> Point:
        """Top left trim corner of the front of the ``index``-th card of a sheet."""
        row, column = divmod(index, self.columns)
        return (
            self.left + column * (self.card_width + self.gutter),
            self.top + row * (self.card_height + self.gutter),
        )

    def back_slot(self, index: int, offset: Point = (0.0, 0.0)) -> Point:
        """Top left trim corner of the back of the ``index``-th card: its front's place
        mirrored left↔right, so that it lies behind the front when the printer flips on the long
        edge, moved by ``offset`` (points)."""
        x, y = self.slot(index)
        return (self.paper[0] - x - self.card_width + offset[0], y + offset[1])

    def cuts(self) -> tuple[list[float], list[float]]:
        """The x of every vertical cut line and the y of every horizontal one."""
        xs = sorted({x for i in range(self.columns) for x in (self.slot(i)[0], self.slot(i)[0] + self.card_width)})
        ys = sorted(
            {y for i in range(self.rows) for y in (self.slot(i * self.columns)[1], self.slot(i * self.columns)[1] + self.card_height)}
        )
        return xs, ys


def _fits(count: int, length: float, gutter: float, page: float) -> bool:
    room = (PRINTABLE_MM + MARK_ROOM_MM) * MM
    return count * length + (count - 1) * gutter <= page - 2 * room + 1e-6


def sheet_layout(
    paper: Paper | str = "A4", size: SizeSpec = "poker", gutter_mm: float = GUTTER_MM
) -> SheetLayout:
    """The grid of a home-print sheet: up to 3×3 cards with ``gutter_mm`` between them, centred,
    leaving every edge the printable margin (5 mm) and room for crop marks (2 mm)."""
    page = PAPERS[paper_named(paper)]
    spec = card_size(size)
    gutter = gutter_mm * MM
    columns = max((n for n in (1, 2, 3) if _fits(n, spec.width, gutter, page[0])), default=0)
    rows = max((n for n in (1, 2, 3) if _fits(n, spec.height, gutter, page[1])), default=0)
    if columns < 1 or rows < 1:
        raise OutputError(
            f"a {spec.width_mm:g}×{spec.height_mm:g} mm card does not fit on {paper} paper"
        )
    block_w = columns * spec.width + (columns - 1) * gutter
    block_h = rows * spec.height + (rows - 1) * gutter
    left = (page[0] - block_w) / 2
    top = (page[1] - block_h) / 2
    bleed = min(spec.bleed, gutter / 2)
    return SheetLayout(page, spec.width, spec.height, columns, rows, left, top, gutter, bleed)


MARK_STYLE: Final = Style(stroke=MARK, width=0.3, cap="butt")


def crop_marks(layout: SheetLayout) -> list[Primitive]:
    """Crop marks: every cut line continued in the margins, up to 8 mm long, from no nearer the
    paper's edge than the printable margin (5 mm) to 0.75 mm short of the cards, and across
    every crossing of two gutters, 0.5 mm short of the cards around it."""
    w, h = layout.paper
    edge = PRINTABLE_MM * MM
    short = 0.75 * MM
    most = MARK_LENGTH_MM * MM
    xs, ys = layout.cuts()
    marks: list[Primitive] = []
    top, bottom = layout.top - short, layout.bottom + short
    left, right = layout.left - short, layout.right + short
    for x in xs:
        marks.append(Polyline(((x, max(edge, top - most)), (x, top)), MARK_STYLE))
        marks.append(Polyline(((x, bottom), (x, min(h - edge, bottom + most))), MARK_STYLE))
    for y in ys:
        marks.append(Polyline(((max(edge, left - most), y), (left, y)), MARK_STYLE))
        marks.append(Polyline(((right, y), (min(w - edge, right + most), y)), MARK_STYLE))
    if layout.gutter >= 1.5 * MM:
        inset = 0.5 * MM
        for row in range(1, layout.rows):
            band_top = layout.slot((row - 1) * layout.columns)[1] + layout.card_height + inset
            band_bottom = layout.slot(row * layout.columns)[1] - inset
            for x in xs:
                marks.append(Polyline(((x, band_top), (x, band_bottom)), MARK_STYLE))
        for column in range(1, layout.columns):
            band_left = layout.slot(column - 1)[0] + layout.card_width + inset
            band_right = layout.slot(column)[0] - inset
            for y in ys:
                marks.append(Polyline(((band_left, y), (band_right, y)), MARK_STYLE))
    return marks


_DUPLEX: Final[dict[str, tuple[str, str, str]]] = {
    "EN": (
        "Duplex test — front",
        "Duplex test — back",
        "Print both pages double-sided, flipping on the long edge, at 100 %. Hold the sheet "
        "against the light with this side away from you and read on the back's scales where "
        "this page's cross lies: X millimetres right (+) or left (−), Y down (+) or up (−). "
        "Build the cards with --duplex-offset X,Y to move the backs by as much.",
    ),
    "RU": (
        "Проверка двусторонней печати — лицо",
        "Проверка двусторонней печати — оборот",
        "Напечатайте обе страницы с двух сторон, переворот по длинному краю, в масштабе 100 %. "
        "Посмотрите лист на свет, повернув к себе оборот, и прочтите по шкалам оборота, где "
        "лежит крест этой страницы: X мм вправо (+) или влево (−), Y вниз (+) или вверх (−). "
        "Соберите карточки с --duplex-offset X,Y, чтобы сдвинуть обороты на столько же.",
    ),
    "FR": (
        "Test recto verso — recto",
        "Test recto verso — verso",
        "Imprimez les deux pages en recto verso, retournement sur le bord long, à 100 %. "
        "Regardez la feuille à contre-jour, le verso vers vous, et lisez sur ses échelles où "
        "tombe la croix de cette page : X millimètres à droite (+) ou à gauche (−), Y en bas (+) "
        "ou en haut (−). Fabriquez les cartes avec --duplex-offset X,Y pour décaler les versos "
        "d’autant.",
    ),
    "HU": (
        "Kétoldalas próba — elöl",
        "Kétoldalas próba — hátul",
        "Nyomtassa ki a két oldalt kétoldalasan, hosszú él menti fordítással, 100 %-os méretben. "
        "Tartsa a lapot a fény felé, a hátoldallal maga felé, és olvassa le a hátoldal skáláin, "
        "hol van ennek az oldalnak a keresztje: X milliméter jobbra (+) vagy balra (−), Y lefelé "
        "(+) vagy felfelé (−). A kártyákat a --duplex-offset X,Y kapcsolóval készítse, hogy a "
        "hátlapok ennyivel elmozduljanak.",
    ),
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


def _scales(cx: float, cy: float) -> list[Primitive]:
    """Millimetre scales through (cx, cy): ticks every millimetre to ±10 mm, longer every five,
    numbered every five."""
    items: list[Primitive] = []
    thin = Style(stroke=MARK, width=0.25, cap="butt")
    for step in range(-10, 11):
        d = step * MM
        long = 2.2 * MM if step % 5 == 0 else 1.2 * MM
        items.append(Polyline(((cx + d, cy - long), (cx + d, cy + long)), thin))
        items.append(Polyline(((cx - long, cy + d), (cx + long, cy + d)), thin))
        if step and step % 5 == 0:
            # One set of labels per quadrant, so that none runs into another.
            label = f"{step:+d}".replace("-", "−")
            below = cy + 5.0 * MM if step < 0 else cy - 3.0 * MM
            items.append(Text((cx + d, below), label, 6.0, Font.REGULAR, Anchor.MIDDLE, INK))
            side, anchor = (cx - 3.0 * MM, Anchor.END) if step < 0 else (cx + 3.0 * MM, Anchor.START)
            items.append(Text((side, cy + d + 2.0), label, 6.0, Font.REGULAR, anchor, INK))
    items.append(Polyline(((cx - 10 * MM, cy), (cx + 10 * MM, cy)), thin))
    items.append(Polyline(((cx, cy - 10 * MM), (cx, cy + 10 * MM)), thin))
    return items


def _duplex_page(layout: SheetLayout, lang: str, back: bool) -> Drawing:
    """A duplex test page: every card frame of the grid; on the front the crop marks and a red
    cross on the first card's place, on the back, at the mirrored place, millimetre scales."""
    w, h = layout.paper
    items: list[Primitive] = []
    frame = Style(stroke=MARK, width=0.5)
    for index in range(layout.per_sheet):
        x, y = layout.back_slot(index) if back else layout.slot(index)
        items.append(_rect(x, y, layout.card_width, layout.card_height, frame))
    x, y = layout.back_slot(0) if back else layout.slot(0)
    cx, cy = x + layout.card_width / 2, y + layout.card_height / 2
    if back:
        items.extend(_scales(cx, cy))
    else:
        items.extend(crop_marks(layout))
        arm = 12 * MM
        cross = Style(stroke=RED, width=0.8, cap="butt")
        items.append(Polyline(((cx - arm, cy), (cx + arm, cy)), cross))
        items.append(Polyline(((cx, cy - arm), (cx, cy + arm)), cross))
    front_title, back_title, note = _DUPLEX[lang]
    title = back_title if back else front_title
    mx = w / 2
    my = layout.top + layout.rows * layout.card_height / 2 + 10 * MM
    lines = [] if back else _wrap(note, 9.0, min(2 * layout.card_width, w - 2 * layout.left) - 12)
    block_w = max([text_width(title, 12.0, Font.BOLD)] + [text_width(x, 9.0) for x in lines]) + 16
    block_h = 16.0 + 12.0 * len(lines) + 12
    items.append(_rect(mx - block_w / 2, my - 18, block_w, block_h, Style(fill=WHITE)))
    items.append(Text((mx, my), title, 12.0, Font.BOLD, Anchor.MIDDLE, INK))
    for i, line in enumerate(lines):
        items.append(Text((mx, my + 16 + 12 * i), line, 9.0, Font.REGULAR, Anchor.MIDDLE, INK))
    return Drawing(w, h, tuple(items), WHITE, title)


_SHEET_WORDS: Final[dict[str, tuple[str, str]]] = {
    "EN": ("Fronts, sheet {n}", "Backs, sheet {n}"),
    "RU": ("Лицевые стороны, лист {n}", "Обороты, лист {n}"),
    "FR": ("Recto, feuille {n}", "Verso, feuille {n}"),
    "HU": ("Előlapok, {n}. ív", "Hátlapok, {n}. ív"),
}


Backs = Face | Sequence[Face]
"""The backs of a set of cards: one face shared by every card, or one face per card (a puzzle's
answer behind it)."""


def _back_faces(back: Backs, count: int) -> list[Face]:
    """One back face per card."""
    if callable(back):
        return [back] * count
    if len(back) != count:
        raise OutputError(f"{count} card fronts but {len(back)} backs")
    return list(back)


def card_sheet_drawings(fronts: Sequence[Face], back: Backs, options: SheetOptions) -> list[Drawing]:
    """The pages of :func:`card_sheets`: for every sheet its fronts with crop marks, then its
    backs mirrored and moved by the duplex offset."""
    layout = sheet_layout(options.paper, options.size, options.gutter_mm)
    w, h = layout.paper
    b = layout.bleed
    backs_of = _back_faces(back, len(fronts))
    shared = back(b).items if callable(back) else None
    offset = (options.duplex_offset_mm[0] * MM, options.duplex_offset_mm[1] * MM)
    words = _SHEET_WORDS[options.code]
    pages: list[Drawing] = []
    for start in range(0, len(fronts), layout.per_sheet):
        batch = fronts[start : start + layout.per_sheet]
        front_items: list[Primitive] = []
        backs: list[Primitive] = []
        for index, face in enumerate(batch):
            x, y = layout.slot(index)
            front_items.extend(place(face(b).items, x - b, y - b))
            bx, by = layout.back_slot(index, offset)
            back_items = shared if shared is not None else backs_of[start + index](b).items
            backs.extend(place(back_items, bx - b, by - b))
        number = start // layout.per_sheet + 1
        marks = crop_marks(layout)
        pages.append(Drawing(w, h, tuple(front_items + marks), WHITE, words[0].format(n=number)))
        pages.append(Drawing(w, h, tuple(backs), WHITE, words[1].format(n=number)))
    return pages


@dataclass(frozen=True)
class DocumentInfo:
    """A PDF's metadata: title and subject in the sheet's language."""

    title: str
    subject: str


def _canvas(info: DocumentInfo, lang: str) -> tuple[io.BytesIO, Canvas]:
    register_fonts()
    buffer = io.BytesIO()
    canvas = Canvas(
        buffer,
        invariant=1,
        pageCompression=1,
        initialFontName=Font.REGULAR.value,
        initialFontSize=10,
        lang=lang.lower(),
    )
    canvas.setTitle(_CONTROL.sub("", info.title))
    canvas.setSubject(_CONTROL.sub("", info.subject))
    canvas.setCreator("palago-tools")
    canvas.setViewerPreference("PrintScaling", "None")
    return buffer, canvas


def card_sheets(fronts: Sequence[Face], back: Backs, options: SheetOptions, info: DocumentInfo) -> bytes:
    """Cards for home printing as a PDF: for every sheet of up to 3×3 cards its fronts page and
    its backs page (a shared back or one per card) (mirrored for a long-edge flip and moved by the duplex offset), every card
    and back with bleed into the gutters, crop marks in the margins and gutters."""
    if not fronts:
        raise OutputError("no cards to print")
    buffer, canvas = _canvas(info, options.code)
    painter = PdfPainter(canvas, cmyk=options.cmyk)
    for page in card_sheet_drawings(fronts, back, options):
        painter.page(page)
    canvas.save()
    return _finish(buffer.getvalue(), options)


def duplex_test(options: SheetOptions | None = None) -> bytes:
    """The duplex registration test for the home sheets' grid, two pages: printed double-sided
    and held against the light, the front's cross read on the back's millimetre scales gives
    the ``--duplex-offset``."""
    options = options or SheetOptions()
    layout = sheet_layout(options.paper, options.size, options.gutter_mm)
    code = options.code
    title = _DUPLEX[code][0].split(" — ")[0]
    buffer, canvas = _canvas(DocumentInfo(title, _DUPLEX[code][2].split(". ")[0]), code)
    painter = PdfPainter(canvas, cmyk=options.cmyk)
    painter.page(_duplex_page(layout, code, False))
    painter.page(_duplex_page(layout, code, True))
    canvas.save()
    return _finish(buffer.getvalue(), options)


_DIE_LINE: Final[dict[str, str]] = {
    "EN": "Die line: trim with {r} mm corners, safe zone dashed (not for print)",
    "RU": "Линия вырубки: обрез со скруглением {r} мм, безопасная зона пунктиром (не печатать)",
    "FR": "Forme de découpe : coupe à coins de {r} mm, zone de sécurité en tirets (ne pas imprimer)",
    "HU": "Stancvonal: vágás {r} mm-es sarkokkal, biztonsági zóna szaggatottan (nem nyomtatandó)",
}


def _rounded(x: float, y: float, w: float, h: float, r: float, style: Style) -> Path:
    """A rectangle with corners of radius ``r``."""
    return Path(
        (
            MoveTo((x + r, y)),
            LineTo((x + w - r, y)),
            ArcTo((x + w - r, y + r), r, -90.0, 90.0),
            LineTo((x + w, y + h - r)),
            ArcTo((x + w - r, y + h - r), r, 0.0, 90.0),
            LineTo((x + r, y + h)),
            ArcTo((x + r, y + h - r), r, 90.0, 90.0),
            LineTo((x, y + r)),
            ArcTo((x + r, y + r), r, 180.0, 90.0),
            Close(),
        ),
        style,
    )


def die_line(options: SheetOptions) -> Drawing:
    """A print-shop page showing where to cut: the trim with rounded corners, the safe zone."""
    spec = options.card
    b = spec.bleed
    r = (options.corner_radius_mm or 3.0) * MM
    items: list[Primitive] = [
        _rounded(b, b, spec.width, spec.height, r, Style(stroke=MARK, width=0.5)),
        _rect(
            b + spec.safe,
            b + spec.safe,
            spec.width - 2 * spec.safe,
            spec.height - 2 * spec.safe,
            Style(stroke=MARK, width=0.3, dash=(2.0, 2.0)),
        ),
    ]
    note = _DIE_LINE[options.code].format(r=f"{options.corner_radius_mm or 3.0:g}")
    lines = _wrap(note, 6.0, spec.width - 2 * spec.safe - 4)
    for i, line in enumerate(lines):
        items.append(Text((b + spec.width / 2, b + spec.height / 2 + 8 * i), line, 6.0, Font.REGULAR, Anchor.MIDDLE, INK))
    return Drawing(spec.width + 2 * b, spec.height + 2 * b, tuple(items), WHITE, note)


def shop_sheets(fronts: Sequence[Face], back: Backs, options: SheetOptions, info: DocumentInfo) -> bytes:
    """Cards for a print shop as a PDF: one card per page at full bleed (trim plus the bleed on
    every side), ``/TrimBox`` and ``/BleedBox`` on every page; the fronts and then the back (a
    shared back once, else every card's back in order), or each front followed by its back
    (``interleaved``); then the die line when the options ask
    for corners. With ``cmyk`` every colour is CMYK, black text is K only, and the file carries
    an output intent with the CMYK profile."""
    if not fronts:
        raise OutputError("no cards to print")
    spec = options.card
    b = spec.bleed
    buffer, canvas = _canvas(info, options.code)
    canvas.setBleedBox((0.0, 0.0, spec.width + 2 * b, spec.height + 2 * b))
    canvas.setTrimBox((b, b, b + spec.width, b + spec.height))
    painter = PdfPainter(canvas, cmyk=options.cmyk)
    backs = _back_faces(back, len(fronts))
    shared = back(b) if callable(back) else None
    for face, own in zip(fronts, backs):
        painter.page(face(b))
        if options.interleaved:
            painter.page(shared if shared is not None else own(b))
    if not options.interleaved:
        if shared is not None:
            painter.page(shared)
        else:
            for own in backs:
                painter.page(own(b))
    if options.corner_radius_mm is not None:
        painter.page(die_line(options))
    canvas.save()
    return _finish(buffer.getvalue(), options)


def _finish(data: bytes, options: SheetOptions) -> bytes:
    return with_output_intent(data) if options.cmyk else data


# --- The catalog's creature cards --------------------------------------------------------------


def _chain(cards: Sequence[CreatureCard]) -> list[tuple[CreatureCard, CreatureCard | None]]:
    """Each card with the card before it in the numbering (``None`` for the first)."""
    if not cards:
        raise OutputError("no cards to print")
    ordered = sorted(cards, key=lambda c: c.card or 0)
    return [(card, ordered[i - 1] if i else None) for i, card in enumerate(ordered)]


def creature_faces(cards: Sequence[CreatureCard], options: SheetOptions) -> tuple[list[Face], Face]:
    """The fronts of ``cards`` by card number and their common back, as faces."""
    code, size, colours = options.code, options.size, options.palette

    def front(card: CreatureCard, previous: CreatureCard | None) -> Face:
        return lambda bleed: card_front(card, previous, code, size, colours, bleed=bleed)

    def back(bleed: float) -> Drawing:
        return card_back(size, colours, bleed=bleed, lang=code)

    return [front(card, previous) for card, previous in _chain(cards)], back


_INFO: Final[dict[str, tuple[str, str, str]]] = {
    "EN": ("Palalaboratory cards", "Palalaboratory cards — print shop", "{n} creature cards and their back"),
    "RU": ("Карточки Палаборатории", "Карточки Палаборатории — для типографии", "Пала-твари: {n} карточек и рубашка"),
    "FR": ("Cartes Palalaboratoire", "Cartes Palalaboratoire — imprimeur", "{n} cartes de créatures et leur verso"),
    "HU": ("Palalaboratórium-kártyák", "Palalaboratórium-kártyák — nyomdának", "{n} lénykártya és a hátlapjuk"),
}


def catalog_info(cards: Sequence[CreatureCard], options: SheetOptions, shop: bool) -> DocumentInfo:
    """Title and subject of a creature-card PDF in the sheet's language."""
    home, print_shop, subject = _INFO[options.code]
    return DocumentInfo(print_shop if shop else home, subject.format(n=len(cards)))


def home_sheet_drawings(cards: Sequence[CreatureCard], options: SheetOptions | None = None) -> list[Drawing]:
    """The pages of :func:`home_sheets` as drawings."""
    options = options or SheetOptions()
    fronts, back = creature_faces(cards, options)
    return card_sheet_drawings(fronts, back, options)


def home_sheets(cards: Sequence[CreatureCard], options: SheetOptions | None = None) -> bytes:
    """The catalog's cards for home printing (see :func:`card_sheets`), by card number."""
    options = options or SheetOptions()
    fronts, back = creature_faces(cards, options)
    return card_sheets(fronts, back, options, catalog_info(cards, options, shop=False))


def print_shop_pdf(cards: Sequence[CreatureCard], options: SheetOptions | None = None) -> bytes:
    """The catalog's cards for a print shop (see :func:`shop_sheets`), by card number."""
    options = options or SheetOptions()
    fronts, back = creature_faces(cards, options)
    return shop_sheets(fronts, back, options, catalog_info(cards, options, shop=True))


__all__ = [
    "BACK_TITLE",
    "BACK_TITLES",
    "Backs",
    "CARD_SIZES",
    "CHAIN_LAST",
    "LANGUAGES",
    "MM",
    "PAPERS",
    "CardSize",
    "DocumentInfo",
    "Face",
    "SheetLayout",
    "SheetOptions",
    "card_back",
    "card_back_png",
    "card_front",
    "card_png",
    "card_sheet_drawings",
    "card_sheets",
    "card_size",
    "creature_colour",
    "creature_faces",
    "crop_marks",
    "duplex_test",
    "home_sheet_drawings",
    "home_sheets",
    "in_chain",
    "is_mono",
    "moves_from",
    "place",
    "print_shop_pdf",
    "sheet_layout",
    "shop_sheets",
]
