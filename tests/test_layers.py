"""The layers of the library, as folders: every module of ``palago_tools`` belongs to a part (a
folder, or one of the few loose modules), and each part imports only the parts below it that
:data:`MAY_IMPORT` names. The notation and the rules are siblings (neither imports the other;
replay joins them), the renderers know drawings only, and the diagram model knows neither
records, rules nor replay.

Imports are read from the source with :mod:`ast` (also those inside functions and
``TYPE_CHECKING`` blocks), so nothing is imported to check them.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "palago_tools"

#: The loose modules at the top and the screens' words: what every layer may use.
BASE = frozenset({"errors", "files", "glossary", "languages", "screens", "shipped"})


def _up_to(*parts: str) -> frozenset[str]:
    return BASE | frozenset(parts)


#: Part → the parts it may import, bottom first. A part always may import itself.
MAY_IMPORT: dict[str, frozenset[str]] = {
    "errors": frozenset(),
    "shipped": frozenset(),
    "schemas": frozenset(),  # data: the JSON schema of the reports
    "files": frozenset({"errors"}),
    "languages": frozenset({"errors"}),
    "glossary": frozenset({"errors", "languages"}),
    "screens": frozenset({"errors", "languages", "glossary"}),
    "core": BASE,
    "drawing": BASE,
    "rules": _up_to("core"),
    "notation": _up_to("core"),
    "tactics": _up_to("core"),
    "palalab": _up_to("core"),
    "diagram": _up_to("core", "drawing"),
    "render": _up_to("drawing"),
    "replays": _up_to("core", "rules", "notation", "tactics", "palalab"),
    # The engine plays through the rules and the tactics; its matches write records and replay
    # them. Nothing below the table knows it.
    "engine": _up_to("core", "rules", "notation", "tactics", "replays"),
    # The proofs search on the board with the tactics and are checked by the rules; the openings
    # they are asked about are the study's (the figure's letters).
    "proofs": _up_to("core", "rules", "notation", "tactics", "engine"),
    "views": _up_to(
        "core", "rules", "notation", "tactics", "palalab", "replays", "drawing", "diagram", "render"
    ),
    "printing": _up_to(
        "core",
        "rules",
        "notation",
        "tactics",
        "palalab",
        "replays",
        "drawing",
        "diagram",
        "render",
        "views",
    ),
    "viewer": _up_to(
        "core",
        "rules",
        "notation",
        "tactics",
        "palalab",
        "replays",
        "drawing",
        "diagram",
        "render",
        "views",
    ),
    "table": _up_to(
        "core",
        "rules",
        "notation",
        "tactics",
        "palalab",
        "replays",
        "drawing",
        "diagram",
        "render",
        "views",
        "printing",
        "viewer",
        "engine",
    ),
    "cli": _up_to(
        "core",
        "rules",
        "notation",
        "tactics",
        "palalab",
        "replays",
        "drawing",
        "diagram",
        "render",
        "views",
        "printing",
        "viewer",
        "table",
        "engine",
        "proofs",
        "__init__",
    ),
    # The facade exports the light core of the library; printing, rendering and the table stay
    # behind their own imports.
    "__init__": _up_to("core", "rules", "notation", "tactics", "replays"),
    "__main__": frozenset({"cli"}),
}


def module_name(path: Path) -> str:
    """``palago_tools/notation/build.py`` → ``palago_tools.notation.build``."""
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def part_of(path: Path) -> str:
    """The part a source file belongs to: its top folder, or its own name when loose."""
    first = path.relative_to(PACKAGE).parts[0]
    return first.removesuffix(".py")


def part_of_module(name: str) -> str:
    """``palago_tools.notation.build`` → ``notation``; ``palago_tools`` → ``__init__``."""
    parts = name.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def imported(path: Path) -> set[str]:
    """Every ``palago_tools`` module ``path`` imports, by absolute name; ``from X import y``
    gives ``X.y`` when ``y`` is a module of the package, else ``X``."""
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
            for alias in node.names:
                full = f"{module}.{alias.name}"
                is_module = (ROOT / Path(*full.split("."))).with_suffix(".py").is_file() or (
                    ROOT / Path(*full.split(".")) / "__init__.py"
                ).is_file()
                names.add(full if is_module else module)
    return {n for n in names if n == "palago_tools" or n.startswith("palago_tools.")}


SOURCES = sorted(PACKAGE.rglob("*.py"))


def test_every_module_belongs_to_a_part_of_the_table() -> None:
    assert {part_of(path) for path in SOURCES} <= set(MAY_IMPORT)


def test_the_top_holds_few_loose_modules() -> None:
    loose = sorted(path.name for path in PACKAGE.glob("*.py"))
    assert len(loose) <= 8, loose


def test_the_table_only_looks_down() -> None:
    """No two parts may import each other: the table is an order."""
    for part, allowed in MAY_IMPORT.items():
        for other in allowed:
            assert part not in MAY_IMPORT[other], (part, other)


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_each_module_imports_only_the_parts_below_its_own(path: Path) -> None:
    part = part_of(path)
    wrong = {
        name
        for name in imported(path)
        if (other := part_of_module(name)) != part and other not in MAY_IMPORT[part]
    }
    assert not wrong, f"{module_name(path)} ({part}) imports {sorted(wrong)}"


def test_siblings_and_renderers_are_kept_apart() -> None:
    """The rules and the notation are siblings, the renderers know drawings only, the diagram
    model knows no records: the table says so."""
    assert "rules" not in MAY_IMPORT["notation"] and "notation" not in MAY_IMPORT["rules"]
    assert not {"rules", "replays", "notation", "core"} & MAY_IMPORT["render"]
    assert not {"rules", "replays", "notation"} & MAY_IMPORT["diagram"]
    assert not any(
        "engine" in MAY_IMPORT[p]
        for p in ("render", "drawing", "diagram", "views", "printing", "viewer")
    )


def test_imports_are_read_with_their_package() -> None:
    """The checks above see relative imports as absolute names."""
    assert "palago_tools.replays.game" in imported(PACKAGE / "views" / "from_records.py")
    assert "palago_tools.notation.records" in imported(PACKAGE / "replays" / "game.py")
    assert "palago_tools.notation.build" in imported(PACKAGE / "notation" / "parser.py")
    assert "palago_tools.rules.palagonia" in imported(PACKAGE / "table" / "session.py")
