"""The web app: HTTP lobby API, the WebSocket endpoint, the static browser UI.

``create_app(db_url)`` builds the ASGI app; ``run(host, port, db)`` serves it
with uvicorn. At start the database is migrated and every unfinished table is
rebuilt from its action log, so a restarted server carries on where it was.

HTTP routes (JSON unless noted):

=======================================  ==============================================
``GET /``, ``/t/{id}``, ``/r/{id}``      the browser UI (lobby, table, replay)
``GET /rules/{game}``                    the rules troef plays (``docs/rules/{game}.md`` as HTML)
``GET /api/health``                      ``{"ok": true}``; to an operator (``--operator-address``, or the
                                         ``x-troef-operator`` token) also the tables in memory, and on
                                         PostgreSQL the process's node and the leases it holds
``GET /api/games``                       presets, players, switches, bot levels
``GET /api/tables``                      open tables, live tables, finished matches
``POST /api/tables``                     create a table; returns the invite tokens
``GET /api/tables/{id}``                 one table's public facts
``POST /api/tables/{id}/claim``          take an open seat (optionally with a name): returns its token
``POST /api/tables/{id}/rematch``        a new match for the same players (a seat's token asks)
``GET /api/tables/{id}/replay/{hand}``   the frames of one hand that is over (409 while it is in play)
``GET /api/tables/{id}/record``          the troef record of a finished match
``GET /api/tables/{id}/analysis/{hand}`` the analysis of one hand that is over (409 while it is in play;
                                         ``docs/analysis.md``; ``?fair=1``: with the fair judgement;
                                         ``?progress=1``: NDJSON, each decision as it is judged)
``WS /ws``                               the game protocol (``docs/protocol.md``; served by
                                         :class:`troef.server.transport.GameSocket`, see :func:`run`)
``/toernooi/...``, ``/api/tournaments``  tournaments: see :mod:`troef.tournament.web`
=======================================  ==============================================

Every request must name this server in its ``Host`` header, and every request
that may change something (any method but ``GET``, ``HEAD`` and ``OPTIONS``, on
any route: :class:`Front`) or the game socket's handshake must carry no
``Origin`` or one of this server (:class:`troef.server.guard.Guard`); such a
request's body must be ``application/json``. Creating tables and fetching
replays and records are rate-limited per client.
"""

from __future__ import annotations

import asyncio
import gc
import json
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any, Final

from starlette.applications import Starlette
from starlette.background import BackgroundTask
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from troef.core.errors import TroefError
from troef.server.adapter import web_address, web_source
from troef.server.community_web import CommunityWeb
from troef.server.finished import analysis_line
from troef.server.guard import GUARD, Guard, Limits, guarded_http, lock_database
from troef.server.protocol import RATE
from troef.server.storage import AsyncStore, default_url
from troef.server.tables import Hub, TableError
from troef.server.transport import ENDPOINT, GameSocket
from troef.server.workers import ClientGone, Following, WorkBusy, WorkPool, while_connected
from troef.server.ws import Connection, Outlet

log = logging.getLogger("troef.server")

#: Largest request body the lobby API reads.
MAX_BODY: Final = 16384

WEB_DIR: Final = Path(__file__).resolve().parent.parent / "web"
#: Where the rules as troef plays them are, one Markdown file per game: ``troef/rules`` in an installed
#: wheel (``setup.py`` copies ``docs/rules`` there), else ``docs/rules`` of the source checkout.
RULES_DIRS: Final = (
    Path(__file__).resolve().parent.parent / "rules",
    Path(__file__).resolve().parents[3] / "docs" / "rules",
)


def rules_page(game: str) -> str | None:
    """``docs/rules/{game}.md`` as a plain HTML page (CommonMark with tables), or None if there is none."""
    path = next((d / f"{game}.md" for d in RULES_DIRS if (d / f"{game}.md").is_file()), None)
    if path is None:
        return None
    from markdown_it import MarkdownIt

    body = MarkdownIt("commonmark", {"html": False}).enable("table").render(path.read_text(encoding="utf-8"))
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f'<title>troef \u00b7 {game} rules</title><link rel="stylesheet" href="/static/style.css"></head>'
        f'<body><header class="site"><a class="brand" href="/">troef</a></header><main class="rules-doc">{body}</main>'
        "</body></html>"
    )


_SECURITY_HEADERS: Final = [
    (
        b"content-security-policy",
        b"default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
        b"connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
    ),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
]


#: Methods that change nothing: every other one must pass the Origin and content-type checks.
SAFE_METHODS: Final = frozenset({"GET", "HEAD", "OPTIONS"})


