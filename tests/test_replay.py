"""Replay of records: results, the first illegal move located exactly, and generated games."""

from __future__ import annotations

import random

import pytest

from palago_tools.core.position import Position
from palago_tools.notation import parse, write
from palago_tools.replays.game import replay
from palago_tools.replays.generated import random_palago_record, random_palagonia_record

VIRUS_GAME = """[Kind "Palago"]
[Yellow "Anna"]
[Blue "Boris"]
[Result "1-0"]

1. 0,0R 0,1L 2. -1,0R -1,1R 3. 0,-1D 1-0
"""


def with_result(text: str, result: str) -> str:
    """The game with another result, in its tag and after its moves."""
    return text.replace('[Result "1-0"]', f'[Result "{result}"]').replace(" 1-0\n", f" {result}\n")


def only(text: str) -> object:
    (record,) = parse(text)
    return record


def test_a_game_replays_to_its_winner() -> None:
    report = replay(only(VIRUS_GAME))  # type: ignore[arg-type]
    assert report.valid and report.game_over
    assert report.winner == "Yellow (Anna)"
    assert [t.label for t in report.turns] == ["1", "2", "3"]
    assert len(report.turns[-1].completed) == 1 and report.tiles == 5
    assert report.summary() == "Palago, 3 turns, 5 tiles: Yellow (Anna) won"


def test_replay_stops_at_the_first_illegal_move_naming_turn_move_place_and_rule() -> None:
    text = with_result(VIRUS_GAME.replace("2. -1,0R -1,1R", "2. -1,0R 3,1R"), "*")
    report = replay(only(text))  # type: ignore[arg-type]
    error = report.error
    assert error is not None and len(report.turns) == 1
    assert (error.turn, error.move, error.rule) == ("2", "-1,0R 3,1R", "touch-each-other")
    assert (error.line, error.column, error.width) == (6, 23, 4)
    assert error.describe() == (
        "turn 2 (-1,0R 3,1R): tile 3,1R does not touch the other tile placed this turn (-1,0R)"
    )


def test_a_single_tile_that_completes_nothing_is_refused_at_its_turn_number() -> None:
    text = with_result(VIRUS_GAME.replace("3. 0,-1D", "3. 0,-1R"), "*")
    error = replay(only(text)).error  # type: ignore[arg-type]
    assert error is not None and (error.turn, error.rule, error.line, error.column) == (
        "3",
        "two-tiles",
        6,
        29,
    )


def test_the_result_is_checked_against_the_replay() -> None:
    text = with_result(VIRUS_GAME, "0-1")
    error = replay(only(text)).error  # type: ignore[arg-type]
    assert error is not None and error.rule == "result"
    assert error.message == "the record's result 0-1 says Blue won, but replayed, Yellow won"
    unfinished = VIRUS_GAME.replace("3. 0,-1D ", "")
    error = replay(only(unfinished)).error  # type: ignore[arg-type]
    assert error is not None
    assert (
        error.message
        == "the record's result 1-0 says Yellow won, but replayed, the game is not over"
    )


def test_palagonia_scores_are_checked() -> None:
    record = random_palagonia_record(7)
    text = write([record])
    assert replay(only(text)).valid  # type: ignore[arg-type]
    scores = record.scores
    assert scores is not None
    wrong = "-".join(str(s + 1) for s in scores)
    right = "-".join(str(s) for s in scores)
    tampered = text.replace(f'[Result "{right}"]', f'[Result "{wrong}"]').rstrip()
    tampered = tampered[: len(tampered) - len(right)] + wrong + "\n"
    error = replay(only(tampered)).error  # type: ignore[arg-type]
    assert error is not None and error.rule == "result"
    assert error.message == f"the record's scores {wrong} differ from the replayed scores {right}"


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(10))
def test_a_thousand_generated_palago_games_replay_to_their_recorded_results(chunk: int) -> None:
    records = [random_palago_record(seed) for seed in range(chunk * 100, chunk * 100 + 100)]
    for original, record in zip(records, parse(write(records)), strict=True):
        report = replay(record)
        assert report.valid, report.error
        assert record.result is original.result


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(10))
def test_a_thousand_generated_palagonia_games_replay_to_their_recorded_scores(chunk: int) -> None:
    seeds = range(chunk * 100, chunk * 100 + 100)
    records = [random_palagonia_record(seed, players=(1, 3, 4, 5)[seed % 4]) for seed in seeds]
    for original, record in zip(records, parse(write(records)), strict=True):
        report = replay(record)
        assert report.valid, report.error
        assert report.scores is not None and tuple(report.scores.values()) == original.scores


