"""Timings of the tactics search on 48-tile positions of random legal games.

Run from the repository root: ``python3 benchmarks/tactics.py [--positions N] [--forks M]``.
Targets: the immediate-win search (both sides' wins) under 50 ms median, the fork search (every
forced win in two of the side to move) under 2 s median.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from palago_tools.core.position import Position  # noqa: E402
from palago_tools.rules import Palago, PalagoOptions  # noqa: E402
from palago_tools.rules.random_games import random_palago_game  # noqa: E402
from palago_tools.tactics import forced_wins, threats  # noqa: E402
from palago_tools.core.tiles import Colour  # noqa: E402


def positions(count: int, rng: random.Random, tiles: int = 48) -> list[tuple[Position, Colour]]:
    """Positions of ``tiles`` tiles, with the side to move, from random legal games on a large
    supply (games that end sooner are skipped)."""
    found: list[tuple[Position, Colour]] = []
    while len(found) < count:
        options = PalagoOptions(supply=200)
        script = random_palago_game(rng, options)
        game = Palago(options=options)
        for turn in script.turns:
            if len(game.tiles) >= tiles:
                break
            game.play(turn)
        if len(game.tiles) >= tiles and not game.over:
            found.append((game.position(), game.mover))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--positions", type=int, default=40, help="positions for the immediate-win search")
    parser.add_argument("--forks", type=int, default=8, help="positions for the fork search")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    sample = positions(max(args.positions, args.forks), rng)
    times, wins = [], 0
    for position, mover in sample[: args.positions]:
        start = time.perf_counter()
        report = threats(position, mover)
        times.append(time.perf_counter() - start)
        wins += bool(report.wins)
    print(f"immediate-win search, {len(times)} positions of 48 tiles ({wins} with a win): "
          f"median {statistics.median(times) * 1e3:.1f} ms, max {max(times) * 1e3:.1f} ms (target < 50 ms)")
    times, found = [], 0
    for position, mover in sample[: args.forks]:
        start = time.perf_counter()
        forks = forced_wins(position, mover)
        times.append(time.perf_counter() - start)
        found += bool(forks)
    print(f"fork search, {len(times)} positions of 48 tiles ({found} with a fork): "
          f"median {statistics.median(times):.2f} s, max {max(times):.2f} s (target < 2 s)")


if __name__ == "__main__":
    main()
