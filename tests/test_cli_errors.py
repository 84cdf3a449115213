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


def test_outputs_in_a_missing_folder_or_onto_a_folder_are_messages(
    tmp_path: Path, game: Path
) -> None:
    missing = tmp_path / "nodir" / "x"
    cases = [
        (
            ["diagram", str(game), "-o", f"{missing}.svg"],
            f"cannot write {missing}.svg: No such file or directory",
        ),
        (
            ["replay", str(game), "--html", f"{missing}.html"],
            f"cannot write {missing}.html: No such file or directory",
        ),
        (
            ["transform", "1", "2", "-o", f"{missing}.svg"],
            f"cannot write {missing}-before.svg: No such file",
        ),
        (
            ["replay", str(game), "--html", str(tmp_path)],
            f"cannot write {tmp_path}: it is a folder",
        ),
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
        (["--scale", "200", "-o", "{tmp}/x.png"], "the PNG scale must be from 0.1 to 20"),
        (["--scale", "nan", "-o", "{tmp}/x.png"], "the PNG scale must be from 0.1"),
        (
            ["--size", "1e6", "-o", "{tmp}/x.png"],
            "the tile size must be a number of points from 1 to 1000",
        ),
        (["--size", "inf"], "to 1000, not inf"),
        (["--size", "nan", "-o", "{tmp}/x.pdf"], "not nan"),
        (
            ["--size", "900", "--scale", "20", "-o", "{tmp}/x.png"],
            "a PNG is at most 40,000,000 pixels",
        ),
    ],
)
def test_absurd_sizes_and_scales_name_the_limit(
    tmp_path: Path, game: Path, args: list[str], message: str
) -> None:
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
        line = one_line_error(
            runner.invoke(app, ["diagram", str(path), "-o", str(tmp_path / f"x.{suffix}")]), 2
        )
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


def test_unexpected_errors_and_interrupts_are_one_line(
    monkeypatch: pytest.MonkeyPatch, game: Path
) -> None:
    import palago_tools.replays.archive as replay_cli

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


def test_a_pdf_page_is_at_most_200_inches(tmp_path: Path) -> None:
    path = tmp_path / "row.palago"
    path.write_text(
        '[Kind "Position"]\n' + " ".join(f"{q},0R" for q in range(12)) + "\n", encoding="utf-8"
    )
    line = one_line_error(
        runner.invoke(app, ["diagram", str(path), "--size", "1000", "-o", str(tmp_path / "x.pdf")]),
        2,
    )
    assert "a page is at most 14400 pt (200 inches)" in line
    assert (
        runner.invoke(
            app, ["diagram", str(path), "--size", "200", "-o", str(tmp_path / "x.pdf")]
        ).exit_code
        == 0
    )


def test_fmt_in_place_writes_through_a_symbolic_link(tmp_path: Path) -> None:
    target = tmp_path / "real.palago"
    target.write_text('[Kind "Position"]\n0,0R   1,0L\n', encoding="utf-8")
    link = tmp_path / "link.palago"
    link.symlink_to(target)
    result = runner.invoke(app, ["fmt", "--in-place", str(link)])
    assert result.exit_code == 0, result.output
    assert link.is_symlink() and link.resolve() == target
    assert target.read_text(encoding="utf-8") == '[Kind "Position"]\n\n0,0R 1,0L\n'


def test_transform_wants_creatures_and_a_record_number_after_the_colon(
    tmp_path: Path, game: Path
) -> None:
    line = one_line_error(runner.invoke(app, ["transform", str(game), "1"]), 1)
    assert "is not a creature" in line
    line = one_line_error(runner.invoke(app, ["transform", f"{game}:x", "1"]), 2)
    assert f"after FILE: comes a record number, as in {game}:2" in line
    line = one_line_error(runner.invoke(app, ["transform", f"{game}:5", "1"]), 2)
    assert "has 1 record, not 5" in line


def test_a_catalog_is_a_card_file_or_a_folder_and_an_empty_or_broken_one_is_named(
    tmp_path: Path,
) -> None:
    cards = Path(__file__).resolve().parent.parent / "cards"
    virus = tmp_path / "virus.palago"
    virus.write_text('[Kind "Creature"]\n-1,0R -1,1R 0,-1D 0,0R 0,1L\n', encoding="utf-8")
    for catalog in (cards / "01-pala-virus.palago", cards):
        result = runner.invoke(app, ["check", str(virus), "--catalog", str(catalog)])
        assert result.exit_code == 0 and "card 1 (Pala-virus)" in result.stdout, result.output
    empty = tmp_path / "empty"
    empty.mkdir()
    line = one_line_error(runner.invoke(app, ["check", str(virus), "--catalog", str(empty)]), 1)
    assert f"the catalog {empty} holds no cards" in line
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "07-bad.palago").write_text(
        '[Kind "Creature"]\n[Card "7"]\n0,0R 1,0L\n', encoding="utf-8"
    )
    result = runner.invoke(app, ["build", "-o", str(tmp_path / "out"), "--catalog", str(broken)])
    assert (
        result.exit_code == 1
        and "07-bad.palago" in result.stderr
        and "Traceback" not in result.output
    )
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())


def test_generate_writes_each_creature_as_found_and_stops_when_no_new_one_comes() -> None:
    result = runner.invoke(app, ["generate", "--tiles", "5", "--count", "4"])
    assert result.exit_code == 0
    assert result.stdout.count('[Kind "Creature"]') == 1
    assert "found 1 distinct creature of 5 tiles, not 4" in result.stderr
    many = runner.invoke(app, ["generate", "--tiles", "9", "--count", "3", "--no-progress"])
    assert many.exit_code == 0 and many.stdout.count('[Kind "Creature"]') == 3 and many.stderr == ""


def test_every_command_that_reads_records_reads_standard_input(tmp_path: Path) -> None:
    virus = '[Kind "Creature"]\n-1,0R -1,1R 0,-1D 0,0R 0,1L\n'
    for args in (
        ["replay", "-"],
        ["check", "-"],
        ["fmt", "-"],
        ["diagram", "-"],
        ["transform", "-", "1"],
    ):
        result = runner.invoke(app, args, input=virus)
        assert result.exit_code == 0, (args, result.output)
    empty = runner.invoke(app, ["replay", "-"], input="")
    assert (
        empty.exit_code == 1
        and empty.stderr.strip() == "palago: <stdin> holds no records (it is empty)"
    )


def test_an_unreadable_record_chosen_by_number_shows_its_located_error(tmp_path: Path) -> None:
    path = tmp_path / "two.palago"
    path.write_text('[Kind "Position"]\n0,0R 1,1X\n\n[Kind "Position"]\n0,0R\n', encoding="utf-8")
    for args in (
        ["diagram", str(path), "--record", "1"],
        ["replay", str(path), "--html", str(tmp_path / "v.html")],
    ):
        result = runner.invoke(app, args)
        assert result.exit_code == 1 and "Traceback" not in result.output
        assert result.stderr.startswith(f"{path}:2:9: 'X' is not an orientation"), result.stderr
        assert result.stderr.splitlines()[1:] == ["    0,0R 1,1X", "            ^"]
    second = runner.invoke(app, ["diagram", str(path), "--record", "2"])
    assert second.exit_code == 0 and second.stdout.startswith("<?xml") or "<svg" in second.stdout
    assert not (tmp_path / "v.html").exists()
