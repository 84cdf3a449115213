"""The Palagonia players: the placements their board finds score what the rules say, every
player's every action is legal in computer-only games of 3 to 10 seats (a sample here; the
benchmark ``benchmarks/palagonia_players.py`` plays many more), the games replay from their
records, a match of tables is reported, resumed and played alike in processes and on Dask, and
solitaire games are scored against the computer's. Small bags keep the games short."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from palago_tools.cli import app
from palago_tools.engine.palagonia import PLAYERS, PalagoniaBoard, PalagoniaPlayer
from palago_tools.engine.palagonia import player as player_module
from palago_tools.engine.palagonia.games import SeatedGame, play_seated
from palago_tools.engine.palagonia.match import (
    PalagoniaPlan,
    PalagoniaReport,
    PalagoniaResults,
    play_tables,
    rotations,
    table_of,
)
from palago_tools.engine.palagonia.solitaire import (
    SHIPPED_SEEDS,
    SOLITAIRE_PLAYER,
    SolitaireScores,
    play_solitaire,
    shipped_scores,
    solitaire_scores,
)
from palago_tools.notation import parse
from palago_tools.notation.records import PalagoniaGame
from palago_tools.replays import replay
from palago_tools.rules.palagonia import (
    Die,
    Palagonia,
    PalagoniaOptions,
    PlaceAction,
    RemoveAction,
    starter_from_rolls,
)
from palago_tools.rules.random_games import random_palagonia_game
from palago_tools.table.computer import computer_seats

runner = CliRunner()


def midgame(seed: int, players: int = 4) -> Palagonia:
    """A random legal game two thirds of the way through."""
    script = random_palagonia_game(random.Random(seed), players)
    game = Palagonia(players)
    starter, die = starter_from_rolls(script.start_rolls, players)
    game.start(starter, die, script.start_tiles)
    for move in script.turns[: 2 * len(script.turns) // 3]:
        game.play(move.roll, move.die, move.action)
    return game


@pytest.mark.parametrize("seed", range(4))
def test_every_closure_the_board_finds_scores_its_points_by_the_rules(seed: int) -> None:
    board = PalagoniaBoard.of(midgame(seed))
    best = board.best_closures(48)
    found = 0
    for count in (2, 3, 4, 5):
        fills = board.fills(count)
        assert max((f.points for f in fills), default=0) == best[count - 2]
        for fill in fills:
            game = midgame(seed)
            die = Die.placing(count)
            played = game.play((die, die), die, PlaceAction(fill.tiles))
            assert played.points[played.player] == fill.points > 0
            found += 1
    assert found


def test_builds_leave_their_region_short_of_closing_and_are_legal() -> None:
    board = PalagoniaBoard.of(midgame(5))
    builds = [f for f in board.fills(3, slack=2) if not f.points]
    assert builds and all(1 <= f.gaps <= 2 for f in builds)
    for fill in builds[:10]:
        game = midgame(5)
        game.play((Die.THREE, Die.TWO), Die.THREE, PlaceAction(fill.tiles))


def test_greedy_takes_the_most_points_of_the_roll() -> None:
    game = midgame(2)
    board = PalagoniaBoard.of(game)
    roll = (Die.THREE, Die.FIVE)
    best = max(board.best_closures(game.bag)[1], board.best_closures(game.bag)[3])
    choice = PalagoniaPlayer("greedy").choose(game, roll)
    assert choice.points == best and choice.die in roll
    played = game.play(roll, choice.die, choice.action)
    assert played.points.get(played.player, 0) == best


def test_level2_stops_valuing_actions_when_its_work_is_spent(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Its budget is tiles laid on its board, not a clock: each candidate is valued only while
    fewer than ``BUDGET`` tiles have been laid this turn, the rest are not chosen, and placements
    take turns with removals (ranked by the closable regions they make) in the search."""
    game = midgame(3)
    roll = (Die.FOUR, Die.REMOVE)
    valued: list[tuple[int, Any]] = []
    value = player_module.PalagoniaPlayer._value

    def counted(self: PalagoniaPlayer, board: PalagoniaBoard, *args: Any) -> float:
        valued.append((board.tiles_laid, args[-1].action))
        return value(self, board, *args)

    monkeypatch.setattr(player_module.PalagoniaPlayer, "_value", counted)
    budget = player_module.BUDGET
    monkeypatch.setattr(player_module, "BUDGET", 10**9)
    PalagoniaPlayer("level2").choose(game, roll)
    kinds = [type(a) for _laid, a in valued]
    assert kinds[:4] == [PlaceAction, RemoveAction, PlaceAction, RemoveAction]
    assert kinds.count(RemoveAction) == len(game.removable_tiles())  # no budget: all of them
    every = len(valued)
    valued.clear()
    monkeypatch.setattr(player_module, "BUDGET", budget)
    chosen = PalagoniaPlayer("level2").choose(game, roll)
    assert 1 < len(valued) < every and all(laid < budget for laid, _a in valued)
    assert chosen.action in [a for _laid, a in valued]


