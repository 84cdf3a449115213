"""Searching for the highest-scoring creature of at most N tiles (the solitaire challenge).

Simulated annealing over creatures. A state is a creature and nothing else (its tiles only).
A step changes one thing: turns a tile, takes an outer tile away, lays a tile on a free cell
next to the creature (while it has fewer than N tiles), or does both of the last two (a tile
moved). The new position is analysed and the state becomes its best creature of at most N
tiles; a step that leaves no such creature is refused. Worse states are accepted with the
usual probability ``exp(Δ/temperature)``, the temperature falling linearly to a small value;
every so often the walk restarts from the best creature found. The walk starts from the best
of a batch of generated creatures of N tiles (:mod:`.generate`).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from ..core.analysis import Creature, analyse
from ..core.position import Position
from ..core.tiles import ORIENTATIONS, SET_SIZE, Tile
from ..errors import require_int, require_number, require_seed
from .found import FoundCreature
from .generate import MAX_TILES, MIN_TILES, iter_creatures

MIN_SECONDS = 0.1
MAX_SECONDS = 86400.0
"""How long :func:`best_creature` may be asked to search: 0.1 s to a day."""

BestProgress = Callable[[FoundCreature, int, float], None]
"""Told the best creature so far, the steps taken and the share of the time used."""


@dataclass(frozen=True)
class SearchResult:
    """The best creature found, and how hard the search looked."""

    best: FoundCreature
    steps: int
    seconds: float
    seed: int | None


def _value(creature: Creature) -> float:
    """What the walk maximises: the score, then (a little) more tiles to work with."""
    return creature.score + 0.001 * creature.tiles


def _best_in(position: Position, limit: int) -> tuple[Position, Creature] | None:
    candidates = [c for c in analyse(position).creatures if c.tiles <= limit]
    if not candidates:
        return None
    best = max(candidates, key=lambda c: (_value(c), sorted(c.cells)))
    if len(best.cells) == len(position):
        return position, best
    return Position({cell: position[cell] for cell in best.cells}), best


def _neighbour(position: Position, limit: int, rng: random.Random) -> Position:
    """``position`` changed in one random way (see the module description)."""
    roll = rng.random()
    cells = sorted(position)
    if roll < 0.55:
        cell = rng.choice(cells)
        others = [o for o in ORIENTATIONS if o is not position[cell]]
        return position.rotate(cell, rng.choice(others))
    if roll < 0.7 and len(position) < limit:
        free = sorted(position.frontier())
        return position.place(Tile(rng.choice(free), rng.choice(ORIENTATIONS)))
    outer = sorted(position.outer_tiles())
    smaller = position.remove(rng.choice(outer))
    if roll < 0.8:
        return smaller
    free = sorted(smaller.frontier())
    return smaller.place(Tile(rng.choice(free), rng.choice(ORIENTATIONS)))


def best_creature(
    tiles: int = SET_SIZE,
    seconds: float = 10.0,
    seed: int | None = 0,
    start_samples: int = 200,
    restart_every: int = 4000,
    progress: BestProgress | None = None,
) -> SearchResult:
    """The highest-scoring creature of at most ``tiles`` tiles (5 to 96) found within
    ``seconds`` (0.1 to 86400).

    Reproducible for a given ``seed`` when the number of steps is the same, that is up to the
    speed of the machine. ``progress``, when given, is told the best creature so far, the steps
    and the share of the time used at every new best and every 200 steps (so that a caller
    interrupted keeps the best creature found).
    """
    require_int(tiles, "the tiles of the creature", MIN_TILES, MAX_TILES)
    seconds = require_number(seconds, "the seconds of the search", MIN_SECONDS, MAX_SECONDS)
    require_seed(seed)
    require_int(start_samples, "start_samples", 1, 1_000_000)
    require_int(restart_every, "restart_every", 1, 1_000_000_000)
    began = time.perf_counter()
    deadline = began + seconds
    rng = random.Random(seed)
    start: tuple[Position, Creature] | None = None
    for n, found in enumerate(iter_creatures(tiles, rng.randrange(2**32))):
        state = _best_in(found.position, tiles)
        if state is not None and (start is None or _value(state[1]) > _value(start[1])):
            start = state
        if n + 1 >= start_samples or time.perf_counter() > deadline:
            break
    assert start is not None
    current, creature = start
    best_position, best = current, creature
    steps = 0
    hot, cold = 1.5, 0.05
    found_best = FoundCreature.of(best_position, best)
    if progress is not None:
        progress(found_best, 0, 0.0)
    while time.perf_counter() < deadline:
        steps += 1
        if progress is not None and steps % 200 == 0:
            progress(found_best, steps, (time.perf_counter() - began) / seconds)
        if steps % restart_every == 0:
            current, creature = best_position, best
        share = (time.perf_counter() - began) / seconds
        temperature = hot + (cold - hot) * min(1.0, share)
        state = _best_in(_neighbour(current, tiles, rng), tiles)
        if state is None:
            continue
        delta = _value(state[1]) - _value(creature)
        if delta >= 0 or rng.random() < math.exp(delta / temperature):
            current, creature = state
            if _value(creature) > _value(best):
                best_position, best = current, creature
                found_best = FoundCreature.of(best_position, best)
                if progress is not None:
                    progress(found_best, steps, (time.perf_counter() - began) / seconds)
    return SearchResult(
        best=found_best,
        steps=steps,
        seconds=time.perf_counter() - began,
        seed=seed,
    )
