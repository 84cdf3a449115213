"""Rulebook figures: diagrams written in notation in ``docs/diagrams/`` (each record names its
figure with an ``X-Figure`` tag), plus the figures computed here (the six openings), rendered
into a folder such as ``docs/figures/``."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Final

from .diagram import Diagram, Label, Options
from .diagram.from_records import diagram_of
from .diagram.output import render_diagram
from .render.files import make_folder
from .errors import PalagoError
from .hexgrid import DIRECTIONS
from .identity import position_form
from .notation import parse_text
from .notation.records import PositionRecord, Record
from .position import Position
from .shipped import shipped_folder
from .tiles import ORIENTATIONS, Tile

FIGURE_TAG: Final = "X-Figure"
SOURCE_PACKAGE: Final = "palago_tools.diagram_sources"
FORMATS: Final = ("svg", "png")
FIGURE_OPTIONS: Final = Options(caption_width=380.0)


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


def openings_diagram() -> Diagram:
    """All openings side by side, numbered, computed from the model rather than drawn."""
    tiles: list[Tile] = []
    labels: list[Label] = []
    found = openings()
    for index, opening in enumerate(found):
        dq, dr = 4 * (index % 3) - (index // 3) * 2, 4 * (index // 3)
        tiles.extend(Tile((q + dq, r + dr), o) for (q, r), o in opening.items())
        labels.append(Label((dq - 1, dr), str(index + 1)))
    caption = (
        f'The {len(found)} possible openings, "two tiles joined by the principle of colour '
        'affinity", up to the symmetries of the game (turns by 120° and mirrors through corners).'
    )
    return Diagram(Position(tiles), labels=tuple(labels), caption=caption)


def _figure_name(record: Record) -> str | None:
    return dict(record.tags).get(FIGURE_TAG) if isinstance(record, PositionRecord) else None


def source_figures(folder: Traversable | None = None) -> list[tuple[str, Diagram]]:
    """``(name, diagram)`` for every record of the ``*.palago`` files in ``folder``."""
    figures: list[tuple[str, Diagram]] = []
    files = [f for f in (folder or source_dir()).iterdir() if f.name.endswith(".palago")]
    for path in sorted(files, key=lambda f: f.name):
        result = parse_text(path.read_text(encoding="utf-8"), path.name)
        if result.errors:
            raise result.errors[0]
        for record in result.records:
            name = _figure_name(record)
            if name is None:
                raise PalagoError(f"{path}: every figure is a Position record with an {FIGURE_TAG} tag")
            figures.append((name, diagram_of(record)))
    return figures


def all_figures(folder: Traversable | None = None) -> list[tuple[str, Diagram]]:
    """Every rulebook figure, the computed ones first; figures are known by name."""
    named = [("openings", openings_diagram()), *source_figures(folder)]
    names = [name for name, _ in named]
    duplicates = sorted({n for n in names if names.count(n) > 1})
    if duplicates:
        raise PalagoError(f"figure names used twice: {', '.join(duplicates)}")
    return named


def build_figures(
    out: Path,
    formats: Sequence[str] = FORMATS,
    options: Options | None = None,
    folder: Traversable | None = None,
) -> list[Path]:
    """Render every figure into ``out`` in each format; return the files written."""
    make_folder(out)
    written: list[Path] = []
    for name, diagram in all_figures(folder):
        for fmt in formats:
            written.append(render_diagram(diagram, out / f"{name}.{fmt}", options or FIGURE_OPTIONS))
    return written
