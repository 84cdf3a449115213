"""The fast paths of the tactics against the slow ones they replace, on random positions: the
pair outcomes found from the closability index (:meth:`ClosabilityIndex.closing_pairs`) against
laying every first tile and asking :meth:`ClosabilityIndex.closing_tips`, and the wins found
without the second order of the pairs against every order."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from palago_tools.core.board import Board, Completion, wins_for
from palago_tools.core.position import Position
from palago_tools.core.regions import key_cell
from palago_tools.core.tiles import Colour, Orientation, Tile
from palago_tools.core.turns import Threats
from palago_tools.rules import Palago, PalagoOptions, random_palago_game

from .conftest import examples


def laid_completions(board: Board, a: int, b: int) -> list[Completion]:
    """The completions of the pair on ``a`` then ``b`` found by laying every first tile."""
    found: list[Completion] = []
    for tip in (0, 2, 4):
        first = Tile(key_cell(a), Orientation.from_tip(tip))
        if not board.place(first):
            for tip_b in board.index.closing_tips(b):
                second = Tile(key_cell(b), Orientation.from_tip(tip_b))
                done = board.place(second)
                board.remove(second.cell)
                if done:
                    found.append(((first, second), tuple(done)))
        board.remove(first.cell)
    return found


def random_position(seed: int, stop: int, supply: int = 200) -> tuple[Position, Colour, int]:
    options = PalagoOptions(supply=supply)
    script = random_palago_game(random.Random(seed), options)
    game = Palago(options=options)
    for tiles in script.turns[: min(stop, len(script.turns) - 1)]:
        game.play(tiles)
    return game.position(), game.mover, game.tiles_left


@settings(max_examples=examples(40), deadline=None)
@given(seed=st.integers(0, 10**6), stop=st.integers(2, 40))
def test_pair_completions_from_the_index_are_those_laid(seed: int, stop: int) -> None:
    position, _mover, _left = random_position(seed, stop)
    board = Board(position)
    _singles, pairs = board.sites()
    for a, b in pairs:
        assert board.completions_at((a, b)) == laid_completions(board, a, b)
    assert dict(board.tiles) == position.tips()


@settings(max_examples=examples(40), deadline=None)
@given(seed=st.integers(0, 10**6), stop=st.integers(2, 40), left=st.sampled_from([None, 1, 2, 5]))
def test_the_wins_without_second_orders_are_the_wins_of_every_order(
    seed: int, stop: int, left: int | None
) -> None:
    position, mover, _left = random_position(seed, stop)
    board = Board(position, mover, left)
    every = board.completions()
    slow = Threats(mover, wins_for(mover, every), wins_for(mover.other, every))
    assert board.threats(mover) == slow
    assert board.wins(mover.other) == slow.to_block
