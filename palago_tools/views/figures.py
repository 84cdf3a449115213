"""Rulebook figures: diagrams written in notation in ``docs/diagrams/``, rendered into a folder
such as ``docs/figures/`` in one of the four languages.

Each figure is a Position record named by its ``X-Figure`` tag. Its art carries no sentence:
the caption, set below the art, comes from the record's ``Caption`` tag (English) or
``X-CaptionRU``, ``X-CaptionFR``, ``X-CaptionHU``. ``X-Parts "q,r"`` numbers the parts of the
tile on that cell (1 tips, 2 straights, 3 arcs); ``X-TileSize`` (points) enlarges a figure's
tiles. Figures that claim a tactic carry ``X-ToMove`` and ``X-Claim`` (checked against the rules
by the tests).
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Final

from ..core.hexgrid import DIRECTIONS
from ..core.identity import position_form
from ..core.position import Position
from ..core.tiles import ORIENTATIONS, Tile
from ..diagram import Diagram, Label, Options, Palette, compile_diagram, palette
from ..drawing.typesetting import punctuate
from ..errors import PalagoError
from ..files import atomic_write, make_folder
from ..languages import lang_named
from ..notation import parse_text
from ..notation.records import PositionRecord, Record
from ..render import to_pdf
from ..shipped import shipped_folder
from .from_records import diagram_of
from .output import diagram_bytes

FIGURE_TAG: Final = "X-Figure"
PARTS_TAG: Final = "X-Parts"
SIZE_TAG: Final = "X-TileSize"
SOURCE_PACKAGE: Final = "palago_tools.diagram_sources"
FORMATS: Final = ("svg", "png", "pdf")
FIGURE_OPTIONS: Final = Options(caption_width=380.0, dashed_inner_loops=True)
PNG_DPI: Final = 300.0


def source_dir() -> Traversable:
    """The figure sources: ``docs/diagrams/`` in a source tree, else the installed copy."""
    return shipped_folder("docs/diagrams", SOURCE_PACKAGE)


def openings() -> list[Position]:
    """The distinct openings (two touching tiles) up to game symmetry, in normal form."""
    forms = {
        position_form(Position([Tile((0, 0), a), Tile(d, b)]))
        for a, b in itertools.product(ORIENTATIONS, repeat=2)
        for d in DIRECTIONS
    }
    return [Position(form) for form in sorted(forms, key=lambda f: [t.token for t in f])]


def caption_tag(lang: str) -> str:
    """The tag holding a figure's caption in ``lang``."""
    return "Caption" if lang == "EN" else f"X-Caption{lang}"


def figure_caption(record: PositionRecord, lang: str = "EN") -> str:
    """The record's caption in ``lang``; every figure has one in each language."""
    text = record.caption if lang == "EN" else dict(record.tags).get(caption_tag(lang))
    if not text:
        name = dict(record.tags).get(FIGURE_TAG, "?")
        raise PalagoError(f"figure {name} has no caption in {lang} (tag {caption_tag(lang)})")
    return punctuate(text, lang)


def tile_parts(record: PositionRecord, cell_text: str) -> tuple[Label, ...]:
    """Numbered callouts on the parts of the tile at ``cell_text``: 1 on each tip, 2 on each
    straight, 3 on each arc (the arc's middle, half a side from the tip's corner)."""
    position = record.position()
    cells = [c for c in position if f"{c[0]},{c[1]}" == cell_text.strip()]
    if not cells:
        raise PalagoError(f"{PARTS_TAG} names {cell_text!r}, which holds no tile of the figure")
    (cell,) = cells
    tip = position[cell].tip
    return (
        Label(cell, "1", corner=tip, reach=0.8),
        Label(cell, "1", corner=tip + 3, reach=0.8),
        Label(cell, "2", corner=(tip + 4) % 6, reach=0.58),
        Label(cell, "2", corner=(tip + 1) % 6, reach=0.58),
        Label(cell, "3", corner=tip, reach=0.42),
        Label(cell, "3", corner=(tip + 3) % 6, reach=0.42),
    )


def _figure_name(record: Record) -> str | None:
    return dict(record.tags).get(FIGURE_TAG) if isinstance(record, PositionRecord) else None


