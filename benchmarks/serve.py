"""Table latency: an accepted placement, request to response, against a real ``palago serve``.

Run from the repository root: ``python3 benchmarks/serve.py [--repeats N]``.
The game is a Palagonia game with two sets (96 tiles) whose palago has grown ring by ring to 46
tiles; the measured turn places two more (48 on the table), is accepted, checked by the rules,
replayed, saved (atomically, with fsync) and answered with the page's whole new state (board SVG
included); an undo, not timed, takes it back before the next try. Target: median under 50 ms.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from palago_tools.core.hexgrid import ring  # noqa: E402
from palago_tools.table.session import Session  # noqa: E402

ORIENTATIONS = "RLD"
GROUPS = [(0, [3]), (1, [4]), (2, [4, 4, 4]), (3, [5, 5, 4, 4]), (4, [5, 4])]
"""Ring by ring, how many tiles each turn places (the start places the centre and two of ring 1)."""


def grown_game(path: Path, rng: random.Random) -> list[str]:
    """Write a 46-tile Palagonia game to ``path``; return the two tiles of the measured turn."""
    session = Session.open(path)

    def act(action: dict[str, Any]) -> None:
        session.apply({**action, "version": session.version, "instance": session.instance})

    act({"type": "new", "kind": "Palagonia", "names": ["Anna", "Boris", "Chen"], "tiles": 96})
    cells = [c for k in range(5) for c in ring((0, 0), k)]
    tokens = [f"{q},{r}{rng.choice(ORIENTATIONS)}" for q, r in cells]
    act({"type": "rolloff", "faces": ["3", "2", "x"]})
    act({"type": "start", "tiles": tokens[:3]})
    placed = 3
    for _, counts in GROUPS[1:]:
        for count in counts:
            if placed == 3:
                count = 4  # the rest of ring 1
            act({"type": "turn", "roll": [str(count), "x"], "die": str(count), "place": tokens[placed : placed + count]})
            placed += count
    assert placed == 46, placed
    return tokens[46:48]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=60)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="palago-serve-bench-"))
    path = folder / "game.palago"
    tiles = grown_game(path, random.Random(48))
    process = subprocess.Popen(
        [sys.executable, "-u", "-m", "palago_tools", "serve", str(path), "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    try:
        assert process.stdout is not None
        url = process.stdout.readline().split(" at ", 1)[1].split(" ", 1)[0]
        with httpx.Client(base_url=url, timeout=10) as client:
            while client.get("api/version").status_code != 200:
                time.sleep(0.05)
            times = []
            state = client.get("api/state").json()
            assert state["tiles"] == 46, state["tiles"]
            for _ in range(args.repeats):
                now = {"version": state["version"], "instance": state["instance"]}
                turn = {"type": "turn", "roll": ["2", "x"], "die": "2", "place": tiles, **now}
                start = time.perf_counter()
                answer = client.post("api/action", json=turn)
                times.append(time.perf_counter() - start)
                assert answer.status_code == 200, answer.text
                assert answer.json()["tiles"] == 48
                undo = client.post("api/action", json={"type": "undo", "version": now["version"] + 1, "instance": now["instance"]})
                assert undo.status_code == 200, undo.text
                state = undo.json()
    finally:
        process.terminate()
        process.wait(10)
    median = statistics.median(times) * 1000
    print(f"accepted placement with 48 tiles on the table: median {median:.1f} ms, "
          f"fastest {min(times) * 1000:.1f} ms, slowest {max(times) * 1000:.1f} ms over {len(times)} "
          f"(target: median under 50 ms)")
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"load average during the run: {load} on {os.cpu_count()} cores")
    for item in folder.iterdir():
        item.unlink()
    folder.rmdir()


if __name__ == "__main__":
    main()
