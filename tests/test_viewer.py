"""The HTML replay viewer: structure and escaping of the page (plain tests), and the page driven
in a real headless Chromium (tests marked ``browser``: stepping with the buttons, the keys and the
move list, no request leaving the page, a ``<script>`` comment shown as text and never run, the
themes and a phone-sized screen).

``PALAGO_UPDATE_SAMPLES=1`` also writes the screenshots ``docs/samples/viewer.png`` and
``viewer-phone.png``.
"""

from __future__ import annotations

import dataclasses
import html
import json
import os
import re
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from palago_tools.cli import app
from palago_tools.core.position import Position
from palago_tools.diagram import DiagramError
from palago_tools.notation import parse_text, write
from palago_tools.notation import records as rec
from palago_tools.replays.game import replay
from palago_tools.replays.generated import random_palago_record, random_palagonia_record
from palago_tools.viewer import page_style, viewer_html, viewer_page

from .browser_support import chromium

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "docs" / "samples"
EXAMPLE = ROOT / "docs" / "examples" / "palago-game.palago"

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


NESTED = (ROOT / "tests" / "data" / "nested-variations.palago").read_text(encoding="utf-8")
LONG = ROOT / "tests" / "data" / "palagonia-long.palago"


def moves_of(page: str) -> list[dict[str, str]]:
    """The frames of a page (its move buttons): their data attributes, in order."""
    out = []
    for tag in re.findall(r'<button type="button" class="move[^"]*"([^>]*)>', page):
        out.append({k: html.unescape(v) for k, v in re.findall(r'([a-z-]+)="([^"]*)"', tag)})
    return out


def positions_of(page: str) -> list[Position]:
    """Every frame's position, rebuilt from the frames' changes as the page's script does."""
    frames = moves_of(page)
    out: list[Position] = []
    for frame in frames:
        tiles = dict(out[int(frame["data-p"])]) if "data-p" in frame else {}
        for op in frame.get("data-d", "").split():
            cell = (
                Position.parse(op[1:].rstrip("0123456789") if op[0] == "+" else op[1:] + "R")
                .tiles()[0]
                .cell
            )
            if op[0] == "-":
                del tiles[cell]
            else:
                tiles[cell] = Position.parse(op[1:].rstrip("0123456789"))[cell]
        out.append(Position(tiles))
    return out


def game(text: str) -> rec.Record:
    return parse_text(text).records[0]


# --- Plain tests -----------------------------------------------------------------------------


def test_one_frame_per_turn_and_a_start() -> None:
    record = random_palago_record(3)
    report = replay(record)
    page = viewer_html(record)
    frames = moves_of(page)
    assert len(frames) == len(report.turns) + 1
    assert frames[0]["data-k"] == "turn=start" and "data-d" not in frames[0]
    assert [f["data-k"] for f in frames[1:]] == [f"turn={t.label}" for t in report.turns]
    assert positions_of(page)[1:] == [t.position for t in report.turns]
    assert page.count('class="info"') == len(frames)
    assert len(re.findall(r'<section class="info"[^>]*hidden>', page)) == len(frames) - 1
    assert page.count('<svg class="board') == 1  # the board is drawn once


def test_frames_store_changes_numbered_by_turn() -> None:
    record = random_palagonia_record(1)
    report = replay(record)
    page = viewer_html(record)
    frames = moves_of(page)
    assert positions_of(page)[1:] == [t.position for t in report.turns]
    for frame, turn in zip(frames[1:], record.turns, strict=True):
        for op in frame.get("data-d", "").split():
            if op[0] == "+":
                assert op.endswith(str(turn.number))
    assert viewer_html(record, numbers=False).count('data-d="') == page.count('data-d="')
    assert not re.search(r'data-d="[^"]*[RLD]\d', viewer_html(record, numbers=False))


def test_completed_creatures_are_marked_and_emphasised() -> None:
    record = random_palago_record(3)
    report = replay(record)
    page = viewer_html(record)
    completed = [i + 1 for i, t in enumerate(report.turns) if t.completed]
    assert completed, "the sample game must complete a creature"
    marked = [i for i, f in enumerate(moves_of(page)) if "data-em" in f]
    assert marked == completed
    cells = {
        tuple(map(int, c.split(","))) for c in moves_of(page)[completed[-1]]["data-em"].split()
    }
    assert cells == set(report.turns[-1].completed[0].cells)
    assert "Completes: " + html.escape(report.turns[-1].completed[0].summary()) in page


