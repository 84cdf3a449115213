"""Small helpers for rule tests: turns written as tile tokens separated by ``|``."""

from __future__ import annotations

import random
from collections.abc import Iterator

from palago_tools.core.board import Board
from palago_tools.core.hexgrid import neighbours
from palago_tools.core.tiles import ORIENTATIONS, Colour, Tile
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


def every_legal_turn(game: Palago) -> Iterator[tuple[Tile, ...]]:
    """The brute-force reference for legal turns: every lone tile on the frontier and every
    pair of neighbouring tiles with one of them on the frontier, in both orders (from the empty
    board, two tiles with the first on 0,0), kept when the rules' ``is_legal`` accepts it. It
    shares no code with the board's move generator. A generator, so that a search for one
    winning turn stops at it."""
    if game.over:
        return
    position = game.position()
    tiles = game.tiles
    cells = sorted(position.frontier()) if tiles else [(0, 0)]
    singles = [Tile(c, o) for c in cells for o in ORIENTATIONS]

    def candidates() -> Iterator[tuple[Tile, ...]]:
        yield from ((t,) for t in singles)
        if game.tiles_this_turn() < 2:
            return  # a turn of one tile: the 1-1-2 opening, or the supply's last tile
        for first in singles:
            for n in neighbours(first.cell):
                if n in tiles:
                    continue
                for o in ORIENTATIONS:
                    yield (first, Tile(n, o))
                    if tiles:
                        yield (Tile(n, o), first)

    seen: set[tuple[Tile, ...]] = set()
    for turn in candidates():
        if turn not in seen:
            seen.add(turn)
            if game.is_legal(turn):
                yield turn


def make_and_unmake(board: Board, rng: random.Random, plies: int) -> None:
    """Make up to ``plies`` random legal plies on ``board``, then unmake them all, as a search
    does."""
    made = 0
    for _ in range(plies):
        tiles = board.legal_tiles()
        if not tiles:
            break
        board.make(rng.choice(tiles))
        made += 1
    for _ in range(made):
        board.unmake()
