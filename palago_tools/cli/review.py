"""The engine's analysis on the command line: ``palago analyse --best FILE[:N]`` (the best turn,
its evaluation and principal variation) and ``palago annotate --engine`` (every turn against the
engine's best); the commands themselves are in :mod:`.analyse` and :mod:`.tactics`."""

from __future__ import annotations

import json
import time
from collections.abc import Callable

import typer

from ..core.analysis import plural
from ..core.tiles import Colour
from ..engine import Engine
from ..engine.analysis import (
    BestTurn,
    annotated_game,
    best_turn,
    evaluation_command,
    game_at,
    review_game,
    score_text,
)
from ..engine.board import Turn
from ..notation import records as rec
from ..replays.situations import colour_named
from ._app import load_record, usage_errors

DEFAULT_LEVEL = 3
"""The level of ``analyse --best`` and ``annotate --engine`` when ``--level`` is not given."""


def _tokens(turn: Turn) -> list[str]:
    return [t.token for t in turn]


def evaluation_words(best: BestTurn) -> str:
    """``1.25 (Yellow is better)``, ``#3 (Blue wins in 3 turns)``, for the text report."""
    written = score_text(best.score, best.mover)
    command = evaluation_command(best.score, best.mover)
    if command.win_in is not None:
        winner = Colour.YELLOW if command.win_in > 0 else Colour.BLUE
        turns = plural(abs(command.win_in), "turn")
        return f"{written} ({winner.value.capitalize()} wins in {turns})"
    assert command.points is not None
    if command.points == 0:
        return f"{written} (even)"
    side = Colour.YELLOW if command.points > 0 else Colour.BLUE
    return f"{written} ({side.value.capitalize()} is better)"


def best_json(
    number: int, where: str, tiles: int, tiles_left: int | None, level: int, best: BestTurn
) -> dict[str, object]:
    """The ``best`` report of docs/json.md."""
    command = evaluation_command(best.score, best.mover)
    return {
        "record": number,
        "where": where,
        "to_move": best.mover.value,
        "tiles": tiles,
        "tiles_left": tiles_left,
        "level": level,
        "turn": _tokens(best.turn),
        "reason": best.reason,
        "score": best.score,
        "eval": score_text(best.score, best.mover),
        "points": command.points,
        "win_in": command.win_in,
        "line": [_tokens(t) for t in best.line],
        "depth": best.depth,
        "nodes": best.nodes,
        "seconds": round(best.seconds, 3),
    }


_REASONS = {
    "win": "  (a win at once)",
    "fork": "  (a proven forced win in two)",
    "threats": "  (a proven win through threats)",
    "guard": "  (the best-scored turn the guard found to hand over no forced win)",
    "replies": "  (the best turn by the opponent's best replies, two and three turns ahead)",
}


def best_report(
    spec: str, turn: int | None, to_move: str | None, level: int, as_json: bool
) -> None:
    """Print the engine's best turn for the side to move in record N of FILE."""
    _, number, record = load_record(spec)
    with usage_errors():
        mover = colour_named(to_move) if to_move else None
    game = game_at(record, turn, mover)
    if isinstance(record, rec.PalagoGame):
        last = len(record.turns) if turn is None else turn
        where = f"after turn {last}" if last else "at the start"
    else:
        where = "the position"
    best = best_turn(game, Engine(level=level, seed=0))
    tiles, left = len(game.position()), game.tiles_left
    if as_json:
        typer.echo(json.dumps(best_json(number, where, tiles, left, level, best), indent=2))
        return
    supply = "" if left is None else f", {left} left in the supply"
    typer.echo(
        f"{where}: {best.mover.value.capitalize()} to move ({plural(tiles, 'tile')}{supply})"
    )
    why = _REASONS.get(best.reason, "")
    typer.echo(f"  best turn: {' '.join(_tokens(best.turn))}{why}")
    typer.echo(f"  evaluation: {evaluation_words(best)}")
    first = game.turn_number
    line = "  ".join(f"{first + i}. {' '.join(_tokens(t))}" for i, t in enumerate(best.line))
    typer.echo(f"  line: {line}")
    if best.nodes == 0:
        typer.echo(f"  level {level}: no search needed")
        return
    typer.echo(f"  level {level}: depth {best.depth}, {best.nodes:,} nodes, {best.seconds:.1f} s")


def _telling(
    show: Callable[[int, int | None, str], None], label: str
) -> Callable[[int, int], None]:
    return lambda turn, total: show(turn, total, f"{label}: turn {turn + 1}")


def engine_annotated(
    records: list[rec.Record],
    level: int,
    seconds: float | None,
    show: Callable[[int, int | None, str], None],
) -> tuple[int, int, bool]:
    """Annotate the Palago games of ``records`` in place against the engine at ``level``,
    telling ``show`` (done, total, what) the turn reached; stop after ``seconds``. The games
    done, the games, and whether the time ran out before the end."""
    games = sum(isinstance(r, rec.PalagoGame) for r in records)
    deadline = None if seconds is None else time.monotonic() + seconds
    engine = Engine(level=level, seed=0)
    done = 0
    for index, record in enumerate(records):
        if not isinstance(record, rec.PalagoGame):
            continue
        if deadline is not None and time.monotonic() > deadline:
            return done, games, True
        engine.new_game()
        told = _telling(show, f"game {done + 1} of {games}")
        reviews = review_game(record, engine, progress=told, deadline=deadline)
        records[index] = annotated_game(record, reviews)
        done += 1
        if deadline is not None and time.monotonic() > deadline:
            return done, games, len(reviews) < len(record.turns) or done < games
    return done, games, False
