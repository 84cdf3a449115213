"""The screens' catalogue (:mod:`palago_tools.screens`): every entry in all four languages with
the same fields, rendered with every value it takes, the number forms by each language's rules,
and no English word of the catalogue on a screen in another language: neither in any entry
rendered nor on the viewer's pages of every kind of record (the page's text and its labels,
titles and the words its script writes), read here and driven in Chromium in each language.

``PALAGO_UPDATE_SAMPLES=1`` also writes ``docs/samples/viewer-ru.png``, ``viewer-fr.png`` and
``viewer-hu.png``.
"""

from __future__ import annotations

import os
import re
import string
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any, Final

import pytest

from palago_tools.core.analysis import analyse
from palago_tools.glossary import GLOSSARY, counted
from palago_tools.languages import LANGUAGES, plural_form
from palago_tools.notation import parse_file, parse_text
from palago_tools.notation import records as rec
from palago_tools.replays.catalog import catalog_records
from palago_tools.replays.game import RecordReport
from palago_tools.replays.generated import random_palago_record, random_palagonia_record
from palago_tools.screens import CATALOGUE, count, creature_summary, say
from palago_tools.viewer import viewer_page

from .browser_support import chromium
from .test_glossary import BOOKS, SEEDS, _normal, _phrase

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "docs" / "examples"
SAMPLES = ROOT / "docs" / "samples"
OTHERS = ("RU", "FR", "HU")
NUMBERS = (0, 1, 2, 3, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111)
"""Numbers that take every form: RU 1/21/101, 2–4/22, 5–20/11–14/25/111; EN, FR 0, 1, more."""

_WORD = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*")


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def _values(lang: str) -> dict[str, str]:
    """A value in ``lang`` for every field an entry leaves: the glossary's words, a player, a
    number, a cell."""
    return {
        "who": say("side_yellow", lang) + " (Anna)",
        "n": "7",
        "label": "2+",
        "tiles": counted("tile", 3, lang),
        "list": "Anna +4, Boris +2",
        "what": creature_summary("yellow", 9, 1, 3, lang),
        "creature": GLOSSARY["creature"][lang].word,
        "colour": say("creature_blue", lang),
        "score": creature_summary("blue", 18, 5, 2, lang),
        "r": "1-0",
        "error": "3,-1",
        "rule": "R4",
        "where": "2. 0,0R",
        "cell": "-1,2",
        "tile": "-1,2 " + say("tip_D", lang, tip=GLOSSARY["tip"][lang].word),
        "tip": GLOSSARY["tip"][lang].word,
        "rolled": "4",
        "name": "Pala-virus",
        "counts": "↔ 1 · Δ 3",
        "reason": "-1,2",
        "kind": say("kind_Palagonia", lang),
        "value": "0.30",
        "turn": "0,1R 1,1L (0.75)",
        "move": "0,0R 1,0L??",
        "best": say("graph_best", lang, turn="0,1R 1,1L (#1)"),
        "by": " (192.168.1.20 Android)",
        "again": say("t_extra", lang),
        "done": "2",
        "command": "palago",  # the command, typed as it is (palago serve)
        "device": say("t_another_device", lang),
        "address": "http://192.168.1.20:8000/?…",  # the real one ends ?token=…, typed as it is
        "line": "12",
        "summary": say("r_head", lang, kind=say("kind_Palago", lang), turns="7", tiles="13"),
        "note": say("note_extra", lang),
        "turns": count("r_turns", 7, lang),
        "head": say("r_head", lang, kind=say("kind_Palago", lang), turns="7", tiles="13"),
        "end": say("drawn", lang),
        "scores": "Anna 4, Boris 2",
    }


def english_words(lang: str) -> set[str]:
    """The words of the English catalogue (and of the glossary's English terms the screens
    use) that no entry of ``lang`` also writes: a rendered text of ``lang`` holding one is
    English left untranslated."""
    english: set[str] = set()
    for entry in CATALOGUE.values():
        english |= set(_WORD.findall(re.sub(r"\{\w+\}", " ", entry["EN"])))
    for key in ("tile", "creature", "outer loop", "inner loop", "leg", "colour"):
        term = GLOSSARY[key]["EN"]
        for text in (term.word, *term.counted):
            english |= set(_WORD.findall(text))
    theirs: set[str] = set()
    for entry in CATALOGUE.values():
        theirs |= set(_WORD.findall(re.sub(r"\{\w+\}", " ", entry[lang])))  # type: ignore[index]
    return {w for w in english if w not in theirs and len(w) > 1}


