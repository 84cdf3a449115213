"""A fast reader for the plainest and commonest record: a Palago game of tag pairs, numbered
turns of bare tiles and a result, with no comments, glyphs or variations.

Such a record is read with a few regular expressions instead of lark, about ten times faster;
the records it makes are the ones lark and :class:`~.build.Builder` make (the same values, the
same spans), and the builder's own checks (tags, numbering, the result) are run on them. Any
other text, and any record with a problem, gives ``None``: the caller reads it with lark, which
says exactly what is wrong. The tests read generated and altered games both ways and compare.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Final

from lark import Token, Tree

from .build import Builder, read_tile
from .origin import Fault, new_span
from .records import PalagoGame, PalagoTurn, Placement, Span
from .tags import Tags

_WS: Final = "[ \t\r\n\f\ufeff]"
_TILE: Final = "-?[0-9]{1,6},-?[0-9]{1,6}[RLDrld]"
_HEAD: Final = re.compile(_WS + r'*\[Kind "Palago"\]' + _WS + "*")
_TAG: Final = re.compile(
    r'\[([A-Za-z][A-Za-z0-9_-]*) ("(?:[^"\\\x00-\x1f\x7f]|\\["\\])*")\]' + _WS + "*"
)
_TURN: Final = re.compile(rf"([0-9]{{1,6}})\.{_WS}+({_TILE})(?:{_WS}+({_TILE}))?{_WS}+")
_RESULT: Final = re.compile(rf"(1-0|0-1|1/2-1/2|\*){_WS}*\Z")


_token: Final = lru_cache(maxsize=1024)(Token)
"""A token without a position, made once for each text (tag names and players' names recur;
lark makes a token slowly). The tokens only carry their text to the builder's checks: any fault
in them sends the record to lark, which says where it is."""


def read_palago_game(chunk: str, line0: int = 1, column0: int = 1) -> PalagoGame | None:
    """The game that is the whole of ``chunk`` (a piece of a file starting at ``line0``,
    ``column0``), or ``None`` when ``chunk`` is anything else or has a problem."""
    head = _HEAD.match(chunk)
    if head is None:
        return None
    builder = Builder(line0, column0)
    at = builder.locator(chunk)  # offsets are asked in order, as the reading goes forwards
    kind_at = at(chunk.index("[", 0, head.end()))
    tag_trees: list[Tree[Token]] = []
    offset = head.end()
    match_tag = _TAG.match
    while (tag := match_tag(chunk, offset)) is not None:
        name, value = tag.groups()
        tag_trees.append(Tree("tag", [_token("TAG_NAME", name), _token("TAG_VALUE", value)]))
        offset = tag.end()
    turns: list[PalagoTurn] = []
    match_turn = _TURN.match
    count = chunk.count
    while (turn := match_turn(chunk, offset)) is not None:
        number, first, second = turn.groups()
        start, first_at = turn.start(), turn.start(2)
        turn_line, turn_column = at(start)
        if count("\n", start, first_at):
            tile_line, tile_column = at(first_at)
        else:  # on the turn number's line, as nearly always
            tile_line, tile_column = turn_line, turn_column + first_at - start
        tile = read_tile(first)[0]
        if tile is None:
            return None
        end = new_span(Span, (tile_line, tile_column, tile_line, tile_column + len(first)))
        placements: tuple[Placement, ...]
        if second is None:
            placements = (Placement(tile, None, (), end),)
        else:
            other = read_tile(second)[0]
            if other is None:
                return None
            placement = Placement(tile, None, (), end)
            second_at = turn.start(3)
            if count("\n", first_at, second_at):
                tile_line, tile_column = at(second_at)
            else:
                tile_column += second_at - first_at
            end = new_span(Span, (tile_line, tile_column, tile_line, tile_column + len(second)))
            placements = (placement, Placement(other, None, (), end))
        span = new_span(Span, (turn_line, turn_column, end[2], end[3]))
        turns.append(PalagoTurn(int(number), placements, (), span))
        offset = turn.end()
    result = _RESULT.match(chunk, offset)
    if result is None:
        return None
    text = result.group(1)
    result_line, result_column = at(offset)
    span = new_span(Span, (*kind_at, result_line, result_column + len(text)))
    try:
        tags = Tags(builder, tag_trees, "palago")
        return builder.palago_game(tags, tuple(turns), _token("RESULT", text), (), span)
    except Fault:
        return None
