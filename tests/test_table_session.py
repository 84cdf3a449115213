"""The table's game session without HTTP: turns checked by the rules, versions, undo, the record
file rewritten after every turn and continued by a new session, and the page's state."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from palago_tools.core.position import Position
from palago_tools.diagram import Diagram, Mark, MarkShape, Options, View, compile_diagram
from palago_tools.drawing.primitives import Circle
from palago_tools.notation import PalagoniaGame, parse_file, write
from palago_tools.replays.game import replay
from palago_tools.table.actions import BadAction, Refused, Stale, TableError
from palago_tools.table.board import board_svg, layout
from palago_tools.table.exports import export
from palago_tools.table.session import Session
from palago_tools.table.state import preview, table_state

from .table_support import (
    NEW_PALAGO,
    NEW_PALAGONIA,
    act,
    palago_record,
    palago_text,
    palago_turns,
    palagonia_actions,
    palagonia_record,
    palagonia_text,
)


def new_palago(path: Path) -> Session:
    session = Session.open(path)
    act(session, NEW_PALAGO)
    return session


def test_a_whole_palago_game_writes_the_expected_record(tmp_path: Path) -> None:
    path = tmp_path / "game.palago"
    session = new_palago(path)
    for number, tiles in enumerate(palago_turns(palago_record()), start=1):
        act(session, {"type": "turn", "tiles": tiles})
        saved = parse_file(path).records[0]
        assert len(saved.turns) == number  # type: ignore[union-attr]
    assert path.read_text(encoding="utf-8") == palago_text()
    state = table_state(session)
    assert state["phase"] == "over" and state["over"]
    assert state["result"] == (
        "Yellow (Dóra) won in turn 7: Yellow's tile 1,-2D completed a yellow creature"
    )
    assert state["outcome"]["creatures"] == ["yellow Pala-creature of 5 tiles: 1 outer shell = 1"]
    with pytest.raises(Refused, match="the game is over"):
        act(session, {"type": "turn", "tiles": ["5,5R"]})


def test_a_new_session_on_the_file_continues_the_game(tmp_path: Path) -> None:
    path = tmp_path / "game.palago"
    turns = palago_turns(palago_record())
    session = new_palago(path)
    for tiles in turns[:3]:
        act(session, {"type": "turn", "tiles": tiles})
    again = Session.open(path)
    assert again.record == session.record
    assert table_state(again)["status"] == "Turn 4: Blue (Ivan) places two tiles"
    for tiles in turns[3:]:
        act(again, {"type": "turn", "tiles": tiles})
    assert path.read_text(encoding="utf-8") == palago_text()


def test_an_illegal_turn_is_refused_with_the_rule_and_changes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "game.palago"
    session = new_palago(path)
    act(session, {"type": "turn", "tiles": ["0,0L", "-1,0R"]})
    before, version = path.read_bytes(), session.version
    cases = [
        (["0,0R", "0,1R"], "occupied", "0,0R: cell 0,0 already holds a tile"),
        (["3,3R", "3,4R"], "touch-palago", "tiles 3,3R 3,4R do not touch the palago"),
        (
            ["0,1R"],
            "two-tiles",
            "a turn lays two tiles, one alone only when it completes a creature",
        ),
        (["0,1R", "2,2R"], "touch-each-other", "does not touch the other tile placed this turn"),
    ]
    for tiles, rule, words in cases:
        with pytest.raises(Refused, match=words) as caught:
            act(session, {"type": "turn", "tiles": tiles})
        assert caught.value.rule == rule
    assert path.read_bytes() == before and session.version == version
    act(session, {"type": "turn", "tiles": ["0,1R", "-1,1D"]})  # the game goes on


def test_a_stale_action_is_refused_and_never_applied_twice(tmp_path: Path) -> None:
    session = new_palago(tmp_path / "game.palago")
    seen = {"version": session.version, "instance": session.instance}
    session.apply({"type": "turn", "tiles": ["0,0L", "-1,0R"], **seen})
    with pytest.raises(Stale, match="changed on another device") as stale:
        session.apply({"type": "turn", "tiles": ["0,1R", "-1,1D"], **seen})
    assert not any(c.isdigit() for c in str(stale.value))  # no internal version numbers
    with pytest.raises(Stale, match="restarted"):
        session.apply({"type": "undo", "version": session.version, "instance": "0123456789ab"})
    assert len(session.record.turns) == 1  # type: ignore[union-attr]


def test_undo_takes_back_the_last_turn_and_the_result(tmp_path: Path) -> None:
    path = tmp_path / "game.palago"
    session = new_palago(path)
    for tiles in palago_turns(palago_record()):
        act(session, {"type": "turn", "tiles": tiles})
    act(session, {"type": "undo"})
    text = path.read_text(encoding="utf-8")
    assert text.endswith("6. 0,4D\n-1,5L *\n") and '[Result "*"]' in text
    assert table_state(session)["phase"] == "turn"
    act(session, {"type": "undo"})
    assert len(session.record.turns) == 5  # type: ignore[union-attr]
    fresh = new_palago(tmp_path / "other.palago")
    with pytest.raises(Refused, match="there is no turn to take back"):
        act(fresh, {"type": "undo"})


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ({"type": "turn"}, "the action needs a field 'tiles'"),
        ({"type": "turn", "tiles": "0,0R"}, "'tiles' must be a list, not a string"),
        ({"type": "turn", "tiles": [1, 2]}, "a tile is written q,r and R, L or D"),
        ({"type": "turn", "tiles": ["0,0Q"]}, "unknown orientation 'Q'"),
        ({"type": "turn", "tiles": ["99999,0R"]}, "cell 99999,0 is off the table"),
        ({"type": "turn", "tiles": ["0,0R"] * 3}, "a turn places at most 2 tiles, not 3"),
        ({"type": "jump"}, "unknown action type 'jump' for this game"),
        ({"type": True}, "'type' must be a string, not true or false"),
    ],
)
def test_malformed_actions_say_what_is_wrong(
    tmp_path: Path, action: dict[str, Any], message: str
) -> None:
    session = new_palago(tmp_path / "game.palago")
    with pytest.raises(BadAction) as caught:
        act(session, action)
    assert message in str(caught.value)


@pytest.mark.parametrize(
    ("setup", "error", "message"),
    [
        ({"kind": "Chess", "names": []}, BadAction, "the kind of game is Palago or Palagonia"),
        ({"kind": "Palago", "names": ["A"]}, BadAction, "Palago is played by two players, not 1"),
        (
            {"kind": "Palago", "names": ["A", "a"]},
            Refused,
            "every player needs a name of their own",
        ),
        ({"kind": "Palago", "names": ["A", 'B"]']}, Refused, "may not hold quotes"),
        ({"kind": "Palago", "names": ["A", "B\x00"]}, Refused, "control character U+0000"),
        ({"kind": "Palago", "names": ["A\x01b", "B"]}, Refused, "control character U+0001"),
        ({"kind": "Palagonia", "names": ["A", "B", "C\x7f"]}, Refused, "control character U+007F"),
        ({"kind": "Palagonia", "names": ["A", "B", "C\ud800"]}, Refused, "U+D800"),
        (
            {"kind": "Palago", "names": ["A", "B"], "tiles": 1000},
            BadAction,
            "the supply is 2 to 96 tiles",
        ),
        ({"kind": "Palago", "names": ["A", "B"], "variant": "1-2"}, BadAction, "standard or 1-1-2"),
        (
            {"kind": "Palagonia", "names": ["A", "B"]},
            Refused,
            "Palagonia needs 3 or more players (or 1 for solitaire), not 2",
        ),
    ],
)
def test_a_new_game_checks_its_setup(
    tmp_path: Path, setup: dict[str, Any], error: type, message: str
) -> None:
    session = Session.open(tmp_path / "game.palago")
    with pytest.raises(error) as caught:
        act(session, {"type": "new", **setup})
    assert message in str(caught.value)
    assert not (tmp_path / "game.palago").exists()


def test_a_file_holding_a_game_is_continued_not_replaced(tmp_path: Path) -> None:
    path = tmp_path / "game.palago"
    session = new_palago(path)
    with pytest.raises(Refused, match="already has a game"):
        act(session, NEW_PALAGO)


def test_files_that_cannot_be_continued(tmp_path: Path) -> None:
    two = tmp_path / "two.palago"
    two.write_text(palago_text() + "\n" + palago_text(), encoding="utf-8")
    with pytest.raises(TableError, match="holds 2 records"):
        Session.open(two)
    position = tmp_path / "position.palago"
    position.write_text('[Kind "Position"]\n0,0R\n', encoding="utf-8")
    with pytest.raises(TableError, match="holds a Position record, not a game"):
        Session.open(position)
    bad = tmp_path / "bad.palago"
    bad.write_text(palago_text().replace("3. 1,1D", "3. 9,9D"), encoding="utf-8")
    with pytest.raises(
        TableError, match=r"bad.palago:8:\d+: turn 3 \(9,9D 1,0R\): tile 1,0R does not touch"
    ):
        Session.open(bad)
    with pytest.raises(TableError, match="does not exist"):
        Session.open(tmp_path / "no" / "where.palago")


def test_without_a_file_each_game_gets_its_own(tmp_path: Path) -> None:
    session = Session.open(None, folder=tmp_path)
    act(session, NEW_PALAGO)
    assert session.path is not None and session.path.name.startswith("table-")
    for tiles in palago_turns(palago_record()):
        act(session, {"type": "turn", "tiles": tiles})
    first = session.path
    assert table_state(session)["can_new"]
    act(session, NEW_PALAGONIA)
    assert session.path != first and first.read_text(encoding="utf-8").endswith("1-0\n")
    assert len(list(tmp_path.iterdir())) == 2


# --- Palagonia -------------------------------------------------------------------------------


def play_palagonia(path: Path) -> Session:
    session = Session.open(path)
    act(session, NEW_PALAGONIA)
    for action in palagonia_actions(palagonia_record()):
        act(session, action)
    return session


def test_a_palagonia_game_with_a_tie_a_double_a_removal_and_a_shared_score(tmp_path: Path) -> None:
    path = tmp_path / "game.palago"
    session = play_palagonia(path)
    assert path.read_text(encoding="utf-8") == palagonia_text()
    state = table_state(session)
    report = replay(palagonia_record())
    assert state["scores"]["totals"] == list(report.scores.values())  # type: ignore[union-attr]
    (row,) = state["scores"]["rows"]
    assert row == {
        "label": "2",
        "player": "Boris",
        "extra": False,
        "points": [4, 4, None],
        "shared": [True, False, False],
        "totals": [4, 4, 0],
        "creatures": ["yellow Pala-creature of 9 tiles: 1 outer shell + 3 limbs = 4"],
    }
    assert state["label"] == "5" and state["status"] == "Turn 5: Boris rolls the two dice"
    assert [m["label"] for m in state["moves"]] == ["0", "1", "2", "3", "3+", "4"]


def test_the_roll_off_until_someone_starts(tmp_path: Path) -> None:
    session = Session.open(tmp_path / "game.palago")
    act(session, NEW_PALAGONIA)
    act(session, {"type": "rolloff", "faces": ["3", "5", "5"]})
    state = table_state(session)
    assert state["phase"] == "rolloff" and state["rolloff"]["contenders"] == [1, 2]
    assert state["status"] == "Tie: Boris, Chen roll again"
    with pytest.raises(BadAction, match="one die for each of 2 players, not 3"):
        act(session, {"type": "rolloff", "faces": ["3", "5", "5"]})
    with pytest.raises(Refused, match="the start roll-off comes first"):
        act(session, {"type": "start", "tiles": ["0,0R"]})
    act(session, {"type": "rolloff", "faces": ["x", "3"]})
    state = table_state(session)
    assert (
        state["phase"] == "start"
        and state["rolloff"]["starter"] == 2
        and state["rolloff"]["count"] == 3
    )
    with pytest.raises(Refused, match="the start die shows 3; 2 tiles were laid"):
        act(session, {"type": "start", "tiles": ["0,0R", "0,1R"]})
    act(session, {"type": "undo"})  # takes back the second round
    assert table_state(session)["phase"] == "rolloff"


def test_after_a_roll_off_round_without_numbers_everyone_rolls_again(tmp_path: Path) -> None:
    """docs/rules.md (Start): a round with no number sends everyone back into the roll-off, also
    when it was a re-roll of tied players."""
    session = Session.open(tmp_path / "game.palago")
    act(session, NEW_PALAGONIA)
    act(session, {"type": "rolloff", "faces": ["3", "5", "5"]})
    act(session, {"type": "rolloff", "faces": ["x", "@"]})
    state = table_state(session)
    assert state["phase"] == "rolloff" and state["rolloff"]["contenders"] == [0, 1, 2]
    act(session, {"type": "rolloff", "faces": ["2", "4", "3"]})
    state = table_state(session)
    assert (
        state["phase"] == "start"
        and state["rolloff"]["starter"] == 1
        and state["rolloff"]["count"] == 4
    )


def test_palagonia_turns_checked_by_the_rules(tmp_path: Path) -> None:
    session = Session.open(tmp_path / "game.palago")
    act(session, NEW_PALAGONIA)
    actions = palagonia_actions(palagonia_record())
    for action in actions[:3]:
        act(session, action)
    cases = [
        ({"roll": ["4", "x"], "die": "5", "place": ["2,-2L"]}, "die 5 was not rolled (4 and x)"),
        (
            {"roll": ["4", "x"], "die": "4", "place": ["2,-2L"]},
            "the chosen die shows 4; 1 tile was placed",
        ),
        (
            {"roll": ["4", "x"], "die": "4", "remove": "0,0"},
            "the chosen die shows 4; the action must be to place tiles",
        ),
        ({"roll": ["4", "x"], "die": "x", "remove": "0,0"}, "would split the palago"),
        (
            {"roll": ["4", "5"], "die": None, "remove": "0,1"},
            "with 4 and 5 rolled the 4 die can be used",
        ),
        (
            {"roll": ["@", "@"], "die": "@", "rotate": "0,0R"},
            "the rotate die cannot act: there is no inner tile",
        ),
    ]
    for action, message in cases:
        with pytest.raises(Refused) as caught:
            act(session, {"type": "turn", **action})
        assert message in str(caught.value)
    with pytest.raises(BadAction, match="a die shows one of 2 3 4 5 x @"):
        act(session, {"type": "turn", "roll": ["6", "x"], "die": "x", "remove": "0,1"})


def test_state_and_preview_boards(tmp_path: Path) -> None:
    session = play_palagonia(tmp_path / "game.palago")
    state = table_state(session)
    assert json.loads(json.dumps(state)) == state
    assert state["possible"] == {"2": True, "3": True, "4": True, "5": True, "x": True, "@": False}
    assert "removable" not in state and "inner" not in state  # asked for only when needed
    assert session.game is not None
    removable = session.game.removable_tiles()
    board = preview(session, {"mode": "removable"})["board"]
    assert removable and board.count('class="hit pick"') == len(removable)
    assert preview(session, {"mode": "inner"})["board"].count('class="hit pick"') == 0
    placing = preview(session, {"mode": "place", "pending": ["1,4R"]})["board"]
    assert 'class="hit pending" data-cell="1,4" data-name="1,4R"' in placing
    with pytest.raises(BadAction, match="already holds a tile"):
        preview(session, {"pending": ["0,0R"]})
    with pytest.raises(BadAction, match="mode is place"):
        preview(session, {"mode": "sideways"})


def test_the_tap_layer_lies_on_the_drawn_cells() -> None:
    """The invisible hexagons sit exactly where the diagram compiler draws the cells."""
    position = Position.parse("0,0R 1,0L -1,2D")
    cells = frozenset({(0, 0), (1, 0), (-1, 2), (3, -2)})
    options = Options(size=24.0, view=View(cells), legend=False, padding=6.0)
    drawing = compile_diagram(Diagram(position, marks=(Mark((3, -2), MarkShape.DOT),)), options)
    (dot,) = [item for item in drawing.items if isinstance(item, Circle)]
    board = layout(cells)
    assert dot.centre == pytest.approx(board.at((3, -2)))
    assert board.extent == pytest.approx((drawing.width, drawing.height))
    svg = board_svg(position, targets=[(0, 1)])
    assert svg.startswith('<svg class="board" viewBox=') and 'data-cell="0,1"' in svg


def test_exports(tmp_path: Path) -> None:
    session = play_palagonia(tmp_path / "game.palago")
    data, media, name = export(session, "record")
    assert data.decode() == palagonia_text() and name == "game.palago"
    for what, magic in (("board.pdf", b"%PDF"), ("board.png", b"\x89PNG"), ("scores.pdf", b"%PDF")):
        data, media, name = export(session, what)
        assert data.startswith(magic), what
    with pytest.raises(TableError, match="no download called"):
        export(session, "../../etc/passwd")
    palago = new_palago(tmp_path / "palago.palago")
    with pytest.raises(TableError, match="a score sheet is for Palagonia games"):
        export(palago, "scores.pdf")


def test_the_score_sheet_is_filled_in(tmp_path: Path) -> None:
    pypdf = pytest.importorskip("pypdf")
    import io

    session = play_palagonia(tmp_path / "game.palago")
    data, _, _ = export(session, "scores.pdf")
    text = pypdf.PdfReader(io.BytesIO(data)).pages[0].extract_text()
    for word in ("Anna", "Boris", "Chen"):
        assert word in text
    assert "3+" not in text  # an extra turn is its number with the box ticked


def test_saving_fails_cleanly(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from palago_tools.table import record_file as module

    path = tmp_path / "game.palago"
    session = new_palago(path)
    before = path.read_bytes()

    def full(target: object, data: bytes) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(module, "atomic_write", full)
    with pytest.raises(TableError, match="cannot write game.palago: No space left on device"):
        act(session, {"type": "turn", "tiles": ["0,0L", "-1,0R"]})
    assert path.read_bytes() == before and session.record is not None and not session.record.turns
    monkeypatch.undo()
    act(session, {"type": "turn", "tiles": ["0,0L", "-1,0R"]})
    first = replace(palago_record(), turns=palago_record().turns[:1], result=session.record.result)
    assert path.read_text(encoding="utf-8") == write(first)


ROTATION_GAME = """[Kind "Palagonia"]
[Date "{date}"]
[Player1 "Anna"]
[Player2 "Boris"]
[Player3 "Chen"]
[Result "*"]

