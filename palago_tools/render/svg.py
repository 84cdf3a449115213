"""SVG output through svgwrite, limited to what svglib converts: plain paths, polygons,
circles and text with explicit positions (no markers, masks, filters or CSS)."""

from __future__ import annotations

import re
from typing import Any, Final

import svgwrite

from ..drawing.primitives import (
    FONT_FAMILY,
    ArcTo,
    Circle,
    Drawing,
    LineTo,
    MoveTo,
    Path,
    Polygon,
    Polyline,
    Segment,
    Style,
    Text,
)

FONT_STACK: Final = f"'{FONT_FAMILY}', sans-serif"

# Characters XML 1.0 cannot hold, even escaped.
_NOT_XML: Final = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff\ud800-\udfff]")


def xml_text(text: str) -> str:
    """``text`` without the characters XML 1.0 forbids (escaping is the serialiser's job)."""
    return _NOT_XML.sub("", text)


def _n(value: float) -> str:
    """A coordinate, short: two decimals, trailing zeros dropped."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _path_data(segments: tuple[Segment, ...]) -> str:
    out: list[str] = []
    for seg in segments:
        if isinstance(seg, MoveTo):
            out.append(f"M{_n(seg.point[0])} {_n(seg.point[1])}")
        elif isinstance(seg, LineTo):
            out.append(f"L{_n(seg.point[0])} {_n(seg.point[1])}")
        elif isinstance(seg, ArcTo):
            x, y = seg.end
            large = 1 if abs(seg.sweep) > 180.0 else 0
            sweep = 1 if seg.sweep > 0 else 0
            r = _n(seg.radius)
            out.append(f"A{r} {r} 0 {large} {sweep} {_n(x)} {_n(y)}")
        else:
            out.append("Z")
    return "".join(out)


def _style(style: Style) -> dict[str, Any]:
    attrs: dict[str, Any] = {"fill": style.fill or "none"}
    if style.stroke is not None and style.width > 0:
        attrs["stroke"] = style.stroke
        attrs["stroke_width"] = _n(style.width)
        attrs["stroke_linejoin"] = style.join
        attrs["stroke_linecap"] = style.cap
        if style.dash:
            attrs["stroke_dasharray"] = ",".join(_n(d) for d in style.dash)
        if style.opacity < 1.0:
            attrs["stroke_opacity"] = _n(style.opacity)
    if style.fill is not None and style.opacity < 1.0:
        attrs["fill_opacity"] = _n(style.opacity)
    return attrs


def to_svg(drawing: Drawing) -> str:
    """The drawing as an SVG document (a string, UTF-8 ready)."""
    w, h = drawing.width, drawing.height
    doc = svgwrite.Drawing(size=(f"{_n(w)}pt", f"{_n(h)}pt"), profile="full", debug=False)
    doc.viewbox(0, 0, float(_n(w)), float(_n(h)))
    title = xml_text(drawing.title)
    doc.attribs["role"] = "img"
    doc.attribs["aria-label"] = title
    doc.set_desc(title=title)
    if drawing.background is not None:
        doc.add(doc.rect(insert=(0, 0), size=(_n(w), _n(h)), fill=drawing.background))
    for item in drawing.items:
        if isinstance(item, Path):
            doc.add(doc.path(d=_path_data(item.segments), **_style(item.style)))
        elif isinstance(item, Polygon):
            doc.add(doc.polygon([(_n(x), _n(y)) for x, y in item.points], **_style(item.style)))
        elif isinstance(item, Polyline):
            doc.add(doc.polyline([(_n(x), _n(y)) for x, y in item.points], **_style(item.style)))
        elif isinstance(item, Circle):
            doc.add(
                doc.circle(
                    center=(_n(item.centre[0]), _n(item.centre[1])),
                    r=_n(item.radius),
                    **_style(item.style),
                )
            )
        elif isinstance(item, Text):
            attrs: dict[str, Any] = {
                "insert": (_n(item.position[0]), _n(item.position[1])),
                "font_family": FONT_STACK,
                "font_size": _n(item.size),
                "fill": item.fill,
            }
            if item.font.bold:
                attrs["font_weight"] = "bold"
            if item.anchor.value != "start":
                attrs["text_anchor"] = item.anchor.value
            if item.opacity < 1.0:
                attrs["fill_opacity"] = _n(item.opacity)
            doc.add(doc.text(xml_text(item.text), **attrs))
    text: str = doc.tostring()
    return '<?xml version="1.0" encoding="utf-8"?>\n' + text + "\n"


def svg_bytes(drawing: Drawing) -> bytes:
    """The SVG document encoded as UTF-8."""
    return to_svg(drawing).encode("utf-8")
