"""``palago analyse --threats`` as a user runs it, against a plain brute force.

Run from the repository root: ``python3 benchmarks/analyse_command.py [--positions N]
[--supply S]``. For compact positions of 8 to 16 tiles (``tests/test_tactics_brute_force.py``:
every turn packed against the tiles, where forks are common), each written as a game record
whose supply leaves ``S`` tiles, it times the whole command (a new Python process: start-up,
imports, reading the record, the threats and the fork search; CPU of the child process) and the
brute force of that test file in this process (every legal turn of the mover, every reply and
every turn after it, in the rules), and prints both and their ratio (target: the command at
least 20 times faster), with ``palago --version`` for the start-up alone. Other work on the
machine slows both; the figures are CPU seconds.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from palago_tools.notation import write  # noqa: E402
from palago_tools.replays.generated import palago_record  # noqa: E402
from palago_tools.rules import Palago, PalagoOptions  # noqa: E402
from palago_tools.rules.random_games import PalagoScript  # noqa: E402
from tests.test_tactics_brute_force import brute_force, compact_turns  # noqa: E402


def child_cpu(command: list[str]) -> float:
    """The CPU seconds (user and system) of running ``command`` to its end."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    subprocess.run(command, check=True, capture_output=True, env=env, cwd=ROOT)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=5)
    parser.add_argument("--supply", type=int, default=5, help="tiles left in each position")
    args = parser.parse_args()
    palago = [sys.executable, "-m", "palago_tools"]
    start = min(child_cpu([*palago, "--version"]) for _ in range(3))
    print(f"palago --version: {start:.3f} s CPU (start-up alone, best of 3)")
    sizes = (8, 10, 12, 14, 16)
    command_total = brute_total = 0.0
    with tempfile.TemporaryDirectory() as folder:
        for number in range(args.positions):
            turns = compact_turns(number + 1, sizes[number % len(sizes)])
            laid = sum(len(t) for t in turns)
            options = PalagoOptions(supply=laid + args.supply)
            game = Palago(options=options)
            for turn in turns:
                game.play(turn)
            script = PalagoScript(game.first, options, tuple(turns), None, False)
            path = Path(folder) / f"compact-{number + 1}.palago"
            path.write_text(write(palago_record(script)), encoding="utf-8")
            command = child_cpu([*palago, "analyse", "--threats", str(path)])
            began = time.process_time()
            brute_force(game.position(), game.mover, args.supply)
            brute = time.process_time() - began
            command_total += command
            brute_total += brute
            print(
                f"  {laid:2d} tiles, {game.mover} to move: command {command:.2f} s CPU, brute "
                f"force {brute:.2f} s CPU, ratio {brute / command:.1f}"
            )
    print(
        f"all: command {command_total:.2f} s CPU, brute force {brute_total:.2f} s CPU, ratio "
        f"{brute_total / command_total:.1f} (target >= 20)"
    )


if __name__ == "__main__":
    main()