def test_neither_die_can_act_so_a_tile_is_removed() -> None:
    game = Palagonia(3, PalagoniaOptions(tiles=6))
    game.start(0, Die.FIVE, PalagoniaPlayer("level2").start_tiles(Die.FIVE))
    roll = (Die.FIVE, Die.ROTATE)
    for name in PLAYERS:
        choice = PalagoniaPlayer(name).choose(game, roll)
        assert choice.die is None and isinstance(choice.action, RemoveAction)
        assert "neither die could act" in choice.why
    played = game.play(roll, None, PalagoniaPlayer("level2").choose(game, roll).action)
    assert game.bag == 2 and not played.points


def test_unknown_players_are_refused() -> None:
    with pytest.raises(ValueError, match="the players are random, greedy, level1, level2"):
        PalagoniaPlayer("level9")
    with pytest.raises(ValueError, match="3 to 10 seats"):
        table_of("level2,greedy")


SAMPLE = [
    ("level2", "greedy", "random"),
    ("level1", "level2", "greedy", "random"),
    ("random", "level2", "greedy", "greedy", "level1"),
    ("greedy", "random", "level1", "random", "greedy", "level2"),
    ("level2", "random", "random", "greedy", "random", "random", "level1"),
    ("greedy",) * 7 + ("level2",),
    ("random", "level1") + ("greedy",) * 6 + ("level2",),
    ("level1",) + ("random",) * 8 + ("level2",),
]


@pytest.mark.parametrize("seats", SAMPLE, ids=lambda s: f"{len(s)} seats")
def test_computer_only_games_are_legal_and_replay(seats: tuple[str, ...]) -> None:
    """play_seated plays every action through the rules and replays the record (an illegal
    action or a record that does not replay raises)."""
    for dice in range(2):
        result = play_seated(SeatedGame(seats, dice, tiles=24))
        (record,) = parse(result.record)
        report = replay(record)
        assert report.valid and report.game_over and report.seat_scores == result.scores
        assert len(result.scores) == len(seats) and len(result.actions) == len(seats)
        assert isinstance(record, PalagoniaGame)
        assert [t.number for t in record.turns[:1]] == [0]  # the start, then every turn played
        assert len(record.turns) == result.turns + 1


def test_a_match_record_names_each_computer_seat_as_the_table_does() -> None:
    """One name for a computer seat: the table's, with the seat only for a player sitting
    twice, so the table reads a match's record as a game of computer seats."""
    result = play_seated(SeatedGame(("level2", "greedy", "level2"), 0, tiles=12))
    (record,) = parse(result.record)
    assert isinstance(record, PalagoniaGame)
    assert record.players == (
        "palago-tools palagonia level2 (seat 1)",
        "palago-tools palagonia greedy",
        "palago-tools palagonia level2 (seat 3)",
    )
    assert computer_seats(record) == {0: "level2", 1: "greedy", 2: "level2"}


def test_a_game_is_the_same_for_the_same_seed() -> None:
    spec = SeatedGame(("level2", "greedy", "level1"), 7, tiles=24)
    assert play_seated(spec).record == play_seated(spec).record


