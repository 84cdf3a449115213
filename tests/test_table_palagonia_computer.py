"""Palagonia computer seats at the table: the set-up and the record's names, the dice entered for
the computer (``roll``), its turn played by itself through the session's turn path with what it
did and why, undo of a person's turn with the computer's turns after it and redo, a server
restarted on the computer's start, whole games replayed, and ``palago serve --computer-seats``."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from palago_tools.core.hexgrid import cell_text
from palago_tools.engine.palagonia import PalagoniaPlayer, seat_name
from palago_tools.notation import records as rec
from palago_tools.rules import palagonia as pn
from palago_tools.table.actions import BadAction, Refused
from palago_tools.table.computer import (
    computer_seats,
    computer_seats_text,
    palagonia_turn,
    parse_computer_seats,
)
from palago_tools.table.session import Session
from palago_tools.table.state import table_state

from .table_support import act, post, replayed_report, run_serve, saved, serving

WITH_LEVEL2 = {
    "type": "new",
    "kind": "Palagonia",
    "names": ["Anna", "Ben", ""],
    "computers": [None, None, "level2"],
}
"""Anna and Ben, and the computer at level2 in seat 3."""


def human_turn(session: Session, roll: tuple[pn.Die, pn.Die]) -> dict[str, Any]:
    """The greedy player's turn for ``roll`` as the page sends it."""
    assert isinstance(session.game, pn.Palagonia)
    choice = PalagoniaPlayer("greedy").choose(session.game, roll)
    body: dict[str, Any] = {
        "type": "turn",
        "roll": [roll[0].value, roll[1].value],
        "die": None if choice.die is None else choice.die.value,
    }
    action = choice.action
    if isinstance(action, pn.PlaceAction):
        body["place"] = [t.token for t in action.tiles]
    elif isinstance(action, pn.RemoveAction):
        body["remove"] = cell_text(action.cell)
    elif isinstance(action, pn.RotateAction):
        body["rotate"] = cell_text(action.cell) + action.orientation.value
    else:
        body["pass"] = True
    return body


def started(path: Path, new: dict[str, Any] = WITH_LEVEL2, faces: tuple[str, ...] = ()) -> Session:
    """A session whose game has started: the computer in the last seat wins the roll-off
    (or ``faces`` decide) and its start tiles are placed by itself."""
    session = Session.open(path)
    act(session, new)
    players = len(new["names"])
    act(session, {"type": "rolloff", "faces": list(faces or ["2"] * (players - 1) + ["5"])})
    session.thinker.settle()
    return session


def test_the_record_names_each_computer_seat_and_a_player_twice_by_its_seat(
    tmp_path: Path,
) -> None:
    path = tmp_path / "game.palago"
    session = Session.open(path)
    act(
        session,
        {
            "type": "new",
            "kind": "Palagonia",
            "names": ["Anna", "", "", "Ben"],
            "computers": ["", "greedy", "greedy", None],
        },
    )
    record = session.record
    names = ("Anna", "palago-tools palagonia greedy (seat 2)")
    assert record is not None
    assert record.players == (*names, "palago-tools palagonia greedy (seat 3)", "Ben")
    assert computer_seats(record) == {1: "greedy", 2: "greedy"}
    assert [p["computer"] for p in table_state(session)["players"]] == [False, True, True, False]
    # The score table heads a computer's column with its player in words, in the page's language.
    labels = ["Anna", "computer greedy", "computer greedy", "Ben"]
    assert table_state(session)["scores"]["labels"] == labels
    ru = ["Anna", "компьютер greedy", "компьютер greedy", "Ben"]
    assert table_state(session, lang="RU")["scores"]["labels"] == ru
    assert table_state(session)["scores"]["names"] == list(record.players)
    assert seat_name("level2", 2) == "palago-tools palagonia level2"


def test_the_computer_starts_by_itself_and_plays_the_dice_entered_for_it(tmp_path: Path) -> None:
    path = tmp_path / "game.palago"
    session = started(path)
    record = saved(path, rec.PalagoniaGame)
    assert record.players[2] == "palago-tools palagonia level2" and len(record.turns) == 1
    assert table_state(session)["outcome"]["text"].startswith(
        "0. palago-tools palagonia level2 starts: "
    )
    act(session, human_turn(session, (pn.Die.TWO, pn.Die.THREE)))
    act(session, human_turn(session, (pn.Die.FOUR, pn.Die.FIVE)))
    state = table_state(session)
    assert state["computer_roll"] and state["computer_to_move"] and not state["thinking"]
    assert state["status"].startswith("Turn 3: roll the two dice for palago-tools palagonia")
    # Nobody plays the computer's turn for it; its dice are entered once.
    with pytest.raises(Refused, match="computer's turn .*enter the dice rolled for it"):
        act(session, human_turn(session, (pn.Die.TWO, pn.Die.THREE)))
    before = saved(path, rec.PalagoniaGame)
    act(session, {"type": "roll", "roll": ["3", "4"]})
    session.thinker.settle()
    record = saved(path, rec.PalagoniaGame)
    turn = record.turns[-1]
    assert len(record.turns) == 4 and turn.roll.faces == (pn.Die.THREE, pn.Die.FOUR)
    choice = palagonia_turn(before, "level2", (pn.Die.THREE, pn.Die.FOUR))
    assert choice.die is not None and turn.chosen is choice.die
    text = table_state(session)["outcome"]["text"]
    assert text.startswith(f"3. palago-tools palagonia level2: took the {choice.die.value}: ")
    assert choice.why.replace("creature", "Pala-creature") in text
    with pytest.raises(Refused, match="for the computer's turn only"):
        act(session, {"type": "roll", "roll": ["3", "4"]})


