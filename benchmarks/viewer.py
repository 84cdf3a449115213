"""Size and generation time of the replay viewer's pages (targets: a 121-turn game under 400 KB
and under 1 s; a 24-turn game under 100 KB; size growing linearly with the number of turns).

Run: ``python3 benchmarks/viewer.py [--runs N]``. The long game is the 127-turn Palagonia game of
``tests/data/palagonia-long.palago`` (three players, 288 tiles), cut after 30, 60, 90 and 121
turns; the short one is ``docs/examples/palago-game.palago`` and a random 24-turn Palago game.
Times are medians; the replay through the rules (which the viewer needs and does not own) is
shown apart from the whole.
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
import time
from collections.abc import Callable
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from palago_tools.replays.generated import random_palago_record  # noqa: E402
from palago_tools.notation import parse_file  # noqa: E402
from palago_tools.notation import records as rec  # noqa: E402
from palago_tools.replays.game import replay  # noqa: E402
from palago_tools.viewer import viewer_html  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def median_seconds(work: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def long_game() -> rec.PalagoniaGame:
    (record,) = parse_file(ROOT / "tests" / "data" / "palagonia-long.palago").records
    assert isinstance(record, rec.PalagoniaGame)
    return record


def longest_palago(seeds: int = 300) -> rec.PalagoGame:
    """The longest of the random Palago games of the first ``seeds`` seeds (48 tiles allow 24
    turns; a random game usually ends earlier with a creature)."""
    return max((random_palago_record(seed) for seed in range(seeds)), key=lambda r: len(r.turns))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    runs = parser.parse_args().runs
    games: list[tuple[str, rec.Record]] = []
    (example,) = parse_file(ROOT / "docs" / "examples" / "palago-game.palago").records
    games.append(("docs/examples/palago-game.palago (7 turns, a variation)", example))
    longest = longest_palago()
    games.append((f"longest random Palago game, {len(longest.turns)} turns", longest))
    whole = long_game()
    for turns in (30, 60, 90, 121):
        games.append((f"Palagonia, 288 tiles, {turns} turns", dataclasses.replace(whole, turns=whole.turns[:turns], scores=None)))
    print(f"{'game':58} {'page KB':>8} {'KB/turn':>8} {'replay s':>9} {'page s':>7}")
    for name, record in games:
        page = viewer_html(record)
        size = len(page.encode("utf-8")) / 1000
        turns = len(getattr(record, "turns", ())) or 1
        replay_time = median_seconds(lambda: replay(record), runs)
        page_time = median_seconds(lambda: viewer_html(record), runs)
        print(f"{name:58} {size:8.1f} {size / turns:8.2f} {replay_time:9.3f} {page_time:7.3f}")


if __name__ == "__main__":
    main()
