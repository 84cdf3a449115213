"""``palago serve``: the table companion, a local web page that records a game as it is played."""

from __future__ import annotations

import ipaddress
import secrets
import socket
from pathlib import Path

import typer

from ..table.actions import TableError
from ..table.session import FileProblem, Session
from ._app import app, fail


def is_loopback(host: str) -> bool:
    """True for ``localhost`` and loopback addresses (127.0.0.0/8, ::1)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


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
    file: Path | None = typer.Argument(
        None, help="The record file: its game continues, or a new game is written there."
    ),
    host: str = typer.Option(
        "127.0.0.1",
        "--host",
        help="Address to listen on; another than this computer's own needs the printed token.",
    ),
    port: int = typer.Option(8000, "--port", min=0, max=65535, help="Port to listen on."),
) -> None:
    """Serve the table page: play Palago or Palagonia on a tablet or phone, the record written
    after every turn (new games without FILE go to table-DATE-TIME.palago in this folder)."""
    try:
        session = Session.open(file)
    except FileProblem as error:
        fail(str(error), 2)
    except TableError as error:
        fail(str(error), 1)
    import uvicorn

    from ..table.app import create_app

    local = is_loopback(host)
    token = None if local else secrets.token_urlsafe(16)
    sock = listen(host, port)
    bound = sock.getsockname()[1]
    shown = f"[{host}]" if ":" in host and not host.startswith("[") else host
    address = f"http://{shown}:{bound}/" + (f"?token={token}" if token else "")
    where = f"recording to {session.path}" if session.path else "new games go into this folder"
    typer.echo(f"Palago table at {address} ({where}); Ctrl+C stops it")
    if token:
        typer.echo(f"Other devices need the token in the address: {token}")
    config = uvicorn.Config(
        create_app(session, token=token, loopback=local),
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