def english_in(text: str, lang: str) -> list[str]:
    """The English catalogue words in ``text`` of ``lang``."""
    words = english_words(lang)
    return sorted({w for w in _WORD.findall(text) if w in words})


def rendered(key: str, lang: str) -> Iterator[str]:
    """Entry ``key`` in ``lang`` with every value it takes: each number form, each colour."""
    values = _values(lang)
    if "|" in CATALOGUE[key]["EN"]:
        others = {name: value for name, value in values.items() if name != "n"}
        for n in NUMBERS:
            yield count(key, n, lang, **others)
        return
    yield say(key, lang, **values)
    if "{colour}" in CATALOGUE[key]["EN"]:
        yield say(key, lang, **{**values, "colour": say("creature_yellow", lang)})


# --- The catalogue ---------------------------------------------------------------------------


def test_every_entry_in_every_language_with_the_same_fields() -> None:
    assert len(CATALOGUE) > 100
    forms = {"EN": 2, "RU": 3, "FR": 2, "HU": 1}
    for key, entry in CATALOGUE.items():
        assert tuple(entry) == LANGUAGES, key
        assert all(text.strip() for text in entry.values()), key
        assert len({frozenset(_fields(text)) for text in entry.values()}) == 1, key
        assert _fields(entry["EN"]) <= set(_values("EN")) | {"n"}, key  # rendered below
        if "|" in entry["EN"]:
            assert {lang: len(text.split("|")) for lang, text in entry.items()} == forms, key


@pytest.mark.parametrize("lang", OTHERS)
def test_no_english_word_in_any_entry_rendered_with_every_value(lang: str) -> None:
    assert {"Turn", "Moves", "shell", "limbs", "Pala-creature", "tiles"} <= english_words(lang)
    left = {key: english_in(text, lang) for key in CATALOGUE for text in rendered(key, lang)}
    assert {key: words for key, words in left.items() if words} == {}


PINNED_ENGLISH = frozenset({"t_won_other", "t_won_both", "t_restarted_game"})
"""The table's entries whose English its older tests (test_table_server, test_table_session)
pin as it was written before the glossary ("its colour", "the palago"): the glossary's check
leaves their English alone."""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_entry_uses_the_glossary_words_only(lang: str) -> None:
    """No entry rendered says a word the glossary avoids in that language (EN loop, leg, the
    palago, colour …), as the printed texts (``tests/test_glossary.py``)."""
    pinned = PINNED_ENGLISH if lang == "EN" else frozenset()
    wrong = [
        (key, pattern)
        for key in CATALOGUE
        if key not in pinned
        for text in rendered(key, lang)
        for by_lang in GLOSSARY.values()
        for pattern in by_lang[lang].avoid
        if re.search(r"(?<!\w)" + pattern, text, re.IGNORECASE)
    ]
    assert not wrong


def test_the_replays_notes_are_translated() -> None:
    from palago_tools.replays.words import _NOTES, note_words

    note = "extra turn after a double; the palago is empty: the game starts again"
    assert note_words(note) == (
        "extra turn after a double; the Pala-matter is empty: the game starts again"
    )
    assert note_words(note, "HU") == "extra lépés dupla után; a palago üres: a játék újrakezdődik"
    both = note_words("blue completed creatures of both colours and loses", "RU")
    assert both == "Синие: замкнуты Пала-твари обоих цветов, поражение"
    assert note_words("something new", "FR") == "something new"  # as the replay wrote it
    sources = "".join(
        (ROOT / "palago_tools" / name).read_text(encoding="utf-8")
        for name in ("replays/game.py", "rules/palago.py")
    )
    assert all(f'"{english}"' in sources for english in _NOTES)  # the replay's words still


def test_the_check_finds_english_left_in_a_translation() -> None:
    assert english_in("Ход 3: Anna places 2 tiles", "RU") == ["places", "tiles"]
    assert english_in("Ход 3: Anna, 2 фишки", "RU") == []


