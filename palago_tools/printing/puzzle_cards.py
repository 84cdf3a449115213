"""Tactic puzzle cards: the front shows the position and "Yellow to play and win", the back the
answer drawn (the winning tiles faint on circled cells, and the threats they make).

Built like the creature cards of :mod:`palago_tools.printing.cards`: each card is a
:class:`~palago_tools.diagram.primitives.Drawing` at the same card sizes, placed on the same
3×3 home-print grid (:func:`~palago_tools.printing.cards.sheet_layout`) with each fronts page
followed by its backs page mirrored for duplex printing, or drawn alone as PNG.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ..diagram import CLASSIC, Diagram, Ghost, Mark, MarkShape, Options, Palette, View, compile_diagram
from ..diagram.primitives import Anchor, Drawing, Font, Polygon, Primitive, Style, Text
from ..errors import OutputError
from ..hexgrid import Cell
from ..render.pdf import PdfPainter
from ..render.png import to_png
from ..tactic_puzzles import TacticPuzzle
from ..tiles import Colour
from .cards import INK, WHITE, SizeSpec, card_size, place, sheet_layout
from .sheet import LANGUAGES, Paper

_TO_PLAY: Final = {
    ("EN", Colour.YELLOW): "Yellow to play and win",
    ("EN", Colour.BLUE): "Blue to play and win",
    ("RU", Colour.YELLOW): "Жёлтые начинают и выигрывают",
    ("RU", Colour.BLUE): "Синие начинают и выигрывают",
    ("FR", Colour.YELLOW): "Jaune joue et gagne",
    ("FR", Colour.BLUE): "Bleu joue et gagne",
    ("HU", Colour.YELLOW): "Sárga lép és nyer",
    ("HU", Colour.BLUE): "Kék lép és nyer",
}
_IN_TURNS: Final = {
    ("EN", 1): "in one turn", ("EN", 2): "in two turns",
    ("RU", 1): "за один ход", ("RU", 2): "за два хода",
    ("FR", 1): "en un tour", ("FR", 2): "en deux tours",
    ("HU", 1): "egy lépésben", ("HU", 2): "két lépésben",
}
_SOLUTION: Final = {"EN": "Solution", "RU": "Решение", "FR": "Solution", "HU": "Megoldás"}
_THREATS: Final = {"EN": "threatens", "RU": "угрозы", "FR": "menace", "HU": "fenyeget"}


def _lang(lang: str) -> str:
    code = lang.upper()
    if code not in LANGUAGES:
        raise OutputError(f"unknown language {lang!r}: the languages are {', '.join(LANGUAGES)}")
    return code


def to_play(puzzle: TacticPuzzle, lang: str = "EN") -> tuple[str, str]:
    """The two lines of a card's front: who plays and wins, and in how many turns."""
    code = _lang(lang)
    return _TO_PLAY[(code, puzzle.mover)], _IN_TURNS[(code, puzzle.turns)]


def _board(diagram: Diagram, palette: Palette, box: tuple[float, float, float, float]) -> list[Primitive]:
    """The diagram compiled and fitted into ``box`` (x, y, width, height), centred."""
    art = compile_diagram(diagram, Options(size=24.0, palette=palette, view=View(margin=1),
                                           legend=False, padding=0.0))
    x, y, w, h = box
    k = min(w / art.width, h / art.height, 1.6)
    return place(art.items, x + (w - art.width * k) / 2, y + (h - art.height * k) / 2, k)


def _card(number: int, lines: Sequence[str], diagram: Diagram, footer: str, size: SizeSpec,
          palette: Palette, title: str) -> Drawing:
    spec = card_size(size)
    w, h, m = spec.width, spec.height, spec.safe
    u = min(w / card_size("poker").width, h / card_size("poker").height)
    items: list[Primitive] = [Polygon(((0, 0), (w, 0), (w, h), (0, h)), Style(fill=WHITE))]
    items.append(Text((m, m + 14 * u), f"#{number}", 14 * u, Font.BOLD, Anchor.START, INK))
    y = m + 34 * u
    for i, line in enumerate(lines):
        items.append(Text((w / 2, y + i * 14 * u), line, (12 if i == 0 else 10) * u,
                          Font.BOLD if i == 0 else Font.REGULAR, Anchor.MIDDLE, INK))
    top = y + len(lines) * 14 * u
    bottom = h - m - (14 * u if footer else 0)
    items.extend(_board(diagram, palette, (m, top, w - 2 * m, bottom - top)))
    if footer:
        items.append(Text((w / 2, h - m - 3 * u), footer, 8.5 * u, Font.REGULAR, Anchor.MIDDLE, INK))
    return Drawing(w, h, tuple(items), None, title)


