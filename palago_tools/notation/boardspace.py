"""boardspace.net's Palago records: the mapping of their cells and chips, and SGF game trees
read as Palago game records (:mod:`.boardspace_writer` writes them back).

boardspace.net records a game as the moves of its interface, one SGF node each: ``P0[12 Dropb J
9 0]`` drops chip 0 on column J, row 9; ``Pickb``/``Pick``/``Drop`` pick tiles up and put them
back, a second ``Dropb`` on the same cell turns a tile, and ``Done`` ends the turn. Reading
collapses these into the turns they mean.

The mapping keeps boardspace's colours. Each of boardspace's chips (``PalagoChip``) is a table of
the lines joining its sides: its straight (``mainLine``), the arc that closes the yellow band
with the straight (``yellowLine``, so it lies around the blue tip) and the arc that closes the
blue band (``blueLine``, around the yellow tip); boardspace's win test (``isWinForYellow``) asks
for the ``yellowLine`` of every straight on a loop to be closed too. A step of one column is one
cell West, a step of one row one cell South-East (``q = 9 - column``, ``r = row - 9``), so
boardspace's six directions are the notation's NE, E, SE, SW, W, NW, and the yellow tips of
chips 0, 1 and 2 point to the upper left, upper right and bottom (:data:`CHIP_ORIENTATIONS`:
``L``, ``R``, ``D``). Cell J 9 is 0,0 both ways. boardspace plays with an unlimited supply
(``[Tiles "unlimited"]``); its legacy 19×19 board wraps around and is refused, since the
notation has no wrap-around (docs/boardspace.md).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Final, NamedTuple

from ..core.hexgrid import DIRECTIONS, Cell, cell_text, neighbours
from ..core.tiles import Colour, Orientation, Tile, check_cell
from ..errors import ArgumentError, GeometryError
from .origin import Fault
from .parser import read_piece
from .records import (
    Comment,
    PalagoGame,
    PalagoResult,
    PalagoTurn,
    PalagoVariant,
    Placement,
    PositionRecord,
    Span,
)
from .sgf import GameTree, Node, Property, Value

# --- The geometry ---------------------------------------------------------------------------

BOARDSPACE_STEPS: Final[tuple[tuple[int, int], ...]] = (
    (-1, -1), (-1, 0), (0, 1), (1, 1), (1, 0), (0, -1),
)  # fmt: skip
"""boardspace's six directions as (column, row) steps, in its own order (``infiniteHexBoard``)."""


def cell_step(step: tuple[int, int]) -> Cell:
    """A (column, row) step on boardspace's board as a step of the notation's cells: one column
    is one cell West (-1, 0), one row one cell South-East (0, +1)."""
    columns, rows = step
    return (-columns, rows)


DIRECTION_OF: Final[tuple[int, ...]] = tuple(
    DIRECTIONS.index(cell_step(step)) for step in BOARDSPACE_STEPS
)
"""boardspace direction *d* → the notation's direction (1, 0, 5, 4, 3, 2: NE, E, SE, SW, W, NW)."""

CHIP_LINES: Final[tuple[tuple[tuple[int, int], tuple[int, int], tuple[int, int]], ...]] = (
    ((0, 3), (1, 2), (4, 5)),
    ((2, 5), (3, 4), (0, 1)),
    ((1, 4), (5, 0), (2, 3)),
)
"""For each of boardspace's chips 0, 1, 2 (``PalagoChip``), the pairs of its sides (in
boardspace's directions) joined by its straight (``mainLine``), by its ``yellowLine`` (the arc
that encloses yellow with the straight: around the blue tip) and by its ``blueLine`` (around the
yellow tip)."""


def _tip_of(sides: tuple[int, int]) -> int:
    """The corner between two neighbouring sides of the notation (corner *k* lies between sides
    *k* and *k+1*)."""
    a, b = sorted(s % 6 for s in sides)
    return 5 if (a, b) == (0, 5) else a


def chip_orientation(chip: int) -> Orientation:
    """The orientation of boardspace's chip ``chip``: its yellow tip is the corner its
    ``blueLine`` arc goes around (the blue band lies between that arc and the straight)."""
    _straight, _yellow, blue = CHIP_LINES[chip]
    return Orientation.from_tip(_tip_of((DIRECTION_OF[blue[0]], DIRECTION_OF[blue[1]])))


CHIP_ORIENTATIONS: Final[tuple[Orientation, ...]] = tuple(chip_orientation(c) for c in range(3))
"""boardspace chip 0, 1, 2 → ``L``, ``R``, ``D``."""

