"""A record's agreement with itself, checked as it is built: the numbering of turns and steps
along every line of play, the opening variant, a Palagonia double's extra turn and the dice
against the action, the result at the end of the moves against the Result tag, one tile per
cell. The game rules are replay's to check, not these.

Each check raises :class:`~.origin.Fault` through the :class:`~.origin.Origin` of the chunk,
carrying the turn concerned (its label and its index in its line of play).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NoReturn

from lark import Token

from ..core.hexgrid import Cell, cell_text
from .origin import Origin
from .records import (
    Die,
    PalagoniaTurn,
    PalagoResult,
    PalagoTurn,
    PalagoVariant,
    Placement,
    Step,
    Variation,
)
from .walk import Visitor, walk_turns


def check_palago_result(
    origin: Origin, token: Token, result: PalagoResult, tag: PalagoResult
) -> None:
    """The result ending the moves is the Result tag's."""
    if tag is not result:
        origin.fail(
            token,
            f"the moves end with {result.value} but the Result tag says {tag.value}",
            "make them agree",
        )


def check_palago_turns(origin: Origin, turns: Sequence[PalagoTurn], variant: PalagoVariant) -> None:
    """Turns are numbered 1, 2, 3, … along every line; the first turns place the tiles the
    opening variant says."""
    walk_turns(turns, _PalagoNumbering(origin, variant))
    origin.turn = None


class _PalagoNumbering(Visitor[PalagoTurn]):
    def __init__(self, origin: Origin, variant: PalagoVariant) -> None:
        self.origin = origin
        self.variant = variant
        self.expected = [1]
        """The number expected next in each line being walked, innermost last."""

    def visit_turn(self, turn: PalagoTurn, index: int) -> None:
        number = turn.number
        expected = self.expected
        if number > 2 and number == expected[-1]:  # the common case, checked first
            expected[-1] = number + 1
            return
        origin = self.origin
        origin.turn = (str(number), index)  # for a fault; the check resets it when done
        if number != expected[-1]:
            origin.fail(
                turn.span,
                f"turn {expected[-1]} was expected here",
                "turns are numbered 1., 2., 3., … in order; a variation repeats the number of "
                "the turn it replaces",
            )
        single = self.variant is PalagoVariant.ONE_ONE_TWO and number <= 2
        if single and len(turn.placements) != 1:
            origin.fail(
                turn.placements[1].span,
                "in a 1-1-2 game this turn places one tile",
                "in the 1-1-2 variant turns 1 and 2 place one tile each, then two per turn",
            )
        first = self.variant is PalagoVariant.STANDARD and number == 1
        if first and len(turn.placements) != 2:
            origin.fail(
                turn.span,
                "the first turn places two tiles",
                'the first turn places two adjacent tiles (or write [Variant "1-1-2"])',
            )
        expected[-1] += 1

    def begin_variation(
        self, variation: Variation[PalagoTurn], turn: PalagoTurn, index: int
    ) -> bool:
        self.expected.append(turn.number)
        return True

    def end_variation(self, variation: Variation[PalagoTurn], turn: PalagoTurn, index: int) -> None:
        self.expected.pop()


def check_palagonia_scores(
    origin: Origin, token: Token, scores: tuple[int, ...] | None, tag: tuple[int, ...] | None
) -> None:
    """The scores ending the moves are the Result tag's."""
    if tag != scores:
        origin.fail(token, "the moves end with other scores than the Result tag", "make them agree")


def check_palagonia_turns(origin: Origin, turns: Sequence[PalagoniaTurn], end: Token) -> None:
    """The game begins with the start, turn 0; turn labels count up from it along every line,
    and after a double (not the start) comes the same player's extra turn ``N+.`` and nothing
    else; each turn after the start rolls two dice and uses one of them."""
    if not turns or turns[0].number != 0 or turns[0].extra:
        origin.turn = (turns[0].label, 0) if turns else None
        origin.fail(
            turns[0].span if turns else end,
            "a Palagonia game begins with the start, turn 0",
            "write 0. then the start roll (one die per player) and the winner's placement, "
            "as in 0. [3 5 2] 5: …",
        )
    walk_turns(turns, _PalagoniaNumbering(origin))
    origin.turn = None


