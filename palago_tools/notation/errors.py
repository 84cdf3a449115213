"""The error every notation problem is reported as: where it is, what is wrong, what was
expected."""

from __future__ import annotations

from ..errors import PalagoError


def _printable(text: str) -> str:
    """``text`` with control characters and undecodable bytes shown as U+FFFD, one per character."""
    return "".join(
        "\ufffd"
        if (ord(c) < 32 and c != "\t") or ord(c) == 127 or 0xD800 <= ord(c) <= 0xDFFF
        else c
        for c in text
    )


EXCERPT: int = 100
"""A source line longer than this many characters is shown cut around the column, with ``…``."""


def _excerpt(source: str, column: int, width: int) -> tuple[str, int]:
    """``source`` cut to about :data:`EXCERPT` characters around ``column``, and the column
    within the cut line."""
    if len(source) <= EXCERPT:
        return source, column
    start = max(0, min(column - 1 - EXCERPT // 2, len(source) - EXCERPT))
    end = min(len(source), start + EXCERPT + min(width, EXCERPT))
    head = "…" if start > 0 else ""
    tail = "…" if end < len(source) else ""
    return f"{head}{source[start:end]}{tail}", column - start + len(head)


def located_report(
    filename: str, line: int, column: int, source_line: str, message: str, width: int = 1
) -> str:
    """Three lines: ``file:line:column: message``, the source line (cut around the column when
    it is long), and carets under the ``width`` characters at ``column`` (tabs kept so the
    carets line up)."""
    source, shown = _excerpt(_printable(source_line.rstrip("\r\n")), column, width)
    location = f"{filename}:{line}:{column}"
    column = shown
    before = source[: column - 1]
    pad = "".join("\t" if c == "\t" else " " for c in before) + " " * max(
        0, column - 1 - len(before)
    )
    room = max(1, len(source) - (column - 1))
    return f"{location}: {message}\n    {source}\n    {pad}{'^' * min(max(1, width), room)}"


class NotationError(PalagoError, ValueError):
    """A notation problem at ``filename:line:column``, with the source line and a caret under it.

    ``message`` says what is wrong; ``hint`` says in words what was expected there. A problem
    found while reading or checking a turn carries that turn: ``turn_label`` as written (``"7"``,
    ``"7+"``; ``"0"`` for a Palagonia start) and ``turn_index``, its 0-based position in its line
    of play (a variation's turns continue from the index of the turn they replace); both are
    ``None`` otherwise. ``record_line`` is the line where the record that holds the problem
    begins (``None`` when not known). ``str(error)`` is the three-line report:
    ``file:line:column: turn 7+: message; hint``, the source line, and a caret line.
    """

    def __init__(
        self,
        message: str,
        *,
        hint: str = "",
        filename: str = "<text>",
        line: int = 1,
        column: int = 1,
        source_line: str = "",
        width: int = 1,
        turn_label: str | None = None,
        turn_index: int | None = None,
        record_line: int | None = None,
    ) -> None:
        self.message = message
        self.hint = hint
        self.filename = filename
        self.line = line
        self.column = column
        self.source_line = _printable(source_line.rstrip("\r\n"))
        self.width = max(1, width)
        self.turn_label = turn_label
        self.turn_index = turn_index
        self.record_line = record_line
        super().__init__(self.report())

    @property
    def description(self) -> str:
        """The message and the hint in one sentence."""
        return f"{self.message}; {self.hint}" if self.hint else self.message

    @property
    def headline(self) -> str:
        """The turn, when the problem belongs to one, then the description: ``turn 7+: …``."""
        return (
            self.description
            if self.turn_label is None
            else f"turn {self.turn_label}: {self.description}"
        )

    @property
    def location(self) -> str:
        return f"{self.filename}:{self.line}:{self.column}"

    def report(self) -> str:
        """``file:line:column: turn N: message; hint``, then the source line and the caret line."""
        return located_report(
            self.filename, self.line, self.column, self.source_line, self.headline, self.width
        )
