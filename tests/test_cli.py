"""The ``palago`` command: replay, diagram and analyse, with clear errors and exit codes."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from palago_tools.cli import app
from palago_tools.notation import write
from palago_tools.replays.generated import random_palago_record

from .rasters import needs_cairo

runner = CliRunner()

GAME = """[Kind "Palago"]
[Yellow "Anna"]
[Blue "Boris"]
[Result "1-0"]

1. 0,0R 0,1L 2. -1,0R -1,1R 3. 0,-1D 1-0
"""
BAD_GAME = GAME.replace("2. -1,0R -1,1R", "2. -1,0R 3,1R").replace("1-0", "*")


def write_file(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_replay_summarises_each_record(tmp_path: Path) -> None:
    path = write_file(tmp_path, "games.palago", GAME + "\n" + write([random_palago_record(3)]))
    result = runner.invoke(app, ["replay", str(path), "--moves"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "Record 1 (line 1): Palago, 3 turns, 5 tiles: Yellow (Anna) won"
    assert lines[3].startswith(
        "  3.    Yellow (Anna): 0,-1D  — completes yellow Pala-creature of 5 tiles"
    )
    assert any(line.startswith("Record 2 (line 8): Palago") for line in lines)


def test_replay_points_at_the_illegal_move_with_a_caret(tmp_path: Path) -> None:
    path = write_file(tmp_path, "bad.palago", BAD_GAME)
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 1
    *report, summary = result.stderr.splitlines()
    assert summary.startswith("palago: 1 record: 0 valid, 1 invalid; 1 turn in ")
    assert report == [
        f"{path}:6:23: turn 2 (-1,0R 3,1R): tile 3,1R does not touch the other tile placed this "
        "turn (-1,0R) [touch-each-other]",
        "    1. 0,0R 0,1L 2. -1,0R 3,1R 3. 0,-1D *",
        "                          ^^^^",
    ]
    assert "Traceback" not in result.output


def test_replay_json_reports_every_record(tmp_path: Path) -> None:
    path = write_file(tmp_path, "two.palago", GAME + "\n" + BAD_GAME)
    result = runner.invoke(app, ["replay", str(path), "--json"])
    assert result.exit_code == 1
    good, bad = json.loads(result.stdout)
    assert {k: good[k] for k in ("valid", "kind", "turns", "tiles", "winner", "draw", "error")} == {
        "valid": True,
        "kind": "Palago",
        "turns": 3,
        "tiles": 5,
        "winner": "yellow",
        "draw": False,
        "error": None,
    }
    assert good["players"][0] == {"seat": 0, "name": "Anna", "colour": "yellow"}
    assert [good["record"], bad["record"]] == [1, 2]
    assert bad["valid"] is False
    assert {k: bad["error"][k] for k in ("turn", "line", "column")} == {
        "turn": "2",
        "line": 13,
        "column": 23,
    }


def test_replay_reports_notation_errors_and_still_replays_good_records(tmp_path: Path) -> None:
    path = write_file(tmp_path, "mixed.palago", GAME + "\n" + GAME.replace("0,-1D", "0,-1Q"))
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 1
    assert "Record 1 (line 1): Palago, 3 turns, 5 tiles: Yellow (Anna) won" in result.stdout
    assert f"{path}:13:" in result.stderr and "orientation is L, R or D" in result.stderr


def test_replay_of_a_missing_file_is_a_message(tmp_path: Path) -> None:
    result = runner.invoke(app, ["replay", str(tmp_path / "nope.palago")])
    assert result.exit_code == 2
    assert "palago: cannot read" in result.stderr and "Traceback" not in result.output


@needs_cairo
def test_diagram_writes_each_format(tmp_path: Path) -> None:
    path = write_file(tmp_path, "game.palago", GAME)
    for suffix, magic in ((".svg", b"<?xml"), (".pdf", b"%PDF"), (".png", b"\x89PNG")):
        out = tmp_path / f"turn2{suffix}"
        result = runner.invoke(
            app, ["diagram", str(path), "--turn", "2", "-o", str(out), "--coordinates"]
        )
        assert result.exit_code == 0, result.output
        assert out.read_bytes().startswith(magic)
    svg = runner.invoke(app, ["diagram", str(path)])
    assert svg.exit_code == 0 and "Anna – Boris: after turn 3; Yellow (Anna) won." in svg.stdout


def test_diagram_errors_are_messages(tmp_path: Path) -> None:
    path = write_file(tmp_path, "game.palago", GAME)
    cases = {
        ("--turn", "9"): "palago: the game has no turn 9; its turns are 1 to 3",
        ("-o", str(tmp_path / "x.gif")): "palago: cannot tell the output format of",
        ("--palette", "pink"): "palago: unknown palette 'pink'",
        ("--rotation", "60"): "palago: ",
        ("--record", "2"): "palago: ",
    }
    for args, message in cases.items():
        result = runner.invoke(app, ["diagram", str(path), *args])
        assert result.exit_code in (1, 2), (args, result.output)
        assert message in result.stderr, (args, result.stderr)
        assert "Traceback" not in result.output
    assert not (tmp_path / "x.gif").exists()


def test_analyse_lists_creatures_with_their_identity() -> None:
    result = runner.invoke(app, ["analyse", "-1,0R", "-1,1R", "0,-1D", "0,0R", "0,1L"])
    assert result.exit_code == 0
    assert result.stdout.splitlines()[0] == "5 tiles, 1 creature"
    assert "yellow Pala-creature of 5 tiles: 1 outer shell = 1  [5-" in result.stdout
    bad = runner.invoke(app, ["analyse", "0,0X"])
    assert bad.exit_code == 1 and "unknown orientation 'X'" in bad.stderr
