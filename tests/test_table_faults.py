"""Fault injection against a real ``palago serve``: 200 turns of seeded random legal Palagonia
play over HTTP, the server killed with SIGKILL at 20 moments (between requests and during them,
some between "Start the game" and the start turn) and started again on the same file.

Afterwards every record holds exactly the turns the client saw acknowledged (a turn whose
request was cut off is either wholly in the record or not at all; the client sends it again
with its id, as the page's Try again does, and the restarted server records it once: it was
there already, or it is recorded now), reads back, and ``palago replay`` agrees with the last
state the server showed. The figures are printed (``pytest -s``) and kept in the issue's note.
"""

from __future__ import annotations

import random
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest

from palago_tools.notation import parse_file
from palago_tools.notation import records as rec
from palago_tools.rules import palagonia as pn
from palago_tools.rules.random_games import random_palagonia_game

from .table_support import Server, replayed_report

pytestmark = pytest.mark.slow

TURNS = 200
KILLS = 20
SEED = 23


def game_actions(rng: random.Random) -> list[dict[str, Any]]:
    """A seeded random legal Palagonia game as the actions the page sends."""
    script = random_palagonia_game(rng, 3)
    actions: list[dict[str, Any]] = [
        {"type": "new", "kind": "Palagonia", "names": ["Anna", "Boris", "Chen"]}
    ]
    actions += [
        {"type": "rolloff", "faces": [d.value for d in faces]} for faces in script.start_rolls
    ]
    actions.append({"type": "start", "tiles": [t.token for t in script.start_tiles]})
    for move in script.turns:
        action: dict[str, Any] = {"type": "turn", "roll": [d.value for d in move.roll]}
        action["die"] = None if move.die is None else move.die.value
        if isinstance(move.action, pn.PlaceAction):
            action["place"] = [t.token for t in move.action.tiles]
        elif isinstance(move.action, pn.RemoveAction):
            action["remove"] = f"{move.action.cell[0]},{move.action.cell[1]}"
        elif isinstance(move.action, pn.RotateAction):
            action["rotate"] = (
                f"{move.action.cell[0]},{move.action.cell[1]}{move.action.orientation.value}"
            )
        else:
            action["pass"] = True
        actions.append(action)
    return actions


def progress(state: dict[str, Any]) -> int:
    """How many of a game's actions the state shows done: the new game, the roll-off rounds,
    the start and the turns."""
    if state["phase"] == "setup":
        return 0
    if state["moves"]:
        return 1 + len(state["moves"][0]["dice"].split("] [")) + len(state["moves"])
    return 1 + len(state["rolloff"]["rounds"])


@dataclass
class Figures:
    turns: int = 0
    kills: int = 0
    during: int = 0
    before_start: int = 0
    in_doubt_saved: int = 0
    in_doubt_lost: int = 0
    sent_again: int = 0
    sent_again_there: int = 0
    games: list[int] = field(default_factory=list)


def test_killed_twenty_times_in_two_hundred_turns_nothing_acknowledged_is_lost(
    tmp_path: Path,
) -> None:
    rng = random.Random(SEED)
    games: list[list[dict[str, Any]]] = []
    while sum(sum(a["type"] == "turn" for a in g) for g in games) < TURNS:
        games.append(game_actions(rng))
    plan = [(g, i) for g, actions in enumerate(games) for i in range(len(actions))]
    # Kill after the new game or a roll-off round of the first games (before the start turn),
    # the rest anywhere; half of the kills cut a request off.
    early = [
        k for k, (g, i) in enumerate(plan) if games[g][i]["type"] in ("new", "rolloff") and g < 6
    ]
    kills = set(rng.sample(early, 5)) | set(rng.sample(range(len(plan)), KILLS))
    kills = set(sorted(kills)[:KILLS])
    figures = Figures()
    for g, actions in enumerate(games):
        path = tmp_path / f"game-{g + 1}.palago"
        server = Server(path)
        done = 0  # actions of this game the client knows are done
        try:
            while done < len(actions):
                k = plan.index((g, done))
                action = actions[done]
                client = server.client()
                now = client.get("api/version").json()
                if k in kills and k not in getattr(server, "killed", set()):
                    kills.discard(k)
                    figures.kills += 1
                    figures.before_start += action["type"] in ("new", "rolloff") or (
                        action["type"] == "start"
                    )
                    body = {**action, **now, "at": client.get("api/state").json()["at"]}
                    if action["type"] != "new":
                        body["id"] = f"faults-{g}-{done}"
                    if rng.random() < 0.5:  # during the request
                        figures.during += 1
                        timer = threading.Timer(rng.uniform(0.0, 0.03), server.kill)
                        timer.start()
                        try:
                            answer = client.post("api/action", json=body)
                            acknowledged = answer.status_code == 200
                        except httpx.HTTPError:
                            acknowledged = False
                        timer.join()
                    else:  # between requests
                        answer = client.post("api/action", json=body)
                        assert answer.status_code == 200, answer.text
                        acknowledged = True
                    server.kill()
                    client.close()
                    server = Server(path)
                    with server.client() as fresh:
                        shown = progress(fresh.get("api/state").json())
                    if acknowledged:
                        assert shown == done + 1, "an acknowledged action was lost"
                    else:
                        assert shown in (done, done + 1), "a cut-off action was half done"
                        if action["type"] == "turn":
                            figures.in_doubt_saved += shown == done + 1
                            figures.in_doubt_lost += shown == done
                        if "id" in body:  # Try again: the same change, its id, once
                            with server.client() as fresh:
                                again = fresh.post("api/action", json=body)
                                assert again.status_code == 200, again.text
                                figures.sent_again += 1
                                figures.sent_again_there += bool(again.json().get("already"))
                                assert bool(again.json().get("already")) == (shown == done + 1)
                                shown = progress(fresh.get("api/state").json())
                            assert shown == done + 1, "a change sent again was not done once"
                    figures.turns += action["type"] == "turn" and shown == done + 1
                    done = shown
                    continue
                answer = client.post("api/action", json={**action, **now})
                client.close()
                assert answer.status_code == 200, answer.text
                figures.turns += action["type"] == "turn"
                done += 1
            with server.client() as client:
                last = client.get("api/state").json()
        finally:
            server.stop()
        # The record holds exactly the turns done, reads back, and replay agrees.
        result = parse_file(path)
        assert not result.errors
        (record,) = result.records
        assert isinstance(record, rec.PalagoniaGame)
        assert len(record.turns) == sum(a["type"] in ("start", "turn") for a in actions)
        report = replayed_report(path)
        assert report["scores"] == last["scores"]["totals"]
        assert report["turns"] == len(last["moves"])
        assert last["over"]
        figures.games.append(len(record.turns))
    assert figures.kills == KILLS and figures.turns >= TURNS and figures.before_start >= 3
    print(
        f"\nfault injection: {figures.turns} turns in {len(figures.games)} games, {figures.kills} "
        f"SIGKILLs ({figures.during} during a request, {figures.before_start} before the start "
        f"turn), cut-off turns found saved {figures.in_doubt_saved}, not saved "
        f"{figures.in_doubt_lost}; cut-off changes sent again {figures.sent_again} (there "
        f"already {figures.sent_again_there}), each done once; acknowledged turns lost: 0"
    )
