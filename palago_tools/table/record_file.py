"""The table's files: the record being played, its lock, and the journal of a Palagonia start.

One server per record: :meth:`RecordFile.lock` takes an exclusive ``fcntl`` lock on a lock file
next to the record (``.NAME.lock``, holding the server's process id), so a second ``palago
serve`` on the same file is told which process has it. Every save is checked first: the text is
parsed back (a record that cannot be read again is never written), and the record on disk must
still be the one this server wrote last (a file changed by another program is not overwritten).

A Palagonia game before its start turn cannot be written in the notation (a game begins with
turn 0), so until then its set-up and the roll-off rounds live in a journal next to the record,
``NAME.start.json``, written atomically after every change and removed once the start is
saved. :func:`unfinished_games` finds the games of a folder that can be continued.
"""

from __future__ import annotations

import datetime
import json
import os
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from ..errors import PalagoError
from ..files import atomic_write
from ..notation import parse_file, parse_text
from ..notation import records as rec
from ..notation.parser import turn_reads
from ..notation.sgf import first_mark
from ..notation.writer import GameText
from ..replays.game import replay
from .actions import FACES, TableError, check_name

try:  # POSIX; elsewhere a table runs without the lock
    import fcntl
except ImportError:  # pragma: no cover - not on the systems the project runs on
    fcntl = None  # type: ignore[assignment]

JOURNAL_SUFFIX: Final = ".start.json"
"""Added to the record's name for the journal of a Palagonia game before its start turn."""


class FileProblem(TableError):
    """The record file cannot be read, or its folder does not exist."""


class SaveError(TableError):
    """The record file could not be written; the action was not applied."""


class ChangedOnDisk(SaveError):
    """The record was changed by another program since this server last wrote it."""


class InUse(TableError):
    """Another ``palago serve`` has the record."""

    def __init__(self, path: Path, pid: int | None) -> None:
        who = f"process {pid}" if pid is not None else "another process"
        super().__init__(
            f"{path} is in use by {who} (another palago serve); stop that one or choose "
            "another file"
        )
        self.pid = pid


@dataclass(frozen=True)
class StartJournal:
    """A Palagonia game set up but not yet started: its players, supply, tags and roll-off."""

    players: tuple[str, ...]
    tiles: int
    tags: tuple[tuple[str, str], ...]
    rolls: tuple[tuple[rec.Die, ...], ...] = ()

    def record(self) -> rec.PalagoniaGame:
        return rec.PalagoniaGame(players=self.players, turns=(), tiles=self.tiles, tags=self.tags)

    def to_json(self) -> str:
        return json.dumps(
            {
                "palago-table-start": 1,
                "players": list(self.players),
                "tiles": self.tiles,
                "tags": [list(pair) for pair in self.tags],
                "rolls": [[die.value for die in faces] for faces in self.rolls],
            },
            ensure_ascii=False,
            indent=1,
        )

    @classmethod
    def from_json(cls, text: str, where: Path) -> StartJournal:
        """The journal in ``text``; a :class:`FileProblem` naming ``where`` when it is not one."""
        try:
            data = json.loads(text)
            players = tuple(str(p) for p in data["players"])
            tiles = int(data["tiles"])
            tags = tuple((str(k), str(v)) for k, v in data["tags"])
            rolls = tuple(tuple(rec.Die(f) for f in faces if f in FACES) for faces in data["rolls"])
            for seat, name in enumerate(players, start=1):
                check_name(seat, name)
            journal = cls(players, tiles, tags, rolls)
        except (ValueError, KeyError, TypeError, TableError) as error:
            raise FileProblem(
                f"{where} is not a table start journal ({error}); move it away to start afresh"
            ) from None
        return journal


def readable(text: str, where: Path) -> None:
    """Raise :class:`SaveError` unless ``text`` reads back as exactly one record."""
    result = parse_text(text, str(where))
    if result.errors or len(result.records) != 1:
        problem = result.errors[0].message if result.errors else "not one record"
        raise SaveError(
            f"the record would not read back ({problem}); nothing was written, the turn was "
            "not recorded"
        )


