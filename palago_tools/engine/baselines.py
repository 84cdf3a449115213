"""Fixed baseline players to measure the engine against, written once and never retuned.

- ``random``: a uniformly random legal turn (each set of tiles once, whatever its order);
- ``greedy``: wins at once when it can, blocks the opponent's immediate wins when it must (a
  random turn among those that leave none), otherwise random;
- ``safe``: greedy, and never hands over an immediate win when a turn that does not exists (a
  random turn among the safe ones, drawn by rejection: uniform among them);
- ``safe-fork``: safe, and plays a proven forced win in two at the root
  (:func:`~palago_tools.tactics.forced_wins`) when there is one.

Each takes its own seeded generator, so a baseline's game is the same for the same seed.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final

from ..core.tiles import Tile
from ..errors import ArgumentError
from ..rules.palago import Palago
from ..tactics import forced_wins, immediate_wins
from .board import SearchBoard, Turn

_TRIES: Final = 400
"""Random turns drawn before a safe turn is looked for among all of them."""


def all_turns(board: SearchBoard) -> list[Turn]:
    """Every legal turn from the start of the mover's turn, each set of tiles once."""
    seen: set[frozenset[Tile]] = set()
    found: list[Turn] = []
    for turn in board.legal_turns():
        key = frozenset(turn)
        if key not in seen:
            seen.add(key)
            found.append(turn)
    return found


def _leaves_no_win(board: SearchBoard, turn: Turn) -> bool:
    """True when ``turn`` does not lose at once and leaves the opponent no immediate win."""
    mover = board.mover
    board.play(turn)
    try:
        if board.over:
            return board.winner is not mover.other
        return not board.wins()
    finally:
        for _ in turn:
            board.unmake()


class Baseline:
    """One of the baseline players (see the module's docstring) by its name."""

    def __init__(self, name: str, seed: int = 0) -> None:
        if name not in BASELINES:
            raise ArgumentError(
                f"unknown baseline {name!r}: the baselines are {', '.join(BASELINES)}"
            )
        self.name = name
        self.rng = random.Random(f"{name}:{seed}")
        self._choose = _CHOOSERS[name]

    def turn(self, game: Palago, seconds: float | None = None) -> Turn:
        """The baseline's turn for ``game``'s mover (at once: ``seconds`` is not needed)."""
        return self._choose(self, game)

    def _random(self, game: Palago) -> Turn:
        return self.rng.choice(all_turns(SearchBoard.of(game)))

    def _win(self, game: Palago) -> Turn | None:
        wins = immediate_wins(game.position(), game.mover, tiles_left=game.tiles_left)
        return self.rng.choice(wins).tiles if wins else None

    def _greedy(self, game: Palago) -> Turn:
        return self._win(game) or self._without_a_win(game, safe=False)

    def _safe(self, game: Palago) -> Turn:
        return self._win(game) or self._without_a_win(game, safe=True)

    def _without_a_win(self, game: Palago, safe: bool) -> Turn:
        """A random turn that leaves the opponent no immediate win: when safe, drawn by
        rejection (uniform among such turns); when greedy, only if the opponent threatens."""
        board = SearchBoard.of(game)
        turns = all_turns(board)
        if safe:
            for _ in range(_TRIES):
                turn = self.rng.choice(turns)
                if _leaves_no_win(board, turn):
                    return turn
        elif not board.threats().to_block:
            return self.rng.choice(turns)
        kept = [t for t in turns if _leaves_no_win(board, t)]
        return self.rng.choice(kept or turns)

    def _safe_fork(self, game: Palago) -> Turn:
        win = self._win(game)
        if win is not None:
            return win
        forks = forced_wins(game.position(), game.mover, tiles_left=game.tiles_left, limit=1)
        if forks:
            return forks[0].tiles
        return self._safe(game)


_CHOOSERS: Final[dict[str, Callable[[Baseline, Palago], Turn]]] = {
    "random": Baseline._random,
    "greedy": Baseline._greedy,
    "safe": Baseline._safe,
    "safe-fork": Baseline._safe_fork,
}
"""How each baseline chooses its turn, by name."""

BASELINES: Final = tuple(_CHOOSERS)
