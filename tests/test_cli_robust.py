"""Every command × every way its files and options can go wrong: no traceback, the documented
exit code (0 ok, 1 invalid content, 2 usage or file system), a one-line ``palago:`` message or
the located notation report.

Root can write almost anywhere, so "a folder we may not write" is ``/sys`` (sysfs refuses to
create files with EACCES even for root) and "a file we may not read" is ``/proc/1/mem`` (EACCES
for another process's memory); both cases are skipped where those do not behave so.
"""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner, Result

from palago_tools.cli import app

from .rasters import needs_cairo

runner = CliRunner()
ROOT = Path(__file__).resolve().parent.parent

GAME = '[Kind "Palago"]\n[Result "*"]\n\n1. 0,0R 0,1L 2. -1,0R -1,1R *\n'
VIRUS = '[Kind "Creature"]\n-1,0R -1,1R 0,-1D 0,0R 0,1L\n'
FAR = '[Kind "Position"]\n0,0R 999999,-999999L\n'
TOO_FAR = '[Kind "Position"]\n0,0R 1000000,0L\n'

LOCATED = re.compile(r"^\S.*:\d+:\d+: ")

# Commands that read records from a FILE argument (or a --catalog); "{in}" is that input.
READERS: dict[str, list[str]] = {
    "replay": ["replay", "{in}"],
    "replay --json": ["replay", "{in}", "--json"],
    "diagram": ["diagram", "{in}"],
    "fmt": ["fmt", "{in}"],
    "check": ["check", "{in}"],
    "check --json": ["check", "{in}", "--json"],
    "transform": ["transform", "{in}", "1"],
    "check --catalog": ["check", "{virus}", "--catalog", "{in}"],
    "transform --catalog": ["transform", "1", "1", "--catalog", "{in}"],
    "build --catalog": ["build", "-o", "{tmp}/never", "--catalog", "{in}"],
    "annotate": ["annotate", "{in}"],
    "convert": ["convert", "{in}", "--to", "palago"],
    "solitaire": ["solitaire", "{in}", "--tiles", "12", "--seeds", "2", "--player", "random"],
    "prove": ["prove", "{in}", "--turns", "1", "--out", "{tmp}/p.proof"],
}

# Commands that write a file ("{out}" + suffix) or a folder ("{out}").
FILE_WRITERS: dict[str, tuple[list[str], str]] = {
    "diagram -o svg": (["diagram", "{game}", "-o", "{out}"], ".svg"),
    "diagram -o png": (["diagram", "{game}", "-o", "{out}"], ".png"),
    "diagram -o pdf": (["diagram", "{game}", "-o", "{out}"], ".pdf"),
    "diagram --html": (["diagram", "{game}", "--html", "{out}"], ".html"),
    "replay --html": (["replay", "{game}", "--html", "{out}"], ".html"),
    "transform -o": (["transform", "1", "2", "-o", "{out}"], ".pdf"),
    "annotate -o": (["annotate", "{game}", "-o", "{out}"], ".palago"),
    "convert -o": (["convert", "{game}", "--to", "boardspace", "-o", "{out}"], ".sgf"),
    "puzzles -o": (["puzzles", "--count", "1", "-o", "{out}"], ".palago"),
    "solitaire -o": (
        ["solitaire", "--computer", "--tiles", "12", "--seeds", "2", "--player", "random"]
        + ["-o", "{out}"],
        ".palago",
    ),
    "puzzles --cards": (["puzzles", "--count", "1", "--cards", "{out}"], ".pdf"),
    "study --summary": (
        [
            "study",
            "openings",
            "--games",
            "0",
            "--results",
            "{tmp}/none.jsonl",
            "--summary",
            "{out}",
        ],
        ".json",
    ),
}
FOLDER_WRITERS: dict[str, list[str]] = {
    "build": ["build", "-o", "{out}"],
    "figures": ["figures", "-o", "{out}", "--formats", "svg"],
    "match": ["match", "level1", "random", "--games", "2", "--supply", "12", "--records", "{out}"],
}
# Commands with neither: checked on their own below.
OTHERS = {"analyse", "generate", "best", "serve", "engine"}  # engine: tests/test_engine_protocol.py


