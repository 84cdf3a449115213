"""Every position of the shared vectors (tests/vectors/creatures.json), reproduced exactly; the
copy is kept equal to ../shared/vectors/ where that folder exists."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from palago_tools.core.analysis import analyse
from palago_tools.core.incremental import LiveAnalysis

from .conftest import SHARED_VECTORS, VECTORS, load_vectors, vector_position

ENTRIES = load_vectors()


def _expected(entry: dict[str, Any]) -> list[tuple[Any, ...]]:
    return sorted(
        (
            c["colour"],
            tuple(tuple(x) for x in c["cells"]),
            c["tiles"],
            c["loops"],
            c["legs"],
            c["score"],
        )
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


def _files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


@pytest.mark.skipif(
    not SHARED_VECTORS.is_dir(), reason="../shared/vectors/ is not beside the project"
)
def test_the_copy_of_the_vectors_equals_the_shared_folder() -> None:
    assert _files(VECTORS) == _files(SHARED_VECTORS), (
        f"tests/vectors/ differs from {SHARED_VECTORS}: copy the shared files again"
    )
