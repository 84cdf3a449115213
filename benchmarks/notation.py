"""Parse throughput of the notation (moves per second) against python-chess reading PGN.

Generates a file of random Palago games (10,000 by default) and a PGN file of random legal chess
games with the same number of moves (plies), then times reading each. A Palago move is one
placed tile, a chess move one ply. Needs the ``bench`` extra (python-chess)::

    pip install '.[bench]' && python3 benchmarks/notation.py
"""

from __future__ import annotations

import argparse
import io
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from palago_tools.notation import PalagoGame, PalagoTurn, Placement, parse_file, write  # noqa: E402
from palago_tools.notation.records import PalagoResult  # noqa: E402
from palago_tools.core.tiles import ORIENTATIONS, Tile  # noqa: E402


def palago_games(count: int, rng: random.Random) -> tuple[list[PalagoGame], int]:
    """``count`` random games of 10 to 24 turns, and their number of placements."""
    games = []
    moves = 0
    for index in range(count):
        occupied: set[tuple[int, int]] = {(0, 0)}
        frontier = [(0, 0)]
        turns = []
        for number in range(1, rng.randint(10, 24) + 1):
            placed = []
            for _ in range(2):
                q, r = rng.choice(frontier)
                cell = (q + rng.choice((-1, 0, 1)), r + rng.choice((-1, 0, 1)))
                while cell in occupied:
                    cell = (cell[0] + 1, cell[1])
                occupied.add(cell)
                frontier.append(cell)
                placed.append(Placement(Tile(cell, rng.choice(ORIENTATIONS))))
            turns.append(PalagoTurn(number, tuple(placed)))
            moves += len(placed)
        games.append(
            PalagoGame(
                turns=tuple(turns),
                yellow=f"Player {index}",
                blue=f"Player {index + 1}",
                result=rng.choice(list(PalagoResult)),
                tags=(("Event", "Benchmark"), ("Round", str(index))),
            )
        )
    return games, moves


def chess_pgn(moves: int, rng: random.Random) -> tuple[str, int]:
    """Random legal chess games, written as PGN, with at least ``moves`` plies in all."""
    import chess
    import chess.pgn

    out = io.StringIO()
    total = 0
    while total < moves:
        board = chess.Board()
        game = chess.pgn.Game()
        game.headers["Event"] = "Benchmark"
        node: chess.pgn.GameNode = game
        for _ in range(min(rng.randint(40, 120), moves - total)):
            legal = list(board.legal_moves)
            if not legal:
                break
            move = rng.choice(legal)
            board.push(move)
            node = node.add_variation(move)
            total += 1
        game.headers["Result"] = board.result(claim_draw=False) if board.is_game_over() else "*"
        print(game, file=out, end="\n\n")
    return out.getvalue(), total


def time_palago(path: Path) -> tuple[float, int]:
    start = time.perf_counter()
    result = parse_file(path)
    elapsed = time.perf_counter() - start
    assert result.ok, result.errors[:1]
    moves = sum(len(turn.placements) for game in result.records if isinstance(game, PalagoGame) for turn in game.turns)
    return elapsed, moves


def time_chess(path: Path) -> tuple[float, int]:
    import chess.pgn

    start = time.perf_counter()
    moves = 0
    with path.open(encoding="utf-8") as handle:
        while (game := chess.pgn.read_game(handle)) is not None:
            moves += sum(1 for _ in game.mainline_moves())
    return time.perf_counter() - start, moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000, help="Palago games in the file")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as folder:
        games, moves = palago_games(args.games, rng)
        palago_path = Path(folder) / "games.palago"
        palago_path.write_text(write(games), encoding="utf-8")
        elapsed, read = time_palago(palago_path)
        size = palago_path.stat().st_size / 1e6
        print(f"palago-tools: {args.games} games, {read} moves, {size:.1f} MB in {elapsed:.2f} s: "
              f"{read / elapsed:,.0f} moves/s")
        try:
            import chess  # noqa: F401
        except ImportError:
            print("python-chess: not installed (pip install '.[bench]')")
            return
        pgn, plies = chess_pgn(read, rng)
        pgn_path = Path(folder) / "games.pgn"
        pgn_path.write_text(pgn, encoding="utf-8")
        chess_elapsed, chess_read = time_chess(pgn_path)
        size = pgn_path.stat().st_size / 1e6
        print(f"python-chess: {chess_read} moves, {size:.1f} MB in {chess_elapsed:.2f} s: "
              f"{chess_read / chess_elapsed:,.0f} moves/s")
        print(f"ratio: {(read / elapsed) / (chess_read / chess_elapsed):.2f}x python-chess")


if __name__ == "__main__":
    main()