def test_nested_variations_are_frames_with_their_comments() -> None:
    record = game(NESTED)
    page = viewer_html(record)
    frames = moves_of(page)
    keys = [f["data-k"] for f in frames]
    assert keys == [
        "turn=start",
        "turn=1",
        "turn=2",
        "turn=3",
        "turn=4",
        "turn=5",
        "turn=6",
        "turn=6&var=6.1",
        "turn=7&var=6.1",
        "turn=7&var=6.1/7.1",
        "turn=8&var=6.1/7.1",
        "turn=7",
    ]
    by_key = {f["data-k"]: f for f in frames}
    assert by_key["turn=6&var=6.1"]["data-p"] == by_key["turn=6"]["data-p"]  # both follow turn 5
    assert by_key["turn=7&var=6.1/7.1"]["data-p"] == by_key["turn=6&var=6.1"]["data-i"]
    assert by_key["turn=7&var=6.1/7.1"]["data-depth"] == "2"
    positions = positions_of(page)
    variation = dataclasses.replace(
        record,
        turns=record.turns[:5]
        + record.turns[5].variations[0].turns[:1]
        + record.turns[5].variations[0].turns[1].variations[0].turns,
        result=rec.PalagoResult.UNFINISHED,
    )
    assert positions[10] == replay(variation).turns[-1].position
    assert "A deeper idea: Yellow builds on the right." in page
    assert page.count('class="var"') == 2
    # the variation's highlight is drawn on its own frame only
    templates = dict(re.findall(r'<template data-i="(\d+)">(.*?)</template>', page, re.S))
    assert "#2b9348" in templates[by_key["turn=7&var=6.1"]["data-i"]]
    assert by_key["turn=7&var=6.1"]["data-hl"] == "3,-1"


def test_palagonia_variation_keeps_its_dice() -> None:
    record = game(
        (ROOT / "docs" / "examples" / "palagonia-game.palago").read_text(encoding="utf-8")
    )
    page = viewer_html(record)
    (frame,) = [f for f in moves_of(page) if f["data-k"] == "turn=3&var=3.1"]
    assert "rolls 3 and removal, removes the tile on 2,-1" in frame["aria-description"]
    assert "[3 x] x 2,-1" in page


def test_self_contained_page() -> None:
    page = viewer_html(random_palagonia_record(1))
    assert page.startswith("<!DOCTYPE html>")
    # the SVG namespace (a name, never fetched) in the script is the only address
    assert re.search(r"https?:", page.replace('"http://www.w3.org/2000/svg"', "")) is None
    assert re.search(r'\b(?:src|href)="(?!#)', page) is None  # only links inside the page
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
    assert "Scores before the first turn" in tables[0]
    last = dict(re.findall(r'<th scope="row">([^<]*)</th><td>(\d+)</td>', tables[-1]))
    assert {html.unescape(k): int(v) for k, v in last.items()} == report.scores
    totals = re.findall(r'<span class="totals">([^<]*)</span>', page)
    assert len(totals) == len(report.turns)
    assert totals[-1] == " · ".join(f"{html.escape(n)} {v}" for n, v in report.scores.items())
    assert [t.rsplit("next: ", 1)[-1] for t in totals[:-1]] == [
        html.escape(t.player) for t in report.turns[1:]
    ]


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
    assert parsed.tags >= {"html", "svg", "button", "script", "style", "template"}
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


def test_moves_are_read_with_player_colour_tiles_and_glyph() -> None:
    page = viewer_html(hostile())
    frames = moves_of(page)
    assert frames[6]["aria-description"] == (
        "Turn 6, Blue (Boris </script><script>window.__pwned=3</script>) places "
        "3,-1 tip left (blunder) and 3,0 tip down."
    )
    assert 'title="blunder"' in page and "(blunder)" in page
    assert "Blue had to cover -1,0." in page


def test_positions_and_cards_have_one_frame() -> None:
    text = (ROOT / "docs" / "examples" / "creatures.palago").read_text(encoding="utf-8")
    page = viewer_html(game(text))
    assert len(moves_of(page)) == 1
    assert 'class="record still"' in page  # no step bar, no move list
    assert "The simplest creature: five tiles, one loop." in page
    for shown in (
        "Пала-вирус",
        "Palavirus",
        "Palavírus",
        "Difficulty</span> 1",
        "Color</span> Yellow",  # the EN rulebook spells it color
    ):
        assert shown in page


def test_transformation_page_lists_its_steps() -> None:
    text = (ROOT / "docs" / "examples" / "transformation.palago").read_text(encoding="utf-8")
    record = game(text)
    assert isinstance(record, rec.Transformation)
    page = viewer_html(record)
    frames = moves_of(page)
    assert [f["data-k"] for f in frames] == [
        "turn=start",
        "turn=1",
        "turn=2",
        "turn=3",
        "turn=4",
        "turn=target",
    ]
    positions = positions_of(page)
    assert positions[0] == Position(p.tile for p in record.start)
    assert frames[1]["data-d"] == "+-1,1D"  # the turned tile
    assert len(positions[-1]) == len(record.target)
    assert (
        "↔ 1 · Δ 3" in page and "The target Pala-worm is reached: ↔ 1 · Δ 3, the shortest." in page
    )
    moved = viewer_html(parse_text(text).records[1])
    assert moves_of(moved)[1]["data-d"] == "--1,1 +-2,0R"  # the moved tile leaves its cell


def test_unknown_theme() -> None:
    with pytest.raises(DiagramError, match="theme"):
        viewer_html(hostile(), theme="sepia")
    assert '<html lang="en" data-theme="dark" ' in viewer_html(hostile(), theme="dark")


def test_invalid_record_shows_the_error_and_the_moves_after_it() -> None:
    text = HOSTILE.replace("2. 0,1L 1,1D", "2. 0,1L 5,5D")
    page = viewer_html(game(text))
    assert 'class="error"' in page and "The record is invalid at turn 2" in page
    assert len(moves_of(page)) == 2  # the start and turn 1
    unplayed = re.findall(r'<span class="move unplayed"[^>]*><span class="mv">([^<]*)</span>', page)
    assert unplayed[0] == "2. 0,1L 5,5D" and unplayed[-1] == "7. -1,0R" and len(unplayed) == 6


