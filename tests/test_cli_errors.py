"""The error boundary of the ``palago`` command: output mistakes, limits, exit codes, -h."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from palago_tools.cli import app
from palago_tools.errors import FileAccessError, LimitError, PalagoError, UsageError

runner = CliRunner()

GAME = '[Kind "Palago"]\n[Result "*"]\n\n1. 0,0R 0,1L 2. -1,0R -1,1R *\n'


def one_line_error(result: Result, code: int) -> str:
    """The single ``palago: …`` line of a failed run with ``code``; no traceback."""
    assert result.exit_code == code, (result.exit_code, result.output)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("palago: "), result.stderr
    return lines[0]


@pytest.fixture
def game(tmp_path: Path) -> Path:
    path = tmp_path / "game.palago"
    path.write_text(GAME, encoding="utf-8")
    return path


def test_outputs_in_a_missing_folder_or_onto_a_folder_are_messages(tmp_path: Path, game: Path) -> None:
    missing = tmp_path / "nodir" / "x"
    cases = [
        (["diagram", str(game), "-o", f"{missing}.svg"], f"cannot write {missing}.svg: No such file or directory"),
        (["replay", str(game), "--html", f"{missing}.html"], f"cannot write {missing}.html: No such file or directory"),
        (["transform", "1", "2", "-o", f"{missing}.svg"], f"cannot write {missing}-before.svg: No such file"),
        (["replay", str(game), "--html", str(tmp_path)], f"cannot write {tmp_path}: it is a folder"),
        (["build", "-o", str(game)], f"cannot write {game}: it is not a folder"),
        (["figures", "-o", str(game)], f"cannot write {game}: it is not a folder"),
        (["diagram", str(game), "-o", "/proc/palago.svg"], "cannot write /proc/palago.svg: "),
    ]
    for args, message in cases:
        line = one_line_error(runner.invoke(app, args), 2)
        assert message in line, (args, line)
    assert game.read_text(encoding="utf-8") == GAME


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--scale", "200", "-o", "{tmp}/x.png"], "the PNG scale must be above 0 and at most 20"),
        (["--scale", "nan", "-o", "{tmp}/x.png"], "the PNG scale must be above 0"),
        (["--size", "1e6", "-o", "{tmp}/x.png"], "the tile size must be a number of points above 0 and at most 1000"),
        (["--size", "inf"], "at most 1000, not inf"),
        (["--size", "nan", "-o", "{tmp}/x.pdf"], "not nan"),
        (["--size", "900", "--scale", "20", "-o", "{tmp}/x.png"], "a PNG is at most 40,000,000 pixels"),
    ],
)
def test_absurd_sizes_and_scales_name_the_limit(tmp_path: Path, game: Path, args: list[str], message: str) -> None:
    args = [a.replace("{tmp}", str(tmp_path)) for a in args]
    line = one_line_error(runner.invoke(app, ["diagram", str(game), *args]), 2)
    assert message in line
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.palago"]


@pytest.mark.parametrize(
    "body",
    ["0,0R 999999,-999999L", "0,0R 250,-250L", "0,0R 1,0L {[%highlight 999999,0]}"],
)
def test_a_board_too_wide_to_draw_names_the_limit(tmp_path: Path, body: str) -> None:
    path = tmp_path / "far.palago"
    path.write_text(f'[Kind "Position"]\n{body}\n', encoding="utf-8")
    for suffix in ("svg", "png", "pdf"):
        line = one_line_error(runner.invoke(app, ["diagram", str(path), "-o", str(tmp_path / f"x.{suffix}")]), 2)
        assert "a diagram shows at most 200 cells from one side to the other" in line


def test_huge_coordinates_in_analyse_are_a_located_limit() -> None:
    line = one_line_error(runner.invoke(app, ["analyse", "9" * 5000 + ",0R"]), 1)
    assert "coordinates have at most 6 digits" in line and len(line) < 400
    far = runner.invoke(app, ["analyse", "0,0R", "999999,-999999L"])
    assert far.exit_code == 0 and far.stdout.startswith("2 tiles, 0 creatures")


def test_help_has_a_short_option_and_shows_flags_as_flags() -> None:
    for args in (["-h"], ["replay", "-h"], ["diagram", "-h"]):
        result = runner.invoke(app, args)
        assert result.exit_code == 0 and "Usage:" in result.stdout
    text = runner.invoke(app, ["replay", "-h"]).stdout
    assert "<bool>" not in text and "--json " in text
    assert "--numbers / --no-numbers" in runner.invoke(app, ["diagram", "-h"]).stdout
    assert "Exit codes: 0 ok, 1 invalid content" in runner.invoke(app, ["-h"]).stdout


def test_unexpected_errors_and_interrupts_are_one_line(monkeypatch: pytest.MonkeyPatch, game: Path) -> None:
    import palago_tools.cli.replay as replay_cli

    def interrupted(*args: object, **kwargs: object) -> object:
        raise KeyboardInterrupt

    monkeypatch.setattr(replay_cli, "replay", interrupted)
    result = runner.invoke(app, ["replay", str(game)])
    assert result.exit_code == 130 and result.stderr.strip() == "palago: interrupted"

    def broken(*args: object, **kwargs: object) -> object:
        raise ZeroDivisionError("boom")

    monkeypatch.setattr(replay_cli, "replay", broken)
    result = runner.invoke(app, ["replay", str(game)])
    assert "bug in palago-tools" in one_line_error(result, 3)


def test_error_classes_carry_their_exit_code() -> None:
    assert PalagoError("x").exit_code == 1
    assert UsageError("x").exit_code == 2 and LimitError("x").exit_code == 2
    error = FileAccessError("read", "a.palago", FileNotFoundError(2, "No such file or directory"))
    assert isinstance(error, OSError) and isinstance(error, PalagoError) and error.exit_code == 2
    assert str(error) == "cannot read a.palago: No such file or directory" and error.errno == 2
