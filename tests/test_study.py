"""The opening study: its statistics against known values, its starts (the openings and replies
no proof has lost), a results file that a rerun continues without replaying a game, a tiny study
at level 1 through the command, and the rulebook figure's caption checked against the committed
study and proofs."""

from __future__ import annotations

import json
import math
import multiprocessing
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from palago_tools.cli import app
from palago_tools.core.identity import position_form
from palago_tools.core.position import Position
from palago_tools.core.tiles import Tile
from palago_tools.drawing.typesetting import punctuate
from palago_tools.engine.match import GameSpec, openings, play_games
from palago_tools.engine.study import (
    FIGURE_OPENINGS,
    LONGER_SUPPLY,
    opening_proofs,
    play_study_game,
    read_results,
    reply_lines,
    run_study,
    starts,
    studied,
    study_games,
)
from palago_tools.engine.study_report import (
    Comparison,
    LevelResult,
    Row,
    Study,
    game_tiles,
    holm,
    kendall_tau,
    study_json,
    study_text,
    summarise,
    two_proportion_z,
    wilson,
)
from palago_tools.errors import ArgumentError, PalagoError
from palago_tools.notation import parse
from palago_tools.replays import replay
from palago_tools.rules.palago import PalagoOptions
from palago_tools.views.figures import (
    figure_diagram,
    figure_records,
    labelled_tiles,
    proof_caption,
    study_caption,
    study_summary,
)

DATA = Path(__file__).resolve().parents[1] / "palago_tools" / "data"


# Statistics -------------------------------------------------------------------------------
def test_wilson_interval_matches_published_values() -> None:
    # Newcombe (1998), Statistics in Medicine 17, table I: 81/263 -> 0.2553 to 0.3662.
    low, high = wilson(81, 263)
    assert (round(low, 4), round(high, 4)) == (0.2553, 0.3662)
    assert tuple(round(v, 4) for v in wilson(5, 10)) == (0.2366, 0.7634)
    low, high = wilson(0, 10)
    assert low == 0 and round(high, 4) == 0.2775
    assert wilson(0, 0) == (0.0, 1.0)


def test_holm_matches_the_step_down_adjustment() -> None:
    # As statsmodels' multipletests(method="holm") gives them.
    assert [round(p, 6) for p in holm([0.01, 0.04, 0.03, 0.005])] == [0.03, 0.06, 0.06, 0.02]
    assert holm([0.5, 0.9]) == [1.0, 1.0]
    assert holm([]) == []


def test_two_proportion_z_test() -> None:
    z, p = two_proportion_z(30, 100, 50, 100)
    assert round(z, 4) == -2.8868 and round(p, 5) == 0.00389
    assert two_proportion_z(5, 5, 5, 5) == (0.0, 1.0)
    z, p = two_proportion_z(7.5, 10, 7.5, 10)
    assert z == 0 and p == 1


def test_kendall_tau() -> None:
    assert kendall_tau([1, 2, 3, 4], [10, 20, 30, 40]) == 1
    assert kendall_tau([1, 2, 3, 4], [4, 3, 2, 1]) == -1
    assert math.isclose(kendall_tau([1, 2, 3], [1, 3, 2]), 1 / 3)
    assert kendall_tau([1, 1, 1], [1, 2, 3]) == 0


def _entry(
    level: int, start: str, game: int, winner: str | None, reply: str = ""
) -> dict[str, Any]:
    """A game on a reply line of its own (``reply``: a line shared with other games)."""
    return {
        "level": level,
        "start": start,
        "reply": reply or f"line {game}",
        "game": game,
        "winner": winner,
        "record": f"{game}",
    }


def test_a_separated_opening_is_the_best_only_if_every_comparison_holds_at_every_level() -> None:
    entries = []
    for level in (2, 3):
        for game in range(40):
            entries.append(_entry(level, "C", game, "yellow"))
            for other in "ABDEF":
                entries.append(_entry(level, other, game, "blue" if game % 4 else None))
    study = summarise(entries)
    assert study.best == "C" and study.ranking_holds()
    assert all(level.separated("C") for level in study.levels)
    assert study_json(study)["best"] == "C"
    # At one level, C no better than B: not separated, and the caption's verdict changes.
    weaker = [e for e in entries if not (e["level"] == 3 and e["start"] == "B")]
    weaker += [_entry(3, "B", g, "yellow") for g in range(40)]
    assert summarise(weaker).best is None
    # A game listed twice counts once.
    assert summarise(entries + entries[:5]).levels[0].row("C").games == 40


