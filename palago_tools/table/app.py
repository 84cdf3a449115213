"""The table's web application (Starlette): one page, a small JSON API and the exports.

Routes: ``GET /`` the page; ``GET /assets/…`` its style and script (package data, by name from
a fixed list); ``GET /api/state`` everything the page shows; ``GET /api/version`` the version
the page polls to see other devices' turns; ``POST /api/action`` a change (new game, turn,
roll-off, undo, redo); ``POST /api/board`` the board with a turn being entered; ``GET /qr.svg``
the QR code of the address for another device; ``GET /viewer`` the game in the replay viewer;
``GET /export/…`` the record, the position as PDF, PNG or SVG, and a Palagonia score sheet.

Safety: request bodies are JSON objects of at most :data:`MAX_BODY` bytes; anything else, and
every error of the library, is answered with a 4xx JSON error, never a traceback. A request
never names a file: the record's path is the server's own. With a token every request must
carry it: the ``X-Palago-Token`` header, the ``token`` query parameter, or the cookie the page
gets when it is opened with the token in its address (so its style and script load too);
without it a browser gets a page that says how to get in, any other client a JSON error. On a
loopback address only requests for a loopback host name are served (no DNS rebinding).
"""

from __future__ import annotations

import base64
import hashlib
import ipaddress
import json
import logging
import re
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from html import escape
from importlib import resources
from typing import Any, Final

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..errors import ArgumentError, PalagoError
from ..languages import LANGUAGES, Lang
from ..screens import CATALOGUE, say
from ..screens.table import TABLE
from ..viewer.page import CSP as VIEWER_CSP
from ..viewer.page import THEME_STYLE, viewer_html
from .actions import BadAction, Refused, Stale, TableError
from .exports import export
from .record_file import ChangedOnDisk, SaveError
from .session import Session
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
    "outbox.js": "text/javascript; charset=utf-8",
    "keyboard.js": "text/javascript; charset=utf-8",
}

COOKIE: Final = "palago_table"
"""The cookie that carries the token for the page's own requests (its style and script)."""

LANG_COOKIE: Final = "palago_lang"
"""The cookie that carries the language a device chose on the page (its script also keeps it
in localStorage and sends it with every request as ``X-Palago-Lang``)."""

_PAGE_WORDS: Final = (*TABLE, "side_yellow", "side_blue", "seat", "and", "titled",
                      "kind_Palago", "kind_Palagonia")
"""The catalogue's entries the page's script writes."""

_OWN_NAMES: Final = {"EN": "English", "RU": "Русский", "FR": "Français", "HU": "Magyar"}
"""Each language by its own name, in the page's language menu (each option marked with its
``lang``)."""

LOG: Final = logging.getLogger("palago_tools.table")
"""Where the table says what happened: undos (and by which device), dropped requests."""


def is_loopback_host(name: str) -> bool:
    """True for ``localhost`` and loopback addresses (127.0.0.0/8, ``::1``, bracketed or not)."""
    if name == "localhost":
        return True
    try:
        return ipaddress.ip_address(name.strip("[]")).is_loopback
    except ValueError:
        return False


def host_name(host: str) -> str:
    """The name part of a ``Host`` header (``[::1]:8000`` → ``[::1]``)."""
    return host.rsplit(":", 1)[0] if not host.startswith("[") else host.split("]")[0] + "]"


def qr_svg(text: str) -> str:
    """A QR code of ``text`` as an SVG element (dark modules on white, with its quiet zone)."""
    import io

    import segno

    out = io.BytesIO()
    segno.make(text, error="m").save(
        out,
        kind="svg",
        scale=6,
        border=4,
        xmldecl=False,
        svgns=True,
        svgclass="qr",
        title="The table's address",
        dark="#000",
        light="#fff",
    )
    return out.getvalue().decode("utf-8")


def _asset(name: str) -> bytes:
    data = resources.files("palago_tools.table").joinpath("assets", name).read_bytes()
    if name == "table.css":
        return THEME_STYLE.encode("utf-8") + data
    return data


def no_token_page(lang: Lang = "EN") -> tuple[str, str]:
    """The page a browser gets without the token (how to get in) in ``lang``, and its CSP (its
    own inline style, by hash: the table's style is served with the token only)."""
    html = _filled(_asset("no_token.html").decode("utf-8"), lang, {"lang": lang.lower()})
    found = re.search(r"<style>(.*?)</style>", html, re.S)
    assert found is not None
    digest = base64.b64encode(hashlib.sha256(found.group(1).encode("utf-8")).digest()).decode()
    csp = (
        f"default-src 'none'; style-src 'sha256-{digest}'; img-src data:; base-uri 'none'; "
        "form-action 'none'; frame-ancestors 'none'"
    )
    return html, csp


