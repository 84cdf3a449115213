"""Solution sheets for Palalaboratory, drawn as vector PDF with reportlab.

:func:`solution_sheets` gives, on A4 or Letter and in English, Russian, French or Hungarian:

- one panel per card of the catalog: its number and name, its creature drawn as tiles with tile
  outlines and ``q,r`` coordinates (the diagram model of :mod:`palago_tools.diagram`, painted by
  the PDF renderer of :mod:`palago_tools.render.pdf`), its score broken down into loops and legs,
  and its tile tokens so that the solution can be typed in. Four panels to a page; a creature of
  more than :data:`BIG` tiles (the 48-tile gorilla and dragon) gets a page of its own;
- the green-task tables: the chain of cards 1 → 2 → … → 12 with our computed ↔ (tiles to move)
  and Δ (tiles to add) for each step, and the rulebook's 12 extra green tasks with the rulebook's
  numbers and ours side by side.

Layout coordinates are page points from the top left corner, y downwards, as in
:class:`palago_tools.printing.sheet.Sheet`, which this module shares with the score pads.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from reportlab.lib.colors import HexColor
from reportlab.pdfbase.pdfmetrics import stringWidth

from ..core.tiles import Colour
from ..diagram import CLASSIC, Diagram, Drawing, Emphasis, Options, Palette, View, compile_diagram
from ..diagram import palette as palette_named
from ..diagram.palette import mix
from ..drawing.typesetting import colon, set_lines
from ..errors import OutputError
from ..glossary import counted, score_breakdown
from ..languages import Lang
from ..notation.records import CreatureCard
from ..palalab import CreatureReport, check_submission, transform_distance
from ..render.pdf import PdfPainter
from ..replays.catalog import catalog_records
from ..screens import coloured_creature
from .cards import CHAIN_LAST
from .sheet import (
    BOLD,
    FAINT,
    INK,
    MARGIN,
    REGULAR,
    RULE,
    SHADE,
    STRIPE,
    Paper,
    Sheet,
    draw_title,
    measure,
    new_document,
)
from .strings import text

BIG: Final = 24
"""A creature of more tiles than this gets a page of its own."""

PER_PAGE: Final = 4
"""Panels of the smaller creatures on one page (two columns, two rows)."""

DIFFERS: Final = HexColor("#fbe3e0")

# The rulebook's 12 extra green tasks: (from, to, ↔ tiles to move, Δ tiles to add), by the
# cards' English names. Russian rulebook, seed 001_7ebaaac73fcecb28.txt lines 46-61
# ("превращение Δ"):
#   Пала-червь → Пала-мандра 3 2 / Пал-улитка → Пала-крыса 2 3 / Пала-крыса → Пала-коза 2 3 /
#   Пала-мандра → Пала-стелла 1 3 / Пала-кит → Пала-кобра 3 3 / Пала-крыса → Пала-циклист 4 3 /
#   Пала-стелла → Пала-циклист 7 2 / Пала-стелла → Пала-ленивец 4 2 /
#   Пала-крыса → Пала-ленивец 2 3 /
#   Пала-кобра → Пала-ленивец 6 1 / Пала-кобра → Пала-коза 7 1 / Пала-коза → Пала-циклист 4 0
# (the English seed 000_651b0eb3c4400721.txt, around line 89, has the same first eight rows and
# breaks off at "Pala-rat → Pala-sloth").
RULEBOOK_TABLE: Final[tuple[tuple[str, str, int, int], ...]] = (
    ("Pala-worm", "Pala-newt", 3, 2),
    ("Pala-snail", "Pala-rat", 2, 3),
    ("Pala-rat", "Pala-goat", 2, 3),
    ("Pala-newt", "Pala-star", 1, 3),
    ("Pala-whale", "Pala-cobra", 3, 3),
    ("Pala-rat", "Pala-cyclist", 4, 3),
    ("Pala-star", "Pala-cyclist", 7, 2),
    ("Pala-star", "Pala-sloth", 4, 2),
    ("Pala-rat", "Pala-sloth", 2, 3),
    ("Pala-cobra", "Pala-sloth", 6, 1),
    ("Pala-cobra", "Pala-goat", 7, 1),
    ("Pala-goat", "Pala-cyclist", 4, 0),
)


# --- Data ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ChainStep:
    """One step of the chain of cards: from card ``source`` to card ``target``."""

    source: CreatureCard
    target: CreatureCard
    moves: int
    added: int


@dataclass(frozen=True)
class ExtraTask:
    """A row of the rulebook's table of extra green tasks, with our numbers (``None`` when the
    catalog has no card of that name)."""

    source: str
    target: str
    rulebook_moves: int
    rulebook_added: int
    moves: int | None
    added: int | None

    @property
    def differs(self) -> bool:
        """Whether our computed numbers are known and differ from the rulebook's."""
        return self.moves is not None and (
            self.moves != self.rulebook_moves or self.added != self.rulebook_added
        )


