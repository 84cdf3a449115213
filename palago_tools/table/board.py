"""The table's board: the position drawn for the page, with a layer of invisible hexagons on top
that say which cell a tap lands on.

The tiles are drawn as the replay viewer draws them: one picture per orientation, drawn once in
the board's ``<defs>``, and a ``<use>`` of it per tile, so a board of 288 tiles costs little more
than one of 10. Tiles of the turn being entered (not yet sent) stand on a highlight; the
creatures the last turn completed are emphasised (their loops drawn heavy, the other tiles
faded); the tiles the last turn laid carry its number. The board is drawn at its natural size
(a cell is 41.6 CSS px across, a tap target big enough for a finger) and the page scrolls it.
"""

from __future__ import annotations

import collections
import dataclasses
import html
import itertools
import threading
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Final

from ..core.hexgrid import Cell, cell_text, centre, disc, hexagon, neighbours
from ..core.position import Position
from ..core.tiles import Tile
from ..diagram import Diagram, DiagramError, Emphasis, Options, View
from ..diagram.annotations import MoveNumber
from ..drawing.primitives import Path
from ..glossary import counted
from ..screens import say
from ..viewer.board import BoardLayout, drawn_on, symbols

TILE_SIZE: Final = 24.0
"""Tile side in SVG units (CSS px at the board's natural size): a cell is 41.6 px across."""

PENDING_COLOUR: Final = "#2e9e5b"
"""The highlight under tiles of the turn being entered."""
SELECTED_COLOUR: Final = "#d9480f"
"""The highlight under the tile chosen to be removed or turned."""

OPTIONS: Final = Options(size=TILE_SIZE, legend=False, padding=6.0)
_DEFS: Final = symbols(OPTIONS).split("<defs>", 1)[1].rsplit("</defs>", 1)[0]


def board_cells(
    position: Position, pending: Iterable[Cell], targets: Iterable[Cell]
) -> frozenset[Cell]:
    """The cells shown: the tiles, the pending tiles and the tap targets, and at least the ring
    of cells around the tiles (all of the middle of the table before the first tile)."""
    used = set(position) | set(pending)
    ring = {n for cell in used for n in neighbours(cell)} if used else set(disc((0, 0), 1))
    return frozenset(used | ring | set(targets))


@dataclasses.dataclass(frozen=True)
class _Drawn:
    """What the board draws of a position alone: the cells shown around its tiles
    (:func:`board_cells` without pending tiles or targets), the bounds of their centres, the
    empty ones, and each tile's picture, in the position's order."""

    cells: frozenset[Cell]
    bounds: tuple[float, float, float, float]
    empty: frozenset[Cell]
    tiles: tuple[str, ...]

    @classmethod
    def of(cls, position: Position, kept: Iterable[tuple[Position, _Drawn]]) -> _Drawn:
        """The drawing of ``position``: from a ``kept`` one of the same tiles, or of the same
        tiles with fewer added after them (the position a turn ago), else afresh."""
        items = position.items()
        for before, drawn in kept:
            count = len(before)
            if not 0 < count <= len(position) or next(iter(items)) != next(iter(before.items())):
                continue  # (the first tiles differ: another game)
            if list(itertools.islice(items, count)) != list(before.items()):
                continue
            if count == len(position):
                return drawn
            added = list(itertools.islice(items, count, None))
            new = {t for c, _ in added for t in (c, *neighbours(c)) if t not in drawn.cells}
            x0, y0, x1, y1 = drawn.bounds
            xs = [x0, x1, *(_centre(c)[0] for c in new)]
            ys = [y0, y1, *(_centre(c)[1] for c in new)]
            tiles = drawn.tiles + tuple(_tile(c, o.value) for c, o in added)
            empty = (drawn.empty | new).difference(c for c, _ in added)
            return cls(drawn.cells | new, (min(xs), min(ys), max(xs), max(ys)), empty, tiles)
        cells = board_cells(position, (), ())
        xs = [_centre(c)[0] for c in cells]
        ys = [_centre(c)[1] for c in cells]
        tiles = tuple(_tile(c, o.value) for c, o in items)
        empty = frozenset(c for c in cells if c not in position)
        return cls(cells, (min(xs), min(ys), max(xs), max(ys)), empty, tiles)


