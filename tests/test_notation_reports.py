"""Errors found and placed right: long lines cut around the column, control characters in tag
values, CR-only line ends, records numbered as they stand in the file."""

from __future__ import annotations

from palago_tools.notation import NotationError, PositionRecord, parse_bytes, parse_text
from palago_tools.notation.errors import EXCERPT


def test_a_long_line_is_cut_around_the_column() -> None:
    text = '[Kind "Position"]\n' + "0,0R " * 40_000 + "1,1X " + "2,2R " * 3000
    (error,) = parse_text(text).errors
    head, source, caret = error.report().split("\n")
    assert head.startswith(f"<text>:2:{5 * 40_000 + 4}: 'X' is not an orientation")
    assert len(source) < EXCERPT + 20 and source.strip().startswith("…") and source.endswith("…")
    assert source[len(caret) - 1] == "X"
    assert len(error.report()) < 500


def test_a_short_line_is_shown_whole() -> None:
    (error,) = parse_text('[Kind "Position"]\n0,0R 1,1X\n').errors
    assert error.report().split("\n")[1:] == ["    0,0R 1,1X", "            ^"]


def test_a_tab_in_a_tag_value_has_its_own_message_and_the_caret_on_it() -> None:
    (error,) = parse_text('[Kind "Palago"]\n[Event "Club\tnight"]\n[Result "*"]\n*\n').errors
    assert (error.line, error.column) == (2, 13)
    assert error.message == "a tab inside a tag value"
    _, source, caret = error.report().split("\n")
    assert source == '    [Event "Club\tnight"]'
    assert caret == "    " + " " * 12 + "^"
    (control,) = parse_text('[Kind "Palago"]\n[Event "a\x7fb"]\n*\n').errors
    assert control.message == "the control character U+007F inside a tag value"
    assert control.column == 10


def test_cr_only_line_ends_end_comments_and_count_lines() -> None:
    text = '[Kind "Position"]\r; a comment\r0,0R 1,0L\r\r[Kind "Position"]\r1,1X\r'
    result = parse_bytes(text.encode("ascii"))
    assert len(result.records) == 1 and len(result.records[0].tiles) == 2
    (error,) = result.errors
    assert (error.line, error.column) == (6, 4)
    crlf = parse_bytes(text.replace("\r", "\r\n").encode("ascii"))
    assert [(e.line, e.column) for e in crlf.errors] == [(6, 4)]


def test_records_are_numbered_as_they_stand_readable_or_not() -> None:
    text = (
        '[Kind "Position"]\n1,1X\n\n'
        '[Kind "Position"]\n0,0R\n\n'
        '[Kind "Position"]\n2,2Q\n\n'
        '[Kind "Position"]\n0,0L\n'
    )
    result = parse_text(text)
    kinds = [(n, type(e).__name__) for n, e in result.numbered()]
    assert kinds == [
        (1, "NotationError"),
        (2, "PositionRecord"),
        (3, "NotationError"),
        (4, "PositionRecord"),
    ]
    second = result.numbered()[1][1]
    assert isinstance(second, PositionRecord) and second.span.line == 4
    assert isinstance(result.numbered()[2][1], NotationError)
