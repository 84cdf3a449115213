"""Time of ``palago build`` from a cold start: a new process, an empty output folder.

Run from the repository root after ``pip install .``: ``python3 benchmarks/build.py [--runs N]``.
Target: under 20 s.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    palago = shutil.which("palago")
    command = [palago] if palago else [sys.executable, "-c", "from palago_tools.cli import main; main()"]
    times: list[float] = []
    files = 0
    for _ in range(args.runs):
        with tempfile.TemporaryDirectory() as folder:
            out = Path(folder) / "output"
            start = time.perf_counter()
            subprocess.run([*command, "build", "-o", str(out)], check=True, capture_output=True)
            times.append(time.perf_counter() - start)
            files = sum(1 for p in out.rglob("*") if p.is_file())
    print(f"palago build: {files} files; median {statistics.median(times):.1f} s over {args.runs} runs"
          f" (min {min(times):.1f} s, max {max(times):.1f} s; target < 20 s)")


if __name__ == "__main__":
    main()
