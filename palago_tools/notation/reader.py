"""Reading files, streams and texts of records, one record at a time.

:func:`iter_records` reads a file, standard input, a pipe or any open handle record by record,
like python-chess's ``read_game``: it yields each record (or the located :class:`NotationError`
of a record it cannot read) as soon as the next record has begun, so memory is bounded by the
largest record, not by the file, and the first record comes before the rest has been read.
:func:`parse_text`, :func:`parse_bytes` and :func:`parse_file` read a whole text this same way.

Where records begin: at each ``[Kind`` that starts a tag pair outside comments and tag values,
unless only tags stand before it in its record (then it is a second kind tag of that record).
A line that begins with ``[Kind`` begins a record even inside a ``{…}`` comment, so a comment
left open cannot swallow the records after it. Line ends may be LF, CR LF or CR.
"""

from __future__ import annotations

import codecs
import gc
import io
import os
import re
import stat
import sys
from collections.abc import Generator, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import IO, Final

from ..errors import ArgumentError, FileAccessError, require, short_repr
from .boardspace import read_game
from .errors import NotationError
from .origin import Fault
from .parser import UNDECODED, read_piece
from .records import Record
from .sgf import TreeScanner, first_mark, parse_tree, tree_pieces

BLOCK: Final = 1 << 16
"""How much is read from a file at a time (bytes, or characters of a text handle)."""

_SPACE: Final = r"[ \t\r\n\f\ufeff]"
_LINE_START_KIND: Final = r"[ \t\ufeff]*\[[ \t]*Kind(?![A-Za-z0-9_-])"
_SCAN: Final = re.compile(
    # a {…} comment (it ends before a line that begins with [Kind), a ; comment, a quoted text,
    # or a [Kind: group 1 is its bracket
    rf"\{{[^}}\n]*(?:\n(?!{_LINE_START_KIND})[^}}\n]*)*\}}?"
    r'|;[^\n]*|"(?:[^"\\\n]|\\.)*"?'
    rf"|(\[){_SPACE}*Kind(?![A-Za-z0-9_-])"
)
_OPEN_BRACKET_AT_END: Final = re.compile(rf"\[{_SPACE}*\Z")
_BLANK: Final = re.compile(rf"{_SPACE}*\Z")
_TAGS_ONLY: Final = re.compile(rf"(?:{_SPACE}*\[[^\[\]\n]*\])*{_SPACE}*\Z")

Source = str | os.PathLike[str] | IO[str] | IO[bytes]
"""What :func:`iter_records` reads: a path (``-`` for standard input) or an open handle."""

Entry = Record | NotationError
"""One record of a file as read: the record, or the located error of a record that is not
readable."""


class _Cutter:
    """Cuts text, fed to it in runs of whole lines, into the texts of records.

    ``text`` holds the text from the start of the line where the current record's text begins
    (so that error reports can show whole lines); older text is dropped as records are given out.
    """

    def __init__(self) -> None:
        self.text = ""
        self.begin = 0  # where the current record's text begins
        self.begin_line = 1  # its line number
        self.started = False  # the current text begins at a [Kind
        self.scan = 0  # where the search for the next [Kind goes on

    def feed(self, text: str) -> None:
        """Add ``text`` (whole lines, unless it is the end of the input)."""
        keep = self.text.rfind("\n", 0, self.begin) + 1
        if keep > BLOCK and 2 * keep > len(self.text):
            self.text = self.text[keep:]
            self.begin -= keep
            self.scan -= keep
        self.text += text

    def pieces(self, final: bool) -> Iterator[tuple[int, int]]:
        """The texts of records now complete, as ``(begin, end)`` offsets in ``text``; with
        ``final``, the input has ended and the last record is complete too."""
        text = self.text
        resume = len(text)
        last_end = self.scan
        for match in _SCAN.finditer(text, self.scan):
            if match.end() == len(text) and not final:
                resume = match.start()  # it may go on in the text still to come
                break
            last_end = match.end()
            start = match.start(1)
            if start < 0:
                continue
            if self.started and _TAGS_ONLY.match(text, self.begin, start) is not None:
                continue  # a second kind tag of this record, not a new record
            if _BLANK.match(text, self.begin, start) is None:
                yield self.begin, start
            self._begin_at(start)
            self.started = True
        else:
            if final:
                if _BLANK.match(text, self.begin) is None:
                    yield self.begin, len(text)
                self._begin_at(len(text))
            else:
                partial = _OPEN_BRACKET_AT_END.search(text, last_end)
                resume = partial.start() if partial is not None else len(text)
        self.scan = resume

    def advance(self, offset: int) -> None:
        """Let the current record's text begin at ``offset`` (at or after the current begin)."""
        self._begin_at(offset)

    def _begin_at(self, offset: int) -> None:
        self.begin_line += self.text.count("\n", self.begin, offset)
        self.begin = offset

    def position(self, offset: int) -> tuple[int, int]:
        """Line and column (from 1) of ``offset``, which is at or after the current begin."""
        line = self.begin_line + self.text.count("\n", self.begin, offset)
        return line, offset - self.text.rfind("\n", 0, offset)

    def line_text(self, line: int) -> str:
        """The text of ``line``, a line of the current record's text."""
        start = self.text.rfind("\n", 0, self.begin) + 1
        for _ in range(line - self.begin_line):
            start = self.text.find("\n", start) + 1
            if start == 0:
                return ""
        end = self.text.find("\n", start)
        return self.text[start : end if end >= 0 else len(self.text)]


