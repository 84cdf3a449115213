"""Writing records as canonical notation: tags in a fixed order, movetext wrapped at 79 columns.

Reading the written text gives back an equal record, and writing what was read is a fixed point.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import Final

from ..core.hexgrid import cell_text
from ..core.tiles import SET_SIZE, Colour, Tile
from ..errors import EXIT_BUG, PalagoError, require
from .reader import LINE_START_KIND, parse_text
from .records import (
    ARROW_COLOUR,
    HIGHLIGHT_COLOUR,
    KIND_OF,
    OUTLINE_COLOUR,
    AddTile,
    Annotation,
    ArrowCommand,
    Comment,
    CreatureCard,
    EvalCommand,
    GhostCommand,
    Glyph,
    HighlightCommand,
    LabelCommand,
    MarkCommand,
    MoveTile,
    OutlineCommand,
    PalagoGame,
    PalagoniaAction,
    PalagoniaGame,
    PalagoniaTurn,
    PalagoTurn,
    PalagoVariant,
    Place,
    Placement,
    PositionRecord,
    Record,
    Remove,
    Rotate,
    RotateTile,
    Step,
    Transformation,
    Variation,
)
from .tags import UNLIMITED
from .walk import TurnT, Visitor, walk_turns

WIDTH: Final = 79
"""Movetext lines are wrapped to at most this many characters where words allow."""

_BREAK: Final = "\n"
"""An atom that ends the line (after a ``;`` comment, between sections)."""


def _tile(tile: Tile) -> str:
    return tile.token


def _quote(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _colour_name(colour: Colour) -> str:
    return colour.value.capitalize()


def eval_text(evaluation: EvalCommand) -> str:
    """The value of ``[%eval …]``: ``1.25``, ``-0.5``, ``#3`` or ``#-3``."""
    if evaluation.win_in is not None:
        return f"#{evaluation.win_in}"
    assert evaluation.points is not None
    text = f"{evaluation.points:.6f}".rstrip("0")
    return text + "0" * (3 - len(text.partition(".")[2]) - 1)


def annotation_text(annotation: Annotation) -> str:
    """One annotation as ``[%name …]``; default colours are written out."""
    if isinstance(annotation, HighlightCommand):
        args = [annotation.colour or HIGHLIGHT_COLOUR, *map(cell_text, annotation.cells)]
        name = "highlight"
    elif isinstance(annotation, MarkCommand):
        args = [annotation.shape.value, *map(cell_text, annotation.cells)]
        name = "mark"
    elif isinstance(annotation, LabelCommand):
        args = [annotation.text, cell_text(annotation.cell)]
        name = "label"
    elif isinstance(annotation, ArrowCommand):
        args = [
            annotation.colour or ARROW_COLOUR,
            cell_text(annotation.start),
            cell_text(annotation.end),
        ]
        name = "arrow"
    elif isinstance(annotation, OutlineCommand):
        args = [annotation.colour or OUTLINE_COLOUR, *map(cell_text, annotation.cells)]
        name = "outline"
    elif isinstance(annotation, EvalCommand):
        args = [eval_text(annotation)]
        name = "eval"
    else:
        assert isinstance(annotation, GhostCommand)
        args = [*map(_tile, annotation.tiles)]
        name = "ghost"
    return f"[%{name} {' '.join(args)}]"


def _comment_atoms(comment: Comment) -> list[str]:
    text = " ".join(comment.text.split())
    if not comment.annotations and ("}" in text or "[%" in text):
        return [f"; {text}", _BREAK]
    words: list[str] = text.split() + [annotation_text(a) for a in comment.annotations]
    if not words:
        return ["{}"]
    words[0] = "{" + words[0]
    words[-1] = words[-1] + "}"
    return words


def _comments(comments: Sequence[Comment]) -> list[str]:
    return [atom for c in comments for atom in _comment_atoms(c)]


def _glyph(glyph: Glyph | None) -> str:
    return glyph.value if glyph is not None else ""


def _placement(placement: Placement) -> list[str]:
    return [_tile(placement.tile) + _glyph(placement.glyph), *_comments(placement.comments)]


