"""The table page in headless Chromium against a real ``palago serve`` started as a club starts
it for phones (``--token``: the address with its token, here on 127.0.0.1), on a phone's screen
(390×844, touch) and tapped with touch events: a whole Palago game played to a win, a Palagonia
game (roll-off tie, shared score, double, removal) whose score table matches ``palago replay``
of the saved file, a 90-tile board whose tap targets stay at least 40 CSS px, Undo's question
(the focus on keeping the turn, Escape) and the page a phone gets without the token. (A turn
kept through a killed server: test_table_recovery.py; keyboard and axe-core:
test_table_keyboard.py.)

``PALAGO_UPDATE_SAMPLES=1`` also writes the screenshots in ``docs/samples/`` (``table-*.png``).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from palago_tools.core.tiles import Tile
from palago_tools.notation import records as rec

from .browser_support import chromium, until
from .table_support import (
    ROOT,
    Server,
    palago_record,
    palago_text,
    palagonia_record,
    palagonia_text,
    replayed_report,
    serving,
)

pytestmark = pytest.mark.browser

SAMPLES = ROOT / "docs" / "samples"


@pytest.fixture
def browser() -> Iterator[Any]:
    """Headless Chromium as a phone: 390×844 CSS px, touch events, a phone's user agent."""
    with chromium(phone=True) as driver:
        yield driver


class Table:
    """The page as a player uses it: taps on the board, dice buttons, confirm."""

    def __init__(self, driver: Any, server: Server) -> None:
        self.driver = driver
        self.seen: list[dict[str, Any]] = []
        driver.get(server.url)  # the address palago serve printed, token and all
        self.until("document.body.dataset.phase !== undefined")
        # The page's own style and script loaded (with the token) and it is a phone's screen.
        assert driver.execute_script("return innerWidth") == 390
        assert driver.execute_script("return 'ontouchstart' in window")
        radius = driver.execute_script(
            "return getComputedStyle(document.querySelector('button')).borderRadius"
        )
        assert radius not in ("", "0px"), "table.css did not load"
        assets = self.statuses("/assets/")
        assert len(assets) == 4 and set(assets) == {200}, assets  # style, scripts

    def statuses(self, part: str) -> list[int]:
        """The HTTP statuses of the responses so far whose address holds ``part``."""
        self.seen.extend(self.driver.get_log("performance"))
        out = []
        for entry in self.seen:
            message = json.loads(entry["message"])["message"]
            if (
                message["method"] == "Network.responseReceived"
                and part in message["params"]["response"]["url"]
            ):
                out.append(int(message["params"]["response"]["status"]))
        return out

    def until(self, script: str, *args: Any, seconds: float = 15) -> Any:
        return until(self.driver, script, *args, seconds=seconds)

    def find(self, selector: str) -> Any:
        from selenium.webdriver.common.by import By

        return self.driver.find_element(By.CSS_SELECTOR, selector)

    def click(self, selector: str) -> None:
        """A finger's tap on the element: a touch start and end at its centre."""
        element = self.find(selector)
        self.driver.execute_script(
            "arguments[0].scrollIntoView({block: 'center', inline: 'center'})", element
        )
        x, y = self.driver.execute_script(
            "const r = arguments[0].getBoundingClientRect(); return [r.left + r.width / 2, r.top + "
            "r.height / 2]",
            element,
        )
        point = [{"x": x, "y": y}]
        self.driver.execute_cdp_cmd(
            "Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": point}
        )
        self.driver.execute_cdp_cmd(
            "Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []}
        )

    @property
    def version(self) -> int:
        return int(self.driver.execute_script("return document.body.dataset.version"))

    def tap(self, kind: str, cell: str) -> None:
        self.click(f".hit.{kind}[data-cell='{cell}']")

    def place(self, tile: Tile) -> None:
        """Tap an empty cell, then tap the new tile until it points the right way."""
        cell = f"{tile.cell[0]},{tile.cell[1]}"
        self.until(
            "document.querySelector(`.hit.target[data-cell='${arguments[0]}']`) !== null", cell
        )
        self.tap("target", cell)
        for letter in "RLD":
            self.until(
                "document.querySelector(`.hit.pending[data-name='${arguments[0]}']`) !== null",
                cell + letter,
            )
            if letter == tile.orientation.value:
                return
            self.tap("pending", cell)

    def confirm(self) -> None:
        before = self.version
        self.until("!document.getElementById('confirm').disabled")
        self.click("#confirm")
        self.until("Number(document.body.dataset.version) > arguments[0]", before)

    def face(self, where: str, face: str) -> None:
        self.click(f"{where} .face[data-face='{face}']")

    def errors(self) -> list[str]:
        """Console errors, leaving out the refusals the test asked for (a 422 of api/action)."""
        return [
            e["message"]
            for e in self.driver.get_log("browser")
            if e["level"] == "SEVERE"
            and not ("/api/action" in e["message"] and "status of 422" in e["message"])
        ]

    def shot(self, name: str) -> None:
        if os.environ.get("PALAGO_UPDATE_SAMPLES"):
            SAMPLES.mkdir(parents=True, exist_ok=True)
            self.driver.save_screenshot(str(SAMPLES / name))


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    with serving(tmp_path / "game.palago", "--token") as running:
        assert running.token and running.url.startswith("http://127.0.0.1:")
        yield running


