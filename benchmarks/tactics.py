"""Timings of the tactics search and of the closability index it stands on.

Run from the repository root: ``python3 benchmarks/tactics.py [--positions N] [--forks M]
[--compact K]``. Every figure is CPU time of this process (``time.process_time``) with the wall
time beside it, and the machine's load (``/proc/loadavg``) at the end of the measurement: other
work on the machine slows both.

- the index: laying one tile on the closability index, and taking it back, per tile, over
  random 48-tile games (target: under 20 µs per tile);
- ``threats`` (both sides' immediate wins) on positions of 48 tiles from random legal games:
  from a position (the index built first) and on a board whose index is already kept, as a
  search or an engine asks (target: under 1 ms median);
- ``forced_wins`` (every fork of the side to move) on the same positions (target: worst case
  under 1 s);
- on compact positions of 8 to 16 tiles (``tests/test_tactics_brute_force.py``:
  ``compact_position``, every turn packed against the tiles), the fork search and the immediate
  wins of both sides against the brute force of that test file (every legal turn, reply and
  turn after it, in the rules engine), timed in the same run: the ratio, and whether they agree
  (target: the search at least 20 times faster).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from palago_tools.core.board import Board  # noqa: E402
from palago_tools.core.closability import ClosabilityIndex  # noqa: E402
from palago_tools.core.position import Position  # noqa: E402
from palago_tools.core.tiles import Colour  # noqa: E402
from palago_tools.rules import Palago, PalagoOptions  # noqa: E402
from palago_tools.rules.random_games import random_palago_game  # noqa: E402
from palago_tools.tactics import forced_wins, threats  # noqa: E402
from tests.test_tactics_brute_force import (  # noqa: E402
    brute_force,
    compact_position,
    winning_turns,
)


def load() -> str:
    """The machine's load averages over 1, 5 and 15 minutes."""
    try:
        return "load " + " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "load unknown"


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


