"""Two people and the computer at a Palagonia table, in headless Chromium at phone size against a
real ``palago serve --computer-seats 3:level2`` started as a club starts it for the phones on its
Wi-Fi (``--host 0.0.0.0``, the page at this computer's network address with the token; on a
computer with no network, ``--token`` on 127.0.0.1): the new-game form offers seat 3 to the
computer, the roll-off's dice are tapped for everyone, the computer places its start tiles by
itself, the people's turns are tapped in (dice, die, tiles), the computer's dice are tapped in (the
real dice rolled for it) or rolled by the page, in turn, and its turn appears by itself with what
it did and why; an Undo takes back a person's turn and the computer's turn after it; the game is
played to its end and the record replays with ``palago replay``; axe-core finds nothing serious or
critical.

``PALAGO_UPDATE_SAMPLES=1`` also writes ``docs/samples/table-palagonia-computer-*-phone.png``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from palago_tools.core.hexgrid import cell_text
from palago_tools.engine.palagonia import PalagoniaPlayer
from palago_tools.notation import parse_file
from palago_tools.notation import records as rec
from palago_tools.replays.game import play_turns, start_replay
from palago_tools.rules import palagonia as pn

from .browser_support import axe_findings
from .table_support import Server, network_args, replayed_report, serving
from .test_table_browser import Table, browser  # noqa: F401  (the fixture)

pytestmark = pytest.mark.browser

COMPUTER = "palago-tools palagonia level2"


@pytest.fixture
def computer_server(tmp_path: Path) -> Iterator[Server]:
    args = (*network_args(), "--computer-seats", "3:level2")
    with serving(tmp_path / "game.palago", *args) as running:
        yield running


def live(path: Path) -> pn.Palagonia:
    """The game in the record file now."""
    (record,) = parse_file(path).records
    assert isinstance(record, rec.PalagoniaGame)
    report, game = start_replay(record)
    assert isinstance(game, pn.Palagonia) and play_turns(record, game, report, record.turns)
    return game


def shot(table: Table, name: str, at: str = "") -> None:
    """A sample screenshot from the top of the page (the status, the board, the last turn), or
    with the element ``at`` at the top."""
    if at:
        table.driver.execute_script(f"document.querySelector('{at}').scrollIntoView()")
    else:
        table.driver.execute_script("scrollTo(0, 0)")
    table.shot(name)


def state(table: Table) -> Any:
    return table.driver.execute_script("return S")


def settled(table: Table) -> Any:
    """The page's state once the computer has nothing left to do by itself."""
    table.until("S && !S.thinking", seconds=60)
    return state(table)


def human_turn(table: Table, path: Path, rng: random.Random) -> None:
    """A person's turn as tapped in: the two dice, the die used, the board, Confirm."""
    faces = [rng.choice(pn.FACES), rng.choice(pn.FACES)]
    choice = PalagoniaPlayer("greedy").choose(live(path), (faces[0], faces[1]))
    for index, face in enumerate(faces):
        table.face(f"#dice .die-row[data-die='{index}']", face.value)
    if choice.die is not None and table.driver.execute_script("return chosen") != choice.die.value:
        table.face("#choose", choice.die.value)
    action = choice.action
    if isinstance(action, pn.PlaceAction):
        for tile in action.tiles:
            table.place(tile)
    elif isinstance(action, (pn.RemoveAction, pn.RotateAction)):
        cell = cell_text(action.cell)
        table.until("document.querySelector(`.hit.pick[data-cell='${arguments[0]}']`)", cell)
        table.tap("pick", cell)
        if isinstance(action, pn.RotateAction):
            want = action.orientation.value
            table.until("turnTo !== null")
            if table.driver.execute_script("return turnTo") != want:
                table.until(
                    "document.querySelector(`.hit.pick[data-cell='${arguments[0]}']`)", cell
                )
                table.tap("pick", cell)
            table.until("turnTo === arguments[0]", want)
    table.confirm()


