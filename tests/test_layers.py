"""The layers of the library, as README.md lists them: no module imports from a layer above its
own, the notation never imports the rules (their verdicts on a record come from replay), and the
renderers and the diagram model know neither the rules nor replay.

Imports are read from the source with :mod:`ast` (also those inside functions and
``TYPE_CHECKING`` blocks), so nothing is imported to check them.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "palago_tools"


def module_name(path: Path) -> str:
    """``palago_tools/notation/build.py`` → ``palago_tools.notation.build``."""
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(path: Path) -> set[str]:
    """Every ``palago_tools`` module ``path`` imports, by absolute name; ``from X import y``
    gives ``X.y`` too, since ``y`` may be a module."""
    package = module_name(path).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join(base + ([node.module] if node.module else []))
            names.add(module)
            names.update(f"{module}.{alias.name}" for alias in node.names)
    return {n for n in names if n == "palago_tools" or n.startswith("palago_tools.")}


def modules(*packages: str) -> list[Path]:
    """The source files of the named parts of ``palago_tools`` (packages or modules)."""
    paths: list[Path] = []
    for name in packages:
        folder = PACKAGE / name
        paths += sorted(folder.rglob("*.py")) if folder.is_dir() else [PACKAGE / f"{name}.py"]
    return paths


def within(name: str, parts: tuple[str, ...]) -> bool:
    """Whether module ``name`` is one of ``palago_tools.<part>`` or inside it."""
    return any(name == f"palago_tools.{p}" or name.startswith(f"palago_tools.{p}.") for p in parts)


def readme_layers() -> list[tuple[str, ...]]:
    """The numbered layer list of README.md ("Layers, each unaware of the ones above it"): the
    parts of ``palago_tools`` each item names in backquotes, bottom first."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = text[text.index("Layers, each unaware of the ones above it") :].split("\n\n")[1]
    items = re.split(r"^\d+\. ", block, flags=re.MULTILINE)[1:]
    layers = []
    for item in items:
        names = re.findall(r"`([a-z_]+)`", item)
        layers.append(tuple(n for n in names if (PACKAGE / n).is_dir() or (PACKAGE / f"{n}.py").is_file()))
    return layers


LAYERS = readme_layers()


def test_the_readme_lists_the_layers_in_order() -> None:
    order = {name: number for number, layer in enumerate(LAYERS) for name in layer}
    assert order["hexgrid"] < order["position"] < order["rules"] < order["notation"] < order["replay"]
    assert order["replay"] < order["diagram"] <= order["render"] < order["cli"]


@pytest.mark.parametrize("number", range(len(LAYERS)), ids=lambda n: "+".join(LAYERS[n]))
def test_no_module_imports_from_a_layer_above_its_own(number: int) -> None:
    above = tuple(name for layer in LAYERS[number + 1 :] for name in layer)
    wrong = {
        f"{module_name(path)} imports {name}"
        for path in modules(*LAYERS[number])
        for name in imported(path)
        if within(name, above)
    }
    assert not wrong


def test_the_notation_does_not_import_the_rules_or_replay() -> None:
    """The notation reads and writes records and checks their form; the rules' verdicts on a
    record (the start roll-off, the player count) come from replay."""
    wrong = {
        f"{module_name(path)} imports {name}"
        for path in modules("notation")
        for name in imported(path)
        if within(name, ("rules", "replay"))
    }
    assert not wrong


def test_the_renderers_know_neither_rules_nor_records() -> None:
    """The renderers draw primitive shapes: no rules, no replay, no notation."""
    wrong = {
        f"{module_name(path)} imports {name}"
        for path in modules("render")
        for name in imported(path)
        if within(name, ("rules", "replay", "notation"))
    }
    assert not wrong


def test_the_diagram_model_knows_neither_rules_nor_replay() -> None:
    """The diagram model draws positions and annotations. Only ``diagram.from_records`` (the
    diagrams of records, which replays games) reads records and replay; nothing reads the rules."""
    adapters = {"palago_tools.diagram.from_records"}
    wrong = {
        f"{module_name(path)} imports {name}"
        for path in modules("diagram")
        for name in imported(path)
        if within(name, ("rules",))
        or (module_name(path) not in adapters and within(name, ("replay", "notation")))
    }
    assert not wrong


def test_imports_are_read_with_their_package() -> None:
    """The checks above see relative imports as absolute names."""
    assert "palago_tools.replay" in imported(PACKAGE / "diagram" / "from_records.py")
    assert "palago_tools.notation.records" in imported(PACKAGE / "replay.py")
    assert "palago_tools.notation.build" in imported(PACKAGE / "notation" / "parser.py")
    assert "palago_tools.rules.palagonia" in imported(PACKAGE / "table" / "session.py")
