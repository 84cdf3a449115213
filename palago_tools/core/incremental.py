"""Incremental analysis for play: place, remove or rotate one tile and learn which creatures that
completed or destroyed, without analysing the whole position again.

Only regions the change can affect are examined: the four colour areas of the changed tile, and,
walking outwards through outer loops, each closed region that encloses them.

``LiveAnalysis(position, index=True)`` also keeps the closability index
(:class:`~palago_tools.core.closability.ClosabilityIndex`, as :attr:`LiveAnalysis.index`): the gap
cells of every region, the tiles that would close one, and :meth:`LiveAnalysis.remove` of the
last tile laid in the time it took to lay it (make/unmake for a search).

A search lays the same creature again and again (a threat laid again after each reply): a
creature found once is known again from the tiles on its cells, with no line traced.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import itemgetter
from typing import Final

from ..errors import EmptyCellError, OccupiedCellError, SameOrientationError, require
from .analysis import Analysis, Creature, closed_creature
from .closability import ClosabilityIndex
from .hexgrid import Cell
from .position import Position
from .regions import AREA_DELTAS, LineTracer, RegionMap, cell_key, corner_key
from .tiles import Orientation, Tile

KNOWN_CREATURES: Final = 4096
"""How many creatures a :class:`LiveAnalysis` keeps to know again without tracing them."""


class LiveAnalysis:
    """A position being played, with its creatures kept current tile by tile."""

    def __init__(self, position: Position | None = None, *, index: bool = False) -> None:
        self.index: ClosabilityIndex | None = ClosabilityIndex(building=True) if index else None
        """The closability index, when asked for (it shares the regions of the analysis)."""
        self._regions: RegionMap = self.index if self.index is not None else RegionMap()
        self._creatures: list[Creature] = []
        self._known: dict[int, list[tuple[Callable[[dict[int, int]], object], object, Creature]]]
        self._known = {}
        """Creatures found, by their region's least corner key, each with what tells whether
        it stands again (:meth:`_known_creature`)."""
        self._known_count = 0
        if position is not None:
            tips = position.tips()
            for cell in sorted(tips):  # as Position.tiles() lists them
                self.lay(cell, tips[cell])
        if self.index is not None:
            self.index.built()

    @property
    def tiles(self) -> dict[Cell, int]:
        """Cell → yellow tip corner, live (do not modify)."""
        return self._regions.tiles

    @property
    def cells(self) -> dict[int, Cell]:
        """Cell key → cell of the tiles laid, live (do not modify)."""
        return self._regions.cells

    def position(self) -> Position:
        """A snapshot of the current tiles."""
        return Position({c: Orientation.from_tip(t) for c, t in self._regions.tiles.items()})

    @property
    def creatures(self) -> tuple[Creature, ...]:
        """The creatures on the board now, sorted by colour then cells."""
        return tuple(sorted(self._creatures, key=Creature.key))

    def analysis(self) -> Analysis:
        """A full analysis of the current position."""
        return Analysis(self.position())

    def place(self, tile: Tile) -> list[Creature]:
        """Lay ``tile`` on its empty cell; return the creatures it completed."""
        if not isinstance(tile, Tile):
            require(tile, Tile, "the tile to place")
        cell = tile.cell
        if cell in self._regions.tiles:
            raise OccupiedCellError(cell)
        tip = tile.tip
        regions = self._regions
        key = regions.add(cell, tip)
        return self._complete_around(key, tip) if regions.closing else []

    def lay(self, cell: Cell, tip: int) -> list[Creature]:
        """:meth:`place` for a search, with no check: a tile with its yellow tip at ``tip`` on
        the empty ``cell``; :meth:`lift` takes it back."""
        regions = self._regions
        key = regions.add(cell, tip)
        return self._complete_around(key, tip) if regions.closing else []

    def lift(self, cell: Cell) -> None:
        """Take back the tile just laid on ``cell`` (:meth:`remove`, saying nothing)."""
        if self._creatures:
            key = cell_key(cell)
            self._creatures = [c for c in self._creatures if not c.holds_key(key)]
        self._regions.remove(cell)

    def remove(self, cell: Cell) -> list[Creature]:
        """Take the tile off ``cell``; return the creatures that were destroyed."""
        if cell not in self._regions.tiles:
            raise EmptyCellError(cell)
        lost: list[Creature] = []
        if self._creatures:
            key = cell_key(cell)
            lost = [c for c in self._creatures if c.holds_key(key)]
            self._creatures = [c for c in self._creatures if not c.holds_key(key)]
        self._regions.remove(cell)
        return lost

    def rotate(self, cell: Cell, orientation: Orientation) -> tuple[list[Creature], list[Creature]]:
        """Turn the tile on ``cell`` to another orientation; return (destroyed, completed)."""
        tip = self._regions.tiles.get(cell)
        if tip is None:
            raise EmptyCellError(cell)
        if tip == orientation.tip:
            raise SameOrientationError(cell, orientation.value)
        lost = self.remove(cell)
        return lost, self.place(Tile(cell, orientation))

    def _complete_around(self, key: int, tip: int) -> list[Creature]:
        """Examine the areas of the tile just laid (on the cell named ``key``, its yellow tip
        at ``tip``) and the closed regions enclosing them."""
        regions = self._regions
        parent = regions._parent
        region = regions._region
        lines: LineTracer | None = None
        checked: set[int] = set()
        completed: list[Creature] = []
        base = 2 * key
        for delta in AREA_DELTAS[tip]:  # yellow tip, blue straight, yellow straight, blue tip
            root = base + delta
            while (up := parent[root]) != root:
                root = up
            while region[root][0] == 0 and root not in checked:
                # Reached only when a region closed: most tiles cost no tracing at all.
                checked.add(root)
                if not region[root][1]:
                    # An eye (a tip of this tile, no straight): no creature, and just outside
                    # its loop is the tile's next area (after the yellow tip) or the one
                    # before (the blue tip), where the walk goes on or has been.
                    break
                creature = self._known_creature(region[root])
                if creature is None:
                    if lines is None:
                        lines = LineTracer(regions.tiles, regions)
                    creature = closed_creature(regions, lines, root)
                    if creature is None:
                        break  # every enclosing region holds the same empty cell
                    self._remember(creature)
                completed.append(creature)
                root = regions.find(corner_key(creature.outer_loop.outside))
        if completed:
            self._creatures.extend(completed)
        return completed

    def _known_creature(self, region: list[int]) -> Creature | None:
        """A creature found before that the closed ``region`` (its list in the region map),
        which has a straight, is again: one whose cells hold the same tiles now. A creature
        is a function of the tiles on its cells (its region's corners all lie among them, so
        do the curves of every loop around its region and the regions inside, and inside its
        outer loop there is no other cell), so the tiles tell, with no line traced."""
        known = self._known.get(min(region[2:]))
        if known is None:
            return None
        tips = self._regions.tips
        for tiles_of, tiles, creature in known:
            try:
                if tiles_of(tips) == tiles:
                    return creature
            except KeyError:  # one of its cells is empty now
                continue
        return None

    def _remember(self, creature: Creature) -> None:
        """Keep ``creature`` for :meth:`_known_creature` (forgetting all when many are kept)."""
        shape = creature.shape
        if self._known_count >= KNOWN_CREATURES:
            self._known.clear()
            self._known_count = 0
        self._known_count += 1
        tiles_of = itemgetter(*shape.tips)
        entry = (tiles_of, tiles_of(shape.tips), creature)
        self._known.setdefault(min(shape.corners), []).append(entry)