def _wrap(atoms: Sequence[str], first: Sequence[str] = ()) -> list[str]:
    """Atoms joined by spaces into lines of at most :data:`WIDTH` characters, where words
    allow: a line never begins so that the reader would take it for a new record (a comment's
    word ``[Kind`` moves down with the word before it, or stays on the line above)."""
    lines = _Lines()
    lines.extend([*first, *atoms])
    return lines.finished()


def _begins_record(words: Sequence[str]) -> bool:
    return LINE_START_KIND.match(" ".join(words)) is not None


class _Lines:
    """Lines being wrapped, an atom at a time: each atom goes on the line being filled, or
    starts the next one when it would pass :data:`WIDTH`; each line filled is then given the
    last words of the line above while it would begin a record (``[Kind`` at its start), or
    joined to it. Only the last line kept can still change, so the lines before it are done,
    and more atoms cost only themselves."""

    def __init__(self) -> None:
        self.done: list[str] = []
        """The lines that no atom to come can change."""
        self.kept: list[str] | None = None
        """The last line filled: words may still move from it to the next line, or the next
        line join it."""
        self.line: list[str] = []
        """The line being filled."""
        self.size = 0

    def copy(self) -> _Lines:
        other = _Lines()
        other.done = list(self.done)
        other.kept = None if self.kept is None else list(self.kept)
        other.line, other.size = list(self.line), self.size
        return other

    def extend(self, atoms: Iterable[str]) -> None:
        for atom in atoms:
            if atom == _BREAK:
                if self.line:
                    self._filled(self.line)
                self.line, self.size = [], 0
            elif self.line and self.size + 1 + len(atom) > WIDTH:
                self._filled(self.line)
                self.line, self.size = [atom], len(atom)
            else:
                self.line.append(atom)
                self.size += len(atom) + (len(self.line) > 1)

    def _filled(self, words: list[str]) -> None:
        above = self.kept
        if above is None:
            self.kept = words
            return
        words = list(words)
        while _begins_record(words) and len(above) > 1 and not above[-1].startswith(";"):
            words.insert(0, above.pop())
        if _begins_record(words):
            above.extend(words)
        else:
            self.done.append(" ".join(above))
            self.kept = words

    def finished(self) -> list[str]:
        """The lines of the atoms so far, as if no more came (this object is left as it was)."""
        last = self.copy()
        if last.line:
            last._filled(last.line)
        return last.done + ([] if last.kept is None else [" ".join(last.kept)])


class _Movetext(Visitor[TurnT]):
    """The atoms of a game's turns and variations, walked in the order of the text."""

    def __init__(self, turn_atoms: Callable[[TurnT], list[str]], atoms: list[str]) -> None:
        self.turn_atoms: Callable[[TurnT], list[str]] = turn_atoms
        self.atoms = atoms
        self.opened: list[int] = []
        """Where each variation being written starts in :attr:`atoms`, innermost last."""

    def visit_turn(self, turn: TurnT, index: int) -> None:
        self.atoms += self.turn_atoms(turn)

    def begin_variation(self, variation: Variation[TurnT], turn: TurnT, index: int) -> bool:
        self.opened.append(len(self.atoms))
        self.atoms += _comments(variation.comments)
        return True

    def end_variation(self, variation: Variation[TurnT], turn: TurnT, index: int) -> None:
        # The parentheses stick to the first and last atoms; after a ``;`` comment (which ends
        # the line) the closing one starts the next line.
        atoms = self.atoms
        first = self.opened.pop()
        atoms[first] = "(" + atoms[first]
        if atoms[-1] == _BREAK:
            atoms.append(")")
        else:
            atoms[-1] = atoms[-1] + ")"
        atoms += _comments(variation.after)


def _palago_turn(turn: PalagoTurn) -> list[str]:
    atoms = [f"{turn.number}."]
    for placement in turn.placements:
        atoms += _placement(placement)
    return atoms


