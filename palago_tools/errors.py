"""One exception hierarchy for the whole toolchain, with plain-English messages.

Every error the library raises on purpose is a :class:`PalagoError`; ``exit_code`` is what the
``palago`` command exits with when it ends on one: 1 for content that is wrong (a record, a
creature, a move), 2 for a usage mistake, a limit or a file that cannot be read or written.
"""

from __future__ import annotations

import os
from typing import ClassVar

EXIT_OK: int = 0
EXIT_INVALID: int = 1
EXIT_USAGE: int = 2
EXIT_INTERRUPTED: int = 130
EXIT_BUG: int = 3
"""An unexpected exception: a bug in palago-tools (``PALAGO_DEBUG=1`` shows the traceback)."""


class PalagoError(Exception):
    """Base of every error the toolchain raises on purpose."""

    exit_code: ClassVar[int] = EXIT_INVALID


class UsageError(PalagoError, ValueError):
    """An argument or option that cannot be used as given: an unknown name, a wrong type, a
    number out of range."""

    exit_code: ClassVar[int] = EXIT_USAGE


class ArgumentError(UsageError, TypeError):
    """An argument of the wrong type given to the library."""


def short_repr(value: object) -> str:
    """``repr(value)``, cut to 60 characters for messages."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def require(value: object, kind: type | tuple[type, ...], what: str) -> None:
    """Raise an :class:`ArgumentError` unless ``value`` is a ``kind``."""
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        kinds = kind if isinstance(kind, tuple) else (kind,)
        names = " or ".join(k.__name__ for k in kinds)
        raise ArgumentError(f"{what} must be a {names}, not {short_repr(value)}")


class LimitError(UsageError):
    """A size, scale, extent or coordinate beyond one of the documented limits; the message
    names the limit."""


def require_int(value: object, what: str, low: int, high: int) -> int:
    """``value`` if it is an ``int`` from ``low`` to ``high``: an :class:`ArgumentError` for
    another type, a :class:`LimitError` naming the limits for another number."""
    require(value, int, what)
    assert isinstance(value, int)
    if not low <= value <= high:
        raise LimitError(f"{what} is from {low:,} to {high:,}, not {short_repr(value)}")
    return value


def require_number(value: object, what: str, low: float, high: float) -> float:
    """``value`` as a ``float`` if it is a finite number from ``low`` to ``high`` (as
    :func:`require_int`)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ArgumentError(f"{what} must be a number, not {short_repr(value)}")
    number = float(value)
    if not low <= number <= high:  # NaN fails this too
        raise LimitError(f"{what} is from {low:g} to {high:g}, not {short_repr(value)}")
    return number


def require_seed(value: object, what: str = "the seed") -> None:
    """A random seed: an ``int`` or ``None``."""
    if value is not None:
        require(value, int, what)


class FileAccessError(PalagoError, OSError):
    """A named input that cannot be read or an output that cannot be written; also an
    :class:`OSError` with the ``errno``, ``strerror`` and ``filename`` of the failure."""

    exit_code: ClassVar[int] = EXIT_USAGE

    def __init__(self, action: str, path: str | os.PathLike[str], error: OSError) -> None:
        reason = error.strerror or str(error) or type(error).__name__
        OSError.__init__(self, error.errno, reason, os.fspath(path))
        self.action = action
        self.path = os.fspath(path)
        self.reason = reason

    def __str__(self) -> str:
        return f"cannot {self.action} {self.path}: {self.reason}"


class GeometryError(PalagoError, ValueError):
    """A cell, corner, side or motion that does not exist."""


class OrientationError(PalagoError, ValueError):
    """An orientation letter other than L, R or D."""

    def __init__(self, text: str) -> None:
        super().__init__(
            f"unknown orientation {text!r}: orientation is L, R or D "
            "(where the yellow tip points: upper-Left, upper-Right or Down)"
        )
        self.text = text


class TileTokenError(PalagoError, ValueError):
    """A tile token that is not of the form ``q,rX`` (for example ``0,-1D``)."""

    def __init__(self, text: str, reason: str = "") -> None:
        detail = f": {reason}" if reason else ""
        shown = repr(text) if len(text) <= 40 else repr(text[:30]) + f"… ({len(text)} characters)"
        super().__init__(
            f"not a tile token {shown}{detail}; a tile token is a cell q,r followed by "
            "an orientation letter L, R or D, as in 0,0R or -1,2D"
        )
        self.text = text


class PositionError(PalagoError, ValueError):
    """A change to a position that cannot be made."""


class OccupiedCellError(PositionError):
    """A tile placed on a cell that already holds one."""

    def __init__(self, cell: tuple[int, int]) -> None:
        super().__init__(f"cell {cell[0]},{cell[1]} already holds a tile")
        self.cell = cell


class EmptyCellError(PositionError):
    """A tile removed or rotated on a cell that holds none."""

    def __init__(self, cell: tuple[int, int]) -> None:
        super().__init__(f"cell {cell[0]},{cell[1]} holds no tile")
        self.cell = cell


class NotAdjacentError(PositionError):
    """A tile that does not touch the tiles it has to touch."""

    def __init__(self, cell: tuple[int, int], what: str = "the palago") -> None:
        super().__init__(f"cell {cell[0]},{cell[1]} does not touch {what}")
        self.cell = cell


class SameOrientationError(PositionError):
    """A rotation that leaves the tile as it was."""

    def __init__(self, cell: tuple[int, int], letter: str) -> None:
        super().__init__(
            f"the tile on {cell[0]},{cell[1]} already points {letter}; "
            "a rotation must choose one of the two other orientations"
        )
        self.cell = cell


class IllegalMoveError(PalagoError):
    """A move the rules forbid; ``rule`` is a stable short name of the rule broken, ``tile`` the
    index of the offending tile within the turn when one tile is at fault."""

    def __init__(self, rule: str, message: str, tile: int | None = None) -> None:
        super().__init__(message)
        self.rule = rule
        self.message = message
        self.tile = tile


class GameOverError(IllegalMoveError):
    """A move after the game has ended."""


class InternalError(PalagoError):
    """A check of palago-tools' own work that failed: a bug to report (exit 3), with what it
    was checking named in the message."""

    exit_code: ClassVar[int] = EXIT_BUG


class OutputError(UsageError):
    """An output that cannot be written as asked (unknown format, bad scale)."""


class MissingPackageError(OutputError):
    """An output that needs a system library or file that is not installed here; ``package``
    names the Debian package that provides it."""

    def __init__(self, message: str, package: str) -> None:
        super().__init__(message)
        self.package = package
