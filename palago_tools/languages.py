"""The languages of the printed matter, the rulebook figures and the cards' names: one list and
one check, with one message for a language outside it."""

from __future__ import annotations

from typing import Final, Literal

from .errors import OutputError

Lang = Literal["EN", "RU", "FR", "HU"]
"""A language code: English, Russian, French, Hungarian."""

LANGUAGES: Final[tuple[Lang, ...]] = ("EN", "RU", "FR", "HU")
"""The languages, in the order lists of them follow."""


def lang_named(text: str) -> Lang:
    """The language ``text`` names, in any case (``ru`` is RU); :class:`OutputError` (a usage
    mistake, exit 2) for another."""
    code = str(text).upper()
    if code not in LANGUAGES:
        raise OutputError(f"unknown language {text!r}; the languages are {', '.join(LANGUAGES)}")
    return code
