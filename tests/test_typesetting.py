"""Typesetting in the four languages: terms never broken, no line holding only a total, header
text that fits its cell, as the sheets and the figure captions set them."""

from __future__ import annotations

import re

import pytest
from reportlab.pdfbase.pdfmetrics import stringWidth

from palago_tools.drawing.typesetting import NBSP, SHORT_WORDS, bind, words, wrap
from palago_tools.glossary import score_breakdown
from palago_tools.languages import LANGUAGES
from palago_tools.printing.scorepads import CELL_PAD
from palago_tools.printing.sheet import BOLD, fitted_lines, measure
from palago_tools.printing.strings import text
from palago_tools.render import register_fonts

register_fonts()


def test_bind_keeps_terms_and_totals_together() -> None:
    assert bind("1 outer shell + 4 inner shells + 2 limbs = 7") == (
        f"1{NBSP}outer{NBSP}shell +{NBSP}4{NBSP}inner{NBSP}shells +{NBSP}2{NBSP}limbs{NBSP}={NBSP}7"
    )
    assert bind("un cercle — une droite") == f"un cercle{NBSP}— une droite"  # no dash starts a line
    assert words(bind("1 внутренняя оболочка = 2")) == [
        f"1{NBSP}внутренняя{NBSP}оболочка{NBSP}={NBSP}2"
    ]
    assert words("a  b") == ["a", "b"] and words(f"a{NBSP}b c") == [f"a{NBSP}b", "c"]
    assert bind("cells 0,1 and 1,2") == "cells 0,1 and 1,2"  # coordinates are no numbers of a term


@pytest.mark.parametrize("lang", LANGUAGES)
def test_breakdowns_never_break_inside_a_term_or_before_the_total(lang: str) -> None:
    for loops, legs in [(1, 0), (2, 1), (5, 2), (4, 7), (12, 3)]:
        breakdown = score_breakdown(loops, legs, lang)
        terms = re.split(r" \+ | = ", breakdown)
        for width in range(40, 320, 7):
            lines = wrap(words(bind(f"Score: {breakdown}")), width, measure(BOLD, 8.5))
            joined = [line.replace(NBSP, " ") for line in lines]
            for line in joined:
                assert not re.fullmatch(r"[=\s\d]+", line), (lang, width, lines)  # no lone total
                assert not line.rstrip().endswith(("+", "=")), (lang, width, lines)
            for term in terms[:-1]:
                assert any(term in line for line in joined), (lang, width, term, lines)
            assert joined[-1].endswith(f"= {loops + legs}")


MATCH_COLUMNS = [40.0, 82.0, 104.0, 44.0, 64.0, 36.0, 36.0]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_match_sheet_headers_fit_their_cells(lang: str) -> None:
    keys = ["game", "yellow_is", "first", "turns", "result"]
    labels = [text(k, lang) for k in keys] + [
        f"{text('points', lang)} A",
        f"{text('points', lang)} B",
    ]
    for label, width in zip(labels, MATCH_COLUMNS, strict=True):
        room = width - 2 * CELL_PAD
        lines, size = fitted_lines(label, BOLD, 7.5, room, 3)
        assert len(lines) <= 3 and size >= 4.0
        assert all(stringWidth(line, BOLD, size) <= room for line in lines), (lang, label, size)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_sheet_records_its_language_title_and_subject(lang: str) -> None:
    import io

    from pypdf import PdfReader

    from palago_tools.printing import game_record_sheet, palago_match_sheet, palagonia_pad

    for data in (
        palagonia_pad(3, "A4", lang),
        palago_match_sheet("Letter", lang),
        game_record_sheet("A4", lang, "palago"),
    ):
        reader = PdfReader(io.BytesIO(data))
        assert str(reader.trailer["/Root"]["/Lang"]) == lang.lower()
        assert reader.metadata is not None and reader.metadata.subject == text("subject", lang)
        title = reader.metadata.title or ""
        assert title and title in reader.pages[0].extract_text()


def test_bind_keeps_one_letter_words_with_the_next_word() -> None:
    assert bind("Синие грозят в кружке") == f"Синие грозят в{NBSP}кружке"
    assert bind("A soron lévő (a karikák)") == f"A{NBSP}soron lévő (a{NBSP}karikák)"
    assert bind("Jaune à la tuile") == f"Jaune à{NBSP}la tuile"
    assert bind("фишкой не открыть, На кружке") == f"фишкой не{NBSP}открыть, На{NBSP}кружке"
    assert bind("az egyik") == f"az{NBSP}egyik" and bind("nem az") == "nem az"
    assert bind("cells 0,1 and 1,2 x") == "cells 0,1 and 1,2 x"  # a last letter has no next word


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_figure_caption_line_ends_with_a_one_letter_word(lang: str) -> None:
    from pathlib import Path

    from palago_tools.notation import PositionRecord, parse_file
    from palago_tools.views.figures import figure_caption

    diagrams = Path(__file__).resolve().parent.parent / "docs" / "diagrams"
    captions = [
        figure_caption(record, lang)
        for source in sorted(diagrams.glob("*.palago"))
        for record in parse_file(source).records
        if isinstance(record, PositionRecord)
    ]
    assert len(captions) >= 10
    for caption in captions:
        for width in range(120, 480, 9):
            for line in wrap(words(bind(caption)), width, measure(BOLD, 9))[:-1]:
                last = line.replace(NBSP, " ").split(" ")[-1].lstrip("(").lower()
                assert len(last) > 1 or not last.isalpha(), (lang, width, line)
                assert last not in SHORT_WORDS, (lang, width, line)
