"""The engine's speed: CPU seconds per move and nodes per second at each level.

Run from the repository root:

    python3 benchmarks/engine_speed.py [--positions N] [--levels 1,2,3,4,5]

Searches the positions of seeded random games (after 4 to 16 turns, a 48-tile supply, the mover
without a win at once, so that every level searches) at each level and prints, with the
machine's load: CPU seconds per move (time.process_time, which load does not inflate much), wall
seconds per move, nodes searched per move and nodes per CPU second. ``--root DIR`` measures the
package found in DIR instead (another checkout, to compare).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

_ROOT = sys.argv[sys.argv.index("--root") + 1] if "--root" in sys.argv else None
sys.path.insert(0, _ROOT or str(Path(__file__).resolve().parent.parent))

from palago_tools.engine import LEVELS, Engine  # noqa: E402
from palago_tools.rules import Palago, random_palago_game  # noqa: E402
from palago_tools.tactics import immediate_wins  # noqa: E402


def load() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "?"


def positions(count: int) -> list[Palago]:
    """``count`` games in progress, from seeded random games, where the mover has no win at
    once."""
    found: list[Palago] = []
    seed = 0
    while len(found) < count:
        script = random_palago_game(random.Random(seed))
        seed += 1
        turns = 4 + 4 * (len(found) % 4)
        if len(script.turns) <= turns + 1:
            continue
        game = Palago()
        for turn in script.turns[:turns]:
            game.play(turn)
        if not immediate_wins(game.position(), game.mover, tiles_left=game.tiles_left):
            found.append(game)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=8)
    parser.add_argument("--levels", default=",".join(str(n) for n in LEVELS))
    parser.add_argument("--root", help="the folder holding the palago_tools to measure")
    args = parser.parse_args()
    games = positions(args.positions)
    print(f"{len(games)} positions, load {load()}")
    print("| level | CPU s / move | wall s / move | nodes / move | nodes / CPU s |")
    print("|---|---|---|---|---|")
    for level in (int(n) for n in args.levels.split(",")):
        engine = Engine(level, seed=1)
        cpu = wall = 0.0
        nodes = 0
        for game in games:
            engine.new_game()
            start, clock = time.process_time(), time.perf_counter()
            choice = engine.choose(game)
            cpu += time.process_time() - start
            wall += time.perf_counter() - clock
            nodes += choice.search.nodes if choice.search else 0
        n = len(games)
        print(
            f"| {level} | {cpu / n:.2f} | {wall / n:.2f} | {nodes // n} "
            f"| {nodes / max(cpu, 1e-9):.0f} |"
        )
    print(f"load {load()}")


if __name__ == "__main__":
    main()
