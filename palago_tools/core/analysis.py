"""Analysis of a position: regions, loops, creatures, legs and scores, and why a region is not a
creature (model section 3).

``analyse(position)`` does it all at once. :func:`examine_region` is the test of one region;
:func:`closed_creature`, for the incremental analysis of :mod:`palago_tools.core.incremental`,
gives the same answer for a closed region with a straight from the same walk inwards.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from functools import cached_property

from ..errors import require
from ..glossary import score_breakdown
from ..screens import creature_summary
from .hexgrid import CORNER_NAMES, Cell, Corner, cell_text, cells_around, cells_of_side
from .position import Position
from .regions import (
    _AROUND,
    _HALF,
    STRIDE,
    Line,
    LineTracer,
    RegionMap,
    cell_key,
    corner_key,
    key_cell,
    key_corner,
)
from .tiles import Colour


def describe_corner(corner: Corner) -> str:
    """A corner in words: ``"the bottom corner of 0,1"`` (yellow) or ``"the top corner of 0,1"``."""
    q, r, cls = corner
    return f"the {CORNER_NAMES[4 if cls == 0 else 1]} corner of {q},{r}"


def describe_cells(cells: set[Cell] | frozenset[Cell] | list[Cell]) -> str:
    """Cells in words, sorted: ``"0,1"``, ``"0,1 and 2,-1"``, ``"0,1, 1,1 and 2,-1"``."""
    names = [cell_text(c) for c in sorted(cells)]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def plural(n: int, word: str) -> str:
    """``n`` and ``word``, with an s unless ``n`` is 1: ``"1 tile"``, ``"3 tiles"``."""
    return f"{n} {word}{'' if n == 1 else 's'}"


@dataclass(frozen=True, eq=False)
class Creature:
    """A creature: a closed region with a straight whose outer loop holds no empty cell.

    ``cells`` are its tiles (the number on a puzzle card); ``corners`` its own region;
    ``inner_loops`` every loop inside the outer one, at any depth; ``leg_corners`` the corners
    where its legs end. The three are found from ``shape`` when first asked: a search that lays
    tiles asks most creatures only their colour.
    """

    colour: Colour
    outer_loop: Line
    inner_loops: tuple[Line, ...]
    shape: _Shape = field(repr=False)
    """What the creature's cells, corners and legs are found from, kept when it was found."""

    @cached_property
    def cells(self) -> frozenset[Cell]:
        return frozenset(map(key_cell, self.shape.cells))

    def holds_key(self, key: int) -> bool:
        """Whether the cell named ``key`` (:func:`~palago_tools.core.regions.cell_key`) is
        one of its cells."""
        return key in self.shape.cells

    @cached_property
    def corners(self) -> frozenset[Corner]:
        return _corner_set(self.shape.corners)

    @cached_property
    def leg_corners(self) -> tuple[Corner, ...]:
        return _legs(self.shape, self.outer_loop)

    @property
    def tiles(self) -> int:
        return len(self.cells)

    @property
    def loops(self) -> int:
        return 1 + len(self.inner_loops)

    @property
    def legs(self) -> int:
        return len(self.leg_corners)

    @property
    def score(self) -> int:
        """Palagonia value: loops + legs."""
        return self.loops + self.legs

    def key(self) -> tuple[str, tuple[Cell, ...]]:
        """Sort and comparison key: colour, then sorted cells."""
        return (self.colour.value, tuple(sorted(self.cells)))

    def breakdown(self, lang: str = "EN") -> str:
        """The score in the rulebook's words of ``lang``: ``"1 outer shell + 4 inner shells + 2
        limbs = 7"`` (:func:`~palago_tools.glossary.score_breakdown`)."""
        return score_breakdown(self.loops, self.legs, lang)

    def summary(self, lang: str = "EN") -> str:
        """The creature in the rulebook's words of ``lang``: its colour, its tiles and its score
        (:func:`~palago_tools.screens.creature_summary`)."""
        return creature_summary(self.colour.value, self.tiles, self.loops, self.legs, lang)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Creature):
            return NotImplemented
        return (self.colour, self.cells, self.loops, self.legs) == (
            other.colour,
            other.cells,
            other.loops,
            other.legs,
        )

    def __hash__(self) -> int:
        return hash((self.colour, self.cells))


class Status(enum.Enum):
    """What a closed or open region is."""

    CREATURE = "creature"
    OPEN = "open"
    EYE = "eye"
    EMPTY_INSIDE = "empty inside"


