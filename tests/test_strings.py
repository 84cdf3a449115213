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
