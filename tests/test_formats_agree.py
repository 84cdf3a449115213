"""Every drawing is the same picture in every format: each rulebook figure, the cards' fronts
and backs, the puzzle cards (the answers with their faint tiles), the solution panels, the
pages of the home sheets are rendered to PNG through SVG (cairosvg) and
through PDF (the PDF painter, rasterised by PDFium) and compared block by block."""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from palago_tools.diagram import compile_diagram
from palago_tools.drawing.primitives import Close, Drawing, LineTo, MoveTo, Path, Style
from palago_tools.printing import card_back, card_front
from palago_tools.printing.cards import creature_faces
from palago_tools.printing.layout import card_sheet_drawings
from palago_tools.printing.puzzle_cards import puzzle_back, puzzle_front, puzzle_sheet_drawings
from palago_tools.printing.sheet import SheetOptions
from palago_tools.printing.solutions import panel_drawing
from palago_tools.render.pdf import PdfPainter, register_fonts
from palago_tools.replays.catalog import catalog_records
from palago_tools.replays.tactic_puzzles import shipped_puzzles
from palago_tools.views.figures import figure_options, figures

from .rasters import block_difference, needs_cairo, needs_cmyk_profile, pdf_raster, svg_raster

LIMIT = 48.0
"""The largest difference of a block's mean colour, per channel (0..255), between the two
renders (:func:`~tests.rasters.block_difference`: blurred by 2 pixels, blocks of 16). Measured
with the painters agreeing: at most 37, where large bold text is placed half a point apart by
the two font engines, 8 to 25 elsewhere; with the faint tiles of the PDF drawn opaque (the
fault this test was written for), 88 to 115 in every drawing that has one."""


@cache
def _cards() -> dict[int, object]:
    return {r.card or 0: r for r in catalog_records()}


def _figure(name: str, lang: str) -> Callable[[], Drawing]:
    def make() -> Drawing:
        figure = next(f for f in figures(lang=lang) if f.name == name)
        return compile_diagram(figure.diagram, figure.options(figure_options()))

    return make


def _cases() -> dict[str, tuple[Callable[[], Drawing], float]]:
    """Each drawing by name, made when the test runs, with its scale in pixels per point."""
    cases: dict[str, tuple[Callable[[], Drawing], float]] = {}
    for figure in figures():
        cases[f"figure-{figure.name}"] = (_figure(figure.name, "EN"), 2.0)
    cases["figure-scoring-ru"] = (_figure("scoring", "RU"), 2.0)
    records = sorted(catalog_records(), key=lambda r: r.card or 0)
    cases["card-front-12"] = (lambda: card_front(records[11], records[10]), 3.0)
    cases["card-front-1-greyscale"] = (lambda: card_front(records[0], palette="greyscale"), 3.0)
    cases["card-back"] = (lambda: card_back(), 3.0)
    puzzles = shipped_puzzles()
    cases["puzzle-front-1"] = (lambda: puzzle_front(puzzles[0], 1, bleed=True), 3.0)
    for number in (1, 18):
        cases[f"puzzle-answer-{number}"] = (
            lambda n=number: puzzle_back(puzzles[n - 1], n, "HU", bleed=True),
            3.0,
        )
    for record in records:
        cases[f"solution-panel-{record.card}"] = (lambda r=record: panel_drawing(r), 2.0)
    options = SheetOptions(paper="Letter", lang="RU")
    cases["home-sheet-fronts"] = (
        lambda: card_sheet_drawings(*creature_faces(records, options), options)[0],
        1.6,
    )
    cases["home-sheet-backs"] = (
        lambda: card_sheet_drawings(*creature_faces(records, options), options)[1],
        1.6,
    )
    cases["puzzle-sheet-answers"] = (lambda: puzzle_sheet_drawings(puzzles)[1], 1.6)
    return cases


CASES = _cases()


@needs_cairo
@pytest.mark.parametrize("name", sorted(CASES))
def test_svg_and_pdf_render_the_same_picture(name: str) -> None:
    make, scale = CASES[name]
    drawing = make()
    through_svg = svg_raster(drawing, scale)
    through_pdf = pdf_raster(drawing, scale)
    difference = block_difference(through_svg, through_pdf)
    assert difference.worst <= LIMIT, f"{name}: {difference}"


@needs_cairo
def test_the_comparison_sees_a_wrong_opacity() -> None:
    """A faint shape drawn opaque in one format only fails the comparison: the test is tight
    enough for the fault it guards against."""
    drawing = panel_drawing(_cards()[1])  # type: ignore[arg-type]
    faint = Path(
        drawing.items[0].segments,  # type: ignore[union-attr]
        Style(fill="#1f5aa6", opacity=0.5),
    )
    opaque = Path(faint.segments, Style(fill="#1f5aa6"))
    half = Drawing(drawing.width, drawing.height, (faint,), "#ffffff", "faint")
    full = Drawing(drawing.width, drawing.height, (opaque,), "#ffffff", "opaque")
    assert block_difference(svg_raster(half, 2.0), pdf_raster(half, 2.0)).worst <= LIMIT
    assert block_difference(svg_raster(half, 2.0), pdf_raster(full, 2.0)).worst > 1.5 * LIMIT


@pytest.mark.parametrize("cmyk", [False, pytest.param(True, marks=needs_cmyk_profile)])
def test_every_change_of_colour_keeps_its_opacity(cmyk: bool) -> None:
    """A ghost tile's way: a faint yellow half, then a faint blue half and faint boundaries
    (the same opacity, other colours), after and before opaque shapes, in RGB and in CMYK.
    Every faint shape is painted with the fill and stroke opacity (``/ca``, ``/CA``) 0.5 in
    force, every opaque one with 1."""
    opaque = Style(fill="#f5c518", stroke="#222222", width=2.0)
    faint_yellow = Style(fill="#f5c518", stroke="#222222", width=2.0, opacity=0.5)
    faint_blue = Style(fill="#1f5aa6", stroke="#555555", width=2.0, opacity=0.5)
    styles = [opaque, faint_yellow, faint_blue, faint_yellow] * 2
    shapes = tuple(
        Path((MoveTo((x, 10.0)), LineTo((x + 20, 10.0)), LineTo((x, 30.0)), Close()), style)
        for x, style in zip(range(0, 200, 25), styles, strict=True)
    )
    register_fonts()
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(200, 40), invariant=1, pageCompression=0)
    PdfPainter(canvas, cmyk=cmyk).page(Drawing(200, 40, shapes, None, "opacity"))
    canvas.save()
    page = PdfReader(io.BytesIO(buffer.getvalue())).pages[0]
    states: Any = page["/Resources"]["/ExtGState"]  # type: ignore[index]
    content = page.get_contents().get_data().decode("latin-1")  # type: ignore[union-attr]
    fill, stroke, painted = 1.0, 1.0, []
    # Graphics states set (``/Name gs``) and paths painted (``B*``: filled and stroked).
    for token in re.finditer(r"(/\w+) gs|\bB\*?\s", content):
        if token.group(1):
            state = states[token.group(1)]
            fill = float(state.get("/ca", fill))
            stroke = float(state.get("/CA", stroke))
        else:
            painted.append((fill, stroke))
    assert painted == [(1.0, 1.0), (0.5, 0.5), (0.5, 0.5), (0.5, 0.5)] * 2
