"""How many lines of the match book are already decided when the engines take over: Yellow, to
move after the book's two turns, with a threat-space win in three.

Run from the repository root:

    python3 benchmarks/book_lines.py [--lines 50] [--budget 20000] [--root DIR]

The book (``palago_tools/data/opening-book.palago``, :func:`balanced_openings`) leaves Yellow
no win at once and no fork, but not a win in three. On a line already won for one side, the
two games of a pair split one win each whoever plays (if the winner finds it), which pulls
every match towards 50 %. For the first ``--lines`` lines of the book (a match of N pairs
plays the first N), the script asks the threat-space search (depth 3, ``--budget``
examinations) for Yellow's win after the book, and prints the lines found, their count and the
CPU seconds. ``--root DIR`` reads the book of another checkout (say the commit before the
book changed). (A line whose first turn is lost for Yellow, as two of the six are at three turns,
is decided only if Blue finds the win the book's random reply may not have started.)
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

_ROOT = sys.argv[sys.argv.index("--root") + 1] if "--root" in sys.argv else None
sys.path.insert(0, _ROOT or str(Path(__file__).resolve().parent.parent))

from palago_tools.core.turns import turn_text  # noqa: E402
from palago_tools.engine.match import opening_book  # noqa: E402
from palago_tools.engine.standings import load_average  # noqa: E402
from palago_tools.rules.palago import Palago  # noqa: E402
from palago_tools.tactics import threat_space_wins  # noqa: E402


def won_in_three(game: Palago, budget: int) -> bool:
    """Whether the mover of ``game`` has a threat-space win in three within ``budget``."""
    found = threat_space_wins(
        game.position(), game.mover, depth=3, tiles_left=game.tiles_left, limit=1, budget=budget
    )
    return bool(found.wins)


def positive(text: str) -> int:
    """A whole number above 0, for the command line."""
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"a whole number above 0, not {text!r}")
    return int(text)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=positive, default=50)
    parser.add_argument("--budget", type=positive, default=20000)
    parser.add_argument("--root", help="the folder holding the palago_tools whose book to read")
    args = parser.parse_args()
    start = time.process_time()
    decided = 0
    book = opening_book(args.lines)
    for number, (first, reply) in enumerate(book, start=1):
        game = Palago()
        game.play(first)
        game.play(reply)
        if won_in_three(game, args.budget):
            decided += 1
            print(f"line {number}: {turn_text(first)} / {turn_text(reply)}: won for Yellow")
    load = load_average()
    shown = "unknown" if load is None else " ".join(f"{v:.2f}" for v in load)
    print(
        f"{len(book)} lines: {decided} won for Yellow in three turns (threat-space search, "
        f"{args.budget} examinations); {time.process_time() - start:.1f} CPU s  [load {shown}]"
    )


if __name__ == "__main__":
    main()
