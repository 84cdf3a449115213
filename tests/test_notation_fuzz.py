"""Whatever the input, reading it either gives records or raises NotationError, nothing else."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from palago_tools.notation import NotationError, parse_bytes, parse_text, write

from .conftest import examples
from .notation_strategies import records

ROOT = Path(__file__).resolve().parent.parent
SEEDS = [p.read_bytes() for p in sorted((ROOT / "docs" / "examples").glob("*.palago"))]
SEEDS += [
    p.read_bytes() for p in sorted((ROOT / "tests" / "notation_corpus" / "bad").glob("*.palago"))
]
PIECES = [
    b"[",
    b"]",
    b"{",
    b"}",
    b"(",
    b")",
    b"[%",
    b";",
    b"\n",
    b"\r\n",
    b'"',
    b"\\",
    b"\xff",
    b"\x00",
    b"0,0R",
    b"1,-1",
    b"1.",
    b"4+.",
    b'[Kind "Palago"]',
    b'[Kind "Palagonia"]',
    b"x",
    b"@",
    "↻".encode(),
    b"3:",
    b"1-0",
    b"*",
    b"start:",
    b"target:",
    b">",
    b"+",
    b"!?",
    b"[%mark circle 1,1]",
    b"99999999999999999999999",
    b"(" * 60,
    b"\xef\xbb\xbf",
]
SETTINGS = settings(
    max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


def _read(data: bytes) -> None:
    try:
        result = parse_bytes(data, "fuzz.palago")
    except NotationError:  # pragma: no cover - parse_bytes reports, it does not raise
        raise AssertionError("non-strict reading raised") from None
    for error in result.errors:
        assert isinstance(error, NotationError)
        assert error.line >= 1 and error.column >= 1
        error.report()
    if result.records:
        assert parse_text(write(result.records)).records == result.records
    try:
        parse_bytes(data, "fuzz.palago", strict=True)
    except NotationError:
        pass


@SETTINGS
@given(st.binary(max_size=400))
def test_random_bytes(data: bytes) -> None:
    _read(data)


@SETTINGS
@given(st.lists(st.sampled_from(PIECES), max_size=40).map(b" ".join))
def test_random_pieces_of_notation(data: bytes) -> None:
    _read(data)


@st.composite
def mutated(draw: st.DrawFn) -> bytes:
    data = bytearray(draw(st.sampled_from(SEEDS) | records.map(lambda r: write(r).encode("utf-8"))))
    for _ in range(draw(st.integers(1, 6))):
        where = draw(st.integers(0, len(data)))
        action = draw(st.integers(0, 3))
        if action == 0 and where < len(data):
            del data[where : where + draw(st.integers(1, 8))]
        elif action == 1:
            data[where:where] = draw(st.sampled_from(PIECES))
        elif action == 2 and where < len(data):
            data[where] = draw(st.integers(0, 255))
        else:
            data = data[:where]
    return bytes(data)


@pytest.mark.slow
@SETTINGS
@given(mutated())
def test_mutated_records(data: bytes) -> None:
    _read(data)


def test_deep_variations_are_an_error_not_a_crash() -> None:
    text = '[Kind "Palago"]\n1. 0,0R 1,0L ' + "(1. 0,0R 1,0L " * 300 + ")" * 300 + " *"
    (error,) = parse_text(text).errors
    assert error.message == "variations nest more than 40 deep"
