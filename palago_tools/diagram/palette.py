"""Palettes: the colours of a diagram, each settable on its own.

The two tile colours keep the model's names, ``yellow`` (even corners) and ``blue`` (odd
corners), whatever they are painted: the French set paints blue red, the white/orange set paints
yellow white and blue orange.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from typing import Final

from ..errors import OutputError, require
from .errors import DiagramError

_HEX6: Final = re.compile(r"#[0-9a-fA-F]{6}\Z")
_HEX3: Final = re.compile(r"#[0-9a-fA-F]{3}\Z")


def normalise_colour(value: str) -> str:
    """``#rgb`` or ``#rrggbb`` (any case) to lower-case ``#rrggbb``."""
    text = value.strip()
    if _HEX6.match(text):
        return text.lower()
    if _HEX3.match(text):
        return "#" + "".join(ch * 2 for ch in text[1:]).lower()
    raise DiagramError(f"not a colour {value!r}: write colours as #rrggbb, for example #1f5fae")


def mix(colour: str, other: str, amount: float) -> str:
    """``colour`` moved ``amount`` (0..1) of the way towards ``other``."""
    a = int(colour[1:], 16)
    b = int(other[1:], 16)
    channels = []
    for shift in (16, 8, 0):
        x = (a >> shift) & 0xFF
        y = (b >> shift) & 0xFF
        channels.append(round(x + (y - x) * amount))
    return "#{:02x}{:02x}{:02x}".format(*channels)


def _is_grey(colour: str) -> bool:
    """Whether the ``#rrggbb`` ``colour`` has three equal channels."""
    return len({colour[i : i + 2] for i in (1, 3, 5)}) == 1


@dataclass(frozen=True)
class Palette:
    """Every colour a diagram uses, as ``#rrggbb``."""

    name: str
    yellow: str
    blue: str
    boundary: str = "#1a1a1a"
    outline: str = "#3c3c3c"
    background: str = "#ffffff"
    grid: str = "#c8c8c8"
    highlight: str = "#5cc45c"
    mark: str = "#d7191c"
    arrow: str = "#d7191c"
    label: str = "#111111"
    halo: str = "#ffffff"
    number_fill: str = "#ffffff"
    number_text: str = "#111111"
    last_fill: str = "#d7191c"
    last_text: str = "#ffffff"
    ghost_outline: str = "#111111"
    empty_marker: str = "#6b6b6b"
    hole: str = "#e3e3e3"
    emphasis: str = "#000000"
    coordinates: str = "#333333"
    text: str = "#111111"

    def __post_init__(self) -> None:
        for field in dataclasses.fields(self):
            if field.name != "name":
                object.__setattr__(self, field.name, normalise_colour(getattr(self, field.name)))

    def with_colours(self, **colours: str) -> Palette:
        """A copy with the named colours changed, e.g. ``with_colours(blue="#c8232c")``."""
        known = {f.name for f in dataclasses.fields(self)} - {"name"}
        unknown = sorted(set(colours) - known)
        if unknown:
            raise DiagramError(
                f"unknown palette colour {', '.join(unknown)}; "
                f"the colours are {', '.join(sorted(known))}"
            )
        return dataclasses.replace(self, **colours)

    @property
    def is_greyscale(self) -> bool:
        """Whether both tile colours are grey (a palette for black-and-white print)."""
        return all(_is_grey(getattr(self, c)) for c in ("yellow", "blue"))

    def colour_names(self) -> list[str]:
        """The names of the settable colours."""
        return [f.name for f in dataclasses.fields(self) if f.name != "name"]


CLASSIC: Final = Palette(name="classic", yellow="#f5c518", blue="#1f5fae")
"""The original set: yellow and blue."""

FRENCH: Final = Palette(
    name="yellow-red",
    yellow="#f7cf2a",
    blue="#c8232c",
    mark="#1f5fae",
    arrow="#1f5fae",
    last_fill="#1f5fae",
)
"""The French set: yellow and red."""

WHITE_ORANGE: Final = Palette(
    name="white-orange",
    yellow="#fbf8ef",
    blue="#ee7a1c",
    mark="#1f5fae",
    arrow="#1f5fae",
    last_fill="#1f5fae",
    highlight="#6cb6e8",
)
"""White and orange tiles."""

GREYSCALE: Final = Palette(
    name="greyscale",
    yellow="#ececec",
    blue="#8f8f8f",
    highlight="#bdbdbd",
    mark="#000000",
    arrow="#000000",
    last_fill="#000000",
    empty_marker="#555555",
)
"""For black-and-white print."""

PALETTES: Final[dict[str, Palette]] = {
    p.name: p for p in (CLASSIC, FRENCH, WHITE_ORANGE, GREYSCALE)
}


class UnknownPaletteError(DiagramError, OutputError):
    """A palette name that names none of :data:`PALETTES`: a diagram that cannot be drawn as
    asked and, as every unknown option value, a usage mistake (exit 2)."""


def palette(name: Palette | str) -> Palette:
    """The palette called ``name`` (classic, yellow-red, white-orange, greyscale), or ``name``
    itself when it is a :class:`Palette`; :class:`UnknownPaletteError` for another name."""
    if isinstance(name, Palette):
        return name
    require(name, (str, Palette), "the palette")
    try:
        return PALETTES[name]
    except KeyError:
        raise UnknownPaletteError(
            f"unknown palette {name!r}; the palettes are {', '.join(PALETTES)}"
        ) from None
