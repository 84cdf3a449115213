"""Annotated games: a Palago record written back with the tactics of every turn.

For each turn of the main line, before it is played: the mover's immediate wins and the
opponent's; after it: the threats it leaves. The last tile of a turn gets

- ``?`` and a ghost of the winning tiles when the mover had an immediate win and did not take it;
- ``??`` when the turn leaves the opponent an immediate win it could have avoided (the position
  was not already lost to a fork);
- ``!!`` when the search proves the turn a forced win in two (every reply fails), ``!`` when it
  makes two threats on different cells that the search shows can be met;

with a comment beginning ``Tactics:`` that says why, and ``[%mark]``/``[%ghost]``/``[%arrow]``
annotations on the cells concerned. A glyph already written is kept. Comments that begin with
``Tactics:`` are replaced on every run and the others kept, so annotating twice gives the same
record. Costs: two immediate-win searches per turn, and a reply-by-reply proof for a turn that
makes a threat the opponent cannot win against first.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ..core.hexgrid import distance
from ..core.tiles import Colour, Tile
from ..core.turns import turn_text
from ..errors import IllegalMoveError
from ..notation import records as rec
from ..notation.walk import Visitor, walk
from ..rules import palago as pg
from ..tactics import Fork, Win, examine_turn, threats
from .situations import game_of

PREFIX = "Tactics:"
"""How the comments written by the annotator begin."""
ANNOTATOR = "palago annotate"


def _name(colour: Colour) -> str:
    return colour.value.capitalize()


def _ghost_and_marks(wins: Sequence[Win], shape: rec.MarkShape) -> list[rec.Annotation]:
    """A mark on the cells of the winning tiles and the tiles themselves drawn faintly."""
    by_cell: dict[tuple[int, int], Tile] = {}
    for win in wins:
        for tile in win.tiles:
            by_cell.setdefault(tile.cell, tile)
    return [rec.MarkCommand(shape, tuple(by_cell)), rec.GhostCommand(tuple(by_cell.values()))]


def _judge(
    game: pg.Palago, turn: rec.PalagoTurn, lost_before: bool
) -> tuple[rec.Glyph | None, rec.Comment | None, bool]:
    """The glyph and comment of ``turn`` (not yet played in ``game``) and whether, after it, the
    opponent of the mover is lost to a proven fork."""
    mover, other = game.mover, game.mover.other
    position, left = game.position(), game.tiles_left
    before = threats(position, mover, tiles_left=left)
    played = game.play(turn.tiles)
    last = turn.tiles[-1].cell
    if before.wins:  # the arrow starts at the tile of the turn nearest the missed one
        target = before.wins[0].tiles[-1].cell
        last = min((t.cell for t in turn.tiles), key=lambda c: distance(c, target))
    if played.game_over:
        if before.wins and played.winner is not mover:
            return rec.Glyph.MISTAKE, _missed(mover, before.wins, last), False
        return None, None, False
    if before.wins:
        return rec.Glyph.MISTAKE, _missed(mover, before.wins, last), False
    after = threats(game.position(), other, tiles_left=game.tiles_left)
    if after.wins:
        if lost_before:
            text = (
                f"{PREFIX} no defence was left; {_name(other)} wins with {after.wins[0].describe()}"
            )
            return (
                None,
                rec.Comment(text, tuple(_ghost_and_marks(after.wins[:1], rec.MarkShape.CROSS))),
                False,
            )
        text = f"{PREFIX} leaves {_name(other)} an immediate win: " + "; ".join(
            w.describe() for w in after.wins[:3]
        )
        marks = _ghost_and_marks(after.wins, rec.MarkShape.CROSS)
        return rec.Glyph.BLUNDER, rec.Comment(text, tuple(marks)), False
    if not after.to_block:
        return None, None, False
    verdict = examine_turn(position, mover, turn.tiles, tiles_left=left)
    marks = _ghost_and_marks(after.to_block, rec.MarkShape.CIRCLE)
    if isinstance(verdict, Fork):
        reasons = "; ".join(f"{count} {reason}" for reason, count, _ex in verdict.reasons()[:3])
        text = (
            f"{PREFIX} forced win in two: {_name(mover)} threatens "
            + " and ".join(w.describe() for w in verdict.threats)
            + f"; every one of {len(verdict.answers)} replies fails ({reasons})"
        )
        return rec.Glyph.BRILLIANT, rec.Comment(text, tuple(marks)), True
    cells = {frozenset(w.cells) for w in after.to_block}
    disjoint = any(not a & b for a in cells for b in cells)
    if disjoint:
        text = (
            f"{PREFIX} double threat: "
            + "; ".join(w.describe() for w in after.to_block[:3])
            + "; "
            + (verdict.reason if verdict.reply is None else "defence: " + turn_text(verdict.reply))
        )
        return rec.Glyph.GOOD, rec.Comment(text, tuple(marks)), False
    text = f"{PREFIX} threatens " + "; ".join(w.describe() for w in after.to_block[:3])
    return None, rec.Comment(text, tuple(marks)), False


def _missed(mover: Colour, wins: Sequence[Win], last: tuple[int, int]) -> rec.Comment:
    win = wins[0]
    text = f"{PREFIX} {_name(mover)} missed a win: {win.describe()}"
    if len(wins) > 1:
        text += f" (and {len(wins) - 1} more)"
    annotations = _ghost_and_marks([win], rec.MarkShape.CIRCLE)
    annotations.append(rec.ArrowCommand(last, win.tiles[-1].cell))
    return rec.Comment(text, tuple(annotations))


def _without_ours(comments: Sequence[rec.Comment]) -> tuple[rec.Comment, ...]:
    return tuple(c for c in comments if not c.text.startswith(PREFIX))


class _Annotator(Visitor[rec.PalagoTurn]):
    """Walks the main line, playing each turn and writing its tactics on its last tile; from
    the end of the game, or an illegal turn, the turns are kept as they are."""

    def __init__(self, record: rec.PalagoGame) -> None:
        self.game = game_of(record)
        self.turns: list[rec.PalagoTurn] = []
        self.lost = False
        self.stopped = False

    def visit_turn(self, turn: rec.PalagoTurn, index: int) -> None:
        if self.stopped:
            self.turns.append(turn)
            return
        *head, tail = turn.placements
        tail = replace(tail, comments=_without_ours(tail.comments))
        judged = None if self.game.over else self._judged(turn)
        if judged is None:  # the game is over, or this turn is illegal: keep the rest
            self.stopped = True
            self.turns.append(replace(turn, placements=(*head, tail)))
            return
        glyph, comment = judged
        if glyph is not None and tail.glyph is None:
            tail = replace(tail, glyph=glyph)
        if comment is not None:
            tail = replace(tail, comments=(*tail.comments, comment))
        self.turns.append(replace(turn, placements=(*head, tail)))

    def _judged(self, turn: rec.PalagoTurn) -> tuple[rec.Glyph | None, rec.Comment | None] | None:
        """The glyph and comment of ``turn``, played; ``None`` when it is illegal."""
        try:
            glyph, comment, self.lost = _judge(self.game, turn, self.lost)
        except IllegalMoveError:
            return None
        return glyph, comment

    def begin_variation(
        self, variation: rec.Variation[rec.PalagoTurn], turn: rec.PalagoTurn, index: int
    ) -> bool:
        return False  # the main line only: variations are kept as written


def annotate_game(record: rec.PalagoGame) -> rec.PalagoGame:
    """``record`` with the tactics of every turn of its main line (see the module docstring);
    turns after an illegal one are left as they are."""
    annotator = _Annotator(record)
    walk(record, annotator)
    tags = tuple((k, v) for k, v in record.tags if k != "Annotator") + (("Annotator", ANNOTATOR),)
    return replace(record, turns=tuple(annotator.turns), tags=tags)


def annotate_records(records: Sequence[rec.Record]) -> list[rec.Record]:
    """Every Palago game annotated; other records as they are."""
    return [annotate_game(r) if isinstance(r, rec.PalagoGame) else r for r in records]


__all__ = ["ANNOTATOR", "PREFIX", "annotate_game", "annotate_records"]
