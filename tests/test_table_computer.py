"""Playing against the computer at the table: the set-up, the record's tags, the engine's turn
played through the session's turn path, undo of a turn and its reply, a server killed on the
computer's turn, two clients, a page that keeps being answered while the engine thinks, and
``palago serve --engine``. Level 1 unless a test is about the time a level takes."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from palago_tools.core.tiles import Colour
from palago_tools.engine import Engine
from palago_tools.notation import records as rec
from palago_tools.replays.game import play_turns, start_replay
from palago_tools.rules import palago as pg
from palago_tools.table.actions import BadAction, Refused
from palago_tools.table.computer import computer_of, computer_turn
from palago_tools.table.session import Session
from palago_tools.table.state import table_state

from .table_support import TODAY, act, post, replayed_report, run_serve, saved, serving

VS_BLUE = {"type": "new", "kind": "Palago", "names": ["Dóra", ""], "computer": "blue", "level": 1}
"""Dóra (Yellow) against the computer at level 1."""


def live_game(record: rec.PalagoGame) -> pg.Palago:
    report, game = start_replay(record)
    assert isinstance(game, pg.Palago)
    assert play_turns(record, game, report, record.turns)
    return game


def a_human_turn(record: rec.PalagoGame) -> list[str]:
    """A legal turn for the human: the first of two tiles that does not end the game, else the
    first legal turn."""
    turns = list(live_game(record).board.legal_turns())
    for turn in turns:
        game = live_game(record)
        game.play(turn)
        if len(turn) == 2 and not game.over:
            return [t.token for t in turn]
    return [t.token for t in turns[0]]


def test_the_record_names_the_computer_and_its_reply_is_a_rules_turn(tmp_path: Path) -> None:
    path = tmp_path / "game.palago"
    session = Session.open(path)
    act(session, VS_BLUE)
    assert session.computer is not None and session.computer.colour is Colour.BLUE
    assert not session.thinking  # Yellow (Dóra) starts
    act(session, {"type": "turn", "tiles": ["0,0R", "0,1L"]})
    session.thinker.settle()
    record = saved(path, rec.PalagoGame)
    assert (record.yellow, record.blue) == ("Dóra", "palago-tools engine level 1")
    text = path.read_text(encoding="utf-8")
    assert '[Blue "palago-tools engine level 1"]' in text and f'[Date "{TODAY}"]' in text
    # The reply is the engine's own turn for that position, and the file replays.
    assert len(record.turns) == 2 and session.version == 3
    before = rec.PalagoGame(turns=record.turns[:1], yellow="Dóra", blue=record.blue)
    assert record.turns[1].tiles == computer_turn(before, 1)
    assert replayed_report(path)["error"] is None
    state = table_state(session)
    assert state["status"] == "Turn 3: Yellow (Dóra) places two tiles" and not state["thinking"]
    assert state["computer"] == {"colour": "blue", "level": 1, "name": record.blue}
    assert [m["player"] for m in state["moves"]] == [
        "Yellow (Dóra)",
        "Blue (palago-tools engine level 1)",
    ]
    assert state["players"][1] == {
        "seat": 1,
        "name": "palago-tools engine level 1",
        "colour": "blue",
        "computer": True,
    }
    assert session.outcome.text.startswith("Blue (palago-tools engine level 1): 2. ")


def test_undo_takes_back_the_turn_and_the_reply_and_redo_puts_both_back(tmp_path: Path) -> None:
    path = tmp_path / "game.palago"
    session = Session.open(path)
    act(session, VS_BLUE)
    act(session, {"type": "turn", "tiles": ["0,0R", "0,1L"]})
    session.thinker.settle()
    act(session, {"type": "turn", "tiles": a_human_turn(session.record)})  # type: ignore[arg-type]
    session.thinker.settle()
    four = saved(path, rec.PalagoGame)
    assert len(four.turns) == 4
    assert table_state(session)["undo_label"] == "turns 3 and 4"
    act(session, {"type": "undo"})
    assert saved(path, rec.PalagoGame).turns == four.turns[:2]
    assert session.outcome.text == "Took back turns 3 and 4; Redo puts them back"
    assert not session.thinking and table_state(session)["status"].startswith("Turn 3: Yellow")
    act(session, {"type": "redo"})
    assert saved(path, rec.PalagoGame).turns == four.turns and not session.thinking
    assert session.outcome.text.startswith("Put back turns 3 and 4")
    # Back to the start: then nothing is left to take back.
    act(session, {"type": "undo"})
    act(session, {"type": "undo"})
    assert saved(path, rec.PalagoGame).turns == () and not table_state(session)["can_undo"]


def test_undo_while_the_computer_thinks_takes_back_the_turn_and_stops_it(tmp_path: Path) -> None:
    session = Session.open(tmp_path / "game.palago")
    act(session, VS_BLUE)
    session.thinker.stop()  # the thread is kept from playing: the computer stays "thinking"
    act(session, {"type": "turn", "tiles": ["0,0R", "0,1L"]})
    assert session.thinking and table_state(session)["status"] == (
        "Turn 2: Blue (palago-tools engine level 1) is thinking…"
    )
    assert table_state(session)["board"].count('class="hit target') == 0  # nothing to tap
    with pytest.raises(
        Refused, match=r"it is the computer's turn \(Blue \(palago-tools engine level 1\)\)"
    ) as refused:
        act(session, {"type": "turn", "tiles": ["1,0R", "1,1L"]})
    assert refused.value.rule == "computer-turn"
    assert table_state(session)["undo_label"] == "turn 1"
    act(session, {"type": "undo"})
    assert session.record is not None and session.record.turns == () and not session.thinking


def test_the_computer_as_yellow_moves_first_and_its_first_turn_cannot_be_undone(
    tmp_path: Path,
) -> None:
    path = tmp_path / "game.palago"
    session = Session.open(path)
    act(session, {**VS_BLUE, "names": ["", "Ivan"], "computer": "yellow", "level": 2})
    session.thinker.settle()
    record = saved(path, rec.PalagoGame)
    assert (record.yellow, record.blue) == ("palago-tools engine level 2", "Ivan")
    assert len(record.turns) == 1 and not session.thinking
    with pytest.raises(Refused, match="no turn of yours to take back"):
        act(session, {"type": "undo"})
    assert table_state(session)["can_undo"] is False


def test_a_new_game_against_the_computer_names_the_human_player(tmp_path: Path) -> None:
    session = Session.open(tmp_path / "game.palago")
    act(session, {**VS_BLUE, "names": ["", ""], "level": 5})
    assert session.record is not None
    assert (session.record.yellow, session.record.blue) == ("Player", "palago-tools engine level 5")


@pytest.mark.parametrize(
    ("change", "error", "words"),
    [
        (
            {"kind": "Palagonia", "names": ["A", "B", "C"]},
            BadAction,
            "a Palagonia game names its computer seats in computers",
        ),
        ({"level": 9}, BadAction, "the computer's level is 1 to 5, not 9"),
        ({"level": True}, BadAction, "'level' must be a whole number"),
        ({"computer": "red"}, BadAction, "the computer plays yellow or blue, not 'red'"),
        ({"computer": None}, BadAction, "a level is for the computer"),
        (
            {"computer": None, "level": None, "names": ["palago-tools engine level 3", "Ivan"]},
            Refused,
            "that name is the computer's",
        ),
    ],
)
def test_bad_set_ups_are_refused_and_nothing_is_written(
    tmp_path: Path, change: dict[str, Any], error: type[Exception], words: str
) -> None:
    path = tmp_path / "game.palago"
    session = Session.open(path)
    action = {k: v for k, v in {**VS_BLUE, **change}.items() if v is not None}
    with pytest.raises(error, match=words):
        act(session, action)
    assert not path.exists() and session.record is None


def test_a_whole_game_against_level_1_every_turn_a_rules_turn(tmp_path: Path) -> None:
    path = tmp_path / "game.palago"
    session = Session.open(path)
    act(session, VS_BLUE)
    while not session.over:
        assert isinstance(session.record, rec.PalagoGame)
        act(session, {"type": "turn", "tiles": a_human_turn(session.record)})
        session.thinker.settle()
        assert not session.thinking
    record = saved(path, rec.PalagoGame)
    assert record.result is not rec.PalagoResult.UNFINISHED
    report = replayed_report(path)
    assert report["error"] is None and report["turns"] == len(record.turns) and report["game_over"]
    assert computer_of(record) is not None and session.result_text() != ""


# --- Over HTTP, against a real palago serve ------------------------------------------------


def wait_for(client: httpx.Client, test: Any, seconds: float = 120) -> dict[str, Any]:
    """The first state that passes ``test``; after ``seconds`` the server is taken to hang (a
    guard against a test that never ends, far above any time the engine takes)."""
    deadline = time.monotonic() + seconds
    while True:
        state: dict[str, Any] = client.get("api/state").json()
        if test(state):
            return state
        assert time.monotonic() < deadline, state["status"]
        time.sleep(0.05)


def test_engine_on_the_command_line_starts_the_game_and_the_reply_comes_over_http(
    tmp_path: Path,
) -> None:
    path = tmp_path / "game.palago"
    with (
        serving(path, "--engine", "blue", "--level", "1") as server,
        server.client() as one,
        server.client() as two,
    ):
        state = one.get("api/state").json()
        assert state["phase"] == "turn" and state["computer"]["level"] == 1
        assert (
            state["players"][0]["name"] == "Player"
            and state["computer_default"] == state["computer"]
        )
        answer = post(one, {"type": "turn", "tiles": ["0,0R", "0,1L"]})
        assert answer.status_code == 200
        assert answer.json()["thinking"] is True  # the answer comes before the computer's turn
        assert answer.json()["status"] == "Turn 2: Blue (palago-tools engine level 1) is thinking…"
        refused = post(one, {"type": "turn", "tiles": ["1,0R", "1,1L"]})
        # Refused while the computer thinks (422), or as stale when it played between the
        # version read and the post (409); when it played before both, the turn is Yellow's
        # third, and the computer answers that one too.
        if refused.status_code == 422:
            assert refused.json()["rule"] == "computer-turn"
        assert refused.status_code in (200, 409, 422)
        turns = 4 if refused.status_code == 200 else 2
        after = wait_for(one, lambda s: len(s["moves"]) == turns and not s["thinking"])
        assert after["version"] >= answer.json()["version"] + turns - 1
        assert two.get("api/state").json() == after  # the second device sees the same game
    record = saved(path, rec.PalagoGame)
    assert (record.yellow, record.blue) == ("Player", "palago-tools engine level 1")
    assert len(record.turns) == turns


def test_a_server_killed_on_the_computer_s_turn_plays_it_when_restarted(tmp_path: Path) -> None:
    path = tmp_path / "game.palago"
    path.write_text(
        f'[Kind "Palago"]\n[Date "{TODAY}"]\n'
        '[Yellow "palago-tools engine level 1"]\n[Blue "Ivan"]\n'
        '[First "Blue"]\n[Result "*"]\n\n1. 0,0R 0,1L *\n',
        encoding="utf-8",
    )
    with serving(path) as server, server.client() as client:
        state = wait_for(client, lambda s: len(s["moves"]) == 2)
        assert state["status"] == "Turn 3: Blue (Ivan) places two tiles"
        post(client, {"type": "turn", "tiles": a_human_turn(saved(path, rec.PalagoGame))})
        wait_for(client, lambda s: len(s["moves"]) == 4)
        server.kill()
    record = saved(path, rec.PalagoGame)
    assert len(record.turns) == 4 and record.first is Colour.BLUE
    with serving(path) as server, server.client() as client:  # restarted: Ivan's turn, no reply
        assert len(client.get("api/state").json()["moves"]) == 4
        assert "Continued: the last turn was 4" in client.get("api/state").json()["outcome"]["text"]
    assert saved(path, rec.PalagoGame).turns == record.turns


def test_the_page_is_answered_while_the_strongest_level_thinks(tmp_path: Path) -> None:
    """Level 5 thinks in a thread of its own: meanwhile the state and the version keep being
    answered, each answer consistent (thinking while the reply is still to come). How long the
    answers take is printed here and measured by benchmarks/serve.py, not asserted."""
    path = tmp_path / "game.palago"
    with serving(path, "--engine", "blue", "--level", "5") as server, server.client() as client:
        post(client, {"type": "turn", "tiles": ["0,0R", "0,1L"]})
        post(client, {"type": "turn", "tiles": []})  # a 422 or a 409: nothing changes
        longest, answers, started = 0.0, 0, time.monotonic()
        while True:
            sent = time.monotonic()
            state = client.get("api/state").json()
            longest = max(longest, time.monotonic() - sent)
            if len(state["moves"]) == 2:
                break
            assert len(state["moves"]) == 1 and state["thinking"], state["status"]
            answers += 1
            time.sleep(0.01)
        took = time.monotonic() - started
    print(f"level 5 reply {took:.2f} s; {answers} answers meanwhile, the longest {longest:.3f} s")
    assert len(saved(path, rec.PalagoGame).turns) == 2


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--level", "2"], "--level only works with --engine"),
        (["--engine", "green"], "--engine is yellow or blue (the computer's colour), not 'green'"),
        (["--engine", "blue", "--level", "7"], "--level is 1 to 5, not 7"),
        (
            ["--engine", "yellow", "--level", "1"],
            "holds another game; --engine yellow --level 1 starts a new one",
        ),
    ],
)
def test_engine_options_that_do_not_fit_exit_2(tmp_path: Path, args: list[str], words: str) -> None:
    path = tmp_path / "game.palago"
    session = Session.open(path)
    act(session, VS_BLUE)
    before = path.read_text(encoding="utf-8")
    done = run_serve(str(path), *args, cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    assert words in done.stderr and "Traceback" not in done.stderr
    assert path.read_text(encoding="utf-8") == before


def test_the_engine_used_is_the_engine_s_public_player() -> None:
    record = rec.PalagoGame(turns=(), yellow="Dóra", blue=Engine(1).name)
    assert computer_turn(record, 1) == Engine(1, 0).choose(pg.Palago()).turn


def test_an_engine_that_fails_is_said_and_undo_lets_the_game_go_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from palago_tools.table import computer

    def broken(record: rec.PalagoGame, level: int) -> tuple[()]:
        raise RuntimeError("out of memory")

    monkeypatch.setattr(computer, "computer_turn", broken)
    path = tmp_path / "game.palago"
    session = Session.open(path)
    act(session, VS_BLUE)
    act(session, {"type": "turn", "tiles": ["0,0R", "0,1L"]})
    session.thinker.settle()
    state = table_state(session)
    assert state["status"] == (
        "Turn 2: Blue (palago-tools engine level 1) could not play: the engine failed: "
        "RuntimeError: out of memory"
    )
    assert (
        not state["thinking"]
        and session.version == 3
        and len(saved(path, rec.PalagoGame).turns) == 1
    )
    with pytest.raises(
        Refused, match="it failed: the engine failed.*; undo your turn to try again"
    ):
        act(session, {"type": "turn", "tiles": ["1,0R", "1,1L"]})
    act(session, {"type": "undo"})
    monkeypatch.undo()
    act(session, {"type": "turn", "tiles": ["0,0R", "0,1L"]})
    session.thinker.settle()
    assert len(saved(path, rec.PalagoGame).turns) == 2 and table_state(session)[
        "status"
    ].startswith("Turn 3: ")