def accepted_lang(header: str) -> Lang | None:
    """The first of the four languages an ``Accept-Language`` header asks for, by its weights
    (``ru-RU,ru;q=0.9,en;q=0.8`` is RU), or ``None`` when it names none of them."""
    found: list[tuple[float, int, Lang]] = []
    for index, part in enumerate(header.split(",")[:32]):
        tag, _, params = part.strip().partition(";")
        weight = re.search(r"q=([0-9.]{1,5})", params)
        try:
            q = float(weight.group(1)) if weight else 1.0
        except ValueError:
            q = 0.0
        code = tag.strip().split("-")[0].upper()
        if q > 0 and code in LANGUAGES:
            found.append((-q, index, code))
    return min(found)[2] if found else None


def request_lang(request: Request, default: Lang = "EN") -> Lang:
    """The language of a request: the one its page sends (``X-Palago-Lang``) or its device
    chose (the cookie), else the browser's (``Accept-Language``), else ``default``
    (``palago serve --lang``)."""
    for given in (request.headers.get("x-palago-lang"), request.cookies.get(LANG_COOKIE)):
        code = (given or "").upper()
        if code in LANGUAGES:
            return code
    return accepted_lang(request.headers.get("accept-language", "")) or default


def page_html(lang: Lang) -> str:
    """The table's page in ``lang``: its words filled in from the catalogue (HTML-escaped), its
    ``<html lang>``, and the words its script writes as JSON."""
    html = _asset("index.html").decode("utf-8")
    words = {key: say(key, lang) for key in _PAGE_WORDS}
    data = json.dumps({"lang": lang, "words": words}, ensure_ascii=False).replace("</", "<\\/")
    options = "".join(
        f'<option value="{code}" lang="{code.lower()}"'
        + (" selected" if code == lang else "")
        + f">{_OWN_NAMES[code]}</option>"
        for code in LANGUAGES
    )
    special = {
        "lang": lang.lower(),
        "words": data,
        "languages": options,
        "t_die_1": escape(say("t_die", lang, n=1)),
        "t_die_2": escape(say("t_die", lang, n=2)),
    }
    return _filled(html, lang, special)


def _filled(html: str, lang: Lang, special: dict[str, str]) -> str:
    """``html`` with each ``{{key}}`` the catalogue's entry in ``lang`` (HTML-escaped, its
    ``{command}``, ``{device}`` and ``{address}`` the no-token page's markup) or ``special``'s."""
    marks = {
        "{command}": "<code>palago serve</code>",
        "{device}": f"<b>{escape(say('t_another_device', lang))}</b>",
        "{address}": "<code>?token=…</code>",
    }

    def filled(found: re.Match[str]) -> str:
        key = found.group(1)
        if key in special:
            return special[key]
        if key not in CATALOGUE:
            return found.group(0)
        text = escape(say(key, lang), quote=True)
        for mark, markup in marks.items():
            text = text.replace(mark, markup)
        return text

    return re.sub(r"\{\{(\w+)\}\}", filled, html)


def wants_html(request: Request) -> bool:
    """Whether the request is a browser's opening a page (it accepts HTML), not the API's."""
    return request.method in ("GET", "HEAD") and "text/html" in request.headers.get("accept", "")


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
    try:
        async for chunk in request.stream():
            body.extend(chunk)
            if len(body) > MAX_BODY:
                raise HTTPException(413, f"the request body is larger than {MAX_BODY} bytes")
    except ClientDisconnect:
        client = request.client.host if request.client else "a device"
        LOG.warning("%s dropped the connection before its request was complete", client)
        raise HTTPException(400, "the request was not complete") from None
    try:
        value = json.loads(bytes(body).decode("utf-8"), parse_constant=_no_constant)
    except (UnicodeDecodeError, ValueError, RecursionError) as problem:
        raise HTTPException(400, f"the request body is not valid JSON: {_short(problem)}") from None
    if not isinstance(value, dict):
        raise HTTPException(400, "the request body must be a JSON object")
    return value


def _no_constant(name: str) -> object:
    raise ArgumentError(f"{name} is not a JSON number")


