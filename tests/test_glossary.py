"""The glossary (palago_tools.glossary): every word of a language is its rulebook's, or says where
it comes from; every printed string and figure caption of a language uses the glossary's words
and none of the words it replaces; and the captions are set by each language's typography."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from palago_tools.diagram import compile_diagram
from palago_tools.drawing.primitives import Text
from palago_tools.drawing.typesetting import NBSP, NNBSP
from palago_tools.glossary import GLOSSARY, RULEBOOK, counted, term
from palago_tools.languages import LANGUAGES
from palago_tools.printing.strings import STRINGS, text
from palago_tools.views.figures import figure_caption, figure_records, figures

ROOT = Path(__file__).resolve().parent.parent
SEEDS = next(
    (p / "shared" / "seeds" for p in ROOT.parents if (p / "shared" / "seeds").is_dir()), None
)
"""../shared/seeds/ beside the project (or beside a folder holding it, as for a worktree)."""

BOOKS = {"EN": "000_", "RU": "001_", "FR": "003_", "HU": "004_"}
"""Each language's rulebook, by the start of its file name in the seeds."""


def _normal(value: str) -> str:
    return value.lower().replace("ё", "е").replace("’", "'")


def _phrase(value: str) -> re.Pattern[str]:
    """``value`` at a word's start, its words apart by any white space (a rulebook's line may
    break inside a term), endings free (a plural or a case)."""
    return re.compile(r"(?<!\w)" + r"\s+".join(re.escape(w) for w in _normal(value).split()))


def _printed(lang: str) -> list[tuple[str, str]]:
    """(where, text) for every printed string and figure caption of ``lang``."""
    found = [(f"strings {key}", text(key, lang)) for key in STRINGS]
    found += [(f"figure {name}", figure_caption(record, lang)) for name, record in figure_records()]
    return found


@pytest.mark.skipif(SEEDS is None, reason="../shared/seeds/ is not beside the project")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_glossary_word_occurs_in_its_rulebook(lang: str) -> None:
    assert SEEDS is not None
    (book,) = SEEDS.glob(f"{BOOKS[lang]}*")
    rulebook = _normal(book.read_text(encoding="utf-8"))
    missing = [
        f"{key}: {entry.attested or entry.word}"
        for key, by_lang in GLOSSARY.items()
        for entry in (by_lang[lang],)
        if entry.in_rulebook and not _phrase(entry.attested or entry.word).search(rulebook)
    ]
    assert not missing, f"not in the {lang} rulebook ({book.name}): {missing}"
    avoided = [
        f"{key}: {pattern}"
        for key, by_lang in GLOSSARY.items()
        for pattern in by_lang[lang].avoid
        if by_lang[lang].in_rulebook
        and re.search(r"(?<!\w)" + pattern, rulebook, re.I)
        and key not in ("tip", "colour affinity", "palago")
    ]
    assert not avoided, f"the {lang} rulebook itself uses a word the glossary avoids: {avoided}"


