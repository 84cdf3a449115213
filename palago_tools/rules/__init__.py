"""Rules of Palago and Palagonia: game state machines that check every move, and random games."""

from .palago import Opening, Palago, PalagoOptions, PalagoTurnResult
from .palagonia import (
    Action,
    Die,
    Palagonia,
    PalagoniaOptions,
    PalagoniaTurnResult,
    PlaceAction,
    RemoveAction,
    RollOff,
    RotateAction,
    player_count_advice,
    starter_from_rolls,
)
from .random_games import (
    PalagoniaMove,
    PalagoniaScript,
    PalagoScript,
    random_palago_game,
    random_palagonia_game,
)

__all__ = [
    "Action",
    "Die",
    "Opening",
    "Palago",
    "PalagoOptions",
    "PalagoScript",
    "PalagoTurnResult",
    "Palagonia",
    "PalagoniaMove",
    "PalagoniaOptions",
    "PalagoniaScript",
    "PalagoniaTurnResult",
    "PlaceAction",
    "RemoveAction",
    "RollOff",
    "RotateAction",
    "player_count_advice",
    "random_palago_game",
    "random_palagonia_game",
    "starter_from_rolls",
]
