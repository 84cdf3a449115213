"""The table (``palago serve``) in EN, RU, FR and HU: the language of a request (the page's
header or the device's cookie, else ``Accept-Language``, else ``palago serve --lang``), the page
filled from the catalogue with its ``<html lang>``, the server's lines (status, what a change
did, the move list, the score table, results, the table's refusals) in the request's language,
the page's script counting as :func:`~palago_tools.languages.plural_form` does, and in headless
Chromium at phone size a short Palago game and a short Palagonia game in RU, FR and HU, the
language chosen on the page and remembered, with no untranslated catalogue entry and no English
word of the catalogue in the page's text, labels and titles.

``PALAGO_UPDATE_SAMPLES=1`` also writes ``docs/samples/table-palagonia-scores-ru-phone.png`` and
``…-hu-phone.png``.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from palago_tools.core.tiles import Tile
from palago_tools.glossary import GLOSSARY
from palago_tools.languages import LANGUAGES, Lang
from palago_tools.screens import CATALOGUE, count, say, side
from palago_tools.screens.table import TABLE
from palago_tools.table.app import accepted_lang, create_app, page_html
from palago_tools.table.session import Session
from palago_tools.table.state import table_state

from .browser_support import AXE, axe_findings
from .table_support import (
    Server,
    act,
    palago_record,
    palago_turns,
    palagonia_actions,
    palagonia_record,
    serving,
)
from .test_screens import NUMBERS, OTHERS, english_in
from .test_table_browser import browser  # noqa: F401  (the fixture)

SAMPLES = Path(__file__).resolve().parent.parent / "docs" / "samples"
LOCAL = "http://127.0.0.1:8000"


def untranslated(text: str, lang: str) -> list[str]:
    """The table's entries without fields whose English (different from ``lang``'s) stands in
    ``text`` as a phrase of its own: an entry the page left untranslated."""
    found = []
    for key, entry in TABLE.items():
        english = entry["EN"].strip()
        if "{" in english or "|" in english or english == entry[lang].strip() or len(english) < 4:
            continue
        if re.search(r"(?<!\w)" + re.escape(english) + r"(?!\w)", text):
            found.append(key)
    return found


def foreign(text: str, lang: str) -> list[str]:
    """English catalogue words, untranslated entries and the page script's mark of a word it
    lacks (``[key]``) in ``text`` of ``lang``."""
    missing = [key for key in CATALOGUE if f"[{key}]" in text]
    return english_in(text, lang) + untranslated(text, lang) + missing


# --- The request's language -------------------------------------------------------------------


def test_accept_language_picks_the_first_of_the_four_by_weight() -> None:
    assert accepted_lang("ru-RU,ru;q=0.9,en-US;q=0.8,en;q=0.7") == "RU"
    assert accepted_lang("de-DE,de;q=0.9,hu;q=0.8,fr;q=0.5") == "HU"
    assert accepted_lang("en;q=0.2, fr-CA;q=0.9") == "FR"
    assert accepted_lang("de, it;q=0.5") is None
    assert accepted_lang("") is None
    assert accepted_lang("ru;q=0, hu;q=1.2.3") is None  # refused, and unreadable


def _client(tmp_path: Path, lang: Lang = "EN") -> Any:
    from starlette.testclient import TestClient

    session = Session.open(tmp_path / "game.palago")
    return TestClient(create_app(session, lang=lang), base_url=LOCAL), session


def test_the_page_speaks_the_language_of_the_request(tmp_path: Path) -> None:
    client, _ = _client(tmp_path, lang="HU")
    russian = client.get("/", headers={"Accept-Language": "ru-RU,ru;q=0.9,en;q=0.8"}).text
    assert '<html lang="ru">' in russian and "<title>Стол Палаго</title>" in russian
    assert '<option value="RU" lang="ru" selected>Русский</option>' in russian
    # the palago serve --lang default for a browser that asks for none of the four
    assert '<html lang="hu">' in client.get("/", headers={"Accept-Language": "de"}).text
    # the device's choice (its cookie) before the browser's
    client.cookies.set("palago_lang", "FR")
    french = client.get("/", headers={"Accept-Language": "ru"}).text
    assert '<html lang="fr">' in french and "Nouvelle partie" in french
    client.cookies.clear()
    english = client.get("/", headers={"Accept-Language": "en-US,en"}).text
    assert '<html lang="en">' in english and "<title>Palago table</title>" in english


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_word_of_the_page_comes_from_the_catalogue(lang: str) -> None:
    page = page_html(lang)  # type: ignore[arg-type]
    assert "{{" not in page and f'<html lang="{lang.lower()}">' in page
    found = re.search(r'<script id="words" type="application/json">(.*?)</script>', page, re.S)
    assert found is not None
    words = json.loads(found.group(1))
    assert words["lang"] == lang and words["words"]["t_confirm"] == say("t_confirm", lang)
    assert set(TABLE) <= set(words["words"])
    if lang == "EN":
        return
    others = "|".join(code.lower() for code in LANGUAGES if code != lang)
    pattern = rf'<script.*?</script>|<option [^>]*lang="(?:{others})"[^>]*>[^<]*</option>'
    shown = re.sub(pattern, " ", page, flags=re.S)
    text = re.sub(r"<[^>]+>", " ", shown)
    labels = " ".join(re.findall(r'(?:aria-label|title|alt|placeholder)="([^"]*)"', shown))
    assert foreign(text + " " + labels, lang) == []
    templates = re.sub(r"\{\w+\}", " ", " ".join(words["words"].values()))
    assert foreign(templates, lang) == []


@pytest.mark.parametrize("lang", OTHERS)
def test_the_page_without_the_token_in_the_language(tmp_path: Path, lang: str) -> None:
    from starlette.testclient import TestClient

    session = Session.open(tmp_path / "game.palago")
    client = TestClient(create_app(session, token="s3cret"), base_url=LOCAL)
    page = client.get("/", headers={"Accept": "text/html", "Accept-Language": lang}).text
    assert f'<html lang="{lang.lower()}">' in page and "{" not in page.split("</style>")[1]
    assert "<code>palago serve</code>" in page and "<code>?token=…</code>" in page
    # the command and the address's ?token= are typed as they are: left out
    text = re.sub(r"<style>.*?</style>|<code>.*?</code>|<[^>]+>", " ", page, flags=re.S)
    assert say("t_nt_heading", lang) in text and foreign(text, lang) == []


def test_every_word_the_script_asks_for_is_on_the_page() -> None:
    """The keys of ``w("…")`` and ``wn("…")`` in the page's scripts are among the words the
    page carries (a missing one would show as ``[key]``)."""
    assets = Path(__file__).resolve().parent.parent / "palago_tools" / "table" / "assets"
    script = "".join((assets / name).read_text(encoding="utf-8")
                     for name in ("table.js", "keyboard.js", "outbox.js"))
    asked = set(re.findall(r"\bwn?\(\s*\"(\w+)\"", script))
    asked |= set(re.findall(r"\bw\(\w+ \? \"(\w+)\" : \"(\w+)\"", script)[0])
    found = re.search(r'<script id="words" type="application/json">(.*?)</script>',
                      page_html("EN"), re.S)
    assert found is not None
    carried = set(json.loads(found.group(1))["words"])
    asked -= {"key", "kind_"}  # the comment's example; w("kind_" + S.kind), below
    assert len(asked) > 60 and asked - carried == set()
    assert {"kind_Palago", "kind_Palagonia"} <= carried  # w("kind_" + S.kind)


def _palagonia_played(session: Session) -> None:
    act(session, {"type": "new", "kind": "Palagonia", "names": ["Anna", "Boris", "Chen"]})
    for action in palagonia_actions(palagonia_record()):
        act(session, action)


def test_the_servers_lines_in_each_language(tmp_path: Path) -> None:
    """Status, what the last change did, the move list with its creatures and notes, the score
    table and the undo's words: one game, each device reading it in its own language."""
    session = Session.open(tmp_path / "game.palago")
    _palagonia_played(session)
    english = table_state(session)
    assert english["status"] == "Turn 5: Boris rolls the two dice"
    for lang in OTHERS:
        state = table_state(session, lang)
        said = [state["status"], state["outcome"]["text"], *state["outcome"]["creatures"],
                state["undo_label"]]
        for move in state["moves"]:
            said += [move["move"], move["note"], *move["completed"]]
        for row in state["scores"]["rows"]:
            said += row["creatures"]
        text = "\n".join(said)
        assert foreign(text, lang) == [], lang
        assert GLOSSARY["creature"][lang].word in text  # the shared 4-point creature
    assert table_state(session, "RU")["status"] == "Ход 5: Boris бросает два кубика"
    assert table_state(session, "HU")["status"] == "5. lépés: Boris dob a két kockával"
    act(session, {"type": "undo"})
    assert session.outcome.said("FR").startswith("Annulé\u202f: tour 4")
    assert session.outcome.text.startswith("Took back turn 4")


