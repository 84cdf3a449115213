"""The six openings (A to F, as the rulebook figure names them) put to the proof search.

For each opening the question is whether Blue, the second player, wins within ``turns`` of its
turns whatever Yellow does after its first turn. The answer is **lost** (Blue's strategy, a
proof file that :func:`~palago_tools.proofs.check.check_proof` has checked), **holds** (no such
win: searched in full, every turn of both sides), or **open** (the budget ran out first). The
same question is asked of each of Blue's replies to an opening that holds, up to symmetry: does
Yellow win within ``turns`` after it?
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from ..core.board import Board
from ..core.position import Position
from ..core.tiles import Colour
from ..core.turns import Turn
from ..engine.study import starts
from ..rules.palago import tiles_left_after
from .canonical import name_of, tiles_text
from .check import Check, check_proof
from .search import Journal, ProofAnswer, ProofNode, ProofSearch
from .strategy import proof_of, write_proof

__all__ = ["OpeningStatus", "ReplyStatus", "distinct_replies", "prove_openings", "prove_replies"]


@dataclass(frozen=True)
class OpeningStatus:
    """One opening's answer: ``status`` is ``"lost"``, ``"holds"`` or ``"open"``; for a lost one,
    Blue's reply, the proof file, its lines and the check of it."""

    letter: str
    tiles: str
    turns: int
    status: str
    nodes: int
    seconds: float
    reply: str | None = None
    proof: Path | None = None
    lines: int = 0
    check: Check | None = None
    loaded: int = 0
    """Solved positions read from the search's table (a run going on from an earlier one)."""

    def json(self) -> dict[str, object]:
        return {
            "opening": self.letter,
            "tiles": self.tiles,
            "turns": self.turns,
            "status": self.status,
            "nodes": self.nodes,
            "seconds": round(self.seconds, 1),
            "reply": self.reply,
            "proof": None if self.proof is None else str(self.proof),
            "lines": self.lines,
            "checked": None if self.check is None else self.check.holds,
            "loser_turns_checked": None if self.check is None else self.check.loser_turns,
            "read_from_table": self.loaded,
        }


def prove_openings(
    turns: int,
    out: Path,
    *,
    letters: str = "ABCDEF",
    seconds: float | None = None,
    nodes: int | None = None,
    journal: Path | None = None,
    done: Callable[[OpeningStatus], None] | None = None,
) -> list[OpeningStatus]:
    """Each opening of ``letters`` searched for Blue's win within ``turns`` (each within
    ``seconds`` / ``nodes`` when given); proofs written to ``out`` as
    ``opening-<letter>.proof.gz`` and checked; ``journal`` keeps the solved positions
    between runs (Ctrl-C loses nothing solved)."""
    found = []
    table: dict[tuple[str, int, bool], ProofNode] = {}  # shared: the journal is read once
    for start in starts():
        if start.name not in letters:
            continue
        (turn,) = start.opening
        position = Position(turn)
        search, outcome, status = _search(
            position, Colour.BLUE, turns, table, journal, nodes, seconds
        )
        row = OpeningStatus(
            start.name,
            tiles_text(turn),
            turns,
            status,
            outcome.nodes,
            outcome.seconds,
            loaded=search.loaded,
        )
        if outcome.proved and outcome.turn is not None:
            started = time.perf_counter()
            path, lines, check = _written(
                search,
                out / f"opening-{start.name}.proof.gz",
                [
                    f"Opening {start.name} ({tiles_text(turn)}) is lost for Yellow: Blue wins "
                    f"within {turns} of its turns.",
                    "Made by palago prove openings; check it with palago prove --check FILE.",
                ],
            )
            row = replace(
                row,
                seconds=outcome.seconds + time.perf_counter() - started,
                reply=tiles_text(outcome.turn),
                proof=path,
                lines=lines,
                check=check,
            )
        found.append(row)
        if done is not None:
            done(row)
    return found


