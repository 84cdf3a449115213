"""The board a Palagonia player thinks on: the tiles of a game with the closability index kept
tile by tile (:class:`~palago_tools.core.incremental.LiveAnalysis`), tiles laid and lifted as a
search tries them, and the placements that close or build toward a creature.

A placement scores when it closes a creature whose tiles are all the turn's tiles (model
section 6). Such a placement fills every gap cell of one open region of now, and of what that
region grows into as the tiles go down, so :meth:`PalagoniaBoard.fills` finds them by a walk
that takes the region's first gap cell (by cell key) and tries its three tiles, until the region
is closed or has more gap cells than tiles are left (each gap cell needs a tile of its own). The
same walk with ``slack`` stops after the die's tiles with at most ``slack`` gap cells still
open: a build, which the next roll may close. Each try is one :meth:`lay` and one :meth:`lift`,
undone exactly by the index; a walk costs at most 3^N tries per region for a die of N, and far
fewer, since most tiles open new corners and are cut at once.

Everything the board finds is checked again by the rules when a player plays it; the board only
says what is worth trying.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final

from ...core.analysis import Creature
from ...core.hexgrid import Cell, neighbours
from ...core.incremental import LiveAnalysis
from ...core.position import Position, hole_change, is_connected, joins
from ...core.regions import key_cell
from ...core.tiles import Orientation, Tile
from ...rules.palagonia import Palagonia

__all__ = ["COUNTS", "Fill", "PalagoniaBoard", "closure_points"]

COUNTS: Final = (2, 3, 4, 5)
"""The numbers of tiles a die may place."""

_TIPS: Final = (0, 2, 4)


@dataclass(frozen=True)
class Fill:
    """A placement the walk found: its tiles (in the order laid), the points it scores (0 for
    a build), the scoring creatures' values, and the gap cells still open in the region it
    filled (0: closed)."""

    tiles: tuple[Tile, ...]
    points: int
    values: tuple[int, ...]
    gaps: int


def closure_points(completed: list[Creature], cells: set[Cell]) -> tuple[int, ...]:
    """The values of the creatures among ``completed`` that score for a turn placing ``cells``:
    every tile of the turn is one of theirs, and the value is at least 3."""
    return tuple(c.score for c in completed if c.score >= 3 and cells <= c.cells)


class PalagoniaBoard:
    """The tiles of a Palagonia game, for a search: lay and lift single tiles, take a tile off
    and put it back, and find closing and building placements."""

    def __init__(self, tips: dict[Cell, int]) -> None:
        position = Position({c: Orientation.from_tip(t) for c, t in tips.items()})
        self.live = LiveAnalysis(position, index=True)
        index = self.live.index
        assert index is not None
        self.index = index
        self.tiles_laid = 0
        """Tiles laid on the board so far (by :meth:`lay`, :meth:`put` and the walks): the
        work a search has done, counted alike on any machine."""
        self._walks: dict[
            tuple[frozenset[int], frozenset[int], int],
            tuple[tuple[tuple[Cell, int | None], ...], tuple[int, ...]],
        ] = {}

    @classmethod
    def of(cls, game: Palagonia) -> PalagoniaBoard:
        """The board of ``game`` now."""
        return cls(dict(game.tiles))

    @property
    def tiles(self) -> dict[Cell, int]:
        """Cell → yellow tip (live: do not modify)."""
        return self.live.tiles

    # Changes ----------------------------------------------------------------------------
    def lay(self, cell: Cell, tip: int) -> list[Creature]:
        """Lay a tile on the empty ``cell``; the creatures it completed."""
        self.tiles_laid += 1
        return self.live.lay(cell, tip)

    def lift(self, cell: Cell) -> None:
        """Take back the tile laid last, on ``cell``."""
        self.live.lift(cell)

    def take(self, cell: Cell) -> int:
        """Take the tile off ``cell`` (a removal, or the first half of a rotation); its tip.
        Earlier :meth:`lay` calls can no longer be lifted after it."""
        tip = self.live.tiles[cell]
        self.live.remove(cell)
        return tip

    def put(self, cell: Cell, tip: int) -> list[Creature]:
        """Put a tile on ``cell`` (after :meth:`take`); the creatures it completed."""
        self.tiles_laid += 1
        return self.live.place(Tile(cell, Orientation.from_tip(tip)))

    # Questions --------------------------------------------------------------------------
    def fills(self, count: int, slack: int = 0, regions: int = 0) -> list[Fill]:
        """The placements of ``count`` tiles that fill the gap cells of one open region: those
        that close it and score, and with ``slack`` > 0 the builds leaving it at most ``slack``
        gap cells (tiles touching each other). ``regions`` > 0 walks only that many regions, the
        ones with the fewest gap cells. Legal placements only, each once."""
        index = self.index
        seeds = sorted(
            (len(gaps), root) for root, gaps in index.open_regions() if len(gaps) <= count + slack
        )
        if regions:
            seeds = seeds[:regions]
        found: dict[frozenset[Tile], Fill] = {}
        for _size, root in seeds:
            for fill in self._walk(root, count, slack):
                found.setdefault(frozenset(fill.tiles), fill)
        return list(found.values())

    def best_closures(self, bag: int) -> tuple[int, ...]:
        """The most points a placement of 2, 3, 4 and 5 tiles scores now (0 where none scores,
        or the bag holds fewer tiles): one walk per open region for every count at once.

        A region's walk is kept with the cells it looked at (the cells around the region's
        corners, the cells it laid tiles on, and their neighbours) and taken again while they
        hold the same tiles: after a search tries an action, only the regions near it are
        walked again."""
        best = [0, 0, 0, 0]
        top = min(COUNTS[-1], bag)
        if top < COUNTS[0]:
            return (0, 0, 0, 0)
        index = self.index
        tiles = self.live.tiles
        kept = self._walks
        for root, gaps in list(index.open_regions()):
            if len(gaps) > top:
                continue
            key = (frozenset(index.corners(root)), frozenset(gaps), top)
            entry = kept.get(key)
            if entry is None or any(tiles.get(c) != t for c, t in entry[0]):
                found = [0, 0, 0, 0]
                looked: set[Cell] = set(index.cells_of(key[0])) | {key_cell(k) for k in gaps}
                for fill in self._walk(root, top, 0, every=True, looked=looked):
                    n = len(fill.tiles) - COUNTS[0]
                    if n >= 0 and fill.points > found[n]:
                        found[n] = fill.points
                around = {n for c in looked for n in neighbours(c)} | looked
                entry = (tuple((c, tiles.get(c)) for c in around), tuple(found))
                if len(kept) > 200_000:
                    kept.clear()
                kept[key] = entry
            for n, points in enumerate(entry[1]):
                if points > best[n]:
                    best[n] = points
        return (best[0], best[1], best[2], best[3])

    def _walk(
        self,
        corner: int,
        count: int,
        slack: int,
        every: bool = False,
        looked: set[Cell] | None = None,
    ) -> Iterator[Fill]:
        """The fills of the region holding ``corner`` (see :meth:`fills`); with ``every``,
        the closures of fewer tiles than ``count`` too; the cells it lays tiles on are added
        to ``looked``."""
        index = self.index
        live = self.live
        placed: list[tuple[Cell, int]] = []
        completed: list[Creature] = []

        def walk(left: int) -> Iterator[Fill]:
            gaps = index.gaps(index.find(corner))
            if not gaps or not left:
                if (left and not every) or len(gaps) > slack:
                    return
                cells = {c for c, _t in placed}
                values = closure_points(completed, cells) if not gaps else ()
                closing = any(cells <= c.cells for c in completed)
                if (gaps or values) and self.legal_laid(cells, closing):
                    tiles = tuple(Tile(c, Orientation.from_tip(t)) for c, t in placed)
                    yield Fill(tiles, sum(values), values, len(gaps))
                return
            if len(gaps) > left + slack:
                return
            first = min(gaps)
            cell = key_cell(first)
            # The last tile must close the region: only the tips that close one can.
            tips = index.closing_tips(first) if left == 1 and not slack else _TIPS
            if looked is not None:
                looked.add(cell)
            for tip in tips:
                self.tiles_laid += 1
                made = live.lay(cell, tip)
                placed.append((cell, tip))
                completed.extend(made)
                yield from walk(left - 1)
                del completed[len(completed) - len(made) :]
                placed.pop()
                live.lift(cell)

        yield from walk(count)

    def legal_laid(self, cells: set[Cell], closing: bool) -> bool:
        """Whether the tiles laid on ``cells`` may be placed: joined to the palago, leaving no
        hole, and touching each other unless they close a creature together."""
        tiles = self.live.tiles
        before = tiles.keys() - cells
        return (
            joins(before, cells)
            and hole_change(before, cells) <= 0
            and (closing or is_connected(cells))
        )
