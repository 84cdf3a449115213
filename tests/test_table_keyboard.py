"""The table without a pointer, in headless Chromium at phone size against a real ``palago
serve``: a whole Palago game set up and played with the keyboard alone (Tab to the board, the
cursor moved with the arrows and W E Z X, Enter, R, Delete, Ctrl+Enter), and axe-core (the npm
package, run in the page) with no serious or critical finding on the set-up form, the start and
the middle of a game, its end, a Palagonia game with its score table (and a removal entered
from the keyboard) and the page without the token.

``PALAGO_UPDATE_SAMPLES=1`` also writes ``docs/samples/table-keyboard-phone.png``.
"""

from __future__ import annotations

import os
from typing import Any

import pytest

from palago_tools.core.hexgrid import Cell

from .browser_support import axe_findings, until
from .table_support import (
    NEW_PALAGONIA,
    Server,
    palago_record,
    palago_text,
    palagonia_actions,
    palagonia_record,
    post,
)
from .test_table_browser import SAMPLES, browser, server  # noqa: F401  (the fixtures)

pytestmark = pytest.mark.browser

STEP_KEYS: dict[Cell, str] = {
    (1, 0): "\ue014",  # ArrowRight
    (-1, 0): "\ue012",  # ArrowLeft
    (1, -1): "e",
    (0, -1): "w",
    (-1, 1): "z",
    (0, 1): "x",
}


