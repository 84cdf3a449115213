"""Palagonia rules met in written games: the start and the bag, extra turns as written, player
counts, passes, the start re-roll, turns on every error, and the emptied palago.

Each rule has a record that keeps it and one that breaks it; the broken one gets the exact message
at the exact line and column, with the turn as written and its index. docs/rules.md names the
rulebook section behind each rule.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from palago_tools.cli import app
from palago_tools.notation import NotationError, PalagoniaGame, Pass, parse, parse_text, write
from palago_tools.replays.game import START_ROLL_HINT, RecordReport, replay

START = "0. [3 5 x] 5: 0,0R 1,0L 0,1L 1,1D -1,1R"
THREE = '[Player1 "Anna"]\n[Player2 "Boris"]\n[Player3 "Chen"]\n'


def record(turns: str, tags: str = "", players: str = THREE, result: str = "*") -> str:
    """A Palagonia record: line 1 the kind, then the players and tags, a blank line, the turns."""
    return f'[Kind "Palagonia"]\n{players}{tags}\n{turns}\n{result}\n'


def replayed(text: str) -> RecordReport:
    (game,) = parse(text)
    return replay(game)


def line_of(text: str, fragment: str) -> tuple[int, int]:
    """Line and column (1-based) of the last occurrence of ``fragment``."""
    offset = text.rindex(fragment)
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


def notation_error(text: str) -> NotationError:
    (error,) = parse_text(text, "game.palago").errors
    return error


# --- 1. The start draws from the bag ---------------------------------------------------------


def test_a_start_larger_than_the_bag_is_illegal_at_turn_0() -> None:
    text = record(START, '[Tiles "3"]\n')
    report = replayed(text)
    assert report.error is not None
    assert (report.error.turn, report.error.turn_index, report.error.rule) == ("0", 0, "start")
    assert report.error.message == (
        "the start die shows 5 but the bag holds only 3 tiles; the starter draws as many tiles as "
        "the die shows"
    )
    assert (report.error.line, report.error.column) == line_of(text, "5: 0,0R")
    assert replayed(record(START, '[Tiles "6"]\n')).valid


def test_a_start_that_empties_the_bag_ends_the_game_and_is_scored() -> None:
    report = replayed(record(START, '[Tiles "5"]\n', result="0-0-0"))
    assert report.valid and report.game_over and report.draw
    assert report.scores == {"Anna": 0, "Boris": 0, "Chen": 0}
    assert report.turns[0].player == "Boris" and report.tiles == 5
    text = record(START + "\n1. [2 3] 2: 2,0R 2,1L", '[Tiles "5"]\n')
    late = replayed(text)
    assert late.error is not None
    assert (late.error.turn, late.error.turn_index, late.error.rule) == ("1", 1, "game-over")
    assert late.error.message == "the game is over: the bag is empty"
    assert (late.error.line, late.error.column) == line_of(text, "2: 2,0R")


# --- 2. After a double, the extra turn N+. ----------------------------------------------------


def test_after_a_double_the_next_turn_must_be_the_extra_turn() -> None:
    text = record(START + "\n1. [2 2] 2: 2,0R 2,1L\n2. [3 x] x 2,1")
    error = notation_error(text)
    assert (error.line, error.column) == line_of(text, "2. [3 x]")
    assert (error.turn_label, error.turn_index) == ("2", 2)
    assert error.report().split("\n")[0] == (
        "game.palago:8:1: turn 2: 1+. was expected here, not 2.: turn 1. rolled the double [2 2], "
        "so the same player plays an extra turn; after a double the extra turn is numbered N+. "
        "(N++. after a second double); the next player's turn N+1. follows it"
    )
    report = replayed(record(START + "\n1. [2 2] 2: 2,0R 2,1L\n1+. [3 x] x 2,1\n2. [3 x] x 2,0"))
    assert report.valid
    assert [(t.label, t.player) for t in report.turns] == [
        ("0", "Boris"),
        ("1", "Chen"),
        ("1+", "Chen"),
        ("2", "Anna"),
    ]
    assert report.turns[2].note == "extra turn after a double"


def test_doubles_chain_as_n_plus_plus() -> None:
    text = record(START + "\n1. [2 2] 2: 2,0R 2,1L 1+. [x x] x 2,1\n1+. [3 2] 2: 2,1L 3,0R")
    error = notation_error(text)
    assert (error.turn_label, error.turn_index, error.line, error.column) == ("1+", 3, 8, 1)
    assert error.message == (
        "1++. was expected here, not 1+.: turn 1+. rolled the double [x x], so the same player "
        "plays an extra turn"
    )
    report = replayed(
        record(
            START
            + "\n1. [2 2] 2: 2,0R 2,1L 1+. [x x] x 2,1\n1++. [3 2] 2: 2,1L 3,0R\n2. [x 3] x 3,0"
        )
    )
    assert report.valid and [t.player for t in report.turns[1:]] == ["Chen", "Chen", "Chen", "Anna"]


def test_an_extra_turn_without_a_double_says_so() -> None:
    text = record(START + "\n1. [2 3] 2: 2,0R 2,1L\n1+. [3 x] x 2,1")
    error = notation_error(text)
    assert (error.turn_label, error.turn_index, error.line, error.column) == ("1+", 2, 8, 1)
    assert error.message == "2. was expected here, not 1+.; turn 1. rolled no double"


# --- 3. Player counts ------------------------------------------------------------------------


def test_two_players_are_an_error_that_says_three_or_one() -> None:
    text = record(START, players='[Player1 "Anna"]\n[Player2 "Boris"]\n')
    report = replayed(text.replace("[3 5 x]", "[3 5]"))
    assert report.error is not None
    assert (report.error.turn, report.error.turn_index, report.error.rule) == ("", None, "players")
    assert report.error.message == (
        "Palagonia needs 3 or more players (or 1 for solitaire), not 2; two players play Palago"
    )
    assert (report.error.line, report.error.column, report.error.width) == (3, 2, len("Player2"))
    assert report.error.describe().startswith("the record: Palagonia needs 3 or more players")


def test_eleven_players_read_as_notation_and_replay_says_at_most_ten() -> None:
    """The notation only numbers the seats; the player count is the rules' (1 or 3 to 10)."""
    names = "".join(f'[Player{n} "P{n}"]\n' for n in range(1, 12))
    text = record(
        f"0. [{' '.join(['5'] + ['2'] * 10)}] 5: 0,0R 1,0L 0,1L 1,1D -1,1R", '[Tiles "96"]\n', names
    )
    (game,) = parse(text)
    assert isinstance(game, PalagoniaGame) and len(game.players) == 11
    report = replay(game)
    assert report.error is not None
    assert (report.error.turn, report.error.rule) == ("", "players")
    assert (
        report.error.message
        == "Palagonia is played by 3 to 10 players (or 1 for solitaire), not by 11"
    )
    assert (report.error.line, report.error.column) == line_of(text, "Player11")


