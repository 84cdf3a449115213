"""Generating new creatures of a given number of tiles (for task designers).

A yellow body is grown corner by corner. The body is a set of yellow corners joined by straights;
every empty cell around one of its corners is *pending* and must get a tile before the body is
closed. Each pending cell is filled with one of its three orientations: either its straight
reaches a new corner (the body grows, and the new corner's empty cells become pending) or it
does not (a tip at the body, or a straight between two body corners, closing a loop). Because
one of the three always leaves the body as it is, the number of tiles at closing time, placed
plus pending, is known at every step, and growth never passes N. Enclosed empty cells left at
the end are filled at random (inside the outer loop they become the creature's insides); the
result is analysed and kept only if it is a creature of exactly N tiles. Every choice keeps a
positive chance, so every creature of N tiles can be produced.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator

from ..core.analysis import analyse
from ..core.hexgrid import Cell, Corner, cells_around, corner_of
from ..core.position import Position, enclosed_areas
from ..core.tiles import SET_SIZE, Orientation
from ..errors import UsageError, require_int, require_seed
from .found import FoundCreature

MIN_TILES = 5
"""The smallest creature, the Pala-virus, has five tiles."""
MAX_TILES = 2 * SET_SIZE
"""The most tiles of a generated creature (two sets)."""


class _Growth:
    """One attempt at growing a closed yellow body around corner (0, 0, yellow)."""

    def __init__(self, target: int, rng: random.Random, grow: float) -> None:
        self.target = target
        self.rng = rng
        self.grow = grow
        self.tips: dict[Cell, int] = {}
        self.body: set[Corner] = set()
        self.pending: list[Cell] = []
        self.pending_set: set[Cell] = set()

    def _absorb(self, start: Corner, cell: Cell, tip: int) -> tuple[set[Corner], set[Cell]]:
        """Corners and newly pending cells gained if ``start`` joins the body once ``cell``
        holds a tile with yellow tip ``tip``; nothing is changed."""
        corners: set[Corner] = set()
        cells: set[Cell] = set()
        stack = [start]
        while stack:
            x = stack.pop()
            if x in self.body or x in corners:
                continue
            corners.add(x)
            for around, k in cells_around(x):
                t = tip if around == cell else self.tips.get(around)
                if t is None:
                    if around not in self.pending_set:
                        cells.add(around)
                elif k != t:
                    other = (t + 4) % 6 if k == (t + 2) % 6 else (t + 2) % 6
                    stack.append(corner_of(around, other))
        return corners, cells

    def _options(self, cell: Cell) -> list[tuple[int, set[Corner], set[Cell]]]:
        options: list[tuple[int, set[Corner], set[Cell]]] = []
        for tip in (0, 2, 4):
            ends = (corner_of(cell, tip + 2), corner_of(cell, tip + 4))
            inside = [e in self.body for e in ends]
            if inside[0] == inside[1]:
                options.append((tip, set(), set()))
            else:
                outside = ends[1] if inside[0] else ends[0]
                corners, cells = self._absorb(outside, cell, tip)
                options.append((tip, corners, cells))
        return options

    def _commit(self, cell: Cell, tip: int, corners: set[Corner], cells: set[Cell]) -> None:
        self.tips[cell] = tip
        self.body |= corners
        for c in sorted(cells):
            self.pending.append(c)
            self.pending_set.add(c)

    def run(self) -> dict[Cell, int]:
        """Grow and close the body; its tiles (at most ``target``)."""
        rng = self.rng
        start: Corner = (0, 0, 0)
        self.body.add(start)
        for around, _k in cells_around(start):
            self.pending.append(around)
            self.pending_set.add(around)
        while self.pending:
            i = rng.randrange(len(self.pending))
            self.pending[i], self.pending[-1] = self.pending[-1], self.pending[i]
            cell = self.pending.pop()
            self.pending_set.discard(cell)
            now = len(self.tips) + len(self.pending) + 1
            fits = [o for o in self._options(cell) if now + len(o[2]) <= self.target]
            # ``still`` adds no pending cell and is never empty: one orientation always keeps
            # the body as it is. Every choice keeps a positive chance, so every creature of
            # N tiles can come out; growth is only made likelier on the last pending cell.
            still = [o for o in fits if not o[2]]
            growing = [o for o in fits if o[2]]
            chance = self.grow if self.pending else max(self.grow, 0.9)
            if growing and rng.random() < chance:
                choice = rng.choice(growing)
            else:
                choice = rng.choice(still)
            self._commit(cell, *choice)
        return self.tips


def _fill_holes(tips: dict[Cell, int], rng: random.Random) -> None:
    for area in enclosed_areas(tips):
        for cell in sorted(area):
            tips[cell] = rng.choice((0, 2, 4))


def grow_creature(tiles: int, rng: random.Random, grow: float = 0.6) -> FoundCreature | None:
    """One attempt at a creature of exactly ``tiles`` tiles; ``None`` when it missed."""
    body = _Growth(tiles, rng, grow).run()
    _fill_holes(body, rng)
    position = Position({cell: Orientation.from_tip(t) for cell, t in body.items()})
    for creature in analyse(position).creatures:
        if (0, 0, 0) in creature.corners and creature.tiles == tiles:
            return FoundCreature.of(position, creature)
    return None


def iter_creatures(tiles: int, seed: int | None = None) -> Iterator[FoundCreature]:
    """Creatures of exactly ``tiles`` tiles, endlessly (repeats included), seeded."""
    if isinstance(tiles, int) and not isinstance(tiles, bool) and tiles < MIN_TILES:
        raise UsageError(f"no creature has fewer than {MIN_TILES} tiles, asked for {tiles}")
    require_int(tiles, "the tiles of a creature", MIN_TILES, MAX_TILES)
    require_seed(seed)
    rng = random.Random(seed)
    while True:
        found = grow_creature(tiles, rng, grow=rng.uniform(0.35, 0.9))
        if found is not None:
            yield found


PATIENCE = 1000
""":func:`distinct_creatures` gives up after this many creatures in a row that were all seen."""

MAX_COUNT = 100_000
"""The most creatures :func:`generate_creatures` (and ``palago generate``) is asked for."""

MAX_ATTEMPTS = 1_000_000_000
"""The largest ``max_attempts`` or ``patience``."""


def distinct_creatures(
    tiles: int, seed: int | None = 0, max_attempts: int | None = None, patience: int | None = None
) -> Iterator[FoundCreature]:
    """Creatures of exactly ``tiles`` tiles, distinct by identity, each yielded as soon as it is
    found. Ends after ``max_attempts`` creatures found (repeats included), or once ``patience``
    found in a row were all repeats (the sizes with few creatures are soon exhausted)."""
    for limit, what in ((max_attempts, "max_attempts"), (patience, "patience")):
        if limit is not None:
            require_int(limit, what, 0, MAX_ATTEMPTS)
    seen: set[str] = set()
    repeats = 0
    for attempt, found in enumerate(iter_creatures(tiles, seed)):
        if (max_attempts is not None and attempt >= max_attempts) or (
            patience is not None and repeats >= patience
        ):
            return
        if found.id in seen:
            repeats += 1
            continue
        repeats = 0
        seen.add(found.id)
        yield found


def generate_creatures(
    tiles: int, count: int = 1, seed: int | None = 0, max_attempts: int | None = None
) -> list[FoundCreature]:
    """``count`` creatures of exactly ``tiles`` tiles, distinct by identity, in the order found.

    Reproducible for a given ``seed``. Stops early, returning fewer, after ``max_attempts``
    creatures found (default ``200·count + 1000``): some sizes have only a few creatures
    (five tiles: only the virus).
    """
    require_int(count, "the count of creatures", 1, MAX_COUNT)
    budget = max_attempts if max_attempts is not None else 200 * count + 1000
    return list(itertools.islice(distinct_creatures(tiles, seed, budget), count))
