"""The table page in headless Chromium against a real ``palago serve``: a whole Palago game
played by taps to a win, and a Palagonia game (roll-off tie, shared score, double, removal) whose
score table matches ``palago replay`` of the saved file, both on a phone-sized screen.

``PALAGO_UPDATE_SAMPLES=1`` also writes the screenshots ``docs/samples/table-palago-phone.png``
and ``table-palagonia-phone.png``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from palago_tools.notation import records as rec
from palago_tools.core.tiles import Tile

from .table_support import (
    ROOT,
    Server,
    palago_record,
    palago_text,
    palagonia_record,
    palagonia_text,
    serving,
)
from .test_viewer import browser  # noqa: F401  (the headless Chromium fixture)

pytestmark = pytest.mark.browser

SAMPLES = ROOT / "docs" / "samples"
PHONE = (412, 915)


class Table:
    """The page as a player uses it: taps on the board, dice buttons, confirm."""

    def __init__(self, driver: Any, server: Server) -> None:
        self.driver = driver
        driver.set_window_size(*PHONE)
        driver.get(server.url)
        driver.get_log("browser")
        self.until("document.body.dataset.phase !== undefined")

    def until(self, script: str, *args: Any, seconds: float = 15) -> Any:
        from selenium.webdriver.support.ui import WebDriverWait

        return WebDriverWait(self.driver, seconds, poll_frequency=0.05).until(
            lambda d: d.execute_script("return " + script, *args),
            message=f"the page never got to: {script} {args}",
        )

    def find(self, selector: str) -> Any:
        from selenium.webdriver.common.by import By

        return self.driver.find_element(By.CSS_SELECTOR, selector)

    def click(self, selector: str) -> None:
        element = self.find(selector)
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
        element.click()

    @property
    def version(self) -> int:
        return int(self.driver.execute_script("return document.body.dataset.version"))

    def tap(self, kind: str, cell: str) -> None:
        self.click(f".hit.{kind}[data-cell='{cell}']")

    def place(self, tile: Tile) -> None:
        """Tap an empty cell, then tap the new tile until it points the right way."""
        cell = f"{tile.cell[0]},{tile.cell[1]}"
        self.until("document.querySelector(`.hit.target[data-cell='${arguments[0]}']`) !== null", cell)
        self.tap("target", cell)
        for letter in "RLD":
            self.until("document.querySelector(`.hit.pending[data-name='${arguments[0]}']`) !== null", cell + letter)
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
            if e["level"] == "SEVERE" and not ("/api/action" in e["message"] and "status of 422" in e["message"])
        ]

    def shot(self, name: str) -> None:
        if os.environ.get("PALAGO_UPDATE_SAMPLES"):
            SAMPLES.mkdir(parents=True, exist_ok=True)
            self.driver.save_screenshot(str(SAMPLES / name))


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    with serving(tmp_path / "game.palago") as running:
        yield running


def new_game(table: Table, kind: str, names: list[str]) -> None:
    table.click(f"input[name=kind][value={kind}]")
    inputs = table.driver.execute_script("return [...document.querySelectorAll('#names input')]")
    assert len(inputs) == len(names)
    for element, name in zip(inputs, names):
        element.send_keys(name)
    before = table.version
    table.click("#start")
    table.until("Number(document.body.dataset.version) > arguments[0]", before)


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
    assert table.find("#result").text == "Game over: Yellow (Dóra) won: 1,-2D completed a yellow creature"
    assert "yellow creature of 5 tiles: 1 outer loop = 1" in table.find("#outcome").text
    assert server.path.read_text(encoding="utf-8") == palago_text()
    moves = browser.execute_script("return [...document.querySelectorAll('#moves li')].map(li => li.dataset.label)")
    assert moves == [str(n) for n in range(1, 8)]
    # An illegal tap sequence is refused with the rule's message; undo takes the win back.
    table.click("#undo")
    table.until("document.getElementById('result').hidden")
    table.place(Tile.parse("1,-2R"))
    table.click("#confirm")
    table.until("document.getElementById('message').textContent !== ''")
    message = table.find("#message").text
    assert "a turn lays two tiles, one alone only when it completes a creature (two-tiles)" in message
    assert table.errors() == []


def test_a_palagonia_game_and_its_score_table(browser: Any, server: Server) -> None:  # noqa: F811
    table = Table(browser, server)
    new_game(table, "Palagonia", ["Anna", "Boris", "Chen"])
    record = palagonia_record()
    for turn in record.turns:
        if turn.is_start:
            for roll in turn.rolls:
                seats = browser.execute_script(
                    "return [...document.querySelectorAll('#rolloff-rows .die-row')].map(r => Number(r.dataset.seat))"
                )
                assert len(seats) == len(roll.faces)
                for seat, face in zip(seats, roll.faces):
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
            table.until("document.querySelector(`.hit.pick[data-cell='${arguments[0]}']`) !== null", cell)
            table.tap("pick", cell)
        table.confirm()
    assert server.path.read_text(encoding="utf-8") == palagonia_text()
    replayed = subprocess.run(
        [sys.executable, "-m", "palago_tools", "replay", str(server.path), "--json"],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    report = json.loads(replayed.stdout)
    report = report[0] if isinstance(report, list) else report.get("records", [report])[0]
    shown = browser.execute_script(
        """
        const table = document.getElementById('score-table');
        return {
          names: [...table.querySelectorAll('thead th')].slice(1).map(th => th.textContent),
          totals: [...table.querySelectorAll('tfoot td')].map(td => Number(td.textContent)),
          rows: [...table.querySelectorAll('tbody tr')].map(tr => ({
            label: tr.dataset.label,
            shared: [...tr.querySelectorAll('td')].map(td => td.querySelector('.shared') !== null),
            gained: [...tr.querySelectorAll('td')].map(td => td.querySelector('.gained')?.textContent || ''),
          })),
        };
        """
    )
    assert shown["names"] == [player["name"] for player in report["players"]]
    assert shown["totals"] == report["scores"]  # a score per seat, in seat order (docs/json.md)
    assert shown["rows"] == [{"label": "2", "shared": [True, False, False], "gained": ["+4", "+4", ""]}]
    labels = browser.execute_script("return [...document.querySelectorAll('#moves li')].map(li => li.dataset.label)")
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
