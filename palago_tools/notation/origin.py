"""Where things are in a file: faults, spans, and the shift from a chunk's positions to the file's.

A record is parsed on its own, as a chunk of text that starts at ``line0:column0`` of its file.
Lark and the regular expressions count lines and columns from the chunk's start; :class:`Origin`
is the one place that shifts them to the file: lines move down by ``line0 - 1``, and columns move
right by ``column0 - 1`` on the chunk's first line only.

Spans come from the tokens: lark's ``propagate_positions`` is off, and the span of a rule runs
from the start of its first token to the end of its last (:func:`first_token`,
:func:`last_token`), as lark's own positions would.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, NoReturn

from lark import Token, Tree

from .records import NO_SPAN, Span

ParseTree = Tree[Token]
ParseNode = ParseTree | Token

new_span: Final = tuple.__new__
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


class Origin:
    """A chunk's start in its file: file positions of the chunk's offsets and tokens, and faults
    raised there, carrying the turn being read or checked."""

    def __init__(self, line0: int = 1, column0: int = 1) -> None:
        self.line_shift = line0 - 1
        self.column_shift = column0 - 1  # on the chunk's first line only
        self.turn: tuple[str, int] | None = None
        """The turn being read or checked: its label as written and its index in its line."""

    def locator(self, chunk: str) -> Callable[[int], tuple[int, int]]:
        """A function from an offset in ``chunk`` to its file line and column; it counts lines
        as it goes forwards, so each offset asked must not come before the one asked last."""
        line_shift = self.line_shift
        column_shift = self.column_shift
        # ``line`` is the chunk line of ``seen``, and ``line_start`` the offset where it starts.
        line = 1
        line_start = 0
        seen = 0

        def at(offset: int) -> tuple[int, int]:
            nonlocal line, line_start, seen
            newlines = chunk.count("\n", seen, offset)
            if newlines:
                line += newlines
                line_start = chunk.rfind("\n", seen, offset) + 1
            seen = offset
            column = offset - line_start + 1
            if line == 1:
                column += column_shift
            return line + line_shift, column

        return at

    def span(self, first: Token, last: Token) -> Span:
        """From the start of ``first`` to the end of ``last``, shifted to the file."""
        line = first.line or 1
        column = first.column or 1
        end_line = last.end_line or line
        end_column = last.end_column or column
        if line == 1:
            column += self.column_shift
        if end_line == 1:
            end_column += self.column_shift
        shift = self.line_shift
        return new_span(Span, (line + shift, column, end_line + shift, end_column))

    def token_span(self, token: Token) -> Span:
        """The span of one token."""
        return self.span(token, token)

    def tree_span(self, tree: ParseTree) -> Span:
        """From the start of the tree's first token to the end of its last one."""
        first = first_token(tree)
        if first is None:
            return NO_SPAN
        last = last_token(tree)
        assert last is not None
        return self.span(first, last)

    def node_span(self, first: Token, last: ParseNode) -> Span:
        """From the start of ``first`` to the end of ``last`` (a token, or a tree's last token)."""
        if not isinstance(last, Token):
            end = last_token(last)
            assert end is not None
            last = end
        return self.span(first, last)

    def fail(
        self, node: ParseNode | Span, message: str, hint: str = "", offset: int = 0
    ) -> NoReturn:
        """Raise a fault at ``node`` (``offset`` characters into a token)."""
        span = (
            node
            if isinstance(node, Span)
            else (self.token_span(node) if isinstance(node, Token) else self.tree_span(node))
        )
        if isinstance(node, Token) and span.line == span.end_line:
            width = max(1, span.end_column - span.column - offset)
        else:
            width = 1
        raise Fault(message, hint, span.line, span.column + offset, width, self.turn)