def _short(problem: Exception) -> str:
    text = str(problem) or type(problem).__name__
    return text[:120]


def _table_error(problem: TableError, lang: str) -> JSONResponse:
    if isinstance(problem, Stale):
        return error(409, str(problem), stale=True)
    if isinstance(problem, Refused):
        return error(422, problem.words(lang), rule=problem.rule)
    if isinstance(problem, BadAction):
        return error(400, str(problem))
    if isinstance(problem, ChangedOnDisk):
        return error(409, str(problem), changed=True)
    if isinstance(problem, SaveError):
        return error(503, str(problem))
    return error(400, str(problem))


def _library_error(problem: PalagoError, lang: str = "EN") -> JSONResponse:
    if isinstance(problem, TableError):
        return _table_error(problem, lang)
    return error(422, str(problem) or type(problem).__name__)


def _device(request: Request) -> str:
    """The device a request came from, in words: its address and browser."""
    agent = request.headers.get("user-agent", "")
    kind = next(
        (
            name
            for name in ("iPhone", "iPad", "Android", "Windows", "Macintosh", "Linux")
            if name in agent
        ),
        "",
    )
    address = request.client.host if request.client else "?"
    return f"{address} {kind}".strip()


@dataclass(frozen=True)
class _Served:
    """What the handlers serve: the session, the token every request must carry (or ``None``),
    the address shown to other devices (or ``None``) and the language of a request that names
    none of the four (``palago serve --lang``)."""

    session: Session
    token: str | None
    address: str | None
    lang: Lang = "EN"


def _served(request: Request) -> _Served:
    served = request.app.state.served
    assert isinstance(served, _Served)
    return served


async def page(request: Request) -> Response:
    """The page in the request's language, its style and script addressed with the token, which
    it also gets as a cookie."""
    served = _served(request)
    token, address = served.token, served.address
    lang = request_lang(request, served.lang)
    html = page_html(lang)
    if token is not None:
        html = html.replace('.css"', f'.css?token={token}"').replace('.js"', f'.js?token={token}"')
    if address is not None:
        tag = f'<html lang="{lang.lower()}"'
        html = html.replace(tag + ">", tag + ' data-share="1">')
    response = Response(html, media_type="text/html; charset=utf-8")
    if token is not None:
        response.set_cookie(COOKIE, token, httponly=True, samesite="strict", path="/")
    return response


async def qr(request: Request) -> Response:
    """The QR code of the address to share."""
    address = _served(request).address
    if address is None:
        raise HTTPException(404, "this table is only for this computer: no address to share")
    return Response(await run_in_threadpool(qr_svg, address), media_type="image/svg+xml")


def _viewer_page(session: Session, lang: Lang) -> str:
    with session.lock:
        if session.record is None or not session.record.turns:
            raise TableError("no turn yet: nothing to replay")
        return viewer_html(session.record, lang=lang)


async def viewer(request: Request) -> Response:
    """The game in the replay viewer, in the request's language."""
    served = _served(request)
    try:
        html = await run_in_threadpool(
            _viewer_page, served.session, request_lang(request, served.lang)
        )
    except PalagoError as problem:
        return error(404, str(problem))
    return Response(
        html,
        media_type="text/html; charset=utf-8",
        headers={"content-security-policy": VIEWER_CSP},
    )


async def asset(request: Request) -> Response:
    """The page's style or script, by name from :data:`_ASSETS`."""
    name = request.path_params["name"]
    if name not in _ASSETS:
        raise HTTPException(404, "no such asset")
    return Response(_asset(name), media_type=_ASSETS[name])


def _state(served: _Served, lang: Lang) -> dict[str, Any]:
    with served.session.lock:
        state = table_state(served.session, lang)
    state["share"] = served.address
    return state


def _act(served: _Served, data: dict[str, object], by: str, lang: Lang) -> dict[str, Any]:
    session = served.session
    with session.lock:
        done = session.apply(data, by)
        if done and data.get("type") in ("undo", "redo"):
            LOG.warning("%s (version %d)", session.outcome.text, session.version)
        state = _state(served, lang)
        if not done:
            state["already"] = True  # sent again (the same id): carried out the first time
        return state


def _preview(session: Session, data: dict[str, object], lang: Lang) -> dict[str, Any]:
    with session.lock:
        return preview(session, data, lang)


def _export(session: Session, name: str, lang: str) -> tuple[bytes, str, str]:
    with session.lock:
        return export(session, name, lang)


