"""The game's words in each rulebook's own spelling: model term → language → :class:`Term`.

The model (``docs/model.md``) speaks of loops, legs, tips and the palago; each rulebook has its
own word for them (EN shell, limb, Pala-matter; HU palánta; FR sommet …). Every printed text
(:mod:`palago_tools.printing.strings`) and every figure caption (``docs/diagrams/``) uses the
words of this table: the score breakdowns and the terms that never break across lines are
built from it, and the tests hold the rest to it (no word of :attr:`Term.avoid` in a text of
that language). A word the rulebook of a language lacks says where it comes from
(:attr:`Term.source`); the others are found in that rulebook (``tests/test_glossary.py``
checks them against ``../shared/seeds/`` when it is beside the project).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from .languages import LANGUAGES, Lang, lang_named, plural_form

RULEBOOK: Final = "rulebook"
"""The source of a word its language's rulebook uses."""


@dataclass(frozen=True)
class Term:
    """One language's word for a model term.

    ``word`` is the form printed texts start from; ``attested`` the rulebook's own form when it
    writes the word only inflected (``None``: ``word`` itself); ``counted`` the forms after a
    number (EN and FR singular and plural; RU for 1, 2–4 and 5 or more; HU singular only);
    ``source`` :data:`RULEBOOK` or, for a word the rulebook lacks, where it comes from;
    ``avoid`` the other words for the same thing, as regular expressions matched at a word's
    start, that printed texts of this language must not use."""

    word: str
    source: str = RULEBOOK
    attested: str | None = None
    counted: tuple[str, ...] = ()
    avoid: tuple[str, ...] = ()

    @property
    def in_rulebook(self) -> bool:
        """Whether the word is the rulebook's (and so must occur in it)."""
        return self.source == RULEBOOK


_MODEL: Final = "the project's model (docs/model.md); the EN rulebook names no tip"
_NO_PALAGO_HU: Final = "the HU rulebook covers Palagonia only: our word"
_NO_TACTICS_RU: Final = "the RU rulebook has no tactics section: the chess word"

