"""PNG output: the SVG rasterised by cairosvg.

cairosvg finds fonts through the host's fontconfig, so PNG text needs DejaVu Sans installed on the
machine (Debian/Ubuntu: fonts-dejavu-core); without it text falls back to another sans-serif.
SVG and PDF do not have this dependency.
"""

from __future__ import annotations

import io

import cairosvg
from PIL import Image

from ..diagram.primitives import Drawing
from ..errors import OutputError
from .svg import svg_bytes


def to_png(drawing: Drawing, scale: float = 2.0) -> bytes:
    """The drawing as a PNG of ``scale`` pixels per point (1 pt = 1/72 inch)."""
    if not scale > 0:
        raise OutputError(f"the PNG scale must be positive, not {scale}")
    data: bytes = cairosvg.svg2png(
        bytestring=svg_bytes(drawing),
        output_width=max(1, round(drawing.width * scale)),
        output_height=max(1, round(drawing.height * scale)),
    )
    return data


def to_print_png(drawing: Drawing, dpi: float = 300.0) -> bytes:
    """The drawing as an opaque RGB PNG at ``dpi`` pixels per inch, with that resolution
    recorded in the file (``pHYs``), flattened onto the drawing's background."""
    if not dpi > 0:
        raise OutputError(f"the PNG resolution must be positive, not {dpi}")
    rendered = Image.open(io.BytesIO(to_png(drawing, dpi / 72.0))).convert("RGBA")
    ground = Image.new("RGBA", rendered.size, drawing.background or "#ffffff")
    flat = Image.alpha_composite(ground, rendered).convert("RGB")
    out = io.BytesIO()
    flat.save(out, format="PNG", dpi=(dpi, dpi), optimize=False)
    return out.getvalue()
