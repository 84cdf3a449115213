"""``palago engine``: the GTP-framed protocol answers every command, plays whole games whose
every turn the rules accept, and says what is wrong with a bad command."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from palago_tools.cli import app
from palago_tools.core.tiles import Colour, Tile
from palago_tools.engine import COMMANDS, Engine, EngineProtocol
from palago_tools.engine import protocol as protocol_module
from palago_tools.engine.clock import SAFETY, Clock, TimeControl
from palago_tools.rules import Palago, PalagoOptions
from palago_tools.rules.palago import Opening

from .test_engine_clock import FakeTime, fake_engine_time

runner = CliRunner()


def answers(protocol: EngineProtocol, *lines: str) -> list[str]:
    out = io.StringIO()
    protocol.run([line + "\n" for line in lines], out)
    text = out.getvalue()
    assert text.endswith("\n\n")
    return text[:-2].split("\n\n")


def test_every_command_is_answered_in_gtp_framing() -> None:
    protocol = EngineProtocol(version="9.9")
    got = answers(
        protocol, "protocol_version", "1 name", "version", "# a comment", "", "list_commands"
    )
    assert got[:3] == ["= 2", "=1 palago-tools", "= 9.9"]
    assert got[3] == "= " + "\n".join(COMMANDS)
    assert answers(protocol, "frobnicate")[0].startswith("? unknown command 'frobnicate'")
    assert answers(protocol, "12 name extra")[0].startswith(
        "?12 syntax error: this command takes no argument"
    )


def test_an_illegal_turn_answers_the_rules_message_and_changes_nothing() -> None:
    protocol = EngineProtocol()
    got = answers(
        protocol,
        "play yellow 0,0R 0,1L",
        "play blue 5,5R 5,6L",
        "play yellow 1,1R 1,0L",
        "play blue 0,0R 1,0L",
        "play blue 1,1Q",
        "play green 1,1R",
        "play blue",
        "showboard",
    )
    assert got[0] == "= "
    assert got[1] == (
        "? illegal move: tiles 5,5R 5,6L do not touch the palago; at least one tile of a turn must "
        "touch it"
    )
    assert got[2] == "? illegal move: it is blue's turn"
    assert got[3] == "? illegal move: 0,0R: cell 0,0 already holds a tile"
    assert got[4].startswith("? syntax error: unknown orientation 'Q'")
    assert got[5] == "? syntax error: unknown colour 'green': a colour is yellow or blue"
    assert got[6].startswith("? syntax error: play takes a colour and one or two tiles")
    assert "tiles: 0,0R 0,1L" in got[7] and "blue to move; 46 tiles left" in got[7]


def test_undo_level_movetime_and_their_bad_values() -> None:
    protocol = EngineProtocol()
    got = answers(
        protocol,
        "undo",
        "play yellow 0,0R 0,1L",
        "undo",
        "final_status",
        "level 0",
        "level two",
        "level 1",
        "movetime -5",
        "movetime 50",
        "movetime 0",
        "supply 1",
        "supply 20",
        "variant 1-2",
        "variant 1-1-2",
    )
    assert got[0] == "? cannot undo: there is no turn to undo"
    assert got[1:4] == ["= ", "= ", "= playing"]
    assert protocol.game.position() == Palago().position()
    assert got[4] == "? syntax error: the level is 1 to 5, not 0"
    assert got[5].startswith("? syntax error: the level is 1 to 5")
    assert got[6] == "= " and protocol.engine.level == 1
    assert got[7].startswith("? syntax error: the move time is 0 to") and got[8:10] == ["= ", "= "]
    assert protocol.engine.movetime is None
    assert got[10] == "? syntax error: the supply is 2 to 10000 tiles, not '1'" and got[11] == "= "
    assert got[12].startswith("? syntax error: unknown variant '1-2'") and got[13] == "= "
    assert protocol.game.options == PalagoOptions(20, Opening.ONE_ONE_TWO)


def play_through(protocol: EngineProtocol, level: int, supply: int, variant: str) -> str:
    """Genmove both sides to the end, checking every answer with a rules game of our own."""
    answers(protocol, f"level {level}", f"supply {supply}", f"variant {variant}", "clear_board")
    referee = Palago(options=protocol.options)
    while True:
        status = answers(protocol, "final_status")[0]
        if status != "= playing":
            break
        colour = referee.mover.value
        (reply,) = answers(protocol, f"genmove {colour}")
        assert reply.startswith("= "), reply
        turn = [Tile.parse(token) for token in reply[2:].split()]
        referee.play(turn)  # raises if the engine's turn were illegal
    expected = referee.winner.value if referee.winner else "draw"
    assert status == f"= {expected}"
    assert answers(protocol, "genmove yellow")[0].startswith("? illegal move: the game is over")
    return expected


@pytest.mark.parametrize(("level", "supply", "variant"), [(1, 48, "standard"), (2, 24, "1-1-2")])
def test_whole_games_through_the_protocol_every_turn_checked(
    level: int, supply: int, variant: str
) -> None:
    play_through(EngineProtocol(seed=level), level, supply, variant)


@pytest.mark.slow
def test_a_whole_game_at_the_strongest_level() -> None:
    play_through(EngineProtocol(seed=5), 5, 48, "standard")


def test_the_engine_plays_against_turns_it_is_given() -> None:
    protocol = EngineProtocol()
    got = answers(protocol, "play yellow 0,0R 0,1L", "genmove blue", "genmove blue")
    assert got[0] == "= " and got[1].startswith("= ")
    assert got[2] == "? illegal move: it is yellow's turn"
    assert protocol.game.mover is Colour.YELLOW


def test_palago_engine_on_standard_input_and_output() -> None:
    result = runner.invoke(app, ["engine", "--level", "1"], input="name\nquit\nname\n")
    assert result.exit_code == 0
    assert result.stdout == "= palago-tools\n\n= \n\n"
    bad = runner.invoke(app, ["engine", "--level", "7"])
    assert bad.exit_code == 2 and "the level is 1 to 5, not 7" in bad.output


def test_palago_engine_as_a_process_in_a_pipe() -> None:
    """A match runner drives it line by line and reads each answer to its empty line."""
    process = subprocess.Popen(
        [sys.executable, "-m", "palago_tools", "engine", "--level", "1"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert process.stdin is not None and process.stdout is not None

    def ask(line: str) -> str:
        assert process.stdin is not None and process.stdout is not None
        process.stdin.write(line + "\n")
        process.stdin.flush()
        lines = []
        while (read := process.stdout.readline()) != "\n":
            lines.append(read.rstrip("\n"))
        return "\n".join(lines)

    try:
        assert ask("protocol_version") == "= 2"
        move = ask("genmove yellow")
        game = Palago()
        game.play([Tile.parse(t) for t in move[2:].split()])
        assert ask("final_status") == "= playing"
        assert ask("quit") == "= "
    finally:
        process.stdin.close()
        process.wait(timeout=60)
    assert process.returncode == 0


# --- A GTP 2 session: known_command, protocol_version, time controls, movetime ----------------

SESSION = """\
1 protocol_version
2 known_command time_left
3 known_command boardsize
4 name
time_settings 60 0 0
time_left yellow 26 0
5 genmove yellow
6 time_left blue 8 2
7 genmove blue
\tshowboard\r
8 foo
9 play yellow 0,0R
10 undo
11 quit
"""


def test_a_gtp_session(monkeypatch: pytest.MonkeyPatch) -> None:
    """The session docs/engine.md shows a controller author: ids echoed on success and
    failure, GTP's standard errors, GTP's time commands budgeting each genmove (the clock
    here moves one second a genmove, so the figures are exact, and the engine's clock moves
    only when looked at, so its turns do not depend on the machine)."""
    monkeypatch.setattr(protocol_module, "time", FakeTime(1.0))
    fake_engine_time(monkeypatch, 0.01)
    protocol = EngineProtocol(version="9.9")
    protocol.engine = Engine(2, 0)
    got = answers(protocol, *SESSION.splitlines())
    assert got[:4] == ["=1 2", "=2 true", "=3 false", "=4 palago-tools"]
    assert got[4:6] == ["= ", "= "]
    assert got[6].startswith("=5 ") and len(got[6].split()) == 3
    assert protocol.clocks[Colour.YELLOW] == Clock(25.0, 0)  # 26 s less the genmove's second
    assert got[7] == "=6 " and got[8].startswith("=7 ")
    assert protocol.budget == pytest.approx(SAFETY * 8 / 2)  # the period's time for its turns
    assert protocol.clocks[Colour.BLUE] == Clock(7.0, 1)
    assert got[9].endswith("clocks: yellow 25.0 s, blue 7.0 s for 1 turns")
    assert got[10] == "?8 unknown command 'foo'; list_commands lists them"
    assert got[11].startswith("?9 illegal move: ") and got[12] == "=10 "
    assert got[13] == "=11 " and protocol.finished and len(got) == 14
    assert len(protocol.turns) == 1  # the undo took back Blue's turn


def test_known_commands_and_time_commands_refuse_bad_arguments() -> None:
    protocol = EngineProtocol()
    for command in COMMANDS:
        assert answers(protocol, f"known_command {command}") == ["= true"]
    got = answers(
        protocol,
        "known_command",
        "time_settings 1 2",
        "time_settings -1 0 0",
        "time_settings 1.5 0 0",
        "time_left green 10 0",
        "time_left yellow 10",
        "time_settings 0 5 0",
        "genmove yellow",
    )
    assert got[0] == "? syntax error: this command takes one argument, a command name"
    assert got[1].startswith("? syntax error: time_settings takes main_time byo_yomi_time")
    assert got[2].startswith("? syntax error: time_settings takes whole numbers")
    assert got[3].startswith("? syntax error: time_settings takes whole numbers")
    assert got[4] == "? syntax error: unknown colour 'green': a colour is yellow or blue"
    assert got[5].startswith("? syntax error: time_left takes a colour")
    assert got[6] == "= " and protocol.control == TimeControl(0, 5, 0)
    assert got[7].startswith("= ") and protocol.budget is None  # byo-yomi with no stones
    assert protocol.choice is not None and not protocol.choice.timed_out


def test_movetime_and_the_clock_bound_a_genmove(monkeypatch: pytest.MonkeyPatch) -> None:
    """``movetime`` gives the search its time; with a clock too, the smaller budget counts;
    the search stops at its deadline (the engine's clock here moves only when looked at)."""
    fake_engine_time(monkeypatch, 0.01)
    protocol = EngineProtocol()
    protocol.engine = Engine(3, 0)
    got = answers(protocol, "movetime 300", "genmove yellow", "play blue 1,0R 1,-1L")
    assert got[:2] == ["= ", got[1]] and got[1].startswith("= ")
    choice = protocol.choice
    assert protocol.budget == pytest.approx(0.3)
    assert choice is not None and choice.timed_out
    assert choice.search is not None and choice.search.timed_out and choice.search.depth >= 2
    answers(protocol, "time_settings 1 0 0")  # 44 tiles left: 11 turns to come, and one more
    assert protocol.budget_for(Colour.YELLOW) == pytest.approx(SAFETY * 1 / 12)
    answers(protocol, "time_settings 600 0 0")
    assert protocol.budget_for(Colour.YELLOW) == pytest.approx(0.3)
    answers(protocol, "movetime 0")
    assert protocol.budget_for(Colour.YELLOW) == pytest.approx(SAFETY * 600 / 12)


def test_the_documented_session_is_what_the_engine_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/engine.md's session, line by line: the answers as shown (the engine's own turn is
    any legal turn: it depends on the time the clock gives; the engine's clock here moves only
    when looked at, so the turn does not depend on the machine)."""
    fake_engine_time(monkeypatch, 0.01)
    text = (Path(__file__).resolve().parent.parent / "docs" / "engine.md").read_text("utf-8")
    block = text.split("A session a controller can copy", 1)[1].split("```", 2)[1]
    commands = [line[2:] for line in block.splitlines() if line.startswith("> ")]
    shown = [line for line in block.splitlines() if line[:1] in "=?" and line]
    assert len(commands) == len(shown) >= 10
    protocol = EngineProtocol()
    got = answers(protocol, *commands)
    for command, expected, answer in zip(commands, shown, got, strict=True):
        if command.split()[1] == "genmove":
            assert answer.split()[0] == expected.split()[0] and len(answer.split()) == 3
        else:
            assert answer == expected.rstrip("\n"), command