class RecordFile:
    """The record at ``path``: locked, saved (checked), and its start journal."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.journal_path = path.with_name(path.name + JOURNAL_SUFFIX)
        self._stamp: tuple[int, int, int] | None = self._stat()
        self._written: GameText | None = None
        """The game last written (its text was read back), to write the next turn from."""
        self._lock_fd: int | None = None

    # The lock ----------------------------------------------------------------------------------
    @property
    def lock_path(self) -> Path:
        return self.path.with_name(f".{self.path.name}.lock")

    def lock(self) -> None:
        """Take the record for this process; :class:`InUse` when another has it."""
        if fcntl is None or self._lock_fd is not None:
            return
        try:
            fd = os.open(self.lock_path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as error:
            raise FileProblem(f"cannot lock {self.path}: {error.strerror or error}") from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            holder = os.read(fd, 32).decode("ascii", "replace").strip()
            os.close(fd)
            raise InUse(self.path, int(holder) if holder.isdigit() else None) from None
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode("ascii"))
        self._lock_fd = fd

    @property
    def locked(self) -> bool:
        return self._lock_fd is not None

    def unlock(self, remove: bool = False) -> None:
        """Give the record back. The lock file stays (removing it while serving could let two
        servers lock two files of one name) unless ``remove`` (a record that was not opened)."""
        if self._lock_fd is None:
            return
        if remove:
            try:
                self.lock_path.unlink()
            except OSError:
                pass
        os.close(self._lock_fd)
        self._lock_fd = None

    # Saving ----------------------------------------------------------------------------------
    def _stat(self) -> tuple[int, int, int] | None:
        try:
            st = self.path.stat()
        except OSError:
            return None
        return (st.st_ino, st.st_size, st.st_mtime_ns)

    def save(self, record: rec.PalagoGame | rec.PalagoniaGame) -> None:
        """Write ``record`` atomically, after parsing its text back and checking that the file
        on disk is still the one written last.

        A record that is the one written last with one more turn (a turn played, a turn put
        back) is written from the text written last (:meth:`GameText.then`, the same text as
        written afresh), and only the new turn is read back: the rest was read back when it was
        written, and the tags are the same unless the result changed. When the result changed,
        or the turn does not read alone (a turn put back with its variations), all is read
        back."""
        self._check_unchanged()
        last = self._written
        written = last.then(record) if last is not None else None
        if written is None or last is None:
            written = GameText(record)
            readable(written.text, self.path)
        elif written.result != last.result or not turn_reads(
            " ".join(GameText.turn_atoms(record)), rec.KIND_OF[type(record)]
        ):
            readable(written.text, self.path)
        self._write(self.path, written.text)
        self._stamp = self._stat()
        self._written = written
        self.drop_journal()

    def _check_unchanged(self) -> None:
        if self._stat() != self._stamp:
            raise ChangedOnDisk(
                f"{self.path.name} was changed on disk by another program since the last turn; "
                "the turn was not recorded. Restart palago serve on the file to continue from "
                "what it holds now"
            )

    def _write(self, path: Path, text: str) -> None:
        try:
            atomic_write(path, text.encode("utf-8"))
        except OSError as error:
            raise SaveError(
                f"cannot write {path.name}: {error.strerror or error}; the turn was not recorded"
            ) from None

    def remove_record(self) -> None:
        """Remove the record (an undo of a Palagonia start: the journal holds the game now)."""
        self._check_unchanged()
        try:
            self.path.unlink()
        except FileNotFoundError:
            pass
        except OSError as error:
            raise SaveError(f"cannot remove {self.path.name}: {error}") from None
        self._stamp = None
        self._written = None

    # The start journal -------------------------------------------------------------------------
    def save_journal(self, journal: StartJournal) -> None:
        """Write the journal of a game before its start (atomically)."""
        self._check_unchanged()
        self._write(self.journal_path, journal.to_json())

    def read_journal(self) -> StartJournal | None:
        try:
            text = self.journal_path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return None
        except (OSError, UnicodeDecodeError) as error:
            raise FileProblem(f"cannot read {self.journal_path}: {error}") from None
        return StartJournal.from_json(text, self.journal_path)

    def drop_journal(self) -> None:
        try:
            self.journal_path.unlink()
        except FileNotFoundError:
            pass
        except OSError as error:
            raise SaveError(f"cannot remove {self.journal_path.name}: {error}") from None


class TableFile:
    """Where the table keeps its games: the record file of the game being played (none before
    the first game of a server started without a file), the folder new games' files are made
    in, and whether each file is locked for this process (:meth:`RecordFile.lock`)."""

    def __init__(self, path: Path | None, folder: Path | None = None, locking: bool = False):
        self.folder = folder or Path.cwd()
        self.file = RecordFile(path) if path is not None else None
        self.locking = locking

    @classmethod
    def open(cls, path: Path | None, folder: Path | None = None, lock: bool = False) -> TableFile:
        """The files of a table on ``path`` (locked with ``lock``: :class:`InUse` when another
        process has it), or of new games in ``folder`` when there is no path."""
        if path is not None and not path.parent.is_dir():
            raise FileProblem(f"cannot write {path}: folder {path.parent} does not exist")
        files = cls(path, folder, lock)
        if files.file is not None and lock:
            files.file.lock()
        return files

    @property
    def path(self) -> Path | None:
        return self.file.path if self.file is not None else None

    def saved(
        self,
    ) -> tuple[rec.PalagoGame | rec.PalagoniaGame | None, Sequence[tuple[rec.Die, ...]]]:
        """The game saved in the file to continue, or the Palagonia game set up in its start
        journal with its roll-off rounds; ``None`` when neither exists."""
        if self.file is None:
            return None, ()
        if self.file.path.exists():
            return read_game(self.file.path), ()
        journal = self.file.read_journal()
        if journal is None:
            return None, ()
        return journal.record(), journal.rolls

    def write(
        self,
        record: rec.PalagoGame | rec.PalagoniaGame,
        rolls: Sequence[tuple[rec.Die, ...]] = (),
        file: RecordFile | None = None,
    ) -> None:
        """Save ``record`` (in ``file``, the current one unless given): the record file, or
        the start journal of a Palagonia game before its start turn."""
        file = file or self.file
        assert file is not None
        if isinstance(record, rec.PalagoniaGame) and not record.turns:
            file.save_journal(StartJournal(record.players, record.tiles, record.tags, tuple(rolls)))
            if file.path.exists():
                file.remove_record()
            return
        file.save(record)

    def start(self, record: rec.PalagoGame | rec.PalagoniaGame, another: bool) -> None:
        """Save a new game: in the current file, or in a new file of the folder when there is
        none or the game is ``another`` after one (the old file given back)."""
        file = self.file
        if file is None or another:
            file = RecordFile(self._free_path())
            if self.locking:
                file.lock()
        self.write(record, (), file)
        if file is not self.file and self.file is not None:
            self.file.unlock()
        self.file = file

    def may_start_another(self) -> bool:
        """Whether a new game may follow a finished one: only in a file the table named."""
        path = self.path
        return path is not None and path.parent == self.folder and path.name.startswith("table-")

    def _free_path(self) -> Path:
        stamp = datetime.datetime.now().strftime("%Y-%m-%d-%H%M%S")
        for n in range(1000):
            path = self.folder / (
                f"table-{stamp}.palago" if n == 0 else f"table-{stamp}-{n}.palago"
            )
            if not path.exists() and not path.with_name(path.name + JOURNAL_SUFFIX).exists():
                return path
        raise SaveError(f"cannot find a free file name in {self.folder}")

    def close(self, remove: bool = False) -> None:
        """Give the record file back to other servers (``remove``: its lock file too)."""
        if self.file is not None:
            self.file.unlock(remove)


def read_game(path: Path) -> rec.PalagoGame | rec.PalagoniaGame:
    """The game of the record file ``path``, to continue: one Palago or Palagonia record in
    the notation that replays without an error (else a located error saying what to do)."""
    try:
        result = parse_file(path)
    except OSError as error:
        raise FileProblem(f"cannot read {path}: {error.strerror or error}") from None
    if result.errors:
        raise result.errors[0]  # located (file:line:column, caret): the CLI reports it so
    if first_mark(path.read_text(encoding="utf-8", errors="replace")) == "(":
        raise TableError(
            f"{path} is a boardspace.net record, and palago serve rewrites its file in the "
            f"notation: convert it first (palago convert {path} --to palago -o GAME.palago)"
        )
    games = result.records
    if len(games) != 1:
        raise TableError(
            f"{path} holds {len(games)} records; palago serve continues a file of one game "
            "(name a new file to start one)"
        )
    (record,) = games
    if not isinstance(record, (rec.PalagoGame, rec.PalagoniaGame)):
        raise TableError(
            f"{path} holds a {rec.KIND_OF[type(record)]} record, not a game to continue"
        )
    report = replay(record)
    if report.error is not None:
        where = f"{path}:{report.error.line}:{report.error.column}"
        said = f"{report.error.describe()} [{report.error.rule}]"  # a variation's too
        raise TableError(f"{where}: {said}; fix the record first")
    return record


def unfinished_games(folder: Path, names: Sequence[str] = ()) -> list[Path]:
    """The records in ``folder`` a table can continue: one unfinished Palago or Palagonia game
    (or a Palagonia start journal), newest first. ``names`` limits the look to those files."""
    found: list[tuple[float, Path]] = []
    if names:
        candidates = [folder / n for n in names]
    else:
        journals = {
            p.with_name(p.name.removesuffix(JOURNAL_SUFFIX))
            for p in folder.glob("*" + JOURNAL_SUFFIX)
        }
        candidates = sorted(set(folder.glob("*.palago")) | journals)
    for path in candidates:
        journal = path.with_name(path.name + JOURNAL_SUFFIX)
        if journal.exists() and not path.exists():
            found.append((journal.stat().st_mtime, path))
            continue
        try:
            if path.stat().st_size > 1_000_000:
                continue
            result = parse_file(path)
        except (OSError, PalagoError):
            continue
        if result.errors or len(result.records) != 1:
            continue
        (record,) = result.records
        if isinstance(record, rec.PalagoGame) and record.result is rec.PalagoResult.UNFINISHED:
            found.append((path.stat().st_mtime, path))
        elif isinstance(record, rec.PalagoniaGame) and record.scores is None:
            found.append((path.stat().st_mtime, path))
    return [path for _, path in sorted(found, key=lambda item: -item[0])]


def saved_token(path: Path | None, folder: Path) -> str:
    """The token of the table on ``path`` (or of new games in ``folder``): made once and kept
    next to the record (``.NAME.token``, readable by its owner only), so that a restarted server
    keeps its address and the phones' pages carry on."""
    place = (
        path.with_name(f".{path.name}.token")
        if path is not None
        else folder / ".palago-table.token"
    )
    try:
        token = place.read_text(encoding="ascii").strip()
        if 16 <= len(token) <= 64 and all(ch.isalnum() or ch in "-_" for ch in token):
            return token
    except (OSError, UnicodeDecodeError):
        pass
    token = secrets.token_urlsafe(16)
    try:
        fd = os.open(place, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="ascii") as handle:
            handle.write(token + "\n")
    except OSError:
        pass  # a folder that cannot take it: the token lasts as long as this server
    return token
