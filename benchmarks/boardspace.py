"""Reading boardspace.net Palago records: games and tiles per second, against the same games in
the notation.

Generates random legal games (500 by default, unlimited supply, as boardspace plays), writes them
once as one SGF file of many game trees and once as notation, and times reading each file one
record at a time (``iter_records``), and replaying the SGF records::

    python3 benchmarks/boardspace.py [--games N]
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from palago_tools.notation import iter_records, write  # noqa: E402
from palago_tools.notation.boardspace_writer import write_boardspace  # noqa: E402
from palago_tools.replays import replay  # noqa: E402
from palago_tools.replays.generated import palago_record  # noqa: E402
from palago_tools.rules.palago import PalagoOptions  # noqa: E402
from palago_tools.rules.random_games import random_palago_game  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    games = [
        palago_record(random_palago_game(rng, PalagoOptions(supply=None)), "Anna", "Boris")
        for _ in range(args.games)
    ]
    tiles = sum(len(t.placements) for g in games for t in g.turns)
    with tempfile.TemporaryDirectory() as folder:
        sgf = Path(folder) / "games.sgf"
        notation = Path(folder) / "games.palago"
        sgf.write_text(write_boardspace(games), encoding="utf-8")
        notation.write_text(write(games), encoding="utf-8")
        print(f"{len(games)} games, {tiles} tiles; load {os.getloadavg()[0]:.2f}")
        for name, path in (("boardspace SGF", sgf), ("notation", notation)):
            start = time.perf_counter()
            with iter_records(path) as reader:
                read = list(reader)
            seconds = time.perf_counter() - start
            assert len(read) == len(games)
            size = path.stat().st_size / 1e6
            print(
                f"read {name:15} {size:6.2f} MB in {seconds:6.2f} s: "
                f"{len(read) / seconds:8.0f} games/s, {tiles / seconds:9.0f} tiles/s"
            )
        start = time.perf_counter()
        with iter_records(sgf) as reader:
            valid = sum(replay(record).valid for record in reader)  # type: ignore[arg-type]
        seconds = time.perf_counter() - start
        print(
            f"read and replay SGF in {seconds:6.2f} s: {len(games) / seconds:6.0f} games/s "
            f"({valid} valid); load {os.getloadavg()[0]:.2f}"
        )


if __name__ == "__main__":
    main()
