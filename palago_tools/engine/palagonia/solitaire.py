"""Solitaire Palagonia ("all the tiles are yours"): the computer's scores over many dice seeds,
and where a score stands among them.

The distribution of the strongest level over :data:`SHIPPED_SEEDS` dice seeds is stored in the
package (:data:`SHIPPED`), so a person's score (:func:`score_record`) is placed at once;
:func:`solitaire_scores` plays it again, or for another player, seeds or bag
(:func:`distribution` takes the one that is asked for).
"""

from __future__ import annotations

import functools
import json
import statistics
from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources
from typing import Any, Final

from ...core.tiles import SET_SIZE
from ...errors import PalagoError, UsageError
from ...notation.records import PalagoniaGame, Record
from ...replays import replay
from .games import SeatedGame, SeatedResult, play_seated
from .player import STRONGEST

__all__ = [
    "PLAYED_SEEDS",
    "SHIPPED",
    "SHIPPED_SEEDS",
    "SOLITAIRE_PLAYER",
    "SolitaireScores",
    "distribution",
    "play_solitaire",
    "score_record",
    "shipped_scores",
    "solitaire_scores",
]

SHIPPED: Final = "data/solitaire-scores.json"
"""The stored distribution (in the package)."""
SHIPPED_SEEDS: Final = 10
SOLITAIRE_PLAYER: Final = f"level{STRONGEST}"
PLAYED_SEEDS: Final = 20
"""The dice seeds :func:`distribution` plays when not told how many."""


def play_solitaire(player: str, dice: int, tiles: int = SET_SIZE) -> SeatedResult:
    """One solitaire game of ``player`` on dice seed ``dice``, written and replayed."""
    return play_seated(SeatedGame((player,), dice, tiles))


@dataclass(frozen=True)
class SolitaireScores:
    """The computer's solitaire scores: the player, the bag, the first dice seed and the
    score of each seed from it, in order."""

    player: str
    tiles: int
    first: int
    scores: tuple[int, ...]

    def standing(self, score: int) -> float:
        """The share of the computer's games that ``score`` beats, ties counted half."""
        below = sum(s < score for s in self.scores)
        equal = sum(s == score for s in self.scores)
        return (below + equal / 2) / len(self.scores)

    def summary(self) -> dict[str, float]:
        """Mean, standard deviation, lowest, quartiles and highest."""
        ordered = sorted(self.scores)
        q1, q2, q3 = statistics.quantiles(ordered, n=4) if len(ordered) > 1 else ordered * 3
        return {
            "mean": statistics.fmean(ordered),
            "sd": statistics.stdev(ordered) if len(ordered) > 1 else 0.0,
            "lowest": ordered[0],
            "lower_quartile": q1,
            "median": q2,
            "upper_quartile": q3,
            "highest": ordered[-1],
        }

    def text(self) -> str:
        """The distribution in one line."""
        s = self.summary()
        return (
            f"{self.player} in solitaire over {len(self.scores)} dice seeds ({self.tiles} tiles): "
            f"mean {s['mean']:.1f} (sd {s['sd']:.1f}), lowest {s['lowest']:g}, quartiles "
            f"{s['lower_quartile']:g} / {s['median']:g} / {s['upper_quartile']:g}, highest "
            f"{s['highest']:g}"
        )

    def json(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "tiles": self.tiles,
            "first": self.first,
            "scores": list(self.scores),
            "summary": self.summary(),
        }


def solitaire_scores(
    player: str,
    seeds: int,
    first: int = 0,
    tiles: int = SET_SIZE,
    played: Callable[[int, SeatedResult], None] | None = None,
) -> SolitaireScores:
    """``player``'s solitaire score on each of ``seeds`` dice seeds from ``first`` (``played``
    is told of each game as it ends)."""
    scores = []
    for dice in range(first, first + seeds):
        result = play_solitaire(player, dice, tiles)
        scores.append(result.scores[0])
        if played is not None:
            played(dice, result)
    return SolitaireScores(player, tiles, first, tuple(scores))


@functools.cache
def shipped_scores() -> SolitaireScores:
    """The stored distribution: the strongest level over :data:`SHIPPED_SEEDS` seeds."""
    text = resources.files("palago_tools").joinpath(SHIPPED).read_text("utf-8")
    data = json.loads(text)
    return SolitaireScores(data["player"], data["tiles"], data["first"], tuple(data["scores"]))


def distribution(
    player: str,
    seeds: int | None = None,
    tiles: int = SET_SIZE,
    played: Callable[[int, SeatedResult], None] | None = None,
) -> SolitaireScores:
    """``player``'s solitaire scores on a bag of ``tiles``: the stored ones when they are those
    asked for (``seeds`` not given), else played now on ``seeds`` dice seeds
    (:data:`PLAYED_SEEDS` when not given), ``played`` told of each game."""
    if seeds is None and (player, tiles) == (SOLITAIRE_PLAYER, SET_SIZE):
        return shipped_scores()
    return solitaire_scores(player, seeds or PLAYED_SEEDS, 0, tiles, played)


def score_record(game: Record, where: str = "the record") -> tuple[int, int, bool]:
    """The score of the solitaire game ``game`` (Palagonia, one player) by replaying it, the
    tiles of its bag (the computer's games to compare it with are played on the same bag) and
    whether it is over. Another game is a :class:`~palago_tools.errors.UsageError`, one that
    does not replay a :class:`~palago_tools.errors.PalagoError`; ``where`` names it in
    them."""
    if not isinstance(game, PalagoniaGame) or len(game.players) != 1:
        raise UsageError(f"{where} is not a solitaire game (Palagonia, one player)")
    report = replay(game)
    if not report.valid or report.seat_scores is None:
        error = report.error
        raise PalagoError(f"{where} does not replay: {error and error.message}")
    return report.seat_scores[0], game.tiles, report.game_over