def test_the_computer_s_words_come_before_the_points_it_scored(tmp_path: Path) -> None:
    session = started(tmp_path / "game.palago")
    act(session, human_turn(session, (pn.Die.THREE, pn.Die.REMOVE)))
    act(session, human_turn(session, (pn.Die.REMOVE, pn.Die.THREE)))
    act(session, {"type": "roll", "roll": ["4", "x"]})
    session.thinker.settle()
    assert table_state(session)["outcome"]["text"] == (
        "3. palago-tools palagonia level2: took the 4: closed a 3-point Pala-creature with Ben"
        " — palago-tools palagonia level2 +3, Ben +3"
    )


def test_dice_sent_again_for_the_computer_are_entered_once(tmp_path: Path) -> None:
    session = started(tmp_path / "game.palago")
    session.thinker.stop()  # the computer's turn stays to be played: only the dice matter here
    act(session, human_turn(session, (pn.Die.TWO, pn.Die.THREE)))
    act(session, human_turn(session, (pn.Die.FOUR, pn.Die.FIVE)))
    sent = {"type": "roll", "roll": ["3", "4"], "id": "roll-sent-once", "at": session.key}
    assert session.apply({**sent, "version": session.version, "instance": session.instance})
    version = session.version
    assert not session.apply({**sent, "version": 0, "instance": session.instance})
    assert session.version == version and table_state(session)["status"].endswith(
        "rolled 3 and 4 and is thinking…"
    )
    session.close()
    again = Session.open(tmp_path / "game.palago")  # the dice were in the old server's memory
    again.thinker.stop()
    assert table_state(again)["computer_roll"]
    assert again.apply({**sent, "version": 0, "instance": session.instance})
    state = table_state(again)
    assert not state["computer_roll"] and state["status"].endswith(
        "rolled 3 and 4 and is thinking…"
    )
    assert not again.apply({**sent, "version": 0, "instance": session.instance})


@pytest.mark.parametrize(
    ("roll", "error", "words"),
    [
        (["3"], BadAction, "a turn rolls two dice, not 1"),
        (["3", "7"], BadAction, "a die shows one of 2 3 4 5 x @, not '7'"),
    ],
)
def test_bad_dice_for_the_computer_are_refused(
    tmp_path: Path, roll: list[str], error: type[Exception], words: str
) -> None:
    session = started(tmp_path / "game.palago")
    act(session, human_turn(session, (pn.Die.TWO, pn.Die.THREE)))
    act(session, human_turn(session, (pn.Die.FOUR, pn.Die.FIVE)))
    with pytest.raises(error, match=words):
        act(session, {"type": "roll", "roll": roll})
    assert table_state(session)["computer_roll"]


def test_undo_takes_back_a_person_s_turn_and_the_computer_s_and_redo_puts_both_back(
    tmp_path: Path,
) -> None:
    path = tmp_path / "game.palago"
    session = started(path)
    act(session, human_turn(session, (pn.Die.TWO, pn.Die.THREE)))
    act(session, human_turn(session, (pn.Die.FOUR, pn.Die.FIVE)))
    act(session, {"type": "roll", "roll": ["2", "5"]})
    session.thinker.settle()
    after = saved(path, rec.PalagoniaGame)
    assert table_state(session)["undo_label"] == "turns 2 and 3"
    act(session, {"type": "undo"})
    assert len(saved(path, rec.PalagoniaGame).turns) == 2 and session.history.undone
    assert table_state(session)["outcome"]["text"].startswith("Took back turns 2 and 3")
    act(session, {"type": "redo"})
    assert saved(path, rec.PalagoniaGame) == after
    assert table_state(session)["outcome"]["text"].startswith("Put back turns 2 and 3")
    # Undo while the computer waits for its dice takes back the person's turn (and the dice).
    act(session, {"type": "undo"})
    act(session, human_turn(session, (pn.Die.FOUR, pn.Die.FIVE)))
    act(session, {"type": "undo"})
    assert (
        len(saved(path, rec.PalagoniaGame).turns) == 2 and not table_state(session)["computer_roll"]
    )


