"""Analysing with the engine: ``[%eval]`` in the notation, the best turn (``palago analyse
--best``), the review of a game (``palago annotate --engine``: marks against the evaluations,
round trips, idempotence) and the viewer's evaluation graph."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from palago_tools.cli import app
from palago_tools.core.tiles import Colour
from palago_tools.engine import Engine
from palago_tools.engine.analysis import (
    BLUNDER,
    DUBIOUS,
    MISTAKE,
    PREFIX,
    annotated_game,
    best_turn,
    evaluation_command,
    game_at,
    judge,
    review_comment,
    review_game,
    win_in,
    winning_chances,
)
from palago_tools.engine.evaluation import SURE, WIN
from palago_tools.notation import parse_text, write, write_verified
from palago_tools.notation import records as rec
from palago_tools.replays.reports import schema
from palago_tools.viewer import viewer_html
from palago_tools.viewer.graph import chances

from .test_annotate import GAME, _game
from .test_viewer import browser, no_errors, open_page, state  # noqa: F401  (the fixture)

runner = CliRunner()
DOCS = Path(__file__).resolve().parent.parent / "docs"

# The tactics tests' game: turn 5 threatens 0,-2R; Blue's turn 6 leaves it (a win in one
# handed over), Yellow's turn 7 misses it, Blue's turn 8 leaves it again.
# GAME and _game() come from test_annotate (imported above).


# --- The notation ------------------------------------------------------------------------------


def test_eval_annotations_are_read_and_written_back() -> None:
    text = '[Kind "Palago"]\n\n1. 0,0R 0,1L {[%eval 1.25]} 2. 1,0R 1,1L {x [%eval #-3]} *\n'
    record = _game(text)
    comments = [c for t in record.turns for p in t.placements for c in p.comments]
    assert [c.annotations[0] for c in comments] == [
        rec.EvalCommand(points=1.25),
        rec.EvalCommand(win_in=-3),
    ]
    assert "[%eval 1.25]" in write(record) and "[%eval #-3]" in write(record)
    assert _game(write(record)) == record


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("[%eval]", "%eval takes one value"),
        ("[%eval 1 2]", "%eval takes one value"),
        ("[%eval abc]", "%eval takes points or #k, not the word abc"),
        ("[%eval #0]", "%eval takes points or #k"),
        ("[%eval 0,1]", "%eval takes points or #k, not the cell 0,1"),
    ],
)
def test_bad_evaluations_are_located_errors(body: str, message: str) -> None:
    result = parse_text(f'[Kind "Palago"]\n\n1. 0,0R 0,1L {{{body}}} *\n')
    assert result.records == () and message in result.errors[0].message


def test_a_colour_that_looks_like_a_win_is_refused() -> None:
    result = parse_text('[Kind "Position"]\n\n0,0R {[%highlight #-3 0,0]}\n')
    assert "not a colour" in result.errors[0].message


# --- Scores, wins and marks --------------------------------------------------------------------


def test_wins_count_the_winners_turns() -> None:
    # From the start of the mover's turn: its tiles are plies 1, 2, 5, 6…, the opponent's 3, 4…
    assert [win_in(WIN - n) for n in (1, 2, 5, 6, 9)] == [1, 1, 2, 2, 3]
    assert [win_in(n - WIN) for n in (3, 4, 7, 8)] == [-1, -1, -2, -2]
    assert win_in(SURE - 1) is None and win_in(0) is None
    assert evaluation_command(WIN - 5, Colour.BLUE) == rec.EvalCommand(win_in=-2)
    assert evaluation_command(125, Colour.BLUE) == rec.EvalCommand(points=-1.25)


@given(st.integers(-SURE + 1, SURE - 1))
def test_the_viewer_draws_the_chances_the_annotator_judges_by(score: int) -> None:
    shown = chances(evaluation_command(score, Colour.YELLOW))
    assert shown == pytest.approx(winning_chances(score), abs=1e-9)
    assert chances(evaluation_command(score, Colour.BLUE)) == pytest.approx(-shown, abs=1e-9)


def test_thresholds_are_the_documented_ones() -> None:
    assert (DUBIOUS, MISTAKE, BLUNDER) == (0.1, 0.2, 0.3)
    assert [judge(x) for x in (0.0, 0.099, 0.1, 0.2, 0.3, 2.0)] == [
        None,
        None,
        rec.Glyph.DUBIOUS,
        rec.Glyph.MISTAKE,
        rec.Glyph.BLUNDER,
        rec.Glyph.BLUNDER,
    ]


@pytest.fixture(scope="module")
def reviewed() -> tuple[rec.PalagoGame, list[Any]]:
    record = _game()
    return record, review_game(record, Engine(level=2, seed=0))


def test_handing_over_a_win_in_one_is_a_blunder(reviewed: tuple[rec.PalagoGame, list[Any]]) -> None:
    _record, reviews = reviewed
    by_turn = {r.number: r for r in reviews}
    assert len(reviews) == 8
    six = by_turn[6]
    assert six.score <= -SURE and win_in(-six.score) == 1  # Yellow wins at its next turn
    assert six.best.score > -SURE and six.glyph is rec.Glyph.BLUNDER
    seven = by_turn[7]  # the win at once not taken
    assert seven.best.reason == "win" and [t.token for t in seven.best.turn] == ["0,-2R"]
    assert seven.glyph is rec.Glyph.BLUNDER
    for review in reviews:  # every mark is the loss of chances between the two scores
        lost = max(0.0, winning_chances(review.best.score) - winning_chances(review.score))
        assert review.loss == pytest.approx(0.0 if review.is_best else lost)
        assert review.glyph is (judge(review.loss) if review.better else None)


def test_a_turn_the_best_does_not_beat_gets_no_mark_and_no_best(
    reviewed: tuple[rec.PalagoGame, list[Any]],
) -> None:
    """At level 1 the engine's best is turn 5 itself, and at turns 6 and 8 it loses as the turn
    played does: no glyph, and the comment is the evaluation alone, with no best and no ghost."""
    record, _reviews = reviewed
    reviews = review_game(record, Engine(level=1, seed=0))
    no_better = [r for r in reviews if r.best.score <= r.score]
    assert [(r.number, r.is_best) for r in no_better] == [(5, True), (6, False), (8, False)]
    for review in no_better:
        comment = review_comment(review)
        assert review.glyph is None and comment is not None and not comment.text
        assert not any(isinstance(a, rec.GhostCommand) for a in comment.annotations)


def test_the_annotated_game_reads_back_and_replays(
    reviewed: tuple[rec.PalagoGame, list[Any]], tmp_path: Path
) -> None:
    record, reviews = reviewed
    annotated = annotated_game(record, reviews)
    text = write_verified([annotated])
    (back,) = parse_text(text).records
    assert back == annotated
    six = back.turns[5].placements[-1]
    assert six.glyph is rec.Glyph.BLUNDER
    assert six.comments[0].text == "Blue looks elsewhere"
    engine_comment = six.comments[1]
    assert engine_comment.text.startswith(f"{PREFIX} blunder, best ")
    assert rec.EvalCommand(win_in=1) in engine_comment.annotations
    ghost = next(a for a in engine_comment.annotations if isinstance(a, rec.GhostCommand))
    assert ghost.tiles == reviews[5].best.turn
    path = tmp_path / "annotated.palago"
    path.write_text(text, encoding="utf-8")
    replayed = runner.invoke(app, ["replay", str(path)])
    assert replayed.exit_code == 0, replayed.output


def test_annotate_engine_command_is_idempotent_and_keeps_the_input(tmp_path: Path) -> None:
    source = tmp_path / "game.palago"
    source.write_text(GAME, encoding="utf-8")
    out = tmp_path / "annotated.palago"
    result = runner.invoke(
        app, ["annotate", "--engine", "--level", "1", str(source), "-o", str(out)]
    )
    assert result.exit_code == 0, result.output
    assert source.read_text(encoding="utf-8") == GAME
    once = out.read_text(encoding="utf-8")
    assert "[%eval " in once and '[Annotator "palago annotate --engine"]' in once
    again = runner.invoke(app, ["annotate", "--engine", "--level", "1", str(out)])
    assert again.exit_code == 0 and again.stdout == once
    refused = runner.invoke(app, ["annotate", "--level", "2", str(source)])
    assert refused.exit_code == 2 and "--level only works with --engine" in refused.output


def test_annotate_engine_stops_at_the_time_given(tmp_path: Path) -> None:
    source = tmp_path / "game.palago"
    source.write_text(GAME, encoding="utf-8")
    result = runner.invoke(
        app, ["annotate", "--engine", "--level", "2", "--seconds", "0.1", str(source)]
    )
    assert result.exit_code == 0, result.output
    assert "stopped after 0.1 s" in result.stderr
    (back,) = parse_text(result.stdout).records
    assert isinstance(back, rec.PalagoGame) and len(back.turns) == 8  # the rest as it was


# --- analyse --best ----------------------------------------------------------------------------


def test_best_turn_takes_the_win_and_gives_a_line(tmp_path: Path) -> None:
    game = game_at(_game(), 6)
    best = best_turn(game, Engine(level=1))
    assert best.reason == "win" and best.win_in == 1 and best.line == (best.turn,)
    opening = best_turn(game_at(_game(), 0), Engine(level=2))
    assert opening.line[0] == opening.turn and opening.mover is Colour.YELLOW


def test_analyse_best_text_and_json(tmp_path: Path) -> None:
    source = tmp_path / "game.palago"
    source.write_text(GAME, encoding="utf-8")
    text = runner.invoke(app, ["analyse", "--best", str(source), "--turn", "6", "--level", "1"])
    assert text.exit_code == 0, text.output
    assert "best turn: 0,-2R  (a win at once)" in text.stdout
    assert "evaluation: #1 (Yellow wins in 1 turn)" in text.stdout
    for turn in ("6", "2"):
        result = runner.invoke(
            app, ["analyse", "--best", f"{source}:1", "--turn", turn, "--level", "1", "--json"]
        )
        assert result.exit_code == 0, result.output
        data = json.loads(result.stdout)
        jsonschema.validate(data, schema("best"))
        jsonschema.validate(data, schema())
        assert data["line"][0] == data["turn"] and data["level"] == 1
    assert data["to_move"] == "yellow" and data["win_in"] is None and data["points"] is not None
    position = tmp_path / "position.palago"
    position.write_text('[Kind "Position"]\n\n0,0R 0,1L 1,0R\n', encoding="utf-8")
    blue = runner.invoke(
        app, ["analyse", "--best", str(position), "--to-move", "blue", "--level", "1", "--json"]
    )
    assert blue.exit_code == 0, blue.output
    data = json.loads(blue.stdout)
    jsonschema.validate(data, schema("best"))
    assert data["to_move"] == "blue" and data["where"] == "the position" and data["tiles"] == 3
    both = runner.invoke(app, ["analyse", "--best", str(source), "--threats", str(source)])
    assert both.exit_code == 2
    stray = runner.invoke(app, ["analyse", "0,0R", "--level", "2"])
    assert stray.exit_code == 2 and "--level only works with --best" in stray.output
    over = runner.invoke(app, ["analyse", "--best", str(tmp_path / "missing.palago")])
    assert over.exit_code != 0 and "Traceback" not in over.output


# --- The viewer --------------------------------------------------------------------------------

ANNOTATED = """[Kind "Palago"]

