"""The viewer page's themes, apart from the page so that a command can offer and check them
without loading the viewer."""

from __future__ import annotations

from typing import Final

from ..diagram.errors import DiagramError

THEMES: Final = ("auto", "light", "dark")
"""The page themes: ``auto`` follows the reader's system setting (prefers-color-scheme)."""


def check_theme(theme: str) -> None:
    """A :class:`DiagramError` unless ``theme`` is one of :data:`THEMES`."""
    if theme not in THEMES:
        raise DiagramError(f"unknown theme {theme!r}; the themes are {', '.join(THEMES)}")
