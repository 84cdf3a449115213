"""The HTML replay viewer: structure and escaping of the page (plain tests), and the page driven
in a real headless Chromium (tests marked ``browser``: stepping with the buttons, the keys and the
move list, no request leaving the page, a ``<script>`` comment shown as text and never run, the
themes and a phone-sized screen).

``PALAGO_UPDATE_SAMPLES=1`` also writes the screenshots ``docs/samples/viewer.png`` and
``viewer-phone.png``.
"""

from __future__ import annotations

import html
import json
import os
import re
import shutil
import tempfile
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from palago_tools.cli import app
from palago_tools.diagram import DiagramError
from palago_tools.generated import random_palago_record, random_palagonia_record
from palago_tools.notation import parse_text, write
from palago_tools.notation import records as rec
from palago_tools.replay import replay
from palago_tools.viewer import viewer_html

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "docs" / "samples"
EXAMPLE = ROOT / "docs" / "examples" / "palago-game.palago"
CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")

HOSTILE = """[Kind "Palago"]
[Event "Club <b>night</b> & \\"friends\\""]
[Yellow "Anna <img src=x onerror=window.__pwned=2>"]
[Blue "Boris </script><script>window.__pwned=3</script>"]
[Result "1-0"]

{Before the game: <script>window.__pwned = 1</script>}
1. 0,0R 1,0L 2. 0,1L 1,1D 3. -1,1R -1,2D 4. 2,0R 2,-1D 5. 0,-1D! 1,-1R
6. 3,-1L?? {Blue had to cover -1,0. <script>window.__pwned = 1</script>
[%highlight -1,0] [%arrow 3,-1 -1,0]} 3,0D (6. -1,0D! -2,1L) 7. -1,0R 1-0
"""


def hostile() -> rec.PalagoGame:
    (record,) = parse_text(HOSTILE).records
    assert isinstance(record, rec.PalagoGame)
    return record


def frames_of(page: str) -> list[dict[str, str]]:
    """The boards of a page: their data attributes, in order."""
    out = []
    for tag in re.findall(r'<figure class="board"([^>]*)>', page):
        out.append(dict(re.findall(r'(data-[a-z]+)="([^"]*)"', tag)))
    return out


# --- Plain tests -----------------------------------------------------------------------------


def test_one_board_per_turn_and_a_start() -> None:
    record = random_palago_record(3)
    report = replay(record)
    page = viewer_html(record)
    frames = frames_of(page)
    assert len(frames) == len(report.turns) + 1
    assert frames[0]["data-label"] == "Start" and frames[0]["data-tiles"] == "0"
    for frame, turn in zip(frames[1:], report.turns):
        assert frame["data-label"] == turn.label
        assert int(frame["data-tiles"]) == len(turn.position)
    assert page.count("<svg role=\"img\"") == len(frames)
    assert page.count('class="move"') == len(frames)
    assert page.count('class="info"') == len(frames)
    # one board shown at first, the others hidden
    assert len(re.findall(r'<figure class="board"[^>]*hidden>', page)) == len(frames) - 1


def test_completed_creatures_are_marked_and_emphasised() -> None:
    record = random_palago_record(3)
    report = replay(record)
    page = viewer_html(record)
    completed = [i + 1 for i, t in enumerate(report.turns) if t.completed]
    assert completed, "the sample game must complete a creature"
    marked = [i for i, f in enumerate(frames_of(page)) if f.get("data-completed") == "yes"]
    assert marked == completed
    assert "Completes a creature: " + html.escape(report.turns[-1].completed[0].summary()) in page


def test_self_contained_page() -> None:
    page = viewer_html(random_palagonia_record(1))
    assert page.startswith("<!DOCTYPE html>")
    assert re.search(r"https?:", page) is None
    assert re.search(r"\b(?:src|href)=", page) is None
    assert "<link" not in page and "@import" not in page and "url(" not in page
    assert "<?xml" not in page and "xmlns" not in page
    assert len(re.findall(r"<script\b", page)) == 1
    assert "default-src 'none'" in page


def test_palagonia_scores_after_each_turn() -> None:
    record = random_palagonia_record(1)
    report = replay(record)
    page = viewer_html(record)
    assert report.scores is not None
    tables = re.findall(r'<table class="scores">(.*?)</table>', page)
    assert len(tables) == len(report.turns) + 1
    last = dict(re.findall(r'<th scope="row">([^<]*)</th><td>(\d+)</td>', tables[-1]))
    assert {html.unescape(k): int(v) for k, v in last.items()} == report.scores


