"""The actions a client sends, checked as plain values (what its JSON decodes to).

A malformed action raises :class:`BadAction`, one the rules forbid :class:`Refused` with the
rule's own message, one made against an older version of the game :class:`Stale`. The checks
here know the table's limits (names, cells, supply) but not the game being played.
"""

from __future__ import annotations

import datetime
import re
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Final

from ..core.hexgrid import Cell, cell_text
from ..core.tiles import SET_SIZE, Colour, Tile
from ..engine import LEVELS
from ..engine.palagonia import PLAYERS as PALAGONIA_PLAYERS
from ..engine.palagonia import seat_name
from ..errors import IllegalMoveError, PalagoError
from ..languages import lang_named
from ..notation import records as rec
from ..rules import palagonia as pn
from ..screens import CATALOGUE, say
from .computer import DEFAULT_LEVEL, Computer, is_computer_name
from .said import entry

MAX_NAME: Final = 40
"""Longest player name, in characters."""
MAX_COORDINATE: Final = 60
"""Cells farther than this from the origin (in either coordinate) are refused: 96 tiles fit."""
MAX_SUPPLY: Final = 2 * SET_SIZE
"""Two sets of tiles."""
FACES: Final = tuple(face.value for face in rec.Die)
"""The die faces as a client writes them: ``2 3 4 5 x @``."""


class TableError(PalagoError):
    """An action the table does not carry out."""


class BadAction(TableError):
    """An action that is not well formed: missing fields, wrong types, unknown names."""


class Refused(TableError):
    """An action the rules forbid; ``rule`` names the rule and the message says why (in a
    language, with ``said``: the table's own refusals; the rules' keep their words)."""

    def __init__(self, rule: str, message: str, said: Callable[[str], str] | None = None) -> None:
        super().__init__(message)
        self.rule = rule
        self.said = said

    @classmethod
    def saying(cls, rule: str, said: Callable[[str], str]) -> Refused:
        """The table's own refusal ``rule`` in the words ``said`` gives each language (its
        message the English)."""
        return cls(rule, said("EN"), said)

    def words(self, lang: str) -> str:
        """The message in ``lang``: the table's own; for the rules', the English message as the
        rules wrote it (with its tiles and cells), another language the rule in its words."""
        if self.said is not None:
            return self.said(lang)
        key = "t_rule_" + self.rule.replace("-", "_")
        if lang_named(lang) == "EN" or key not in CATALOGUE:
            return str(self)
        return say(key, lang)


class Stale(TableError):
    """An action made against a version of the game that is no longer the current one."""


def json_field(data: Mapping[str, object], name: str, kind: type | tuple[type, ...]) -> object:
    """The field ``name`` of ``data``, of type ``kind`` (``true`` and ``false`` are no numbers)."""
    if name not in data:
        raise BadAction(f"the action needs a field {name!r}")
    value = data[name]
    if (
        isinstance(value, bool)
        and kind is not bool
        and bool not in (kind if isinstance(kind, tuple) else (kind,))
    ):
        raise BadAction(f"{name!r} must be {_kind_name(kind)}, not true or false")
    if not isinstance(value, kind):
        raise BadAction(f"{name!r} must be {_kind_name(kind)}, not {_json_type(value)}")
    return value


def _kind_name(kind: type | tuple[type, ...]) -> str:
    names = {
        str: "a string",
        int: "a whole number",
        list: "a list",
        bool: "true or false",
        dict: "an object",
    }
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return " or ".join(names.get(k, k.__name__) for k in kinds)


def _json_type(value: object) -> str:
    if value is None:
        return "null"
    return {
        bool: "true or false",
        int: "a number",
        float: "a number",
        str: "a string",
        list: "a list",
        dict: "an object",
    }.get(type(value), type(value).__name__)


_CELL: Final = re.compile(r"(-?[0-9]{1,6}),(-?[0-9]{1,6})\Z")
"""A cell as the notation writes it: ASCII digits, an optional minus, nothing else."""


def parse_cell(text: object) -> Cell:
    """A cell written ``q,r`` as in the notation (ASCII digits only), within the table's board."""
    match = _CELL.match(text) if isinstance(text, str) else None
    if match is None:
        raise BadAction(f"a cell is written q,r (as in 0,-1), not {text!r:.20}")
    cell = (int(match.group(1)), int(match.group(2)))
    _check_range(cell)
    return cell


