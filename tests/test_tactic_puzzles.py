"""Tactic puzzles: every sample and shipped puzzle has exactly the answer it states, its cards
draw in every language, and ``palago build`` prints the shipped set."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

from palago_tools.printing.build import BuildOptions, products
from palago_tools.notation import parse_file
from palago_tools.printing import SheetOptions, sheet_layout
from palago_tools.render.png import to_png
from palago_tools.notation import records as rec
from palago_tools.printing.puzzle_cards import (
    puzzle_back,
    puzzle_front,
    puzzle_png,
    puzzle_sheet_drawings,
    puzzle_sheets,
    to_play,
)
from palago_tools.rules import Palago
from palago_tools.rules.palago import tiles_left_after
from palago_tools.replays.tactic_puzzles import TacticPuzzle, puzzle_of, shipped_puzzles
from palago_tools.tactics import Fork, examine_move, forced_wins, immediate_wins

from .rasters import needs_cmyk_profile, pdf_pages

SAMPLE = Path(__file__).parent.parent / "docs" / "samples" / "tactic-puzzles.palago"


def _puzzles() -> list[TacticPuzzle]:
    records = parse_file(SAMPLE).records
    return [puzzle_of(r) for r in records if isinstance(r, rec.PositionRecord)]


def test_the_sample_has_nine_puzzles() -> None:
    assert len(_puzzles()) == 9


def _check_answer(puzzle: TacticPuzzle) -> None:
    """The side to move wins: at once with the stated tiles and no other turn, or, with no
    immediate win, by the stated fork."""
    position = puzzle.record.position()
    left = tiles_left_after(position)
    wins = immediate_wins(position, puzzle.mover, tiles_left=left)
    assert dict(puzzle.record.tags)["X-Claim"] == f"{puzzle.mover.value} wins in {puzzle.turns}"
    if puzzle.turns == 1:
        assert [w.tiles for w in wins] == [puzzle.answer]
        played = Palago.from_position(position, puzzle.mover, left).play(puzzle.answer)
        assert played.winner is puzzle.mover
    else:
        assert wins == ()
        fork = examine_move(position, puzzle.mover, puzzle.answer, tiles_left=left)
        assert isinstance(fork, Fork)
        assert {w.tiles for w in fork.threats} == {w.tiles for w in puzzle.threats}


@pytest.mark.parametrize("index", range(9))
def test_each_sample_puzzle_has_its_one_answer(index: int) -> None:
    _check_answer(_puzzles()[index])


def test_the_shipped_set_fills_whole_sheets_with_wins_in_one_and_in_two() -> None:
    puzzles = shipped_puzzles()
    assert len(puzzles) == 18
    assert {p.turns for p in puzzles} == {1, 2}
    assert all(dict(p.record.tags)["Source"].startswith("palago puzzles --count 18 --seed 2026:") for p in puzzles)


@pytest.mark.parametrize("index", range(18))
def test_each_shipped_puzzle_has_its_answer(index: int) -> None:
    _check_answer(shipped_puzzles()[index])


@pytest.mark.slow
@pytest.mark.parametrize("index", range(18))
def test_each_shipped_win_in_two_has_one_fork_only(index: int) -> None:
    """The fork search (every fork that makes a threat, see docs/tactics.md) finds the stated
    answer and no other."""
    puzzle = shipped_puzzles()[index]
    if puzzle.turns == 1:
        return
    position = puzzle.record.position()
    forks = forced_wins(position, puzzle.mover, tiles_left=tiles_left_after(position), limit=2)
    assert [frozenset(f.tiles) for f in forks] == [frozenset(puzzle.answer)]


def test_cards_in_every_language_and_the_sheet() -> None:
    puzzle = _puzzles()[0]
    for lang in ("EN", "RU", "FR", "HU"):
        front = puzzle_front(puzzle, 1, lang)
        texts = [i.text for i in front.items if hasattr(i, "text")]
        assert to_play(puzzle, lang)[0] in texts
        back = puzzle_back(puzzle, 1, lang)
        assert any(puzzle.answer[0].token in t for t in (i.text for i in back.items if hasattr(i, "text")))
    pages = puzzle_sheet_drawings(_puzzles()[:8])  # 4×2 on A4 (landscape)
    assert [p.title for p in pages] == ["Fronts, sheet 1", "Backs, sheet 1"]
    assert [p.title for p in puzzle_sheet_drawings(_puzzles())][2:] == ["Fronts, sheet 2", "Backs, sheet 2"]
    assert puzzle_png(puzzle, 1, back=True, scale=1.0).startswith(b"\x89PNG")


def _not_blank(png: bytes) -> None:
    """A page with drawing on it: many colours, and a good part of it not white."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    colours = image.getcolors(maxcolors=1 << 20) or []
    white = sum(n for n, c in colours if min(c) > 245)
    assert len(colours) > 50
    assert white < 0.9 * image.width * image.height


@pytest.mark.parametrize("lang", ["EN", "RU", "FR", "HU"])
def test_build_prints_the_shipped_puzzles_in_every_language(lang: str, tmp_path: Path) -> None:
    options = BuildOptions(SheetOptions(paper="Letter", lang=lang, palette="greyscale"))
    made = [p for p in products(options) if p.path.startswith("puzzles/")]
    assert [p.path for p in made] == [
        f"puzzles/tactic-puzzles-home-{lang.lower()}-letter.pdf",
        f"puzzles/tactic-puzzles-print-shop-{lang.lower()}-poker.pdf",
        "puzzles/tactic-puzzles.palago",
    ]
    home = PdfReader(io.BytesIO(made[0].make()))
    per_sheet = sheet_layout("Letter", "poker").per_sheet  # 3×2 poker cards on Letter
    assert len(home.pages) == 2 * -(-18 // per_sheet)  # each fronts page followed by its backs
    assert [float(v) for v in home.pages[0].mediabox[2:]] == [792.0, 612.0]  # landscape
    text = home.pages[0].extract_text()
    puzzles = shipped_puzzles()
    assert to_play(puzzles[0], lang)[0] in text and to_play(puzzles[1], lang)[1] in text
    backs = home.pages[1].extract_text()
    assert f"{puzzles[0].answer[0].token}" in backs
    assert made[2].make() == (Path(__file__).parent.parent / "palago_tools" / "data" / "tactic-puzzles.palago").read_bytes()


@needs_cmyk_profile
def test_the_print_shop_file_has_every_front_then_every_answer(tmp_path: Path) -> None:
    options = SheetOptions(lang="FR", size="bridge", cmyk=True)
    made = {p.path: p for p in products(BuildOptions(options))}
    shop = PdfReader(io.BytesIO(made["puzzles/tactic-puzzles-print-shop-fr-bridge-cmyk.pdf"].make()))
    assert len(shop.pages) == 36
    assert "/TrimBox" in shop.pages[0] and "/OutputIntents" in shop.trailer["/Root"]
    assert "Jaune joue et gagne" in shop.pages[0].extract_text() or "Bleu joue et gagne" in shop.pages[0].extract_text()
    assert "Solution" in shop.pages[18].extract_text()


def test_a_rendered_puzzle_page_is_not_blank(tmp_path: Path) -> None:
    pdf = puzzle_sheets(shipped_puzzles()[:9], SheetOptions(lang="HU"))
    for page in pdf_pages(pdf, 40 / 72, range(2)):
        out = io.BytesIO()
        page.save(out, format="PNG")
        _not_blank(out.getvalue())
    _not_blank(to_png(puzzle_sheet_drawings(shipped_puzzles()[:9])[1], 0.5))
