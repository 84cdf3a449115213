"""Palagonia players: any seat, from fixed baselines to a player that knows the sharing rule.

- :mod:`.board`: the board a player thinks on (the closability index, tiles laid and lifted)
  and the placements that close or build toward a creature;
- :mod:`.player`: the players by name, ``random``, ``greedy``, ``level1`` and ``level2``
  (:class:`PalagoniaPlayer`), each choosing the die and the action for a roll;
- :mod:`.games`: one game of seated players on a dice seed, written as a record and replayed,
  each computer seat named by :func:`~.games.seat_name` (as at the table);
- :mod:`.match`: tables of players over many dice seeds with the seats rotated, their scores,
  ranks, wins and ratings, resumable (``palago match --palagonia``);
- :mod:`.solitaire`: the computer's solitaire scores, and where a score stands among them
  (``palago solitaire``).

Every action is played through the rules' :class:`~palago_tools.rules.palagonia.Palagonia`.
See ``docs/palagonia-players.md``.
"""

from __future__ import annotations

from .board import PalagoniaBoard
from .games import SEAT_PREFIX, SeatedGame, SeatedResult, dice_of, play_seated, seat_name
from .player import BASELINES, LEVELS, PLAYERS, STRONGEST, PalagoniaChoice, PalagoniaPlayer

__all__ = [
    "BASELINES",
    "LEVELS",
    "PLAYERS",
    "SEAT_PREFIX",
    "STRONGEST",
    "PalagoniaBoard",
    "PalagoniaChoice",
    "PalagoniaPlayer",
    "SeatedGame",
    "SeatedResult",
    "dice_of",
    "play_seated",
    "seat_name",
]
