"""Line-breaking rules for text set by the diagrams and the printed sheets, in every language:
a number stays with the word after it, a score's ``= 7`` stays with the term before it, ``+``
stays with the term after it, and the game's two-word terms (outer shell, внутренние оболочки,
boucle externe, belső hurok …) never break, and a one-letter word (в, к, a, à, (a …), a Russian
two-letter preposition or particle (не, на, по …) and the Hungarian article az do not hang at the
end of a line but go down with the word after it, and a dash stays with the word before it (no
line starts with punctuation). Bound spaces become no-break spaces (U+00A0), which the wrapping
here and the renderers treat as part of a word.

:func:`punctuate` (the languages' own, :mod:`palago_tools.languages`) sets French high
punctuation (``: ; ! ?`` and guillemets) after a narrow no-break space (:data:`NNBSP`, U+202F),
and :func:`colon` ends a label with a colon in a language's way.
:func:`wrap` breaks words into lines for every caller, each measuring text its own way (the
bundled fonts' metrics, or reportlab's), and never leaves one word alone on the last line of
several; :func:`fit_text` shrinks a line to a width."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Final

from ..glossary import multiword_terms
from ..languages import NNBSP as NNBSP
from ..languages import punctuate as punctuate
from .metrics import text_width
from .primitives import Font

NBSP: Final = "\u00a0"

TERMS: Final = multiword_terms()
"""The score terms of every language (glossary), never broken across lines."""
_TERM: Final = re.compile("|".join(re.escape(t) for t in sorted(TERMS, key=len, reverse=True)))
_NUMBER_WORD: Final = re.compile(r"(?<![\w,.])(\d+) (?=\S)")
_DASH: Final = re.compile(r" ([—–]) ")
_EQUALS: Final = re.compile(r" = ")
_PLUS: Final = re.compile(r" \+ ")
SHORT_WORDS: Final = ("не", "ни", "на", "по", "за", "из", "от", "до", "об", "во", "со", "ко", "az")
"""Words longer than a letter that stay with the next word, as one-letter words do."""
_SHORT: Final = re.compile(
    r"(?<!\S)(\(?(?:[^\W\d_]|" + "|".join(SHORT_WORDS) + r")) (?=\S)", re.IGNORECASE
)


def bind(text: str) -> str:
    """``text`` with the spaces that must not break made no-break spaces."""
    text = _TERM.sub(lambda m: m.group(0).replace(" ", NBSP), text)
    text = _NUMBER_WORD.sub(lambda m: m.group(1) + NBSP, text)
    text = _SHORT.sub(lambda m: m.group(1) + NBSP, text)
    text = _DASH.sub(lambda m: f"{NBSP}{m.group(1)} ", text)
    text = _EQUALS.sub(f"{NBSP}={NBSP}", text)
    return _PLUS.sub(f" +{NBSP}", text)


def colon(label: str, lang: str) -> str:
    """``label`` followed by a colon as ``lang`` sets it: ``Date:``, French ``Date :``."""
    return punctuate(f"{label}:", lang)


def _word_count(line: str) -> int:
    """The words a reader sees on ``line`` (bound spaces part, punctuation no word)."""
    return sum(1 for w in re.split(r"[ \u00a0\u202f]+", line) if any(c.isalnum() for c in w))


def words(text: str) -> list[str]:
    """The breakable words of ``text``: split at ordinary spaces only."""
    return [w for w in text.split(" ") if w]


def wrap(
    words: Iterable[str], width: float, measure: Callable[[str], float], first: float | None = None
) -> list[str]:
    """Greedy line breaking: ``words`` joined by spaces into lines no wider than ``width`` by
    ``measure`` (the first line ``first`` when given); a word longer than a line stays whole.
    A last line of one word, after others, takes the word before it down when it fits. No words
    give no lines."""
    lines: list[str] = []
    current = ""
    room = width if first is None else first
    for word in words:
        candidate = f"{current} {word}" if current else word
        if current and measure(candidate) > room:
            lines.append(current)
            current = word
            room = width
        else:
            current = candidate
    if current:
        lines.append(current)
    if len(lines) >= 2 and _word_count(lines[-1]) < 2 and " " in lines[-2]:
        head, moved = lines[-2].rsplit(" ", 1)
        joined = f"{moved} {lines[-1]}"
        if measure(joined) <= width:
            lines[-2:] = [head, joined]
    return lines


def set_lines(
    text: str, width: float, measure: Callable[[str], float], first: float | None = None
) -> list[str]:
    """The lines of a sentence ``text`` at ``width``: :func:`wrap` of its words with the spaces
    that must not break bound (:func:`bind`), so lines break only where a reader expects."""
    return wrap(words(bind(text)), width, measure, first)


def fit_text(text: str, size: float, width: float, font: Font = Font.BOLD) -> float:
    """``size``, made smaller if needed so that ``text`` set in ``font`` fits in ``width``."""
    natural = text_width(text, size, font)
    return size if natural <= width else size * width / natural