ORIGIN: Final = (9, 9)
"""Column J (the tenth letter, index 9) and row 9: the cell 0,0, where boardspace's robot opens."""


def column_index(text: str) -> int:
    """A boardspace column, ``A``…``Z`` (0…25), ``1Z``, ``2Z``… (26, 27…) or ``1A``, ``2A``…
    (-1, -2…) (``G.printCol``), as a number; ``ValueError`` if it is none."""
    match = _COLUMN.fullmatch(text)
    if match is None:
        raise ArgumentError(text)
    digits, letter = match.groups()
    letter = letter.upper()
    if not digits:
        return ord(letter) - ord("A")
    if letter == "Z":
        return 25 + int(digits)
    if letter == "A":
        return -int(digits)
    raise ArgumentError(text)


def column_text(index: int) -> str:
    """The column ``index`` as boardspace writes it (the inverse of :func:`column_index`)."""
    if index > 25:
        return f"{index - 25}Z"
    if index < 0:
        return f"{-index}A"
    return chr(ord("A") + index)


def cell_of(column: int, row: int) -> Cell:
    """boardspace's column and row → the notation's cell (J 9 is 0,0): ``q = 9 - column``,
    ``r = row - 9``."""
    return (ORIGIN[0] - column, row - ORIGIN[1])


def square_of(cell: Cell) -> tuple[int, int]:
    """The notation's cell → boardspace's column and row (the inverse of :func:`cell_of`)."""
    return (ORIGIN[0] - cell[0], cell[1] + ORIGIN[1])


# --- Reading --------------------------------------------------------------------------------

SITE: Final = "boardspace.net"
_COLUMN: Final = re.compile(r"([0-9]{0,6})([A-Za-z])")
_ROW: Final = re.compile(r"-?[0-9]{1,6}")
_WORD: Final = re.compile(r"\S+")
_PLAYER: Final = re.compile(r"P[0-9]")
PLAYER_INFO: Final = {"time": "Time", "ranking": "Ranking", "country": "Country"}
_QUIET: Final = frozenset({"FF", "CA", "AP", "TM", "TC", "GS", "AN", "N", "PL", "SZ"})
"""Properties of boardspace's records that say nothing the notation keeps: clocks, the file
format, boardspace's own drawing marks, node names."""
_NO_EFFECT: Final = frozenset({"pick", "drop", "pleaseundo", "dontundo"})
_UNDOING: Final = frozenset({"undo", "reset", "allowundo"})
_MOVE_HINT: Final = (
    "a Palago move is Start P0|P1, Dropb COLUMN ROW CHIP, Pickb COLUMN ROW, Pick N, Drop, Done, "
    "Resign, WinOnTime or Edit"
)
_TORUS: Final = (
    "this record is of boardspace's legacy 19×19 Palago board, which wraps around at its edges",
    "the notation has no wrap-around, so palago-tools reads only records of the infinite board "
    "(SU[palago 2 … 101])",
)


@dataclass
class _Drop:
    cell: Cell
    chip: int
    span: Span
    comments: list[Comment] = field(default_factory=list)

    def placement(self) -> Placement:
        return Placement(
            Tile(self.cell, CHIP_ORIENTATIONS[self.chip]), None, tuple(self.comments), self.span
        )


@dataclass
class _Game:
    """The state of a record being read: the turns done, the drops of the turn under way."""

    colours: tuple[int, int] = (0, 1)
    names: dict[int, str] = field(default_factory=dict)
    tags: dict[str, str] = field(default_factory=dict)
    comments: list[Comment] = field(default_factory=list)
    turns: list[PalagoTurn] = field(default_factory=list)
    pending: list[_Drop] = field(default_factory=list)
    laid: dict[Cell, int] = field(default_factory=dict)
    starter: int | None = None
    mover: int = 0
    resigning: bool = False
    ended: str | None = None
    winner: int | None = None
    result_text: str | None = None

    def colour(self, player: int) -> Colour:
        return Colour.YELLOW if self.colours[player] == 0 else Colour.BLUE

    def note(self, text: str, span: Span) -> None:
        """A comment after the last tile placed (or before the first)."""
        comment = read_comment(text, span)
        if self.pending:
            self.pending[-1].comments.append(comment)
        elif self.turns:
            last = self.turns[-1]
            *head, tail = last.placements
            tail = Placement(tail.tile, tail.glyph, (*tail.comments, comment), tail.span)
            self.turns[-1] = PalagoTurn(last.number, (*head, tail), (), last.span)
        else:
            self.comments.append(comment)


