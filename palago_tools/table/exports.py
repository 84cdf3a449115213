"""Downloads from the table: the record, the current position as a diagram, and for Palagonia
the score pad filled in with the game so far."""

from __future__ import annotations

from typing import Final

from ..diagram import Diagram, Emphasis, Options
from ..errors import PalagoError
from ..languages import lang_named
from ..notation import records as rec
from ..notation import write_record
from ..printing import PadFilling, PadRow, palagonia_pad
from ..rules.palagonia import PLAYER_COUNTS
from ..screens import count, say
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


def export(session: Session, name: str, lang: str = "EN") -> tuple[bytes, str, str]:
    """The download ``name`` (one of :data:`EXPORTS`): its bytes, media type and file name; the
    board's caption and the score pad in ``lang``."""
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
        return score_sheet(session, lang), EXPORTS[name], f"{stem}-scores.pdf"
    fmt = name.rsplit(".", 1)[1]
    return board_diagram(session, fmt, lang), EXPORTS[name], f"{stem}-board.{fmt}"


def board_diagram(session: Session, fmt: str, lang: str = "EN") -> bytes:
    """The position now, with the creatures the last turn completed emphasised and a caption
    in ``lang``: ``Palago, after 12 turns: Yellow (Anna) won``."""
    record = session.record
    assert record is not None
    kind = say("kind_" + rec.KIND_OF[type(record)], lang)
    caption = f"{kind}, {count('t_after_turns', len(record.turns), lang)}"
    result = session.result_text(lang)
    if result:
        caption = say("r_ended", lang, head=caption, end=result)
    completed = frozenset(c for creature in session.outcome.completed for c in creature.cells)
    diagram = Diagram(
        session.position(), caption=caption, emphasis=Emphasis(completed) if completed else None
    )
    try:
        return diagram_bytes(diagram, fmt, Options())
    except PalagoError:
        return diagram_bytes(Diagram(session.position(), caption=caption), fmt, Options())


def score_sheet(session: Session, lang: str = "EN") -> bytes:
    """The Palagonia score pad in ``lang`` with the names, every turn after the start and the
    totals."""
    record = session.record
    if not isinstance(record, rec.PalagoniaGame):
        raise TableError("a score sheet is for Palagonia games")
    players = len(record.players)
    if players not in PLAYER_COUNTS:
        low, high = PLAYER_COUNTS[0], PLAYER_COUNTS[-1]
        raise TableError(f"the score pad is for {low} to {high} players, not {players}")
    table = score_table(record, session, every_turn=True, lang=lang)
    rows = tuple(
        PadRow(row["label"], tuple(row["points"]), tuple(row["shared"]), tuple(row["totals"]))
        for row in table["rows"]
    )
    totals = tuple(table["totals"]) if session.over else None
    filling = PadFilling(record.players, rows, totals)
    return palagonia_pad(players, lang=lang_named(lang), filling=filling)
