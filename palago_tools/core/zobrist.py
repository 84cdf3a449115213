"""Zobrist keys of two-player Palago positions: a 64-bit key per (cell, orientation), one for
Blue to move and one for the cell of a turn's first tile while its second is to come, XORed
together into the ``hash`` of a :class:`~palago_tools.core.board.Board`. The keys are the same
in every run (no random table: cells are unbounded, so a key is mixed from the cell and the
code)."""

from __future__ import annotations

from typing import Final

from .hexgrid import Cell

_MASK: Final = (1 << 64) - 1


def _mix(value: int) -> int:
    """SplitMix64's finaliser: a well-spread 64-bit key from an integer."""
    value = (value + 0x9E3779B97F4A7C15) & _MASK
    value = ((value ^ (value >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    value = ((value ^ (value >> 27)) * 0x94D049BB133111EB) & _MASK
    return value ^ (value >> 31)


BLUE_KEY: Final = _mix(0x5EED_B1E)
"""XORed into the hash while Blue is to move."""
KEYS: Final[tuple[dict[Cell, int], ...]] = tuple({} for _code in range(5))
"""The keys made so far, by code, then by cell: ``KEYS[code].get(cell) or zobrist(cell, code)``
is :func:`zobrist` without a call, for the hot path of laying a tile."""


def zobrist(cell: Cell, code: int) -> int:
    """The key of a tile (``code`` its yellow tip 0, 2 or 4) or of a pending turn (``code`` 1) on
    ``cell``; the same for every run (no random table: cells are unbounded)."""
    keys = KEYS[code]
    found = keys.get(cell)
    if found is None:
        q, r = cell
        found = keys[cell] = _mix(((q & 0xFFFFFF) << 28) ^ ((r & 0xFFFFFF) << 3) ^ code)
    return found
