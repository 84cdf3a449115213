"""What every printed sheet shares: papers, languages, fonts, colours, and :class:`Sheet`, a
reportlab canvas addressed from the top left corner of the page with y downwards (like
:mod:`palago_tools.hexgrid`)."""

from __future__ import annotations

import io
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final, Literal, cast, get_args

from reportlab.lib.colors import Color, HexColor
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from ..drawing.typesetting import bind, words
from ..errors import OutputError
from ..files import atomic_write
from ..render.pdf import register_fonts

Paper = Literal["A4", "Letter"]
Lang = Literal["EN", "RU", "FR", "HU"]

PAPERS: Final[dict[str, tuple[float, float]]] = {
    "A4": (595.2755905511812, 841.8897637795277),
    "Letter": (612.0, 792.0),
}
"""Page sizes in points (portrait)."""

LANGUAGES: Final = ("EN", "RU", "FR", "HU")

# The names under which ``register_fonts`` registers the bundled DejaVu Sans faces.
REGULAR: Final = "DejaVuSans"
BOLD: Final = "DejaVuSans-Bold"

MARGIN: Final = 36.0
INK: Final = HexColor("#000000")
RULE: Final = HexColor("#555555")
FAINT: Final = HexColor("#9a9a9a")
SHADE: Final = HexColor("#ececec")
GRID: Final = HexColor("#b4b4b4")


def paper_named(name: str) -> Paper:
    """The paper called ``name`` in any case (``a4`` is A4); :class:`OutputError` for another."""
    for paper in get_args(Paper):
        if paper.lower() == str(name).lower():
            return cast(Paper, paper)
    raise OutputError(f"unknown paper {name!r}; the papers are {', '.join(PAPERS)}")


def check_page(paper: str, lang: str) -> tuple[float, float]:
    """The page size of ``paper``; :class:`OutputError` for an unknown paper or language."""
    size = PAPERS[paper_named(paper)]
    if lang not in LANGUAGES:
        raise OutputError(f"unknown language {lang!r}: choose one of {', '.join(LANGUAGES)}")
    return size


SUBJECT: Final = {
    "EN": "Palago tile game: printed matter",
    "RU": "Игра Палаго: материалы для печати",
    "FR": "Jeu de tuiles Palago : documents à imprimer",
    "HU": "Palago lapkajáték: nyomtatható lapok",
}
"""The subject every printed PDF of palago-tools carries in its metadata."""

PAGE_WORD: Final = {"EN": "page", "RU": "стр.", "FR": "page", "HU": "oldal"}
"""The word before a page number in the footer."""

Strings = Mapping[str, Mapping[str, str]]
"""Translations: key → language → text."""