def distance(a: Cell, b: Cell) -> int:
    dq, dr = b[0] - a[0], b[1] - a[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def keys_between(a: Cell, b: Cell) -> list[str]:
    """The keys that take the cursor from ``a`` to ``b``, a step nearer each time."""
    out = []
    while a != b:
        step = min(
            STEP_KEYS,
            key=lambda d: (
                distance((a[0] + d[0], a[1] + d[1]), b),
                abs(b[0] - a[0] - d[0]) + abs(b[1] - a[1] - d[1]),
            ),
        )
        a = (a[0] + step[0], a[1] + step[1])
        out.append(STEP_KEYS[step])
    return out


class Keyboard:
    """The page as a keyboard player uses it: keys to the element that has the focus."""

    def __init__(self, driver: Any) -> None:
        self.driver = driver

    def js(self, script: str, *args: Any) -> Any:
        return self.driver.execute_script("return " + script, *args)

    def until(self, script: str, *args: Any, seconds: float = 15) -> Any:
        return until(self.driver, script, *args, seconds=seconds)

    def press(self, *keys: str) -> None:
        from selenium.webdriver.common.action_chains import ActionChains

        for key in keys:
            ActionChains(self.driver).send_keys(key).perform()

    def confirm(self) -> None:
        """Ctrl+Enter, and the turn recorded."""
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.keys import Keys

        before = int(self.js("document.body.dataset.version"))
        ActionChains(self.driver).key_down(Keys.CONTROL).send_keys(Keys.ENTER).key_up(
            Keys.CONTROL
        ).perform()
        self.until("Number(document.body.dataset.version) > arguments[0]", before)

    def tab_to(self, script: str, most: int = 30) -> None:
        """Tab until ``script`` (about ``document.activeElement``) holds."""
        from selenium.webdriver.common.keys import Keys

        for _ in range(most):
            if self.js(script):
                return
            self.press(Keys.TAB)
        raise AssertionError(f"Tab never reached: {script}")

    @property
    def said(self) -> str:
        return str(self.js("document.getElementById('cursor-said').textContent"))

    @property
    def cursor(self) -> Cell:
        q, r = self.said.split(":", 1)[0].split(",")
        return (int(q), int(r))

    def go(self, cell: Cell) -> None:
        self.press(*keys_between(self.cursor, cell))
        assert self.cursor == cell, self.said


def no_serious_findings(driver: Any, where: str) -> None:
    findings = axe_findings(driver)
    assert findings == [], (where, findings)


def test_a_whole_palago_game_played_with_the_keyboard_alone(
    browser: Any,  # noqa: F811
    server: Server,  # noqa: F811
) -> None:
    from selenium.webdriver.common.keys import Keys

    keys = Keyboard(browser)
    browser.get(server.url)
    keys.until("document.body.dataset.phase === 'setup'")
    no_serious_findings(browser, "the set-up form")
    # The set-up form: Tab to the names, type them, Enter starts the game.
    keys.tab_to("document.activeElement === document.querySelector('#names input')")
    keys.press("Dóra", Keys.TAB, "Ivan", Keys.ENTER)
    keys.until("document.body.dataset.phase === 'turn'")
    no_serious_findings(browser, "the start of the game")
    # The board is one tab stop, with the focus drawn round it and the cursor on the middle.
    keys.tab_to("document.activeElement.id === 'board'")
    assert keys.js("document.querySelectorAll('#board [tabindex]').length") == 0
    assert keys.said == "0,0: empty. Enter lays a tile here."
    assert keys.js("document.getElementById('cursor-mark') !== null")
    outline = keys.js("getComputedStyle(document.getElementById('board')).outlineWidth")
    assert outline == "3px"
    record = palago_record()
    for number, turn in enumerate(record.turns, start=1):
        assert keys.js("document.getElementById('status').textContent").startswith(
            f"Turn {number}: "
        )
        if number == 2:  # a tile laid on the wrong cell and taken back with Delete
            keys.go((1, 0))
            keys.press(Keys.ENTER)
            keys.until("document.querySelectorAll('.hit.pending').length === 1")
            keys.press(Keys.DELETE)
            keys.until("document.querySelectorAll('.hit.pending').length === 0")
            assert keys.said == "1,0: empty. Enter lays a tile here."
        for tile in turn.tiles:
            keys.go(tile.cell)
            cell = f"{tile.cell[0]},{tile.cell[1]}"
            keys.until(
                "document.querySelector(`.hit.target[data-cell='${arguments[0]}']`) !== null", cell
            )
            keys.press(Keys.ENTER)
            for letter in "RLD":
                keys.until(
                    "document.querySelector(`.hit.pending[data-name='${arguments[0]}']`) !== null",
                    cell + letter,
                )
                assert keys.said.startswith(f"{cell}: your new tile {cell}{letter}.")
                if letter == tile.orientation.value:
                    break
                keys.press("r")
        if number == 5:
            # Up and Down keep to the column: up-right and up-left in turn, and back.
            start = keys.cursor
            keys.press(Keys.ARROW_UP, Keys.ARROW_UP)
            assert keys.cursor == (start[0] + 1, start[1] - 2)
            keys.press(Keys.ARROW_DOWN, Keys.ARROW_DOWN)
            assert keys.cursor == start
            browser.execute_script(
                "document.getElementById('status').scrollIntoView({block: 'start'})"
            )
            no_serious_findings(browser, "the middle of the game, a turn being entered")
            if os.environ.get("PALAGO_UPDATE_SAMPLES"):
                SAMPLES.mkdir(parents=True, exist_ok=True)
                browser.save_screenshot(str(SAMPLES / "table-keyboard-phone.png"))
        keys.confirm()
    keys.until("!document.getElementById('result').hidden")
    assert keys.js("document.activeElement.id") == "board"
    keys.press(Keys.ENTER)
    assert keys.said == "The game is over."
    no_serious_findings(browser, "the end of the game")
    assert server.path.read_text(encoding="utf-8") == palago_text()
    errors = [e for e in browser.get_log("browser") if e["level"] == "SEVERE"]
    assert errors == []


def test_palagonia_scores_a_removal_by_keyboard_and_the_page_without_the_token(
    browser: Any,  # noqa: F811
    server: Server,  # noqa: F811
) -> None:
    with server.client() as client:
        assert post(client, NEW_PALAGONIA).status_code == 200
        for action in palagonia_actions(palagonia_record()):
            assert post(client, action).status_code == 200
    browser.get(server.url)
    keys = Keyboard(browser)
    keys.until("document.querySelectorAll('#score-table tbody tr').length === 1")
    no_serious_findings(browser, "a Palagonia game with its scores")
    # The dice are buttons: a double of removals entered from the keyboard, then the tile.
    keys.tab_to("document.activeElement.dataset.face === 'x'")
    from selenium.webdriver.common.keys import Keys

    keys.press(Keys.ENTER)
    keys.tab_to(
        "document.activeElement.closest('.die-row[data-die=\"1\"]') !== null "
        "&& document.activeElement.dataset.face === 'x'"
    )
    keys.press(Keys.ENTER)
    keys.tab_to("document.activeElement.id === 'board'")
    keys.until("document.querySelectorAll('.hit.pick').length > 0")
    no_serious_findings(browser, "a Palagonia removal being chosen")
    # The outer tile chosen with the cursor and Enter, and the turn confirmed with Ctrl+Enter.
    q, r = keys.js("document.querySelector('.hit.pick').dataset.cell").split(",")
    keys.go((int(q), int(r)))
    assert keys.said.endswith(". Enter chooses it to remove."), keys.said
    keys.press(Keys.ENTER)
    assert keys.said.endswith(", chosen to remove. Enter leaves it."), keys.said
    keys.confirm()
    assert server.path.read_text(encoding="utf-8").endswith(f"5. [x x] x {q},{r} *\n")
    browser.get(server.base)  # without the token
    keys.until("document.querySelector('h1') !== null")
    no_serious_findings(browser, "the page without the token")
