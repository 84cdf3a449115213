"""``palago build``: everything printable written into one folder, atomically, with a summary."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from palago_tools.cli import app
from palago_tools.errors import OutputError
from palago_tools.printing import SheetOptions
from palago_tools.printing import build as build_module
from palago_tools.printing.build import BuildError, BuildOptions, Product, build, products
from palago_tools.shipped import shipped_folder

from .rasters import needs_cairo, needs_cmyk_profile


@needs_cairo
def test_build_writes_every_product(tmp_path: Path) -> None:
    written = list(build(tmp_path, BuildOptions(SheetOptions(paper="Letter", lang="RU"))))
    assert [w.path for w in written] == [
        tmp_path / p.path for p in products(BuildOptions(SheetOptions("Letter", "RU")))
    ]
    assert all(w.path.stat().st_size == w.size > 0 for w in written)
    pad = PdfReader(tmp_path / "score-pads" / "palagonia-10-players-ru-letter.pdf")
    assert [float(v) for v in pad.pages[0].mediabox[2:]] == [612.0, 792.0]
    assert (tmp_path / "figures" / "ru" / "openings.png").read_bytes().startswith(b"\x89PNG")
    assert (tmp_path / "figures" / "ru" / "openings.pdf").read_bytes().startswith(b"%PDF")
    assert "возможных" in (tmp_path / "figures" / "ru" / "openings.svg").read_text(encoding="utf-8")
    assert len(list((tmp_path / "cards" / "png").glob("*-ru.png"))) == 15  # 14 cards and the back
    assert len(list((tmp_path / "cards" / "png" / "bleed").glob("*-ru.png"))) == 15
    assert (tmp_path / "cards" / "png" / "back-ru.png").exists()
    assert len(PdfReader(tmp_path / "cards" / "duplex-test-ru-letter.pdf").pages) == 2
    shop = PdfReader(tmp_path / "cards" / "cards-print-shop-ru-poker.pdf")
    assert "/TrimBox" in shop.pages[0] and "/BleedBox" in shop.pages[0]
    solutions = PdfReader(tmp_path / "solutions" / "solutions-ru-letter.pdf")
    assert "Пала-верблюд" in "".join(page.extract_text() for page in solutions.pages)
    assert not list(tmp_path.rglob("*.tmp")) and not list(tmp_path.rglob(".*"))


def test_a_failure_names_the_product_and_keeps_earlier_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken() -> bytes:
        raise OutputError("the printer ran out of ink")

    real = products(BuildOptions())
    monkeypatch.setattr(
        build_module,
        "products",
        lambda options: [real[0], Product("x/broken.pdf", "card 7 (Pala-star)", broken), real[1]],
    )
    done = []
    with pytest.raises(
        BuildError, match=r"card 7 \(Pala-star\) \(x/broken.pdf\): the printer ran out of ink"
    ):
        for item in build(tmp_path):
            done.append(item)
    assert len(done) == 1 and done[0].path.exists()
    assert not (tmp_path / "x" / "broken.pdf").exists()


@needs_cairo
def test_the_command_prints_a_summary_and_refuses_unknown_choices(tmp_path: Path) -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["build", "-o", str(tmp_path / "out"), "--lang", "fr"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[-1].startswith(f"{len(products(BuildOptions()))} files, ")
    assert any(
        "palagonia-3-players-fr-a4.pdf" in line and "Palagonia score pad, 3 players" in line
        for line in lines
    )
    bad = runner.invoke(app, ["build", "-o", str(tmp_path / "out"), "--paper", "B5"])
    assert bad.exit_code == 2 and "unknown paper 'B5'; the papers are A4, Letter" in bad.stderr
    tiny = runner.invoke(app, ["build", "-o", str(tmp_path / "out"), "--card-size", "10x10"])
    assert tiny.exit_code == 2 and "a card of 10×10 mm is out of range" in tiny.stderr


@needs_cmyk_profile
def test_sheet_options_reach_the_card_files(tmp_path: Path) -> None:
    runner = CliRunner()
    out = tmp_path / "out"
    catalog = tmp_path / "catalog"
    catalog.mkdir()
    for card in shipped_folder("cards", "palago_tools.cards").iterdir():
        if card.name.startswith(("01-", "02-")):
            (catalog / card.name).write_text(card.read_text(encoding="utf-8"), encoding="utf-8")
    result = runner.invoke(
        app,
        [
            "build",
            "-o",
            str(out),
            "--lang",
            "hu",
            "--cmyk",
            "--interleave",
            "--corner-radius",
            "3",
            "--gutter",
            "4",
            "--duplex-offset",
            "0.5,-1",
            "--catalog",
            str(catalog),
        ],
    )
    assert result.exit_code == 0, result.output
    shop = PdfReader(out / "cards" / "cards-print-shop-hu-poker-cmyk.pdf")
    assert "/OutputIntents" in shop.trailer["/Root"]
    assert len(shop.pages) == 2 * 2  # interleaved fronts and backs; the die line is a file
    assert (out / "cards" / "cards-die-line-hu-poker.pdf").exists()
    assert (out / "figures" / "hu" / "fork.pdf").exists()
    bad = runner.invoke(app, ["build", "-o", str(out), "--duplex-offset", "1;2"])
    assert bad.exit_code == 2 and "the duplex offset is X,Y in millimetres" in bad.stderr
    far = runner.invoke(app, ["build", "-o", str(out), "--duplex-offset", "0,30"])
    assert far.exit_code == 2 and "more than 10 mm" in far.stderr


def test_without_cairo_the_build_writes_everything_but_the_pngs_and_says_why(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As on a machine without libcairo2: every PDF and SVG is written, each PNG left out, and
    the summary says how many and which package to install; the build still succeeds."""
    from palago_tools.render import png

    reason = (
        "PNG output needs the cairo library, which is not installed (no library called "
        '"cairo-2" was found): install it with apt-get install libcairo2 (Debian, Ubuntu) or '
        "your system's cairo package"
    )
    monkeypatch.setattr(png, "_cairosvg", lambda: reason)
    catalog = tmp_path / "catalog"
    catalog.mkdir()
    for card in shipped_folder("cards", "palago_tools.cards").iterdir():
        if card.name.startswith("01-"):
            (catalog / card.name).write_text(card.read_text(encoding="utf-8"), encoding="utf-8")
    out = tmp_path / "out"
    result = CliRunner().invoke(app, ["build", "-o", str(out), "--catalog", str(catalog)])
    assert result.exit_code == 0, result.output
    made = products(BuildOptions(SheetOptions(), catalog))
    pngs = [p for p in made if p.path.endswith(".png")]
    assert pngs and not list(out.rglob("*.png"))
    assert all((out / p.path).is_file() for p in made if not p.path.endswith(".png"))
    assert f"palago: left out {len(pngs)} files: {reason}" in result.stderr
    assert result.stdout.splitlines()[-1].startswith(f"{len(made) - len(pngs)} files, ")


