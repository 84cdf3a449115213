"""A change the page sends again (the same id) is carried out once: the answer lost, the server
restarted before or after it saved the turn, or the server stopped between the receipt and the
record. A change without an id from a page of an earlier server is carried out when it was made
against the game as it is (its ``at``), refused as stale otherwise."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from palago_tools.notation import parse_file
from palago_tools.table.actions import BadAction, Stale, TableError
from palago_tools.table.receipts import KEPT, Receipts, game_key
from palago_tools.table.session import Session
from palago_tools.table.state import table_state

from .table_support import (
    NEW_PALAGO,
    NEW_PALAGONIA,
    act,
    palago_record,
    palagonia_actions,
    palagonia_record,
)

FIRST = {"type": "turn", "tiles": ["0,0L", "-1,0R"]}
SECOND = {"type": "turn", "tiles": ["0,1R", "-1,1D"]}


def sent(session: Session, action: dict[str, Any], ident: str) -> dict[str, Any]:
    """``action`` as the page sends it: the version, instance and game it was shown, an id."""
    return {
        **action,
        "version": session.version,
        "instance": session.instance,
        "at": session.key,
        "id": ident,
    }


def turns_in(path: Path) -> int:
    (record,) = parse_file(path).records
    return len(record.turns)  # type: ignore[union-attr]


def test_the_same_turn_sent_twice_is_recorded_once(tmp_path: Path) -> None:
    path = tmp_path / "game.palago"
    session = Session.open(path)
    act(session, NEW_PALAGO)
    body = sent(session, FIRST, "phone-turn-0001")
    assert session.apply(body) is True
    assert session.apply(body) is False  # the answer was lost: sent again, not done again
    assert turns_in(path) == 1 and session.version == 2
    assert Receipts.path_of(path).exists()


def test_an_undo_sent_twice_takes_back_one_turn(tmp_path: Path) -> None:
    path = tmp_path / "game.palago"
    session = Session.open(path)
    act(session, NEW_PALAGO)
    act(session, FIRST)
    act(session, SECOND)
    undo = sent(session, {"type": "undo"}, "phone-undo-0001")
    assert session.apply(undo) and not session.apply(undo)
    assert turns_in(path) == 1


def test_after_a_restart_a_turn_sent_again_is_recorded_once(tmp_path: Path) -> None:
    """The server saved the turn and stopped before answering; the restarted server knows the
    id from the receipts beside the record."""
    path = tmp_path / "game.palago"
    session = Session.open(path, lock=True)
    act(session, NEW_PALAGO)
    body = sent(session, FIRST, "phone-turn-0002")
    session.apply(body)
    session.close()
    again = Session.open(path, lock=True)
    assert again.instance != body["instance"] and again.version == 0
    assert again.apply(body) is False
    assert turns_in(path) == 1
    state = table_state(again)
    assert state["at"] == again.key != body["at"]
    again.close()


def test_after_a_restart_a_turn_the_server_never_got_is_recorded_once(tmp_path: Path) -> None:
    path = tmp_path / "game.palago"
    session = Session.open(path, lock=True)
    act(session, NEW_PALAGO)
    act(session, FIRST)
    body = sent(session, SECOND, "phone-turn-0003")  # the server died before it arrived
    session.close()
    again = Session.open(path, lock=True)
    assert again.key == body["at"]  # the game read back is the game the page was shown
    assert again.apply(body) is True
    assert again.apply(body) is False
    assert turns_in(path) == 2
    again.close()


def test_a_server_stopped_between_the_receipt_and_the_record(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The receipt is written first; the record's write fails (the server would have died
    there): the turn is not in the record, and sent again it is recorded once."""
    from palago_tools.table import record_file as module

    path = tmp_path / "game.palago"
    session = Session.open(path)
    act(session, NEW_PALAGO)
    body = sent(session, FIRST, "phone-turn-0004")

    def died(target: object, data: bytes) -> None:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(module, "atomic_write", died)
    with pytest.raises(TableError, match="not recorded"):
        session.apply(body)
    monkeypatch.undo()
    assert Receipts.path_of(path).exists() and turns_in(path) == 0
    restarted = Session.open(path)
    assert restarted.apply(body) is True and restarted.apply(body) is False
    assert turns_in(path) == 1


def test_a_change_from_an_older_game_is_stale_even_after_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "game.palago"
    session = Session.open(path)
    act(session, NEW_PALAGO)
    old = sent(session, FIRST, "phone-turn-0005")
    act(session, {"type": "turn", "tiles": ["0,0R", "1,0L"]})  # another device was quicker
    with pytest.raises(Stale, match="changed on another device"):
        session.apply(old)
    restarted = Session.open(path)
    with pytest.raises(Stale, match="no longer the one this was entered on"):
        restarted.apply(old)
    assert turns_in(path) == 1


def test_a_page_of_the_earlier_server_enters_a_turn_on_the_same_game(tmp_path: Path) -> None:
    """No id (a page loaded before the change): its ``at`` is enough, its version is not."""
    path = tmp_path / "game.palago"
    session = Session.open(path)
    act(session, NEW_PALAGO)
    body = sent(session, FIRST, "x" * 8)
    del body["id"]
    restarted = Session.open(path)
    assert restarted.apply(body) is True
    with pytest.raises(Stale):
        restarted.apply(body)
    assert turns_in(path) == 1


def test_palagonia_roll_off_and_start_sent_again(tmp_path: Path) -> None:
    path = tmp_path / "game.palagonia"
    session = Session.open(path)
    act(session, NEW_PALAGONIA)
    actions = palagonia_actions(palagonia_record())
    for number, action in enumerate(actions):
        body = sent(session, action, f"phone-{number:04d}")
        assert session.apply(body) is True
        restarted = Session.open(path)  # every change sent again to a restarted server
        assert restarted.apply(body) is False
        session = restarted
    assert turns_in(path) == len(palagonia_record().turns)


def test_ids_are_checked_and_the_last_ones_kept(tmp_path: Path) -> None:
    session = Session.open(tmp_path / "game.palago")
    act(session, NEW_PALAGO)
    for bad in ("short", "with space in it", 17, "é" * 10):
        with pytest.raises(BadAction, match="id is 8 to 64"):
            session.apply(sent(session, FIRST, bad))  # type: ignore[arg-type]
    receipts = Receipts()
    from palago_tools.table.receipts import Receipt

    for n in range(KEPT + 5):
        receipts.keep(Receipt(f"id-{n:06d}", "a"))
    assert receipts.find("id-000000") is None and receipts.find(f"id-{KEPT + 4:06d}") is not None


def test_the_game_key_is_the_same_for_the_record_read_back(tmp_path: Path) -> None:
    path = tmp_path / "game.palagonia"
    session = Session.open(path)
    act(session, NEW_PALAGONIA)
    keys = {session.key}
    for action in palagonia_actions(palagonia_record()):
        act(session, action)
        assert Session.open(path).key == session.key
        keys.add(session.key)
    assert len(keys) == len(palagonia_actions(palagonia_record())) + 1
    assert game_key(None) == ""


def test_the_game_key_of_a_game_stays_the_same_from_one_version_to_the_next() -> None:
    # The keys are saved in .NAME.sent and shown to pages: they are made of the notation's own
    # words, so rewording what the page says of a turn keeps the keys a server saved valid.
    assert game_key(palagonia_record()) == "effec24f91157de3d886"
    assert game_key(palago_record()) == "327ed57f04ce364546e9"
