"""The engine: its board agrees with the rules and the tactics, its search takes wins and blocks
threats, and it is deterministic for a seed."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from palago_tools.core.hexgrid import neighbour
from palago_tools.core.position import Position
from palago_tools.core.tiles import Colour, Tile
from palago_tools.engine import LEVELS, Choice, Engine, SearchBoard
from palago_tools.engine.baselines import all_turns
from palago_tools.engine.board import Spot
from palago_tools.engine.evaluation import covered_by_one_turn
from palago_tools.errors import ArgumentError
from palago_tools.rules import Palago, PalagoOptions, random_palago_game
from palago_tools.rules.palago import Opening
from palago_tools.tactics import (
    Refutation,
    examine_defence,
    forced_wins,
    forcing_wins,
    immediate_wins,
    threat_space_wins,
    threats,
)

from .conftest import examples
from .rules_helpers import every_legal_turn, make_and_unmake
from .test_tactics import ATTACK, SINGLE_HOLE, TRIPLE_ROW

YELLOW, BLUE = Colour.YELLOW, Colour.BLUE


def game_after(seed: int, turns: int, options: PalagoOptions | None = None) -> Palago:
    """The rules game of a seeded random game after ``turns`` turns (fewer if it ends)."""
    script = random_palago_game(random.Random(seed), options)
    game = Palago(options=options)
    for turn in script.turns[: min(turns, len(script.turns) - 1)]:
        game.play(turn)
    return game


def study(position: Position, mover: Colour) -> Palago:
    return Palago.from_position(position, mover, tiles_left=40)


# The board ---------------------------------------------------------------------------------


@settings(max_examples=examples(12), deadline=None)
@given(seed=st.integers(0, 10**6), turns=st.integers(0, 12))
def test_the_board_lays_exactly_the_turns_the_rules_allow(seed: int, turns: int) -> None:
    """Every turn the board lays is legal, and every legal turn is one the board lays (in one
    order or the other), except a pair laid from off the frontier whose second tile wins
    alone: the board lays a turn's first tile on the frontier, so it lays that tile alone."""
    game = game_after(seed, turns, PalagoOptions(supply=30))
    board = SearchBoard.of(game)
    ours = {frozenset(t) for t in board.legal_turns()}
    for turn in board.legal_turns():
        assert game.is_legal(turn), turn
    for turn in every_legal_turn(game):
        if frozenset(turn) not in ours:
            assert len(turn) == 2 and frozenset(turn[1:]) in ours, turn
            assert not game.position().touches(turn[0].cell)


def _brute_wins(game: Palago, mover: Colour) -> set[frozenset[Tile]]:
    """Every turn with which ``mover`` wins at once, each legal turn tried in the rules (a pair
    whose last tile wins alone left out, as the board lists wins)."""
    position, left = game.position(), game.tiles_left
    found = set()
    for turn in every_legal_turn(Palago.from_position(position, mover, tiles_left=left)):
        if Palago.from_position(position, mover, tiles_left=left).play(turn).winner is mover:
            found.add(turn)
    singles = {t[0] for t in found if len(t) == 1}
    return {frozenset(t) for t in found if not (len(t) == 2 and t[1] in singles)}


@settings(max_examples=examples(10), deadline=None)
@given(seed=st.integers(0, 10**6), turns=st.integers(1, 20), plies=st.integers(0, 4))
def test_the_boards_wins_and_threats_are_the_brute_forces_after_a_search(
    seed: int, turns: int, plies: int
) -> None:
    """Wins and threats read from the board's index, after plies made and unmade as a search
    makes them, are the turns the rules say win."""
    game = game_after(seed, turns)
    board = SearchBoard.of(game)
    make_and_unmake(board, random.Random(seed), plies)
    report = board.threats()
    assert {frozenset(w.tiles) for w in board.wins()} == {frozenset(w.tiles) for w in report.wins}
    assert {frozenset(w.tiles) for w in report.wins} == _brute_wins(game, game.mover)
    assert {frozenset(w.tiles) for w in report.to_block} == _brute_wins(game, game.mover.other)


@settings(max_examples=examples(15), deadline=None)
@given(seed=st.integers(0, 10**6), turns=st.integers(1, 20), plies=st.integers(1, 6))
def test_make_and_unmake_leave_the_board_as_it_was(seed: int, turns: int, plies: int) -> None:
    board = SearchBoard.of(game_after(seed, turns))
    before = (board.hash, dict(board.tiles), board.mover, board.tiles_left, board.spots())
    regions = sorted((r.colour.value, r.straights, sorted(r.gaps)) for r in board.open_regions())
    make_and_unmake(board, random.Random(seed), plies)
    assert (board.hash, board.tiles, board.mover, board.tiles_left, board.spots()) == before
    assert (
        sorted((r.colour.value, r.straights, sorted(r.gaps)) for r in board.open_regions())
        == regions
    )


