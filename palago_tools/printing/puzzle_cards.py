"""Tactic puzzle cards: the front shows the position and "Yellow to play and win", the back the
answer as a drawing only (the winning tiles faint on circled cells, and the threats they make;
for a single threat, the win each block of it opens). Every board of a set is drawn at one
scale, and the fronts of a language set their headline alike for both colours.

Built like the creature cards of :mod:`palago_tools.printing.cards` and with the same
:class:`~palago_tools.printing.sheet.SheetOptions` (language, paper, card size, palette, gutter,
duplex offset, CMYK, interleaving, die line): each card side is a face drawn at trim size plus
a bleed, laid on the home sheets (each fronts page followed by its backs page, mirrored for
duplex printing) or one per page for a print shop, or drawn alone as PNG.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from ..core.hexgrid import Cell
from ..core.tiles import Colour
from ..diagram import (
    CLASSIC,
    Diagram,
    Ghost,
    Mark,
    MarkShape,
    Options,
    Palette,
    View,
    compile_diagram,
)
from ..diagram.palette import palette as palette_named
from ..drawing.metrics import text_width
from ..drawing.primitives import Anchor, Drawing, Font, Primitive, Style, Text
from ..drawing.transform import place, rect
from ..drawing.typesetting import fit_text, set_lines
from ..errors import OutputError
from ..languages import lang_named
from ..render.png import to_png
from ..replays.tactic_puzzles import TacticPuzzle, block_refutations
from .layout import Face, card_sheet_drawings, card_sheets, shop_sheets
from .sheet import (
    TEXT,
    WHITE,
    CardSize,
    DocumentInfo,
    SheetOptions,
    SizeSpec,
    bleed_points,
    card_size,
)
from .strings import shop_title, text

_IN_TURNS: Final = {1: "in_1_turn", 2: "in_2_turns"}
"""The string saying in how many turns a puzzle is won."""

HEADLINE: Final = 12.0
"""The headline's size (points on a poker card), shrunk alike for both colours to fit, never
below the subline: a headline that would be set smaller breaks into two lines instead."""

SUBLINE: Final = 10.0
"""The subline's size (points on a poker card)."""

NOTE: Final = 7.5
"""The size of the backs' notes (points on a poker card)."""

LEADING: Final = 1.25
"""The distance between the lines at the top of a card, in their size."""

PANELS: Final = 0.36
"""The share of a single-threat back's board room that its panels take."""

ART_SIZE: Final = 24.0
"""The tile size the boards are compiled at before they are scaled."""

MAX_SCALE: Final = 1.6
"""The largest scale of a board: tiles of at most 38 points on a poker card."""


def to_play(puzzle: TacticPuzzle, lang: str = "EN") -> tuple[str, str]:
    """The two lines of a card's front: who plays and wins, and in how many turns."""
    code = lang_named(lang)
    return text(f"to_play_{puzzle.mover.value}", code), text(_IN_TURNS[puzzle.turns], code)


@dataclass(frozen=True)
class FrontType:
    """How a language's fronts set their words, alike on every card: the headline's lines for
    each colour (as many for both), their size, and the subline's size (at most the headline's)."""

    headlines: dict[str, tuple[str, ...]]
    headline: float
    subline: float


def front_type(lang: str, size: SizeSpec = "poker") -> FrontType:
    """The type of the fronts in ``lang``: both colours' headlines at one size, on one line
    when that size is no smaller than the subline's, else each on two."""
    code = lang_named(lang)
    spec = card_size(size)
    u, width = spec.unit, spec.width - 2 * spec.safe
    heads = {c.value: text(f"to_play_{c.value}", code) for c in Colour}
    subs = [text(key, code) for key in _IN_TURNS.values()]
    sub = min(fit_text(line, SUBLINE * u, width, Font.REGULAR) for line in subs)
    one = min(fit_text(line, HEADLINE * u, width, Font.BOLD) for line in heads.values())
    if one >= sub:
        return FrontType({k: (v,) for k, v in heads.items()}, one, sub)
    measure = lambda line: text_width(line, HEADLINE * u, Font.BOLD)  # noqa: E731
    split = {k: tuple(set_lines(v, width, measure)[:2]) or (v,) for k, v in heads.items()}
    rows = max(len(v) for v in split.values())
    split = {k: v + ("",) * (rows - len(v)) for k, v in split.items()}
    two = min(fit_text(line, HEADLINE * u, width, Font.BOLD) for v in split.values() for line in v)
    return FrontType(split, two, min(sub, two))


