"""Tactics of two-player Palago: immediate wins, threats to block, forced wins in two (forks),
forcing wins (forced wins in three through a threat: :mod:`~palago_tools.tactics.forcing`)
and threat-space wins (forced wins in k turns through threats:
:mod:`~palago_tools.tactics.threat_space`).

An **immediate win** is a legal turn of one or two tiles whose last tile completes creatures of
the mover's colour only (a tile completing both colours loses, one completing only the other
colour hands the game over). The opponent's immediate wins, were it their turn, are the
**threats** the mover must block. A **fork** (forced win in two) is a turn that completes
nothing and makes a threat (the mover, were it to move again, would have an immediate win),
after which every legal reply either loses at once or leaves the mover an immediate win. A turn
that makes no threat and wins only because every reply must hand over a win (zugzwang) is not
searched for; ``tests/test_tactics_brute_force.py`` checks the search against every legal turn
and reply of the rules engine on small positions.

How the search stays small. A region (model section 3) can only be closed by tiles on the empty
cells around its corners, its *gaps*. A tile completes something only if a region around it is
closed by it, so every immediate win lies on a *spot*: the gaps of some region, one cell or two
adjacent cells. A pair needs its first tile on a spot as well, or it changes nothing the last
tile closes. So the candidates are the spots' tiles (3 per single-cell spot) and the pairs joining
two spots' cells (9 per ordered pair of cells); the closability index says which of them close
a region, and only those are laid and taken back on a
:class:`~palago_tools.core.incremental.LiveAnalysis`, which reports the creatures completed.

A fork search lays every move with a tile on the gaps of a region with at most four gaps or
near a spot (other moves can make no new threat), finds the threats it makes from the spots around
its own tiles, and refutes it with the opponent's replies that come near every threat (a reply
elsewhere leaves one of them intact); a fork is proved by going through every legal reply.

Cost, measured by ``benchmarks/tactics.py`` on positions of 48 tiles: an immediate-win search is
one scan of the regions (linear in the tiles) and a few place/remove steps for each turn that
closes a region; a fork search lays a few hundred to a few thousand moves, each followed by a
local scan.
"""

from __future__ import annotations

from ..core.turns import Threats, Win, describe_completion
from .forcing import ForcingMemory, ForcingSearch, forcing_wins
from .results import Answer, Fork, Refutation
from .search import (
    ForkSearch,
    candidate_turns,
    examine_defence,
    examine_turn,
    forced_wins,
    fork_cells,
    fork_search,
    immediate_wins,
    threats,
)
from .threat_space import ThreatSpaceMemory, ThreatSpaceSearch, threat_space_wins

__all__ = [
    "Answer",
    "Fork",
    "ForcingMemory",
    "ForcingSearch",
    "forcing_wins",
    "ForkSearch",
    "Refutation",
    "Threats",
    "Win",
    "candidate_turns",
    "describe_completion",
    "examine_defence",
    "examine_turn",
    "fork_cells",
    "fork_search",
    "forced_wins",
    "immediate_wins",
    "threats",
    "threat_space_wins",
    "ThreatSpaceMemory",
    "ThreatSpaceSearch",
]
