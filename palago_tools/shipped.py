"""Data folders of the repository that ship inside the package: ``grammar/``, ``cards/`` and
``docs/diagrams/`` are installed as ``palago_tools.grammar``, ``palago_tools.cards`` and
``palago_tools.diagram_sources`` (see pyproject.toml)."""

from __future__ import annotations

from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[1]


def shipped_folder(folder: str, package: str) -> Traversable:
    """The repository's ``folder`` when running from a source tree, else the installed copy
    (read it with :class:`Traversable` calls: ``iterdir``, ``joinpath``, ``read_text``)."""
    local = REPOSITORY / folder
    if local.is_dir():
        return local
    return resources.files(package)