@dataclass(frozen=True)
class Verdict:
    """Whether a region is a creature, and if not, why, naming the cells concerned.

    ``where`` holds: for ``OPEN``, the empty cells at its unfinished edge; for ``EMPTY_INSIDE``,
    empty cells inside its outer loop; for ``EYE``, the three tiles of the eye. ``outer_loop`` is
    the loop that has a closed region inside.
    """

    status: Status
    colour: Colour
    corners: frozenset[Corner]
    cells: frozenset[Cell]
    where: frozenset[Cell]
    straights: int
    outer_loop: Line | None = None
    creature: Creature | None = None

    @property
    def message(self) -> str:
        colour = self.colour.value
        if self.creature is not None:
            return self.creature.summary()
        if self.status is Status.EYE:
            (corner,) = self.corners
            return (
                f"{colour} eye at {describe_corner(corner)} (tiles {describe_cells(self.where)}): "
                "three tips and no straight make no creature"
            )
        if self.status is Status.EMPTY_INSIDE:
            return (
                f"closed {colour} region is not a creature: its outer loop has empty "
                f"{'cell' if len(self.where) == 1 else 'cells'} {describe_cells(self.where)} inside"
            )
        return (
            f"open {colour} region of {plural(len(self.cells), 'tile')}: "
            f"its edge is unfinished at empty {'cell' if len(self.where) == 1 else 'cells'} "
            f"{describe_cells(self.where)}"
        )


def examine_region(regions: RegionMap, lines: LineTracer, root: int) -> Verdict:
    """Decide whether the region named ``root`` (a corner key of ``regions``) is a creature
    (``lines`` must trace the same tiles as ``regions``)."""
    corners = regions.corners(root)
    colour = Colour.of_class(root & 1)
    own_cells = frozenset(regions.cells_of(corners))
    straights = regions.straights(root)
    corner_set = _corner_set(corners)
    if not regions.is_closed(root):
        tiles_at = regions.tiles_at
        open_corners = [c for c in corners if tiles_at(c) < 3]
        where = frozenset(regions.empty_cells_at(open_corners))
        return Verdict(Status.OPEN, colour, corner_set, own_cells, where, straights)
    outer, inner, empty_inside, inside = _inwards(regions, lines, root, corners)
    assert outer is not None, "a closed region always has an outer loop"
    if straights == 0:
        return Verdict(Status.EYE, colour, corner_set, own_cells, own_cells, 0, outer)
    if empty_inside:
        where = frozenset(empty_inside)
        return Verdict(
            Status.EMPTY_INSIDE, colour, corner_set, own_cells, where, straights, outer
        )
    creature = _creature(regions, root, corners, outer, inner, inside)
    return Verdict(
        Status.CREATURE, colour, corner_set, own_cells, frozenset(), straights, outer, creature
    )


def closed_creature(regions: RegionMap, lines: LineTracer, root: int) -> Creature | None:
    """The creature that the closed region named ``root``, which has a straight, is; ``None``
    when its outer loop holds an empty cell (:func:`examine_region`'s verdict, for a search:
    the walk inwards stops at the first empty cell, and the creature's cells, corners and legs
    are found when asked)."""
    corners = regions.corners(root)
    outer, inner, empty_inside, inside = _inwards(regions, lines, root, corners, stop=True)
    if empty_inside:
        return None
    assert outer is not None, "a closed region always has an outer loop"
    return _creature(regions, root, corners, outer, inner, inside)


def _inwards(
    regions: RegionMap, lines: LineTracer, root: int, corners: list[int], *, stop: bool = False
) -> tuple[Line | None, list[Line], set[Cell], list[int]]:
    """Walk inwards from the closed region named ``root`` (its ``corners``) through every loop
    but its outer one: the outer loop, the loops inside, the empty cells inside, and the
    corners of the regions inside (``root``'s first; the list is ``corners`` itself when no
    other region is inside). ``stop``: return at the first empty cell found inside."""
    find = regions.find
    tiles = regions.tiles
    outer: Line | None = None
    inner: list[Line] = []
    empty_inside: set[Cell] = set()
    inside_corners = corners
    visited = {root}
    stack = [root]
    while stack:
        region = stack.pop()
        for line in lines.lines_around(corners if region == root else regions.corners(region)):
            if not line.closed:
                for side in line.ends:
                    empty_inside.update(c for c, _j in cells_of_side(side) if c not in tiles)
                if stop:
                    return outer, inner, empty_inside, inside_corners
                continue
            inside = find(corner_key(line.inside))
            if inside == region:
                if region == root:
                    outer = line
                continue
            inner.append(line)
            if inside not in visited:
                visited.add(inside)
                stack.append(inside)
                if inside_corners is corners:
                    inside_corners = list(corners)
                inside_corners.extend(regions.corners(inside))
    return outer, inner, empty_inside, inside_corners


