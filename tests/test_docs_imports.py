"""Every ``palago_tools`` import in the Python examples of README.md and docs/ names a module and
names that exist, so the docs follow the code when it moves."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def examples(page: Path) -> list[str]:
    return re.findall(r"^```python\n(.*?)^```", page.read_text(encoding="utf-8"), re.S | re.M)


def imports(block: str) -> list[ast.stmt]:
    return [
        node
        for node in ast.walk(ast.parse(block))
        if isinstance(node, ast.ImportFrom)
        and (node.module or "").startswith("palago_tools")
        or isinstance(node, ast.Import)
        and any(a.name.startswith("palago_tools") for a in node.names)
    ]


CASES = [
    (page, number, block)
    for page in PAGES
    for number, block in enumerate(examples(page), start=1)
    if imports(block)
]


def test_the_docs_have_examples() -> None:
    assert len(CASES) >= 8


@pytest.mark.parametrize(
    ("page", "number", "block"), CASES, ids=[f"{p.name}-{n}" for p, n, _ in CASES]
)
def test_the_imports_of_an_example_work(page: Path, number: int, block: str) -> None:
    module = ast.Module(body=imports(block), type_ignores=[])
    exec(compile(module, f"{page.name} example {number}", "exec"), {})