def test_several_records_hidden_result_and_embed() -> None:
    records = [random_palago_record(1), random_palagonia_record(2), hostile()]
    page = viewer_page(records, hide_result=True)
    assert page.count('<section class="record') == 3
    assert page.count("<option value=") == 3 + 3 * 3  # the record picker, three speeds per record
    assert len(re.findall(r'<section class="record[^>]*hidden>', page)) == 2
    assert '<p class="result">' not in page.split('class="infos"')[0]  # not in the header
    assert page.count('<p class="result">Result: ') == 3  # at the last turn of each game
    embedded = viewer_html(hostile(), embed=True)
    assert '<header class="page">' not in embedded and 'class="about"' not in embedded
    assert 'class="embed"' in embedded


def test_page_style_for_other_pages() -> None:
    style = page_style()
    assert "--panel" in style and "prefers-color-scheme:dark" in style and "@media print" in style


def test_page_size_grows_linearly() -> None:
    (record,) = parse_text(LONG.read_text(encoding="utf-8")).records
    assert isinstance(record, rec.PalagoniaGame) and len(record.turns) > 120
    sizes = {}
    for turns in (30, 60, 120):
        part = dataclasses.replace(record, turns=record.turns[:turns], scores=None)
        sizes[turns] = len(viewer_html(part).encode("utf-8"))
    assert sizes[120] < 400_000
    first, second = (sizes[60] - sizes[30]) / 30, (sizes[120] - sizes[60]) / 60
    assert second < 1.3 * first, sizes  # per turn, the second half costs about what the first did
    small = game((ROOT / "docs" / "examples" / "palago-game.palago").read_text(encoding="utf-8"))
    assert len(viewer_html(small).encode("utf-8")) < 100_000


def test_cli_writes_the_viewer(tmp_path: Path) -> None:
    source = tmp_path / "games.palago"
    source.write_text(write([random_palago_record(1), random_palago_record(3)]), encoding="utf-8")
    out = tmp_path / "game.html"
    runner = CliRunner()
    result = runner.invoke(app, ["replay", str(source), "--html", str(out), "--record", "2"])
    assert result.exit_code == 0, result.output
    assert (
        moves_of(out.read_text(encoding="utf-8"))[-1]["data-k"]
        == f"turn={replay(random_palago_record(3)).turns[-1].label}"
    )
    result = runner.invoke(
        app,
        ["replay", str(source), "--html", str(out), "--record", "all", "--embed", "--hide-result"],
    )
    assert result.exit_code == 0, result.output
    both = out.read_text(encoding="utf-8")
    assert 'id="record-picker"' in both and both.count('<section class="record') == 2
    out2 = tmp_path / "diagram.html"
    result = runner.invoke(
        app,
        ["diagram", str(source), "--html", str(out2), "--palette", "yellow-red", "--theme", "dark"],
    )
    assert result.exit_code == 0, result.output
    assert "#c8232c" in out2.read_text(encoding="utf-8")
    result = runner.invoke(
        app,
        [
            "diagram",
            str(source),
            "--html",
            str(out2),
            "--embed",
            "--hide-result",
            "--rotation",
            "120",
        ],
    )
    assert result.exit_code == 0, result.output
    embedded = out2.read_text(encoding="utf-8")
    assert (
        'class="embed"' in embedded
        and 'data-rot="120"' in embedded
        and '<p class="result">' not in embedded.split('class="infos"')[0]
    )
    bad = runner.invoke(app, ["replay", str(source), "--html", str(out), "--record", "3"])
    assert bad.exit_code == 2 and "has 2 records, not 3" in bad.output
    word = runner.invoke(app, ["replay", str(source), "--html", str(out), "--record", "some"])
    assert word.exit_code == 2 and "or all" in word.output
    turn = runner.invoke(app, ["diagram", str(source), "--html", str(out2), "--turn", "2"])
    assert turn.exit_code == 2
    theme = runner.invoke(app, ["replay", str(source), "--html", str(out), "--theme", "sepia"])
    assert theme.exit_code == 2 and "unknown theme" in theme.output
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "diagram.html",
        "game.html",
        "games.palago",
    ]


