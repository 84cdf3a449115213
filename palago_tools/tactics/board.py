"""A two-player Palago position under search: turns laid and taken back on a
:class:`~palago_tools.core.incremental.LiveAnalysis` with the closability index, and what the
index says about them: every turn that completes something, the immediate wins of either side,
the threat cells, and the turns that may make a threat.

Why the candidates are enough (model section 3; "spot": the gap cells of a region, one cell or
two neighbouring cells, :meth:`~palago_tools.core.closability.ClosabilityIndex.spots`).

- **A tile that completes something lies on a spot.** It must close a region, and a region is
  closed when all cells around its corners are full, so every region of the position inside
  the closed one needed no other cell than this tile's. A lone tile: its cell is a one-cell
  spot. The second tile ``b`` of a pair ``a b``: every corner of ``b`` touches a tile of the
  position (its three cells are ``b``, at most ``a``, and a third one that must be full), so
  the closed region holds a region of the position whose gaps are ``{b}`` or ``{a, b}``. If
  ``{a, b}`` is no spot, ``a`` changes what ``b`` closes only as a one-cell spot itself (a
  region needing ``a`` alone, or an empty cell ``a`` inside the closed region's outer loop,
  whose regions need only ``a`` and ``b``); otherwise ``b`` alone wins and the pair is not
  listed. So the candidates are three tiles on each one-cell spot and nine pairs, in either
  order, on each two-cell spot and on two neighbouring one-cell spots (:meth:`places`).
- **Pairs hold no single hole**: the other tile of a pair is an empty neighbour.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Final

from ..core.analysis import Creature
from ..core.closability import ClosabilityIndex
from ..core.hexgrid import DIRECTIONS, Cell
from ..core.incremental import LiveAnalysis
from ..core.position import Position, enclosed_areas
from ..core.regions import STRIDE, cell_key, key_cell
from ..core.tiles import ORIENTATIONS, Colour, Orientation, Tile
from .results import Move, Threats, Win, _colours, move_key

_STEPS: Final = tuple(dq * STRIDE + dr for dq, dr in DIRECTIONS)
"""The differences between the keys of a cell and of its six neighbours."""

Outcome = tuple[Move, tuple[Creature, ...]]
"""A turn and the creatures its last tile completes."""

Place = tuple[int, ...]
"""One cell, or two neighbouring cells in the order laid, named by keys: where a turn may
complete something."""


@dataclass(frozen=True)
class Snapshot:
    """What each place completed at one moment of a search (:meth:`TacticBoard.baseline`):
    its outcomes, its zone (as keys), and the holes then (enclosed areas of one or two empty
    cells, as keys)."""

    outcomes: dict[Place, list[Outcome]]
    zones: dict[Place, set[int]]
    holes: list[frozenset[int]]


_TILES: dict[tuple[Cell, int], Tile] = {}


def _tile(key: int, tip: int) -> Tile:
    """The tile on the cell named ``key`` with its yellow tip at ``tip`` (made once)."""
    cell = key_cell(key)
    found = _TILES.get((cell, tip))
    if found is None:
        if len(_TILES) > 200_000:
            _TILES.clear()
        found = _TILES[(cell, tip)] = Tile(cell, Orientation.from_tip(tip))
    return found


def wins_for(colour: Colour, outcomes: Iterable[Outcome]) -> tuple[Win, ...]:
    """The winning turns for ``colour`` among ``outcomes``: those completing creatures of its
    colour only; a pair whose last tile wins alone is left out, and of two orders of the same
    pair the first (by :func:`~palago_tools.tactics.results.move_key`) is kept."""
    wins = [Win(m, c) for m, c in outcomes if _colours(c) == {colour}]
    alone = {w.tiles[0] for w in wins if len(w.tiles) == 1}
    seen: set[frozenset[Tile]] = set()
    kept: list[Win] = []
    for win in sorted(wins, key=lambda w: move_key(w.tiles)):
        key = frozenset(win.tiles)
        if (len(win.tiles) == 2 and win.tiles[1] in alone) or key in seen:
            continue
        seen.add(key)
        kept.append(win)
    return tuple(kept)


class TacticBoard:
    """A position of two-player Palago being searched: turns laid and taken back (make/unmake),
    the supply counted, and the completions, wins and threats read from the closability index.

    ``tiles_left`` is the supply still in the bag (``None``: plenty). :meth:`play` lays a turn
    only if the rules allow it and :meth:`take_back` lifts it again; the last tiles laid come
    off in the time they took to lay. The tiles are :attr:`tiles` (cell → yellow tip, live).
    """

    def __init__(self, position: Position, tiles_left: int | None = None) -> None:
        self.live = LiveAnalysis(position, index=True)
        index = self.live.index
        assert index is not None
        self.index: ClosabilityIndex = index
        self.tiles: dict[Cell, int] = self.live.tiles
        self.tiles_left = tiles_left

    # Laying ------------------------------------------------------------------------------
    def place(self, tile: Tile) -> list[Creature]:
        """Lay one tile (no rule checked); return the creatures it completed."""
        return self.live.place(tile)

    def remove(self, cell: Cell) -> None:
        """Take the tile off ``cell``."""
        self.live.remove(cell)

    def laid_around(self, cell: Cell) -> int:
        """How many of the six neighbours of ``cell`` hold a tile (6: a single hole)."""
        tiles = self.tiles
        q, r = cell
        return sum((q + dq, r + dr) in tiles for dq, dr in DIRECTIONS)

    def left_after(self, laid: int) -> int | None:
        """The supply once ``laid`` more tiles are laid."""
        return None if self.tiles_left is None else self.tiles_left - laid

    def play(self, move: Move) -> list[Creature] | None:
        """Lay ``move`` as a turn of Palago and return what its last tile completed, or
        ``None`` (nothing laid) when the rules forbid it: a cell taken, a pair that does not
        touch itself or the palago, more tiles than the supply, a lone tile that completes
        nothing while two must be laid, a tile in a single hole that completes nothing, or a
        first tile that completes something (the game ends there)."""
        tiles = self.tiles
        left = self.tiles_left
        if left is not None and len(move) > left:
            return None
        if any(t.cell in tiles for t in move) or (len(move) == 2 and move[0].cell == move[1].cell):
            return None
        around = [self.laid_around(t.cell) for t in move]
        if tiles and not any(around):
            return None
        if len(move) == 2:
            (aq, ar), (bq, br) = move[0].cell, move[1].cell
            if (bq - aq, br - ar) not in DIRECTIONS:
                return None
        wanted = 2 if left is None else min(2, left)
        completed: list[Creature] = []
        for index, tile in enumerate(move):
            completed = self.live.place(tile)
            if (around[index] == 6 and not completed) or (completed and index < len(move) - 1):
                self.take_back(move[: index + 1])
                return None
        if len(move) < wanted and not completed:
            self.take_back(move)
            return None
        if self.tiles_left is not None:
            self.tiles_left -= len(move)
        return completed

    def take_back(self, move: Move) -> None:
        """Lift the tiles of ``move`` (all laid), last first; the supply counts them back
        only for a turn :meth:`play` laid, which :meth:`undo_turn` lifts."""
        for tile in reversed(move):
            self.live.remove(tile.cell)

    def undo_turn(self, move: Move) -> None:
        """Take back a turn laid by :meth:`play`, giving its tiles back to the supply."""
        self.take_back(move)
        if self.tiles_left is not None:
            self.tiles_left += len(move)

    # What the index says -----------------------------------------------------------------
    def places(self) -> tuple[list[int], list[tuple[int, int]]]:
        """Where a turn can complete something (see the module docstring): the one-cell spots,
        and the ordered pairs of cells on a two-cell spot or on two neighbouring one-cell
        spots; cells named by keys."""
        singles: set[int] = set()
        pairs: set[tuple[int, int]] = set()
        for _root, found in self.index.spots():
            if len(found) == 1:
                singles.update(found)
            else:
                a, b = found
                pairs.add((a, b))
                pairs.add((b, a))
        for a in singles:
            for step in _STEPS:
                if a + step in singles:
                    pairs.add((a, a + step))
        return sorted(singles), sorted(pairs)

    def outcomes_at(self, place: Place, seconds: frozenset[int] | None = None) -> list[Outcome]:
        """The turns on ``place`` (one cell, or two in the order laid; keys) that complete
        something, with what they complete. A lone tile is tried only in the orientations the
        index says close a region; a pair only in the orientations the index says close one
        with its second tile (:meth:`~ClosabilityIndex.closing_pairs`), its first tile laid
        (it must complete nothing) and then its second. ``seconds``: only the pairs whose
        second tile has one of these yellow tips."""
        live = self.live
        found: list[Outcome] = []
        if len(place) == 1:
            (key,) = place
            tips = self.index.closing_tips(key)
            if tips:
                cell = key_cell(key)
                for tip in tips:
                    done = live.lay(cell, tip)
                    live.lift(cell)
                    if done:
                        found.append(((_tile(key, tip),), tuple(done)))
            return found
        a, b = place
        pairs = self.index.closing_pairs(a, b)
        if not pairs:
            return found
        cell_a, cell_b = key_cell(a), key_cell(b)
        laid = spoilt = -1  # the first tip laid, a first tip whose tile completes alone
        for tip, tip_b in pairs:
            if tip == spoilt or (seconds is not None and tip_b not in seconds):
                continue
            if laid != tip:
                if laid >= 0:
                    live.lift(cell_a)
                    laid = -1
                if live.lay(cell_a, tip):
                    live.lift(cell_a)
                    spoilt = tip
                    continue
                laid = tip
            done = live.lay(cell_b, tip_b)
            live.lift(cell_b)
            if done:
                found.append(((_tile(a, tip), _tile(b, tip_b)), tuple(done)))
        if laid >= 0:
            live.lift(cell_a)
        return found

    def zone_keys(self, keys: Iterable[int]) -> set[int]:
        """:meth:`zone` of cells named by keys, as keys."""
        index = self.index
        zone: set[int] = set()
        roots: set[int] = set()
        for key in keys:
            zone.add(key)
            zone.update(key + step for step in _STEPS)
            roots |= index.needing(key)
        for root in roots:
            zone |= index.gaps(root)
        return zone

    def baseline(self) -> Snapshot:
        """What every place completes now, with the zone of each, for :meth:`completions`
        after a few more tiles."""
        left = self.tiles_left
        singles, pairs = self.places()
        places: list[Place] = [(k,) for k in singles] if left is None or left >= 1 else []
        if left is None or left >= 2:
            places.extend(pairs)
        return Snapshot(
            {p: self.outcomes_at(p) for p in places},
            {p: self.zone_keys(p) for p in places},
            self.holes(),
        )

    def holes(self) -> list[frozenset[int]]:
        """The enclosed areas of one or two empty cells (as keys): a turn that fills one may
        change what turns far away complete (see :mod:`palago_tools.tactics.search`)."""
        return [frozenset(map(cell_key, a)) for a in enclosed_areas(self.tiles) if len(a) <= 2]

    def completions(
        self, base: Snapshot | None = None, laid: Iterable[Cell] = (), *, both: bool = True
    ) -> list[Outcome]:
        """Every legal turn whose last tile completes creatures (of either colour), with them.

        With ``base`` (taken before the tiles on ``laid`` were laid, a legal turn that
        completed nothing), a place whose zone misses ``laid`` keeps what it completed then
        (the lemma of :mod:`palago_tools.tactics.search`), unless ``laid`` filled a hole.

        ``both=False`` leaves out the second order of a pair (first cell the larger) where the
        first order is legal: enough for :func:`wins_for`, which keeps the first order. Both
        orders complete the same creatures when both are legal, because each reports the
        creatures the pair makes (a first tile that completes nothing completes no creature,
        and laying a tile destroys none); the first order is not legal only when its first
        tile completes something alone, so the second order is searched only with such a
        tile last.
        """
        left = self.tiles_left
        if left is not None and left < 1:
            return []
        singles, pairs = self.places()
        places: list[Place] = [(k,) for k in singles]
        if left is None or left >= 2:
            places.extend(pairs)
        keys = {cell_key(c) for c in laid}
        if base is not None and any(h <= keys for h in base.holes):
            base = None
        found: list[Outcome] = []
        alone: dict[int, frozenset[int]] = {}  # cell -> the tips completing something alone
        for place in places:
            seconds = None
            if not both and len(place) == 2 and place[0] > place[1]:
                seconds = alone.get(place[1])
                if seconds is None:
                    continue
            if base is not None:
                kept = base.outcomes.get(place)
                if kept is not None and not keys & base.zones[place]:
                    found.extend(kept)
                    if len(place) == 1 and kept:
                        alone[place[0]] = frozenset(m[0].tip for m, _c in kept)
                    continue
            outcomes = self.outcomes_at(place, seconds)
            if len(place) == 1 and outcomes:
                alone[place[0]] = frozenset(m[0].tip for m, _c in outcomes)
            found.extend(outcomes)
        return found

    def wins(self, colour: Colour) -> tuple[Win, ...]:
        """Every turn with which ``colour`` would win at once, were it to move now."""
        return wins_for(colour, self.completions(both=False))

    def threats(self, mover: Colour) -> Threats:
        """The immediate wins of ``mover`` and of the other side (the threats to block)."""
        outcomes = self.completions(both=False)
        return Threats(mover, wins_for(mover, outcomes), wins_for(mover.other, outcomes))

    def threat_cells(self, colour: Colour) -> frozenset[Cell]:
        """The cells of the immediate wins of ``colour``: where the other side must block."""
        return frozenset(c for w in self.wins(colour) for c in w.cells)

    def zone(self, cells: Iterable[Cell]) -> set[Cell]:
        """Where a tile can change what a turn on ``cells`` completes (see
        :mod:`palago_tools.tactics.search`): the cells, their neighbours, and the gaps of every
        region that needs one of them."""
        return {key_cell(k) for k in self.zone_keys(cell_key(c) for c in cells)}

    def fork_cells(self, mover: Colour) -> set[tuple[Cell, Cell]]:
        """The ordered pairs of empty neighbouring cells a turn of ``mover`` that makes a
        threat (when ``mover`` has no immediate win) must take: see
        :func:`palago_tools.tactics.search.candidate_moves`."""
        index = self.index
        tiles = self.tiles
        pairs: set[tuple[int, int]] = set()
        spot_cells: set[int] = set()
        cls = mover.corner_class
        for root, found in index.open_regions():
            n = len(found)
            if n > 4:
                continue
            if (root & 1) == cls and (n == 1 or (n == 2 and _adjacent(*found))):
                spot_cells.update(found)
            for a in found:
                for step in _STEPS:
                    b = a + step
                    if b in index.cells:
                        continue
                    rest = found - {a, b}
                    if len(rest) <= 1 or (len(rest) == 2 and _adjacent(*rest)):
                        pairs.add((a, b))
                        pairs.add((b, a))
        for s in spot_cells:
            for step in _STEPS:
                a = s + step
                if a in index.cells:
                    continue
                for step_b in _STEPS:
                    b = a + step_b
                    if b not in index.cells:
                        pairs.add((a, b))
                        pairs.add((b, a))
        cells = index.cells
        return {
            (key_cell(a), key_cell(b))
            for a, b in pairs
            if a not in cells and b not in cells and (tiles and _touches(a, b, cells))
        }

    def legal_turns(self, completing: Iterable[Tile] | None = None) -> Iterator[Move]:
        """Every legal turn, as the rules engine lists them (one tile on the frontier that
        completes something, or any one tile when the supply holds only one; two touching
        tiles with one on the frontier, the first completing nothing). ``completing``, when
        known, are the lone tiles that complete something (as :meth:`completions` finds)."""
        left = self.tiles_left
        if left is not None and left < 1:
            return
        cells = self.index.cells
        frontier = sorted({k + s for k in cells for s in _STEPS if k + s not in cells})
        if completing is None:
            completing = [m[0] for m, _c in self.completions() if len(m) == 1]
        completing = set(completing)
        one_tile = left is not None and left < 2
        for key in frontier:
            cell = key_cell(key)
            hole = self.laid_around(cell) == 6
            for o in ORIENTATIONS:
                tile = Tile(cell, o)
                if tile in completing or (one_tile and not hole):
                    yield (tile,)
        if one_tile:
            return
        pairs: set[tuple[int, int]] = set()
        for b in frontier:
            for step in _STEPS:
                a = b + step
                if a not in cells:
                    pairs.add((a, b))
                    pairs.add((b, a))
        for a, b in sorted(pairs):
            for oa in (0, 2, 4):
                first = _tile(a, oa)
                if first in completing:
                    continue
                for ob in (0, 2, 4):
                    yield (first, _tile(b, ob))


def _adjacent(a: int, b: int) -> bool:
    return (a - b) in _STEP_SET


_STEP_SET: Final = frozenset(_STEPS)


def _touches(a: int, b: int, cells: dict[int, Cell]) -> bool:
    """Whether cell ``a`` or ``b`` (keys) has a tile next to it."""
    return any(a + s in cells or b + s in cells for s in _STEPS)
