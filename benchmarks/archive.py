"""Writes a generated archive of N MB: random legal Palago games (and one Palagonia game in ten),
numbered by a Round tag, with one record in a thousand broken (an unreadable tile, or a result
the replay does not reach) so that the error paths are read too.

Generating a legal game takes tens of milliseconds, so the archive cycles through a pool of
distinct games (``--pool``, 2,000 by default); each copy carries its own Round tag. Run from the
repository root::

    python3 benchmarks/archive.py /tmp/archive.palago --mb 200

Replay it with ``palago replay /tmp/archive.palago`` or measure it with ``benchmarks/stream.py``.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from palago_tools.replays.generated import random_palago_record, random_palagonia_record  # noqa: E402
from palago_tools.notation import write  # noqa: E402

BROKEN_EVERY = 1000


def pool_texts(count: int) -> list[str]:
    """``count`` distinct records as text: Palago games, and one Palagonia game in ten."""
    return [
        write([random_palagonia_record(seed, 3 + seed % 3) if seed % 10 == 9 else random_palago_record(seed)])
        for seed in range(count)
    ]


def _broken(text: str, number: int) -> str:
    """The record with an unreadable tile (odd ``number``) or a result it does not reach (even)."""
    head, moves = text.split("\n\n", 1)
    if number % 2:
        return head + "\n\n" + moves.replace("R ", "Q ", 1)
    result = head.split('[Result "', 1)[1].split('"', 1)[0]
    other = {"1-0": "0-1", "0-1": "1-0", "1/2-1/2": "1-0", "*": "1/2-1/2"}.get(result)
    if other is None:  # Palagonia scores: one point more for the first seat
        first, _, rest = result.partition("-")
        other = f"{int(first) + 1}-{rest}"
    before, _, after = moves.rpartition(result)
    return head.replace(f'[Result "{result}"]', f'[Result "{other}"]') + "\n\n" + before + other + after


def archive_texts(megabytes: float, pool: list[str]) -> Iterator[str]:
    """Records, as text, until ``megabytes`` MB (10^6 bytes) have been given."""
    target = int(megabytes * 1_000_000)
    written = number = 0
    while written < target:
        number += 1
        text = pool[number % len(pool)]
        kind, rest = text.split("\n", 1)
        text = f'{kind}\n[Round "{number}"]\n{rest}\n'
        if number % BROKEN_EVERY == 0:
            text = _broken(text, number // BROKEN_EVERY)
        written += len(text.encode("utf-8"))
        yield text


def write_archive(path: Path, megabytes: float, pool: int = 2000) -> int:
    """Write the archive to ``path``; its number of records."""
    texts = pool_texts(pool)
    count = 0
    with open(path, "w", encoding="utf-8") as out:
        for text in archive_texts(megabytes, texts):
            out.write(text)
            count += 1
    return count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("output", type=Path)
    parser.add_argument("--mb", type=float, default=200.0, help="size in MB (default 200)")
    parser.add_argument("--pool", type=int, default=2000, help="distinct games to cycle through")
    args = parser.parse_args()
    start = time.perf_counter()
    count = write_archive(args.output, args.mb, args.pool)
    size = args.output.stat().st_size
    print(f"wrote {args.output}: {count:,} records, {size / 1e6:,.1f} MB in {time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