def new_game(table: Table, kind: str, names: list[str]) -> None:
    table.click(f"input[name=kind][value={kind}]")
    inputs = table.driver.execute_script("return [...document.querySelectorAll('#names input')]")
    assert len(inputs) == len(names)
    for element, name in zip(inputs, names, strict=True):
        element.send_keys(name)
    before = table.version
    table.click("#start")
    table.until("Number(document.body.dataset.version) > arguments[0]", before)


def tap_palagonia(table: Table, record: rec.PalagoniaGame) -> None:
    """Tap the turns of ``record`` in: the roll-off's dice, the start tiles, each turn's dice,
    the die chosen and what it does."""
    browser = table.driver
    for turn in record.turns:
        if turn.is_start:
            for roll in turn.rolls:
                seats = browser.execute_script(
                    "return [...document.querySelectorAll('#rolloff-rows .die-row')].map(r => "
                    "Number(r.dataset.seat))"
                )
                assert len(seats) == len(roll.faces)
                for seat, face in zip(seats, roll.faces, strict=True):
                    table.face(f"#rolloff-rows .die-row[data-seat='{seat}']", face.value)
                before = table.version
                table.click("#rolloff-send")
                table.until("Number(document.body.dataset.version) > arguments[0]", before)
            assert isinstance(turn.action, rec.Place)
            for tile in turn.action.tiles:
                table.place(tile)
            table.confirm()
            continue
        first, second = turn.roll.faces
        table.face("#dice .die-row[data-die='0']", first.value)
        table.face("#dice .die-row[data-die='1']", second.value)
        if not turn.forced and first is not second:
            table.click(f"#choose .face[data-face='{turn.chosen.value}']")
        action = turn.action
        if isinstance(action, rec.Place):
            for tile in action.tiles:
                table.place(tile)
        elif isinstance(action, rec.Remove):
            cell = f"{action.cell[0]},{action.cell[1]}"
            table.until(
                "document.querySelector(`.hit.pick[data-cell='${arguments[0]}']`) !== null", cell
            )
            table.tap("pick", cell)
        table.confirm()


