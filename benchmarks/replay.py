"""Replay speed: turns per second over generated Palago games, creature checks included.

Run from the repository root: ``python3 benchmarks/replay.py [--games N]``.
Target: at least 5,000 turns per second over 10,000 games.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from palago_tools.replays.generated import random_palago_record  # noqa: E402
from palago_tools.notation import parse, write  # noqa: E402
from palago_tools.replays.game import replay  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=10_000)
    args = parser.parse_args()

    start = time.perf_counter()
    records = [random_palago_record(seed) for seed in range(args.games)]
    generated = time.perf_counter() - start
    text = write(records)

    start = time.perf_counter()
    parsed = parse(text)
    parse_seconds = time.perf_counter() - start

    start = time.perf_counter()
    reports = [replay(record) for record in parsed]
    replay_seconds = time.perf_counter() - start

    turns = sum(len(r.turns) for r in reports)
    invalid = sum(1 for r in reports if not r.valid)
    print(f"games: {len(parsed)} generated in {generated:.1f} s, {turns} turns, {invalid} invalid")
    print(f"parse:            {parse_seconds:7.2f} s")
    print(f"replay:           {replay_seconds:7.2f} s = {turns / replay_seconds:9.0f} turns/s  (target >= 5,000)")
    print(f"parse + replay:   {parse_seconds + replay_seconds:7.2f} s = "
          f"{turns / (parse_seconds + replay_seconds):9.0f} turns/s")


if __name__ == "__main__":
    main()
