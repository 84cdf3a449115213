"""palago analyse --threats: text and JSON reports, records and turns, bad input."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from palago_tools.cli import app

runner = CliRunner()


def _figure(name: str) -> str:
    return str(Path(__file__).parent.parent / "docs" / "diagrams" / f"{name}.palago")


def test_threats_of_a_position_record() -> None:
    result = runner.invoke(
        app, ["analyse", "--threats", _figure("attack"), "--to-move", "yellow", "--forks", "0"]
    )
    assert result.exit_code == 0, result.output
    assert (
        "Blue threatens (to block):\n    2,1D completes a blue creature (5 tiles)" in result.stdout
    )
    assert "threat cells: 2,1" in result.stdout


def test_threats_json_and_a_game_after_a_turn(tmp_path: Path) -> None:
    game = tmp_path / "g.palago"
    game.write_text(
        '[Kind "Palago"]\n\n1. 0,0R 0,-1R 2. 2,-2R 1,-1L 3. 1,0D 0,1R 4. 2,-3L 2,-4R '
        "5. 1,-2R 1,-3D *\n"
    )
    result = runner.invoke(
        app, ["analyse", "--threats", f"{game}:1", "--turn", "5", "--json", "--forks", "0"]
    )
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["to_move"] == "blue" and report["where"] == "after turn 5"
    assert report["tiles"] == 10 and report["tiles_left"] == 38
    assert [t["tiles"] for t in report["threats"]] == [["0,-2R"]]
    assert report["threats"][0]["creatures"][0]["colour"] == "yellow"
    assert report["threat_cells"] == [[0, -2]]


def test_threats_bad_turn_and_record(tmp_path: Path) -> None:
    game = tmp_path / "g.palago"
    game.write_text('[Kind "Palago"]\n\n1. 0,0R 0,-1R *\n')
    result = runner.invoke(app, ["analyse", "--threats", str(game), "--turn", "4"])
    assert result.exit_code == 2
    assert "the game has 1 turns; --turn is 0 to 1" in result.output
    result = runner.invoke(app, ["analyse", "--threats", f"{game}:3"])
    assert result.exit_code == 2  # a bad record number is a usage error, as in every command
    assert "has 1 record, not 3" in result.output
