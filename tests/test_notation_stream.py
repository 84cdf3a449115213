"""Reading records one by one from files, pipes and handles: the first record before the rest of
the input, the same records however the input arrives, and lines and columns of the file."""

from __future__ import annotations

import io
import os
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from palago_tools.notation import (
    CreatureCard,
    Entry,
    NotationError,
    PalagoGame,
    PositionRecord,
    iter_records,
    parse_bytes,
    parse_text,
    write,
)
from palago_tools.notation.reader import BLOCK, read_entries
from palago_tools.replays.generated import random_palago_record

from .conftest import examples
from .test_notation_fuzz import PIECES, SEEDS

GAME = write([random_palago_record(1)])
OTHER = write([random_palago_record(2)])
BAD = '[Kind "Position"]\n\n0,0R 0,1Q\n'


def _shape(entry: Entry) -> tuple[object, ...]:
    """What must not change however the input is read: the record and where it stands, or the
    error's place, words and source line."""
    if isinstance(entry, NotationError):
        return (
            "error",
            entry.filename,
            entry.line,
            entry.column,
            entry.description,
            entry.source_line,
        )
    return ("record", entry, entry.span)


def _whole(text: str) -> list[tuple[object, ...]]:
    return [_shape(e) for e in read_entries((text,), "f.palago")]


# --- The first record before the rest -----------------------------------------------------------


class _Writer(threading.Thread):
    """Writes the first record and the start of the second into a pipe, then waits until the
    reader has the first record (or gives up waiting) before writing the rest and closing."""

    def __init__(self, fd: int) -> None:
        super().__init__(daemon=True)
        self.fd = fd
        self.first_read = threading.Event()
        self.waited_in_vain = False

    def run(self) -> None:
        with os.fdopen(self.fd, "wb") as pipe:
            head, rest = OTHER.split("\n", 1)
            pipe.write((GAME + "\n" + head + "\n").encode())
            pipe.flush()
            # No time is measured: if the reader wrongly waits for the end of the input, the
            # writer goes on after a while so that the test ends, and the test fails.
            self.waited_in_vain = not self.first_read.wait(60)
            pipe.write((rest + BAD).encode())


def _read_while_writing(open_reader: str) -> None:
    read_fd, write_fd = os.pipe()
    writer = _Writer(write_fd)
    writer.start()
    handle = (
        os.fdopen(read_fd, "r", encoding="utf-8")
        if open_reader == "text"
        else os.fdopen(read_fd, "rb")
    )
    with handle, iter_records(handle, "pipe.palago") as reader:
        first = next(reader)
        writer.first_read.set()
        rest = list(reader)
    writer.join()
    assert not writer.waited_in_vain, "the first record came only after the input ended"
    assert first == random_palago_record(1)
    assert rest[0] == random_palago_record(2)
    assert isinstance(rest[1], NotationError) and rest[1].filename == "pipe.palago"


def test_the_first_record_of_a_pipe_comes_before_the_rest_is_written() -> None:
    _read_while_writing("binary")


def test_a_text_handle_on_a_pipe_gives_its_first_record_early_too() -> None:
    _read_while_writing("text")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_is_read_by_its_path(tmp_path: Path) -> None:
    fifo = tmp_path / "games.fifo"
    os.mkfifo(fifo)

    def write_all() -> None:
        with open(fifo, "w", encoding="utf-8") as pipe:
            pipe.write(GAME + "\n" + BAD + OTHER)

    writer = threading.Thread(target=write_all, daemon=True)
    writer.start()
    entries = list(iter_records(fifo))
    writer.join()
    assert [type(e) for e in entries] == [PalagoGame, NotationError, PalagoGame]
    error = entries[1]
    assert isinstance(error, NotationError)
    assert (error.filename, error.line, error.source_line) == (
        str(fifo),
        GAME.count("\n") + 4,
        "0,0R 0,1Q",
    )


