"""Print layouts for any kind of card, drawn as vector PDF: a :data:`Face` draws one card side
for a given bleed, and :class:`~palago_tools.printing.sheet.SheetOptions` holds what belongs to
the sheet rather than to a card.

- :func:`card_sheets` (home printing): A4 or Letter, portrait or landscape (whichever holds
  more), as many cards per sheet as fit with gutters, every card and back drawn with half the
  gutter as bleed between cards and the full 3 mm outside, crop marks of 5 to 8 mm outside
  every bleed, at least 5 mm from the paper's edge, for the cards on the sheet only; each
  fronts page followed by its backs page mirrored left↔right for duplex printing (flip on the
  long edge of a portrait sheet, the short edge of a landscape one), moved by the duplex
  offset;
- :func:`duplex_test`: the registration test with millimetre scales, in a file of its own;
- :func:`shop_sheets`: one card per page at full bleed with ``/TrimBox`` and ``/BleedBox``,
  the fronts and then the back (or each front followed by the back), in RGB, or in CMYK as
  PDF/X-4 or PDF/X-1a (:mod:`palago_tools.render.pdfx`);
- :func:`die_line_pdf`: the cut with rounded corners as a file of its own, in the spot colour
  ``CutContour`` set to overprint.

The pages are :class:`~palago_tools.drawing.primitives.Drawing` values in page points, origin at
the top left, y down, painted by :mod:`palago_tools.render.pdf`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Final

from reportlab.lib.colors import CMYKColorSep
from reportlab.pdfgen.canvas import Canvas

from ..drawing.metrics import text_width
from ..drawing.primitives import (
    Anchor,
    Drawing,
    Font,
    Point,
    Polygon,
    Polyline,
    Primitive,
    Style,
    Text,
)
from ..drawing.transform import place, rect
from ..drawing.typesetting import set_lines
from ..errors import OutputError
from ..render.pdf import PdfPainter
from ..render.pdfx import PdfX, PressInfo, build_time, finish_pdf
from .sheet import (
    GUTTER_MM,
    INK,
    MM,
    PAPERS,
    RED,
    TEXT,
    WHITE,
    DocumentInfo,
    Paper,
    SheetOptions,
    SizeSpec,
    card_size,
    paper_named,
    pdf_canvas,
)
from .strings import text

PRINTABLE_MM: Final = 5.0
"""Every crop mark stays at least this far from the paper's edge (most printers' margin)."""

MARK_LENGTH_MM: Final = 8.0
"""The longest crop mark."""

MARK_MIN_MM: Final = 5.0
"""The shortest crop mark: a grid leaves room for marks at least this long on every side."""

MARK_GAP_MM: Final = 0.5
"""The space between the outer bleed and a crop mark's inner end."""


Face = Callable[[float], Drawing]
"""One card side: given a bleed in points, its drawing of the trim size plus that bleed on
every side. Any kind of card (creature cards, puzzle cards) is laid out through faces."""