_DRAWN: Final[collections.OrderedDict[int, tuple[Position, _Drawn]]] = collections.OrderedDict()
"""The last positions drawn (by identity) and their drawings, the newest last."""
_DRAWN_LOCK: Final = threading.Lock()


def _drawn(position: Position) -> _Drawn:
    """The drawing of ``position``: kept from the last boards (a second device's refresh, the
    boards of a turn being entered, the position again after an undo), or made from the
    largest of them that it adds tiles to (a turn more), or afresh; so a turn costs its own
    tiles, not the board's."""
    with _DRAWN_LOCK:
        kept = _DRAWN.get(id(position))
        if kept is not None and kept[0] is position:
            _DRAWN.move_to_end(id(position))
            return kept[1]
        candidates = sorted(_DRAWN.values(), key=lambda entry: -len(entry[0]))
        drawn = _Drawn.of(position, candidates)
        _DRAWN[id(position)] = (position, drawn)
        while len(_DRAWN) > 16:
            _DRAWN.popitem(last=False)
        return drawn


def _n(value: float) -> str:
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def layout(cells: Iterable[Cell]) -> BoardLayout:
    """Where ``cells`` lie on the page (the diagram's layout without legend or caption)."""
    shown = frozenset(cells)
    xs = [_centre(c)[0] for c in shown]
    ys = [_centre(c)[1] for c in shown]
    return _layout(shown, (min(xs), min(ys), max(xs), max(ys)))


def _layout(shown: frozenset[Cell], bounds: tuple[float, float, float, float]) -> BoardLayout:
    """:func:`layout` of ``shown``, whose cells' centres lie within ``bounds`` (x0, y0, x1,
    y1), reaching them."""
    half_w, half_h = TILE_SIZE * 3**0.5 / 2, TILE_SIZE  # pointy-top hexagons
    x0, y0 = bounds[0] - half_w, bounds[1] - half_h
    x1, y1 = bounds[2] + half_w, bounds[3] + half_h
    pad = OPTIONS.padding
    options = dataclasses.replace(OPTIONS, view=View(shown))
    return BoardLayout(shown, options, (pad - x0, pad - y0), (x1 - x0 + 2 * pad, y1 - y0 + 2 * pad))


@lru_cache(maxsize=8192)
def _centre(cell: Cell) -> tuple[float, float]:
    return centre(cell, TILE_SIZE)


@lru_cache(maxsize=8192)
def _points(cell: Cell) -> str:
    """The corners of ``cell``, around cell 0,0 at the origin (the board moves them all)."""
    return " ".join(f"{_n(x)},{_n(y)}" for x, y in hexagon(cell, TILE_SIZE))


@lru_cache(maxsize=8192)
def _tile(cell: Cell, letter: str, small: bool = False) -> str:
    x, y = _centre(cell)
    scale = " scale(.84)" if small else ""  # a tile on its highlight
    return f'<use href="#tile-{letter}" transform="translate({_n(x)} {_n(y)}){scale}"/>'


_GRID: Final = f'fill="none" stroke="{OPTIONS.palette.grid}" stroke-width="{0.04 * TILE_SIZE:g}"'


@lru_cache(maxsize=8192)
def _empty(cell: Cell) -> str:
    return f'<polygon points="{_points(cell)}" {_GRID}/>'


