"""Matches of the engine against the fixed baselines and between its levels, with ratings.

Run from the repository root:

    python3 benchmarks/engine_match.py [--games N] [--jobs J] [--player level5]
        [--against random,greedy,safe,safe-fork] [--levels 1,2,3,4,5] [--records out.palago]

Plays ``--player`` against each of ``--against`` (N games each, in pairs with colours swapped
from the fixed opening book), and with ``--levels`` a round robin of those levels and the
baselines; every game is written as a record and replayed (``palago replay`` reads the
``--records`` file). Prints, with the machine's load: the score of each pairing with its 95 %
interval (bootstrap over game pairs), wins/draws/losses, the rating table (Bradley–Terry with
draws, 95 % bootstrap intervals) and the time per move of every player.
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from palago_tools.engine.match import (  # noqa: E402
    PLAYERS,
    GameResult,
    match_specs,
    play_games,
)
from palago_tools.engine.ratings import rate, score_interval  # noqa: E402
from palago_tools.files import atomic_write  # noqa: E402


def load() -> str:
    try:
        return Path("/proc/loadavg").read_text().split()[0]
    except OSError:
        return "?"


def names(text: str) -> list[str]:
    found = [n for n in text.split(",") if n]
    for name in found:
        if name not in PLAYERS:
            raise SystemExit(f"unknown player {name!r}: the players are {', '.join(PLAYERS)}")
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per pairing (even)")
    parser.add_argument("--jobs", type=int, default=1, help="local processes")
    parser.add_argument("--player", default="level5")
    parser.add_argument("--against", default="random,greedy,safe,safe-fork")
    parser.add_argument("--levels", default="", help="levels for a round robin, e.g. level1,level3")
    parser.add_argument("--records", type=Path, help="write every game's record here")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    if args.records and not args.records.resolve().parent.is_dir():
        raise SystemExit(f"cannot write {args.records}: its folder does not exist")
    if args.games < 1 or args.jobs < 1:
        raise SystemExit("--games and --jobs are at least 1")
    player = names(args.player)[0]
    pairs = [(player, other) for other in names(args.against)]
    pool = names(args.levels)
    if pool:
        pool += [b for b in names(args.against) if b not in pool]
        pairs += [p for p in itertools.combinations(pool, 2) if p not in pairs and p[0] != player]
    specs = match_specs(pairs, args.games, args.seed)
    print(f"{len(specs)} games, {args.jobs} job(s), load {load()}", flush=True)
    start = time.perf_counter()
    results: list[GameResult] = []
    for number, result in enumerate(play_games(specs, args.jobs), 1):
        results.append(result)
        print(
            f"  game {number}/{len(specs)}: {result.yellow} - {result.blue}: "
            f"{result.winner or 'draw'} after {result.turns} turns",
            file=sys.stderr,
            flush=True,
        )
    elapsed = time.perf_counter() - start
    if args.records:
        atomic_write(args.records, "\n".join(r.record for r in results).encode())
    game_pairs = [results[i : i + 2] for i in range(0, len(results), 2)]
    print(f"\nplayed in {elapsed:.0f} s, load {load()}; every record replayed\n")
    print("| pairing | games | W / D / L | score | 95 % interval |")
    print("|---|---|---|---|---|")
    for a, b in pairs:
        mine = [p for p in game_pairs if {p[0].yellow, p[0].blue} == {a, b}]
        scores = [sum(g.score_of(a) for g in p) / len(p) for p in mine]
        games = [g for p in mine for g in p]
        wins = sum(g.score_of(a) == 1 for g in games)
        draws = sum(g.winner is None for g in games)
        mean, low, high = score_interval(scores)
        print(
            f"| {a} vs {b} | {len(games)} | {wins} / {draws} / {len(games) - wins - draws} "
            f"| {mean:.0%} | {low:.0%} – {high:.0%} |"
        )
    outcomes = [[(g.yellow, g.blue, g.score_of(g.yellow)) for g in p] for p in game_pairs]
    print("\n| player | Elo | 95 % interval | games | score |")
    print("|---|---|---|---|---|")
    for r in rate(outcomes):
        print(
            f"| {r.player} | {r.elo:+.0f} | {r.low:+.0f} … {r.high:+.0f} | {r.games} "
            f"| {r.score / r.games:.0%} |"
        )
    seconds: dict[str, float] = defaultdict(float)
    moves: dict[str, int] = defaultdict(int)
    for g in results:
        for side, name in enumerate((g.yellow, g.blue)):
            seconds[name] += g.seconds[side]
            moves[name] += g.moves[side]
    print(f"\n| player | moves | seconds per move (load {load()}) |")
    print("|---|---|---|")
    for name in sorted(seconds):
        print(f"| {name} | {moves[name]} | {seconds[name] / max(1, moves[name]):.2f} |")


if __name__ == "__main__":
    main()