async def state(request: Request) -> Response:
    """Everything the page shows."""
    served = _served(request)
    return JSONResponse(await run_in_threadpool(_state, served, request_lang(request, served.lang)))


async def version(request: Request) -> Response:
    """The version the page polls."""
    session = _served(request).session
    return JSONResponse({"instance": session.instance, "version": session.version})


async def action(request: Request) -> Response:
    """A change, answered with the state after it."""
    data = await read_json(request)
    served = _served(request)
    lang = request_lang(request, served.lang)
    try:
        return JSONResponse(await run_in_threadpool(_act, served, data, _device(request), lang))
    except PalagoError as problem:
        return _library_error(problem, lang)


async def board(request: Request) -> Response:
    """The board with a turn being entered."""
    data = await read_json(request)
    served = _served(request)
    lang = request_lang(request, served.lang)
    try:
        return JSONResponse(await run_in_threadpool(_preview, served.session, data, lang))
    except PalagoError as problem:
        return _library_error(problem, lang)


async def download(request: Request) -> Response:
    """One of the exports, as an attachment."""
    name = request.path_params["name"]
    served = _served(request)
    lang = request_lang(request, served.lang)
    try:
        data, media, filename = await run_in_threadpool(_export, served.session, name, lang)
    except TableError as problem:
        return error(404, str(problem))
    except PalagoError as problem:
        return _library_error(problem, lang)
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


ROUTES: Final = (
    Route("/", page),
    Route("/assets/{name}", asset),
    Route("/api/state", state),
    Route("/api/version", version),
    Route("/api/action", action, methods=["POST"]),
    Route("/api/board", board, methods=["POST"]),
    Route("/qr.svg", qr),
    Route("/viewer", viewer),
    Route("/export/{name}", download),
)
"""The routes of the application, each to a handler above."""


def create_app(
    session: Session,
    token: str | None = None,
    loopback: bool = True,
    address: str | None = None,
    hosts: tuple[str, ...] = (),
    lang: Lang = "EN",
) -> Starlette:
    """The application serving ``session``; ``token``, when given, is required on every request.
    ``address`` is the one to show other devices (as a QR code on the page); ``hosts`` are
    further host names a loopback table answers to (the address it listens on); ``lang`` the
    language of a device whose browser asks for none of the four."""
    app = Starlette(
        routes=list(ROUTES),
        exception_handlers={HTTPException: http_error, Exception: server_error},
    )
    app.state.served = _Served(session, token, address, lang)
    app.add_middleware(Guard, token=token, loopback=loopback, hosts=hosts, lang=lang)
    return app


class Guard:
    """Checks every request before the application sees it: the host name on a loopback
    address, the token, and the security headers of every response."""

    def __init__(
        self,
        app: ASGIApp,
        token: str | None,
        loopback: bool,
        hosts: tuple[str, ...] = (),
        lang: Lang = "EN",
    ) -> None:
        self.app = app
        self.lang = lang
        self.token = token
        self.loopback = loopback
        self.hosts = hosts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request = Request(scope)
        problem = self._problem(request)
        if problem is not None:
            response: Response = error(*problem)
            if problem[0] == 401 and wants_html(request):
                html, csp = no_token_page(request_lang(request, self.lang))
                response = Response(
                    html,
                    status_code=401,
                    media_type="text/html; charset=utf-8",
                    headers={"content-security-policy": csp},
                )
            await response(scope, receive, self._with_headers(send))
            return
        await self.app(scope, receive, self._with_headers(send))

    def _problem(self, request: Request) -> tuple[int, str] | None:
        if self.loopback:
            name = host_name(request.headers.get("host", ""))
            if not is_loopback_host(name) and name not in self.hosts:
                return (421, "this table answers only on its own address")
        if self.token is not None:
            given = (
                request.headers.get("x-palago-token")
                or request.query_params.get("token")
                or request.cookies.get(COOKIE)
                or ""
            )
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
                if not any(name == b"content-security-policy" for name, _ in headers):
                    headers.append((b"content-security-policy", CSP.encode()))
                headers += [
                    (b"x-content-type-options", b"nosniff"),
                    (b"referrer-policy", b"no-referrer"),
                    (b"x-frame-options", b"DENY"),
                    (b"cache-control", b"no-store"),
                ]
                message = {**message, "headers": headers}
            await send(message)

        return wrapped