def read_comment(text: str, span: Span) -> Comment:
    """An SGF comment as a notation comment: its words, and the diagram annotations
    (``[%outline …]``, …) written in it, read as the notation reads them."""
    words = " ".join(text.replace("}", ")").split())
    if "[%" in words:
        records, fault = read_piece(f'[Kind "Position"] {{{words}}} 0,0R', 1, 1)
        if fault is None and isinstance(records[0], PositionRecord) and records[0].comments:
            read = records[0].comments[0]
            return Comment(read.text, read.annotations, span)
    return Comment(words, (), span)


class _Word(NamedTuple):
    """A word of a value, and where it begins in the value's text."""

    text: str
    value: Value
    start: int

    def span(self, last: _Word | None = None) -> Span:
        """Where the word stands (to the end of ``last``)."""
        end = last if last is not None else self
        return self.value.part(self.start, end.start + len(end.text))


def _tokens(value: Value) -> list[_Word]:
    """The words of a value."""
    return [_Word(m.group(), value, m.start()) for m in _WORD.finditer(value.text)]


def _fault(word: _Word, message: str, hint: str) -> Fault:
    span = word.span()
    width = span.end_column - span.column if span.line == span.end_line else 1
    return Fault(message, hint, span.line, span.column, width)


def _at(value: Value, message: str, hint: str) -> Fault:
    span = value.span
    width = span.end_column - span.column if span.line == span.end_line else 1
    return Fault(message, hint, span.line, span.column, width)


def read_game(tree: GameTree) -> PalagoGame:
    """The Palago game that ``tree`` records; :class:`~.sgf.Fault` when it is not one."""
    if tree.root is None:
        raise Fault(
            "an empty game tree",
            "a boardspace record is ( ;GM[Palago] … )",
            tree.span.line,
            tree.span.column,
        )
    game = _Game()
    game_type = _find(tree.root, "GM")
    if game_type is None or game_type.values[0].text.strip().lower() != "palago":
        where = game_type.values[0] if game_type is not None else None
        named = f"GM[{where.text.strip()}]" if where is not None else "no GM property"
        message = f"this SGF record is not of Palago ({named})"
        hint = "palago-tools reads boardspace.net's Palago records, which begin ;GM[Palago]"
        if where is not None:
            raise _at(where, message, hint)
        raise Fault(message, hint, tree.root.span.line, tree.root.span.column)
    node: Node | None = tree.root
    skipped = 0
    while node is not None:
        for prop in node.properties:
            _property(game, prop)
        skipped += max(0, len(node.children) - 1)
        node = node.children[0] if node.children else None
    if skipped:
        game.comments.insert(
            0,
            Comment(
                f"boardspace: {skipped} variation{'s' if skipped > 1 else ''} of this record "
                "left out; the main line is read",
                (),
                tree.span,
            ),
        )
    return _record(game, tree.span)


def _find(node: Node, name: str) -> Property | None:
    for prop in node.properties:
        if prop.name.upper() == name:
            return prop
    return None


def _property(game: _Game, prop: Property) -> None:
    name = prop.name.upper()
    for value in prop.values:
        text = value.text
        if name == "GM":
            continue
        if name == "SU":
            _setup(value)
        elif name == "VV":
            if text.strip() not in ("1", "2"):
                raise _at(
                    value,
                    f"VV[{text.strip()}] is not a version palago-tools knows",
                    "boardspace's Palago records are of version 1 or 2",
                )
        elif name == "CM":
            game.colours = _colour_map(value)
        elif name == "DT":
            game.tags["Date"] = _simple_text(text)
        elif name == "GN":
            game.tags["X-GameName"] = _simple_text(text)
        elif name == "GC":
            game.tags["X-GameTitle"] = _simple_text(text)
        elif name == "RE":
            game.result_text = _simple_text(text)
        elif name == "C":
            game.note(text, value.span)
        elif _PLAYER.fullmatch(name):
            _player(game, int(name[1]), value)
        elif name not in _QUIET:
            game.note(f"boardspace {prop.name}[{text}]", value.span)


def _setup(value: Value) -> None:
    words = _tokens(value)
    if not words:
        raise _at(value, "an empty setup SU[]", "boardspace writes SU[palago 2 KEY 101]")
    kind = words[0][0].lower()
    if kind != "palago":
        raise _fault(
            words[0],
            f"{words[0][0]!r} is not a Palago setup",
            "boardspace writes SU[palago 2 KEY 101]",
        )
    if len(words) == 1:
        raise _at(value, *_TORUS)
    if words[1][0] != "2":
        raise _fault(words[1], f"a game of {words[1][0]} players", "Palago is for two players")
    revision = words[3] if len(words) > 3 else None
    if revision is None or not revision[0].isdigit() or int(revision[0]) < 101:
        raise _at(value, *_TORUS)


