"""``palago prove``: proofs of positions and openings, and the check of proof files (the search
and the checker are :mod:`palago_tools.proofs`)."""

from __future__ import annotations

from pathlib import Path

import typer

from ..errors import EXIT_INTERRUPTED
from ..files import make_folder
from ..proofs.canonical import tiles_text
from ..proofs.check import Check, check_proof
from ..proofs.openings import OpeningStatus, ReplyStatus, prove_openings, prove_replies
from ..proofs.search import Journal, ProofSearch
from ..proofs.strategy import proof_of, read_proof, write_proof
from ..replays.reports import dumps
from ..replays.situations import colour_named, situation_of
from ._app import app, fail, load_record, note, usage_errors, wrote

MAX_TURNS = 12
"""The most turns a search may be asked for (a search of many turns never ends anyway)."""


def _check_files(files: list[Path], as_json: bool) -> None:
    results = []
    failed = False
    for path in files:
        proof = read_proof(path)  # an unreadable file: its located report
        check = check_proof(proof)
        failed |= not check.holds
        results.append((path, proof.claim(), check))
    if as_json:
        typer.echo(dumps([_check_json(p, claim, c) for p, claim, c in results]))
    else:
        for path, claim, check in results:
            counts = (
                f"{check.winner_positions:,} positions of the winner, "
                f"{check.loser_turns:,} turns of the loser, lines of play up to "
                f"{check.longest} turns"
            )
            verdict = "holds" if check.holds else f"FAILS: {check.fault}"
            typer.echo(f"{path}: {claim}: {verdict} ({counts})")
    if failed:
        raise typer.Exit(1)


def _check_json(path: Path, claim: str, check: Check) -> dict[str, object]:
    return {
        "file": str(path),
        "claim": claim,
        "holds": check.holds,
        "fault": check.fault,
        "winner_positions": check.winner_positions,
        "loser_turns": check.loser_turns,
        "longest": check.longest,
    }


def _turns(count: int) -> str:
    return f"{count} turn" + ("" if count == 1 else "s")


def _lines(count: int) -> str:
    return f"{count:,} line" + ("" if count == 1 else "s")


def _opening_line(row: OpeningStatus) -> str:
    head = f"{row.letter}  {row.tiles:<11}"
    spent = f"{row.nodes:,} nodes, {row.seconds:.1f} s"
    if row.loaded:
        spent += f"; {row.loaded:,} solved positions read from the table"
    if row.status == "lost":
        assert row.check is not None
        checked = "checked" if row.check.holds else f"CHECK FAILED: {row.check.fault}"
        return (
            f"{head} lost: Blue replies {row.reply} and wins within {_turns(row.turns)}; "
            f"{row.proof} ({_lines(row.lines)}, {checked}) [{spent}]"
        )
    if row.status == "holds":
        return (
            f"{head} holds: Blue has no win within {_turns(row.turns)} (searched in full) [{spent}]"
        )
    return f"{head} open: not settled within the budget [{spent}]"


@app.command("prove")
def prove_command(
    subject: str | None = typer.Argument(
        None, help="openings, or FILE[:N] (a record: the position after its last turn)."
    ),
    check: list[Path] = typer.Option(
        [],
        "--check",
        metavar="FILE",
        help="Check proof files with the rules alone (repeatable); exit 1 if one fails.",
    ),
    turns: int = typer.Option(3, "--turns", help="Within how many of the winner's turns."),
    turn: int | None = typer.Option(
        None, "--turn", help="For FILE: the position after this turn (0: the start)."
    ),
    winner: str | None = typer.Option(
        None, "--winner", help="For FILE: the side to prove a win for (default: the side to move)."
    ),
    letters: str = typer.Option("ABCDEF", "--openings", help="Which openings, e.g. EF."),
    out: Path = typer.Option(
        Path("output/proofs"), "--out", help="The folder (openings) or file (FILE) of the proofs."
    ),
    seconds: float | None = typer.Option(
        None, "--seconds", help="Give up each search after this many seconds."
    ),
    nodes: int | None = typer.Option(
        None, "--nodes", help="Give up each search after this many nodes."
    ),
    table: Path | None = typer.Option(
        None,
        "--table",
        help="Keep the solved positions in this file; a rerun goes on from them.",
    ),
    replies: bool = typer.Option(
        False, "--replies", help="openings: also each of Blue's replies to the openings that hold."
    ),
    reply_turns: int = typer.Option(
        2, "--reply-turns", help="With --replies: within how many of Yellow's turns after a reply."
    ),
    as_json: bool = typer.Option(False, "--json", help="Print the report as JSON."),
) -> None:
    """Prove wins with a proof-number search over turns and write each proof as a file anyone
    can check (palago prove --check FILE goes through every turn of the loser with the rules'
    own move generator). palago prove openings asks of each opening A-F whether Blue wins
    within --turns (see docs/openings.md)."""
    if check:
        if subject is not None:
            fail("--check takes proof files only: give no openings or FILE with it")
        _check_files(check, as_json)
        return
    if subject is None:
        fail("say what to prove: openings, or FILE[:N]; or --check FILE to check a proof")
    for option, value in (("--turns", turns), ("--reply-turns", reply_turns)):
        if not 1 <= value <= MAX_TURNS:
            fail(f"{option} is 1 to {MAX_TURNS}, not {value}")
    if seconds is not None and not seconds > 0:
        fail(f"--seconds is more than 0, not {seconds}")
    if nodes is not None and nodes < 1:
        fail(f"--nodes is at least 1, not {nodes}")
    journal = None if table is None else Journal(table)
    try:
        if subject == "openings":
            wrong = sorted(set(letters) - set("ABCDEF"))
            if wrong or not letters:
                fail(f"--openings names openings A to F, e.g. EF, not {letters!r}")
            make_folder(out)
            with usage_errors():
                rows = prove_openings(
                    turns,
                    out,
                    letters=letters,
                    seconds=seconds,
                    nodes=nodes,
                    journal=table,
                    done=None if as_json else lambda row: typer.echo(_opening_line(row)),
                )
            answers: list[ReplyStatus] = []
            if replies:
                for row in rows:
                    if row.status == "holds":
                        answers += _replies(
                            row.letter, reply_turns, out, seconds, nodes, table, as_json
                        )
            if as_json:
                typer.echo(
                    dumps(
                        {
                            "openings": [row.json() for row in rows],
                            "replies": [answer.json() for answer in answers],
                        }
                    )
                )
            return
        _prove_record(subject, turns, turn, winner, out, seconds, nodes, journal, as_json)
    except KeyboardInterrupt:
        note(
            "stopped; "
            + (
                "the solved positions are in " + str(table)
                if table
                else "nothing kept (no --table)"
            )
        )
        raise typer.Exit(EXIT_INTERRUPTED) from None


