"""Forcing wins (a threat whose every block leaves a fork), checked with the rules engine: every
reply of the defender to a forcing win played, and every threat of a position with none
refuted by a reply found without the search's shortcuts."""

from __future__ import annotations

import pytest

from palago_tools.core.board import Board
from palago_tools.core.position import Position
from palago_tools.core.tiles import Colour
from palago_tools.core.turns import Turn
from palago_tools.rules import Palago
from palago_tools.tactics import ForcingMemory, Fork, forced_wins, forcing_wins, immediate_wins
from palago_tools.tactics.search import _Search, candidate_turns

from .rules_helpers import every_legal_turn

BLUE = Colour.BLUE

# From a match game (level5 - level1, seed 1000): Blue to move with 34 tiles left; Blue has
# no immediate win and no fork, but 23 forcing wins.
FORCING = Position.parse(
    "-3,1L -3,2R -3,3L -2,1D -2,2D -1,0L -1,1R -1,2L 0,-1L 0,0R 0,1L 1,-2D 1,-1R 1,0L"
)
# The same game four turns earlier (42 tiles left): Blue has no forcing win.
NONE = Position.parse("-2,2D -1,1R 0,0R 1,-2D 1,-1R 1,0L")


def _lost_for_defender(game: Palago, attacker: Colour) -> bool:
    """After a reply: the attacker has an immediate win or a fork (or the reply lost)."""
    if game.over:
        return game.winner is attacker
    position, left = game.position(), game.tiles_left
    if immediate_wins(position, attacker, tiles_left=left):
        return True
    return bool(forced_wins(position, attacker, tiles_left=left, limit=1))


def _after(position: Position, mover: Colour, left: int, move: Turn) -> Palago:
    game = Palago.from_position(position, mover, tiles_left=left)
    game.play(move)
    return game


def _check_forcing_win(position: Position, left: int, move: Turn, every_reply: bool) -> None:
    """The rules engine's check of ``move``: a threat, and every reply (else the first three
    that take a cell of every threat) leaves Blue an immediate win or a fork."""
    game = _after(position, BLUE, left, move)
    assert not game.over
    after, rest = game.position(), game.tiles_left
    threats = immediate_wins(after, BLUE, tiles_left=rest)
    assert threats, "a forcing win makes a threat"
    assert not immediate_wins(after, BLUE.other, tiles_left=rest)
    replies = [
        r
        for r in every_legal_turn(game)
        if every_reply or all({t.cell for t in r} & w.cells for w in threats)
    ]
    assert replies
    replies = replies if every_reply else replies[:3]
    for reply in replies:
        answered = Palago.from_position(after, BLUE.other, tiles_left=rest)
        answered.play(reply)
        assert _lost_for_defender(answered, BLUE), reply


def test_a_forcing_win_beats_every_block_of_its_threat() -> None:
    found = forcing_wins(FORCING, BLUE, tiles_left=34, limit=1)
    assert len(found.wins) == 1 and not found.complete
    _check_forcing_win(FORCING, 34, found.wins[0], every_reply=False)


@pytest.mark.slow
def test_a_forcing_win_beats_every_reply() -> None:
    (move,) = forcing_wins(FORCING, BLUE, tiles_left=34, limit=1).wins
    _check_forcing_win(FORCING, 34, move, every_reply=True)


def test_no_forcing_win_the_search_goes_through_every_candidate() -> None:
    found = forcing_wins(NONE, BLUE, tiles_left=42)
    assert found.wins == () and found.complete and found.examined > 0


@pytest.mark.slow
def test_no_forcing_win_every_threat_has_a_reply_that_leaves_nothing() -> None:
    """Every legal turn of Blue that makes a threat has a reply after which Blue has no
    immediate win and no fork (the replies on the threat's cells are tried first)."""
    start = Palago.from_position(NONE, BLUE, tiles_left=42)
    threatening = 0
    for move in every_legal_turn(start):
        game = _after(NONE, BLUE, 42, move)
        if game.over:
            continue
        after, rest = game.position(), game.tiles_left
        threats = immediate_wins(after, BLUE, tiles_left=rest)
        if not threats or immediate_wins(after, BLUE.other, tiles_left=rest):
            continue
        threatening += 1
        cells = {c for w in threats for c in w.cells}
        replies = sorted(every_legal_turn(game), key=lambda r: not any(t.cell in cells for t in r))
        refuted = False
        for reply in replies:
            answered = Palago.from_position(after, BLUE.other, tiles_left=rest)
            answered.play(reply)
            if not _lost_for_defender(answered, BLUE):
                refuted = True
                break
        assert refuted, move
    assert threatening > 0


def test_the_budget_stops_the_search() -> None:
    found = forcing_wins(FORCING, BLUE, tiles_left=34, budget=10)
    assert found.examined <= 10 and not found.complete
    again = forcing_wins(FORCING, BLUE, tiles_left=34, budget=10)
    assert again == found


def test_a_memory_finds_the_same_wins_again_for_less() -> None:
    memory = ForcingMemory()
    first = forcing_wins(FORCING, BLUE, tiles_left=34, limit=1, memory=memory)
    assert first.wins and memory.forks
    again = forcing_wins(FORCING, BLUE, tiles_left=34, limit=1, memory=memory)
    assert again.wins == first.wins
    assert again.examined < first.examined


def test_the_quick_examination_agrees_with_the_full_one() -> None:
    """``_Search.forks`` (candidates leaving the other side a win turned down at once, refuting
    defences tried first) against the full examination, after a forcing win's threat is
    blocked: the position where the forcing search examines forks."""
    (move,) = forcing_wins(FORCING, BLUE, tiles_left=34, limit=1).wins
    game = _after(FORCING, BLUE, 34, move)
    board = Board(game.position(), BLUE.other, game.tiles_left)
    threats = board.wins(BLUE)
    replies = [r for r in board.legal_turns() if {t.cell for t in r} & threats[0].cells][:2]
    forks = 0
    for reply in replies:
        if board.try_play(reply) is None:
            continue
        try:
            quick, full = _Search(board, BLUE), _Search(board, BLUE)
            for turn in candidate_turns(board, BLUE):
                verdict = full.examine(turn)
                assert quick.forks(turn) == isinstance(verdict, Fork), (reply, turn)
                forks += isinstance(verdict, Fork)
        finally:
            board.undo(reply)
    assert forks > 0