def _colour_map(value: Value) -> tuple[int, int]:
    parts = [p.strip() for p in value.text.split(",")]
    if sorted(parts) != ["0", "1"]:
        raise _at(
            value,
            f"CM[{value.text}] is not a colour map of two players",
            "boardspace writes CM[0,1] or CM[1,0]",
        )
    return (int(parts[0]), int(parts[1]))


def _simple_text(text: str) -> str:
    """An SGF SimpleText value as a tag holds it: line breaks and runs of white space become
    one space, as the SGF standard reads SimpleText (a tag value is one line)."""
    return " ".join(text.split())


def _player(game: _Game, player: int, value: Value) -> None:
    words = _tokens(value)
    if not words:
        raise _at(value, "an empty player property", _MOVE_HINT)
    if player > 1:
        raise _fault(words[0], f"a move of player P{player}", "Palago has players P0 and P1")
    first = words[0][0].lower()
    if first == "id":
        name = value.text.strip()[2:].strip()
        name = name[1:-1] if len(name) >= 2 and name[0] == name[-1] == '"' else name
        game.names[player] = _simple_text(name)
        return
    if first in PLAYER_INFO:
        rest = value.text.strip()[len(first) :].strip()
        game.tags[f"X-{player}{PLAYER_INFO[first]}"] = _simple_text(rest)
        return
    if first.isdigit():
        words = words[1:]
        if not words:
            raise _at(value, "a move number without a move", _MOVE_HINT)
    _move(game, words, value)


def _move(game: _Game, words: list[_Word], value: Value) -> None:
    command = words[0][0].lower()
    if game.ended is not None and command not in _NO_EFFECT:
        raise _fault(
            words[0],
            f"{words[0][0]} after the game ended ({game.ended})",
            "a record ends with the move that ended the game",
        )
    if command == "start":
        if game.turns or game.pending:
            raise _fault(words[0], "Start in the middle of a game", "Start P0 or Start P1 opens it")
        if len(words) != 2 or words[1][0].upper() not in ("P0", "P1"):
            raise _fault(words[0], "Start without its player", "write Start P0 or Start P1")
        game.starter = game.mover = int(words[1][0][1])
    elif command == "dropb":
        _drop(game, words)
    elif command == "pickb":
        _pick(game, words)
    elif command == "done":
        _done(game, value, words[0])
    elif command == "resign":
        game.resigning = not game.resigning
    elif command == "winontime":
        game.ended = f"{_name(game.colour(game.mover))} won on time"
        game.winner = game.mover
    elif command == "edit":
        if game.turns or game.pending:
            raise _fault(
                words[0],
                "the board was edited during the game (Edit)",
                "palago-tools reads games played by the rules, without edits",
            )
    elif command in _UNDOING:
        raise _fault(
            words[0],
            f"{words[0][0]} takes moves back",
            "a boardspace record keeps only the moves that stand",
        )
    elif command not in _NO_EFFECT:
        raise _fault(words[0], f"{words[0][0]!r} is not a boardspace Palago move", _MOVE_HINT)


def _square(game: _Game, words: list[_Word], count: int) -> Cell:
    verb = words[0][0]
    if len(words) != count + 1:
        shape = "COLUMN ROW CHIP" if count == 3 else "COLUMN ROW"
        raise _fault(
            words[0],
            f"{verb} takes {count} values, not {len(words) - 1}",
            f"write {verb} {shape}, as in {verb} J 9{' 0' if count == 3 else ''}",
        )
    try:
        column = column_index(words[1][0])
    except ValueError:
        raise _fault(
            words[1],
            f"{words[1][0]!r} is not a column",
            "a column is a letter A…Z, or 1A, 2A… before A and 1Z, 2Z… after Z",
        ) from None
    if _ROW.fullmatch(words[2][0]) is None:
        raise _fault(words[2], f"{words[2][0]!r} is not a row", "a row is a whole number")
    try:
        return check_cell(cell_of(column, int(words[2][0])))
    except GeometryError as error:
        raise _fault(words[1], str(error), "a boardspace record stays near J 9") from None


