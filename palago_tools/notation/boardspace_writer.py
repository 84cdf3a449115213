"""Writing Palago games as boardspace.net records (SGF), as boardspace's server writes them: the
game's properties, ``Start``, each tile as a ``Dropb`` (a turn's tile that touches the tiles
already down first, as boardspace's interface requires) and a ``Done`` after each turn (the
mapping of cells and chips is :mod:`.boardspace`'s; docs/boardspace.md says what is kept and
lost, and which games have no boardspace form)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Final

from ..core.hexgrid import Cell, neighbours
from ..core.incremental import LiveAnalysis
from ..core.tiles import Colour
from ..errors import PalagoError, PositionError
from .boardspace import CHIP_ORIENTATIONS, PLAYER_INFO, column_text, square_of
from .records import (
    KIND_OF,
    Comment,
    PalagoGame,
    PalagoResult,
    PalagoTurn,
    PalagoVariant,
    Placement,
    Record,
)
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
    _check_supply(record)
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
    order = _Order()
    mover = 0 if record.first is Colour.YELLOW else 1
    moves.add(mover, f"Start P{mover}", _comment_text(record.comments))
    for turn in record.turns:
        for placement in order.turn(turn):
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


def _check_supply(record: PalagoGame) -> None:
    """Refuse a game whose supply ran out without a winner: boardspace's supply is unlimited, so
    it would read the end of such a game (a draw, or a last turn of one tile) differently."""
    if record.tiles is None or record.result in (PalagoResult.YELLOW_WINS, PalagoResult.BLUE_WINS):
        return
    laid = sum(len(turn.placements) for turn in record.turns)
    if laid >= record.tiles:
        raise BoardspaceFormError(
            f"a game whose supply of {record.tiles} tiles ran out has no boardspace form: "
            "boardspace's supply is unlimited, so it would read the end of this game differently"
        )


class _Order:
    """The order boardspace lays a turn's tiles in: the first must touch the tiles already down,
    the second the first (``PalagoBoard.LegalToHitBoard``)."""

    def __init__(self) -> None:
        self.down: set[Cell] = set()
        self.live: LiveAnalysis | None = LiveAnalysis()
        """The tiles down, analysed; ``None`` once the record puts two tiles on one cell."""

    def touches(self, placement: Placement) -> bool:
        return any(n in self.down for n in neighbours(placement.tile.cell))

    def turn(self, turn: PalagoTurn) -> tuple[Placement, ...]:
        """The turn's tiles, the one that touches the tiles down first. When that tile completes
        a creature on its own, boardspace ends the game with it: the other tile is left out
        (named in a comment) if the game's end stays the same (the same colours of creatures),
        and the turn has no boardspace form if it does not."""
        placements = turn.placements
        swapped = (
            len(placements) == 2
            and bool(self.down)
            and not self.touches(placements[0])
            and self.touches(placements[1])
        )
        if swapped:
            placements = (placements[1], placements[0])
        elif not self.down and len(placements) != 2:
            raise BoardspaceFormError(
                f"turn {turn.number} has no boardspace form: boardspace's first turn lays two tiles"
            )
        elif self.down and not self.touches(placements[0]):
            raise BoardspaceFormError(
                f"turn {turn.number} has no boardspace form: none of its tiles touches the tiles "
                "down, and boardspace lays first a tile that does"
            )
        try:
            ended: set[Colour] = set()
            for index, placement in enumerate(placements):
                if self.live is None:
                    break
                completed = {c.colour for c in self.live.place(placement.tile)}
                if swapped and not index:
                    ended = completed
                elif ended and not completed <= ended:
                    raise BoardspaceFormError(
                        f"turn {turn.number} has no boardspace form: boardspace lays first the "
                        f"tile that touches the tiles down, {placements[0].tile.token}, which "
                        "ends the game on its own, and the other tile changes its end"
                    )
        except PositionError:
            self.live = None
        self.down.update(p.tile.cell for p in placements)
        if swapped and ended:
            first, left = placements
            note = Comment(
                f"boardspace: {left.tile.token} left out; boardspace lays "
                f"{first.tile.token} first, and it ends the game"
            )
            return (Placement(first.tile, first.glyph, (*first.comments, note), first.span),)
        return placements


class _Moves:
    def __init__(self, lines: list[str]) -> None:
        self.lines = lines
        self.index = 0

    def add(self, player: int, move: str, comments: Sequence[str] = ()) -> None:
        note = "C" + "".join(f"[{escape(c)}]" for c in comments) if comments else ""
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


def _comment_text(comments: Sequence[Comment]) -> list[str]:
    """Each comment as the text of one ``C`` value, its annotations written after its words
    (one value each, so that they read back as the comments they were)."""
    return [" ".join([c.text, *map(annotation_text, c.annotations)]).strip() for c in comments]
