"""``gtp:DIR:N``, the engine of a checkout over GTP as a match player: against the same level
played in this process (the referee), it plays the same games; a wrong name is one line; an
error answer, a dead or silent process is an InternalError naming it; the process is gone after
each game, also one that raises; its CPU is counted."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

import palago_tools.engine.gtp as gtp
import palago_tools.engine.match as match
from palago_tools.core.tiles import Tile
from palago_tools.engine.board import Turn
from palago_tools.engine.gtp import GtpPlayer
from palago_tools.engine.match import GameSpec, match_specs, opening_book, play_game, player_named
from palago_tools.errors import ArgumentError, InternalError
from palago_tools.rules.palago import Opening, Palago, PalagoOptions

ROOT = Path(__file__).resolve().parent.parent
"""This checkout: ``gtp:ROOT:N`` is the engine under test, in another process."""
GTP2 = f"gtp:{ROOT}:2"


def test_the_gtp_player_plays_the_games_of_the_same_level_in_this_process() -> None:
    referee = match_specs([("level2", "level1")], games=4, seed=5, supply=16)
    tested = match_specs([(GTP2, "level1")], games=4, seed=5, supply=16)
    moves = 0
    for ours, theirs in zip(referee, tested, strict=True):
        expected = play_game(ours)
        played = play_game(theirs)
        assert played.record.replace(GTP2, "level2") == expected.record
        moves += played.moves[0 if theirs.yellow == GTP2 else 1]
    assert moves >= 8  # the gtp player chose turns as Yellow and as Blue, several a game


def test_the_gtp_player_sets_up_the_supply_and_the_1_1_2_opening() -> None:
    """In the 1-1-2 opening, from an empty board: turns of one tile, then two."""
    options = PalagoOptions(supply=14, opening=Opening.ONE_ONE_TWO)
    for yellow, blue in (("level2", "level1"), ("level1", "level2")):
        expected = play_game(GameSpec(yellow, blue, (), 3, options))
        named = (yellow.replace("level2", GTP2), blue.replace("level2", GTP2))
        played = play_game(GameSpec(*named, (), 3, options))
        assert played.record.replace(GTP2, "level2") == expected.record
        assert played.turns == expected.turns >= 4


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("gtp:/nowhere:5", "/nowhere in 'gtp:/nowhere:5' is not a palago-tools checkout"),
        (f"gtp:{ROOT}:9", "'9' in 'gtp:.*:9' is not a level: levels are 1 to 5"),
        (f"gtp:{ROOT}:x", "'x' in 'gtp:.*:x' is not a level: levels are 1 to 5 .gtp:DIR:N"),
        (f"gtp:{ROOT}", f"'gtp:{ROOT}' is not gtp:DIR:N"),
        ("gtp:", r"'gtp:' is not gtp:DIR:N \(a palago-tools checkout DIR, a level N, 1 to 5\)"),
    ],
)
def test_a_wrong_gtp_name_is_a_one_line_argument_error(name: str, message: str) -> None:
    with pytest.raises(ArgumentError, match=message) as raised:
        player_named(name, 0)
    assert "\n" not in str(raised.value)


def _started(monkeypatch: pytest.MonkeyPatch) -> list[GtpPlayer]:
    """The players started from now on, each with its process kept in ``started_process``."""
    started: list[GtpPlayer] = []
    start = GtpPlayer._start

    def recording(self: GtpPlayer, game: Palago) -> None:
        start(self, game)
        self.started_process = self.process  # type: ignore[attr-defined]
        started.append(self)

    monkeypatch.setattr(GtpPlayer, "_start", recording)
    return started


def test_the_process_has_ended_after_the_game_also_when_the_game_raises(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    started = _started(monkeypatch)
    assert player_named(GTP2, 0).turn is not None and not started  # made, nothing started
    play_game(GameSpec(GTP2, "level1", opening_book(1)[0], 0, PalagoOptions(supply=12)))
    assert len(started) == 1 and started[0].started_process.poll() is not None  # type: ignore[attr-defined]

    class Failing:
        name = "failing"

        def turn(self, game: Palago, seconds: float | None = None) -> Turn:
            raise RuntimeError("a made-up failure")

    named = match.player_named
    monkeypatch.setattr(match, "player_named", lambda s, n: Failing() if s == "x" else named(s, n))
    with pytest.raises(RuntimeError, match="made-up failure"):
        play_game(GameSpec(GTP2, "x", opening_book(1)[0], 0, PalagoOptions(supply=12)))
    assert len(started) == 2 and started[1].started_process.poll() is not None  # type: ignore[attr-defined]


def _checkout(folder: Path, main: str) -> str:
    """A made-up checkout whose ``python -m palago_tools`` runs ``main``; its name at level 2."""
    (folder / "palago_tools").mkdir()
    (folder / "palago_tools" / "__init__.py").write_text("")
    (folder / "palago_tools" / "__main__.py").write_text(main)
    return f"gtp:{folder}:2"


ANSWERING = """import sys, time
for line in sys.stdin:
    if line.startswith("genmove"):
        {genmove}
    else:
        print("= \\n", flush=True)