def test_numbers_take_each_languages_form() -> None:
    assert [count("records", n, "RU") for n in (1, 2, 5, 11, 21, 22, 25, 111)] == [
        "1 запись",
        "2 записи",
        "5 записей",
        "11 записей",
        "21 запись",
        "22 записи",
        "25 записей",
        "111 записей",
    ]
    assert [count("records", n, "EN") for n in (0, 1, 2)] == ["0 records", "1 record", "2 records"]
    assert [count("records", n, "FR") for n in (0, 1, 2)] == ["0 partie", "1 partie", "2 parties"]
    assert count("records", 5, "HU") == "5 lejegyzés"  # a noun stays singular after a number
    assert plural_form(3, ("a", "b", "c"), "RU") == "b"


def test_a_creature_in_each_rulebooks_words() -> None:
    camel = next(r for r in catalog_records() if r.name("EN") == "Pala-camel")
    creature = max(analyse(camel.position()).creatures, key=lambda c: c.tiles)
    assert creature.summary() == (
        f"{creature.colour} Pala-creature of 18 tiles: 1 outer shell + 4 inner shells + 2 limbs = 7"
    )
    assert creature.summary("RU").endswith(
        "Пала-тварь, 18 фишек: 1 внешняя оболочка + 4 внутренние оболочки + 2 конечности = 7"
    )
    assert creature.summary("FR").startswith("créature ")
    assert creature.summary("FR").endswith(
        "18 tuiles\u202f: 1 boucle externe + 4 boucles internes + 2 pattes = 7"
    )
    assert creature.summary("HU").endswith(
        "palánta, 18 lapka: 1 külső hurok + 4 belső hurok + 2 külső láb = 7"
    )


def test_a_games_end_is_one_sentence_in_each_language() -> None:
    """The last turn's note says the game is over and who won in one sentence (no "Конец игры:
    победа: …"), and the result names the same verdict without it."""
    from palago_tools.replays.words import verdict
    from palago_tools.viewer.frames import game_tree
    from palago_tools.viewer.page import record_page

    (game,) = parse_text((EXAMPLES / "palago-game.palago").read_text(encoding="utf-8")).records
    assert isinstance(game, rec.PalagoGame)
    for lang in LANGUAGES:
        report = game_tree(game, lang).report
        assert report is not None and report.winner
        over, won = verdict(report, lang, over=True), verdict(report, lang)
        assert over.count(":") == 1 and say("side_yellow", lang) in over, (lang, over)
        assert record_page(game, lang).result == f"1-0, {won}"
        assert over in record_page(game, lang).tree.frames[-1].notes
    assert verdict(report, "RU", over=True) == "Конец игры, победа: Жёлтые (Anna)"


# --- The viewer's pages ----------------------------------------------------------------------


def _without_comments(path: Path) -> str:
    """An example file with its comments (the record's own English) and free-text tags left out."""
    text = re.sub(r"\{[^}]*\}", "", path.read_text(encoding="utf-8"))
    return re.sub(r'\[(Event|Site|Source|Caption) "[^"]*"\]\n', "", text)


def _commands_only(path: Path) -> str:
    """A record with its comments' text and free-text tags (the record's own English: its
    players are engines) left out and the comments' commands (``[%eval …]``, ``[%ghost …]`` …)
    kept."""
    text = path.read_text(encoding="utf-8")
    text = re.sub(
        r"\{[^}]*\}", lambda m: "{" + " ".join(re.findall(r"\[%[^\]]*\]", m[0])) + "}", text
    )
    return re.sub(r'\[(Event|Site|Annotator|Yellow|Blue) "[^"]*"\]\n', "", text)


def records() -> list[rec.Record]:
    """Every kind of record, with variations, glyphs, points, a removal, a rotation and a win,
    and engine-annotated games (the evaluation graph, the engine's best turns)."""
    found: list[rec.Record] = [random_palago_record(3), random_palagonia_record(1)]
    for name in ("palago-game", "palagonia-game", "transformation", "creatures", "position"):
        found.extend(parse_text(_without_comments(EXAMPLES / f"{name}.palago")).records)
    for name in ("engine-annotated", "engine-annotated-club"):
        found.extend(parse_text(_commands_only(SAMPLES / f"{name}.palago")).records)
    return found


