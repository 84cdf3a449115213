"""One walk of a game's tree of play: the main line and every variation, in the order of the text.

A :class:`Visitor` is told of each turn, then of each variation written after it (``( … )``, the
turns played instead of it), whose turns it is told of in the same way, to any depth; then of
the next turn. A turn's index counts from the first turn of the game along its line of play: a
variation's first turn has the index of the turn it replaces. The writer, the builder's checks
and the viewer's frames go through a game this way; the annotator walks its main line only (its
visitor skips every variation).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Generic, Protocol, TypeVar

from .records import PalagoniaTurn, PalagoTurn, Variation

TurnT = TypeVar("TurnT", PalagoTurn, PalagoniaTurn)
_Turn = TypeVar("_Turn", covariant=True)


class Visitor(Generic[TurnT]):
    """What a walk calls; each method does nothing (or enters the variation) unless overridden."""

    def visit_turn(self, turn: TurnT, index: int) -> None:
        """``turn``, at ``index`` in its line of play, before its variations."""

    def begin_variation(self, variation: Variation[TurnT], turn: TurnT, index: int) -> bool:
        """Before ``variation``, played instead of ``turn`` (at ``index``): ``False`` skips it."""
        return True

    def end_variation(self, variation: Variation[TurnT], turn: TurnT, index: int) -> None:
        """After the last turn of ``variation`` (not called when it was skipped)."""


class Game(Protocol[_Turn]):
    """A record with a tree of play: a Palago or a Palagonia game."""

    @property
    def turns(self) -> tuple[_Turn, ...]: ...


def walk(record: Game[TurnT], visitor: Visitor[TurnT]) -> None:
    """Walk the turns of ``record`` and their variations."""
    walk_turns(record.turns, visitor)


def walk_turns(turns: Sequence[TurnT], visitor: Visitor[TurnT], first_index: int = 0) -> None:
    """Walk a line of play whose first turn is at ``first_index``, and its variations."""
    for index, turn in enumerate(turns, start=first_index):
        visitor.visit_turn(turn, index)
        for variation in turn.variations:
            if visitor.begin_variation(variation, turn, index):
                walk_turns(variation.turns, visitor, index)
                visitor.end_variation(variation, turn, index)