def test_the_downloads_in_the_device_s_language(tmp_path: Path) -> None:
    """The score pad and the board's caption follow the device's language (its cookie), as the
    page that links to them does."""
    pypdf = pytest.importorskip("pypdf")
    import io

    client, session = _client(tmp_path)
    _palagonia_played(session)
    client.cookies.set("palago_lang", "RU")
    pad = client.get("/export/scores.pdf")
    assert pad.status_code == 200
    text = pypdf.PdfReader(io.BytesIO(pad.content)).pages[0].extract_text()
    assert "Палагония" in text and "Anna" in text and "score pad" not in text
    board = client.get("/export/board.svg").text
    assert 'aria-label="Палагония, после 6 ходов"' in board and "after" not in board
    client.cookies.set("palago_lang", "HU")
    assert 'aria-label="Palagónia, 6 lépés után"' in client.get("/export/board.svg").text
    client.cookies.clear()
    assert 'aria-label="Palagonia, after 6 turns"' in client.get("/export/board.svg").text


def test_a_palago_game_and_its_end_in_russian(tmp_path: Path) -> None:
    client, session = _client(tmp_path)
    act(session, {"type": "new", "kind": "Palago", "names": ["Dóra", "Ivan"]})
    turns = palago_turns(palago_record())
    for tiles in turns:
        act(session, {"type": "turn", "tiles": tiles})
    state = client.get("/api/state", headers={"X-Palago-Lang": "ru"}).json()
    assert state["result"].startswith("Победа: Жёлтые (Dóra), ход 7: ")
    assert "жёлтая Пала-тварь" in state["result"]
    assert foreign(state["result"] + state["outcome"]["text"], "RU") == []
    # the table's own refusal, in the language of the request that made it
    refused = client.post(
        "/api/action",
        json={"type": "turn", "tiles": ["5,5R", "5,6R"], "version": session.version},
        headers={"X-Palago-Lang": "HU"},
    )
    assert refused.status_code == 422
    assert refused.json()["error"].startswith("a játéknak vége (Győztes: Sárga (Dóra)")
    # the rules' refusal: the rules' own words in English, the rule in the others'
    act(session, {"type": "undo"})
    lone = {"type": "turn", "tiles": ["1,-2R"], "version": session.version}
    english = client.post("/api/action", json=lone).json()
    assert english["rule"] == "two-tiles" and english["error"].startswith("turn 7 lays one tile")
    russian = client.post("/api/action", json=lone, headers={"X-Palago-Lang": "RU"}).json()
    assert russian["error"] == say("t_rule_two_tiles", "RU") and "Пала-тварь" in russian["error"]
    # the game in the replay viewer, in the device's language
    client.cookies.set("palago_lang", "FR")
    assert '<html lang="fr"' in client.get("/viewer").text


