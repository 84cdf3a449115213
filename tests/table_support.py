"""What the table's tests share: the games they play, a session driver, and a real server
(``python -m palago_tools serve``) run on a loopback port for the length of a test."""

from __future__ import annotations

import datetime
import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

import httpx

from palago_tools.core.hexgrid import ring
from palago_tools.notation import parse_file, parse_text
from palago_tools.notation import records as rec
from palago_tools.table.session import Session

ROOT = Path(__file__).resolve().parent.parent
RecordT = TypeVar("RecordT", rec.PalagoGame, rec.PalagoniaGame)

TODAY = datetime.date.today().strftime("%Y.%m.%d")

PALAGO_GAME = """[Kind "Palago"]
[Date "{date}"]
[Yellow "Dóra"]
[Blue "Ivan"]
[First "Yellow"]
[Result "1-0"]

1. 0,0L -1,0R 2. 0,1R -1,1D 3. 1,1D 1,0R 4. 1,-1L 0,-1L 5. 0,2R 0,3R 6. 0,4D
-1,5L 7. 1,-2D 1-0
"""
"""A whole Palago game played at the table: Yellow wins at turn 7 with one tile."""


def palago_text() -> str:
    return PALAGO_GAME.format(date=TODAY)


PALAGONIA_GAME = """[Kind "Palagonia"]
[Date "{date}"]
[Player1 "Anna"]
[Player2 "Boris"]
[Player3 "Chen"]
[Result "*"]

0. [3 5 5] [x 3] 3: 0,0D 1,-1D 0,1L 1. [4 x] 4: 2,-2L 2,-3D 1,-2D 1,-3R 2.
[x 5] 5: 1,-4D 0,-3R 0,-2L -1,-1R 0,-1L 3. [x x] x 1,-3 3+. [3 5] 3: 0,2R -1,3R
0,3D 4. [x 2] 2: 1,3R 0,4D *
"""
"""A Palagonia start with a tie in the roll-off, a shared score (turn 2), a double of removals
(turn 3, then the extra turn 3+) and a removal."""


def palagonia_text() -> str:
    return PALAGONIA_GAME.format(date=TODAY)


def palagonia_record() -> rec.PalagoniaGame:
    (record,) = parse_text(palagonia_text()).records
    assert isinstance(record, rec.PalagoniaGame)
    return record


def palago_record() -> rec.PalagoGame:
    (record,) = parse_text(palago_text()).records
    assert isinstance(record, rec.PalagoGame)
    return record


def palago_turns(record: rec.PalagoGame) -> list[list[str]]:
    return [[t.token for t in turn.tiles] for turn in record.turns]


def palagonia_actions(record: rec.PalagoniaGame) -> list[dict[str, Any]]:
    """The actions a table client sends to play ``record``: roll-off rounds, the start, turns."""
    actions: list[dict[str, Any]] = []
    for turn in record.turns:
        if turn.is_start:
            for roll in turn.rolls:
                actions.append({"type": "rolloff", "faces": [f.value for f in roll.faces]})
            assert isinstance(turn.action, rec.Place)
            actions.append({"type": "start", "tiles": [t.token for t in turn.action.tiles]})
            continue
        action: dict[str, Any] = {"type": "turn", "roll": [f.value for f in turn.roll.faces]}
        action["die"] = None if turn.chosen is None else turn.chosen.value
        if isinstance(turn.action, rec.Place):
            action["place"] = [t.token for t in turn.action.tiles]
        elif isinstance(turn.action, rec.Remove):
            action["remove"] = f"{turn.action.cell[0]},{turn.action.cell[1]}"
        else:
            action["rotate"] = turn.action.tile.token
        actions.append(action)
    return actions


def act(session: Session, action: dict[str, Any]) -> None:
    """Apply ``action`` against the session's current version."""
    session.apply({**action, "version": session.version, "instance": session.instance})


NEW_PALAGO = {"type": "new", "kind": "Palago", "names": ["Dóra", "Ivan"]}
NEW_PALAGONIA = {"type": "new", "kind": "Palagonia", "names": ["Anna", "Boris", "Chen"]}


# --- A large game ----


