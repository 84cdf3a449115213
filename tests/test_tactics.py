"""Tactics: immediate wins, threats, forks, checked on hand-made positions, against the rules
engine, and by trying every reply."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from palago_tools.core.position import Position
from palago_tools.core.tiles import Colour, Tile
from palago_tools.rules import Palago, PalagoOptions, random_palago_game
from palago_tools.tactics import (
    Fork,
    Refutation,
    examine_defence,
    examine_turn,
    forced_wins,
    immediate_wins,
    threats,
)

from .conftest import examples
from .rules_helpers import every_legal_turn

YELLOW, BLUE = Colour.YELLOW, Colour.BLUE

# Two former rulebook figure positions, kept as test positions: in ATTACK Blue threatens -2,1D
# in a single hole, so Yellow has no defence; in TRIPLE_ROW Blue wins at once with a pair, and
# 0,1L 1,1D is a fork as well.
ATTACK = Position.parse("-4,2D -4,3L -3,0L -3,1D -3,3D -2,0D -2,2D -1,-1L -1,0R -1,1L 0,-1D 0,0L")
TRIPLE_ROW = Position.parse("-1,1L 0,-1R 0,0L 1,-2D 1,-1L 1,0R 2,-3D 2,-1R 3,-3D 3,-2D")
# Found in a random game: the one tile -1,0D completes creatures of both colours.
BOTH_COLOURS = Position.parse("-3,0R -2,-1L -2,0D -1,-2D -1,-1D -1,1L -1,2R 0,-2D 0,-1R 0,0L")
# Found in a random game: 1,1 is a single hole, and 1,1R completes a yellow creature there.
SINGLE_HOLE = Position.parse(
    "-2,3R -1,2R -1,3L 0,-1R 0,0D 0,1L 0,2D 1,-2D 1,-1L 1,0D 1,2L 2,-3R 2,-1D 2,0D 2,1L 3,-4R"
)


def tokens(wins: object) -> list[str]:
    return [w.notation for w in wins]  # type: ignore[attr-defined]


def game_from(position: Position, mover: Colour) -> Palago:
    return Palago.from_position(position, mover, tiles_left=100)


def test_one_immediate_win_and_the_threat_it_makes_for_the_other_side() -> None:
    assert tokens(immediate_wins(ATTACK, BLUE)) == ["-2,1D"]
    report = threats(ATTACK, YELLOW)
    assert report.wins == ()
    assert tokens(report.to_block) == ["-2,1D"]
    assert report.threat_cells == {(-2, 1)}
    (win,) = report.to_block
    assert [c.colour for c in win.creatures] == [BLUE] and win.creatures[0].tiles == 5


def test_a_fork_is_two_threats_no_reply_can_block() -> None:
    fork = examine_turn(TRIPLE_ROW, BLUE, [Tile.parse("0,1L"), Tile.parse("1,1D")])
    assert isinstance(fork, Fork)
    assert {w.notation for w in fork.threats} == {"-1,2D", "2,0R"}
    first, second = (w.cells for w in fork.threats)
    assert not first & second
    reasons = [reason for reason, _count, _example in fork.reasons()]
    assert any("leaves -1,2D" in r for r in reasons) and any("leaves 2,0R" in r for r in reasons)


def test_a_blocked_threat_is_no_longer_a_win() -> None:
    # Blue threatens -1,2D and 2,0R after the fork; a Yellow tile on 2,0 blocks the second.
    after = TRIPLE_ROW.place(Tile.parse("0,1L"), Tile.parse("1,1D"))
    assert {w.notation for w in immediate_wins(after, BLUE)} == {"-1,2D", "2,0R"}
    blocked = after.place(Tile.parse("2,0L"), Tile.parse("3,-1R"))
    assert "2,0R" not in tokens(immediate_wins(blocked, BLUE))
    assert "-1,2D" in tokens(immediate_wins(blocked, BLUE))


def test_a_tile_completing_both_colours_is_no_win_for_either_side() -> None:
    for mover in (YELLOW, BLUE):
        assert all(Tile.parse("-1,0D") not in w.tiles for w in immediate_wins(BOTH_COLOURS, mover))
    game = game_from(BOTH_COLOURS, BLUE)
    turn = game.play([Tile.parse("-1,0D")])
    assert {c.colour for c in turn.completed} == {YELLOW, BLUE}
    assert turn.winner is YELLOW  # the mover loses


def test_a_threat_through_a_single_hole() -> None:
    assert (1, 1) in SINGLE_HOLE.single_holes()
    wins = immediate_wins(SINGLE_HOLE, YELLOW)
    assert "1,1R" in tokens(wins)
    assert "1,1R" in tokens(threats(SINGLE_HOLE, BLUE).to_block)
    # Blue cannot block it: every tile in the hole completes the yellow creature.
    for token in ("1,1R", "1,1L", "1,1D"):
        assert game_from(SINGLE_HOLE, BLUE).play([Tile.parse(token)]).winner is YELLOW


def _brute_wins(game: Palago) -> set[frozenset[Tile]]:
    """Every winning turn, found by trying every legal turn in the rules engine."""
    found = set()
    for tiles in every_legal_turn(game):
        mover = game.mover
        probe = Palago.from_position(game.position(), mover, tiles_left=game.tiles_left)
        if probe.play(tiles).winner is mover:
            found.add(tiles)
    singles = {t[0] for t in found if len(t) == 1}
    return {frozenset(t) for t in found if not (len(t) == 2 and t[1] in singles)}


def test_immediate_wins_are_every_winning_turn_the_rules_allow() -> None:
    rng = random.Random(7)
    checked = 0
    while checked < 6:
        script = random_palago_game(rng, PalagoOptions(supply=24))
        game = Palago(options=PalagoOptions(supply=24))
        for number, tiles in enumerate(script.turns):
            if number >= 4 and number % 3 == 1:
                expected = _brute_wins(game)
                got = {
                    frozenset(w.tiles)
                    for w in immediate_wins(game.position(), game.mover, tiles_left=game.tiles_left)
                }
                assert got == expected
                checked += 1
            game.play(tiles)


@settings(max_examples=examples(25), deadline=None)
@given(seed=st.integers(0, 10**6), stop=st.integers(2, 40))
def test_every_reported_win_played_wins_for_the_mover(seed: int, stop: int) -> None:
    script = random_palago_game(random.Random(seed))
    game = Palago()
    for tiles in script.turns[: min(stop, len(script.turns) - 1)]:
        game.play(tiles)
    position, mover = game.position(), game.mover
    report = threats(position, mover, tiles_left=game.tiles_left)
    for win in report.wins:
        played = Palago.from_position(position, mover, tiles_left=game.tiles_left).play(win.tiles)
        assert played.winner is mover
    for win in report.to_block:
        played = Palago.from_position(position, mover.other, tiles_left=game.tiles_left).play(
            win.tiles
        )
        assert played.winner is mover.other


def _check_every_reply(position: Position, attacker: Colour, fork: Fork) -> None:
    """Brute force: every legal reply of the defender, from the rules engine, loses at once or
    leaves the attacker the win the fork names, played in the rules engine."""
    defender = attacker.other
    # Each reply once, in one of its legal orders (the other order is the same turn).
    answers = {frozenset(a.reply): a for a in fork.answers}
    replies = list(every_legal_turn(game_from(position, defender)))
    assert {frozenset(r) for r in replies} == set(answers)
    for reply in replies:
        game = game_from(position, defender)
        turn = game.play(reply)
        answer = answers[frozenset(reply)]
        if answer.win is None:
            assert turn.winner is attacker
            continue
        assert not turn.game_over
        assert game.play(answer.win.tiles).winner is attacker


def test_forced_win_in_two_holds_against_every_reply() -> None:
    move = (Tile.parse("0,1L"), Tile.parse("1,1D"))
    fork = examine_turn(TRIPLE_ROW, BLUE, move)
    assert isinstance(fork, Fork)
    _check_every_reply(TRIPLE_ROW.place(*move), BLUE, fork)


def test_a_lost_position_every_move_of_the_defender_fails() -> None:
    lost = examine_defence(ATTACK, YELLOW)
    assert isinstance(lost, Fork) and lost.tiles == ()
    _check_every_reply(ATTACK, BLUE, lost)


def test_a_move_that_leaves_a_defence_is_refuted_with_it() -> None:
    move = (Tile.parse("0,1L"), Tile.parse("-1,2R"))
    verdict = examine_turn(TRIPLE_ROW, BLUE, move)
    assert isinstance(verdict, Refutation)


def test_forced_wins_finds_the_fork_of_the_triple_row() -> None:
    # Blue also wins at once here (a pair), so ask Yellow's question: Yellow has no fork.
    assert immediate_wins(TRIPLE_ROW, BLUE)
    forks = forced_wins(TRIPLE_ROW.place(Tile.parse("2,0L"), Tile.parse("-1,2L")), BLUE, limit=1)
    for fork in forks:
        assert isinstance(
            examine_turn(
                TRIPLE_ROW.place(Tile.parse("2,0L"), Tile.parse("-1,2L")), BLUE, fork.tiles
            ),
            Fork,
        )


def test_turns_given_first_are_examined_first_and_change_no_answer() -> None:
    position = TRIPLE_ROW.place(Tile.parse("2,0L"), Tile.parse("-1,2L"))
    every = forced_wins(position, BLUE)
    assert every, "the position has forks"
    sets = {frozenset(f.tiles) for f in every}
    assert len(sets) == len(every), "each set of tiles once"
    last = every[-1].tiles
    assert forced_wins(position, BLUE, limit=1, first=[last])[0].tiles == last
    refuted = (Tile.parse("0,1L"), Tile.parse("-1,2R"))
    with_hint = forced_wins(position, BLUE, first=[refuted, last])
    assert {frozenset(f.tiles) for f in with_hint} == sets
    assert with_hint[0].tiles == last
