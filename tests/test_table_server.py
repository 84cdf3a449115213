"""The table's web application: its answers and headers (in process), and faults against a real
``palago serve`` on a loopback port: killed between turns and restarted, two clients acting on
one turn at once, and a thousand bad requests."""

from __future__ import annotations

import json
import os
import random
import threading
import warnings
from pathlib import Path
from typing import Any

import httpx
import pytest

with warnings.catch_warnings():
    # Starlette 1.x asks for httpx2 and warns at import; its TestClient works with httpx.
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from palago_tools.notation import parse_file
from palago_tools.table.app import MAX_BODY, create_app
from palago_tools.table.session import Session

from .table_support import (
    NEW_PALAGO,
    NEW_PALAGONIA,
    act,
    palago_record,
    palago_text,
    palago_turns,
    palagonia_actions,
    palagonia_record,
    post,
    serving,
)

LOCAL = "http://127.0.0.1:8000"


def client_for(
    session: Session, token: str | None = None, loopback: bool = True, address: str | None = None
) -> TestClient:
    return TestClient(
        create_app(session, token=token, loopback=loopback, address=address), base_url=LOCAL
    )


# --- In process ------------------------------------------------------------------------------


def test_the_page_loads_nothing_from_elsewhere(tmp_path: Path) -> None:
    client = client_for(Session.open(tmp_path / "game.palago"))
    page = client.get("/")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    csp = page.headers["content-security-policy"]
    assert "default-src 'none'" in csp and "script-src 'self'" in csp
    assert page.headers["x-frame-options"] == "DENY" and page.headers["cache-control"] == "no-store"
    assert "http" not in page.text.replace('content="width=device-width', "")
    for asset in ("table.css", "table.js"):
        answer = client.get(f"/assets/{asset}")
        assert (
            answer.status_code == 200
            and "http://" not in answer.text
            and "https://" not in answer.text
        )
    style = client.get("/assets/table.css").text
    assert style.startswith(":root{color-scheme:light;") and "prefers-color-scheme:dark" in style
    assert ".movelist" not in style  # the viewer's colours, not its layout
    assert client.get("/assets/index.html").status_code == 404
    assert client.get("/assets/..%2F..%2Fsession.py").status_code == 404


def test_a_turn_over_http(tmp_path: Path) -> None:
    client = client_for(Session.open(tmp_path / "game.palago"))
    state = client.get("/api/state").json()
    assert state["phase"] == "setup" and state["version"] == 0
    answer = client.post(
        "/api/action", json={**NEW_PALAGO, "version": 0, "instance": state["instance"]}
    )
    assert answer.status_code == 200 and answer.json()["phase"] == "turn"
    turn = {"type": "turn", "tiles": ["0,0L", "-1,0R"], "version": 1, "instance": state["instance"]}
    assert client.post("/api/action", json=turn).status_code == 200
    again = client.post("/api/action", json=turn)
    assert again.status_code == 409 and again.json()["stale"] is True
    assert again.json()["error"] == (
        "the game changed on another device (or the computer played) before this arrived, so it "
        "was not recorded; the page shows the game as it is now"
    )
    illegal = client.post("/api/action", json={**turn, "version": 2, "tiles": ["5,5R", "5,6R"]})
    assert illegal.status_code == 422
    assert illegal.json() == {
        "error": (
            "tiles 5,5R 5,6R do not touch the palago; at least one tile of a turn must touch it"
        ),
        "rule": "touch-palago",
    }
    board = client.post("/api/board", json={"pending": ["0,1R"]})
    assert board.status_code == 200 and 'data-name="0,1R"' in board.json()["board"]
    record = client.get("/export/record")
    assert record.headers["content-disposition"] == 'attachment; filename="game.palago"'
    assert record.text.endswith("1. 0,0L -1,0R *\n")


@pytest.mark.parametrize(
    ("body", "headers", "status", "words"),
    [
        (b"{", {"content-type": "application/json"}, 400, "not valid JSON"),
        (b"[1, 2]", {"content-type": "application/json"}, 400, "must be a JSON object"),
        (b'{"type": NaN}', {"content-type": "application/json"}, 400, "NaN is not a JSON number"),
        (b"[" * 50000 + b"]" * 50000, {"content-type": "application/json"}, 413, "larger than"),
        (b"\xff\xfe", {"content-type": "application/json"}, 400, "not valid JSON"),
        (b'{"type": "undo"}', {"content-type": "text/plain"}, 415, "as JSON"),
        (b'{"type": "undo"}', {"content-type": "application/json"}, 400, "needs a field 'version'"),
        (
            b'{"type": "undo", "version": "1"}',
            {"content-type": "application/json"},
            400,
            "must be a whole number",
        ),
    ],
)
def test_bad_bodies_get_a_json_4xx(
    tmp_path: Path, body: bytes, headers: dict[str, str], status: int, words: str
) -> None:
    client = client_for(Session.open(tmp_path / "game.palago"))
    answer = client.post("/api/action", content=body, headers=headers)
    assert answer.status_code == status and words in answer.json()["error"]


