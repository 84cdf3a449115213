"""The colour names annotations may use (``[%highlight red …]``), besides ``#rrggbb``: read by
the notation, which refuses any other, and drawn by the diagrams."""

from __future__ import annotations

from typing import Final

NAMED_COLOURS: Final = {
    "black": "#000000",
    "white": "#ffffff",
    "grey": "#808080",
    "gray": "#808080",
    "red": "#d62828",
    "green": "#2b9348",
    "blue": "#1d4ed8",
    "yellow": "#f2c200",
    "orange": "#f77f00",
    "purple": "#7b2cbf",
    "pink": "#e5007e",
    "brown": "#8b5a2b",
    "cyan": "#00a6c8",
    "magenta": "#c2188b",
    "navy": "#1b2a6b",
    "teal": "#0f8b8d",
}
"""Each colour name and its ``#rrggbb``."""


def colour_names() -> str:
    """The names, in order, for messages: ``black, blue, …``."""
    return ", ".join(sorted(NAMED_COLOURS))
