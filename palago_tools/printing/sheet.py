"""What every printed sheet shares: papers, card sizes and the options of a sheet of cards, the
colours and fonts, the one PDF canvas factory, and :class:`Sheet`, a reportlab canvas in one
language (:mod:`palago_tools.languages`) addressed from the top left corner of the page with y
downwards (like :mod:`palago_tools.core.hexgrid`)."""

from __future__ import annotations

import io
import os
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final, Literal, cast, get_args

from reportlab.lib.colors import Color
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from ..diagram.palette import CLASSIC, Palette, palette
from ..drawing.primitives import Font
from ..drawing.typesetting import colon, set_lines
from ..errors import ArgumentError, OutputError, require, require_number, short_repr
from ..files import atomic_write
from ..languages import Lang, lang_named
from ..render.cmyk import Separation, default_profile, load_profile, separation_for
from ..render.pdf import register_fonts
from ..render.pdfx import PDFX_VERSIONS
from .strings import text

Paper = Literal["A4", "Letter"]

PAPERS: Final[dict[str, tuple[float, float]]] = {
    "A4": (595.2755905511812, 841.8897637795277),
    "Letter": (612.0, 792.0),
}
"""Page sizes in points (portrait)."""

REGULAR: Final = Font.REGULAR.value
BOLD: Final = Font.BOLD.value
"""The names under which ``register_fonts`` registers the bundled DejaVu Sans faces."""

MM: Final = 72.0 / 25.4
"""Points per millimetre."""

MARGIN: Final = 36.0

# Colours, as ``#rrggbb`` for the drawing primitives and the reportlab canvas alike.
INK: Final = "#000000"
"""Black: the sheets' text and rules, the cards' crop marks, frames and die lines."""
TEXT: Final = "#111111"
"""The cards' text, as the diagrams write theirs."""
RED: Final = "#d7191c"
GREEN: Final = "#2b8a3e"
WHITE: Final = "#ffffff"
STRIPE: Final = "#f6f6f6"
"""The pale ground of every other row of a table."""
RULE: Final = "#555555"
FAINT: Final = "#9a9a9a"
SHADE: Final = "#ececec"
GRID: Final = "#b4b4b4"

BLEED_MM: Final = 3.0
SAFE_MM: Final = 4.0

GUTTER_MM: Final = 3.0
"""The default space between cards on a home sheet."""


def paper_named(name: str) -> Paper:
    """The paper called ``name`` in any case (``a4`` is A4); :class:`OutputError` for another."""
    for paper in get_args(Paper):
        if paper.lower() == str(name).lower():
            return cast(Paper, paper)
    raise OutputError(f"unknown paper {name!r}; the papers are {', '.join(PAPERS)}")


# --- Card sizes and the options of a sheet of cards ------------------------------------------


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

    @property
    def unit(self) -> float:
        """The card's scale against a poker card: its type and spacing grow with the card."""
        poker = CARD_SIZES["poker"]
        return min(self.width / poker.width, self.height / poker.height)


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
    if isinstance(spec, tuple) and len(spec) == 2:
        width, height = (require_number(v, "a card side (mm)", 0, 10000) for v in spec)
        return CardSize("custom", width, height)
    require(spec, str, "the card size")
    key = spec.strip().lower()
    if key in CARD_SIZES:
        return CARD_SIZES[key]
    match = _CUSTOM.match(key)
    if match:
        return CardSize("custom", float(match.group(1)), float(match.group(2)))
    raise OutputError(
        f"unknown card size {spec!r}: use {', '.join(CARD_SIZES)} or WIDTHxHEIGHT in mm"
    )


BACKS: Final = ("navy", "light")
"""The card backs: ``navy``, the tiles on a dark ground to the bleed edge (for print shops,
the default), and ``light``, the tiles' outlines on white with little ink (for home
printers)."""

Back = Literal["navy", "light"]


def back_named(name: str) -> Back:
    """The back called ``name`` in any case; :class:`OutputError` for another."""
    key = str(name).strip().lower()
    if key not in BACKS:
        raise OutputError(f"unknown card back {name!r}; the backs are {', '.join(BACKS)}")
    return cast(Back, key)