def test_a_palago_game_played_by_taps_to_a_win(browser: Any, server: Server) -> None:  # noqa: F811
    table = Table(browser, server)
    new_game(table, "Palago", ["Dóra", "Ivan"])
    record = palago_record()
    for number, turn in enumerate(record.turns, start=1):
        status = table.find("#status").text
        assert status.startswith(f"Turn {number}: ")
        for tile in turn.tiles:
            table.place(tile)
        if number == 4:
            table.driver.execute_script("window.scrollTo(0, 0)")
            table.shot("table-palago-phone.png")
        table.confirm()
    table.until("!document.getElementById('result').hidden")
    assert (
        table.find("#result").text
        == "Game over: Yellow (Dóra) won in turn 7: Yellow's tile 1,-2D completed a yellow creature"
    )
    assert table.find("#outcome p").text == (
        "7. 1,-2D — Yellow (Dóra) won in turn 7: Yellow's tile 1,-2D completed a yellow creature"
    )
    assert "yellow Pala-creature of 5 tiles: 1 outer shell = 1" in table.find("#outcome").text
    assert server.path.read_text(encoding="utf-8") == palago_text()
    moves = browser.execute_script(
        "return [...document.querySelectorAll('#moves li')].map(li => li.dataset.label)"
    )
    assert moves == [str(n) for n in range(1, 8)]
    # Undo asks first, with the focus on keeping the turn: Escape closes the question, and so
    # does Enter, without undoing anything.
    from selenium.webdriver.common.keys import Keys

    version = table.version
    for key in (Keys.ESCAPE, Keys.ENTER):
        table.click("#undo")
        table.until("!document.getElementById('undo-ask').hidden")
        assert table.find("#undo-question").text == "Take back turn 7?"
        assert browser.execute_script("return document.activeElement.id") == "undo-no"
        assert table.find("#undo-no").text == "No, keep it"
        if key == Keys.ESCAPE:
            table.driver.execute_script(
                "arguments[0].scrollIntoView({block: 'center'})", table.find("#undo-ask")
            )
            table.shot("table-undo-question-phone.png")
        browser.switch_to.active_element.send_keys(key)
        table.until("document.getElementById('undo-ask').hidden")
        assert browser.execute_script("return document.activeElement.id") == "undo"
        assert table.version == version and not table.find("#result").get_attribute("hidden")
    # "Yes" takes the win back, and Redo would put it back.
    table.click("#undo")
    table.until("!document.getElementById('undo-ask').hidden")
    table.click("#undo-yes")
    table.until("document.getElementById('result').hidden")
    assert not table.find("#redo").get_attribute("hidden")
    assert "Took back turn 7 (127.0.0.1 Android)" in table.find("#outcome").text
    # An illegal tap sequence is refused with the rule's message.
    table.place(Tile.parse("1,-2R"))
    table.click("#confirm")
    table.until("document.getElementById('message').textContent !== ''")
    message = table.find("#message").text
    assert (
        "a turn lays two tiles, one alone only when it completes a creature (two-tiles)" in message
    )
    assert table.errors() == []


def test_without_its_token_a_phone_gets_a_page_that_says_how_to_get_in(
    browser: Any,
    server: Server,  # noqa: F811
) -> None:
    browser.get(server.base)  # the address without its token, as typed from memory
    text = browser.find_element("tag name", "body").text
    assert browser.find_element("tag name", "h1").text == "This table needs its token"
    assert "scan the QR code that palago serve printed" in text and "?token=" in text
    assert not text.lstrip().startswith("{")
    assert browser.execute_script("return document.documentElement.scrollWidth") <= 390
    if os.environ.get("PALAGO_UPDATE_SAMPLES"):
        SAMPLES.mkdir(parents=True, exist_ok=True)
        browser.save_screenshot(str(SAMPLES / "table-no-token-phone.png"))
    styled = browser.execute_script("return getComputedStyle(document.body).maxWidth")
    assert styled != "none", "the page's own style was refused"
    assert not [e for e in browser.get_log("browser") if "Content Security Policy" in e["message"]]
    Table(browser, server)  # the address with its token opens the table


def test_a_palagonia_game_and_its_score_table(browser: Any, server: Server) -> None:  # noqa: F811
    table = Table(browser, server)
    new_game(table, "Palagonia", ["Anna", "Boris", "Chen"])
    tap_palagonia(table, palagonia_record())
    assert server.path.read_text(encoding="utf-8") == palagonia_text()
    report = replayed_report(server.path)
    shown = browser.execute_script(
        """
        const table = document.getElementById('score-table');
        return {
          names: [...table.querySelectorAll('thead th')].slice(1).map(th => th.textContent),
          totals: [...table.querySelectorAll('tfoot td')].map(td => Number(td.textContent)),
          rows: [...table.querySelectorAll('tbody tr')].map(tr => ({
            label: tr.dataset.label,
            shared: [...tr.querySelectorAll('td')].map(td => td.querySelector('.shared') !== null),
            gained: [...tr.querySelectorAll('td')]
                .map(td => td.querySelector('.gained')?.textContent || ''),
          })),
        };
        """
    )
    assert shown["names"] == [player["name"] for player in report["players"]]
    assert shown["totals"] == report["scores"]  # a score per seat, in seat order (docs/json.md)
    assert shown["rows"] == [
        {"label": "2", "shared": [True, False, False], "gained": ["+4", "+4", ""]}
    ]
    labels = browser.execute_script(
        "return [...document.querySelectorAll('#moves li')].map(li => li.dataset.label)"
    )
    assert labels == ["0", "1", "2", "3", "3+", "4"]
    assert table.find("#status").text == "Turn 5: Boris rolls the two dice"
    browser.execute_script("document.getElementById('scores').scrollIntoView({block: 'start'})")
    table.shot("table-palagonia-phone.png")
    assert table.errors() == []


