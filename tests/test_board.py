"""The one board of two-player Palago (``palago_tools.core.board``) against brute force.

The referee is ``every_legal_turn`` of ``rules_helpers``: every lone tile and every pair of
neighbouring tiles near the palago, in both orders, kept when the rules accept it. It shares no
code with the board's move generator. The board must list every legal turn (each set of tiles
once, in an order the rules accept) and nothing else, at every size of game, with a limited or an
unlimited supply and in the ``1-1-2`` opening; its legal tiles must be the first tiles of those
turns, and laying and lifting must leave it as it was.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from palago_tools.core.board import Board, Opening
from palago_tools.core.position import enclosed_areas
from palago_tools.core.regions import cell_key
from palago_tools.core.tiles import ORIENTATIONS, Tile
from palago_tools.core.turns import Snapshot
from palago_tools.rules import Palago, PalagoOptions, random_palago_game

from .conftest import examples
from .rules_helpers import every_legal_turn, make_and_unmake
from .test_tactics_brute_force import compact_position, winning_turns

OPTIONS = {
    "48 tiles": PalagoOptions(),
    "unlimited": PalagoOptions(supply=None),
    "9 tiles": PalagoOptions(supply=9),
    "1-1-2": PalagoOptions(opening=Opening.ONE_ONE_TWO),
}


def game_of(seed: int, tiles: int, options: PalagoOptions) -> Palago:
    """A game of the rules, replayed from a seeded random game until about ``tiles`` tiles are
    laid (or it ends one turn before its last)."""
    script = random_palago_game(random.Random(seed), options)
    game = Palago(script.first, options)
    for turn in script.turns[:-1]:
        if len(game.tiles) + len(turn) > tiles:
            break
        game.play(turn)
    return game


def check_legal_turns(game: Palago) -> None:
    """The board's legal turns are the brute force's, each set of tiles once, each laid in an
    order the rules accept; its legal tiles are the first tiles of turns from the frontier."""
    board = game.board
    turns = list(board.legal_turns())
    sets = [frozenset(t) for t in turns]
    assert len(sets) == len(set(sets)), "each set of tiles once"
    every = list(every_legal_turn(game))
    assert set(sets) == {frozenset(t) for t in every}
    for turn in turns:
        assert game.is_legal(turn), turn
    frontier = set(game.position().frontier()) if game.tiles else {(0, 0)}
    assert set(board.legal_tiles()) == {t[0] for t in every if t[0].cell in frontier}


@settings(max_examples=examples(12), deadline=None)
@given(
    seed=st.integers(0, 10**6),
    tiles=st.integers(0, 48),
    options=st.sampled_from(sorted(OPTIONS)),
)
def test_legal_turns_are_the_brute_forces(seed: int, tiles: int, options: str) -> None:
    check_legal_turns(game_of(seed, tiles, OPTIONS[options]))


@pytest.mark.slow
@pytest.mark.parametrize("options", sorted(OPTIONS))
def test_legal_turns_are_the_brute_forces_at_every_size(options: str) -> None:
    for seed in range(3):
        for tiles in range(0, 49, 3):
            check_legal_turns(game_of(seed, tiles, OPTIONS[options]))


@pytest.mark.parametrize("seed", [3, 8])
def test_legal_turns_are_the_brute_forces_in_compact_positions(seed: int) -> None:
    position, mover, left = compact_position(seed, 12)
    check_legal_turns(Palago.from_position(position, mover, tiles_left=left))


@settings(max_examples=examples(15), deadline=None)
@given(seed=st.integers(0, 10**6), tiles=st.integers(2, 46), plies=st.integers(1, 4))
def test_plies_and_turns_laid_and_lifted_leave_the_board_as_it_was(
    seed: int, tiles: int, plies: int
) -> None:
    game = game_of(seed, tiles, PalagoOptions())
    board = Board(game.position(), game.mover, game.tiles_left)

    def state() -> tuple[object, ...]:
        return (
            board.hash,
            dict(board.tiles),
            dict(board.around),
            board.mover,
            board.tiles_left,
            board.turn_number,
            board.pending,
            board.winner,
            board.draw,
            board.wins(board.mover),
        )

    before = state()
    rng = random.Random(seed)
    make_and_unmake(board, rng, plies)
    assert state() == before
    turn = rng.choice(list(board.legal_turns()))
    board.play(turn)
    board.undo(turn)
    assert state() == before


def check_any_win(board: Board, base: Snapshot, since: int) -> None:
    """``threats(any_win=True)`` is the whole answer when the mover has no win, and one turn
    that wins (laid, the mover is the winner) with nothing to block when it has."""
    whole = board.threats(None, base, since)
    first = board.threats(None, base, since, any_win=True)
    if not whole.wins:
        assert first == whole
        return
    assert len(first.wins) == 1 and not first.to_block
    mover, (win,) = board.mover, first.wins
    assert board.try_play(win.tiles) is not None
    assert board.winner is mover
    board.undo(win.tiles)


def check_snapshot_reused(board: Board, rng: random.Random, plies: int) -> int:
    """Lay up to ``plies`` random plies after a snapshot; at the start of every turn the threats
    and a new snapshot taken from the first are those found afresh. Return how many turns were
    compared."""
    base, since = board.baseline(), board.ply
    compared = 0
    for _ in range(plies):
        tiles = board.legal_tiles()
        if not tiles:
            break
        board.make(rng.choice(tiles))
        if board.pending is None and not board.over:
            assert board.threats(None, base, since) == board.threats(), board.ply - since
            check_any_win(board, base, since)
            laid = [t.cell for t in board.laid_since(since)]
            assert board.baseline(base, laid) == board.baseline(), board.ply - since
            compared += 1
    while board.ply > since:
        board.unmake()
    return compared


@settings(max_examples=examples(25), deadline=None)
@given(seed=st.integers(0, 10**6), tiles=st.integers(6, 44), plies=st.integers(2, 10))
def test_threats_from_a_snapshot_are_the_threats_found_afresh(
    seed: int, tiles: int, plies: int
) -> None:
    game = game_of(seed, tiles, PalagoOptions())
    board = Board(game.position(), game.mover, game.tiles_left)
    check_snapshot_reused(board, random.Random(seed), plies)


@pytest.mark.parametrize("seed", range(6))
def test_threats_from_a_snapshot_in_compact_positions(seed: int) -> None:
    """Compact positions have many small enclosed areas that a few tiles fill."""
    position, mover, left = compact_position(seed, 14)
    rng = random.Random(seed)
    compared = 0
    for _ in range(20):
        compared += check_snapshot_reused(Board(position, mover, left), rng, 8)
    assert compared


@pytest.mark.parametrize("seed", range(12))
def test_threats_from_a_snapshot_are_the_rules_brute_force(seed: int) -> None:
    """An outside referee: the wins of both sides, found from a snapshot after a turn was laid,
    are those the rules find by trying every legal turn."""
    position, mover, left = compact_position(seed, 12)
    board = Board(position, mover, left)
    base, since = board.baseline(), board.ply
    quiet = []  # pairs that complete nothing: the game goes on after them
    for turn in board.legal_turns():
        if len(turn) == 2 and board.try_play(turn) is not None:
            if not board.over:
                quiet.append(turn)
            board.undo(turn)
    # Turns near what the snapshot says some site completes: those it must not keep unseen.
    near = {k for site, done in base.completions.items() if done for k in base.zones[site]}
    close = [t for t in quiet if {cell_key(tile.cell) for tile in t} & near]
    turn = random.Random(seed).choice(close or quiet)
    board.play(turn)
    found = board.threats(None, base, since)
    for colour, wins in ((board.mover, found.wins), (board.mover.other, found.to_block)):
        game = Palago.from_position(board.position(), colour, tiles_left=board.tiles_left)
        assert {frozenset(w.tiles) for w in wins} == winning_turns(game), colour


def test_holes_are_the_small_enclosed_areas() -> None:
    """Board.holes (a flood fill from the frontier, given up past the size) is the enclosed
    areas of the position (the bounding box's flood fill) no larger than the size, in the
    same order: tiles laid one by one at random on a small hexagon, full of holes, checked
    after each tile and for each size, on boards with and without the index."""
    cells = [(q, r) for q in range(-4, 5) for r in range(-4, 5) if abs(q + r) <= 4]
    checked = with_holes = 0
    for seed in range(240):
        rng = random.Random(seed)
        board = Board(index=seed % 2 == 0)
        order = rng.sample(cells, len(cells))
        for cell in order:
            board.place(Tile(cell, rng.choice(ORIENTATIONS)))
            areas = [frozenset(map(cell_key, a)) for a in enclosed_areas(board.tiles)]
            with_holes += bool(areas)
            for size in range(1, 7):
                assert board.holes(size) == [a for a in areas if len(a) <= size], (seed, size)
                checked += 1
    assert checked == 240 * len(cells) * 6  # 87,840 cases
    assert with_holes > 240 * len(cells) // 3  # of 14,640 positions, 6,366 have enclosed areas


def test_both_orders_of_a_pair_reach_the_same_hash() -> None:
    board = Board()
    a, b = Tile.parse("0,0R"), Tile.parse("1,0L")
    board.play((a, Tile.parse("0,1D")))
    board.play((Tile.parse("1,-1R"), b))
    one = board.hash
    board.undo((Tile.parse("1,-1R"), b))
    board.play((b, Tile.parse("1,-1R")))
    assert board.hash == one


@pytest.mark.parametrize("opening", list(Opening))
def test_the_turns_laid_are_the_turns_played(opening: Opening) -> None:
    for seed in range(6):
        options = PalagoOptions(opening=opening, supply=18)
        script = random_palago_game(random.Random(seed), options)
        game = Palago(script.first, options)
        movers = []
        for turn in script.turns:
            movers.append(game.mover)
            game.play(turn)
        assert game.board.turns_since(0) == list(zip(movers, script.turns, strict=True))
