"""The printable score pads and record sheets (palago_tools.printing): page sizes, fonts, text."""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from palago_tools.errors import OutputError
from palago_tools.printing import (
    LANGUAGES,
    game_record_sheet,
    palago_match_sheet,
    palagonia_pad,
    write_pdf,
)
from palago_tools.printing.scorepads import grid_cells
from palago_tools.printing.strings import text

SIZES = {"A4": (595.28, 841.89), "Letter": (612.0, 792.0)}


@cache
def _reader(sheet: str, paper: str, lang: str, extra: Any = None) -> PdfReader:
    if sheet == "pad":
        data = palagonia_pad(extra, paper, lang)  # type: ignore[arg-type]
    elif sheet == "match":
        data = palago_match_sheet(paper, lang)  # type: ignore[arg-type]
    else:
        data = game_record_sheet(paper, lang, extra)  # type: ignore[arg-type]
    return PdfReader(io.BytesIO(data))


SHEETS: list[tuple[str, Any]] = [
    ("pad", 3),
    ("pad", 10),
    ("match", None),
    ("record", "palago"),
    ("record", "palagonia"),
]


def _text(reader: PdfReader) -> str:
    return "\n".join(page.extract_text() for page in reader.pages)


def _fonts(reader: PdfReader) -> list[Any]:
    fonts: dict[str, Any] = {}
    for page in reader.pages:
        resources: Any = page["/Resources"].get_object()
        for ref in resources.get("/Font", {}).values():
            font = ref.get_object()
            fonts[str(font["/BaseFont"])] = font
    return list(fonts.values())


@pytest.mark.parametrize("paper", ["A4", "Letter"])
@pytest.mark.parametrize(("sheet", "extra"), SHEETS)
def test_page_sizes(sheet: str, extra: Any, paper: str) -> None:
    reader = _reader(sheet, paper, "EN", extra)
    width, height = SIZES[paper]
    for page in reader.pages:
        assert float(page.mediabox.width) == pytest.approx(width, abs=0.01)
        assert float(page.mediabox.height) == pytest.approx(height, abs=0.01)


@pytest.mark.parametrize(("sheet", "extra"), SHEETS)
def test_fonts_embedded_and_print_scaling_none(sheet: str, extra: Any) -> None:
    reader = _reader(sheet, "A4", "RU", extra)
    fonts = _fonts(reader)
    assert fonts
    for font in fonts:
        assert "DejaVuSans" in str(font["/BaseFont"])
        for descendant in font.get("/DescendantFonts", [font]):
            descriptor = descendant.get_object()["/FontDescriptor"].get_object()
            assert "/FontFile2" in descriptor, font
    root: Any = reader.trailer["/Root"]
    assert root["/ViewerPreferences"]["/PrintScaling"] == "/None"


