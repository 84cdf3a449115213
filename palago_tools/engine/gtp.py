"""A match player from another checkout: ``gtp:DIR:N`` is the engine of the palago-tools
checkout ``DIR`` at level ``N``, run as a subprocess (``python -m palago_tools engine --level N
--seed SEED`` with ``DIR`` as its working directory and ``PYTHONPATH``) and spoken to in the
engine's GTP (:mod:`.protocol`), so that ``palago match`` can play today's engine against
another commit's.

The player starts its process at its first turn (made, it starts nothing: ``palago match``
makes every named player once to check the names), sets the game up there (``supply N`` when
the supply is not 48, ``variant 1-1-2`` for that opening), and at each turn sends the turns laid
since it last spoke (``play COLOUR T T``), ``movetime MS`` when the match gives it seconds, then
``genmove COLOUR``. :meth:`GtpPlayer.close` ends the process; ``play_game`` calls it after each
game. :meth:`GtpPlayer.child_cpu` is the CPU time the process spent in its ``genmove``
commands, read from ``/proc`` (0 where there is no ``/proc``).
"""

from __future__ import annotations

import os
import select
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import IO, Final

from ..core.board import Opening
from ..core.tiles import SET_SIZE, Colour, Tile
from ..errors import ArgumentError, InternalError, PalagoError
from ..rules.palago import Palago
from .board import Turn
from .player import LEVELS
from .protocol import MAX_MOVETIME, MAX_SUPPLY

PREFIX: Final = "gtp:"
"""How the names of these players begin."""
ANSWER_SECONDS: Final = 600.0
"""The longest wait for one answer (beyond a ``genmove``'s own seconds): a longer one is a
hang, an :class:`~palago_tools.errors.InternalError`."""
QUIT_SECONDS: Final = 5.0
"""How long :meth:`GtpPlayer.close` waits for the process to end after ``quit`` before it kills
it."""


def is_gtp_name(spec: str) -> bool:
    """True when ``spec`` names a player of another checkout (``gtp:DIR:N``)."""
    return spec.startswith(PREFIX)


