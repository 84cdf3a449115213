"""``palago fmt``: canonical output, in-place rewriting, strict mode, errors without tracebacks."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from palago_tools.cli import app
from palago_tools.notation import parse_file, write

ROOT = Path(__file__).resolve().parent.parent
MESSY = (
    '[Kind "Palago"]   [Result "*"]\r\n[Event "Club"]\r\n'
    "1.   0,0r 1,0L{ a\r\n  comment }\r\n2. 0,1D   1,1L *"
)
CANONICAL = (
    '[Kind "Palago"]\n[Event "Club"]\n[First "Yellow"]\n[Result "*"]\n\n'
    "1. 0,0R 1,0L {a comment} 2. 0,1D 1,1L *\n"
)
BAD = '[Kind "Creature"]\n\n0,0R\n\n[Kind "Palago"]\n\n1. 0,0R 1,0X *\n'


@pytest.fixture()
def runner() -> CliRunner:
    return CliRunner()


def test_fmt_prints_the_canonical_form_and_leaves_the_file_alone(
    runner: CliRunner, tmp_path: Path
) -> None:
    path = tmp_path / "game.palago"
    path.write_bytes(MESSY.encode("utf-8"))
    result = runner.invoke(app, ["fmt", str(path)])
    assert result.exit_code == 0, result.stderr
    assert result.stdout == CANONICAL
    assert path.read_bytes() == MESSY.encode("utf-8")


def test_fmt_in_place_rewrites_atomically(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "game.palago"
    path.write_bytes(MESSY.encode("utf-8"))
    path.chmod(0o640)
    result = runner.invoke(app, ["fmt", str(path), "--in-place"])
    assert result.exit_code == 0, result.stderr
    assert result.stdout == ""
    assert path.read_text(encoding="utf-8") == CANONICAL
    assert path.stat().st_mode & 0o777 == 0o640
    assert [p.name for p in tmp_path.iterdir()] == ["game.palago"]


def test_fmt_reports_bad_records_prints_the_good_ones_and_exits_1(
    runner: CliRunner, tmp_path: Path
) -> None:
    path = tmp_path / "games.palago"
    path.write_text(BAD, encoding="utf-8")
    result = runner.invoke(app, ["fmt", str(path)])
    assert result.exit_code == 1
    assert result.stdout == '[Kind "Creature"]\n\n0,0R\n'
    assert result.stderr.splitlines() == [
        f"{path}:7:12: turn 1: 'X' is not an orientation; orientation is L, R or D: where the "
        "yellow tip points",
        "    1. 0,0R 1,0X *",
        "               ^",
    ]
    assert "Traceback" not in result.stderr


def test_fmt_strict_stops_at_the_first_error_and_prints_nothing(
    runner: CliRunner, tmp_path: Path
) -> None:
    path = tmp_path / "games.palago"
    path.write_text(BAD + BAD, encoding="utf-8")
    result = runner.invoke(app, ["fmt", str(path), "--strict"])
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr.count("is not an orientation") == 1


def test_fmt_in_place_refuses_to_drop_bad_records(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "games.palago"
    path.write_text(BAD, encoding="utf-8")
    result = runner.invoke(app, ["fmt", str(path), "--in-place"])
    assert result.exit_code == 1
    assert "not rewritten" in result.stderr
    assert path.read_text(encoding="utf-8") == BAD


def test_fmt_of_a_missing_file_or_binary_junk_has_no_traceback(
    runner: CliRunner, tmp_path: Path
) -> None:
    result = runner.invoke(app, ["fmt", str(tmp_path / "missing.palago")])
    assert result.exit_code == 2
    assert result.stderr.startswith("palago: cannot read")
    junk = tmp_path / "junk.palago"
    junk.write_bytes(bytes(range(256)))
    result = runner.invoke(app, ["fmt", str(junk)])
    assert result.exit_code == 1
    assert "is not UTF-8 text" in result.stderr
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_fmt_reads_standard_input(runner: CliRunner) -> None:
    result = runner.invoke(app, ["fmt", "-"], input=MESSY)
    assert result.exit_code == 0
    assert result.stdout == CANONICAL


def test_fmt_output_of_the_examples_is_already_canonical(runner: CliRunner, tmp_path: Path) -> None:
    for example in sorted((ROOT / "docs" / "examples").glob("*.palago")):
        once = runner.invoke(app, ["fmt", str(example)]).stdout
        path = tmp_path / example.name
        path.write_text(once, encoding="utf-8")
        assert runner.invoke(app, ["fmt", str(path)]).stdout == once
        assert once == write(parse_file(example).records)
