"""Palago parse + validated replay against python-chess ``read_game``, move for move.

Random legal Palago games (``palago_tools.generated``, every move checked by the rules) and
random legal chess games with the same number of moves are written as text in memory; then,
in one process and alternately (so that both share the machine's load alike), each side reads
its text back:

- Palago: ``parse_text`` and ``replay`` of every record, every tile checked by the rules and
  every creature found; a move is one placed tile;
- chess: ``chess.pgn.read_game`` until the end, which parses and checks every move; a move is
  one ply.

Each side is timed in CPU seconds of this process (``time.process_time``), so that other work on
the machine, which takes turns with this process, slows neither side's figure; the garbage
collector runs as usual on both sides. Each round prints both rates and their ratio; the summary
gives the median of the rounds (the goal: at least 1.5). A round's ratio swings by a third on a
shared machine, so the default is eleven rounds.
Needs the ``bench`` extra (python-chess)::

    pip install '.[bench]' && python3 benchmarks/versus_chess.py [--games N] [--rounds R]
"""

from __future__ import annotations

import argparse
import io
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from palago_tools.replays.generated import random_palago_record  # noqa: E402
from palago_tools.notation import PalagoGame, parse_text, write  # noqa: E402
from palago_tools.replays.game import replay  # noqa: E402

from notation import chess_pgn  # noqa: E402  (benchmarks/notation.py: random legal chess games)


def palago_text(games: int, first_seed: int) -> tuple[str, int]:
    """``games`` random legal Palago games as one text, and their number of placed tiles."""
    records = [random_palago_record(seed) for seed in range(first_seed, first_seed + games)]
    moves = sum(len(turn.placements) for game in records for turn in game.turns)
    return write(records), moves


def read_palago(text: str) -> tuple[float, int]:
    """CPU seconds to parse and replay ``text``, and the tiles replayed."""
    start = time.process_time()
    result = parse_text(text)
    tiles = 0
    for record in result.records:
        report = replay(record)
        if not report.valid:
            raise SystemExit(f"a generated game does not replay: {report.summary()}")
        tiles += report.tiles
    elapsed = time.process_time() - start
    if not result.ok:
        raise SystemExit(f"a generated game does not parse: {result.errors[0]}")
    return elapsed, tiles


def read_chess(text: str) -> tuple[float, int]:
    """CPU seconds to read ``text`` with ``chess.pgn.read_game``, and the plies read."""
    import chess.pgn

    start = time.process_time()
    handle = io.StringIO(text)
    plies = 0
    while (game := chess.pgn.read_game(handle)) is not None:
        if game.errors:
            raise SystemExit(f"a generated chess game does not read: {game.errors[0]}")
        plies += sum(1 for _ in game.mainline_moves())
    return time.process_time() - start, plies


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1_000, help="Palago games (default 1000)")
    parser.add_argument("--rounds", type=int, default=11, help="alternated rounds (default 11)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    try:
        import chess  # noqa: F401
    except ImportError:
        raise SystemExit("python-chess is not installed: pip install '.[bench]'") from None

    palago, moves = palago_text(args.games, args.seed)
    pgn, plies = chess_pgn(moves, random.Random(args.seed))
    print(f"Palago: {args.games} random legal games, {moves} placed tiles, {len(palago) / 1e6:.2f} MB")
    print(f"chess:  random legal games, {plies} plies, {len(pgn) / 1e6:.2f} MB")
    ratios: list[float] = []
    for round_number in range(1, args.rounds + 1):
        # Alternate which side goes first, so that neither always runs on a warmer machine.
        order = ("palago", "chess") if round_number % 2 else ("chess", "palago")
        rates: dict[str, float] = {}
        for side in order:
            if side == "palago":
                elapsed, read = read_palago(palago)
                assert read == moves, (read, moves)
            else:
                elapsed, read = read_chess(pgn)
                assert read == plies, (read, plies)
            rates[side] = read / elapsed
        ratio = rates["palago"] / rates["chess"]
        ratios.append(ratio)
        print(
            f"round {round_number}: Palago parse + replay {rates['palago']:9,.0f} tiles/s   "
            f"python-chess read_game {rates['chess']:9,.0f} plies/s   ratio {ratio:.2f}"
        )
    print(f"ratio Palago / python-chess: median {statistics.median(ratios):.2f} "
          f"(min {min(ratios):.2f}, max {max(ratios):.2f}; goal >= 1.5)")


if __name__ == "__main__":
    main()