def _replies(
    letter: str,
    turns: int,
    out: Path,
    seconds: float | None,
    nodes: int | None,
    table: Path | None,
    as_json: bool,
) -> list[ReplyStatus]:
    """Blue's replies to opening ``letter`` put to the search; the lost ones and a count
    printed (unless ``as_json``)."""

    def said(answer: ReplyStatus) -> None:
        if as_json or answer.status == "holds":
            return
        if answer.status == "open":
            typer.echo(
                f"{letter}  reply {answer.number:3d} {answer.reply:<11} open "
                f"[{answer.nodes:,} nodes]"
            )
            return
        assert answer.check is not None
        checked = "checked" if answer.check.holds else f"CHECK FAILED: {answer.check.fault}"
        typer.echo(
            f"{letter}  reply {answer.number:3d} {answer.reply:<11} lost: Yellow wins within "
            f"{_turns(answer.turns)}; {answer.proof} ({_lines(answer.lines)}, {checked})"
        )

    with usage_errors():
        answers = prove_replies(
            letter, turns, out, seconds=seconds, nodes=nodes, journal=table, done=said
        )
    if not as_json:
        count = {
            status: sum(a.status == status for a in answers) for status in ("lost", "holds", "open")
        }
        spent = sum(a.seconds for a in answers)
        typer.echo(
            f"{letter}  {len(answers)} replies up to symmetry: {count['lost']} lost for Blue "
            f"within {_turns(turns)}, {count['holds']} hold, {count['open']} open [{spent:.1f} s]"
        )
    return answers


def _prove_record(
    spec: str,
    turns: int,
    turn: int | None,
    winner_name: str | None,
    out: Path,
    seconds: float | None,
    nodes: int | None,
    journal: Journal | None,
    as_json: bool,
) -> None:
    _, _, record = load_record(spec)
    with usage_errors():
        situation = situation_of(record, turn)
        winner = colour_named(winner_name) if winner_name else situation.mover
    if situation.tiles_left is None:
        fail("the position has no supply limit (a Position record): prove from a game record")
    with usage_errors():
        search = ProofSearch(
            situation.position,
            situation.mover,
            winner,
            turns,
            situation.tiles_left,
            journal=journal,
        )
    outcome = search.run(nodes=nodes, seconds=seconds)
    path: Path | None = None
    lines = 0
    if outcome.proved:
        proof = proof_of(
            situation.position,
            situation.mover,
            winner,
            situation.tiles_left,
            turns,
            search.strategy(),
        )
        target = out if out.suffix in (".proof", ".gz") else make_folder(out) / "position.proof"
        path = write_proof(target, proof, [f"{situation.where}: {proof.claim()}."])
        wrote(path)
        lines = len(proof.strategy)
    status = {True: "proved", False: "no win", None: "open"}[outcome.proved]
    if as_json:
        typer.echo(
            dumps(
                {
                    "where": situation.where,
                    "winner": winner.value,
                    "turns": turns,
                    "status": status,
                    "turn": None if outcome.turn is None else tiles_text(outcome.turn),
                    "nodes": outcome.nodes,
                    "seconds": round(outcome.seconds, 1),
                    "proof": None if path is None else str(path),
                    "lines": lines,
                }
            )
        )
        return
    spent = f"{outcome.nodes:,} nodes, {outcome.seconds:.1f} s"
    if outcome.proved:
        first = (
            f"first {tiles_text(outcome.turn)}"
            if outcome.turn is not None
            else f"whatever {situation.mover} plays"
        )
        typer.echo(
            f"{situation.where}: {winner} wins within {_turns(turns)}, {first}; "
            f"{path} ({_lines(lines)}) [{spent}]"
        )
    elif outcome.proved is False:
        typer.echo(
            f"{situation.where}: {winner} has no win within {_turns(turns)} "
            f"(searched in full) [{spent}]"
        )
    else:
        typer.echo(f"{situation.where}: not settled within the budget [{spent}]")
