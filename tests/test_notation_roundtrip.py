"""Writing then reading gives the same record; reading then writing is a fixed point."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from palago_tools.notation import NO_SPAN, Record, parse_file, parse_record, parse_text, write

from .conftest import examples
from .notation_strategies import (
    creature_cards,
    palago_games,
    palagonia_games,
    positions,
    records,
    transformations,
)

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE_FILES = sorted(
    [*ROOT.glob("docs/**/*.palago"), *ROOT.glob("tests/notation_corpus/good/*.palago")]
)
DOC_BLOCKS = re.findall(
    r"```palago\n(.*?)```", (ROOT / "docs" / "notation.md").read_text("utf-8"), re.S
)

SETTINGS = settings(
    max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


def _round_trip(record: Record) -> None:
    text = write(record)
    again = parse_record(text)
    assert again == record
    assert again.span != NO_SPAN
    assert write(again) == text


@SETTINGS
@given(palago_games())
def test_palago_games_round_trip(record: Record) -> None:
    _round_trip(record)


@SETTINGS
@given(palagonia_games())
def test_palagonia_games_round_trip(record: Record) -> None:
    _round_trip(record)


@SETTINGS
@given(positions())
def test_positions_round_trip(record: Record) -> None:
    _round_trip(record)


@SETTINGS
@given(creature_cards())
def test_creature_cards_round_trip(record: Record) -> None:
    _round_trip(record)


@SETTINGS
@given(transformations())
def test_transformations_round_trip(record: Record) -> None:
    _round_trip(record)


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(records, records, records)
def test_files_of_several_records_round_trip(a: Record, b: Record, c: Record) -> None:
    text = write([a, b, c])
    result = parse_text(text)
    assert result.errors == ()
    assert result.records == (a, b, c)


def test_there_are_examples() -> None:
    assert len(EXAMPLE_FILES) >= 6
    assert len(DOC_BLOCKS) >= 8


@pytest.mark.parametrize("path", EXAMPLE_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_example_files_format_to_a_fixed_point(path: Path) -> None:
    result = parse_file(path)
    assert result.errors == ()
    assert result.records
    text = write(result.records)
    again = parse_text(text)
    assert again.errors == ()
    assert again.records == result.records
    assert write(again.records) == text


@pytest.mark.parametrize("block", DOC_BLOCKS, ids=[str(i) for i in range(len(DOC_BLOCKS))])
def test_reference_examples_parse_and_format_to_a_fixed_point(block: str) -> None:
    (record,) = parse_text(block, "docs/notation.md", strict=True).records
    text = write(record)
    assert write(parse_record(text)) == text
    assert parse_record(text) == record
