"""Time of ``palago build`` from a cold start, for each language and paper: a new process
running this tree's code (``python3 -m palago_tools``), an empty output folder.

Run from the repository root: ``python3 benchmarks/build.py [--runs N]``. Target: under 20 s for
every language and paper. The CPU time is printed too: on a machine shared with other work the
wall time grows with the load, the CPU time does not.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=1)
    args = parser.parse_args()
    command = [sys.executable, "-m", "palago_tools"]
    for lang in ("EN", "RU", "FR", "HU"):
        for paper in ("A4", "Letter"):
            times: list[float] = []
            cpu: list[float] = []
            files = 0
            for _ in range(args.runs):
                with tempfile.TemporaryDirectory() as folder:
                    out = Path(folder) / "output"
                    start = time.perf_counter()
                    used = resource.getrusage(resource.RUSAGE_CHILDREN)
                    subprocess.run(
                        [*command, "build", "-o", str(out), "--lang", lang, "--paper", paper],
                        check=True,
                        capture_output=True,
                    )
                    times.append(time.perf_counter() - start)
                    after = resource.getrusage(resource.RUSAGE_CHILDREN)
                    cpu.append(after.ru_utime + after.ru_stime - used.ru_utime - used.ru_stime)
                    files = sum(1 for p in out.rglob("*") if p.is_file())
            print(
                f"palago build --lang {lang} --paper {paper}: {files} files; median "
                f"{statistics.median(times):.1f} s over {args.runs} runs (min {min(times):.1f} s, "
                f"max {max(times):.1f} s; target < 20 s); CPU {statistics.median(cpu):.1f} s",
                flush=True,
            )


if __name__ == "__main__":
    main()