def test_record_text_is_escaped() -> None:
    page = viewer_html(hostile())
    assert len(re.findall(r"<script\b", page)) == 1  # the viewer's own script only
    assert "<img" not in page and "<b>" not in page
    assert "&lt;script&gt;window.__pwned = 1&lt;/script&gt;" in page
    assert "Club &lt;b&gt;night&lt;/b&gt; &amp; &quot;friends&quot;" in page
    assert "onerror=window" in page  # as text, inside an escaped tag
    parsed = Elements()
    parsed.feed(page)
    assert parsed.tags.isdisjoint({"img", "b", "iframe", "object", "link"})
    assert parsed.tags >= {"html", "svg", "figure", "button", "script", "style"}
    assert not [name for name in parsed.attributes if name.startswith("on")]
    assert parsed.scripts == 1


class Elements(HTMLParser):
    """The element names, attribute names and number of scripts of a page, as a browser's
    parser sees them."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: set[str] = set()
        self.attributes: set[str] = set()
        self.scripts = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.add(tag)
        self.attributes.update(name for name, _ in attrs)
        self.scripts += tag == "script"


def test_comments_glyphs_variations_and_annotations() -> None:
    page = viewer_html(hostile())
    assert "3,-1L?? 3,0D" in page
    assert 'title="blunder"' in page and "(blunder)" in page
    assert "Instead: 6. -1,0D! -2,1L" in page
    assert "Blue had to cover -1,0." in page
    # the annotations of turn 6 are drawn on its board only: the highlight's green
    boards = re.findall(r'<figure class="board".*?</figure>', page, re.S)
    assert "#2b9348" in boards[6] and "#2b9348" not in boards[5] and "#2b9348" not in boards[7]


def test_positions_and_cards_have_one_frame() -> None:
    text = (ROOT / "docs" / "examples" / "creatures.palago").read_text(encoding="utf-8")
    record = parse_text(text).records[0]
    page = viewer_html(record)
    assert len(frames_of(page)) == 1
    assert "The simplest creature: five tiles, one loop." in page


def test_unknown_theme() -> None:
    with pytest.raises(DiagramError, match="theme"):
        viewer_html(hostile(), theme="sepia")
    assert '<html lang="en" data-theme="dark">' in viewer_html(hostile(), theme="dark")


def test_invalid_record_shows_the_error() -> None:
    text = HOSTILE.replace("2. 0,1L 1,1D", "2. 0,1L 5,5D")
    (record,) = parse_text(text).records
    page = viewer_html(record)
    assert 'class="error"' in page and "The record is invalid at turn 2" in page
    assert len(frames_of(page)) == 2  # the start and turn 1


def test_cli_writes_the_viewer(tmp_path: Path) -> None:
    source = tmp_path / "games.palago"
    source.write_text(write([random_palago_record(1), random_palago_record(3)]), encoding="utf-8")
    out = tmp_path / "game.html"
    runner = CliRunner()
    result = runner.invoke(app, ["replay", str(source), "--html", str(out), "--record", "2"])
    assert result.exit_code == 0, result.output
    assert frames_of(out.read_text(encoding="utf-8"))[-1]["data-label"] == replay(random_palago_record(3)).turns[-1].label
    out2 = tmp_path / "diagram.html"
    result = runner.invoke(app, ["diagram", str(source), "--html", str(out2), "--palette", "yellow-red", "--theme", "dark"])
    assert result.exit_code == 0, result.output
    assert "#c8232c" in out2.read_text(encoding="utf-8")
    bad = runner.invoke(app, ["replay", str(source), "--html", str(out), "--record", "3"])
    assert bad.exit_code == 2 and "has 2 records, not 3" in bad.output
    both = runner.invoke(app, ["diagram", str(source), "--html", str(out2), "--turn", "2"])
    assert both.exit_code == 2
    theme = runner.invoke(app, ["replay", str(source), "--html", str(out), "--theme", "sepia"])
    assert theme.exit_code == 2 and "unknown theme" in theme.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["diagram.html", "game.html", "games.palago"]


# --- In a headless browser -------------------------------------------------------------------


def _missing() -> str | None:
    if not CHROMIUM.exists():
        return f"{CHROMIUM} is missing: apt-get install chromium (listed in apt-packages.txt)"
    if not CHROMEDRIVER.exists():
        return f"{CHROMEDRIVER} is missing: apt-get install chromium-driver (listed in apt-packages.txt)"
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed: pip install '.[test]'"
    return None


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    reason = _missing()
    if reason is not None:
        pytest.skip(reason)
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    profile = tempfile.mkdtemp(prefix="palago-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for argument in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        f"--user-data-dir={profile}",
    ):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"performance": "ALL", "browser": "ALL"})
    driver = webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)
    driver.set_window_size(1280, 900)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def open_page(driver: Any, path: Path, text: str, width: int = 1280, height: int = 900) -> str:
    path.write_text(text, encoding="utf-8")
    driver.set_window_size(width, height)
    driver.get(path.as_uri())
    driver.get_log("performance")  # start the request log afresh from this page on
    driver.get_log("browser")
    return path.as_uri()


def state(driver: Any) -> dict[str, Any]:
    """What the page shows: the frame index, the boards and info panels shown, the selected moves,
    the counter, and the shown board's tiles and label."""
    result: dict[str, Any] = driver.execute_script(
        """
        const shown = s => [...document.querySelectorAll(s)].filter(e => !e.hidden && e.offsetParent !== null);
        const boards = shown('.board');
        const board = boards[0];
        return {
          index: Number(document.body.dataset.index),
          boards: boards.map(b => Number(b.dataset.index)),
          infos: shown('.info').map(b => Number(b.dataset.index)),
          selected: [...document.querySelectorAll('#moves [aria-current=step]')].map(b => Number(b.dataset.index)),
          where: document.getElementById('where').textContent,
          tiles: Number(board.dataset.tiles),
          label: board.dataset.label,
          svgLabel: board.querySelector('svg').getAttribute('aria-label'),
          svgShapes: board.querySelectorAll('svg *').length,
          info: shown('.info')[0].innerText,
        };
        """
    )
    return result