def test_refusals_that_share_a_rule_s_name_each_say_what_was_wrong(tmp_path: Path) -> None:
    """Two names alike, the computer's name, a roll-off round after the roll-off: refused under
    the rule names ``player-name``, ``start-roll`` and ``start``, each in its own words in every
    language (not the rule's general words: a name too long, the dice not fitting)."""
    from palago_tools.table.actions import Refused

    session = Session.open(tmp_path / "game.palago")
    refusals = []
    for action in (
        {"type": "new", "kind": "Palago", "names": ["Anna", "ANNA"]},
        {"type": "new", "kind": "Palago", "names": ["Anna", "palago-tools engine level 3"]},
    ):
        with pytest.raises(Refused) as refused:
            act(session, action)
        refusals.append(refused.value)
    act(session, {"type": "new", "kind": "Palagonia", "names": ["Anna", "Boris", "Chen"]})
    act(session, {"type": "rolloff", "faces": ["3", "2", "x"]})
    for action in ({"type": "rolloff", "faces": ["4"]},
                   {"type": "start", "tiles": ["0,0R", "1,0R", "0,1R"]},
                   {"type": "rolloff", "faces": ["4", "2", "3"]}):
        try:
            act(session, action)
        except Refused as refused:
            refusals.append(refused)
    assert [r.rule for r in refusals] == ["player-name", "player-name", "start-roll", "start"]
    assert refusals[0].words("RU") == "каждому игроку нужно своё имя"
    assert refusals[1].words("HU") == "ez a gép neve: inkább a gépet válaszd játékosnak"
    assert refusals[2].words("FR").startswith("le lancer de départ a désigné qui commence")
    assert refusals[3].words("RU") == "стартовый бросок окончен: игра началась"
    assert [str(r) for r in refusals] == [r.words("EN") for r in refusals]
    for lang in OTHERS:
        assert len({r.words(lang) for r in refusals}) == 4 and all(
            foreign(r.words(lang), lang) == [] for r in refusals
        )


