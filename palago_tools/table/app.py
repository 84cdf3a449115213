"""The table's web application (Starlette): one page, a small JSON API and the exports.

Routes: ``GET /`` the page; ``GET /assets/…`` its style and script (package data, by name from
a fixed list); ``GET /api/state`` everything the page shows; ``GET /api/version`` the version
the page polls to see other devices' turns; ``POST /api/action`` a change (new game, turn,
roll-off, undo); ``POST /api/board`` the board with a turn being entered; ``GET /export/…`` the
record, the position as PDF, PNG or SVG, and a Palagonia score sheet.

Safety: request bodies are JSON objects of at most :data:`MAX_BODY` bytes; anything else is
answered with a 4xx JSON error, never a traceback. A request never names a file: the record's
path is the server's own. With a token every request must carry it (``X-Palago-Token`` header
or ``token`` query parameter). On a loopback address only requests for a loopback host name are
served (no DNS rebinding).
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Awaitable, Callable
from importlib import resources
from typing import Any, Final

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..viewer.page import THEME_STYLE
from .actions import BadAction, Refused, Stale, TableError
from .exports import export
from .session import SaveError, Session
from .state import preview, table_state

MAX_BODY: Final = 16 * 1024
"""Largest request body in bytes: a turn is well under 1 KiB."""

CSP: Final = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)

_ASSETS: Final = {
    "table.css": "text/css; charset=utf-8",
    "table.js": "text/javascript; charset=utf-8",
}

LOOPBACK_HOSTS: Final = ("127.0.0.1", "localhost", "[::1]")


def _asset(name: str) -> bytes:
    data = resources.files("palago_tools.table").joinpath("assets", name).read_bytes()
    if name == "table.css":
        return THEME_STYLE.encode("utf-8") + data
    return data


def error(status: int, message: str, **extra: Any) -> JSONResponse:
    """A JSON error: ``{"error": message, …}``."""
    return JSONResponse({"error": message, **extra}, status_code=status)


async def read_json(request: Request) -> dict[str, object]:
    """The request's JSON object, or an :class:`HTTPException` with a 4xx status."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        raise HTTPException(415, "send the request body as JSON (Content-Type: application/json)")
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
        raise HTTPException(413, f"the request body is larger than {MAX_BODY} bytes")
    body = bytearray()
    async for chunk in request.stream():
        body.extend(chunk)
        if len(body) > MAX_BODY:
            raise HTTPException(413, f"the request body is larger than {MAX_BODY} bytes")
    try:
        value = json.loads(bytes(body).decode("utf-8"), parse_constant=_no_constant)
    except (UnicodeDecodeError, ValueError, RecursionError) as problem:
        raise HTTPException(400, f"the request body is not valid JSON: {_short(problem)}") from None
    if not isinstance(value, dict):
        raise HTTPException(400, "the request body must be a JSON object")
    return value


def _no_constant(name: str) -> object:
    raise ValueError(f"{name} is not a JSON number")


def _short(problem: Exception) -> str:
    text = str(problem) or type(problem).__name__
    return text[:120]


def _table_error(problem: TableError) -> JSONResponse:
    if isinstance(problem, Stale):
        return error(409, str(problem), stale=True)
    if isinstance(problem, Refused):
        return error(422, str(problem), rule=problem.rule)
    if isinstance(problem, BadAction):
        return error(400, str(problem))
    if isinstance(problem, SaveError):
        return error(503, str(problem))
    return error(400, str(problem))


def create_app(session: Session, token: str | None = None, loopback: bool = True) -> Starlette:
    """The application serving ``session``; ``token``, when given, is required on every request."""

    async def page(request: Request) -> Response:
        return Response(_asset("index.html"), media_type="text/html; charset=utf-8")

    async def asset(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in _ASSETS:
            raise HTTPException(404, "no such asset")
        return Response(_asset(name), media_type=_ASSETS[name])

    async def state(request: Request) -> Response:
        return JSONResponse(await run_in_threadpool(table_state, session))

    async def version(request: Request) -> Response:
        return JSONResponse({"instance": session.instance, "version": session.version})

    async def action(request: Request) -> Response:
        data = await read_json(request)
        try:
            await run_in_threadpool(session.apply, data)
        except TableError as problem:
            return _table_error(problem)
        return JSONResponse(await run_in_threadpool(table_state, session))

    async def board(request: Request) -> Response:
        data = await read_json(request)
        try:
            return JSONResponse(await run_in_threadpool(preview, session, data))
        except TableError as problem:
            return _table_error(problem)

    async def download(request: Request) -> Response:
        name = request.path_params["name"]
        try:
            data, media, filename = await run_in_threadpool(export, session, name)
        except TableError as problem:
            return error(404, str(problem))
        return Response(
            data,
            media_type=media,
            headers={"Content-Disposition": f'attachment; filename="{filename}"'},
        )

    async def http_error(request: Request, problem: Exception) -> Response:
        assert isinstance(problem, HTTPException)
        return error(problem.status_code, str(problem.detail))

    async def server_error(request: Request, problem: Exception) -> Response:
        return error(500, "the server could not answer this request")

    app = Starlette(
        routes=[
            Route("/", page),
            Route("/assets/{name}", asset),
            Route("/api/state", state),
            Route("/api/version", version),
            Route("/api/action", action, methods=["POST"]),
            Route("/api/board", board, methods=["POST"]),
            Route("/export/{name}", download),
        ],
        exception_handlers={HTTPException: http_error, Exception: server_error},
    )
    app.add_middleware(Guard, token=token, loopback=loopback)
    return app


class Guard:
    """Checks every request before the application sees it: the host name on a loopback
    address, the token, and the security headers of every response."""

    def __init__(self, app: ASGIApp, token: str | None, loopback: bool) -> None:
        self.app = app
        self.token = token
        self.loopback = loopback

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request = Request(scope)
        problem = self._problem(request)
        if problem is not None:
            response = error(*problem)
            await response(scope, receive, self._with_headers(send))
            return
        await self.app(scope, receive, self._with_headers(send))

    def _problem(self, request: Request) -> tuple[int, str] | None:
        if self.loopback:
            host = request.headers.get("host", "")
            name = host.rsplit(":", 1)[0] if not host.startswith("[") else host.split("]")[0] + "]"
            if name not in LOOPBACK_HOSTS:
                return (421, "this table answers only on its own address")
        if self.token is not None:
            given = request.headers.get("x-palago-token") or request.query_params.get("token") or ""
            if not secrets.compare_digest(given.encode(), self.token.encode()):
                return (401, "this table needs its token: open the address palago serve printed")
        if request.method == "POST":
            origin = request.headers.get("origin")
            host = request.headers.get("host", "")
            if origin is not None and origin.split("://", 1)[-1] != host:
                return (403, "requests from other sites are refused")
        return None

    @staticmethod
    def _with_headers(send: Send) -> Callable[[Message], Awaitable[None]]:
        async def wrapped(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                headers += [
                    (b"content-security-policy", CSP.encode()),
                    (b"x-content-type-options", b"nosniff"),
                    (b"referrer-policy", b"no-referrer"),
                    (b"x-frame-options", b"DENY"),
                    (b"cache-control", b"no-store"),
                ]
                message = {**message, "headers": headers}
            await send(message)

        return wrapped
