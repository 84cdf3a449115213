"""The Palago engine: a player for two-player Palago, its line protocol, baselines and matches.

- :mod:`.board`: the one interface to positions under search (make/unmake of single tiles,
  legal tiles, spots, wins and threats, the Zobrist hash), on the closability index
  (:mod:`palago_tools.core.closability`), whose regions and gaps take tiles back cheaply;
- :mod:`.evaluation` and :mod:`.search`: the evaluation on regions, and alpha-beta over tile
  plies with iterative deepening, a transposition table and a quiescence search of the spots;
- :mod:`.player`: root tactics and levels 1–5 (:class:`Engine`);
- :mod:`.protocol`: the GTP-framed protocol of ``palago engine``;
- :mod:`.analysis`: the best turn with its evaluation and line (``palago analyse --best``) and
  the review of a game's turns against it (``palago annotate --engine``);
- :mod:`.baselines`, :mod:`.match` and :mod:`.ratings`: fixed baseline players, games between
  players written as records and replayed (in local processes or on a Dask cluster), and
  ratings with intervals; :mod:`.standings` (the tables of a match, its results file),
  :mod:`.sprt` (the sequential test) and :mod:`.plan` (a match from its plan to its report)
  for ``palago match``; :mod:`.gtp` (a match player that is another checkout's engine, run as
  a process and spoken to in GTP).

See ``docs/engine.md``.
"""

from __future__ import annotations

from .board import SearchBoard, Spot, Turn
from .player import LEVELS, STRONGEST, Choice, Engine, check_level
from .protocol import COMMANDS, EngineProtocol, ProtocolError
from .search import Limits, Searcher, SearchReport

__all__ = [
    "COMMANDS",
    "LEVELS",
    "STRONGEST",
    "Choice",
    "Engine",
    "EngineProtocol",
    "Limits",
    "ProtocolError",
    "SearchBoard",
    "SearchReport",
    "Searcher",
    "Spot",
    "Turn",
    "check_level",
]
