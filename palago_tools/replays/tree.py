"""Replay of a game's tree of play: the main line, and each variation from its branch point.

A variation is played instead of a turn of the line it branches from; it is replayed on a copy
of the rules' game as it stood before that turn, kept while the line was replayed, so the turns
before a branch point are not played again for each of its variations. A copy (``deepcopy``)
costs about as much as replaying the line before it, so a tree with many variations early in a
long game gains most. The report
of a variation is the one :func:`~.game.replay` gives for the line that plays the turns before
the branch point and then the variation's turns, with no result to check.

:func:`replay_checked` replays the whole tree and reports the first illegal turn of any line, as
:func:`~.game.replay` does for a record with variations: a variation is part of the record.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Sequence

from ..notation import records as rec
from ..notation.walk import TurnT, Visitor, walk_turns
from .game import RecordReport, ReplayError, RulesGame, end_replay, play_turns, start_replay


class ReplayedLine:
    """A line of play replayed: its :attr:`report`, whose turns run from the game's first turn
    (for a variation, the turns before its branch point, then its own), and the rules' game
    before each turn of the line that has variations, to replay them from."""

    def __init__(
        self,
        record: rec.PalagoGame | rec.PalagoniaGame,
        report: RecordReport,
        before: dict[int, tuple[RulesGame, int]],
    ) -> None:
        self.record = record
        self.report = report
        self._before = before
        """The game before each turn with variations, and how many of them are still to replay."""

    def variation(
        self,
        index: int,
        variation: rec.Variation[rec.PalagoTurn] | rec.Variation[rec.PalagoniaTurn],
    ) -> ReplayedLine:
        """``variation`` of the turn at ``index`` of this line (a turn that was played), replayed
        from the position before that turn. Each variation of a turn is replayed once: the last
        one takes the game kept for them, the others a copy."""
        report, _ = start_replay(self.record)
        report.turns = self.report.turns[:index]
        report.history.changes = self.report.history.changes[:index]
        report.tiles = sum(len(turn.changes.added) for turn in report.turns)
        game, left = self._before.pop(index)
        if left > 1:
            self._before[index] = (game, left - 1)
            game = copy.deepcopy(game)
        return _play(self.record, game, report, variation.turns, index, result=False)


def replay_tree(record: rec.PalagoGame | rec.PalagoniaGame) -> ReplayedLine:
    """The main line of ``record`` replayed (its report is :func:`~.game.replay`'s), ready to
    replay each variation from its branch point (:meth:`ReplayedLine.variation`)."""
    report, game = start_replay(record)
    if game is None:
        return ReplayedLine(record, report, {})
    return _play(record, game, report, record.turns, 0, result=True)


def _play(
    record: rec.PalagoGame | rec.PalagoniaGame,
    game: RulesGame,
    report: RecordReport,
    turns: Sequence[rec.PalagoTurn] | Sequence[rec.PalagoniaTurn],
    first_index: int,
    result: bool,
) -> ReplayedLine:
    """Play ``turns`` (the first at ``first_index``) on ``game`` into ``report``, keeping a copy
    of the game before each turn that has variations."""
    before: dict[int, tuple[RulesGame, int]] = {}
    start = 0
    line: Sequence[rec.PalagoTurn | rec.PalagoniaTurn] = turns
    for offset, turn in enumerate(line):
        if turn.variations:
            if not play_turns(record, game, report, turns[start:offset], first_index + start):
                break
            before[first_index + offset] = (copy.deepcopy(game), len(turn.variations))
            start = offset
    else:
        play_turns(record, game, report, turns[start:], first_index + start)
    end_replay(record, game, report, result)
    return ReplayedLine(record, report, before)


def replay_checked(record: rec.PalagoGame | rec.PalagoniaGame) -> RecordReport:
    """The report of the main line of ``record``; when the main line is legal, its error is the
    first illegal turn of a variation in the order of the text (with
    :attr:`~.game.ReplayError.variation` set), as every line of the tree is validated."""
    replayed = replay_tree(record)
    if replayed.report.error is None:
        checker: _VariationChecker[rec.PalagoTurn] | _VariationChecker[rec.PalagoniaTurn]
        if isinstance(record, rec.PalagoGame):
            checker = _VariationChecker[rec.PalagoTurn](replayed)
            walk_turns(record.turns, checker)
        else:
            checker = _VariationChecker[rec.PalagoniaTurn](replayed)
            walk_turns(record.turns, checker)
        replayed.report.error = checker.error
    return replayed.report


class _VariationChecker(Visitor[TurnT]):
    """Replays each variation of a walked tree from its branch point, up to the first illegal
    turn of one of them in the order of the text: a variation's own variations (of the turns it
    played) stand before its illegal turn, so they are checked first."""

    def __init__(self, main: ReplayedLine) -> None:
        self.lines: list[tuple[ReplayedLine, str]] = [(main, "")]
        """The lines being walked, innermost last, with their paths (``""``, ``"6.1"``…)."""
        self.counts: list[dict[int, int]] = [{}]
        """For each line walked, how many variations of each of its turns were entered."""
        self.error: ReplayError | None = None

    def begin_variation(self, variation: rec.Variation[TurnT], turn: TurnT, index: int) -> bool:
        if self.error is not None:
            return False
        line, path = self.lines[-1]
        if index >= len(line.report.turns):
            return False  # the turn it replaces was not played: the line's error says why
        number = self.counts[-1].get(index, 0) + 1
        self.counts[-1][index] = number
        label = turn.label if isinstance(turn, rec.PalagoniaTurn) else str(turn.number)
        step = f"{label}.{number}"
        self.lines.append((line.variation(index, variation), f"{path}/{step}" if path else step))
        self.counts.append({})
        return True

    def end_variation(self, variation: rec.Variation[TurnT], turn: TurnT, index: int) -> None:
        inner, path = self.lines.pop()
        self.counts.pop()
        if self.error is None and inner.report.error is not None:
            self.error = dataclasses.replace(inner.report.error, variation=path)