def timed(work: Callable[[], object]) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of one call of ``work``."""
    cpu, wall = time.process_time(), time.perf_counter()
    work()
    return time.process_time() - cpu, time.perf_counter() - wall


def summary(name: str, cpu: list[float], wall: list[float], unit: float, label: str) -> str:
    return (
        f"{name}: median {statistics.median(cpu) * unit:.3f} {label} CPU "
        f"({statistics.median(wall) * unit:.3f} wall), worst {max(cpu) * unit:.3f} {label} CPU "
        f"({max(wall) * unit:.3f} wall)  [{load()}]"
    )


def bench_index(sample: list[tuple[Position, Colour]]) -> None:
    tiles = [p.tips() for p, _m in sample]
    cpu, wall = time.process_time(), time.perf_counter()
    laid = 0
    for tips in tiles:
        index = ClosabilityIndex()
        for cell, tip in tips.items():
            index.add(cell, tip)
            laid += 1
    add = ((time.process_time() - cpu) / laid, (time.perf_counter() - wall) / laid)
    cpu, wall = time.process_time(), time.perf_counter()
    for tips in tiles:
        index = ClosabilityIndex()
        for cell, tip in tips.items():
            index.add(cell, tip)
        for _cell in tips:
            index.undo()
    both = ((time.process_time() - cpu) / laid, (time.perf_counter() - wall) / laid)
    print(
        f"index update, {laid} tiles: {add[0] * 1e6:.1f} µs per tile laid CPU ({add[1] * 1e6:.1f} "
        f"wall), {both[0] * 1e6:.1f} µs laid and taken back CPU ({both[1] * 1e6:.1f} wall) "
        f"(target < 20 µs)  [{load()}]"
    )


def bench_threats(sample: list[tuple[Position, Colour]]) -> None:
    cpu: list[float] = []
    wall: list[float] = []
    kept_cpu: list[float] = []
    kept_wall: list[float] = []
    wins = 0
    for position, mover in sample:
        c, w = timed(lambda: threats(position, mover))  # noqa: B023
        cpu.append(c)
        wall.append(w)
        board = Board(position, mover)
        c, w = timed(lambda: board.threats(mover))  # noqa: B023
        kept_cpu.append(c)
        kept_wall.append(w)
        wins += bool(board.threats(mover).wins)
    print(f"threats, {len(sample)} positions of 48 tiles ({wins} with a win of the side to move):")
    print("  " + summary("from the position", cpu, wall, 1e3, "ms"))
    print("  " + summary("index kept       ", kept_cpu, kept_wall, 1e3, "ms") + " (target < 1 ms)")


def bench_forks(sample: list[tuple[Position, Colour]]) -> None:
    cpu: list[float] = []
    wall: list[float] = []
    found = 0
    for position, mover in sample:
        result: list[object] = []
        c, w = timed(lambda: result.extend(forced_wins(position, mover)))  # noqa: B023
        cpu.append(c)
        wall.append(w)
        found += bool(result)
    print(
        f"fork search, {len(sample)} positions of 48 tiles ({found} with a fork): "
        + summary("", cpu, wall, 1, "s")[2:]
        + " (target: worst < 1 s)"
    )


def bench_compact(count: int, supply: int) -> None:
    """The fork search and the immediate wins against the brute force on compact positions."""
    sizes = (8, 10, 12, 14, 16)
    search_total = brute_total = 0.0
    wins_search = wins_brute = 0.0
    agree = True
    print("compact positions, the search against the brute force in the rules engine:")
    for number in range(count):
        tiles = sizes[number % len(sizes)]
        position, mover, left = compact_position(number + 1, tiles)
        left = min(left, supply)
        forks: list[object] = []
        c_search, w_search = timed(
            lambda: forks.extend(forced_wins(position, mover, tiles_left=left))  # noqa: B023
        )
        brute: list[set[object]] = []
        c_brute, w_brute = timed(
            lambda: brute.extend(brute_force(position, mover, left))  # noqa: B023
        )
        report: list[object] = []
        c_wins, _w = timed(lambda: report.append(threats(position, mover, tiles_left=left)))  # noqa: B023
        def rule_wins(
            position: Position = position, mover: Colour = mover, left: int = left
        ) -> None:
            for colour in (mover, mover.other):
                winning_turns(Palago.from_position(position, colour, tiles_left=left))

        c_rule, _w = timed(rule_wins)
        same = {frozenset(f.tiles) for f in forks} == brute[0]  # type: ignore[attr-defined]
        agree = agree and same
        search_total += c_search
        brute_total += c_brute
        wins_search += c_wins
        wins_brute += c_rule
        print(
            f"  {len(position):2d} tiles, {mover} to move: {len(forks)} forks; search "
            f"{c_search:.2f} s CPU ({w_search:.2f} wall), brute force {c_brute:.2f} s CPU "
            f"({w_brute:.2f} wall), ratio {c_brute / c_search:.0f}; threats {c_wins * 1e3:.1f} ms "
            f"against {c_rule * 1e3:.0f} ms; {'agree' if same else 'DISAGREE'}  [{load()}]"
        )
    print(
        f"  all: fork search {search_total:.2f} s CPU, brute force {brute_total:.2f} s CPU, "
        f"ratio {brute_total / search_total:.0f} (target >= 20); threats ratio "
        f"{wins_brute / wins_search:.0f}; {'all agree' if agree else 'SOME DISAGREE'}  [{load()}]"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--positions", type=int, default=40, help="48-tile positions for threats")
    parser.add_argument("--forks", type=int, default=8, help="48-tile positions for the forks")
    parser.add_argument("--compact", type=int, default=5, help="compact positions, brute force")
    parser.add_argument(
        "--supply", type=int, default=5, help="tiles left in the compact positions (the brute "
        "force with the full supply takes tens of minutes a position)"
    )
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    sample = positions(max(args.positions, args.forks), rng)
    if sample:
        bench_index(sample)
    if args.positions:
        bench_threats(sample[: args.positions])
    if args.forks:
        bench_forks(sample[: args.forks])
    if args.compact:
        bench_compact(args.compact, args.supply)


if __name__ == "__main__":
    main()