def test_the_size_limit_holds_without_a_content_length(tmp_path: Path) -> None:
    client = client_for(Session.open(tmp_path / "game.palago"))

    def chunks() -> Any:
        for _ in range(40):
            yield b" " * 1024

    answer = client.post(
        "/api/action", content=chunks(), headers={"content-type": "application/json"}
    )
    assert answer.status_code == 413 and str(MAX_BODY) in answer.json()["error"]


def test_wrong_methods_and_paths(tmp_path: Path) -> None:
    client = client_for(Session.open(tmp_path / "game.palago"))
    assert client.get("/api/action").status_code == 405
    assert client.delete("/api/state").status_code == 405
    missing = client.get("/etc/passwd")
    assert missing.status_code == 404 and missing.json() == {"error": "Not Found"}
    assert client.get("/export/record").status_code == 404  # no game yet
    assert client.get("/export/..%2f..%2fgame.palago").status_code == 404


def test_a_token_guards_a_table_open_to_the_network(tmp_path: Path) -> None:
    client = client_for(Session.open(tmp_path / "game.palago"), token="s3cret", loopback=False)
    assert client.get("/api/state").status_code == 401
    assert client.get("/api/state", headers={"x-palago-token": "wrong"}).status_code == 401
    assert client.get("/api/state", headers={"x-palago-token": "s3cret"}).status_code == 200
    assert client.get("/?token=s3cret").status_code == 200
    assert (
        client.get(
            "/", headers={"host": "table.example:8000"}, params={"token": "s3cret"}
        ).status_code
        == 200
    )


