"""The replay viewer: one self-contained HTML page that steps through records.

:func:`viewer_html` (one record) and :func:`viewer_page` (several, with a record picker) replay
games, their variations (nested, with their comments, glyphs, annotations and dice) and green
tasks step by step, and write a page that draws the board once and stores every frame as its
changes from the frame before. The move list is a tree as in study viewers: the arrow keys step
(left, right), choose between variations (up, down) and return to the main line (Escape); links
``#turn=N`` open at a turn and follow the steps. The page loads nothing: its style and its one
script are inline (the script under a hashed Content-Security-Policy), and it works from a file,
offline, in light and dark themes, on phones from 320 px, and printed.

:mod:`.frames` builds the frames, :mod:`.board` draws the board and the frames' changes,
:mod:`.page` writes the HTML, :mod:`.themes` names its themes; the style and script are
package data in ``assets/``.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

from .themes import THEMES, check_theme

if TYPE_CHECKING:
    from .frames import Frame, PlayLine, Tree
    from .page import page_style, record_page, viewer_html, viewer_page, write_viewer

__all__ = [
    "THEMES",
    "check_theme",
    "Frame",
    "PlayLine",
    "Tree",
    "page_style",
    "record_page",
    "viewer_html",
    "viewer_page",
    "write_viewer",
]

_HOMES = {"Frame": ".frames", "PlayLine": ".frames", "Tree": ".frames"}
"""Where a name of the package lives when it is not the page's (loaded when first asked for,
so that a command that only checks a theme does not load the viewer)."""


def __getattr__(name: str) -> object:
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(_HOMES.get(name, ".page"), __name__), name)