class _Lines:
    """Turns text read in blocks of any size into runs of whole lines ending in LF: CR LF and
    old Mac CR-only line ends are read as LF (so a ; comment ends at any of them)."""

    def __init__(self) -> None:
        self._held: list[str] = []

    def take(self, text: str, final: bool = False) -> str:
        """The lines completed by ``text`` (with ``final``, everything held)."""
        if final:
            cut = len(text)
        else:
            # a CR at the very end may be the first half of a CR LF: it waits for the next text
            end = len(text) - 1 if text.endswith("\r") else len(text)
            cut = max(text.rfind("\n", 0, end), text.rfind("\r", 0, end)) + 1
            if cut == 0:
                self._held.append(text)
                return ""
        lines = "".join(self._held) + text[:cut] if self._held else text[:cut]
        self._held = [text[cut:]] if cut < len(text) else []
        if "\r" in lines:
            lines = lines.replace("\r\n", "\n").replace("\r", "\n")
        return lines


class RecordReader(Iterator[Entry]):
    """The records of a file or stream, read one at a time (see :func:`iter_records`).

    Iterating yields, in the order they stand in the input, each record or the located
    :class:`NotationError` of a record that cannot be read; ``enumerate(reader, start=1)``
    numbers them as they stand in the file. ``consumed`` says how much input has been read
    so far and ``size`` how much there is in all (bytes; ``None`` when not known, as for a pipe),
    for progress reports. A file the reader opened is closed at the end, by :meth:`close`, or
    on leaving a ``with`` block.
    """

    def __init__(
        self, source: Source, filename: str | None = None, *, strict: bool = False
    ) -> None:
        self.strict = strict
        self.consumed = 0
        self.size: int | None = None
        self._owned: IO[bytes] | None = None
        handle: IO[str] | IO[bytes]
        if isinstance(source, (str, os.PathLike)):
            name = os.fspath(source)
            if name == "-":
                handle, default = sys.stdin.buffer, "<stdin>"
            else:
                try:
                    handle = self._owned = open(name, "rb")  # noqa: SIM115 (closed by close())
                except OSError as error:
                    raise FileAccessError("read", name, error) from None
                default = name
        else:
            if not callable(getattr(source, "read", None)):
                raise ArgumentError(
                    "the records are read from a path, '-' or an open file, not "
                    f"{short_repr(source)}"
                )
            handle = source
            given = getattr(source, "name", None)
            default = given if isinstance(given, str) else "<stream>"
        self.filename = filename if filename is not None else default
        if not isinstance(handle, io.TextIOBase):
            self.size = _regular_size(handle)
        self._cutter = _Cutter()
        self._entries = self._read(handle)

    def __iter__(self) -> RecordReader:
        return self

    def __next__(self) -> Entry:
        return next(self._entries)

    def source_line(self, line: int) -> str:
        """The text of ``line`` of the input, for a line of the record given last (to show it
        in a report about that record, such as a replay error)."""
        return self._cutter.line_text(line)

    def close(self) -> None:
        """Stop reading, and close the file if the reader opened it."""
        self._entries.close()
        if self._owned is not None:
            self._owned.close()

    def __enter__(self) -> RecordReader:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()

    # --- reading -------------------------------------------------------------------------------

    def _read(self, handle: IO[str] | IO[bytes]) -> Generator[Entry, None, None]:
        try:
            yield from read_entries(
                self._texts(handle), self.filename, strict=self.strict, cutter=self._cutter
            )
        finally:
            if self._owned is not None:
                self._owned.close()

    def _texts(self, handle: IO[str] | IO[bytes]) -> Iterator[str]:
        if isinstance(handle, io.TextIOBase):
            yield from self._text_blocks(handle)
            return
        read = getattr(handle, "read1", None) or handle.read
        decoder = codecs.getincrementaldecoder("utf-8-sig")(errors="surrogateescape")
        while True:
            data = read(BLOCK)
            if not data:
                yield decoder.decode(b"", final=True)
                return
            self.consumed += len(data)
            # a text stream that is not an io.TextIOBase gives text
            yield data if isinstance(data, str) else decoder.decode(data)

    def _text_blocks(self, handle: IO[str]) -> Iterator[str]:
        # A text handle is read by lines, so that a pipe's first record is read as soon as the
        # next one begins; lines are passed on in blocks, or at once when one may begin a record.
        lines: list[str] = []
        size = 0
        for line in handle:
            self.consumed += len(line)
            lines.append(line)
            size += len(line)
            if size >= BLOCK or "Kind" in line:
                yield "".join(lines)
                lines, size = [], 0
        yield "".join(lines)


