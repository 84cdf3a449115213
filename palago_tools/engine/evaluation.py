"""The engine's evaluation of a position, from the regions: what the side to move can expect
before the search looks further.

From the mover's point of view, at the start of its turn (mid-turn, the second tile still to
come, the same terms hold with one tile fewer to close a region):

- the mover wins at once (a tile or a pair on the spots, tried ply by ply): nearly a win;
- the opponent threatens wins the mover cannot cover with one turn (their cells do not all lie
  within two adjacent cells), or one through a single hole (a single hole takes only a
  completing tile): nearly a loss — the double threat no single reply covers, which
  boardspace's robot never rewards;
- otherwise the regions each side may close: a region with ``g`` gaps is worth ``W / g²``, its
  owner's gain, more for the side to move (it closes first), and a region that one turn can
  close (a spot) more again.

Weights are the :class:`Weights` fields; :data:`WEIGHTS` the engine's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ..core.hexgrid import are_adjacent
from .board import OpenRegion, SearchBoard, Spot

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


WEIGHTS: Final = Weights()

REGION_LIMIT: Final = 6
"""Regions with more gaps than this are worth too little to count (and are not walked)."""


def covered_by_one_turn(spots: list[Spot]) -> bool:
    """True when one turn (one tile or two adjacent tiles) can touch every spot's cells."""
    cells = set().union(*(s.cells for s in spots)) if spots else set()
    if len(cells) <= 1:
        return True
    if len(cells) == 2:
        a, b = sorted(cells)
        return are_adjacent(a, b)
    return False


def strong_spots(regions: list[OpenRegion]) -> list[Spot]:
    """The spots of regions with a straight (the ones a closing tile can make a creature of
    without joining them to another region first)."""
    found = {Spot(r.colour, r.gaps) for r in regions if r.is_spot and r.straights}
    return sorted(found, key=lambda s: (s.colour.value, sorted(s.cells)))


def evaluate(board: SearchBoard, weights: Weights = WEIGHTS) -> int:
    """The position's value for the side to move (positive: good for it)."""
    mover = board.mover
    regions = board.open_regions(REGION_LIMIT, straights=True)
    spots = board.spots() if board.pending is None else []
    if spots:
        if board.wins(mover, spots, first=True):
            return NEAR_WIN
        threats = board.wins(mover.other, spots)
        if threats:
            cells = [Spot(mover.other, frozenset(t.cell for t in turn)) for turn in threats]
            holes = any(len(t) == 1 and board.is_single_hole(t[0].cell) for t in threats)
            if holes or not covered_by_one_turn(cells):
                return -weights.fork
            score = -weights.single_threat
        else:
            score = 0
    else:
        score = 0
    for region in regions:
        gaps = len(region.gaps)
        if not region.straights or not gaps:
            continue
        value = weights.region // (gaps * gaps)
        if region.is_spot:
            value += weights.spot
        if region.colour is mover:
            score += weights.mover_bonus * value
        else:
            score -= value
    return score