WORDS = {
    "EN": ["Palagonia", "Scoring", "shell", "limb", "Total"],
    "RU": ["Палагония", "Подсчёт очков", "оболочку", "конечность", "Итого"],
    "FR": ["Palagonia", "Décompte des points", "boucle", "patte", "supplémentaire"],
    "HU": ["Palagónia", "Pontozás", "hurok", "lábanként", "Összesen"],
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_pad_text_in_each_language(lang: str) -> None:
    content = _text(_reader("pad", "A4", lang, 5))
    for word in WORDS[lang]:
        assert word in content, word
    for key in ("rule_small", "rule_rotation"):
        assert text(key, lang) in content


def test_language_specific_letters_are_extractable() -> None:
    assert re.search("[а-яё]", _text(_reader("pad", "A4", "RU", 3)))
    assert "é" in _text(_reader("match", "A4", "FR"))
    assert "ő" in _text(_reader("record", "A4", "HU", "palagonia"))
    assert "Палаго" in _text(_reader("record", "A4", "RU", "palago"))


@pytest.mark.parametrize("players", [3, 10])
def test_pad_has_a_column_per_player(players: int) -> None:
    reader = _reader("pad", "A4", "EN", players)
    assert len(reader.pages) == (2 if players == 3 else 3)  # two sets: a continuation sheet
    for page in reader.pages:
        lines = page.extract_text().splitlines()
        assert lines.count("Σ") >= players
        assert lines.count("points") == players
        for seat in range(1, players + 1):
            assert str(seat) in lines


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_pad_rows_are_numbered_across_both_pages(paper: str) -> None:
    reader = _reader("pad", paper, "FR", 10)
    numbers = [
        [int(line) for line in page.extract_text().splitlines() if line.isdigit()]
        for page in reader.pages
    ]
    first = [n for n in numbers[0] if n > 10]  # row numbers beyond the seat numbers 1..10
    assert first and first == list(range(11, first[-1] + 1))
    assert max(numbers[1]) > first[-1] + 30  # page 2 goes on where page 1 stopped
    assert first[-1] + 1 in numbers[1]


def test_pad_rows_cover_a_long_game() -> None:
    # Each turn row has one extra-turn box; 48 tiles make games of 40 to 60 turns.
    for paper in ("A4", "Letter"):
        data = palagonia_pad(4, paper, "EN")
        reader = PdfReader(io.BytesIO(data))
        words = reader.pages[1].extract_text().split()
        assert "Brought" in words and "forward" in words and "Total" in words
        assert len(reader.pages) == 2
    assert _rows(palagonia_pad) >= 70


def _rows(make: Callable[..., bytes]) -> int:
    """The number of turn rows: one 5.5 pt extra-turn box is drawn per row."""
    reader = PdfReader(io.BytesIO(make(3, "Letter", "EN")))
    count = 0
    for page in reader.pages:
        contents = page.get_contents()
        assert contents is not None
        count += len(re.findall(rb" 5\.5 5\.5 re", contents.get_data()))
    return count - 2  # the two boxes in the legends


def test_pad_rejects_bad_arguments() -> None:
    with pytest.raises(OutputError):
        palagonia_pad(2)
    with pytest.raises(OutputError):
        palagonia_pad(11)
    with pytest.raises(OutputError):
        palagonia_pad(4, "A5")  # type: ignore[arg-type]
    with pytest.raises(OutputError):
        palago_match_sheet("A4", "DE")  # type: ignore[arg-type]
    with pytest.raises(OutputError):
        game_record_sheet("A4", "EN", "chess")  # type: ignore[arg-type]


def test_match_sheet_columns() -> None:
    content = _text(_reader("match", "A4", "EN"))
    for word in (
        "Player A",
        "Player B",
        "Yellow",
        "Blue",
        "Moved first",
        "Turns",
        "Result",
        "Match total",
        "1/2-1/2",
    ):
        assert word in content, word
    assert "25" in content.split() and "26" not in content.split()  # 25 games on A4


@pytest.mark.parametrize("kind", ["palago", "palagonia"])
def test_record_sheet_has_the_grid_coordinates(kind: str) -> None:
    reader = _reader("record", "A4", "EN", kind)
    words = reader.pages[0].extract_text().split()
    for cell in ("0,0", "1,-1", "-7,0", "7,-7", "0,7", "-3,5"):
        assert cell in words, cell
    assert len(grid_cells()) == 169
    assert "0,0R" in reader.pages[0].extract_text()


def test_record_sheet_lines() -> None:
    palago = _text(_reader("record", "A4", "FR", "palago"))
    assert "Jaune" in palago and "Bleu" in palago
    assert "25." in palago.split()  # every turn of a 48-tile game has a numbered line
    palagonia = _reader("record", "Letter", "EN", "palagonia")
    assert len(palagonia.pages) == 2
    assert "N+." in palagonia.pages[0].extract_text()
    assert "Final scores in seat order" in palagonia.pages[1].extract_text()


def test_output_is_reproducible_and_written_atomically(tmp_path: Path) -> None:
    first = palago_match_sheet("Letter", "HU")
    assert first == palago_match_sheet("Letter", "HU")
    target = write_pdf(tmp_path / "match.pdf", first)
    assert target.read_bytes() == first
    assert [p.name for p in tmp_path.iterdir()] == ["match.pdf"]


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_pads_for_two_sets_end_with_a_continuation_sheet(paper: str) -> None:
    """6 to 10 players play with two sets: a removal puts its tile back, so no row count holds
    every game; the last page has unnumbered rows between brought forward and total, to print
    again as often as needed. One set (3 to 5 players) keeps its two pages."""
    for players in range(6, 11):
        reader = _reader("pad", paper, "EN", players)
        assert len(reader.pages) == 3, players
        last = reader.pages[2].extract_text()
        assert "continuation sheet" in last and "Print this page as often" in last
        assert {"Brought", "forward", "Total"} <= set(last.split())
        numbers = [int(w) for w in last.split() if w.isdigit()]
        assert max(numbers) <= players + 3  # seats and the page number only: rows unnumbered
    for players in range(3, 6):
        assert len(_reader("pad", paper, "EN", players).pages) == 2
