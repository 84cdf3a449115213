"""Golden images: diagram cases rendered to PNG and compared with tests/golden/*.png.

Images are compared with a pixel tolerance, never byte for byte: the mean absolute difference per
channel must stay small and few pixels may differ strongly (anti-aliasing and font hinting vary
a little between cairo versions). Regenerate the goldens after an intended change with
``PALAGO_UPDATE_GOLDEN=1 python3 -m pytest tests/test_render_golden.py`` and look at them.
"""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

from palago_tools.core.position import Position
from palago_tools.core.tiles import Tile
from palago_tools.diagram import (
    FRENCH,
    GREYSCALE,
    WHITE_ORANGE,
    Arrow,
    Diagram,
    Emphasis,
    EmptyKind,
    EmptyMarker,
    Ghost,
    Highlight,
    Label,
    Mark,
    MarkShape,
    Options,
    View,
    compile_diagram,
    empty_markers,
    turn_numbers,
)
from palago_tools.render import to_png

from .rasters import fresh_cairo, needs_dejavu

GOLDEN = Path(__file__).resolve().parent / "golden"
UPDATE = os.environ.get("PALAGO_UPDATE_GOLDEN") == "1"
SCALE = 1.5
MEAN_LIMIT = 1.5
"""Largest mean absolute difference per channel (0..255) between a render and its golden."""
STRONG = 64
STRONG_LIMIT = 0.003
"""Largest share of pixels that may differ by more than ``STRONG`` in some channel."""

# A 14-tile palago used by most cases.
PLAIN = Position.parse(
    "0,0R 1,0L 1,-1D 0,-1L -1,0D -1,1R 0,1L 2,-1R 2,-2L -1,2D 0,2R 1,1D -2,1L 2,0D"
)
# The ring around an eye (a 2-loop yellow creature) and a few tiles around it.
CREATURE = Position.parse(
    "-1,0R 0,-1L 0,0D 1,-2D 1,-1R 1,0L 2,-2L 2,-1D -1,1L 0,1R -2,1D 1,1D 2,0R"
)
# Six tiles around the empty cell 0,0: a single hole.
HOLE = Position.parse("1,0R 1,-1L 0,-1D -1,0R -1,1L 0,1D 2,-1R")
# The cells of an explicit view (written as tiles for brevity; the letters are ignored).
VIEW = "0,0R 1,0R 1,-1R 0,-1R -1,0R -1,1R 0,1R 2,-1R"
# The turns that built PLAIN, two tiles a turn after the first tile.
TURNS = [
    [(0, 0)],
    [(1, 0), (1, -1)],
    [(0, -1), (-1, 0)],
    [(-1, 1), (0, 1)],
    [(2, -1), (2, -2)],
    [(-1, 2), (0, 2)],
    [(1, 1), (-2, 1)],
    [(2, 0)],
]