class _Line:
    """Where a line of play stands: the label its first turn takes, that turn's index, and the
    turn before the next one."""

    def __init__(self, first: tuple[int, int], first_index: int) -> None:
        self.first = first
        self.first_index = first_index
        self.previous: PalagoniaTurn | None = None


class _PalagoniaNumbering(Visitor[PalagoniaTurn]):
    def __init__(self, origin: Origin) -> None:
        self.origin = origin
        self.lines = [_Line((0, 0), 0)]
        """The lines being walked, innermost last."""

    def visit_turn(self, turn: PalagoniaTurn, index: int) -> None:
        self.origin.turn = (turn.label, index)
        line = self.lines[-1]
        previous = line.previous
        label = (turn.number, turn.extra)
        if index == line.first_index or previous is None:
            expected = line.first
        elif previous.roll.is_double and not previous.is_start:
            expected = (previous.number, previous.extra + 1)
        else:
            expected = (previous.number + 1, 0)
        if label != expected:
            before = previous if index > line.first_index else None
            _wrong_label(self.origin, turn, expected, before)
        _check_dice(self.origin, turn)
        line.previous = turn

    def begin_variation(
        self, variation: Variation[PalagoniaTurn], turn: PalagoniaTurn, index: int
    ) -> bool:
        self.lines.append(_Line((turn.number, turn.extra), index))
        return True

    def end_variation(
        self, variation: Variation[PalagoniaTurn], turn: PalagoniaTurn, index: int
    ) -> None:
        self.lines.pop()


def _wrong_label(
    origin: Origin, turn: PalagoniaTurn, expected: tuple[int, int], previous: PalagoniaTurn | None
) -> NoReturn:
    written = f"{expected[0]}{'+' * expected[1]}."
    if previous is not None and expected[1] > previous.extra and expected[0] == previous.number:
        faces = " ".join(f.value for f in previous.roll.faces)
        origin.fail(
            turn.span,
            f"{written} was expected here, not {turn.label}.: turn {previous.label}. rolled the "
            f"double [{faces}], so the same player plays an extra turn",
            "after a double the extra turn is numbered N+. (N++. after a second double); "
            "the next player's turn N+1. follows it",
        )
    why = (
        f"; turn {previous.label}. rolled no double"
        if previous is not None and turn.extra and turn.number == previous.number
        else ""
    )
    origin.fail(
        turn.span,
        f"{written} was expected here, not {turn.label}.{why}",
        "turns count up from the start 0.; the extra turn N+. follows a double; "
        "a variation repeats the number of the turn it replaces",
    )


def _check_dice(origin: Origin, turn: PalagoniaTurn) -> None:
    """A turn after the start has one roll of two dice and chooses one of them (a removal
    may be forced). The start's roll-off, and the number of tiles it places, are the
    rules' to judge: replay checks them."""
    if turn.is_start:
        return
    if len(turn.rolls) != 1 or len(turn.roll.faces) != 2:
        origin.fail(
            turn.rolls[-1].span if len(turn.rolls) == 1 else turn.rolls[1].span,
            "a turn has one roll of two dice",
            "write the two faces rolled, as in [3 x]",
        )
    face = turn.action.face
    if face is not None and face is not Die.REMOVE and face not in turn.roll.faces:
        origin.fail(
            turn.action.span,
            f"the chosen die {face.value} was not rolled",
            "the action uses one of the two dice rolled (a removal may be forced)",
        )


def check_cells(origin: Origin, placements: Sequence[Placement]) -> None:
    """No cell holds two tiles."""
    seen: set[Cell] = set()
    for placement in placements:
        cell = placement.tile.cell
        if cell in seen:
            origin.fail(
                placement.span,
                f"the cell {cell_text(cell)} holds two tiles",
                "list every cell once",
            )
        seen.add(cell)


def check_steps(origin: Origin, steps: Sequence[Step]) -> None:
    """Steps are numbered 1, 2, 3, … in order."""
    for index, step in enumerate(steps, start=1):
        if step.number != index:
            origin.fail(
                step.span,
                f"step {step.number} where step {index} was expected",
                "steps are numbered 1., 2., 3., … in order",
            )