class Front:
    """The outermost layer: the ``Host`` check, the Origin and content-type checks of every request that may
    change something (whatever its route), and a strict content security policy and friends on every response.

    A browser lets any site send a form or ``text/plain`` body to any server
    without asking it first, but not ``application/json``: that, and the
    ``Origin`` check, keep other sites' pages from creating tables or
    tournaments, taking seats or acting as an organiser in a visitor's name.
    """

    def __init__(self, app: ASGIApp, guard: Guard | None = None) -> None:
        self.app = app
        self.guard = guard

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if self.guard is not None:
            host = _header(scope, b"host")
            if not self.guard.host_ok(host):
                # DNS rebinding: a page of another site whose name now points at this server
                response = _error(421, "bad_host", "this server does not answer to that host name")
                await response(scope, receive, send)
                return
            if scope["method"] not in SAFE_METHODS:
                refused = _unsafe_refusal(scope, self.guard)
                if refused is not None:
                    await refused(scope, receive, send)
                    return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = list(message.get("headers", [])) + _SECURITY_HEADERS
            await send(message)

        await self.app(scope, receive, send_with_headers)


def _unsafe_refusal(scope: Scope, guard: Guard) -> Response | None:
    """Why a request that may change something is refused (a page of another site, a body a form can send), or None."""
    if not guard.origin_ok(_header(scope, b"origin"), _header(scope, b"host")):
        return _error(403, "bad_origin", "requests from pages of other sites are refused")
    media_type = (_header(scope, b"content-type") or "").partition(";")[0].strip().lower()
    if media_type != "application/json":
        return _error(415, "bad_content_type", "send the body as application/json")
    return None


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key == name:
            return str(value.decode("latin-1"))
    return None


def _error(status: int, code: str, message: str) -> JSONResponse:
    # after a body that did not come in time the connection is in no state to go on
    headers = {"connection": "close"} if status == 408 else None
    return JSONResponse({"error": {"code": code, "message": message}}, status_code=status, headers=headers)


async def _body(request: Request, guard: Guard) -> dict[str, Any]:
    """The JSON object of a request that changes something (:class:`Front` has checked its Origin and type)."""
    size = 0
    chunks = []
    try:
        # the body, like the head, must come in time: a trickled body would hold the request open
        async with asyncio.timeout(guard.limits.header_timeout):
            async for chunk in request.stream():
                size += len(chunk)
                if size > MAX_BODY:
                    raise TableError(413, "too_large", f"the request body may be at most {MAX_BODY} bytes")
                chunks.append(chunk)
    except TimeoutError:
        raise TableError(408, "too_slow", "the request body did not arrive in time") from None
    try:
        data = json.loads(b"".join(chunks) or b"{}")
    except (
        ValueError,
        RecursionError,
    ):  # JSONDecodeError, UnicodeDecodeError, and a number int() refuses (4,300 digits)
        raise TableError(400, "bad_json", "the request body is not valid JSON") from None
    if not isinstance(data, dict):
        raise TableError(400, "bad_json", "the request body must be a JSON object")
    return data


