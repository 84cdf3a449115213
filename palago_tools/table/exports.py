"""Downloads from the table: the record, the current position as a diagram, and for Palagonia
the score pad filled in with the game so far."""

from __future__ import annotations

from typing import Final

from ..diagram import Diagram, Emphasis, Options
from ..errors import PalagoError
from ..notation import records as rec
from ..notation import write_record
from ..printing import PadFilling, PadRow, palagonia_pad
from ..rules.palagonia import PLAYER_COUNTS
from ..views.output import diagram_bytes
from .actions import TableError
from .session import Session
from .state import score_table

EXPORTS: Final = {
    "record": "text/plain; charset=utf-8",
    "board.pdf": "application/pdf",
    "board.png": "image/png",
    "board.svg": "image/svg+xml",
    "scores.pdf": "application/pdf",
}
"""The names a download may ask for, and their media types."""


def export(session: Session, name: str) -> tuple[bytes, str, str]:
    """The download ``name`` (one of :data:`EXPORTS`): its bytes, media type and file name."""
    if name not in EXPORTS:
        raise TableError(
            f"no download called {name[:40]!r}: the downloads are {', '.join(EXPORTS)}"
        )
    record = session.record
    if record is None or session.path is None:
        raise TableError("no game yet: nothing to download")
    stem = session.path.stem
    if name == "record":
        return write_record(record).encode("utf-8"), EXPORTS[name], session.path.name
    if name == "scores.pdf":
        return score_sheet(session), EXPORTS[name], f"{stem}-scores.pdf"
    fmt = name.rsplit(".", 1)[1]
    return board_diagram(session, fmt), EXPORTS[name], f"{stem}-board.{fmt}"


def board_diagram(session: Session, fmt: str) -> bytes:
    """The position now, with the creatures the last turn completed emphasised and a caption."""
    record = session.record
    assert record is not None
    turns = len(record.turns)
    caption = f"{rec.KIND_OF[type(record)]}, after {turns} turn{'s' if turns != 1 else ''}"
    result = session.result_text()
    if result:
        caption += f": {result}"
    completed = frozenset(c for creature in session.outcome.completed for c in creature.cells)
    diagram = Diagram(
        session.position(), caption=caption, emphasis=Emphasis(completed) if completed else None
    )
    try:
        return diagram_bytes(diagram, fmt, Options())
    except PalagoError:
        return diagram_bytes(Diagram(session.position(), caption=caption), fmt, Options())


def score_sheet(session: Session) -> bytes:
    """The Palagonia score pad with the names, every turn after the start and the totals."""
    record = session.record
    if not isinstance(record, rec.PalagoniaGame):
        raise TableError("a score sheet is for Palagonia games")
    players = len(record.players)
    if players not in PLAYER_COUNTS:
        low, high = PLAYER_COUNTS[0], PLAYER_COUNTS[-1]
        raise TableError(f"the score pad is for {low} to {high} players, not {players}")
    table = score_table(record, session, every_turn=True)
    rows = tuple(
        PadRow(row["label"], tuple(row["points"]), tuple(row["shared"]), tuple(row["totals"]))
        for row in table["rows"]
    )
    totals = tuple(table["totals"]) if session.over else None
    return palagonia_pad(players, filling=PadFilling(record.players, rows, totals))
