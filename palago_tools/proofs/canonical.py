"""The name of a position in a proof: its tiles under the game's symmetry, the winner yellow.

A proof names each position it reaches by the smallest of its images under the six motions that
make the winner yellow (the six class-keeping motions when the winner is yellow, the six
class-swapping ones, which exchange the colours, when it is blue), translated so that its
smallest cell is 0,0, written as sorted tile tokens. Two positions with the same name are the
same game for the winner, so one line of a proof answers both; the turn on the line is given
in the named position's frame (:func:`name_of` returns the motion and the shift that take the
position there).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence

from ..core.hexgrid import CLASS_KEEPING, CLASS_SWAPPING, Cell, Motion
from ..core.position import Position
from ..core.tiles import Colour, Orientation, Tile

__all__ = ["Framing", "from_frame", "name_of", "tiles_text", "to_frame"]

Framing = tuple[Motion, Cell]
"""A motion and the shift applied after it."""


def to_frame(tiles: Iterable[Tile], frame: Framing) -> list[Tile]:
    """``tiles`` moved into ``frame`` (order kept)."""
    motion, (dq, dr) = frame
    moved = []
    for tile in tiles:
        image = tile.moved(motion)[0]
        q, r = image.cell
        moved.append(Tile((q + dq, r + dr), image.orientation))
    return moved


def from_frame(tiles: Iterable[Tile], frame: Framing) -> list[Tile]:
    """``tiles`` given in ``frame`` moved back (order kept): :func:`to_frame` undone."""
    motion, (dq, dr) = frame
    inverse = motion if motion.mirror else Motion((6 - motion.turns) % 6)  # mirrors: involutions
    return [
        Tile((q - dq, r - dr), tile.orientation).moved(inverse)[0]
        for tile in tiles
        for q, r in (tile.cell,)
    ]


def tiles_text(tiles: Sequence[Tile]) -> str:
    """Tile tokens separated by spaces, in the given order."""
    return " ".join(t.token for t in tiles)


def name_of(position: Position, winner: Colour) -> tuple[str, Framing]:
    """The position's name in a proof for ``winner`` and the frame that takes it there."""
    motions = CLASS_KEEPING if winner is Colour.YELLOW else CLASS_SWAPPING
    best: tuple[list[tuple[int, int, str]], Motion] | None = None
    items = list(position.items())
    for motion in motions:
        moved = sorted(_moved(motion, cell, orientation) for cell, orientation in items)
        if moved:
            q0, r0, _ = moved[0]
            moved = [(q - q0, r - r0, o) for q, r, o in moved]
        if best is None or moved < best[0]:
            best = (moved, motion)
    assert best is not None
    form, motion = best
    shift = (0, 0)
    if items:
        q0, r0, _ = min(_moved(motion, cell, orientation) for cell, orientation in items)
        shift = (-q0, -r0)
    return " ".join(f"{q},{r}{o}" for q, r, o in form), (motion, shift)


@functools.cache
def _moved(motion: Motion, cell: Cell, orientation: Orientation) -> tuple[int, int, str]:
    image = Tile(cell, orientation).moved(motion)[0]
    return image.cell[0], image.cell[1], image.orientation.value
