"""What a new user and a fuzzer broke (issue 22), one test or more per item, the commands as
the user typed them run in a real shell where streams, signals or memory are the point."""

from __future__ import annotations

import io
import os
import resource
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from palago_tools import ArgumentError, LimitError, PalagoError
from palago_tools.cli import app
from palago_tools.notation import (
    Comment,
    UnreadableTextError,
    parse_text,
    write,
    write_verified,
)
from palago_tools.notation.reader import MAX_LINE, MAX_RECORD, iter_records

from .conftest import examples
from .notation_strategies import records

runner = CliRunner()
ROOT = Path(__file__).resolve().parent.parent
GAME = '[Kind "Palago"]\n[Result "*"]\n\n1. 0,0R 0,1L 2. -1,0R -1,1R *\n'
ILLEGAL = '[Kind "Palago"]\n\n1. 0,0R 0,1L 2. 5,5R 6,6R *\n'
UNREADABLE = '[Kind "Palago"]\n\n1. 0,0R 0,1Q *\n'
THREAT = '[Kind "Position"]\n[X-ToMove "Yellow"]\n\n-1,0R -1,1R 0,-1D 0,0R\n'


def shell(command: str, cwd: Path, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """``command`` in bash, with ``palago`` meaning this source tree."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    prelude = f'palago() {{ "{sys.executable}" -m palago_tools "$@"; }}\n'
    return subprocess.run(
        ["bash", "-c", prelude + command],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


# --- 1. fmt never makes a valid file unreadable ---------------------------------------------------

ISSUE_1 = (
    'printf \'[Kind "Position"]\\n\\n{%s [Kind "Palago"] b} 0,0R 1,0L\\n\' '
    "$(printf 'a%.0s' $(seq 73)) > f.palago; palago fmt --in-place f.palago"
)


def test_1_fmt_in_place_keeps_a_comment_holding_kind_readable(tmp_path: Path) -> None:
    done = shell(ISSUE_1, tmp_path)
    assert done.returncode == 0, done.stderr
    text = (tmp_path / "f.palago").read_text(encoding="utf-8")
    result = parse_text(text)
    assert result.ok and len(result.records) == 1
    assert '[Kind "Palago"] b' in result.records[0].comments[0].text
    again = shell("palago fmt f.palago", tmp_path)
    assert again.returncode == 0 and again.stdout == text


@pytest.mark.parametrize(
    "words",
    [
        ["a" * 73, "[Kind", '"Palago"]'],
        ["a" * 75, "[", "Kind", '"Palago"]'],
        ["a" * 70, "\ufeff", "[Kind", "x"],
        ["a" * 78, "[Kind"],
        ["[Kind"] * 30,
    ],
)
def test_1_the_writer_never_begins_a_line_with_kind(words: list[str]) -> None:
    text = '[Kind "Position"]\n\n{' + " ".join(words) + "} 0,0R 1,0L\n"
    (read,) = parse_text(text).records
    written = write(read)
    assert parse_text(written).records == (read,)
    assert write(parse_text(written).records) == written


def test_1_write_verified_refuses_a_text_that_would_not_read_back(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    (record,) = parse_text('[Kind "Position"]\n\n{a comment} 0,0R 1,0L\n').records
    assert write_verified([record]) == write(record)
    import palago_tools.notation.writer as writer

    wrap = writer._wrap
    monkeypatch.setattr(writer, "_wrap", lambda atoms, first=(): [*wrap(atoms, first), "[Kind"])
    with pytest.raises(UnreadableTextError, match="would not read back the same"):
        write_verified([record])
    source = '[Kind "Position"]\n\n{a comment} 0,0R 1,0L\n'
    result = runner.invoke(app, ["fmt", "-"], input=source)
    assert result.exit_code == 3 and result.stdout == ""
    assert "nothing was written" in result.stderr


_kind_words = st.lists(
    st.sampled_from(
        ["[Kind", "[", "Kind", '"Palago"]', "[ Kind", "\ufeff[Kind", "b", "a" * 40, "x" * 77]
    ),
    min_size=1,
    max_size=12,
).map(" ".join)


@pytest.mark.slow
@settings(max_examples=examples(400), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(records, st.lists(_kind_words, min_size=1, max_size=3))
def test_1_round_trip_of_records_whose_comments_hold_kind(record: object, texts: list[str]) -> None:
    """parse → write → parse gives the same records, with comments that hold ``[Kind``."""
    comments = tuple(Comment(" ".join(t.split())) for t in texts)
    from dataclasses import replace

    changed = replace(record, comments=comments + record.comments)  # type: ignore[type-var]
    text = write(changed)
    again = parse_text(text)
    assert again.errors == () and again.records == (changed,)
    assert write(again.records) == text


# --- 2. FILE:N counts every record -------------------------------------------------------------


def test_2_threats_file_n_counts_unreadable_records_too(tmp_path: Path) -> None:
    path = tmp_path / "two.palago"
    path.write_text(UNREADABLE + "\n" + THREAT, encoding="utf-8")
    first = runner.invoke(app, ["analyse", "--threats", f"{path}:1", "--json"])
    assert first.exit_code == 1 and "'Q' is not an orientation" in first.stderr
    second = runner.invoke(app, ["analyse", "--threats", f"{path}:2", "--json"])
    assert second.exit_code == 0, second.output
    assert '"record": 2' in second.stdout
    beyond = runner.invoke(app, ["analyse", "--threats", f"{path}:3"])
    assert beyond.exit_code == 2 and "has 2 records, not 3" in beyond.stderr
    word = runner.invoke(app, ["analyse", "--threats", f"{path}:x"])
    assert word.exit_code == 2 and "after FILE: comes a record number" in word.stderr
    transform = runner.invoke(app, ["transform", f"{path}:x", "1"])
    assert transform.exit_code == 2 and "after FILE: comes a record number" in transform.stderr


def test_2_a_file_whose_name_ends_in_a_colon_and_number_is_read_whole(tmp_path: Path) -> None:
    path = tmp_path / "odd:2"
    path.write_text(THREAT, encoding="utf-8")
    result = runner.invoke(app, ["analyse", "--threats", str(path)])
    assert result.exit_code == 0, result.output


# --- 3. no output overwrites the input -----------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ["replay", "x.palago", "--html", "x.palago"],
        ["diagram", "x.palago", "--html", "x.palago"],
        ["diagram", "x.palago", "-o", "x.palago"],
        ["annotate", "x.palago", "-o", "x.palago"],
        ["diagram", "x.palago", "-o", "link.svg"],
    ],
)
def test_3_outputs_refuse_the_input_file(tmp_path: Path, args: list[str]) -> None:
    (tmp_path / "x.palago").write_text(GAME, encoding="utf-8")
    os.link(tmp_path / "x.palago", tmp_path / "link.svg")
    done = shell(" ".join(f"'{a}'" for a in ["palago", *args]), tmp_path)
    assert done.returncode == 2, done.stderr
    assert "would overwrite the input x.palago" in done.stderr
    assert (tmp_path / "x.palago").read_text(encoding="utf-8") == GAME


# --- 4. closed streams, NaN, huge counts -------------------------------------------------------


@pytest.mark.parametrize(
    ("command", "message"),
    [
        ("palago replay - <&-", "cannot read <stdin>: it is closed"),
        ("palago analyse <&-", "cannot read <stdin>: it is closed"),
        ("palago fmt g.palago >&-", "cannot write <stdout>: it is closed"),
        ("palago replay g.palago >&-", "cannot write <stdout>: it is closed"),
        ("palago build -o out --duplex-offset nan,0", "the duplex offset is X,Y"),
        ("palago generate --tiles 6 --count 9223372036854775808", "--count"),
    ],
)
def test_4_the_users_mistakes_are_not_bugs(tmp_path: Path, command: str, message: str) -> None:
    (tmp_path / "g.palago").write_text(GAME, encoding="utf-8")
    done = shell(command, tmp_path)
    assert done.returncode == 2, (done.returncode, done.stderr)
    assert message in done.stderr and "Traceback" not in done.stderr
    assert not (tmp_path / "out").exists()


def test_4_a_broken_pipe_ends_every_command_alike(tmp_path: Path) -> None:
    (tmp_path / "big.palago").write_text((GAME + "\n") * 20000, encoding="utf-8")
    codes = {}
    for name, command in {
        "fmt": "palago fmt big.palago",
        "replay": "palago replay big.palago",
        "generate": "palago generate --tiles 30 --count 400 --no-progress",
    }.items():
        done = shell(command + ' | head -c1 > /dev/null; echo "${PIPESTATUS[0]}"', tmp_path, 300)
        codes[name] = done.stdout.strip()
        assert "Traceback" not in done.stderr
    assert codes == {"fmt": "2", "replay": "2", "generate": "2"}


# --- 5. Ctrl-C while palago starts -------------------------------------------------------------


INTERRUPT_WHILE_IMPORTING = """
import os, signal, sys
signal.signal(signal.SIGINT, signal.default_int_handler)

MODULE = sys.argv[1]

class Interrupt:
    # a real SIGINT the moment palago starts importing MODULE, as Ctrl-C would land there
    def find_spec(self, name, path=None, target=None):
        if name == MODULE:
            sys.meta_path.remove(self)
            os.kill(os.getpid(), signal.SIGINT)
        return None

sys.meta_path.insert(0, Interrupt())
sys.argv = ["palago", *sys.argv[2:]]
from palago_tools.cli import main
main()
"""


@pytest.mark.parametrize(
    "module", ["typer", "lark", "palago_tools.cli.commands", "palago_tools.viewer"]
)
def test_5_ctrl_c_during_start_up_is_one_line_and_130(tmp_path: Path, module: str) -> None:
    """``timeout -s INT 0.2 palago --help``: the signal lands while palago imports its
    commands (a signal that lands while Python itself starts, before palago's first line, is
    Python's). ``--help`` imports every command; a command imports only its own."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", INTERRUPT_WHILE_IMPORTING, module, "--help"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert "Traceback" not in done.stderr, done.stderr
    assert done.returncode == 130 and done.stderr.strip() == "palago: interrupted", done.stderr
    assert done.stdout == ""


def test_5_the_package_and_the_cli_import_light() -> None:
    code = (
        "import sys, palago_tools.cli; "
        "print(sorted(m for m in ('lark', 'typer') if m in sys.modules))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert done.stdout.strip() == "[]"


# --- 6. diagram of a game with an illegal turn ---------------------------------------------------


def test_6_diagram_of_an_illegal_game_reports_the_turn(tmp_path: Path) -> None:
    path = tmp_path / "bad.palago"
    path.write_text(ILLEGAL, encoding="utf-8")
    result = runner.invoke(app, ["diagram", str(path)])
    assert result.exit_code == 1 and result.stdout == ""
    assert "line 3, column 22: turn 2 (5,5R 6,6R)" in result.stderr
    earlier = runner.invoke(app, ["diagram", str(path), "--turn", "1"])
    assert earlier.exit_code == 0 and earlier.stdout.startswith("<?xml")


def test_6_diagram_turn_beyond_an_invalid_palagonia_game_names_the_records_turns(
    tmp_path: Path,
) -> None:
    path = tmp_path / "bad.palago"
    path.write_text(ILLEGAL, encoding="utf-8")
    result = runner.invoke(app, ["diagram", str(path), "--turn", "9"])
    assert result.exit_code == 2
    assert "its turns are 1 to 2" in result.stderr


# --- 7. limits on a line and a record ----------------------------------------------------------


@pytest.mark.slow
def test_7_replay_of_dev_zero_ends_with_the_limit_in_little_memory(tmp_path: Path) -> None:
    done = shell("/usr/bin/time -f 'rss %M' timeout 30 palago replay /dev/zero", tmp_path, 60)
    assert done.returncode in (1, 2), done.stderr
    assert "a line longer than 1,000,000 characters" in done.stderr
    rss = int(done.stderr.rsplit("rss ", 1)[1].split()[0])
    assert rss < 400_000, rss


def test_7_line_and_record_limits_are_named() -> None:
    with pytest.raises(LimitError, match="a line longer than 1,000,000 characters"):
        list(iter_records(io.BytesIO(b"\x00" * (MAX_LINE + 10))))
    record = '[Kind "Position"]\n' + ("0,0R " * 50 + "\n") * (MAX_RECORD // 250 + 10)
    with pytest.raises(LimitError, match="a record longer than 10,000,000 characters"):
        list(iter_records(io.StringIO(record)))
    with pytest.raises(LimitError, match="a line longer"):
        parse_text('[Kind "Position"]\n{' + "x" * (MAX_LINE + 1) + "}\n")
    result = runner.invoke(app, ["replay", "-"], input=b"x" * (MAX_LINE + 5))
    assert result.exit_code == 2 and "<stdin>:1: a line longer than" in result.stderr


def test_7_memory_reading_a_long_line_stays_bounded() -> None:
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    with pytest.raises(LimitError):
        list(iter_records(io.BytesIO(b"7" * (MAX_LINE * 3))))
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before < 200_000


# --- 8. the smaller ones -----------------------------------------------------------------------


def test_8_dash_is_standard_output_where_the_output_is_text(tmp_path: Path) -> None:
    path = tmp_path / "g.palago"
    path.write_text(GAME, encoding="utf-8")
    os.chdir(tmp_path)
    svg = runner.invoke(app, ["diagram", str(path), "-o", "-"])
    assert svg.exit_code == 0 and svg.stdout.startswith("<?xml")
    html = runner.invoke(app, ["replay", str(path), "--html", "-"])
    assert html.exit_code == 0 and html.stdout.startswith("<!DOCTYPE html>")
    page = runner.invoke(app, ["diagram", str(path), "--html", "-"])
    assert page.exit_code == 0 and page.stdout.startswith("<!DOCTYPE html>")
    annotated = runner.invoke(app, ["annotate", str(path), "-o", "-"])
    assert annotated.exit_code == 0 and annotated.stdout.startswith('[Kind "Palago"]')
    cards = runner.invoke(app, ["puzzles", "--count", "1", "--cards", "-"])
    assert cards.exit_code == 2 and "not text" in cards.stderr
    assert not (tmp_path / "-").exists()


@pytest.mark.parametrize(
    "args",
    [
        ["diagram", "{g}", "--record", "0"],
        ["diagram", "{g}", "--record", "5"],
        ["diagram", "{g}", "--turn", "9"],
        ["replay", "{g}", "--html", "{tmp}/x.html", "--record", "5"],
        ["replay", "{g}", "--html", "{tmp}/x.html", "--record", "x"],
        ["analyse", "--threats", "{g}:5"],
        ["analyse", "--threats", "{g}", "--turn", "9"],
        ["transform", "{g}:5", "1"],
    ],
)
def test_8_a_bad_turn_or_record_is_a_usage_error_everywhere(
    tmp_path: Path, args: list[str]
) -> None:
    path = tmp_path / "g.palago"
    path.write_text(GAME, encoding="utf-8")
    filled = [a.replace("{g}", str(path)).replace("{tmp}", str(tmp_path)) for a in args]
    result = runner.invoke(app, filled)
    assert result.exit_code == 2, result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["diagram", "{g}", "--theme", "bogus"], "--theme only works with --html"),
        (["diagram", "{g}", "--embed"], "--embed only works with --html"),
        (["diagram", "{g}", "--scale", "3"], "--scale only works with a .png output"),
        (["replay", "{g}", "--record", "2"], "--record only works with --html"),
        (
            ["replay", "{g}", "--theme", "dark", "--hide-result"],
            "--theme, --hide-result only work with --html",
        ),
        (["analyse", "0,0R", "--forks", "2"], "--forks only works with --threats FILE"),
        (
            ["analyse", "--threats", "{g}", "--regions"],
            "--regions only works with a position given as tile tokens",
        ),
    ],
)
def test_8_options_that_do_nothing_alone_are_refused(
    tmp_path: Path, args: list[str], message: str
) -> None:
    path = tmp_path / "g.palago"
    path.write_text(GAME, encoding="utf-8")
    result = runner.invoke(app, [a.replace("{g}", str(path)) for a in args])
    assert result.exit_code == 2 and message in result.stderr, result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--size", "1e-300"], "from 1 to 1000"),
        (["--scale", "1e-9", "-o", "x.png"], "from 0.1 to 20"),
    ],
)
def test_8_sizes_that_draw_nothing_are_refused(
    tmp_path: Path, args: list[str], message: str
) -> None:
    path = tmp_path / "g.palago"
    path.write_text(GAME, encoding="utf-8")
    os.chdir(tmp_path)
    result = runner.invoke(app, ["diagram", str(path), *args])
    assert result.exit_code == 2 and message in result.stderr


