"""Drawings of a green task: creature A with the tiles that will move marked, and creature B as
laid on A, with the tiles that moved, turned or were added marked."""

from __future__ import annotations

from collections.abc import Sequence

from ..core.position import Position
from ..core.tiles import Tile
from ..diagram.annotations import Ghost, Highlight, Mark, MarkShape
from ..diagram.model import Diagram
from ..palalab import AddStep, MoveStep, RemoveStep, RotateStep, TaskStep


def transformation_diagrams(
    start: Sequence[Tile],
    placed_target: Sequence[Tile],
    steps: Sequence[TaskStep],
    moves: int,
    added: int,
) -> tuple[Diagram, Diagram]:
    """``(before, after)``: crosses on the tiles to move or turn, ghosts where they go; then the
    target with the moved and turned tiles circled and the added ones highlighted."""
    leaving = {s.source for s in steps if isinstance(s, MoveStep)} | {
        s.cell for s in steps if isinstance(s, RemoveStep)
    }
    turning = {s.cell for s in steps if isinstance(s, RotateStep)}
    arriving = [Tile(s.target, s.orientation) for s in steps if isinstance(s, MoveStep)]
    new = [Tile(s.cell, s.orientation) for s in steps if isinstance(s, AddStep)]
    before = Diagram(
        Position(start),
        marks=tuple(
            Mark(c, MarkShape.CROSS, meaning="moves or turns") for c in sorted(leaving | turning)
        ),
        ghosts=tuple(Ghost(t) for t in arriving + new),
        caption=(
            f"Before: {moves} {'tile' if moves == 1 else 'tiles'} to move (crossed), {added} to "
            "add; "
            "faint tiles show where they go."
        ),
    )
    changed = {t.cell for t in arriving} | turning
    after = Diagram(
        Position(placed_target),
        marks=tuple(Mark(c, MarkShape.CIRCLE, meaning="moved or turned") for c in sorted(changed)),
        highlights=(Highlight.of(t.cell for t in new),) if new else (),
        caption="After: moved and turned tiles circled, added tiles highlighted.",
    )
    return before, after