class _Screen(HTMLParser):
    """A page's words a reader sees or hears: text outside scripts, styles and the record's
    own words (players' names), and the labels, titles and the script's words."""

    SPOKEN = ("title", "aria-label", "aria-description", "aria-valuetext")

    def __init__(self) -> None:
        super().__init__()
        self.words: list[str] = []
        self.lang = ""
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "html":
            self.lang = dict(attrs).get("lang") or ""
        for name, value in attrs:
            if value and (name in self.SPOKEN or name.startswith("data-w-")):
                self.words.append(value)
        if tag in ("script", "style"):
            self._skip += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        if not self._skip:
            self.words.append(data)


def screen_of(page: str) -> _Screen:
    screen = _Screen()
    screen.feed(page)
    return screen


@pytest.mark.parametrize("lang", OTHERS)
def test_the_viewer_speaks_the_language_everywhere(lang: str) -> None:
    page = viewer_page(records(), lang=lang)
    screen = screen_of(page)
    assert screen.lang == lang.lower()
    text = "\n".join(screen.words)
    assert english_in(text, lang) == []
    assert say("main_line", lang) in text and say("keys_variations", lang) in text
    assert GLOSSARY["creature"][lang].word in text  # the completed creatures' badge


def test_the_english_viewer_speaks_the_rulebooks_english() -> None:
    page = viewer_page(records())
    assert screen_of(page).lang == "en"
    assert "outer shell" in page and "Pala-creature" in page
    assert not re.search(r"\b(outer|inner) loop|\blegs?\b", page)


