"""The engine as a player: root tactics, then the search, at one of five levels.

At the root, before any search: a win at once is played (:func:`~palago_tools.tactics
.immediate_wins`, the shortest first); from level 4, a turn the search rates as a double threat
is proved with :func:`~palago_tools.tactics.examine_move` and reported as a proven fork. Blocks
need no rule of their own: the search always completes the first full turn, and the evaluation
of the position after it sees the opponent's immediate wins (a turn that leaves one scores as
lost), so a single threat that can be blocked is blocked at every level from 2.

Levels are budgets: 1 finds a win in one and otherwise lays the first tile a one-ply search
likes; 2 searches the whole first turn; 3 to 5 search deeper within a node budget, 5 the
deepest (matches so far rate 3 to 5 no stronger than 2: docs/engine.md). The budgets
are nodes, so a level plays the same turns for the same seed on any machine; a time limit
(``movetime``) replaces the node budget and gives up that guarantee.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Final

from ..core.tiles import Tile
from ..errors import ArgumentError
from ..rules.palago import Palago
from ..tactics import Fork, examine_move, immediate_wins
from .board import SearchBoard, Turn
from .evaluation import WEIGHTS, Weights
from .search import Limits, Searcher, SearchReport

LEVELS: Final[dict[int, Limits]] = {
    1: Limits(depth=1, quiescence=0, nodes=0),
    2: Limits(depth=2, quiescence=0, nodes=0),
    3: Limits(depth=3, quiescence=1, nodes=2_000),
    4: Limits(depth=4, quiescence=2, nodes=3_500),
    5: Limits(depth=6, quiescence=2, nodes=5_000),
}
"""Level → search limits: nodes in all, though the first full turn is always searched (its
leaves get a quiescence search while the nodes last)."""

STRONGEST: Final = max(LEVELS)


@dataclass(frozen=True)
class Choice:
    """A turn the engine chose, and why: ``"win"`` (a win at once), ``"fork"`` (a proven forced
    win in two), ``"search"``; with the search's result when there was one."""

    turn: Turn
    reason: str
    search: SearchReport | None = None


def check_level(level: object) -> int:
    """``level`` if it is one of :data:`LEVELS`, else an :class:`ArgumentError`."""
    if isinstance(level, bool) or not isinstance(level, int) or level not in LEVELS:
        raise ArgumentError(f"the level is 1 to {STRONGEST}, not {level!r}")
    return level


class Engine:
    """A Palago player: :meth:`choose` a turn for the mover of a rules game.

    >>> from palago_tools.rules import Palago
    >>> game = Palago()
    >>> turn = Engine(level=1, seed=1).choose(game).turn
    >>> game.play(turn).game_over, len(turn)
    (False, 2)
    """

    def __init__(
        self,
        level: int = STRONGEST,
        seed: int = 0,
        *,
        movetime: float | None = None,
        weights: Weights = WEIGHTS,
    ) -> None:
        self.level = check_level(level)
        self.seed = seed
        self.movetime = movetime
        """Seconds a move may take; replaces the level's node budget when set."""
        self.weights = weights
        self._table: dict[int, tuple[int, int, int, Tile | None]] = {}

    @property
    def name(self) -> str:
        return f"palago-tools engine level {self.level}"

    def limits(self) -> Limits:
        """The search limits of the level, with the move time when one is set."""
        limits = LEVELS[self.level]
        if self.movetime is not None:
            return replace(limits, nodes=None, seconds=self.movetime)
        return limits

    def choose(self, game: Palago) -> Choice:
        """The turn to play for ``game``'s mover (the game is left unchanged)."""
        if game.over:
            raise ArgumentError("the game is over: there is no turn to choose")
        position, mover = game.position(), game.mover
        wins = immediate_wins(position, mover, tiles_left=game.tiles_left)
        if wins:
            return Choice(wins[0].tiles, "win")
        board = SearchBoard.of(game)
        rng = random.Random(f"{self.seed}:{len(position)}:{game.turn_number}")
        order = board.legal_tiles()
        rng.shuffle(order)
        result = Searcher(
            board, self.limits(), order, table=self._table, weights=self.weights
        ).search()
        if self.level >= 4 and result.score >= self.weights.fork // 2 and len(result.turn) == 2:
            verdict = examine_move(position, mover, result.turn, tiles_left=game.tiles_left)
            if isinstance(verdict, Fork):
                return Choice(result.turn, "fork", result)
        return Choice(result.turn, "search", result)

    def new_game(self) -> None:
        """Forget what earlier games taught the transposition table."""
        self._table.clear()
