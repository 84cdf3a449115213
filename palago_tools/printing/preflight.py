"""The preflight of a press file: what a print shop's preflight checks, run by ``palago build``
on every CMYK print-shop file it writes, against that file's own preset.

- **Total area coverage** (TAC), measured on the rendered separations: Ghostscript renders
  every page to CMYK (``tiff32nc``, overprint simulated, no antialiasing) at
  :data:`COVERAGE_DPI`, and the figure of a page is the largest C + M + Y + K of any pixel
  (no blur, no percentile: a pixel is 0.25 mm, smaller than the areas shops measure, so the
  figure is strict), with the share of the page above the limit. The limit is the preset's
  (``printing/shops.py``, with its source), or SWOP's 300 % without one.
- **Hairlines**: every stroked line (``S``/``s``; the edges of filled shapes, painted in their
  own colour, are not lines) at least :data:`HAIRLINE_PT` wide after the page's transforms.
- **Images**: every image at least :data:`IMAGE_PPI` pixels per inch where it is placed.
- **Fonts**: every font embedded.
- **Boxes**: TrimBox within BleedBox within MediaBox on every page, with at least the card's
  bleed on every side.

:func:`preflight` returns a :class:`PreflightReport`; the command prints it. Without
Ghostscript (Debian package ``ghostscript``) the coverage is not measured and the report says
so (:attr:`PreflightReport.skipped`); the other checks still run.
"""

from __future__ import annotations

import io
import math
import shutil
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import pikepdf
from PIL import Image, ImageMath, ImageSequence

from ..errors import PalagoError
from .sheet import SheetOptions
from .shops import limit_source

GHOSTSCRIPT_PACKAGE: Final = "ghostscript"
"""The Debian package of the ``gs`` command the coverage is measured with."""

COVERAGE_DPI: Final = 100
"""The resolution the separations are rendered at: a pixel is 0.254 mm."""

HAIRLINE_PT: Final = 0.25
"""The thinnest stroked line a press file may have (0.09 mm), in points: our choice, the
figure below which presses commonly warn that a line may break up."""

IMAGE_PPI: Final = 300.0
"""The least effective resolution of an image (pixels per inch where it is placed)."""

_STROKES: Final = frozenset({"S", "s"})


@dataclass(frozen=True)
class PageCoverage:
    """One page's total area coverage: the largest C + M + Y + K of any pixel (percent) and
    the share of the page's pixels above the limit (percent)."""

    page: int
    maximum: float
    over: float


@dataclass(frozen=True)
class PreflightProblem:
    """A rule the file breaks: the page (from 1; 0 for the whole file), the check, and a
    sentence with the figure."""

    page: int
    check: str
    message: str

    def __str__(self) -> str:
        where = f"page {self.page}" if self.page else "the file"
        return f"{where}: {self.message}"


@dataclass(frozen=True)
class PreflightReport:
    """The preflight of one press file: the ink limit and its source, each page's coverage,
    the thinnest line, the lowest image resolution, the problems, why the coverage was not
    measured (``skipped``, else ``None``), and the seconds it took."""

    name: str
    limit: float
    source: str
    pages: tuple[PageCoverage, ...]
    thinnest_line: float | None
    lowest_ppi: float | None
    fonts: int
    problems: tuple[PreflightProblem, ...]
    skipped: str | None
    seconds: float

    @property
    def ok(self) -> bool:
        """Whether the file passes every check that ran."""
        return not self.problems

    @property
    def maximum(self) -> float | None:
        """The largest coverage of any page (percent), ``None`` when not measured."""
        return max((p.maximum for p in self.pages), default=None)

    def summary(self) -> str:
        """One line: the file, the largest coverage against the limit, and the verdict."""
        if self.skipped is not None:
            coverage = f"coverage not measured ({self.skipped})"
        else:
            worst = max(self.pages, key=lambda p: p.maximum)
            coverage = (
                f"max coverage {worst.maximum:.1f} % (page {worst.page}) "
                f"≤ {self.limit:g} %" + ("" if worst.maximum <= self.limit else " FAILS")
            )
        line = (
            "no stroked lines"
            if self.thinnest_line is None
            else (f"thinnest line {self.thinnest_line:.2f} pt")
        )
        images = "no images" if self.lowest_ppi is None else f"images ≥ {self.lowest_ppi:.0f} ppi"
        verdict = "passes" if self.ok else f"FAILS ({len(self.problems)} problems)"
        return f"{self.name}: {coverage}; {line}; {images}; {self.fonts} fonts embedded; {verdict}"

    def page_lines(self, per_line: int = 6) -> list[str]:
        """The largest coverage of every page, ``per_line`` pages a line, with the share of
        the page over the limit where there is any."""
        cells = [
            f"p{p.page} {p.maximum:.1f} %" + (f" ({p.over:.2f} % over)" if p.over else "")
            for p in self.pages
        ]
        return ["  " + " · ".join(cells[i : i + per_line]) for i in range(0, len(cells), per_line)]