def parse_tile(text: object) -> Tile:
    """A tile token ``q,rX`` within the table's board, written as in the notation."""
    if not isinstance(text, str) or len(text) > 13 or text != text.strip():
        raise BadAction(f"a tile is written q,r and R, L or D (as in 0,-1D), not {text!r:.20}")
    try:
        tile = Tile.parse(text)
    except PalagoError as error:
        raise BadAction(str(error)) from None
    _check_range(tile.cell)
    return tile


def _check_range(cell: Cell) -> None:
    if max(abs(cell[0]), abs(cell[1])) > MAX_COORDINATE:
        raise BadAction(
            f"cell {cell_text(cell)} is off the table: coordinates go from "
            f"-{MAX_COORDINATE} to {MAX_COORDINATE}"
        )


def json_tiles(value: object, most: int) -> tuple[Tile, ...]:
    """A list of at most ``most`` tile tokens."""
    if not isinstance(value, list):
        raise BadAction(f"tiles must be a list of tile tokens, not {_json_type(value)}")
    if len(value) > most:
        raise BadAction(f"a turn places at most {most} tiles, not {len(value)}")
    return tuple(parse_tile(item) for item in value)


def json_face(value: object) -> rec.Die:
    """A die face as a client writes it."""
    if not isinstance(value, str) or value not in FACES:
        raise BadAction(f"a die shows one of {' '.join(FACES)}, not {value!r:.20}")
    return rec.Die(value)


def check_name(seat: int, name: str) -> str:
    """``name`` if the notation can hold it as player ``seat``'s tag value, else
    :class:`Refused` (``player-name``) saying why."""
    if len(name) > MAX_NAME:
        raise Refused("player-name", f"player {seat}'s name is longer than {MAX_NAME} characters")
    for ch in name:
        category = unicodedata.category(ch)
        if category in ("Cc", "Cs"):
            raise Refused(
                "player-name",
                f"player {seat}'s name holds the control character U+{ord(ch):04X}; a name is "
                "letters, digits, spaces and punctuation",
            )
    if any(ch in name for ch in '"\\[]{}'):
        raise Refused(
            "player-name", f"player {seat}'s name may not hold quotes, brackets or backslashes"
        )
    return name


# --- Setting up a game -----------------------------------------------------------------------


@dataclass(frozen=True)
class Setup:
    """What a new game needs: its kind, the players' names in seat order (Yellow then Blue for
    Palago), the supply, and for Palago the opening variant, who moves first and the computer,
    when it plays one of the colours (its name replaces that player's); a Palagonia computer
    seat has its player's name (:func:`~palago_tools.engine.palagonia.seat_name`) among the
    names."""

    kind: str
    names: tuple[str, ...]
    tiles: int = SET_SIZE
    variant: rec.PalagoVariant = rec.PalagoVariant.STANDARD
    first: Colour = Colour.YELLOW
    computer: Computer | None = None

    @classmethod
    def from_json(cls, data: Mapping[str, object]) -> Setup:
        """The set-up a client sent, checked field by field (:class:`BadAction`)."""
        kind = json_field(data, "kind", str)
        if kind not in ("Palago", "Palagonia"):
            raise BadAction(f"the kind of game is Palago or Palagonia, not {kind!r:.20}")
        computer = _computer(data, kind)
        names_value = json_field(data, "names", list)
        assert isinstance(names_value, list)
        if len(names_value) > pn.PLAYER_COUNTS[-1]:
            raise BadAction(f"at most {pn.PLAYER_COUNTS[-1]} players, not {len(names_value)}")
        names: list[str] = []
        for seat, name in enumerate(names_value, start=1):
            if not isinstance(name, str):
                raise BadAction(f"player {seat}'s name must be a string, not {_json_type(name)}")
            names.append(check_name(seat, " ".join(name.split())) or f"Player {seat}")
        if any(is_computer_name(name) for name in names):
            raise Refused.saying("player-name", entry("t_name_computers"))
        if len({name.casefold() for name in names}) != len(names):
            raise Refused.saying("player-name", entry("t_names_differ"))
        tiles = json_field(data, "tiles", int) if "tiles" in data else SET_SIZE
        assert isinstance(tiles, int)
        if not 2 <= tiles <= MAX_SUPPLY:
            raise BadAction(f"the supply is 2 to {MAX_SUPPLY} tiles, not {tiles}")
        variant = rec.PalagoVariant.STANDARD
        first = Colour.YELLOW
        if kind == "Palago":
            if len(names) != 2:
                raise BadAction(f"Palago is played by two players, not {len(names)}")
            if "computers" in data:
                raise BadAction("computers names Palagonia seats; in Palago say computer")
            variant_text = json_field(data, "variant", str) if "variant" in data else "standard"
            try:
                variant = rec.PalagoVariant(variant_text)
            except ValueError:
                raise BadAction(
                    f"the variant is standard or 1-1-2, not {variant_text!r:.20}"
                ) from None
            first_text = json_field(data, "first", str) if "first" in data else "yellow"
            if first_text not in ("yellow", "blue"):
                raise BadAction(f"first is yellow or blue, not {first_text!r:.20}")
            first = Colour(first_text)
        else:
            try:
                pn.check_player_count(len(names))
            except IllegalMoveError as error:
                raise Refused(error.rule, error.message) from None
            names = seated(names, computer_seats_of(data, len(names)))
        if computer is not None:
            seat = 0 if computer.colour is Colour.YELLOW else 1
            if not str(names_value[1 - seat]).strip():
                names[1 - seat] = "Player"
            names[seat] = computer.name
        return cls(str(kind), tuple(names), tiles, variant, first, computer)

    def record(self) -> rec.PalagoGame | rec.PalagoniaGame:
        """The record of the game before its first turn."""
        date = ("Date", datetime.date.today().strftime("%Y.%m.%d"))
        if self.kind == "Palago":
            return rec.PalagoGame(
                turns=(),
                yellow=self.names[0],
                blue=self.names[1],
                first=self.first,
                tiles=self.tiles,
                variant=self.variant,
                tags=(date,),
            )
        return rec.PalagoniaGame(players=self.names, turns=(), tiles=self.tiles, tags=(date,))


