"""Time: GTP's time controls and the budget of a move, every part of the engine's choice stopping
at its deadline (shown with a clock the test moves, so nothing here depends on the machine's
speed: the figures on a real clock are printed by ``benchmarks/engine_movetime.py``), and the
clock of ``palago match``, where a side that runs out of time loses on time."""

from __future__ import annotations

import functools
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from palago_tools.cli import app
from palago_tools.core.tiles import Colour, Tile
from palago_tools.engine import Engine, Limits, SearchBoard, Searcher, Turn
from palago_tools.engine import match as match_module
from palago_tools.engine import player as player_module
from palago_tools.engine import search as search_module
from palago_tools.engine.clock import (
    MINIMUM,
    SAFETY,
    Clock,
    TimeControl,
    move_budget,
    turns_to_come,
)
from palago_tools.engine.match import ON_TIME, GameSpec, play_game
from palago_tools.engine.plan import MatchPlan
from palago_tools.engine.standings import ResultsFile, play_resumed
from palago_tools.notation import parse
from palago_tools.notation import records as rec
from palago_tools.replays import replay
from palago_tools.rules import Palago
from palago_tools.tactics import forcing as forcing_module
from palago_tools.tactics import forcing_wins
from palago_tools.tactics import search as tactics_search_module

runner = CliRunner()


class FakeTime:
    """A clock that moves ``step`` seconds each time it is read: time passes only where the
    code looks at the clock, so a part that forgets to look takes no time and a part that
    looks stops after as many looks as its budget allows."""

    def __init__(self, step: float) -> None:
        self.step = step
        self.now = 1000.0

    def perf_counter(self) -> float:
        self.now += self.step
        return self.now

    monotonic = perf_counter

    def process_time(self) -> float:
        return self.now


def fake_engine_time(monkeypatch: pytest.MonkeyPatch, step: float) -> FakeTime:
    """The fake clock in every module of the engine's choice that reads one."""
    fake = FakeTime(step)
    for module in (search_module, player_module, tactics_search_module, forcing_module):
        monkeypatch.setattr(module, "time", fake)
    return fake


# The third book's first opening: the seeded games below last long enough from it.
OPENING: tuple[Turn, Turn] = (
    (Tile.parse("0,0R"), Tile.parse("1,0R")),
    (Tile.parse("-1,1R"), Tile.parse("-2,2D")),
)


@functools.cache
def _seeded_turns() -> tuple[Turn, ...]:
    opening = OPENING
    game = Palago()
    turns = list(opening)
    for turn in opening:
        game.play(turn)
    engine = Engine(level=2, seed=3)
    while len(turns) < 8:
        turns.append(engine.choose(game).turn)
        game.play(turns[-1])
    assert not game.over
    return tuple(turns)


def midgame() -> Palago:
    """The position after eight turns of a seeded level-2 game."""
    game = Palago()
    for turn in _seeded_turns():
        game.play(turn)
    return game


# --- Time controls -----------------------------------------------------------------------------


def test_time_controls_follow_gtp() -> None:
    absolute = TimeControl(60)
    assert absolute.start() == Clock(60, 0) and not absolute.unlimited
    assert absolute.spend(Clock(5, 0), 7).flagged
    canadian = TimeControl(10, 30, 5)
    assert canadian.spend(Clock(4, 0), 3) == Clock(1, 0)
    assert canadian.spend(Clock(4, 0), 6) == Clock(28, 4)  # main time out: into the period
    assert canadian.spend(Clock(12, 3), 2) == Clock(10, 2)
    assert canadian.spend(Clock(12, 1), 2) == Clock(30, 5)  # the period's turns played
    assert canadian.spend(Clock(2, 3), 3).flagged
    assert TimeControl(0, 30, 5).start() == Clock(30, 5)
    assert TimeControl(0, 1, 0).unlimited  # GTP: byo-yomi time with no stones is no limit


def test_a_move_budget_shares_the_time_left() -> None:
    assert turns_to_come(48) == 12 and turns_to_come(3) == 1 and turns_to_come(None) == 12
    assert move_budget(TimeControl(60), Clock(26, 0), 48) == pytest.approx(SAFETY * 2)
    assert move_budget(TimeControl(0, 20, 4), Clock(8, 2), 10) == pytest.approx(SAFETY * 4)
    with_periods = move_budget(TimeControl(60, 20, 4), Clock(26, 0), 48)
    assert with_periods == pytest.approx(SAFETY * (2 + 5))
    assert move_budget(TimeControl(0, 1, 0), Clock(0, 0), 48) is None
    assert move_budget(TimeControl(60), Clock(-3, 0), 48) == MINIMUM


# --- Deadlines ---------------------------------------------------------------------------------


def test_the_deepening_stops_at_its_deadline(monkeypatch: pytest.MonkeyPatch) -> None:
    game = midgame()
    fake = fake_engine_time(monkeypatch, 0.001)
    report = Searcher(SearchBoard.of(game), Limits(depth=8, quiescence=2, seconds=0.05)).search()
    assert report.timed_out and 2 <= report.depth < 8
    # The clock is read at the start, every 16 nodes of the deeper iterations, and at the end.
    assert 0.05 < report.seconds <= 0.05 + 2 * fake.step
    budgeted = Searcher(SearchBoard.of(game), Limits(depth=2, quiescence=0, nodes=0)).search()
    assert not budgeted.timed_out and budgeted.depth == 2


