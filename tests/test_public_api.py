"""The top-level API: the light core of the library under one import, the heavy parts
(printing, rendering, the table) left behind their own."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import palago_tools


def test_every_exported_name_is_there() -> None:
    missing = [name for name in palago_tools.__all__ if not hasattr(palago_tools, name)]
    assert not missing


def test_replay_at_the_top_is_the_function() -> None:
    from palago_tools import replay

    assert callable(replay) and replay.__module__ == "palago_tools.replays.game"


def test_the_rules_and_records_have_different_names() -> None:
    from palago_tools import Palago, Palagonia
    from palago_tools.notation import PalagoGame, PalagoniaGame

    assert {Palago.__module__, Palagonia.__module__} == {
        "palago_tools.rules.palago",
        "palago_tools.rules.palagonia",
    }
    assert PalagoGame.__module__ == PalagoniaGame.__module__ == "palago_tools.notation.records"


def test_importing_the_library_leaves_the_heavy_parts_out() -> None:
    code = (
        "import sys, palago_tools; "
        "print(' '.join(sorted(m for m in ('reportlab', 'cairosvg', 'starlette', 'uvicorn', "
        "'svgwrite', 'PIL', 'pypdf') if m in sys.modules)))"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert loaded.stdout.strip() == ""


def test_no_exported_name_hides_a_module() -> None:
    """``import palago_tools.x.y as z`` goes through the attribute ``palago_tools.x``: an export
    of the same name as a subpackage would break it."""
    folder = Path(palago_tools.__file__).parent
    hiding = [
        n for n in palago_tools.__all__ if (folder / n).is_dir() or (folder / f"{n}.py").is_file()
    ]
    assert not hiding
    import palago_tools.replays.archive as archive

    assert callable(archive.replay_archive)


def test_the_viewers_names_load_from_their_homes() -> None:
    """``palago_tools.viewer`` loads its page and frames when a name is first asked for: each
    name of ``__all__`` is the object its module defines, and a name it lacks is refused."""
    import importlib

    import pytest

    from palago_tools import viewer

    for name in viewer.__all__:
        found = getattr(viewer, name)
        home = getattr(found, "__module__", None) or "palago_tools.viewer.themes"  # THEMES
        assert getattr(importlib.import_module(home), name) is found, name
    with pytest.raises(AttributeError, match="no attribute 'missing'"):
        viewer.missing  # noqa: B018


def test_palago_replay_loads_the_viewer_page_only_for_html() -> None:
    """The replay command checks a theme and says its lines without the viewer's page."""
    code = (
        "import sys, palago_tools.cli.replay, palago_tools.cli.diagram; "
        "print(' '.join(sorted(m for m in sys.modules if m.startswith('palago_tools.viewer.'))))"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert loaded.stdout.split() == ["palago_tools.viewer.themes"]