def action_atoms(action: PalagoniaAction) -> list[str]:
    """A Palagonia action as written, word by word: ``3: 0,0R 1,0L 0,1D``, ``x 2,-1``,
    ``@ 0,0D`` or ``-``."""
    if isinstance(action, Place):
        return [f"{len(action.tiles)}:", *map(_tile, action.tiles)]
    if isinstance(action, Remove):
        return ["x", cell_text(action.cell)]
    if isinstance(action, Rotate):
        return ["@", _tile(action.tile)]
    return ["-"]


def _palagonia_turn(turn: PalagoniaTurn) -> list[str]:
    atoms = [f"{turn.label}."]
    atoms += [roll.text for roll in turn.rolls]
    operands = action_atoms(turn.action)
    operands[-1] += _glyph(turn.glyph)
    return atoms + operands + _comments(turn.comments)


def _step(step: Step) -> list[str]:
    action = step.action
    if isinstance(action, MoveTile):
        text = f"{cell_text(action.origin)}>{_tile(action.tile)}"
    elif isinstance(action, RotateTile):
        text = f"@{_tile(action.tile)}"
    else:
        assert isinstance(action, AddTile)
        text = f"+{_tile(action.tile)}"
    return [f"{step.number}.", text + _glyph(step.glyph), *_comments(step.comments)]


def _tags(record: Record) -> list[tuple[str, str]]:
    tags: list[tuple[str, str]] = [("Kind", KIND_OF[type(record)])]
    free = dict(record.tags)
    common_head = [(n, free.pop(n)) for n in ("Event", "Site", "Date", "Round") if n in free]
    if isinstance(record, PalagoGame):
        tags += common_head
        if record.yellow is not None:
            tags.append(("Yellow", record.yellow))
        if record.blue is not None:
            tags.append(("Blue", record.blue))
        tags.append(("First", _colour_name(record.first)))
        if record.tiles != SET_SIZE:
            tags.append(("Tiles", UNLIMITED if record.tiles is None else str(record.tiles)))
        if record.variant is not PalagoVariant.STANDARD:
            tags.append(("Variant", record.variant.value))
        tags.append(("Result", record.result.value))
    elif isinstance(record, PalagoniaGame):
        tags += common_head
        tags += [(f"Player{n}", name) for n, name in enumerate(record.players, start=1)]
        if record.tiles != SET_SIZE:
            tags.append(("Tiles", str(record.tiles)))
        tags.append(("Result", _scores(record.scores)))
    elif isinstance(record, PositionRecord):
        tags += common_head
        if record.caption is not None:
            tags.append(("Caption", record.caption))
    elif isinstance(record, CreatureCard):
        if record.card is not None:
            tags.append(("Card", str(record.card)))
        tags += [(f"Name{lang}", name) for lang, name in record.names]
        if record.difficulty is not None:
            tags.append(("Difficulty", str(record.difficulty)))
        if record.colour is not None:
            tags.append(("Colour", _colour_name(record.colour)))
        tags += common_head
    else:
        if record.source_name is not None:
            tags.append(("From", record.source_name))
        if record.target_name is not None:
            tags.append(("To", record.target_name))
        tags += common_head
    return tags + list(free.items())


def _scores(scores: tuple[int, ...] | None) -> str:
    return "*" if scores is None else "-".join(map(str, scores))


GameRecord = PalagoGame | PalagoniaGame


def _movetext(record: GameRecord, start: int = 0) -> list[str]:
    """The atoms of the turns of ``record`` from ``start`` on, and their variations, in the
    order of the text."""
    atoms: list[str] = []
    if isinstance(record, PalagoGame):
        walk_turns(record.turns[start:], _Movetext(_palago_turn, atoms))
    else:
        walk_turns(record.turns[start:], _Movetext(_palagonia_turn, atoms))
    return atoms


def _result(record: PalagoGame | PalagoniaGame) -> str:
    return record.result.value if isinstance(record, PalagoGame) else _scores(record.scores)


