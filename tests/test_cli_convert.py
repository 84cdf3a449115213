"""``palago convert`` and the commands that read records, given boardspace.net SGF files."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from palago_tools.cli import app

runner = CliRunner()
ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "docs" / "examples" / "boardspace-game.sgf"
NOTATION = ROOT / "docs" / "examples" / "palago-game.palago"


def test_convert_writes_notation_and_boardspace_and_back(tmp_path: Path) -> None:
    out = tmp_path / "game.palago"
    result = runner.invoke(app, ["convert", str(EXAMPLE), "--to", "palago", "-o", str(out)])
    assert result.exit_code == 0, result.output
    text = out.read_text(encoding="utf-8")
    assert '[Tiles "unlimited"]' in text and text.rstrip().endswith("1-0")
    sgf = tmp_path / "game.sgf"
    result = runner.invoke(app, ["convert", str(out), "--to", "BOARDSPACE", "-o", str(sgf)])
    assert result.exit_code == 0, result.output
    assert sgf.read_text(encoding="utf-8").startswith("(;\nGM[Palago]VV[1]\n")
    again = runner.invoke(app, ["convert", str(sgf), "--to", "palago"])
    assert again.exit_code == 0 and again.stdout == text


def test_convert_reads_standard_input() -> None:
    result = runner.invoke(
        app, ["convert", "-", "--to", "palago"], input=EXAMPLE.read_text(encoding="utf-8")
    )
    assert result.exit_code == 0, result.output
    assert '[Yellow "Anna"]' in result.stdout


def test_convert_never_overwrites_its_input(tmp_path: Path) -> None:
    game = tmp_path / "game.sgf"
    game.write_bytes(EXAMPLE.read_bytes())
    (tmp_path / "link.sgf").symlink_to(game)
    for target in (game, tmp_path / "link.sgf", tmp_path / "." / "game.sgf"):
        result = runner.invoke(app, ["convert", str(game), "--to", "palago", "-o", str(target)])
        assert result.exit_code == 2
        assert "would overwrite the input" in result.output
    assert game.read_bytes() == EXAMPLE.read_bytes()


def test_convert_reports_bad_usage_and_missing_files(tmp_path: Path) -> None:
    result = runner.invoke(app, ["convert", str(EXAMPLE), "--to", "pgn"])
    assert result.exit_code == 2 and "--to is boardspace or palago, not 'pgn'" in result.output
    result = runner.invoke(app, ["convert", str(tmp_path / "none.sgf"), "--to", "palago"])
    assert result.exit_code == 2 and "cannot read" in result.output
    result = runner.invoke(
        app, ["convert", str(EXAMPLE), "--to", "palago", "-o", str(tmp_path / "no" / "x.palago")]
    )
    assert result.exit_code == 2 and "cannot write" in result.output
    empty = tmp_path / "empty.sgf"
    empty.write_text("  \n", encoding="utf-8")
    result = runner.invoke(app, ["convert", str(empty), "--to", "boardspace"])
    assert result.exit_code == 1 and "holds no records" in result.output


def test_records_without_a_boardspace_form_are_reported_and_the_rest_converted(
    tmp_path: Path,
) -> None:
    mixed = tmp_path / "mixed.palago"
    mixed.write_text(
        '[Kind "Position"]\n0,0R\n\n' + NOTATION.read_text(encoding="utf-8"), encoding="utf-8"
    )
    result = runner.invoke(app, ["convert", str(mixed), "--to", "boardspace"])
    assert result.exit_code == 1
    assert (
        f"palago: {mixed}: record 1 (line 1): a Position record has no boardspace form: only "
        "Palago games do"
    ) in result.output
    assert result.stdout.count("GM[Palago]") == 1


def test_a_bad_sgf_file_is_reported_with_its_place(tmp_path: Path) -> None:
    bad = tmp_path / "bad.sgf"
    bad.write_text("(;GM[Palago]SU[palago 2 1 101]\n;P0[0 Start P0]\n;P0[1 Dropb J 9 5])\n")
    result = runner.invoke(app, ["convert", str(bad), "--to", "palago"])
    assert result.exit_code == 1
    assert result.output.splitlines()[:3] == [
        f"{bad}:3:17: '5' is not a chip; boardspace's chips are 0 (yellow tip L), 1 (R) and 2 (D)",
        "    ;P0[1 Dropb J 9 5])",
        "                    ^",
    ]


def test_every_command_that_reads_records_reads_boardspace_records(tmp_path: Path) -> None:
    result = runner.invoke(app, ["replay", str(EXAMPLE), "--moves"])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith(
        "Record 1 (line 1): Palago, 7 turns, 13 tiles: Yellow (Anna) won"
    )
    page = tmp_path / "game.html"
    result = runner.invoke(app, ["replay", str(EXAMPLE), "--html", str(page)])
    assert result.exit_code == 0, result.output
    assert "Anna" in page.read_text(encoding="utf-8")
    result = runner.invoke(app, ["fmt", str(EXAMPLE)])
    assert result.exit_code == 0 and '[Site "boardspace.net"]' in result.stdout
    drawing = tmp_path / "t6.svg"
    result = runner.invoke(app, ["diagram", str(EXAMPLE), "--turn", "6", "-o", str(drawing)])
    assert result.exit_code == 0, result.output
    assert "<svg" in drawing.read_text(encoding="utf-8")
    result = runner.invoke(app, ["analyse", "--threats", f"{EXAMPLE}:1", "--turn", "6"])
    assert result.exit_code == 0, result.output
    assert "-1,0R completes a yellow creature" in result.stdout
    annotated = tmp_path / "annotated.palago"
    result = runner.invoke(app, ["annotate", str(EXAMPLE), "-o", str(annotated)])
    assert result.exit_code == 0, result.output
    assert '[Yellow "Anna"]' in annotated.read_text(encoding="utf-8")


def test_serve_refuses_to_rewrite_a_boardspace_record() -> None:
    result = runner.invoke(app, ["serve", str(EXAMPLE), "--port", "0"])
    assert result.exit_code == 1
    assert "is a boardspace.net record, and palago serve rewrites its file" in result.output


def test_a_game_whose_supply_ran_out_is_refused_in_one_line(tmp_path: Path) -> None:
    """Drawn when its 4 tiles ran out: boardspace would read it as unfinished, so it has no
    boardspace form (exit 1, one line); the game after it is converted."""
    games = tmp_path / "supply.palago"
    games.write_text(
        '[Kind "Palago"]\n[Tiles "4"]\n\n1. 0,0R 0,1L 2. -1,0R -1,1R 1/2-1/2\n\n'
        + NOTATION.read_text(encoding="utf-8"),
        encoding="utf-8",
    )
    result = runner.invoke(app, ["convert", str(games), "--to", "boardspace"])
    assert result.exit_code == 1
    refusal = [line for line in result.output.splitlines() if line.startswith("palago: ")]
    assert refusal == [
        f"palago: {games}: record 1 (line 1): a game whose supply of 4 tiles ran out has no "
        "boardspace form: boardspace's supply is unlimited, so it would read the end of this "
        "game differently"
    ]
    assert result.stdout.count("GM[Palago]") == 1


def test_nothing_is_written_when_no_record_converts(tmp_path: Path) -> None:
    source = tmp_path / "one-one-two.palago"
    source.write_text('[Kind "Palago"]\n[Variant "1-1-2"]\n1. 0,0R 2. 0,1L *\n', encoding="utf-8")
    target = tmp_path / "out.sgf"
    result = runner.invoke(app, ["convert", str(source), "--to", "boardspace", "-o", str(target)])
    assert result.exit_code == 1
    assert "no record could be converted; nothing written" in result.output
    assert not target.exists()