# --- In a headless browser -------------------------------------------------------------------


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Headless Chromium, a 1280×900 window (:func:`.browser_support.chromium`)."""
    with chromium() as driver:
        yield driver


def open_page(
    driver: Any, path: Path, text: str, width: int = 1280, height: int = 900, fragment: str = ""
) -> str:
    path.write_text(text, encoding="utf-8")
    driver.set_window_size(width, height)
    driver.get("about:blank")
    driver.get(path.as_uri() + fragment)
    driver.get_log("performance")  # start the request log afresh from this page on
    driver.get_log("browser")
    return path.as_uri()


def state(driver: Any) -> dict[str, Any]:
    """What the shown record shows: the frame, the info panel, the selected moves, the tiles on
    the board (cell -> orientation), the marks and the link."""
    result: dict[str, Any] = driver.execute_script(
        """
        const section = [...document.querySelectorAll('.record')].find(s => !s.hidden);
        const shown = s => [...section.querySelectorAll(s)]
            .filter(e => !e.hidden && e.offsetParent !== null);
        const focus = document.activeElement;
        return {
          index: Number(section.dataset.index),
          key: section.querySelector('.move[aria-current=step]').dataset.k,
          infos: shown('.info').map(b => Number(b.dataset.i)),
          info: shown('.info').map(b => b.innerText).join('\\n'),
          selected: [...section.querySelectorAll('.move[aria-current=step]')]
              .map(b => Number(b.dataset.i)),
          tabStops: [...section.querySelectorAll('.movelist [tabindex="0"]')]
              .map(b => Number(b.dataset.i)),
          tiles: Object.fromEntries([...section.querySelectorAll('.tiles .t')].map(
              t => [t.dataset.c, t.querySelector('use').getAttribute('href').slice(-1)])),
          last: [...section.querySelectorAll('.tiles .t.last')].map(m => m.dataset.c).sort(),
          rings: [...section.querySelectorAll('.marks .last-mark')].map(m => m.dataset.c).sort(),
          removed: [...section.querySelectorAll('.marks .removed')].map(m => m.dataset.c),
          hash: location.hash,
          said: section.querySelector('.said').textContent,
          focused: focus && focus.dataset
              ? (focus.dataset.i || focus.dataset.act || focus.id || focus.tagName) : null,
          focusedMove: focus && focus.classList.contains('move') ? Number(focus.dataset.i) : null,
        };
        """
    )
    return result


def tiles_of(position: Position) -> dict[str, str]:
    return {f"{q},{r}": o.value for (q, r), o in position.items()}


def press(driver: Any, *keys: str) -> None:
    from selenium.webdriver.common.action_chains import ActionChains

    for key in keys:
        ActionChains(driver).send_keys(key).perform()


def click(driver: Any, act: str) -> None:
    driver.execute_script(
        "[...document.querySelectorAll('.record')].find(s => !s.hidden)"
        f".querySelector('[data-act={act}]').click()"
    )


def no_errors(driver: Any) -> None:
    assert [e for e in driver.get_log("browser") if e["level"] == "SEVERE"] == []


@pytest.mark.browser
def test_step_with_buttons_keys_and_the_move_list(browser: Any, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    record = random_palago_record(3)
    report = replay(record)
    total = len(report.turns) + 1
    open_page(browser, tmp_path / "game.html", viewer_html(record))
    start = state(browser)
    assert start["index"] == 0 and start["infos"] == [0] and start["selected"] == [0]
    assert start["tiles"] == {} and start["hash"] == ""
    for _ in range(3):
        click(browser, "next")
    after = state(browser)
    assert after["index"] == 3 and after["infos"] == [3] and after["selected"] == [3]
    assert after["tiles"] == tiles_of(report.turns[2].position)
    assert after["last"] == sorted(f"{t.cell[0]},{t.cell[1]}" for t in record.turns[2].tiles)
    assert after["rings"] == []  # numbered tiles show the last move by their filled number
    assert f"Turn {report.turns[2].label}: {report.turns[2].player}" in after["info"]
    assert after["said"].startswith(f"Turn 3, {report.turns[2].player} places ")

    press(browser, Keys.ARROW_LEFT)
    assert state(browser)["selected"] == [2]
    press(browser, Keys.ARROW_RIGHT, Keys.ARROW_RIGHT)
    assert state(browser)["tiles"] == tiles_of(report.turns[3].position)
    press(browser, Keys.END)
    last = state(browser)
    assert last["index"] == total - 1 and last["tiles"] == tiles_of(report.turns[-1].position)
    assert "Completes: blue Pala-creature" in last["info"] and "won" in last["info"]
    press(browser, Keys.ARROW_RIGHT)  # stays at the end
    assert state(browser)["index"] == total - 1
    press(browser, Keys.HOME)
    assert state(browser)["index"] == 0 and state(browser)["tiles"] == {}
    press(browser, Keys.ARROW_LEFT)  # stays at the start
    assert state(browser)["index"] == 0

    browser.find_element(By.CSS_SELECTOR, '.move[data-i="5"]').click()
    assert state(browser)["tiles"] == tiles_of(report.turns[4].position)
    click(browser, "last")
    assert state(browser)["index"] == total - 1
    click(browser, "first")
    assert state(browser)["index"] == 0
    click(browser, "last")
    click(browser, "prev")
    assert state(browser)["index"] == total - 2
    # the selected move is scrolled into the move list's view
    visible = browser.execute_script(
        """const list = document.querySelector('.movelist');
           const item = document.querySelector('.move[aria-current=step]');
           const a = list.getBoundingClientRect(), b = item.getBoundingClientRect();
           return b.top >= a.top - 1 && b.bottom <= a.bottom + 1;"""
    )
    assert visible
    no_errors(browser)


@pytest.mark.browser
def test_nested_variation_stepped_and_back(browser: Any, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    record = game(NESTED)
    assert isinstance(record, rec.PalagoGame)
    report = replay(record)
    page = viewer_html(record)
    positions = positions_of(page)
    open_page(browser, tmp_path / "nested.html", page)
    browser.find_element(By.CSS_SELECTOR, '.move[data-k="turn=6"]').click()
    assert state(browser)["tiles"] == tiles_of(report.turns[5].position)
    press(browser, Keys.ARROW_DOWN)  # the variation instead of turn 6
    here = state(browser)
    assert here["key"] == "turn=6&var=6.1"
    assert "Blue blocks the yellow creature." in here["info"] and "In a variation" in here["info"]
    assert here["tiles"] == tiles_of(positions[7]) and here["last"] == ["-1,0", "-2,1"]
    press(browser, Keys.ARROW_RIGHT)
    assert state(browser)["key"] == "turn=7&var=6.1"
    press(browser, Keys.ARROW_DOWN)  # the variation of the variation
    deeper = state(browser)
    assert deeper["key"] == "turn=7&var=6.1/7.1"
    assert "A deeper idea: Yellow builds on the right." in deeper["info"]
    assert "In a variation of a variation" in deeper["info"]
    press(browser, Keys.ARROW_RIGHT)
    assert state(browser)["tiles"] == tiles_of(positions[10])
    assert state(browser)["hash"] == "#turn=8&var=6.1/7.1"
    press(browser, Keys.ARROW_LEFT, Keys.ARROW_UP)  # back up, then the variation's own turn 7
    assert state(browser)["key"] == "turn=7&var=6.1"
    press(browser, Keys.ESCAPE)  # the main line is one key away
    back = state(browser)
    assert back["key"] == "turn=6" and back["tiles"] == tiles_of(report.turns[5].position)
    press(browser, Keys.ARROW_RIGHT)
    assert state(browser)["key"] == "turn=7"
    browser.find_element(By.CSS_SELECTOR, '.move[data-k="turn=8&var=6.1/7.1"]').click()
    assert state(browser)["tiles"] == tiles_of(positions[10])
    no_errors(browser)


@pytest.mark.browser
def test_transformation_stepped_to_its_target(browser: Any, tmp_path: Path) -> None:
    text = (ROOT / "docs" / "examples" / "transformation.palago").read_text(encoding="utf-8")
    record = parse_text(text).records[1]
    assert isinstance(record, rec.Transformation)
    open_page(browser, tmp_path / "task.html", viewer_html(record))
    start = state(browser)
    assert start["tiles"] == {
        f"{t.cell[0]},{t.cell[1]}": t.orientation.value for t in (p.tile for p in record.start)
    }
    assert "↔ 0 · Δ 0" in start["info"]
    click(browser, "next")
    moved = state(browser)
    assert moved["last"] == moved["rings"] == ["-2,0"] and moved["removed"] == [
        "-1,1"
    ]  # where it went, where it was
    assert "-1,1" not in moved["tiles"] and moved["tiles"]["-2,0"] == "R"
    assert "↔ 1 · Δ 0" in moved["info"]
    click(browser, "last")
    target = state(browser)
    assert target["key"] == "turn=target" and len(target["tiles"]) == len(record.target)
    assert "The target Pala-worm is reached: ↔ 1 · Δ 3" in target["info"]
    no_errors(browser)


@pytest.mark.browser
def test_links_open_at_a_turn_and_follow_the_steps(browser: Any, tmp_path: Path) -> None:
    from selenium.webdriver.common.keys import Keys

    record = game(NESTED)
    report = replay(record)
    path = tmp_path / "linked.html"
    open_page(browser, path, viewer_html(record), fragment="#turn=4")
    opened = state(browser)
    assert opened["key"] == "turn=4" and opened["tiles"] == tiles_of(report.turns[3].position)
    length = browser.execute_script("return history.length")
    press(browser, Keys.ARROW_RIGHT)
    assert state(browser)["hash"] == "#turn=5"
    press(browser, Keys.ARROW_RIGHT, Keys.ARROW_DOWN)
    assert state(browser)["hash"] == "#turn=6&var=6.1"
    press(browser, Keys.HOME)
    assert state(browser)["hash"] == "#turn=start"
    assert browser.execute_script("return history.length") == length  # replaced, never added
    open_page(browser, path, viewer_html(record), fragment="#turn=7&var=6.1/7.1")
    assert state(browser)["key"] == "turn=7&var=6.1/7.1"
    open_page(browser, path, viewer_html(record), fragment="#5")
    assert state(browser)["key"] == "turn=5"
    # several records: the record is in the link too
    records = [random_palago_record(1), record]
    open_page(browser, path, viewer_page(records), fragment="#record=2&turn=3")
    there = state(browser)
    assert there["key"] == "turn=3" and there["tiles"] == tiles_of(report.turns[2].position)
    press(browser, Keys.ARROW_RIGHT)
    assert state(browser)["hash"] == "#record=2&turn=4"
    browser.execute_script(
        "const p = document.getElementById('record-picker'); p.value = '1';"
        "p.dispatchEvent(new Event('change'));"
    )
    assert state(browser)["hash"] == "#record=1&turn=start"
    no_errors(browser)


@pytest.mark.browser
def test_focus_stays_with_the_selection(browser: Any, tmp_path: Path) -> None:
    from selenium.webdriver.common.keys import Keys

    open_page(browser, tmp_path / "focus.html", viewer_html(game(NESTED)), fragment="#turn=5")
    assert state(browser)["tabStops"] == [5]  # one Tab stop for the whole move list
    for _ in range(30):
        press(browser, Keys.TAB)
        if state(browser)["focusedMove"] is not None:
            break
    assert state(browser)["focusedMove"] == 5
    press(browser, Keys.ARROW_RIGHT)
    now = state(browser)
    assert now["focusedMove"] == now["selected"][0] == 6 and now["tabStops"] == [6]
    press(browser, Keys.ARROW_DOWN)
    now = state(browser)
    assert now["key"] == "turn=6&var=6.1" and now["focusedMove"] == now["selected"][0]
    from selenium.webdriver.common.action_chains import ActionChains

    ActionChains(browser).key_down(Keys.SHIFT).send_keys(Keys.TAB).key_up(Keys.SHIFT).perform()
    assert state(browser)["focusedMove"] is None
    press(browser, Keys.TAB)  # out of the list and back: to the selection
    assert state(browser)["focusedMove"] == now["selected"][0]
    # the focus ring is drawn inside the button, so the list's edge never clips it
    offset = browser.execute_script("return getComputedStyle(document.activeElement).outlineOffset")
    assert offset.startswith("-")
    # a step button that runs out keeps the focus
    click(browser, "last")
    browser.execute_script("document.querySelector('[data-act=next]').focus()")
    press(browser, Keys.ENTER)
    assert state(browser)["focused"] == "next"
    no_errors(browser)


@pytest.mark.browser
def test_palagonia_removal_marked(browser: Any, tmp_path: Path) -> None:
    record = game(
        (ROOT / "docs" / "examples" / "palagonia-game.palago").read_text(encoding="utf-8")
    )
    open_page(browser, tmp_path / "palagonia.html", viewer_html(record), fragment="#turn=2+")
    removal = state(browser)
    assert removal["key"] == "turn=2+" and removal["removed"] == ["3,-1"]
    assert "3,-1" not in removal["tiles"]
    assert removal["said"] == ""  # the live region speaks for the reader's own steps only
    click(browser, "next")
    after = state(browser)
    assert after["removed"] == [] and after["last"] == ["-1,0", "-2,0", "-2,1"]
    assert "removes the tile on 2,-1" in browser.execute_script(
        "return document.querySelector('.move[data-k=\"turn=3&var=3.1\"]')"
        ".getAttribute('aria-description')"
    )
    no_errors(browser)


@pytest.mark.browser
def test_320_pixels_without_horizontal_overflow(browser: Any, tmp_path: Path) -> None:
    pages = {
        "game": viewer_html(game(NESTED)),
        "palagonia": viewer_page([random_palagonia_record(1), game(NESTED)]),
        "task": viewer_html(
            game((ROOT / "docs" / "examples" / "transformation.palago").read_text(encoding="utf-8"))
        ),
    }
    for name, text in pages.items():
        for width in (320, 390):
            open_page(
                browser,
                tmp_path / f"{name}.html",
                text,
                width=width,
                height=700,
                fragment="#turn=3",
            )
            layout = browser.execute_script(
                """const section = [...document.querySelectorAll('.record')].find(s => !s.hidden);
                   const board = section.querySelector('.boardwrap').getBoundingClientRect();
                   const side = section.querySelector('.side').getBoundingClientRect();
                   const wide = [...document.querySelectorAll('body *')].filter(e => {
                       const r = e.getBoundingClientRect();
                       return r.width > 0 && r.right > document.documentElement.clientWidth + 1; });
                   return {scroll: document.documentElement.scrollWidth,
                       width: document.documentElement.clientWidth,
                           boardWidth: board.width, sideTop: side.top, boardBottom: board.bottom,
                           wide: wide.map(e => e.tagName + '.' + e.className).slice(0, 5)};"""
            )
            assert layout["scroll"] <= layout["width"], (name, width, layout)
            assert layout["wide"] == [], (name, width, layout)
            assert layout["boardWidth"] > 0.85 * layout["width"]
            assert (
                layout["sideTop"] >= layout["boardBottom"]
            )  # stacked: the turn panel under the board
    open_page(browser, tmp_path / "wide.html", pages["game"], width=1280, height=800)
    wide = browser.execute_script(
        """const board = document.querySelector('.boardwrap').getBoundingClientRect();
           const info = document.querySelector('.info:not([hidden])').getBoundingClientRect();
           return {infoLeft: info.left, boardRight: board.right, infoBottom: info.bottom,
               height: innerHeight};"""
    )
    assert wide["infoLeft"] > wide["boardRight"]  # side by side
    assert wide["infoBottom"] < wide["height"]  # the turn panel is above the fold
    no_errors(browser)


@pytest.mark.browser
def test_board_tools_autoplay_and_print(browser: Any, tmp_path: Path) -> None:
    from selenium.webdriver.support.ui import WebDriverWait

    open_page(browser, tmp_path / "tools.html", viewer_html(game(NESTED)), fragment="#turn=3")
    box = "return document.querySelector('svg.board').getAttribute('viewBox')"
    before = browser.execute_script(box)
    click(browser, "rotate")
    assert "rotate(-120" in browser.execute_script(
        "return document.querySelector('.spin').getAttribute('transform')"
    )
    assert browser.execute_script(box) != before
    click(browser, "rotate")
    click(browser, "rotate")
    assert browser.execute_script(box) == before
    click(browser, "flip")
    assert "scale(-1 1)" in browser.execute_script(
        "return document.querySelector('.spin').getAttribute('transform')"
    )
    click(browser, "flip")
    shown = "return getComputedStyle(document.querySelector('.co')).display"
    assert browser.execute_script(shown) == "none"
    click(browser, "coords")
    assert browser.execute_script(shown) != "none"
    width = "return document.querySelector('svg.board').getBoundingClientRect().width"
    plain = browser.execute_script(width)
    click(browser, "zoom-in")
    assert browser.execute_script(width) > 1.4 * plain
    click(browser, "zoom-out")
    # the wheel over the board and a swipe on a touch screen step too
    at = state(browser)["index"]
    browser.execute_script(
        "document.querySelector('.boardwrap').dispatchEvent("
        "new WheelEvent('wheel', {deltaY: 120, bubbles: true, cancelable: true}))"
    )
    assert state(browser)["index"] == at + 1
    browser.execute_script(
        """const wrap = document.querySelector('.boardwrap');
           const touch = (type, x) => wrap.dispatchEvent(new PointerEvent(type,
               {pointerType: 'touch', clientX: x, clientY: 300, bubbles: true}));
           touch('pointerdown', 150); touch('pointerup', 320);"""
    )
    assert state(browser)["index"] == at  # a swipe to the right goes back
    browser.execute_script("document.querySelector('[data-act=speed]').value = '500'")
    click(browser, "play")
    WebDriverWait(browser, 20).until(lambda d: state(d)["index"] >= 5)
    click(browser, "play")
    assert (
        browser.execute_script(
            "return document.querySelector('[data-act=play]').getAttribute('aria-pressed')"
        )
        == "false"
    )
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        printed = browser.execute_script(
            """const shown = e => e && getComputedStyle(e).display !== 'none';
               return {controls: shown(document.querySelector('.controls')),
                       tools: shown(document.querySelector('.tools')),
                       theme: shown(document.getElementById('theme')),
                       moves: shown(document.querySelector('.movelist')),
                       info: shown(document.querySelector('.info:not([hidden])')),
                       board: shown(document.querySelector('svg.board'))};"""
        )
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
    assert printed == {
        "controls": False,
        "tools": False,
        "theme": False,
        "moves": True,
        "info": True,
        "board": True,
    }
    no_errors(browser)


@pytest.mark.browser
def test_no_request_leaves_the_page(browser: Any, tmp_path: Path) -> None:
    url = open_page(browser, tmp_path / "palagonia.html", viewer_html(random_palagonia_record(1)))
    browser.get(url)  # load again with the log running from the start
    browser.execute_script(
        "document.querySelector('[data-act=last]').click(); "
        "document.getElementById('theme').click();"
    )
    requested = []
    for entry in browser.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message["method"] == "Network.requestWillBeSent":
            requested.append(message["params"]["request"]["url"])
    assert requested == [url]
    assert browser.execute_script("return performance.getEntriesByType('resource').length") == 0
    no_errors(browser)


@pytest.mark.browser
def test_script_in_a_comment_does_not_run(browser: Any, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By

    open_page(browser, tmp_path / "hostile.html", viewer_html(hostile()))
    assert browser.execute_script("return typeof window.__pwned") == "undefined"
    assert browser.execute_script("return document.scripts.length") == 1
    assert browser.execute_script("return document.querySelectorAll('img, b').length") == 0
    moves = browser.find_element(By.CSS_SELECTOR, ".movelist").text
    assert "Blue had to cover -1,0. <script>window.__pwned = 1</script>" in moves
    assert (
        "<img src=x onerror=window.__pwned=2>"
        in browser.find_element(By.CSS_SELECTOR, ".about").text
    )
    browser.find_element(By.CSS_SELECTOR, '.move[data-i="6"]').click()
    assert "<script>window.__pwned = 1</script>" in state(browser)["info"]
    assert browser.execute_script("return typeof window.__pwned") == "undefined"


def _contrast(driver: Any, selector: str) -> float:
    """The WCAG contrast ratio of an element's text on its (first opaque) background."""
    ratio: float = driver.execute_script(
        """
        const parse = c => c.match(/[\\d.]+/g).map(Number);
        const lum = ([r, g, b]) => { const f = v => { v /= 255;
            return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
                                     return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
        const el = document.querySelector(arguments[0]);
        let bg = el, colour;
        while (bg) { colour = parse(getComputedStyle(bg).backgroundColor);
            if (colour.length < 4 || colour[3] > 0.9) break; bg = bg.parentElement; }
        const a = lum(parse(getComputedStyle(el).color)), b = lum(colour.slice(0, 3));
        return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
        """,
        selector,
    )
    return ratio