def test_8_an_unknown_colour_is_a_located_notation_error(tmp_path: Path) -> None:
    path = tmp_path / "c.palago"
    path.write_text('[Kind "Position"]\n\n{[%highlight chartreuse 0,0]} 0,0R\n', encoding="utf-8")
    for command in (["fmt", str(path)], ["diagram", str(path)]):
        result = runner.invoke(app, command)
        assert result.exit_code == 1
        assert f"{path}:3:14: unknown colour 'chartreuse'" in result.stderr


def test_8_analyse_of_a_file_points_to_the_commands_that_read_files(tmp_path: Path) -> None:
    path = tmp_path / "g.palago"
    path.write_text(GAME, encoding="utf-8")
    result = runner.invoke(app, ["analyse", str(path)])
    assert result.exit_code == 1
    assert (
        f"palago analyse --threats {path}" in result.stderr
        and f"palago diagram {path}" in result.stderr
    )


def test_8_text_before_any_kind_tag_says_how_a_record_begins() -> None:
    (error,) = parse_text("1. 0,0R 0,1L *\n").errors
    assert error.message == "the turn number 1. comes before any record"
    assert "[Kind" in error.hint and "roll" not in error.hint


def test_8_check_json_cells_stay_inside_the_coordinate_limit(tmp_path: Path) -> None:
    path = tmp_path / "far.palago"
    path.write_text('[Kind "Position"]\n\n999999,0R 999999,-1L 999998,0D\n', encoding="utf-8")
    result = runner.invoke(app, ["check", str(path), "--json"])
    assert result.exit_code == 1 and "1000000" in result.stdout  # an empty cell beside 999999
    import json

    import jsonschema

    from palago_tools.replays.reports import schema

    jsonschema.validate(json.loads(result.stdout), schema())