@dataclass(frozen=True)
class _Side:
    """What one side of a card shows: lines of text (text, points per unit, bold), the board,
    the panels below it with a note above them."""

    lines: tuple[tuple[str, float, bool], ...]
    board: Diagram
    note: tuple[str, ...] = ()
    panels: tuple[Diagram, ...] = ()
    numbering: str = "#{n}"


def _art(diagram: Diagram, palette: Palette = CLASSIC) -> Drawing:
    options = Options(
        size=ART_SIZE, palette=palette, view=View(margin=1), legend=False, padding=0.0
    )
    return compile_diagram(diagram, options)


def _baselines(side: _Side, spec: CardSize) -> list[float]:
    """Where the lines at the top of a side sit, each under the one before by its size."""
    found = [spec.safe + 34 * spec.unit]
    for _line, points, _bold in side.lines[1:]:
        found.append(found[-1] + LEADING * points)
    return found


def _boxes(
    side: _Side, spec: CardSize
) -> tuple[tuple[float, float, float, float], tuple[float, float, float, float]]:
    """The box of the board and the box of the panels (x, y, width, height, in the trim)."""
    w, h, m, u = spec.width, spec.height, spec.safe, spec.unit
    top = _baselines(side, spec)[-1] + 8 * u
    bottom = h - m
    if not side.panels:
        return (m, top, w - 2 * m, bottom - top), (m, bottom, w - 2 * m, 0.0)
    room = bottom - top
    panels = room * PANELS
    note = len(side.note) * NOTE * LEADING * u
    board = room - panels - note
    return (m, top, w - 2 * m, board), (m, top + board + note, w - 2 * m, panels)


def _fit(art: Drawing, box: tuple[float, float, float, float]) -> float:
    return min(box[2] / art.width, box[3] / art.height, MAX_SCALE)


def _placed(art: Drawing, box: tuple[float, float, float, float], scale: float) -> list[Primitive]:
    x, y, w, h = box
    return place(
        art.items, x + (w - art.width * scale) / 2, y + (h - art.height * scale) / 2, scale
    )


def _card(
    number: int,
    side: _Side,
    size: SizeSpec,
    palette: Palette,
    title: str,
    bleed: bool | float,
    scale: float | None,
) -> Drawing:
    """A card side: white to the bleed edge, the number, the lines centred under it, the board
    at ``scale`` (``None``: as large as its box allows) and the panels under their note."""
    spec = card_size(size)
    w, h, m = spec.width, spec.height, spec.safe
    b = bleed_points(spec, bleed)
    u = spec.unit
    items: list[Primitive] = [
        Text(
            (m, m + 14 * u), side.numbering.format(n=number), 14 * u, Font.BOLD, Anchor.START, TEXT
        )
    ]
    for (line, points, bold), y in zip(side.lines, _baselines(side, spec), strict=True):
        font = Font.BOLD if bold else Font.REGULAR
        items.append(Text((w / 2, y), line, points, font, Anchor.MIDDLE, TEXT))
    board_box, panel_box = _boxes(side, spec)
    art = _art(side.board, palette)
    items.extend(_placed(art, board_box, scale or _fit(art, board_box)))
    if side.panels:
        x, y0, pw, ph = panel_box
        for i, line in enumerate(side.note):
            baseline = y0 - (len(side.note) - i - 0.7) * NOTE * LEADING * u
            items.append(Text((w / 2, baseline), line, NOTE * u, Font.REGULAR, Anchor.MIDDLE, TEXT))
        count = len(side.panels)
        arts = [_art(panel, palette) for panel in side.panels]
        boxes = [(x + i * pw / count, y0, pw / count, ph) for i in range(count)]
        small = min(_fit(a, box) for a, box in zip(arts, boxes, strict=True))
        for a, box in zip(arts, boxes, strict=True):
            items.extend(_placed(a, box, small))
    ground = rect(0, 0, w + 2 * b, h + 2 * b, Style(fill=WHITE))
    return Drawing(w + 2 * b, h + 2 * b, (ground, *place(items, b, b)), None, title)