def grown_palagonia(path: Path, tiles: int, rng: random.Random, supply: int = 400) -> list[str]:
    """Write a Palagonia game of ``tiles`` tiles (a few more when a ring's last turn needs
    them) grown ring by ring from a bag of ``supply`` to ``path`` (as a continued file: the
    table's own set-up takes at most two sets); return two tiles a next turn may place."""
    game = rec.PalagoniaGame(players=("Anna", "Boris", "Chen"), turns=(), tiles=supply)
    session = Session(path, game)

    def act(action: dict[str, Any]) -> None:
        session.apply({**action, "version": session.version, "instance": session.instance})

    cells = [c for k in range(14) for c in ring((0, 0), k)]
    tokens = [f"{q},{r}{rng.choice('RLD')}" for q, r in cells]
    act({"type": "rolloff", "faces": ["3", "2", "x"]})
    act({"type": "start", "tiles": tokens[:3]})
    groups = [list(range(3, 7))]  # the rest of ring 1, then each ring three by three
    for k in range(2, 14):
        first = 1 + 3 * k * (k - 1)
        ring_cells = list(range(first, first + 6 * k))
        groups += [ring_cells[i : i + 3] for i in range(0, len(ring_cells), 3)]
    placed = 3
    for group in groups:
        if placed >= tiles:
            break
        place = [tokens[i] for i in group]
        act(
            {"type": "turn", "roll": [str(len(place)), "x"], "die": str(len(place)), "place": place}
        )
        placed += len(place)
    return tokens[placed : placed + 2]


# --- A real server -------------------------------------------------------------------------


class Server:
    """``palago serve FILE --port 0`` (and ``args``) in a child process, started as a user
    would start it; :attr:`url` is the address it printed (with its token, if any), :attr:`base`
    the same without the token, once it answers."""

    def __init__(self, path: Path, *args: str) -> None:
        self.path = path
        self.args = args
        self.process = subprocess.Popen(
            [sys.executable, "-u", "-m", "palago_tools", "serve", str(path), "--port", "0", *args],
            cwd=str(path.parent),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if "http://" not in line:
            self.kill()
            raise AssertionError(
                f"palago serve did not start: {line!r} "
                f"{self.process.stderr.read() if self.process.stderr else ''}"
            )
        self.url = line.split(" at ", 1)[1].split(" ", 1)[0]
        self.base, _, query = self.url.partition("?")
        self.token = query.removeprefix("token=") or None
        self._wait()

    @property
    def headers(self) -> dict[str, str]:
        return {"X-Palago-Token": self.token} if self.token else {}

    def _wait(self) -> None:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                if (
                    httpx.get(
                        self.base + "api/version", headers=self.headers, timeout=2
                    ).status_code
                    == 200
                ):
                    return
            except httpx.HTTPError:
                time.sleep(0.05)
        raise AssertionError("palago serve did not answer")

    def client(self) -> httpx.Client:
        return httpx.Client(base_url=self.base, timeout=10, headers=self.headers)

    def kill(self) -> None:
        """End the server at once (SIGKILL: no chance to tidy up)."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)
        for stream in (self.process.stdout, self.process.stderr):
            if stream is not None:
                stream.close()

    def stop(self) -> None:
        """End the server as Ctrl+C does."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                pass
        self.kill()


def free_port() -> int:
    """A TCP port free on this computer now."""
    with socket.socket() as probe:
        probe.bind(("0.0.0.0", 0))
        return int(probe.getsockname()[1])


def network_args() -> tuple[str, ...]:
    """How a club starts the table for the phones on its Wi-Fi: ``--host 0.0.0.0``, the page
    opened at this computer's address on its network with the token; on a computer without a
    network (only loopback) the same page with its token on 127.0.0.1 (``--token``)."""
    from palago_tools.table.addresses import phone_addresses
    from palago_tools.table.app import is_loopback_host

    if is_loopback_host(phone_addresses("0.0.0.0")[0]):
        return ("--token",)
    return ("--host", "0.0.0.0")


@contextmanager
def serving(path: Path, *args: str) -> Iterator[Server]:
    server = Server(path, *args)
    try:
        yield server
    finally:
        server.stop()


def post(client: httpx.Client, action: dict[str, Any]) -> httpx.Response:
    """Send ``action`` against the server's current version."""
    now = client.get("api/version").json()
    return client.post("api/action", json={**action, **now})


def replayed_report(path: Path) -> dict[str, Any]:
    """The first record's report of ``palago replay PATH --json``, run as a user runs it."""
    done = subprocess.run(
        [sys.executable, "-m", "palago_tools", "replay", str(path), "--json"],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    report = json.loads(done.stdout)
    first: dict[str, Any] = (
        report[0] if isinstance(report, list) else report.get("records", [report])[0]
    )
    return first


def saved(path: Path, kind: type[RecordT]) -> RecordT:
    """The one record of the file ``path``, a game of ``kind``."""
    (record,) = parse_file(path).records
    assert isinstance(record, kind)
    return record


def run_serve(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """``palago serve ARGS --port 0`` in ``cwd``, run as a user runs it, to its end (the tests
    give it a usage mistake)."""
    return subprocess.run(
        [sys.executable, "-m", "palago_tools", "serve", *args, "--port", "0"],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        check=False,
    )