@needs_cmyk_profile
@pytest.mark.parametrize("gs", [True, False], ids=["with-gs", "without-gs"])
def test_the_build_prints_the_preflight_of_its_press_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, gs: bool
) -> None:
    """``palago build --shop drivethrucards`` prints the preflight of each press file (the
    largest coverage, the limit and its source, every page's figure); without Ghostscript it
    still writes them and says that the coverage was not measured and which package measures
    it."""
    import importlib

    from palago_tools.printing import preflight as preflight_module

    if gs and preflight_module.ghostscript() is None:
        pytest.skip("needs Ghostscript's gs to measure the ink: apt-get install ghostscript")
    if not gs:
        monkeypatch.setattr(preflight_module, "ghostscript", lambda: None)
    sheet = SheetOptions(size="poker")
    from palago_tools.printing.shops import for_shop

    press = [p for p in products(BuildOptions(for_shop(sheet, "drivethrucards"))) if p.press]
    assert [p.path.split("/")[0] for p in press] == ["cards", "puzzles"]
    monkeypatch.setattr(build_module, "products", lambda options: press)
    monkeypatch.setattr(
        importlib.import_module("palago_tools.cli.build"), "products", lambda o: press
    )
    out = tmp_path / "out"
    result = CliRunner().invoke(app, ["build", "-o", str(out), "--shop", "drivethrucards"])
    assert result.exit_code == 0, result.output
    assert all((out / p.path).is_file() for p in press)
    assert "preflight of 2 press files" in result.stdout
    assert result.stdout.count("DriveThruCards' Specifications for Print Cards") == 2
    if gs:
        assert result.stdout.count("≤ 240 %") == 2 and "p28 239.2 %" in result.stdout
        assert "FAILS" not in result.stdout and "not measured" not in result.stderr
    else:
        assert result.stdout.count("coverage not measured") == 2
        assert (
            "palago: the preflight did not measure the ink coverage: no Ghostscript: "
            "apt-get install ghostscript" in result.stderr
        )