def test_the_forcing_win_search_stops_at_its_deadline() -> None:
    board = SearchBoard.of(midgame())
    found = forcing_wins(board, board.mover, budget=4000, seconds=0.0)
    assert not found.complete and found.examined <= 1 and not found.wins


def test_the_guard_plays_the_turn_it_reached_at_its_deadline(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = midgame()
    engine = Engine(level=5)
    board = SearchBoard.of(game)
    ranked = Searcher(board, engine.limits()).ranked()[:24]
    fake = fake_engine_time(monkeypatch, 0.01)
    guarded = engine._guarded(board, ranked, engine.settings, deadline=fake.now - 1)
    assert guarded == ranked[0] and engine._timed_out


@pytest.mark.parametrize("level", [2, 5])
def test_a_move_with_a_time_limit_stops_at_its_deadline(
    monkeypatch: pytest.MonkeyPatch, level: int
) -> None:
    """Every part of the choice that takes time looks at the clock and stops: on a clock that
    moves only when looked at, the move takes its budget and a few looks more."""
    game = midgame()
    fake = fake_engine_time(monkeypatch, 0.01)
    engine = Engine(level=level, movetime=0.5)
    start = fake.now
    choice = engine.choose(game)
    assert choice.timed_out and choice.search is not None and choice.search.timed_out
    assert fake.now - start <= 0.5 * 1.2
    game.play(choice.turn)  # a legal turn


def test_without_a_time_limit_the_levels_count(monkeypatch: pytest.MonkeyPatch) -> None:
    game = midgame()
    before = Engine(level=3).choose(game)
    fake_engine_time(monkeypatch, 1000.0)  # a clock that would stop anything at once
    choice = Engine(level=3).choose(game)
    assert not choice.timed_out and choice.search is not None and choice.search.depth == 2
    assert before.search is not None and choice.search.nodes == before.search.nodes
    assert choice.turn == before.turn


# --- The clock of palago match -----------------------------------------------------------------


def test_a_side_that_runs_out_of_time_loses_on_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each turn takes one second on the match's clock: with 2.5 s a side, Yellow's third turn
    runs out first."""
    monkeypatch.setattr(match_module, "time", FakeTime(1.0))  # a turn is two looks apart
    opening = OPENING
    result = play_game(GameSpec("greedy", "random", opening, 1, clock=2.5))
    assert result.winner is Colour.BLUE and result.ending == ON_TIME
    assert result.moves == (3, 2) and result.turns == 2 + 2 + 2
    assert result.score_of("random") == 1.0
    (record,) = parse(result.record)
    assert isinstance(record, rec.PalagoGame)
    assert record.result is rec.PalagoResult.UNFINISHED
    assert dict(record.tags)["X-Termination"] == "Blue won on time"
    assert replay(record).valid


def test_the_engine_is_given_the_budget_its_clock_allows(monkeypatch: pytest.MonkeyPatch) -> None:
    given: list[float | None] = []
    original = Engine.choose

    def recording(self: Engine, game: Palago, *, seconds: float | None = None) -> object:
        given.append(seconds)
        return original(self, game, seconds=seconds)

    monkeypatch.setattr(Engine, "choose", recording)
    monkeypatch.setattr(match_module, "time", FakeTime(1.0))
    fake_engine_time(monkeypatch, 0.01)  # the engine's clock moves by its reads alone
    opening = OPENING
    result = play_game(GameSpec("level1", "safe", opening, 1, clock=30))
    assert result.ending == ""  # one second a turn: no one runs out
    budgets = [move_budget(TimeControl(30), Clock(30 - n, 0), 44 - 4 * n) for n in range(3)]
    assert given[:3] == pytest.approx(budgets)
    unclocked = play_game(GameSpec("level1", "safe", opening, 1))
    assert unclocked.ending == "" and given[-1] is None


def test_results_files_keep_the_clock_and_the_ending(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(match_module, "time", FakeTime(1.0))
    plan = MatchPlan.of([("greedy", "random")], 2, clock=0.5)  # each runs out at its first turn
    path = tmp_path / "results.jsonl"
    results = dict(play_resumed(plan.specs, ResultsFile(path)))
    assert all(r.ending == ON_TIME for r in results.values())
    again = ResultsFile(path)
    assert sorted(r.ending for r in again.known.values()) == [ON_TIME, ON_TIME]
    assert all("clock 0.5 s" in key for key in again.known)
    unclocked = MatchPlan.of([("greedy", "random")], 2)
    assert not any(s.clock for s in unclocked.specs)


def test_palago_match_clock_reports_the_games_lost_on_time(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(match_module, "time", FakeTime(1.0))
    records = tmp_path / "games"
    argv = ["match", "greedy", "random", "--games", "2", "--clock", "0.5"]
    result = runner.invoke(app, [*argv, "--json", "--records", str(records)])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["lost_on_time"] == {"greedy": 1, "random": 1}
    text = runner.invoke(app, argv)
    assert "Lost on time: greedy 1, random 1." in text.stdout
    written = (records / "greedy-vs-random.palago").read_text(encoding="utf-8")
    assert written.count("won on time") == 2
    refused = runner.invoke(app, ["match", "greedy", "random", "--clock", "0"])
    assert refused.exit_code == 2