def test_every_example_game_in_the_docs_is_legal() -> None:
    from pathlib import Path

    from palago_tools.notation import parse_file

    examples = Path(__file__).resolve().parents[1] / "docs" / "examples"
    games = 0
    for path in sorted(examples.glob("*.palago")):
        result = parse_file(path)
        assert result.ok, result.errors
        for record in result.records:
            report = replay(record)
            assert report.valid, (path.name, report.error)
            games += report.kind in ("Palago", "Palagonia")
    assert games >= 3


# --- positions recovered from the turns' changes ---------------------------------------------


def rules_positions(record: object) -> list[Position]:
    """The position after every turn, as the rules' own game state shows it."""
    from palago_tools.notation import records as rec
    from palago_tools.replays.game import rules_action
    from palago_tools.rules import palago as pg
    from palago_tools.rules import palagonia as pn

    positions: list[Position] = []
    if isinstance(record, rec.PalagoGame):
        game = pg.Palago(record.first, pg.PalagoOptions(supply=record.tiles))
        for turn in record.turns:
            game.play(turn.tiles)
            positions.append(game.position())
        return positions
    assert isinstance(record, rec.PalagoniaGame)
    many = pn.Palagonia(len(record.players), pn.PalagoniaOptions(tiles=record.tiles))
    for pturn in record.turns:
        if pturn.is_start:
            assert isinstance(pturn.action, rec.Place)
            rounds = [list(roll.faces) for roll in pturn.rolls]
            many.start(*pn.starter_from_rolls(rounds, many.players), pturn.action.tiles)
        else:
            faces = tuple(pturn.roll.faces)
            die = pturn.chosen
            many.play((faces[0], faces[1]), die, rules_action(pturn.action))
        positions.append(many.position())
    return positions


@pytest.mark.parametrize("seed", range(6))
def test_positions_after_turns_match_the_rules_in_any_order(seed: int) -> None:
    for record in (random_palago_record(seed), random_palagonia_record(seed, players=3 + seed % 3)):
        report = replay(record)
        expected = rules_positions(record)
        assert report.valid and len(report.turns) == len(expected)
        order = list(range(len(expected)))
        random.Random(seed).shuffle(order)
        for index in order + order[::-1]:
            assert report.turns[index].position == expected[index]
            assert report.position_after(index) == expected[index]
        assert report.position_after(-1) == expected[-1]
        assert report.position_before(0) == Position()
        assert report.position_before(len(expected) - 1) == expected[-2]


def test_turn_changes_name_what_each_turn_added_removed_and_turned() -> None:
    seen = {"added": 0, "removed": 0, "turned": 0}
    for seed in range(12):
        report = replay(random_palagonia_record(seed))
        for index, turn in enumerate(report.turns):
            before = dict(report.position_before(index))
            after = dict(turn.position)
            changes = turn.changes
            assert {t.cell: t.orientation for t in changes.added} == {
                c: o for c, o in after.items() if c not in before
            }
            assert {t.cell: t.orientation for t in changes.removed} == {
                c: o for c, o in before.items() if c not in after
            }
            assert {b.cell: (b.orientation, a.orientation) for b, a in changes.turned} == {
                c: (o, after[c]) for c, o in before.items() if c in after and after[c] is not o
            }
            for name in seen:
                seen[name] += len(getattr(changes, name))
    assert all(seen.values()), seen  # the seeds cover placing, removing and turning


def test_a_report_gives_no_position_for_a_turn_it_does_not_have() -> None:
    report = replay(random_palago_record(1))
    with pytest.raises(IndexError):
        report.position_after(len(report.turns))
    with pytest.raises(IndexError):
        report.position_before(-len(report.turns) - 1)