def test_palago_serve_refuses_an_unknown_language(tmp_path: Path) -> None:
    from .table_support import run_serve

    done = run_serve("game.palago", "--lang", "de", cwd=tmp_path)
    assert done.returncode == 2 and "EN, RU, FR, HU" in done.stderr


# --- In Chromium --------------------------------------------------------------------------------

_SEEN = """
const lang = document.documentElement.lang;
const other = (node) => { const held = node.closest('[lang]'); return held && held.lang !== lang; };
const out = [];
const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
while (walker.nextNode()) {
  const parent = walker.currentNode.parentElement;
  if (!parent || parent.closest('script, style') || other(parent)) continue;
  out.push(walker.currentNode.textContent);
}
for (const node of document.querySelectorAll('[aria-label], [title], [alt], [placeholder], '
    + '[aria-roledescription], svg title')) {
  if (other(node)) continue;
  for (const name of ['aria-label', 'title', 'alt', 'placeholder', 'aria-roledescription'])
    if (node.getAttribute(name)) out.push(node.getAttribute(name));
}
out.push(document.title);
return out.join('\\n');
"""


def seen(table: Any) -> str:
    """Everything the page says in its language: its text (hidden parts too, the select's
    options in their own languages left out), labels, titles and the document's title; the
    record file's name (the club's own, game.palago here) and the table's address left out."""
    text = str(table.driver.execute_script(_SEEN)).replace("game.palago", "")
    return re.sub(r"https?://\S+", " ", text)  # the table's address, shown for another device


def choose(table: Any, lang: str) -> None:
    """Choose ``lang`` in the page's menu: the page loads again in it."""
    from selenium.webdriver.support.select import Select

    Select(table.find("#lang")).select_by_value(lang)
    table.until("document.documentElement.lang === arguments[0]", lang.lower())
    table.until("document.body.dataset.phase !== undefined")


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    with serving(tmp_path / "game.palago", "--token") as running:
        yield running


