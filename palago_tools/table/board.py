"""The table's board: the position drawn by the diagram renderer, inline in the page, with a
layer of invisible hexagons on top that say which cell a tap lands on.

Tiles of the turn being entered (not yet sent) are drawn on a highlight; creatures the last turn
completed are emphasised (their loops drawn heavy, the other tiles faded).
"""

from __future__ import annotations

import dataclasses
import html
import re
from collections.abc import Iterable, Sequence
from typing import Final

from ..core.hexgrid import Cell, bounding_box, cell_text, disc, hexagon, neighbours
from ..core.position import Position
from ..core.tiles import Tile
from ..diagram import Diagram, DiagramError, Emphasis, Highlight, Options, View, compile_diagram
from ..diagram.annotations import MoveNumber
from ..render import to_svg

TILE_SIZE: Final = 24.0
"""Tile side in SVG units; the page scales the board to the screen."""

PENDING_COLOUR: Final = "#2e9e5b"
"""The highlight under tiles of the turn being entered."""
SELECTED_COLOUR: Final = "#d9480f"
"""The highlight under the tile chosen to be removed or turned."""

_SVG_OPEN: Final = re.compile(r"\A(?:<\?xml[^>]*>\s*)?<svg\b[^>]*>")
_VIEWBOX: Final = re.compile(r'viewBox="([^"]*)"')


def board_cells(
    position: Position, pending: Iterable[Cell], targets: Iterable[Cell]
) -> frozenset[Cell]:
    """The cells shown: the tiles, the pending tiles and the tap targets, and at least the ring
    of cells around the tiles (all of the middle of the table before the first tile)."""
    used = set(position) | set(pending)
    ring = {n for cell in used for n in neighbours(cell)} if used else set(disc((0, 0), 1))
    return frozenset(used | ring | set(targets))


def board_svg(
    position: Position,
    *,
    pending: Sequence[Tile] = (),
    targets: Iterable[Cell] = (),
    pickable: Iterable[Cell] = (),
    selected: Cell | None = None,
    completed: Iterable[Cell] = (),
    numbers: Sequence[MoveNumber] = (),
) -> str:
    """An ``<svg>`` element of the board for the page.

    ``targets`` are empty cells a tap places a tile on, ``pickable`` tiles a tap chooses (to
    remove or turn), ``selected`` the chosen one; each gets an invisible hexagon with its cell
    in ``data-cell`` and a class (``target``, ``pending``, ``pick``) the page's script uses.
    """
    targets = list(targets)
    shown = position.place(*(t for t in pending if t.cell not in position))
    cells = board_cells(shown, (), targets)
    options = Options(size=TILE_SIZE, view=View(cells), legend=False, padding=6.0)
    highlights = []
    if pending:
        highlights.append(Highlight.of((t.cell for t in pending), PENDING_COLOUR))
    if selected is not None:
        highlights.append(Highlight.of((selected,), SELECTED_COLOUR))
    wanted = frozenset(completed)
    diagram = Diagram(
        shown,
        highlights=tuple(highlights),
        numbers=tuple(n for n in numbers if n.cell in shown),
        emphasis=Emphasis(wanted) if wanted else None,
    )
    try:
        drawing = compile_diagram(diagram, options)
    except DiagramError:
        drawing = compile_diagram(dataclasses.replace(diagram, emphasis=None), options)
    svg = to_svg(drawing)
    head = _SVG_OPEN.match(svg)
    if head is None:  # the renderer always writes one <svg> element
        raise DiagramError("the diagram renderer gave no <svg> element")
    viewbox = _VIEWBOX.search(head.group(0))
    body = svg[head.end() :].strip().replace("<defs />", "")
    assert body.endswith("</svg>")
    hits = _hit_layer(cells, options, targets, pending, pickable)
    label = html.escape(f"Board of {len(position)} tiles", quote=True)
    box = viewbox.group(1) if viewbox else f"0 0 {drawing.width} {drawing.height}"
    return (
        f'<svg class="board" viewBox="{box}" role="img" aria-label="{label}" focusable="false">'
        + body[: -len("</svg>")]
        + hits
        + "</svg>"
    )


def board_origin(cells: Iterable[Cell], options: Options) -> tuple[float, float]:
    """Where the diagram compiler puts the centre of cell 0,0 on a board without legend or
    caption: the padding, less the top left corner of the cells' bounding box."""
    x0, y0, _, _ = bounding_box(cells, options.size)
    return (options.padding - x0, options.padding - y0)


def _hit_layer(
    cells: frozenset[Cell],
    options: Options,
    targets: Iterable[Cell],
    pending: Sequence[Tile],
    pickable: Iterable[Cell],
) -> str:
    ox, oy = board_origin(cells, options)
    out = ['<g class="hits">']
    seen: set[Cell] = set()
    groups: tuple[tuple[str, Iterable[Cell | Tile]], ...] = (
        ("pending", pending),
        ("target", targets),
        ("pick", pickable),
    )
    for kind, group in groups:
        for item in group:
            cell = item.cell if isinstance(item, Tile) else item
            if cell in seen:
                continue
            seen.add(cell)
            points = " ".join(f"{x + ox:.2f},{y + oy:.2f}" for x, y in hexagon(cell, options.size))
            name = item.token if isinstance(item, Tile) else cell_text(cell)
            out.append(
                f'<polygon class="hit {kind}" data-cell="{cell_text(cell)}" data-name="{name}" '
                f'points="{points}"><title>{name}</title></polygon>'
            )
    out.append("</g>")
    return "".join(out)