def test_another_device_s_turn_shows_up(browser: Any, server: Server) -> None:  # noqa: F811
    """A turn confirmed on another device appears within the polling interval; a turn being
    entered here is dropped with a word, and confirming the stale one is impossible."""
    from .table_support import NEW_PALAGO, post

    table = Table(browser, server)
    with server.client() as other:
        assert post(other, NEW_PALAGO).status_code == 200
        table.until("document.body.dataset.phase === 'turn'")
        table.place(Tile.parse("0,0L"))
        assert post(other, {"type": "turn", "tiles": ["0,0R", "1,0L"]}).status_code == 200
    table.until("document.querySelectorAll('#moves li').length === 1")
    assert table.find("#moves li").text.endswith("0,0R 1,0L")
    assert "changed on another device" in table.find("#message").text
    assert browser.execute_script("return document.querySelectorAll('.hit.pending').length") == 0
    assert table.find("#status").text == "Turn 2: Blue (Ivan) places two tiles"
    assert server.path.read_text(encoding="utf-8").endswith("1. 0,0R 1,0L *\n")


def test_network_mode_shows_the_qr_code_for_the_next_device(browser: Any, server: Server) -> None:
    table = Table(browser, server)
    table.until("!document.getElementById('share').hidden")
    table.until(
        "document.getElementById('qr').complete && document.getElementById('qr').naturalWidth > 0"
    )
    assert table.find("#share-address").text == server.url
    assert set(table.statuses("qr.svg")) == {200}
    new_game(table, "Palago", ["Dóra", "Ivan"])
    table.place(Tile.parse("0,0L"))
    table.place(Tile.parse("-1,0R"))
    table.confirm()
    browser.execute_script("document.getElementById('share').scrollIntoView({block: 'end'})")
    table.shot("table-network-phone.png")
    assert table.errors() == []


def test_a_90_tile_board_keeps_tap_targets_of_40_px(browser: Any, tmp_path: Path) -> None:
    import random

    from .table_support import grown_palagonia

    path = tmp_path / "long.palago"
    grown_palagonia(path, 90, random.Random(90), supply=96)
    with serving(path, "--token") as running:
        table = Table(browser, running)
        table.until("document.body.dataset.phase === 'turn'")
        table.face("#dice .die-row[data-die='0']", "2")
        table.face("#dice .die-row[data-die='1']", "3")
        table.click("#choose .face[data-face='2']")
        table.until("document.querySelectorAll('.hit.target').length > 0")
        sizes = browser.execute_script(
            "return [...document.querySelectorAll('.hit.target')].map(h => {"
            " const r = h.getBoundingClientRect(); return [r.width, r.height]; })"
        )
        assert min(w for w, _ in sizes) >= 40 and min(h for _, h in sizes) >= 40, sizes[:3]
        wide, shown, focus = browser.execute_script(
            "const b = document.getElementById('board'), svg = b.querySelector('svg');"
            "const [x] = svg.dataset.focus.split(',').map(Number);"
            "return [b.scrollWidth, b.clientWidth, x - b.scrollLeft]"
        )
        assert wide > shown and 0 <= focus <= shown  # wider than the phone, the last move in sight
        assert "tiles left in the bag" in table.find("#left").text
        target = browser.execute_script("return document.querySelector('.hit.target').dataset.cell")
        table.tap("target", target)
        table.until("document.querySelectorAll('.hit.pending').length === 1")
        browser.execute_script("window.scrollTo(0, 0)")
        table.shot("table-90-tiles-phone.png")
        assert table.errors() == []


