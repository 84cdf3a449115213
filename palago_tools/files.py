"""Writing output files atomically (a temporary file in the same directory, then a rename), and
appending lines to a file that a stopped run may have left a line of in part."""

from __future__ import annotations

import errno
import os
import tempfile
from pathlib import Path

from .errors import FileAccessError


def atomic_write(path: str | os.PathLike[str], data: bytes) -> Path:
    """Write ``data`` to ``path`` so that readers see the old file or the whole new one.

    The new file gets the mode of the file it replaces, or the usual mode for new files; a
    symbolic link is written through (its target is replaced, the link stays). A failure is a
    :class:`~palago_tools.errors.FileAccessError` (an ``OSError``) naming ``path``.
    """
    try:
        return _atomic_write(Path(path), data)
    except OSError as error:
        if isinstance(error, FileAccessError):
            raise
        raise FileAccessError("write", path, error) from None


def _atomic_write(path: Path, data: bytes) -> Path:
    target = Path(os.path.realpath(path)) if path.is_symlink() else path
    if target.is_dir():
        raise IsADirectoryError(errno.EISDIR, "it is a folder")
    directory = target.parent
    try:
        mode = target.stat().st_mode & 0o7777
    except FileNotFoundError:
        mask = os.umask(0)
        os.umask(mask)
        mode = 0o666 & ~mask
    fd, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temp, mode)
        os.replace(temp, target)
    except BaseException:
        try:
            os.unlink(temp)
        except FileNotFoundError:
            pass
        raise
    return path


def make_folder(path: str | os.PathLike[str]) -> Path:
    """Make the output folder ``path`` (and its parents) unless it exists; a failure (a file in
    the way, no permission) is a :class:`~palago_tools.errors.FileAccessError`."""
    folder = Path(path)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise FileAccessError(
            "write", path, NotADirectoryError(errno.ENOTDIR, "it is not a folder")
        ) from None
    except OSError as error:
        raise FileAccessError("write", path, error) from None
    return folder


def open_for_appending(path: str | os.PathLike[str]) -> int:
    """A descriptor appending to ``path`` (made if missing), a torn last line (one without its
    newline: a run stopped while writing it) cut off first. A failure is a
    :class:`~palago_tools.errors.FileAccessError` naming ``path``."""
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            end = os.lseek(fd, 0, os.SEEK_END)
            if end and _read_at(fd, end - 1, 1) != b"\n":
                while end:  # back to the last newline, or the start
                    start = max(0, end - (1 << 16))
                    cut = _read_at(fd, start, end - start).rfind(b"\n")
                    if cut >= 0:
                        end = start + cut + 1
                        break
                    end = start
                os.ftruncate(fd, end)
        finally:
            os.close(fd)
        return os.open(path, os.O_WRONLY | os.O_APPEND)
    except OSError as error:
        raise FileAccessError("write", path, error) from None


def _read_at(fd: int, offset: int, size: int) -> bytes:
    os.lseek(fd, offset, os.SEEK_SET)
    return os.read(fd, size)