def test_both_orders_of_a_pair_reach_one_hash_and_a_turn_in_progress_another() -> None:
    game = game_after(3, 6)
    board = SearchBoard.of(game)
    a = board.legal_tiles()[0]
    board.make(a)
    middle = board.hash
    b = board.legal_tiles()[-1]
    board.make(b)
    after = board.hash
    board.unmake()
    board.unmake()
    board.make(b)
    assert board.hash != middle  # the pending first tile is part of the key
    board.make(a)
    assert board.hash == after and board.mover is game.mover.other


def test_the_board_follows_the_opening_and_the_supply() -> None:
    board = SearchBoard.of(Palago(options=PalagoOptions(opening=Opening.ONE_ONE_TWO)))
    board.make(Tile.parse("0,0R"))
    assert board.mover is BLUE and board.pending is None  # turn 1 of 1-1-2 lays one tile
    board.make(Tile.parse("1,0L"))
    assert board.mover is YELLOW and board.turn_left == 2
    last = SearchBoard(Position.parse("0,0R 1,0L"), YELLOW, 1)
    assert last.turn_left == 1
    last.make(last.legal_tiles()[0])
    assert last.over and last.draw and last.winner is None


def test_an_unlimited_supply_never_runs_out_on_the_board() -> None:
    """A boardspace.net game (no supply limit) is searched and played like any other."""
    game = Palago(options=PalagoOptions(supply=None))
    board = SearchBoard.of(game)
    assert board.turn_left == 2 and board.tiles_left > 10**6
    turn = Engine(1, seed=1).choose(game).turn
    assert game.play(turn).winner is None and game.tiles_left is None


# The engine's choices ----------------------------------------------------------------------

WINS = [(ATTACK, BLUE), (SINGLE_HOLE, YELLOW), (TRIPLE_ROW, BLUE)]


@pytest.mark.parametrize("level", sorted(LEVELS))
@pytest.mark.parametrize(("position", "mover"), WINS, ids=["attack", "single-hole", "triple-row"])
def test_the_engine_always_takes_a_win_in_one(
    level: int, position: Position, mover: Colour
) -> None:
    game = study(position, mover)
    choice = Engine(level, seed=level).choose(game)
    assert choice.reason == "win"
    assert game.play(choice.turn).winner is mover


def test_the_search_itself_finds_a_win_in_one() -> None:
    """Without the root tactics too: the search scores the winning turn as a win."""
    from palago_tools.engine import Limits, Searcher

    game = study(TRIPLE_ROW, BLUE)
    result = Searcher(SearchBoard.of(game), Limits(depth=2, quiescence=0)).search()
    assert result.score > 20000
    assert study(TRIPLE_ROW, BLUE).play(result.turn).winner is BLUE


def blockable_threats(count: int) -> list[Palago]:
    """Positions of seeded random games where the mover cannot win, the opponent has exactly
    one immediate win, and a defence exists (the tactics' examine_defence names one)."""
    found: list[Palago] = []
    seed = 0
    while len(found) < count:
        script = random_palago_game(random.Random(seed))
        seed += 1
        game = Palago()
        for turn in script.turns[:-1]:
            game.play(turn)
            report = threats(game.position(), game.mover, tiles_left=game.tiles_left)
            if report.wins or len(report.to_block) != 1:
                continue
            verdict = examine_defence(game.position(), game.mover, tiles_left=game.tiles_left)
            if isinstance(verdict, Refutation) and verdict.reply is not None:
                found.append(Palago.from_position(game.position(), game.mover, game.tiles_left))
                break
    return found


def assert_blocks(game: Palago, level: int) -> None:
    mover = game.mover
    turn = Engine(level).choose(game).turn
    assert game.is_legal(turn)
    played = game.play(turn)
    assert played.winner is not mover.other
    assert not immediate_wins(game.position(), mover.other, tiles_left=game.tiles_left), turn


@pytest.mark.parametrize("index", range(6))
def test_the_engine_blocks_a_single_threat_when_it_can(index: int) -> None:
    assert_blocks(blockable_threats(6)[index], 2)


@pytest.mark.slow
@pytest.mark.parametrize("level", [3, 4, 5])
def test_every_searching_level_blocks_a_single_threat(level: int) -> None:
    for game in blockable_threats(3):
        assert_blocks(game, level)