def _drop(game: _Game, words: list[_Word]) -> None:
    cell = _square(game, words, 3)
    chip = words[3][0]
    if chip not in ("0", "1", "2"):
        raise _fault(
            words[3],
            f"{chip!r} is not a chip",
            "boardspace's chips are 0 (yellow tip L), 1 (R) and 2 (D)",
        )
    span = words[0].span(words[3])
    if cell in game.laid:
        raise _fault(
            words[1],
            f"the cell {cell_text(cell)} already holds a tile (turn {game.laid[cell]})",
            "a tile is dropped on an empty cell",
        )
    for drop in game.pending:
        if drop.cell == cell:  # the interface turns a tile by dropping a new one on it
            drop.chip, drop.span = int(chip), span
            return
    if len(game.pending) == 2:  # a third drop moves the second tile, as the interface does
        del game.pending[1]
    game.pending.append(_Drop(cell, int(chip), span))


def _pick(game: _Game, words: list[_Word]) -> None:
    cell = _square(game, words, 2)
    for index, drop in enumerate(game.pending):
        if drop.cell == cell:
            del game.pending[index]
            return
    raise _fault(
        words[1],
        f"Pickb {words[1][0]} {words[2][0]}: no tile of this turn lies on {cell_text(cell)}",
        "only the tiles of the turn under way can be picked up",
    )


def _name(colour: Colour) -> str:
    return colour.value.capitalize()


def _done(game: _Game, value: Value, word: _Word) -> None:
    if game.resigning:
        game.ended = f"{_name(game.colour(game.mover))} resigned"
        game.winner = 1 - game.mover
        if game.pending:
            game.note("boardspace: the tiles of the unfinished turn are left out", value.span)
            game.pending.clear()
        return
    if not game.pending:
        return
    if not game.turns and len(game.pending) == 1:
        raise _fault(
            word,
            f"the first turn ends after one tile ({game.pending[0].placement().tile.token})",
            "Palago's first turn lays two tiles that touch, as boardspace's does",
        )
    number = len(game.turns) + 1
    first_drop = game.pending[0]
    if game.laid and not any(n in game.laid for n in neighbours(first_drop.cell)):
        span = first_drop.span
        width = span.end_column - span.column if span.line == span.end_line else 1
        raise Fault(
            f"turn {number}: its first tile, {first_drop.placement().tile.token}, touches no "
            "tile already down",
            "boardspace lays first a tile that touches the tiles down, then one that touches it",
            span.line,
            span.column,
            width,
        )
    first, last = game.pending[0].span, value.span
    span = Span(first.line, first.column, last.end_line, last.end_column)
    game.turns.append(PalagoTurn(number, tuple(d.placement() for d in game.pending), (), span))
    for drop in game.pending:
        game.laid[drop.cell] = number
    game.pending.clear()
    game.mover = 1 - game.mover


def _record(game: _Game, span: Span) -> PalagoGame:
    if game.pending:
        tiles = " ".join(d.placement().tile.token for d in game.pending)
        game.pending.clear()
        game.note(f"boardspace: the record ends in a turn not done ({tiles}), left out", span)
    starter = game.starter if game.starter is not None else 0
    tags = {"Site": SITE, **game.tags}
    colour_tags = {}
    for name, text in list(tags.items()):
        match = re.fullmatch(r"X-([01])(\w+)", name)
        if match is not None:
            del tags[name]
            colour = game.colour(int(match.group(1))).value.capitalize()
            colour_tags[f"X-{colour}{match.group(2)}"] = text
    tags.update(colour_tags)
    result = PalagoResult.UNFINISHED
    if game.ended is not None:
        tags["X-Termination"] = game.ended
    elif game.result_text is not None:
        won = _winner_named(game, game.result_text)
        if won is None:
            tags["X-Result"] = game.result_text
        else:
            result = PalagoResult.of(game.colour(won), False)
    yellow = next((n for p, n in game.names.items() if game.colours[p] == 0), None)
    blue = next((n for p, n in game.names.items() if game.colours[p] == 1), None)
    return PalagoGame(
        turns=tuple(game.turns),
        yellow=yellow,
        blue=blue,
        first=game.colour(starter),
        tiles=None,
        variant=PalagoVariant.STANDARD,
        result=result,
        tags=tuple(tags.items()),
        comments=tuple(game.comments),
        span=span,
    )


def _winner_named(game: _Game, text: str) -> int | None:
    """The player ``RE`` names the winner (``Game won by NAME``), by name or by colour."""
    match = re.fullmatch(r"(?i)game won by (.+)", text.strip())
    if match is None:
        return None
    named = match.group(1).strip().lower()
    for player, name in game.names.items():
        if name.strip().lower() == named:
            return player
    for player in (0, 1):
        if game.colour(player).value == named and player not in game.names:
            return player
    return None
