"""Vector PDF output drawn directly with reportlab; the bundled fonts are embedded in every file.

For print shops the painter can draw every colour in CMYK (:func:`cmyk_of`: full grey-component
replacement, so greys and black are K only), and :func:`with_output_intent` adds the output
intent naming the CMYK profile the colours are meant for (:data:`CMYK_PROFILES`: the Artifex
CMYK SWOP profile that Debian's ``libgs-common`` installs, AGPL-3+ like Ghostscript).
"""

from __future__ import annotations

import io
import re
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path as FilePath
from typing import Any, Final

from pypdf import PdfReader, PdfWriter
from pypdf.generic import (
    ArrayObject,
    DictionaryObject,
    NameObject,
    NumberObject,
    StreamObject,
    TextStringObject,
)
from reportlab.lib.colors import CMYKColor, Color, HexColor
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from ..drawing.primitives import (
    ArcTo,
    Circle,
    Close,
    Drawing,
    Font,
    LineTo,
    MoveTo,
    Path,
    Polygon,
    Polyline,
    Style,
    Text,
)
from ..errors import OutputError

_CONTROL: Final = re.compile("[\x00-\x1f\x7f]")


def register_fonts() -> None:
    """Register the bundled faces with reportlab under their own names (once)."""
    registered = set(pdfmetrics.getRegisteredFontNames())
    for font in Font:
        if font.value not in registered:
            pdfmetrics.registerFont(TTFont(font.value, str(font.file)))


@lru_cache(maxsize=256)
def _colour(value: str) -> Color:
    colour: Color = HexColor(value)
    return colour


def cmyk_of(value: str, text: bool = False) -> tuple[float, float, float, float]:
    """``#rrggbb`` as (c, m, y, k) from 0 to 1 by full grey-component replacement: the grey in a
    colour goes to K, so greys are K only. For ``text``, a near-neutral colour is K only and a
    near-black one pure black (0, 0, 0, 1), never a four-colour rich black."""
    r, g, b = (int(value[i : i + 2], 16) / 255.0 for i in (1, 3, 5))
    if text and max(r, g, b) - min(r, g, b) <= 0.1:
        k = 1.0 - (r + g + b) / 3.0
        return (0.0, 0.0, 0.0, 1.0 if k >= 0.85 else round(k, 4))
    k = 1.0 - max(r, g, b)
    if k >= 1.0:
        return (0.0, 0.0, 0.0, 1.0)
    c, m, y = ((1.0 - x - k) / (1.0 - k) for x in (r, g, b))
    return (round(c, 4), round(m, 4), round(y, 4), round(k, 4))


@lru_cache(maxsize=512)
def _cmyk_colour(value: str, text: bool) -> Color:
    return CMYKColor(*cmyk_of(value, text))


CMYK_PROFILES: Final = (
    FilePath("/usr/share/color/icc/ghostscript/default_cmyk.icc"),
    FilePath("/usr/share/ghostscript/iccprofiles/default_cmyk.icc"),
)
"""Where the CMYK profile for output intents is looked for: the Artifex CMYK SWOP profile of
Ghostscript (Debian package ``libgs-common``, listed in apt-packages.txt)."""


def cmyk_profile() -> tuple[bytes, str]:
    """The bytes and the description of the CMYK profile; :class:`OutputError` when missing."""
    for path in CMYK_PROFILES:
        if path.is_file():
            data = path.read_bytes()
            if data[16:20] == b"CMYK":
                return data, "Artifex CMYK SWOP Profile"
    raise OutputError(
        "CMYK output needs the CMYK profile of Ghostscript, not found at "
        f"{CMYK_PROFILES[0]}: install it with apt-get install libgs-common"
    )


def with_output_intent(pdf: bytes) -> bytes:
    """``pdf`` with an ``/OutputIntents`` entry (``/GTS_PDFX``) whose destination profile is
    the CMYK profile, so that a print shop's RIP knows which press the CMYK values are for."""
    profile, description = cmyk_profile()
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(pdf)))
    stream = StreamObject()
    stream.set_data(profile)
    stream[NameObject("/N")] = NumberObject(4)
    intent = DictionaryObject(
        {
            NameObject("/Type"): NameObject("/OutputIntent"),
            NameObject("/S"): NameObject("/GTS_PDFX"),
            NameObject("/OutputConditionIdentifier"): TextStringObject(
                "SWOP (Artifex CMYK SWOP Profile)"
            ),
            NameObject("/OutputCondition"): TextStringObject(
                "Commercial offset printing on coated paper (SWOP)"
            ),
            NameObject("/Info"): TextStringObject(description),
            NameObject("/DestOutputProfile"): writer._add_object(stream),
        }
    )
    writer._root_object[NameObject("/OutputIntents")] = ArrayObject([writer._add_object(intent)])
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


