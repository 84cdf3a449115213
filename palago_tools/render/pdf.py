"""Vector PDF output drawn directly with reportlab; the bundled fonts are embedded in every file.

For print shops the painter draws every colour in CMYK through an ICC profile
(:class:`~palago_tools.render.cmyk.Separation`: dark neutral text and lines 100 K set to
overprint, greys K only, pale tints without K), and for PDF/X-1a it flattens transparency into
opaque colours (``flatten``); :mod:`palago_tools.render.pdfx` makes the file PDF/X.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import lru_cache
from typing import Any, Final

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
    Primitive,
    Style,
    Text,
)
from ..errors import OutputError
from .cmyk import Separation, default_profile, separation_for

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


Recolour = Callable[[str], str]
"""A change applied to every colour of an item (flattening mixes them with a faint colour)."""


class PdfPainter:
    """Draws primitives on one reportlab canvas, keeping graphics state changes to a minimum;
    the printing layouts use it to place drawings on their own pages.

    With ``cmyk`` (``True`` for the default profile, or a :class:`Separation`) every colour
    goes through the ICC profile; with ``flatten`` (PDF/X-1a) nothing is drawn translucent: a
    faint area is painted in the opaque colours it makes with whatever lies under it, the
    items below repainted inside its outline in their mixed colours, and a faint line or text
    in its mix with the ground."""

    def __init__(
        self, canvas: Canvas, cmyk: bool | Separation = False, flatten: bool = False
    ) -> None:
        self.c = canvas
        if cmyk is True:
            cmyk = separation_for(default_profile())
        self.separation: Separation | None = cmyk or None
        self.cmyk = self.separation is not None
        self.flatten = flatten
        self.height = 0.0
        self.ground = "#ffffff"
        self.state: dict[str, Any] = {}

    def colour(self, value: str, text: bool = False) -> Color:
        """The reportlab colour of ``#rrggbb``: RGB, or CMYK when the painter is in CMYK
        (``text``: as type and lines are printed)."""
        return self._ink(value, text)[0]

    def _ink(self, value: str, line: bool) -> tuple[Color, bool]:
        """The colour of ``value`` and whether it overprints (100 K type and lines)."""
        if self.separation is None:
            return _colour(value), False
        if line:
            ink, overprint = self.separation.line(value)
        else:
            ink, overprint = self.separation.fill(value), False
        return _cmyk_colour(ink), overprint

    def _set(self, key: str, value: Any) -> bool:
        if self.state.get(key, _UNSET) == value:
            return False
        self.state[key] = value
        return True

    def _overprint(self, key: str, on: bool) -> None:
        """Overprint on or off for fills (``fill_op``) or strokes (``stroke_op``). A graphics
        state without ``/op`` takes the fills' flag from ``/OP``, so every change of the
        strokes' flag is followed by the fills' own, written out."""
        if self._set(key, on):
            if key == "fill_op":
                self.c.setFillOverprint(on)
            else:
                self.c.setStrokeOverprint(on)
                self.c.setFillOverprint(bool(self.state.get("fill_op", False)))
            if on and self._set("opm", 1):
                self.c.setOverprintMask(1)

    def style(self, style: Style, text: bool = False) -> tuple[int, int]:
        """Apply ``style`` (for text when ``text``); return the (stroke, fill) flags.

        A colour and its opacity are set together: reportlab's ``setFillColor`` and
        ``setStrokeColor`` also set the alpha (a colour's own, 1 for ours), so a cached alpha
        would be lost with every change of colour."""
        c = self.c
        fill = style.fill is not None
        stroke = style.stroke is not None and style.width > 0
        if fill and self._set("fill", (style.fill, text, style.opacity)):
            colour, overprint = self._ink(style.fill or "", text)
            c.setFillColor(colour, alpha=None if self.flatten else style.opacity)
            if self.cmyk:
                self._overprint("fill_op", overprint)
        if stroke:
            if self._set("stroke", (style.stroke, style.opacity)):
                colour, overprint = self._ink(style.stroke or "", True)
                c.setStrokeColor(colour, alpha=None if self.flatten else style.opacity)
                if self.cmyk:
                    self._overprint("stroke_op", overprint)
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
        self.height = drawing.height
        self.ground = drawing.background or "#ffffff"
        if drawing.background is not None:
            self.style(Style(fill=drawing.background))
            c.rect(0, 0, drawing.width, drawing.height, stroke=0, fill=1)
        ground = (
            [_ground((0.0, 0.0, drawing.width, drawing.height), drawing.background)]
            if drawing.background is not None
            else []
        )
        for index, item in enumerate(drawing.items):
            opacity = item.opacity if isinstance(item, Text) else item.style.opacity
            if self.flatten and opacity < 1.0:
                self._flattened(item, drawing.items[:index], opacity)
            else:
                self._under_line(item, [*ground, *drawing.items[:index]])
                self.item(item)

    def _under_line(self, item: Primitive, below: Sequence[Primitive]) -> None:
        """Before an overprinting black line: where it crosses fills that would exceed the ink
        limit with it (the blue under 100 K), the line's own shape painted in those fills' inks
        reduced within the limit (:meth:`Separation.under`), knocking out. The fills that meet
        the line are painted again in order from the first such one, each clipped to its own
        outline, so each point under the line gets the colour of the fill on top there, reduced
        where needed; the line then overprints it as before. A faint fill flattened for
        PDF/X-1a is replayed as it was painted: each fill under it in their mixed colour,
        clipped to both outlines."""
        separation = self.separation
        if separation is None or isinstance(item, Text):
            return
        style = item.style
        if style.stroke is None or style.width <= 0 or style.opacity < 1.0:
            return
        line, overprint = separation.line(style.stroke)
        if not overprint:
            return
        box = _box(item)
        stack = [
            lower
            for lower in below
            if not isinstance(lower, (Text, Polyline))
            and lower.style.fill is not None
            and _meets(_box(lower), box)
        ]
        layers: list[tuple[tuple[Primitive, ...], str]] = []
        for index, lower in enumerate(stack):
            faint, opacity = lower.style.fill or "", lower.style.opacity
            if opacity >= 1.0:
                layers.append(((lower,), faint))
            elif self.flatten:
                area = _box(lower)
                layers.append(((lower,), mix(self.ground, faint, opacity)))
                layers.extend(
                    ((lower, under), mix(under.style.fill or "", faint, opacity))
                    for under in stack[:index]
                    if not isinstance(under, Text) and _meets(_box(under), area)
                )
        heavy = [i for i, (_clips, value) in enumerate(layers) if separation.under(value, line)]
        if not heavy:
            return
        c = self.c
        shape = self._path(item)
        for clips, value in layers[heavy[0] :]:
            ink = separation.under(value, line) or separation.fill(value)
            c.saveState()
            for clip in clips:
                if not isinstance(clip, Text):
                    c.clipPath(self._path(clip), stroke=0, fill=0, fillMode=0)
            self.state = {}
            self.style(replace(style, fill=None))
            c.setStrokeColor(_cmyk_colour(ink))
            self._overprint("stroke_op", False)
            c.drawPath(shape, stroke=1, fill=0)
            c.restoreState()
            self.state = {}

    def item(self, item: Primitive, recolour: Recolour | None = None) -> None:
        """Draw one primitive, every colour passed through ``recolour`` when given."""
        if isinstance(item, Text):
            if recolour is not None:
                item = replace(item, fill=recolour(item.fill), opacity=1.0)
            self.text(item)
            return
        style = item.style
        if recolour is not None:
            style = replace(
                style,
                fill=None if style.fill is None else recolour(style.fill),
                stroke=None if style.stroke is None else recolour(style.stroke),
                opacity=1.0,
            )
        if self._edge_under_black(item, style):
            return
        stroke, fill = self.style(style)
        if isinstance(item, Circle):
            self.c.circle(
                item.centre[0], self.height - item.centre[1], item.radius, stroke=stroke, fill=fill
            )
            return
        if isinstance(item, Polyline):
            fill = 0
        self.c.drawPath(self._path(item), stroke=stroke, fill=fill, fillMode=0)

    def _edge_under_black(self, item: Path | Polygon | Polyline | Circle, style: Style) -> bool:
        """A filled shape edged in its own colour (the edge that closes the hairline gaps
        between neighbouring areas) whose colour would exceed the ink limit under 100 K: its
        edge, which reaches beyond its outline under the black lines drawn there, is painted
        first in the colour reduced for black (:meth:`Separation.under`), then its fill over
        it. Whether it was painted so."""
        separation = self.separation
        if (
            separation is None
            or isinstance(item, Polyline)
            or style.fill is None
            or style.stroke != style.fill
            or style.width <= 0
            or style.opacity < 1.0
        ):
            return False
        reduced = separation.under(style.fill, (0.0, 0.0, 0.0, 1.0))
        if reduced is None:
            return False
        self.style(style)
        self.c.setStrokeColor(_cmyk_colour(reduced))
        self.c.setFillColor(_cmyk_colour(reduced))
        self.state["stroke"] = self.state["fill"] = None
        self.c.drawPath(self._path(item), stroke=1, fill=1, fillMode=0)  # a shape, not a line
        _stroke, fill = self.style(replace(style, stroke=None))
        self.c.drawPath(self._path(item), stroke=0, fill=fill, fillMode=0)
        return True

    def _path(self, item: Path | Polygon | Polyline | Circle) -> Any:
        """The reportlab path of a shape, in page coordinates."""
        h = self.height
        path = self.c.beginPath()
        if isinstance(item, Circle):
            path.circle(item.centre[0], h - item.centre[1], item.radius)
        elif isinstance(item, Path):
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
        else:
            (x0, y0), *rest = item.points
            path.moveTo(x0, h - y0)
            for x, y in rest:
                path.lineTo(x, h - y)
            if isinstance(item, Polygon):
                path.close()
        return path

    def _flattened(self, item: Primitive, below: Sequence[Primitive], opacity: float) -> None:
        """A translucent ``item`` as opaque colours (PDF/X-1a): inside a filled shape's
        outline the ground and every item under it repainted mixed with the shape's colour;
        its line, or a text, mixed with the ground."""
        if isinstance(item, Text):
            self.item(item, lambda colour: mix(self.ground, colour, opacity))
            return
        style = item.style
        if style.fill is not None and not isinstance(item, Polyline):
            faint = style.fill

            def under(colour: str) -> str:
                return mix(colour, faint, opacity)

            c = self.c
            c.saveState()
            c.clipPath(self._path(item), stroke=0, fill=0, fillMode=0)
            self.state = {}
            box = _box(item)
            self.item(_ground(box, self.ground), under)
            for lower in below:
                if _meets(_box(lower), box):
                    self.item(lower, under)
            c.restoreState()
            self.state = {}
        if style.stroke is not None and style.width > 0:
            line = replace(item, style=replace(style, fill=None))
            self.item(line, lambda colour: mix(self.ground, colour, opacity))

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


def mix(ground: str, colour: str, opacity: float) -> str:
    """The opaque ``#rrggbb`` that ``colour`` painted at ``opacity`` over ``ground`` shows."""
    a, b = int(ground[1:], 16), int(colour[1:], 16)
    out = 0
    for shift in (16, 8, 0):
        x, y = (a >> shift) & 0xFF, (b >> shift) & 0xFF
        out |= round(x + (y - x) * opacity) << shift
    return f"#{out:06x}"


Box = tuple[float, float, float, float]


def _box(item: Primitive) -> Box:
    """A bounding box of ``item`` (generous for text: the whole line's height around it)."""
    if isinstance(item, Text):
        x, y = item.position
        reach = item.size * max(1, len(item.text))
        return (x - reach, y - item.size, x + reach, y + item.size * 0.3)
    pad = item.style.width / 2 if item.style.stroke is not None else 0.0
    if isinstance(item, Circle):
        x, y = item.centre
        r = item.radius + pad
        return (x - r, y - r, x + r, y + r)
    points: list[tuple[float, float]] = []
    if isinstance(item, Path):
        for seg in item.segments:
            if isinstance(seg, (MoveTo, LineTo)):
                points.append(seg.point)
            elif isinstance(seg, ArcTo):  # the arc's whole circle: a box that holds it
                (x, y), r = seg.centre, seg.radius
                points.extend(((x - r, y - r), (x + r, y + r)))
    else:
        points = list(item.points)
    if not points:
        return (0.0, 0.0, 0.0, 0.0)
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad)


def _meets(a: Box, b: Box) -> bool:
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]


def _ground(box: Box, colour: str) -> Polygon:
    x0, y0, x1, y1 = box
    return Polygon(((x0, y0), (x1, y0), (x1, y1), (x0, y1)), Style(fill=colour))


@lru_cache(maxsize=1024)
def _cmyk_colour(ink: tuple[float, float, float, float]) -> Color:
    return CMYKColor(*ink)


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
