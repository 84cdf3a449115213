"""Green tasks (model section 7): turn creature A into creature B by moving and adding tiles.

The shortest number of moves is ``|A| − max overlap``: the overlap of a placement of B (any of the
twelve motions, re-coloured where the motion swaps corner classes, and any translation) is the
number of A's tiles that already lie on B's cells with B's orientation. Tiles to add are
``|B| − |A|`` when positive.

For one motion, a tile of A and a tile of moved B with the same orientation agree on exactly one
translation; counting those votes gives the overlap of every translation at once, so the search
costs ``O(|A|·|B|)`` per motion.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass
from typing import NamedTuple

from ..core.hexgrid import MOTIONS, Cell, Motion, cell_text
from ..core.position import Position
from ..core.tiles import Orientation, Tile
from ..errors import PositionError
from ._common import TileSet, as_position, as_tiles


@dataclass(frozen=True)
class TargetPlacement:
    """B laid on the board: moved by ``motion``, then shifted by ``translation``.

    ``tiles`` are B's tiles where they end up; ``overlap`` how many of A's tiles already match.
    """

    motion: Motion
    translation: Cell
    tiles: tuple[Tile, ...]
    overlap: int


class TransformDistance(NamedTuple):
    """Shortest green-task answer: ``moves`` (↔), ``added`` (Δ) and one best placement of B."""

    moves: int
    added: int
    placement: TargetPlacement


def placed(tiles: TileSet, motion: Motion, translation: Cell) -> tuple[Tile, ...]:
    """``tiles`` moved by ``motion`` (re-coloured where needed) and shifted by ``translation``."""
    dq, dr = translation
    result = []
    for tile in as_tiles(tiles):
        moved, _swapped = tile.moved(motion)
        result.append(Tile((moved.cell[0] + dq, moved.cell[1] + dr), moved.orientation))
    return tuple(sorted(result))


def overlap(a: TileSet, b: TileSet) -> int:
    """Number of tiles of ``a`` that lie on a cell of ``b`` with ``b``'s orientation there."""
    pa = as_position(a)
    return sum(1 for t in as_tiles(b) if pa.get(t.cell) is t.orientation)


def transform_distance(a: TileSet, b: TileSet) -> TransformDistance:
    """Moves (↔) and additions (Δ) that turn ``a`` into ``b``, with a placement of ``b`` that
    achieves them; ties go to the first motion of ``MOTIONS``, then the smallest translation."""
    tiles_a = as_tiles(a)
    tiles_b = as_tiles(b)
    cells_by_orientation: dict[Orientation, list[Cell]] = defaultdict(list)
    for tile in tiles_a:
        cells_by_orientation[tile.orientation].append(tile.cell)
    best_count = -1
    best_motion = MOTIONS[0]
    best_translation: Cell = (0, 0)
    for motion in MOTIONS:
        votes: Counter[Cell] = Counter()
        for tile in tiles_b:
            moved, _swapped = tile.moved(motion)
            mq, mr = moved.cell
            for q, r in cells_by_orientation.get(moved.orientation, ()):
                votes[(q - mq, r - mr)] += 1
        if not votes:
            if best_count < 0:
                best_count, best_motion, best_translation = 0, motion, (0, 0)
            continue
        count = max(votes.values())
        translation = min(t for t, n in votes.items() if n == count)
        if count > best_count:
            best_count, best_motion, best_translation = count, motion, translation
    best_count = max(best_count, 0)
    placement = TargetPlacement(
        best_motion, best_translation, placed(tiles_b, best_motion, best_translation), best_count
    )
    return TransformDistance(
        moves=len(tiles_a) - best_count,
        added=max(0, len(tiles_b) - len(tiles_a)),
        placement=placement,
    )


# --- Steps ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class RotateStep:
    """Turn the tile on ``cell`` to ``orientation`` (one move)."""

    cell: Cell
    orientation: Orientation

    @property
    def is_move(self) -> bool:
        return True

    def __str__(self) -> str:
        return f"rotate {cell_text(self.cell)} to {self.orientation.value}"


@dataclass(frozen=True)
class MoveStep:
    """Take the tile on ``source`` and lay it on the empty ``target`` as ``orientation`` (one
    move)."""

    source: Cell
    target: Cell
    orientation: Orientation

    @property
    def is_move(self) -> bool:
        return True

    def __str__(self) -> str:
        return f"move {cell_text(self.source)} to {cell_text(self.target)}{self.orientation.value}"


@dataclass(frozen=True)
class AddStep:
    """Lay a new tile on the empty ``cell`` (one addition, Δ)."""

    cell: Cell
    orientation: Orientation

    @property
    def is_move(self) -> bool:
        return False

    def __str__(self) -> str:
        return f"add {cell_text(self.cell)}{self.orientation.value}"


