"""``palago check``, ``transform``, ``generate`` and ``best`` from the command line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from palago_tools.cli import app
from palago_tools.core.hexgrid import Motion
from palago_tools.notation import parse, write
from palago_tools.notation import records as rec

from .conftest import load_vectors
from .rasters import needs_cairo

runner = CliRunner()
VIRUS = "-1,0R -1,1R 0,-1D 0,0R 0,1L"
WORM = "-2,0R -2,1R -1,-1D -1,0R -1,1D 0,-1D 0,0R 0,1L"
CARDS = f"""[Kind "Creature"]
[Card "1"]
[NameEN "Pala-virus"]

{VIRUS}

[Kind "Creature"]
[Card "2"]
[NameEN "Pala-worm"]

{WORM}
"""


def position_record(tiles: str) -> str:
    return f'[Kind "Position"]\n\n{tiles}\n'


def save(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_check_json_reproduces_every_vector(tmp_path: Path) -> None:
    entries = load_vectors()
    text = "\n".join(
        position_record(" ".join(f"{q},{r}{o}" for q, r, o in e["tiles"])) for e in entries
    )
    result = runner.invoke(app, ["check", str(save(tmp_path, "vectors.palago", text)), "--json"])
    reports: list[dict[str, Any]] = json.loads(result.stdout)
    assert len(reports) == len(entries)
    for entry, report in zip(entries, reports, strict=True):
        expected = sorted(
            (
                c["colour"],
                [list(x) for x in c["cells"]],
                c["tiles"],
                c["loops"],
                c["legs"],
                c["score"],
            )
            for c in entry["creatures"]
        )
        found = sorted(
            (c["colour"], c["cells"], c["tiles"], c["loops"], c["legs"], c["score"])
            for c in report["creatures"]
        )
        assert found == expected, entry["name"]
        covering = any(len(c["cells"]) == len(entry["tiles"]) for c in entry["creatures"])
        assert report["valid"] is covering, entry["name"]
        assert {"valid", "creatures", "problems"} <= set(report)
    assert result.exit_code == 1  # most vectors are not single creatures


def test_check_names_the_problem_of_an_invalid_submission(tmp_path: Path) -> None:
    open_virus = position_record("-1,0R -1,1R 0,0R 0,1L")
    apart = position_record(VIRUS + " 5,5R")
    result = runner.invoke(
        app, ["check", str(save(tmp_path, "bad.palago", open_virus + "\n" + apart))]
    )
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert lines[0] == "Record 1 (line 1): not a valid creature"
    assert lines[1].startswith("  problem: open ") and "its edge touches empty cells" in lines[1]
    assert "  problem: tile 5,5 is not connected to the rest" in lines


def test_check_matches_the_catalog_and_solves_a_red_task(tmp_path: Path) -> None:
    cards = save(tmp_path, "cards.palago", CARDS)
    # the worm turned by 60 degrees and recoloured: still card 2
    (worm,) = parse(position_record(WORM))
    assert isinstance(worm, rec.PositionRecord)
    turned = " ".join(t.token for t in worm.position().moved(Motion(1)).tiles())
    submission = save(tmp_path, "worm.palago", position_record(turned))
    result = runner.invoke(app, ["check", str(submission), "--catalog", str(cards), "--card", "2"])
    assert result.exit_code == 0, result.output
    assert "card 2 (Pala-worm)" in result.stdout
    wrong = runner.invoke(app, ["check", str(submission), "--catalog", str(cards), "--card", "1"])
    assert wrong.exit_code == 1
    missing = runner.invoke(app, ["check", str(submission), "--catalog", str(cards), "--card", "9"])
    assert (
        missing.exit_code == 2
        and "there is no card 9 in the catalog (cards: 1, 2)" in missing.stderr
    )


@needs_cairo
def test_transform_prints_an_optimal_record_and_draws_it(tmp_path: Path) -> None:
    cards = save(tmp_path, "cards.palago", CARDS)
    out = tmp_path / "task.png"
    result = runner.invoke(app, ["transform", "1", "2", "--catalog", str(cards), "-o", str(out)])
    assert result.exit_code == 0, result.output
    (record,) = parse(result.stdout)
    assert isinstance(record, rec.Transformation) and len(record.steps) == 4
    assert record.comments[0].text == "shortest: ↔ 1 tile to move, Δ 3 to add"
    assert (tmp_path / "task-before.png").exists() and (tmp_path / "task-after.png").exists()
    checked = runner.invoke(app, ["check", str(save(tmp_path, "t.palago", write([record])))])
    assert checked.exit_code == 0 and "right and shortest: 1 moved, 3 added" in checked.stdout


def test_check_finds_the_first_wrong_step_of_a_transformation(tmp_path: Path) -> None:
    text = f"""[Kind "Transformation"]

start: {VIRUS}
target: {WORM}
1. @-1,1D 2. +-2,0R 3. +0,0R 4. +-1,-1D
"""
    result = runner.invoke(app, ["check", str(save(tmp_path, "t.palago", text))])
    assert result.exit_code == 1
    assert result.stdout.strip() == (
        f"Record 1 (line 1): {tmp_path / 't.palago'}:5:21: step 3 (add 0,0R) is wrong: cell 0,0 "
        "already holds a tile"
    )


def test_generate_writes_distinct_scored_creatures() -> None:
    result = runner.invoke(app, ["generate", "--tiles", "14", "--count", "3", "--seed", "2"])
    assert result.exit_code == 0
    records = parse(result.stdout)
    assert len(records) == 3 and all(len(r.tiles) == 14 for r in records)  # type: ignore[union-attr]
    again = runner.invoke(app, ["generate", "--tiles", "14", "--count", "3", "--seed", "2"])
    assert again.stdout == result.stdout


def test_best_reports_a_creature() -> None:
    result = runner.invoke(app, ["best", "--tiles", "10", "--seconds", "0.5"])
    assert result.exit_code == 0
    (record,) = parse(result.stdout)
    assert isinstance(record, rec.CreatureCard) and 5 <= len(record.tiles) <= 10
    assert record.comments[0].text.startswith("best found: 1 outer shell")


def test_the_built_in_catalog_is_the_default(tmp_path: Path) -> None:
    submission = save(tmp_path, "virus.palago", position_record(VIRUS))
    result = runner.invoke(app, ["check", str(submission), "--card", "1"])
    assert result.exit_code == 0, result.output
    assert "card 1 (Pala-virus)" in result.stdout
    chain = runner.invoke(app, ["transform", "1", "2"])
    assert chain.exit_code == 0, chain.output
    (record,) = parse(chain.stdout)
    assert isinstance(record, rec.Transformation)
    assert (record.source_name, record.target_name) == ("Pala-virus", "Pala-worm")
    assert record.comments[0].text == "shortest: ↔ 2 tiles to move, Δ 1 to add"
