"""``palago replay`` and ``palago check`` on archives: one record at a time from files, FIFOs and
standard input, records numbered as they stand, a summary, JSON entries, and the progress bar."""

from __future__ import annotations

import io
import json
import os
import threading
from pathlib import Path

import pytest
from typer.testing import CliRunner

from palago_tools.cli import app
from palago_tools.cli._stream import ProgressBar
from palago_tools.notation import write
from palago_tools.replays.archive import ArchiveTally, replay_archive
from palago_tools.replays.game import replay
from palago_tools.replays.generated import random_palago_record, random_palagonia_record

runner = CliRunner()

GOOD = write([random_palago_record(1), random_palagonia_record(2)])
UNREADABLE = '[Kind "Palago"]\n\n1. 0,0R 1,0Q *\n'
ILLEGAL = '[Kind "Palago"]\n\n1. 0,0R 5,5L *\n'
ARCHIVE = GOOD + "\n" + UNREADABLE + "\n" + ILLEGAL


def _file(tmp_path: Path, text: str, name: str = "archive.palago") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _expected_tally() -> ArchiveTally:
    tally = ArchiveTally()
    for record in (random_palago_record(1), random_palagonia_record(2)):
        tally.add(replay(record))
    tally.add(None)
    (illegal,) = replay_archive(io.StringIO(ILLEGAL))
    tally.add(illegal.report)
    return tally


def test_replay_numbers_records_as_they_stand_and_sums_up(tmp_path: Path) -> None:
    path = _file(tmp_path, ARCHIVE)
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert lines[0].startswith("Record 1 (line 1): Palago")
    assert lines[1].startswith("Record 2 (line ") and "Palagonia" in lines[1]
    begins = GOOD.count("\n") + 2  # the record's own first line, not the line of its error
    assert lines[2] == f"Record 3 (line {begins}): could not be read: 'Q' is not an orientation"
    assert lines[3].startswith(
        f"Record 4 (line {begins + 4}): Palago, 0 turns, 0 tiles: invalid at turn 1"
    )
    tally = _expected_tally()
    assert (tally.records, tally.valid, tally.invalid, tally.unreadable) == (4, 2, 2, 1)
    summary = result.stderr.splitlines()[-1]
    assert summary.startswith(
        "palago: 4 records: 2 valid, 2 invalid (1 unreadable); valid games: Palago 1 (Yellow won "
        "0, Blue won 0, "
        "1 drawn, 0 unfinished), Palagonia 1 (1 finished, 0 unfinished); "
    )
    assert (
        f"; {tally.turns} turns in " in summary
        and " turns/s, " in summary
        and "records/s" in summary
    )
    assert len(lines) == 4
    assert f"{path}:{begins + 2}:12: turn 1: 'Q' is not an orientation" in result.stderr
    assert f"{path}:{begins + 6}:9: turn 1 (0,0R 5,5L)" in result.stderr
    assert "    1. 0,0R 5,5L *" in result.stderr
    assert "\r" not in result.stderr  # no progress bar when standard error is not a terminal


def test_the_summary_counts_winners() -> None:
    tally = ArchiveTally()
    games = [random_palago_record(seed) for seed in range(8)]
    for game in games:
        tally.add(replay(game))
    outcome = [replay(g) for g in games]
    yellow = sum(1 for r in outcome if r.winner and r.winner.startswith("Yellow"))
    blue = sum(1 for r in outcome if r.winner and r.winner.startswith("Blue"))
    drawn = sum(1 for r in outcome if r.draw)
    assert (tally.yellow_won, tally.blue_won, tally.drawn) == (yellow, blue, drawn)
    assert yellow + blue + drawn + tally.unfinished == 8
    assert f"Palago 8 (Yellow won {yellow}, Blue won {blue}, {drawn} drawn" in tally.summary()
    assert tally.as_json()["palago"] == {
        "yellow": yellow,
        "blue": blue,
        "drawn": drawn,
        "unfinished": tally.unfinished,
    }


