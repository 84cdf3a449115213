"""``palago serve`` on the command line: files it cannot continue, an address it cannot use."""

from __future__ import annotations

import socket
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from palago_tools.cli import app
from palago_tools.cli.serve import is_loopback

from .table_support import palago_text


def test_files_it_cannot_continue(tmp_path: Path) -> None:
    runner = CliRunner()
    two = tmp_path / "two.palago"
    two.write_text(palago_text() * 2, encoding="utf-8")
    result = runner.invoke(app, ["serve", str(two)])
    assert result.exit_code == 1
    assert "holds 2 records; palago serve continues a file of one game" in result.output
    broken = tmp_path / "broken.palago"
    broken.write_text('[Kind "Palago"]\n1. 0,0R 0,1Q *\n', encoding="utf-8")
    result = runner.invoke(app, ["serve", str(broken)])
    assert result.exit_code == 1 and "broken.palago:2:" in result.output
    result = runner.invoke(app, ["serve", str(tmp_path / "missing" / "game.palago")])
    assert result.exit_code == 2 and "does not exist" in result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["broken.palago", "two.palago"]


def test_an_address_in_use(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        result = CliRunner().invoke(
            app, ["serve", str(tmp_path / "game.palago"), "--port", str(port)]
        )
    assert result.exit_code == 2 and f"cannot listen on 127.0.0.1:{port}" in result.output
    result = CliRunner().invoke(app, ["serve", "--port", "70000"])
    assert result.exit_code == 2


def test_which_hosts_are_this_computer() -> None:
    assert (
        is_loopback("127.0.0.1")
        and is_loopback("localhost")
        and is_loopback("::1")
        and is_loopback("[::1]")
    )
    assert (
        not is_loopback("0.0.0.0")
        and not is_loopback("192.168.1.20")
        and not is_loopback("example.org")
    )


def test_without_a_file_the_unfinished_games_of_the_folder_are_offered(
    tmp_path: Path, monkeypatch: Any
) -> None:
    from palago_tools.table.record_file import unfinished_games

    from .table_support import NEW_PALAGONIA, act

    monkeypatch.chdir(tmp_path)
    (tmp_path / "done.palago").write_text(palago_text(), encoding="utf-8")  # won: not offered
    (tmp_path / "table-2026-12-01-200000.palago").write_text(
        palago_text().replace("1-0", "*").replace("7. 1,-2D *", "*"), encoding="utf-8"
    )
    from palago_tools.table.session import Session

    act(Session.open(tmp_path / "rolling.palago"), NEW_PALAGONIA)  # a start journal only
    assert [p.name for p in unfinished_games(tmp_path)] == [
        "rolling.palago",
        "table-2026-12-01-200000.palago",
    ]
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        result = CliRunner().invoke(app, ["serve", "--port", str(port)])
    assert (
        "Unfinished games in this folder: rolling.palago, table-2026-12-01-200000.palago"
        in result.output
    )
    assert "continue one with palago serve FILE" in result.output and result.exit_code == 2