@dataclass(frozen=True)
class ReplyStatus:
    """One of Blue's replies to an opening (up to symmetry), put to the search for Yellow's win
    within ``turns``: ``"lost"`` (for Blue: Yellow's proof written and checked), ``"holds"``
    or ``"open"``."""

    letter: str
    number: int
    reply: str
    turns: int
    status: str
    nodes: int
    seconds: float
    proof: Path | None = None
    lines: int = 0
    check: Check | None = None

    def json(self) -> dict[str, object]:
        return {
            "opening": self.letter,
            "number": self.number,
            "reply": self.reply,
            "turns": self.turns,
            "status": self.status,
            "nodes": self.nodes,
            "seconds": round(self.seconds, 2),
            "proof": None if self.proof is None else str(self.proof),
            "lines": self.lines,
            "checked": None if self.check is None else self.check.holds,
        }


def distinct_replies(opening: Turn) -> list[Turn]:
    """Blue's legal replies to ``opening``, one for each position up to symmetry, in the rules'
    order."""
    board = Board(Position(opening), Colour.BLUE, tiles_left_after(Position(opening)))
    found: dict[str, Turn] = {}
    for reply in board.legal_turns():
        board.play(reply)
        try:
            if not board.over:
                found.setdefault(name_of(board.position(), Colour.YELLOW)[0], reply)
        finally:
            board.undo(reply)
    return list(found.values())


def prove_replies(
    letter: str,
    turns: int,
    out: Path,
    *,
    seconds: float | None = None,
    nodes: int | None = None,
    journal: Path | None = None,
    done: Callable[[ReplyStatus], None] | None = None,
) -> list[ReplyStatus]:
    """Each of Blue's distinct replies to opening ``letter`` searched for Yellow's win within
    ``turns``; the proofs of the replies that lose written to ``out`` as
    ``opening-<letter>-reply-<number>.proof.gz`` and checked."""
    (opening,) = next(s for s in starts() if s.name == letter).opening
    found = []
    table: dict[tuple[str, int, bool], ProofNode] = {}  # shared: the journal is read once
    for number, reply in enumerate(distinct_replies(opening), 1):
        position = Position([*opening, *reply])
        search, outcome, status = _search(
            position, Colour.YELLOW, turns, table, journal, nodes, seconds
        )
        row = ReplyStatus(
            letter, number, tiles_text(reply), turns, status, outcome.nodes, outcome.seconds
        )
        if outcome.proved:
            path, lines, check = _written(
                search,
                out / f"opening-{letter}-reply-{number:03d}.proof.gz",
                [
                    f"Opening {letter} ({tiles_text(opening)}), Blue's reply {tiles_text(reply)} "
                    f"is lost: Yellow wins within {turns} of its turns.",
                    "Made by palago prove openings --replies; check it with palago prove --check.",
                ],
            )
            row = replace(row, proof=path, lines=lines, check=check)
        found.append(row)
        if done is not None:
            done(row)
    return found


def _search(
    position: Position,
    winner: Colour,
    turns: int,
    table: dict[tuple[str, int, bool], ProofNode],
    journal: Path | None,
    nodes: int | None,
    seconds: float | None,
) -> tuple[ProofSearch, ProofAnswer, str]:
    """``winner``'s win within ``turns`` searched from ``position`` (``winner`` to move after
    an opening, the standard supply), the shared ``table`` kept in ``journal``."""
    search = ProofSearch(
        position,
        winner,
        winner,
        turns,
        tiles_left_after(position),
        table=table,
        journal=None if journal is None else Journal(journal),
    )
    outcome = search.run(nodes=nodes, seconds=seconds)
    return search, outcome, {True: "lost", False: "holds", None: "open"}[outcome.proved]


def _written(search: ProofSearch, path: Path, comments: list[str]) -> tuple[Path, int, Check]:
    """The proved search's strategy written to ``path`` and checked: the path, its lines and
    the check."""
    proof = proof_of(
        search.position,
        search.mover,
        search.winner,
        search.tiles_left or 0,
        search.turns,
        search.strategy(),
    )
    return write_proof(path, proof, comments), len(proof.strategy), check_proof(proof)
