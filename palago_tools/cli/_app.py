"""The typer application and the one error boundary every command runs inside.

Every command registered with ``@app.command`` runs inside :func:`boundary`: a
:class:`PalagoError` ends the command with its message (a notation error with its located
report) and its exit code, an :class:`OSError` with ``palago: cannot read/write PATH: reason``
and exit 2, Ctrl-C with ``palago: interrupted`` and exit 130. No traceback reaches the user;
``PALAGO_DEBUG=1`` shows it for an unexpected error.

Exit codes: 0 ok, 1 invalid content (a record, creature or move that is wrong), 2 usage, limit
or file-system error, 130 interrupted, 3 an unexpected error (a bug in palago-tools).
"""

from __future__ import annotations

import copy
import errno
import functools
import io
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NamedTuple, NoReturn, TypeVar

import typer
from typer.core import TyperGroup

from .. import __version__
from ..core.analysis import plural
from ..errors import (
    EXIT_BUG,
    EXIT_INTERRUPTED,
    EXIT_USAGE,
    FileAccessError,
    InternalError,
    PalagoError,
    UsageError,
)
from ..files import atomic_write
from ..notation import NotationError, ParseResult, Record, parse_bytes

F = TypeVar("F", bound=Callable[..., Any])


def _click_error(name: str) -> Any:
    """Click's exception class ``name`` as typer raises it (typer ≥ 0.29 carries its own copy
    of click, older ones use click itself)."""
    for cls in typer.BadParameter.__mro__:
        if cls.__name__ == name:
            return cls
    return getattr(sys.modules[typer.BadParameter.__module__], name, None)


UsageMistake: Any = _click_error("UsageError")
ClickError: Any = _click_error("ClickException")
_NO_ARGS: tuple[Any, ...] = tuple(e for e in (_click_error("NoArgsIsHelpError"),) if e is not None)
_PASS_THROUGH: tuple[Any, ...] = (typer.Exit, typer.Abort, ClickError)


def fail(message: str, code: int = EXIT_USAGE) -> NoReturn:
    """Print ``palago: message`` to standard error and leave with ``code``."""
    typer.echo(f"palago: {message}", err=True)
    raise typer.Exit(code)


def _one_line(text: str) -> str:
    return " ".join(text.split()) if "\n" in text or "\r" in text else text


def report_error(error: PalagoError) -> int:
    """Print ``error`` for a user (a notation error as its located report, anything else as one
    ``palago: …`` line) and return its exit code."""
    if isinstance(error, NotationError):
        typer.echo(error.report(), err=True)
    elif isinstance(error, InternalError):
        typer.echo(
            f"palago: {_one_line(str(error))}; this is a bug in palago-tools, please report it",
            err=True,
        )
    else:
        typer.echo(f"palago: {_one_line(str(error))}", err=True)
    return error.exit_code


def _os_error_message(error: OSError) -> str:
    if isinstance(error, FileAccessError):
        return str(error)
    reason = error.strerror or str(error) or type(error).__name__
    if error.filename is not None:
        return f"cannot use {os.fsdecode(error.filename)}: {reason}"
    return reason


def boundary(command: F) -> F:
    """Run ``command`` so that no exception ends in a traceback (see the module's docstring)."""

    @functools.wraps(command)
    def guarded(*args: Any, **kwargs: Any) -> Any:
        try:
            returned = command(*args, **kwargs)
            _flush_stdout()
            return returned
        except _PASS_THROUGH:
            _flush_stdout()
            raise
        except PalagoError as error:
            raise typer.Exit(report_error(error)) from None
        except KeyboardInterrupt:
            typer.echo("\npalago: interrupted", err=True)
            raise typer.Exit(EXIT_INTERRUPTED) from None
        except BrokenPipeError:
            # The reader of standard output went away (``palago replay big | head``): stop quietly,
            # with the same exit code in every command.
            _silence_stdout()
            raise typer.Exit(EXIT_USAGE) from None
        except OSError as error:
            fail(_os_error_message(error))
        except RecursionError:
            fail("the input nests too deeply to be processed", 1)
        except MemoryError:
            fail("out of memory", EXIT_USAGE)
        except Exception as error:
            if os.environ.get("PALAGO_DEBUG"):
                raise
            fail(
                f"unexpected error ({type(error).__name__}: {_one_line(str(error))}); this is a "
                "bug in palago-tools, PALAGO_DEBUG=1 shows where",
                EXIT_BUG,
            )

    return guarded  # type: ignore[return-value]


