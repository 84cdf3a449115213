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

import functools
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, NamedTuple, NoReturn, TypeVar

import typer
from typer.core import TyperGroup

from .. import __version__
from ..core.analysis import plural
from ..errors import EXIT_INTERRUPTED, EXIT_USAGE, FileAccessError, PalagoError, UsageError
from ..notation import NotationError, ParseResult, Record, parse_bytes

EXIT_BUG = 3
"""An unexpected exception: a bug in palago-tools (``PALAGO_DEBUG=1`` shows the traceback)."""

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
            return command(*args, **kwargs)
        except _PASS_THROUGH:
            raise
        except PalagoError as error:
            raise typer.Exit(report_error(error)) from None
        except KeyboardInterrupt:
            typer.echo("\npalago: interrupted", err=True)
            raise typer.Exit(EXIT_INTERRUPTED) from None
        except BrokenPipeError:
            # The reader of standard output went away (``palago replay big | head``): stop quietly.
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
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"palago-tools {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Print the version and stop."
    ),
) -> None:
    """Record, replay, check and print the tile game Palago."""


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
