"""PNG output: the SVG rasterised by cairosvg.

cairosvg needs the cairo library of the system (Debian/Ubuntu: libcairo2); without it every
other output still works and a PNG raises :class:`~palago_tools.errors.MissingPackageError`
naming the package (:func:`png_unavailable` says why beforehand). cairosvg finds fonts through
the host's fontconfig, so PNG text needs DejaVu Sans installed on the machine (Debian/Ubuntu:
fonts-dejavu-core); without it text falls back to another sans-serif. SVG and PDF do not have
these dependencies.
"""

from __future__ import annotations

import io
import math
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from types import ModuleType
from typing import Final

from PIL import Image

from ..drawing.primitives import Drawing
from ..errors import LimitError, MissingPackageError, OutputError
from .svg import svg_bytes

MAX_SCALE: Final = 20.0
"""The largest PNG scale, in pixels per point."""
MAX_PIXELS: Final = 40_000_000
"""The largest PNG, in pixels (width × height): 160 MB of memory while it is drawn."""
MAX_PIXEL_SIDE: Final = 32_000
"""The longest PNG side in pixels (cairo draws at most 32767)."""


CAIRO_PACKAGE: Final = "libcairo2"
"""The Debian package of the cairo library that cairosvg draws PNGs with."""


@cache
def _cairosvg() -> ModuleType | str:
    """cairosvg, or why it cannot be loaded (the cairo library is missing)."""
    try:
        import cairosvg
    except OSError as error:  # cairocffi finds no libcairo
        first = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        return (
            f"PNG output needs the cairo library, which is not installed ({first}): install it "
            f"with apt-get install {CAIRO_PACKAGE} (Debian, Ubuntu) or your system's cairo package"
        )
    module: ModuleType = cairosvg
    return module


def png_unavailable() -> str | None:
    """Why PNGs cannot be drawn here, naming the package to install; ``None`` when they can."""
    loaded = _cairosvg()
    return loaded if isinstance(loaded, str) else None


def png_size(drawing: Drawing, scale: float) -> tuple[int, int]:
    """The PNG's width and height in pixels; a :class:`LimitError` beyond the limits."""
    if not isinstance(scale, (int, float)) or not 0 < scale <= MAX_SCALE:
        raise LimitError(
            f"the PNG scale must be above 0 and at most {MAX_SCALE:g} pixels per point, not {scale}"
        )
    if not (math.isfinite(drawing.width) and math.isfinite(drawing.height)):
        raise LimitError(f"the drawing has no finite size ({drawing.width} × {drawing.height} pt)")
    width = max(1, round(drawing.width * scale))
    height = max(1, round(drawing.height * scale))
    if width > MAX_PIXEL_SIDE or height > MAX_PIXEL_SIDE or width * height > MAX_PIXELS:
        raise LimitError(
            f"the PNG would be {width} × {height} pixels; a PNG is at most {MAX_PIXELS:,} pixels "
            f"and {MAX_PIXEL_SIDE:,} on a side: choose a smaller --scale or --size"
        )
    return width, height


def to_png(drawing: Drawing, scale: float = 2.0) -> bytes:
    """The drawing as a PNG of ``scale`` pixels per point (1 pt = 1/72 inch)."""
    width, height = png_size(drawing, scale)
    cairosvg = _cairosvg()
    if isinstance(cairosvg, str):
        raise MissingPackageError(cairosvg, CAIRO_PACKAGE)
    source = svg_bytes(drawing)
    with _interrupt_after():
        data: bytes = cairosvg.svg2png(bytestring=source, output_width=width, output_height=height)
    return data


@contextmanager
def _interrupt_after() -> Iterator[None]:
    """Hold Ctrl-C while cairo draws (an interrupt inside cairo's callbacks would be printed as
    a traceback and lost) and raise it as :class:`KeyboardInterrupt` once cairo has returned."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    interrupted: list[int] = []
    previous = signal.getsignal(signal.SIGINT)
    if previous is not signal.default_int_handler:
        yield
        return
    signal.signal(signal.SIGINT, lambda signum, frame: interrupted.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if interrupted:
        raise KeyboardInterrupt


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