def test_a_match_rotates_the_seats_and_reports_scores_ranks_wins_and_ratings(
    tmp_path: Path,
) -> None:
    assert rotations(("a", "b", "a", "b")) == [("a", "b", "a", "b"), ("b", "a", "b", "a")]
    plan = PalagoniaPlan.of([("greedy", "random", "random")], seeds=2, tiles=16)
    assert len(plan.games) == 6 and {g.dice for g in plan.games} == {0, 1}
    results = PalagoniaResults(tmp_path / "r.jsonl")
    played = dict(play_tables(plan, results))
    report = PalagoniaReport.of(plan, played, bootstrap=10)
    (random_, greedy) = report.players
    assert (greedy.player, greedy.seats, random_.seats) == ("greedy", 6, 12)
    assert 1 <= greedy.rank.mean <= 3 and 0 <= greedy.wins.low <= greedy.wins.high <= 1
    for player in report.players:  # per seed, the mean share of the top score of its seats
        shares = []
        for dice in (0, 1):
            mine = []
            for number, game in played.items():
                top = max(game.scores)
                mine += [
                    (score == top) / game.scores.count(top)
                    for seat, score in zip(game.seats, game.scores, strict=True)
                    if seat == player.player and plan.games[number].dice == dice
                ]
            shares.append(sum(mine) / len(mine))
        assert player.wins.mean == pytest.approx(sum(shares) / 2)
    (pair,) = report.pairs
    assert (pair.first, pair.second, pair.games) == ("greedy", "random", 6)
    assert {r.player for r in report.ratings} == {"greedy", "random"}
    assert "| greedy | 6 |" in report.text()
    again = dict(play_tables(plan, PalagoniaResults(tmp_path / "r.jsonl")))
    assert again == played


def test_a_torn_last_line_of_a_palagonia_results_file_is_cut_off_when_resumed(
    tmp_path: Path,
) -> None:
    plan = PalagoniaPlan.of([("greedy", "random", "random")], seeds=1, tiles=12)
    path = tmp_path / "r.jsonl"
    first = PalagoniaResults(path)
    first.append(plan.games[0], play_seated(plan.games[0]))
    path.write_text(path.read_text(encoding="utf-8") + '{"game": "x", "se', encoding="utf-8")
    assert list(PalagoniaResults(path).known) == [plan.games[0].key()]
    played = dict(play_tables(plan, PalagoniaResults(path)))
    lines = path.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 3 and all(json.loads(line)["record"] for line in lines)
    assert PalagoniaResults(path).known == {g.key(): played[n] for n, g in enumerate(plan.games)}


def test_palago_match_palagonia_writes_records_that_replay_and_resumes(tmp_path: Path) -> None:
    args = ["match", "--palagonia", "greedy,random,level1", "--seeds", "1", "--supply", "16"]
    args += ["--bootstrap", "10", "--results", str(tmp_path / "r.jsonl")]
    first = runner.invoke(app, [*args, "--records", str(tmp_path / "recs"), "--json"])
    assert first.exit_code == 0, first.output
    data = json.loads(first.stdout)
    assert data["games"] == 3 and [p["player"] for p in data["players"]] == [
        "random",
        "greedy",
        "level1",
    ]
    (path,) = (tmp_path / "recs").iterdir()
    assert path.name == "palagonia-greedy-random-level1.palago"
    assert all(replay(r).valid for r in parse(path.read_text(encoding="utf-8")))
    second = runner.invoke(app, args)
    assert second.exit_code == 0 and "(3 of them from" in second.stderr


def test_the_records_of_two_tables_that_are_rotations_of_each_other_stay_apart(
    tmp_path: Path,
) -> None:
    """Each game is written in the file of the table it was planned for, not in every file of
    a table that has its seats among its rotations."""
    args = ["match", "--palagonia", "greedy,random,random", "random,greedy,random"]
    args += ["--seeds", "1", "--supply", "12", "--bootstrap", "0"]
    out = runner.invoke(app, [*args, "--records", str(tmp_path)])
    assert out.exit_code == 0, out.output
    first, second = (
        parse((tmp_path / f"palagonia-{name}.palago").read_text(encoding="utf-8"))
        for name in ("greedy-random-random", "random-greedy-random")
    )
    assert len(first) == len(second) == 3
    plan = PalagoniaPlan.of(
        [("greedy", "random", "random"), ("random", "greedy", "random")], 1, 0, 12
    )
    assert plan.table_numbers == (0, 0, 0, 1, 1, 1)
    played = {n: r for n, r in dict(play_tables(plan)).items() if n in (0, 4)}
    assert PalagoniaReport.of(plan, played, bootstrap=0).records() == {
        plan.tables[0]: [played[0].record],
        plan.tables[1]: [played[4].record],
    }


