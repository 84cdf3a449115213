"""The threat-space search (``palago_tools.tactics.threat_space_wins``) against the exact searches
it generalises, on the same positions, and the wins of three or more turns it finds in match
records.

Run from the repository root:

    python3 benchmarks/threat_space.py [--positions N] [--seed S]
    python3 benchmarks/threat_space.py --records benchmarks/results/level5-vs-level3.palago
        [--depth 3] [--budget 20000]

The first form takes positions of seeded random legal games (a position every few turns, the
side to move with no immediate win) and runs, on each, ``forced_wins`` and the search at depth
2, then ``forcing_wins`` and the search at depth 3, printing whether each pair found the same
set of winning turns, the counts, and the examinations and CPU seconds of each
(``time.process_time``, the machine's load from ``/proc/loadavg`` beside them: other work slows
both alike). ``forcing_wins`` counts its fork examinations; the threat-space search counts every
turn of the attacker it examines, the root's candidates included.

The second form replays every game of a records file (``.palago``, or a results file of
``palago match`` with the records inside, ``.jsonl``) and, at the start of every turn where the
side to move has no immediate win and no fork, asks for a threat-space win within ``--depth``
turns and ``--budget`` examinations: it prints each position found, who played the turn
before it (the side that handed the win over), the winning turns and whether the game was won
by the side that had the win.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from palago_tools.core.position import Position  # noqa: E402
from palago_tools.core.tiles import Colour  # noqa: E402
from palago_tools.core.turns import turn_text  # noqa: E402
from palago_tools.notation import PalagoGame, parse_text  # noqa: E402
from palago_tools.rules import Palago, PalagoOptions  # noqa: E402
from palago_tools.rules.random_games import random_palago_game  # noqa: E402
from palago_tools.tactics import (  # noqa: E402
    forcing_wins,
    fork_search,
    immediate_wins,
    threat_space_wins,
)


def load() -> str:
    """The machine's load averages over 1, 5 and 15 minutes."""
    try:
        return "load " + " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "load unknown"


Case = tuple[Position, Colour, int]
T = TypeVar("T")


def timed(work: Callable[[], T]) -> tuple[T, float]:
    """What ``work`` returns, and the CPU seconds it took."""
    start = time.process_time()
    result = work()
    return result, time.process_time() - start


def random_positions(count: int, seed: int, every: int = 3) -> list[Case]:
    """Positions of seeded random games (every ``every`` turns from the third), the side to
    move having no immediate win, with the supply left."""
    rng = random.Random(seed)
    found: list[Case] = []
    while len(found) < count:
        script = random_palago_game(rng)
        game = Palago()
        for number, turn in enumerate(script.turns[:-1]):
            game.play(turn)
            if number >= 2 and number % every == 0 and len(found) < count:
                position, mover, left = game.position(), game.mover, game.tiles_left
                if not immediate_wins(position, mover, tiles_left=left):
                    found.append((position, mover, left))
    return found