def computer_seats_of(data: Mapping[str, object], players: int) -> dict[int, str]:
    """A Palagonia set-up's computer seats (``computers``: for each seat in order, ``null`` or
    ``""`` for a person, else a Palagonia player such as ``level2``)."""
    if "computers" not in data:
        return {}
    value = json_field(data, "computers", list)
    assert isinstance(value, list)
    if len(value) != players:
        raise BadAction(f"computers has one entry per seat ({players}), not {len(value)}")
    found = {}
    for seat, player in enumerate(value):
        if player in (None, ""):
            continue
        if player not in PALAGONIA_PLAYERS:
            raise BadAction(
                f"seat {seat + 1}'s computer is one of {', '.join(PALAGONIA_PLAYERS)} (or null "
                f"for a person), not {player!r:.20}"
            )
        found[seat] = str(player)
    return found


def seated(names: list[str], seats: Mapping[int, str]) -> list[str]:
    """The names with each computer seat's player name in its place."""
    players = list(seats.values())
    return [
        seat_name(seats[seat], seat, players.count(seats[seat]) > 1) if seat in seats else name
        for seat, name in enumerate(names)
    ]


def _computer(data: Mapping[str, object], kind: object) -> Computer | None:
    """The computer a new game's set-up asks for (``computer``: ``yellow`` or ``blue``, with its
    ``level``), or ``None``."""
    colour_text = data.get("computer")
    if colour_text is None:
        if "level" in data:
            raise BadAction("a level is for the computer: say which colour it plays (computer)")
        return None
    if kind != "Palago":
        raise BadAction(
            "computer is the colour the computer plays in Palago; a Palagonia game names its "
            "computer seats in computers"
        )
    if colour_text not in ("yellow", "blue"):
        raise BadAction(f"the computer plays yellow or blue, not {colour_text!r:.20}")
    level = json_field(data, "level", int) if "level" in data else DEFAULT_LEVEL
    assert isinstance(level, int)
    if level not in LEVELS:
        raise BadAction(f"the computer's level is {min(LEVELS)} to {max(LEVELS)}, not {level}")
    return Computer(Colour(colour_text), level)


def action_words(action: rec.PalagoniaAction, lang: str = "EN") -> str:
    """A Palagonia action in words: ``places 0,1R 1,1L``, ``removes the tile on 2,-1``."""
    if isinstance(action, rec.Place):
        return say("t_places", lang, list=" ".join(t.token for t in action.tiles))
    if isinstance(action, rec.Remove):
        return say("removes", lang, cell=cell_text(action.cell))
    if isinstance(action, rec.Rotate):
        tile = action.tile
        return say("t_turns_to", lang, cell=cell_text(tile.cell), tip=tile.orientation.value)
    return say("t_passes", lang)
