"""Random legal games written as notation records, for tests, fuzzing, benchmarks and examples.

The games come from :mod:`palago_tools.rules.random_games` (every move checked by the rules);
this module writes them as records carrying the result the rules reached.
"""

from __future__ import annotations

import random

from ..core.tiles import Colour, Tile
from ..notation import records as rec
from ..rules import palago as pg
from ..rules import palagonia as pn
from ..rules.random_games import (
    PalagoniaScript,
    PalagoScript,
    random_palago_game,
    random_palagonia_game,
)

PLAYER_NAMES = (
    "Anna",
    "Boris",
    "Chen",
    "Dóra",
    "Émile",
    "Fyodor",
    "Gábor",
    "Hélène",
    "Ivan",
    "Jana",
)


def palago_record(
    script: PalagoScript, yellow: str | None = None, blue: str | None = None
) -> rec.PalagoGame:
    """A Palago script as a record with its result."""
    result = rec.PalagoResult.of(script.winner, script.draw)
    variant = (
        rec.PalagoVariant.ONE_ONE_TWO
        if script.options.opening is pg.Opening.ONE_ONE_TWO
        else rec.PalagoVariant.STANDARD
    )
    turns = tuple(
        rec.PalagoTurn(number, tuple(rec.Placement(t) for t in tiles))
        for number, tiles in enumerate(script.turns, start=1)
    )
    return rec.PalagoGame(
        turns=turns,
        yellow=yellow,
        blue=blue,
        first=script.first,
        tiles=script.options.supply,
        variant=variant,
        result=result,
    )


def record_action(action: pn.Action | None) -> rec.PalagoniaAction:
    """The rules' action as the record writes it (``None``: a pass)."""
    if isinstance(action, pn.PlaceAction):
        return rec.Place(action.tiles)
    if isinstance(action, pn.RemoveAction):
        return rec.Remove(action.cell)
    if isinstance(action, pn.RotateAction):
        return rec.Rotate(Tile(action.cell, action.orientation))
    return rec.Pass()


def palagonia_record(
    script: PalagoniaScript, players: tuple[str, ...] | None = None
) -> rec.PalagoniaGame:
    """A Palagonia script as a record with its final scores."""
    names = players or PLAYER_NAMES[: script.players]
    start = rec.PalagoniaTurn(
        0,
        tuple(rec.Roll(tuple(roll)) for roll in script.start_rolls),
        rec.Place(script.start_tiles),
    )
    turns = [start]
    number, extra, double = 0, 0, False
    for move in script.turns:
        if double:
            extra += 1
        else:
            number, extra = number + 1, 0
        roll = rec.Roll(move.roll)
        turns.append(rec.PalagoniaTurn(number, (roll,), record_action(move.action), extra=extra))
        double = move.roll[0] is move.roll[1]
    return rec.PalagoniaGame(
        players=names, turns=tuple(turns), tiles=script.options.tiles, scores=script.scores
    )


def random_palago_record(seed: int, options: pg.PalagoOptions | None = None) -> rec.PalagoGame:
    """A random legal Palago game from ``seed``, Yellow or Blue first."""
    rng = random.Random(seed)
    first = rng.choice((Colour.YELLOW, Colour.BLUE))
    script = random_palago_game(rng, options, first)
    return palago_record(script, PLAYER_NAMES[seed % 5], PLAYER_NAMES[5 + seed % 5])


def random_palagonia_record(seed: int, players: int = 3) -> rec.PalagoniaGame:
    """A random legal Palagonia game from ``seed``."""
    return palagonia_record(random_palagonia_game(random.Random(seed), players))
