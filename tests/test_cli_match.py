"""``palago match``: the pairing and rating tables, records that replay, a resumable results
file, Ctrl-C, the SPRT mode, and the same games on a local Dask cluster as in local processes.
Short games (level1 and the fast baselines, a small supply) keep it quick."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from palago_tools.cli import app
from palago_tools.engine import LEVELS
from palago_tools.engine.evaluation import WEIGHTS
from palago_tools.engine.match import GameResult, GameSpec, match_specs, play_game, player_named
from palago_tools.engine.search import Limits
from palago_tools.engine.sprt import Sprt
from palago_tools.notation import parse
from palago_tools.replays import replay

runner = CliRunner()
QUICK = ["--supply", "12", "--bootstrap", "20"]


def run(*args: str, code: int = 0) -> Any:
    result = runner.invoke(app, ["match", *args])
    assert result.exit_code == code, result.output
    return result


def same_games(report: dict[str, Any]) -> dict[str, Any]:
    """The report without what depends on the machine (times and load)."""
    return {k: v for k, v in report.items() if k not in ("times", "load", "seconds")}


def test_a_round_robin_prints_pairings_ratings_and_times_and_writes_records(
    tmp_path: Path,
) -> None:
    out = run("level1", "random,greedy", "--games", "2", *QUICK, "--records", str(tmp_path / "r"))
    text = out.stdout
    assert "| level1 vs random | 2 |" in text and "| random vs greedy | 2 |" in text
    assert "| player | Elo | 95 % interval |" in text and "seconds per move (load " in text
    files = sorted(p.name for p in (tmp_path / "r").iterdir())
    assert files == [
        "level1-vs-greedy.palago",
        "level1-vs-random.palago",
        "random-vs-greedy.palago",
    ]
    for path in (tmp_path / "r").iterdir():
        records = parse(path.read_text(encoding="utf-8"))
        assert len(records) == 2 and all(replay(r).valid for r in records)


def test_a_weight_variant_plays_under_its_name(tmp_path: Path) -> None:
    """``levelN:FIELD=VALUE:...`` is level N with those weights: the engine change an SPRT
    tests; its games and records carry the name."""
    variant = "level1:region=0:spot=0"
    out = run(variant, "--against", "level1", "--games", "2", *QUICK, "--records", str(tmp_path))
    assert f"| {variant} vs level1 | 2 |" in out.stdout
    (path,) = tmp_path.iterdir()
    assert path.name == "level1_region=0_spot=0-vs-level1.palago"
    records = parse(path.read_text(encoding="utf-8"))
    assert {r.yellow for r in records} == {variant, "level1"}
    engine = player_named(variant, 0).engine  # type: ignore[attr-defined]
    assert (engine.level, engine.weights) == (1, replace(WEIGHTS, region=0, spot=0))


def test_a_settings_variant_changes_the_level_and_nothing_else(tmp_path: Path) -> None:
    """``levelN:depth=…:nodes=…:guard=…`` changes the search limits and the guard of level N
    (weights kept); a node budget on a level that searches two plies changes no turn, since the
    budget is looked at only from the third ply: the records equal level 2's, game for game."""
    name = "level5:depth=4:quiescence=1:nodes=9000:forcing=7:forks=0:horizon=4:reach=5"
    engine = player_named(name, 3).engine  # type: ignore[attr-defined]
    assert (engine.level, engine.seed, engine.weights) == (5, 3, WEIGHTS)
    assert engine.settings == replace(
        LEVELS[5],
        limits=Limits(depth=4, quiescence=1, nodes=9000),
        forcing=7,
        forks=False,
        horizon=4,
        reach=5,
    )
    assert player_named("level3", 0).engine.settings == LEVELS[3]  # type: ignore[attr-defined]
    run("level2:nodes=1", "--against", "level1", "--games", "4", *QUICK, "--records", str(tmp_path))
    run("level2", "--against", "level1", "--games", "4", *QUICK, "--records", str(tmp_path))
    variant = parse((tmp_path / "level2_nodes=1-vs-level1.palago").read_text(encoding="utf-8"))
    plain = parse((tmp_path / "level2-vs-level1.palago").read_text(encoding="utf-8"))
    assert [r.turns for r in variant] == [r.turns for r in plain]


