"""SGF text: game trees of nodes of properties, each value with where it stands in the file.

The syntax of SGF FF[4] (``(`` a game tree, ``;`` a node, ``ID[value][value]`` a property,
``\\`` escaping the next character inside a value, ``(…)`` variations), and nothing about any
game: :mod:`.boardspace` gives boardspace.net's Palago records their meaning. A file holds any
number of game trees; :func:`tree_pieces` finds each one as soon as its closing ``)`` has been
read, so a file is read one game at a time, and :func:`parse_tree` reads one.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Final

from .origin import Fault
from .records import Span


class _Text:
    """Offsets of a tree's text to lines and columns of the file."""

    def __init__(self, text: str, line: int, column: int) -> None:
        self.text = text
        self.line = line
        self.column = column
        self.breaks = [m.start() for m in re.finditer("\n", text)]

    def where(self, offset: int) -> tuple[int, int]:
        index = bisect.bisect_left(self.breaks, offset)
        if index == 0:
            return self.line, self.column + offset
        return self.line + index, offset - self.breaks[index - 1]

    def span(self, begin: int, end: int) -> Span:
        line, column = self.where(begin)
        end_line, end_column = self.where(end)
        return Span(line, column, end_line, end_column)

    def fault(self, offset: int, message: str, hint: str, width: int = 1) -> Fault:
        line, column = self.where(offset)
        return Fault(message, hint, line, column, width)


@dataclass(frozen=True)
class Value:
    """One ``[…]`` of a property: its text (escapes resolved) and where it stands: ``begin`` and
    ``end`` are offsets of its brackets in the tree's text, ``span`` its lines and columns."""

    text: str
    begin: int
    end: int
    source: _Text = field(compare=False, repr=False)

    @property
    def span(self) -> Span:
        return self.source.span(self.begin, self.end)

    @property
    def verbatim(self) -> bool:
        """True when the text stands in the file as it is (no escape, no line break)."""
        return self.end - self.begin == len(self.text) + 2 and "\n" not in self.text

    def part(self, start: int, stop: int) -> Span:
        """The span of ``text[start:stop]`` (of the whole value unless it is :attr:`verbatim`)."""
        if not self.verbatim:
            return self.span
        return self.source.span(self.begin + 1 + start, self.begin + 1 + stop)


@dataclass(frozen=True)
class Property:
    """``ID[value]…``: the identifier, where it stands, and its values."""

    name: str
    begin: int
    values: tuple[Value, ...]
    source: _Text = field(compare=False, repr=False)

    @property
    def span(self) -> Span:
        return self.source.span(self.begin, self.begin + len(self.name))


@dataclass
class Node:
    """``;`` and its properties, in order; the nodes after it in the tree (the first is the main
    line, the others variations)."""

    begin: int
    source: _Text = field(compare=False, repr=False)
    properties: list[Property] = field(default_factory=list)
    children: list[Node] = field(default_factory=list)

    @property
    def span(self) -> Span:
        """Where the node's ``;`` stands."""
        return self.source.span(self.begin, self.begin + 1)


@dataclass(frozen=True)
class GameTree:
    """One ``( … )`` of a file: its first node (``None`` for an empty tree) and its span."""

    root: Node | None
    span: Span


_IDENT: Final = re.compile(r"[A-Za-z][A-Za-z0-9]*")
_SPACE: Final = re.compile(r"[ \t\n\r\f\ufeff]*")
_VALUE_END: Final = re.compile(r"[\]\\]")
_OUTSIDE: Final = re.compile(r"[\[()]")
_JUNK_HINT: Final = "an SGF file holds game trees, each ( ; properties … )"


def first_mark(text: str, start: int = 0) -> str:
    """The first character of ``text`` after white space (and a byte order mark), or ``""``.
    ``(`` begins an SGF file; a notation record never does (it begins with ``[``, ``{`` or
    ``;``)."""
    at = _SPACE.match(text, start).end()  # type: ignore[union-attr]
    return text[at] if at < len(text) else ""


@dataclass
class TreeScanner:
    """Where the scan for game trees stands between runs of text: the depth of parentheses, inside
    a value or not (and after a ``\\``), where the open tree began."""

    depth: int = 0
    in_value: bool = False
    escaped: bool = False
    begin: int = -1
    value_begin: int = -1


