"""palago annotate: glyphs, comments and annotations from the tactics of each turn, kept
comments, and idempotent re-runs."""

from __future__ import annotations

import random
from pathlib import Path

from typer.testing import CliRunner

from palago_tools.cli import app
from palago_tools.notation import parse_text, write
from palago_tools.notation import records as rec
from palago_tools.replays.annotate import PREFIX, annotate_game
from palago_tools.rules import random_palago_game

GAME = """[Kind "Palago"]

1. 0,0R 0,-1R 2. 2,-2R 1,-1L 3. 1,0D 0,1R 4. 2,-3L 2,-4R 5. 1,-2R 1,-3D
6. 1,1R 2,0L {Blue looks elsewhere} 7. 2,1R 1,2D 8. 0,3R 0,2L *
"""


def _game(text: str = GAME) -> rec.PalagoGame:
    (record,) = parse_text(text).records
    assert isinstance(record, rec.PalagoGame)
    return record


def _last(turn: rec.PalagoTurn) -> rec.Placement:
    return turn.placements[-1]


def test_unanswered_threat_missed_win_and_kept_comment() -> None:
    annotated = annotate_game(_game())
    turns = {t.number: t for t in annotated.turns}
    # Turn 5 threatens 0,-2R; Blue's turn 6 leaves it (??), Yellow's turn 7 misses it (?).
    assert any("threatens 0,-2R" in c.text for c in _last(turns[5]).comments)
    six = _last(turns[6])
    assert six.glyph is rec.Glyph.BLUNDER
    assert [c.text for c in six.comments][0] == "Blue looks elsewhere"
    assert six.comments[1].text.startswith(f"{PREFIX} leaves Yellow an immediate win: 0,-2R")
    seven = _last(turns[7])
    assert seven.glyph is rec.Glyph.MISTAKE
    (comment,) = seven.comments
    assert "Yellow missed a win: 0,-2R" in comment.text
    kinds = {type(a) for a in comment.annotations}
    assert kinds == {rec.MarkCommand, rec.GhostCommand, rec.ArrowCommand}
    ghost = next(a for a in comment.annotations if isinstance(a, rec.GhostCommand))
    assert [t.token for t in ghost.tiles] == ["0,-2R"]
    assert dict(annotated.tags)["Annotator"] == "palago annotate"


def test_annotating_twice_gives_the_same_text() -> None:
    once = write(annotate_game(_game()))
    assert write(annotate_game(_game(once))) == once
    script = random_palago_game(random.Random(11))
    record = rec.PalagoGame(
        turns=tuple(
            rec.PalagoTurn(i + 1, tuple(rec.Placement(t) for t in tiles))
            for i, tiles in enumerate(script.turns)
        ),
        result=rec.PalagoResult.of(script.winner, script.draw),
    )
    first = write(annotate_game(record))
    assert write(annotate_game(_game(first))) == first


def test_annotate_command_writes_a_file_and_leaves_the_input(tmp_path: Path) -> None:
    source = tmp_path / "game.palago"
    source.write_text(GAME, encoding="utf-8")
    out = tmp_path / "annotated.palago"
    result = CliRunner().invoke(app, ["annotate", str(source), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert source.read_text(encoding="utf-8") == GAME
    assert "??" in out.read_text(encoding="utf-8")
    again = CliRunner().invoke(app, ["annotate", str(out)])
    assert again.stdout == out.read_text(encoding="utf-8")