1. 0,0R 0,-1R {Engine: [%eval 0.40]} 2. 2,-2R 1,-1L?! {Engine: inaccuracy, best -1,1D -2,1D
(-0.63) [%eval 1.10] [%ghost -1,1D -2,1D]} 3. 1,0D 0,1R {Engine: [%eval 0.90]}
4. 2,-3L 2,-4R?? {Engine: blunder, best 2,-1D 3,-2R (-0.20) [%eval #2] [%ghost 2,-1D 3,-2R]} *
"""


def test_the_page_draws_one_point_per_evaluated_turn() -> None:
    page = viewer_html(_game(ANNOTATED))
    assert page.count('class="ev-pt') == 4
    assert 'class="ev-pt blunder"' in page and 'class="ev-pt dubious"' in page
    assert "engine&#x27;s best: 2,-1D 3,-2R" in page
    assert '<svg class="evgraph"' not in viewer_html(_game())


@pytest.mark.browser
def test_clicking_the_graph_opens_the_turn(browser: Any, tmp_path: Path) -> None:  # noqa: F811
    open_page(browser, tmp_path / "graph.html", viewer_html(_game(ANNOTATED)))
    points = browser.execute_script(
        "return [...document.querySelectorAll('.evgraph .ev-pt')].map(p => Number(p.dataset.i))"
    )
    assert len(points) == 4
    browser.execute_script(
        "document.querySelectorAll('.evgraph .ev-pt')[3]"
        ".dispatchEvent(new MouseEvent('click', {bubbles: true}))"
    )
    shown = state(browser)
    assert shown["index"] == points[3]
    assert "Evaluation #2 · engine's best: 2,-1D 3,-2R (-0.20)" in shown["info"]
    current = browser.execute_script(
        "const now = document.querySelector('.evgraph .ev-now');"
        "return [[...document.querySelectorAll('.evgraph .ev-pt.now')].map(p => "
        "Number(p.dataset.i)),"
        " now.getAttribute('visibility'), now.getAttribute('x1'),"
        " document.querySelectorAll('.evgraph .ev-pt')[3].getAttribute('cx')]"
    )
    assert current[0] == [points[3]] and current[1] == "visible" and current[2] == current[3]
    browser.execute_script(
        "[...document.querySelectorAll('.record')].find(s => !s.hidden)"
        ".querySelector('[data-act=first]').click()"
    )
    hidden = browser.execute_script(
        "return [document.querySelectorAll('.evgraph .ev-pt.now').length,"
        " document.querySelector('.evgraph .ev-now').getAttribute('visibility')]"
    )
    assert hidden == [0, "hidden"]  # the start has no evaluation
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By

    graph = browser.find_element(By.CSS_SELECTOR, ".evgraph")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", graph)
    box = graph.rect  # a click high in the column of the second point, away from the point
    x = (
        box["width"]
        * float(
            browser.execute_script(
                "return document.querySelectorAll('.evgraph .ev-pt')[1].getAttribute('cx')"
            )
        )
        / 600
    )
    ActionChains(browser).move_to_element_with_offset(
        graph, int(x - box["width"] / 2), int(4 - box["height"] / 2)
    ).click().perform()
    assert state(browser)["index"] == points[1]
    no_errors(browser)
