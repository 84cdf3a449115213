"""One name per concept: no public class name is defined in two modules of the library, and no
module is longer than a reader can take in (650 lines)."""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "palago_tools"
SOURCES = sorted(PACKAGE.rglob("*.py"))


def test_no_public_class_name_is_defined_twice() -> None:
    homes: dict[str, list[str]] = defaultdict(list)
    for path in SOURCES:
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.ClassDef) and not node.name.startswith("_"):
                homes[node.name].append(str(path.relative_to(PACKAGE)))
    assert {name: where for name, where in homes.items() if len(where) > 1} == {}


def test_no_module_is_over_650_lines() -> None:
    long = {
        str(path.relative_to(PACKAGE)): lines
        for path in SOURCES
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > 650
    }
    assert long == {}


def _type_names(path: Path) -> list[str]:
    """The public classes and module-level type aliases (``X = A | B``, ``X = tuple[...]``) of
    a module."""
    names = []
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.ClassDef):
            names.append(node.name)
        elif (
            isinstance(node, ast.Assign)
            and len(node.targets) == 1
            and isinstance(target := node.targets[0], ast.Name)
            and isinstance(node.value, (ast.Subscript, ast.BinOp))
            and target.id[:1].isupper()
            and not target.id.isupper()
        ):
            names.append(target.id)
    return [name for name in names if not name.startswith("_")]


#: Type names still defined in two modules, each waiting for a rename of one of them.


def test_no_type_name_is_defined_twice() -> None:
    """A class and a type alias of one name are two meanings too (``Outcome`` was a tactics
    pair, a rating triple and the table's last change)."""
    homes: dict[str, list[str]] = defaultdict(list)
    for path in SOURCES:
        for name in _type_names(path):
            homes[name].append(str(path.relative_to(PACKAGE)))
    twice = {name: where for name, where in homes.items() if len(where) > 1}
    # One meaning in two layers that may not import each other: a point of the plane (x, y).
    assert twice == {"Point": ["core/hexgrid.py", "drawing/primitives.py"]}, twice
    assert "Outcome" not in homes and homes["Completion"] == ["core/turns.py"]
    assert homes["Turn"] == ["core/turns.py"]
