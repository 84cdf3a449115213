"""Palalaboratory records: catalogs from creature cards, and green tasks between notation
records and the Palalaboratory solver (:mod:`palago_tools.palalab`)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..core.tiles import Tile
from ..errors import PalagoError
from ..notation import records as rec
from ..palalab import (
    AddStep,
    CatalogEntry,
    MoveStep,
    RotateStep,
    TaskStep,
    TransformationCheck,
    check_transformation,
)


def catalog_from_records(records: Iterable[rec.Record]) -> list[CatalogEntry]:
    """The creature cards among ``records`` that carry a card number, as a catalog."""
    entries = []
    for record in records:
        if isinstance(record, rec.CreatureCard) and record.card is not None:
            name = record.name("EN") or next(
                (n for _lang, n in record.names), f"card {record.card}"
            )
            entries.append(CatalogEntry(record.card, name, record.tiles))
    return entries


def card(catalog: Sequence[CatalogEntry], number: int) -> CatalogEntry:
    """The card numbered ``number``."""
    for entry in catalog:
        if entry.number == number:
            return entry
    numbers = ", ".join(str(e.number) for e in catalog) or "none"
    raise PalagoError(f"there is no card {number} in the catalog (cards: {numbers})")


def creature_tiles(record: rec.Record) -> tuple[Tile, ...]:
    """The tiles of a position or creature record."""
    if isinstance(record, (rec.PositionRecord, rec.CreatureCard)):
        return record.tiles
    kind = rec.KIND_OF[type(record)]
    raise PalagoError(f"a {kind} record is not a creature: give a Position or Creature record")


def step_of(step: rec.Step) -> TaskStep:
    """A written transformation step as a solver step."""
    action = step.action
    if isinstance(action, rec.MoveTile):
        return MoveStep(action.origin, action.tile.cell, action.tile.orientation)
    if isinstance(action, rec.RotateTile):
        return RotateStep(action.tile.cell, action.tile.orientation)
    return AddStep(action.tile.cell, action.tile.orientation)


def written_step(number: int, step: TaskStep) -> rec.Step:
    """A solver step as a written step (``RemoveStep`` has no notation: green tasks only add)."""
    if isinstance(step, MoveStep):
        return rec.Step(number, rec.MoveTile(step.source, Tile(step.target, step.orientation)))
    if isinstance(step, RotateStep):
        return rec.Step(number, rec.RotateTile(Tile(step.cell, step.orientation)))
    if isinstance(step, AddStep):
        return rec.Step(number, rec.AddTile(Tile(step.cell, step.orientation)))
    raise PalagoError(f"{step}: a transformation record cannot take a tile away")


def transformation_record(
    start: Sequence[Tile],
    target: Sequence[Tile],
    steps: Sequence[TaskStep],
    names: tuple[str | None, str | None] = (None, None),
) -> rec.Transformation:
    """A transformation record from ``start`` to ``target`` (as the steps lay it)."""
    return rec.Transformation(
        start=tuple(rec.Placement(t) for t in sorted(start)),
        target=tuple(rec.Placement(t) for t in sorted(target)),
        steps=tuple(written_step(n, s) for n, s in enumerate(steps, start=1)),
        source_name=names[0],
        target_name=names[1],
    )


@dataclass(frozen=True)
class TransformationVerdict:
    """A written transformation checked: the solver's verdict and where the wrong step is."""

    check: TransformationCheck
    line: int
    column: int


def check_transformation_record(record: rec.Transformation) -> TransformationVerdict:
    """Replay a transformation record's steps and judge them."""
    start = [p.tile for p in record.start]
    target = [p.tile for p in record.target]
    check = check_transformation(start, target, [step_of(s) for s in record.steps])
    span = record.steps[check.error.index].span if check.error is not None else record.span
    return TransformationVerdict(check, span.line, span.column)