def test_replay_json_lists_every_record_in_file_order(tmp_path: Path) -> None:
    path = _file(tmp_path, ARCHIVE)
    result = runner.invoke(app, ["replay", str(path), "--json"])
    assert result.exit_code == 1
    entries = json.loads(result.stdout)
    assert [e["record"] for e in entries] == [1, 2, 3, 4]
    assert [e["valid"] for e in entries] == [True, True, False, False]
    assert entries[2]["kind"] is None and entries[2]["error"]["column"] == 12
    assert entries[3]["error"]["turn"] == "1"
    assert "4 records: 2 valid, 2 invalid" in result.stderr
    empty = runner.invoke(app, ["replay", str(_file(tmp_path, "\n", "empty.palago")), "--json"])
    assert empty.exit_code == 1 and "holds no records" in empty.stderr


def test_replay_reads_standard_input(tmp_path: Path) -> None:
    result = runner.invoke(app, ["replay", "-"], input=GOOD)
    assert result.exit_code == 0, result.output
    assert len(result.stdout.splitlines()) == 2
    assert result.stderr.splitlines()[-1].startswith(
        "palago: 2 records: 2 valid, 0 invalid; valid games: "
    )


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_replay_reads_a_fifo_once_and_writes_the_viewer(tmp_path: Path) -> None:
    fifo = tmp_path / "games.fifo"
    os.mkfifo(fifo)

    def write_once() -> None:
        with open(fifo, "w", encoding="utf-8") as pipe:
            pipe.write(GOOD)

    writer = threading.Thread(target=write_once, daemon=True)
    writer.start()
    out = tmp_path / "game.html"
    result = runner.invoke(app, ["replay", str(fifo), "--html", str(out), "--record", "2"])
    writer.join()
    assert result.exit_code == 0, result.output
    assert "Palagonia" in out.read_text(encoding="utf-8")


def test_the_viewer_of_an_unreadable_record_shows_its_error(tmp_path: Path) -> None:
    path = _file(tmp_path, ARCHIVE)
    out = tmp_path / "game.html"
    result = runner.invoke(app, ["replay", str(path), "--html", str(out), "--record", "3"])
    assert result.exit_code == 1
    assert (
        f"{path}:{GOOD.count(chr(10)) + 4}:12: turn 1: 'Q' is not an orientation" in result.stderr
    )
    assert not out.exists()
    past = runner.invoke(app, ["replay", str(path), "--html", str(out), "--record", "9"])
    assert past.exit_code == 2 and "has 4 records, not 9" in past.stderr


def test_check_streams_records_with_numbers_and_a_summary(tmp_path: Path) -> None:
    creature = '[Kind "Position"]\n\n-1,0R -1,1R 0,-1D 0,0R 0,1L\n'
    path = _file(
        tmp_path,
        creature + "\n" + '[Kind "Position"]\n\n0,0Q\n' + "\n" + '[Kind "Position"]\n\n0,0R\n',
    )
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert lines[0] == "Record 1 (line 1): a valid creature"
    assert any(line.startswith("Record 2 (line 5): could not be read") for line in lines)
    assert any(line.startswith("Record 3 (line 9): not a valid creature") for line in lines)
    assert result.stderr.splitlines()[-1].startswith(
        "palago: 3 records: 1 valid, 2 invalid (1 unreadable); in "
    )
    entries = json.loads(runner.invoke(app, ["check", str(path), "--json"]).stdout)
    assert [(e["record"], e["valid"]) for e in entries] == [(1, True), (2, False), (3, False)]


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_progress_bar_is_drawn_on_a_terminal_only() -> None:
    screen = _Terminal()
    bar = ProgressBar("replaying", 4_000_000, stream=screen, interval=0)
    bar.update(1_000_000, 250, 5000)
    bar.update(2_000_000, 500, 10000)
    drawn = screen.getvalue().split("\r")
    assert len(drawn) == 3
    assert drawn[1].startswith("replaying [") and " 25%  1.0/4.0 MB  250 records" in drawn[1]
    assert " 50%  2.0/4.0 MB  500 records" in drawn[2]
    bar.clear()
    assert screen.getvalue().endswith("\r\x1b[K")
    quiet = io.StringIO()
    hidden = ProgressBar("replaying", None, stream=quiet, interval=0)
    hidden.update(10, 1, 1)
    assert quiet.getvalue() == ""
    pipe = ProgressBar("replaying", None, stream=_Terminal(), interval=0)
    assert pipe.line(2_500_000, 7, 0, 1.0) == "replaying  2.5 MB  7 records"
