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