def compare(cases: list[Case]) -> None:
    """Depth 2 against the fork search and depth 3 against the forcing-win search."""
    totals = {"fork": 0.0, "tss2": 0.0, "forcing": 0.0, "tss3": 0.0}
    spent = {"forcing": 0, "tss2": 0, "tss3": 0}
    agree2 = agree3 = with2 = with3 = 0
    for number, (position, mover, left) in enumerate(cases):
        forks, seconds = timed(lambda: fork_search(position, mover, tiles_left=left))  # noqa: B023
        totals["fork"] += seconds
        two, seconds = timed(lambda: threat_space_wins(position, mover, depth=2, tiles_left=left))  # noqa: B023
        totals["tss2"] += seconds
        forcing, seconds = timed(lambda: forcing_wins(position, mover, tiles_left=left))  # noqa: B023
        totals["forcing"] += seconds
        three, seconds = timed(lambda: threat_space_wins(position, mover, depth=3, tiles_left=left))  # noqa: B023
        totals["tss3"] += seconds
        spent["forcing"] += forcing.examined
        spent["tss2"] += two.examined
        spent["tss3"] += three.examined
        same2 = {frozenset(f.tiles) for f in forks.forks} == {frozenset(w) for w in two.wins}
        same3 = {frozenset(w) for w in forcing.wins} == {frozenset(w) for w in three.wins}
        agree2 += same2
        agree3 += same3
        with2 += bool(two.wins)
        with3 += bool(three.wins)
        print(
            f"  {number:3d}: {len(position):2d} tiles, {mover} to move: forks {len(forks.forks)} "
            f"/ {len(two.wins)} {'agree' if same2 else 'DISAGREE'}; forcing {len(forcing.wins)} "
            f"({forcing.examined} examinations) / {len(three.wins)} ({three.examined}) "
            f"{'agree' if same3 else 'DISAGREE'}",
            flush=True,
        )
    n = len(cases)
    print(
        f"{n} positions: depth 2 agrees with forced_wins on {agree2} ({with2} with a fork), "
        f"depth 3 with forcing_wins on {agree3} ({with3} with a win in at most three)"
    )
    print(
        f"CPU s in all: fork search {totals['fork']:.2f}, threat-space depth 2 "
        f"{totals['tss2']:.2f} ({spent['tss2']} examinations); forcing_wins "
        f"{totals['forcing']:.2f} ({spent['forcing']} fork examinations), threat-space depth 3 "
        f"{totals['tss3']:.2f} ({spent['tss3']} examinations)  [{load()}]"
    )


def games(path: Path) -> Iterator[tuple[str, PalagoGame]]:
    """The Palago games of a ``.palago`` records file or a ``.jsonl`` results file, named."""
    if path.suffix == ".jsonl":
        texts = [
            (f"{path.name}:{n + 1}", json.loads(line)["record"])
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines())
            if line.strip()
        ]
    else:
        texts = [(path.name, path.read_text(encoding="utf-8"))]
    for name, text in texts:
        for number, record in enumerate(parse_text(text).records):
            if isinstance(record, PalagoGame):
                yield (name if path.suffix == ".jsonl" else f"{name}:{number + 1}"), record


def scan(path: Path, depth: int, budget: int) -> None:
    """Every position of the records where the side to move has a threat-space win within
    ``depth`` turns but no immediate win and no fork."""
    found = 0
    start = time.process_time()
    for name, record in games(path):
        game = Palago(record.first, PalagoOptions())
        players = {Colour.YELLOW: record.yellow, Colour.BLUE: record.blue}
        for turn in record.turns:
            if game.over:
                break
            position, mover, left = game.position(), game.mover, game.tiles_left
            if game.turn_number > 2 and not immediate_wins(position, mover, tiles_left=left):
                if not fork_search(position, mover, tiles_left=left, limit=1).forks:
                    result = threat_space_wins(
                        position, mover, depth=depth, tiles_left=left, budget=budget
                    )
                    if result.wins:
                        found += 1
                        print(
                            f"{name} turn {game.turn_number}: {mover} ({players[mover]}) to move, "
                            f"handed over by {players[mover.other]}; {len(result.wins)} wins "
                            f"(e.g. {turn_text(result.wins[0])}), {result.examined} "
                            f"examinations, complete {result.complete}; played "
                            f"{turn_text(turn.tiles)}; winner of the game {record.result}",
                            flush=True,
                        )
            game.play(turn.tiles)
    print(f"{found} positions, {time.process_time() - start:.1f} CPU s  [{load()}]")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=12)
    parser.add_argument("--seed", type=int, default=38)
    parser.add_argument("--records", type=Path)
    parser.add_argument("--depth", type=int, default=3)
    parser.add_argument("--budget", type=int, default=20000)
    args = parser.parse_args()
    if args.records is not None:
        scan(args.records, args.depth, args.budget)
        return
    print(f"threat-space search against the exact searches, {args.positions} random positions:")
    compare(random_positions(args.positions, args.seed))


if __name__ == "__main__":
    main()
