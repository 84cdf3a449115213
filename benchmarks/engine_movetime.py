"""How well the engine keeps to ``movetime``: wall and CPU seconds per move against the time
given, at each level.

Run from the repository root:

    python3 benchmarks/engine_movetime.py [--positions N] [--levels 2,3,5] [--ms 250,500,1000,2000]

Each level chooses a turn in the positions of engine_speed.py (seeded random games after 4 to
16 turns, the mover without a win at once) with each move time, and the script prints, with the
machine's load: the move time, the median, 95th percentile and worst wall seconds per move, the
worst as a share of the move time, the share of moves within 20 % of it, the share whose
deadline stopped a part of the choice, the median CPU seconds, and the first full turn's own
time at the level (searched whatever the time: the floor under which a move time cannot be
kept). Tests do not assert times; these are the figures.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

_ROOT = sys.argv[sys.argv.index("--root") + 1] if "--root" in sys.argv else None
sys.path.insert(0, _ROOT or str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from engine_speed import load, positions  # noqa: E402

from palago_tools.engine import Engine, Limits, SearchBoard, Searcher  # noqa: E402


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=8)
    parser.add_argument("--levels", default="2,3,5")
    parser.add_argument("--ms", default="250,500,1000,2000")
    parser.add_argument("--root", help="the folder holding the palago_tools to measure")
    args = parser.parse_args()
    games = positions(args.positions)
    print(f"{len(games)} positions; load before {load()}")
    print()
    print(
        "| level | movetime | wall median | wall p95 | wall worst | worst / movetime "
        "| within 20 % | deadline hit | CPU median | first turn median / worst |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    for level in (int(n) for n in args.levels.split(",")):
        first: list[float] = []
        for game in games:
            start = time.perf_counter()
            Searcher(SearchBoard.of(game), Limits(depth=2, quiescence=0, nodes=0)).search()
            first.append(time.perf_counter() - start)
        for ms in (int(n) for n in args.ms.split(",")):
            seconds = ms / 1000
            walls: list[float] = []
            cpus: list[float] = []
            hit = 0
            for game in games:
                engine = Engine(level=level, movetime=seconds)
                start, start_cpu = time.perf_counter(), time.process_time()
                choice = engine.choose(game)
                walls.append(time.perf_counter() - start)
                cpus.append(time.process_time() - start_cpu)
                hit += choice.timed_out
            within = sum(w <= 1.2 * seconds for w in walls) / len(walls)
            print(
                f"| {level} | {ms} ms | {statistics.median(walls):.3f} | "
                f"{percentile(walls, 0.95):.3f} | {max(walls):.3f} | {max(walls) / seconds:.2f} | "
                f"{within:.0%} | {hit}/{len(walls)} | {statistics.median(cpus):.3f} | "
                f"{statistics.median(first):.3f} / {max(first):.3f} |",
                flush=True,
            )
    print()
    print(f"load after {load()}")


if __name__ == "__main__":
    main()
