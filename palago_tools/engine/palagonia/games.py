"""One Palagonia game between players, written as a record and replayed.

The dice come from a seeded generator (:func:`dice_of`): the start roll-off, then two dice a
turn, in the same order whoever sits where, so the games of one dice seed with the seats
rotated see the same rolls. Every action goes through the rules'
:class:`~palago_tools.rules.palagonia.Palagonia`; the game is written as a record
(:func:`~palago_tools.replays.generated.palagonia_record`), read back and replayed by
:func:`~palago_tools.replays.replay`, and a record that does not replay to the game's scores is
an error, not a result. A game whose removals empty the palago starts again with a new roll-off
(the rules say so), on the same dice stream; only the game that ends with an empty bag counts.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Final

from ...core.tiles import SET_SIZE, Tile
from ...errors import InternalError
from ...notation import parse, write_record
from ...replays import replay
from ...replays.generated import palagonia_record
from ...rules.palagonia import FACES, Die, Palagonia, PalagoniaOptions, rolled_start
from ...rules.random_games import PalagoniaMove, PalagoniaScript
from .player import PalagoniaPlayer

__all__ = [
    "SEAT_PREFIX",
    "DiceStream",
    "SeatedGame",
    "SeatedResult",
    "dice_of",
    "play_seated",
    "seat_name",
]

DiceStream = Iterator[Die]
"""The faces rolled, one die at a time."""


def dice_of(seed: int) -> DiceStream:
    """The faces of dice seed ``seed``, without end."""
    rng = random.Random(f"palagonia dice {seed}")
    while True:
        yield rng.choice(FACES)


SEAT_PREFIX: Final = "palago-tools palagonia "
"""A computer seat's name in a record: this, then the player (``level2``, ``greedy``)."""


def seat_name(player: str, seat: int, twice: bool = False) -> str:
    """The record's name of a computer seat (0-based ``seat``), in matches and at the table:
    ``palago-tools palagonia level2``, with `` (seat 3)`` after it when ``player`` sits
    ``twice`` or more in the game."""
    return f"{SEAT_PREFIX}{player}" + (f" (seat {seat + 1})" if twice else "")


@dataclass(frozen=True)
class SeatedGame:
    """A game to play: the players by seat, the dice seed, the bag, and the players' seed."""

    seats: tuple[str, ...]
    dice: int
    tiles: int = SET_SIZE
    seed: int = 0

    def key(self) -> str:
        """The game's name in a results file."""
        return f"{' '.join(self.seats)} | dice {self.dice} | {self.tiles} tiles | seed {self.seed}"


@dataclass(frozen=True)
class SeatedResult:
    """A game played: the players by seat, their scores, the record's text, its turns, and per
    seat the actions chosen, the seconds they took (wall clock and CPU) and the longest one;
    ``restarts`` counts games voided because removals emptied the palago."""

    seats: tuple[str, ...]
    scores: tuple[int, ...]
    record: str
    turns: int
    actions: tuple[int, ...]
    seconds: tuple[float, ...]
    cpu: tuple[float, ...]
    worst: tuple[float, ...]
    restarts: int = 0

    def ranks(self) -> tuple[int, ...]:
        """Each seat's rank: 1 + the seats with more points (ties share the better rank)."""
        return tuple(1 + sum(other > mine for other in self.scores) for mine in self.scores)

    def wins(self) -> tuple[float, ...]:
        """Each seat's share of the win: 1 for the one highest score, 1/k when k tie."""
        best = max(self.scores)
        top = self.scores.count(best)
        return tuple(1 / top if s == best else 0.0 for s in self.scores)


def play_seated(spec: SeatedGame, dice: DiceStream | None = None) -> SeatedResult:
    """Play ``spec`` (with ``dice``, else its seed's), write it and check it by replaying
    the record."""
    faces = dice if dice is not None else dice_of(spec.dice)
    players = [PalagoniaPlayer(name, spec.seed + seat) for seat, name in enumerate(spec.seats)]
    n = len(players)
    actions, seconds, cpu, worst = [0] * n, [0.0] * n, [0.0] * n, [0.0] * n
    restarts = 0
    while True:
        game = Palagonia(n, PalagoniaOptions(tiles=spec.tiles))
        rounds, start, moves = _played(game, players, faces, (actions, seconds, cpu, worst))
        if not game.restarted:
            break
        restarts += 1
        if restarts > 100:
            raise InternalError(f"{spec}: removals emptied the palago 100 times")
    names = tuple(seat_name(p, s, spec.seats.count(p) > 1) for s, p in enumerate(spec.seats))
    script = PalagoniaScript(n, game.options, rounds, start, tuple(moves), tuple(game.scores))
    text = write_record(palagonia_record(script, names))
    (record,) = parse(text)
    report = replay(record)
    if not report.valid or report.seat_scores != tuple(game.scores):
        raise InternalError(f"the record of {spec} does not replay to its scores: {report.error}")
    return SeatedResult(
        spec.seats,
        tuple(game.scores),
        text,
        len(moves),
        tuple(actions),
        tuple(seconds),
        tuple(cpu),
        tuple(worst),
        restarts,
    )


def _played(
    game: Palagonia,
    players: Sequence[PalagoniaPlayer],
    faces: DiceStream,
    times: tuple[list[int], list[float], list[float], list[float]],
) -> tuple[tuple[tuple[Die, ...], ...], tuple[Tile, ...], list[PalagoniaMove]]:
    """Play ``game`` to its end (or its restart): the roll-off rounds, the start tiles and
    the turns."""
    actions, seconds, cpu, worst = times
    rounds, starter, die = rolled_start(game.players, game.bag, lambda: next(faces))
    start = players[starter].start_tiles(die)
    game.start(starter, die, start)
    moves: list[PalagoniaMove] = []
    while not game.over:
        roll = (next(faces), next(faces))
        seat = game.player
        began, began_cpu = time.perf_counter(), time.process_time()
        choice = players[seat].choose(game, roll)
        took = time.perf_counter() - began
        actions[seat] += 1
        seconds[seat] += took
        cpu[seat] += time.process_time() - began_cpu
        worst[seat] = max(worst[seat], took)
        game.play(roll, choice.die, choice.action)
        moves.append(PalagoniaMove(roll, choice.die, choice.action))
    return rounds, start, moves