@pytest.mark.browser
def test_themes_contrast_and_a_phone_screen(browser: Any, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By

    text = viewer_html(parse_text(EXAMPLE.read_text(encoding="utf-8")).records[0])
    path = tmp_path / "example.html"
    open_page(browser, path, text, fragment="#turn=6")
    browser.execute_script("localStorage.clear()")
    browser.refresh()
    background = "return getComputedStyle(document.body).backgroundColor"
    panel = "return getComputedStyle(document.querySelector('.boardwrap')).backgroundColor"
    before, board_before = browser.execute_script(background), browser.execute_script(panel)
    toggle = browser.find_element(By.ID, "theme")
    for _ in range(2):
        for selector in (
            ".move .num",
            ".move[aria-current=step] .mv",
            ".tags",
            ".info .meaning",
            ".role",
            "#theme",
            ".comment",
        ):
            assert _contrast(browser, selector) >= 4.5, selector
        toggle.click()
    # the toggle's visible text is its name; the board panel follows the theme
    assert (
        toggle.text in ("Light theme", "Dark theme") and toggle.get_attribute("aria-label") is None
    )
    toggle.click()
    assert (
        browser.execute_script(background) != before
        and browser.execute_script(panel) != board_before
    )
    assert browser.execute_script("return localStorage.getItem('palago-viewer-theme')") in (
        "light",
        "dark",
    )
    # a page written with an explicit theme keeps it whatever another page saved
    saved = browser.execute_script("return localStorage.getItem('palago-viewer-theme')")
    forced = "light" if saved == "dark" else "dark"
    open_page(
        browser,
        path,
        viewer_html(parse_text(EXAMPLE.read_text(encoding="utf-8")).records[0], theme=forced),
    )
    assert browser.execute_script("return document.documentElement.dataset.theme") == forced
    browser.execute_script("localStorage.clear()")

    open_page(browser, path, text, width=390, height=844, fragment="#turn=6&var=6.1")
    layout = browser.execute_script(
        """const board = document.querySelector('.boardwrap').getBoundingClientRect();
           const moves = document.querySelector('.moves').getBoundingClientRect();
           return {scroll: document.documentElement.scrollWidth, width: window.innerWidth,
                   boardWidth: board.width, movesTop: moves.top, boardBottom: board.bottom};"""
    )
    assert layout["scroll"] <= layout["width"]
    assert layout["boardWidth"] > 0.85 * layout["width"]
    assert layout["movesTop"] > layout["boardBottom"]
    if os.environ.get("PALAGO_UPDATE_SAMPLES"):
        samples(browser, tmp_path)


def samples(browser: Any, tmp_path: Path) -> None:
    """Write the screenshots of docs/samples/ (PALAGO_UPDATE_SAMPLES=1)."""
    example = parse_text(EXAMPLE.read_text(encoding="utf-8")).records[0]
    path = tmp_path / "sample.html"
    open_page(
        browser,
        path,
        viewer_html(game(NESTED)),
        width=1280,
        height=800,
        fragment="#turn=7&var=6.1/7.1",
    )
    browser.save_screenshot(str(SAMPLES / "viewer-variation.png"))
    open_page(
        browser,
        path,
        viewer_html(random_palagonia_record(3)),
        width=1280,
        height=800,
        fragment="#turn=11%2B",
    )
    browser.save_screenshot(str(SAMPLES / "viewer-palagonia.png"))
    task = parse_text(
        (ROOT / "docs" / "examples" / "transformation.palago").read_text(encoding="utf-8")
    ).records[1]
    open_page(browser, path, viewer_html(task), width=1280, height=800, fragment="#turn=1")
    browser.save_screenshot(str(SAMPLES / "viewer-transformation.png"))
    open_page(browser, path, viewer_html(example), width=390, height=844, fragment="#turn=7")
    browser.save_screenshot(str(SAMPLES / "viewer-phone.png"))
    open_page(
        browser,
        path,
        viewer_html(example, theme="dark"),
        width=1280,
        height=800,
        fragment="#turn=7",
    )
    browser.save_screenshot(str(SAMPLES / "viewer.png"))


@pytest.mark.browser
def test_axe_finds_nothing_serious_in_pages_of_replay_html(browser: Any, tmp_path: Path) -> None:
    """``palago replay --html`` of an engine-annotated game (the evaluation graph), variations,
    a Palagonia game, creatures and a transformation, at a desktop's and a phone's width:
    axe-core (the npm package) finds nothing serious or critical, and the graph is reached by
    Tab, its value the turn shown."""
    from selenium.webdriver.common.keys import Keys

    from .browser_support import axe_findings

    runner = CliRunner()
    sources = [
        SAMPLES / "engine-annotated.palago",
        ROOT / "tests" / "data" / "nested-variations.palago",
        ROOT / "docs" / "examples" / "palagonia-game.palago",
        ROOT / "docs" / "examples" / "creatures.palago",
        ROOT / "docs" / "examples" / "transformation.palago",
    ]
    for source in sources:
        out = tmp_path / f"{source.stem}.html"
        done = runner.invoke(
            app, ["-q", "replay", str(source), "--html", str(out), "--record", "all"]
        )
        assert done.exit_code == 0, done.output
        for width, height in ((1280, 900), (390, 844)):
            browser.set_window_size(width, height)
            browser.get(out.as_uri())
            assert axe_findings(browser) == [], (source.name, width)
    browser.set_window_size(1280, 900)
    browser.get((tmp_path / "engine-annotated.html").as_uri())
    for _ in range(60):
        if browser.execute_script("return document.activeElement.classList.contains('evgraph')"):
            break
        press(browser, Keys.TAB)
    graph = browser.switch_to.active_element
    assert graph.get_attribute("role") == "slider" and graph.get_attribute("aria-valuenow") == "0"
    press(browser, Keys.ARROW_RIGHT, Keys.ARROW_RIGHT)
    assert graph.get_attribute("aria-valuenow") == "2"
    assert graph.get_attribute("aria-valuetext").startswith("2. Blue")
    assert state(browser)["key"] == "turn=2"
    no_errors(browser)
