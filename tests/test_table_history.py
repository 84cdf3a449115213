"""The table's undo and redo on their own: what an undo leaves of a record, and the turns and
roll-off rounds taken back, put back in order and forgotten, without a session, a file or the
rules."""

from __future__ import annotations

import pytest

from palago_tools.notation import PalagoGame, PalagoniaGame, parse
from palago_tools.notation.records import Die, PalagoResult
from palago_tools.table.actions import Refused
from palago_tools.table.history import History, turns_words

PALAGO = parse('[Kind "Palago"]\n[Result "*"]\n\n1. 0,0R 0,1L 2. -1,0R -1,1R 3. 0,-1D 1,-1R *\n')[0]
PALAGONIA = parse(
    '[Kind "Palagonia"]\n[Player1 "Anna"]\n[Player2 "Boris"]\n[Player3 "Chen"]\n[Result "*"]\n\n'
    "0. [3 5 x] 5: 0,0R 1,0L 0,1L 1,1D -1,1R\n1. [2 x] 2: -1,2D -2,2R *\n"
)[0]


def test_an_undo_takes_the_last_turns_off_and_redo_gives_them_back_in_order() -> None:
    assert isinstance(PALAGO, PalagoGame)
    history = History()
    taken = history.take_back(PALAGO, (), 2)
    assert history.undone == []  # worked out, nothing kept yet: the record is saved first
    assert taken.record.turns == PALAGO.turns[:1] and taken.rolls == ()
    assert isinstance(taken.record, PalagoGame)
    assert taken.record.result is PalagoResult.UNFINISHED
    assert taken.words("phone") == "Took back turns 2 and 3 (phone); Redo puts them back"
    history.keep(taken)
    assert history.next() == PALAGO.turns[1]
    history.redone()
    assert history.next() == PALAGO.turns[2]
    history.redone()
    with pytest.raises(Refused, match="there is nothing to redo"):
        history.next()


def test_something_else_done_forgets_what_was_taken_back() -> None:
    assert isinstance(PALAGO, PalagoGame)
    history = History()
    history.keep(history.take_back(PALAGO, (), 1))
    assert history.take_back(PALAGO, (), 1).words() == "Took back turn 3; Redo puts it back"
    history.forget()
    with pytest.raises(Refused, match="there is nothing to redo"):
        history.next()


def test_a_roll_off_round_is_taken_back_before_any_turn() -> None:
    assert isinstance(PALAGONIA, PalagoniaGame)
    before = PALAGONIA.__class__(players=PALAGONIA.players, turns=())
    rounds = ((Die("5"), Die("5"), Die("2")), (Die("3"), Die("4")))
    history = History()
    taken = history.take_back(before, rounds, 1)
    assert taken.record is before and taken.rolls == rounds[:1] and taken.items == rounds[1:]
    assert taken.words() == "Took back the last roll-off round"
    history.keep(taken)
    assert history.next() == rounds[1]


def test_undoing_the_palagonia_start_gives_back_its_roll_off() -> None:
    assert isinstance(PALAGONIA, PalagoniaGame)
    history = History()
    once = history.take_back(PALAGONIA, (), 1)
    assert once.what == "turn 1" and once.rolls == ()
    assert isinstance(once.record, PalagoniaGame)
    start = history.take_back(once.record, (), 1)
    assert start.record.turns == () and start.rolls == ((Die("3"), Die("5"), Die("x")),)


def test_a_palagonia_undo_of_several_turns_takes_them_back_together() -> None:
    assert isinstance(PALAGONIA, PalagoniaGame)
    both = History.take_back(PALAGONIA, (), 2)
    assert both.what == "turns 0 and 1" and both.record.turns == ()
    assert both.rolls == ((Die("3"), Die("5"), Die("x")),)
    assert both.items == tuple(reversed(PALAGONIA.turns))
    assert turns_words(["5", "5+", "6"]) == "turns 5, 5+ and 6"


def test_nothing_to_take_back_is_refused() -> None:
    empty = PalagoGame(turns=())
    with pytest.raises(Refused, match="there is no turn to take back"):
        History.take_back(empty, (), 0)
    with pytest.raises(Refused, match="no turn to take back"):
        History.take_back(None, (), 0)
    assert isinstance(PALAGO, PalagoGame)
    with pytest.raises(Refused, match="the computer.s turns are all there is"):
        History.take_back(PALAGO, (), 0)
