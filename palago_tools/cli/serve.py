"""``palago serve``: the table companion, a local web page that records a game as it is played."""

from __future__ import annotations

import socket
import sys
from pathlib import Path

import typer

from ..core.tiles import Colour
from ..engine import LEVELS
from ..engine.palagonia import PLAYERS as PALAGONIA_PLAYERS
from ..languages import Lang, lang_named
from ..table.actions import TableError
from ..table.addresses import phone_addresses, terminal_qr
from ..table.app import is_loopback_host as is_loopback
from ..table.computer import (
    DEFAULT_LEVEL,
    Computer,
    computer_of,
    computer_seats,
    computer_seats_text,
    parse_computer_seats,
)
from ..table.record_file import FileProblem, InUse, saved_token, unfinished_games
from ..table.session import Session
from ._app import app, fail, refuse_without, usage_errors

__all__ = ["is_loopback", "listen", "serve_command"]


def listen(host: str, port: int) -> socket.socket:
    """A socket bound to ``host:port`` (IPv4 or IPv6), listening."""
    try:
        infos = socket.getaddrinfo(host.strip("[]"), port, type=socket.SOCK_STREAM)
    except socket.gaierror as error:
        fail(f"cannot listen on {host}: {error.strerror or error}")
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
    except OSError as error:
        sock.close()
        fail(f"cannot listen on {host}:{port}: {error.strerror or error}")
    sock.listen(64)
    return sock


@app.command("serve")
def serve_command(
    ctx: typer.Context,
    file: Path | None = typer.Argument(
        None, help="The record file: its game continues, or a new game is written there."
    ),
    host: str = typer.Option(
        "127.0.0.1",
        "--host",
        help="Address to listen on; another than this computer's own needs the printed token.",
    ),
    port: int = typer.Option(8000, "--port", min=0, max=65535, help="Port to listen on."),
    token_wanted: bool = typer.Option(
        False,
        "--token",
        help="Require the printed token on this computer's own address too (another host "
        "always does).",
    ),
    engine: str | None = typer.Option(
        None,
        "--engine",
        metavar="yellow|blue",
        help="Play Palago against the computer, which plays this colour: a new game starts at "
        "once unless FILE holds this game already (docs/table.md).",
    ),
    level: int = typer.Option(
        DEFAULT_LEVEL,
        "--level",
        help=f"With --engine: the computer's strength, {min(LEVELS)} to {max(LEVELS)}.",
    ),
    computer_seats: str | None = typer.Option(
        None,
        "--computer-seats",
        metavar="SEAT:PLAYER,...",
        help="Palagonia: the seats (1 to 10) the computer plays and its player in each, "
        f"one of {', '.join(PALAGONIA_PLAYERS)} (2:level2,3:greedy); the new-game form "
        "offers them (docs/table.md).",
    ),
    lang: str = typer.Option(
        "EN",
        "--lang",
        help="The page's language (EN, RU, FR or HU) for a device whose browser asks for none "
        "of them; each device can choose its own on the page.",
    ),
) -> None:
    """Serve the table page: play Palago or Palagonia on a tablet or phone, the record written
    after every turn (new games without FILE go to table-DATE-TIME.palago in this folder, and an
    unfinished game there is offered to continue)."""
    refuse_without(ctx, engine is not None, "--engine", "level")
    with usage_errors():
        page_lang = lang_named(lang)
    computer = _computer(engine, level)
    seats = parse_computer_seats(computer_seats) if computer_seats is not None else {}
    if seats and computer is not None:
        fail("--engine is for Palago and --computer-seats for Palagonia: give one of them")
    if file is None and computer is None and not seats:
        file = _offer_unfinished()
    try:
        session = Session.open(file, lock=True)
    except (FileProblem, InUse) as error:
        fail(str(error), 2)
    except TableError as error:
        fail(str(error), 1)
    try:
        if computer is not None:
            _play_computer(session, computer)
        if seats:
            _offer_seats(session, seats)
        _serve(session, host, port, token_wanted, page_lang)
    finally:
        session.close()


