"""Checking a submitted creature (Palalaboratory red tasks, players' own creatures).

A submission is **valid** when one creature's tiles are exactly all the submitted tiles.
Creatures nested inside it (an egg in the camel's stomach) are reported as well and do not
spoil it. When a submission is not valid, :class:`Problem` entries say why, naming cells:

* ``NO_TILES``: nothing was submitted;
* ``DISCONNECTED``: tiles not connected to the largest group;
* ``SEVERAL_CREATURES``: two or more creatures, none inside another, where one was expected;
* ``NOT_IN_CREATURE``: tiles that belong to no creature (when some creature exists);
* when there is no creature at all, one problem about the would-be body, the region with the
  most closed corners: ``OPEN`` (its open corners and the empty cells they touch),
  ``EMPTY_INSIDE`` (empty cells inside its outer loop) or ``ONLY_EYE`` (three tips around one
  corner and no straight).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any

from ..core.analysis import (
    Analysis,
    Creature,
    Status,
    Verdict,
    analyse,
    describe_cells,
    describe_corner,
)
from ..core.hexgrid import Cell, Corner, cells_around
from ..core.identity import creature_id, creature_tiles
from ..core.position import Position
from ..core.tiles import Colour
from ._common import TileSet, as_position
from .catalog import Catalog, CatalogEntry, catalog_index


class ProblemKind(enum.Enum):
    """Why a submission is not a creature."""

    NO_TILES = "no tiles"
    DISCONNECTED = "disconnected"
    SEVERAL_CREATURES = "several creatures"
    NOT_IN_CREATURE = "not in a creature"
    EMPTY_INSIDE = "empty inside"
    OPEN = "open"
    ONLY_EYE = "only an eye"


@dataclass(frozen=True)
class Problem:
    """One reason a submission is not valid, with the cells (and corners) it names."""

    kind: ProblemKind
    message: str
    cells: tuple[Cell, ...] = ()
    corners: tuple[Corner, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        """The problem as JSON data."""
        return {
            "kind": self.kind.value,
            "message": self.message,
            "cells": [list(c) for c in self.cells],
        }


@dataclass(frozen=True)
class CreatureReport:
    """A creature of the submission: its numbers, identity id and the card it matches."""

    colour: Colour
    cells: tuple[Cell, ...]
    tiles: int
    loops: int
    legs: int
    score: int
    breakdown: str
    id: str
    card: CatalogEntry | None

    def as_dict(self) -> dict[str, Any]:
        """The creature as JSON data."""
        return {
            "colour": self.colour.value,
            "cells": [list(c) for c in self.cells],
            "tiles": self.tiles,
            "loops": self.loops,
            "legs": self.legs,
            "score": self.score,
            "breakdown": self.breakdown,
            "id": self.id,
            "card": None
            if self.card is None
            else {"number": self.card.number, "name": self.card.name},
        }


@dataclass(frozen=True)
class SubmissionReport:
    """The verdict on a submission: valid or not, every creature in it, and the problems."""

    valid: bool
    creatures: tuple[CreatureReport, ...]
    problems: tuple[Problem, ...]
    creature: CreatureReport | None
    """The creature that covers every submitted tile, when valid."""

    def as_dict(self) -> dict[str, Any]:
        """The JSON form: ``{"valid", "creatures": [...], "problems": [...]}``."""
        return {
            "valid": self.valid,
            "creatures": [c.as_dict() for c in self.creatures],
            "problems": [p.as_dict() for p in self.problems],
        }


def report_creature(
    position: Position, creature: Creature, index: dict[str, CatalogEntry] | None = None
) -> CreatureReport:
    """The numbers of ``creature`` and the card of the same identity in ``index``, if any."""
    ident = creature_id(creature_tiles(position, sorted(creature.cells)), creature.colour)
    return CreatureReport(
        colour=creature.colour,
        cells=tuple(sorted(creature.cells)),
        tiles=creature.tiles,
        loops=creature.loops,
        legs=creature.legs,
        score=creature.score,
        breakdown=creature.breakdown(),
        id=ident,
        card=None if index is None else index.get(ident),
    )


def check_submission(tiles: TileSet, catalog: Catalog | None = None) -> SubmissionReport:
    """Check a submitted creature; see the module description for the rules and problems."""
    position = as_position(tiles)
    analysis = analyse(position)
    index = catalog_index(catalog) if catalog is not None else None
    reports = tuple(report_creature(position, c, index) for c in analysis.creatures)
    everything = frozenset(position)
    whole = [r for r in reports if position and frozenset(r.cells) == everything]
    if whole:
        return SubmissionReport(True, reports, (), whole[0])
    return SubmissionReport(False, reports, tuple(_problems(position, analysis)), None)


def _tile_word(cells: frozenset[Cell] | set[Cell]) -> str:
    return "tile" if len(cells) == 1 else "tiles"


def _problems(position: Position, analysis: Analysis) -> list[Problem]:
    if not position:
        return [Problem(ProblemKind.NO_TILES, "the submission has no tiles")]
    problems: list[Problem] = []
    groups = position.components()
    if len(groups) > 1:
        apart = set().union(*groups[1:])
        verb = "is" if len(apart) == 1 else "are"
        problems.append(
            Problem(
                ProblemKind.DISCONNECTED,
                f"{_tile_word(apart)} {describe_cells(apart)} {verb} not connected to the rest",
                tuple(sorted(apart)),
            )
        )
    creatures = analysis.creatures
    if creatures:
        outermost = [c for c in creatures if not any(c.cells < d.cells for d in creatures)]
        if len(outermost) > 1:
            names = [
                f"{c.colour} creature of {c.tiles} tiles on {describe_cells(c.cells)}"
                for c in outermost
            ]
            problems.append(
                Problem(
                    ProblemKind.SEVERAL_CREATURES,
                    f"the tiles make {len(outermost)} creatures, not one: " + "; ".join(names),
                    tuple(sorted(set().union(*(c.cells for c in outermost)))),
                )
            )
        loose = set(position) - set().union(*(c.cells for c in creatures))
        if loose:
            verb = "belongs" if len(loose) == 1 else "belong"
            problems.append(
                Problem(
                    ProblemKind.NOT_IN_CREATURE,
                    f"{_tile_word(loose)} {describe_cells(loose)} {verb} to no creature",
                    tuple(sorted(loose)),
                )
            )
        return problems
    problems.extend(_region_problems(position, analysis.verdicts))
    return problems


def _closed_corners(position: Position, verdict: Verdict) -> int:
    return sum(1 for c in verdict.corners if all(cell in position for cell, _k in cells_around(c)))


def _region_problems(position: Position, verdicts: tuple[Verdict, ...]) -> list[Problem]:
    """Why the would-be body, the region with the most closed corners (then the most straights,
    then yellow), is not a creature: it is open, has empty cells inside, or is only an eye."""
    body = max(
        verdicts,
        key=lambda v: (_closed_corners(position, v), v.straights, v.colour is Colour.YELLOW),
    )
    if body.status is Status.CREATURE:
        return []
    if body.status is Status.OPEN:
        return [_open_problem(position, body)]
    if body.status is Status.EYE:
        return [
            Problem(
                ProblemKind.ONLY_EYE,
                f"only an eye: {body.message}",
                tuple(sorted(body.where)),
                tuple(sorted(body.corners)),
            )
        ]
    return [Problem(ProblemKind.EMPTY_INSIDE, body.message, tuple(sorted(body.where)))]


def _open_problem(position: Position, verdict: Verdict) -> Problem:
    open_corners = sorted(
        c for c in verdict.corners if any(cell not in position for cell, _k in cells_around(c))
    )
    names = [describe_corner(c) for c in open_corners]
    listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    n = len(verdict.cells)
    where = verdict.where
    return Problem(
        ProblemKind.OPEN,
        f"open {verdict.colour} region of {n} {'tile' if n == 1 else 'tiles'}: "
        f"open {'corner' if len(names) == 1 else 'corners'} {listed}; its edge touches empty "
        f"{'cell' if len(where) == 1 else 'cells'} {describe_cells(where)}",
        tuple(sorted(where)),
        tuple(open_corners),
    )


@dataclass(frozen=True)
class RedTaskVerdict:
    """Whether a submission builds a card's creature (model section 7, red task)."""

    solved: bool
    card: CatalogEntry
    creature: CreatureReport | None
    message: str


def check_red_task(tiles: TileSet, card: CatalogEntry) -> RedTaskVerdict:
    """Right when the submission contains a creature with the card's identity and tile count."""
    position = as_position(tiles)
    analysis = analyse(position)
    reports = [report_creature(position, c) for c in analysis.creatures]
    for report in reports:
        if report.id == card.id:
            return RedTaskVerdict(
                True,
                card,
                report,
                f"{card} built: {report.colour} creature of {report.tiles} tiles, "
                f"{report.breakdown}",
            )
    if not reports:
        found = "there is no creature"
    else:
        found = "found " + "; ".join(
            f"{r.colour} creature of {r.tiles} tiles ({r.id})" for r in reports
        )
    return RedTaskVerdict(
        False,
        card,
        None,
        f"{card} not built: it needs {card.size} tiles in its shape ({card.id}); {found}",
    )