def fill(args: list[str], **values: str) -> list[str]:
    out = []
    for arg in args:
        for key, value in values.items():
            arg = arg.replace("{" + key + "}", value)
        out.append(arg)
    return out


def assert_reported(result: Result, code: int, *, located: bool = False) -> str:
    """``result`` ended with ``code`` and no traceback. A usage or file error (2) is one
    ``palago:`` line; invalid content (1) is said on standard error (a ``palago:`` line or, with
    ``located``, notation reports) or is the verdict the command prints. Returns standard
    error."""
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(
        result.exception
    )
    assert "Traceback" not in result.output, result.output
    assert result.exit_code == code, (result.exit_code, result.output)
    errors = result.stderr.strip().splitlines()
    if code == 1 and not errors:
        assert result.stdout.strip(), "invalid content must be reported"
    elif code != 0:
        assert errors, "a failure must say why"
        if errors[0].startswith("palago: "):
            assert len(errors) == 1 or errors[1].startswith(("palago: ", "generating")), errors
        else:
            assert located and LOCATED.match(errors[0]), errors
    return result.stderr


@pytest.fixture
def files(tmp_path: Path) -> dict[str, str]:
    paths = {}
    for name, text in (("game", GAME), ("virus", VIRUS), ("far", FAR), ("too_far", TOO_FAR)):
        path = tmp_path / f"{name}.palago"
        path.write_text(text, encoding="utf-8")
        paths[name] = str(path)
    (tmp_path / "empty.palago").write_bytes(b"")
    paths["empty"] = str(tmp_path / "empty.palago")
    noise = random.Random(15).randbytes(4096)
    (tmp_path / "noise.palago").write_bytes(noise)
    paths["noise"] = str(tmp_path / "noise.palago")
    paths["tmp"] = str(tmp_path)
    return paths


def test_the_tables_cover_every_command() -> None:
    registered = {c for c in typer.main.get_command(app).commands}  # type: ignore[attr-defined]
    covered = {args[0] for args in READERS.values()} | {a[0] for a, _ in FILE_WRITERS.values()}
    covered |= {args[0] for args in FOLDER_WRITERS.values()} | OTHERS
    assert registered <= covered, (
        f"add the new commands to tests/test_cli_robust.py: {registered - covered}"
    )


# --- Inputs ----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", READERS)
def test_unreadable_inputs_are_a_file_system_error(
    name: str, files: dict[str, str], tmp_path: Path
) -> None:
    cases = {str(tmp_path / "missing.palago"): "No such file or directory"}
    if "--catalog" not in name:  # a catalog may be a folder
        cases[str(tmp_path)] = "Is a directory"
    if os.path.exists("/proc/1/mem") and os.getpid() != 1:
        cases["/proc/1/mem"] = ""
    for path, reason in cases.items():
        result = runner.invoke(app, fill(READERS[name], **{**files, "in": path}))
        message = assert_reported(result, 2)
        assert f"palago: cannot read {path}: {reason}" in message, message


@pytest.mark.parametrize("name", READERS)
def test_empty_files_say_so(name: str, files: dict[str, str]) -> None:
    result = runner.invoke(app, fill(READERS[name], **{**files, "in": files["empty"]}))
    message = assert_reported(result, 1)
    assert "holds no records (it is empty)" in message or "holds no cards" in message


@pytest.mark.parametrize("name", READERS)
def test_random_bytes_are_located_errors(name: str, files: dict[str, str]) -> None:
    result = runner.invoke(app, fill(READERS[name], **{**files, "in": files["noise"]}))
    assert_reported(result, 1, located=True)
    said = result.stderr + result.stdout
    assert "the byte 0x" in said or "out of place" in said or "holds no" in said