def test_without_its_token_a_browser_gets_a_page_that_says_how_to_get_in(tmp_path: Path) -> None:
    client = client_for(Session.open(tmp_path / "game.palago"), token="s3cret", loopback=False)
    browser = {"accept": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"}
    page = client.get("/", headers=browser)
    assert page.status_code == 401 and page.headers["content-type"].startswith("text/html")
    assert "scan the QR code" in page.text and "?token=" in page.text
    assert "s3cret" not in page.text and "set-cookie" not in page.headers
    csp = page.headers["content-security-policy"]
    assert "default-src 'none'" in csp and "style-src 'sha256-" in csp and "script" not in csp
    # An API client (the page's own requests ask for JSON) still gets the JSON error.
    for headers in ({}, {"accept": "application/json"}):
        answer = client.get("/api/state", headers=headers)
        assert answer.status_code == 401
        assert answer.json() == {
            "error": "this table needs its token: open the address palago serve printed"
        }
    refused = client.post("/api/action", json={**NEW_PALAGO, "version": 0}, headers=browser)
    assert refused.status_code == 401 and "error" in refused.json()
    assert not (tmp_path / "game.palago").exists()


@pytest.mark.parametrize(
    ("turns", "first", "tiles", "result"),
    [
        (
            "0,0R 0,1L | -1,0R -1,1R | 0,-1D",
            "yellow",
            48,
            "Yellow (Dóra) won in turn 3: Yellow's tile 0,-1D completed a yellow creature",
        ),
        (  # the loser's own tile completes the winner's creature
            "0,0R 0,1L | -1,0R -1,1R | 0,-1D",
            "blue",
            48,
            "Yellow (Dóra) won in turn 3: Blue's own tile 0,-1D completed a yellow creature, "
            "and a creature wins for its colour, whoever completes it",
        ),
        (
            "-2,1R -1,1L | -1,0L 0,-1D | -1,2D 0,1L | 1,0R 2,0R | 0,0L",
            "yellow",
            48,
            "Blue (Ivan) won in turn 5: Yellow's tile 0,0L completed creatures of both colours, "
            "and whoever completes both loses",
        ),
        (
            "0,0R 1,0L | 0,1D 1,1R",
            "yellow",
            4,
            "Drawn: the supply ran out before any creature was completed",
        ),
    ],
)
def test_the_end_says_how_the_game_was_decided(
    tmp_path: Path, turns: str, first: str, tiles: int, result: str
) -> None:
    client = client_for(Session.open(tmp_path / "game.palago"))
    instance = client.get("/api/state").json()["instance"]
    new = {**NEW_PALAGO, "first": first, "tiles": tiles, "version": 0, "instance": instance}
    assert client.post("/api/action", json=new).status_code == 200
    for version, turn in enumerate(turns.split(" | "), start=1):
        action = {"type": "turn", "tiles": turn.split(), "version": version, "instance": instance}
        answer = client.post("/api/action", json=action)
        assert answer.status_code == 200, answer.text
    state = answer.json()
    assert state["over"] and state["result"] == result and state["status"] == result
    assert state["outcome"]["text"].endswith(" — " + result)


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [t for k, v in value.items() if k != "board" for t in _strings(v)]
    if isinstance(value, list):
        return [t for v in value for t in _strings(v)]
    return []


def test_the_computer_has_one_name_on_the_page_in_its_messages_and_in_the_record(
    tmp_path: Path,
) -> None:
    """The record's tag is the engine's name (the engine's protocol and matches write it, and
    the table reads who plays from it): the page says the same words everywhere."""
    path = tmp_path / "game.palago"
    session = Session.open(path)
    client = client_for(session)
    instance = client.get("/api/state").json()["instance"]
    new = {
        "type": "new",
        "kind": "Palago",
        "names": ["Dóra", ""],
        "computer": "blue",
        "level": 1,
        "version": 0,
        "instance": instance,
    }
    assert client.post("/api/action", json=new).status_code == 200
    turn = {"type": "turn", "tiles": ["0,0R", "0,1L"], "version": 1, "instance": instance}
    thinking = client.post("/api/action", json=turn).json()  # answered before the reply
    session.thinker.settle()
    played = client.get("/api/state").json()
    name = "palago-tools engine level 1"
    assert f'[Blue "{name}"]' in client.get("/export/record").text
    assert thinking["status"] == f"Turn 2: Blue ({name}) is thinking…"
    assert played["players"][1]["name"] == name
    assert played["moves"][1]["player"] == f"Blue ({name})"
    assert played["outcome"]["text"].startswith(f"Blue ({name}): 2. ")
    said = _strings([thinking, played])
    for other in ("Computer (", "the computer, level", "engine, level"):
        assert not [text for text in said if other in text], other


def test_a_loopback_table_refuses_other_host_names_and_sites(tmp_path: Path) -> None:
    client = client_for(Session.open(tmp_path / "game.palago"))
    assert client.get("/", headers={"host": "attacker.example"}).status_code == 421
    assert client.get("/", headers={"host": "localhost:8000"}).status_code == 200
    foreign = client.post(
        "/api/action",
        json={**NEW_PALAGO, "version": 0},
        headers={"origin": "http://attacker.example"},
    )
    assert foreign.status_code == 403 and not (tmp_path / "game.palago").exists()


# --- Against a real server -------------------------------------------------------------------


def test_killed_between_turns_and_restarted_the_game_goes_on(tmp_path: Path) -> None:
    path = tmp_path / "game.palago"
    turns = palago_turns(palago_record())
    with serving(path) as server, server.client() as client:
        assert post(client, NEW_PALAGO).status_code == 200
        for tiles in turns[:3]:
            assert post(client, {"type": "turn", "tiles": tiles}).status_code == 200
        server.kill()
    with serving(path) as server, server.client() as client:
        state = client.get("api/state").json()
        assert [m["move"] for m in state["moves"]] == [" ".join(t) for t in turns[:3]]
        assert state["status"] == "Turn 4: Blue (Ivan) places two tiles"
        for tiles in turns[3:5]:
            assert post(client, {"type": "turn", "tiles": tiles}).status_code == 200
        server.kill()
    with serving(path) as server, server.client() as client:
        for tiles in turns[5:]:
            assert post(client, {"type": "turn", "tiles": tiles}).status_code == 200
    assert path.read_text(encoding="utf-8") == palago_text()


def test_two_clients_on_one_turn_exactly_one_is_applied(tmp_path: Path) -> None:
    path = tmp_path / "game.palago"
    with serving(path) as server, server.client() as setup:
        assert post(setup, NEW_PALAGO).status_code == 200
        for round_number in range(3):
            now = setup.get("api/version").json()
            moves = (["0,0L", "-1,0R"], ["0,0R", "1,0L"]) if round_number == 0 else None
            if moves is None:
                frontier = setup.get("api/state").json()
                assert frontier["phase"] == "turn"
                tiles = palago_turns(palago_record())[round_number]
                moves = (tiles, tiles)
            barrier = threading.Barrier(2)
            answers: list[httpx.Response] = []

            def send(
                tiles: list[str],
                barrier: threading.Barrier = barrier,
                answers: list[httpx.Response] = answers,
                now: dict[str, object] = now,
            ) -> None:
                with server.client() as client:
                    barrier.wait()
                    answers.append(
                        client.post("api/action", json={"type": "turn", "tiles": tiles, **now})
                    )

            threads = [threading.Thread(target=send, args=(m,)) for m in moves]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(20)
            codes = sorted(a.status_code for a in answers)
            assert codes == [200, 409], [a.text for a in answers]
            state = setup.get("api/state").json()
            assert len(state["moves"]) == round_number + 1
            if round_number == 0:
                # later rounds replay the expected game from whichever first turn won
                first = next(a for a in answers if a.status_code == 200).json()["moves"][0]["move"]
                if first != "0,0L -1,0R":
                    assert post(setup, {"type": "undo"}).status_code == 200
                    assert (
                        post(setup, {"type": "turn", "tiles": ["0,0L", "-1,0R"]}).status_code == 200
                    )
    record = path.read_text(encoding="utf-8")
    assert "1. 0,0L -1,0R 2. 0,1R -1,1D 3. 1,1D 1,0R *" in record


def bad_requests(
    rng: random.Random, state: dict[str, Any]
) -> list[tuple[str, str, bytes, dict[str, str]]]:
    """Many kinds of bad request against a game in progress: (method, path, body, headers)."""
    json_type = {"content-type": "application/json"}
    now = {"version": state["version"], "instance": state["instance"]}
    values: list[Any] = [
        True,
        1.5,
        -1,
        2**70,
        "",
        "x" * 300,
        {},
        [[[]]],
        {"a": {"b": []}},
        "0,0R",
        "∞",
        [1],
        ["0,0"],
    ]
    occupied = state["moves"][0]["move"].split()[0]

    def action(**fields: Any) -> bytes:
        return json.dumps(fields).encode()

    kinds = [
        lambda: (
            "POST",
            "api/action",
            bytes(rng.randrange(256) for _ in range(rng.randrange(1, 60))),
            json_type,
        ),
        lambda: (
            "POST",
            "api/action",
            b'{"type": "turn", "tiles": [' + b"1," * rng.randrange(1, 40),
            json_type,
        ),
        lambda: ("POST", "api/action", action(type=rng.choice(values), **now), json_type),
        lambda: (
            "POST",
            "api/action",
            action(type="turn", tiles=rng.choice(values), **now),
            json_type,
        ),
        lambda: (
            "POST",
            "api/action",
            action(type="turn", tiles=[rng.choice(values)], **now),
            json_type,
        ),
        lambda: (
            "POST",
            "api/action",
            action(type="turn", tiles=["0,0R"], version=rng.choice(values)),
            json_type,
        ),
        lambda: (
            "POST",
            "api/action",
            action(type="turn", tiles=[occupied, "9,9R"], **now),
            json_type,
        ),
        lambda: (
            "POST",
            "api/action",
            action(type="turn", tiles=["40,40R", "40,41L"], **now),
            json_type,
        ),
        lambda: ("POST", "api/action", action(type="turn", tiles=["0,9R"], **now), json_type),
        lambda: (
            "POST",
            "api/action",
            action(
                type="turn", tiles=["0,0R"], version=now["version"] - 1, instance=now["instance"]
            ),
            json_type,
        ),
        lambda: (
            "POST",
            "api/action",
            action(type="new", kind="Palago", names=["a", "b"], **now),
            json_type,
        ),
        lambda: ("POST", "api/action", action(type="rolloff", faces=["3"], **now), json_type),
        lambda: ("POST", "api/action", b"{" + b'"a":' * 30000 + b"1" + b"}" * 30000, json_type),
        lambda: ("POST", "api/action", b" " * (MAX_BODY + rng.randrange(1, 100000)), json_type),
        lambda: ("POST", "api/action", action(type="undo", **now), {"content-type": "text/plain"}),
        lambda: ("POST", "api/action", b"[" * 5000 + b"]" * 5000, json_type),
        lambda: ("POST", "api/board", action(pending=rng.choice(values)), json_type),
        lambda: ("POST", "api/board", action(pending=[occupied]), json_type),
        lambda: ("POST", "api/board", action(mode=rng.choice(values)), json_type),
        lambda: ("POST", "api/board", action(selected=rng.choice(values)), json_type),
        lambda: (
            "GET",
            rng.choice(
                [
                    "export/nothing",
                    "export/..%2F..%2Fetc%2Fpasswd",
                    "../../etc/passwd",
                    "api/nothing",
                    "assets/x.js",
                ]
            ),
            b"",
            {},
        ),
        lambda: ("PUT", "api/action", b"{}", json_type),
    ]
    return [rng.choice(kinds)() for _ in range(1000)]


def test_a_thousand_bad_requests_change_nothing(tmp_path: Path) -> None:
    path = tmp_path / "game.palago"
    with serving(path) as server, server.client() as client:
        assert post(client, NEW_PALAGO).status_code == 200
        assert post(client, {"type": "turn", "tiles": ["0,0L", "-1,0R"]}).status_code == 200
        before = path.read_bytes()
        state = client.get("api/state").json()
        statuses: dict[int, int] = {}
        for method, url, body, headers in bad_requests(random.Random(17), state):
            answer = client.request(method, url, content=body, headers=headers)
            statuses[answer.status_code] = statuses.get(answer.status_code, 0) + 1
            assert 400 <= answer.status_code < 500, (
                method,
                url,
                body[:80],
                answer.status_code,
                answer.text[:200],
            )
            assert answer.headers["content-type"].startswith("application/json")
            assert "Traceback" not in answer.text
        assert sum(statuses.values()) == 1000 and len(statuses) >= 6
        assert path.read_bytes() == before
        after = client.get("api/state").json()
        assert after["version"] == state["version"] and after["moves"] == state["moves"]
        assert post(client, {"type": "turn", "tiles": ["0,1R", "-1,1D"]}).status_code == 200
        assert server.process.poll() is None


def test_a_palagonia_game_over_http_matches_replay(tmp_path: Path) -> None:
    path = tmp_path / "game.palago"
    with serving(path) as server, server.client() as client:
        assert post(client, NEW_PALAGONIA).status_code == 200
        for action in palagonia_actions(palagonia_record()):
            answer = post(client, action)
            assert answer.status_code == 200, answer.text
        state = answer.json()
        scores = client.get("export/scores.pdf")
        assert scores.status_code == 200 and scores.content.startswith(b"%PDF")
    from palago_tools.notation import parse_file
    from palago_tools.replays.game import replay

    report = replay(parse_file(path).records[0])
    assert state["scores"]["totals"] == list(report.scores.values())  # type: ignore[union-attr]
    assert [m["label"] for m in state["moves"]] == [t.label for t in report.turns]


def test_a_session_on_the_same_file_refuses_stale_versions_after_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "game.palago"
    first = Session.open(path)
    act(first, NEW_PALAGO)
    second = Session.open(path)
    client = client_for(second)
    stale = client.post(
        "/api/action", json={"type": "undo", "version": first.version, "instance": first.instance}
    )
    assert stale.status_code == 409 and "restarted" in stale.json()["error"]


# --- A table for phones ------------------------------------------------------------------------


def test_the_page_sets_a_cookie_so_its_style_and_script_load_with_the_token(tmp_path: Path) -> None:
    client = client_for(
        Session.open(tmp_path / "game.palago"), token="s3cret-token-0123", loopback=False
    )
    assert client.get("/assets/table.js").status_code == 401
    page = client.get("/?token=s3cret-token-0123")
    assert (
        page.status_code == 200 and 'href="assets/table.css?token=s3cret-token-0123"' in page.text
    )
    cookie = page.headers["set-cookie"]
    assert (
        "palago_table=s3cret-token-0123" in cookie
        and "HttpOnly" in cookie
        and "SameSite=strict" in cookie
    )
    # The browser sends the cookie with the page's own requests: the assets, the QR code, the API.
    for asset in ("/assets/table.css", "/assets/table.js", "/api/state"):
        assert client.get(asset).status_code == 200, asset
    client.cookies.clear()
    assert client.get("/assets/table.css?token=s3cret-token-0123").status_code == 200


def test_the_qr_code_and_the_replay_viewer(tmp_path: Path) -> None:
    session = Session.open(tmp_path / "game.palago")
    address = "http://192.0.2.20:8000/?token=s3cret-token-0123"
    client = client_for(session, token="s3cret-token-0123", loopback=False, address=address)
    client.get("/?token=s3cret-token-0123")
    assert client.get("/api/state").json()["share"] == address
    qr = client.get("/qr.svg")
    assert (
        qr.status_code == 200
        and qr.headers["content-type"] == "image/svg+xml"
        and "<svg" in qr.text
    )
    assert client.get("/viewer").status_code == 404  # no turn yet
    act(session, NEW_PALAGO)
    act(session, {"type": "turn", "tiles": ["0,0L", "-1,0R"]})
    viewer = client.get("/viewer")
    assert viewer.status_code == 200 and "Dóra" in viewer.text
    csp = viewer.headers["content-security-policy"]  # the viewer's own, not the table's too
    assert "sha256-" in csp and "script-src 'self'" not in csp
    assert client_for(Session.open(tmp_path / "other.palago")).get("/qr.svg").status_code == 404


def test_every_loopback_address_answers_to_its_own_name(tmp_path: Path) -> None:
    client = client_for(Session.open(tmp_path / "game.palago"))
    for host in ("127.0.0.2:8000", "127.1.2.3", "[::1]:8000", "localhost"):
        assert client.get("/api/version", headers={"host": host}).status_code == 200, host
    assert client.get("/api/version", headers={"host": "127.0.0.1.example"}).status_code == 421


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        ({"pending": ["0,0R", "900,900R"]}, 400, "off the table"),
        ({"pending": ["0,0R", "50,-50R"]}, 200, ""),
        ({"selected": "\u0663,1"}, 400, "a cell is written q,r"),
        ({"rotate": "1_0,0R"}, 400, "tile"),
    ],
)
def test_the_board_of_a_turn_being_entered_answers_every_error_with_a_4xx(
    tmp_path: Path, body: dict[str, Any], status: int, words: str
) -> None:
    session = Session.open(tmp_path / "game.palago")
    client = client_for(session)
    act(session, NEW_PALAGONIA)
    answer = client.post("/api/board", json=body)
    assert answer.status_code == status, answer.text
    assert words in answer.json().get("error", "")


