"""Replaying archives: every record of a file or stream replayed as it is read, with a tally.

>>> import io
>>> from palago_tools.replays.generated import random_palago_record
>>> from palago_tools.notation import write
>>> text = write([random_palago_record(1), random_palago_record(2)]) + '[Kind "Position"] 0,0Q'
>>> with replay_archive(io.StringIO(text), "club.palago") as archive:
...     for replayed in archive:
...         print(replayed.number, replayed.report.valid if replayed.report else "unreadable")
1 True
2 True
3 unreadable
>>> archive.tally.records, archive.tally.valid, archive.tally.unreadable
(3, 2, 1)
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from types import TracebackType
from typing import NamedTuple

from ..notation import NotationError, Record, RecordReader, iter_records
from ..notation.reader import Source
from .game import RecordReport, replay

GAME_KINDS = ("Palago", "Palagonia")


def counted(n: int, word: str) -> str:
    """``n`` with thousands separated, and ``word``, with an s unless ``n`` is 1:
    ``"1,234 records"``."""
    return f"{n:,} {word}{'' if n == 1 else 's'}"


@dataclass
class ArchiveTally:
    """What the records of an archive came to, counted as they are replayed."""

    records: int = 0
    games: int = 0
    valid: int = 0
    invalid: int = 0
    unreadable: int = 0
    turns: int = 0
    yellow_won: int = 0
    blue_won: int = 0
    drawn: int = 0
    unfinished: int = 0
    palagonia_finished: int = 0
    palagonia_unfinished: int = 0
    started: float = field(default_factory=time.perf_counter)
    seconds: float = 0.0

    def add(self, report: RecordReport | None) -> None:
        """Count one record: its replay report, or ``None`` for a record that is not readable."""
        self.records += 1
        self.seconds = time.perf_counter() - self.started
        if report is None:
            self.invalid += 1
            self.unreadable += 1
            return
        self.turns += len(report.turns)
        if report.kind in GAME_KINDS:
            self.games += 1
        if not report.valid:
            self.invalid += 1
            return
        self.valid += 1
        if report.kind == "Palago":
            if report.winner_seats == (0,):  # seat 0 is Yellow, seat 1 Blue
                self.yellow_won += 1
            elif report.winner_seats == (1,):
                self.blue_won += 1
            elif report.draw:
                self.drawn += 1
            else:
                self.unfinished += 1
        elif report.kind == "Palagonia":
            if report.game_over:
                self.palagonia_finished += 1
            else:
                self.palagonia_unfinished += 1

    @property
    def turns_per_second(self) -> float:
        return self.turns / self.seconds if self.seconds > 0 else 0.0

    @property
    def records_per_second(self) -> float:
        return self.records / self.seconds if self.seconds > 0 else 0.0

    def summary(self) -> str:
        """One line: records valid and invalid, how the valid games ended, turns and speed."""
        head = f"{counted(self.records, 'record')}: {self.valid:,} valid, {self.invalid:,} invalid"
        if self.unreadable:
            head += f" ({self.unreadable:,} unreadable)"
        games = []
        palago = self.yellow_won + self.blue_won + self.drawn + self.unfinished
        if palago:
            games.append(
                f"Palago {palago:,} (Yellow won {self.yellow_won:,}, Blue won {self.blue_won:,}, "
                f"{self.drawn:,} drawn, {self.unfinished:,} unfinished)"
            )
        palagonia = self.palagonia_finished + self.palagonia_unfinished
        if palagonia:
            games.append(
                f"Palagonia {palagonia:,} ({self.palagonia_finished:,} finished, "
                f"{self.palagonia_unfinished:,} unfinished)"
            )
        parts = [head] + (["valid games: " + ", ".join(games)] if games else [])
        parts.append(
            f"{counted(self.turns, 'turn')} in {self.seconds:.2f} s: "
            f"{self.turns_per_second:,.0f} turns/s, {self.records_per_second:,.0f} records/s"
        )
        return "; ".join(parts)

    def as_json(self) -> dict[str, object]:
        """The tally as plain data."""
        return {
            "records": self.records,
            "games": self.games,
            "valid": self.valid,
            "invalid": self.invalid,
            "unreadable": self.unreadable,
            "turns": self.turns,
            "palago": {
                "yellow": self.yellow_won,
                "blue": self.blue_won,
                "drawn": self.drawn,
                "unfinished": self.unfinished,
            },
            "palagonia": {
                "finished": self.palagonia_finished,
                "unfinished": self.palagonia_unfinished,
            },
            "seconds": round(self.seconds, 3),
            "turns_per_second": round(self.turns_per_second, 1),
            "records_per_second": round(self.records_per_second, 1),
        }


class Replayed(NamedTuple):
    """One record of an archive: its number in the file (from 1), the record or the error that
    made it unreadable, and its replay report (``None`` when unreadable)."""

    number: int
    entry: Record | NotationError
    report: RecordReport | None


class ArchiveReplay:
    """The records of a file or stream (see :func:`~palago_tools.notation.iter_records`),
    each replayed as soon as it is read; :attr:`tally` counts them as they go."""

    def __init__(self, source: Source, filename: str | None = None) -> None:
        self.reader: RecordReader = iter_records(source, filename)
        self.tally = ArchiveTally()

    def __iter__(self) -> Iterator[Replayed]:
        for number, entry in enumerate(self.reader, start=1):
            report = None if isinstance(entry, NotationError) else replay(entry)
            self.tally.add(report)
            yield Replayed(number, entry, report)

    def close(self) -> None:
        """Close the file being read."""
        self.reader.close()

    def __enter__(self) -> ArchiveReplay:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()


def replay_archive(source: Source, filename: str | None = None) -> ArchiveReplay:
    """Replay every record of ``source`` (a path, ``-`` or a handle) one at a time, in bounded
    memory; ``ArchiveReplay.tally`` sums them up."""
    return ArchiveReplay(source, filename)