@pytest.mark.parametrize("name", READERS)
def test_huge_coordinates_are_read_or_refused_with_the_limit(
    name: str, files: dict[str, str]
) -> None:
    far = runner.invoke(app, fill(READERS[name], **{**files, "in": files["far"]}))
    assert far.exit_code in (0, 1, 2)
    assert_reported(far, far.exit_code, located=True)
    if name == "diagram":
        assert far.exit_code == 2 and "a diagram shows at most 200 cells" in far.stderr
    too_far = runner.invoke(app, fill(READERS[name], **{**files, "in": files["too_far"]}))
    assert_reported(too_far, 1, located=True)
    assert "coordinates have at most 6 digits" in too_far.stderr + too_far.stdout


@pytest.mark.parametrize("name", ["replay", "diagram", "fmt", "check", "transform"])
def test_a_fifo_is_read_once_like_a_file(name: str, files: dict[str, str], tmp_path: Path) -> None:
    fifo = tmp_path / "game.fifo"
    os.mkfifo(fifo)

    def writer() -> None:
        with open(fifo, "w", encoding="utf-8") as handle:
            handle.write(GAME)

    thread = threading.Thread(target=writer, daemon=True)
    thread.start()
    through_fifo = runner.invoke(app, fill(READERS[name], **{**files, "in": str(fifo)}))
    thread.join(timeout=30)
    assert not thread.is_alive()
    regular = runner.invoke(app, fill(READERS[name], **{**files, "in": files["game"]}))
    assert_reported(through_fifo, regular.exit_code, located=True)
    assert through_fifo.stdout == regular.stdout


@pytest.mark.parametrize("name", ["replay", "diagram", "fmt", "check"])
def test_a_dash_reads_standard_input(name: str, files: dict[str, str]) -> None:
    result = runner.invoke(app, fill(READERS[name], **{**files, "in": "-"}), input=GAME)
    regular = runner.invoke(app, fill(READERS[name], **{**files, "in": files["game"]}))
    assert result.exit_code == regular.exit_code
    assert result.stdout == regular.stdout.replace(files["game"], "<stdin>")


# --- Outputs ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name",
    [
        pytest.param(n, marks=needs_cairo if s == ".png" else ())
        for n, (_a, s) in FILE_WRITERS.items()
    ],
)
def test_file_outputs_in_a_missing_folder_onto_a_folder_or_where_we_may_not_write(
    name: str, files: dict[str, str], tmp_path: Path
) -> None:
    args, suffix = FILE_WRITERS[name]
    written = "-before" if name.startswith("transform") and suffix != ".pdf" else ""
    missing = tmp_path / "nodir" / f"x{suffix}"
    result = runner.invoke(app, fill(args, **files, out=str(missing)))
    assert f"palago: cannot write {missing}: No such file or directory" in assert_reported(
        result, 2
    )
    folder = tmp_path / f"folder{written}{suffix}"
    folder.mkdir()
    result = runner.invoke(app, fill(args, **files, out=str(folder)))
    assert f"palago: cannot write {folder}: it is a folder" in assert_reported(result, 2)
    if _sysfs_refuses_files():
        locked = f"/sys/palago-test{suffix}"
        result = runner.invoke(app, fill(args, **files, out=locked))
        assert f"palago: cannot write {locked}: Permission denied" in assert_reported(result, 2)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        [Path(p).name for k, p in files.items() if k != "tmp"] + [folder.name]
    )


@pytest.mark.parametrize("name", FOLDER_WRITERS)
def test_folder_outputs_onto_a_file_under_a_file_or_where_we_may_not_write(
    name: str, files: dict[str, str]
) -> None:
    game = files["game"]
    result = runner.invoke(app, fill(FOLDER_WRITERS[name], **files, out=game))
    assert f"palago: cannot write {game}: it is not a folder" in assert_reported(result, 2)
    under = f"{game}/sub"
    result = runner.invoke(app, fill(FOLDER_WRITERS[name], **files, out=under))
    assert f"palago: cannot write {under}: Not a directory" in assert_reported(result, 2)
    if _sysfs_refuses_files():
        result = runner.invoke(app, fill(FOLDER_WRITERS[name], **files, out="/sys/palago-test"))
        message = assert_reported(result, 2)
        assert re.search(
            r"palago: cannot write /sys/palago-test: (Permission denied|Operation not permitted)",
            message,
        )
    assert Path(game).read_text(encoding="utf-8") == GAME


