"""Bad input: exact messages and positions, recovery of good records, strict mode, big files."""

from __future__ import annotations

from pathlib import Path

import pytest

from palago_tools.core.tiles import Orientation, Tile
from palago_tools.errors import LimitError
from palago_tools.notation import (
    NotationError,
    PalagoGame,
    parse,
    parse_bytes,
    parse_file,
    parse_text,
    write,
)
from palago_tools.notation.errors import EXCERPT
from palago_tools.notation.records import PalagoTurn, Placement

BAD = Path(__file__).resolve().parent / "notation_corpus" / "bad"
BOARDSPACE_BAD = Path(__file__).resolve().parent / "boardspace_corpus" / "bad"
CORPORA = {
    "notation": sorted(BAD.glob("*.palago")),
    "boardspace": sorted(BOARDSPACE_BAD.glob("*.sgf")),
}
"""The bad records of each form the reader reads, each with its ``.expected`` messages."""
BAD_FILES = [path for paths in CORPORA.values() for path in paths]


def _case(path: Path) -> str:
    return f"{path.suffix[1:]}-{path.stem}"


def test_the_bad_corpus_is_large_enough() -> None:
    for paths in CORPORA.values():
        assert len(paths) >= 25
        assert all(p.with_suffix(".expected").exists() for p in paths)


@pytest.mark.parametrize("path", BAD_FILES, ids=_case)
def test_bad_file_reports_the_expected_errors(path: Path) -> None:
    expected = path.with_suffix(".expected").read_text(encoding="utf-8").splitlines()
    result = parse_file(path)
    got = [f"{e.line}:{e.column}: {e.headline}" for e in result.errors]
    assert got + [f"records: {len(result.records)}"] == expected
    for error in result.errors:
        assert error.filename == str(path)
        head, source, caret = error.report().split("\n")
        assert head == f"{path}:{error.line}:{error.column}: {error.headline}"
        assert caret.strip(" \t").startswith("^")
        if len(error.source_line) <= EXCERPT:  # longer lines are cut around the column
            assert len(caret) - len(caret.lstrip(" \t")) == 4 + error.column - 1


@pytest.mark.parametrize("path", BAD_FILES, ids=_case)
def test_strict_mode_raises_the_first_error(path: Path) -> None:
    first = path.with_suffix(".expected").read_text(encoding="utf-8").splitlines()[0]
    if first.startswith("records:"):
        return  # a boardspace file whose oddities are kept as comments: no error to raise
    with pytest.raises(NotationError) as raised:
        parse_bytes(path.read_bytes(), str(path), strict=True)
    assert f"{raised.value.line}:{raised.value.column}: {raised.value.headline}" == first


def test_the_report_has_the_source_line_and_a_caret_under_the_problem() -> None:
    with pytest.raises(NotationError) as raised:
        parse('[Kind "Palago"]\n\n1. 0,0R 1,0X *\n', "game.palago")
    assert str(raised.value) == (
        "game.palago:3:12: turn 1: 'X' is not an orientation; "
        "orientation is L, R or D: where the yellow tip points\n"
        "    1. 0,0R 1,0X *\n"
        "               ^"
    )


def test_each_bad_record_is_reported_and_the_good_ones_are_read() -> None:
    good = '[Kind "Creature"]\n\n0,0R 1,0L\n\n'
    bad_orientation = '[Kind "Palago"]\n\n1. 0,0R 1,0X *\n\n'
    bad_numbering = '[Kind "Palago"]\n\n1. 0,0R 1,0L 3. 0,1D 1,1L *\n\n'
    text = good + bad_orientation + good + bad_numbering + good
    result = parse_text(text, "several.palago")
    assert len(result.records) == 3
    assert [(e.line, e.column) for e in result.errors] == [(7, 12), (15, 14)]
    with pytest.raises(NotationError) as raised:
        parse_text(text, strict=True)
    assert (raised.value.line, raised.value.column) == (7, 12)


def test_errors_in_records_after_the_first_line_count_lines_and_columns_of_the_file() -> None:
    text = '[Kind "Position"]\n\n0,0R\n\n[Kind "Position"] 0,0R %\n'
    (error,) = parse_text(text).errors
    assert (error.line, error.column) == (5, 24)
    text = '[Kind "Position"] 0,0R [Kind "Position"] 0,0R 0,0Q\n'
    (error,) = parse_text(text).errors
    assert (error.line, error.column) == (1, 50)


def test_bom_and_crlf_are_accepted() -> None:
    text = '[Kind "Palago"]\r\n[Event "Club"]\r\n\r\n1. 0,0R 1,0L\r\n2. 0,1D 1,1L *\r\n'
    (game,) = parse_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"), strict=True).records
    assert isinstance(game, PalagoGame)
    assert game.turns[1].span.line == 5
    (same,) = parse_text("\ufeff" + text).records
    assert same == game


def _big_file(target: int) -> bytes:
    turns = tuple(
        PalagoTurn(
            n, (Placement(Tile((n, 0), Orientation.R)), Placement(Tile((n, 1), Orientation.L)))
        )
        for n in range(1, 31)
    )
    record = write(PalagoGame(turns=turns, tags=(("Event", "Big"),))).encode("utf-8") + b"\n"
    return record * (target // len(record) + 1)


@pytest.mark.slow
def test_a_10_mb_file_of_good_records_is_read_whole() -> None:
    data = _big_file(10_000_000)
    assert len(data) >= 10_000_000
    result = parse_bytes(data, "big.palago")  # speed is measured by benchmarks/notation.py
    assert result.ok
    assert len(result.records) == data.count(b"[Kind")


@pytest.mark.slow
def test_a_10_mb_file_with_errors_everywhere_reports_every_record() -> None:
    data = _big_file(10_000_000).replace(b"10,1L", b"10,1Q").replace(b"20,0R", b"20,0")
    result = parse_bytes(data, "big.palago")
    assert result.records == ()
    assert len(result.errors) == data.count(b"[Kind")
    assert {e.message for e in result.errors} == {"the tile 20,0 has no orientation"}


@pytest.mark.slow
def test_a_9_mb_record_that_never_ends_reports_the_unclosed_comment() -> None:
    """Within the reader's limits (MAX_LINE, MAX_RECORD) the unclosed comment is reported where
    it opens; past them the reader stops with a LimitError that names both limits."""
    data = b'[Kind "Position"]\n{' + b"never closed\n" * 700_000
    (error,) = parse_bytes(data, "open.palago").errors
    assert (error.line, error.column, error.message) == (2, 1, "the comment is not closed")
    with pytest.raises(LimitError, match="a line longer than 1,000,000 characters"):
        parse_bytes(b'[Kind "Position"]\n{' + b"never closed " * 800_000, "open.palago")
    with pytest.raises(LimitError, match="a record longer than 10,000,000 characters"):
        parse_bytes(b'[Kind "Position"]\n{' + b"never closed\n" * 800_000, "open.palago")
