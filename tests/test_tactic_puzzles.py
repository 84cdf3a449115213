"""Tactic puzzles: every sample and shipped puzzle has exactly the answer it states, its cards
draw in every language, and ``palago build`` prints the shipped set."""

from __future__ import annotations

import io
import math
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

from palago_tools.core.hexgrid import MOTIONS
from palago_tools.core.position import Position
from palago_tools.drawing import primitives as prim
from palago_tools.drawing.primitives import Drawing, Font, Text
from palago_tools.notation import parse_file
from palago_tools.notation import records as rec
from palago_tools.printing import SheetOptions, sheet_layout
from palago_tools.printing.build import BuildOptions, products
from palago_tools.printing.puzzle_cards import (
    board_scale,
    front_type,
    puzzle_back,
    puzzle_faces,
    puzzle_front,
    puzzle_png,
    puzzle_sheet_drawings,
    puzzle_sheets,
    to_play,
)
from palago_tools.printing.strings import text as printed
from palago_tools.render.png import to_png
from palago_tools.replays.tactic_puzzles import (
    NEAR,
    SPAN,
    TacticPuzzle,
    block_refutations,
    puzzle_of,
    shipped_puzzles,
    tile_difference,
)
from palago_tools.rules import Palago
from palago_tools.rules.palago import tiles_left_after
from palago_tools.tactics import Fork, examine_turn, forced_wins, immediate_wins

from .rasters import needs_cmyk_profile, pdf_pages

SAMPLE = Path(__file__).parent.parent / "docs" / "samples" / "tactic-puzzles.palago"
SINGLE = SAMPLE.with_name("tactic-puzzle-single-threat.palago")
"""A win in two whose move makes one threat (puzzle 11 of the set shipped before the
distinctness rules): every block of it opens another win."""


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
        fork = examine_turn(position, puzzle.mover, puzzle.answer, tiles_left=left)
        assert isinstance(fork, Fork)
        assert {w.tiles for w in fork.threats} == {w.tiles for w in puzzle.threats}


@pytest.mark.parametrize("index", range(9))
def test_each_sample_puzzle_has_its_one_answer(index: int) -> None:
    _check_answer(_puzzles()[index])


def test_the_shipped_set_fills_whole_sheets_with_wins_in_one_and_in_two() -> None:
    puzzles = shipped_puzzles()
    assert len(puzzles) == 18
    assert {p.turns for p in puzzles} == {1, 2}
    assert all(
        dict(p.record.tags)["Source"].startswith("palago puzzles --count 18 --seed 2026:")
        for p in puzzles
    )


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
        assert to_play(puzzle, lang)[0] in " ".join(texts).replace("\u00a0", " ")
        back = puzzle_back(puzzle, 1, lang)
        back_texts = [i.text for i in back.items if hasattr(i, "text")]
        assert printed("solution", lang) in back_texts
        # the front shows no coordinates, so the back gives the answer as a drawing only
        assert not any(t.token in line for t in puzzle.answer for line in back_texts)
    pages = puzzle_sheet_drawings(_puzzles()[:8])  # 4×2 on A4 (landscape)
    assert [p.title for p in pages] == ["Fronts, sheet 1", "Backs, sheet 1"]
    assert [p.title for p in puzzle_sheet_drawings(_puzzles())][2:] == [
        "Fronts, sheet 2",
        "Backs, sheet 2",
    ]
    assert puzzle_png(puzzle, 1, back=True, scale=1.0).startswith(b"\x89PNG")