def _sysfs_refuses_files() -> bool:
    try:
        handle, name = tempfile.mkstemp(dir="/sys")
    except PermissionError:
        return True
    except OSError:
        return False
    os.close(handle)
    os.unlink(name)
    return False


# --- Sizes, scales and the other commands ---------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ["--size", "0"],
        ["--size", "-3"],
        ["--size", "1e6"],
        ["--size", "inf"],
        ["--size", "nan"],
        ["--scale", "0", "-o", "{tmp}/x.png"],
        ["--scale", "1e9", "-o", "{tmp}/x.png"],
        ["--scale", "inf", "-o", "{tmp}/x.png"],
        ["--size", "1000", "--scale", "20", "-o", "{tmp}/x.png"],
        ["--size", "abc"],
        ["--rotation", "7"],
        ["--record", "99"],
    ],
)
def test_absurd_sizes_and_scales_are_usage_errors(args: list[str], files: dict[str, str]) -> None:
    result = runner.invoke(app, ["diagram", files["game"], *fill(args, **files)])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert not any(p.suffix in (".png", ".pdf") for p in Path(files["tmp"]).iterdir())


@pytest.mark.parametrize(
    ("args", "code"),
    [
        (["analyse", "9" * 5000 + ",0R"], 1),
        (["analyse", "0,0R", "999999,-999999L"], 0),
        (["analyse", "0,0R", "1000000,0L"], 1),
        (["analyse", "\uff10,0R"], 1),
        (["analyse", "0,0R", "0,0L"], 1),
        (["generate", "--tiles", "1000"], 2),
        (["generate", "--tiles", "5", "--count", "3", "--no-progress"], 0),
        (["best", "--seconds", "nan"], 2),
        (["best", "--seconds", "inf"], 2),
        (["best", "--tiles", "-4"], 2),
    ],
)
def test_other_commands_report_bad_arguments(args: list[str], code: int) -> None:
    result = runner.invoke(app, args)
    assert_reported(result, code)


def test_serve_refuses_bad_record_files_before_it_listens(files: dict[str, str]) -> None:
    """``serve`` reads its FILE before it opens a port: random bytes are invalid content (1), a
    folder is a file-system error (2), a port beyond 65535 a usage error (2). (A good file would
    start the server: the table's own tests do that.)"""
    assert_reported(runner.invoke(app, ["serve", files["noise"]]), 1, located=True)
    assert_reported(runner.invoke(app, ["serve", files["tmp"]]), 2)
    assert_reported(runner.invoke(app, ["serve", "--port", "70000"]), 2)


def test_analyse_reads_random_bytes_on_standard_input() -> None:
    result = runner.invoke(app, ["analyse"], input=random.Random(4).randbytes(2000))
    assert_reported(result, 1)


INTERRUPT_DURING_CAIRO = """
import io, os, signal, sys
import cairosvg.surface

# As in a terminal: Ctrl-C is not ignored (a shell's background job starts with it ignored).
signal.signal(signal.SIGINT, signal.default_int_handler)

class InterruptedBuffer(io.BytesIO):
    # cairo hands the PNG's bytes to this write() from inside a cffi callback: a Ctrl-C
    # that lands there is printed by cffi as a traceback and lost, unless it is held.
    def write(self, data):
        os.kill(os.getpid(), signal.SIGINT)
        return super().write(data)

class PatchedIo:
    BytesIO = InterruptedBuffer

cairosvg.surface.io = PatchedIo
from palago_tools.cli import main
sys.argv = ["palago", *sys.argv[1:]]
main()
"""