@dataclass(frozen=True)
class RemoveStep:
    """Take the tile on ``cell`` away (one move; needed only when A has more tiles than B)."""

    cell: Cell

    @property
    def is_move(self) -> bool:
        return True

    def __str__(self) -> str:
        return f"remove {cell_text(self.cell)}"


TaskStep = RotateStep | MoveStep | AddStep | RemoveStep


def transformation_steps(
    a: TileSet, b: TileSet, placement: TargetPlacement | None = None
) -> tuple[TaskStep, ...]:
    """One shortest sequence of steps turning ``a`` into ``b`` laid as ``placement`` (the best
    placement by default): rotations in place, then moves, then additions, then removals."""
    pa = as_position(a)
    if placement is None:
        placement = transform_distance(pa, b).placement
    wanted = {t.cell: t.orientation for t in placement.tiles}
    steps: list[TaskStep] = []
    for cell in sorted(pa):
        if cell in wanted and pa[cell] is not wanted[cell]:
            steps.append(RotateStep(cell, wanted[cell]))
    sources = sorted(cell for cell in pa if cell not in wanted)
    targets = sorted(cell for cell in wanted if cell not in pa)
    for source, target in zip(sources, targets, strict=False):
        steps.append(MoveStep(source, target, wanted[target]))
    for target in targets[len(sources) :]:
        steps.append(AddStep(target, wanted[target]))
    for source in sources[len(targets) :]:
        steps.append(RemoveStep(source))
    return tuple(steps)


def apply_step(position: Position, step: TaskStep) -> Position:
    """``position`` after ``step``; raises :class:`PositionError` with the reason when the step
    cannot be made."""
    if isinstance(step, RotateStep):
        return position.rotate(step.cell, step.orientation)
    if isinstance(step, AddStep):
        return position.place(Tile(step.cell, step.orientation))
    if isinstance(step, RemoveStep):
        return position.remove(step.cell)
    if step.source == step.target:
        raise PositionError(
            f"a move must change the cell; turning the tile on {cell_text(step.source)} "
            "is a rotation"
        )
    return position.remove(step.source).place(Tile(step.target, step.orientation))


@dataclass(frozen=True)
class StepError:
    """The first step that cannot be made: its index (from 0), the step, and why."""

    index: int
    step: TaskStep
    reason: str

    @property
    def message(self) -> str:
        return f"step {self.index + 1} ({self.step}) is wrong: {self.reason}"


@dataclass(frozen=True)
class TransformationCheck:
    """The verdict on a proposed transformation.

    ``result`` is the position after the last step that could be made; ``reaches_target`` says
    whether it is the target up to identity (motions, translation, colour); ``optimal`` whether
    every step could be made, the target was reached and the counts are the shortest.
    """

    error: StepError | None
    result: Position
    reaches_target: bool
    moves: int
    added: int
    shortest_moves: int
    shortest_added: int

    @property
    def optimal(self) -> bool:
        return (
            self.error is None
            and self.reaches_target
            and self.moves == self.shortest_moves
            and self.added == self.shortest_added
        )

    @property
    def message(self) -> str:
        if self.error is not None:
            return self.error.message
        if not self.reaches_target:
            return "the steps do not build the target creature"
        if self.optimal:
            return f"right and shortest: {self.moves} moved, {self.added} added"
        return (
            f"right but not shortest: {self.moves} moved and {self.added} added, "
            f"where {self.shortest_moves} moved and {self.shortest_added} added suffice"
        )


def same_shape(a: TileSet, b: TileSet) -> bool:
    """True when ``b`` is ``a`` under a motion (re-coloured as needed) and a translation."""
    tiles_a, tiles_b = as_tiles(a), as_tiles(b)
    return len(tiles_a) == len(tiles_b) and transform_distance(tiles_a, tiles_b).moves == 0


def check_transformation(
    a: TileSet, target: TileSet, steps: list[TaskStep] | tuple[TaskStep, ...]
) -> TransformationCheck:
    """Replay ``steps`` from ``a``; report the first wrong step, whether the result is ``target``
    up to identity and whether the sequence is shortest."""
    position = as_position(a)
    shortest = transform_distance(position, target)
    moves = added = 0
    error: StepError | None = None
    for index, step in enumerate(steps):
        try:
            position = apply_step(position, step)
        except PositionError as exc:
            error = StepError(index, step, str(exc))
            break
        if step.is_move:
            moves += 1
        else:
            added += 1
    return TransformationCheck(
        error=error,
        result=position,
        reaches_target=same_shape(position, target),
        moves=moves,
        added=added,
        shortest_moves=shortest.moves,
        shortest_added=shortest.added,
    )
