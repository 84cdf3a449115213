"""A match's plan, tally and report without playing a game: the report built from given
results, and the scores of a committed results file the same as the quadratic ways they were
counted before."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

import pytest

from palago_tools.core.tiles import Colour, Tile
from palago_tools.engine.board import Turn
from palago_tools.engine.match import GameResult, pair_specs
from palago_tools.engine.plan import MatchPlan, pairings_of
from palago_tools.engine.ratings import score_interval
from palago_tools.engine.sprt import H1, Sprt
from palago_tools.engine.standings import ResultsFile, game_pairs, spec_key, standings

ROUND_ROBIN = Path(__file__).resolve().parent.parent / "benchmarks/results/round-robin.jsonl"
PLAYERS = ["level1", "level2", "level3", "level4", "level5", "safe", "safe-fork"]


def game(yellow: str, blue: str, winner: Colour | None) -> GameResult:
    return GameResult(yellow, blue, winner, f"{yellow}-{blue}", 9, (0.5, 0.25), (5, 4), (0.4, 0.2))


Y, B = Colour.YELLOW, Colour.BLUE


def test_a_report_is_made_from_given_results() -> None:
    plan = MatchPlan.of([("a", "b"), ("a", "c")], games=4)
    assert plan.planned == 8
    tally = plan.tally()
    given = [game("a", "b", Y), game("b", "a", None), game("a", "c", B), game("c", "a", B)]
    scores = [tally.add(n, g) for n, g in zip([0, 1, 4, 5], given, strict=True)]
    assert [(s.pairing, s.points, s.games) for s in scores] == [
        (("a", "b"), 1.0, 1),
        (("a", "b"), 1.5, 2),
        (("a", "c"), 0.0, 1),
        (("a", "c"), 1.0, 2),
    ]
    report = tally.report(seconds=3.0, stopped="interrupted", load=None, bootstrap=10)
    out = report.json()
    assert (out["games"], out["planned"], out["seconds"], out["stopped"]) == (
        4,
        8,
        3.0,
        "interrupted",
    )
    assert [(p["players"], p["wins"], p["draws"], p["losses"]) for p in out["pairings"]] == [
        (["a", "b"], 1, 1, 0),
        (["a", "c"], 1, 0, 1),
    ]
    assert {r["player"]: r["score"] for r in out["ratings"]} == {"a": 2.5, "b": 0.5, "c": 1.0}
    assert "sprt" not in out
    assert "| a vs b | 2 | 1 / 1 / 0 | 75% |" in report.text()
    assert report.records() == {("a", "b"): ["a-b", "b-a"], ("a", "c"): ["a-c", "c-a"]}


def test_an_sprt_report_counts_whole_pairs_and_says_its_verdict() -> None:
    plan = MatchPlan.of_sprt("a", "b", Sprt(0, 20), games=9)
    assert plan.planned == 10 and plan.pairs == (("a", "b"),)
    tally = plan.tally()
    for number in range(5):  # two pairs won by a, then half a pair
        tally.add(number, game("a", "b", Y) if number % 2 == 0 else game("b", "a", B))
    assert not tally.decided
    report = tally.report(seconds=1.0, bootstrap=0)
    assert sorted(report.results) == [0, 1, 2, 3] and report.standings.games == 4
    assert report.sprt is not None and report.sprt.counts == (0, 0, 0, 0, 2)
    assert report.sprt.outcome == "no decision after 2 pairs"
    assert report.json()["sprt"]["pentanomial"] == [0, 0, 0, 0, 2]
    assert report.text().endswith(
        "(LL, LD, LW+DD, DW, WW = 0, 0, 0, 0, 2): no decision after 2 pairs"
    )
    for number in range(5, 400):
        tally.add(number, game("a", "b", Y) if number % 2 == 0 else game("b", "a", B))
        if tally.decided:
            break
    report = tally.report(seconds=1.0, bootstrap=0)
    assert report.sprt is not None and report.sprt.verdict == H1
    assert report.sprt.outcome == "H1 accepted"


def test_a_match_needs_a_pairing() -> None:
    with pytest.raises(ValueError, match="a match needs two players"):
        MatchPlan.of(pairings_of(["level1"], [], []))
    assert pairings_of(["x"], ["a", "b"], ["a", "c"]) == [
        ("x", "a"),
        ("x", "b"),
        ("a", "c"),
        ("a", "b"),
        ("c", "b"),
    ]


def _round_robin() -> tuple[list[tuple[str, str]], dict[int, GameResult]]:
    """The committed round robin's games by their numbers in its plan (as :func:`match_specs`
    makes it, on the book of then: its openings are read from the games' names)."""
    pairs = pairings_of(PLAYERS, [], [])
    known = ResultsFile(ROUND_ROBIN).known
    book: dict[int, tuple[Turn, Turn]] = {}
    for key in known:  # "a - b | T T / T T | seed S | 48 tiles"
        _, opening, seed, _ = key.split(" | ")
        first, reply = (tuple(Tile.parse(t) for t in half.split()) for half in opening.split(" / "))
        book[int(seed.split()[1]) // 1000] = (first, reply)
    assert sorted(book) == list(range(10))
    specs = [
        spec
        for a, b in pairs
        for index in range(10)
        for spec in pair_specs(a, b, book[index], 1000 * index)
    ]
    return pairs, {n: known[spec_key(s)] for n, s in enumerate(specs) if spec_key(s) in known}


def test_the_tally_of_a_results_file_is_the_one_counted_game_by_game_before() -> None:
    pairs, results = _round_robin()
    assert len(results) == 420
    tally = MatchPlan.of(pairs, 20).tally()
    done: dict[int, GameResult] = {}
    for number, result in results.items():
        score = tally.add(number, result)
        done[number] = result
        # As palago match counted it: every game done looked at again after each game.
        players_of = {result.yellow, result.blue}
        pairing = next(p for p in pairs if set(p) == players_of)
        mine = [g for g in done.values() if {g.yellow, g.blue} == players_of]
        assert (score.pairing, score.points, score.games) == (
            pairing,
            sum(g.score_of(pairing[0]) for g in mine),
            len(mine),
        )


def test_the_tables_of_a_results_file_are_the_ones_made_before() -> None:
    pairs, results = _round_robin()
    table = standings(results, pairs, bootstrap=0)
    every = game_pairs(results)
    for row, (a, b) in zip(table.pairings, pairs, strict=True):
        # As standings made it: every game pair looked at again for each pairing.
        mine = [p for p in every if {p[0].yellow, p[0].blue} == {a, b}]
        games = [g for p in mine for g in p]
        wins = sum(g.score_of(a) == 1 for g in games)
        draws = sum(g.winner is None for g in games)
        mean, low, high = score_interval([sum(g.score_of(a) for g in p) / len(p) for p in mine])
        assert (row.first, row.second, row.games, row.wins, row.draws) == (a, b, 20, wins, draws)
        assert (row.score, row.low, row.high) == (mean, low, high)
    outcomes = [(g.yellow, g.blue, g.score_of(g.yellow)) for g in results.values()]
    for rating in table.ratings:
        played = [(y, b, s) for y, b, s in outcomes if rating.player in (y, b)]
        score = sum(s if y == rating.player else 1 - s for y, _, s in played)
        assert (rating.games, rating.score) == (len(played), score) == (120, rating.score)
    points: dict[str, float] = defaultdict(float)
    for g in results.values():
        points[g.yellow] += g.score_of(g.yellow)
        points[g.blue] += g.score_of(g.blue)
    assert {r.player: r.score for r in table.ratings} == points