def board_svg(
    position: Position,
    *,
    pending: Sequence[Tile] = (),
    targets: Iterable[Cell] = (),
    pickable: Iterable[Cell] = (),
    selected: Cell | None = None,
    completed: Iterable[Cell] = (),
    numbers: Sequence[MoveNumber] = (),
    lang: str = "EN",
) -> str:
    """An ``<svg>`` element of the board for the page (its accessible name in ``lang``).

    ``targets`` are empty cells a tap places a tile on, ``pickable`` tiles a tap chooses (to
    remove or turn), ``selected`` the chosen one; each gets an invisible hexagon with its cell
    in ``data-cell`` (and the cell or the tile in ``data-name``) and a class (``target``,
    ``pending``, ``pick``) the page's script uses. ``data-focus`` holds the page point to
    scroll to: the pending tiles, else the last move; ``data-origin`` and ``data-size`` where
    cell 0,0 lies and the tiles' size, ``data-tiles`` the tiles shown (for the keyboard's
    cursor). Everything but the layout is drawn
    around cell 0,0 and cached, so the cost of a board hardly grows with its tiles.
    """
    targets = list(targets)
    new = [t for t in pending if t.cell not in position]
    shown = position.place(*new) if new else position
    drawn = _drawn(shown)
    extra = [c for c in targets if c not in drawn.cells]
    if extra:
        x0, y0, x1, y1 = drawn.bounds
        xs = [x0, x1, *(_centre(c)[0] for c in extra)]
        ys = [y0, y1, *(_centre(c)[1] for c in extra)]
        board = _layout(drawn.cells | set(extra), (min(xs), min(ys), max(xs), max(ys)))
    else:
        board = _layout(drawn.cells, drawn.bounds)
    out = [_empty(c) for c in sorted(drawn.empty.union(extra))]
    for cells, colour in (
        ([t.cell for t in pending], PENDING_COLOUR),
        ([selected], SELECTED_COLOUR),
    ):
        for cell in cells:
            if cell is not None:
                out.append(
                    f'<polygon points="{_points(cell)}" fill="{colour}" stroke="{colour}" '
                    'stroke-width="3"/>'
                )
    lighter = {t.cell for t in pending} | ({selected} if selected is not None else set())
    wanted = frozenset(c for c in completed if c in shown)
    emphasised = _emphasis(board, shown, wanted)
    if not lighter and not emphasised:
        out += drawn.tiles
    else:
        for cell, orientation in shown.items():
            out.append(_tile(cell, orientation.value, cell in lighter))
            if emphasised and cell not in wanted:
                x, y = _centre(cell)
                out.append(f'<use href="#tile-fade" transform="translate({_n(x)} {_n(y)})"/>')
    ox, oy = board.origin
    moved = f'<g transform="translate({_n(ox)} {_n(oy)})">'
    last = [n for n in numbers if n.cell in shown]
    over = emphasised
    if last:
        tiles = Position(Tile(n.cell, shown[n.cell]) for n in last)
        over += drawn_on(board, Diagram(tiles, numbers=tuple(last)), board.options)
    focus = [t.cell for t in pending] or [n.cell for n in last] or [(0, 0)]
    fx = sum(board.at(c)[0] for c in focus) / len(focus)
    fy = sum(board.at(c)[1] for c in focus) / len(focus)
    width, height = board.extent
    label = html.escape(say("t_board_of", lang, tiles=counted("tile", len(position), lang)))
    tokens = " ".join(f"{q},{r}{o.value}" for (q, r), o in shown.items())
    return (
        f'<svg class="board" viewBox="0 0 {_n(width)} {_n(height)}" width="{_n(width)}" '
        f'height="{_n(height)}" data-focus="{_n(fx)},{_n(fy)}" data-origin="{_n(ox)},{_n(oy)}" '
        f'data-size="{_n(TILE_SIZE)}" data-tiles="{tokens}" role="img" '
        f'aria-label="{label}" focusable="false"><defs>{_DEFS}</defs>'
        + moved
        + "".join(out)
        + "</g>"
        + over
        + moved
        + _hit_layer(targets, pending, pickable, position)
        + "</g></svg>"
    )


def _emphasis(board: BoardLayout, shown: Position, wanted: frozenset[Cell]) -> str:
    """The heavy loops of the creatures on ``wanted`` (drawn from their own tiles only)."""
    if not wanted:
        return ""
    own = Position(Tile(c, o) for c, o in shown.items() if c in wanted)
    plain = dataclasses.replace(board.options, outlines=False, grid=False)
    try:
        return drawn_on(board, Diagram(own, emphasis=Emphasis(wanted)), plain, keep=Path)
    except DiagramError:
        return ""


def _hit_layer(
    targets: Iterable[Cell], pending: Sequence[Tile], pickable: Iterable[Cell], position: Position
) -> str:
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
            if isinstance(item, Tile):
                name = item.token
            elif kind == "pick" and cell in position:
                name = Tile(cell, position[cell]).token
            else:
                name = cell_text(cell)
            out.append(
                f'<polygon class="hit {kind}" data-cell="{cell_text(cell)}" data-name="{name}" '
                f'points="{_points(cell)}"><title>{name}</title></polygon>'
            )
    out.append("</g>")
    return "".join(out)