def test_report_names_the_tests_and_counts_each_row() -> None:
    entries = [_entry(2, "A", g, w) for g, w in enumerate(["yellow", None, "blue", "yellow"])]
    study = summarise(entries)
    row = study.levels[0].row("A")
    assert (row.games, row.lines, row.yellow, row.draws, row.blue, row.score) == (
        4,
        4,
        2,
        1,
        1,
        0.625,
    )
    assert (row.low, row.high) == wilson(2.5, 4)
    text = study_text(study)
    assert "Wilson" in text and "Holm" in text and "A          4      4         4" in text
    assert "D: Blue replies 2,0R 2,1R and wins within 4 of its turns" in text
    both = summarise(entries + [_entry(3, "A", g, "blue") for g in range(4)])
    assert both.ranking_holds() is None and "is not established" in study_text(both)
    data = study_json(study)
    assert data["levels"][0]["rows"][0]["games"] == 4 and data["levels"][0]["comparisons"] == []
    assert [p["opening"] for p in data["proven"] if p["status"] == "lost"] == ["D", "E", "F"]


def test_each_reply_line_weighs_the_same_and_longer_games_answer_the_draws() -> None:
    """Two games on one line (a win, a loss) and one on another (a win): the score is the mean
    of the lines' scores, 0.75, not 2/3 of the games; its interval is over the two lines. A
    drawn game whose start Yellow wins with the longer supply counts as a win in the longer
    score only."""
    entries = [
        _entry(5, "B", 0, "yellow", "x"),
        _entry(5, "B", 1, "blue", "x"),
        _entry(5, "B", 2, "yellow", "y"),
        {**_entry(5, "B", 3, None, "z"), "longer": {"winner": "yellow", "turns": 30}},
        {**_entry(5, "B", 4, None, "w"), "longer": {"winner": None, "turns": 48}},
    ]
    row = summarise(entries).levels[0].row("B")
    assert (row.games, row.lines, row.yellow, row.draws, row.blue) == (5, 4, 2, 2, 1)
    assert row.score == (0.5 + 1 + 0.5 + 0.5) / 4 and (row.low, row.high) == wilson(2.5, 4)
    assert row.longer == (1, 0, 1) and row.longer_score == (0.5 + 1 + 1 + 0.5) / 4
    assert row.by_line == (
        ("w", 1, 0.5, 0.5),
        ("x", 2, 0.5, 0.5),
        ("y", 1, 1.0, 1.0),
        ("z", 1, 0.5, 1.0),
    )
    drawn = [
        {**_entry(5, start, n, None), "longer": {"winner": winner, "turns": 30}}
        for start, winner in (("A", "yellow"), ("B", "blue"))
        for n in range(20)
    ]
    level = summarise(drawn).levels[0]
    assert not any(c.significant for c in level.comparisons)
    assert [c.significant for c in level.longer_comparisons] == [True]
    assert study_json(summarise(drawn))["levels"][0]["longer_significant"] == ["A > B"]
    assert "with 96 tiles: ranking A > B; A > B significant" in study_text(summarise(drawn))
    (shown,) = study_json(summarise(entries))["levels"][0]["rows"]
    assert shown["by_line"][1] == {"reply": "x", "games": 2, "score": 0.5, "longer": 0.5}


def test_games_are_told_apart_by_their_tiles_and_ties_are_shown_as_ties() -> None:
    """Two records with the same tiles in each turn (laid in the other order, other tags) are
    one game; openings with the same score are a tie in the report, not ordered by letter."""
    one = '[Kind "Palago"]\n[Yellow "a"]\n\n1. 0,0R 1,0R 2. 1,-1R 0,-1L *\n'
    same = '[Kind "Palago"]\n[Yellow "b"]\n\n1. 1,0R 0,0R 2. 0,-1L 1,-1R *\n'
    other = '[Kind "Palago"]\n\n1. 0,0R 1,0R 2. 1,-1R 0,-1D *\n'
    assert game_tiles(one, 0) == game_tiles(same, 1) != game_tiles(other, 2)
    assert game_tiles("not a record", 7) == "game 7"
    entries = [
        {"level": 2, "start": start, "game": n, "winner": "blue", "record": record}
        for start in "ADEF"
        for n, record in enumerate([one, same, other])
    ]
    entries += [_entry(2, start, n, None) for start in "BC" for n in range(3)]
    study = summarise(entries)
    assert study.levels[0].row("A").distinct == 2
    assert "ranking: B = C > A = D = E = F" in study_text(study)
    assert study_json(study)["levels"][0]["ranking_text"] == "B = C > A = D = E = F"