def create_app(
    db_url: str | None = None,
    *,
    bot_delay: float = 0.8,
    bot_budget: float = 10.0,
    max_tables: int = 1000,
    rate_limit: float = RATE,
    limits: Limits | None = None,
    idle_seconds: float = 3600.0,
    expire_seconds: float = 180.0,
    max_unjoined: int = 1000,
) -> Starlette:
    """The troef web app on the database at ``db_url`` (default: a SQLite file in the user data folder).

    ``bot_delay``: seconds a computer player pauses before acting; ``bot_budget``:
    seconds it may think; ``rate_limit``: messages a second one connection may
    send on average (``docs/protocol.md``); ``limits``: the edge's limits
    (:class:`troef.server.guard.Limits`); ``idle_seconds``: a table unused this
    long leaves memory; ``expire_seconds``: a table nobody joined this long is deleted;
    ``max_tables``: tables in play (joined) at once; ``max_unjoined``: tables nobody has joined
    yet, at once (a new one beyond them pushes out the oldest: :class:`~troef.server.tables.Hub`).
    """
    from troef.tournament.web import TournamentWeb

    db_url = db_url or default_url()
    store = AsyncStore(db_url)
    guard = Guard(limits or Limits())
    work = WorkPool(guard.limits.analysis_workers, guard.limits.analysis_queue, guard.limits.analysis_queue_per_owner)
    hub = Hub(
        store,
        bot_delay=bot_delay,
        bot_budget=bot_budget,
        max_tables=max_tables,
        idle_seconds=idle_seconds,
        expire_seconds=expire_seconds,
        max_unjoined=max_unjoined,
        max_tables_per_owner=guard.limits.tables_per_owner(max_tables),
        work=work,
    )
    hub.allowance = guard.allowance  # a signed-in player may hold more tables than a guest network
    tournaments = TournamentWeb(db_url, hub, guard)
    community = CommunityWeb(hub, guard, _body)

    async def signed_in_seat(transport: Any, cookie: str) -> None:
        account = await store.run(community.accounts.session, cookie)
        if account is not None:
            guard.signed_in_seat(transport, account.id)

    async def owner(request: Request) -> str:
        """The owner a request's resources count against: its session's account, else its network."""
        # request.client is the peer, or the X-Forwarded-For address when the peer is a --trusted-proxy (uvicorn)
        account = await community.account(request)
        return guard.owner_of(request.client.host if request.client else None, account.id if account else None)

    def endpoint(out: Outlet) -> Connection:
        transport = getattr(out, "transport", None)

        def seated() -> None:  # a player at a table: its client may use the reserved connections
            guard.seat_taken(transport)
            cookie = guard.cookies.get(id(transport))
            if cookie is not None:  # a signed-in player's seat: its connections count against the account
                hub._spawn(signed_in_seat(transport, cookie))

        return Connection(out, hub, rate_limit, join_within=guard.limits.idle_timeout, on_seat=seated)

    @asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[dict[str, Any]]:
        await hub.start()
        await tournaments.start()
        await community.start()
        try:
            # the lifespan state reaches uvicorn's protocols: GameSocket makes each socket's Connection here,
            # and the guarded HTTP protocol and GameSocket apply the guard's checks and caps
            yield {ENDPOINT: endpoint, GUARD: guard}
        finally:
            await hub.stop()
            tournaments.close()

    def page(_request: Request) -> Response:
        return FileResponse(WEB_DIR / "index.html", headers={"cache-control": "no-cache"})

    async def health(request: Request) -> Response:
        host = request.client.host if request.client else None
        if not guard.is_operator(host, request.headers.get("x-troef-operator")):
            return JSONResponse({"ok": True})  # how full the server is, is the operator's to know
        # quarantined: tables set aside at start-up (the log says which and why)
        body: dict[str, Any] = {
            "ok": True,
            "tables": len(hub.tables),
            "in_play": hub.in_play(),
            "quarantined": len(hub.quarantined),
            "connections": len(guard.open),
            "evicted": guard.evicted,
            "work": {
                "running": work.running(),
                "waiting": work.waiting(),
                "ran": work.ran,
                "refused": work.refused,
                "dropped": work.dropped,
            },
        }
        if hub.cluster is not None:  # one of several processes: which (troef_presence.node), and what it runs
            body["node"] = hub.cluster.node
            body["leases"] = len(hub.cluster.leased)
        return JSONResponse(body)

    async def game_options(_request: Request) -> Response:
        return JSONResponse(hub.game_options())

    async def game_module(request: Request) -> Response:
        # the browser table of a game that keeps it in its own package (Game.web_module)
        name = request.path_params["game"]
        served = hub.games.get(name)
        if served is None or web_address(served.game) != f"/games/{name}.js":
            return _error(404, "unknown_game", "no browser table of that game here")
        try:
            text = web_source(served.game)
        except TroefError as exc:
            return _error(404, "unknown_game", str(exc))
        return Response(text, media_type="text/javascript")

    async def game_texts(request: Request) -> Response:
        # the game's refusal texts in every language: the browser words a refused action's code and parameters
        game = hub.games.get(request.path_params["game"])
        if game is None:
            return _error(404, "unknown_game", "no such game")
        return JSONResponse(game.texts(), headers={"cache-control": "no-cache"})

    async def list_tables(_request: Request) -> Response:
        lists = await hub.lobby()
        await community.describe_open(lists["open"])  # free seats, rules family, ratings of who sits there
        return JSONResponse(lists)

    async def create_table(request: Request) -> Response:
        try:
            body = await _body(request, guard)
            holder = await owner(request)
            if not guard.allow(guard.creations, holder):
                raise TableError(429, "rate_limited", "too many new tables from here; wait a minute")
            table, tokens = await hub.create_table(body, holder=holder)
            seat = body.get("owner")
            if seat in tokens:  # a signed-in creator's seat is the account's (troef.server.community_web)
                account = await community.account(request)
                tokens[seat] = await community.own_seat(account, table, seat) or tokens[seat]
        except TableError as exc:
            return _error(exc.status, exc.code, exc.message)
        invites = [
            {"seat": seat, "token": token, "link": f"/t/{table.id}#t={token}"} for seat, token in sorted(tokens.items())
        ]
        return JSONResponse({"id": table.id, "table": table.info(), "invites": invites, "watch": f"/t/{table.id}"})

    async def table_info(request: Request) -> Response:
        info = await hub.table_info(request.path_params["table_id"])
        if info is None:
            return _error(404, "unknown_table", "no such table")
        return JSONResponse(info)

    async def claim(request: Request) -> Response:
        try:
            body = await _body(request, guard)
            table, seat, token = await hub.claim(request.path_params["table_id"], body.get("seat"), body.get("name"))
            token = await community.own_seat(await community.account(request), table, seat) or token
        except TableError as exc:
            return _error(exc.status, exc.code, exc.message)
        return JSONResponse({"id": table.id, "seat": seat, "token": token, "link": f"/t/{table.id}#t={token}"})

    async def rematch(request: Request) -> Response:
        try:
            body = await _body(request, guard)
            table = await hub.rematch(request.path_params["table_id"], body.get("token"))
            await community.rematched(request.path_params["table_id"], table.id)  # the seats stay the accounts'
        except TableError as exc:
            return _error(exc.status, exc.code, exc.message)
        return JSONResponse({"id": table.id, "table": table.info()})

    def rules(request: Request) -> Response:
        game = request.path_params["game"]
        text = rules_page(game) if game in hub.games else None
        if text is None:
            return _error(404, "no_rules", "no rules page for that game")
        return HTMLResponse(text, headers={"cache-control": "no-cache"})

    async def replay(request: Request) -> Response:
        try:
            holder = await owner(request)
            if not guard.allow(guard.replays, holder):
                raise TableError(429, "rate_limited", "too many replays from here; wait a minute")
            hand = int(request.path_params["hand"])
            open_cards = request.query_params.get("open") == "1"
            text = await while_connected(
                request,
                hub.replay(
                    request.path_params["table_id"],
                    hand,
                    request.headers.get("x-troef-token"),
                    open_cards,
                    holder,
                ),
            )
        except TableError as exc:
            return _error(exc.status, exc.code, exc.message)
        except WorkBusy as exc:
            return _busy(exc)
        except ClientGone:
            return Response(status_code=499)  # nobody reads it
        return Response(text, media_type="application/json")  # made and encoded once, off the loop

    async def analysis(request: Request) -> Response:
        try:
            holder = await owner(request)
            if not guard.allow(guard.replays, holder):
                raise TableError(429, "rate_limited", "too many analyses from here; wait a minute")
            fair = request.query_params.get("fair") == "1"
            if request.query_params.get("progress") == "1":
                # told as it goes, one JSON object a line (FinishedMatches.analysis_progress); a client that
                # goes ends the stream, which leaves the computation as a waiter that goes does
                lines = await hub.analysis_progress(
                    request.path_params["table_id"], int(request.path_params["hand"]), fair, holder
                )
                return StreamingResponse(
                    _ndjson(lines),
                    media_type="application/x-ndjson",
                    headers={"cache-control": "no-store"},
                    background=BackgroundTask(lines.aclose),  # also when the client went before the first line
                )
            found = await while_connected(
                request, hub.analysis(request.path_params["table_id"], int(request.path_params["hand"]), fair, holder)
            )
        except TableError as exc:
            return _error(exc.status, exc.code, exc.message)
        except WorkBusy as exc:
            return _busy(exc)
        except ClientGone:
            return Response(status_code=499)  # nobody reads it
        return JSONResponse(found)

    async def record(request: Request) -> Response:
        try:
            if not guard.allow(guard.replays, await owner(request)):
                raise TableError(429, "rate_limited", "too many records from here; wait a minute")
            text, filename = await hub.record(request.path_params["table_id"])
        except TableError as exc:
            return _error(exc.status, exc.code, exc.message)
        return Response(
            text,
            media_type="application/json",
            headers={"content-disposition": f'attachment; filename="{filename}"'},
        )

    routes = [
        Route("/", page),
        Route("/t/{table_id}", page),
        Route("/r/{table_id}", page),
        Route("/rules/{game}", rules),
        Route("/api/health", health),
        Route("/api/games", game_options),
        Route("/games/{game}.js", game_module),
        Route("/api/games/{game}/texts", game_texts),
        Route("/api/tables", list_tables, methods=["GET"]),
        Route("/api/tables", create_table, methods=["POST"]),
        Route("/api/tables/{table_id}", table_info),
        Route("/api/tables/{table_id}/claim", claim, methods=["POST"]),
        Route("/api/tables/{table_id}/rematch", rematch, methods=["POST"]),
        Route("/api/tables/{table_id}/replay/{hand:int}", replay),
        Route("/api/tables/{table_id}/record", record),
        Route("/api/tables/{table_id}/analysis/{hand:int}", analysis),
        *tournaments.routes(),
        *community.routes(page),
        Mount("/static", app=StaticFiles(directory=WEB_DIR), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan, middleware=[Middleware(Front, guard=guard)])
    app.state.hub = hub
    app.state.guard = guard
    app.state.community = community
    return app


async def _ndjson(steps: Following) -> AsyncIterator[bytes]:
    """Each step of an analysis as a line of JSON (:func:`analysis_line`); a failure ends it with an error line."""
    try:
        async for step in steps:
            yield json.dumps(analysis_line(step), separators=(",", ":")).encode() + b"\n"
    except Exception:
        log.exception("a computation followed by a client failed")
        yield b'{"error":{"code":"failed","message":"the analysis failed"}}\n'


def _busy(exc: WorkBusy) -> JSONResponse:
    return JSONResponse(
        {"error": {"code": "busy", "message": exc.message}},
        status_code=503,
        headers={"retry-after": str(exc.retry_after)},
    )


#: Allocations between collections of the youngest generation, and collections between older ones.
GC_THRESHOLD: Final = (1000, 10, 100)


def tune_gc() -> None:
    """Set the garbage collector up for a long-running server.

    Start-up makes many objects that live as long as the server: freeze
    them, so no collection traverses them again. The thresholds keep each
    collection short: ``troef bench server`` with a gc callback measured
    pauses of the youngest generations of up to 60-95 ms with thresholds of
    10 000-50 000, which was most of the p99 latency, and at most about 9 ms
    with these. (With the earlier action path, which made a task and futures
    per message, the default thresholds cost a tenth of the server's time;
    it now allocates far less per action.)
    """
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLD)