def test_every_term_has_a_word_in_each_language_and_a_source_when_not_the_rulebooks() -> None:
    assert len(GLOSSARY) >= 20
    for key, by_lang in GLOSSARY.items():
        assert tuple(by_lang) == LANGUAGES, key
        for lang, entry in by_lang.items():
            assert entry.word.strip(), (key, lang)
            assert entry.source == RULEBOOK or len(entry.source) > 10, (key, lang)
    assert not term("tip", "EN").in_rulebook and term("tip", "FR").word == "sommet"
    assert "Palagonia only" in term("fork", "HU").source
    assert [counted("leg", n, "RU") for n in (1, 3, 5, 21)] == [
        "1 конечность",
        "3 конечности",
        "5 конечностей",
        "21 конечность",
    ]
    assert (
        counted("inner loop", 4, "HU") == "4 belső hurok" and counted("leg", 2, "EN") == "2 limbs"
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_printed_texts_and_captions_use_the_glossary_words_only(lang: str) -> None:
    wrong = [
        (where, pattern)
        for where, value in _printed(lang)
        for key, by_lang in GLOSSARY.items()
        for pattern in by_lang[lang].avoid
        if re.search(r"(?<!\w)" + pattern, value, re.IGNORECASE)
    ]
    assert not wrong, wrong


@pytest.mark.parametrize(
    ("lang", "present", "absent"),
    [
        ("EN", ["shell", "limb", "Pala-matter"], [r"\bloops?\b", r"\blegs?\b", r"\bthe palago\b"]),
        ("HU", ["palánta", "sarok"], [r"lény", r"csúcs"]),
        ("FR", ["sommet", "double menace", "triplet de sommets"], [r"pointe", r"fourche"]),
        ("RU", ["оболочка", "конечност"], []),
    ],
)
def test_the_words_the_issue_names(lang: str, present: list[str], absent: list[str]) -> None:
    everything = "\n".join(value for _where, value in _printed(lang))
    for word in present:
        assert word.lower() in everything.lower(), (lang, word)
    for pattern in absent:
        assert not re.search(pattern, everything, re.IGNORECASE), (lang, pattern)


def test_no_sheet_claims_green_tasks_of_a_rulebook_that_has_none() -> None:
    for lang in ("FR", "HU"):
        for key in ("solutions_extra", "solutions_differs", "solutions_differs_short"):
            value = text(key, lang)
            assert ("anglaise et russe" if lang == "FR" else "angol és az orosz") in value, key


def test_the_limb_captions_say_what_their_rulebook_says() -> None:
    (record,) = [r for name, r in figure_records() if name == "leg"]
    assert "a straight and three connected arcs" in figure_caption(record, "EN")
    assert "«прямая» и три соединённые «дуги»" in figure_caption(record, "RU")
    assert "une droite et deux sommets" in figure_caption(record, "FR")
    assert "egy egyenesben és két sarokban végződik" in figure_caption(record, "HU")


# Typography -----------------------------------------------------------------------------------
HIGH = ":;!?"
LINE_START = tuple(",.;:!?)»—–")


def _caption_lines(lang: str) -> list[tuple[str, list[str]]]:
    found = []
    for figure in figures(lang=lang):
        drawing = compile_diagram(figure.diagram, figure.options())
        labels = {label.text for label in figure.diagram.labels}
        lines = [t.text for t in drawing.items if isinstance(t, Text) and t.text not in labels]
        found.append((figure.name, lines))
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_caption_lines_start_with_no_punctuation_and_end_with_more_than_one_word(lang: str) -> None:
    for name, lines in _caption_lines(lang):
        assert lines, name
        for line in lines:
            assert not line.lstrip().startswith(LINE_START), (lang, name, line)
        if len(lines) > 1:
            words = [
                w for w in re.split(f"[ {NBSP}{NNBSP}]+", lines[-1]) if any(c.isalnum() for c in w)
            ]
            assert len(words) >= 2, (lang, name, lines)


def test_french_high_punctuation_follows_a_narrow_no_break_space() -> None:
    for where, value in _printed("FR"):
        for match in re.finditer(f"[{HIGH}]", value):
            before = value[: match.start()]
            if match.group() == ":" and before[-1:].isdigit():
                continue  # the notation's die, 3:
            assert before.endswith(NNBSP), (where, value[max(0, match.start() - 20) : match.end()])
    for lang in ("EN", "RU", "HU"):
        for where, value in _printed(lang):
            assert NNBSP not in value and not re.search(f" [{HIGH}]", value), (lang, where)


# The built PDFs -------------------------------------------------------------------------------
SAYS = {
    "EN": (["shell", "limb", "Pala-matter"], [r"\bloops?\b", r"\blegs?\b"]),
    "HU": (["palánta", "sarok"], [r"lény", r"csúcs"]),
    "FR": (["sommet", "boucle", "patte"], [r"pointe", r"fourche"]),
    "RU": (["оболочк", "конечност", "Пала-твар"], []),
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_built_pdfs_say_the_rulebook_words(lang: str) -> None:
    """The solution sheets, the score pad, the record sheet and the figures as PDF text."""
    import io

    from pypdf import PdfReader

    from palago_tools.printing import game_record_sheet, palagonia_pad, solution_sheets
    from palago_tools.views.figures import figure_bytes

    documents = [
        solution_sheets("A4", lang),
        palagonia_pad(10, "A4", lang),
        game_record_sheet("A4", lang, "palagonia"),
    ]
    documents += [
        figure_bytes(f.diagram, "pdf", f.options(), lang, text("figure_subject", lang))
        for f in figures(lang=lang)
    ]
    words = " ".join(
        page.extract_text() for data in documents for page in PdfReader(io.BytesIO(data)).pages
    )
    words = " ".join(words.split())
    present, absent = SAYS[lang]
    for word in present:
        assert word.lower() in words.lower(), (lang, word)
    for pattern in absent:
        assert not re.search(pattern, words, re.IGNORECASE), (lang, pattern)
