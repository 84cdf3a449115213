"""``palago prove``: openings, a record's position, --check, and bad input (one line, exit 2)."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from palago_tools.cli import app

runner = CliRunner()
PROOFS = Path(__file__).resolve().parent.parent / "docs" / "proofs"
# Opening F and Blue's reply that wins within two more turns of Blue's.
F_GAME = '[Kind "Palago"]\n\n1. 0,0D 1,0D 2. 0,-1L 1,-2L *\n'


def run(*args: str, code: int = 0) -> Any:
    result = runner.invoke(app, ["prove", *args])
    assert result.exit_code == code, result.output
    return result


def test_check_says_each_committed_proof_holds() -> None:
    out = run(
        "--check", str(PROOFS / "opening-F.proof.gz"), "--check", str(PROOFS / "opening-E.proof.gz")
    )
    lines = out.stdout.splitlines()
    assert len(lines) == 2 and all(": holds (" in line for line in lines)
    assert "blue wins within 3 of its turns from 0,0D 1,0D with blue to move" in lines[0]
    data = json.loads(run("--check", str(PROOFS / "opening-F.proof.gz"), "--json").stdout)
    assert data[0]["holds"] is True and data[0]["loser_turns"] > 2_000


def test_check_fails_a_broken_proof_with_exit_1(tmp_path: Path) -> None:
    text = gzip.decompress((PROOFS / "opening-F.proof.gz").read_bytes()).decode()
    lines = text.splitlines()
    broken = tmp_path / "broken.proof"
    broken.write_text("\n".join(lines[:-1]) + "\n")  # the last line of the strategy dropped
    out = run("--check", str(broken), code=1)
    assert "FAILS: the strategy has no line for the position after" in out.stdout


def test_openings_writes_checked_proofs_and_says_which_hold(tmp_path: Path) -> None:
    out = run("openings", "--openings", "F", "--out", str(tmp_path / "p"))
    assert "F  0,0D 1,0D   lost: Blue replies 0,-1L 1,-2L and wins within 3 turns" in out.stdout
    assert "1,885 lines, checked" in out.stdout
    run("--check", str(tmp_path / "p" / "opening-F.proof.gz"))
    data = json.loads(
        run(
            "openings", "--openings", "F", "--turns", "2", "--json", "--out", str(tmp_path / "q")
        ).stdout
    )
    assert data["openings"][0]["status"] == "holds" and data["openings"][0]["proof"] is None


def test_a_record_position_is_proved_into_a_file(tmp_path: Path) -> None:
    game = tmp_path / "f.palago"
    game.write_text(F_GAME)
    target = tmp_path / "f.proof"
    out = run(str(game), "--turns", "2", "--out", str(target))
    assert "yellow has no win within 2 turns (searched in full)" in out.stdout
    out = run(str(game), "--turns", "2", "--winner", "blue", "--out", str(target))
    assert "blue wins within 2 turns, whatever yellow plays" in out.stdout
    run("--check", str(target))
    assert game.read_text() == F_GAME  # the input is left as it was


def test_bad_input_gets_one_line_and_exit_2(tmp_path: Path) -> None:
    cases = [
        ([], "say what to prove"),
        (["openings", "--turns", "0"], "--turns is 1 to 12, not 0"),
        (["openings", "--openings", "XZ"], "--openings names openings A to F"),
        (["openings", "--seconds", "-1"], "--seconds is more than 0"),
        (["openings", "--check", "x.proof"], "--check takes proof files only"),
        (["--check", str(tmp_path / "missing.proof")], "cannot read"),
        ([str(tmp_path / "missing.palago")], "missing.palago"),
    ]
    for args, message in cases:
        out = run(*args, code=2)
        assert message in out.output, (args, out.output)
        assert "Traceback" not in out.output
    bad = tmp_path / "bad.proof"
    bad.write_text(
        "palago-proof 1\nposition 0,0D 1,0D\nto-move green\nwinner blue\ntiles-left 46\nturns 3\n"
    )
    out = run("--check", str(bad), code=1)
    assert "bad.proof:3:9: 'green' is not a valid to-move; yellow or blue" in out.output
    assert out.output.splitlines()[-2:] == ["    to-move green", "            ^^^^^"]


def test_replies_to_an_opening_that_holds_get_their_own_proofs(tmp_path: Path) -> None:
    args = ["openings", "--openings", "D", "--turns", "2", "--replies", "--reply-turns", "1"]
    data = json.loads(run(*args, "--json", "--out", str(tmp_path)).stdout)
    assert [o["status"] for o in data["openings"]] == ["holds"]
    replies = data["replies"]
    assert len(replies) == 237 and {r["opening"] for r in replies} == {"D"}
    lost = [r for r in replies if r["status"] == "lost"]
    assert lost and all(r["checked"] and r["lines"] == 1 for r in lost)  # Yellow wins at once
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        f"opening-D-reply-{r['number']:03d}.proof.gz" for r in lost
    )
    out = run(*args, "--out", str(tmp_path))
    assert f"D  237 replies up to symmetry: {len(lost)} lost for Blue within 1 turn" in out.stdout
    assert "(1 line, checked)" in out.stdout
