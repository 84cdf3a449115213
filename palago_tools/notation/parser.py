"""Reading the text of one record: lark's parse, the record built from its tree, and lark's
errors put in words.

The text of a file is cut into the texts of its records by :mod:`.reader`; each is read here on
its own, so a bad record is reported and the good ones around it are still read.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Final

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedEOF, UnexpectedInput

from ..core.tiles import ORIENTATION_HINT
from ..shipped import shipped_folder
from .build import Builder
from .fast import read_palago_game
from .origin import Fault, Origin
from .records import Record

GRAMMAR_FILE: Final = "palago.lark"


def grammar_text() -> str:
    """The grammar: ``grammar/`` in a source tree, else the installed copy."""
    return (
        shipped_folder("grammar", "palago_tools.grammar").joinpath(GRAMMAR_FILE).read_text("utf-8")
    )


@cache
def lark_parser() -> Lark:
    """The LALR parser of the notation (built once per process).

    Without ``propagate_positions``, which would cost a quarter of the parse: the builder takes
    the spans of rules from their tokens (see :mod:`.origin`).
    """
    return Lark(
        grammar_text(),
        parser="lalr",
        lexer="contextual",
        propagate_positions=False,
    )


UNDECODED: Final = re.compile("[\udc80-\udcff]")
"""A byte that is not UTF-8, as the reader decodes it (``surrogateescape``)."""
_CONTROL_IN_QUOTES: Final = re.compile(r'"(?:[^"\\\x00-\x1f\x7f]|\\.)*[\x00-\x09\x0b-\x1f\x7f]')
"""A quoted value up to its first control character (a tab or other, not the line end)."""


# --- Lark's errors in words ------------------------------------------------------------------

TILE_HINT: Final = (
    "a tile token is a cell q,r (two whole numbers joined by a comma) and the orientation "
    "L, R or D, as in 1,-1D"
)
CELL_HINT: Final = "a cell is two whole numbers q,r joined by a comma, as in 1,-1"
KINDS_HINT: Final = (
    'the kinds are "Palago", "Palagonia", "Position", "Creature" and "Transformation"'
)
TAG_VALUE_HINT: Final = (
    'a tag value is written on one line between double quotes; inside it write \\" and \\\\'
)

_EXPECTED: Final[tuple[tuple[str, str], ...]] = (
    ("_KIND", 'the kind tag that opens every record, as in [Kind "Palago"]'),
    (
        "KIND_PALAGO",
        'a record kind: "Palago", "Palagonia", "Position", "Creature" or "Transformation"',
    ),
    ("TAG_NAME", "a tag name, as in Event"),
    ("TAG_VALUE", 'a tag value in double quotes, as in "Club night"'),
    ("TURN_NO", "a turn number, as in 3."),
    ("TILE", "a tile token, as in 0,1D: a cell q,r and the orientation L, R or D"),
    ("CELL", "a cell q,r, as in 1,-1"),
    (
        "RESULT",
        "the result: 1-0, 0-1, 1/2-1/2 or * in Palago, the scores (7-9-4) or * in Palagonia",
    ),
    ("DIE", "a die face: 2, 3, 4, 5, x (remove) or @ (rotate)"),
    (
        "PLACE",
        "the chosen die and its action: 2: to 5: and that many tiles, x and a cell, @ and a tile, "
        "or - for a pass",
    ),
    ("_START", "start: and the tiles of the start creature"),
    ("_TARGET", "target: and the tiles of the target creature"),
    ("_ARROW", "> and the tile the moved tile becomes"),
    (
        "ANNOTATION_NAME",
        "an annotation name: highlight, mark, label, arrow, outline, ghost or eval",
    ),
    ("WORD", "a colour, shape or label"),
    ("NUMBER", "a number"),
    ("_RBRACE", "} to close the comment"),
    ("_RSQB", "]"),
    ("_LSQB", "[ to open a tag pair, a roll or the next record"),
    ("_RPAR", ") to close the variation"),
    ("_PLUS", "+"),
    ("COMMENT_TEXT", "comment text"),
    ("_ANN_OPEN", "an annotation [%…]"),
    ("_LBRACE", "a comment"),
    ("LINE_COMMENT", "a comment"),
    ("_LPAR", "a variation ( … )"),
    ("GLYPH", "a move glyph such as !"),
    ("$END", "the end of the record"),
)
_SAME_AS: Final = {
    "KIND_PALAGONIA": "KIND_PALAGO",
    "KIND_POSITION": "KIND_PALAGO",
    "KIND_CREATURE": "KIND_PALAGO",
    "KIND_TRANSFORMATION": "KIND_PALAGO",
    "REMOVE": "PLACE",
    "ROTATE": "PLACE",
    "PASS": "PLACE",
}
_MINOR: Final = frozenset(
    {"_LBRACE", "LINE_COMMENT", "_LPAR", "GLYPH", "COMMENT_TEXT", "_ANN_OPEN"}
)


_RESULT_WORDS: Final = {
    "Palago": "the result 1-0, 0-1, 1/2-1/2 or *",
    "Palagonia": "the final scores in seat order, as in 7-9-4, or *",
}
_KIND_AT: Final = re.compile(
    r'[ \t\r\n\f\ufeff]*\[[ \t\r\n\f\ufeff]*Kind[ \t\r\n\f\ufeff]*"([A-Za-z]+)"'
)


def _expected_words(names: set[str] | frozenset[str] | None, kind: str = "") -> str:
    wanted = {_SAME_AS.get(n, n) for n in (names or ()) if n != "WS"}
    if wanted - _MINOR:
        wanted -= _MINOR
    words: list[str] = []
    for name, word in _EXPECTED:
        if name == "RESULT":
            word = _RESULT_WORDS.get(kind, word)
        if name in wanted and word not in words:
            words.append(word)
    if not words:
        return ""
    if len(words) == 1:
        return f"expected {words[0]}"
    return "expected " + "; or ".join(words)


_PIECES: Final[tuple[tuple[str, re.Pattern[str]], ...]] = (
    ("TILE", re.compile(r"-?[0-9]+,-?[0-9]+[A-Za-z][A-Za-z0-9]*")),
    ("CELL", re.compile(r"-?[0-9]+,-?[0-9]+(?![0-9])")),
    ("TURN_NO", re.compile(r"[0-9]+\+*\.")),
    ("RESULT", re.compile(r"(?:1-0|0-1|1/2-1/2|\*|[0-9]+(?:-[0-9]+)+)(?![0-9A-Za-z.,])")),
    ("NUMBERISH", re.compile(r"-?[0-9]+(?:[.,:]-?[0-9]*)*[A-Za-z]*")),
    ("WORD", re.compile(r"[A-Za-z][A-Za-z0-9_-]*")),
    ("QUOTED", re.compile(r'"(?:[^"\\\n]|\\.)*"?')),
)
_NAMES: Final = {
    "TILE": "the tile ",
    "CELL": "the cell ",
    "TURN_NO": "the turn number ",
    "RESULT": "the result ",
    "QUOTED": "the text ",
}


def _piece_at(text: str, offset: int) -> tuple[str, str]:
    """What is written at ``offset``: a kind of piece (or ``CHAR``) and its text."""
    for kind, pattern in _PIECES:
        match = pattern.match(text, offset)
        if match is not None and match.group():
            return kind, match.group()
    return "CHAR", text[offset : offset + 1]


def _describe(kind: str, piece: str) -> str:
    if kind == "CHAR":
        return _describe_char(piece) if piece else "the end of the record"
    shown = piece if len(piece) <= 24 else piece[:21] + "…"
    name = _NAMES.get(kind)
    return f"{name}{shown}" if name else repr(shown)


def _describe_char(char: str) -> str:
    if 0xDC80 <= ord(char) <= 0xDCFF:
        return f"the byte 0x{ord(char) - 0xDC00:02x}"
    if ord(char) < 32 or ord(char) == 127:
        return f"the control character U+{ord(char):04X}"
    return repr(char)


def _unclosed(text: str, opener: str, closer: str) -> int | None:
    """Offset of the opener left open at the end of ``text`` (comments do not nest)."""
    start = text.rfind(closer) + 1
    index = text.find(opener, start)
    return index if index >= 0 else None


def _expected_of(error: UnexpectedInput) -> set[str]:
    """The terminals the parser could take where it failed."""
    interactive = getattr(error, "interactive_parser", None)
    if interactive is not None:
        return set(interactive.accepts())
    names = getattr(error, "expected", None) or getattr(error, "allowed", None) or ()
    return set(names)


def _syntax_fault(error: UnexpectedInput, chunk: str, line0: int, column0: int) -> Fault:
    """Lark's error as a :class:`Fault` in words, placed in the file."""
    origin = Origin(line0, column0)
    expected = _expected_of(error)
    kind_match = _KIND_AT.match(chunk)
    record_kind = kind_match.group(1) if kind_match else ""

    def at(offset: int, message: str, hint: str, width: int = 1) -> Fault:
        return Fault(message, hint, *origin.locator(chunk)(offset), width)

    token = getattr(error, "token", None)
    if isinstance(error, UnexpectedEOF) or (isinstance(token, Token) and token.type == "$END"):
        if expected & {"_RBRACE", "COMMENT_TEXT"}:
            opened = _unclosed(chunk, "{", "}")
            if opened is not None:
                return at(opened, "the comment is not closed", "a comment {…} ends with }")
        if "_RPAR" in expected:
            opened = _unclosed(chunk, "(", ")")
            if opened is not None:
                return at(opened, "the variation is not closed", "a variation ( … ) ends with )")
        end = len(chunk.rstrip(" \t\r\n\f\ufeff"))
        return at(end, "the record ends too early", _expected_words(expected, record_kind))
    offset = getattr(error, "pos_in_stream", None)
    if isinstance(token, Token) and token.start_pos is not None:
        offset = token.start_pos
    offset = min(offset or 0, len(chunk))
    kind, piece = _piece_at(chunk, offset)
    width = max(1, len(piece))
    if not record_kind and not chunk[:offset].strip(" \t\r\n\f\ufeff"):
        return at(
            offset,
            f"{_describe(kind, piece)} comes before any record",
            'a record begins with its kind tag, such as [Kind "Palago"] or [Kind "Position"]',
            width,
        )
    if kind == "CELL" and "TILE" in expected:
        return at(offset, f"the tile {piece} has no orientation", ORIENTATION_HINT, width)
    if kind == "TILE" and "CELL" in expected and "TILE" not in expected:
        return at(
            offset,
            f"a cell is expected here, not the tile {piece}",
            "write the cell alone, q,r, without an orientation letter",
            width,
        )
    numberish = _PIECES[4][1].match(chunk, offset)
    if numberish is not None and kind != "TILE" and expected & {"TILE", "CELL"}:
        piece = numberish.group()
        width = len(piece)
        if "TILE" in expected:
            return at(offset, f"{piece!r} is not a tile", TILE_HINT, width)
        return at(offset, f"{piece!r} is not a cell", CELL_HINT, width)
    if kind == "QUOTED" and "KIND_PALAGO" in expected and piece.endswith('"') and len(piece) > 1:
        return at(offset, f"unknown record kind {piece}", KINDS_HINT, width)
    if kind == "QUOTED" and expected & {"TAG_VALUE", "KIND_PALAGO"}:
        control = _CONTROL_IN_QUOTES.match(chunk, offset)
        if control is not None:
            where = control.end() - 1
            character = chunk[where]
            what = "a tab" if character == "\t" else f"the control character U+{ord(character):04X}"
            return at(
                where,
                f"{what} inside a tag value",
                "a tag value holds printable text on one line: write a space instead",
            )
        return at(offset, "the tag value is not closed", TAG_VALUE_HINT)
    if kind == "WORD" and "_KIND" in expected:
        return at(
            offset,
            f"the record opens with the tag {piece}",
            'a record opens with its kind tag, as in [Kind "Palago"]',
            width,
        )
    if kind == "CHAR" and 0xDC80 <= ord(piece or " ") <= 0xDCFF:
        return at(
            offset,
            f"the byte 0x{ord(piece) - 0xDC00:02x} is not UTF-8 text",
            "save the file as UTF-8",
        )
    return at(
        offset,
        f"{_describe(kind, piece)} is out of place",
        _expected_words(expected, record_kind),
        width,
    )