@dataclass
class Sheet:
    """A reportlab canvas addressed from the top left corner of the page, y downwards, with the
    translations of one sheet."""

    canvas: Canvas
    width: float
    height: float
    lang: str
    strings: Strings

    def t(self, key: str) -> str:
        """The string ``key`` in the sheet's language."""
        return self.strings[key][self.lang]

    def text(
        self,
        x: float,
        y: float,
        value: str,
        size: float = 9.0,
        bold: bool = False,
        anchor: str = "start",
        colour: Color = INK,
        fit: float | None = None,
    ) -> float:
        """Draw ``value`` with its baseline at ``y``; shrink it to ``fit`` points wide if given.

        Returns the width drawn.
        """
        font = BOLD if bold else REGULAR
        width = stringWidth(value, font, size)
        if fit is not None and width > fit:
            size *= fit / width
            width = fit
        c = self.canvas
        c.setFillColor(colour)
        c.setFont(font, size)
        yy = self.height - y
        if anchor == "middle":
            c.drawCentredString(x, yy, value)
        elif anchor == "end":
            c.drawRightString(x, yy, value)
        else:
            c.drawString(x, yy, value)
        return float(width)

    def wrap(
        self,
        x: float,
        y: float,
        value: str,
        width: float,
        size: float,
        leading: float,
        bold: bool = False,
        draw: bool = True,
    ) -> float:
        """Draw ``value`` wrapped at spaces to ``width``, first baseline at ``y``.

        Returns the baseline after the last line.
        """
        font = BOLD if bold else REGULAR
        for line in wrap_lines(value, font, size, width):
            if draw:
                self.text(x, y, line, size, bold, fit=width)
            y += leading
        return y

    def line(
        self, x1: float, y1: float, x2: float, y2: float, width: float = 0.5, colour: Color = RULE
    ) -> None:
        c = self.canvas
        c.setStrokeColor(colour)
        c.setLineWidth(width)
        c.line(x1, self.height - y1, x2, self.height - y2)

    def rect(
        self,
        x: float,
        y: float,
        w: float,
        h: float,
        width: float = 0.5,
        colour: Color = RULE,
        fill: Color | None = None,
        stroke: bool = True,
    ) -> None:
        c = self.canvas
        c.setStrokeColor(colour)
        c.setLineWidth(width)
        if fill is not None:
            c.setFillColor(fill)
        c.rect(x, self.height - y - h, w, h, stroke=int(stroke), fill=int(fill is not None))

    def polygon(
        self,
        points: Sequence[tuple[float, float]],
        width: float = 0.5,
        colour: Color = RULE,
        fill: Color | None = None,
    ) -> None:
        c = self.canvas
        c.setStrokeColor(colour)
        c.setLineWidth(width)
        if fill is not None:
            c.setFillColor(fill)
        path = c.beginPath()
        (x0, y0), *rest = points
        path.moveTo(x0, self.height - y0)
        for x, y in rest:
            path.lineTo(x, self.height - y)
        path.close()
        c.drawPath(path, stroke=1, fill=int(fill is not None))

    def checkbox(self, x: float, y: float, size: float = 5.5) -> None:
        """A small square to tick, top left corner at ``x, y``."""
        self.rect(x, y, size, size, width=0.5, colour=RULE)

    def corner_mark(self, x: float, y: float, size: float = 5.0) -> None:
        """The small triangle that marks shared points, right angle at ``x, y``."""
        self.polygon([(x, y), (x + size, y), (x, y + size)], width=0.4, colour=RULE)

    def blank(self, x: float, y: float, label: str, width: float, size: float = 8.5) -> float:
        """``label`` followed by a line to write on, ``width`` in all; returns the right end."""
        used = self.text(x, y, f"{label}:", size) + 4
        self.line(x + used, y + 1.5, x + width, y + 1.5, 0.4, FAINT)
        return x + width

    def footer(self, name: str, page: int, pages: int) -> None:
        """``name · page n/m`` at the bottom right."""
        label = f"{name} · {PAGE_WORD[self.lang]} {page}/{pages}"
        self.text(
            self.width - MARGIN, self.height - MARGIN / 2, label, 6.5, colour=FAINT, anchor="end"
        )


def wrap_lines(value: str, font: str, size: float, width: float) -> list[str]:
    """``value`` broken at spaces into lines no wider than ``width`` (a longer word stays whole),
    never inside a term or before a total (:func:`palago_tools.diagram.typesetting.bind`)."""
    lines: list[str] = []
    current = ""
    for word in words(bind(value)):
        candidate = f"{current} {word}" if current else word
        if current and stringWidth(candidate, font, size) > width:
            lines.append(current)
            current = word
        else:
            current = candidate
    if current:
        lines.append(current)
    return lines


def new_document(
    paper: str, lang: str, title: str, strings: Strings
) -> tuple[io.BytesIO, Canvas, Sheet]:
    """A PDF canvas on ``paper`` with the fonts registered, ``PrintScaling`` None, the title,
    subject and language in ``lang``, and its sheet."""
    width, height = check_page(paper, lang)
    register_fonts()
    buffer = io.BytesIO()
    canvas = Canvas(
        buffer,
        pagesize=(width, height),
        invariant=1,
        pageCompression=1,
        initialFontName=REGULAR,
        initialFontSize=9,
        lang=lang.lower(),
    )
    canvas.setTitle(title)
    canvas.setSubject(SUBJECT[lang])
    canvas.setCreator("palago-tools")
    canvas.setViewerPreference("PrintScaling", "None")
    return buffer, canvas, Sheet(canvas, width, height, lang, strings)


def fitted_lines(
    value: str, font: str, size: float, width: float, most: int
) -> tuple[list[str], float]:
    """``value`` wrapped to ``width`` in at most ``most`` lines: the lines and the size, made
    smaller until they fit (a header that fills its cell to the rules is too big)."""
    while True:
        lines = wrap_lines(value, font, size, width)
        widest = max(stringWidth(line, font, size) for line in lines)
        if len(lines) <= most and widest <= width or size < 4.0:
            return lines, size
        size *= 0.92


def draw_title(sheet: Sheet, title: str, y: float = MARGIN + 14) -> None:
    """The sheet's title, bold, at the top left."""
    sheet.text(MARGIN, y, title, 15, bold=True, fit=sheet.width - 2 * MARGIN)


def write_pdf(path: str | os.PathLike[str], data: bytes) -> Path:
    """Write a PDF to ``path`` atomically."""
    return atomic_write(path, data)
