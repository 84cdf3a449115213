"""Renderers: drawings (lists of primitives) to SVG, PDF and PNG bytes or files.

Renderers know only :mod:`palago_tools.drawing`; the Palago model, the rules and the diagram
model stay out of them, so every format shows the same picture.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Final

from ..drawing.primitives import Drawing
from ..errors import LimitError, OutputError
from ..files import atomic_write
from .pdf import register_fonts, to_pdf
from .png import png_unavailable, to_png, to_print_png
from .svg import svg_bytes, to_svg

FORMATS: Final = ("svg", "pdf", "png")
MAX_PAGE: Final = 14400.0
"""The largest page side in points (200 inches, the PDF limit), for every format."""


def check_page(drawing: Drawing) -> None:
    """Raise a :class:`LimitError` unless the drawing's sides are finite, positive and at most
    :data:`MAX_PAGE` points."""
    for side, value in (("width", drawing.width), ("height", drawing.height)):
        if not 0 < value <= MAX_PAGE:
            raise LimitError(
                f"the drawing would be {value:g} pt {'wide' if side == 'width' else 'high'}; a "
                "page "
                f"is at most {MAX_PAGE:g} pt (200 inches): choose a smaller tile size or a "
                "smaller view"
            )


def format_of(path: str | os.PathLike[str]) -> str:
    """The output format named by a file's suffix (``.svg``, ``.pdf`` or ``.png``)."""
    suffix = Path(path).suffix.lower().lstrip(".")
    if suffix not in FORMATS:
        raise OutputError(
            f"cannot tell the output format of {os.fspath(path)!r}: name it .svg, .pdf or .png"
        )
    return suffix


def render_bytes(drawings: Drawing | Sequence[Drawing], fmt: str, scale: float = 2.0) -> bytes:
    """The drawing in ``fmt`` (svg, pdf, png); only PDF takes several drawings (one per page)."""
    for drawing in [drawings] if isinstance(drawings, Drawing) else drawings:
        check_page(drawing)
    if fmt == "pdf":
        return to_pdf(drawings)
    if not isinstance(drawings, Drawing):
        if len(drawings) != 1:
            raise OutputError(f"{fmt.upper()} holds one drawing, not {len(drawings)}")
        drawings = drawings[0]
    if fmt == "svg":
        return svg_bytes(drawings)
    if fmt == "png":
        return to_png(drawings, scale)
    raise OutputError(f"unknown output format {fmt!r}: the formats are {', '.join(FORMATS)}")


def write_drawing(
    drawings: Drawing | Sequence[Drawing], path: str | os.PathLike[str], scale: float = 2.0
) -> Path:
    """Write the drawing to ``path`` atomically, in the format its suffix names."""
    return atomic_write(path, render_bytes(drawings, format_of(path), scale))


__all__ = [
    "FORMATS",
    "MAX_PAGE",
    "check_page",
    "atomic_write",
    "format_of",
    "png_unavailable",
    "register_fonts",
    "render_bytes",
    "svg_bytes",
    "to_pdf",
    "to_png",
    "to_print_png",
    "to_svg",
    "write_drawing",
]
