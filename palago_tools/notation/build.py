"""From lark parse trees to records: the values of tile tokens, die faces, tags and annotation
arguments, and the records made of them, checked by :mod:`.checks` as they are built.

The grammar fixes the shape of a record; this module reads what it leaves to words. A problem is
raised as :class:`~.origin.Fault` at a position in the chunk of text being parsed (see
:mod:`.origin`); a problem found while reading or checking a turn carries that turn (its label
as written and its index in its line of play). The rules whose spans start or end with a bracket
keep their bracket tokens in the tree (``!`` in the grammar), and the builder skips them where
it reads values.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Final, TypeVar

from lark import Token, Tree

from ..core.colours import NAMED_COLOURS, colour_names
from ..core.hexgrid import Cell
from ..core.tiles import ORIENTATION_HINT, SET_SIZE, Colour, Tile, read_tile_token
from . import checks
from .origin import Origin, ParseNode, ParseTree
from .records import (
    ARROW_COLOUR,
    HIGHLIGHT_COLOUR,
    OUTLINE_COLOUR,
    AddTile,
    Annotation,
    ArrowCommand,
    Comment,
    CreatureCard,
    Die,
    EvalCommand,
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
    PalagoTurn,
    PalagoVariant,
    Pass,
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
from .tags import (
    MAX_DIGITS,
    NUMBER,
    SCORES,
    Tags,
    read_colour,
    read_positive,
    read_scores,
    read_supply,
)

MAX_NESTING: Final = 40
"""Variations may nest this deep."""
DIE_HINT: Final = "a Palagonia die shows 2, 3, 4, 5, x (remove a tile) or @ (rotate a tile)"
COLOUR_HINT: Final = "a colour is a lower-case name such as red, or #rrggbb"

T = TypeVar("T")

_COLOUR: Final = re.compile(r"(?:[a-z]+|#[0-9a-fA-F]{6})\Z")
_LABEL: Final = re.compile(r"[A-Za-z][A-Za-z0-9]?\Z")

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

read_tile: Final = lru_cache(maxsize=4096)(read_tile_token)
"""A tile token's tile, or ``None`` with the offset, message and hint (see
:func:`read_tile_token`)."""


@lru_cache(maxsize=1024)
def _read_turn_number(text: str) -> tuple[int, int] | None:
    """``(number, extra)`` of ``4.`` or ``4+.``, or ``None`` when the number is too long."""
    label = text[:-1]
    digits = label.rstrip("+")
    if NUMBER.match(digits) is None:
        return None
    return int(digits), len(label) - len(digits)


class Builder(Origin):
    """Turns the trees of one chunk into records; positions are shifted by the chunk's start."""

    # --- values ------------------------------------------------------------------------------
    def tile(self, token: Token) -> Tile:
        """The tile of a tile token, or a fault at the token."""
        tile, offset, message, hint = read_tile(str(token))
        if tile is None:
            self.fail(token, message, hint, offset)
        return tile

    def cell(self, token: Token) -> Cell:
        """The cell of a cell token: a tile token without its letter, so the tile token's checks
        are reused and the orientation dropped."""
        tile, offset, message, hint = read_tile(f"{token}R")
        if tile is None:
            self.fail(token, message, hint, offset)
        return tile.cell

    def number(self, token: Token, text: str, what: str) -> int:
        """A whole number of at most :data:`MAX_DIGITS` digits, or a fault."""
        if NUMBER.match(text) is None:
            self.fail(token, f"{what} {text} is too large", f"it has at most {MAX_DIGITS} digits")
        return int(text)

    def glyph(self, token: Token) -> Glyph:
        """The glyph (``!``, ``?``, …) of a glyph token."""
        return _GLYPHS[str(token)]

    # --- comments and annotations ------------------------------------------------------------
    def comment(self, tree: ParseTree) -> Comment:
        """A comment, with its annotation commands."""
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

    def comments(self, nodes: Sequence[ParseNode]) -> tuple[Comment, ...]:
        """The comments among ``nodes``."""
        return tuple(self.comment(n) for n in nodes if isinstance(n, Tree))

    def annotation(self, tree: ParseTree) -> Annotation:
        """One ``[%…]`` command of a comment."""
        opening, name_token, *args, closing = tree.children
        assert (
            isinstance(opening, Token)
            and isinstance(name_token, Token)
            and isinstance(closing, Token)
        )
        name = str(name_token)
        span = self.span(opening, closing)
        tokens = [a for a in args if isinstance(a, Token)]
        reader = _ANNOTATIONS.get(name)
        if reader is None:
            self.fail(
                name_token,
                f"unknown annotation %{name}",
                "annotations are %highlight, %mark, %label, %arrow, %outline, %ghost and %eval",
            )
        return reader(self, span, tokens)

    def _colour(self, tokens: list[Token], default: str) -> tuple[str, list[Token]]:
        if tokens and tokens[0].type == "WORD":
            word = str(tokens[0])
            if _COLOUR.match(word) is None:
                self.fail(tokens[0], f"{word!r} is not a colour", COLOUR_HINT)
            if not word.startswith("#") and word not in NAMED_COLOURS:
                self.fail(
                    tokens[0], f"unknown colour {word!r}", f"use #rrggbb or one of {colour_names()}"
                )
            return word.lower(), tokens[1:]
        return default, tokens

    def _cells(self, tokens: list[Token], span: Span, what: str, count: int | None) -> list[Cell]:
        for token in tokens:
            if token.type != "CELL":
                self.fail(
                    token,
                    f"{what} takes cells, not {_describe_token(token)}",
                    "a cell is q,r, as in 1,-1",
                )
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
            self.fail(
                tokens[0] if tokens else span, "%mark needs a shape first", f"shapes are {shapes}"
            )
        try:
            shape = MarkShape(str(tokens[0]))
        except ValueError:
            self.fail(tokens[0], f"unknown mark shape {str(tokens[0])!r}", f"shapes are {shapes}")
        return MarkCommand(shape, tuple(self._cells(tokens[1:], span, "%mark", None)), span)

    def _label(self, span: Span, tokens: list[Token]) -> Annotation:
        hint = (
            "a label is a letter, or a letter and a letter or digit, then a cell: [%label A 1,-1]"
        )
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
            self.fail(
                span, "%ghost needs at least one tile", "a tile is q,r and L, R or D, as in 0,1D"
            )
        for token in tokens:
            if token.type != "TILE":
                self.fail(
                    token, f"%ghost takes tiles, not {_describe_token(token)}", ORIENTATION_HINT
                )
        return GhostCommand(tuple(self.tile(t) for t in tokens), span)

    def _eval(self, span: Span, tokens: list[Token]) -> Annotation:
        if len(tokens) != 1:
            self.fail(tokens[1] if tokens else span, "%eval takes one value", EvalCommand.HINT)
        what = f"%eval takes points or #k, not {_describe_token(tokens[0])}"
        return EvalCommand.read(tokens[0], span) or self.fail(tokens[0], what, EvalCommand.HINT)

    # --- placements and turns ----------------------------------------------------------------
    def placement(self, node: ParseNode) -> Placement:
        """A placement: a bare TILE token, or a tree of the tile, its glyph and comments.

        The span of a placement runs from its tile to its glyph, leaving out its comments.
        """
        if isinstance(node, Token):  # most placements: a bare tile token
            tile = read_tile(node.value)[0]
            if tile is None:
                tile = self.tile(node)  # raises the fault
            return Placement(tile, None, (), self.span(node, node))
        tile_token = node.children[0]
        assert isinstance(tile_token, Token)
        glyph: Glyph | None = None
        end = tile_token
        rest = node.children[1:]
        if rest and isinstance(rest[0], Token):
            glyph = self.glyph(rest[0])
            end = rest[0]
        return Placement(
            self.tile(tile_token), glyph, self.comments(rest), self.span(tile_token, end)
        )

    def turn_number(self, token: Token) -> tuple[int, int]:
        """``(number, extra)`` of a turn number such as ``4.`` or ``4+.``."""
        read = _read_turn_number(token.value)
        if read is None:
            self.fail(
                token,
                f"the turn number {token} is too large",
                f"it has at most {MAX_DIGITS} digits",
            )
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
        """A Palago turn (``index`` in its line, variations ``depth`` deep)."""
        children = tree.children
        number_token = children[0]
        assert isinstance(number_token, Token)
        outer = self.turn
        self.turn = (number_token.value[:-1], index)
        number, extra = self.turn_number(number_token)
        if extra:
            self.fail(
                number_token,
                f"{number_token} is an extra turn",
                "extra turns (N+.) are Palagonia's; a Palago turn is N.",
            )
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
        """A roll of the dice, ``[a b]``."""
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
        """What a Palagonia turn does: place, remove, rotate or pass."""
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
            self.fail(
                face, f"no die face places {count} tiles", "the number faces are 2, 3, 4 and 5"
            )
        tiles = tuple(self.tile(t) for t in tokens)
        if len(tiles) != count:
            self.fail(
                span,
                f"the die {count} places {count} tiles, not {len(tiles)}",
                f"write {count} tile tokens after {face}",
            )
        return Place(tiles, span)

    def palagonia_turn(self, tree: ParseTree, depth: int, index: int) -> PalagoniaTurn:
        """A Palagonia turn (``index`` in its line, variations ``depth`` deep)."""
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
                variations.append(
                    self.variation_parts(child, depth + 1, index, self.palagonia_turn)
                )
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
        """A numbered step of a green task."""
        number_token, action_tree, *rest = tree.children
        assert isinstance(number_token, Token) and isinstance(action_tree, Tree)
        number, extra = self.turn_number(number_token)
        if extra:
            self.fail(
                number_token,
                f"{number_token} is an extra turn",
                "transformation steps are numbered 1., 2., 3., …",
            )
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
        """A record of any kind, its tags read and checked."""
        # A record rule keeps all its tokens, for the "[" its span starts with: the kind tag's
        # tokens, and a transformation's start: and target:, are skipped here; the kind is the
        # rule's name.
        tag_trees: list[ParseTree] = []
        body: list[ParseNode] = []
        for child in tree.children:
            if isinstance(child, Tree):
                (tag_trees if child.data == "tag" else body).append(child)
        tags = Tags(self, tag_trees, tree.data)
        if tree.data == "palago":
            return self.palago(tree, tags, body[0])
        if tree.data == "palagonia":
            return self.palagonia(tree, tags, body[0])
        if tree.data == "transformation":
            return self.transformation(tree, tags, body)
        return self.tiles_record(tree, tags, body)

    def palago(self, tree: ParseTree, tags: Tags, moves: ParseNode) -> PalagoGame:
        """A Palago game record."""
        assert isinstance(moves, Tree)
        leading, *rest = moves.children
        assert isinstance(leading, Tree)
        result_token = rest[-1]
        assert isinstance(result_token, Token)
        turn_trees = [c for c in rest[:-1] if isinstance(c, Tree)]
        turns = tuple(self.palago_turn(c, 0, n) for n, c in enumerate(turn_trees))
        return self.palago_game(
            tags, turns, result_token, self.comments(leading.children), self.tree_span(tree)
        )

    def palago_game(
        self,
        tags: Tags,
        turns: tuple[PalagoTurn, ...],
        result_token: Token,
        comments: tuple[Comment, ...],
        span: Span,
    ) -> PalagoGame:
        """A Palago game from its read parts, checked against its tags and its numbering."""
        try:
            result = PalagoResult(str(result_token))
        except ValueError:
            self.fail(
                result_token,
                f"{result_token} is not a Palago result",
                "a Palago game ends with 1-0, 0-1, 1/2-1/2 or *",
            )
        yellow = tags.text("Yellow")
        blue = tags.text("Blue")
        first = tags.read("First", Colour.YELLOW, read_colour, "First is Yellow or Blue")
        full_set: int | None = SET_SIZE
        supply = tags.read(
            "Tiles",
            full_set,
            read_supply,
            "Tiles is the number of tiles in the supply, as in 48, or unlimited",
        )
        variant = tags.read(
            "Variant", PalagoVariant.STANDARD, PalagoVariant, 'Variant is "standard" or "1-1-2"'
        )
        tag_result = tags.read("Result", result, PalagoResult, "Result is 1-0, 0-1, 1/2-1/2 or *")
        checks.check_palago_result(self, result_token, result, tag_result)
        checks.check_palago_turns(self, turns, variant)
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

    def palagonia(self, tree: ParseTree, tags: Tags, moves: ParseNode) -> PalagoniaGame:
        """A Palagonia game record."""
        assert isinstance(moves, Tree)
        leading, *rest = moves.children
        assert isinstance(leading, Tree)
        result_token = rest[-1]
        assert isinstance(result_token, Token)
        turn_trees = [c for c in rest[:-1] if isinstance(c, Tree)]
        turns = tuple(self.palagonia_turn(c, 0, n) for n, c in enumerate(turn_trees))
        players, players_span = tags.players(tree)
        supply = tags.read(
            "Tiles", SET_SIZE, read_positive, "Tiles is the number of tiles in the bag, as in 48"
        )
        scores = self._scores(result_token, str(result_token), len(players))
        tag_scores = tags.read(
            "Result",
            scores,
            lambda v: read_scores(v),
            "Result is the final scores in seat order, as in 7-9-4, or *",
        )
        checks.check_palagonia_scores(self, result_token, scores, tag_scores)
        checks.check_palagonia_turns(self, turns, result_token)
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
            self.fail(
                token,
                f"{text} is not a Palagonia result",
                "a Palagonia game ends with the scores in seat order, as in 7-9-4, or *",
            )
        if SCORES.match(text) is None:
            self.fail(
                token,
                f"the scores {text} are too large",
                f"a score has at most {MAX_DIGITS} digits",
            )
        scores = tuple(int(s) for s in text.split("-"))
        if len(scores) != players:
            self.fail(
                token,
                f"{len(scores)} score{'s' * (len(scores) != 1)} for {players} "
                f"player{'s' * (players != 1)}",
                "write one score per player, in seat order, joined by -",
            )
        return scores

    def tiles_record(self, tree: ParseTree, tags: Tags, body: list[ParseNode]) -> Record:
        """A position or a creature card: a record of tiles."""
        leading, tile_list = body
        assert isinstance(leading, Tree) and isinstance(tile_list, Tree)
        placements = self._tile_list(tile_list)
        comments = self.comments(leading.children)
        span = self.tree_span(tree)
        if tree.data == "position":
            caption = tags.text("Caption")
            return PositionRecord(
                placements=placements,
                caption=caption,
                tags=tags.rest(),
                comments=comments,
                span=span,
            )
        card = tags.read("Card", None, read_positive, "Card is the card's number, as in 1")
        difficulty = tags.read(
            "Difficulty", None, read_positive, "Difficulty is a whole number from 1"
        )
        colour = tags.read("Colour", None, read_colour, "Colour is Yellow or Blue")
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
        checks.check_cells(self, placements)
        return placements

    def transformation(self, tree: ParseTree, tags: Tags, body: list[ParseNode]) -> Transformation:
        """A transformation record: start, target and steps."""
        leading, start, target, *steps = body
        assert isinstance(leading, Tree) and isinstance(start, Tree) and isinstance(target, Tree)
        read_steps = tuple(self.step(s) for s in steps if isinstance(s, Tree))
        checks.check_steps(self, read_steps)
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
    "eval": Builder._eval,
}


def _describe_token(token: Token) -> str:
    kinds = {"TILE": "the tile", "CELL": "the cell", "WORD": "the word", "NUMBER": "the number"}
    return f"{kinds.get(token.type, 'the text')} {token}"