# --- 9. the library's arguments ----------------------------------------------------------------


def test_9_library_limits_are_named() -> None:
    from palago_tools.palalab import best_creature, generate_creatures

    with pytest.raises(LimitError, match="the count of creatures is from 1 to 100,000"):
        generate_creatures(6, 10**30)
    with pytest.raises(LimitError, match="the seconds of the search is from 0.1 to 86400"):
        best_creature(seconds=1e30)
    with pytest.raises(LimitError):
        best_creature(seconds=float("nan"))
    with pytest.raises(ArgumentError):
        best_creature(tiles="48")  # type: ignore[arg-type]
    with pytest.raises(ArgumentError):
        generate_creatures(6, seed=1.5)  # type: ignore[arg-type]
    with pytest.raises(PalagoError):
        list(iter_records(42))  # type: ignore[arg-type]


# --- 11. what users of the GNU tools expect ----------------------------------------------------


def test_11_quiet_leaves_only_the_output(tmp_path: Path) -> None:
    path = tmp_path / "g.palago"
    path.write_text(GAME, encoding="utf-8")
    loud = runner.invoke(app, ["replay", str(path)])
    assert "palago: 1 record" in loud.stderr
    for args in (
        ["replay", str(path), "-q"],
        ["-q", "replay", str(path)],
        ["--quiet", "replay", str(path)],
    ):
        quiet = runner.invoke(app, args)
        assert quiet.exit_code == 0 and quiet.stderr == "" and quiet.stdout == loud.stdout
    written = runner.invoke(app, ["diagram", str(path), "-o", str(tmp_path / "x.svg"), "--quiet"])
    assert written.exit_code == 0 and written.stderr == "" and written.stdout == ""