def chain_steps(records: Sequence[CreatureCard]) -> list[ChainStep]:
    """The chain 1 → 2 → … → 12: each card of the rulebook's twelve to the next one present."""
    chain = sorted(
        (r for r in records if r.card is not None and r.card <= CHAIN_LAST),
        key=lambda r: r.card or 0,
    )
    steps = []
    for a, b in itertools.pairwise(chain):
        distance = transform_distance(a.tiles, b.tiles)
        steps.append(ChainStep(a, b, distance.moves, distance.added))
    return steps


def extra_tasks(records: Sequence[CreatureCard]) -> list[ExtraTask]:
    """The rulebook's extra green tasks with our computed ↔ and Δ next to the rulebook's."""
    by_name = {r.name("EN"): r for r in records}
    rows = []
    for source, target, moves, added in RULEBOOK_TABLE:
        a, b = by_name.get(source), by_name.get(target)
        if a is None or b is None:
            rows.append(ExtraTask(source, target, moves, added, None, None))
            continue
        distance = transform_distance(a.tiles, b.tiles)
        rows.append(ExtraTask(source, target, moves, added, distance.moves, distance.added))
    return rows


def _creature(record: CreatureCard) -> CreatureReport:
    report = check_submission(record.tiles)
    if report.creature is None:
        problems = "; ".join(p.message for p in report.problems)
        raise OutputError(
            f"card {record.card} ({record.name('EN')}) is not one creature: {problems}"
        )
    return report.creature


def _name(record: CreatureCard, lang: str) -> str:
    return record.name(lang) or record.name("EN") or text("card_number", lang).format(n=record.card)


# --- Drawing a diagram on the page -----------------------------------------------------------


def _place(sheet: Sheet, drawing: Drawing, x: float, y: float, scale: float) -> None:
    """Paint ``drawing`` with its top left corner at ``x, y`` (page, y down), scaled."""
    c = sheet.canvas
    c.saveState()
    c.translate(x, sheet.height - y - drawing.height * scale)
    c.scale(scale, scale)
    PdfPainter(c).paint(drawing)
    c.restoreState()


def panel_drawing(record: CreatureCard, palette: Palette | str = CLASSIC) -> Drawing:
    """The drawing of a card's panel: its creature as tiles, the loops drawn heavy (outer
    solid, inner dashed), the other colour shaded pale so that the creature's colour stands
    out, each tile's ``q,r`` on its centre, where it hides no tip."""
    palette = palette_named(palette)
    creature = _creature(record)
    other = "blue" if creature.colour is Colour.YELLOW else "yellow"
    shaded = palette.with_colours(**{other: mix(getattr(palette, other), "#ffffff", 0.55)})
    options = Options(
        palette=shaded,
        coordinates=True,
        coordinates_centred=True,
        dashed_inner_loops=True,
        outlines=True,
        grid=False,
        legend=False,
        view=View(margin=0),
        padding=4.0,
    )
    # Only the scored creature: those of the other colour nested in it share its tiles, and
    # their outer loops would be drawn solid over its dashed inner loops.
    emphasis = Emphasis(frozenset(creature.cells), fade=0.0, creature_colour=creature.colour)
    return compile_diagram(Diagram(record.position(), emphasis=emphasis), options)


# --- Panels ----------------------------------------------------------------------------------

MAX_SCALE: Final = 1.25
"""The largest scale of a drawing (compiled with 24-point tiles): tiles of at most 30 points."""

HEAD: Final = 22.0
"""Height of a panel's heading band."""


def _panel_text(sheet: Sheet, record: CreatureCard, width: float) -> list[tuple[str, str]]:
    """The lines under the drawing: (font, text)."""
    creature = _creature(record)
    colour = coloured_creature(creature.colour.value, sheet.lang)
    colour = colour[:1].upper() + colour[1:]
    breakdown = score_breakdown(creature.loops, creature.legs, sheet.lang)
    score = f"{colour}. {colon(sheet.t('solutions_score'), sheet.lang)} {breakdown}"
    tokens = f"{colon(sheet.t('solutions_tokens'), sheet.lang)} " + " ".join(
        t.token for t in record.tiles
    )
    lines = [(BOLD, line) for line in set_lines(score, width, measure(BOLD, 8.5))]
    lines += [(REGULAR, line) for line in set_lines(tokens, width, measure(REGULAR, 6.5))]
    return lines


def _text_height(lines: list[tuple[str, str]]) -> float:
    return sum(11.0 if font == BOLD else 8.2 for font, _ in lines) + 4.0


