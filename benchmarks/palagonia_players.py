"""Computer-only Palagonia games across 3 to 10 seats and every player, and the time per action.

Run from the repository root: ``python3 benchmarks/palagonia_players.py [--games N]
[--first S]``. Game ``k`` seats 3 to 10 players (by turns) drawn with a seed from ``random``,
``greedy`` with one level seat (``level1`` and ``level2`` by turns, a second ``level2`` every
fifth game), plays it on dice seed
``S + k`` through the rules (:func:`palago_tools.engine.palagonia.play_seated`: every action
checked by the rules' ``Palagonia``, the record written, read back and replayed, its scores
compared), and counts the games, the actions and any error. Prints, per player, the actions and
the median and longest seconds per action (wall clock, with the CPU time beside it) and the
machine's load: other work on the machine slows both. The goal: under 1 s per action at the
strongest level.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from palago_tools.engine.palagonia import (  # noqa: E402
    BASELINES,
    LEVELS,
    PLAYERS,
    STRONGEST,
    PalagoniaPlayer,
    SeatedGame,
    play_seated,
)
from palago_tools.rules.palagonia import PLAYER_COUNTS  # noqa: E402

TIMES: dict[str, list[tuple[float, float]]] = defaultdict(list)


def _timed() -> None:
    """Time every choice of every player (wall clock and CPU)."""
    choose = PalagoniaPlayer.choose

    def timed(self: PalagoniaPlayer, game, roll):  # type: ignore[no-untyped-def]
        began, began_cpu = time.perf_counter(), time.process_time()
        try:
            return choose(self, game, roll)
        finally:
            TIMES[self.name].append((time.perf_counter() - began, time.process_time() - began_cpu))

    PalagoniaPlayer.choose = timed  # type: ignore[method-assign]


def table(k: int) -> tuple[str, ...]:
    """The seats of game ``k``: 3 to 10 by turns, one level (level1 and level2 by turns,
    and every fifth game a second one) among baselines drawn with a seed."""
    rng = random.Random(f"palagonia benchmark {k}")
    seats = list(PLAYER_COUNTS)[k % len(PLAYER_COUNTS)]
    names = [rng.choice(BASELINES) for _ in range(seats)]
    names[rng.randrange(seats)] = f"level{LEVELS[k % len(LEVELS)]}"
    if k % 5 == 0:
        names[(names.index(f"level{LEVELS[k % len(LEVELS)]}") + 1) % seats] = f"level{STRONGEST}"
    return tuple(names)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--first", type=int, default=0)
    options = parser.parse_args()
    _timed()
    games = actions = restarts = 0
    by_seats: dict[int, int] = defaultdict(int)
    started = time.perf_counter()
    for k in range(options.first, options.first + options.games):
        seats = table(k)
        result = play_seated(SeatedGame(seats, k))  # raises on an illegal action or replay
        games += 1
        actions += sum(result.actions)
        restarts += result.restarts
        by_seats[len(seats)] += 1
        if games % 10 == 0:
            print(
                f"{games} games, {actions} actions, {time.perf_counter() - started:.0f} s",
                file=sys.stderr,
                flush=True,
            )
    print(
        f"{games} games ({', '.join(f'{n} seats: {c}' for n, c in sorted(by_seats.items()))}), "
        f"{actions} actions, no illegal action, every record replayed to its scores; "
        f"{restarts} games started again (removals emptied the palago)"
    )
    print("| player | actions | median s | longest s | median CPU s | longest CPU s |")
    print("|---|---|---|---|---|---|")
    for name in PLAYERS:
        found = TIMES.get(name)
        if found:
            wall = [w for w, _c in found]
            cpu = [c for _w, c in found]
            print(
                f"| {name} | {len(found)} | {statistics.median(wall):.3f} | {max(wall):.3f} "
                f"| {statistics.median(cpu):.3f} | {max(cpu):.3f} |"
            )
    print(f"load average at the end: {' '.join(f'{v:.2f}' for v in os.getloadavg())}")


if __name__ == "__main__":
    main()