class PreflightError(PalagoError):
    """A press file that fails the preflight of its own preset (exit 1)."""


def ghostscript() -> str | None:
    """The ``gs`` command, or ``None`` when Ghostscript is not installed."""
    return shutil.which("gs")


def coverage(data: bytes, limit: float, dpi: int = COVERAGE_DPI) -> list[PageCoverage]:
    """Every page's total area coverage, rendered by Ghostscript into CMYK at ``dpi`` with
    overprint simulated; :class:`PreflightError` when Ghostscript fails or is missing."""
    gs = ghostscript()
    if gs is None:
        raise PreflightError(
            f"the coverage needs Ghostscript: apt-get install {GHOSTSCRIPT_PACKAGE}"
        )
    with tempfile.TemporaryDirectory(prefix="palago-preflight-") as folder:
        source, out = Path(folder) / "in.pdf", Path(folder) / "out.tif"
        source.write_bytes(data)
        command = [
            gs, "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=tiff32nc",
            f"-r{dpi}", "-dOverprint=/simulate", f"-sOutputFile={out}", str(source),
        ]  # fmt: skip
        done = subprocess.run(command, capture_output=True, check=False)
        if done.returncode != 0:
            error = done.stderr.decode(errors="replace").strip().splitlines()
            raise PreflightError(f"Ghostscript cannot render the file: {error[-1:]}")
        pages = []
        with Image.open(out) as image:
            for number, frame in enumerate(ImageSequence.Iterator(image), start=1):
                pages.append(_page_coverage(number, frame.convert("CMYK"), limit))
    return pages


def _page_coverage(number: int, image: Image.Image, limit: float) -> PageCoverage:
    """The coverage of one rendered page: its bands summed per pixel (0 to 1020)."""
    c, m, y, k = (band.convert("I") for band in image.split())
    total = ImageMath.lambda_eval(lambda b: b["c"] + b["m"] + b["y"] + b["k"], c=c, m=m, y=y, k=k)
    assert isinstance(total, Image.Image)
    _low, high = total.getextrema()
    highest = high if isinstance(high, (int, float)) else 0
    threshold = limit * 255.0 / 100.0 + 0.5
    above = ImageMath.lambda_eval(lambda b: b["t"] > threshold, t=total)
    assert isinstance(above, Image.Image)
    over = above.convert("L").histogram()[1]
    return PageCoverage(
        number,
        round(float(highest) * 100.0 / 255.0, 1),
        100.0 * over / (image.width * image.height),
    )


Transform = tuple[float, float, float, float, float, float]


def _times(a: Transform, b: Transform) -> Transform:
    """``a`` then ``b`` (PDF's row-vector convention: ``a × b``)."""
    return (
        a[0] * b[0] + a[1] * b[2],
        a[0] * b[1] + a[1] * b[3],
        a[2] * b[0] + a[3] * b[2],
        a[2] * b[1] + a[3] * b[3],
        a[4] * b[0] + a[5] * b[2] + b[4],
        a[4] * b[1] + a[5] * b[3] + b[5],
    )


def _walk(page: pikepdf.Page) -> tuple[list[float], list[float]]:
    """The widths of the page's stroked lines (points, after the transforms) and the
    resolution of its images (pixels per inch, the lower of the two directions)."""
    widths: list[float] = []
    ppis: list[float] = []
    ctm: Transform = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    width = 1.0
    saved: list[tuple[Transform, float]] = []
    xobjects = page.obj.get("/Resources", pikepdf.Dictionary()).get(
        "/XObject", pikepdf.Dictionary()
    )
    for instruction in pikepdf.parse_content_stream(page, "q Q cm w S s Do"):
        if isinstance(instruction, pikepdf.ContentStreamInlineImage):
            continue
        operands, name = instruction.operands, str(instruction.operator)
        if name == "q":
            saved.append((ctm, width))
        elif name == "Q" and saved:
            ctm, width = saved.pop()
        elif name == "cm":
            a, b, c, d, e, f = (float(v) for v in operands)
            ctm = _times((a, b, c, d, e, f), ctm)
        elif name == "w":
            width = float(operands[0])
        elif name in _STROKES:
            widths.append(width * math.sqrt(abs(ctm[0] * ctm[3] - ctm[1] * ctm[2])))
        elif name == "Do":
            xobject = xobjects.get(str(operands[0]))
            if xobject is not None and xobject.get("/Subtype") == pikepdf.Name.Image:
                across = math.hypot(ctm[0], ctm[1]) / 72.0
                down = math.hypot(ctm[2], ctm[3]) / 72.0
                ppis.append(
                    min(
                        int(xobject.Width) / max(across, 1e-9),
                        int(xobject.Height) / max(down, 1e-9),
                    )
                )
    return widths, ppis


