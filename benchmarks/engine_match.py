"""Matches of the engine against the fixed baselines and between its levels, with ratings: a
thin use of ``palago match`` (``palago_tools/cli/match.py``), whose options it takes.

Run from the repository root:

    python3 benchmarks/engine_match.py [PLAYER…] [--against LIST] [--levels LIST] [--games N]
        [--jobs J] [--records DIR] [--results FILE] [--sprt] [--json]

Without arguments: level5 against random, greedy, safe and safe-fork, 20 games each. Prints the
load average before the games (and with the time per move), the pairing table with 95 %
intervals, the rating table and the seconds per move of every player.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from palago_tools.cli import app  # noqa: E402
from palago_tools.engine.standings import load_average  # noqa: E402

DEFAULT = ["level5", "--against", "random,greedy,safe,safe-fork", "--games", "20"]


def main() -> None:
    load = load_average()
    shown = "unknown" if load is None else " ".join(f"{v:.2f}" for v in load)
    print(f"load average before the games: {shown}", file=sys.stderr, flush=True)
    app(["match", *(sys.argv[1:] or DEFAULT)], prog_name="palago")


if __name__ == "__main__":
    main()