def _creature(
    regions: RegionMap,
    root: int,
    corners: list[int],
    outer: Line,
    inner: list[Line],
    inside_corners: list[int],
) -> Creature:
    """The creature of the closed region named ``root`` (its ``corners``), its outer loop,
    the loops inside and the corners of the regions inside (:func:`_inwards`)."""
    tips = regions.tips
    keys = regions.keys_of(inside_corners)
    shape = _Shape(corners, keys, regions.straights(root), {k: tips[k] for k in keys})
    return Creature(Colour.of_class(root & 1), outer, tuple(inner), shape)


def _corner_set(corners: list[int]) -> frozenset[Corner]:
    """The corners named ``corners`` (:func:`~palago_tools.core.regions.key_corner`, written
    out: a creature's corners are made at every tile a search lays that completes one)."""
    found: list[Corner] = []
    for corner in corners:
        key = corner >> 1
        q = (key + _HALF) // STRIDE
        found.append((q, key - q * STRIDE, corner & 1))
    return frozenset(found)


@dataclass(frozen=True, eq=False)
class _Shape:
    """A creature as its cells, corners and legs are found from: its region's corners (named
    by integers), the cells of the creature (keys: the region's and those inside it), the
    region's straights, and the tips of the creature's tiles (by cell key), all copied when it
    was found."""

    corners: list[int]
    cells: set[int]
    straights: int
    tips: dict[int, int]


def _legs(shape: _Shape, outer: Line) -> tuple[Corner, ...]:
    """Corners of the region that end a leg on the outer loop (none for a simple path)."""
    tips = shape.tips
    corners = shape.corners
    degrees: dict[int, int] = {}
    for c in corners:  # RegionMap.degree, written out
        base = c >> 1
        degree = 0
        for d, k in _AROUND[c & 1]:
            tip = tips[base + d]
            if k != tip and k != (tip + 3) % 6:
                degree += 1
        degrees[c] = degree
    if max(degrees.values()) <= 2 and shape.straights == len(corners) - 1:
        return ()  # a simple path: a body without limbs
    legs: list[Corner] = []
    for key, degree in degrees.items():
        if degree != 1:
            continue
        corner = key_corner(key)
        # The two tips at a leaf corner; curve 0 rounds a yellow tip, curve 2 a blue one.
        tip_arcs = []
        for cell, k in cells_around(corner):
            tip = tips[cell_key(cell)]
            if k in (tip, (tip + 3) % 6):
                tip_arcs.append((cell, 0 if tip == k else 2))
        if all(arc in outer for arc in tip_arcs):
            legs.append(corner)
    return tuple(sorted(legs))


class Analysis:
    """Everything the model says about one position, computed once."""

    def __init__(self, position: Position) -> None:
        self.position = position
        self._regions = RegionMap(position.tips())
        self._lines = LineTracer(self._regions.tiles, self._regions)
        self.verdicts: tuple[Verdict, ...] = tuple(
            sorted(
                (
                    examine_region(self._regions, self._lines, root)
                    for root in self._regions.roots()
                ),
                key=lambda v: (v.colour.value, sorted(v.cells), sorted(v.corners)),
            )
        )

    @cached_property
    def creatures(self) -> tuple[Creature, ...]:
        """Every creature, sorted by colour then cells."""
        found = [v.creature for v in self.verdicts if v.creature is not None]
        return tuple(sorted(found, key=Creature.key))

    @cached_property
    def lines(self) -> tuple[Line, ...]:
        """Every boundary line: closed loops and open lines."""
        return tuple(self._lines.all_lines())

    @property
    def loops(self) -> tuple[Line, ...]:
        return tuple(line for line in self.lines if line.closed)

    @property
    def open_lines(self) -> tuple[Line, ...]:
        return tuple(line for line in self.lines if not line.closed)


def analyse(position: Position) -> Analysis:
    """Analyse ``position`` in full: its regions, lines and creatures.

    >>> (creature,) = analyse(Position.parse("-1,0R -1,1R 0,-1D 0,0R 0,1L")).creatures
    >>> creature.summary()
    'yellow Pala-creature of 5 tiles: 1 outer shell = 1'
    >>> analyse(Position.parse("0,0R 1,0L")).creatures
    ()
    """
    require(position, Position, "the position to analyse")
    return Analysis(position)