GLOSSARY: Final[dict[str, dict[Lang, Term]]] = {
    "tile": {
        "EN": Term("tile", counted=("tile", "tiles")),
        "RU": Term("фишка", counted=("фишка", "фишки", "фишек")),
        "FR": Term("tuile", counted=("tuile", "tuiles")),
        "HU": Term("lapka", counted=("lapka",)),
    },
    "creature": {
        "EN": Term("Pala-creature"),
        "RU": Term("Пала-тварь"),
        "FR": Term("créature"),
        "HU": Term("palánta", avoid=(r"lény(?!eg)",)),
    },
    "loop": {
        "EN": Term("shell", avoid=(r"loops?\b",)),
        "RU": Term("оболочка"),
        "FR": Term("boucle"),
        "HU": Term("hurok"),
    },
    "outer loop": {
        "EN": Term("outer shell", counted=("outer shell", "outer shells")),
        "RU": Term("внешняя оболочка", counted=("внешняя оболочка",) * 3),
        "FR": Term("boucle externe", counted=("boucle externe", "boucles externes")),
        "HU": Term("külső hurok", counted=("külső hurok",)),
    },
    "inner loop": {
        "EN": Term("inner shell", counted=("inner shell", "inner shells")),
        "RU": Term(
            "внутренняя оболочка",
            attested="внутренние оболочки",
            counted=("внутренняя оболочка", "внутренние оболочки", "внутренних оболочек"),
        ),
        "FR": Term("boucle interne", counted=("boucle interne", "boucles internes")),
        "HU": Term("belső hurok", counted=("belső hurok",)),
    },
    "leg": {
        "EN": Term("limb", counted=("limb", "limbs"), avoid=(r"legs?\b",)),
        "RU": Term("конечность", counted=("конечность", "конечности", "конечностей")),
        "FR": Term("patte", counted=("patte", "pattes")),
        # the HU rulebook counts only outer limbs: "2 pont a külső lábakért"
        "HU": Term("láb", counted=("külső láb",)),
    },
    "outer leg": {
        "EN": Term("outer limb"),
        "RU": Term("внешняя конечность", attested="внешнюю конечность"),
        "FR": Term("patte externe"),
        "HU": Term("külső láb"),
    },
    "tip": {
        "EN": Term("tip", source=_MODEL),
        "RU": Term("кончик", source="the project's model; the RU rulebook names no tip"),
        "FR": Term("sommet", avoid=(r"pointe", r"pointait")),
        "HU": Term("sarok", avoid=(r"csúcs",)),
    },
    "straight": {
        "EN": Term("straight"),
        "RU": Term("прямая"),
        "FR": Term("droite"),
        "HU": Term("egyenes"),
    },
    "arc": {
        "EN": Term("arc"),
        "RU": Term("дуга"),
        "FR": Term("arc", source="the EN and RU rulebooks (arc, дуга); the FR one names none"),
        "HU": Term("ív", source="the EN and RU rulebooks (arc, дуга); the HU one names none"),
    },
    "eye": {
        "EN": Term("eye", source="the FR and HU rulebooks (œil, szem); the EN one says circle"),
        "RU": Term("глаз", source="the FR and HU rulebooks (œil, szem); the RU one says кружок"),
        "FR": Term("œil"),
        "HU": Term("szem"),
    },
    "palago": {
        "EN": Term("Pala-matter", avoid=(r"the palago\b",)),
        "RU": Term("Пала-материя", attested="Пала-материи"),
        "FR": Term("Palago"),
        "HU": Term("palago", avoid=(r"palagó(?!ni)",)),
    },
    "hole": {
        "EN": Term("hole"),
        "RU": Term("дырка", attested="дырки"),
        "FR": Term("trou"),
        "HU": Term("lyuk"),
    },
    "fork": {
        "EN": Term("fork"),
        "RU": Term("вилка", source=_NO_TACTICS_RU),
        "FR": Term("double menace", avoid=(r"fourche",)),
        "HU": Term("villa", source=_NO_PALAGO_HU),
    },
    "threat": {
        "EN": Term("threat"),
        "RU": Term("угроза", source=_NO_TACTICS_RU),
        "FR": Term("menace"),
        "HU": Term("fenyegetés", source=_NO_PALAGO_HU),
    },
    "direct attack": {
        "EN": Term("direct attack"),
        "RU": Term("прямая атака", source=_NO_TACTICS_RU),
        "FR": Term("attaque directe"),
        "HU": Term("közvetlen támadás", source=_NO_PALAGO_HU),
    },
    "triple row": {
        "EN": Term("triple row"),
        "RU": Term("тройной ряд", source=_NO_TACTICS_RU),
        "FR": Term("triplet de sommets", avoid=(r"rangée",)),
        "HU": Term("hármas sor", source=_NO_PALAGO_HU),
    },
    "inner tile": {
        "EN": Term("inner tile"),
        "RU": Term("внутренняя фишка"),
        "FR": Term("tuile interne"),
        "HU": Term("belső lapka"),
    },
    "outer tile": {
        "EN": Term("outer tile"),
        "RU": Term("внешняя фишка"),
        "FR": Term("tuile externe"),
        "HU": Term("külső lapka", attested="külső lapkának"),
    },
    "removal": {
        "EN": Term("removal"),
        "RU": Term("удаление"),
        "FR": Term("retrait"),
        "HU": Term("Elvétel"),
    },
    "rotation": {
        "EN": Term("rotation"),
        "RU": Term("поворот"),
        "FR": Term("rotation"),
        "HU": Term("Forgatás"),
    },
    "bag": {
        "EN": Term("bag"),
        "RU": Term("мешочек", attested="мешочке", avoid=(r"меш(ок|ка)\b",)),
        "FR": Term("sac"),
        "HU": Term("zsák"),
    },
    "colour": {
        "EN": Term("color", avoid=(r"colour",)),
        "RU": Term("цвет"),
        "FR": Term("couleur"),
        "HU": Term("szín"),
    },
    "colour affinity": {
        "EN": Term("color affinity"),
        "RU": Term("сродство цвета", attested="сродства цвета", avoid=(r"цветового сродства",)),
        "FR": Term("correspondance des couleurs", avoid=(r"affinité",)),
        "HU": Term("színhelyesen"),
    },
    "Pala-virus": {
        "EN": Term("Pala-virus"),
        "RU": Term("Пала-вирус"),
        "FR": Term("Palavirus", source="ours, like the FR rulebook's Palagorilla and Paladragon"),
        "HU": Term("Palavírus", source="ours, like the HU rulebook's Palacsiga"),
    },
    "card": {
        "EN": Term("card"),
        "RU": Term("карточка"),
        "FR": Term("carte"),
        "HU": Term("kártya", source=_NO_PALAGO_HU + " (the HU rulebook has no cards)"),
    },
    "green task": {
        "EN": Term("green task"),
        "RU": Term("зелёная задача", attested="зеленая задача"),
        "FR": Term("tâche verte", source="the EN and RU rulebooks; the FR one has no green tasks"),
        "HU": Term("zöld feladat", source="the EN and RU rulebooks; the HU one has no green tasks"),
    },
    "transformation": {
        "EN": Term("transformation"),
        "RU": Term("превращение", avoid=(r"преобразов",)),
        "FR": Term(
            "transformation",
            source="the EN rulebook (Transformation); the FR one has no green tasks",
        ),
        "HU": Term(
            "átalakítás",
            source="the EN rulebook (Transformation); the HU one has no green tasks",
        ),
    },
}
"""Model term → language → the word printed texts of that language use."""


