"""Timings of the rules core: full analysis of a 48-tile position against one incremental step.

Run from the repository root: ``python3 benchmarks/core.py [--positions N]``.
Targets: full analysis under 1 ms, incremental placement under 0.01 ms, ratio at least 10.
Other work on the machine slows both: run it on a quiet machine, or several times.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from palago_tools.core.analysis import analyse  # noqa: E402
from palago_tools.core.incremental import LiveAnalysis  # noqa: E402
from palago_tools.core.position import Position  # noqa: E402
from palago_tools.core.tiles import ORIENTATIONS, Tile  # noqa: E402


def random_game_tiles(n: int, rng: random.Random) -> list[Tile]:
    """n tiles laid one by one, each on a random frontier cell of the ones before."""
    position = Position()
    laid: list[Tile] = []
    for _ in range(n):
        tile = Tile(rng.choice(sorted(position.frontier())), rng.choice(ORIENTATIONS))
        position = position.place(tile)
        laid.append(tile)
    return laid


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--positions", type=int, default=300, help="random 48-tile positions")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    games = [random_game_tiles(48, rng) for _ in range(args.positions)]

    full: list[float] = []
    for tiles in games:
        position = Position(tiles)
        start = time.perf_counter()
        analysis = analyse(position)
        analysis.creatures
        full.append(time.perf_counter() - start)

    steps: list[float] = []
    for tiles in games:
        live = LiveAnalysis()
        for tile in tiles:
            start = time.perf_counter()
            live.place(tile)
            steps.append(time.perf_counter() - start)

    full_ms = statistics.median(full) * 1e3
    step_ms = statistics.median(steps) * 1e3
    print(f"positions: {len(games)} random 48-tile palagos (seed {args.seed})")
    print(f"full analysis, median:               {full_ms:8.3f} ms   (target < 1 ms)")
    print(f"incremental placement + check, median: {step_ms:6.4f} ms   (target < 0.01 ms)")
    print(f"ratio full / incremental:            {full_ms / step_ms:8.1f}     (target >= 10)")


if __name__ == "__main__":
    main()