def _panel(
    sheet: Sheet,
    record: CreatureCard,
    drawing: Drawing,
    x: float,
    y: float,
    w: float,
    h: float,
    scale: float,
) -> None:
    """A card's panel in the box ``x, y, w, h``: heading, drawing, score and tokens."""
    sheet.rect(x, y, w, h, width=0.7, colour=RULE)
    sheet.rect(x, y, w, HEAD, width=0, fill=SHADE, stroke=False)
    sheet.line(x, y + HEAD, x + w, y + HEAD, 0.5, RULE)
    count = counted("tile", len(record.tiles), sheet.lang)
    count_w = stringWidth(count, REGULAR, 8.5)
    sheet.text(x + w - 8, y + 15, count, 8.5, anchor="end", colour=RULE)
    sheet.text(
        x + 8,
        y + 15.5,
        f"{record.card}. {_name(record, sheet.lang)}",
        11.5,
        bold=True,
        fit=w - 28 - count_w,
    )
    inner = w - 16
    lines = _panel_text(sheet, record, inner)
    text_h = _text_height(lines)
    top, bottom = y + HEAD + 4, y + h - text_h - 4
    dw, dh = drawing.width * scale, drawing.height * scale
    _place(sheet, drawing, x + (w - dw) / 2, top + (bottom - top - dh) / 2, scale)
    ty = bottom + 12
    sheet.line(x + 8, bottom + 1, x + w - 8, bottom + 1, 0.3, FAINT)
    for font, line in lines:
        if font == BOLD:
            sheet.text(x + 8, ty, line, 8.5, bold=True, fit=inner)
            ty += 11.0
        else:
            sheet.text(x + 8, ty, line, 6.5, colour=INK, fit=inner)
            ty += 8.2


def _fit(drawing: Drawing, w: float, h: float, cap: float) -> float:
    return min(w / drawing.width, h / drawing.height, cap)


# --- Tables ----------------------------------------------------------------------------------

ROW: Final = 17.0


def _table(
    sheet: Sheet,
    y: float,
    headers: Sequence[str],
    widths: Sequence[float],
    rows: Sequence[tuple[Sequence[str], bool]],
    left: int = 0,
) -> float:
    """A table from ``y``: column ``left`` left-aligned, the others centred; a row whose flag is
    set is shaded and bold. Returns the y below it."""
    x0 = MARGIN
    xs = [x0]
    for width in widths:
        xs.append(xs[-1] + width)
    total = xs[-1] - x0
    head = ROW + 2
    sheet.rect(x0, y, total, head, width=0, fill=SHADE, stroke=False)
    for i, label in enumerate(headers):
        if i == left:
            sheet.text(xs[i] + 6, y + 12.5, label, 8, bold=True, fit=widths[i] - 10)
        else:
            sheet.text(
                (xs[i] + xs[i + 1]) / 2,
                y + 12.5,
                label,
                8,
                bold=True,
                anchor="middle",
                fit=widths[i] - 4,
            )
    top = y
    y += head
    for n, (cells, flagged) in enumerate(rows):
        if flagged:
            sheet.rect(x0, y, total, ROW, width=0, fill=DIFFERS, stroke=False)
        elif n % 2 == 1:
            sheet.rect(x0, y, total, ROW, width=0, fill=STRIPE, stroke=False)
        for i, value in enumerate(cells):
            if i == left:
                sheet.text(xs[i] + 6, y + 12, value, 8.5, bold=flagged, fit=widths[i] - 10)
            else:
                sheet.text((xs[i] + xs[i + 1]) / 2, y + 12, value, 9, bold=flagged, anchor="middle")
        y += ROW
    for x in xs[1:-1]:
        sheet.line(x, top, x, y, 0.4, FAINT)
    sheet.line(x0, top + head, x0 + total, top + head, 0.6, RULE)
    sheet.rect(x0, top, total, y - top, width=0.8, colour=RULE)
    return y


