"""Tactic puzzle cards: the front shows the position and "Yellow to play and win", the back the
answer drawn (the winning tiles faint on circled cells, and the threats they make).

Built like the creature cards of :mod:`palago_tools.printing.cards` and with the same
:class:`~palago_tools.printing.sheet.SheetOptions` (language, paper, card size, palette, gutter,
duplex offset, CMYK, interleaving, die line): each card side is a face drawn at trim size plus
a bleed, laid on the home sheets (each fronts page followed by its backs page, mirrored for
duplex printing) or one per page for a print shop, or drawn alone as PNG.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ..core.hexgrid import Cell
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
from ..drawing.primitives import Anchor, Drawing, Font, Primitive, Style, Text
from ..drawing.transform import place, rect
from ..drawing.typesetting import fit_text
from ..errors import OutputError
from ..languages import lang_named
from ..render.png import to_png
from ..replays.tactic_puzzles import TacticPuzzle
from .layout import Face, card_sheet_drawings, card_sheets, shop_sheets
from .sheet import TEXT, WHITE, DocumentInfo, SheetOptions, SizeSpec, bleed_points, card_size
from .strings import text

_IN_TURNS: Final = {1: "in_1_turn", 2: "in_2_turns"}
"""The string saying in how many turns a puzzle is won."""


def to_play(puzzle: TacticPuzzle, lang: str = "EN") -> tuple[str, str]:
    """The two lines of a card's front: who plays and wins, and in how many turns."""
    code = lang_named(lang)
    return text(f"to_play_{puzzle.mover.value}", code), text(_IN_TURNS[puzzle.turns], code)


def _board(
    diagram: Diagram, palette: Palette, box: tuple[float, float, float, float]
) -> list[Primitive]:
    """The diagram compiled and fitted into ``box`` (x, y, width, height), centred."""
    art = compile_diagram(
        diagram, Options(size=24.0, palette=palette, view=View(margin=1), legend=False, padding=0.0)
    )
    x, y, w, h = box
    k = min(w / art.width, h / art.height, 1.6)
    return place(art.items, x + (w - art.width * k) / 2, y + (h - art.height * k) / 2, k)


def _card(
    number: int,
    lines: Sequence[str],
    diagram: Diagram,
    footer: str,
    size: SizeSpec,
    palette: Palette,
    title: str,
    bleed: bool | float,
) -> Drawing:
    """A card side: white to the bleed edge, the number, ``lines`` centred under it, the board
    filling the rest of the safe zone, ``footer`` at the bottom."""
    spec = card_size(size)
    w, h, m = spec.width, spec.height, spec.safe
    b = bleed_points(spec, bleed)
    u = spec.unit
    items: list[Primitive] = [
        Text((m, m + 14 * u), f"#{number}", 14 * u, Font.BOLD, Anchor.START, TEXT)
    ]
    y = m + 34 * u
    for i, line in enumerate(lines):
        font = Font.BOLD if i == 0 else Font.REGULAR
        points = fit_text(line, (12 if i == 0 else 10) * u, w - 2 * m, font)
        items.append(Text((w / 2, y + i * 14 * u), line, points, font, Anchor.MIDDLE, TEXT))
    top = y + len(lines) * 14 * u
    bottom = h - m - (14 * u if footer else 0)
    items.extend(_board(diagram, palette, (m, top, w - 2 * m, bottom - top)))
    if footer:
        points = fit_text(footer, 8.5 * u, w - 2 * m, Font.REGULAR)
        items.append(
            Text((w / 2, h - m - 3 * u), footer, points, Font.REGULAR, Anchor.MIDDLE, TEXT)
        )
    ground = rect(0, 0, w + 2 * b, h + 2 * b, Style(fill=WHITE))
    return Drawing(w + 2 * b, h + 2 * b, (ground, *place(items, b, b)), None, title)


def puzzle_front(
    puzzle: TacticPuzzle,
    number: int,
    lang: str = "EN",
    size: SizeSpec = "poker",
    palette: Palette | str = CLASSIC,
    bleed: bool | float = False,
) -> Drawing:
    """The front of a puzzle card: its number, who plays and wins in how many turns, the
    position; at trim size plus ``bleed`` (the card size's own for ``True``, or points)."""
    lines = to_play(puzzle, lang)
    diagram = Diagram(puzzle.record.position())
    return _card(
        number, lines, diagram, "", size, palette_named(palette), f"Puzzle {number}", bleed
    )


def puzzle_back(
    puzzle: TacticPuzzle,
    number: int,
    lang: str = "EN",
    size: SizeSpec = "poker",
    palette: Palette | str = CLASSIC,
    bleed: bool | float = False,
) -> Drawing:
    """The back of a puzzle card: the answer's tiles faint on circled cells, the threats it
    makes crossed, and the answer written out."""
    code = lang_named(lang)
    answer_cells: list[Cell] = [t.cell for t in puzzle.answer]
    threat_cells = [c for w in puzzle.threats for c in w.cells if c not in answer_cells]
    marks = tuple(Mark(c, MarkShape.CIRCLE) for c in answer_cells)
    marks += tuple(Mark(c, MarkShape.CROSS) for c in dict.fromkeys(threat_cells))
    diagram = Diagram(
        puzzle.record.position(), marks=marks, ghosts=tuple(Ghost(t) for t in puzzle.answer)
    )
    answer = " ".join(t.token for t in puzzle.answer)
    threats = ", ".join(w.move for w in puzzle.threats)
    footer = f"{text('threats', code)} {threats}" if puzzle.threats else ""
    return _card(
        number,
        (f"{text('solution', code)}: {answer}",),
        diagram,
        footer,
        size,
        palette_named(palette),
        f"Puzzle {number}: solution",
        bleed,
    )


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
    """The fronts of ``puzzles``, numbered from 1, and each one's answer as its back."""
    if not puzzles:
        raise OutputError("no puzzles to print")
    code, size, colours = options.lang, options.size, options.palette

    def front(puzzle: TacticPuzzle, number: int) -> Face:
        return lambda bleed: puzzle_front(puzzle, number, code, size, colours, bleed)

    def back(puzzle: TacticPuzzle, number: int) -> Face:
        return lambda bleed: puzzle_back(puzzle, number, code, size, colours, bleed)

    numbered = list(enumerate(puzzles, start=1))
    return [front(p, n) for n, p in numbered], [back(p, n) for n, p in numbered]


def puzzle_info(puzzles: Sequence[TacticPuzzle], options: SheetOptions, shop: bool) -> DocumentInfo:
    """Title and subject of a puzzle-card PDF in the sheet's language."""
    title = text("puzzles_shop_title" if shop else "puzzles_title", options.lang)
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
