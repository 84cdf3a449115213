"""Streaming throughput and memory: ``palago replay`` over a generated archive, run as its own
process, with its wall time, records and turns per second, and its peak resident memory.

Run from the repository root::

    python3 benchmarks/stream.py                         # a 20 MB archive, written to a temp folder
    python3 benchmarks/stream.py --file /tmp/archive.palago   # an archive of benchmarks/archive.py

Also reads the archive in this process with ``iter_records`` alone (reading without replay).
Target: a 200 MB archive replayed with a peak resident memory under 150 MB.
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.archive import write_archive  # noqa: E402
from palago_tools.notation import NotationError, iter_records  # noqa: E402


def replay_in_a_process(path: Path) -> tuple[float, float, str]:
    """Wall seconds, peak resident MB and the summary line of ``palago replay path``."""
    with tempfile.TemporaryFile("w+", encoding="utf-8") as out:
        start = time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "palago_tools", "replay", str(path)],
            cwd=ROOT,
            stdout=out,
            stderr=subprocess.DEVNULL,
            check=False,
        )
        seconds = time.perf_counter() - start
        out.seek(0)
        last = ""
        for line in out:
            last = line
    peak_kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss  # kilobytes on Linux
    return seconds, peak_kb / 1024, last.strip()


def read_only(path: Path) -> tuple[float, int, int]:
    """Seconds, records and unreadable records of reading ``path`` with ``iter_records``."""
    start = time.perf_counter()
    records = unreadable = 0
    with iter_records(path) as reader:
        for entry in reader:
            records += 1
            unreadable += isinstance(entry, NotationError)
    return time.perf_counter() - start, records, unreadable


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--file", type=Path, help="an archive to replay (default: generate one)")
    parser.add_argument("--mb", type=float, default=20.0, help="size of the generated archive in MB")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = args.file
        if path is None:
            path = Path(folder) / "archive.palago"
            count = write_archive(path, args.mb, pool=500)
            print(f"generated {path.name}: {count:,} records")
        size = path.stat().st_size / 1e6
        seconds, peak, summary = replay_in_a_process(path)
        print(f"archive:          {size:,.1f} MB")
        print(f"palago replay:    {seconds:,.1f} s wall, {size / seconds:,.2f} MB/s, peak resident {peak:,.0f} MB"
              "  (target < 150 MB for 200 MB)")
        print(f"  its summary:    {summary}")
        read_seconds, records, unreadable = read_only(path)
        print(f"iter_records:     {read_seconds:,.1f} s, {records / read_seconds:,.0f} records/s, "
              f"{size / read_seconds:,.2f} MB/s ({records:,} records, {unreadable:,} unreadable)")


if __name__ == "__main__":
    main()