def test_the_json_report_adds_up(tmp_path: Path) -> None:
    report = json.loads(
        run("level1", "--against", "random", "--games", "4", *QUICK, "--json").stdout
    )
    assert report["games"] == report["planned"] == 4 and report["stopped"] is None
    (pairing,) = report["pairings"]
    assert pairing["players"] == ["level1", "random"]
    assert pairing["wins"] + pairing["draws"] + pairing["losses"] == 4
    assert pairing["interval"][0] <= pairing["score"] <= pairing["interval"][1]
    assert {r["player"] for r in report["ratings"]} == {"level1", "random"}
    assert sum(r["score"] for r in report["ratings"]) == 4
    assert {t["player"] for t in report["times"]} == {"level1", "random"}
    assert all(0 <= t["cpu_seconds_per_move"] for t in report["times"])
    assert all(0 <= t["cpu_median"] <= t["cpu_p95"] <= t["cpu_worst"] for t in report["times"])
    assert report["load"] is None or len(report["load"]) == 3


def test_the_results_file_keeps_each_moves_cpu_time(tmp_path: Path) -> None:
    """Each game's line has each side's CPU seconds move by move (as many as its moves, adding
    up to its CPU seconds), and the times table shows their median, p95 and worst; a file
    written before they were kept reads with "–" there."""
    results = tmp_path / "games.jsonl"
    run("level2", "level1", "--games", "2", *QUICK, "--results", str(results))
    for line in results.read_text(encoding="utf-8").splitlines():
        entry = json.loads(line)
        for side in (0, 1):
            assert len(entry["move_cpu"][side]) == entry["moves"][side]
            assert sum(entry["move_cpu"][side]) == pytest.approx(entry["cpu"][side], abs=0.01)
    shown = run("level2", "level1", "--games", "2", *QUICK, "--results", str(results)).stdout
    assert "| CPU median / p95 / worst |" in shown
    rows = [r for r in shown.splitlines() if r.startswith(("| level1 |", "| level2 |"))][-2:]
    assert all(r.count(" / ") == 2 for r in rows)  # the times table comes last
    old = tmp_path / "old.jsonl"
    old.write_text(
        "".join(
            json.dumps({k: v for k, v in json.loads(line).items() if k != "move_cpu"}) + "\n"
            for line in results.read_text(encoding="utf-8").splitlines()
        ),
        encoding="utf-8",
    )
    shown = run("level2", "level1", "--games", "2", *QUICK, "--results", str(old)).stdout
    rows = [r for r in shown.splitlines() if r.startswith(("| level1 |", "| level2 |"))][-2:]
    assert all(r.endswith("| – |") for r in rows)


def test_a_results_file_resumes_the_match_without_playing_again(tmp_path: Path) -> None:
    results = tmp_path / "games.jsonl"
    first = json.loads(
        run("level1", "random", "--games", "2", *QUICK, "--results", str(results), "--json").stdout
    )
    assert len(results.read_text().splitlines()) == 2
    more = run("level1", "random", "--games", "4", *QUICK, "--results", str(results), "--json")
    assert len(results.read_text().splitlines()) == 4  # only the two new games were played
    assert "(2 of them from" in more.stderr
    again = run("level1", "random", "--games", "4", *QUICK, "--results", str(results), "--json")
    assert len(results.read_text().splitlines()) == 4
    assert same_games(json.loads(again.stdout)) == same_games(json.loads(more.stdout))
    assert first["games"] == 2
    # A last line cut short (a run killed while writing) is left out; a bad line elsewhere is not.
    results.write_text(results.read_text() + '{"game": "cut', encoding="utf-8")
    run("level1", "random", "--games", "4", *QUICK, "--results", str(results))
    results.write_text("nonsense\n" + results.read_text(), encoding="utf-8")
    bad = run("level1", "random", "--games", "4", *QUICK, "--results", str(results), code=2)
    assert f"{results}:1: not a line of a match's results file" in bad.stderr