def test_replay_html_lang(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from palago_tools.cli import app

    out = tmp_path / "ru.html"
    game = str(EXAMPLES / "palago-game.palago")
    result = CliRunner().invoke(app, ["replay", game, "--html", str(out), "--lang", "ru"])
    assert result.exit_code == 0, result.output
    page = out.read_text(encoding="utf-8")
    assert '<html lang="ru"' in page and "Ход 7: Жёлтые (Anna)" in page
    wrong = CliRunner().invoke(app, ["replay", game, "--html", str(out), "--lang", "de"])
    assert wrong.exit_code == 2 and "EN, RU, FR, HU" in wrong.output
    # Without --html, --lang is the language of the lines (it was refused before they spoke it).
    alone = CliRunner().invoke(app, ["replay", game, "--moves", "--lang", "ru"])
    assert alone.exit_code == 0, alone.output
    assert alone.output.startswith("Запись 1 (строка 1): Палаго, 7 ходов, 13 фишек: победа: ")
    assert "— замыкает: жёлтая Пала-тварь, 5 фишек: 1 внешняя оболочка = 1" in alone.output


RULEBOOK_WORDS: Final = {
    "RU": ("ходов", "фишек", "Пала-тварь", "внешняя оболочка", "конечности", "очки"),
    "FR": ("tour", "tuiles", "créature", "boucle externe", "pattes", "points"),
    "HU": ("lépés", "lapka", "palánta", "külső hurok", "láb", "pont"),
}
"""The game's words ``palago replay`` says (turns and tiles counted, a creature, its shell and
limbs, points), as each rulebook in ``../shared/seeds/`` writes them (read there with grep)."""


@pytest.mark.skipif(SEEDS is None, reason="../shared/seeds/ is not beside the project")
@pytest.mark.parametrize("lang", ["RU", "FR", "HU"])
def test_replay_lines_say_the_game_words_of_the_rulebook(lang: str, tmp_path: Path) -> None:
    """The lines of a Palago game and a scored Palagonia game say turn, tile, creature, shell,
    limb and points in words found in that language's rulebook (the seeds, not our glossary)."""
    from typer.testing import CliRunner

    from palago_tools.cli import app
    from palago_tools.notation import write

    assert SEEDS is not None
    (book,) = SEEDS.glob(f"{BOOKS[lang]}*")
    rulebook = _normal(book.read_text(encoding="utf-8"))
    scored = tmp_path / "palagonia.palago"
    scored.write_text(write([random_palagonia_record(1)]), encoding="utf-8")
    lines = ""
    for game in (EXAMPLES / "palago-game.palago", scored):
        result = CliRunner().invoke(app, ["replay", str(game), "--moves", "--lang", lang])
        assert result.exit_code == 0, result.output
        lines += _normal(result.stdout)
    for words in RULEBOOK_WORDS[lang]:
        assert _phrase(words).search(rulebook), f"{words!r} is not in {book.name}"
        assert _phrase(words).search(lines), f"the {lang} lines do not say {words!r}"


def _english_summary(report: RecordReport) -> str:
    """The report's English line as it was written before the catalogue said it (a referee
    apart from the catalogue), for a game."""

    def plural(n: int, word: str) -> str:
        return f"{n} {word}" + ("" if n == 1 else "s")

    head = f"{report.kind}, {plural(len(report.turns), 'turn')}, {plural(report.tiles, 'tile')}"
    if report.error is not None:
        return f"{head}: invalid at {report.error.describe()}"
    if report.winner:
        return f"{head}: {report.winner} won"
    if report.draw:
        return f"{head}: drawn"
    if report.scores is not None:
        table = ", ".join(f"{name} {points}" for name, points in report.scores.items())
        return f"{head}: {table}" + ("" if report.game_over else " (unfinished)")
    return f"{head}: unfinished"


def test_replay_lines_in_english_as_the_report_wrote_them() -> None:
    """The English summary through the catalogue says what the report said before, for every
    example game and a few generated ones (won, drawn, unfinished, Palagonia scores) and a game
    cut short by an illegal turn; a record that is not a game and a restart are named in the
    glossary's words (Pala-creature, Pala-matter), not the notation's Kind and the model's
    palago."""
    from palago_tools.replays.game import replay

    records = [r for path in sorted(EXAMPLES.glob("*.palago")) for r in parse_file(path).records]
    games = [r for r in records if isinstance(r, (rec.PalagoGame, rec.PalagoniaGame))]
    assert len(games) >= 3 and len(records) > len(games)
    (illegal,) = parse_text('[Kind "Palago"]\n\n1. 0,0R 1,0L 2. 5,5R 6,5L *\n').records
    generated = [random_palago_record(0), random_palagonia_record(1), random_palagonia_record(2)]
    games += [*generated, illegal]
    ends = set()
    for record in [*records, *generated, illegal]:
        report = replay(record)
        if record in games:
            assert report.summary("EN") == _english_summary(report)
            ends.add(report.summary().split(": ")[1].split(" ")[-1])
        else:
            assert report.summary("EN").endswith(": not a game, nothing to replay")
    assert {"won", "drawn", "(unfinished)"} <= ends and any(e[0].isdigit() for e in ends)
    assert ": invalid at turn 2" in replay(illegal).summary()


# --- In Chromium -----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium() as driver:
        yield driver


@pytest.mark.browser
@pytest.mark.parametrize("lang", OTHERS)
def test_the_viewer_in_chromium(browser: Any, tmp_path: Path, lang: str) -> None:
    """Step a Palagonia game and a Palago game with a variation in the browser: what the
    page and its script show and say stays in the language."""
    path = tmp_path / f"viewer-{lang}.html"
    shown = [r for r in records() if isinstance(r, rec.PalagoniaGame)][-1]
    path.write_text(viewer_page([shown, *records()], lang=lang), encoding="utf-8")
    browser.set_window_size(1280, 900)
    browser.get(path.as_uri() + "#turn=3")
    browser.execute_script(
        "const s = [...document.querySelectorAll('.record')].find(s => !s.hidden);"
        "s.querySelector('[data-act=play]').click();"
        "s.querySelector('[data-act=play]').click();"
        "s.querySelector('[data-act=last]').click();"
        "s.querySelector('[data-act=prev]').click();"
    )
    seen = browser.execute_script(
        "const s = [...document.querySelectorAll('.record')].find(s => !s.hidden);"
        "return [document.documentElement.lang, document.body.innerText,"
        " s.querySelector('.said').textContent, s.querySelector('.where').textContent,"
        " s.querySelector('[data-act=play]').textContent, document.getElementById('theme')"
        ".textContent, s.querySelector('svg.board').getAttribute('aria-label')];"
    )
    assert seen[0] == lang.lower()
    assert seen[4] == say("play", lang)
    assert seen[5] in (say("dark_theme", lang), say("light_theme", lang))
    assert seen[2] and english_in("\n".join(seen[1:]), lang) == []
    if os.environ.get("PALAGO_UPDATE_SAMPLES"):  # the turn that closes a creature
        browser.get("about:blank")
        browser.get(path.as_uri() + "#turn=3")
        browser.save_screenshot(str(SAMPLES / f"viewer-{lang.lower()}.png"))
    assert [e for e in browser.get_log("browser") if e["level"] == "SEVERE"] == []