def _tables(sheet: Sheet, records: Sequence[CreatureCard], y: float) -> None:
    lang = sheet.lang
    content = sheet.width - 2 * MARGIN
    names = {r.name("EN"): _name(r, lang) for r in records}
    sheet.text(MARGIN, y, sheet.t("green_title"), 12, bold=True, fit=content)
    y = sheet.paragraph(MARGIN, y + 15, sheet.t("green_key"), content, 7.5, 9.5) + 10

    sheet.text(MARGIN, y, sheet.t("solutions_chain"), 10.5, bold=True, fit=content)
    y += 6
    chain_rows: list[tuple[Sequence[str], bool]] = [
        (
            (
                f"{step.source.card} → {step.target.card}",
                f"{_name(step.source, lang)} → {_name(step.target, lang)}",
                str(step.moves),
                str(step.added),
            ),
            False,
        )
        for step in chain_steps(records)
    ]
    narrow = 64.0
    y = _table(
        sheet,
        y,
        (sheet.t("solutions_step"), sheet.t("solutions_transformation"), "↔", "Δ"),
        (narrow, content - 3 * narrow, narrow, narrow),
        chain_rows,
        left=1,
    )
    y += 26

    sheet.text(MARGIN, y, sheet.t("solutions_extra"), 10.5, bold=True, fit=content)
    y += 6
    ours, book = sheet.t("solutions_ours"), sheet.t("solutions_rulebook")
    rows2: list[tuple[Sequence[str], bool]] = []
    missing = False
    for task in extra_tasks(records):
        mark = "*" if task.differs else ""
        moves = "—" if task.moves is None else f"{task.moves}{mark}"
        added = "—" if task.added is None else str(task.added)
        missing = missing or task.moves is None
        label = f"{names.get(task.source, task.source)} → {names.get(task.target, task.target)}"
        rows2.append(
            (
                (label, str(task.rulebook_moves), moves, str(task.rulebook_added), added),
                task.differs,
            )
        )
    y = _table(
        sheet,
        y,
        (sheet.t("solutions_transformation"), f"↔ {book}", f"↔ {ours}", f"Δ {book}", f"Δ {ours}"),
        (content - 4 * narrow, narrow, narrow, narrow, narrow),
        rows2,
    )
    y += 14
    differing = [t for t in extra_tasks(records) if t.differs]
    if differing:
        worm_newt = [(t.source, t.target) for t in differing] == [("Pala-worm", "Pala-newt")]
        note = sheet.t("solutions_differs" if worm_newt else "solutions_differs_short")
        y = sheet.paragraph(MARGIN, y, note, content, 7.5, 9.5)
    if missing:
        sheet.paragraph(MARGIN, y, sheet.t("solutions_missing"), content, 7.5, 9.5)


# --- The document ----------------------------------------------------------------------------


def solution_sheets(
    paper: Paper = "A4",
    lang: Lang = "EN",
    palette: Palette | str = CLASSIC,
    records: Sequence[CreatureCard] | None = None,
) -> bytes:
    """The solution sheets of the catalog (``records``, default the built-in one), as PDF bytes.

    Four cards to a page, in card order, then one page for each creature of more than
    :data:`BIG` tiles, then a page with the green-task tables. ``palette`` is a
    :class:`~palago_tools.diagram.Palette` or its name (``"classic"``, ``"french"``…). A card
    that is not one valid creature raises :class:`~palago_tools.errors.OutputError` naming it.
    """
    if records is None:
        records = catalog_records()
    if not records:
        raise OutputError("the catalog has no cards")
    colours = palette_named(palette)
    buffer, canvas, sheet = new_document(paper, lang, "solutions_title")
    title = sheet.title

    ordered = sorted(records, key=lambda r: r.card or 0)
    small = [r for r in ordered if len(r.tiles) <= BIG]
    big = [r for r in ordered if len(r.tiles) > BIG]
    drawings = {id(r): panel_drawing(r, colours) for r in ordered}
    pages = math.ceil(len(small) / PER_PAGE) + len(big) + 1
    content_w = sheet.width - 2 * MARGIN
    bottom_limit = sheet.height - MARGIN - 6
    gap = 12.0
    page = 0

    def finish() -> None:
        nonlocal page
        page += 1
        sheet.footer(title, page, pages)
        canvas.showPage()

    # The smaller creatures, two columns by two rows, all at the same scale.
    first_top = MARGIN + 26
    for start in range(0, len(small), PER_PAGE):
        draw_title(sheet, title)
        top = first_top
        if start == 0:
            intro = sheet.t("solutions_intro")
            top = sheet.paragraph(MARGIN, top + 2, intro, content_w, 7.5, 9.5) + 2
        w = (content_w - gap) / 2
        h = (bottom_limit - top - gap) / 2
        for i, record in enumerate(small[start : start + PER_PAGE]):
            x = MARGIN + (i % 2) * (w + gap)
            y = top + (i // 2) * (h + gap)
            drawing = drawings[id(record)]
            text_room = _text_height(_panel_text(sheet, record, w - 16))
            scale = _fit(drawing, w - 12, h - HEAD - 12 - text_room, MAX_SCALE)
            _panel(sheet, record, drawing, x, y, w, h, scale)
        finish()

    # A page for each big creature.
    for record in big:
        draw_title(sheet, title)
        top = first_top
        w = content_w
        h = bottom_limit - top
        drawing = drawings[id(record)]
        text_room = _text_height(_panel_text(sheet, record, w - 16))
        scale = _fit(drawing, w - 12, h - HEAD - 12 - text_room, MAX_SCALE)
        _panel(sheet, record, drawing, MARGIN, top, w, h, scale)
        finish()

    # The green-task tables.
    draw_title(sheet, title)
    _tables(sheet, ordered, first_top + 12)
    finish()
    canvas.save()
    return buffer.getvalue()