def _flush_stdout() -> None:
    """Write out what standard output still holds, inside the boundary (so that a broken pipe
    or a full disk is reported here, not lost at exit)."""
    stream = sys.stdout
    if stream is not None and not isinstance(stream, ClosedStream):
        stream.flush()


class ClosedStream(io.TextIOBase):
    """Standard input, output or error when the command started with it closed (``<&-``,
    ``>&-``): using it is a :class:`FileAccessError` (exit 2), not a lost output or a bug."""

    def __init__(self, name: str, action: str) -> None:
        self.label = name
        self.action = action

    def _closed(self) -> FileAccessError:
        return FileAccessError(self.action, self.label, OSError(errno.EBADF, "it is closed"))

    @property
    def buffer(self) -> Any:
        """Refused: the stream is closed."""
        raise self._closed()

    def read(self, size: int | None = -1) -> str:
        """Refused: the stream is closed."""
        raise self._closed()

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        """Refused: the stream is closed."""
        raise self._closed()

    def write(self, text: str) -> int:
        """Refused: the stream is closed."""
        raise self._closed()

    def isatty(self) -> bool:
        """Never a terminal."""
        return False

    def flush(self) -> None:
        """Nothing to flush."""


_STREAMS = ((0, "stdin", "<stdin>", "read"), (1, "stdout", "<stdout>", "write"))


def guard_streams() -> None:
    """Where standard input, output or error were closed when palago started, put
    ``/dev/null`` on their descriptors (so that no file palago opens takes their place) and a
    :class:`ClosedStream` in ``sys`` (so that using them is a clear error); standard error,
    where errors go, becomes ``/dev/null``."""
    for fd, name, label, action in (*_STREAMS, (2, "stderr", "<stderr>", "write")):
        try:
            os.fstat(fd)
            continue
        except OSError:
            pass
        try:
            devnull = os.open(os.devnull, os.O_RDWR)
        except OSError:
            continue
        if devnull != fd:
            os.dup2(devnull, fd)
            os.close(devnull)
        if fd == 2:
            sys.stderr = open(fd, "w", encoding="utf-8", closefd=False)  # noqa: SIM115
        else:
            setattr(sys, name, ClosedStream(label, action))


def _silence_stdout() -> None:
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


class PalagoGroup(TyperGroup):
    """The command group: a usage mistake (an unknown option, a value of the wrong type) is one
    ``palago: …`` line and exit 2, like every other error."""

    def main(  # type: ignore[override]
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        """Run the command inside the error boundary (the imports included)."""
        guard_streams()
        _Settings.quiet = False
        _add_quiet_options(self)
        try:
            returned = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
            code = returned if isinstance(returned, int) else 0
        except _NO_ARGS as shown:
            shown.show()
            code = shown.exit_code
        except UsageMistake as error:
            where = f" (see '{error.ctx.command_path} -h')" if error.ctx is not None else ""
            typer.echo(f"palago: {_one_line(error.format_message())}{where}", err=True)
            code = error.exit_code
        except ClickError as error:
            typer.echo(f"palago: {_one_line(error.format_message())}", err=True)
            code = error.exit_code
        except typer.Abort:
            typer.echo("palago: interrupted", err=True)
            code = EXIT_INTERRUPTED
        if standalone_mode:
            sys.exit(code)
        return code


class PalagoTyper(typer.Typer):
    """A :class:`typer.Typer` whose commands all run inside :func:`boundary`."""

    def command(self, *args: Any, **kwargs: Any) -> Callable[[F], F]:
        """Register a command whose errors go through the boundary."""
        register = super().command(*args, **kwargs)

        def decorator(function: F) -> F:
            register(boundary(function))
            return function

        return decorator


app = PalagoTyper(
    name="palago",
    cls=PalagoGroup,
    help="Record, replay, check and print the tile game Palago.",
    epilog=(
        "Exit codes: 0 ok, 1 invalid content (a record, creature or move that is wrong), "
        "2 usage, limit or file-system error, 130 interrupted. FILE - reads standard input."
    ),
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"palago-tools {__version__}")
        raise typer.Exit()


class _Settings:
    quiet = False


def _set_quiet(ctx: Any, param: Any, value: bool) -> None:
    if value:
        _Settings.quiet = True


def is_quiet() -> bool:
    """True once ``-q``/``--quiet`` was given: no progress, no "wrote …", no summary."""
    return _Settings.quiet


def note(message: str) -> None:
    """Print a line for the user on standard error (what was written, a summary), unless
    ``--quiet``."""
    if not _Settings.quiet:
        typer.echo(message, err=True)


def wrote(path: str | os.PathLike[str]) -> None:
    """Say on standard error that ``path`` was written (every command says it the same way)."""
    note(f"wrote {os.fspath(path)}")


def progress_stream(wanted: bool = True) -> Any:
    """Where a progress bar goes: standard error when it is a terminal, the bar is ``wanted``
    and ``--quiet`` was not given; elsewhere nowhere."""
    stream = sys.stderr
    try:
        terminal = stream is not None and stream.isatty()
    except (AttributeError, ValueError):
        terminal = False
    return stream if wanted and terminal and not _Settings.quiet else io.StringIO()


_QUIET_HELP = "No progress, no summary, no 'wrote FILE': errors only."


def _add_quiet_options(group: Any) -> None:
    """Give every command ``-q``/``--quiet`` (as the root has it), without a parameter of its
    own."""
    root = next(p for p in group.params if "--quiet" in p.opts)
    for command in group.commands.values():
        if not any("--quiet" in p.opts for p in command.params):
            option = copy.copy(root)
            option.expose_value = False
            option.callback = _set_quiet
            command.params.append(option)


@app.callback()
def _root(
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Print the version and stop."
    ),
    quiet: bool = typer.Option(False, "-q", "--quiet", help=_QUIET_HELP),
) -> None:
    """Record, replay, check and print the tile game Palago."""
    if quiet:
        _Settings.quiet = True