def bleed_points(spec: CardSize, bleed: bool | float) -> float:
    """The bleed in points: the size's own for ``True``, none for ``False``, else ``bleed``."""
    if bleed is True:
        return spec.bleed
    if bleed is False:
        return 0.0
    return max(0.0, float(bleed))


@dataclass(frozen=True)
class SheetOptions:
    """What belongs to the printed sheet, not to a card: paper, language, card size, palette,
    the gutter between cards on a home sheet (mm; every card's bleed reaches half-way into it),
    the duplex offset (mm, right and down on the backs page as printed) that moves the backs by
    what the duplex test measured, CMYK output with an output intent (print shop), fronts and
    backs interleaved (print shop), and a die line with corners of ``corner_radius_mm``
    (print shop, a file of its own; ``None`` for none). For CMYK: the ICC profile of the
    shop's press (``cmyk_profile``, a file; Ghostscript's SWOP when ``None``), its total ink
    limit (percent), and the PDF/X part of the print-shop file (``pdfx``: ``"4"`` or
    ``"1a"``); ``author`` goes into every press file's metadata. The card back
    (:data:`BACKS`: ``navy``, or ``light`` for home printers). The paper, the language (upper
    case), the palette and the back are kept as looked up."""

    paper: Paper | str = "A4"
    lang: Lang | str = "EN"
    size: SizeSpec = "poker"
    palette: Palette | str = CLASSIC
    gutter_mm: float = GUTTER_MM
    duplex_offset_mm: tuple[float, float] = (0.0, 0.0)
    cmyk: bool = False
    interleaved: bool = False
    corner_radius_mm: float | None = None
    cmyk_profile: str | None = None
    ink_limit: float = 300.0
    pdfx: str = "4"
    author: str = "palago-tools"
    back: Back | str = "navy"

    def __post_init__(self) -> None:
        require(self.gutter_mm, (int, float), "the gutter (mm)")
        if self.corner_radius_mm is not None:
            require(self.corner_radius_mm, (int, float), "the corner radius (mm)")
        offset = self.duplex_offset_mm
        if not (isinstance(offset, (tuple, list)) and len(offset) == 2):
            raise ArgumentError(
                f"the duplex offset is a pair (x, y) in mm, not {short_repr(offset)}"
            )
        for value in offset:
            require(value, (int, float), "the duplex offset (mm)")
            if value != value:  # NaN
                raise OutputError("the duplex offset is a number of mm, not nan")
        object.__setattr__(self, "paper", paper_named(self.paper))
        object.__setattr__(self, "back", back_named(self.back))
        object.__setattr__(self, "lang", lang_named(self.lang))
        card_size(self.size)
        object.__setattr__(self, "palette", palette(self.palette))
        if not 0.0 <= self.gutter_mm <= 20.0:
            raise OutputError(f"the gutter is 0 to 20 mm, not {self.gutter_mm:g}")
        if any(abs(v) > 10.0 for v in self.duplex_offset_mm):
            x, y = self.duplex_offset_mm
            raise OutputError(
                f"a duplex offset of {x:g},{y:g} mm is more than 10 mm: print the duplex test again"
            )
        radius = self.corner_radius_mm
        if radius is not None and not 0.0 < radius <= 10.0:
            raise OutputError(f"the corner radius is more than 0 and at most 10 mm, not {radius:g}")
        if self.pdfx not in PDFX_VERSIONS:
            raise OutputError(f"unknown PDF/X part {self.pdfx!r}; use {' or '.join(PDFX_VERSIONS)}")
        if not 150.0 <= self.ink_limit <= 400.0:
            raise OutputError(f"the ink limit is 150 to 400 %, not {self.ink_limit:g}")

    def separation(self) -> Separation:
        """The CMYK conversion for the shop's press: its profile (Ghostscript's SWOP unless
        ``cmyk_profile`` names one) within the ink limit."""
        base = default_profile() if self.cmyk_profile is None else load_profile(self.cmyk_profile)
        return separation_for(base.with_ink_limit(self.ink_limit))

    @property
    def card(self) -> CardSize:
        """The card size."""
        return card_size(self.size)


# --- The PDF canvas --------------------------------------------------------------------------

_CONTROL: Final = re.compile("[\x00-\x1f\x7f]")


@dataclass(frozen=True)
class DocumentInfo:
    """A PDF's metadata: title and subject in the sheet's language."""

    title: str
    subject: str


