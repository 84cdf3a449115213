"""Where a tactic question is asked: a record's position, the side to move and the supply left.

A Palago game gives the position after a turn (replayed through the rules, so the side to move
and the tiles left in the supply are known); a Position record or a creature card gives its
tiles, the side to move from its ``X-ToMove`` tag (Yellow when it has none) and no supply limit.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.position import Position
from ..core.tiles import Colour
from ..errors import IllegalMoveError, PalagoError, UsageError
from ..notation import records as rec
from ..rules import palago as pg
from .game import palago_options

TO_MOVE_TAG = "X-ToMove"
"""The tag of a Position record naming the side to move: ``yellow`` or ``blue``."""
CLAIM_TAG = "X-Claim"
"""The tag of a figure stating the tactic it shows (see docs/tactics.md)."""


class SituationError(PalagoError, ValueError):
    """A record or turn that has no position to analyse."""


@dataclass(frozen=True)
class Situation:
    """A position with the side to move and the tiles left (``None``: no limit)."""

    position: Position
    mover: Colour
    tiles_left: int | None
    where: str


def colour_named(text: str) -> Colour:
    """``"yellow"`` or ``"blue"`` (any case) to a colour."""
    try:
        return Colour(text.strip().lower())
    except ValueError:
        raise SituationError(f"unknown colour {text!r}: a colour is yellow or blue") from None


def tag(record: rec.Record, name: str) -> str | None:
    """The value of tag ``name`` of a record, or ``None``."""
    return dict(record.tags).get(name)


def game_of(record: rec.PalagoGame) -> pg.Palago:
    """A fresh rules game with the record's first player, supply and opening."""
    return pg.Palago(record.first, palago_options(record))


def situation_of(
    record: rec.Record, turn: int | None = None, to_move: Colour | None = None
) -> Situation:
    """The situation of ``record``: for a game, after turn ``turn`` (0: the empty start;
    ``None``: after its last turn); for a position, its tiles."""
    if isinstance(record, rec.PalagoGame):
        game = game_of(record)
        last = len(record.turns) if turn is None else turn
        if not 0 <= last <= len(record.turns):
            raise UsageError(
                f"the game has {len(record.turns)} turns; --turn is 0 to {len(record.turns)}"
            )
        for played in record.turns[:last]:
            try:
                game.play(played.tiles)
            except IllegalMoveError as error:
                raise SituationError(f"turn {played.number}: {error.message}") from None
        if game.over:
            raise SituationError(f"the game is over after turn {last}: {game.describe_result()}")
        where = f"after turn {last}" if last else "at the start"
        return Situation(game.position(), to_move or game.mover, game.tiles_left, where)
    if isinstance(record, (rec.PositionRecord, rec.CreatureCard)):
        if turn is not None:
            raise UsageError("--turn is for game records; this record is a position")
        named = tag(record, TO_MOVE_TAG)
        mover = to_move or (colour_named(named) if named else Colour.YELLOW)
        return Situation(record.position(), mover, None, "the position")
    raise SituationError(
        f"a {rec.KIND_OF[type(record)]} record has no position to analyse; "
        "give a Palago game or a Position record"
    )