def test_11_wrote_goes_to_standard_error_in_every_command(tmp_path: Path) -> None:
    path = tmp_path / "g.palago"
    path.write_text(GAME, encoding="utf-8")
    for args in (
        ["diagram", str(path), "-o", str(tmp_path / "x.svg")],
        ["diagram", str(path), "--html", str(tmp_path / "x.html")],
        ["replay", str(path), "--html", str(tmp_path / "y.html")],
        ["annotate", str(path), "-o", str(tmp_path / "a.palago")],
        ["transform", "1", "2", "-o", str(tmp_path / "t.pdf")],
    ):
        result = runner.invoke(app, args)
        assert result.exit_code == 0, result.output
        assert "wrote " in result.stderr and "wrote " not in result.stdout, args


def test_11_shell_completion_is_there(monkeypatch: pytest.MonkeyPatch) -> None:
    # Without this variable typer reads the shell from the parent process (``--show-completion``
    # is then a flag and "bash" a stray word), so the test passed under bash and failed when
    # run from sh ("Shell sh not supported", exit 1); with it the option takes the shell named.
    monkeypatch.setenv("_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION", "1")
    result = runner.invoke(app, ["--show-completion", "bash"])
    assert result.exit_code == 0 and "_palago_completion" in result.stdout
    assert "--install-completion" in runner.invoke(app, ["-h"]).stdout


