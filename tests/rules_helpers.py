"""Small helpers for rule tests: turns written as tile tokens separated by ``|``."""

from __future__ import annotations

from palago_tools.core.tiles import Colour, Tile
from palago_tools.rules import Palago, PalagoOptions


def turns(text: str) -> list[tuple[Tile, ...]]:
    """``"0,0R 0,1L | -1,0R"`` → the tiles of each turn."""
    return [tuple(Tile.parse(t) for t in part.split()) for part in text.split("|")]


def play(text: str, first: Colour = Colour.YELLOW, options: PalagoOptions | None = None) -> Palago:
    """A game after playing every turn of ``text``."""
    game = Palago(first, options)
    for tiles in turns(text):
        game.play(tiles)
    return game
