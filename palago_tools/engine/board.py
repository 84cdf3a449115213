"""The engine's board: the one :class:`~palago_tools.core.board.Board` of two-player Palago,
extended with the views of the regions the search and the evaluation read.

Plies, legal tiles, wins, threats and the hash are the board's own; this module adds the open
regions and spots as the evaluation counts them, the rows at the edge, and the tiles that close
a region (for move ordering). A game with an unlimited supply (a boardspace.net game) is searched
with :data:`UNLIMITED` tiles, more than any search lays.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ..core.board import NEIGHBOUR_KEYS, Board
from ..core.closability import ClosabilityIndex
from ..core.hexgrid import Cell, cells_around, corner_of
from ..core.regions import STRIDE, key_cell
from ..core.tiles import ORIENTATIONS, Colour, Tile, tiles_on
from ..core.turns import Turn
from ..rules.palago import Palago

__all__ = [
    "NEIGHBOUR_KEYS",
    "UNLIMITED",
    "OpenRegion",
    "SearchBoard",
    "Spot",
    "Turn",
    "closing_tiles",
]

_AT_TIP: Final = {o.tip: i for i, o in enumerate(ORIENTATIONS)}
_ROW_CORNERS: Final = tuple(
    (
        corner_of((0, 0), k)[2],
        tuple(c for c, _i in cells_around(corner_of((0, 0), k)) if c != (0, 0)),
    )
    for k in range(6)
)
"""For each corner of a cell: its colour class and the other two cells around it (offsets)."""

UNLIMITED: Final = 1 << 30
"""The supply of a game without a limit (a boardspace.net game): more tiles than any search lays."""


def closing_tiles(index: ClosabilityIndex, cell: Cell) -> list[Tile]:
    """The tiles on the empty ``cell`` that close a region with a straight (the index's
    :meth:`~palago_tools.core.closability.ClosabilityIndex.closing_tips`)."""
    tips = index.closing_tips(cell[0] * STRIDE + cell[1])
    if not tips:
        return []
    on = tiles_on(cell)
    return [on[_AT_TIP[t]] for t in tips]


@dataclass(frozen=True)
class Spot:
    """An open region that one turn can close: its colour and the one cell, or two adjacent
    cells, where the tiles that close it go."""

    colour: Colour
    cells: frozenset[Cell]


@dataclass(frozen=True)
class OpenRegion:
    """An open region: its colour, its straights and its gaps (the empty cells around its open
    corners, where a tile can close or extend it)."""

    colour: Colour
    straights: int
    gaps: frozenset[Cell]


class SearchBoard(Board):
    """The board a search makes and unmakes plies on (see the module's docstring).

    >>> from palago_tools.rules import Palago
    >>> board = SearchBoard.of(Palago())
    >>> len(board.legal_tiles()), board.mover.value
    (3, 'yellow')
    >>> _ = board.make(Tile.parse("0,0R")); board.mover.value, board.pending is not None
    ('yellow', True)
    """

    @classmethod
    def of(cls, game: Palago) -> SearchBoard:
        """The board of a rules game at the start of the mover's turn."""
        return cls(
            game.position(),
            game.mover,
            UNLIMITED if game.tiles_left is None else game.tiles_left,
            turn_number=game.turn_number,
            opening=game.options.opening,
        )

    def open_regions(
        self, limit: int | None = None, *, straights: bool = False
    ) -> list[OpenRegion]:
        """The open regions, with their gaps (a region of tips alone too: a tile may join it
        to others); with ``limit``, only those with at most that many gaps; with
        ``straights``, only those with a straight."""
        index = self.index
        found: list[OpenRegion] = []
        for root, gaps in index.open_regions():
            if limit is not None and len(gaps) > limit:
                continue
            count = index.straights(root)
            if straights and not count:
                continue
            found.append(
                OpenRegion(Colour.of_class(root & 1), count, frozenset(map(key_cell, gaps)))
            )
        return found

    def spots(self) -> list[Spot]:
        """The regions one turn can close, as spots (one per distinct colour and cells)."""
        found = {
            Spot(Colour.of_class(root & 1), frozenset(map(key_cell, gaps)))
            for root, gaps in self.index.spots()
        }
        return sorted(found, key=lambda s: (s.colour.value, sorted(s.cells)))

    def rows(self) -> tuple[int, int]:
        """Yellow's and Blue's rows at the edge: pairs of adjacent tiles of one orientation
        next to a common empty cell, counted for the colour of the corner the three share."""
        tiles = self.tiles
        found = [0, 0]
        cells = self.index.cells
        for key in self.around:
            if key in cells:
                continue
            q, r = key_cell(key)
            for cls, ((qa, ra), (qb, rb)) in _ROW_CORNERS:
                tip = tiles.get((q + qa, r + ra))
                if tip is not None and tip == tiles.get((q + qb, r + rb)):
                    found[cls] += 1
        return found[0], found[1]
