"""The languages of the printed matter, the rulebook figures, the screens and the cards' names:
one list and one check, with one message for a language outside it; the number forms of each
language (:func:`plural_form`) and its punctuation spacing (:func:`punctuate`)."""

from __future__ import annotations

import re
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


NNBSP: Final = "\u202f"
"""The narrow no-break space French sets before ``: ; ! ?`` and inside guillemets."""

_FR_BEFORE: Final = re.compile(r"(?<=[^\W\d_)»])[ \u00a0\u202f]?([;!?»])|[ \u00a0\u202f]([;!?»])")
_FR_COLON: Final = re.compile(r"(?<=[^\W\d_)»—])[ \u00a0\u202f]?:(?=\s|$)|[ \u00a0\u202f]:")
_FR_AFTER: Final = re.compile(r"«[ \u00a0\u202f]?")
_FR_APOSTROPHE: Final = re.compile(r"(?<=\w)'(?=\w)")
"""A straight apostrophe inside a French word (``l'est``)."""


def punctuate(text: str, lang: str) -> str:
    """``text`` with the spacing of its language's punctuation: in French a narrow no-break
    space before ``; ! ? »`` and before a colon that ends a word (not the notation's ``3:``),
    after ``«``, and the typographic apostrophe (``l’ordre``, as the printed texts that write
    it by hand); the other languages as written."""
    if lang.upper() != "FR":
        return text
    text = _FR_APOSTROPHE.sub("\u2019", text)
    text = _FR_BEFORE.sub(lambda m: NNBSP + (m.group(1) or m.group(2)), text)
    text = _FR_COLON.sub(NNBSP + ":", text)
    return _FR_AFTER.sub("«" + NNBSP, text)
