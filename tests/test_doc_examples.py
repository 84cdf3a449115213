"""Every block of README.md and docs/*.md that shows a command and its output (a fenced block
whose lines start with ``$ palago`` or ``$ printf … | palago``) runs from the repository's root,
with ``palago`` being this tree, and prints what the block shows (standard output and error
together), so the documents cannot drift from the program. The notation blocks of the notation
reference are games the rules accept."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from palago_tools.notation import parse_text
from palago_tools.replays.game import replay

ROOT = Path(__file__).resolve().parent.parent
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
FENCE = re.compile(r"^```[a-z]*\n(.*?)^```", re.S | re.M)


def examples() -> list[tuple[str, str, str]]:
    """``(where, command, output)`` for every ``$`` line of every document."""
    found = []
    for document in DOCUMENTS:
        text = document.read_text(encoding="utf-8")
        for block in FENCE.finditer(text):
            body = block.group(1)
            if not body.startswith("$ "):
                continue
            line = text.count("\n", 0, block.start()) + 2
            for piece in re.split(r"^(?=\$ )", body, flags=re.M):
                if piece.strip():
                    command, _, output = piece[2:].partition("\n")
                    found.append((f"{document.name}:{line}", command, output))
    return found


def test_the_documents_show_commands_with_their_output() -> None:
    places = {where.split(":")[0] for where, _, _ in examples()}
    assert {"tactics.md", "notation.md"} <= places


@pytest.mark.parametrize(("where", "command", "output"), examples(), ids=lambda v: str(v)[:40])
def test_every_shown_command_prints_what_the_document_shows(
    where: str, command: str, output: str
) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "100"}
    prelude = f'palago() {{ "{sys.executable}" -m palago_tools "$@"; }}\n'
    done = subprocess.run(
        ["bash", "-c", prelude + command],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.stdout + done.stderr == output, f"{where}: {command}"


@pytest.mark.parametrize(
    "block",
    re.findall(
        r"^```palago\n(.*?)^```",
        (ROOT / "docs" / "notation.md").read_text(encoding="utf-8"),
        re.S | re.M,
    ),
)
def test_the_notation_references_games_are_legal(block: str) -> None:
    (record,) = parse_text(block, "notation.md").records
    report = replay(record)
    assert report.error is None, report.error