# The starts -------------------------------------------------------------------------------
def test_the_starts_are_the_six_openings_with_the_figures_letters() -> None:
    found = starts()
    assert [s.name for s in found] == [*"ABCDEF"]
    assert {position_form(Position(s.opening[0])) for s in found} == {
        position_form(Position(t)) for t in openings()
    }
    tiles = {o["opening"]: o["tiles"] for o in opening_proofs()["openings"]}
    assert {s.name: s.text for s in found} == tiles


def test_the_study_plays_the_openings_and_replies_no_proof_has_lost() -> None:
    """The studied openings are those the proofs left (A, B, C); game n of an opening plays the
    n-th reply of a shuffled list of the replies that hold, so a round of as many games as
    lines plays each line once, the same at every level."""
    proofs = opening_proofs()
    assert studied() == [o["opening"] for o in proofs["openings"] if o["status"] == "holds"]
    assert studied() == ["A", "B", "C"]
    answers = proofs["replies"]["answers"]
    lost = {(a["opening"], a["reply"]) for a in answers if a["status"] == "lost"}
    lines = reply_lines("B")
    assert len(lines) == 63 and not {("B", r) for r in lines} & lost
    games = [g for g in study_games([4, 5], 2 * len(lines)) if g.start == "B"]
    for level in (4, 5):
        played = [g.reply for g in games if g.level == level]
        assert sorted(played[: len(lines)]) == sorted(lines) == sorted(played[len(lines) :])
    first = games[0]
    assert first.spec.opening[1] == tuple(Tile.parse(t) for t in first.reply.split())
    assert first.spec.opening[0] == next(s for s in starts() if s.name == "B").opening[0]


def test_a_game_the_supply_ends_is_played_again_with_the_longer_supply() -> None:
    (start,) = next(s for s in starts() if s.name == "A").opening
    reply = tuple(Tile.parse(t) for t in reply_lines("A")[0].split())
    spec = GameSpec("level1", "level1", (start,), 3, PalagoOptions(supply=4))
    result = play_study_game(spec)  # the reply uses the last two tiles: a draw
    assert result.game.winner is None and result.game.turns == 2 and result.longer is not None
    (record,) = parse(result.longer.record)
    report = replay(record)
    assert report.valid and result.longer.turns > 2
    assert f'"{LONGER_SUPPLY}"' in result.longer.record
    assert play_study_game(GameSpec("level1", "level1", (start, reply), 3)).longer is None


def test_the_letters_are_the_figures_labels() -> None:
    record = dict(figure_records())["openings"]
    position = record.position()
    labels = {label.text: label.cell for label in figure_diagram(record).labels}
    for letter, tiles in FIGURE_OPENINGS.items():
        cells = [Tile.parse(t).cell for t in tiles.split()]
        assert all(c in position for c in cells)
        nearest = min(position, key=lambda c: _distance(labels[letter], c))
        assert nearest in cells, letter
        assert position_form(Position(Tile.parse(t) for t in tiles.split())) == position_form(
            Position({c: position[c] for c in cells})
        )


def _distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def test_seeds_vary_per_game_and_bad_levels_are_refused() -> None:
    games = study_games([1, 2], 3)
    assert len(games) == 3 * 2 * 3 and len({g.key for g in games}) == len(games)
    assert len({(g.level, g.spec.seed) for g in games}) == len(games)
    assert [g.number for g in games[:6]] == [0] * 6  # the first game of every opening first
    with pytest.raises(ArgumentError):
        study_games([9], 1)
    with pytest.raises(ArgumentError):
        study_games([1], 0)


# Resumability -----------------------------------------------------------------------------
class Stop(Exception):
    pass


def test_a_stopped_study_continues_where_it_stopped_and_replays_no_game(tmp_path: Path) -> None:
    results = tmp_path / "study.jsonl"

    def stop_after_two(entry: dict[str, Any], done: int, total: int) -> None:
        if done == 2:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_study(results, [1], 1, played=stop_after_two)
    assert len(read_results(results)) == 2
    # A game being written when the run stopped: a torn last line is left out and cut off.
    with results.open("a", encoding="utf-8") as out:
        out.write('{"level": 1, "start": "C", "ga')
    assert len(read_results(results)) == 2
    heard: list[int] = []
    assert run_study(results, [1], 1, played=lambda e, d, t: heard.append(t)) == 1
    assert heard == [1]
    assert run_study(results, [1], 1) == 0  # nothing left to play
    assert run_study(results, [1], 2) == 3  # more games per opening: only the new ones
    entries = read_results(results)
    keys = [(e["level"], e["start"], e["game"]) for e in entries]
    assert len(keys) == len(set(keys)) == 6
    assert results.read_text(encoding="utf-8").count("\n") == 6
    for entry in entries[:3]:
        (record,) = parse(entry["record"])
        report = replay(record)
        assert report.valid and entry["winner"] in (None, "yellow", "blue")
        assert record.turns[1].placements[0].tile.token in entry["reply"]
    first = entries[0]
    assert (first["start"], first["game"], first["seed"]) == ("A", 0, 0)