@pytest.mark.parametrize("level", [2, 5])
def test_the_engine_is_deterministic_for_a_seed(level: int) -> None:
    def summary(choice: Choice) -> tuple[object, ...]:
        found = choice.search
        return (choice.turn, choice.reason) + (
            () if found is None else (found.score, found.nodes, found.pv)
        )

    game = game_after(13, 5)
    first = Engine(level, seed=7).choose(game)
    assert first.search is not None
    assert summary(first) == summary(Engine(level, seed=7).choose(game))


def test_levels_and_games_that_are_over_are_refused() -> None:
    with pytest.raises(ArgumentError, match="level is 1 to 5"):
        Engine(6)
    with pytest.raises(ArgumentError):
        Engine(True)  # type: ignore[arg-type]
    game = study(ATTACK, BLUE)
    game.play([Tile.parse("-2,1D")])
    with pytest.raises(ArgumentError, match="over"):
        Engine(1).choose(game)


def test_all_turns_of_a_board_are_the_rules_turns_once_each() -> None:
    game = game_after(5, 3)
    turns = all_turns(SearchBoard.of(game))
    assert len(turns) == len({frozenset(t) for t in turns})
    assert {frozenset(t) for t in turns} == {frozenset(t) for t in every_legal_turn(game)}


_WINDOW = [(q, r) for q in range(-2, 3) for r in range(-2, 3)]


@st.composite
def _spot_cells(draw: st.DrawFn) -> frozenset[tuple[int, int]]:
    cell = draw(st.sampled_from(_WINDOW))
    if draw(st.booleans()):
        return frozenset({cell})
    return frozenset({cell, neighbour(cell, draw(st.integers(0, 5)))})


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(_spot_cells(), min_size=0, max_size=4))
def test_one_turn_covers_the_threats_it_lays_a_tile_on(
    groups: list[frozenset[tuple[int, int]]],
) -> None:
    """The evaluation's "no single turn covers these threats" against every tile and every pair
    of neighbouring tiles: threats that share a cell are covered by one tile there."""
    spots = [Spot(Colour.BLUE, cells) for cells in groups]
    turns = [{cell} for cell in _WINDOW] + [
        {cell, neighbour(cell, d)} for cell in _WINDOW for d in range(6)
    ]
    expected = any(all(turn & group for group in groups) for turn in turns)
    assert covered_by_one_turn(spots) is expected


def test_two_threats_through_one_cell_are_not_a_fork() -> None:
    shared = [
        Spot(Colour.BLUE, frozenset({(0, 0), (1, 0)})),
        Spot(Colour.BLUE, frozenset({(0, 0), (0, 1)})),
    ]
    apart = [Spot(Colour.BLUE, frozenset({(0, 0)})), Spot(Colour.BLUE, frozenset({(3, 0)}))]
    assert covered_by_one_turn(shared) and not covered_by_one_turn(apart)


# A match game (level2 - level5, seed 3000) before Blue's turn 10: the level 5 of the time
# played 6,-3R 5,-2D, a threat that Yellow answers with a forcing win (a block that threatens,
# and every block of that leaves a fork); Yellow won five turns later.
FORCED_AFTER_A_THREAT = Position.parse(
    "-1,2R 0,-1R 0,0L 0,1L 1,-2L 1,-1D 1,0D 1,1D 2,-3L 2,-2D 2,-1D 2,0D 3,-3D 3,-2D 3,-1R 4,-3D"
    " 4,-2L 5,-3D"
)


def test_level_5_guards_its_threats_against_a_forcing_win() -> None:
    game = Palago.from_position(FORCED_AFTER_A_THREAT, BLUE, tiles_left=30)
    old = (Tile.parse("6,-3R"), Tile.parse("5,-2D"))
    after_old = game.position().place(*old)
    assert immediate_wins(after_old, BLUE, tiles_left=28)
    assert not forced_wins(after_old, YELLOW, tiles_left=28, limit=1)
    assert forcing_wins(after_old, YELLOW, tiles_left=28, limit=1).wins
    guard_alone = replace(LEVELS[5], replies=0)  # the turns in the first full turn's order
    choice = Engine(level=5, seed=1, settings=guard_alone).choose(game)
    assert choice.reason == "guard" and set(choice.turn) != set(old)
    for played in (choice, Engine(level=5, seed=1).choose(game)):  # and level 5 as it is
        after = game.position().place(*played.turn)
        assert not forced_wins(after, YELLOW, tiles_left=28, limit=1)
        assert not forcing_wins(after, YELLOW, tiles_left=28, limit=1, budget=4000).wins


