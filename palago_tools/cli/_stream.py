"""Output of the commands that read archives: a progress bar on standard error and JSON arrays
written one entry at a time."""

from __future__ import annotations

import os
import shutil
import sys
import time
from types import TracebackType
from typing import TextIO

import typer

from ..replays.reports import dumps
from ._app import is_quiet

_MB = 1_000_000


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


class ProgressBar:
    """One line on standard error, redrawn at most ``interval`` seconds apart: the share of the
    input read (when its size is known), records, turns per second and the time left.

    Drawn only when ``stream`` (standard error by default) is a terminal. Lines for the user go
    through :meth:`echo`, which takes the bar away first when they would land on its terminal.
    """

    def __init__(
        self, label: str, total: int | None, *, stream: TextIO | None = None, interval: float = 0.1
    ) -> None:
        self.label = label
        self.total = total
        self.stream = stream if stream is not None else sys.stderr
        self.shown = _is_terminal(self.stream) and not is_quiet()
        self.interval = interval
        self.started = time.perf_counter()
        self._drawn_at = -interval
        self._drawn = False
        self._shares_stdout = self.shown and _is_terminal(sys.stdout)

    def update(self, done: int, records: int, turns: int = 0) -> None:
        """Show that ``done`` bytes (of ``total``), ``records`` records and ``turns`` turns are
        read."""
        if not self.shown:
            return
        now = time.perf_counter()
        if now - self._drawn_at < self.interval:
            return
        self._drawn_at = now
        self.stream.write("\r" + self.line(done, records, turns, now - self.started) + "\x1b[K")
        self.stream.flush()
        self._drawn = True

    def line(self, done: int, records: int, turns: int, seconds: float) -> str:
        """The text of the bar, fitted to the terminal's width."""
        width = self._width() - 1
        figures = [f"{records:,} records"]
        if turns and seconds > 0:
            figures.append(f"{turns / seconds:,.0f} turns/s")
        if self.total:
            share = min(1.0, done / self.total)
            figures.insert(0, f"{done / _MB:,.1f}/{self.total / _MB:,.1f} MB")
            if 0 < share < 1 and seconds > 1:
                left = seconds * (1 - share) / share
                figures.append(f"{int(left) // 60}:{int(left) % 60:02d} left")
            tail = f" {share:4.0%}  " + "  ".join(figures)
            room = width - len(self.label) - len(tail) - 3
            if room >= 10:
                filled = round(room * share)
                return f"{self.label} [{'#' * filled}{'-' * (room - filled)}]{tail}"[:width]
            return f"{self.label}{tail}"[:width]
        return (f"{self.label}  {done / _MB:,.1f} MB  " + "  ".join(figures))[:width]

    def _width(self) -> int:
        try:
            return os.get_terminal_size(self.stream.fileno()).columns
        except (AttributeError, OSError, ValueError):
            return shutil.get_terminal_size((80, 24)).columns

    def clear(self) -> None:
        """Take the bar away (it comes back at the next update)."""
        if self._drawn:
            self.stream.write("\r\x1b[K")
            self.stream.flush()
            self._drawn = False
            self._drawn_at = -self.interval

    def echo(self, text: str, *, err: bool = False, nl: bool = True) -> None:
        """Print ``text`` on standard output (or error), out of the bar's way."""
        if self._drawn and (err or self._shares_stdout):
            self.clear()
        typer.echo(text, err=err, nl=nl)

    def __enter__(self) -> ProgressBar:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.clear()


class JsonArray:
    """A JSON array printed one entry at a time, exactly as ``dumps(entries)`` would print the
    whole list, so that nothing piles up in memory."""

    def __init__(self, bar: ProgressBar) -> None:
        self.bar = bar
        self.count = 0

    def add(self, entry: object) -> None:
        """Write one more entry of the array."""
        text = dumps(entry).replace("\n", "\n  ")
        self.bar.echo(("[\n  " if self.count == 0 else ",\n  ") + text, nl=False)
        self.count += 1

    def close(self) -> None:
        """Write the end of the array (``[]`` when nothing was added)."""
        self.bar.echo("[]" if self.count == 0 else "\n]")