@pytest.mark.browser
@pytest.mark.parametrize("lang", OTHERS)
def test_a_palago_game_in_the_language(browser: Any, server: Server, lang: str) -> None:  # noqa: F811
    from .test_table_browser import Table, new_game

    table = Table(browser, server)
    assert browser.execute_script("return document.documentElement.lang") == "en"
    choose(table, lang)
    # the page counts as the server does
    for n in NUMBERS:
        shown = browser.execute_script("return wn('t_left_bag', arguments[0])", n)
        assert shown == count("t_left_bag", n, lang)
    assert foreign(seen(table), lang) == []
    new_game(table, "Palago", ["Dóra", "Ivan"])
    for number, turn in enumerate(palago_record().turns, start=1):
        who = f"{side('yellow', lang)} (Dóra)" if number % 2 else f"{side('blue', lang)} (Ivan)"
        assert table.find("#status").text == say("t_places_two", lang, n=number, who=who)
        for tile in turn.tiles:
            table.place(tile)
        if number == 2:
            assert foreign(seen(table), lang) == []  # the hint, the tiles being placed
        table.confirm()
    table.until("!document.getElementById('result').hidden")
    assert table.find("#result").text.startswith(say("t_game_over", lang, r=""))
    table.click("#undo")
    table.until("!document.getElementById('undo-ask').hidden")
    assert table.find("#undo-question").text == say("t_take_back", lang,
                                                     what=say("t_turn_label", lang, label=7))
    assert foreign(seen(table), lang) == []
    # taken back, and a lone tile refused in the rule's words of the language
    table.click("#undo-yes")
    table.until("document.getElementById('result').hidden")
    table.place(Tile.parse("1,-2R"))
    table.click("#confirm")
    table.until("document.getElementById('message').textContent !== ''")
    assert table.find("#message").text == say("t_rule_two_tiles", lang)
    assert foreign(seen(table), lang) == []
    # remembered on this device: a page opened again (its cookie lost) comes in the language
    browser.delete_all_cookies()
    browser.get(server.url)
    table.until("document.documentElement.lang === arguments[0]", lang.lower())
    assert browser.execute_script("return localStorage.getItem('palago-table:lang')") == lang
    assert table.errors() == []


@pytest.mark.browser
@pytest.mark.parametrize("lang", OTHERS)
def test_a_palagonia_game_in_the_language(browser: Any, server: Server, lang: str) -> None:  # noqa: F811
    from .test_table_browser import Table, new_game, tap_palagonia

    table = Table(browser, server)
    choose(table, lang)
    new_game(table, "Palagonia", ["Anna", "Boris", "Chen"])
    assert table.find("#status").text == say("t_rolloff_status", lang)
    assert foreign(seen(table), lang) == []
    tap_palagonia(table, palagonia_record())
    assert table.find("#status").text == say(
        "t_rolls_status", lang, label="5", who="Boris", again=""
    )
    head = browser.execute_script(
        "return [...document.querySelectorAll('#score-table th')].map(th => th.textContent)"
    )
    assert head[0] == say("t_turn", lang) and head[-1] == say("t_total", lang)
    text = seen(table)
    assert foreign(text, lang) == []
    assert GLOSSARY["creature"][lang].word in text
    # nothing wider than the phone
    assert browser.execute_script("return document.documentElement.scrollWidth") <= 390
    if os.environ.get("PALAGO_UPDATE_SAMPLES") and lang in ("RU", "HU"):
        browser.execute_script("document.getElementById('scores').scrollIntoView({block: 'start'})")
        table.shot(f"table-palagonia-scores-{lang.lower()}-phone.png")
    if AXE.exists():  # axe-core (npm ci): nothing serious on the page in the language
        assert axe_findings(browser) == []
    assert table.errors() == []

