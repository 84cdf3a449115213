"""A plain (non-editable) install ships every part of the package: each folder of
``palago_tools/`` with an ``__init__.py`` is listed in ``pyproject.toml``'s packages, and each
file that is not Python is matched by its package data."""

from __future__ import annotations

import fnmatch
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "palago_tools"
SETUP = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]


def test_every_subpackage_is_listed() -> None:
    folders = {
        ".".join(init.parent.relative_to(ROOT).parts)
        for init in PACKAGE.rglob("__init__.py")
        if "__pycache__" not in init.parts
    }
    assert folders - set(SETUP["packages"]) == set()


def test_every_data_file_is_package_data() -> None:
    data: dict[str, list[str]] = SETUP["package-data"]
    missing = []
    for path in PACKAGE.rglob("*"):
        if not path.is_file() or path.suffix in (".py", ".pyc") or "__pycache__" in path.parts:
            continue
        owner = path.parent
        while not (owner / "__init__.py").exists():
            owner = owner.parent
        name = ".".join(owner.relative_to(ROOT).parts)
        inside = path.relative_to(owner).as_posix()
        if not any(fnmatch.fnmatch(inside, pattern) for pattern in data.get(name, [])):
            missing.append(path.relative_to(ROOT).as_posix())
    assert missing == []