def test_only_the_computer_s_turns_cannot_be_undone(tmp_path: Path) -> None:
    session = started(tmp_path / "game.palago")
    assert session.undo_count == 0 and not table_state(session)["can_undo"]
    with pytest.raises(Refused, match="the computer's turns are all there is"):
        act(session, {"type": "undo"})


def test_a_server_restarted_before_the_computer_s_start_places_it(tmp_path: Path) -> None:
    path = tmp_path / "game.palago"
    session = Session.open(path)
    session.thinker.stop()  # the server goes away before the computer plays
    act(session, WITH_LEVEL2)
    act(session, {"type": "rolloff", "faces": ["2", "3", "5"]})
    assert not path.exists()  # the roll-off is in the start journal
    session.close()
    again = Session.open(path)
    again.thinker.settle()
    assert (
        len(saved(path, rec.PalagoniaGame).turns) == 1
        and saved(path, rec.PalagoniaGame).turns[0].is_start
    )
    again.close()


@pytest.mark.parametrize(
    ("change", "error", "words"),
    [
        ({"computers": [None, "level2"]}, BadAction, "one entry per seat \\(3\\), not 2"),
        ({"computers": [None, None, "level9"]}, BadAction, "seat 3's computer is one of random"),
        (
            {"names": ["Anna", "palago-tools palagonia level2", "C"], "computers": None},
            Refused,
            "that name is the computer's",
        ),
        (
            {"kind": "Palago", "names": ["A", "B"], "computers": [None, "greedy"]},
            BadAction,
            "computers names Palagonia seats",
        ),
    ],
)
def test_bad_computer_seats_are_refused_and_nothing_is_written(
    tmp_path: Path, change: dict[str, Any], error: type[Exception], words: str
) -> None:
    path = tmp_path / "game.palago"
    session = Session.open(path)
    action = {k: v for k, v in {**WITH_LEVEL2, **change}.items() if v is not None}
    with pytest.raises(error, match=words):
        act(session, action)
    assert not path.exists() and session.record is None


def test_a_whole_game_of_two_people_and_two_computers_replays(tmp_path: Path) -> None:
    path = tmp_path / "game.palago"
    new = {
        "type": "new",
        "kind": "Palagonia",
        "names": ["Anna", "", "Ben", ""],
        "computers": [None, "level1", None, "greedy"],
        "tiles": 30,
    }
    session = started(path, new, ("2", "5", "3", "4"))
    rng = random.Random(7)
    while not session.over:
        roll = (rng.choice(pn.FACES), rng.choice(pn.FACES))
        if table_state(session)["computer_roll"]:
            act(session, {"type": "roll", "roll": [roll[0].value, roll[1].value]})
            session.thinker.settle()
            assert not session.thinking and not session.computer_problem
        else:
            act(session, human_turn(session, roll))
    record = saved(path, rec.PalagoniaGame)
    assert record.scores is not None
    report = replayed_report(path)
    assert report["error"] is None and report["game_over"]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--computer-seats", "3"], "--computer-seats is SEAT:PLAYER,... with seats 1 to 10"),
        (
            ["--computer-seats", "11:greedy"],
            "with seats 1 to 10 (2:level2,3:greedy), not '11:greedy'",
        ),
        (["--computer-seats", "2:level3"], "the players are random, greedy, level1, level2"),
        (["--computer-seats", "2:greedy,2:level1"], "names seat 2 twice"),
        (["--computer-seats", "2:greedy", "--engine", "blue"], "--engine is for Palago"),
        (["--computer-seats", "2:greedy"], "holds another game; --computer-seats 2:greedy"),
    ],
)
def test_computer_seats_that_do_not_fit_exit_2(tmp_path: Path, args: list[str], words: str) -> None:
    path = tmp_path / "game.palago"
    started(path).close()
    before = path.read_text(encoding="utf-8")
    done = run_serve(str(path), *args, cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    assert words in done.stderr and "Traceback" not in done.stderr
    assert path.read_text(encoding="utf-8") == before


def test_computer_seats_are_read_and_written_seat_by_seat() -> None:
    seats = parse_computer_seats("3:greedy, 2:level2")
    assert seats == {2: "greedy", 1: "level2"}
    assert computer_seats_text(seats) == "2:level2,3:greedy"
    assert parse_computer_seats(computer_seats_text(seats)) == seats


def test_computer_seats_on_the_command_line_are_offered_and_a_game_continues(
    tmp_path: Path,
) -> None:
    path = tmp_path / "game.palago"
    with serving(path, "--computer-seats", "3:level2") as server, server.client() as client:
        state = client.get("api/state").json()
        assert state["phase"] == "setup" and state["computer_seats_default"] == {"2": "level2"}
        assert post(client, WITH_LEVEL2).status_code == 200
    with serving(path, "--computer-seats", "3:level2") as server, server.client() as client:
        state = client.get("api/state").json()
        assert state["players"][2] == {
            "seat": 2,
            "name": "palago-tools palagonia level2",
            "colour": None,
            "computer": True,
        }
