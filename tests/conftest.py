"""Shared fixtures: the independent vectors (a copy of ../shared/vectors/ in tests/vectors/) and
random positions."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

from palago_tools.core.position import Position
from palago_tools.core.tiles import ORIENTATIONS, Orientation, Tile
from palago_tools.errors import MissingPackageError

# Property tests never pass or fail by chance. The default profile (CI's and a fresh clone's)
# derives every example from the test itself (derandomize: the same examples on every run and
# machine, no example database); a counterexample found there or while exploring is kept as an
# @example of its test. PALAGO_HYPOTHESIS=explore runs ten times the examples from a random seed,
# to look for new ones. No timed assertions: the per-example deadline is off in both.
settings.register_profile("palago", deadline=None, derandomize=True, database=None)
settings.register_profile("explore", deadline=None, print_blob=True)
PROFILE = os.environ.get("PALAGO_HYPOTHESIS", "palago")
settings.load_profile(PROFILE)


def examples(count: int) -> int:
    """A property test's number of examples: ``count``, ten times more when exploring."""
    return count * 10 if PROFILE == "explore" else count


# The press files carry the build's date; a fixed SOURCE_DATE_EPOCH (the reproducible-builds
# convention) makes two builds of the same arguments the same bytes.
os.environ.setdefault("SOURCE_DATE_EPOCH", "1767225600")

ROOT = Path(__file__).resolve().parent.parent
VECTORS = ROOT / "tests" / "vectors"
"""The project's copy of the shared vectors, so that a fresh clone tests on its own."""
SHARED_VECTORS = ROOT.parent / "shared" / "vectors"
"""The shared original, beside the project on the development machine (absent in a clone)."""


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> object:
    """A test whose library call needs a system package that is not installed here (the cairo
    library for a PNG) skips, naming the package, instead of failing."""
    try:
        return (yield)
    except MissingPackageError as error:
        pytest.skip(f"needs {error.package} (Debian package {error.package}): {error}")


def load_vectors() -> list[dict[str, Any]]:
    """The entries of tests/vectors/creatures.json."""
    data = json.loads((VECTORS / "creatures.json").read_text(encoding="utf-8"))
    assert data["format"] == "palago-creature-vectors/1"
    entries: list[dict[str, Any]] = data["vectors"]
    return entries


def vector_position(entry: dict[str, Any]) -> Position:
    return Position({(q, r): Orientation(o) for q, r, o in entry["tiles"]})


def random_palago(n: int, rng: random.Random) -> Position:
    """A random connected position of ``n`` tiles grown from 0,0."""
    position = Position([Tile((0, 0), rng.choice(ORIENTATIONS))])
    while len(position) < n:
        cell = rng.choice(sorted(position.frontier()))
        position = position.place(Tile(cell, rng.choice(ORIENTATIONS)))
    return position


@pytest.fixture(scope="session")
def vectors() -> list[dict[str, Any]]:
    return load_vectors()
