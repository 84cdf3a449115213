"""Notation: the lark grammar, typed records with source spans, the writer and exact errors.

>>> game, = parse('[Kind "Palago"]\\n1. 0,0R 1,0L 2. 0,1D 1,1L *')
>>> game.turns[1].placements[0].tile.token
'0,1D'
>>> print(write(game), end="")
[Kind "Palago"]
[First "Yellow"]
[Result "*"]
<BLANKLINE>
1. 0,0R 1,0L 2. 0,1D 1,1L *
"""

from .errors import NotationError
from .parser import grammar_text
from .reader import (
    Entry,
    ParseResult,
    RecordReader,
    iter_records,
    parse,
    parse_bytes,
    parse_file,
    parse_record,
    parse_text,
)
from .records import (
    NO_SPAN,
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
from .writer import UnreadableTextError, write, write_record, write_verified

__all__ = [
    "NO_SPAN",
    "AddTile",
    "Annotation",
    "ArrowCommand",
    "Comment",
    "CreatureCard",
    "Die",
    "Entry",
    "GhostCommand",
    "Glyph",
    "HighlightCommand",
    "LabelCommand",
    "MarkCommand",
    "MarkShape",
    "MoveTile",
    "NotationError",
    "OutlineCommand",
    "PalagoGame",
    "PalagoResult",
    "PalagoTurn",
    "PalagoVariant",
    "PalagoniaAction",
    "PalagoniaGame",
    "PalagoniaTurn",
    "ParseResult",
    "Pass",
    "Place",
    "Placement",
    "PositionRecord",
    "Record",
    "RecordReader",
    "Remove",
    "Roll",
    "Rotate",
    "RotateTile",
    "Span",
    "Step",
    "StepAction",
    "Transformation",
    "UnreadableTextError",
    "Variation",
    "grammar_text",
    "iter_records",
    "parse",
    "parse_bytes",
    "parse_file",
    "parse_record",
    "parse_text",
    "write",
    "write_record",
    "write_verified",
]