def given_options(ctx: typer.Context, *names: str) -> list[str]:
    """The options among ``names`` (parameter names) given on the command line rather than
    left at their defaults, as they are spelt there (``--theme``)."""
    source = getattr(ctx, "get_parameter_source", None)
    shown = []
    for param in ctx.command.params:
        if param.name in names and source is not None:
            where = source(param.name)
            if where is not None and where.name not in ("DEFAULT", "DEFAULT_MAP"):
                shown.append(max(param.opts, key=len))
    return shown


def refuse_without(ctx: typer.Context, needed: bool, what: str, *names: str) -> None:
    """A usage error (exit 2) when options that only work with ``what`` are given without it."""
    if not needed:
        unused = given_options(ctx, *names)
        if unused:
            fail(f"{', '.join(unused)} only work{'s' if len(unused) == 1 else ''} with {what}")


@contextmanager
def usage_errors() -> Iterator[None]:
    """Report any :class:`PalagoError` inside as a usage mistake (exit 2): for the checks of
    option values, where a wrong value is the caller's, not the content's."""
    try:
        yield
    except UsageError:
        raise
    except PalagoError as error:
        typer.echo(f"palago: {_one_line(str(error))}", err=True)
        raise typer.Exit(EXIT_USAGE) from None


STDOUT = "-"
"""The output name that means standard output, where the output is text."""


def output_path(
    output: str | os.PathLike[str] | None,
    inputs: Sequence[str | os.PathLike[str]] = (),
    *,
    option: str = "-o",
    text: bool = True,
) -> Path | None:
    """The file an output option names, checked before anything is read or written: ``None``
    for standard output (``-``, where the output is ``text``), a usage error (exit 2) for ``-``
    where it is not, or for the file of one of ``inputs`` (compared by device and inode, so
    that another name of the same file is caught too)."""
    if output is None:
        return None
    name = os.fspath(output)
    if name == STDOUT:
        if not text:
            fail(f"{option} - : this output is not text; name a file")
        return None
    try:
        written = os.stat(name)
    except OSError:
        return Path(name)
    for given in inputs:
        source = os.fspath(given)
        if source == "-":
            continue
        try:
            read = os.stat(source)
        except OSError:
            continue
        if (read.st_dev, read.st_ino) == (written.st_dev, written.st_ino):
            fail(f"{option} {name} would overwrite the input {source}; name another file")
    return Path(name)