def read_entries(
    texts: Iterable[str], filename: str, *, strict: bool = False, cutter: _Cutter | None = None
) -> Iterator[Entry]:
    """The records of the text made of ``texts`` (given in order, cut anywhere), each given as
    soon as it is complete; ``filename`` names the text in errors. A text that begins with
    ``(`` is SGF: boardspace.net's Palago records (:mod:`.boardspace`), one game tree each."""
    cutter = cutter if cutter is not None else _Cutter()
    lines = _Lines()
    trees: TreeScanner | None = None
    decided = False
    for text in texts:
        whole = lines.take(text)
        if whole:
            cutter.feed(whole)
            if not decided and first_mark(cutter.text):
                decided = True
                trees = TreeScanner() if first_mark(cutter.text) == "(" else None
            if trees is not None:
                yield from _complete_trees(cutter, trees, False, filename, strict)
            elif decided:
                yield from _complete(cutter, False, filename, strict)
    cutter.feed(lines.take("", final=True))
    if not decided and first_mark(cutter.text) == "(":
        trees = TreeScanner()
    if trees is not None:
        yield from _complete_trees(cutter, trees, True, filename, strict)
    else:
        yield from _complete(cutter, True, filename, strict)


def _complete_trees(
    cutter: _Cutter, trees: TreeScanner, final: bool, filename: str, strict: bool
) -> Iterator[Entry]:
    """The boardspace records of the SGF game trees now complete (see :func:`read_entries`)."""
    if trees.depth < 0:
        return  # stopped at text outside any game tree
    if trees.depth > 0:  # the open tree began at cutter.begin, wherever the text now begins
        shift = cutter.begin - trees.begin
        trees.begin += shift
        trees.value_begin += shift
    try:
        for begin, end in tree_pieces(cutter.text, cutter.scan, trees, final):
            cutter.advance(begin)
            line, column = cutter.position(begin)
            with collector_paused():
                try:
                    undecoded = UNDECODED.search(cutter.text, begin, end)
                    if undecoded is not None:
                        byte = ord(undecoded.group()) - 0xDC00
                        raise Fault(
                            f"the byte 0x{byte:02x} is not UTF-8 text",
                            "save the file as UTF-8",
                            *cutter.position(undecoded.start()),
                        )
                    entry: Entry = read_game(parse_tree(cutter.text[begin:end], line, column))
                except Fault as fault:
                    entry = _located(cutter, fault, filename)
            if strict and isinstance(entry, NotationError):
                raise entry
            yield entry
    except Fault as fault:
        trees.depth = -1
        cutter.advance(fault.column)
        fault.line, fault.column = cutter.position(fault.column)
        error = _located(cutter, fault, filename)
        if strict:
            raise error from None
        yield error
        return
    cutter.scan = len(cutter.text)
    if trees.depth > 0:
        cutter.advance(trees.begin)


def _located(cutter: _Cutter, fault: Fault, filename: str) -> NotationError:
    """``fault``, a problem of the record being read, as the error reported for it."""
    label, index = fault.turn if fault.turn is not None else (None, None)
    return NotationError(
        fault.message,
        hint=fault.hint,
        filename=filename,
        line=fault.line,
        column=fault.column,
        source_line=cutter.line_text(fault.line),
        width=fault.width,
        turn_label=label,
        turn_index=index,
    )


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause the cycle collector inside. Reading and replaying make many small objects and no
    reference cycles: the collector only slows them down (reading by a fifth, and more as the
    records read pile up; replay by a tenth)."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()