def _fonts(pdf: pikepdf.Pdf) -> tuple[int, list[tuple[int, str]]]:
    """How many fonts the pages use, and (page, name) of each one not embedded."""
    seen: set[tuple[int, int]] = set()
    missing: list[tuple[int, str]] = []
    for number, page in enumerate(pdf.pages, start=1):
        fonts = page.obj.get("/Resources", pikepdf.Dictionary()).get("/Font", pikepdf.Dictionary())
        for font in fonts.values():
            key = font.objgen
            if key in seen:
                continue
            seen.add(key)
            described = [font]
            if font.get("/Subtype") == pikepdf.Name.Type0:
                described = list(font.get("/DescendantFonts", pikepdf.Array()))
            for one in described:
                descriptor = one.get("/FontDescriptor", pikepdf.Dictionary())
                if not any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3")):
                    missing.append((number, str(font.get("/BaseFont", "?"))))
    return len(seen), missing


def _boxes(pdf: pikepdf.Pdf, bleed: float) -> list[PreflightProblem]:
    """TrimBox within BleedBox within MediaBox, with ``bleed`` points around the trim."""
    problems = []
    for number, page in enumerate(pdf.pages, start=1):
        obj = page.obj
        if "/TrimBox" not in obj or "/BleedBox" not in obj:
            problems.append(PreflightProblem(number, "boxes", "no TrimBox or no BleedBox"))
            continue
        trim, box, media = (
            [float(v) for v in obj[key]] for key in ("/TrimBox", "/BleedBox", "/MediaBox")
        )
        inside = all(
            m[0] <= b[0] + 0.01
            and m[1] <= b[1] + 0.01
            and b[2] <= m[2] + 0.01
            and b[3] <= m[3] + 0.01
            for b, m in ((trim, box), (box, media))
        )
        margin = min(trim[0] - box[0], trim[1] - box[1], box[2] - trim[2], box[3] - trim[3])
        if not inside:
            problems.append(PreflightProblem(number, "boxes", "TrimBox ⊄ BleedBox ⊄ MediaBox"))
        elif margin < bleed - 0.01:
            problems.append(
                PreflightProblem(
                    number, "boxes", f"a bleed of {margin:.2f} pt, under the {bleed:.2f} pt"
                )
            )
    return problems


def preflight(
    data: bytes, options: SheetOptions, name: str = "", bleed: bool = True
) -> PreflightReport:
    """The preflight of the press file ``data`` against ``options``' ink limit (the preset's,
    else SWOP's 300 %); ``bleed``: whether the pages must have the card's bleed around the
    trim (the die line's pages have it too)."""
    start = time.perf_counter()
    limit = options.ink_limit
    problems: list[PreflightProblem] = []
    skipped: str | None = None
    pages: list[PageCoverage] = []
    if ghostscript() is None:
        skipped = f"no Ghostscript: apt-get install {GHOSTSCRIPT_PACKAGE}"
    else:
        pages = coverage(data, limit)
        for page in pages:
            if page.maximum > limit:
                problems.append(
                    PreflightProblem(
                        page.page,
                        "coverage",
                        f"total ink {page.maximum:.1f} %, over the limit of {limit:g} % "
                        f"on {page.over:.2f} % of the page",
                    )
                )
    pdf = pikepdf.open(io.BytesIO(data))
    widths: list[float] = []
    ppis: list[float] = []
    for number, sheet in enumerate(pdf.pages, start=1):
        lines, images = _walk(sheet)
        widths += lines
        ppis += images
        if lines and min(lines) < HAIRLINE_PT - 1e-6:
            problems.append(
                PreflightProblem(
                    number, "hairline", f"a line {min(lines):.3f} pt wide, under {HAIRLINE_PT} pt"
                )
            )
        if images and min(images) < IMAGE_PPI:
            problems.append(
                PreflightProblem(
                    number, "image", f"an image at {min(images):.0f} ppi, under {IMAGE_PPI:g}"
                )
            )
    count, missing = _fonts(pdf)
    problems += [PreflightProblem(p, "font", f"the font {n} is not embedded") for p, n in missing]
    if bleed:
        problems += _boxes(pdf, options.card.bleed)
    return PreflightReport(
        name,
        limit,
        limit_source(options),
        tuple(pages),
        min(widths, default=None),
        min(ppis, default=None),
        count,
        tuple(problems),
        skipped,
        time.perf_counter() - start,
    )