def emit(data: str | bytes) -> None:
    """Write ``data`` (text as UTF-8) on standard output, every byte of it: a broken pipe or a
    closed stream is an error here (a text stream's ``write`` may stop short of a large text
    without saying so when the reader goes away)."""
    stream = sys.stdout
    if isinstance(stream, ClosedStream):
        stream.write("")
    stream.flush()
    buffer = stream.buffer
    rest = memoryview(data.encode("utf-8") if isinstance(data, str) else data)
    while rest:
        done = buffer.write(rest[: 1 << 16])
        rest = rest[done if done else len(rest[: 1 << 16]) :]
    buffer.flush()


def write_output(path: Path | None, data: str | bytes) -> None:
    """Write ``data`` to ``path`` atomically and say so, or to standard output (``None``)."""
    if path is None:
        emit(data)
        return
    atomic_write(path, data if isinstance(data, bytes) else data.encode("utf-8"))
    wrote(path)


def parse_record_number(text: str, option: str = "--record", other: str = "") -> int:
    """A record number (from 1) as an option gives it; anything else is a usage error
    (exit 2), as for every option that names a record or a turn."""
    if not (text.strip().isascii() and text.strip().isdigit()) or int(text) < 1:
        also = f" {other}" if other else ""
        fail(f"{option} takes a record number (1 = the first){also}, not {text!r}")
    return int(text)


def record_spec(spec: str) -> tuple[str, int | None]:
    """``FILE`` or ``FILE:N`` (record N, from 1, counted as the records stand in the file,
    unreadable ones too) to the file and the number (``None``: not given). A file whose own
    name ends in ``:N`` is taken whole; after ``FILE:`` anything but a number is a usage
    error."""
    path, colon, number = spec.rpartition(":")
    if not colon or not path or os.path.exists(spec):
        return spec, None
    if not (number.isascii() and number.isdigit()):
        fail(f"{spec!r}: after FILE: comes a record number, as in {path}:2")
    return path, int(number)


def load_record(spec: str) -> tuple[Loaded, int, Record]:
    """The notation input of ``FILE`` or ``FILE:N`` (:func:`record_spec`), the record's number
    and the record itself (its located error when it cannot be read, reported once: the
    file's other unreadable records are not the command's business)."""
    path, number = record_spec(spec)
    loaded = load_notation(path, report=False)
    chosen = number if number is not None else 1
    return loaded, chosen, loaded.record(chosen)


def read_input(name: str | os.PathLike[str]) -> tuple[bytes, str]:
    """The bytes of a named input and the name to report it by; ``-`` is standard input."""
    text = os.fspath(name)
    if text == "-":
        try:
            return sys.stdin.buffer.read(), "<stdin>"
        except OSError as error:
            raise FileAccessError("read", "<stdin>", error) from None
    try:
        with open(text, "rb") as handle:
            return handle.read(), text
    except OSError as error:
        raise FileAccessError("read", text, error) from None


class Loaded(NamedTuple):
    """A notation input read once: its name, its text and its records."""

    name: str
    text: str
    result: ParseResult

    def lines(self) -> list[str]:
        """The source lines, as the reader counted them (CR, LF and CR LF end a line)."""
        return self.text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n").split("\n")

    def record(self, number: int) -> Record:
        """Record ``number`` (from 1, counting unreadable records too); an unreadable one is
        raised as its located error, a number beyond the file is a usage mistake (exit 2)."""
        entries = self.result.numbered()
        if not 1 <= number <= len(entries):
            fail(f"{self.name} has {plural(len(entries), 'record')}, not {number}")
        entry = entries[number - 1][1]
        if isinstance(entry, NotationError):
            raise entry
        return entry


def load_notation(path: str | os.PathLike[str], *, report: bool = True) -> Loaded:
    """A notation file (``-``: standard input), read once. The records that could not be read
    are reported on standard error (unless ``report`` is off); a file without any record ends
    the command (exit 1)."""
    data, name = read_input(path)
    result = parse_bytes(data, name)
    if report:
        for problem in result.errors:
            typer.echo(problem.report(), err=True)
    if not result.records and not result.errors:
        fail_empty(name, data)
    return Loaded(name, data.decode("utf-8", errors="replace"), result)


def fail_empty(name: str, data: bytes) -> NoReturn:
    """End the command on an input without records (exit 1: there is nothing valid in it)."""
    fail(f"{name} holds no records" + (" (it is empty)" if not data.strip() else ""), 1)


def read_notation(path: str | os.PathLike[str], *, report: bool = True) -> ParseResult:
    """The records of a notation file, as :func:`load_notation` reads them."""
    return load_notation(path, report=report).result