@pytest.mark.parametrize("players", [1, 3, 5, 6, 10])
def test_one_or_three_to_ten_players_play_with_any_supply(players: int) -> None:
    names = "".join(f'[Player{n} "P{n}"]\n' for n in range(1, players + 1))
    roll = " ".join(["5"] + ["2"] * (players - 1))
    report = replayed(record(f"0. [{roll}] 5: 0,0R 1,0L 0,1L 1,1D -1,1R", players=names))
    assert report.valid, report.error
    advice = (
        f"{players} players with a bag of 48 tiles: "
        "the rulebooks advise a second set of tiles for more than five players"
    )
    assert report.notes == ([advice] if players > 5 else [])
    two_sets = replayed(
        record(f"0. [{roll}] 5: 0,0R 1,0L 0,1L 1,1D -1,1R", '[Tiles "96"]\n', players=names)
    )
    assert two_sets.valid and two_sets.notes == []


# --- 4. A pass written as - ------------------------------------------------------------------


def test_a_pass_is_read_written_and_formatted() -> None:
    text = record(START + "\n1. [x @] -")
    (game,) = parse(text)
    assert isinstance(game, PalagoniaGame) and isinstance(game.turns[1].action, Pass)
    assert game.turns[1].chosen is None and game.turns[1].action.span[:2] == line_of(text, "-\n")
    written = write(game)
    assert "1. [x @] - *\n" in written and parse(written) == (game,)


