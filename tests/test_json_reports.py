"""The JSON of ``replay``, ``check`` and ``analyse`` against the schema shipped in the package."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from typer.testing import CliRunner

from palago_tools.cli import app
from palago_tools.replays.reports import SCHEMAS, schema

runner = CliRunner()
ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "docs" / "examples"

MIXED = """[Kind "Palago"]
[Yellow "Anna"]
[Result "*"]

1. 0,0R 0,1L 2. 5,5R *

[Kind "Position"]
0,0R 1,1X

[Kind "Palagonia"]
[Player1 "Anna"]
[Player2 "Anna"]
[Player3 "Anna"]
[Result "*"]
*

[Kind "Creature"]
-1,0R -1,1R 0,-1D 0,0R 0,1L
"""


def run_json(args: list[str]) -> Any:
    result = runner.invoke(app, args)
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.stdout)


def validate(name: str, data: Any) -> None:
    jsonschema.validate(data, schema(name))
    jsonschema.validate(data, schema())


def test_the_schema_is_a_valid_json_schema_and_names_every_report() -> None:
    jsonschema.Draft202012Validator.check_schema(schema())
    for name in SCHEMAS:
        jsonschema.Draft202012Validator.check_schema(schema(name))


@pytest.mark.parametrize("example", sorted(EXAMPLES.glob("*.palago")), ids=lambda p: p.stem)
def test_replay_and_check_of_every_example_follow_the_schema(example: Path) -> None:
    replayed = run_json(["replay", str(example), "--json"])
    validate("replay", replayed)
    checked = run_json(["check", str(example), "--json"])
    validate("check", checked)
    assert (
        [e["record"] for e in replayed]
        == [e["record"] for e in checked]
        == list(range(1, len(replayed) + 1))
    )


def test_every_record_is_numbered_as_it_stands_with_its_error(tmp_path: Path) -> None:
    path = tmp_path / "mixed.palago"
    path.write_text(MIXED, encoding="utf-8")
    replayed = run_json(["replay", str(path), "--json"])
    validate("replay", replayed)
    assert [(e["record"], e["line"], e["kind"], e["valid"]) for e in replayed] == [
        (1, 1, "Palago", False),
        (2, 8, None, False),
        (3, 15, None, False),
        (4, 17, "Creature", True),
    ]
    game = replayed[0]
    assert game["error"] == {
        "turn": "2",
        "turn_index": 1,
        "move": "5,5R",
        "rule": "touch-palago",
        "line": 5,
        "column": 14,
        "message": game["error"]["message"],
        "variation": None,  # a turn of the main line
    }
    assert game["players"] == [
        {"seat": 0, "name": "Anna", "colour": "yellow"},
        {"seat": 1, "name": None, "colour": "blue"},
    ]
    assert replayed[1]["error"]["rule"] == "notation" and replayed[1]["error"]["column"] == 9
    checked = run_json(["check", str(path), "--json"])
    validate("check", checked)
    assert [(e["record"], e["kind"], e["valid"]) for e in checked] == [
        (1, "Palago", False),
        (2, None, False),
        (3, None, False),
        (4, "Creature", True),
    ]
    assert checked[1]["error"] == replayed[1]["error"]
    assert checked[0]["error"] == replayed[0]["error"]  # a game is replayed, as by replay
    assert checked[3]["creatures"][0]["card"] == {"number": 1, "name": "Pala-virus"}


def test_winner_is_a_colour_and_scores_a_list_per_seat() -> None:
    palago = run_json(["replay", str(EXAMPLES / "palago-game.palago"), "--json"])
    validate("replay", palago)
    decided = [e for e in palago if e["game_over"] and not e["draw"]]
    assert decided and all(e["winner"] in ("yellow", "blue") for e in decided)
    assert all(e["winners"] == [0 if e["winner"] == "yellow" else 1] for e in decided)
    palagonia = run_json(["replay", str(EXAMPLES / "palagonia-game.palago"), "--json"])
    validate("replay", palagonia)
    for entry in palagonia:
        assert entry["winner"] is None
        assert isinstance(entry["scores"], list) and len(entry["scores"]) == len(entry["players"])
        assert all(p["colour"] is None for p in entry["players"])


def test_analyse_json_uses_the_same_creature_keys_as_check(tmp_path: Path) -> None:
    virus = ["-1,0R", "-1,1R", "0,-1D", "0,0R", "0,1L"]
    analysed = run_json(["analyse", "--json", "--regions", *virus])
    validate("analyse", analysed)
    path = tmp_path / "virus.palago"
    path.write_text('[Kind "Creature"]\n' + " ".join(virus) + "\n", encoding="utf-8")
    (checked,) = run_json(["check", str(path), "--json"])
    assert analysed["creatures"] == checked["creatures"]
    assert {r["status"] for r in analysed["regions"]} >= {"creature", "open"}


def test_a_red_task_and_a_transformation_follow_the_schema(tmp_path: Path) -> None:
    path = tmp_path / "virus.palago"
    path.write_text('[Kind "Creature"]\n-1,0R -1,1R 0,-1D 0,0R 0,1L\n', encoding="utf-8")
    checked = run_json(["check", str(path), "--json", "--card", "1"])
    validate("check", checked)
    (red,) = checked
    assert red["red_task"]["card"] == 1 and red["red_task"]["solved"] is True
    transformation = run_json(["check", str(EXAMPLES / "transformation.palago"), "--json"])
    validate("check", transformation)
    assert all(
        e["transformation"] is not None for e in transformation if e["kind"] == "Transformation"
    )
