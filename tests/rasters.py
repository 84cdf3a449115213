"""What the drawing tests share: the system packages some tests need (each test that needs one
skips, naming the Debian package, when it is missing), drawings rasterised through SVG
(cairosvg) and PDFs rasterised by PDFium (pypdfium2, from PyPI: poppler is not needed), and the
block-by-block comparison of two rasters."""

from __future__ import annotations

import io
import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import cast

import pypdfium2
import pytest
from PIL import Image, ImageChops, ImageFilter

from palago_tools.drawing.primitives import Drawing
from palago_tools.render import png_unavailable, to_pdf, to_png
from palago_tools.render.cmyk import GHOSTSCRIPT_PROFILES


def _dejavu_installed() -> bool:
    """Whether the system has DejaVu Sans, which cairo finds through fontconfig."""
    folders = (Path("/usr/share/fonts"), Path("/usr/local/share/fonts"))
    return any(any(folder.rglob("DejaVuSans.ttf")) for folder in folders if folder.is_dir())


NO_CAIRO = png_unavailable()
"""Why PNG output cannot be made here (``None`` when cairo is installed)."""

needs_cairo = pytest.mark.skipif(
    NO_CAIRO is not None, reason=f"needs libcairo2 (Debian package libcairo2): {NO_CAIRO}"
)
"""For a test that renders PNG (through cairosvg)."""

needs_dejavu = pytest.mark.skipif(
    not _dejavu_installed(),
    reason="needs the DejaVu fonts for PNG text (Debian package fonts-dejavu-core)",
)
"""For a test that compares PNG text with a reference (cairo takes the system's fonts)."""

needs_poppler = pytest.mark.skipif(
    shutil.which("pdffonts") is None, reason="needs pdffonts (Debian package poppler-utils)"
)
"""For a test that runs poppler's own tools (PDF rasters come from pypdfium2 instead)."""


needs_cmyk_profile = pytest.mark.skipif(
    not any(path.is_file() for path in GHOSTSCRIPT_PROFILES),
    reason="needs Ghostscript's CMYK profile for --cmyk (Debian package libgs-common)",
)
"""For a test that makes a CMYK file with its output intent."""


def fresh_cairo() -> None:
    """Empty cairo's process-wide caches (its font and glyph caches) before a golden render.

    cairo draws the same text a little differently (sub-pixel antialiasing of a few glyph edges)
    once other sizes of the font have filled its caches, so a golden comparison would depend on
    which tests ran before it in the process (seen: the ``triple-row`` figure after the puzzle
    cards, 0.37 % of pixels against a limit of 0.3 %). The golden PNGs are rendered by a fresh
    process; this gives the comparison the same start. Only cairo's own debugging call does
    that, and it is safe only with no cairo object alive: hence the collection first.
    """
    if NO_CAIRO is not None:
        return
    import gc

    import cairocffi

    gc.collect()
    cairocffi.cairo.cairo_debug_reset_static_data()


def svg_raster(drawing: Drawing, scale: float) -> Image.Image:
    """``drawing`` rendered through SVG by cairosvg at ``scale`` pixels per point, flattened
    onto white, as RGB."""
    image = Image.open(io.BytesIO(to_png(drawing, scale))).convert("RGBA")
    ground = Image.new("RGBA", image.size, "#ffffff")
    return Image.alpha_composite(ground, image).convert("RGB")


def pdf_pages(pdf: bytes, scale: float, pages: range | None = None) -> Iterator[Image.Image]:
    """The pages of ``pdf`` (all, or those of ``pages``, from 0) rendered by PDFium at
    ``scale`` pixels per point on white, as RGB."""
    document = pypdfium2.PdfDocument(pdf)
    try:
        for index in pages if pages is not None else range(len(document)):
            page = document[index]
            bitmap = page.render(scale=scale)
            yield bitmap.to_pil().convert("RGB")
            bitmap.close()
            page.close()
    finally:
        document.close()


def pdf_page(pdf: bytes, index: int, dpi: float = 100.0) -> Image.Image:
    """Page ``index`` (from 0) of ``pdf`` rendered by PDFium at ``dpi``, as RGB."""
    return next(pdf_pages(pdf, dpi / 72.0, range(index, index + 1)))


def pdf_raster(drawing: Drawing, scale: float) -> Image.Image:
    """``drawing`` painted by the PDF renderer and rendered by PDFium at ``scale``."""
    return next(pdf_pages(to_pdf(drawing), scale))


@dataclass(frozen=True)
class BlockDifference:
    """The largest difference between two rasters, block by block: the mean absolute
    difference of the worst block's worst channel (0..255), and where that block is."""

    worst: float
    at: tuple[int, int]

    def __str__(self) -> str:
        return f"block at pixel {self.at[0]},{self.at[1]} differs by {self.worst:.1f} of 255"


def block_difference(
    a: Image.Image, b: Image.Image, block: int = 16, blur: float = 2.0
) -> BlockDifference:
    """Compare ``a`` and ``b`` block by block: both blurred by ``blur`` pixels (a Gaussian
    radius), then the mean colour of each ``block`` × ``block`` square, channel by channel.
    Text and edges that two rasterisers place or smooth a pixel apart average out within a
    block; a shape in another colour or opacity does not. Rasters of one drawing may differ by
    a pixel in size (rounded up or to the nearest): the common part is compared, anything more
    is a failure."""
    if abs(a.width - b.width) > 1 or abs(a.height - b.height) > 1:
        raise AssertionError(f"the rasters differ in size: {a.size} and {b.size}")
    box = (0, 0, min(a.width, b.width), min(a.height, b.height))
    small = [
        image.convert("RGB").crop(box).filter(ImageFilter.GaussianBlur(blur)).reduce(block)
        for image in (a, b)
    ]
    red, green, blue = ImageChops.difference(small[0], small[1]).split()
    channels = ImageChops.lighter(ImageChops.lighter(red, green), blue)
    _low, worst = cast(tuple[int, int], channels.getextrema())
    where = channels.point(lambda v: 255 if v == worst else 0).getbbox() or (0, 0)
    return BlockDifference(float(worst), (where[0] * block, where[1] * block))
