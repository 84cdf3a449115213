"""Palalaboratory portrait cards, as vector PDF and PNG.

A card front shows the creature of a catalog record as a silhouette in its colour with its inner
shapes (the tiles drawn by :mod:`palago_tools.diagram` with the creature emphasised, the other
colour blended into the card's background), its name, its card number, the tile count in a red
circle and, for cards 2 to 12 (the rulebook's chain), the number of tiles to move from the
previous card in a green circle (:func:`palago_tools.palalab.transform_distance`). Every card has
the same back, titled in the sheet's language.

Each card is built as a :class:`~palago_tools.drawing.primitives.Drawing` of its trim size plus a
bleed, so a PNG (:func:`card_png`, through SVG) shows the same card as the PDFs; coordinates are
points, origin at the top left, y down, as in the drawing model. :func:`home_sheets` and
:func:`print_shop_pdf` lay out the catalog's creature cards with the layouts of
:mod:`palago_tools.printing.layout`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from ..core.analysis import analyse
from ..core.hexgrid import Cell, bounding_box, centre, corner_class, disc
from ..core.position import Position
from ..core.regions import Line
from ..core.tiles import Colour, Orientation, Tile, curves
from ..diagram import Diagram, Emphasis, Options, Palette, View, compile_diagram, tileart
from ..diagram.palette import CLASSIC, mix
from ..diagram.palette import palette as palette_named
from ..drawing.primitives import (
    Anchor,
    Circle,
    Close,
    Drawing,
    Font,
    MoveTo,
    Path,
    Point,
    Primitive,
    Segment,
    Style,
    Text,
)
from ..drawing.transform import extent, place, rect
from ..drawing.typesetting import fit_text
from ..errors import OutputError
from ..languages import lang_named
from ..notation.records import CreatureCard
from ..palalab import transform_distance
from ..render.png import to_print_png
from .layout import Face, card_sheets, shop_sheets
from .sheet import (
    BACKS,
    GREEN,
    INK,
    RED,
    TEXT,
    WHITE,
    Back,
    DocumentInfo,
    SheetOptions,
    SizeSpec,
    back_named,
    bleed_points,
    card_size,
)
from .strings import shop_title, text

CHAIN_LAST: Final = 12
"""The rulebook's chain of green tasks runs from card 1 to card 12; cards after it (the 48-tile
gorilla and dragon) are extras and carry no green circle."""


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


def _badge(
    centre: Point, radius: float, colour: str, value: int, hollow: bool = False
) -> list[Primitive]:
    """A number in a disc of ``colour``; ``hollow``: a white disc in a heavy ring of
    ``colour`` with the number in it, told from a filled disc without seeing colour."""
    label = str(value)
    size = fit_text(label, radius * 1.05, radius * 1.5)
    at = (centre[0], centre[1] + size * 0.36)
    if hollow:
        return [
            Circle(centre, radius * 0.86, Style(fill=WHITE, stroke=colour, width=radius * 0.28)),
            Text(at, label, size, Font.BOLD, Anchor.MIDDLE, colour),
        ]
    return [
        # The white ring stays inside ``radius``.
        Circle(centre, radius * 0.93, Style(fill=colour, stroke=WHITE, width=radius * 0.14)),
        Text(at, label, size, Font.BOLD, Anchor.MIDDLE, WHITE),
    ]


def card_front(
    card: CreatureCard,
    previous: CreatureCard | None = None,
    lang: str = "EN",
    size: SizeSpec = "poker",
    palette: Palette | str = CLASSIC,
    bleed: bool | float = True,
) -> Drawing:
    """The front of ``card`` as a drawing: trim size plus the bleed on every side (the card
    size's bleed when ``True``, none when ``False``, or that many points). ``previous`` is card
    n−1 (none for the first card)."""
    spec = card_size(size)
    code = lang_named(lang)
    name = card.name(code) or card.name("EN") or text("card_number", code).format(n=card.card)
    number = card.card
    moves = moves_from(previous, card)
    colour = creature_colour(card)
    base = palette_named(palette)
    tint = _tint(base, colour)

    w, h, m = spec.width, spec.height, spec.safe
    b = bleed_points(spec, bleed)
    u = spec.unit
    items: list[Primitive] = [rect(0, 0, w + 2 * b, h + 2 * b, Style(fill=tint))]

    top = b + m
    left, right = b + m, b + w - m
    radius = 11.0 * u
    gap = 3.0 * u
    # Card number, top left.
    if number is not None:
        label = str(number)
        nsize = 17.0 * u
        items.append(
            Text((left, top + radius + nsize * 0.36), label, nsize, Font.BOLD, Anchor.START, TEXT)
        )
    # Tile count (red) at the top right; tiles to move (green) to its left.
    # In a grey palette the tile count is a filled black disc and the moves a hollow ring.
    mono = base.is_greyscale
    red_centre = (right - radius, top + radius)
    items.extend(_badge(red_centre, radius, INK if mono else RED, len(card.tiles)))
    if moves is not None:
        green_centre = (red_centre[0] - 2 * radius - gap, red_centre[1])
        items.extend(_badge(green_centre, radius, INK if mono else GREEN, moves, hollow=mono))

    # Name, bottom centre.
    name_size = fit_text(name, 13.0 * u, right - left)
    baseline = b + h - m - 0.25 * name_size
    items.append(Text((b + w / 2, baseline), name, name_size, Font.BOLD, Anchor.MIDDLE, TEXT))

    # The creature, fitted into the rest of the safe zone.
    art = _creature_items(card, base, colour, tint)
    box_top = top + 2 * radius + 2 * gap
    box_bottom = baseline - name_size - 2 * gap
    box_w, box_h = right - left, box_bottom - box_top
    # The heavy loops stick out of the compiled drawing by half their width.
    over = 0.13 * 24.0 / 2
    x0, y0, x1, y1 = extent(art.items[-1:])
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
    size: SizeSpec = "poker",
    palette: Palette | str = CLASSIC,
    bleed: bool | float = True,
    lang: str = "EN",
    back: Back | str = "navy",
    title_key: str = "back_title",
) -> Drawing:
    """The back shared by every card: a hexagon of tiles, "Palago" above it and the puzzles'
    name in ``lang`` below (the string ``title_key``: the tactic puzzles' back, shown for a
    hidden puzzle card in Tabletop Simulator, says ``puzzles_back``); ``navy``: in the
    palette's colours on a dark ground to the bleed edge, ``light``: the tiles' outlines and
    boundaries in that dark colour on white."""
    spec = card_size(size)
    base = palette_named(palette)
    style = back_named(back)
    title = text(title_key, lang_named(lang))
    w, h, m = spec.width, spec.height, spec.safe
    b = bleed_points(spec, bleed)
    u = spec.unit
    dark = mix(base.blue, "#000000", 0.45)
    ground, ink = (dark, mix(base.yellow, WHITE, 0.3)) if style == "navy" else (WHITE, dark)
    items: list[Primitive] = [rect(0, 0, w + 2 * b, h + 2 * b, Style(fill=ground))]
    colours = (
        base
        if style == "navy"
        else base.with_colours(
            yellow=WHITE, blue=WHITE, boundary=dark, outline=dark, background=WHITE
        )
    )
    title_size = fit_text(title, 15.0 * u, w - 2 * m)
    art = compile_diagram(
        Diagram(BACK_PATTERN),
        Options(
            size=24.0, palette=colours, view=View(margin=0), grid=False, legend=False, padding=0.0
        ),
    )
    box_w = w - 2 * m - 8.0 * u
    box_h = h - 2 * m - 2 * (title_size * 2.2)
    k = min(box_w / art.width, box_h / art.height)
    cx, cy = b + w / 2, b + h / 2
    items.extend(place(art.items, cx - art.width * k / 2, cy - art.height * k / 2, k))
    y_text = cy + art.height * k / 2 + title_size * 1.7
    items.append(Text((cx, y_text), title, title_size, Font.BOLD, Anchor.MIDDLE, ink))
    items.append(
        Text(
            (cx, cy - art.height * k / 2 - title_size * 0.9),
            text("back_word", lang_named(lang)),
            title_size * 0.75,
            Font.REGULAR,
            Anchor.MIDDLE,
            ink,
        )
    )
    return Drawing(w + 2 * b, h + 2 * b, tuple(items), None, title)


PNG_DPI: Final = 300.0


def card_png(
    card: CreatureCard,
    previous: CreatureCard | None = None,
    lang: str = "EN",
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
    lang: str = "EN",
    back: Back | str = "navy",
) -> bytes:
    """The card back (``navy`` or ``light``) as an opaque PNG at ``dpi``, at trim size or
    with the bleed."""
    return to_print_png(card_back(size, palette, bleed=bleed, lang=lang, back=back), dpi)


# --- The catalog's creature cards --------------------------------------------------------------


def _chain(cards: Sequence[CreatureCard]) -> list[tuple[CreatureCard, CreatureCard | None]]:
    """Each card with the card before it in the numbering (``None`` for the first)."""
    if not cards:
        raise OutputError("no cards to print")
    ordered = sorted(cards, key=lambda c: c.card or 0)
    return [(card, ordered[i - 1] if i else None) for i, card in enumerate(ordered)]


def creature_faces(cards: Sequence[CreatureCard], options: SheetOptions) -> tuple[list[Face], Face]:
    """The fronts of ``cards`` by card number and their common back, as faces."""
    code, size, colours = options.lang, options.size, options.palette

    def front(card: CreatureCard, previous: CreatureCard | None) -> Face:
        return lambda bleed: card_front(card, previous, code, size, colours, bleed=bleed)

    def back(bleed: float) -> Drawing:
        return card_back(size, colours, bleed=bleed, lang=code, back=options.back)

    return [front(card, previous) for card, previous in _chain(cards)], back


def catalog_info(cards: Sequence[CreatureCard], options: SheetOptions, shop: bool) -> DocumentInfo:
    """Title and subject of a creature-card PDF in the sheet's language."""
    title = (shop_title if shop else text)("cards_title", options.lang)
    return DocumentInfo(title, text("cards_subject", options.lang).format(n=len(cards)))


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
    "BACKS",
    "CHAIN_LAST",
    "back_named",
    "card_back",
    "card_back_png",
    "card_front",
    "card_png",
    "catalog_info",
    "creature_colour",
    "creature_faces",
    "home_sheets",
    "in_chain",
    "moves_from",
    "print_shop_pdf",
]
