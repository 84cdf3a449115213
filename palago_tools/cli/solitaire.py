"""``palago solitaire``: the rulebook's solitaire Palagonia, scored against the computer's
distribution of solitaire scores (the library is :mod:`palago_tools.engine.palagonia.solitaire`).

A person's game is a record (played at the table with one player, ``palago serve``, or
written by hand): ``palago solitaire FILE[:N]`` replays it and places its score. With
``--computer`` the computer plays a game on a dice seed and writes its record.
"""

from __future__ import annotations

from pathlib import Path

import typer

from ..core.tiles import SET_SIZE
from ..engine.palagonia.player import PLAYERS, check_player
from ..engine.palagonia.solitaire import (
    PLAYED_SEEDS,
    SOLITAIRE_PLAYER,
    SolitaireScores,
    distribution,
    play_solitaire,
    score_record,
)
from ..replays.reports import dumps
from ._app import app, fail, load_record, output_path, progress_stream, write_output


def _distribution(player: str, seeds: int | None, tiles: int) -> SolitaireScores:
    """:func:`~palago_tools.engine.palagonia.solitaire.distribution` with a progress line
    while games are played."""
    stream = progress_stream()
    count = seeds or PLAYED_SEEDS

    def played(dice: int, _result: object) -> None:
        stream.write(f"\rsolitaire games of {player}: {dice + 1}/{count}\x1b[K")
        stream.flush()

    scores = distribution(player, seeds, tiles, played)
    stream.write("\r\x1b[K")
    return scores


def _standing(score: int, scores: SolitaireScores) -> str:
    share = scores.standing(score)
    return f"{score} points: better than {share:.0%} of the computer's games ({scores.text()})"


@app.command("solitaire")
def solitaire_command(
    record: str | None = typer.Argument(
        None, metavar="[FILE[:N]]", help="A solitaire record (one player) to score."
    ),
    computer: bool = typer.Option(
        False, "--computer", help="The computer plays a game on --seed and writes its record."
    ),
    player: str = typer.Option(
        SOLITAIRE_PLAYER, "--player", help=f"The computer player: {', '.join(PLAYERS)}."
    ),
    seed: int = typer.Option(0, "--seed", help="With --computer: the dice seed."),
    seeds: int | None = typer.Option(
        None,
        "--seeds",
        min=2,
        max=10000,
        help="Play the computer's distribution on this many dice seeds (else the stored one: "
        "the strongest level over many seeds).",
    ),
    tiles: int = typer.Option(
        SET_SIZE, "--tiles", min=5, max=10000, help="With --computer: tiles in the bag."
    ),
    out: Path | None = typer.Option(
        None, "-o", "--output", help="With --computer: write the record here (else printed)."
    ),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
) -> None:
    """Score a solitaire game (FILE) or let the computer play one (--computer), and place the
    score among the computer's solitaire scores over many dice seeds
    (docs/palagonia-players.md)."""
    check_player(player)
    if computer == (record is not None):
        fail("give a solitaire record to score, or --computer for the computer's game")
    if computer:
        result = play_solitaire(player, seed, tiles)
        score, text = result.scores[0], result.record
        path = output_path(out, [], option="-o", text=True)
        if not as_json:
            write_output(path, text + "\n")
    else:
        if out is not None:
            fail("-o only works with --computer")
        loaded, number, game = load_record(record or "")
        score, tiles, over = score_record(game, f"{loaded.name}: record {number}")
        if not over:
            typer.echo(f"the game is not over: {score} points so far", err=True)
    scores = _distribution(player, seeds, tiles)
    if as_json:
        data = {"score": score, "standing": scores.standing(score), "computer": scores.json()}
        if computer:
            data["record"] = text
        typer.echo(dumps(data))
    else:
        typer.echo(_standing(score, scores), err=computer and out is None)
