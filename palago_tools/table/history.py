"""Undo and redo at the table: what an undo leaves of a game record, and the turns and roll-off
rounds taken back, to put back until something else is done.

:meth:`History.take_back` works out an undo without changing anything (the session saves its
record first); :meth:`History.keep` then remembers what it took, and :meth:`History.next`,
:meth:`History.redone` and :meth:`History.forget` walk or drop the rest. No file, no rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..notation import records as rec
from ..screens import say
from .actions import Refused
from .games import GameRecord, RecordTurn

__all__ = ["History", "TakenBack", "Undone", "turn_label", "turns_words"]

Undone = tuple[rec.Die, ...] | RecordTurn
"""What an undo took back and a redo puts back: a roll-off round or a turn."""

Rolls = tuple[tuple[rec.Die, ...], ...]


def turn_label(turn: RecordTurn) -> str:
    """A turn's label: ``7``, ``4+``."""
    return turn.label if isinstance(turn, rec.PalagoniaTurn) else str(turn.number)


def turns_words(labels: Sequence[str], lang: str = "EN") -> str:
    """Turns in words by their labels: ``turn 7``, ``turns 6 and 7``, ``turns 5, 5+ and 6``
    (``ход 7``, ``6. és 7. lépés``)."""
    if len(labels) == 1:
        return say("t_turn_label", lang, label=labels[0])
    return say("t_turns_labels", lang, list=", ".join(labels[:-1]), label=labels[-1])


@dataclass(frozen=True)
class TakenBack:
    """An undo worked out: the record and the roll-off rounds it leaves and what it took (in
    the order :class:`History` keeps them: the first to put back last)."""

    record: GameRecord
    rolls: Rolls
    items: tuple[Undone, ...]

    @property
    def what(self) -> str:
        """What it took in words: ``turn 7``, ``turns 6 and 7``, ``the last roll-off round``."""
        return self.what_in("EN")

    def what_in(self, lang: str) -> str:
        """:attr:`what` in ``lang``."""
        if isinstance(self.items[0], tuple):
            return say("t_last_round", lang)
        labels = [turn_label(t) for t in reversed(self.items) if not isinstance(t, tuple)]
        return turns_words(labels, lang)

    def words(self, by: str = "", lang: str = "EN") -> str:
        """The undo in words, with the device ``by`` that asked for it."""
        who = f" ({by})" if by else ""
        what = self.what_in(lang)
        if isinstance(self.items[0], tuple):
            return say("t_took_back", lang, what=what, by=who)
        key = "t_took_back_it" if len(self.items) == 1 else "t_took_back_them"
        return say(key, lang, what=what, by=who)


class History:
    """The turns and roll-off rounds taken back, the next to put back last."""

    def __init__(self) -> None:
        self.undone: list[Undone] = []

    @staticmethod
    def take_back(
        record: GameRecord | None, rolls: Sequence[tuple[rec.Die, ...]], count: int
    ) -> TakenBack:
        """The undo of the last roll-off round when there is one, else of the last ``count``
        turns of ``record`` (:class:`~.actions.Refused` when there is nothing to take back)."""
        if rolls:
            assert record is not None
            return TakenBack(record, tuple(rolls[:-1]), (rolls[-1],))
        if record is None or not record.turns:
            raise Refused("undo", "there is no turn to take back")
        if count == 0:
            raise Refused(
                "undo", "the computer's turns are all there is: no turn of yours to take back"
            )
        left: Rolls = ()
        if isinstance(record, rec.PalagoGame):
            taken: tuple[RecordTurn, ...] = record.turns[-count:]
            after: GameRecord = replace(
                record, turns=record.turns[:-count], result=rec.PalagoResult.UNFINISHED
            )
        else:
            taken = record.turns[-count:]
            after = replace(record, turns=record.turns[:-count], scores=None)
            first = record.turns[-count]
            if first.is_start:
                left = tuple(roll.faces for roll in first.rolls)
        return TakenBack(after, left, tuple(reversed(taken)))

    def keep(self, taken: TakenBack) -> None:
        """Remember what an undo took back (once its record is saved)."""
        self.undone.extend(taken.items)

    def next(self) -> Undone:
        """What Redo puts back first (:class:`~.actions.Refused` when nothing was taken back)."""
        if not self.undone:
            raise Refused("redo", "there is nothing to redo: no turn was taken back")
        return self.undone[-1]

    def redone(self) -> None:
        """Drop :meth:`next`: it is back in the game."""
        self.undone.pop()

    def forget(self) -> None:
        """Drop everything taken back: something else was done."""
        self.undone.clear()