def test_jobs_and_a_dask_cluster_play_the_same_palagonia_games() -> None:
    plan = PalagoniaPlan.of([("greedy", "random", "level1")], seeds=1, tiles=16)
    alone = dict(play_tables(plan))
    assert {n: r.record for n, r in dict(play_tables(plan, jobs=2)).items()} == {
        n: r.record for n, r in alone.items()
    }
    distributed = pytest.importorskip(
        "distributed", reason="needs dask.distributed (pip install 'dask[distributed]')"
    )
    with distributed.LocalCluster(
        processes=False, n_workers=2, threads_per_worker=1, dashboard_address=":0"
    ) as cluster:
        remote = dict(play_tables(plan, scheduler=cluster.scheduler_address))
    assert {n: r.record for n, r in remote.items()} == {n: r.record for n, r in alone.items()}


@pytest.mark.parametrize(
    "args, message",
    [
        (["--palagonia", "greedy,level7,random"], "unknown Palagonia player 'level7'"),
        (["--palagonia", "greedy,random"], "3 to 10 seats"),
        (["--seeds", "3", "level1", "random"], "--seeds only works with --palagonia"),
        (["--palagonia", "greedy,random,random", "--sprt"], "only works with a Palago match"),
        (["--palagonia", "greedy,random,random", "--clock", "5"], "only works with a Palago"),
    ],
)
def test_bad_palagonia_match_options_are_one_line_and_exit_2(args: list[str], message: str) -> None:
    out = runner.invoke(app, ["match", *args])
    assert out.exit_code == 2 and message in out.stderr and "Traceback" not in out.output


def solitaire(*args: str, code: int = 0) -> Any:
    out = runner.invoke(app, ["solitaire", *args])
    assert out.exit_code == code, out.output
    return out


def test_the_computer_plays_solitaire_and_a_person_s_record_is_placed(tmp_path: Path) -> None:
    record = tmp_path / "mine.palago"
    quick = ["--tiles", "16", "--seeds", "2", "--player", "greedy"]
    out = solitaire("--computer", "--seed", "3", "-o", str(record), *quick)
    assert "points: better than" in out.stdout  # the record went to -o
    assert "greedy in solitaire over 2 dice seeds" in out.stdout
    (game,) = parse(record.read_text(encoding="utf-8"))
    assert replay(game).valid
    scored = json.loads(solitaire(str(record), *quick, "--json").stdout)
    assert scored["score"] == replay(game).seat_scores[0]
    assert 0 <= scored["standing"] <= 1 and len(scored["computer"]["scores"]) == 2


def test_solitaire_refuses_a_game_of_several_players_and_wrong_calls(tmp_path: Path) -> None:
    path = tmp_path / "three.palago"
    path.write_text(play_seated(SeatedGame(("greedy",) * 3, 0, tiles=12)).record)
    assert "is not a solitaire game" in solitaire(str(path), code=2).stderr
    text = play_solitaire("greedy", 1, 8).record
    path.write_text(text.replace("x -1,-1 ", "x 5,5 "), encoding="utf-8")
    assert "three.palago: record 1 does not replay" in solitaire(str(path), code=1).stderr
    assert "give a solitaire record" in solitaire(code=2).stderr
    assert "unknown Palagonia player" in solitaire("--computer", "--player", "x", code=2).stderr


def test_the_shipped_solitaire_scores_are_the_strongest_level_s() -> None:
    shipped = shipped_scores()
    assert shipped.player == "level2" and len(shipped.scores) == SHIPPED_SEEDS
    scores = SolitaireScores("greedy", 48, 0, (10, 20, 20, 30))
    assert scores.standing(20) == 0.5 and scores.standing(40) == 1.0
    assert scores.summary()["median"] == 20


@pytest.mark.slow
def test_the_shipped_solitaire_scores_are_played_again_alike() -> None:
    """``palago_tools/data/solitaire-scores.json`` is what the strongest level scores now."""
    shipped = shipped_scores()
    assert solitaire_scores(SOLITAIRE_PLAYER, SHIPPED_SEEDS) == shipped


@pytest.mark.slow
@pytest.mark.parametrize("seats", range(3, 11))
def test_many_computer_only_games_of_every_player_are_legal_and_replay(seats: int) -> None:
    """Ten games at each seat count, players drawn from all four (a level in each)."""
    rng = random.Random(seats)
    for dice in range(10):
        table = [rng.choice(PLAYERS) for _ in range(seats)]
        table[dice % seats] = ("level1", "level2")[dice % 2]
        result = play_seated(SeatedGame(tuple(table), 100 + dice, tiles=32))
        assert replay(parse(result.record)[0]).seat_scores == result.scores