0. [x 2 @] 2: 0,0L -1,0L 1. [5 4] 5: -1,1L -1,2D 0,1D 1,0L 1,1L 2. [@ 4] 4:
2,0R 1,2R 0,2R 0,3D 3. [@ @] @ 0,1L *
"""


def test_an_inner_tile_turned(tmp_path: Path) -> None:
    from palago_tools.notation import parse_text

    from .table_support import TODAY

    text = ROTATION_GAME.format(date=TODAY)
    (record,) = parse_text(text).records
    actions = palagonia_actions(record)  # type: ignore[arg-type]
    path = tmp_path / "game.palago"
    session = Session.open(path)
    act(session, NEW_PALAGONIA)
    for action in actions[:-1]:
        act(session, action)
    state = table_state(session)
    assert state["possible"]["@"]
    board = preview(session, {"mode": "inner"})["board"]
    assert board.count('class="hit pick"') == 1 and 'data-cell="0,1" data-name="0,1D"' in board
    board = preview(session, {"mode": "inner", "rotate": "0,1L"})["board"]
    assert 'class="hit pick" data-cell="0,1"' in board
    with pytest.raises(Refused, match="already points D"):
        act(session, {**actions[-1], "rotate": "0,1D"})
    with pytest.raises(Refused, match="only an inner tile may turn"):
        act(session, {**actions[-1], "rotate": "0,0R"})
    act(session, actions[-1])
    assert path.read_text(encoding="utf-8") == text
    assert table_state(session)["label"] == "3+"


def test_removals_that_empty_the_palago_end_the_game_without_scores(tmp_path: Path) -> None:
    """docs/rules.md (An emptied palago): the game starts again, so the record ends with *."""
    session = Session.open(tmp_path / "game.palago")
    act(session, NEW_PALAGONIA)
    act(session, {"type": "rolloff", "faces": ["2", "x", "@"]})
    act(session, {"type": "start", "tiles": ["0,0R", "1,0L"]})
    act(session, {"type": "turn", "roll": ["x", "3"], "die": "x", "remove": "0,0"})
    act(session, {"type": "turn", "roll": ["x", "@"], "die": "x", "remove": "1,0"})
    state = table_state(session)
    assert state["phase"] == "over"
    assert (
        state["status"]
        == "removals emptied the palago: the game starts again with a new roll-off (a new game)"
    )
    record = session.record
    assert isinstance(record, PalagoniaGame) and record.scores is None and len(record.turns) == 3


def test_a_pass_is_refused_while_something_can_be_done(tmp_path: Path) -> None:
    session = Session.open(tmp_path / "game.palago")
    act(session, NEW_PALAGONIA)
    for action in palagonia_actions(palagonia_record())[:3]:
        act(session, action)
    with pytest.raises(Refused) as caught:
        act(session, {"type": "turn", "roll": ["x", "@"], "die": None, "pass": True})
    assert caught.value.rule == "pass"
    assert "a turn passes only when neither die can act and no outer tile can be removed" in str(
        caught.value
    )
    with pytest.raises(BadAction, match=r"or passes \(pass: true\)"):
        act(session, {"type": "turn", "roll": ["x", "@"], "die": None, "pass": False})


# --- Nothing lost, one server per file ------------------------------------------------------


def test_a_palagonia_game_before_its_start_reopens_with_its_roll_off(tmp_path: Path) -> None:
    """Between "Start the game" and the start turn the game lives in the start journal: a new
    session (a restarted server) finds the players and every roll-off round; the record file is
    written only once it can be read, and the journal goes when the start is saved."""
    path = tmp_path / "game.palago"
    journal = tmp_path / "game.palago.start.json"
    session = Session.open(path)
    act(session, NEW_PALAGONIA)
    assert not path.exists() and journal.exists()
    act(session, {"type": "rolloff", "faces": ["3", "5", "5"]})  # a tie: Boris and Chen again
    again = Session.open(path)
    assert again.record is not None and again.record.players == ("Anna", "Boris", "Chen")  # type: ignore[union-attr]
    assert table_state(again)["rolloff"]["contenders"] == [1, 2]
    act(again, {"type": "rolloff", "faces": ["x", "3"]})
    assert table_state(Session.open(path))["phase"] == "start"
    act(again, {"type": "start", "tiles": ["0,0D", "1,-1D", "0,1L"]})
    assert path.exists() and not journal.exists()
    assert replay(parse_file(path).records[0]).valid
    # Undo of the start: the game is before its start again, with the rounds that decided it.
    act(again, {"type": "undo"})
    assert not path.exists() and journal.exists()
    third = Session.open(path)
    assert table_state(third)["phase"] == "start" and third.rolls == again.rolls
    act(again, {"type": "redo"})
    assert path.exists() and not journal.exists()
    assert len(Session.open(path).record.turns) == 1  # type: ignore[union-attr]


def test_a_solitaire_game_before_its_start_reopens(tmp_path: Path) -> None:
    path = tmp_path / "alone.palago"
    session = Session.open(path)
    act(session, {"type": "new", "kind": "Palagonia", "names": ["Ada"]})
    act(session, {"type": "rolloff", "faces": ["4"]})
    reopened = Session.open(path)
    assert table_state(reopened)["status"] == "Turn 0: Ada starts and places 4 tiles"


def test_undo_and_redo(tmp_path: Path) -> None:
    path = tmp_path / "game.palago"
    session = new_palago(path)
    turns = palago_turns(palago_record())
    for tiles in turns[:3]:
        act(session, {"type": "turn", "tiles": tiles})
    after_three = path.read_text(encoding="utf-8")
    session.apply(
        {"type": "undo", "version": session.version, "instance": session.instance},
        by="192.0.2.7 Android",
    )
    assert session.outcome.text == "Took back turn 3 (192.0.2.7 Android); Redo puts it back"
    act(session, {"type": "undo"})
    assert table_state(session)["can_redo"] and table_state(session)["undo_label"] == "turn 1"
    act(session, {"type": "redo"})
    act(session, {"type": "redo"})
    assert path.read_text(encoding="utf-8") == after_three
    with pytest.raises(Refused, match="nothing to redo"):
        act(session, {"type": "redo"})
    # A new turn after an undo forgets what could be redone.
    act(session, {"type": "undo"})
    act(session, {"type": "turn", "tiles": turns[2]})
    assert not table_state(session)["can_redo"]


def test_a_second_session_on_a_locked_file_is_told_who_has_it(tmp_path: Path) -> None:
    import os

    from palago_tools.table.record_file import InUse

    path = tmp_path / "game.palago"
    first = Session.open(path, lock=True)
    with pytest.raises(InUse, match=f"in use by process {os.getpid()}"):
        Session.open(path, lock=True)
    first.close()
    Session.open(path, lock=True).close()


def test_a_record_changed_on_disk_is_not_overwritten(tmp_path: Path) -> None:
    path = tmp_path / "game.palago"
    session = new_palago(path)
    act(session, {"type": "turn", "tiles": palago_turns(palago_record())[0]})
    edited = path.read_text(encoding="utf-8").replace("Ivan", "Iván")
    path.write_text(edited, encoding="utf-8")  # another program (or another server) wrote it
    from palago_tools.table.record_file import ChangedOnDisk

    with pytest.raises(ChangedOnDisk, match="was changed on disk by another program"):
        act(session, {"type": "turn", "tiles": palago_turns(palago_record())[1]})
    assert path.read_text(encoding="utf-8") == edited


@pytest.mark.parametrize("name", ["B\x00", "\x01B", "B\x7f", "B\x1b[31m", "B\x9b"])
def test_a_control_character_in_a_name_is_refused_and_the_file_stays_readable(
    tmp_path: Path, name: str
) -> None:
    path = tmp_path / "game.palago"
    session = new_palago(path)  # a game in the file already
    before = path.read_text(encoding="utf-8")
    for kind, names in (("Palago", ["A", name]), ("Palagonia", ["A", name, "C"])):
        other = Session.open(tmp_path / f"{kind}.palago")
        with pytest.raises(Refused, match="control character U\\+00") as caught:
            act(other, {"type": "new", "kind": kind, "names": names})
        assert caught.value.rule == "player-name"
        assert not (tmp_path / f"{kind}.palago").exists()
    assert path.read_text(encoding="utf-8") == before and not parse_file(path).errors
    assert session.record is not None


@pytest.mark.parametrize("cell", ["\u0663,-1", "1_0,0", " 1,0", "1,0 ", "+1,0", "1,0,0", "１,0"])
def test_cells_are_read_as_the_notation_writes_them(tmp_path: Path, cell: str) -> None:
    from palago_tools.table.actions import parse_cell, parse_tile

    with pytest.raises(BadAction, match="a cell is written q,r"):
        parse_cell(cell)
    with pytest.raises(BadAction):
        parse_tile(cell + "R")
    assert parse_cell("-12,3") == (-12, 3)


@pytest.mark.parametrize("seed", range(3))
def test_the_state_kept_from_turn_to_turn_is_the_state_made_afresh(
    tmp_path: Path, seed: int
) -> None:
    """The board and the move list are extended turn by turn (and kept for refreshes): after
    every action of random games (placements, removals, rotations, undo and redo) the state is
    the one drawn from nothing, and the file is the record written afresh."""
    import random

    from palago_tools.notation import write_record
    from palago_tools.replays.generated import palagonia_record as script_record
    from palago_tools.rules import PalagoniaOptions, random_palagonia_game
    from palago_tools.table import board, state

    rng = random.Random(seed)
    script = random_palagonia_game(rng, players=3, options=PalagoniaOptions(tiles=60))
    record = script_record(script, ("Anna", "Boris", "Chen"))
    path = tmp_path / "game.palago"
    session = Session.open(path)
    act(session, {**NEW_PALAGONIA, "tiles": 60})
    for index, action in enumerate(palagonia_actions(record)):
        act(session, action)
        if index % 7 == 3 and session.record is not None and session.record.turns:
            act(session, {"type": "undo"})
            if index % 2:
                act(session, {"type": "redo"})
            else:
                act(session, action)
        kept = json.dumps(table_state(session))
        board._DRAWN.clear()
        state._MOVE_LISTS.clear()
        session._position = None
        assert json.dumps(table_state(session)) == kept
        if session.record is not None and session.record.turns:
            assert path.read_text(encoding="utf-8") == write_record(session.record)
    assert session.record is not None and len(session.record.turns) == len(record.turns)