def test_a_short_game_against_the_computer_played_to_the_end(browser: Any, server: Server) -> None:  # noqa: F811
    """Dóra (Yellow) against the computer at level 1 with six tiles: the set-up form, taps,
    the computer's turn shown as thinking and then on the board, the end, and the record."""
    from palago_tools.notation import parse_file
    from palago_tools.replays.game import play_turns, start_replay
    from palago_tools.rules import palago as pg

    table = Table(browser, server)
    table.click("input[name=kind][value=Palago]")
    table.driver.find_element("css selector", "#names input").send_keys("Dóra")
    browser.execute_script(
        "const s = document.getElementById('computer'); s.value = 'blue';"
        "s.dispatchEvent(new Event('change'));"
        "const l = document.getElementById('level'); l.value = '1';"
        "l.dispatchEvent(new Event('change'));"
        "const n = document.getElementById('supply'); n.value = '6';"
    )
    assert table.find("#level-label").is_displayed()
    blue = browser.execute_script("return document.querySelectorAll('#names input')[1]")
    assert blue.get_attribute("disabled") and blue.get_attribute("placeholder") == (
        "palago-tools engine level 1"
    )
    sizes = browser.execute_script(
        "return [...document.querySelectorAll('#setup button, #setup select, #setup "
        "input:not([type=radio]), .kinds label')]"
        ".filter(e => e.offsetParent !== null).map(e => e.getBoundingClientRect().height)"
    )
    assert min(sizes) >= 40, sizes
    browser.execute_script("window.scrollTo(0, 0)")
    before = table.version
    table.click("#start")
    table.until("Number(document.body.dataset.version) > arguments[0]", before)
    # Every status the page shows, to see "thinking" however quickly level 1 answers.
    browser.execute_script(
        "window.seen = []; new MutationObserver(() => seen.push(document.getElementById('status')"
        ".textContent)).observe(document.getElementById('status'), "
        "{childList: true, characterData: true, subtree: true});"
    )
    turns = 0
    while not browser.execute_script("return !document.getElementById('result').hidden"):
        table.until(
            "document.body.dataset.thinking === '' || !document.getElementById('result').hidden"
        )
        if browser.execute_script("return !document.getElementById('result').hidden"):
            break
        (record,) = parse_file(server.path).records
        report, game = start_replay(record)
        assert isinstance(game, pg.Palago) and play_turns(record, game, report, record.turns)
        assert game.mover.value == "yellow"
        turn = next(iter(game.board.legal_turns()))
        for tile in turn:
            table.place(tile)
        sizes = browser.execute_script(
            "return [...document.querySelectorAll('.hit.target, .hit.pending, #confirm, #clear, "
            "#undo')]"
            ".map(h => "
            "{ const r = h.getBoundingClientRect(); return Math.min(r.width, r.height); })"
        )
        assert min(sizes) >= 40, sizes
        table.confirm()
        turns += 1
    assert any(
        "Blue (palago-tools engine level 1) is thinking…" in text
        for text in browser.execute_script("return seen")
    )
    table.until("document.querySelectorAll('#moves li').length >= 2")
    (record,) = parse_file(server.path).records
    assert (
        record.yellow == "Dóra"
        and record.blue == "palago-tools engine level 1"
        and record.tiles == 6
    )
    assert record.result.value != "*"
    assert table.find("#result").text.startswith("Game over: ")
    players = browser.execute_script(
        "return [...document.querySelectorAll('#moves .who')].map(w => w.textContent)"
    )
    assert players[:2] == ["Yellow (Dóra)", "Blue (palago-tools engine level 1)"]
    assert turns >= 2
    assert table.errors() == []


def test_the_computer_thinking_on_a_phone(browser: Any, tmp_path: Path) -> None:
    """A server started on the computer's turn (level 5) shows it thinking, the board without
    targets, and then its turn, by itself; the screenshot of playing against the computer."""
    path = tmp_path / "game.palago"
    record = palago_record()
    moves = " ".join(
        f"{n}. {' '.join(t.token for t in turn.tiles)}"
        for n, turn in enumerate(record.turns[:3], 1)
    )
    path.write_text(
        palago_text()
        .split("\n\n")[0]
        .replace('"Ivan"', '"palago-tools engine level 5"')
        .replace('"1-0"', '"*"')
        + f"\n\n{moves} *\n",
        encoding="utf-8",
    )
    with serving(path, "--token") as running:
        table = Table(browser, running)
        table.until("document.body.dataset.phase === 'turn'")
        if browser.execute_script("return document.body.dataset.thinking") == "1":
            assert (
                table.find("#status").text
                == "Turn 4: Blue (palago-tools engine level 5) is thinking…"
            )
            assert (
                browser.execute_script("return document.querySelectorAll('.hit.target').length")
                == 0
            )
            browser.execute_script("window.scrollTo(0, 0)")
            table.shot("table-vs-computer-phone.png")
        table.until("document.querySelectorAll('#moves li').length === 4", seconds=60)
        table.until("document.body.dataset.thinking === ''")
        assert table.find("#status").text.startswith("Turn 5: Yellow (Dóra) places")
        assert browser.execute_script("return document.querySelectorAll('.hit.target').length") > 0
        assert table.errors() == []