def _front_side(puzzle: TacticPuzzle, lang: str, size: SizeSpec) -> _Side:
    code = lang_named(lang)
    kind = front_type(code, size)
    lines = [(line, kind.headline, True) for line in kind.headlines[puzzle.mover.value]]
    lines.append((text(_IN_TURNS[puzzle.turns], code), kind.subline, False))
    numbering = text("card_number", code)
    return _Side(tuple(lines), Diagram(puzzle.record.position()), numbering=numbering)


def _note(key: str, lang: str, size: SizeSpec) -> tuple[str, ...]:
    spec = card_size(size)
    width = spec.width - 2 * spec.safe
    measure = lambda line: text_width(line, NOTE * spec.unit, Font.REGULAR)  # noqa: E731
    return tuple(set_lines(text(key, lang), width, measure))


def _back_side(puzzle: TacticPuzzle, lang: str, size: SizeSpec) -> _Side:
    """The answer drawn only: its tiles faint on circled cells, the threats it makes crossed;
    for a single threat, a panel for each win a block of it opens (the block's tiles crossed,
    the win faint on circles)."""
    code = lang_named(lang)
    kind = front_type(code, size)
    answer_cells: list[Cell] = [t.cell for t in puzzle.answer]
    threat_cells = [c for w in puzzle.threats for c in w.cells if c not in answer_cells]
    marks = tuple(Mark(c, MarkShape.CIRCLE) for c in answer_cells)
    marks += tuple(Mark(c, MarkShape.CROSS) for c in dict.fromkeys(threat_cells))
    position = puzzle.record.position()
    board = Diagram(position, marks=marks, ghosts=tuple(Ghost(t) for t in puzzle.answer))
    key = "solution_key_2" if puzzle.threats else "solution_key_1"
    lines = [(text("solution", code), kind.headline, True)]
    lines += [(line, NOTE * card_size(size).unit, False) for line in _note(key, code, size)]
    panels = tuple(
        Diagram(
            position.place(*puzzle.answer, *block),
            marks=tuple(Mark(t.cell, MarkShape.CROSS) for t in block)
            + tuple(Mark(c, MarkShape.CIRCLE) for c in sorted(win.cells)),
            ghosts=tuple(Ghost(t) for t in win.tiles),
        )
        for block, win in block_refutations(puzzle)[:3]
    )
    note = _note("blocks_open", code, size) if panels else ()
    return _Side(tuple(lines), board, note, panels, text("card_number", code))


def board_scale(
    puzzles: Sequence[TacticPuzzle], lang: str = "EN", size: SizeSpec = "poker"
) -> float:
    """The one scale of every board of a set, fronts and backs: the largest at which each fits
    its card."""
    spec = card_size(size)
    scales = [MAX_SCALE]
    for puzzle in puzzles:
        for side in (_front_side(puzzle, lang, size), _back_side(puzzle, lang, size)):
            scales.append(_fit(_art(side.board), _boxes(side, spec)[0]))
    return min(scales)


def puzzle_front(
    puzzle: TacticPuzzle,
    number: int,
    lang: str = "EN",
    size: SizeSpec = "poker",
    palette: Palette | str = CLASSIC,
    bleed: bool | float = False,
    scale: float | None = None,
) -> Drawing:
    """The front of a puzzle card: its number, who plays and wins in how many turns, the
    position; at trim size plus ``bleed`` (the card size's own for ``True``, or points), the
    board at ``scale`` (the set's :func:`board_scale`; ``None``: as large as the card allows)."""
    side = _front_side(puzzle, lang, size)
    return _card(number, side, size, palette_named(palette), f"Puzzle {number}", bleed, scale)


