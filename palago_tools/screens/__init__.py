"""The words of the screens, in one catalogue: key → language → text, every key in all four
languages (:data:`~palago_tools.languages.LANGUAGES`), read with :func:`say`.

The replay viewer's page and the table's (``palago serve``: labels, buttons, messages, help,
the server's lines), ``palago replay``'s lines (a record's summary, ``--moves``) and the score
explanations of ``--json`` speak from here. The game's own words are
:mod:`palago_tools.glossary`'s, each language's rulebook's own: the score explanations, the
counted tiles, a record's kind, a tip and the creature named alone are built from it (through
the ``{…}`` fields the entries leave, or made from it here); a game word inflected inside a
sentence (удаляет фишку, a lapkát) is written in the entry, and the tests hold every entry to
the glossary's avoid lists. A text is a :meth:`str.format` template; an entry whose forms
depend on a number writes them ``|``-separated (EN and FR: one, more; RU: 1, 2–4, 5 or more;
HU: one form, a noun stays singular after a number, as the printed sheets write it) and is read
with :func:`count`.

The rulebooks name no button: each group's comment says which words are the rulebooks' and
marks the wording that is ours ("own: …"), as :mod:`palago_tools.printing.strings` does.
:func:`say` also reads the printed matter's catalogue of that module: one lookup, one spacing
of each language's punctuation (:func:`~palago_tools.languages.punctuate`) for both.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from ..glossary import counted, score_breakdown, word
from ..languages import Lang, lang_named, plural_form, punctuate
from .replay import REPLAY
from .table import TABLE
from .viewer import VIEWER

GAME: Final[dict[str, dict[Lang, str]]] = {
    # The two sides of Palago, on the screens and the printed sheets: the rulebooks' in EN
    # (Yellow, Blue) and FR (jaune, bleu); own in RU (the Russian rulebook names no sides' colours)
    # and HU (no two-player rulebook).
    "side_yellow": {"EN": "Yellow", "RU": "Жёлтые", "FR": "Jaune", "HU": "Sárga"},
    "side_blue": {"EN": "Blue", "RU": "Синие", "FR": "Bleu", "HU": "Kék"},
    # a creature's colour, agreeing with the language's word for it (RU тварь, FR créature: f.);
    # the RU rulebook writes «Желтая Пала-тварь», the others' colours as the sides'
    "creature_yellow": {"EN": "yellow", "RU": "жёлтая", "FR": "jaune", "HU": "sárga"},
    "creature_blue": {"EN": "blue", "RU": "синяя", "FR": "bleue", "HU": "kék"},
    # a creature of a colour, in each language's order; {creature} is the glossary's word
    "coloured_creature": {
        "EN": "{colour} {creature}",
        "RU": "{colour} {creature}",
        "FR": "{creature} {colour}",
        "HU": "{colour} {creature}",
    },
    # own: all; {creature} the coloured creature, {tiles} counted, {score} the breakdown
    "creature_summary": {
        "EN": "{creature} of {tiles}: {score}",
        "RU": "{creature}, {tiles}: {score}",
        "FR": "{creature}, {tiles} : {score}",
        "HU": "{creature}, {tiles}: {score}",
    },
}
"""The game's phrases the screens and the printed sheets share: sides, colours, a creature and
its score."""

CATALOGUE: Final[dict[str, dict[Lang, str]]] = {**GAME, **VIEWER, **TABLE, **REPLAY}
"""Every entry of the screens."""

Catalogue = Mapping[str, Mapping[Lang, str]]
"""A catalogue of words: key → language → text."""


def _entry(key: str, lang: str, catalogue: Catalogue) -> str:
    """The text of ``key`` in ``lang``, its punctuation spaced as that language sets it."""
    code = lang_named(lang)
    return punctuate(catalogue[key][code], code)


def say(key: str, lang: str, /, catalogue: Catalogue = CATALOGUE, **values: object) -> str:
    """The entry ``key`` of ``catalogue`` (the screens', or the printed matter's) in ``lang``,
    its punctuation spaced as that language sets it (French: a narrow no-break space before
    ``: ; ! ?``), with ``values`` filled in when given (without them, the text as written, its
    fields left for the caller)."""
    text = _entry(key, lang, catalogue)
    return text.format(**values) if values else text


def count(key: str, n: int, lang: str, **values: object) -> str:
    """The entry ``key`` in the form that follows ``n`` in ``lang``, ``n`` filled in."""
    forms = tuple(_entry(key, lang, CATALOGUE).split("|"))
    return plural_form(n, forms, lang).format(n=n, **values)


def side(colour: str, lang: str) -> str:
    """A Palago side by its colour (``yellow``, ``blue``): ``Yellow``, ``Жёлтые``, ``Kék``."""
    return say(f"side_{colour}", lang)


def coloured_creature(colour: str, lang: str) -> str:
    """A creature of ``colour`` (``yellow``, ``blue``): ``yellow Pala-creature``, ``синяя
    Пала-тварь``, ``créature jaune``, ``kék palánta``."""
    return say(
        "coloured_creature",
        lang,
        colour=say(f"creature_{colour}", lang),
        creature=word("creature", lang),
    )


def creature_summary(colour: str, tiles: int, loops: int, legs: int, lang: str = "EN") -> str:
    """A creature in the rulebook's words of ``lang``: ``yellow Pala-creature of 9 tiles: 1 outer
    shell + 3 limbs = 4``, ``жёлтая Пала-тварь, 9 фишек: 1 внешняя оболочка + 3 конечности =
    4``."""
    return say(
        "creature_summary",
        lang,
        creature=coloured_creature(colour, lang),
        tiles=counted("tile", tiles, lang),
        score=score_breakdown(loops, legs, lang),
    )
