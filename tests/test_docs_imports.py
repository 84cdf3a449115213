"""Every ``palago_tools`` import in the Python examples of README.md and docs/ names a module and
names that exist, so the docs follow the code when it moves."""

from __future__ import annotations

import ast
import importlib
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


def resolves(dotted: str) -> bool:
    """Whether ``palago_tools.a.b…`` names a module, or an attribute of one."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            target: object = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for name in parts[cut:]:
            if not hasattr(target, name):
                return False
            target = getattr(target, name)
        return True
    return False


def test_every_dotted_name_in_the_docstrings_and_docs_exists() -> None:
    """``palago_tools.x.y`` in a docstring, README.md or docs/ names something that is there."""
    texts = [p.read_text(encoding="utf-8") for p in sorted((ROOT / "palago_tools").rglob("*.py"))]
    texts += [p.read_text(encoding="utf-8") for p in PAGES]
    names = {m for t in texts for m in re.findall(r"\bpalago_tools(?:\.[A-Za-z_]\w*)+", t)}
    # Folders of the repository that only an installed copy has as packages (pyproject.toml).
    data = ("palago_tools.cards", "palago_tools.diagram_sources", "palago_tools.grammar")
    assert sorted(n for n in names if not n.startswith(data) and not resolves(n)) == []