def _computer(engine: str | None, level: int) -> Computer | None:
    """The computer ``--engine`` and ``--level`` ask for."""
    if engine is None:
        return None
    if engine not in ("yellow", "blue"):
        fail(f"--engine is yellow or blue (the computer's colour), not {engine!r}")
    if level not in LEVELS:
        fail(f"--level is {min(LEVELS)} to {max(LEVELS)}, not {level}")
    return Computer(Colour(engine), level)


def _offer_seats(session: Session, seats: dict[int, str]) -> None:
    """Offer the computer ``seats`` on the new-game form, or continue the file's game when it
    has those computer seats (anything else is a usage mistake: the game is never changed)."""
    session.seats_default = seats
    record = session.record
    if record is not None and computer_seats(record) != seats:
        session.close()
        fail(
            f"{session.path} holds another game; --computer-seats {computer_seats_text(seats)} "
            "is for a new Palagonia game: name a new file, or leave --computer-seats out to "
            "continue this one"
        )


def _play_computer(session: Session, computer: Computer) -> None:
    """Start a new game against ``computer``, or continue the file's game when it is that one
    (anything else is a usage mistake: the file's game is never replaced)."""
    session.computer_default = computer
    record = session.record
    if record is None:
        action: dict[str, object] = {"type": "new", "kind": "Palago", "names": ["", ""]}
        action |= {"computer": computer.colour.value, "level": computer.level}
        try:
            session.apply({**action, "version": session.version, "instance": session.instance})
        except TableError as error:
            session.close()
            fail(str(error), 1)
        return
    if computer_of(record) != computer:
        session.close()
        fail(
            f"{session.path} holds another game; --engine {computer.colour.value} --level "
            f"{computer.level} starts a new one: name a new file, or leave --engine out to "
            "continue this one"
        )


def _offer_unfinished() -> Path | None:
    """Without FILE: the unfinished game of this folder the user picks (asked on a terminal),
    or ``None`` for new games."""
    found = unfinished_games(Path.cwd())
    if not found:
        return None
    names = [p.name for p in found[:9]]
    if not sys.stdin.isatty():
        typer.echo(
            f"Unfinished games in this folder: {', '.join(names)} (continue one with palago "
            "serve FILE)"
        )
        return None
    typer.echo("Unfinished games in this folder:")
    for number, name in enumerate(names, start=1):
        typer.echo(f"  {number}. {name}")
    answer = typer.prompt("Continue which (number, or Enter for a new game)", default="")
    if answer.strip().isdigit() and 1 <= int(answer) <= len(names):
        return found[int(answer) - 1]
    return None


def _serve(session: Session, host: str, port: int, token_wanted: bool, lang: Lang) -> None:
    import uvicorn

    from ..table.app import create_app

    local = is_loopback(host)
    token = saved_token(session.path, session.files.folder) if token_wanted or not local else None
    sock = listen(host, port)
    bound = sock.getsockname()[1]
    query = f"?token={token}" if token else ""
    addresses = [f"http://{name}:{bound}/{query}" for name in phone_addresses(host)]
    where = f"recording to {session.path}" if session.path else "new games go into this folder"
    typer.echo(f"Palago table at {addresses[0]} ({where}); Ctrl+C stops it")
    for other in addresses[1:]:
        typer.echo(f"  also at {other}")
    if token:
        typer.echo(f"Other devices need the token in the address: {token}")
        typer.echo("Scan this with the phone's camera to open the table:")
        typer.echo(terminal_qr(addresses[0]), nl=False)
    hosts = tuple(name for name in phone_addresses(host) if name != "localhost")
    config = uvicorn.Config(
        create_app(
            session,
            token=token,
            loopback=local,
            address=addresses[0] if token else None,
            hosts=hosts,
            lang=lang,
        ),
        log_level="warning",
        access_log=False,
        server_header=False,
        limit_concurrency=64,
        timeout_graceful_shutdown=2,
    )
    try:
        uvicorn.Server(config).run(sockets=[sock])
    finally:
        sock.close()
