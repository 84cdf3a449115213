"""Bad games: records that read cleanly but that the rules refuse, replayed by ``palago replay``
with the exact report (``line:column: turn N (move): message [rule]``, the source line, carets
under what is wrong) and the same error in ``--json``.

Each ``tests/replay_corpus/bad/NAME.palago`` has its expected report in ``NAME.expected``. The
notation's own corpus (``tests/notation_corpus/bad``) holds the records that cannot be read.
"""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from typer.testing import CliRunner

from palago_tools.cli import app
from palago_tools.notation import parse_file
from palago_tools.replays.reports import schema

BAD = Path(__file__).resolve().parent / "replay_corpus" / "bad"
BAD_FILES = sorted(BAD.glob("*.palago"))

runner = CliRunner()


def test_every_bad_game_has_its_expected_report() -> None:
    assert len(BAD_FILES) >= 10
    assert all(p.with_suffix(".expected").exists() for p in BAD_FILES)


@pytest.mark.parametrize("path", BAD_FILES, ids=lambda p: p.stem)
def test_a_bad_game_reads_cleanly_and_replay_reports_the_rule_broken(path: Path) -> None:
    result = parse_file(path)
    assert not result.errors and len(result.records) == 1  # the notation has nothing to say
    expected = path.with_suffix(".expected").read_text(encoding="utf-8").splitlines()
    text = runner.invoke(app, ["replay", str(path)])
    assert text.exit_code == 1 and "Traceback" not in text.output
    lines = text.stderr.splitlines()
    start = next(n for n, line in enumerate(lines) if line.startswith(f"{path}:"))
    assert [lines[start][len(f"{path}:") :], *lines[start + 1 : start + 3]] == expected
    listed = runner.invoke(app, ["replay", "--json", str(path)])
    entries = json.loads(listed.stdout)
    jsonschema.validate(entries, schema("replay"))
    (entry,) = entries
    error = entry["error"]
    assert entry["valid"] is False
    assert f"{error['line']}:{error['column']}: " == expected[0][: expected[0].index(" ") + 1]
    assert expected[0].endswith(f": {error['message']} [{error['rule']}]")
    turn = "the record" if error["turn"] is None else f"turn {error['turn']} ({error['move']})"
    assert f" {turn}: " in expected[0]