def _not_blank(png: bytes) -> None:
    """A page with drawing on it: many colours, and a good part of it not white."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    colours = image.getcolors(maxcolors=1 << 20) or []
    white = sum(n for n, c in colours if min(c) > 245)
    assert len(colours) > 50
    assert white < 0.95 * image.width * image.height  # white cards, boards at the set's one scale


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
    text = " ".join(home.pages[0].extract_text().split())
    puzzles = shipped_puzzles()
    assert to_play(puzzles[0], lang)[0] in text and to_play(puzzles[1], lang)[1] in text
    backs = home.pages[1].extract_text()
    assert printed("solution", lang) in backs and puzzles[0].answer[0].token not in backs
    assert (
        made[2].make()
        == (
            Path(__file__).parent.parent / "palago_tools" / "data" / "tactic-puzzles.palago"
        ).read_bytes()
    )


@needs_cmyk_profile
def test_the_print_shop_file_has_every_front_then_every_answer(tmp_path: Path) -> None:
    options = SheetOptions(lang="FR", size="bridge", cmyk=True)
    made = {p.path: p for p in products(BuildOptions(options))}
    shop = PdfReader(
        io.BytesIO(made["puzzles/tactic-puzzles-print-shop-fr-bridge-cmyk.pdf"].make())
    )
    assert len(shop.pages) == 36
    assert "/TrimBox" in shop.pages[0] and "/OutputIntents" in shop.trailer["/Root"]
    assert (
        "Jaune joue et gagne" in shop.pages[0].extract_text()
        or "Bleu joue et gagne" in shop.pages[0].extract_text()
    )
    assert "Solution" in shop.pages[18].extract_text()


def test_a_rendered_puzzle_page_is_not_blank(tmp_path: Path) -> None:
    pdf = puzzle_sheets(shipped_puzzles()[:9], SheetOptions(lang="HU"))
    for page in pdf_pages(pdf, 40 / 72, range(2)):
        out = io.BytesIO()
        page.save(out, format="PNG")
        _not_blank(out.getvalue())
    _not_blank(to_png(puzzle_sheet_drawings(shipped_puzzles()[:9])[1], 0.5))


# A set a solver trusts ----------------------------------------------------------------------
def test_tile_difference_counts_the_tiles_two_positions_differ_by() -> None:
    four = Position.parse("0,0L 1,-1D 1,0L 1,1D").tiles()
    assert tile_difference(four, Position.parse("0,0L 1,-1D 1,0L 2,-1D").tiles()) == 1  # one moved
    assert tile_difference(four, Position.parse("0,0L 1,-1D 1,0L 1,1D 3,3R 4,3L").tiles()) == 2
    moved = Position.parse("0,0L 1,-1D 1,0L 1,1D").moved(MOTIONS[3]).translated(5, -2).tiles()
    assert tile_difference(four, moved) == 0  # turned and shifted: the same puzzle
    assert tile_difference(four, Position.parse("0,0R 0,1R").tiles()) >= 3


def test_no_two_shipped_puzzles_share_an_answer_or_differ_by_two_tiles_or_fewer() -> None:
    puzzles = shipped_puzzles()
    for i, a in enumerate(puzzles):
        tiles = a.record.position().tiles()
        span = max(
            max(v) - min(v) + 1
            for v in zip(*[(q, r, -q - r) for q, r in (t.cell for t in tiles)], strict=True)
        )
        assert span <= SPAN, (i + 1, span)
        for j, b in enumerate(puzzles[:i]):
            assert frozenset(a.answer) != frozenset(b.answer), (j + 1, i + 1)
            assert tile_difference(tiles, b.record.position().tiles()) > NEAR, (j + 1, i + 1)


def test_a_single_threat_back_draws_the_win_each_block_opens() -> None:
    """The set holds a win in two whose move makes one threat; every reply that blocks it
    (a tile on its cells, not losing at once) leaves one of the wins its back draws, and the
    rules engine agrees: after the block, the drawn win wins."""
    sample = [puzzle_of(r) for r in parse_file(SINGLE).records if isinstance(r, rec.PositionRecord)]
    singles = [p for p in sample + shipped_puzzles() if p.turns == 2 and len(p.threats) == 1]
    assert len(singles) >= 1 and singles[0] is sample[0]
    for puzzle in singles:
        drawn = block_refutations(puzzle)
        assert 1 <= len(drawn) <= 3
        position = puzzle.record.position()
        left = tiles_left_after(position)
        fork = examine_turn(position, puzzle.mover, puzzle.answer, tiles_left=left)
        assert isinstance(fork, Fork)
        wins = {frozenset(win.tiles) for _block, win in drawn}
        (threat,) = fork.threats
        for answer in fork.answers:
            if answer.win is not None and {t.cell for t in answer.reply} & threat.cells:
                assert frozenset(answer.win.tiles) in wins, answer.reply
        for block, win in drawn:
            game = Palago.from_position(position, puzzle.mover, left)
            game.play(puzzle.answer)
            game.play(block)
            assert game.play(win.tiles).winner is puzzle.mover
        back = puzzle_back(puzzle, 1, "FR")
        assert printed("blocks_open", "FR").split()[0] in [
            i.text.split()[0] for i in back.items if hasattr(i, "text")
        ]


def _hexagon_side(drawing: Drawing) -> float:
    """The side of the board's hexagons: the first segment of the first path (the grid)."""
    for item in drawing.items:
        if isinstance(item, prim.Path) and isinstance(item.segments[1], prim.LineTo):
            (x0, y0), (x1, y1) = item.segments[0].point, item.segments[1].point  # type: ignore[union-attr]
            return math.hypot(x1 - x0, y1 - y0)
    raise AssertionError("no hexagon")


def test_every_board_of_the_set_has_one_scale() -> None:
    puzzles = shipped_puzzles()
    options = SheetOptions(lang="RU")
    fronts, backs = puzzle_faces(puzzles, options)
    sides = {round(_hexagon_side(face(False)), 3) for face in fronts + backs}
    assert len(sides) == 1, sides
    scale = board_scale(puzzles, "RU")
    assert scale >= 0.4  # tiles of at least 10 points (hexagons 6 mm across) on a poker card


@pytest.mark.parametrize("lang", ["EN", "RU", "FR", "HU"])
def test_headlines_alike_for_both_colours_and_never_below_the_subline(lang: str) -> None:
    kind = front_type(lang)
    assert kind.headline >= kind.subline
    assert len(kind.headlines["yellow"]) == len(kind.headlines["blue"])
    puzzles = shipped_puzzles()
    sizes = set()
    for puzzle in puzzles:
        front = puzzle_front(puzzle, 1, lang)
        texts = [i for i in front.items if isinstance(i, Text) and not i.text.startswith("#")]
        heads = [t for t in texts if t.font is Font.BOLD and t.text]
        sub = [t for t in texts if t.font is Font.REGULAR]
        assert heads and sub
        sizes.add(heads[0].size)
        assert all(h.size >= sub[0].size for h in heads), (
            lang,
            [h.size for h in heads],
            sub[0].size,
        )
    assert len(sizes) == 1, (lang, sizes)
    if lang == "RU":
        assert kind.headlines["yellow"] == ("Жёлтые начинают", "и\u00a0выигрывают")
