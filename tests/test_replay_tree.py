"""Replay of a game's tree: the main line as ``replay`` gives it, and each variation from its
branch point as ``replay`` gives the line that leads to it and plays it."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

import pytest

from palago_tools.notation import records as rec
from palago_tools.replays.game import RecordReport, replay
from palago_tools.replays.generated import random_palago_record, random_palagonia_record
from palago_tools.replays.tree import ReplayedLine, replay_tree

Game = rec.PalagoGame | rec.PalagoniaGame


def same(tree: RecordReport, whole: RecordReport) -> None:
    """The same turns, positions, outcome and error."""
    assert [
        (t.label, t.player, t.move, t.changes, t.completed, t.points, t.note) for t in tree.turns
    ] == [
        (t.label, t.player, t.move, t.changes, t.completed, t.points, t.note) for t in whole.turns
    ]
    assert [t.position for t in tree.turns] == [t.position for t in whole.turns]
    assert (
        tree.error,
        tree.game_over,
        tree.winner,
        tree.draw,
        tree.scores,
        tree.tiles,
        tree.notes,
    ) == (
        whole.error,
        whole.game_over,
        whole.winner,
        whole.draw,
        whole.scores,
        whole.tiles,
        whole.notes,
    )


def main_line(record: Game) -> Game:
    """``record`` without its variations."""
    return dataclasses.replace(record, turns=bare(record.turns))


def bare(turns: Sequence[Any]) -> tuple[Any, ...]:
    """``turns`` without their variations."""
    return tuple(dataclasses.replace(t, variations=()) for t in turns)


def unfinished(record: Game, turns: tuple[Any, ...]) -> RecordReport:
    """``replay`` of the line ``turns`` (without their variations) from the first turn, with no
    result to check."""
    turns = bare(turns)
    if isinstance(record, rec.PalagoGame):
        return replay(dataclasses.replace(record, turns=turns, result=rec.PalagoResult.UNFINISHED))
    return replay(dataclasses.replace(record, turns=turns, scores=None))


def branched(record: Game, other: Game) -> Game:
    """``record`` with, at every third turn, its own next turns and ``other``'s as variations,
    the first of them with a variation of its own."""
    turns = list(record.turns)
    for index in range(1, len(turns), 3):
        own = tuple(dataclasses.replace(t, variations=()) for t in record.turns[index : index + 4])
        nested = rec.Variation(own[1:2])
        own = (
            (own[0], dataclasses.replace(own[1], variations=(nested,)), *own[2:])
            if len(own) > 2
            else own
        )
        alien = tuple(dataclasses.replace(t, variations=()) for t in other.turns[index : index + 2])
        variations = tuple(rec.Variation(v) for v in (own, alien) if v)
        turns[index] = dataclasses.replace(turns[index], variations=variations)
    return dataclasses.replace(record, turns=tuple(turns))


def check_line(
    record: Game, line: ReplayedLine, before: tuple[Any, ...], turns: Sequence[Any]
) -> int:
    """Each variation of ``line`` (``before + turns``) against ``replay`` of its whole line."""
    same(line.report, unfinished(record, before + tuple(turns)))
    checked = 0
    for offset, turn in enumerate(turns):
        index = len(before) + offset
        if index >= len(line.report.turns):
            break
        for variation in turn.variations:
            inner = line.variation(index, variation)
            checked += 1 + check_line(
                record, inner, before + tuple(turns[:offset]), variation.turns
            )
    return checked


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_variations_replay_from_their_branch_point_as_from_the_first_turn(seed: int) -> None:
    for record, other in (
        (random_palago_record(seed), random_palago_record(seed + 10)),
        (random_palagonia_record(seed, 3), random_palagonia_record(seed + 10, 3)),
    ):
        tree = branched(record, other)
        main = replay_tree(tree)
        same(main.report, replay(main_line(tree)))
        whole = replay(tree)  # the main line's report, with the first illegal variation's error
        if main.report.error is None:
            assert whole.error is None or whole.error.variation
        else:
            assert whole.error == main.report.error
        checked = 0
        for offset, turn in enumerate(tree.turns):
            for variation in turn.variations:
                inner = main.variation(offset, variation)
                checked += 1 + check_line(tree, inner, tree.turns[:offset], variation.turns)
        assert checked > 5


def test_a_game_the_rules_refuse_has_no_turns() -> None:
    record = dataclasses.replace(random_palagonia_record(1, 3), players=("Anna", "Boris"))
    report = replay_tree(record).report
    assert report.error is not None and report.error.rule == "players" and not report.turns