"""


@pytest.mark.parametrize(
    ("genmove", "message"),
    [
        ('print("? illegal move: a made-up refusal\\n", flush=True)', "a made-up refusal"),
        ('print("= 0,0R nonsense\\n", flush=True)', "with '0,0R nonsense'"),
        ('print("= 0,0R 5,5R\\n", flush=True)', "an illegal turn '0,0R 5,5R'"),
        ('sys.exit("a made-up crash")', r"ended \(exit code 1\) .*: a made-up crash"),
        ("time.sleep(30)", "did not answer 'genmove yellow' in 0.5 s"),
    ],
)
def test_a_wrong_answer_a_dead_or_silent_process_is_an_internal_error_naming_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, genmove: str, message: str
) -> None:
    monkeypatch.setattr(gtp, "ANSWER_SECONDS", 0.5)
    monkeypatch.setattr(gtp, "QUIT_SECONDS", 0.5)  # the silent one is killed after that
    player = player_named(_checkout(tmp_path, ANSWERING.format(genmove=genmove)), 0)
    assert isinstance(player, GtpPlayer)
    try:
        with pytest.raises(InternalError, match=message) as raised:
            player.turn(Palago())
        assert "\n" not in str(raised.value)
    finally:
        process = player.process
        player.close()
    assert process is not None and process.poll() is not None


def test_the_cpu_of_the_process_s_genmove_is_counted(tmp_path: Path) -> None:
    """A made-up engine that spends 0.3 s of CPU on its genmove: the player's CPU counts it,
    this process's own CPU does not."""
    burn = "t = time.process_time()\n        while time.process_time() - t < 0.3: pass\n"
    answer = 'print("= 0,0R 1,0R\\n", flush=True)'
    player = player_named(
        _checkout(tmp_path, ANSWERING.format(genmove=burn + "        " + answer)), 0
    )
    assert isinstance(player, GtpPlayer)
    try:
        own = time.process_time()
        assert player.turn(Palago()) == (Tile.parse("0,0R"), Tile.parse("1,0R"))
        assert time.process_time() - own < 0.2
        assert player.child_cpu() >= 0.25
        assert match._cpu_of(player) - time.process_time() >= 0.25
    finally:
        player.close()


def test_with_a_clock_each_genmove_follows_its_movetime(monkeypatch: pytest.MonkeyPatch) -> None:
    """The budget the clock gives a turn is sent as ``movetime`` in milliseconds, before the
    ``genmove`` (a 1 s clock: a few hundred milliseconds at most)."""
    said: list[str] = []
    ask = GtpPlayer._ask

    def recording(self: GtpPlayer, command: str, seconds: float | None = None) -> str:
        said.append(command)
        return ask(self, command, seconds)

    monkeypatch.setattr(GtpPlayer, "_ask", recording)
    options = PalagoOptions(supply=12)
    result = play_game(GameSpec(GTP2, "level1", opening_book(1)[0], 0, options, clock=1.0))
    genmoves = [i for i, c in enumerate(said) if c.startswith("genmove")]
    assert result.moves[0] == len(genmoves) >= 1
    assert said[genmoves[0] - 1].startswith("movetime ")
    for command in said:
        if command.startswith("movetime "):
            assert 1 <= int(command.split()[1]) <= 1000
