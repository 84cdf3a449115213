"""Illegal variations: a variation is part of the record, so a turn in it that breaks a rule
makes the record invalid for ``palago replay``, ``palago fmt --strict`` and ``palago check``
alike, and for the viewer and the table's import with them, reported as for the main line
(``line:column: turn N (move) in the variation at turn M: message [rule]``, the source line,
carets under the turn) and in ``--json`` with the variation's path. The viewer keeps every
comment of a variation, wherever its line stops.

Each ``tests/replay_corpus/variations/NAME.palago`` has its expected report in ``NAME.expected``:
one for each rule of two-player Palago a turn can break in a variation (a turn of three tiles
cannot be written, so too-many-tiles is the notation's), a nested variation, the second
variation of a turn, a variation's own variation before its illegal turn (the first in the text
is reported), and a Palagonia variation.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import jsonschema
import pytest
from typer.testing import CliRunner

from palago_tools.cli import app
from palago_tools.notation import parse_file
from palago_tools.replays.game import replay
from palago_tools.replays.reports import schema
from palago_tools.table import TableError
from palago_tools.table.record_file import read_game
from palago_tools.viewer import viewer_html

CORPUS = Path(__file__).resolve().parent / "replay_corpus" / "variations"
FILES = sorted(CORPUS.glob("*.palago"))
GOOD = Path(__file__).resolve().parent / "data" / "nested-variations.palago"
RULES = {
    "occupied",
    "touch-each-other",
    "touch-palago",
    "single-hole",
    "game-ended",
    "game-over",
    "two-tiles",
}

runner = CliRunner()


def expected(path: Path) -> list[str]:
    return path.with_suffix(".expected").read_text(encoding="utf-8").splitlines()


def located(path: Path, stderr: str) -> list[str]:
    """The three lines of the located report of ``path`` in ``stderr``, without the file name."""
    lines = stderr.splitlines()
    start = next(n for n, line in enumerate(lines) if line.startswith(f"{path}:"))
    return [lines[start][len(f"{path}:") :], *lines[start + 1 : start + 3]]


def test_the_corpus_breaks_every_rule_of_a_turn_in_a_variation() -> None:
    assert all(p.with_suffix(".expected").exists() for p in FILES)
    rules = {expected(p)[0].rsplit("[", 1)[1].rstrip("]") for p in FILES}
    assert rules >= RULES
    assert any("Palagonia" in p.read_text(encoding="utf-8") for p in FILES)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_replay_reports_the_illegal_variation(path: Path) -> None:
    result = parse_file(path)
    assert not result.errors and len(result.records) == 1  # the notation has nothing to say
    (record,) = result.records
    report = replay(record)
    assert report.error is not None and report.error.variation
    assert (
        " in the variation at turn " in expected(path)[0] or " in variation " in expected(path)[0]
    )
    text = runner.invoke(app, ["replay", str(path)])
    assert text.exit_code == 1 and "Traceback" not in text.output
    assert located(path, text.stderr) == expected(path)
    assert f"invalid at {report.error.describe()}" in text.stdout


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_fmt_strict_stops_at_the_illegal_variation(path: Path) -> None:
    text = runner.invoke(app, ["fmt", "--strict", str(path)])
    assert text.exit_code == 1 and "Traceback" not in text.output
    assert text.stdout == ""
    assert located(path, text.stderr) == expected(path)
    assert runner.invoke(app, ["fmt", str(path)]).exit_code == 0  # not strict: only the notation


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_check_reports_the_illegal_variation(path: Path) -> None:
    text = runner.invoke(app, ["check", str(path)])
    assert text.exit_code == 1 and "Traceback" not in text.output
    assert located(path, text.stderr) == expected(path)


@pytest.mark.parametrize("command", ["replay", "check"])
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_json_gives_the_variation_path(path: Path, command: str) -> None:
    listed = runner.invoke(app, [command, "--json", str(path)])
    entries = json.loads(listed.stdout)
    jsonschema.validate(entries, schema(command))
    (entry,) = entries
    error = entry["error"]
    report = replay(parse_file(path).records[0])
    assert report.error is not None
    assert entry["valid"] is False
    assert error["variation"] == report.error.variation
    assert (error["line"], error["column"], error["rule"], error["message"]) == (
        report.error.line,
        report.error.column,
        report.error.rule,
        report.error.message,
    )
    first = expected(path)[0]
    assert first.startswith(f"{error['line']}:{error['column']}: turn {error['turn']} ")


def test_legal_variations_pass_everywhere() -> None:
    for command in (["replay"], ["fmt", "--strict"], ["check"]):
        result = runner.invoke(app, [*command, str(GOOD)])
        assert result.exit_code == 0, result.output
    entries = json.loads(runner.invoke(app, ["replay", "--json", str(GOOD)]).stdout)
    assert entries[0]["error"] is None


def test_the_variation_is_named_innermost_first() -> None:
    nested = replay(parse_file(CORPUS / "nested.palago").records[0])
    assert nested.error is not None and nested.error.variation == "6.1/7.2"
    assert " in variation 2 at turn 7 of the variation at turn 6: " in nested.error.describe()


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_the_viewer_says_the_record_is_invalid_and_keeps_every_comment(path: Path) -> None:
    record = parse_file(path).records[0]
    report = replay(record)
    assert report.error is not None
    page = viewer_html(record)
    wrong = f"The record is invalid at {report.error.describe()} [{report.error.rule}]"
    assert wrong in html.unescape(page)
    assert "Not playable: " in page
    text = path.read_text(encoding="utf-8")
    for comment in re.findall(r"\{([^}]*)\}", text):
        assert " ".join(comment.split()) in html.unescape(page), comment


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_the_table_will_not_continue_a_game_with_an_illegal_variation(path: Path) -> None:
    report = replay(parse_file(path).records[0])
    assert report.error is not None
    with pytest.raises(TableError) as refused:
        read_game(path)
    assert f"{path}:{report.error.line}:{report.error.column}: " in str(refused.value)
    assert f"[{report.error.rule}]" in str(refused.value)