def puzzle_front(puzzle: TacticPuzzle, number: int, lang: str = "EN", size: SizeSpec = "poker",
                 palette: Palette = CLASSIC) -> Drawing:
    """The front of a puzzle card at trim size: its number, who plays and wins, the position."""
    lines = to_play(puzzle, lang)
    diagram = Diagram(puzzle.record.position())
    return _card(number, lines, diagram, "", size, palette, f"Puzzle {number}")


def puzzle_back(puzzle: TacticPuzzle, number: int, lang: str = "EN", size: SizeSpec = "poker",
                palette: Palette = CLASSIC) -> Drawing:
    """The back of a puzzle card: the answer's tiles faint on circled cells, the threats it
    makes crossed, and the answer written out."""
    code = _lang(lang)
    answer_cells: list[Cell] = [t.cell for t in puzzle.answer]
    threat_cells = [c for w in puzzle.threats for c in w.cells if c not in answer_cells]
    marks = tuple(Mark(c, MarkShape.CIRCLE) for c in answer_cells)
    marks += tuple(Mark(c, MarkShape.CROSS) for c in dict.fromkeys(threat_cells))
    diagram = Diagram(puzzle.record.position(), marks=marks, ghosts=tuple(Ghost(t) for t in puzzle.answer))
    answer = " ".join(t.token for t in puzzle.answer)
    footer = f"{_THREATS[code]} " + ", ".join(w.move for w in puzzle.threats) if puzzle.threats else ""
    return _card(number, (f"{_SOLUTION[code]}: {answer}",), diagram, footer, size, palette,
                 f"Puzzle {number}: solution")


def puzzle_png(puzzle: TacticPuzzle, number: int, back: bool = False, lang: str = "EN",
               size: SizeSpec = "poker", scale: float = 4.0) -> bytes:
    """One card side as PNG, ``scale`` pixels per point."""
    maker = puzzle_back if back else puzzle_front
    return to_png(maker(puzzle, number, lang, size), scale)


def puzzle_sheet_drawings(puzzles: Sequence[TacticPuzzle], paper: Paper | str = "A4",
                          lang: str = "EN", size: SizeSpec = "poker",
                          palette: Palette = CLASSIC) -> list[Drawing]:
    """Pages of up to 3×3 cards: each fronts page followed by its backs page, mirrored
    left↔right so that each answer lies behind its puzzle after a long-edge flip."""
    if not puzzles:
        raise OutputError("no puzzles to print")
    layout = sheet_layout(paper, size)
    w, h = layout.paper
    pages: list[Drawing] = []
    for start in range(0, len(puzzles), layout.per_sheet):
        fronts: list[Primitive] = []
        backs: list[Primitive] = []
        for index, puzzle in enumerate(puzzles[start:start + layout.per_sheet]):
            number = start + index + 1
            fronts.extend(place(puzzle_front(puzzle, number, lang, size, palette).items, *layout.slot(index)))
            backs.extend(place(puzzle_back(puzzle, number, lang, size, palette).items, *layout.back_slot(index)))
        sheet = start // layout.per_sheet + 1
        pages.append(Drawing(w, h, tuple(fronts), WHITE, f"Puzzles, sheet {sheet}"))
        pages.append(Drawing(w, h, tuple(backs), WHITE, f"Solutions, sheet {sheet}"))
    return pages


def puzzle_sheets(puzzles: Sequence[TacticPuzzle], paper: Paper | str = "A4", lang: str = "EN",
                  size: SizeSpec = "poker", palette: Palette = CLASSIC) -> bytes:
    """The puzzle cards for home printing as a PDF (see :func:`puzzle_sheet_drawings`)."""
    import io

    from reportlab.pdfgen.canvas import Canvas

    from ..render.pdf import register_fonts

    register_fonts()
    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1, pageCompression=1)
    canvas.setTitle("Palago tactic puzzles")
    canvas.setCreator("palago-tools")
    painter = PdfPainter(canvas)
    for page in puzzle_sheet_drawings(puzzles, paper, lang, size, palette):
        painter.page(page)
    canvas.save()
    return buffer.getvalue()
