"""``palago analyse``: the regions and creatures of a position given as tile tokens."""

from __future__ import annotations

import os

import typer

from ..core.analysis import Status, analyse, plural
from ..core.identity import creature_id, creature_tiles
from ..core.position import Position
from ..errors import TileTokenError
from ..replays.reports import analyse_json, dumps
from ._app import app, fail, read_input, refuse_without
from .review import DEFAULT_LEVEL, best_report
from .tactics import threats_report


@app.command("analyse", context_settings={"ignore_unknown_options": True})
def analyse_command(
    ctx: typer.Context,
    tokens: list[str] = typer.Argument(
        None, help="Tile tokens such as 0,0R 1,-1D; read from standard input when none are given."
    ),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object (docs/json.md)."),
    regions: bool = typer.Option(False, "--regions", help="Also list open regions."),
    threats: str | None = typer.Option(
        None,
        "--threats",
        metavar="FILE[:N]",
        help="Instead: the immediate wins, threats and forks in record N of FILE "
        "(docs/tactics.md).",
    ),
    best: str | None = typer.Option(
        None,
        "--best",
        metavar="FILE[:N]",
        help="Instead: the engine's best turn in record N of FILE, its evaluation and line "
        "(docs/engine.md#analysis).",
    ),
    turn: int | None = typer.Option(
        None,
        "--turn",
        help="With --threats or --best: the position after this turn of a game.",
    ),
    to_move: str | None = typer.Option(
        None,
        "--to-move",
        help="With --threats or --best: yellow or blue (default: the record's).",
    ),
    level: int = typer.Option(
        DEFAULT_LEVEL, "--level", min=1, max=5, help="With --best: the engine's level, 1 to 5."
    ),
    forks: int = typer.Option(
        3, "--forks", min=0, help="With --threats: show at most this many forks (0: no search)."
    ),
    seconds: float | None = typer.Option(
        None, "--seconds", min=0.1, max=86400, help="With --threats: stop the fork search then."
    ),
) -> None:
    """List the creatures of a position with their scores, and why closed regions are not."""
    if threats is not None and best is not None:
        fail("--threats and --best are two reports: give one of them")
    if best is not None:
        refuse_without(ctx, False, "--threats FILE", "regions", "forks", "seconds")
        best_report(best, turn, to_move, level, as_json)
        return
    refuse_without(ctx, False, "--best FILE", "level")
    if threats is not None:
        refuse_without(ctx, False, "a position given as tile tokens", "regions")
        threats_report(threats, turn, to_move, forks, as_json, seconds)
        return
    refuse_without(ctx, False, "--threats FILE", "turn", "to_move", "forks", "seconds")
    text = " ".join(tokens) if tokens else read_input("-")[0].decode("utf-8", errors="replace")
    try:
        position = Position.parse(text)
    except TileTokenError:
        files = [t for t in tokens or () if os.path.isfile(t) or t.endswith(".palago")]
        if not files:
            raise
        fail(
            f"{files[0]} is a file, not tile tokens: 'palago analyse --threats {files[0]}' "
            f"finds its tactics, 'palago diagram {files[0]}' draws it",
            1,
        )
    analysis = analyse(position)
    if as_json:
        from ..replays.catalog import builtin_catalog

        typer.echo(dumps(analyse_json(position, analysis, builtin_catalog(), regions)))
        return
    typer.echo(f"{plural(len(position), 'tile')}, {plural(len(analysis.creatures), 'creature')}")
    for creature in analysis.creatures:
        ident = creature_id(creature_tiles(position, creature.cells), creature.colour)
        typer.echo(f"  {creature.summary()}  [{ident}]")
    for verdict in analysis.verdicts:
        if verdict.status in (Status.EYE, Status.EMPTY_INSIDE) or (
            regions and verdict.status is Status.OPEN
        ):
            typer.echo(f"  {verdict.message}")
