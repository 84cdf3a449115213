"""Typed records of the notation: games, positions, creature cards, transformations.

Every record is a frozen dataclass. Every move, action, step, comment and annotation keeps the
:class:`Span` of its source text; spans take no part in equality, so two records are equal when
they say the same thing wherever it was written. Cells are ``(q, r)`` tuples, tiles are
:class:`~palago_tools.core.tiles.Tile`.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import ClassVar, Final, Generic, NamedTuple, TypeVar

from ..core.dice import Die as Die
from ..core.hexgrid import Cell
from ..core.marks import MarkShape as MarkShape
from ..core.position import Position
from ..core.tiles import SET_SIZE, Colour, Tile
from ..errors import ArgumentError
from ..languages import LANGUAGES


class Span(NamedTuple):
    """Where a piece of notation was written: 1-based lines and columns, the end exclusive."""

    line: int
    column: int
    end_line: int
    end_column: int

    def __str__(self) -> str:
        return f"{self.line}:{self.column}-{self.end_line}:{self.end_column}"


NO_SPAN: Final = Span(0, 0, 0, 0)
"""The span of a record made in code rather than read from text."""


def _span() -> Span:
    return field(default=NO_SPAN, compare=False, repr=False)


# --- Glyphs, comments and diagram annotations ------------------------------------------------


class Glyph(enum.Enum):
    """A move glyph written right after a move."""

    GOOD = "!"
    MISTAKE = "?"
    BRILLIANT = "!!"
    BLUNDER = "??"
    INTERESTING = "!?"
    DUBIOUS = "?!"


HIGHLIGHT_COLOUR: Final = "green"
"""Colour of a highlight written without one."""
ARROW_COLOUR: Final = "red"
"""Colour of an arrow written without one."""
OUTLINE_COLOUR: Final = "red"
"""Colour of a creature outline written without one."""


@dataclass(frozen=True)
class HighlightCommand:
    """``[%highlight COLOUR? CELL…]``: cells shaded in a colour (a name or ``#rrggbb``)."""

    cells: tuple[Cell, ...]
    colour: str = HIGHLIGHT_COLOUR
    span: Span = _span()


@dataclass(frozen=True)
class MarkCommand:
    """``[%mark SHAPE CELL…]``: a circle, triangle, square, cross or dot on each cell."""

    shape: MarkShape
    cells: tuple[Cell, ...]
    span: Span = _span()


@dataclass(frozen=True)
class LabelCommand:
    """``[%label TEXT CELL]``: a letter (a letter and a letter or digit) written on a cell."""

    text: str
    cell: Cell
    span: Span = _span()


@dataclass(frozen=True)
class ArrowCommand:
    """``[%arrow COLOUR? FROM TO]``: an arrow from one cell to another."""

    start: Cell
    end: Cell
    colour: str = ARROW_COLOUR
    span: Span = _span()


@dataclass(frozen=True)
class OutlineCommand:
    """``[%outline COLOUR? CELL…]``: the outline of the creature made by the tiles on these
    cells."""

    cells: tuple[Cell, ...]
    colour: str = OUTLINE_COLOUR
    span: Span = _span()


@dataclass(frozen=True)
class GhostCommand:
    """``[%ghost TILE…]``: tiles drawn faintly, not part of the position."""

    tiles: tuple[Tile, ...]
    span: Span = _span()


@dataclass(frozen=True)
class EvalCommand:
    """``[%eval VALUE]``: an engine's evaluation of the position, for Yellow, as lichess writes
    it in PGN: ``1.25`` (points, a hundred engine units each; negative: good for Blue) or a win
    found by the search, ``#3`` (Yellow wins in its third turn from here) and ``#-3`` (Blue)."""

    points: float | None = None
    win_in: int | None = None
    """Turns of the winner to its win: positive for Yellow, negative for Blue."""
    span: Span = _span()

    HINT: ClassVar[str] = (
        "an evaluation is points for Yellow (1.25, -0.5) or a win in k turns (#3, #-3)"
    )

    @classmethod
    def read(cls, text: str, span: Span = NO_SPAN) -> EvalCommand | None:
        """The evaluation written ``text`` (``1.25``, ``#-3``), or ``None``."""
        if re.fullmatch(r"[+-]?[0-9]{1,5}(?:\.[0-9]{1,6})?", text):
            return cls(points=round(float(text), 6), span=span)
        if re.fullmatch(r"#-?[0-9]{1,4}", text) and int(text[1:]):
            return cls(win_in=int(text[1:]), span=span)
        return None

    def __post_init__(self) -> None:
        if (self.points is None) == (self.win_in is None) or self.win_in == 0:
            raise ArgumentError("an evaluation is points or a win in k turns (k not 0), not both")
        if self.points is not None and not abs(self.points) < 100_000:
            raise ArgumentError(f"an evaluation of {self.points} points is out of range")


Annotation = (
    HighlightCommand
    | MarkCommand
    | LabelCommand
    | ArrowCommand
    | OutlineCommand
    | GhostCommand
    | EvalCommand
)


@dataclass(frozen=True)
class Comment:
    """A comment: ``{text [%annotation …]}`` or ``; text`` to the end of the line.

    ``text`` has its runs of white space collapsed to single spaces; annotations are kept in
    order, apart from the text.
    """

    text: str
    annotations: tuple[Annotation, ...] = ()
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Placement:
    """A tile placed (or listed), with its glyph and the comments written after it."""

    tile: Tile
    glyph: Glyph | None = None
    comments: tuple[Comment, ...] = ()
    span: Span = _span()


TurnT = TypeVar("TurnT")


@dataclass(frozen=True)
class Variation(Generic[TurnT]):
    """``( … )`` after a turn: other turns played instead of it, from that turn on.

    ``comments`` come before its first turn, ``after`` after the closing parenthesis.
    """

    turns: tuple[TurnT, ...]
    comments: tuple[Comment, ...] = ()
    after: tuple[Comment, ...] = ()
    span: Span = _span()


# --- Palago ----------------------------------------------------------------------------------


class PalagoResult(enum.Enum):
    """The result of a Palago game, as written at the end of its moves and in its Result tag."""

    YELLOW_WINS = "1-0"
    BLUE_WINS = "0-1"
    DRAW = "1/2-1/2"
    UNFINISHED = "*"

    @classmethod
    def of(cls, winner: Colour | None, draw: bool) -> PalagoResult:
        """The result of a game that ``winner`` won, or that was drawn, or neither (unfinished)."""
        if draw:
            return cls.DRAW
        if winner is None:
            return cls.UNFINISHED
        return cls.YELLOW_WINS if winner is Colour.YELLOW else cls.BLUE_WINS


class PalagoVariant(enum.Enum):
    """How many tiles the first turns place: ``standard`` (two from the first turn on) or
    ``1-1-2`` (one tile, one tile, then two per turn)."""

    STANDARD = "standard"
    ONE_ONE_TWO = "1-1-2"


@dataclass(frozen=True, slots=True)
class PalagoTurn:
    """``N. TILE [TILE]``: the one or two tiles a player places in turn ``number``."""

    number: int
    placements: tuple[Placement, ...]
    variations: tuple[Variation[PalagoTurn], ...] = ()
    span: Span = _span()

    @property
    def tiles(self) -> tuple[Tile, ...]:
        return tuple([p.tile for p in self.placements])


@dataclass(frozen=True, kw_only=True)
class PalagoGame:
    """A two-player Palago game: Yellow, Blue, who moved first, the supply, the turns, the result.

    The player of turn *n* is ``first`` for odd *n* and the other colour for even *n*.
    ``tiles`` is the supply; ``None`` is an unlimited one (``[Tiles "unlimited"]``, as
    boardspace.net plays).
    """

    turns: tuple[PalagoTurn, ...]
    yellow: str | None = None
    blue: str | None = None
    first: Colour = Colour.YELLOW
    tiles: int | None = SET_SIZE
    variant: PalagoVariant = PalagoVariant.STANDARD
    result: PalagoResult = PalagoResult.UNFINISHED
    tags: tuple[tuple[str, str], ...] = ()
    comments: tuple[Comment, ...] = ()
    span: Span = _span()

    def __post_init__(self) -> None:
        object.__setattr__(self, "tags", canonical_tags(self.tags))

    def mover(self, number: int) -> Colour:
        """The colour that plays turn ``number``."""
        return self.first if number % 2 == 1 else self.first.other

    def placements(self) -> Iterator[Placement]:
        """The placements of the main line, in order."""
        for turn in self.turns:
            yield from turn.placements


# --- Palagonia -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Roll:
    """``[a b]``: the faces rolled (one die per player in the start roll, two in a turn)."""

    faces: tuple[Die, ...]
    span: Span = _span()

    @property
    def is_double(self) -> bool:
        return len(self.faces) == 2 and self.faces[0] is self.faces[1]

    @property
    def text(self) -> str:
        """The roll as written: ``[5 2 5]``."""
        return "[" + " ".join([f.value for f in self.faces]) + "]"


@dataclass(frozen=True)
class Place:
    """``N: TILE…``: place N tiles (the chosen die shows N)."""

    tiles: tuple[Tile, ...]
    span: Span = _span()

    @property
    def face(self) -> Die:
        return Die.placing(len(self.tiles))


@dataclass(frozen=True)
class Remove:
    """``x CELL``: take the tile on a cell back into the bag."""

    cell: Cell
    span: Span = _span()

    @property
    def face(self) -> Die:
        return Die.REMOVE


@dataclass(frozen=True)
class Rotate:
    """``@ TILE``: turn the tile on the tile's cell to the tile's orientation."""

    tile: Tile
    span: Span = _span()

    @property
    def face(self) -> Die:
        return Die.ROTATE


@dataclass(frozen=True)
class Pass:
    """``-``: nothing was done, because neither die could act and no outer tile could be
    removed."""

    span: Span = _span()

    @property
    def face(self) -> None:
        return None


PalagoniaAction = Place | Remove | Rotate | Pass


@dataclass(frozen=True)
class PalagoniaTurn:
    """``N. [a b] ACTION``; ``N+.`` is the extra turn after a double (``extra`` counts the ``+``).

    Turn 0 is the start: one or more roll-offs of one die per player, then the winner's
    placement. The chosen die is the action's face; a removal whose face was not rolled is the
    removal forced when neither die can be used, and a pass (``-``) chooses no die.
    """

    number: int
    rolls: tuple[Roll, ...]
    action: PalagoniaAction
    extra: int = 0
    glyph: Glyph | None = None
    comments: tuple[Comment, ...] = ()
    variations: tuple[Variation[PalagoniaTurn], ...] = ()
    span: Span = _span()

    @property
    def label(self) -> str:
        """The turn number as written, without the dot: ``4`` or ``4+``."""
        return f"{self.number}{'+' * self.extra}"

    @property
    def is_start(self) -> bool:
        return self.number == 0

    @property
    def roll(self) -> Roll:
        """The deciding roll (the last one)."""
        return self.rolls[-1]

    @property
    def chosen(self) -> Die | None:
        """The die the action uses; ``None`` for a forced removal or a pass."""
        if self.forced or isinstance(self.action, Pass):
            return None
        return self.action.face

    @property
    def forced(self) -> bool:
        """True for a removal although no die shows ``x``."""
        return isinstance(self.action, Remove) and Die.REMOVE not in self.roll.faces


@dataclass(frozen=True, kw_only=True)
class PalagoniaGame:
    """A Palagonia game: players in seat order, the start, the turns, and the final scores."""

    players: tuple[str, ...]
    turns: tuple[PalagoniaTurn, ...]
    tiles: int = SET_SIZE
    scores: tuple[int, ...] | None = None
    tags: tuple[tuple[str, str], ...] = ()
    comments: tuple[Comment, ...] = ()
    span: Span = _span()
    players_span: Span = _span()
    """Where the last seat's tag name (``Player4``) is written, to show a wrong player count."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "tags", canonical_tags(self.tags))


# --- Positions, creature cards, transformations ---------------------------------------------


@dataclass(frozen=True, kw_only=True)
class PositionRecord:
    """A position or diagram: tiles, the annotations in their comments, and a caption."""

    placements: tuple[Placement, ...]
    caption: str | None = None
    tags: tuple[tuple[str, str], ...] = ()
    comments: tuple[Comment, ...] = ()
    span: Span = _span()

    def __post_init__(self) -> None:
        object.__setattr__(self, "tags", canonical_tags(self.tags))

    @property
    def tiles(self) -> tuple[Tile, ...]:
        return tuple([p.tile for p in self.placements])

    def position(self) -> Position:
        """The position of the record's tiles."""
        return Position(self.tiles)

    def annotations(self) -> tuple[Annotation, ...]:
        """Every annotation of the record, in the order written."""
        comments = self.comments + tuple(c for p in self.placements for c in p.comments)
        return tuple(a for c in comments for a in c.annotations)


def _name_key(item: tuple[str, str]) -> tuple[int, str]:
    """A creature card lists the names in :data:`~palago_tools.languages.LANGUAGES` first, in
    their order, then any other."""
    lang = item[0]
    return (LANGUAGES.index(lang) if lang in LANGUAGES else len(LANGUAGES), lang)


@dataclass(frozen=True, kw_only=True)
class CreatureCard:
    """A Palalaboratory card: the creature's tiles, its names by language code, number and
    difficulty."""

    placements: tuple[Placement, ...]
    card: int | None = None
    names: tuple[tuple[str, str], ...] = ()
    difficulty: int | None = None
    colour: Colour | None = None
    tags: tuple[tuple[str, str], ...] = ()
    comments: tuple[Comment, ...] = ()
    span: Span = _span()

    def __post_init__(self) -> None:
        object.__setattr__(self, "tags", canonical_tags(self.tags))
        object.__setattr__(self, "names", tuple(sorted(self.names, key=_name_key)))

    @property
    def tiles(self) -> tuple[Tile, ...]:
        return tuple([p.tile for p in self.placements])

    def position(self) -> Position:
        """The position of the card's tiles."""
        return Position(self.tiles)

    def name(self, language: str = "EN") -> str | None:
        """The name in ``language`` (a two-letter code such as ``RU``), if the card has one."""
        return dict(self.names).get(language.upper())


@dataclass(frozen=True)
class MoveTile:
    """``CELL>TILE``: take the tile from a cell and put it on the tile's cell and orientation."""

    origin: Cell
    tile: Tile
    span: Span = _span()


@dataclass(frozen=True)
class RotateTile:
    """``@TILE``: turn the tile on the tile's cell, in place, to the tile's orientation."""

    tile: Tile
    span: Span = _span()


@dataclass(frozen=True)
class AddTile:
    """``+TILE``: add a new tile."""

    tile: Tile
    span: Span = _span()


StepAction = MoveTile | RotateTile | AddTile


@dataclass(frozen=True)
class Step:
    """``N. ACTION``: one step of a transformation."""

    number: int
    action: StepAction
    glyph: Glyph | None = None
    comments: tuple[Comment, ...] = ()
    span: Span = _span()


@dataclass(frozen=True, kw_only=True)
class Transformation:
    """A green task: the start creature's tiles, the target's tiles, and the steps between."""

    start: tuple[Placement, ...]
    target: tuple[Placement, ...]
    steps: tuple[Step, ...] = ()
    source_name: str | None = None
    target_name: str | None = None
    tags: tuple[tuple[str, str], ...] = ()
    comments: tuple[Comment, ...] = ()
    span: Span = _span()

    def __post_init__(self) -> None:
        object.__setattr__(self, "tags", canonical_tags(self.tags))


Record = PalagoGame | PalagoniaGame | PositionRecord | CreatureCard | Transformation

KIND_OF: Final[dict[type, str]] = {
    PalagoGame: "Palago",
    PalagoniaGame: "Palagonia",
    PositionRecord: "Position",
    CreatureCard: "Creature",
    Transformation: "Transformation",
}
"""The value of the ``Kind`` tag of each record class."""

TEXT_TAGS: Final = ("Event", "Site", "Date", "Round", "Annotator", "Source")
"""Free-text tags every record may carry, in the order they are written."""

EXTENSION_PREFIX: Final = "X-"
"""Tags whose names start with this are the user's own, kept as they are."""


def _tag_key(item: tuple[str, str]) -> tuple[int, str]:
    name = item[0]
    return (TEXT_TAGS.index(name) if name in TEXT_TAGS else len(TEXT_TAGS), name)


def canonical_tags(tags: tuple[tuple[str, str], ...]) -> tuple[tuple[str, str], ...]:
    """Free-text tags in their written order: the common tags first, then ``X-`` tags by name."""
    return tuple(sorted(tags, key=_tag_key))
