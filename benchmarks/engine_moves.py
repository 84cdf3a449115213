"""CPU seconds per engine move over the positions of a match: the median, the 95th percentile
and the worst, for one level, on positions every version sees alike.

Run from the repository root:

    python3 benchmarks/engine_moves.py RECORDS [--level 5] [--player level5] [--sample N]
        [--root DIR]

Replays each game of the records file (``.palago``, as ``palago match --records`` writes them,
or a results file of ``palago match`` with the records inside, ``.jsonl``) and, at
every turn the named player made (``--player``, default ``level<level>``), times
``Engine(level).choose`` on that position (``time.process_time``: load inflates it little).
The positions are the match's, whichever code measures them, so ``--root DIR`` (another
checkout, say the commit before a change) gives figures to compare move for move; the sum of
the search's nodes is printed too, and the nodes per CPU second of the whole choice (the
tactics' time included). Each position is searched cold (``new_game``), so a level that keeps
what it learnt during a game may take longer here than in the match. ``--sample N`` times N
of the positions, spread evenly over the match (every k-th), instead of all. The match's own
CPU seconds a move, with what the engine learnt in the game, are in its results file since
``move_cpu`` was kept (``palago match … --results FILE`` prints their median, p95 and worst).

``benchmarks/results/level5-vs-level3.palago`` is the match the figures of ``docs/engine.md`` and
the closing notes time (12 games, 87 level-5 moves).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

_ROOT = sys.argv[sys.argv.index("--root") + 1] if "--root" in sys.argv else None
sys.path.insert(0, _ROOT or str(Path(__file__).resolve().parent.parent))

from palago_tools.engine import Engine  # noqa: E402
from palago_tools.notation import PalagoGame, parse_text  # noqa: E402
from palago_tools.rules import Palago  # noqa: E402
from palago_tools.rules.palago import PalagoOptions  # noqa: E402


def positions(path: Path, player: str) -> list[Palago]:
    """The games of ``path`` just before each turn ``player`` made."""
    found: list[Palago] = []
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".jsonl":
        lines = [json.loads(line) for line in text.splitlines() if line.strip()]
        text = "\n\n".join(
            line["record"] for line in lines if isinstance(line, dict) and line.get("record")
        )
    for record in parse_text(text).records:
        if not isinstance(record, PalagoGame):
            continue
        game = Palago(record.first, PalagoOptions())
        names = {"yellow": record.yellow, "blue": record.blue}
        for turn in record.turns:
            if game.over:
                break
            if names[game.mover.value] == player and game.turn_number > 2:
                found.append(Palago.from_position(game.position(), game.mover, game.tiles_left))
            game.play(turn.tiles)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("records", type=Path)
    parser.add_argument("--level", type=int, default=5)
    parser.add_argument("--player")
    parser.add_argument("--sample", type=int, help="time this many positions, spread evenly")
    parser.add_argument("--root", help="the folder holding the palago_tools to measure")
    args = parser.parse_args()
    if args.sample is not None and args.sample < 1:
        parser.error(f"--sample is a count of positions, 1 or more, not {args.sample}")
    try:
        engine = Engine(args.level, seed=1)
    except ValueError as error:  # a level not known
        parser.error(str(error))
    try:
        games = positions(args.records, args.player or f"level{args.level}")
    except (OSError, ValueError) as error:  # a file not read, or not JSON
        parser.error(f"{args.records}: {error}")
    if args.sample is not None and args.sample < len(games):
        step = len(games) / args.sample
        games = [games[int(i * step)] for i in range(args.sample)]
    times: list[float] = []
    nodes = 0
    for game in games:
        engine.new_game()
        start = time.process_time()
        choice = engine.choose(game)
        times.append(time.process_time() - start)
        nodes += choice.search.nodes if choice.search else 0
    times.sort()
    p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
    print(
        f"level {args.level}, {len(times)} moves: CPU s median {statistics.median(times):.2f}, "
        f"p95 {p95:.2f}, worst {times[-1]:.2f}, total {sum(times):.1f}; nodes {nodes} "
        f"({nodes / max(sum(times), 1e-9):,.0f} a CPU second)"
    )


if __name__ == "__main__":
    main()
