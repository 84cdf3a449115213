"""One home for the printed words and the settings they follow: every translation in all four
languages, one language check, one palette lookup with one message and exit code."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from palago_tools.cli import app
from palago_tools.diagram import palette
from palago_tools.diagram.palette import UnknownPaletteError
from palago_tools.errors import EXIT_USAGE, OutputError
from palago_tools.languages import LANGUAGES, lang_named
from palago_tools.printing.strings import STRINGS, text


def test_every_string_is_in_all_four_languages() -> None:
    assert LANGUAGES == ("EN", "RU", "FR", "HU")
    for key, by_lang in STRINGS.items():
        assert tuple(by_lang) == LANGUAGES, key
        assert all(by_lang[lang].strip() for lang in LANGUAGES), key
    assert text("back_title", "HU") == "Palalaboratórium"


def test_one_language_check_in_any_case() -> None:
    assert [lang_named(name) for name in ("en", "Ru", "FR", "hu")] == list(LANGUAGES)
    with pytest.raises(
        OutputError, match="^unknown language 'DE'; the languages are EN, RU, FR, HU$"
    ):
        lang_named("DE")
    assert OutputError("x").exit_code == EXIT_USAGE


def test_one_palette_lookup() -> None:
    assert palette(palette("greyscale")) is palette("greyscale")
    with pytest.raises(UnknownPaletteError) as caught:
        palette("nope")
    assert caught.value.exit_code == EXIT_USAGE


@pytest.mark.parametrize("option", ["--palette", "--lang"])
def test_the_commands_refuse_a_bad_palette_or_language_alike(tmp_path: Path, option: str) -> None:
    record = tmp_path / "one.palago"
    record.write_text("[Position]\n0,0R\n", encoding="utf-8")
    runner = CliRunner()
    commands = [
        ["figures", "-o", str(tmp_path / "figures")],
        ["build", "-o", str(tmp_path / "build")],
    ]
    if option == "--palette":
        commands.append(["diagram", str(record)])
    messages = set()
    for command in commands:
        result = runner.invoke(app, [*command, option, "nope"])
        assert result.exit_code == EXIT_USAGE, (command, result.output)
        messages.add(result.stderr)
    assert len(messages) == 1 and "unknown" in messages.pop()
    assert not (tmp_path / "figures").exists() and not (tmp_path / "build").exists()


def test_french_texts_take_the_typographic_apostrophe() -> None:
    """Every French printed text sets ’ inside a word, as the texts written by hand do."""
    from palago_tools.printing.strings import STRINGS, text

    straight = [key for key in STRINGS if "'" in text(key, "FR")]
    assert straight == []
    assert "l’ordre" in text("seats", "FR")


# Every printed string with every value it takes ------------------------------------------------
ENGLISH_WORDS = frozenset(
    "the and of with tile tiles player players creature creatures shell shells limb limbs "
    "yellow blue turn turns card cards game games page sheet back front ours "
    "rulebook win wins play opening openings level levels".split()
)
"""English words that are no word of a French, Russian or Hungarian page (French "page" apart)."""


def _values(name: str, lang: str) -> list[dict[str, object]]:
    """Every value a placeholder of the printed strings takes, as keyword sets."""
    from palago_tools.glossary import article

    if name == "edge":
        return [{"edge": text("edge_long", lang)}, {"edge": text("edge_short", lang)}]
    if name == "n":
        return [{"n": n} for n in (1, 2, 5, 12, 14, 18, 21, 69)]
    if name == "r":
        return [{"r": r} for r in ("3", "3,5")]
    if name in ("page", "pages"):
        return [{"page": 1, "pages": 6}, {"page": 3, "pages": 3}]
    if name in ("who", "the"):
        return [{"who": who, "the": article(who, lang)} for who in ("A", "B")]
    raise AssertionError(f"a printed string has the unknown placeholder {{{name}}}")


def _rendered(lang: str) -> list[tuple[str, str]]:
    """``(where, text)`` for every printed string of ``lang`` formatted with every value its
    placeholders take, every score breakdown, every figure caption, and the opening study's
    sentences for every best opening and every pair that could lead."""
    import itertools
    import json
    import string
    from importlib import resources

    from palago_tools.glossary import score_breakdown
    from palago_tools.views.figures import figures, proof_caption, study_caption

    found: list[tuple[str, str]] = []
    for key in STRINGS:
        template = text(key, lang)
        names = sorted({f for _, f, _, _ in string.Formatter().parse(template) if f})
        sets: list[dict[str, object]] = [{}]
        for name in names:
            sets = [{**a, **b} for a in sets for b in _values(name, lang)]
        found += [(key, template.format(**values)) for values in sets]
    found += [
        (f"breakdown {loops},{legs}", score_breakdown(loops, legs, lang))
        for loops, legs in itertools.product(range(1, 7), range(0, 7))
    ]
    found += [(f"figure {f.name}", f.diagram.caption) for f in figures(lang=lang)]
    summary = json.loads(
        resources.files("palago_tools").joinpath("data/opening-study.json").read_text("utf-8")
    )
    letters = sorted({r["start"] for level in summary["levels"] for r in level["rows"]})
    for best in letters:
        found.append((f"study best {best}", study_caption({**summary, "best": best}, lang)))
    for pair in itertools.combinations(letters, 2):
        variant = {**summary, "best": None, "leading": list(pair)}
        found.append((f"study leading {pair}", study_caption(variant, lang)))
    found.append(("study even", study_caption({**summary, "best": None, "leading": []}, lang)))
    found.append(("study proven", proof_caption(summary, lang)))
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_printed_string_reads_whole_with_every_value(lang: str) -> None:
    """No template left in a printed text: no Hungarian "a(z)", no placeholder unfilled or
    brace unmatched, and no English word on a Russian, French or Hungarian page."""
    import re

    english = ENGLISH_WORDS - ({"page"} if lang == "FR" else set())
    for where, value in _rendered(lang):
        assert "a(z)" not in value and "(z)" not in value, (where, value)
        assert "{" not in value and "}" not in value, (where, value)
        if lang != "EN":
            words = {w.lower() for w in re.findall(r"[A-Za-z]+", value)}
            assert not words & english, (where, sorted(words & english), value)


def test_hungarian_articles_follow_the_sound_of_the_letter() -> None:
    from palago_tools.glossary import article

    assert [f"{article(x, 'HU')} {x}" for x in "ABCDEF"] == [
        "az A",
        "a B",
        "a C",
        "a D",
        "az E",
        "az F",
    ]
    assert article("A", "EN") == "" and article("5", "HU") == "az" and article("2", "HU") == "a"
