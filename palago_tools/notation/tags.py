"""The tag pairs of a record and the readers of their values.

Each tag a record's kind knows is taken once, read by its reader (a function that raises
``ValueError`` on a bad value); the tags left must be free text (:data:`~.records.TEXT_TAGS`) or
the writer's own (``X-…``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final, TypeVar

from lark import Token

from ..core.tiles import Colour
from ..errors import ArgumentError
from .origin import Origin, ParseTree
from .records import EXTENSION_PREFIX, TEXT_TAGS, Span

MAX_DIGITS: Final = 6
"""Coordinates, turn numbers, counts and seat numbers (``Player7``) have at most this many
digits."""

NUMBER: Final = re.compile(rf"[0-9]{{1,{MAX_DIGITS}}}\Z")
"""A whole number of at most :data:`MAX_DIGITS` digits."""
SCORES: Final = re.compile(rf"[0-9]{{1,{MAX_DIGITS}}}(?:-[0-9]{{1,{MAX_DIGITS}}})*\Z")
"""Palagonia scores in seat order, as in ``7-9-4``."""

_NAME_TAG: Final = re.compile(r"Name([A-Z]{2})\Z")
_PLAYER_TAG: Final = re.compile(rf"Player([1-9][0-9]{{0,{MAX_DIGITS - 1}}})\Z")
_KINDS: Final = ("Palago", "Palagonia", "Position", "Creature", "Transformation")
_KIND_TAGS: Final[dict[str, tuple[str, ...]]] = {
    "palago": ("Yellow", "Blue", "First", "Tiles", "Variant", "Result"),
    "palagonia": ("Player1", "Player2", "…", "Tiles", "Result"),
    "position": ("Caption",),
    "creature": ("Card", "NameEN", "NameRU", "NameFR", "NameHU", "…", "Difficulty", "Colour"),
    "transformation": ("From", "To"),
}

T = TypeVar("T")


def read_colour(value: str) -> Colour:
    """``Yellow`` or ``Blue``, in any case."""
    return Colour(value.lower())


def read_positive(value: str) -> int:
    """A whole number from 1."""
    if NUMBER.match(value) is None or int(value) < 1:
        raise ArgumentError(value)
    return int(value)


UNLIMITED: Final = "unlimited"
"""The value of a Palago game's ``Tiles`` tag for a supply without limit."""


def read_supply(value: str) -> int | None:
    """A Palago supply: a whole number from 1, or ``unlimited`` (any case) for ``None``."""
    return None if value.lower() == UNLIMITED else read_positive(value)


def read_scores(value: str) -> tuple[int, ...] | None:
    """Scores as in ``7-9-4``, or ``*`` (``None``: no final scores)."""
    if value == "*":
        return None
    if SCORES.match(value) is None:
        raise ArgumentError(value)
    return tuple(int(s) for s in value.split("-"))


def _unquote(token: Token) -> str:
    text = str(token)[1:-1]
    return re.sub(r"\\(.)", r"\1", text) if "\\" in text else text


class Tags:
    """The tag pairs of one record; each known tag is taken once, the others must be free text."""

    def __init__(self, origin: Origin, trees: list[ParseTree], kind: str) -> None:
        self.origin = origin
        self.kind = kind
        self.values: dict[str, tuple[str, Token]] = {}
        self.names_at: dict[str, Token] = {}
        for tree in trees:
            name_token, value_token = tree.children
            assert isinstance(name_token, Token) and isinstance(value_token, Token)
            name = str(name_token)
            if name == "Kind":
                origin.fail(
                    name_token, "a second Kind tag", "the Kind tag comes once, first in a record"
                )
            if name in self.values:
                origin.fail(name_token, f"the tag {name} appears twice", "write each tag once")
            self.values[name] = (_unquote(value_token), value_token)
            self.names_at[name] = name_token

    def text(self, name: str) -> str | None:
        """The text of tag ``name`` (taken out of the tags left), or ``None``."""
        item = self.values.pop(name, None)
        return None if item is None else item[0]

    def read(self, name: str, default: T, reader: Callable[[str], T], hint: str) -> T:
        """Tag ``name`` read with ``reader``, ``default`` when absent; a fault with ``hint`` when it
        cannot be read."""
        item = self.values.pop(name, None)
        if item is None:
            return default
        value, token = item
        try:
            return reader(value)
        except ValueError:
            self.origin.fail(token, f"{value!r} is not a value of {name}", hint)

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
            self.origin.fail(
                tree,
                "a Palagonia game names its players",
                'write [Player1 "…"], [Player2 "…"], … in seat order',
            )
        for seat in sorted(seats):
            if seat - 1 >= 1 and seat - 1 not in seats:
                self.origin.fail(where[seat], f"Player{seat} but no Player{seat - 1}", hint)
        return tuple(seats[n] for n in sorted(seats)), self.origin.token_span(where[max(seats)])

    def names(self) -> tuple[tuple[str, str], ...]:
        """The ``NameXX`` tags as (language, name) pairs."""
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
                self.origin.fail(
                    self.names_at[name],
                    f"unknown tag {name} in a {kind} record",
                    f"known tags are {known}; your own tags start with {EXTENSION_PREFIX}",
                )
        return tuple((name, value) for name, (value, _token) in self.values.items())