def test_a_dash_reads_standard_input(monkeypatch: pytest.MonkeyPatch) -> None:
    stdin = io.TextIOWrapper(io.BytesIO(b"\xef\xbb\xbf" + (GAME + BAD).encode()), encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", stdin)
    game, error = iter_records("-")
    assert game == random_palago_record(1)
    assert isinstance(error, NotationError) and error.filename == "<stdin>"


def test_records_are_given_as_soon_as_the_next_one_begins() -> None:
    records = [random_palago_record(seed) for seed in range(6)]
    lines = write(records).splitlines(keepends=True)
    given_lines: list[int] = []

    def arriving() -> Iterator[str]:
        for line in lines:
            given_lines.append(1)
            yield line

    starts = [n for n, line in enumerate(lines) if line.startswith("[Kind")]
    for number, record in enumerate(read_entries(arriving(), "f.palago")):
        assert record == records[number]
        if number + 1 < len(starts):
            # read up to the line where the next record begins, and no further
            assert len(given_lines) == starts[number + 1] + 1


# --- Where records begin ------------------------------------------------------------------------


def test_a_line_beginning_with_kind_begins_a_record_even_in_an_open_comment() -> None:
    text = '[Kind "Position"]\n0,0R {never closed\n[Kind "Creature"] 0,0R 0,1L\n'
    error, card = read_entries((text,), "f.palago")
    assert isinstance(error, NotationError)
    assert (error.line, error.column, error.message) == (2, 6, "the comment is not closed")
    assert isinstance(card, CreatureCard)


def test_kind_inside_comments_and_tag_values_does_not_begin_a_record() -> None:
    text = (
        '[Kind "Position"]\n[Caption "see [Kind here"]\n0,0R {a [Kind "Creature"] in a comment,\n'
        " so [Kind on a later line} ; and [Kind here\n0,1L\n"
    )
    (record,) = read_entries((text,), "f.palago")
    assert isinstance(record, PositionRecord) and len(record.tiles) == 2


@pytest.mark.parametrize("cut", range(1, 40))
def test_a_record_start_cut_anywhere_between_reads_is_found(cut: int) -> None:
    text = (
        '[Kind "Position"] 0,0R [\n Kind "Position"] {a\n comment} 0,1L\n[Kind\n"Creature"] 0,0R\n'
    )
    expected = _whole(text)
    assert [e[0] for e in expected] == ["record"] * 3
    assert [_shape(e) for e in read_entries((text[:cut], text[cut:]), "f.palago")] == expected


# --- However the input arrives ------------------------------------------------------------------

SETTINGS = settings(
    max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


class _Trickle(io.RawIOBase):
    """A binary stream that gives at most ``step`` bytes a read, like a slow pipe."""

    def __init__(self, data: bytes, step: int) -> None:
        self.data, self.step, self.at = data, step, 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        chunk = self.data[self.at : self.at + min(self.step, len(buffer))]
        buffer[: len(chunk)] = chunk
        self.at += len(chunk)
        return len(chunk)


@SETTINGS
@given(st.lists(st.sampled_from(PIECES) | st.sampled_from(SEEDS), max_size=25), st.integers(1, 40))
def test_a_trickling_stream_reads_like_the_whole_bytes(parts: list[bytes], step: int) -> None:
    data = b"".join(parts)
    whole = parse_bytes(data, "f.palago")
    entries = list(iter_records(io.BufferedReader(_Trickle(data, step)), "f.palago"))
    assert [e for e in entries if not isinstance(e, NotationError)] == list(whole.records)
    errors = [_shape(e) for e in entries if isinstance(e, NotationError)]
    assert errors == [_shape(e) for e in whole.errors]


@SETTINGS
@given(st.lists(st.sampled_from(PIECES) | st.sampled_from(SEEDS), max_size=25), st.data())
def test_texts_cut_anywhere_read_like_the_whole_text(
    parts: list[bytes], data: st.DataObject
) -> None:
    text = b"".join(parts).decode("utf-8", errors="surrogateescape")
    cuts = sorted(data.draw(st.lists(st.integers(0, len(text)), max_size=8)))
    pieces = [text[a:b] for a, b in zip([0, *cuts], [*cuts, len(text)], strict=True)]
    assert [_shape(e) for e in read_entries(pieces, "f.palago")] == _whole(text)


def test_lines_and_columns_stay_the_files_far_into_a_long_stream(tmp_path: Path) -> None:
    games = [random_palago_record(seed) for seed in range(200)] * 4
    text = write(games)
    assert len(text) > 3 * BLOCK
    bad_line = text.count("\n") + 4
    path = tmp_path / "long.palago"
    path.write_text(text + "\n" + BAD + OTHER, encoding="utf-8")
    entries = list(iter_records(path))
    assert entries[:800] == games and entries[801] == random_palago_record(2)
    error = entries[800]
    assert isinstance(error, NotationError)
    assert (error.line, error.column, error.source_line) == (bad_line, 9, "0,0R 0,1Q")
    assert str(error).startswith(f"{path}:{bad_line}:9: 'Q' is not an orientation")
    whole = parse_text(path.read_text(encoding="utf-8"), str(path))
    assert [r.span for r in whole.records] == [
        e.span for e in entries if not isinstance(e, NotationError)
    ]
    last = entries[801]
    assert isinstance(last, PalagoGame) and last.span.line == bad_line + 1
    assert _shape(whole.errors[0]) == _shape(error)


def test_strict_reading_raises_the_first_error_after_the_records_before_it() -> None:
    reader = iter_records(io.StringIO(GAME + BAD + OTHER), "f.palago", strict=True)
    assert next(reader) == random_palago_record(1)
    with pytest.raises(NotationError):
        next(reader)


def test_the_reader_says_how_much_it_has_read_and_stops_when_closed(tmp_path: Path) -> None:
    path = tmp_path / "two.palago"
    path.write_text(GAME + OTHER, encoding="utf-8")
    reader = iter_records(path)
    assert reader.size == path.stat().st_size
    next(reader)
    reader.close()
    assert reader.consumed == path.stat().st_size
    with pytest.raises(StopIteration):
        next(reader)
    with pytest.raises(OSError):
        iter_records(tmp_path / "missing.palago")