def figure_records(folder: Traversable | None = None) -> list[tuple[str, PositionRecord]]:
    """``(name, record)`` for every record of the ``*.palago`` files in ``folder``."""
    found: list[tuple[str, PositionRecord]] = []
    files = [f for f in (folder or source_dir()).iterdir() if f.name.endswith(".palago")]
    for path in sorted(files, key=lambda f: f.name):
        result = parse_text(path.read_text(encoding="utf-8"), path.name)
        if result.errors:
            raise result.errors[0]
        for record in result.records:
            name = _figure_name(record)
            if name is None or not isinstance(record, PositionRecord):
                raise PalagoError(
                    f"{path}: every figure is a Position record with an {FIGURE_TAG} tag"
                )
            found.append((name, record))
    return found


def figure_diagram(record: PositionRecord, lang: str = "EN") -> Diagram:
    """The figure's diagram, captioned in ``lang``."""
    diagram = dataclasses.replace(diagram_of(record), caption=figure_caption(record, lang))
    parts = dict(record.tags).get(PARTS_TAG)
    if parts is not None:
        diagram = dataclasses.replace(diagram, labels=diagram.labels + tile_parts(record, parts))
    return diagram


@dataclass(frozen=True)
class Figure:
    """A rulebook figure: its name, its diagram in one language, and its tile size (points;
    ``None`` for the common size)."""

    name: str
    diagram: Diagram
    tile_size: float | None = None

    def options(self, base: Options = FIGURE_OPTIONS) -> Options:
        """``base`` with this figure's tile size."""
        if self.tile_size is None:
            return base
        return dataclasses.replace(base, size=self.tile_size)


def _tile_size(record: PositionRecord) -> float | None:
    text = dict(record.tags).get(SIZE_TAG)
    if text is None:
        return None
    try:
        size = float(text)
    except ValueError:
        size = 0.0
    if not 4.0 <= size <= 200.0:
        raise PalagoError(f"{SIZE_TAG} is a tile size in points from 4 to 200, not {text!r}")
    return size


def figures(folder: Traversable | None = None, lang: str = "EN") -> list[Figure]:
    """Every rulebook figure with its caption in ``lang``; figures are known by name."""
    lang = lang_named(lang)
    found = [
        Figure(name, figure_diagram(record, lang), _tile_size(record))
        for name, record in figure_records(folder)
    ]
    names = [f.name for f in found]
    duplicates = sorted({n for n in names if names.count(n) > 1})
    if duplicates:
        raise PalagoError(f"figure names used twice: {', '.join(duplicates)}")
    return found


def figure_options(colours: str | Palette = "classic") -> Options:
    """The figures' layout in a palette (a name or a :class:`Palette`)."""
    return dataclasses.replace(FIGURE_OPTIONS, palette=palette(colours))


def figure_bytes(
    diagram: Diagram,
    fmt: str,
    options: Options = FIGURE_OPTIONS,
    lang: str = "EN",
    subject: str = "",
) -> bytes:
    """One figure as SVG, as PDF (its caption the title, its language ``lang`` and the
    ``subject`` given, the printed set's ``figure_subject`` string, in its metadata), or as an
    opaque PNG at 300 ppi with its resolution recorded."""
    if fmt == "png":
        return diagram_bytes(diagram, fmt, options, dpi=PNG_DPI)
    if fmt == "pdf":
        code = lang_named(lang)
        return to_pdf(compile_diagram(diagram, options), lang=code, subject=subject)
    return diagram_bytes(diagram, fmt, options)


def build_figures(
    out: Path,
    formats: Sequence[str] = FORMATS,
    options: Options | None = None,
    folder: Traversable | None = None,
    lang: str = "EN",
    subject: str = "",
) -> list[Path]:
    """Render every figure into ``out`` in each format, captioned in ``lang`` (the PDFs with
    ``subject`` in their metadata); return the files."""
    make_folder(out)
    written: list[Path] = []
    for figure in figures(folder, lang):
        for fmt in formats:
            data = figure_bytes(
                figure.diagram, fmt, figure.options(options or FIGURE_OPTIONS), lang, subject
            )
            written.append(atomic_write(out / f"{figure.name}.{fmt}", data))
    return written