def test_a_results_file_that_is_not_the_studys_is_an_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"level": 1, "start": "Z", "game": 0}\n', encoding="utf-8")
    with pytest.raises(PalagoError, match="not a game of the opening study"):
        read_results(bad)
    bad.write_text("not json\n", encoding="utf-8")
    with pytest.raises(PalagoError, match="not a JSON line"):
        read_results(bad)


# The command ------------------------------------------------------------------------------
def test_a_tiny_study_at_level_1_through_the_command(tmp_path: Path) -> None:
    results, summary = tmp_path / "s.jsonl", tmp_path / "summary.json"
    args = ["study", "openings", "--levels", "1", "--games", "1", "--results", str(results)]
    ran = CliRunner().invoke(app, [*args, "--json", "--summary", str(summary)])
    assert ran.exit_code == 0, ran.output
    data = json.loads(summary.read_text(encoding="utf-8"))
    assert [r["games"] for r in data["levels"][0]["rows"]] == [1] * 3
    assert data["kind"] == "palago-opening-study" and data["best"] is None
    again = CliRunner().invoke(app, [*args, "-q"])
    assert again.exit_code == 0 and "level 1" in again.stdout
    assert len(read_results(results)) == 3
    listed = CliRunner().invoke(app, [*args, "--by-line", "-q"])
    assert listed.exit_code == 0
    for entry in read_results(results):
        assert any(
            row.split()[:1] == [entry["start"]] and entry["reply"] in row
            for row in listed.stdout.splitlines()
        )
    for wrong in (["study", "closings"], [*args[:2], "--levels", "x"], [*args, "--jobs", "0"]):
        refused = CliRunner().invoke(app, wrong)
        assert refused.exit_code == 2 and "Traceback" not in refused.output


# The figure -------------------------------------------------------------------------------
def test_the_committed_summary_is_the_committed_study() -> None:
    committed = json.loads((DATA / "opening-study.json").read_text(encoding="utf-8"))
    entries = read_results(DATA / "opening-study.jsonl")
    levels = [entry["level"] for entry in committed["levels"]]
    assert study_json(summarise(entries, levels)) == committed
    assert study_summary("opening-study") == committed


def test_the_docs_count_of_yellows_wins_on_turn_7_is_the_committed_studys() -> None:
    """docs/openings.md's reading says how many games after each opening Yellow won on its third
    turn after Blue's reply: counted here from the committed games, each record replayed."""
    counts = {letter: 0 for letter in studied()}
    for entry in read_results(DATA / "opening-study.jsonl"):
        report = replay(parse(entry["record"])[0])
        assert report.valid
        if report.winner_seats == (0,) and len(report.turns) == 7:
            counts[entry["start"]] += 1
    text = " ".join((DATA.parents[1] / "docs" / "openings.md").read_text(encoding="utf-8").split())
    said = re.search(
        r"Yellow won (\d+) games after (\w), (\d+) after (\w) and (\d+) after (\w)"
        r" on its third turn",
        text,
    )
    assert said, "the sentence on Yellow's wins on turn 7 is gone from docs/openings.md"
    numbers = said.groups()
    assert {numbers[i + 1]: int(numbers[i]) for i in range(0, 6, 2)} == counts


@pytest.mark.parametrize("lang", ["EN", "FR", "RU", "HU"])
def test_the_openings_caption_says_what_the_study_found(lang: str) -> None:
    summary = study_summary("opening-study")
    record = dict(figure_records())["openings"]
    diagram = figure_diagram(record, lang)
    rows = [r for level in summary["levels"] for r in level["rows"] if r["start"] in "ABCDEF"]
    if summary["best"] is None:
        assert not diagram.highlights
        low, high = min(r["score"] for r in rows), max(r["score"] for r in rows)
        for value in (low, high):
            shown = f"{value:.2f}"
            assert (shown if lang == "EN" else shown.replace(".", ",")) in diagram.caption
    else:
        assert diagram.highlights and summary["best"] in diagram.caption
    for level in summary["levels"]:
        assert str(level["level"]) in diagram.caption


