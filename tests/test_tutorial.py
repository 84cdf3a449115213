"""docs/tutorial.md: every ```sh block runs, in order, in an empty folder, with ``palago`` being
this checkout's command (not whatever version is installed), and does what the text says."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from palago_tools.notation import parse_file

from .rasters import needs_cairo

ROOT = Path(__file__).resolve().parent.parent
TUTORIAL = ROOT / "docs" / "tutorial.md"


def shell_blocks() -> list[str]:
    return re.findall(r"^```sh\n(.*?)^```", TUTORIAL.read_text(encoding="utf-8"), re.S | re.M)


def test_the_tutorial_has_commands() -> None:
    commands = "\n".join(shell_blocks())
    for needed in ("palago replay club.palago --html", "palago diagram", "palago build"):
        assert needed in commands
    assert "samples/viewer.png" in TUTORIAL.read_text(encoding="utf-8")
    assert (ROOT / "docs" / "samples" / "viewer.png").exists()


@needs_cairo
def test_every_command_of_the_tutorial(tmp_path: Path) -> None:
    work = tmp_path / "work"
    work.mkdir()
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    palago = bin_dir / "palago"
    palago.write_text(
        f"#!/bin/sh\nexec {sys.executable} -c "
        '\'import sys; sys.argv[0] = "palago"; from palago_tools.cli import main; main()\' "$@"\n',
        encoding="utf-8",
    )
    palago.chmod(0o755)
    env = dict(os.environ)
    env["PATH"] = f"{bin_dir}{os.pathsep}{env.get('PATH', '')}"
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH")) if p)
    outputs = []
    for block in shell_blocks():
        done = subprocess.run(
            ["bash", "-euo", "pipefail", "-c", block],
            cwd=work,
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert done.returncode == 0, (
            f"{block}\n--- stdout\n{done.stdout}\n--- stderr\n{done.stderr}"
        )
        outputs.append(done.stdout + done.stderr)

    (game,) = parse_file(work / "club.palago").records
    assert "Yellow (Anna) won" in outputs[1]
    assert "completes yellow Pala-creature of 5 tiles" in outputs[1]
    page = (work / "club.html").read_text(encoding="utf-8")
    frames = len(game.turns) + 1 + 1  # the start, the turns and the variation's turn
    assert page.startswith("<!DOCTYPE html>") and page.count('data-k="turn=') == frames
    assert f"\n{frames}\n" in "\n" + outputs[2]  # grep -o … | wc -l counts them
    hidden = (work / "spoiler-free.html").read_text(encoding="utf-8")
    assert (
        "Result: 1-0" in page.split('class="infos"')[0]
        and "Result: 1-0" not in hidden.split('class="infos"')[0]
    )
    assert "Blue had to cover -1,0." in page
    assert (work / "threat.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert (work / "final.pdf").read_bytes()[:5] == b"%PDF-"
    assert "cards-home-en-a4.pdf" in outputs[-1]
    assert (work / "print" / "cards" / "cards-home-en-a4.pdf").exists()
    assert any((work / "print" / "score-pads").iterdir())
