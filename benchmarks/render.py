"""Median render times of a 48-tile annotated diagram: SVG (target < 20 ms) and PDF (< 60 ms).

Run: ``python3 benchmarks/render.py [--runs N]``. Each time covers the whole path from the
diagram to the output bytes (layout included); the layout alone is shown too.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from palago_tools.core.analysis import analyse
from palago_tools.diagram import (
    Arrow,
    Diagram,
    Emphasis,
    Ghost,
    Highlight,
    Label,
    Mark,
    MarkShape,
    Options,
    compile_diagram,
    empty_markers,
    turn_numbers,
)
from palago_tools.core.position import Position
from palago_tools.render import to_pdf, to_svg
from palago_tools.core.tiles import ORIENTATIONS, Tile


def forty_eight_tiles(seed: int = 48) -> tuple[Position, list[list[tuple[int, int]]]]:
    """A connected 48-tile position grown two tiles a turn, with the turns that built it."""
    rng = random.Random(seed)
    position = Position([Tile((0, 0), rng.choice(ORIENTATIONS))])
    turns: list[list[tuple[int, int]]] = [[(0, 0)]]
    while len(position) < 48:
        cell = rng.choice(sorted(position.frontier()))
        position = position.place(Tile(cell, rng.choice(ORIENTATIONS)))
        if len(turns[-1]) == 2:
            turns.append([])
        turns[-1].append(cell)
    return position, turns


def annotated_diagram() -> Diagram:
    """Every kind of annotation on a 48-tile position."""
    position, turns = forty_eight_tiles()
    cells = sorted(position)
    shapes = list(MarkShape)
    frontier = sorted(position.frontier())
    return Diagram(
        position,
        marks=tuple(
            Mark(cells[i * 7], shapes[i % len(shapes)], meaning=f"mark {i}") for i in range(6)
        ),
        arrows=(
            Arrow(cells[0], cells[10]),
            Arrow(cells[20], cells[20]),
            Arrow(cells[5], cells[30]),
        ),
        labels=tuple(Label(cells[i * 9 + 3], "ABCDE"[i]) for i in range(5)),
        highlights=(Highlight.of(cells[40:44]),),
        ghosts=(Ghost(Tile(frontier[0], ORIENTATIONS[0])),),
        numbers=turn_numbers(turns),
        empty=empty_markers(position)[1:],
        emphasis=Emphasis() if analyse(position).creatures else None,
        caption="A 48-tile game between Игрок Ёжиков and Pál Éva, every tile numbered by its turn.",
        number=12,
    )


def median_ms(action: Callable[[], object], runs: int) -> float:
    action()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=50)
    args = parser.parse_args()
    diagram = annotated_diagram()
    options = Options(coordinates=True)
    drawing = compile_diagram(diagram, options)
    layout = median_ms(lambda: compile_diagram(diagram, options), args.runs)
    svg = median_ms(lambda: to_svg(compile_diagram(diagram, options)), args.runs)
    pdf = median_ms(lambda: to_pdf(compile_diagram(diagram, options)), args.runs)
    emphasis = "with" if diagram.emphasis else "without"
    print(
        f"48-tile annotated diagram ({emphasis} creature emphasis): "
        f"{len(drawing.items)} primitives, {args.runs} runs"
    )
    print(f"layout only      median {layout:6.2f} ms")
    print(f"SVG (with layout) median {svg:6.2f} ms   target < 20 ms")
    print(f"PDF (with layout) median {pdf:6.2f} ms   target < 60 ms")


if __name__ == "__main__":
    main()