def computer_turn(table: Table, path: Path, rng: random.Random, by_page: bool) -> str:
    """The dice rolled for the computer, tapped in (or rolled by the page); its turn then
    appears by itself, with those dice: what the page says it did."""
    table.until("S.computer_roll && !document.getElementById('dice').hidden")
    before = table.version
    faces = (rng.choice(pn.FACES), rng.choice(pn.FACES))
    if by_page:
        # The page rolls with crypto.getRandomValues: the numbers of this one roll come from
        # ``rng``, so the game is the same every run (the button still rolls them); the ids of
        # the changes sent stay the browser's own random numbers.
        values = [pn.FACES.index(face) + 6 * rng.randrange(2**28) for face in faces]
        table.driver.execute_script(
            "const values = arguments[0];"
            "crypto.getRandomValues = (array) => {"
            "  delete crypto.getRandomValues;"
            "  if (!(array instanceof Uint32Array && array.length === 2))"
            "    throw Error('not the dice');"
            "  array.set(values);"
            "  return array;"
            "};",
            values,
        )
        table.click("#page-roll")
    else:
        for index, face in enumerate(faces):
            table.face(f"#dice .die-row[data-die='{index}']", face.value)
        table.until("document.getElementById('confirm').textContent === 'Enter the dice rolled'")
        table.confirm()
    table.until("Number(document.body.dataset.version) > arguments[0] + 1", before, seconds=60)
    now = settled(table)
    (record,) = parse_file(path).records
    assert isinstance(record, rec.PalagoniaGame)
    assert record.turns[-1].roll.faces == faces  # the computer's turn, with the dice rolled
    return str(now["outcome"]["text"])


def test_two_people_and_the_computer_play_a_palagonia_game_to_its_end(
    browser: Any,  # noqa: F811
    computer_server: Server,
) -> None:
    table = Table(browser, computer_server)
    path = computer_server.path
    rng = random.Random(40)
    # The form: Palagonia, three seats, the third the computer's (palago serve --computer-seats).
    table.until("document.querySelectorAll('#names select.seat-player').length === 3")
    assert table.driver.execute_script(
        "return [...document.querySelectorAll('#names select.seat-player')].map(s => s.value)"
    ) == ["", "", "level2"]
    assert axe_findings(browser) == []
    inputs = table.driver.execute_script("return [...document.querySelectorAll('#names input')]")
    assert inputs[2].get_attribute("placeholder") == COMPUTER and not inputs[2].is_enabled()
    inputs[0].send_keys("Anna")
    inputs[1].send_keys("Ben")
    supply = table.find("#supply")
    supply.clear()
    supply.send_keys("24")
    before = table.version
    table.click("#start")
    table.until("Number(document.body.dataset.version) > arguments[0]", before)
    assert [p["computer"] for p in state(table)["players"]] == [False, False, True]
    # The roll-off: the computer's die is tapped in like everyone's; it wins and starts.
    for seat, face in enumerate(["2", "3", "5"]):
        table.face(f"#rolloff-rows .die-row[data-seat='{seat}']", face)
    before = table.version
    table.click("#rolloff-send")
    table.until("Number(document.body.dataset.version) > arguments[0] + 1", before, seconds=60)
    now = settled(table)
    assert now["outcome"]["text"].startswith(f"0. {COMPUTER} starts: ")
    said: list[str] = []
    undone = ""
    by_page = False
    while not state(table)["over"]:
        now = settled(table)
        if now["computer_roll"]:
            said.append(computer_turn(table, path, rng, by_page))
            by_page = not by_page
            if state(table)["phase"] == "over":
                break
            if not undone and "and" in (state(table)["undo_label"] or ""):
                undone = state(table)["undo_label"]
                if len(said) == 1:
                    shot(table, "table-palagonia-computer-phone.png")
                before = table.version
                table.click("#undo")
                table.until("!document.getElementById('undo-ask').hidden")
                table.click("#undo-yes")
                table.until("Number(document.body.dataset.version) > arguments[0]", before)
                text = settled(table)["outcome"]["text"]
                assert text.startswith(f"Took back {undone}"), text
            continue
        human_turn(table, path, rng)
        if state(table)["computer_roll"] and len(said) == 1:
            shot(table, "table-palagonia-computer-dice-phone.png")
            assert axe_findings(browser) == []
    assert undone.startswith("turns ") and len(said) >= 2
    # Every computer turn said, in one line, which die it took and what that did.
    assert all(f". {COMPUTER}: " in line for line in said), said
    assert any(": took the " in line for line in said), said
    assert axe_findings(browser) == []
    shot(table, "table-palagonia-computer-over-phone.png", "#scores")
    # The score table's heads: the computer's column says which player in words, nothing cut.
    heads = browser.execute_script(
        "return [...document.querySelectorAll('#score-table thead th[title]')].map(th =>"
        " [th.textContent, th.title, th.scrollWidth <= th.clientWidth])"
    )
    assert heads == [
        ["Anna", "Anna", True],
        ["Ben", "Ben", True],
        ["computer level2", COMPUTER, True],
    ], heads
    (record,) = parse_file(path).records
    assert isinstance(record, rec.PalagoniaGame)
    assert record.players == ("Anna", "Ben", COMPUTER) and record.scores is not None
    report = replayed_report(path)
    assert report["error"] is None and report["game_over"]
    assert table.errors() == []
