"""Replay of a game's tree of play: the main line, and each variation from its branch point.

A variation is played instead of a turn of the line it branches from; it is replayed on a copy
of the rules' game as it stood before that turn, kept while the line was replayed, so the turns
before a branch point are not played again for each of its variations. A copy (``deepcopy``)
costs about as much as replaying the line before it, so a tree with many variations early in a
long game gains most. The report
of a variation is the one :func:`~.game.replay` gives for the line that plays the turns before
the branch point and then the variation's turns, with no result to check.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence

from ..notation import records as rec
from .game import RecordReport, RulesGame, end_replay, play_turns, start_replay


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