def test_a_control_character_in_a_name_gets_a_422(tmp_path: Path) -> None:
    path = tmp_path / "game.palago"
    session = Session.open(path)
    client = client_for(session)
    for names in (["Anna", "Bo\x00ris"], ["An\x01na", "Boris"], ["Anna", "Boris\x7f"]):
        answer = client.post("/api/action", json={**NEW_PALAGO, "names": names, "version": 0})
        assert answer.status_code == 422 and answer.json()["rule"] == "player-name"
        assert "control character" in answer.json()["error"]
    assert not path.exists()
    assert client.post("/api/action", json={**NEW_PALAGO, "version": 0}).status_code == 200
    assert not parse_file(path).errors


def test_a_second_server_on_a_file_in_use_exits_2(tmp_path: Path) -> None:
    import subprocess
    import sys

    from .table_support import ROOT

    path = tmp_path / "game.palago"
    with serving(path) as first, first.client() as client:
        assert post(client, NEW_PALAGO).status_code == 200
        second = subprocess.run(
            [sys.executable, "-m", "palago_tools", "serve", str(path), "--port", "0"],
            capture_output=True,
            text=True,
            timeout=60,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )
        assert second.returncode == 2
        assert f"palago: {path} is in use by process {first.process.pid}" in second.stderr
        assert post(client, {"type": "turn", "tiles": ["0,0L", "-1,0R"]}).status_code == 200
    assert path.read_text(encoding="utf-8").endswith("1. 0,0L -1,0R *\n")


def test_a_client_that_hangs_up_mid_body_is_one_line_in_the_log(tmp_path: Path) -> None:
    import signal
    import socket
    import time

    with serving(tmp_path / "game.palago") as server:
        host, port = server.base.removeprefix("http://").rstrip("/").split(":")
        with socket.create_connection((host, int(port))) as raw:
            raw.sendall(
                b"POST /api/action HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                b"Content-Type: application/json\r\n"
                b'Content-Length: 500\r\n\r\n{"type": "new"'
            )
            time.sleep(0.3)
        time.sleep(0.5)
        with server.client() as client:
            assert client.get("api/version").status_code == 200  # still serving
        server.process.send_signal(signal.SIGINT)
        server.process.wait(10)
        assert server.process.stderr is not None
        log = server.process.stderr.read()
    assert "Traceback" not in log and "ClientDisconnect" not in log
    assert log.count("dropped the connection before its request was complete") == 1, log