# --- Reading one record --------------------------------------------------------------------


def read_piece(chunk: str, line0: int, column0: int) -> tuple[list[Record], Fault | None]:
    """The records of ``chunk``, a text that starts at ``line0:column0`` of its file, and the
    first fault in it (placed in the file), if any."""
    undecoded = UNDECODED.search(chunk)
    if undecoded is not None:
        line, column = Origin(line0, column0).locator(chunk)(undecoded.start())
        byte = ord(undecoded.group()) - 0xDC00
        return [], Fault(
            f"the byte 0x{byte:02x} is not UTF-8 text", "save the file as UTF-8", line, column
        )
    game = read_palago_game(chunk, line0, column0)
    if game is not None:  # the common plain game, read without lark
        return [game], None
    try:
        tree = lark_parser().parse(chunk)
    except UnexpectedInput as error:
        return [], _syntax_fault(error, chunk, line0, column0)
    builder = Builder(line0, column0)
    records: list[Record] = []
    for child in tree.children:
        assert isinstance(child, Tree)
        try:
            records.append(builder.record(child))
        except Fault as fault:
            return records, fault
    return records, None


@cache
def _turn_parser() -> Lark:
    return Lark(
        grammar_text(),
        parser="lalr",
        lexer="contextual",
        propagate_positions=False,
        start=["palago_turn", "palagonia_turn"],
    )


def turn_reads(text: str, kind: str) -> bool:
    """Whether ``text`` reads as one turn of a ``Palago`` or ``Palagonia`` game's moves, by the
    grammar alone (numbering and values are the builder's; a writer that appends one turn to a
    record already read back needs only this). The parser is built on the first call."""
    start = "palago_turn" if kind == "Palago" else "palagonia_turn"
    try:
        _turn_parser().parse(text, start=start)
    except UnexpectedInput:
        return False
    return True
