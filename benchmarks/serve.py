"""Table latency: an accepted turn, request to response, against a real ``palago serve``.

Run from the repository root: ``python3 benchmarks/serve.py [--repeats N]``.

For each size a Palagonia record is written whose palago has grown ring by ring (three players,
a supply of 400 tiles so that no game ends), then ``palago serve`` continues it as a club
continues last week's file; the measured turn places two more tiles, is checked by the rules,
played on the live game, saved (read back, atomically, with fsync) and answered with the page's
whole new state (board included); an undo, not timed, takes it back before the next try. The
state refresh a second device makes (``GET /api/state``) is timed too.

Targets: the medians at 96 and 288 tiles within 1.5× of the one at 10 tiles, and under 30 ms on
a quiet machine (the load average is printed next to the figures).

Since a loaded machine makes every wall-clock figure noisy, the server's CPU time for each timed
turn is read too (all its threads, from Linux's ``/proc/PID/task/*/schedstat``: the request's
parsing, the turn, the save, the answer's state and JSON), and the server's side of the same
turn is also measured in this process in CPU time (``time.process_time``): the session's turn (rules,
save), the state of the answer (board included) made and encoded as JSON, and a refresh of it.
With ``--profile`` the 288-tile turn is profiled (cProfile, CPU time) and its parts printed per
turn: the save (text, read-back, atomic write), the rules and the replay report, the state, the
board in it, the JSON encoding.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from palago_tools.table.session import Session  # noqa: E402
from palago_tools.table.state import table_state  # noqa: E402
from tests.table_support import grown_palagonia  # noqa: E402

SIZES = (10, 48, 96, 288)


def server_cpu(pid: int) -> float:
    """CPU seconds the process ``pid`` has used, all its threads (Linux's schedstat, to the
    nanosecond), or NaN where that cannot be read."""
    total = 0
    try:
        for task in Path(f"/proc/{pid}/task").iterdir():
            try:
                total += int((task / "schedstat").read_text().split()[0])
            except FileNotFoundError:
                continue  # a thread that has just ended
    except OSError:
        return float("nan")
    return total / 1e9


def measure(
    path: Path, tiles: list[str], repeats: int
) -> tuple[list[float], list[float], list[float], int]:
    process = subprocess.Popen(
        [sys.executable, "-u", "-m", "palago_tools", "serve", str(path), "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    turns: list[float] = []
    states: list[float] = []
    cpus: list[float] = []
    try:
        assert process.stdout is not None
        url = process.stdout.readline().split(" at ", 1)[1].split(" ", 1)[0]
        with httpx.Client(base_url=url, timeout=10) as client:
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline:
                try:
                    if client.get("api/version").status_code == 200:
                        break
                except httpx.HTTPError:
                    time.sleep(0.05)
            state = client.get("api/state").json()
            on_table = state["tiles"]
            for attempt in range(repeats + 3):  # the first three warm up
                now = {"version": state["version"], "instance": state["instance"]}
                turn = {"type": "turn", "roll": ["2", "x"], "die": "2", "place": tiles, **now}
                used = server_cpu(process.pid)
                start = time.perf_counter()
                answer = client.post("api/action", json=turn)
                took = time.perf_counter() - start
                used = server_cpu(process.pid) - used
                assert answer.status_code == 200, answer.text
                assert answer.json()["tiles"] == on_table + 2
                start = time.perf_counter()
                client.get("api/state").raise_for_status()
                refresh = time.perf_counter() - start
                if attempt >= 3:
                    turns.append(took)
                    states.append(refresh)
                    cpus.append(used)
                undo = {"type": "undo", "version": now["version"] + 1, "instance": now["instance"]}
                answer = client.post("api/action", json=undo)
                assert answer.status_code == 200, answer.text
                state = answer.json()
    finally:
        process.terminate()
        process.wait(10)
    return turns, states, cpus, on_table


class CpuRun:
    """A session of a grown file in this process, whose turns are timed in CPU seconds."""

    def __init__(self, path: Path, tiles: list[str]) -> None:
        self.session = Session.open(path)
        self.tiles = tiles
        self.turns: list[float] = []
        self.states: list[float] = []
        self.refreshes: list[float] = []

    def round(self, timed: bool = True, profile: cProfile.Profile | None = None) -> None:
        """One turn (timed: the session's turn, the state answered as JSON, a refresh of it;
        ``profile``, when given, sees the turn and its state), then its undo."""
        session = self.session
        now = {"version": session.version, "instance": session.instance}
        turn = {"type": "turn", "roll": ["2", "x"], "die": "2", "place": self.tiles, **now}
        if profile is not None:
            profile.enable()
        start = time.process_time()
        session.apply(turn)
        played = time.process_time()
        json.dumps(table_state(session))
        answered = time.process_time()
        if profile is not None:
            profile.disable()
        json.dumps(table_state(session))
        refreshed = time.process_time()
        if timed:
            self.turns.append(played - start)
            self.states.append(answered - played)
            self.refreshes.append(refreshed - answered)
        session.apply({"type": "undo", "version": session.version, "instance": session.instance})
        table_state(session)


PARTS = (
    ("turn (rules, report, save)", "session.py", "_play"),
    ("save: text, read-back, atomic write", "record_file.py", "save"),
    ("atomic write (with fsync)", "files.py", "atomic_write"),
    ("rules and replay report", "game.py", "play_turns"),
    ("rules: placement check", "palagonia.py", "_place"),
    ("state of the answer", "state.py", "table_state"),
    ("board drawing", "board.py", "board_svg"),
    ("move list", "state.py", "_moves"),
    ("JSON encoding", "__init__.py", "dumps"),
)


def print_profile(profile: cProfile.Profile, turns: int) -> None:
    """The parts of the profiled turns, in CPU ms per turn."""
    stats = pstats.Stats(profile).stats  # type: ignore[attr-defined]
    for label, filename, function in PARTS:
        total = sum(
            entry[3]
            for (file, _, name), entry in stats.items()
            if file.endswith(filename) and name == function
        )
        print(f"  {label}: {total / turns * 1000:.2f} ms CPU per turn (profiled)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=40)
    parser.add_argument("--profile", action="store_true", help="profile the 288-tile turn")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="palago-serve-bench-"))
    medians: dict[int, float] = {}
    server: dict[int, float] = {}
    for size in SIZES:
        path = folder / f"game-{size}.palago"
        tiles = grown_palagonia(path, size, random.Random(size))
        turns, states, cpus, on_table = measure(path, tiles, args.repeats)
        server[size] = statistics.median(cpus) * 1000
        medians[size] = statistics.median(turns) * 1000
        load = " ".join(f"{x:.2f}" for x in os.getloadavg())
        print(
            f"accepted turn with {on_table} tiles on the table ({size} asked; continued file): "
            f"median {medians[size]:.1f} ms (fastest {min(turns) * 1000:.1f}, slowest "
            f"{max(turns) * 1000:.1f}); state refresh median "
            f"{statistics.median(states) * 1000:.1f} ms; the server's CPU for the turn "
            f"(all its threads) median {server[size]:.2f} ms; over {len(turns)} [load {load}]"
        )
    base = medians[SIZES[0]]
    for size in SIZES[2:]:
        ratio = medians[size] / base
        verdict = "within" if ratio <= 1.5 else "NOT within"
        print(
            f"{size} tiles: {ratio:.2f}× the {SIZES[0]}-tile median ({verdict} 1.5×); the "
            f"server's CPU {server[size] / server[SIZES[0]]:.2f}× its {SIZES[0]}-tile median"
        )
    print(f"target: every median under 30 ms on a quiet machine; {os.cpu_count()} cores")
    rounds = 3 * args.repeats
    print(f"server side in this process, CPU time (medians of {rounds}, the sizes in turn):")
    runs: dict[int, CpuRun] = {}
    for size in SIZES:
        path = folder / f"cpu-{size}.palago"
        runs[size] = CpuRun(path, grown_palagonia(path, size, random.Random(size)))
    for attempt in range(rounds + 3):  # the first three warm up
        for run in runs.values():
            run.round(timed=attempt >= 3)
    costs: dict[int, float] = {}
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    for size, run in runs.items():
        turn, state = statistics.median(run.turns), statistics.median(run.states)
        costs[size] = turn + state
        print(
            f"  {size} tiles: turn {turn * 1000:.2f} ms, its state (board, JSON) "
            f"{state * 1000:.2f} ms, together {costs[size] * 1000:.2f} ms; refresh "
            f"{statistics.median(run.refreshes) * 1000:.2f} ms [load {load}]"
        )
    for size in SIZES[2:]:
        print(f"  {size} tiles: {costs[size] / costs[SIZES[0]]:.2f}× the {SIZES[0]}-tile CPU cost")
    if args.profile:
        profile = cProfile.Profile(time.process_time)
        for _ in range(args.repeats):
            runs[288].round(timed=False, profile=profile)
        print("the 288-tile turn, profiled:")
        print_profile(profile, args.repeats)
    for run in runs.values():
        run.session.close()
    for item in folder.iterdir():
        item.unlink()
    folder.rmdir()


if __name__ == "__main__":
    main()