@dataclass(frozen=True)
class SheetLayout:
    """Where the cards go on a home-print sheet: ``columns`` × ``rows`` cards at trim size with
    ``gutter`` points between them, the grid's top left trim corner at (``left``, ``top``), page
    points from the top left, on ``paper`` (width, height: landscape when it is the wider).
    ``bleed`` is how far a card and its back are drawn beyond the trim into a gutter (half the
    gutter at most, so that neighbours meet and no white shows between them);
    ``outer_bleed`` how far beyond a trim edge with no card next to it (the card size's bleed,
    3 mm)."""

    paper: tuple[float, float]
    card_width: float
    card_height: float
    columns: int
    rows: int
    left: float
    top: float
    gutter: float = 0.0
    bleed: float = 0.0
    outer_bleed: float = 0.0

    @property
    def per_sheet(self) -> int:
        return self.columns * self.rows

    @property
    def landscape(self) -> bool:
        """Whether the sheet is printed landscape (the backs then flip on the short edge)."""
        return self.paper[0] > self.paper[1]

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
        mirrored left↔right, so that it lies behind the front when the sheet is turned over
        about its vertical axis (the printer flips on the long edge of a portrait sheet, on
        the short edge of a landscape one), moved by ``offset`` (points)."""
        x, y = self.slot(index)
        return (self.paper[0] - x - self.card_width + offset[0], y + offset[1])

    def bleeds(self, index: int, count: int) -> tuple[float, float, float, float]:
        """The bleed of the front of card ``index`` on a sheet of ``count`` cards, on its left,
        top, right and bottom: the outer bleed where no card of the sheet is next to it, else
        the bleed into the gutter."""
        row, column = divmod(index, self.columns)

        def present(r: int, c: int) -> bool:
            return 0 <= r < self.rows and 0 <= c < self.columns and r * self.columns + c < count

        return (
            self.bleed if present(row, column - 1) else self.outer_bleed,
            self.bleed if present(row - 1, column) else self.outer_bleed,
            self.bleed if present(row, column + 1) else self.outer_bleed,
            self.bleed if present(row + 1, column) else self.outer_bleed,
        )

    def cuts(self) -> tuple[list[float], list[float]]:
        """The x of every vertical cut line and the y of every horizontal one."""
        lefts = [self.slot(i)[0] for i in range(self.columns)]
        tops = [self.slot(i * self.columns)[1] for i in range(self.rows)]
        xs = sorted({x for left in lefts for x in (left, left + self.card_width)})
        ys = sorted({y for top in tops for y in (top, top + self.card_height)})
        return xs, ys


def _room(bleed: float) -> float:
    """What a grid leaves on every side of its trim: the printable margin, the shortest crop
    mark, the gap before the bleed and the outer bleed."""
    return (PRINTABLE_MM + MARK_MIN_MM + MARK_GAP_MM) * MM + bleed


def _count(length: float, gutter: float, page: float, room: float) -> int:
    """How many cards of ``length`` fit side by side on ``page`` leaving ``room`` each side."""
    n = 0
    while (n + 1) * length + n * gutter <= page - 2 * room + 1e-6:
        n += 1
    return n


def sheet_layout(
    paper: Paper | str = "A4", size: SizeSpec = "poker", gutter_mm: float = GUTTER_MM
) -> SheetLayout:
    """The grid of a home-print sheet: as many cards as fit with ``gutter_mm`` between them,
    centred, leaving every side the printable margin (5 mm), crop marks of at least 5 mm and
    the outer bleed (the card size's, 3 mm); portrait, or landscape when that holds more cards
    (A4 holds 2×3 poker cards upright and 4×2 on its side, Letter 2×2 and 3×2)."""
    name = paper_named(paper)
    spec = card_size(size)
    gutter = gutter_mm * MM
    room = _room(spec.bleed)
    best: SheetLayout | None = None
    portrait = PAPERS[name]
    for page in (portrait, (portrait[1], portrait[0])):
        columns = _count(spec.width, gutter, page[0], room)
        rows = _count(spec.height, gutter, page[1], room)
        if columns * rows == 0 or (best is not None and columns * rows <= best.per_sheet):
            continue
        block_w = columns * spec.width + (columns - 1) * gutter
        block_h = rows * spec.height + (rows - 1) * gutter
        best = SheetLayout(
            page,
            spec.width,
            spec.height,
            columns,
            rows,
            (page[0] - block_w) / 2,
            (page[1] - block_h) / 2,
            gutter,
            min(spec.bleed, gutter / 2),
            spec.bleed,
        )
    if best is None:
        raise OutputError(
            f"a {spec.width_mm:g}×{spec.height_mm:g} mm card does not fit on {name} paper with "
            f"its {spec.bleed_mm:g} mm bleed and crop marks"
        )
    return best


MARK_STYLE: Final = Style(stroke=INK, width=0.3, cap="butt")


def card_bleed_boxes(layout: SheetLayout, count: int) -> list[tuple[float, float, float, float]]:
    """The fronts of the first ``count`` cards of a sheet with their bleed: (left, top,
    right, bottom) in page points."""
    boxes = []
    for index in range(count):
        x, y = layout.slot(index)
        left, top, right, bottom = layout.bleeds(index, count)
        boxes.append(
            (x - left, y - top, x + layout.card_width + right, y + layout.card_height + bottom)
        )
    return boxes


def _clear(
    start: float, end: float, at: float, vertical: bool, boxes: Sequence[tuple[float, ...]]
) -> tuple[float, float] | None:
    """The part of the mark from ``start`` towards ``end`` along the line ``at`` (x of a
    vertical mark, y of a horizontal one) before it meets a card's bleed, or ``None`` when
    that leaves less than the shortest mark."""
    clearance = MARK_GAP_MM * MM
    step = 1.0 if end >= start else -1.0
    reach = abs(end - start)
    for left, top, right, bottom in boxes:
        across = (left, right) if vertical else (top, bottom)
        along = (top, bottom) if vertical else (left, right)
        if not across[0] - clearance < at < across[1] + clearance:
            continue
        near = along[0] if step > 0 else along[1]
        far = along[1] if step > 0 else along[0]
        if (far - start) * step <= 0:
            continue  # the card lies behind the mark's start
        reach = min(reach, max(0.0, (near - start) * step - clearance))
    if reach < MARK_MIN_MM * MM - 1e-6:
        return None
    return start, start + step * reach


def crop_marks(layout: SheetLayout, count: int | None = None) -> list[Primitive]:
    """Crop marks for the first ``count`` cards of a sheet (a full sheet when ``None``): every
    cut line along a card's edge continued beyond the last card on it, from just outside the
    outer bleed, up to 8 mm long, no nearer the paper's edge than the printable margin
    (5 mm) and never into a card's bleed (on a partly filled sheet a mark that would reach one
    is shortened, and left out below 5 mm). Lines with no card on them get no mark, and no mark
    lies in a gutter."""
    count = layout.per_sheet if count is None else min(count, layout.per_sheet)
    w, h = layout.paper
    edge = PRINTABLE_MM * MM
    gap = layout.outer_bleed + MARK_GAP_MM * MM
    most = MARK_LENGTH_MM * MM
    cards = [layout.slot(i) for i in range(count)]
    boxes = card_bleed_boxes(layout, count)
    cw, ch = layout.card_width, layout.card_height
    marks: list[Primitive] = []

    def add(at: float, start: float, end: float, vertical: bool) -> None:
        clear = _clear(start, end, at, vertical, boxes)
        if clear is not None:
            a, b = clear
            points = ((at, a), (at, b)) if vertical else ((a, at), (b, at))
            marks.append(Polyline(points, MARK_STYLE))

    for x in sorted({x for cx, _ in cards for x in (cx, cx + cw)}):
        on = [cy for cx, cy in cards if cx - 1e-6 <= x <= cx + cw + 1e-6]
        top, bottom = min(on) - gap, max(on) + ch + gap
        add(x, top, max(edge, top - most), True)
        add(x, bottom, min(h - edge, bottom + most), True)
    for y in sorted({y for _, cy in cards for y in (cy, cy + ch)}):
        on = [cx for cx, cy in cards if cy - 1e-6 <= y <= cy + ch + 1e-6]
        left, right = min(on) - gap, max(on) + cw + gap
        add(y, left, max(edge, left - most), False)
        add(y, right, min(w - edge, right + most), False)
    return marks


def flip_edge(layout: SheetLayout, lang: str) -> str:
    """The edge to flip the sheet on for duplex printing, in words: the long edge of a
    portrait sheet, the short edge of a landscape one."""
    return text("edge_short" if layout.landscape else "edge_long", lang)


def _scales(cx: float, cy: float) -> list[Primitive]:
    """Millimetre scales through (cx, cy): ticks every millimetre to ±10 mm, longer every five,
    numbered every five."""
    items: list[Primitive] = []
    thin = Style(stroke=INK, width=0.25, cap="butt")
    for step in range(-10, 11):
        d = step * MM
        long = 2.2 * MM if step % 5 == 0 else 1.2 * MM
        items.append(Polyline(((cx + d, cy - long), (cx + d, cy + long)), thin))
        items.append(Polyline(((cx - long, cy + d), (cx + long, cy + d)), thin))
        if step and step % 5 == 0:
            # One set of labels per quadrant, so that none runs into another.
            label = f"{step:+d}".replace("-", "−")
            below = cy + 5.0 * MM if step < 0 else cy - 3.0 * MM
            items.append(Text((cx + d, below), label, 6.0, Font.REGULAR, Anchor.MIDDLE, TEXT))
            side = cx - 3.0 * MM if step < 0 else cx + 3.0 * MM
            anchor = Anchor.END if step < 0 else Anchor.START
            items.append(Text((side, cy + d + 2.0), label, 6.0, Font.REGULAR, anchor, TEXT))
    items.append(Polyline(((cx - 10 * MM, cy), (cx + 10 * MM, cy)), thin))
    items.append(Polyline(((cx, cy - 10 * MM), (cx, cy + 10 * MM)), thin))
    return items


def _note_in_frame(
    layout: SheetLayout, title: str, notes: list[str], back: bool
) -> list[Primitive]:
    """The title and the note of a duplex test page inside one card frame: the second card's
    (its back's place on the backs page), or below the cross or the scales when the sheet holds
    one card; the note at 9 pt, smaller down to 6 pt until it fits, the title 3 pt larger,
    both wrapped to the frame."""
    index = 1 if layout.per_sheet > 1 else 0
    x, y = layout.back_slot(index) if back else layout.slot(index)
    pad = 3 * MM
    top = y + pad if index else y + layout.card_height / 2 + 16 * MM
    room_w = layout.card_width - 2 * pad
    room_h = y + layout.card_height - pad - top
    size = 9.0
    while True:
        heads = set_lines(title, room_w, partial(text_width, size=size + 3.0, font=Font.BOLD))
        measure = partial(text_width, size=size)
        lines = [line for note in notes for line in set_lines(note, room_w, measure)]
        height = 1.25 * (size + 3.0) * len(heads) + 0.3 * size + 1.3 * size * len(lines)
        if height <= room_h or size <= 6.0:
            break
        size -= 0.5
    mx = x + layout.card_width / 2
    baseline = (top + max(0.0, (room_h - height) / 2) if index else top) + size + 3.0
    items: list[Primitive] = []
    for head in heads:
        items.append(Text((mx, baseline), head, size + 3.0, Font.BOLD, Anchor.MIDDLE, TEXT))
        baseline += 1.25 * (size + 3.0)
    baseline += 0.3 * size - 3.0
    for line in lines:
        items.append(Text((mx, baseline), line, size, Font.REGULAR, Anchor.MIDDLE, TEXT))
        baseline += 1.3 * size
    return items


def _duplex_page(layout: SheetLayout, lang: str, back: bool) -> Drawing:
    """A duplex test page: every card frame of the grid; on the front the crop marks and a red
    cross on the first card's place, on the back, at the mirrored place, millimetre scales."""
    w, h = layout.paper
    items: list[Primitive] = []
    frame = Style(stroke=INK, width=0.5)
    for index in range(layout.per_sheet):
        x, y = layout.back_slot(index) if back else layout.slot(index)
        items.append(rect(x, y, layout.card_width, layout.card_height, frame))
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
    title = text("duplex_back" if back else "duplex_front", lang)
    note = text("duplex_note", lang).format(edge=flip_edge(layout, lang))
    items.extend(_note_in_frame(layout, title, [] if back else [note], back))
    return Drawing(w, h, tuple(items), WHITE, title)


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


def _bled(
    face: Face, layout: SheetLayout, corner: Point, bleeds: tuple[float, float, float, float]
) -> list[Primitive]:
    """A card side with its trim's top left corner at ``corner`` and a bleed of its own on each
    side (left, top, right, bottom): drawn with the outer bleed, its ground (the first item, a
    rectangle to the bleed edge) cut back to those bleeds. A face without such a ground is
    drawn with the gutter's bleed all round."""
    x, y = corner
    outer = layout.outer_bleed
    drawing = face(outer)
    ground = drawing.items[0] if drawing.items else None
    if not (isinstance(ground, Polygon) and _covers(ground, drawing)):
        b = layout.bleed
        return place(face(b).items, x - b, y - b)
    left, top, right, bottom = bleeds
    cut = rect(
        x - left,
        y - top,
        layout.card_width + left + right,
        layout.card_height + top + bottom,
        ground.style,
    )
    return [cut, *place(drawing.items[1:], x - outer, y - outer)]


def _covers(ground: Polygon, drawing: Drawing) -> bool:
    """Whether ``ground`` is the rectangle of the whole drawing."""
    xs = [x for x, _y in ground.points]
    ys = [y for _x, y in ground.points]
    corners = (min(xs), min(ys), max(xs) - drawing.width, max(ys) - drawing.height)
    return len(ground.points) == 4 and max(abs(v) for v in corners) < 1e-6


def card_sheet_drawings(
    fronts: Sequence[Face], back: Backs, options: SheetOptions
) -> list[Drawing]:
    """The pages of :func:`card_sheets`: for every sheet its fronts with crop marks, then its
    backs mirrored and moved by the duplex offset; every side with the outer bleed (3 mm)
    where no card is next to it and half the gutter between cards."""
    layout = sheet_layout(options.paper, options.size, options.gutter_mm)
    w, h = layout.paper
    backs_of = _back_faces(back, len(fronts))
    offset = (options.duplex_offset_mm[0] * MM, options.duplex_offset_mm[1] * MM)
    pages: list[Drawing] = []
    for start in range(0, len(fronts), layout.per_sheet):
        batch = fronts[start : start + layout.per_sheet]
        front_items: list[Primitive] = []
        backs: list[Primitive] = []
        for index, face in enumerate(batch):
            left, top, right, bottom = layout.bleeds(index, len(batch))
            front_items.extend(_bled(face, layout, layout.slot(index), (left, top, right, bottom)))
            back_corner = layout.back_slot(index, offset)
            backs.extend(
                _bled(backs_of[start + index], layout, back_corner, (right, top, left, bottom))
            )
        number = start // layout.per_sheet + 1
        marks = crop_marks(layout, len(batch))
        fronts_title = text("fronts_sheet", options.lang).format(n=number)
        pages.append(Drawing(w, h, tuple(front_items + marks), WHITE, fronts_title))
        backs_title = text("backs_sheet", options.lang).format(n=number)
        pages.append(Drawing(w, h, tuple(backs), WHITE, backs_title))
    return pages


def card_sheets(
    fronts: Sequence[Face], back: Backs, options: SheetOptions, info: DocumentInfo
) -> bytes:
    """Cards for home printing as a PDF: for every sheet (:func:`sheet_layout`) its fronts page
    and its backs page (a shared back or one per card), mirrored for duplex printing and moved
    by the duplex offset; every card and back with its bleed, crop marks in the margins and
    beside the empty places of a partly filled sheet."""
    if not fronts:
        raise OutputError("no cards to print")
    pages = card_sheet_drawings(fronts, back, options)
    buffer, canvas = pdf_canvas(info, options.lang, (pages[0].width, pages[0].height))
    painter = _painter(canvas, options, shop=False)
    for page in pages:
        painter.page(page)
    canvas.save()
    return _finish(buffer.getvalue(), options, info, shop=False)


def duplex_test(options: SheetOptions | None = None) -> bytes:
    """The duplex registration test for the home sheets' grid, two pages: printed double-sided
    and held against the light, the front's cross read on the back's millimetre scales gives
    the ``--duplex-offset``."""
    options = options or SheetOptions()
    layout = sheet_layout(options.paper, options.size, options.gutter_mm)
    lang = options.lang
    subject = text("duplex_subject", lang).format(edge=flip_edge(layout, lang))
    info = DocumentInfo(text("duplex_title", lang), subject)
    buffer, canvas = pdf_canvas(info, lang, layout.paper)
    painter = _painter(canvas, options, shop=False)
    painter.page(_duplex_page(layout, lang, False))
    painter.page(_duplex_page(layout, lang, True))
    canvas.save()
    return _finish(buffer.getvalue(), options, info, shop=False)


CUT_CONTOUR: Final = CMYKColorSep(0.0, 1.0, 0.0, 0.0, spotName="CutContour")
"""The spot colour of the cut, as cutting plotters and shops name it (magenta on screen)."""

GUIDES: Final = CMYKColorSep(0.0, 0.0, 0.0, 0.5, spotName="Guides")
"""The spot colour of the safe zone and the note of the die line: no plate of the card's."""


def die_line_pdf(options: SheetOptions, info: DocumentInfo) -> bytes:
    """The die line as a file of its own, a page the size of the print-shop pages: the trim
    with corners of ``corner_radius_mm`` (3 mm when ``None``) stroked in the spot colour
    ``CutContour``, the safe zone dashed and the note in a second spot colour ``Guides``, both
    set to overprint, so that nothing of it can knock out or print on a card plate."""
    spec = options.card
    b = spec.bleed
    width, height = spec.width + 2 * b, spec.height + 2 * b
    buffer, canvas = pdf_canvas(info, options.lang, (width, height))
    canvas.setBleedBox((0.0, 0.0, width, height))
    canvas.setTrimBox((b, b, b + spec.width, b + spec.height))
    radius = options.corner_radius_mm or 3.0
    canvas.setStrokeOverprint(True)
    canvas.setFillOverprint(True)
    canvas.setOverprintMask(1)
    canvas.setStrokeColor(CUT_CONTOUR)
    canvas.setLineWidth(0.25)
    canvas.roundRect(b, b, spec.width, spec.height, radius * MM, stroke=1, fill=0)
    canvas.setStrokeColor(GUIDES)
    canvas.setDash([2.0, 2.0], 0)
    inner = spec.safe
    canvas.rect(
        b + inner, b + inner, spec.width - 2 * inner, spec.height - 2 * inner, stroke=1, fill=0
    )
    canvas.setFillColor(GUIDES)
    canvas.setFont(Font.REGULAR.value, 6.0)
    note = text("die_line", options.lang).format(r=f"{radius:g}")
    lines = set_lines(note, spec.width - 2 * spec.safe - 4, lambda line: text_width(line, 6.0))
    for i, line in enumerate(lines):
        canvas.drawCentredString(width / 2, height / 2 - 8 * i, line)
    canvas.showPage()
    canvas.save()
    return _finish(buffer.getvalue(), options, info, shop=True)


def shop_sheets(
    fronts: Sequence[Face], back: Backs, options: SheetOptions, info: DocumentInfo
) -> bytes:
    """Cards for a print shop as a PDF: one card per page at full bleed (trim plus the bleed on
    every side), ``/TrimBox`` and ``/BleedBox`` on every page; the fronts and then the back (a
    shared back once, else every card's back in order), or each front followed by its back
    (``interleaved``). With ``cmyk`` every colour goes through the press's ICC profile and the
    file is PDF/X-4, or PDF/X-1a with the transparency flattened (``pdfx="1a"``). The die line
    is never a page of this file (:func:`die_line_pdf`)."""
    if not fronts:
        raise OutputError("no cards to print")
    spec = options.card
    b = spec.bleed
    buffer, canvas = pdf_canvas(info, options.lang, (spec.width + 2 * b, spec.height + 2 * b))
    canvas.setBleedBox((0.0, 0.0, spec.width + 2 * b, spec.height + 2 * b))
    canvas.setTrimBox((b, b, b + spec.width, b + spec.height))
    painter = _painter(canvas, options, shop=True)
    backs = _back_faces(back, len(fronts))
    shared = back(b) if callable(back) else None
    for face, own in zip(fronts, backs, strict=False):
        painter.page(face(b))
        if options.interleaved:
            painter.page(shared if shared is not None else own(b))
    if not options.interleaved:
        if shared is not None:
            painter.page(shared)
        else:
            for own in backs:
                painter.page(own(b))
    canvas.save()
    return _finish(buffer.getvalue(), options, info, shop=True)


def _pdfx(options: SheetOptions, shop: bool) -> PdfX | None:
    """The PDF/X part of a file: the shop files in CMYK claim one, the home sheets none."""
    if not (shop and options.cmyk):
        return None
    return "1a" if options.pdfx == "1a" else "4"


def _painter(canvas: Canvas, options: SheetOptions, shop: bool) -> PdfPainter:
    """The painter of a layout: through the press's profile in CMYK, flattening for X-1a."""
    separation = options.separation() if options.cmyk else False
    return PdfPainter(canvas, cmyk=separation, flatten=_pdfx(options, shop) == "1a")


def _finish(data: bytes, options: SheetOptions, info: DocumentInfo, shop: bool) -> bytes:
    """The press file's metadata, font tags and, for a shop file in CMYK, PDF/X."""
    press = PressInfo(info.title, info.subject, options.author, build_time())
    pdfx = _pdfx(options, shop)
    profile = options.separation().profile if pdfx is not None else None
    return finish_pdf(data, press, profile, pdfx)