def term(key: str, lang: str) -> Term:
    """The :class:`Term` for model term ``key`` in ``lang``."""
    return GLOSSARY[key][lang_named(lang)]


def word(key: str, lang: str) -> str:
    """The word for model term ``key`` in ``lang``."""
    return term(key, lang).word


def counted(key: str, n: int, lang: str) -> str:
    """``n`` and the form of term ``key`` that follows it in ``lang``: ``2 limbs``,
    ``5 конечностей``, ``2 boucles internes``, ``4 belső hurok``."""
    code = lang_named(lang)
    form = plural_form(n, GLOSSARY[key][code].counted or (GLOSSARY[key][code].word,), code)
    return f"{n} {form}"


_HU_VOWEL_SOUNDS: Final = "aáeéiíoóöőuúüű"
_HU_VOWEL_LETTER_NAMES: Final = "flmnrsxy"
"""Letters whose Hungarian names start with a vowel: ef, el, em, en, er, es, iksz, ipszilon."""
_HU_VOWEL_DIGITS: Final = "15"
"""Numbers read with a vowel first: egy, öt (and 1000… read ezer: not needed here)."""


def article(word: str, lang: str) -> str:
    """The definite article before ``word`` in ``lang`` where it depends on the word: in
    Hungarian ``az`` before a vowel sound, ``a`` before a consonant (a letter or a digit alone
    is read by its name: ``az A``, ``a B``, ``az F``, ``az 5``); empty in the other languages,
    whose texts write their articles themselves."""
    if lang_named(lang) != "HU" or not word:
        return ""
    first = word[0].lower()
    alone = len(word) == 1 or not word[1].isalpha()
    if first in _HU_VOWEL_SOUNDS:
        return "az"
    if alone and (first in _HU_VOWEL_LETTER_NAMES or first in _HU_VOWEL_DIGITS):
        return "az"
    return "a"


def score_breakdown(loops: int, legs: int, lang: str = "EN") -> str:
    """The score of a creature with ``loops`` loops (outer included) and ``legs`` legs in the
    rulebook's words of ``lang``: ``"1 outer shell + 4 inner shells + 2 limbs = 7"`` in English
    (the model's loops and legs are the rulebooks' shells and limbs)."""
    lang = lang_named(lang)
    parts = [counted("outer loop", 1, lang)]
    if loops > 1:
        parts.append(counted("inner loop", loops - 1, lang))
    if legs:
        parts.append(counted("leg", legs, lang))
    return " + ".join(parts) + f" = {loops + legs}"


SCORE_TERMS: Final = ("outer loop", "inner loop", "outer leg")
"""The terms of a score breakdown, which a line never breaks inside."""


def multiword_terms(keys: tuple[str, ...] = SCORE_TERMS) -> tuple[str, ...]:
    """The words and forms of more than one word of the terms ``keys``, in every language."""
    found: set[str] = set()
    for by_lang in (GLOSSARY[k] for k in keys):
        for lang in LANGUAGES:
            entry = by_lang[lang]
            for text in (entry.word, *entry.counted):
                if " " in text:
                    found.add(text)
    return tuple(sorted(found))
