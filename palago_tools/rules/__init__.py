"""Rules of Palago and Palagonia: game state machines that check every move, and random games."""

from .palago import Opening, PalagoGame, PalagoOptions, PalagoTurn
from .palagonia import (
    Action,
    Die,
    PalagoniaGame,
    PalagoniaOptions,
    PalagoniaTurn,
    Place,
    Remove,
    RollOff,
    Rotate,
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
    "PalagoGame",
    "PalagoOptions",
    "PalagoScript",
    "PalagoTurn",
    "PalagoniaGame",
    "PalagoniaMove",
    "PalagoniaOptions",
    "PalagoniaScript",
    "PalagoniaTurn",
    "Place",
    "Remove",
    "RollOff",
    "Rotate",
    "player_count_advice",
    "random_palago_game",
    "random_palagonia_game",
    "starter_from_rolls",
]