def _body(record: Record) -> list[str]:
    if isinstance(record, (PalagoGame, PalagoniaGame)):
        atoms = _comments(record.comments) + _movetext(record)
        return _wrap([*atoms, _result(record)])
    if isinstance(record, (PositionRecord, CreatureCard)):
        atoms = _comments(record.comments)
        for placement in record.placements:
            atoms += _placement(placement)
        return _wrap(atoms)
    lines = _wrap(_comments(record.comments))
    start = [a for p in record.start for a in _placement(p)]
    target = [a for p in record.target for a in _placement(p)]
    lines += _wrap(start, ["start:"]) + _wrap(target, ["target:"])
    lines += _wrap([a for s in record.steps for a in _step(s)])
    return lines


_KINDS: Final = (PalagoGame, PalagoniaGame, PositionRecord, CreatureCard, Transformation)


def _head(record: Record) -> list[str]:
    return [f"[{name} {_quote(value)}]" for name, value in _tags(record)]


def write_record(record: Record) -> str:
    """One record as canonical text, ending with a newline."""
    require(record, _KINDS, "the record to write")
    return "\n".join(_head(record) + [""] + _body(record)) + "\n"


class GameText:
    """The canonical text of a Palago or Palagonia game (:attr:`text`, what
    :func:`write_record` writes), kept with its movetext wrapped so far, so that the text of
    the game one turn longer costs that turn only (:meth:`then`), not the whole game again.

    The lines of the text are filled atom by atom, and a turn more adds its atoms at the end of
    the movetext, after the turns and variations before it and before the result: every line
    that the last atoms of the game cannot change stays as it was."""

    def __init__(self, record: GameRecord, lines: _Lines | None = None) -> None:
        require(record, (PalagoGame, PalagoniaGame), "the game to write")
        self.record = record
        if lines is None:
            lines = _Lines()
            lines.extend(_comments(record.comments) + _movetext(record))
        self._lines = lines
        ending = lines.copy()
        ending.extend([_result(record)])
        self.text = "\n".join(_head(record) + [""] + ending.finished()) + "\n"

    def then(self, record: GameRecord) -> GameText | None:
        """The text of ``record`` when it is this game with one more turn (and perhaps another
        result: nothing else changed), else ``None``."""
        before = self.record
        if type(record) is not type(before) or len(record.turns) != len(before.turns) + 1:
            return None
        if record.turns[:-1] != before.turns:
            return None
        if isinstance(record, PalagoGame):
            assert isinstance(before, PalagoGame)
            same = replace(record, turns=before.turns, result=before.result) == before
        else:
            assert isinstance(before, PalagoniaGame)
            same = replace(record, turns=before.turns, scores=before.scores) == before
        if not same:
            return None
        lines = self._lines.copy()
        lines.extend(self.turn_atoms(record))
        return GameText(record, lines)

    @property
    def result(self) -> str:
        """The result as written (``*`` while the game goes on)."""
        return _result(self.record)

    @staticmethod
    def turn_atoms(record: GameRecord) -> list[str]:
        """The words of the last turn of ``record`` (with its variations), as written."""
        return _movetext(record, len(record.turns) - 1)


class UnreadableTextError(PalagoError):
    """Canonical text that would not read back as the records it was written from: a bug of
    the writer, raised by :func:`write_verified` instead of giving the text out."""

    exit_code = EXIT_BUG


def write_verified(records: Record | Iterable[Record]) -> str:
    """:func:`write`, then read the text back: the same records, or an
    :class:`UnreadableTextError` (for a command that rewrites a file, such as ``palago fmt``,
    which must never turn a readable file into an unreadable one)."""
    chosen = tuple(records) if not isinstance(records, _KINDS) else (records,)
    text = write(list(chosen))
    again = parse_text(text, "<written>")
    if again.errors or again.records != chosen:
        problem = again.errors[0].message if again.errors else "it reads back as other records"
        raise UnreadableTextError(
            f"the canonical text would not read back the same ({problem}); nothing was "
            "written: this is a bug in palago-tools"
        )
    return text


def write(records: Record | Iterable[Record]) -> str:
    """Records as canonical text, separated by blank lines."""
    kinds = _KINDS
    if isinstance(records, kinds):
        records = [records]
    require(records, (list, tuple), "the records to write")
    for record in records:
        require(record, kinds, "each record to write")
    return "\n".join(write_record(r) for r in records)
