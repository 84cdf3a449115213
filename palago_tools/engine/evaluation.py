"""The engine's evaluation of a position, from the regions: what the side to move can expect
before the search looks further.

From the mover's point of view, at the start of its turn (mid-turn, the second tile still to
come, the same terms hold with one tile fewer to close a region):

- the mover wins at once (a tile or a pair on the spots, tried ply by ply): nearly a win;
- the opponent threatens wins the mover cannot cover with one turn (no tile, and no two
  adjacent tiles, lies on a cell of every one), or one through a single hole (a single hole
  takes only a completing tile): nearly a loss — the double threat no single reply covers, which
  boardspace's robot never rewards;
- otherwise the regions each side may close (from the closability index's gap cells): a region
  with a straight and ``g`` gaps is worth ``W / g²`` to its owner, more for the side to move (it
  closes first); a region one turn can close (a spot) more again, and a spot whose one gap is a
  single hole more still (only a completing tile may go there, so the opponent cannot block it);
  two spots of one side that no single turn covers together (a double threat in the making);
- rows: two adjacent tiles of the same orientation at the edge (both next to one empty cell, at
  the corner of that colour the three cells share), the rulebooks' double and triple rows.

Weights are the :class:`Weights` fields; :data:`WEIGHTS` the engine's.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence, Set
from dataclasses import dataclass
from itertools import combinations
from typing import Final, TypeVar

from ..core.hexgrid import are_adjacent
from ..core.regions import key_cell
from ..core.tiles import Colour
from ..core.turns import Snapshot
from .board import NEIGHBOUR_KEYS, SearchBoard, Spot

_Cell = TypeVar("_Cell", bound="tuple[int, int] | int")

WIN: Final = 30000
"""A completed win; a win found ``n`` plies down scores ``WIN - n``."""
SURE: Final = 20000
"""Below this, scores are evaluations; from here to :data:`WIN`, wins and losses."""
NEAR_WIN: Final = 12000
"""The mover has a win at once (the search has not played it yet)."""


@dataclass(frozen=True)
class Weights:
    """The evaluation's weights (integers, in hundredths of a tile-free unit)."""

    region: int = 300
    """A region with ``g`` gaps is worth ``region / g²`` to its owner."""
    spot: int = 250
    """A region one turn can close: added for its owner."""
    mover_bonus: int = 2
    """The mover's regions count this many times (it closes first)."""
    fork: int = 6000
    """The opponent threatens more than one turn can cover."""
    single_threat: int = 150
    """The opponent threatens one win the mover must block."""
    hole: int = 0
    """A spot whose one gap is a single hole: added for its owner."""
    spread: int = 0
    """A side's spots that no single turn covers together: added for that side."""
    row: int = 0
    """Two adjacent same-oriented tiles at the edge: for the colour of their corner there."""


WEIGHTS: Final = Weights()

REGION_LIMIT: Final = 6
"""Regions with more gaps than this are worth too little to count (and are not walked)."""


def covered_by_one_turn(spots: list[Spot]) -> bool:
    """True when one turn (one tile, or two adjacent tiles) lays a tile on a cell of every spot:
    a single cell all the spots share, or two adjacent cells each spot has one of."""
    return _one_turn_hits([s.cells for s in spots], are_adjacent)


def _one_turn_hits(groups: Sequence[Set[_Cell]], adjacent: Callable[[_Cell, _Cell], bool]) -> bool:
    """True when one cell, or two cells ``adjacent`` says are neighbours, meet every group."""
    if len(groups) <= 1:
        return True
    cells = sorted(set().union(*groups))
    if any(all(cell in group for group in groups) for cell in cells):
        return True
    return any(
        adjacent(a, b) and all(a in group or b in group for group in groups)
        for a, b in combinations(cells, 2)
    )


def evaluate(
    board: SearchBoard, weights: Weights = WEIGHTS, base: Snapshot | None = None, since: int = 0
) -> int:
    """The position's value for the side to move (positive: good for it). ``base`` and
    ``since``: a snapshot of the board's sites taken at ply ``since``, which the threats
    reuse where the tiles laid since cannot have changed them (:meth:`Board.threats`)."""
    mover = board.mover
    score = 0
    if board.pending is None:
        found = board.threats(mover, base, since, any_win=True)
        if found.wins:
            return NEAR_WIN
        threats = found.to_block
        if threats:
            cells = [Spot(mover.other, w.cells) for w in threats]
            single = board.is_single_hole
            holes = any(len(w.tiles) == 1 and single(w.tiles[0].cell) for w in threats)
            if holes or not covered_by_one_turn(cells):
                return -weights.fork
            score = -weights.single_threat
    mine = 0 if mover is Colour.YELLOW else 1
    index = board.index
    region, spot, hole, bonus = weights.region, weights.spot, weights.hole, weights.mover_bonus
    spread = weights.spread
    spot_gaps: tuple[list[tuple[int, ...]], list[tuple[int, ...]]] = ([], [])
    for root, gaps in index.open_regions():
        g = len(gaps)
        if g > REGION_LIMIT or not index.straights(root):
            continue
        value = region // (g * g)
        if g == 1:
            value += spot
            (key,) = gaps
            if hole and board.is_single_hole(key_cell(key)):
                value += hole
            spot_gaps[root & 1].append((key,))
        elif g == 2:
            a, b = gaps
            if a - b in NEIGHBOUR_KEYS:
                value += spot
                spot_gaps[root & 1].append((a, b))
        if root & 1 == mine:
            score += bonus * value
        else:
            score -= value
    if spread:
        for side in (0, 1):
            if not _coverable(spot_gaps[side]):
                score += spread if side == mine else -spread
    if weights.row:
        yellow, blue = board.rows()
        rows = (yellow - blue) if mine == 0 else (blue - yellow)
        score += weights.row * rows
    return score


def _coverable(spots: list[tuple[int, ...]]) -> bool:
    """True when one turn lays a tile on a cell (by key) of every spot of ``spots``."""
    return _one_turn_hits([frozenset(keys) for keys in spots], _neighbour_keys)


def _neighbour_keys(a: int, b: int) -> bool:
    return a - b in NEIGHBOUR_KEYS
