"""Time controls: GTP 2's main time and Canadian byo-yomi, and the time a move may take.

A time control (:class:`TimeControl`, GTP's ``time_settings main_time byo_yomi_time
byo_yomi_stones``) gives each side ``main`` seconds, then periods of ``byo_yomi`` seconds in
which ``stones`` turns must be played; ``byo_yomi`` 0 is absolute time (the main time is all),
and ``byo_yomi`` above 0 with ``stones`` 0 means no limit. A side's :class:`Clock` is GTP's
``time_left COLOUR TIME STONES``: the seconds left in its main time (``stones`` 0) or in its
byo-yomi period, with the turns still to play in it. :func:`move_budget` is the time the
engine gives itself for its next turn: a share of what is left, never all of it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

SAFETY: Final = 0.8
"""The share of its time a move plans to use: the rest covers what overruns the plan (the
first full turn, which is always searched, and the checks between deadlines)."""
MINIMUM: Final = 0.01
"""The least time a move is given, in seconds."""
TURNS_WITHOUT_SUPPLY: Final = 12
"""A side's turns still to come when the supply is unlimited (the turns of a 48-tile game)."""


@dataclass(frozen=True)
class TimeControl:
    """GTP 2's time settings, in seconds: main time, then byo-yomi periods of ``byo_yomi``
    seconds for ``stones`` turns each."""

    main: float
    byo_yomi: float = 0.0
    stones: int = 0

    @property
    def unlimited(self) -> bool:
        """GTP's ``byo_yomi_time > 0`` with ``byo_yomi_stones = 0``: no time limit."""
        return self.byo_yomi > 0 and self.stones == 0

    @property
    def has_byo_yomi(self) -> bool:
        return self.byo_yomi > 0 and self.stones > 0

    def start(self) -> Clock:
        """A side's clock at the start of a game: its main time, or its first byo-yomi period
        when there is no main time."""
        if self.main <= 0 and self.has_byo_yomi:
            return Clock(self.byo_yomi, self.stones)
        return Clock(self.main, 0)

    def spend(self, clock: Clock, seconds: float) -> Clock:
        """``clock`` after a turn that took ``seconds`` (a period starts afresh when its turns
        are played, or when the main time runs out; what is left may be negative: the side has
        run out of time)."""
        left = clock.left - seconds
        if clock.stones == 0:
            if left >= 0 or not self.has_byo_yomi:
                return Clock(left, 0)
            return self.spend(Clock(self.byo_yomi, self.stones), -left)  # in the first period
        if left >= 0 and clock.stones == 1:
            return Clock(self.byo_yomi, self.stones)
        return Clock(left, clock.stones - 1 if left >= 0 else clock.stones)


@dataclass(frozen=True)
class Clock:
    """What a side has left: ``left`` seconds of its main time (``stones`` 0) or of its
    byo-yomi period, in which ``stones`` turns are still to be played."""

    left: float
    stones: int = 0

    @property
    def flagged(self) -> bool:
        """The side has run out of time."""
        return self.left < 0


def turns_to_come(tiles_left: int | None) -> int:
    """The mover's own turns still to come, counting this one: a round of two turns lays four
    tiles."""
    if tiles_left is None:
        return TURNS_WITHOUT_SUPPLY
    return max(1, math.ceil(tiles_left / 4))


def move_budget(control: TimeControl, clock: Clock, tiles_left: int | None) -> float | None:
    """The seconds the mover's next turn may take (``None``: no limit): in byo-yomi, the
    period's time shared among its turns; in main time, the main time left shared among the
    turns to come and one more, plus a period's time for one turn when byo-yomi follows; of
    that, :data:`SAFETY`."""
    if control.unlimited:
        return None
    if clock.stones > 0:
        share = max(0.0, clock.left) / clock.stones
    else:
        share = max(0.0, clock.left) / (turns_to_come(tiles_left) + 1)
        if control.has_byo_yomi:
            share += control.byo_yomi / control.stones
    return max(MINIMUM, SAFETY * share)
