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


def plural_form(n: int, forms: tuple[str, ...], lang: str) -> str:
    """The one of ``forms`` that follows the number ``n`` in ``lang``: three forms in Russian (1,
    2–4, 5 or more: 21 фишка, 22 фишки, 25 фишек), two in English and French (one, more; French
    0 takes the singular), one in Hungarian (a noun stays singular after a number)."""
    code = lang_named(lang)
    if code == "RU" and len(forms) == 3:
        if n % 10 == 1 and n % 100 != 11:
            return forms[0]
        if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
            return forms[1]
        return forms[2]
    if len(forms) == 2:
        return forms[0] if n == 1 or (code == "FR" and n == 0) else forms[1]
    return forms[0]
