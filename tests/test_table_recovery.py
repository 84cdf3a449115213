"""A turn is never lost nor recorded twice, in headless Chromium at phone size against a real
``palago serve`` killed (SIGKILL) and started again on the same file and port:

- the server dies before the turn arrives: Confirm keeps the turn on the phone ("Not sent yet"),
  across a reload too, and "Try again" after the restart records it once (on the computer's
  network address, as the phones at a club reach it, where this computer has one);
- the server records the turn and its answer is lost, then it restarts: "Try again" is told the
  turn is there already, and the record holds it once;
- tiles tapped and not yet confirmed survive a reload of the page and a restart of the server.

``PALAGO_UPDATE_SAMPLES=1`` also writes ``docs/samples/table-failed-request-phone.png`` and
``table-recovered-phone.png``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from palago_tools.core.tiles import Tile

from .table_support import Server, free_port, network_args
from .test_table_browser import Table, browser, new_game  # noqa: F401  (the fixture)

pytestmark = pytest.mark.browser

UNSENT = "return JSON.parse(localStorage.getItem('palago-table:unsent:game.palago'))"


def message(table: Table) -> str:
    return str(table.find("#message").text)


def pending(table: Table) -> list[str]:
    return list(
        table.driver.execute_script(
            "return [...document.querySelectorAll('.hit.pending')].map(h => h.dataset.name)"
        )
    )


def refused_or_reset(table: Table) -> list[str]:
    """Console errors but those of a server away (refused, or a poll cut off by the kill)."""
    away = ("ERR_CONNECTION_REFUSED", "ERR_CONNECTION_RESET", "ERR_EMPTY_RESPONSE")
    return [e for e in table.errors() if not any(word in e for word in away)]


def test_a_turn_confirmed_while_the_server_is_down_is_sent_once_by_try_again(
    browser: Any,  # noqa: F811
    tmp_path: Path,
) -> None:
    path = tmp_path / "game.palago"
    args = (*network_args(), "--port", str(free_port()))
    first = Server(path, *args)
    if "--host" in args:  # the page at the computer's address on its network, as a phone has it
        assert not first.base.startswith(("http://127.", "http://localhost"))
    try:
        table = Table(browser, first)
        new_game(table, "Palago", ["Dóra", "Ivan"])
        table.place(Tile.parse("0,0L"))
        table.place(Tile.parse("-1,0R"))
        table.confirm()
        table.place(Tile.parse("0,1R"))
        table.place(Tile.parse("-1,1D"))
    finally:
        first.kill()
    table.click("#confirm")
    table.until("!document.getElementById('retry').hidden")
    assert message(table) == (
        "Not sent yet: the turn 0,1R -1,1D is kept on this phone. The table's server does not "
        "answer: Try again when it is back."
    )
    kept = browser.execute_script(UNSENT)
    assert kept["body"]["tiles"] == ["0,1R", "-1,1D"] and kept["body"]["id"] == kept["id"]
    assert not table.find("#confirm").get_attribute("disabled")  # nothing stays frozen
    table.until("!document.getElementById('offline').hidden")
    browser.execute_script("document.getElementById('status').scrollIntoView({block: 'start'})")
    table.shot("table-failed-request-phone.png")
    second = Server(path, *args)
    try:
        assert second.url == first.url  # the same address: the token is kept next to the record
        table.until("document.getElementById('offline').hidden")
        table.until("document.getElementById('message').textContent.includes('The server is back')")
        assert message(table) == (
            "Not sent yet: the turn 0,1R -1,1D is kept on this phone. The server is back (it "
            "was restarted): Try again sends it."
        )
        assert pending(table) == ["0,1R", "-1,1D"]  # the tiles are still on the board
        browser.execute_script("window.scrollTo(0, 0)")
        table.shot("table-recovered-phone.png")
        # Kept on the phone: a reload finds the turn and says so.
        browser.refresh()
        table.until("document.getElementById('message').textContent.startsWith('Not sent yet')")
        assert message(table).endswith("is kept on this phone. Try again sends it.")
        assert pending(table) == ["0,1R", "-1,1D"]
        assert "check the last turn" not in browser.find_element("tag name", "body").text
        assert path.read_text(encoding="utf-8").endswith("1. 0,0L -1,0R *\n")
        before = table.version
        table.click("#retry")
        table.until("Number(document.body.dataset.version) > arguments[0]", before)
        assert path.read_text(encoding="utf-8").endswith("1. 0,0L -1,0R 2. 0,1R -1,1D *\n")
        assert message(table) == "" and table.find("#retry").get_attribute("hidden")
        assert browser.execute_script(UNSENT) is None and pending(table) == []
        assert table.find("#status").text == "Turn 3: Yellow (Dóra) places two tiles"
    finally:
        second.stop()
    assert refused_or_reset(table) == []


DROP_NEXT_ANSWER = """
const real = window.fetch;
window.fetch = async (url, options) => {
  const answer = await real(url, options);
  if (String(url).includes('api/action') && !window.dropped) {
    window.dropped = true;  // the server got it and answered; the phone never hears
    throw new TypeError('Failed to fetch');
  }
  return answer;
};
"""


def test_a_turn_recorded_before_its_answer_was_lost_is_not_recorded_twice(
    browser: Any,  # noqa: F811
    tmp_path: Path,
) -> None:
    path = tmp_path / "game.palago"
    args = ("--token", "--port", str(free_port()))
    first = Server(path, *args)
    try:
        table = Table(browser, first)
        new_game(table, "Palago", ["Dóra", "Ivan"])
        table.place(Tile.parse("0,0L"))
        table.place(Tile.parse("-1,0R"))
        browser.execute_script(DROP_NEXT_ANSWER)
        table.click("#confirm")
        table.until("!document.getElementById('retry').hidden")
        assert message(table).startswith("Not sent yet: the turn 0,0L -1,0R is kept")
        assert path.read_text(encoding="utf-8").endswith("1. 0,0L -1,0R *\n")
    finally:
        first.kill()
    second = Server(path, *args)
    try:
        table.until("document.getElementById('message').textContent.includes('The server is back')")
        assert pending(table) == []  # the game moved on: those tiles are in it now
        table.click("#retry")
        table.until("document.getElementById('message').textContent.includes('already')")
        assert message(table) == (
            "The server had the turn 0,0L -1,0R already (its answer was lost): it is recorded once."
        )
        assert path.read_text(encoding="utf-8").endswith("\n1. 0,0L -1,0R *\n")
        assert browser.execute_script(UNSENT) is None
        assert table.find("#status").text == "Turn 2: Blue (Ivan) places two tiles"
    finally:
        second.stop()
    assert refused_or_reset(table) == []


def test_tapped_tiles_survive_a_reload_and_a_restart(browser: Any, tmp_path: Path) -> None:  # noqa: F811
    path = tmp_path / "game.palago"
    args = ("--token", "--port", str(free_port()))
    first = Server(path, *args)
    try:
        table = Table(browser, first)
        new_game(table, "Palago", ["Dóra", "Ivan"])
        table.place(Tile.parse("0,0D"))
        browser.refresh()
        table.until("document.querySelectorAll('.hit.pending').length === 1")
        assert pending(table) == ["0,0D"]
    finally:
        first.kill()
    second = Server(path, *args)
    try:
        table.until("document.getElementById('message').textContent.includes('restarted')")
        assert message(table) == "The server was restarted; the tiles you tapped are kept."
        assert pending(table) == ["0,0D"]
        table.place(Tile.parse("1,0L"))
        table.confirm()
        assert path.read_text(encoding="utf-8").endswith("\n1. 0,0D 1,0L *\n")
        browser.refresh()  # confirmed: nothing is kept any more
        table.until("document.body.dataset.phase === 'turn'")
        assert pending(table) == [] and message(table) == ""
    finally:
        second.stop()
    assert refused_or_reset(table) == []
