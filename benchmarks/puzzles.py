"""Timings of the puzzle algorithms: the green-task distance between two 48-tile creatures and
the generator's rate for 20-tile creatures.

Run from the repository root: ``python3 benchmarks/puzzles.py [--pairs N] [--seconds S]``.
Targets: transform between two 48-tile creatures under 1 s.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from palago_tools.palalab import (
    generate_creatures,
    iter_creatures,
    transform_distance,
    transformation_steps,
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--pairs", type=int, default=20, help="pairs of 48-tile creatures")
    parser.add_argument("--seconds", type=float, default=5.0, help="generator run time")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()

    creatures = generate_creatures(48, 2 * args.pairs, seed=args.seed)
    distances: list[float] = []
    with_steps: list[float] = []
    for a, b in zip(creatures[0::2], creatures[1::2]):
        began = time.perf_counter()
        transform_distance(a.tiles, b.tiles)
        distances.append(time.perf_counter() - began)
        began = time.perf_counter()
        transformation_steps(a.tiles, b.tiles)
        with_steps.append(time.perf_counter() - began)
    print(f"pairs: {len(distances)} of distinct generated 48-tile creatures (seed {args.seed})")
    print(f"transform distance, median:     {1000 * statistics.median(distances):8.2f} ms   "
          f"(max {1000 * max(distances):.2f} ms; target < 1000 ms)")
    print(f"distance + optimal steps, median: {1000 * statistics.median(with_steps):6.2f} ms")

    began = time.perf_counter()
    made = 0
    for _found in iter_creatures(20, args.seed):
        made += 1
        if time.perf_counter() - began >= args.seconds:
            break
    elapsed = time.perf_counter() - began
    print(f"generator, 20 tiles:            {made / elapsed:8.1f} creatures per second "
          f"({made} in {elapsed:.1f} s, repeats included)")

    began = time.perf_counter()
    distinct = generate_creatures(20, 500, seed=args.seed)
    elapsed = time.perf_counter() - began
    print(f"generator, 20 tiles, distinct:  {len(distinct) / elapsed:8.1f} creatures per second "
          f"({len(distinct)} distinct in {elapsed:.1f} s)")


if __name__ == "__main__":
    main()