# Game 40 of benchmarks/results/level5-vs-04dab2a.jsonl as of 2e049e7 (04dab2a's level 5
# against level 5, on the third book) before Blue's turn 16: level 5 played 6,-5R 5,-4D, after
# which Yellow has neither a fork nor a forcing win (a win in three), but a threat-space win in
# four turns that begins 2,0L 3,-1L; Yellow won three turns later.
BEFORE_A_WIN_IN_FOUR = (
    "0,0R 1,0R / -1,0L -2,1D / 1,-1D 0,-1D / -1,1R -1,2D / 1,1L 0,1L / 1,-2D 0,-2L / 2,-1L 2,-2D"
    " / 3,-3R 2,-3D / 0,-3R 1,-3D / -3,1L -3,2D / -2,2R -3,3R / 2,-4D 1,-4L / 4,-4L 3,-4D"
    " / 3,-5D 2,-5L / 4,-5D 5,-5D"
)
HANDS_OVER_A_WIN_IN_FOUR = (Tile.parse("6,-5R"), Tile.parse("5,-4D"))
WIN_IN_FOUR = frozenset({Tile.parse("2,0L"), Tile.parse("3,-1L")})


def _before_a_win_in_four() -> Palago:
    game = Palago()
    for turn in BEFORE_A_WIN_IN_FOUR.split(" / "):
        game.play([Tile.parse(t) for t in turn.split()])
    return game


def test_a_guard_of_four_turns_refuses_a_turn_that_hands_over_a_win_in_four() -> None:
    game = _before_a_win_in_four()
    assert game.mover is BLUE and game.tiles_left == 18
    after = game.position().place(*HANDS_OVER_A_WIN_IN_FOUR)
    assert not immediate_wins(after, YELLOW, tiles_left=16)
    assert not forced_wins(after, YELLOW, tiles_left=16, limit=1)
    three = forcing_wins(after, YELLOW, tiles_left=16, limit=1)
    assert three.complete and not three.wins  # no win in three: a guard of three turns passes it
    four = threat_space_wins(after, YELLOW, depth=4, tiles_left=16, limit=1, budget=4000)
    assert [frozenset(w) for w in four.wins] == [WIN_IN_FOUR]
    three_turns = replace(LEVELS[5], horizon=3, replies=0)  # the guard's own order of turns
    assert set(Engine(level=5, seed=0, settings=three_turns).choose(game).turn) == set(
        HANDS_OVER_A_WIN_IN_FOUR
    )
    four_turns = replace(LEVELS[5], horizon=4, replies=0)
    choice = Engine(level=5, seed=0, settings=four_turns).choose(game)
    assert choice.reason == "guard" and set(choice.turn) != set(HANDS_OVER_A_WIN_IN_FOUR)
    safe = game.position().place(*choice.turn)
    assert not forced_wins(safe, YELLOW, tiles_left=16, limit=1)
    none = threat_space_wins(safe, YELLOW, depth=4, tiles_left=16, limit=1)
    assert none.complete and not none.wins


def test_a_reach_of_four_turns_plays_the_win_in_four() -> None:
    """After the turn that hands Yellow its win in four, level 5 (no threat-space wins of its
    own) does not play it; with them (``threats``) looked for in four turns (``reach=4``) it
    plays the win's first turn, and says so."""
    game = _before_a_win_in_four()
    game.play(list(HANDS_OVER_A_WIN_IN_FOUR))
    assert Engine(level=5, seed=0).choose(game).reason != "threats"
    reach = replace(LEVELS[5], threats=4000, reach=4)
    choice = Engine(level=5, seed=0, settings=reach).choose(game)
    assert (choice.reason, choice.win_in, frozenset(choice.turn)) == ("threats", 4, WIN_IN_FOUR)


@pytest.mark.slow
def test_the_win_in_four_beats_every_reply_by_the_exact_searches() -> None:
    """The referee of the win in four: after Yellow's 2,0L 3,-1L, every legal reply of Blue (the
    rules' brute-force generator) completes a creature and loses, or leaves Yellow an immediate
    win, a fork or a forcing win (the exact searches, not the threat-space one)."""
    game = _before_a_win_in_four()
    game.play(list(HANDS_OVER_A_WIN_IN_FOUR))
    game.play(sorted(WIN_IN_FOUR, key=lambda t: t.cell))
    replies = 0
    for reply in every_legal_turn(game):
        replies += 1
        trial = Palago.from_position(game.position(), BLUE, tiles_left=14)
        trial.play(list(reply))
        if trial.over:
            assert trial.winner is YELLOW, reply
            continue
        after = trial.position()
        assert (
            immediate_wins(after, YELLOW, tiles_left=12)
            or forced_wins(after, YELLOW, tiles_left=12, limit=1)
            or forcing_wins(after, YELLOW, tiles_left=12, limit=1).wins
        ), reply
    assert replies > 1000