def press(driver: Any, key: str) -> None:
    from selenium.webdriver.common.action_chains import ActionChains

    ActionChains(driver).send_keys(key).perform()


@pytest.mark.browser
def test_step_with_buttons_keys_and_the_move_list(browser: Any, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    record = random_palago_record(3)
    report = replay(record)
    total = len(report.turns) + 1
    open_page(browser, tmp_path / "game.html", viewer_html(record))
    start = state(browser)
    assert start["index"] == 0 and start["boards"] == [0] and start["selected"] == [0]
    assert start["tiles"] == 0 and start["where"] == f"1 / {total}"
    assert browser.find_element(By.ID, "prev").get_attribute("disabled") is not None

    shapes = [start["svgShapes"]]
    for _ in range(3):
        browser.find_element(By.ID, "next").click()
        shapes.append(state(browser)["svgShapes"])
    after = state(browser)
    assert after["index"] == 3 and after["boards"] == [3] and after["infos"] == [3]
    assert after["selected"] == [3]
    assert after["label"] == report.turns[2].label
    assert after["tiles"] == len(report.turns[2].position)
    assert f"after turn {report.turns[2].label}" in after["svgLabel"]
    assert shapes == sorted(shapes) and len(set(shapes)) == 4  # the board grows turn by turn
    assert after["where"] == f"4 / {total}"
    assert f"Turn {report.turns[2].label}: {report.turns[2].player}" in after["info"]

    press(browser, Keys.ARROW_LEFT)
    assert state(browser)["selected"] == [2]
    press(browser, Keys.ARROW_RIGHT)
    press(browser, Keys.ARROW_RIGHT)
    assert state(browser)["boards"] == [4]
    press(browser, Keys.END)
    last = state(browser)
    assert last["index"] == total - 1 and last["selected"] == [total - 1]
    assert "Completes a creature" in last["info"]
    assert "won" in last["info"]
    press(browser, Keys.ARROW_RIGHT)  # stays at the end
    assert state(browser)["index"] == total - 1
    press(browser, Keys.HOME)
    assert state(browser)["index"] == 0
    press(browser, Keys.ARROW_LEFT)  # stays at the start
    assert state(browser)["index"] == 0

    browser.find_element(By.ID, "move-5").click()
    assert state(browser)["boards"] == [5] and state(browser)["selected"] == [5]
    browser.find_element(By.ID, "last").click()
    assert state(browser)["index"] == total - 1
    browser.find_element(By.ID, "first").click()
    assert state(browser)["index"] == 0
    browser.find_element(By.ID, "last").click()
    browser.find_element(By.ID, "prev").click()
    assert state(browser)["index"] == total - 2
    # the selected move is scrolled into the move list's view
    visible = browser.execute_script(
        """const list = document.getElementById('moves');
           const item = document.querySelector('#moves [aria-current=step]');
           const a = list.getBoundingClientRect(), b = item.getBoundingClientRect();
           return b.top >= a.top - 1 && b.bottom <= a.bottom + 1;"""
    )
    assert visible
    assert [e for e in browser.get_log("browser") if e["level"] == "SEVERE"] == []


@pytest.mark.browser
def test_no_request_leaves_the_page(browser: Any, tmp_path: Path) -> None:
    url = open_page(browser, tmp_path / "palagonia.html", viewer_html(random_palagonia_record(1)))
    browser.get(url)  # load again with the log running from the start
    browser.execute_script("document.getElementById('last').click(); document.getElementById('theme').click();")
    requested = []
    for entry in browser.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message["method"] == "Network.requestWillBeSent":
            requested.append(message["params"]["request"]["url"])
    assert requested == [url]
    assert browser.execute_script("return performance.getEntriesByType('resource').length") == 0
    assert [e for e in browser.get_log("browser") if e["level"] == "SEVERE"] == []


@pytest.mark.browser
def test_script_in_a_comment_does_not_run(browser: Any, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By

    open_page(browser, tmp_path / "hostile.html", viewer_html(hostile()))
    assert browser.execute_script("return typeof window.__pwned") == "undefined"
    assert browser.execute_script("return document.scripts.length") == 1
    assert browser.execute_script("return document.querySelectorAll('img, b').length") == 0
    moves = browser.find_element(By.ID, "moves").text
    assert "Blue had to cover -1,0. <script>window.__pwned = 1</script>" in moves
    assert "<img src=x onerror=window.__pwned=2>" in browser.find_element(By.TAG_NAME, "header").text
    browser.find_element(By.ID, "move-6").click()
    assert "<script>window.__pwned = 1</script>" in state(browser)["info"]
    assert browser.execute_script("return typeof window.__pwned") == "undefined"


@pytest.mark.browser
def test_themes_and_a_phone_screen(browser: Any, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By

    text = viewer_html(parse_text(EXAMPLE.read_text(encoding="utf-8")).records[0])
    open_page(browser, tmp_path / "example.html", text)
    browser.execute_script("localStorage.clear()")
    browser.refresh()
    background = "return getComputedStyle(document.body).backgroundColor"
    before = browser.execute_script(background)
    toggle = browser.find_element(By.ID, "theme")
    toggle.click()
    theme = browser.execute_script("return document.documentElement.dataset.theme")
    assert theme in ("light", "dark")
    assert browser.execute_script(background) != before
    toggle.click()
    assert browser.execute_script(background) == before
    browser.execute_script("localStorage.clear()")

    open_page(browser, tmp_path / "example.html", text, width=390, height=844)
    browser.find_element(By.ID, "last").click()
    layout = browser.execute_script(
        """const board = document.querySelector('.board:not([hidden])').getBoundingClientRect();
           const moves = document.querySelector('.moves').getBoundingClientRect();
           return {scroll: document.documentElement.scrollWidth, width: window.innerWidth,
                   boardWidth: board.width, movesTop: moves.top, boardBottom: board.bottom};"""
    )
    assert layout["scroll"] <= layout["width"]  # nothing wider than the screen
    assert layout["boardWidth"] > 0.8 * layout["width"]
    assert layout["movesTop"] > layout["boardBottom"]  # the move list goes under the board
    if os.environ.get("PALAGO_UPDATE_SAMPLES"):
        browser.save_screenshot(str(SAMPLES / "viewer-phone.png"))
        open_page(browser, tmp_path / "example.html", text, width=1280, height=1040)
        browser.find_element(By.ID, "last").click()
        browser.save_screenshot(str(SAMPLES / "viewer.png"))
    else:
        assert browser.save_screenshot(str(tmp_path / "phone.png"))
