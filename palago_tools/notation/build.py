"""From lark parse trees to records, checking what the grammar leaves to words.

The grammar fixes the shape of a record; this module reads the values (tile tokens, die faces,
tags, annotation arguments) and checks that a record agrees with itself: turn numbering, the
opening variant, dice against actions, tags against the moves. It does not check game rules.
A problem is raised as :class:`Fault` at a position in the chunk of text being parsed; a
problem found while reading or checking a turn carries that turn (its label as written and its
index in its line of play).

Spans come from the tokens: lark's ``propagate_positions`` is off, and the span of a rule runs
from the start of its first token to the end of its last (:func:`first_token`,
:func:`last_token`), as lark's own positions would. The rules whose spans start or end with a
bracket keep their bracket tokens in the tree (``!`` in the grammar), and the builder skips
them where it reads values.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Final, NoReturn, TypeVar, Union

from lark import Token, Tree

from ..core.hexgrid import Cell
from ..core.tiles import ORIENTATION_HINT, SET_SIZE, Colour, Orientation, Tile, read_tile_token
from .records import (
    ARROW_COLOUR,
    EXTENSION_PREFIX,
    HIGHLIGHT_COLOUR,
    NO_SPAN,
    OUTLINE_COLOUR,
    TEXT_TAGS,
    AddTile,
    Annotation,
    ArrowCommand,
    Comment,
    CreatureCard,
    Die,
    GhostCommand,
    Glyph,
    HighlightCommand,
    LabelCommand,
    MarkCommand,
    MarkShape,
    MoveTile,
    OutlineCommand,
    PalagoGame,
    PalagoniaAction,
    PalagoniaGame,
    PalagoniaTurn,
    PalagoResult,
    Pass,
    PalagoTurn,
    PalagoVariant,
    Place,
    Placement,
    PositionRecord,
    Record,
    Remove,
    Roll,
    Rotate,
    RotateTile,
    Span,
    Step,
    StepAction,
    Transformation,
    Variation,
)

MAX_DIGITS: Final = 6
"""Coordinates, turn numbers, counts and seat numbers (``Player7``) have at most this many digits."""
MAX_NESTING: Final = 40
"""Variations may nest this deep."""
DIE_HINT: Final = "a Palagonia die shows 2, 3, 4, 5, x (remove a tile) or @ (rotate a tile)"
COLOUR_HINT: Final = "a colour is a lower-case name such as red, or #rrggbb"

ParseTree = Tree[Token]
Node = Union[ParseTree, Token]
T = TypeVar("T")

_new_span: Final = tuple.__new__
"""Makes a :class:`Span` from a tuple of four, without the named tuple's own ``__new__``."""