def test_11_best_prints_its_best_creature_on_ctrl_c(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen(
        [sys.executable, "-m", "palago_tools", "best", "--tiles", "12", "--seconds", "600"],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.default_int_handler),
    )
    time.sleep(6)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 130, err
    assert err.strip().endswith("palago: interrupted") and "Traceback" not in err
    (record,) = parse_text(out).records
    assert "(interrupted)" in record.comments[0].text and len(record.placements) <= 12


_WRONG = [None, "x", b"x", [], {}, object(), float("nan"), 1.5]
_HUGE = [10**30, -(10**30)]


def _entry_points() -> dict[str, tuple[object, list[object]]]:
    from palago_tools.diagram import Options, palette
    from palago_tools.palalab import (
        best_creature,
        distinct_creatures,
        generate_creatures,
        iter_creatures,
    )
    from palago_tools.printing import SheetOptions
    from palago_tools.replays.tactic_puzzles import find_puzzles

    return {
        "generate_creatures(tiles)": (lambda x: generate_creatures(x, 1), _WRONG + _HUGE),
        "generate_creatures(count)": (lambda x: generate_creatures(6, x), _WRONG + _HUGE),
        "generate_creatures(seed)": (
            lambda x: generate_creatures(6, 1, x),
            [w for w in _WRONG if w is not None],
        ),
        "distinct_creatures(patience)": (
            lambda x: next(distinct_creatures(6, 0, 10, x)),
            _WRONG[1:] + _HUGE,
        ),
        "iter_creatures(tiles)": (lambda x: next(iter_creatures(x)), _WRONG + _HUGE),
        "best_creature(tiles)": (lambda x: best_creature(tiles=x, seconds=0.1), _WRONG + _HUGE),
        "best_creature(seconds)": (
            lambda x: best_creature(tiles=6, seconds=x),
            [*_WRONG[:-1], 1e30, -1.0, 0.0],
        ),
        "best_creature(seed)": (
            lambda x: best_creature(tiles=6, seconds=0.1, seed=x),
            [w for w in _WRONG if w is not None],
        ),
        "find_puzzles(count)": (lambda x: find_puzzles(x), _WRONG + _HUGE),
        "find_puzzles(seed)": (lambda x: find_puzzles(1, x), [w for w in _WRONG if w is not None]),
        "Options(rotation)": (lambda x: Options(rotation=x), _WRONG + _HUGE[:0]),
        "Options(mirror)": (
            lambda x: Options(mirror=x),
            [w for w in _WRONG if w is not None] + [1],
        ),
        "palette": (palette, _WRONG),
        "SheetOptions(size)": (lambda x: SheetOptions(size=x), [*_WRONG, 3, (1,)]),
        "SheetOptions(gutter_mm)": (lambda x: SheetOptions(gutter_mm=x), _WRONG[:-1]),
        "SheetOptions(duplex_offset_mm)": (
            lambda x: SheetOptions(duplex_offset_mm=x),
            [*_WRONG, (float("nan"), 0.0), (1.0,)],
        ),
        "SheetOptions(corner_radius_mm)": (
            lambda x: SheetOptions(corner_radius_mm=x),
            [w for w in _WRONG if w is not None and w != 1.5],
        ),
        "iter_records(source)": (
            lambda x: list(iter_records(x)),
            [w for w in _WRONG if not isinstance(w, str)],
        ),
    }


@pytest.mark.parametrize("name", list(_entry_points()))
def test_9_the_librarys_higher_functions_raise_only_palago_errors(name: str) -> None:
    call, values = _entry_points()[name]
    for value in values:
        with pytest.raises(PalagoError):
            call(value)  # type: ignore[operator]