def test_a_pass_is_refused_when_something_can_be_done() -> None:
    text = record(START + "\n1. [x @] -")
    report = replayed(text)
    assert report.error is not None
    assert (report.error.turn, report.error.turn_index, report.error.rule, report.error.move) == (
        "1",
        1,
        "pass",
        "-",
    )
    assert report.error.message == (
        "with remove and rotate rolled the remove die can be used; "
        "a turn passes only when neither die can act and no outer tile can be removed"
    )
    assert (report.error.line, report.error.column) == line_of(text, "-\n")
    forced = replayed(record(START + "\n1. [5 5] -", '[Tiles "9"]\n'))
    assert forced.error is not None and forced.error.rule == "pass"
    assert forced.error.message == (
        "neither 5 and 5 can act, so an outer tile must be removed; a turn passes only when not "
        "even that is possible"
    )
    assert replayed(record(START + "\n1. [5 5] x 1,1", '[Tiles "9"]\n')).valid


# --- 5. The start re-roll --------------------------------------------------------------------


def test_after_a_tie_only_the_tied_players_roll_again() -> None:
    report = replayed(record("0. [5 2 5] [3 4] 4: 0,0R 1,0L 0,1L 1,1D\n1. [2 3] 2: 2,0R 2,1L"))
    assert report.valid and [t.player for t in report.turns] == ["Chen", "Anna"]
    text = record("0. [5 2 5] [3 4 2] 4: 0,0R 1,0L 0,1L 1,1D")
    assert not parse_text(text).errors  # the roll-off is the rules' to judge, in replay
    error = replayed(text).error
    assert error is not None
    assert (error.turn, error.turn_index, error.rule, error.move) == (
        "0",
        0,
        "start-roll",
        "[3 4 2]",
    )
    assert (error.line, error.column, error.width) == (*line_of(text, "[3 4 2]"), len("[3 4 2]"))
    assert error.message == (
        "start roll round 2 has 3 dice where 2 are rolled: round 1 tied for the highest number, so "
        "only the tied players roll again; " + START_ROLL_HINT
    )


def test_after_a_roll_without_numbers_everyone_rolls_again() -> None:
    report = replayed(
        record("0. [5 2 5] [x @] [3 4 2] 4: 0,0R 1,0L 0,1L 1,1D\n1. [2 3] 2: 2,0R 2,1L")
    )
    assert report.valid and [t.player for t in report.turns] == ["Boris", "Chen"]
    assert replayed(record("0. [x @ x] [2 3 2] 3: 0,0R 1,0L 0,1L")).valid
    text = record("0. [5 2 5] [x @] [3 4] 4: 0,0R 1,0L 0,1L 1,1D")
    error = replayed(text).error
    assert error is not None
    assert (error.turn, error.turn_index, error.rule, error.move) == ("0", 0, "start-roll", "[3 4]")
    assert (error.line, error.column, error.width) == (*line_of(text, "[3 4]"), len("[3 4]"))
    assert error.message == (
        "start roll round 3 has 2 dice where 3 are rolled: round 2 had no number, so everyone "
        "rolls again; " + START_ROLL_HINT
    )


def test_the_start_places_the_highest_number_rolled() -> None:
    text = record("0. [2 5 3] 4: 0,0R 1,0L 0,1L 1,1D")
    error = replayed(text).error
    assert error is not None
    assert (error.turn, error.turn_index, error.rule) == ("0", 0, "place-count")
    assert error.message == "the start places the highest number rolled, 5; write 5: and 5 tiles"
    assert (error.line, error.column) == line_of(text, "4: 0,0R")
    assert replayed(record("0. [2 5 3] 5: 0,0R 1,0L 0,1L 1,1D -1,1R")).valid


# --- 6. Every error of a turn carries the turn -----------------------------------------------


