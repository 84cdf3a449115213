"""Self-play matches to tune the engine: a player with other weights (or another budget)
against the engine as it is, or against an older checkout of it, or a baseline.

Run from the repository root:

    python3 benchmarks/engine_tune.py --games 20 --jobs 2 \\
        --player "level3:hole=300,row=20" --against level3 [--old DIR]

A player is ``levelN`` (the engine at level N with its weights), ``levelN:field=value,...``
(those :class:`~palago_tools.engine.evaluation.Weights` fields changed), ``levelN@NODES`` (level
N's depth with another node budget), ``oldN`` (level N of the package ``palago_old`` in
``--old DIR``, an older checkout copied there under that name, to compare before and after) or
a baseline (``safe``, ``safe-fork``, ...). Games go in pairs from the match code's opening book
(:func:`~palago_tools.engine.match.opening_book`), colours swapped, every turn played through
the rules; prints the score of ``--player`` with its 95 % interval (bootstrap over game pairs),
wins/draws/losses, CPU seconds per move of each side and the machine's load.
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from palago_tools.core.tiles import Colour, Tile  # noqa: E402
from palago_tools.engine import LEVELS, Engine, Limits  # noqa: E402
from palago_tools.engine.baselines import BASELINES, Baseline  # noqa: E402
from palago_tools.engine.evaluation import WEIGHTS  # noqa: E402
from palago_tools.engine.match import opening_book  # noqa: E402
from palago_tools.engine.ratings import score_interval  # noqa: E402
from palago_tools.rules import Palago  # noqa: E402

Turn = tuple[Tile, ...]


def load() -> str:
    try:
        return Path("/proc/loadavg").read_text().split()[0]
    except OSError:
        return "?"


class _Old:
    """Level N of an older checkout (package ``palago_old``), fed the game's position."""

    def __init__(self, level: int, seed: int) -> None:
        self.old = importlib.import_module("palago_old")
        engine = importlib.import_module("palago_old.engine")
        self.engine = engine.Engine(level, seed)

    def turn(self, game: Palago) -> Turn:
        old = self.old
        position = old.Position.parse(" ".join(t.token for t in game.position().tiles()))
        mover = old.Colour(game.mover.value)
        copy = importlib.import_module("palago_old.rules").Palago.from_position(
            position, mover, tiles_left=game.tiles_left
        )
        choice = self.engine.choose(copy)
        return tuple(Tile.parse(t.token) for t in choice.turn)


class _New:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def turn(self, game: Palago) -> Turn:
        return self.engine.choose(game).turn


def player(spec: str, seed: int) -> Any:
    """The player a spec names (see the module's docstring)."""
    if spec in BASELINES:
        return Baseline(spec, seed)
    if spec.startswith("old"):
        return _Old(int(spec[3:]), seed)
    head, _, changes = spec.partition(":")
    head, _, nodes = head.partition("@")
    level = int(head.removeprefix("level"))
    if level not in LEVELS:
        raise SystemExit(f"no level {level}")
    fields = {}
    for item in filter(None, changes.split(",")):
        name, _, value = item.partition("=")
        fields[name] = int(value)
    engine = Engine(level, seed, weights=dataclasses.replace(WEIGHTS, **fields))
    if nodes:
        engine = _Budget(level, seed, weights=engine.weights)
        engine.nodes = int(nodes)
    return _New(engine)


class _Budget(Engine):
    """The engine at a level's depth with another node budget."""

    nodes = 0

    def limits(self) -> Limits:
        return dataclasses.replace(super().limits(), nodes=self.nodes)


def play(job: tuple[str, str, tuple[Turn, Turn], int, str | None]) -> tuple[str, float, float]:
    """One game: (winner's name or "draw", Yellow's CPU seconds per move, Blue's)."""
    yellow, blue, opening, seed, old = job
    if old:
        sys.path.insert(0, old)
    players = (player(yellow, seed), player(blue, seed + 1))
    game = Palago()
    for turn in opening:
        game.play(turn)
    seconds = [0.0, 0.0]
    moves = [0, 0]
    while not game.over:
        side = 0 if game.mover is Colour.YELLOW else 1
        start = time.process_time()
        turn = players[side].turn(game)
        seconds[side] += time.process_time() - start
        moves[side] += 1
        game.play(turn)  # the rules check every turn
    winner = "draw" if game.winner is None else (yellow if game.winner is Colour.YELLOW else blue)
    return winner, seconds[0] / max(1, moves[0]), seconds[1] / max(1, moves[1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--player", required=True)
    parser.add_argument("--against", required=True)
    parser.add_argument("--old", help="a folder holding an older checkout as palago_old")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    a, b = args.player, args.against
    old = str(Path(args.old).resolve()) if args.old else None
    jobs = []
    for index, opening in enumerate(opening_book((args.games + 1) // 2)):
        seed = args.seed + 1000 * index
        jobs += [(a, b, opening, seed, old), (b, a, opening, seed, old)]
    print(f"{a} vs {b}: {len(jobs)} games, {args.jobs} job(s), load {load()}", flush=True)
    start = time.perf_counter()
    results = []
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for number, result in enumerate(pool.map(play, jobs), 1):
            results.append(result)
            print(
                f"  game {number}: {result[0]} wins"
                if result[0] != "draw"
                else f"  game {number}: draw",
                file=sys.stderr,
                flush=True,
            )
    scores = []
    cpu = {a: 0.0, b: 0.0}
    for k in range(0, len(results), 2):
        pair = 0.0
        games = zip(jobs[k : k + 2], results[k : k + 2], strict=True)
        for (yellow, blue, *_rest), (winner, sy, sb) in games:
            pair += 0.5 if winner == "draw" else 1.0 if winner == a else 0.0
            cpu[yellow] += sy / len(results)
            cpu[blue] += sb / len(results)
        scores.append(pair / 2)
    wins = sum(w == a for w, _y, _b in results)
    draws = sum(w == "draw" for w, _y, _b in results)
    mean, low, high = score_interval(scores)
    print(
        f"| {a} vs {b} | {len(results)} | {wins} / {draws} / {len(results) - wins - draws} "
        f"| {mean:.0%} | {low:.0%} – {high:.0%} | {cpu[a]:.2f} / {cpu[b]:.2f} "
        f"| {time.perf_counter() - start:.0f} s, load {load()} |"
    )


if __name__ == "__main__":
    main()