def run(
    host: str = "127.0.0.1",
    port: int = 8000,
    db: str | None = None,
    *,
    bot_delay: float = 0.8,
    log_level: str = "info",
    rate_limit: float = RATE,
    limits: Limits | None = None,
    max_tables: int = 1000,
    expire_seconds: float = 180.0,
    max_unjoined: int = 1000,
) -> None:
    """Serve troef with uvicorn until interrupted.

    A SQLite database is locked for the server's life: a second server on the
    same file exits at once with a message saying so.
    """
    import uvicorn
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

    logging.basicConfig(level=getattr(logging, log_level.upper(), logging.INFO), format="%(levelname)s %(message)s")
    logging.getLogger("alembic").setLevel(logging.WARNING)
    db_url = db or default_url()
    try:
        lock = lock_database(db_url)
    except RuntimeError as exc:
        log.error("%s", exc)
        raise SystemExit(2) from None
    limits = limits or Limits()
    # the names the bound address answers to come first; --allowed-host adds more
    limits = replace(limits, allowed_hosts=tuple(dict.fromkeys((*_default_hosts(host), *limits.allowed_hosts))))
    app = create_app(
        db_url,
        bot_delay=bot_delay,
        rate_limit=rate_limit,
        limits=limits,
        max_tables=max_tables,
        expire_seconds=expire_seconds,
        max_unjoined=max_unjoined,
    )
    tune_gc()
    uvicorn.run(
        app,
        host=host,
        port=port,
        http=guarded_http(HttpToolsProtocol),  # connection caps and the header timeout: troef.server.guard
        timeout_keep_alive=max(1, round(limits.idle_timeout)),
        ws=GameSocket,  # the game socket: see troef.server.transport
        # X-Forwarded-For is believed only from the reverse proxies named (uvicorn would trust 127.0.0.1's)
        proxy_headers=bool(limits.trusted_proxies),
        forwarded_allow_ips=list(limits.trusted_proxies) or None,
        log_level=log_level,
        access_log=log_level == "debug",
        # asyncio's own loop, not uvloop: libuv takes in one new connection per pass of the loop, and
        # a pass of a busy server can take tens of milliseconds, so under load new players waited
        # seconds to connect (troef bench server: 150-350 connections in the listen queue, 2-5 s each);
        # asyncio accepts all that are waiting. Per action the two cost the same, within the noise.
        loop="asyncio",
    )
    if lock is not None:
        lock.close()


def _default_hosts(bind: str) -> tuple[str, ...]:
    """The host names a server bound to ``bind`` answers by default: loopback, and the address it is bound to."""
    from troef.server.guard import LOOPBACK_HOSTS

    if bind in ("", "0.0.0.0", "::"):
        return LOOPBACK_HOSTS
    return (*LOOPBACK_HOSTS, bind) if bind not in LOOPBACK_HOSTS else LOOPBACK_HOSTS
