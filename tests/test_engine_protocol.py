"""``palago engine``: the GTP-framed protocol answers every command, plays whole games whose
every turn the rules accept, and says what is wrong with a bad command."""

from __future__ import annotations

import io
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from palago_tools.cli import app
from palago_tools.core.tiles import Colour, Tile
from palago_tools.engine import COMMANDS, EngineProtocol
from palago_tools.rules import Palago, PalagoOptions
from palago_tools.rules.palago import Opening

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
    assert got[:3] == ["= 1", "=1 palago-tools", "= 9.9"]
    assert got[3] == "= " + "\n".join(COMMANDS)
    assert answers(protocol, "frobnicate")[0].startswith("? unknown command 'frobnicate'")
    assert answers(protocol, "12 name extra")[0].startswith("?12 this command takes no argument")


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
        "? illegal: tiles 5,5R 5,6L do not touch the palago; at least one tile of a turn must "
        "touch it"
    )
    assert got[2] == "? illegal: it is blue's turn"
    assert got[3] == "? illegal: 0,0R: cell 0,0 already holds a tile"
    assert got[4].startswith("? unknown orientation 'Q'")
    assert got[5] == "? unknown colour 'green': a colour is yellow or blue"
    assert got[6].startswith("? play takes a colour and one or two tiles")
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
    assert got[0] == "? there is no turn to undo"
    assert got[1:4] == ["= ", "= ", "= playing"]
    assert protocol.game.position() == Palago().position()
    assert got[4] == "? the level is 1 to 5, not 0" and got[5].startswith("? the level is 1 to 5")
    assert got[6] == "= " and protocol.engine.level == 1
    assert got[7].startswith("? the move time is 0 to") and got[8:10] == ["= ", "= "]
    assert protocol.engine.movetime is None
    assert got[10] == "? the supply is 2 to 10000 tiles, not '1'" and got[11] == "= "
    assert got[12].startswith("? unknown variant '1-2'") and got[13] == "= "
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
    assert answers(protocol, "genmove yellow")[0].startswith("? illegal: the game is over")
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
    assert got[2] == "? illegal: it is yellow's turn"
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
        assert ask("protocol_version") == "= 1"
        move = ask("genmove yellow")
        game = Palago()
        game.play([Tile.parse(t) for t in move[2:].split()])
        assert ask("final_status") == "= playing"
        assert ask("quit") == "= "
    finally:
        process.stdin.close()
        process.wait(timeout=60)
    assert process.returncode == 0