def puzzle_back(
    puzzle: TacticPuzzle,
    number: int,
    lang: str = "EN",
    size: SizeSpec = "poker",
    palette: Palette | str = CLASSIC,
    bleed: bool | float = False,
    scale: float | None = None,
) -> Drawing:
    """The back of a puzzle card: the answer as a drawing only (the front shows no
    coordinates), the answer's tiles faint on circled cells and the threats it makes crossed;
    a single threat's back shows below, for each win a block of it opens, the block and that
    win."""
    side = _back_side(puzzle, lang, size)
    title = f"Puzzle {number}: solution"
    return _card(number, side, size, palette_named(palette), title, bleed, scale)


def puzzle_png(
    puzzle: TacticPuzzle,
    number: int,
    back: bool = False,
    lang: str = "EN",
    size: SizeSpec = "poker",
    scale: float = 4.0,
) -> bytes:
    """One card side as PNG at trim size, ``scale`` pixels per point."""
    maker = puzzle_back if back else puzzle_front
    return to_png(maker(puzzle, number, lang, size), scale)


def puzzle_faces(
    puzzles: Sequence[TacticPuzzle], options: SheetOptions
) -> tuple[list[Face], list[Face]]:
    """The fronts of ``puzzles``, numbered from 1, and each one's answer as its back, every
    board at the set's one scale (:func:`board_scale`)."""
    if not puzzles:
        raise OutputError("no puzzles to print")
    code, size, colours = options.lang, options.size, options.palette
    scale = board_scale(puzzles, code, size)

    def front(puzzle: TacticPuzzle, number: int) -> Face:
        return lambda bleed: puzzle_front(puzzle, number, code, size, colours, bleed, scale)

    def back(puzzle: TacticPuzzle, number: int) -> Face:
        return lambda bleed: puzzle_back(puzzle, number, code, size, colours, bleed, scale)

    numbered = list(enumerate(puzzles, start=1))
    return [front(p, n) for n, p in numbered], [back(p, n) for n, p in numbered]


def puzzle_info(puzzles: Sequence[TacticPuzzle], options: SheetOptions, shop: bool) -> DocumentInfo:
    """Title and subject of a puzzle-card PDF in the sheet's language."""
    title = (shop_title if shop else text)("puzzles_title", options.lang)
    return DocumentInfo(title, text("puzzles_subject", options.lang).format(n=len(puzzles)))


def puzzle_sheet_drawings(
    puzzles: Sequence[TacticPuzzle], options: SheetOptions | None = None
) -> list[Drawing]:
    """The pages of :func:`puzzle_sheets`: each sheet's fronts with crop marks, then its backs
    (the answers) mirrored left↔right so that each lies behind its puzzle after a long-edge
    flip, moved by the duplex offset."""
    options = options or SheetOptions()
    fronts, backs = puzzle_faces(puzzles, options)
    return card_sheet_drawings(fronts, backs, options)


def puzzle_sheets(puzzles: Sequence[TacticPuzzle], options: SheetOptions | None = None) -> bytes:
    """The puzzle cards for home printing as a PDF, laid out like the creature cards (as many
    per sheet as fit, bleed, crop marks, the answers on the backs)."""
    options = options or SheetOptions()
    fronts, backs = puzzle_faces(puzzles, options)
    return card_sheets(fronts, backs, options, puzzle_info(puzzles, options, shop=False))


def puzzle_shop_pdf(puzzles: Sequence[TacticPuzzle], options: SheetOptions | None = None) -> bytes:
    """The puzzle cards for a print shop: one card side per page at full bleed, every front and
    then every back, or each front followed by its back (see
    :func:`~palago_tools.printing.layout.shop_sheets`)."""
    options = options or SheetOptions()
    fronts, backs = puzzle_faces(puzzles, options)
    return shop_sheets(fronts, backs, options, puzzle_info(puzzles, options, shop=True))
