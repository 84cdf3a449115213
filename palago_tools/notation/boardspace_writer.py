"""Writing Palago games as boardspace.net records (SGF), as boardspace's server writes them: the
game's properties, ``Start``, each tile as a ``Dropb`` and a ``Done`` after each turn (the mapping
of cells and chips is :mod:`.boardspace`'s; docs/boardspace.md says what is kept and lost)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Final

from ..core.tiles import Colour
from ..errors import PalagoError
from .boardspace import CHIP_ORIENTATIONS, PLAYER_INFO, column_text, square_of
from .records import KIND_OF, Comment, PalagoGame, PalagoResult, PalagoVariant, Record
from .sgf import escape
from .writer import annotation_text

ENDING: Final = re.compile(r"(Yellow|Blue) (resigned|won on time)")
"""An ``X-Termination`` that boardspace records as moves."""


class BoardspaceFormError(PalagoError, ValueError):
    """A record that boardspace.net's records cannot hold (not a two-player standard game)."""


def write_boardspace(records: Record | Iterable[Record]) -> str:
    """Palago games as boardspace.net SGF records, one game tree each, as its server writes them."""
    if isinstance(records, PalagoGame):
        records = [records]
    return "".join(boardspace_record(r) for r in records)  # type: ignore[union-attr]


def boardspace_record(record: Record) -> str:
    """One Palago game as a boardspace.net SGF record."""
    if not isinstance(record, PalagoGame):
        kind = KIND_OF.get(type(record), type(record).__name__)
        raise BoardspaceFormError(f"a {kind} record has no boardspace form: only Palago games do")
    if record.variant is not PalagoVariant.STANDARD:
        raise BoardspaceFormError(
            f"the {record.variant.value} opening has no boardspace form: boardspace's first turn "
            "lays two tiles"
        )
    tags = dict(record.tags)
    lines = ["(;", "GM[Palago]VV[1]", "CM[0,1]", "SU[palago 2 0 101]"]
    for tag, prop in (("Date", "DT"), ("X-GameName", "GN"), ("X-GameTitle", "GC")):
        if tag in tags:
            lines.append(f"{prop}[{escape(tags[tag])}]")
    outcome = _outcome(record, tags)
    if outcome:
        lines.append(f"RE[{escape(outcome)}]")
    for player, name in ((0, record.yellow), (1, record.blue)):
        if name is not None:
            lines.append(f'P{player}[id "{escape(name)}"]')
    for colour, player in ((Colour.YELLOW, 0), (Colour.BLUE, 1)):
        for key in PLAYER_INFO.values():
            text = tags.get(f"X-{colour.value.capitalize()}{key}")
            if text is not None:
                lines.append(f"P{player}[{key.lower()} {escape(text)}]")
    moves = _Moves(lines)
    mover = 0 if record.first is Colour.YELLOW else 1
    moves.add(mover, f"Start P{mover}", _comment_text(record.comments))
    for turn in record.turns:
        for placement in turn.placements:
            column, row = square_of(placement.tile.cell)
            chip = CHIP_ORIENTATIONS.index(placement.tile.orientation)
            moves.add(
                mover,
                f"Dropb {column_text(column)} {row} {chip}",
                _comment_text(placement.comments),
            )
        moves.add(mover, "Done")
        mover = 1 - mover
    ending = ENDING.fullmatch(tags.get("X-Termination", ""))
    if ending is not None and (0 if ending.group(1) == "Yellow" else 1) == mover:
        if ending.group(2) == "resigned":
            moves.add(mover, "Resign")
            moves.add(mover, "Done")
        else:
            moves.add(mover, "WinOnTime")
    lines.append(")")
    return "\n".join(lines) + "\n"


class _Moves:
    def __init__(self, lines: list[str]) -> None:
        self.lines = lines
        self.index = 0

    def add(self, player: int, move: str, comment: str = "") -> None:
        note = f"C[{escape(comment)}]" if comment else ""
        self.lines.append(f"; P{player}[{self.index} {move}]{note}")
        self.index += 1


def _outcome(record: PalagoGame, tags: dict[str, str]) -> str:
    if "X-Result" in tags:
        return tags["X-Result"]
    ending = ENDING.fullmatch(tags.get("X-Termination", ""))
    if ending is not None:
        resigned = ending.group(2) == "resigned"
        winner = Colour(ending.group(1).lower())
        winner = winner.other if resigned else winner
    elif record.result is PalagoResult.YELLOW_WINS:
        winner = Colour.YELLOW
    elif record.result is PalagoResult.BLUE_WINS:
        winner = Colour.BLUE
    else:
        return ""
    name = record.yellow if winner is Colour.YELLOW else record.blue
    return f"Game won by {name if name is not None else winner.value}"


def _comment_text(comments: Sequence[Comment]) -> str:
    parts = [" ".join([c.text, *map(annotation_text, c.annotations)]).strip() for c in comments]
    return " ".join(p for p in parts if p)