class PdfPainter:
    """Draws primitives on one reportlab canvas, keeping graphics state changes to a minimum;
    the printing layouts use it to place drawings on their own pages."""

    def __init__(self, canvas: Canvas, cmyk: bool = False) -> None:
        self.c = canvas
        self.cmyk = cmyk
        self.height = 0.0
        self.state: dict[str, Any] = {}

    def colour(self, value: str, text: bool = False) -> Color:
        """The reportlab colour of ``#rrggbb``: RGB, or CMYK when the painter is in CMYK."""
        return _cmyk_colour(value, text) if self.cmyk else _colour(value)

    def _set(self, key: str, value: Any) -> bool:
        if self.state.get(key, _UNSET) == value:
            return False
        self.state[key] = value
        return True

    def style(self, style: Style, text: bool = False) -> tuple[int, int]:
        """Apply ``style`` (for text when ``text``); return the (stroke, fill) flags.

        A colour and its opacity are set together: reportlab's ``setFillColor`` and
        ``setStrokeColor`` also set the alpha (a colour's own, 1 for ours), so a cached alpha
        would be lost with every change of colour."""
        c = self.c
        fill = style.fill is not None
        stroke = style.stroke is not None and style.width > 0
        if fill and self._set("fill", (style.fill, text, style.opacity)):
            c.setFillColor(self.colour(style.fill or "", text), alpha=style.opacity)
        if stroke:
            if self._set("stroke", (style.stroke, style.opacity)):
                c.setStrokeColor(self.colour(style.stroke or ""), alpha=style.opacity)
            if self._set("width", style.width):
                c.setLineWidth(style.width)
            if self._set("join", style.join):
                c.setLineJoin(1 if style.join == "round" else 0)
            if self._set("cap", style.cap):
                c.setLineCap(1 if style.cap == "round" else 0)
            if self._set("dash", style.dash):
                if style.dash:
                    c.setDash(list(style.dash), 0)
                else:
                    c.setDash()
        return int(stroke), int(fill)

    def page(self, drawing: Drawing) -> None:
        """``drawing`` as a page of its own size."""
        self.c.setPageSize((drawing.width, drawing.height))
        self.paint(drawing)
        self.c.showPage()

    def paint(self, drawing: Drawing) -> None:
        """``drawing`` on the current page, its top left corner at the canvas origin's top left
        (a layout places it with ``translate``/``scale`` around this call)."""
        c = self.c
        self.state = {}
        self.height = h = drawing.height
        if drawing.background is not None:
            self.style(Style(fill=drawing.background))
            c.rect(0, 0, drawing.width, drawing.height, stroke=0, fill=1)
        for item in drawing.items:
            if isinstance(item, Path):
                stroke, fill = self.style(item.style)
                path = c.beginPath()
                for seg in item.segments:
                    if isinstance(seg, MoveTo):
                        path.moveTo(seg.point[0], h - seg.point[1])
                    elif isinstance(seg, LineTo):
                        path.lineTo(seg.point[0], h - seg.point[1])
                    elif isinstance(seg, ArcTo):
                        cx, cy, r = seg.centre[0], h - seg.centre[1], seg.radius
                        path.arcTo(cx - r, cy - r, cx + r, cy + r, -seg.start, -seg.sweep)
                    elif isinstance(seg, Close):
                        path.close()
                c.drawPath(path, stroke=stroke, fill=fill, fillMode=0)
            elif isinstance(item, (Polygon, Polyline)):
                stroke, fill = self.style(item.style)
                path = c.beginPath()
                (x0, y0), *rest = item.points
                path.moveTo(x0, h - y0)
                for x, y in rest:
                    path.lineTo(x, h - y)
                if isinstance(item, Polygon):
                    path.close()
                else:
                    fill = 0
                c.drawPath(path, stroke=stroke, fill=fill, fillMode=0)
            elif isinstance(item, Circle):
                stroke, fill = self.style(item.style)
                c.circle(item.centre[0], h - item.centre[1], item.radius, stroke=stroke, fill=fill)
            elif isinstance(item, Text):
                self.text(item)

    def text(self, item: Text) -> None:
        """Draw a text item (control characters left out)."""
        c = self.c
        self.style(Style(fill=item.fill, opacity=item.opacity), text=True)
        if self._set("font", (item.font, item.size)):
            c.setFont(item.font.value, item.size)
        text = _CONTROL.sub("", item.text)
        x, y = item.position[0], self.height - item.position[1]
        if item.anchor.value == "middle":
            c.drawCentredString(x, y, text)
        elif item.anchor.value == "end":
            c.drawRightString(x, y, text)
        else:
            c.drawString(x, y, text)


_UNSET: Final = object()


def to_pdf(
    drawings: Drawing | Sequence[Drawing], title: str = "", lang: str = "", subject: str = ""
) -> bytes:
    """A PDF with one page per drawing, each page the drawing's size, fonts embedded; ``lang``
    (a language code) and ``subject`` go into the document's metadata when given."""
    pages = [drawings] if isinstance(drawings, Drawing) else list(drawings)
    if not pages:
        raise OutputError("a PDF needs at least one drawing")
    register_fonts()
    buffer = io.BytesIO()
    canvas = Canvas(
        buffer,
        pagesize=(pages[0].width, pages[0].height),
        invariant=1,
        pageCompression=1,
        initialFontName=Font.REGULAR.value,
        initialFontSize=10,
        lang=lang.lower() or None,
    )
    canvas.setTitle(_CONTROL.sub("", title or pages[0].title))
    if subject:
        canvas.setSubject(_CONTROL.sub("", subject))
    canvas.setCreator("palago-tools")
    painter = PdfPainter(canvas)
    for drawing in pages:
        painter.page(drawing)
    canvas.save()
    return buffer.getvalue()