def test_notation_errors_carry_the_turn_as_written_and_its_index() -> None:
    text = record(START + "\n1. [2 x] 3: 2,0R 2,1L 2,2D")
    error = notation_error(text)
    assert (error.turn_label, error.turn_index, error.line, error.column) == ("1", 1, 7, 10)
    assert error.report().split("\n")[0] == (
        "game.palago:7:10: turn 1: the chosen die 3 was not rolled; "
        "the action uses one of the two dice rolled (a removal may be forced)"
    )
    one_one_two = notation_error('[Kind "Palago"]\n[Variant "1-1-2"]\n\n1. 0,0R 1,0L *\n')
    assert (
        one_one_two.turn_label,
        one_one_two.turn_index,
        one_one_two.line,
        one_one_two.column,
    ) == ("1", 0, 4, 9)
    assert one_one_two.message == "in a 1-1-2 game this turn places one tile"
    in_variation = notation_error('[Kind "Palago"]\n\n1. 0,0R 1,0L 2. 0,1D 1,1L (2. 0,1R 1,1Q) *\n')
    assert (in_variation.turn_label, in_variation.turn_index) == ("2", 1)
    record_level = notation_error(record(START, '[Tiles "many"]\n'))
    assert (record_level.turn_label, record_level.turn_index) == (None, None)


def test_rules_errors_carry_the_turn_as_written_and_its_index() -> None:
    report = replayed(record(START + "\n1. [2 2] 2: 2,0R 2,1L\n1+. [@ 3] @ 0,0L"))
    assert report.error is not None
    assert (report.error.turn, report.error.turn_index, report.error.rule) == (
        "1+",
        2,
        "impossible-die",
    )


def test_replay_prints_the_turn_and_gives_it_in_json(tmp_path: Path) -> None:
    path = tmp_path / "games.palago"
    path.write_text(
        record(START + "\n1. [2 x] 3: 2,0R 2,1L 2,2D") + "\n" + record(START + "\n1. [x @] -"),
        encoding="utf-8",
    )
    runner = CliRunner()
    text = runner.invoke(app, ["replay", str(path)])
    assert text.exit_code == 1
    assert f"{path}:7:10: turn 1: the chosen die 3 was not rolled;" in text.stderr
    assert (
        f"{path}:16:10: turn 1 (-): with remove and rotate rolled the remove die can be used;"
        in text.stderr
    )
    result = runner.invoke(app, ["replay", str(path), "--json"])
    entries = json.loads(result.stdout)
    errors = sorted(
        (e["error"]["line"], e["error"]["turn"], e["error"]["turn_index"]) for e in entries
    )
    assert errors == [(7, "1", 1), (16, "1", 1)]
    formatted = runner.invoke(app, ["fmt", str(path)])
    assert formatted.exit_code == 1 and "1. [x @] - *" in formatted.stdout


# --- 7. Removals that empty the palago -------------------------------------------------------

EMPTIED = "0. [2 x @] 2: 0,0R 1,0L\n1. [x 3] x 0,0\n2. [x @] x 1,0"


def test_a_palago_emptied_by_removals_ends_the_record_and_the_game_starts_again() -> None:
    report = replayed(record(EMPTIED))
    assert report.valid and report.game_over and report.restarted
    assert report.winner is None and not report.draw
    assert report.notes == [
        "removals emptied the palago at turn 2: the game starts again with a new roll-off, as the "
        "French and Hungarian rulebooks say; write the new game as a new record"
    ]
    assert (
        report.summary()
        == "Palagonia, 3 turns, 2 tiles: the Pala-matter was emptied, so the game starts again"
    )
    text = record(EMPTIED + "\n3. [2 3] 2: 0,0R 1,0L")
    after = replayed(text)
    assert after.error is not None
    assert (after.error.turn, after.error.turn_index, after.error.rule) == ("3", 3, "game-over")
    assert (after.error.line, after.error.column) == line_of(text, "2: 0,0R 1,0L\n*")


def test_an_emptied_game_has_no_final_scores() -> None:
    text = record(EMPTIED, result="0-0-0")
    report = replayed(text)
    assert report.error is not None and report.error.rule == "result"
    assert (report.error.turn, report.error.turn_index) == ("", None)
    assert report.error.message == (
        "the record ends with the scores 0-0-0, but removals emptied the palago and the game "
        "starts "
        "again, so it has no final scores; end it with *"
    )
    assert (report.error.line, report.error.column) == line_of(text, "0-0-0")
