"""Every position of ../shared/vectors/creatures.json, reproduced exactly."""

from __future__ import annotations

from typing import Any

import pytest

from palago_tools.analysis import analyse
from palago_tools.incremental import LiveAnalysis

from .conftest import load_vectors, vector_position

ENTRIES = load_vectors()


def _expected(entry: dict[str, Any]) -> list[tuple[Any, ...]]:
    return sorted(
        (c["colour"], tuple(tuple(x) for x in c["cells"]), c["tiles"], c["loops"], c["legs"], c["score"])
        for c in entry["creatures"]
    )


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["name"] for e in ENTRIES])
def test_full_analysis_reproduces_vector(entry: dict[str, Any]) -> None:
    analysis = analyse(vector_position(entry))
    found = sorted(
        (c.colour.value, tuple(sorted(c.cells)), c.tiles, c.loops, c.legs, c.score)
        for c in analysis.creatures
    )
    assert found == _expected(entry)


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["name"] for e in ENTRIES])
def test_incremental_analysis_reproduces_vector(entry: dict[str, Any]) -> None:
    live = LiveAnalysis()
    for tile in vector_position(entry).tiles():
        live.place(tile)
    found = sorted(
        (c.colour.value, tuple(sorted(c.cells)), c.tiles, c.loops, c.legs, c.score)
        for c in live.creatures
    )
    assert found == _expected(entry)


def test_vector_file_has_the_named_cases() -> None:
    names = {e["name"] for e in ENTRIES}
    assert {"virus", "virus-blue", "eye", "ring-with-eye", "tripod", "worm"} <= names