def test_ctrl_c_reports_the_games_played_and_exits_130(monkeypatch: pytest.MonkeyPatch) -> None:
    import palago_tools.cli.match as command

    def interrupted(specs: Any, *args: Any) -> Iterator[tuple[int, GameResult]]:
        for number, spec in enumerate(specs):
            if number == 3:
                raise KeyboardInterrupt
            yield number, play_game(spec)

    monkeypatch.setattr(command, "play_resumed", interrupted)
    out = run("level1", "random", "--games", "6", *QUICK, "--json", code=130)
    report = json.loads(out.stdout)
    assert report["games"] == 3 and report["planned"] == 6 and report["stopped"] == "interrupted"
    assert "interrupted" in out.stderr


def test_the_sprt_mode_reports_the_llr_and_its_bounds() -> None:
    out = run("level1", "random", "--sprt", "--games", "30", *QUICK, "--json")
    sprt = json.loads(out.stdout)["sprt"]
    assert sprt["bounds"] == pytest.approx(list(Sprt().bounds))
    assert sprt["llr"] == pytest.approx(Sprt().llr(sprt["pentanomial"]))
    assert sum(sprt["pentanomial"]) == sprt["pairs"] <= 15
    if sprt["verdict"] is None:
        assert sprt["outcome"] == "no decision after 15 pairs"
    else:
        assert sprt["llr"] >= sprt["bounds"][1] and sprt["verdict"] == "H1"
    text = run("level1", "random", "--sprt", "--games", "4", "--elo1", "50", *QUICK).stdout
    assert "SPRT level1 vs random (H0 +0 Elo, H1 +50 Elo, alpha 0.05, beta 0.05): LLR" in text


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["level9", "random"], "unknown player 'level9'"),
        (["gtp:/nowhere:5", "random"], "/nowhere in 'gtp:/nowhere:5' is not a palago-tools"),
        (["gtp:.:9", "random"], "'9' in 'gtp:.:9' is not a level: levels are 1 to 5"),
        (["level1:spat=3", "random"], "'spat' is not a weight or a setting: the weights are"),
        (["level1:spot", "random"], "'spot' is not FIELD=VALUE: the weights are region, spot"),
        (["level1:depth", "random"], "the settings depth, quiescence, nodes, forks, guard"),
        (["level1:spot=x", "random"], "spot is a whole number, not 'x'"),
        (["level5:depth=0", "random"], "depth is 1 to 64, not 0"),
        (["level5:forks=2", "random"], "forks is 0 to 1, not 2"),
        (["level5:horizon=2", "random"], "horizon is 3 to 6, not 2"),
        (["level5:reach=7", "random"], "reach is 3 to 6, not 7"),
        (["level1"], "a match needs two players"),
        (["level1", "random", "greedy", "--sprt"], "--sprt plays two players"),
        (["level1", "random", "--elo1", "30"], "--elo1 only works with --sprt"),
        (["level1", "random", "--sprt", "--alpha", "0.7", "--beta", "0.5"], "alpha and beta"),
        (["level1", "random", "--sprt", "--against", "greedy"], "--against only works with"),
        (["level1", "random", "--sprt", "--elo1", "nan"], "elo0 and elo1 are finite numbers"),
        (["level1", "random", "--sprt", "--elo0", "30"], "elo1 (20) must be above elo0 (30)"),
    ],
)
def test_bad_options_are_one_line_and_exit_2(args: list[str], message: str) -> None:
    out = run(*args, code=2)
    assert message in out.stderr and "Traceback" not in out.output


