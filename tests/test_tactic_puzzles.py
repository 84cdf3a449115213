"""Tactic puzzles: every shipped puzzle has exactly the answer it states, and its cards draw."""

from __future__ import annotations

from pathlib import Path

import pytest

from palago_tools.notation import parse_file
from palago_tools.notation import records as rec
from palago_tools.printing.puzzle_cards import puzzle_back, puzzle_front, puzzle_png, puzzle_sheet_drawings, to_play
from palago_tools.tactic_puzzles import TacticPuzzle, puzzle_of
from palago_tools.tactics import Fork, examine_move, immediate_wins

SAMPLE = Path(__file__).parent.parent / "docs" / "samples" / "tactic-puzzles.palago"


def _puzzles() -> list[TacticPuzzle]:
    records = parse_file(SAMPLE).records
    return [puzzle_of(r) for r in records if isinstance(r, rec.PositionRecord)]


def test_the_sample_has_nine_puzzles() -> None:
    assert len(_puzzles()) == 9


@pytest.mark.parametrize("index", range(9))
def test_each_puzzle_has_its_one_answer(index: int) -> None:
    puzzle = _puzzles()[index]
    position = puzzle.record.position()
    wins = immediate_wins(position, puzzle.mover, tiles_left=48 - len(position))
    assert dict(puzzle.record.tags)["X-Claim"] == f"{puzzle.mover.value} wins in {puzzle.turns}"
    if puzzle.turns == 1:
        assert [w.tiles for w in wins] == [puzzle.answer]
    else:
        assert wins == ()
        assert isinstance(examine_move(position, puzzle.mover, puzzle.answer, tiles_left=48 - len(position)), Fork)


def test_cards_in_every_language_and_the_sheet() -> None:
    puzzle = _puzzles()[0]
    for lang in ("EN", "RU", "FR", "HU"):
        front = puzzle_front(puzzle, 1, lang)
        texts = [i.text for i in front.items if hasattr(i, "text")]
        assert to_play(puzzle, lang)[0] in texts
        back = puzzle_back(puzzle, 1, lang)
        assert any(puzzle.answer[0].token in t for t in (i.text for i in back.items if hasattr(i, "text")))
    pages = puzzle_sheet_drawings(_puzzles())
    assert [p.title for p in pages] == ["Puzzles, sheet 1", "Solutions, sheet 1"]
    assert puzzle_png(puzzle, 1, back=True, scale=1.0).startswith(b"\x89PNG")