def pdf_canvas(
    info: DocumentInfo, lang: str, size: tuple[float, float]
) -> tuple[io.BytesIO, Canvas]:
    """A PDF canvas of pages of ``size`` (points) into a buffer: the fonts registered,
    reproducible bytes, compressed pages, ``PrintScaling`` None, and the title, subject and
    language ``lang`` in its metadata."""
    register_fonts()
    buffer = io.BytesIO()
    canvas = Canvas(
        buffer,
        pagesize=size,
        invariant=1,
        pageCompression=1,
        initialFontName=REGULAR,
        initialFontSize=10,
        lang=lang.lower(),
    )
    canvas.setTitle(_CONTROL.sub("", info.title))
    canvas.setSubject(_CONTROL.sub("", info.subject))
    canvas.setCreator("palago-tools")
    canvas.setViewerPreference("PrintScaling", "None")
    return buffer, canvas


# --- Sheets drawn on the canvas ----------------------------------------------------------------


@dataclass
class Sheet:
    """A reportlab canvas addressed from the top left corner of the page, y downwards, in one
    language, and the title of its document."""

    canvas: Canvas
    width: float
    height: float
    lang: str
    title: str

    def t(self, key: str) -> str:
        """The string ``key`` (:mod:`palago_tools.printing.strings`) in the sheet's language."""
        return text(key, self.lang)

    def text(
        self,
        x: float,
        y: float,
        value: str,
        size: float = 9.0,
        bold: bool = False,
        anchor: str = "start",
        colour: Color | str = INK,
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

    def paragraph(
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
        for line in set_lines(value, width, measure(BOLD if bold else REGULAR, size)):
            if draw:
                self.text(x, y, line, size, bold, fit=width)
            y += leading
        return y

    def line(
        self,
        x1: float,
        y1: float,
        x2: float,
        y2: float,
        width: float = 0.5,
        colour: Color | str = RULE,
    ) -> None:
        """Draw a straight line."""
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
        colour: Color | str = RULE,
        fill: Color | str | None = None,
        stroke: bool = True,
    ) -> None:
        """Draw a rectangle, filled if ``fill`` is given."""
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
        colour: Color | str = RULE,
        fill: Color | str | None = None,
    ) -> None:
        """Draw a closed polygon, filled if ``fill`` is given."""
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
        used = self.text(x, y, colon(label, self.lang), size) + 4
        self.line(x + used, y + 1.5, x + width, y + 1.5, 0.4, FAINT)
        return x + width

    def date_and_place(self, y: float) -> None:
        """The lines for the date and the place across the page, baseline at ``y``."""
        third = (self.width - 2 * MARGIN) / 3
        self.blank(MARGIN, y, self.t("date"), third - 12)
        self.blank(MARGIN + third, y, self.t("place"), 2 * third)

    def footer(self, name: str, page: int, pages: int) -> None:
        """``name · page n/m`` at the bottom right."""
        label = f"{name} · {self.t('page').format(page=page, pages=pages)}"
        self.text(
            self.width - MARGIN, self.height - MARGIN / 2, label, 6.5, colour=FAINT, anchor="end"
        )


def measure(font: str, size: float) -> Callable[[str], float]:
    """The width in points of a text set in the registered ``font`` at ``size``, by reportlab's
    metrics: how the sheets measure the lines they wrap."""
    return lambda value: float(stringWidth(value, font, size))


def new_document(paper: str, lang: str, title_key: str) -> tuple[io.BytesIO, Canvas, Sheet]:
    """A PDF canvas on ``paper`` in ``lang``, titled with the string ``title_key``, with the
    sheets' subject, and its sheet; :class:`OutputError` for an unknown paper or language."""
    width, height = PAPERS[paper_named(paper)]
    code = lang_named(lang)
    title = text(title_key, code)
    buffer, canvas = pdf_canvas(DocumentInfo(title, text("subject", code)), code, (width, height))
    return buffer, canvas, Sheet(canvas, width, height, code, title)


def fitted_lines(
    value: str, font: str, size: float, width: float, most: int
) -> tuple[list[str], float]:
    """``value`` wrapped to ``width`` in at most ``most`` lines: the lines and the size, made
    smaller until they fit (a header that fills its cell to the rules is too big)."""
    while True:
        lines = set_lines(value, width, measure(font, size))
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