def test_a_local_dask_cluster_plays_the_same_games_as_local_processes(tmp_path: Path) -> None:
    distributed = pytest.importorskip(
        "distributed", reason="needs dask.distributed (pip install 'dask[distributed]')"
    )
    args = ["level1", "random,greedy", "--games", "2", *QUICK, "--json"]
    local = json.loads(run(*args, "--jobs", "2", "--records", str(tmp_path / "local")).stdout)
    with distributed.LocalCluster(
        processes=False, n_workers=2, threads_per_worker=1, dashboard_address=":0"
    ) as cluster:
        address = cluster.scheduler_address
        remote = json.loads(
            run(*args, "--scheduler", address, "--records", str(tmp_path / "dask")).stdout
        )
        sprt = ["level1", "random", "--sprt", "--games", "20", *QUICK, "--json"]
        assert same_games(json.loads(run(*sprt, "--scheduler", address).stdout)) == same_games(
            json.loads(run(*sprt, "--jobs", "2").stdout)
        )
    assert same_games(remote) == same_games(local)
    for path in (tmp_path / "local").iterdir():
        assert (tmp_path / "dask" / path.name).read_text() == path.read_text()


def test_specs_name_the_supply_and_the_games_play_it() -> None:
    (spec, _) = match_specs([("level1", "random")], games=2, supply=12)
    assert isinstance(spec, GameSpec) and spec.options.supply == 12
    result = play_game(spec)
    assert '[Tiles "12"]' in result.record
    assert sum(len(turn.placements) for turn in parse(result.record)[0].turns) <= 12


def test_a_scheduler_that_cannot_be_reached_or_no_dask_is_a_usage_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    pytest.importorskip(
        "distributed", reason="needs dask.distributed (pip install 'dask[distributed]')"
    )
    bad = run("level1", "random", "--games", "2", "--scheduler", "nonsense://x", code=2)
    assert "palago: cannot reach the Dask scheduler at nonsense://x: " in bad.stderr
    import palago_tools.engine.match as match

    def missing(name: str) -> Any:
        raise ImportError(name)

    monkeypatch.setattr(match.importlib, "import_module", missing)
    out = run("level1", "random", "--games", "2", "--scheduler", "tcp://127.0.0.1:1", code=2)
    assert "pip install 'palago-tools[dask]'" in out.stderr


@pytest.mark.slow
def test_worker_processes_of_a_dask_cluster_play_the_same_games() -> None:
    distributed = pytest.importorskip(
        "distributed", reason="needs dask.distributed (pip install 'dask[distributed]')"
    )
    from palago_tools.engine.match import play_unordered

    specs = match_specs([("level1", "greedy")], games=4, supply=16)
    local = dict(play_unordered(specs, jobs=2))
    with distributed.LocalCluster(
        processes=True, n_workers=2, threads_per_worker=1, dashboard_address=":0"
    ) as cluster:
        remote = dict(play_unordered(specs, scheduler=cluster.scheduler_address))
    assert sorted(remote) == sorted(local) == [0, 1, 2, 3]
    assert [remote[n].record for n in range(4)] == [local[n].record for n in range(4)]


def test_a_results_file_gives_back_the_games_it_was_given(tmp_path: Path) -> None:
    from palago_tools.engine.standings import ResultsFile, spec_key

    specs = match_specs([("greedy", "random")], games=2, supply=16)
    games = [play_game(spec) for spec in specs]
    written = ResultsFile(tmp_path / "r.jsonl")
    for spec, game in zip(specs, games, strict=True):
        written.append(spec, game)
    read = ResultsFile(tmp_path / "r.jsonl")
    assert [read.known[spec_key(s)] for s in specs] == games
    assert spec_key(specs[0]) != spec_key(specs[1])


def test_a_torn_last_line_is_cut_off_before_the_next_game_is_appended(tmp_path: Path) -> None:
    """A run stopped while writing a game leaves its line in part: the next run plays that
    game again and appends it on a line of its own, so the file reads back whole."""
    from palago_tools.engine.standings import ResultsFile, play_resumed, spec_key

    specs = match_specs([("greedy", "random")], games=2, supply=16)
    path = tmp_path / "r.jsonl"
    dict(play_resumed(specs[:1], ResultsFile(path)))
    path.write_text(path.read_text(encoding="utf-8") + '{"game": "x", "se', encoding="utf-8")
    assert ResultsFile(path).known.keys() == {spec_key(specs[0])}
    played = dict(play_resumed(specs, ResultsFile(path)))
    lines = path.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 2 and all(json.loads(line)["record"] for line in lines)
    assert ResultsFile(path).known == {spec_key(s): played[n] for n, s in enumerate(specs)}