def tree_pieces(
    text: str, start: int, state: TreeScanner, final: bool
) -> Iterator[tuple[int, int]]:
    """``(begin, end)`` of each game tree of ``text`` completed from ``start`` on, where
    ``state`` left off. Text between trees must be white space (a :class:`~.origin.Fault` with the
    offset as its column and line 0: the caller places it). ``state.begin`` is updated to the
    start of the tree still open."""
    i = start
    n = len(text)
    while i < n:
        if state.in_value:
            if state.escaped:
                state.escaped = False
                i += 1
                continue
            match = _VALUE_END.search(text, i)
            if match is None:
                i = n
                break
            i = match.start()
            if text[i] == "\\":
                state.escaped = True
            else:
                state.in_value = False
            i += 1
            continue
        if state.depth == 0:
            blank = _SPACE.match(text, i).end()  # type: ignore[union-attr]
            if blank >= n:
                break
            if text[blank] != "(":
                raise Fault(f"{text[blank]!r} stands outside a game tree", _JUNK_HINT, 0, blank)
            state.begin = blank
            state.depth = 1
            i = blank + 1
            continue
        match = _OUTSIDE.search(text, i)
        if match is None:
            break
        i = match.start()
        char = text[i]
        if char == "[":
            state.in_value = True
            state.value_begin = i
        elif char == "(":
            state.depth += 1
        else:
            state.depth -= 1
            if state.depth == 0:
                yield state.begin, i + 1
                state.begin = -1
        i += 1
    if final and state.in_value:
        raise Fault("the value [ is not closed", "end it with ]", 0, state.value_begin)
    if final and state.depth > 0:
        raise Fault("the game tree is not closed", "end it with )", 0, state.begin)


def parse_tree(text: str, line: int, column: int) -> GameTree:
    """The game tree that is ``text`` (from ``(`` to its ``)``), which begins at ``line:column``
    of its file; a malformed tree raises :class:`Fault`."""
    source = _Text(text, line, column)
    parser = _Parser(source)
    root = parser.tree(None)
    return GameTree(root, source.span(0, len(text)))


MAX_DEPTH: Final = 100
"""Variations nest at most this deep (boardspace's records hold a main line)."""


class _Parser:
    def __init__(self, source: _Text) -> None:
        self.source = source
        self.text = source.text
        self.at = 0
        self.depth = 0

    def skip(self) -> None:
        self.at = _SPACE.match(self.text, self.at).end()  # type: ignore[union-attr]

    def tree(self, parent: Node | None) -> Node | None:
        """``( sequence trees )`` at :attr:`at`; the first node, hung under ``parent``."""
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise self.source.fault(
                self.at, "the variations nest too deeply", f"at most {MAX_DEPTH} levels"
            )
        self.at += 1  # the (
        self.skip()
        first: Node | None = None
        last = parent
        while True:
            self.skip()
            if self.at >= len(self.text):
                raise self.source.fault(self.at - 1, "the game tree is not closed", "end it with )")
            char = self.text[self.at]
            if char == ";":
                node = self.node()
                if last is not None:
                    last.children.append(node)
                first = first or node
                last = node
            elif char == "(":
                if last is None:
                    raise self.source.fault(
                        self.at, "a variation before any node", "a game tree starts with ;"
                    )
                self.tree(last)
            elif char == ")":
                self.at += 1
                self.depth -= 1
                return first
            else:
                raise self._unexpected("a node (;), a variation (( … )) or the end of the tree ())")

    def node(self) -> Node:
        begin = self.at
        self.at += 1
        node = Node(begin, self.source)
        while True:
            self.skip()
            match = _IDENT.match(self.text, self.at)
            if match is None:
                if self.at < len(self.text) and self.text[self.at] == "[":
                    raise self.source.fault(
                        self.at, "a value without a property name", "write ID[value], as in C[…]"
                    )
                break
            self.at = match.end()
            values: list[Value] = []
            while True:
                self.skip()
                if self.at >= len(self.text) or self.text[self.at] != "[":
                    break
                values.append(self.value())
            if not values:
                raise self.source.fault(
                    match.start(),
                    f"the property {match.group()} has no value",
                    f"write {match.group()}[value]",
                    match.end() - match.start(),
                )
            node.properties.append(
                Property(match.group(), match.start(), tuple(values), self.source)
            )
        return node

    def value(self) -> Value:
        begin = self.at
        parts: list[str] = []
        i = begin + 1
        text = self.text
        while True:
            match = _VALUE_END.search(text, i)
            if match is None:
                raise self.source.fault(begin, "the value [ is not closed", "end it with ]")
            parts.append(text[i : match.start()])
            if text[match.start()] == "]":
                self.at = match.end()
                break
            parts.append(text[match.end() : match.end() + 1])  # the escaped character
            i = match.end() + 1
        return Value("".join(parts), begin, self.at, self.source)

    def _unexpected(self, hint: str) -> Fault:
        char = self.text[self.at]
        return self.source.fault(self.at, f"{char!r} is not SGF here", f"expected {hint}")


def escape(text: str) -> str:
    """``text`` as an SGF value's inside: ``]`` and ``\\`` escaped."""
    return text.replace("\\", "\\\\").replace("]", "\\]")