@needs_cairo
def test_ctrl_c_while_cairo_draws_a_png_is_one_line(tmp_path: Path) -> None:
    """A real SIGINT to a real process, raised while cairo writes the PNG's bytes (inside a
    cffi callback, where an exception would be lost)."""
    source = tmp_path / "game.palago"
    source.write_text(GAME, encoding="utf-8")
    out = tmp_path / "game.png"
    process = subprocess.run(
        [sys.executable, "-c", INTERRUPT_DURING_CAIRO, "diagram", str(source), "-o", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert "Traceback" not in process.stderr and "cffi" not in process.stderr, process.stderr
    assert process.returncode == 130, process.stderr
    assert process.stderr.strip() == "palago: interrupted"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.palago"]


# --- Closed streams, NaN and huge counts (no exit 3 anywhere) ------------------------------


def _shell(command: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    prelude = f'palago() {{ "{sys.executable}" -m palago_tools "$@"; }}\n'
    return subprocess.run(
        ["bash", "-c", prelude + command],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def _reader_line(name: str, source: str) -> str:
    """The arguments of reader ``name`` with ``source`` as its input, as one shell line."""
    line = " ".join(READERS[name])
    return line.replace("{in}", source).replace("{virus}", "virus.palago").replace("{tmp}", ".")


CLOSED_STREAMS = [
    *(
        f"palago {_reader_line(name, '-')} <&-"
        for name in ("replay", "diagram", "fmt", "check", "annotate")
    ),
    "palago analyse <&-",
    *(
        f"palago {_reader_line(name, 'game.palago')} >&-"
        for name in (
            "replay",
            "replay --json",
            "diagram",
            "fmt",
            "check",
            "check --json",
            "annotate",
        )
    ),
    "palago transform virus.palago 1 >&-",
    "palago analyse 0,0R >&-",
    "palago generate --tiles 5 --no-progress >&-",
    "palago puzzles --count 1 >&-",
    "palago replay game.palago 2>&- >&-",
]


@pytest.mark.parametrize("command", CLOSED_STREAMS)
def test_closed_streams_are_a_file_system_error(command: str, tmp_path: Path) -> None:
    (tmp_path / "game.palago").write_text(GAME, encoding="utf-8")
    (tmp_path / "virus.palago").write_text(VIRUS, encoding="utf-8")
    done = _shell(command, tmp_path)
    assert done.returncode == 2, (done.returncode, done.stderr)
    assert "Traceback" not in done.stderr
    if "2>&-" not in command:
        assert re.search(
            r"palago: cannot (read <stdin>|write <stdout>): it is closed", done.stderr
        ), done.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.palago", "virus.palago"]


@pytest.mark.parametrize(
    ("args", "code"),
    [
        (["build", "-o", "{tmp}/out", "--duplex-offset", "nan,0"], 2),
        (["build", "-o", "{tmp}/out", "--duplex-offset", "inf,0"], 2),
        (["build", "-o", "{tmp}/out", "--gutter", "nan"], 2),
        (["diagram", "{game}", "--size", "nan"], 2),
        (["diagram", "{game}", "--scale", "nan", "-o", "{tmp}/x.png"], 2),
        (["best", "--seconds", "nan"], 2),
        (["generate", "--tiles", "5", "--count", "9223372036854775808"], 2),
        (["generate", "--tiles", "5", "--count", "100001"], 2),
        (["generate", "--tiles", "9223372036854775808"], 2),
        (["puzzles", "--count", "9223372036854775808"], 2),
        (["diagram", "{game}", "--record", "9223372036854775808"], 2),
        (["diagram", "{game}", "--turn", "9223372036854775808"], 2),
        (["diagram", "{game}", "--rotation", "9223372036854775808"], 2),
        (["analyse", "--threats", "{game}:9223372036854775808"], 2),
        (["analyse", "--threats", "{game}", "--turn", "-9223372036854775809"], 2),
        (["analyse", "--threats", "{game}", "--forks", "9223372036854775808"], 0),
        (["replay", "{game}", "--html", "{tmp}/x.html", "--record", "99999999999999999999"], 2),
        (["serve", "--port", "9223372036854775808"], 2),
    ],
)
def test_nan_and_huge_numbers_are_usage_errors(
    args: list[str], code: int, files: dict[str, str]
) -> None:
    result = runner.invoke(app, fill(args, **files))
    assert_reported(result, code)
    assert not (Path(files["tmp"]) / "out").exists()