def _complete(cutter: _Cutter, final: bool, filename: str, strict: bool) -> Iterator[Entry]:
    for begin, end in cutter.pieces(final):
        line, column = cutter.position(begin)
        with collector_paused():
            records, fault = read_piece(cutter.text[begin:end], line, column)
        yield from records
        if fault is not None:
            error = _located(cutter, fault, filename)
            if strict:
                raise error
            yield error


def _regular_size(handle: IO[str] | IO[bytes]) -> int | None:
    try:
        status = os.fstat(handle.fileno())
    except (AttributeError, OSError, ValueError):
        return None
    return status.st_size if stat.S_ISREG(status.st_mode) else None


def iter_records(
    source: Source, filename: str | None = None, *, strict: bool = False
) -> RecordReader:
    """The records of ``source`` one by one, as they stand in it, readable or not.

    ``source`` is a path (``-`` is standard input), or an open handle: a binary handle is read
    as UTF-8 (a byte order mark is allowed; bytes that are not UTF-8 are errors of their record),
    a text handle as it decodes. Each record is given as soon as the next one begins (or the
    input ends), so a pipe or FIFO works, and memory is bounded by the largest record.
    An unreadable record is given as its :class:`NotationError` (``file:line:column``, the
    source line, what was expected), and reading goes on; with ``strict`` it is raised.
    ``filename`` names the input in errors (default: the path, ``<stdin>`` or the handle's name).
    Opening a path that cannot be read raises :class:`~palago_tools.errors.FileAccessError` (an
    ``OSError``).

    >>> import io
    >>> text = '[Kind "Position"] 0,0R\\n[Kind "Position"] 0,0Q\\n[Kind "Creature"] 0,0R 0,1L\\n'
    >>> for number, entry in enumerate(iter_records(io.StringIO(text), "two.palago"), start=1):
    ...     print(number, type(entry).__name__)
    1 PositionRecord
    2 NotationError
    3 CreatureCard
    """
    return RecordReader(source, filename, strict=strict)


# --- Whole texts ------------------------------------------------------------------------------


@dataclass(frozen=True)
class ParseResult:
    """The records read from a text and the errors of the records that could not be read.

    ``entries`` holds both in the order they stand in the text: entry *n* (from 1) is record
    number *n* of the file, read or not (see :meth:`numbered`).
    """

    records: tuple[Record, ...]
    errors: tuple[NotationError, ...]
    entries: tuple[Record | NotationError, ...] = ()

    def numbered(self) -> list[tuple[int, Record | NotationError]]:
        """``(number, record or error)`` for every record of the text, numbered from 1 as they
        stand in it, readable or not."""
        entries = self.entries or (*self.records, *self.errors)
        return list(enumerate(entries, start=1))

    @property
    def ok(self) -> bool:
        return not self.errors


def _result(entries: Iterable[Entry]) -> ParseResult:
    with collector_paused():
        every = tuple(entries)
    records = tuple(e for e in every if not isinstance(e, NotationError))
    errors = tuple(e for e in every if isinstance(e, NotationError))
    return ParseResult(records, errors, every)


def parse_text(text: str, filename: str = "<text>", *, strict: bool = False) -> ParseResult:
    """Read every record of ``text``; with ``strict``, raise the first error instead."""
    require(text, str, "the notation text")
    return _result(read_entries((text,), filename, strict=strict))


def parse_bytes(data: bytes, filename: str = "<bytes>", *, strict: bool = False) -> ParseResult:
    """Read UTF-8 ``data`` (a byte order mark is allowed); bytes that are not UTF-8 are errors."""
    require(data, (bytes, bytearray, memoryview), "the notation bytes")
    data = bytes(data)
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    return parse_text(data.decode("utf-8", errors="surrogateescape"), filename, strict=strict)


def parse_file(path: str | Path, *, strict: bool = False) -> ParseResult:
    """Read the file at ``path`` (a :class:`~palago_tools.errors.FileAccessError`, which is
    also an ``OSError``, if it cannot be read)."""
    with RecordReader(path, str(path), strict=strict) as reader:
        return _result(reader)


def parse(text: str, filename: str = "<text>") -> tuple[Record, ...]:
    """Every record of ``text``; the first problem is raised as a :class:`NotationError`."""
    require(text, str, "the notation text")
    return parse_text(text, filename, strict=True).records


def parse_record(text: str, filename: str = "<text>") -> Record:
    """The one record of ``text``."""
    records = parse(text, filename)
    if len(records) != 1:
        raise NotationError(
            f"{len(records)} records where one was expected",
            hint='one record opens with [Kind "…"]',
            filename=filename,
            source_line=text.split("\n", 1)[0],
        )
    return records[0]