class GtpPlayer:
    """The engine of checkout ``folder`` at ``level``, with ``seed``, over GTP (see the module's
    docstring); made from its name by :meth:`named`."""

    def __init__(self, name: str, folder: Path, level: int, seed: int) -> None:
        self.name = name
        self.folder = folder
        self.level = level
        self.seed = seed
        self.process: subprocess.Popen[bytes] | None = None
        self._errors: IO[bytes] | None = None
        self._buffer = b""
        self._sent = 0
        """The turns of the game the process knows."""
        self._movetime: int | None = None
        self._cpu = 0.0

    @classmethod
    def named(cls, spec: str, seed: int) -> GtpPlayer:
        """The player ``gtp:DIR:N``, checked but not started: an
        :class:`~palago_tools.errors.ArgumentError` when ``DIR`` holds no ``palago_tools`` or
        ``N`` is not a level."""
        folder_text, colon, level_text = spec[len(PREFIX) :].rpartition(":")
        levels = f"{min(LEVELS)} to {max(LEVELS)}"
        if not colon or not folder_text:
            raise ArgumentError(
                f"{spec!r} is not gtp:DIR:N (a palago-tools checkout DIR, a level N, {levels})"
            )
        if not level_text.isdigit() or int(level_text) not in LEVELS:
            raise ArgumentError(
                f"{level_text!r} in {spec!r} is not a level: levels are {levels} (gtp:DIR:N)"
            )
        folder = Path(folder_text).expanduser().resolve()
        if not (folder / "palago_tools" / "__init__.py").is_file():
            raise ArgumentError(
                f"{folder} in {spec!r} is not a palago-tools checkout: it has no palago_tools/"
            )
        return cls(spec, folder, int(level_text), seed)

    # A turn --------------------------------------------------------------------------------
    def turn(self, game: Palago, seconds: float | None = None) -> Turn:
        """The process's turn for ``game``'s mover, within ``seconds`` when given."""
        if self.process is None:
            self._start(game)
        for colour, turn in game.board.turns_since(0)[self._sent :]:
            self._ask(f"play {colour.value} {' '.join(t.token for t in turn)}")
            self._sent += 1
        movetime = None if seconds is None else min(MAX_MOVETIME, max(1, round(seconds * 1000)))
        if movetime != self._movetime:
            self._ask(f"movetime {movetime or 0}")
            self._movetime = movetime
        before = self._process_cpu()
        answer = self._ask(f"genmove {game.mover.value}", (seconds or 0.0) + ANSWER_SECONDS)
        self._cpu += self._process_cpu() - before
        try:
            turn = tuple(Tile.parse(word) for word in answer.split())
        except PalagoError:
            raise InternalError(f"{self.name} answered genmove with {answer!r}") from None
        if not turn or not game.is_legal(turn):
            raise InternalError(f"{self.name} answered genmove with an illegal turn {answer!r}")
        self._sent += 1
        return turn

    def child_cpu(self) -> float:
        """The CPU seconds the process has spent in its ``genmove`` commands so far."""
        return self._cpu

    def close(self) -> None:
        """End the process (``quit``, then a kill after :data:`QUIT_SECONDS`); the player may
        start again."""
        process, self.process = self.process, None
        if process is not None:
            try:
                assert process.stdin is not None
                process.stdin.write(b"quit\n")
                process.stdin.close()
            except OSError:
                pass  # it has already ended
            try:
                process.wait(QUIT_SECONDS)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
            if process.stdout is not None:
                process.stdout.close()
        if self._errors is not None:
            self._errors.close()
            self._errors = None
        self._buffer, self._sent, self._movetime = b"", 0, None

    # The process ---------------------------------------------------------------------------
    def _start(self, game: Palago) -> None:
        options = game.options
        if game.first is not Colour.YELLOW or options.tie_break:
            raise ArgumentError(f"{self.name} plays games Yellow begins, without a tie-break")
        if options.supply is None or not 2 <= options.supply <= MAX_SUPPLY:
            raise ArgumentError(f"{self.name} plays games of 2 to {MAX_SUPPLY} tiles")
        self._errors = tempfile.TemporaryFile()
        command = [sys.executable, "-m", "palago_tools", "engine"]
        command += ["--level", str(self.level), "--seed", str(self.seed)]
        try:
            self.process = subprocess.Popen(
                command,
                cwd=self.folder,
                env={**os.environ, "PYTHONPATH": str(self.folder)},
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=self._errors,
            )
        except OSError as error:
            raise InternalError(f"{self.name} could not start: {error}") from None
        if options.supply != SET_SIZE:
            self._ask(f"supply {options.supply}")
        if options.opening is Opening.ONE_ONE_TWO:
            self._ask("variant 1-1-2")

    def _ask(self, command: str, seconds: float | None = None) -> str:
        """The answer to ``command`` after its ``=``; an
        :class:`~palago_tools.errors.InternalError` naming the answer for a ``?``, a process
        that has ended, or no answer within ``seconds`` (:data:`ANSWER_SECONDS` by default)."""
        process = self.process
        assert process is not None and process.stdin is not None
        try:
            process.stdin.write(command.encode("utf-8") + b"\n")
            process.stdin.flush()
        except OSError:
            raise InternalError(self._ended(command)) from None
        answer = self._answer(command, ANSWER_SECONDS if seconds is None else seconds)
        if not answer.startswith("="):
            raise InternalError(f"{self.name} answered {command!r} with {answer!r}")
        return answer[1:].strip()

    def _answer(self, command: str, seconds: float) -> str:
        """The next answer (up to its empty line), read with a deadline."""
        process = self.process
        assert process is not None and process.stdout is not None
        end = time.monotonic() + seconds
        handle = process.stdout.fileno()
        while b"\n\n" not in self._buffer:
            left = end - time.monotonic()
            if left <= 0:
                raise InternalError(f"{self.name} did not answer {command!r} in {seconds:g} s")
            ready, _, _ = select.select([handle], [], [], left)
            if ready:
                data = os.read(handle, 65536)
                if not data:
                    raise InternalError(self._ended(command))
                self._buffer += data
        text, self._buffer = self._buffer.split(b"\n\n", 1)
        return text.decode("utf-8", "replace").strip()

    def _ended(self, command: str) -> str:
        """What to say of a process that ended before it answered ``command``: its exit code
        and the last line it wrote on standard error."""
        process = self.process
        assert process is not None
        try:
            code = process.wait(QUIT_SECONDS)
        except subprocess.TimeoutExpired:
            code = None
        last = ""
        if self._errors is not None:
            self._errors.seek(0)
            lines = self._errors.read().decode("utf-8", "replace").strip().splitlines()
            last = f": {lines[-1]}" if lines else ""
        return f"{self.name} ended (exit code {code}) before it answered {command!r}{last}"

    def _process_cpu(self) -> float:
        """The CPU seconds (user and system) the process has used, from ``/proc/PID/stat``;
        0 where it cannot be read."""
        process = self.process
        assert process is not None
        try:
            stat = Path(f"/proc/{process.pid}/stat").read_text()
        except OSError:
            return 0.0
        fields = stat.rpartition(")")[2].split()  # after the command name, which may hold spaces
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