def _cases() -> dict[str, tuple[Diagram, Options]]:
    plain = Options(size=20)
    return {
        "plain": (Diagram(PLAIN), plain),
        "no-outlines": (Diagram(PLAIN), Options(size=20, outlines=False, grid=False)),
        "marks": (
            Diagram(
                PLAIN,
                marks=(
                    Mark((0, 0), MarkShape.CIRCLE, meaning="threat"),
                    Mark((1, -1), MarkShape.TRIANGLE, meaning="fork"),
                    Mark((-1, 1), MarkShape.SQUARE, meaning="weak"),
                    Mark((1, 1), MarkShape.CROSS, meaning="mistake"),
                    Mark((3, -1), MarkShape.DOT, meaning="spot"),
                ),
            ),
            plain,
        ),
        "arrows": (
            Diagram(
                PLAIN,
                arrows=(
                    Arrow((-1, 0), (2, -1)),
                    Arrow((0, 2), (0, 1)),
                    Arrow((1, -1), (1, -1)),
                    Arrow((-2, 1), (-3, 2), colour="#1f5fae"),
                ),
            ),
            plain,
        ),
        "labels": (
            Diagram(
                PLAIN,
                labels=(
                    Label((0, 0), "A"),
                    Label((2, -2), "B"),
                    Label((3, -2), "C"),
                    Label((-2, 2), "D", colour="#d7191c"),
                ),
            ),
            plain,
        ),
        "ghost": (
            Diagram(
                HOLE,
                ghosts=(Ghost(Tile.parse("2,0D")), Ghost(Tile.parse("0,0L"))),
                empty=empty_markers(HOLE),
            ),
            plain,
        ),
        "empty-cells": (
            Diagram(
                HOLE,
                empty=(EmptyMarker((0, 0), EmptyKind.HOLE), EmptyMarker((2, 0), EmptyKind.LEGAL)),
                highlights=(Highlight.of([(1, 0), (1, -1)]), Highlight.of([(3, -2)], "#6cb6e8")),
            ),
            plain,
        ),
        "numbers": (Diagram(PLAIN, numbers=turn_numbers(TURNS)), plain),
        "emphasis": (Diagram(CREATURE, emphasis=Emphasis()), plain),
        "palette-yellow-red": (
            Diagram(PLAIN, marks=(Mark((0, 0), MarkShape.CIRCLE),)),
            Options(size=20, palette=FRENCH),
        ),
        "palette-white-orange": (
            Diagram(PLAIN, marks=(Mark((0, 0), MarkShape.CIRCLE),)),
            Options(size=20, palette=WHITE_ORANGE),
        ),
        "palette-greyscale": (
            Diagram(PLAIN, numbers=turn_numbers(TURNS), marks=(Mark((0, 0), MarkShape.CIRCLE),)),
            Options(size=20, palette=GREYSCALE),
        ),
        "palette-custom": (
            Diagram(PLAIN),
            Options(size=20, palette=GREYSCALE.with_colours(yellow="#ffffff", blue="#2b8a3e")),
        ),
        "rotate-120": (
            Diagram(PLAIN, labels=(Label((0, 0), "A"),)),
            Options(size=20, rotation=120),
        ),
        "mirror": (Diagram(PLAIN, labels=(Label((0, 0), "A"),)), Options(size=20, mirror=True)),
        "coordinates": (Diagram(PLAIN), Options(size=24, coordinates=True)),
        "view": (
            Diagram(PLAIN, marks=(Mark((0, 0), MarkShape.DOT),)),
            Options(size=20, view=View(frozenset(Position.parse(VIEW).keys()))),
        ),
        "caption": (
            Diagram(
                PLAIN,
                caption="Игрок Ёжиков against Pál Éva: yellow to play and close the creature.",
                number=7,
            ),
            plain,
        ),
    }


CASES = _cases()


def render(name: str) -> Image.Image:
    diagram, options = CASES[name]
    data = to_png(compile_diagram(diagram, options), SCALE)
    return Image.open(io.BytesIO(data)).convert("RGB")


def difference(a: Image.Image, b: Image.Image) -> tuple[float, float]:
    """Mean absolute difference per channel, and the share of strongly different pixels."""
    if a.size != b.size:
        return 255.0, 1.0
    diff = ImageChops.difference(a, b)
    mean = sum(ImageStat.Stat(diff).mean) / 3.0
    strongest = diff.convert("L").point(lambda v: 255 if v > STRONG else 0)
    histogram = strongest.histogram()
    share = histogram[255] / (a.size[0] * a.size[1])
    return mean, share


@needs_dejavu
@pytest.mark.parametrize("name", sorted(CASES))
def test_golden(name: str) -> None:
    fresh_cairo()
    image = render(name)
    path = GOLDEN / f"diagram-{name}.png"
    if UPDATE:
        GOLDEN.mkdir(exist_ok=True)
        image.save(path, optimize=True)
    assert path.exists(), f"no golden {path.name}: run with PALAGO_UPDATE_GOLDEN=1 and look at it"
    golden = Image.open(path).convert("RGB")
    assert image.size == golden.size, f"{name}: size {image.size} instead of {golden.size}"
    mean, share = difference(image, golden)
    assert mean < MEAN_LIMIT and share < STRONG_LIMIT, (
        f"{name}: mean difference {mean:.2f} (limit {MEAN_LIMIT}), "
        f"{share:.2%} of pixels strongly different (limit {STRONG_LIMIT:.2%})"
    )


def test_tolerance_tells_palettes_apart() -> None:
    """The tolerance is tight enough to catch a change of colours or of a single annotation."""
    plain = render("plain")
    assert difference(plain, render("palette-custom"))[0] > MEAN_LIMIT
    mean, share = difference(plain, render("labels"))
    assert not (mean < MEAN_LIMIT and share < STRONG_LIMIT)