class Fault(Exception):
    """A problem at a line and column of the chunk (already shifted to the file), and the turn
    it belongs to, if any: its label as written (``"7+"``) and its index in its line of play."""

    def __init__(
        self,
        message: str,
        hint: str,
        line: int,
        column: int,
        width: int = 1,
        turn: tuple[str, int] | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint
        self.line = line
        self.column = column
        self.width = width
        self.turn = turn


_NUMBER: Final = re.compile(r"[0-9]{1,%d}\Z" % MAX_DIGITS)
_COLOUR: Final = re.compile(r"(?:[a-z]+|#[0-9a-fA-F]{6})\Z")
_LABEL: Final = re.compile(r"[A-Za-z][A-Za-z0-9]?\Z")
_NAME_TAG: Final = re.compile(r"Name([A-Z]{2})\Z")
_PLAYER_TAG: Final = re.compile(r"Player([1-9][0-9]{0,%d})\Z" % (MAX_DIGITS - 1))
_SCORES: Final = re.compile(r"[0-9]{1,%d}(?:-[0-9]{1,%d})*\Z" % (MAX_DIGITS, MAX_DIGITS))

_GLYPHS: Final = {g.value: g for g in Glyph}
_FACES: Final = {
    "2": Die.TWO,
    "3": Die.THREE,
    "4": Die.FOUR,
    "5": Die.FIVE,
    "x": Die.REMOVE,
    "×": Die.REMOVE,
    "@": Die.ROTATE,
    "↻": Die.ROTATE,
    "⟳": Die.ROTATE,
}
_KINDS: Final = ("Palago", "Palagonia", "Position", "Creature", "Transformation")

_read_tile: Final = lru_cache(maxsize=4096)(read_tile_token)
"""A tile token's tile, or ``None`` with the offset, message and hint (see :func:`read_tile_token`)."""


@lru_cache(maxsize=1024)
def _read_turn_number(text: str) -> tuple[int, int] | None:
    """``(number, extra)`` of ``4.`` or ``4+.``, or ``None`` when the number is too long."""
    label = text[:-1]
    digits = label.rstrip("+")
    if _NUMBER.match(digits) is None:
        return None
    return int(digits), len(label) - len(digits)


def first_token(tree: ParseTree) -> Token | None:
    """The first token of ``tree`` (``None`` when it holds no token, as an empty ``leading``)."""
    for child in tree.children:
        if isinstance(child, Token):
            return child
        found = first_token(child)
        if found is not None:
            return found
    return None


def last_token(tree: ParseTree) -> Token | None:
    """The last token of ``tree`` (``None`` when it holds no token)."""
    for child in reversed(tree.children):
        if isinstance(child, Token):
            return child
        found = last_token(child)
        if found is not None:
            return found
    return None


class Builder:
    """Turns the trees of one chunk into records; positions are shifted by the chunk's start."""

    def __init__(self, line0: int = 1, column0: int = 1) -> None:
        self.line0 = line0
        self.column0 = column0
        self._line_shift = line0 - 1
        self._column_shift = column0 - 1  # on the chunk's first line only
        self.turn: tuple[str, int] | None = None
        """The turn being read or checked: its label as written and its index in its line."""

    # --- positions ---------------------------------------------------------------------------
    def _line(self, line: int) -> int:
        return line + self.line0 - 1

    def _column(self, line: int, column: int) -> int:
        return column + self.column0 - 1 if line == 1 else column

    def token_span(self, token: Token) -> Span:
        return self.span(token, token)

    def span(self, first: Token, last: Token) -> Span:
        """From the start of ``first`` to the end of ``last``, shifted to the file."""
        line = first.line or 1
        column = first.column or 1
        end_line = last.end_line or line
        end_column = last.end_column or column
        if line == 1:
            column += self._column_shift
        if end_line == 1:
            end_column += self._column_shift
        shift = self._line_shift
        return _new_span(Span, (line + shift, column, end_line + shift, end_column))

    def tree_span(self, tree: ParseTree) -> Span:
        """From the start of the tree's first token to the end of its last one."""
        first = first_token(tree)
        if first is None:
            return NO_SPAN
        last = last_token(tree)
        assert last is not None
        return self.span(first, last)

    def node_span(self, first: Token, last: Node) -> Span:
        """From the start of ``first`` to the end of ``last`` (a token, or a tree's last token)."""
        if not isinstance(last, Token):
            end = last_token(last)
            assert end is not None
            last = end
        return self.span(first, last)

    def fail(self, node: Node | Span, message: str, hint: str = "", offset: int = 0) -> NoReturn:
        """Raise a fault at ``node`` (``offset`` characters into a token)."""
        span = node if isinstance(node, Span) else (
            self.token_span(node) if isinstance(node, Token) else self.tree_span(node)
        )
        if isinstance(node, Token) and span.line == span.end_line:
            width = max(1, span.end_column - span.column - offset)
        else:
            width = 1
        raise Fault(message, hint, span.line, span.column + offset, width, self.turn)

    # --- values ------------------------------------------------------------------------------
    def tile(self, token: Token) -> Tile:
        tile, offset, message, hint = _read_tile(str(token))
        if tile is None:
            self.fail(token, message, hint, offset)
        return tile

    def cell(self, token: Token) -> Cell:
        # A cell is a tile token without its letter: reuse the checks, then drop the orientation.
        tile, offset, message, hint = _read_tile(f"{token}R")
        if tile is None:
            self.fail(token, message, hint, offset)
        return tile.cell

    def number(self, token: Token, text: str, what: str) -> int:
        if _NUMBER.match(text) is None:
            self.fail(token, f"{what} {text} is too large", f"it has at most {MAX_DIGITS} digits")
        return int(text)

    def glyph(self, token: Token) -> Glyph:
        return _GLYPHS[str(token)]

    # --- comments and annotations ------------------------------------------------------------
    def comment(self, tree: ParseTree) -> Comment:
        children = tree.children
        first = children[0]
        last = children[-1]
        assert isinstance(first, Token) and isinstance(last, Token)
        span = self.span(first, last)
        if first.type == "LINE_COMMENT":
            return Comment(" ".join(first[1:].split()), (), span)
        parts: list[str] = []
        annotations: list[Annotation] = []
        for child in children[1:-1]:  # between the braces
            if isinstance(child, Token):
                parts.append(str(child))
            else:
                annotations.append(self.annotation(child))
        text = " ".join(" ".join(parts).split())
        return Comment(text, tuple(annotations), span)

    def comments(self, nodes: Sequence[Node]) -> tuple[Comment, ...]:
        return tuple(self.comment(n) for n in nodes if isinstance(n, Tree))

    def annotation(self, tree: ParseTree) -> Annotation:
        opening, name_token, *args, closing = tree.children
        assert isinstance(opening, Token) and isinstance(name_token, Token) and isinstance(closing, Token)
        name = str(name_token)
        span = self.span(opening, closing)
        tokens = [a for a in args if isinstance(a, Token)]
        reader = _ANNOTATIONS.get(name)
        if reader is None:
            self.fail(
                name_token,
                f"unknown annotation %{name}",
                "annotations are %highlight, %mark, %label, %arrow, %outline and %ghost",
            )
        return reader(self, span, tokens)

    def _colour(self, tokens: list[Token], default: str) -> tuple[str, list[Token]]:
        if tokens and tokens[0].type == "WORD":
            word = str(tokens[0])
            if _COLOUR.match(word) is None:
                self.fail(tokens[0], f"{word!r} is not a colour", COLOUR_HINT)
            return word.lower(), tokens[1:]
        return default, tokens

    def _cells(self, tokens: list[Token], span: Span, what: str, count: int | None) -> list[Cell]:
        for token in tokens:
            if token.type != "CELL":
                self.fail(token, f"{what} takes cells, not {_describe_token(token)}", "a cell is q,r, as in 1,-1")
        if not tokens or (count is not None and len(tokens) != count):
            need = "at least one cell" if count is None else f"{count} cell{'s' * (count > 1)}"
            self.fail(span, f"{what} needs {need}", "a cell is q,r, as in 1,-1")
        return [self.cell(t) for t in tokens]

    def _highlight(self, span: Span, tokens: list[Token]) -> Annotation:
        colour, rest = self._colour(tokens, HIGHLIGHT_COLOUR)
        return HighlightCommand(tuple(self._cells(rest, span, "%highlight", None)), colour, span)

    def _mark(self, span: Span, tokens: list[Token]) -> Annotation:
        shapes = ", ".join(s.value for s in MarkShape)
        if not tokens or tokens[0].type != "WORD":
            self.fail(tokens[0] if tokens else span, "%mark needs a shape first", f"shapes are {shapes}")
        try:
            shape = MarkShape(str(tokens[0]))
        except ValueError:
            self.fail(tokens[0], f"unknown mark shape {str(tokens[0])!r}", f"shapes are {shapes}")
        return MarkCommand(shape, tuple(self._cells(tokens[1:], span, "%mark", None)), span)

    def _label(self, span: Span, tokens: list[Token]) -> Annotation:
        hint = "a label is a letter, or a letter and a letter or digit, then a cell: [%label A 1,-1]"
        if not tokens or tokens[0].type != "WORD":
            self.fail(tokens[0] if tokens else span, "%label needs its text first", hint)
        if _LABEL.match(str(tokens[0])) is None:
            self.fail(tokens[0], f"{str(tokens[0])!r} is too long for a label", hint)
        (cell,) = self._cells(tokens[1:], span, "%label", 1)
        return LabelCommand(str(tokens[0]), cell, span)

    def _arrow(self, span: Span, tokens: list[Token]) -> Annotation:
        colour, rest = self._colour(tokens, ARROW_COLOUR)
        start, end = self._cells(rest, span, "%arrow", 2)
        return ArrowCommand(start, end, colour, span)

    def _outline(self, span: Span, tokens: list[Token]) -> Annotation:
        colour, rest = self._colour(tokens, OUTLINE_COLOUR)
        return OutlineCommand(tuple(self._cells(rest, span, "%outline", None)), colour, span)

    def _ghost(self, span: Span, tokens: list[Token]) -> Annotation:
        if not tokens:
            self.fail(span, "%ghost needs at least one tile", "a tile is q,r and L, R or D, as in 0,1D")
        for token in tokens:
            if token.type != "TILE":
                self.fail(token, f"%ghost takes tiles, not {_describe_token(token)}", ORIENTATION_HINT)
        return GhostCommand(tuple(self.tile(t) for t in tokens), span)

    # --- placements and turns ----------------------------------------------------------------
    def placement(self, node: Node) -> Placement:
        """A placement: a bare TILE token, or a tree of the tile, its glyph and comments.

        The span of a placement runs from its tile to its glyph, leaving out its comments.
        """
        if isinstance(node, Token):  # most placements: the span is the token's, written out here
            tile = _read_tile(node.value)[0]
            if tile is None:
                tile = self.tile(node)  # raises the fault
            line = node.line or 1
            column = node.column or 1
            end_column = node.end_column or column
            if line == 1:
                column += self._column_shift
                end_column += self._column_shift
            line += self._line_shift
            return Placement(tile, None, (), _new_span(Span, (line, column, line, end_column)))
        tile_token = node.children[0]
        assert isinstance(tile_token, Token)
        glyph: Glyph | None = None
        end = tile_token
        rest = node.children[1:]
        if rest and isinstance(rest[0], Token):
            glyph = self.glyph(rest[0])
            end = rest[0]
        return Placement(self.tile(tile_token), glyph, self.comments(rest), self.span(tile_token, end))

    def turn_number(self, token: Token) -> tuple[int, int]:
        """``(number, extra)`` of a turn number such as ``4.`` or ``4+.``."""
        read = _read_turn_number(token.value)
        if read is None:
            self.fail(token, f"the turn number {token} is too large", f"it has at most {MAX_DIGITS} digits")
        return read

    def variation_parts(
        self, tree: ParseTree, depth: int, index: int, read: Callable[[ParseTree, int, int], T]
    ) -> Variation[T]:
        """A variation of the turn at ``index``: its turns are at ``index``, ``index + 1``, …"""
        if depth > MAX_NESTING:
            self.fail(tree, f"variations nest more than {MAX_NESTING} deep", "close some of them")
        opening, leading, *rest = tree.children  # ( leading turns… ) comments…
        assert isinstance(opening, Token) and isinstance(leading, Tree)
        trees = [c for c in rest if isinstance(c, Tree) and c.data != "comment"]
        turns = tuple(read(c, depth, index + n) for n, c in enumerate(trees))
        after = self.comments([c for c in rest if isinstance(c, Tree) and c.data == "comment"])
        span = self.node_span(opening, rest[-1])
        return Variation(turns, self.comments(leading.children), after, span)

    def palago_turn(self, tree: ParseTree, depth: int, index: int) -> PalagoTurn:
        children = tree.children
        number_token = children[0]
        assert isinstance(number_token, Token)
        outer = self.turn
        self.turn = (number_token.value[:-1], index)
        number, extra = self.turn_number(number_token)
        if extra:
            self.fail(number_token, f"{number_token} is an extra turn", "extra turns (N+.) are Palagonia's; a Palago turn is N.")
        placement = self.placement
        placements: list[Placement] = []
        variations: list[Variation[PalagoTurn]] = []
        for child in children[1:]:
            if isinstance(child, Token) or child.data == "placement":
                placements.append(placement(child))
            else:
                variations.append(self.variation_parts(child, depth + 1, index, self.palago_turn))
        span = self.node_span(number_token, children[-1])
        self.turn = outer
        return PalagoTurn(number, tuple(placements), tuple(variations), span)

    def roll(self, tree: ParseTree) -> Roll:
        opening, *dice, closing = tree.children  # [ faces… ]
        assert isinstance(opening, Token) and isinstance(closing, Token)
        span = self.span(opening, closing)
        faces: list[Die] = []
        for token in dice:
            assert isinstance(token, Token)
            face = _FACES.get(str(token))
            if face is None:
                self.fail(token, f"{str(token)!r} is not a die face", DIE_HINT)
            faces.append(face)
        if not faces:
            self.fail(span, "an empty roll", "write the faces rolled, as in [3 x]")
        return Roll(tuple(faces), span)

    def action(self, tree: ParseTree) -> PalagoniaAction:
        face, *operands = tree.children
        assert isinstance(face, Token)
        tokens = [t for t in operands if isinstance(t, Token)]
        span = self.tree_span(tree)
        if tree.data == "remove":
            return Remove(self.cell(tokens[0]), span)
        if tree.data == "rotate":
            return Rotate(self.tile(tokens[0]), span)
        if tree.data == "pass_turn":
            return Pass(span)
        count = self.number(face, str(face)[:-1], "the die")
        if not 2 <= count <= 5:
            self.fail(face, f"no die face places {count} tiles", "the number faces are 2, 3, 4 and 5")
        tiles = tuple(self.tile(t) for t in tokens)
        if len(tiles) != count:
            self.fail(
                span,
                f"the die {count} places {count} tiles, not {len(tiles)}",
                f"write {count} tile tokens after {face}",
            )
        return Place(tiles, span)

    def palagonia_turn(self, tree: ParseTree, depth: int, index: int) -> PalagoniaTurn:
        number_token, *rest = tree.children
        assert isinstance(number_token, Token)
        outer = self.turn
        self.turn = (number_token.value[:-1], index)
        number, extra = self.turn_number(number_token)
        rolls: list[Roll] = []
        action: PalagoniaAction | None = None
        glyph: Glyph | None = None
        comments: list[Comment] = []
        variations: list[Variation[PalagoniaTurn]] = []
        for child in rest:
            if isinstance(child, Token):
                glyph = self.glyph(child)
            elif child.data == "roll":
                rolls.append(self.roll(child))
            elif child.data == "comment":
                comments.append(self.comment(child))
            elif child.data == "palagonia_variation":
                variations.append(self.variation_parts(child, depth + 1, index, self.palagonia_turn))
            else:
                action = self.action(child)
        assert action is not None
        self.turn = outer
        return PalagoniaTurn(
            number,
            tuple(rolls),
            action,
            extra,
            glyph,
            tuple(comments),
            tuple(variations),
            self.node_span(number_token, rest[-1]),
        )

    def step(self, tree: ParseTree) -> Step:
        number_token, action_tree, *rest = tree.children
        assert isinstance(number_token, Token) and isinstance(action_tree, Tree)
        number, extra = self.turn_number(number_token)
        if extra:
            self.fail(number_token, f"{number_token} is an extra turn", "transformation steps are numbered 1., 2., 3., …")
        tokens = [t for t in action_tree.children if isinstance(t, Token)]
        span = self.span(tokens[0], tokens[-1])
        action: StepAction
        if action_tree.data == "move":  # CELL TILE (the > is left out)
            action = MoveTile(self.cell(tokens[0]), self.tile(tokens[1]), span)
        else:  # @ TILE or + TILE
            tile = self.tile(tokens[1])
            action = RotateTile(tile, span) if action_tree.data == "turn" else AddTile(tile, span)
        glyph = self.glyph(rest[0]) if rest and isinstance(rest[0], Token) else None
        end = rest[-1] if rest else tokens[-1]
        return Step(number, action, glyph, self.comments(rest), self.node_span(number_token, end))

    # --- records -----------------------------------------------------------------------------
    def record(self, tree: ParseTree) -> Record:
        # A record rule keeps all its tokens, for the "[" its span starts with: the kind tag's
        # tokens, and a transformation's start: and target:, are skipped here; the kind is the
        # rule's name.
        tag_trees: list[ParseTree] = []
        body: list[Node] = []
        for child in tree.children:
            if isinstance(child, Tree):
                (tag_trees if child.data == "tag" else body).append(child)
        tags = _Tags(self, tag_trees, tree.data)
        if tree.data == "palago":
            return self.palago(tree, tags, body[0])
        if tree.data == "palagonia":
            return self.palagonia(tree, tags, body[0])
        if tree.data == "transformation":
            return self.transformation(tree, tags, body)
        return self.tiles_record(tree, tags, body)

    def palago(self, tree: ParseTree, tags: _Tags, moves: Node) -> PalagoGame:
        assert isinstance(moves, Tree)
        leading, *rest = moves.children
        assert isinstance(leading, Tree)
        result_token = rest[-1]
        assert isinstance(result_token, Token)
        turn_trees = [c for c in rest[:-1] if isinstance(c, Tree)]
        turns = tuple(self.palago_turn(c, 0, n) for n, c in enumerate(turn_trees))
        return self.palago_game(tags, turns, result_token, self.comments(leading.children), self.tree_span(tree))

    def palago_game(
        self,
        tags: _Tags,
        turns: tuple[PalagoTurn, ...],
        result_token: Token,
        comments: tuple[Comment, ...],
        span: Span,
    ) -> PalagoGame:
        """A Palago game from its read parts, checked against its tags and its numbering."""
        try:
            result = PalagoResult(str(result_token))
        except ValueError:
            self.fail(result_token, f"{result_token} is not a Palago result", "a Palago game ends with 1-0, 0-1, 1/2-1/2 or *")
        yellow = tags.text("Yellow")
        blue = tags.text("Blue")
        first = tags.read("First", Colour.YELLOW, _read_colour, "First is Yellow or Blue")
        supply = tags.read("Tiles", SET_SIZE, _read_positive, "Tiles is the number of tiles in the supply, as in 48")
        variant = tags.read("Variant", PalagoVariant.STANDARD, PalagoVariant, 'Variant is "standard" or "1-1-2"')
        tag_result = tags.read("Result", result, PalagoResult, "Result is 1-0, 0-1, 1/2-1/2 or *")
        if tag_result is not result:
            self.fail(
                result_token,
                f"the moves end with {result.value} but the Result tag says {tag_result.value}",
                "make them agree",
            )
        self._check_palago_line(turns, 1, 0, variant)
        self.turn = None
        return PalagoGame(
            turns=turns,
            yellow=yellow,
            blue=blue,
            first=first,
            tiles=supply,
            variant=variant,
            result=result,
            tags=tags.rest(),
            comments=comments,
            span=span,
        )

    def _check_palago_line(
        self, turns: Sequence[PalagoTurn], first_number: int, first_index: int, variant: PalagoVariant
    ) -> None:
        expected = first_number
        for index, turn in enumerate(turns, start=first_index):
            self.turn = (str(turn.number), index)
            if turn.number != expected:
                self.fail(
                    turn.span,
                    f"turn {expected} was expected here",
                    "turns are numbered 1., 2., 3., … in order; a variation repeats the number of "
                    "the turn it replaces",
                )
            single = variant is PalagoVariant.ONE_ONE_TWO and turn.number <= 2
            if single and len(turn.placements) != 1:
                self.fail(
                    turn.placements[1].span,
                    "in a 1-1-2 game this turn places one tile",
                    "in the 1-1-2 variant turns 1 and 2 place one tile each, then two per turn",
                )
            if variant is PalagoVariant.STANDARD and turn.number == 1 and len(turn.placements) != 2:
                self.fail(
                    turn.span,
                    "the first turn places two tiles",
                    'the first turn places two adjacent tiles (or write [Variant "1-1-2"])',
                )
            for variation in turn.variations:
                self._check_palago_line(variation.turns, turn.number, index, variant)
            expected += 1

    def palagonia(self, tree: ParseTree, tags: _Tags, moves: Node) -> PalagoniaGame:
        assert isinstance(moves, Tree)
        leading, *rest = moves.children
        assert isinstance(leading, Tree)
        result_token = rest[-1]
        assert isinstance(result_token, Token)
        turn_trees = [c for c in rest[:-1] if isinstance(c, Tree)]
        turns = tuple(self.palagonia_turn(c, 0, n) for n, c in enumerate(turn_trees))
        players, players_span = tags.players(tree)
        supply = tags.read("Tiles", SET_SIZE, _read_positive, "Tiles is the number of tiles in the bag, as in 48")
        scores = self._scores(result_token, str(result_token), len(players))
        tag_scores = tags.read(
            "Result", scores, lambda v: _read_scores(v), "Result is the final scores in seat order, as in 7-9-4, or *"
        )
        if tag_scores != scores:
            self.fail(result_token, "the moves end with other scores than the Result tag", "make them agree")
        if not turns or turns[0].number != 0 or turns[0].extra:
            where: Node | Span = turns[0].span if turns else result_token
            self.turn = (turns[0].label, 0) if turns else None
            self.fail(
                where,
                "a Palagonia game begins with the start, turn 0",
                "write 0. then the start roll (one die per player) and the winner's placement, "
                "as in 0. [3 5 2] 5: …",
            )
        self._check_palagonia_line(turns, None, (0, 0), 0)
        self.turn = None
        return PalagoniaGame(
            players=players,
            turns=turns,
            tiles=supply,
            scores=scores,
            tags=tags.rest(),
            comments=self.comments(leading.children),
            span=self.tree_span(tree),
            players_span=players_span,
        )

    def _scores(self, token: Token, text: str, players: int) -> tuple[int, ...] | None:
        if text == "*":
            return None
        if "/" in text:
            self.fail(token, f"{text} is not a Palagonia result", "a Palagonia game ends with the scores in seat order, as in 7-9-4, or *")
        if _SCORES.match(text) is None:
            self.fail(token, f"the scores {text} are too large", f"a score has at most {MAX_DIGITS} digits")
        scores = tuple(int(s) for s in text.split("-"))
        if len(scores) != players:
            self.fail(
                token,
                f"{len(scores)} score{'s' * (len(scores) != 1)} for {players} player{'s' * (players != 1)}",
                "write one score per player, in seat order, joined by -",
            )
        return scores

    def _check_palagonia_line(
        self,
        turns: Sequence[PalagoniaTurn],
        previous: PalagoniaTurn | None,
        first: tuple[int, int],
        first_index: int,
    ) -> None:
        """Turn labels count up from ``first``; after a double (not the start) comes the same
        player's extra turn ``N+.`` and nothing else."""
        for index, turn in enumerate(turns, start=first_index):
            self.turn = (turn.label, index)
            label = (turn.number, turn.extra)
            if index == first_index or previous is None:
                expected = first
            elif previous.roll.is_double and not previous.is_start:
                expected = (previous.number, previous.extra + 1)
            else:
                expected = (previous.number + 1, 0)
            if label != expected:
                self._wrong_label(turn, expected, previous if index > first_index else None)
            self._check_palagonia_turn(turn)
            for variation in turn.variations:
                self._check_palagonia_line(variation.turns, previous, label, index)
            previous = turn

    def _wrong_label(
        self, turn: PalagoniaTurn, expected: tuple[int, int], previous: PalagoniaTurn | None
    ) -> NoReturn:
        written = f"{expected[0]}{'+' * expected[1]}."
        if previous is not None and expected[1] > previous.extra and expected[0] == previous.number:
            faces = " ".join(f.value for f in previous.roll.faces)
            self.fail(
                turn.span,
                f"{written} was expected here, not {turn.label}.: turn {previous.label}. rolled the "
                f"double [{faces}], so the same player plays an extra turn",
                "after a double the extra turn is numbered N+. (N++. after a second double); "
                "the next player's turn N+1. follows it",
            )
        why = (
            f"; turn {previous.label}. rolled no double"
            if previous is not None and turn.extra and turn.number == previous.number
            else ""
        )
        self.fail(
            turn.span,
            f"{written} was expected here, not {turn.label}.{why}",
            "turns count up from the start 0.; the extra turn N+. follows a double; "
            "a variation repeats the number of the turn it replaces",
        )

    def _check_palagonia_turn(self, turn: PalagoniaTurn) -> None:
        """A turn after the start has one roll of two dice and chooses one of them (a removal
        may be forced). The start's roll-off, and the number of tiles it places, are the
        rules' to judge: replay checks them."""
        if turn.is_start:
            return
        if len(turn.rolls) != 1 or len(turn.roll.faces) != 2:
            self.fail(
                turn.rolls[-1].span if len(turn.rolls) == 1 else turn.rolls[1].span,
                "a turn has one roll of two dice",
                "write the two faces rolled, as in [3 x]",
            )
        face = turn.action.face
        if face is not None and face is not Die.REMOVE and face not in turn.roll.faces:
            self.fail(
                turn.action.span,
                f"the chosen die {face.value} was not rolled",
                "the action uses one of the two dice rolled (a removal may be forced)",
            )

    def tiles_record(self, tree: ParseTree, tags: _Tags, body: list[Node]) -> Record:
        leading, tile_list = body
        assert isinstance(leading, Tree) and isinstance(tile_list, Tree)
        placements = self._tile_list(tile_list)
        comments = self.comments(leading.children)
        span = self.tree_span(tree)
        if tree.data == "position":
            caption = tags.text("Caption")
            return PositionRecord(
                placements=placements, caption=caption, tags=tags.rest(), comments=comments, span=span
            )
        card = tags.read("Card", None, _read_positive, "Card is the card's number, as in 1")
        difficulty = tags.read("Difficulty", None, _read_positive, "Difficulty is a whole number from 1")
        colour = tags.read("Colour", None, _read_colour, "Colour is Yellow or Blue")
        return CreatureCard(
            placements=placements,
            card=card,
            names=tags.names(),
            difficulty=difficulty,
            colour=colour,
            tags=tags.rest(),
            comments=comments,
            span=span,
        )

    def _tile_list(self, tree: ParseTree) -> tuple[Placement, ...]:
        placements = tuple(self.placement(c) for c in tree.children)
        seen: set[Cell] = set()
        for placement in placements:
            cell = placement.tile.cell
            if cell in seen:
                self.fail(
                    placement.span,
                    f"the cell {cell[0]},{cell[1]} holds two tiles",
                    "list every cell once",
                )
            seen.add(cell)
        return placements

    def transformation(self, tree: ParseTree, tags: _Tags, body: list[Node]) -> Transformation:
        leading, start, target, *steps = body
        assert isinstance(leading, Tree) and isinstance(start, Tree) and isinstance(target, Tree)
        read_steps = tuple(self.step(s) for s in steps if isinstance(s, Tree))
        for index, step in enumerate(read_steps, start=1):
            if step.number != index:
                self.fail(
                    step.span,
                    f"step {step.number} where step {index} was expected",
                    "steps are numbered 1., 2., 3., … in order",
                )
        return Transformation(
            start=self._tile_list(start),
            target=self._tile_list(target),
            steps=read_steps,
            source_name=tags.text("From"),
            target_name=tags.text("To"),
            tags=tags.rest(),
            comments=self.comments(leading.children),
            span=self.tree_span(tree),
        )


_ANNOTATIONS: Final[dict[str, Callable[[Builder, Span, list[Token]], Annotation]]] = {
    "highlight": Builder._highlight,
    "mark": Builder._mark,
    "label": Builder._label,
    "arrow": Builder._arrow,
    "outline": Builder._outline,
    "ghost": Builder._ghost,
}

_KIND_TAGS: Final[dict[str, tuple[str, ...]]] = {
    "palago": ("Yellow", "Blue", "First", "Tiles", "Variant", "Result"),
    "palagonia": ("Player1", "Player2", "…", "Tiles", "Result"),
    "position": ("Caption",),
    "creature": ("Card", "NameEN", "NameRU", "NameFR", "NameHU", "…", "Difficulty", "Colour"),
    "transformation": ("From", "To"),
}


def _read_colour(value: str) -> Colour:
    return Colour(value.lower())


def _read_positive(value: str) -> int:
    if _NUMBER.match(value) is None or int(value) < 1:
        raise ValueError(value)
    return int(value)


def _read_scores(value: str) -> tuple[int, ...] | None:
    if value == "*":
        return None
    if _SCORES.match(value) is None:
        raise ValueError(value)
    return tuple(int(s) for s in value.split("-"))


def _unquote(token: Token) -> str:
    text = str(token)[1:-1]
    return re.sub(r"\\(.)", r"\1", text) if "\\" in text else text


def _describe_token(token: Token) -> str:
    kinds = {"TILE": "the tile", "CELL": "the cell", "WORD": "the word"}
    return f"{kinds.get(token.type, 'the text')} {token}"


class _Tags:
    """The tag pairs of one record; each known tag is taken once, the others must be free text."""

    def __init__(self, builder: Builder, trees: list[ParseTree], kind: str) -> None:
        self.builder = builder
        self.kind = kind
        self.values: dict[str, tuple[str, Token]] = {}
        self.names_at: dict[str, Token] = {}
        for tree in trees:
            name_token, value_token = tree.children
            assert isinstance(name_token, Token) and isinstance(value_token, Token)
            name = str(name_token)
            if name == "Kind":
                builder.fail(name_token, "a second Kind tag", "the Kind tag comes once, first in a record")
            if name in self.values:
                builder.fail(name_token, f"the tag {name} appears twice", "write each tag once")
            self.values[name] = (_unquote(value_token), value_token)
            self.names_at[name] = name_token

    def text(self, name: str) -> str | None:
        item = self.values.pop(name, None)
        return None if item is None else item[0]

    def read(self, name: str, default: T, reader: Callable[[str], T], hint: str) -> T:
        item = self.values.pop(name, None)
        if item is None:
            return default
        value, token = item
        try:
            return reader(value)
        except ValueError:
            self.builder.fail(token, f"{value!r} is not a value of {name}", hint)

    def players(self, tree: ParseTree) -> tuple[tuple[str, ...], Span]:
        """The players' names in seat order, from tags Player1, Player2, … without a gap, and
        the span of the last seat's tag name."""
        seats: dict[int, str] = {}
        where: dict[int, Token] = {}
        for name in list(self.values):
            match = _PLAYER_TAG.match(name)
            if match is not None:
                seat = int(match.group(1))
                seats[seat] = self.values.pop(name)[0]
                where[seat] = self.names_at[name]
        hint = "number the Player tags 1, 2, 3, … in seat order"
        if not seats:
            self.builder.fail(tree, "a Palagonia game names its players", 'write [Player1 "…"], [Player2 "…"], … in seat order')
        for seat in sorted(seats):
            if seat - 1 >= 1 and seat - 1 not in seats:
                self.builder.fail(where[seat], f"Player{seat} but no Player{seat - 1}", hint)
        return tuple(seats[n] for n in sorted(seats)), self.builder.token_span(where[max(seats)])

    def names(self) -> tuple[tuple[str, str], ...]:
        names: list[tuple[str, str]] = []
        for name in list(self.values):
            match = _NAME_TAG.match(name)
            if match is not None:
                names.append((match.group(1), self.values.pop(name)[0]))
        return tuple(names)

    def rest(self) -> tuple[tuple[str, str], ...]:
        """The remaining tags, which must be free-text or ``X-`` tags."""
        for name in self.values:
            if name not in TEXT_TAGS and not name.startswith(EXTENSION_PREFIX):
                known = ", ".join(_KIND_TAGS[self.kind] + TEXT_TAGS)
                kind = _KINDS[list(_KIND_TAGS).index(self.kind)]
                self.builder.fail(
                    self.names_at[name],
                    f"unknown tag {name} in a {kind} record",
                    f"known tags are {known}; your own tags start with {EXTENSION_PREFIX}",
                )
        return tuple((name, value) for name, (value, _token) in self.values.items())