@pytest.mark.parametrize("lang", ["EN", "FR", "RU", "HU"])
def test_the_caption_says_what_the_proofs_settled_and_no_more(lang: str) -> None:
    """The caption's first sentence comes from the proofs' summary (checked against the proof
    files in tests/test_proofs.py): it names each lost opening with its number of turns and the
    openings that hold with theirs; with no opening lost it says nothing."""
    summary = study_summary("opening-study")
    proven = opening_proofs()["openings"]
    keys = ("opening", "status", "turns", "reply", "proof")
    assert summary["proven"] == [{k: entry[k] for k in keys} for entry in proven]
    text = proof_caption(summary, lang)
    caption = figure_diagram(dict(figure_records())["openings"], lang).caption
    assert text and punctuate(text, lang) in caption
    lost, held = text.rsplit(";", 1)  # the lost openings, then those that hold
    for entry in proven:
        part = lost if entry["status"] == "lost" else held
        assert re.search(rf"\b{entry['opening']}\b", part) and str(entry["turns"]) in part
    assert not re.search(r"\b[ABC]\b", lost) and not re.search(r"\b[DEF]\b", held)
    nothing = [{**entry, "status": "holds"} for entry in summary["proven"]]
    assert proof_caption({**summary, "proven": nothing}, lang) == ""


def test_a_separated_best_opening_is_highlighted_and_named() -> None:
    summary = {
        "kind": "palago-opening-study",
        "starts": {name: "" for name in "ABCDEF"},
        "levels": [{"level": 3, "rows": [{"start": "C", "games": 50, "score": 0.8}]}],
        "best": "C",
    }
    caption = study_caption(summary, "EN")
    assert "highlighted opening, C," in caption and "level 3, 50 games" in caption
    assert "C" in study_caption(summary, "HU") and "C" in study_caption(summary, "RU")
    record = dict(figure_records())["openings"]
    diagram = figure_diagram(record)
    for letter, tiles in FIGURE_OPENINGS.items():
        assert labelled_tiles(record, diagram, letter) == sorted(
            Tile.parse(t).cell for t in tiles.split()
        )


def _study_of(levels: list[dict[str, float]], significant: bool = True) -> Study:
    """A study whose openings score as ``levels`` say, every pair of unequal scores significant
    (or none)."""
    results = []
    for number, scores in enumerate(levels, start=2):
        wins = {s: round(scores[s] * 20) for s in "ABCDEF"}  # Yellow's points as wins of 20
        rows = tuple(
            Row(s, 20, wins[s], 0, 20 - wins[s], wins[s] / 20, 0.0, 0.0, 20, 20) for s in "ABCDEF"
        )
        comparisons = tuple(
            Comparison(
                a,
                b,
                scores[a] - scores[b],
                0.0,
                0.0 if significant and scores[a] != scores[b] else 1.0,
            )
            for i, a in enumerate("ABCDEF")
            for b in "ABCDEF"[i + 1 :]
        )
        results.append(LevelResult(number, rows, comparisons))
    return Study(tuple(results))


def test_openings_leading_together_are_named_in_the_caption() -> None:
    even = {"A": 0.0, "B": 0.6, "C": 0.5, "D": 0.0, "E": 0.0, "F": 0.0}
    study = _study_of([even, {**even, "B": 0.5}])
    assert study.best is None and study.leading == ["B", "C"]
    summary = study_json(study)
    assert summary["leading"] == ["B", "C"]
    caption = study_caption(summary, "EN")
    assert (
        "openings B and C score best for Yellow (0.50 to 0.60 points a game, the others 0.00)"
        in caption
    )
    assert "a B és a C" in study_caption(summary, "HU") and "B и C" in study_caption(summary, "RU")
    assert "B, C lead together" in study_text(study)
    # Not significant, or reversed at the second level: no group leads.
    assert _study_of([even, even], significant=False).leading == []
    assert _study_of([even, {**even, "C": 0.0, "D": 0.5}]).leading == []
    quiet = study_json(_study_of([even], significant=False))
    assert "none is significantly better" in study_caption(quiet)


def test_leaving_a_parallel_study_ends_its_workers_at_once() -> None:
    games = play_games([g.spec for g in study_games([1], 2)], jobs=2)
    assert next(games).turns > 0
    games.close()  # what Ctrl-C in the loop does, as a KeyboardInterrupt, too
    assert multiprocessing.active_children() == []
