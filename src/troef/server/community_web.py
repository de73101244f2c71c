"""The community's HTTP routes: accounts (passkeys), ratings and leaderboards, profiles, "play now".

=============================================  ==============================================
``GET /api/account``                           the signed-in account (``{"account": null}`` for a guest)
``POST /api/account/register/options``         ``{"name"}``: start signing up (WebAuthn creation options)
``POST /api/account/register``                 ``{"challenge", "credential", "tables"}``: finish; the session
                                               cookie, the recovery codes (shown once), the guest's seats moved
``POST /api/account/login/options``            start signing in (WebAuthn request options)
``POST /api/account/login``                    ``{"challenge", "credential", "tables"}``: finish signing in
``POST /api/account/recover``                  ``{"name", "code"}``: sign in with a one-time recovery code
``POST /api/account/passkeys/options``         start adding a passkey (signed in)
``POST /api/account/passkeys``                 ``{"challenge", "credential", "label"}``: finish adding it
``GET /api/account/passkeys``                  the account's passkeys
``POST /api/account/passkeys/remove``          ``{"id"}``: remove one (never the last)
``POST /api/account/recovery-codes``           new recovery codes (the old ones stop working)
``POST /api/account/tables``                   ``{"tables"}``: move a guest's seats to the account
``GET /api/account/tables``                    the account's seats with their tokens (any device)
``POST /api/account/logout``                   end the sign-in it is sent with; ``/logout-all``: every session
``POST /api/account/privacy``                  ``{"public"}``: the profile public or private
``GET /api/account/export``                    everything stored about the account (JSON download)
``POST /api/account/delete``                   ``{"name"}`` (typed again): delete the account
``GET /api/players/{name}``                    a profile (public ones, or one's own)
``GET /api/players/{name}/history.svg``        ``?game=&family=``: the rating history chart
``GET /api/leaderboard/{game}/{family}``       the leaderboard, computer levels among the people
``GET /api/ratings/levels``                    every computer level's rating per game and family
``POST /api/play-now``                         ``{"game", "preset", "wait", "guest", "name"}``: queue to play now
``POST /api/play-now/{entry}``                 ``{"guest"}``: the entry's status (seated: table, seat, token once);
                                               ``{"cancel": true}``: leave the queue
``GET /api/play-now``                          how many wait, per game and preset
``GET /p/{name}``, ``/leaderboard``            the pages (the browser UI)
=============================================  ==============================================

Signing in and recovery are rate-limited per client (network): a recovery code
cannot be guessed by trying.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any, Final

import sqlalchemy as sa
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from troef.server.accounts import COOKIE, SESSION_DAYS, Account, AccountError, Accounts, neutral_name
from troef.server.accuracy import SAMPLES as ACCURACY_SAMPLES
from troef.server.accuracy import TRIES, accuracy_svg, figures, when_workers_free
from troef.server.accuracy import add as add_sums
from troef.server.accuracy import store as store_accuracy
from troef.server.community import account_seats_table, accounts_table
from troef.server.guard import Guard, RateLimiter, host_name
from troef.server.live import LiveTable, TableError, clean_name, hash_token
from troef.server.matchmaking import (
    TURN_SECONDS,
    Entry,
    Group,
    Matchmaker,
    QueueError,
    account_player,
    arrival_seconds,
)
from troef.server.profiles import profile as profile_of
from troef.server.ratings import (
    apply_match,
    families,
    family,
    history,
    history_svg,
    leaderboard,
    ratings_of,
    seat_players,
    teams_of,
)
from troef.server.tables import Hub

log = logging.getLogger("troef.server")

#: Sign-in, sign-up and recovery attempts a client (network) may make a minute.
SIGN_IN_PER_MINUTE: Final = 30
#: "Play now" requests a minute: per account for a signed-in player, per network for guests (docs/deploy.md).
QUEUE_PER_MINUTE_ACCOUNT: Final = 60
QUEUE_PER_MINUTE_NETWORK: Final = 20

Body = Callable[[Request, Guard], Awaitable[dict[str, Any]]]


def _error(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse({"error": {"code": code, "message": message}}, status_code=status)


def _account_json(account: Account) -> dict[str, Any]:
    return {"id": account.id, "name": account.name, "public": account.public}


def relying_party(request: Request) -> tuple[str, str]:
    """The WebAuthn relying party id (the host name the page was loaded from) and the page's origin.

    The ``Host`` header has passed the guard's check (only the server's own
    names), so a page can only ask for passkeys of a name this server answers to.
    """
    host = request.headers.get("host", "")
    return host_name(host).lower(), f"{request.url.scheme}://{host}".lower()


class CommunityWeb:
    """Accounts, ratings, profiles and "play now" for the web app of ``hub``."""

    def __init__(self, hub: Hub, guard: Guard, body: Body) -> None:
        self.hub = hub
        self.guard = guard
        self.body = body
        self.store = hub.store
        self.accounts = Accounts(hub.store.store.engine)
        # a server whose per-network limit of new tables is off (--create-rate 0: a trusted network, the
        # tests) counts no sign-ins and queue requests either
        limited = guard.limits.create_per_minute > 0
        self.sign_ins = RateLimiter(SIGN_IN_PER_MINUTE if limited else 0)
        self.queue_limits = {
            "account": RateLimiter(QUEUE_PER_MINUTE_ACCOUNT if limited else 0),
            "network": RateLimiter(QUEUE_PER_MINUTE_NETWORK if limited else 0),
        }
        self.matchmaker = Matchmaker(hub.store.store.engine, hub.games)
        hub.finish_listeners.append(self._finished)

    async def start(self) -> None:
        """Serve the "play now" queue (after the hub has started: the database is migrated)."""
        self.hub._spawn(self._serve_queue())

    async def _serve_queue(self) -> None:
        task = self.matchmaker.start(self.store.run, self._make_table)
        await task

    def allowed(self, request: Request, account: Account | None, limits: dict[str, RateLimiter]) -> bool:
        """Whether a request may use a resource now: counted per account where there is one, per network for
        guests (an account's allowance is the larger)."""
        if account is not None:
            return limits["account"].allow(account.player)
        return limits["network"].allow(self.guard.client_key(request.client.host if request.client else None))

    # ------------------------------------------------------------------ helpers
    async def account(self, request: Request) -> Account | None:
        """The account a request's session cookie signs in, or None."""
        cookie = request.cookies.get(COOKIE)
        if not cookie:
            return None
        return await self.store.run(self.accounts.session, cookie)

    async def _signed_in(self, request: Request) -> Account:
        account = await self.account(request)
        if account is None:
            raise AccountError(401, "signed_out", "sign in first")
        return account

    def _limited(self, request: Request) -> None:
        client = self.guard.client_key(request.client.host if request.client else None)
        if not self.sign_ins.allow(client):
            raise AccountError(429, "rate_limited", "too many attempts from here; wait a minute")

    def _with_cookie(self, request: Request, data: dict[str, Any], cookie: str | None) -> Response:
        response = JSONResponse(data)
        if cookie is None:
            response.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax")
        else:
            response.set_cookie(
                COOKIE,
                cookie,
                max_age=SESSION_DAYS * 86400,
                path="/",
                httponly=True,
                samesite="lax",
                secure=request.url.scheme == "https",
            )
        return response

    def _renamed(self, table_id: str, seat: int, token: str | None, name: str) -> None:
        """A seat's new token and name in the live table of this process, if it holds it (and in nothing it
        kept of a finished match; the other processes hear of it through the database: troef.server.cluster)."""
        self.hub.seats_changed(table_id)
        table = self.hub.tables.get(table_id)
        if table is None or not 0 <= seat < len(table.seats):
            return
        if token is not None:
            table.seats[seat].token_hash = hash_token(token)
        table.seats[seat].name = name
        if table.has_connections():
            self.hub._broadcast_presence(table)

    async def rematched(self, old: str, new: str) -> None:
        """A rematch of ``old`` is ``new``: the accounts' seats there are the same accounts' (rated, profiles)."""
        await self.store.run(self.accounts.copy_seats, old, new)

    async def own_seat(self, account: Account | None, table: LiveTable, seat: int) -> str | None:
        """Give a seat just made or taken by a signed-in player to the account: its new token (None for a guest)."""
        if account is None:
            return None
        token = await self.store.run(self.accounts.claim, account, table.id, seat)
        self._renamed(table.id, seat, token, account.name)
        return token

    async def _move(self, account: Account, held: object) -> list[dict[str, Any]]:
        moved = await self.store.run(self.accounts.move_seats, account, held)
        for item in moved:
            self._renamed(item["id"], item["seat"], item["token"], account.name)
        return moved

    async def _serve(self, request: Request, work: Callable[[], Awaitable[Response]]) -> Response:
        try:
            return await work()
        except (AccountError, TableError, QueueError) as exc:
            return _error(exc.status, exc.code, exc.message)

    # ------------------------------------------------------------------ accounts
    async def me(self, request: Request) -> Response:
        account = await self.account(request)
        if account is None:
            return JSONResponse({"account": None})
        codes = await self.store.run(self.accounts.codes_left, account)
        return JSONResponse({"account": _account_json(account) | {"recovery_codes_left": codes}})

    async def register_options(self, request: Request) -> Response:
        async def work() -> Response:
            body = await self.body(request, self.guard)
            self._limited(request)
            rp_id, _ = relying_party(request)
            return JSONResponse(await self.store.run(self.accounts.register_options, body.get("name"), rp_id))

        return await self._serve(request, work)

    async def register(self, request: Request) -> Response:
        async def work() -> Response:
            body = await self.body(request, self.guard)
            self._limited(request)
            rp_id, origin = relying_party(request)
            account, cookie, codes = await self.store.run(
                self.accounts.register, body.get("challenge"), body.get("credential"), rp_id, origin, body.get("label")
            )
            moved = await self._move(account, body.get("tables"))
            data = {"account": _account_json(account), "recovery_codes": codes, "tables": moved}
            return self._with_cookie(request, data, cookie)

        return await self._serve(request, work)

    async def login_options(self, request: Request) -> Response:
        async def work() -> Response:
            await self.body(request, self.guard)
            self._limited(request)
            rp_id, _ = relying_party(request)
            return JSONResponse(await self.store.run(self.accounts.login_options, rp_id))

        return await self._serve(request, work)

    async def login(self, request: Request) -> Response:
        async def work() -> Response:
            body = await self.body(request, self.guard)
            self._limited(request)
            rp_id, origin = relying_party(request)
            account, cookie = await self.store.run(
                self.accounts.login, body.get("challenge"), body.get("credential"), rp_id, origin
            )
            moved = await self._move(account, body.get("tables"))
            return self._with_cookie(request, {"account": _account_json(account), "tables": moved}, cookie)

        return await self._serve(request, work)

    async def recover(self, request: Request) -> Response:
        async def work() -> Response:
            body = await self.body(request, self.guard)
            self._limited(request)
            account, cookie = await self.store.run(self.accounts.recover, body.get("name"), body.get("code"))
            return self._with_cookie(request, {"account": _account_json(account)}, cookie)

        return await self._serve(request, work)

    async def add_options(self, request: Request) -> Response:
        async def work() -> Response:
            await self.body(request, self.guard)
            account = await self._signed_in(request)
            rp_id, _ = relying_party(request)
            return JSONResponse(await self.store.run(self.accounts.add_options, account, rp_id))

        return await self._serve(request, work)

    async def add_passkey(self, request: Request) -> Response:
        async def work() -> Response:
            body = await self.body(request, self.guard)
            account = await self._signed_in(request)
            rp_id, origin = relying_party(request)
            await self.store.run(
                self.accounts.add_passkey,
                account,
                body.get("challenge"),
                body.get("credential"),
                rp_id,
                origin,
                body.get("label"),
            )
            return JSONResponse({"passkeys": await self.store.run(self.accounts.passkeys, account)})

        return await self._serve(request, work)

    async def passkeys(self, request: Request) -> Response:
        async def work() -> Response:
            account = await self._signed_in(request)
            return JSONResponse({"passkeys": await self.store.run(self.accounts.passkeys, account)})

        return await self._serve(request, work)

    async def remove_passkey(self, request: Request) -> Response:
        async def work() -> Response:
            body = await self.body(request, self.guard)
            account = await self._signed_in(request)
            await self.store.run(self.accounts.remove_passkey, account, body.get("id"))
            return JSONResponse({"passkeys": await self.store.run(self.accounts.passkeys, account)})

        return await self._serve(request, work)

    async def recovery_codes(self, request: Request) -> Response:
        async def work() -> Response:
            await self.body(request, self.guard)
            account = await self._signed_in(request)
            return JSONResponse({"recovery_codes": await self.store.run(self.accounts.new_codes, account)})

        return await self._serve(request, work)

    async def move_tables(self, request: Request) -> Response:
        async def work() -> Response:
            body = await self.body(request, self.guard)
            account = await self._signed_in(request)
            return JSONResponse({"tables": await self._move(account, body.get("tables"))})

        return await self._serve(request, work)

    async def my_tables(self, request: Request) -> Response:
        async def work() -> Response:
            account = await self._signed_in(request)
            return JSONResponse({"tables": await self.store.run(self.accounts.tables, account)})

        return await self._serve(request, work)

    async def logout(self, request: Request) -> Response:
        async def work() -> Response:
            await self.body(request, self.guard)
            await self.store.run(self.accounts.sign_out, request.cookies.get(COOKIE))
            self.guard.forget_sessions(cookie=request.cookies.get(COOKIE))
            return self._with_cookie(request, {"ok": True}, None)

        return await self._serve(request, work)

    async def logout_all(self, request: Request) -> Response:
        async def work() -> Response:
            await self.body(request, self.guard)
            account = await self._signed_in(request)
            ended = await self.store.run(self.accounts.sign_out_everywhere, account.id)
            self.guard.forget_sessions(account=account.id)
            return self._with_cookie(request, {"ok": True, "sessions": ended}, None)

        return await self._serve(request, work)

    async def privacy(self, request: Request) -> Response:
        async def work() -> Response:
            body = await self.body(request, self.guard)
            account = await self._signed_in(request)
            account = await self.store.run(self.accounts.set_public, account, body.get("public"))
            return JSONResponse({"account": _account_json(account)})

        return await self._serve(request, work)

    async def export(self, request: Request) -> Response:
        async def work() -> Response:
            account = await self._signed_in(request)
            data = await self.store.run(self.accounts.export, account)
            response = JSONResponse(data)
            response.headers["content-disposition"] = 'attachment; filename="troef-account.json"'
            return response

        return await self._serve(request, work)

    async def delete(self, request: Request) -> Response:
        async def work() -> Response:
            body = await self.body(request, self.guard)
            account = await self._signed_in(request)
            if body.get("name") != account.name:
                raise AccountError(400, "confirm_name", "type the account's name to delete it")
            seats = await self.store.run(self.accounts.delete, account)
            self.guard.forget_sessions(account=account.id)
            for table_id, seat in seats:
                self._renamed(table_id, seat, None, neutral_name(seat))
            return self._with_cookie(request, {"deleted": True}, None)

        return await self._serve(request, work)

    # ------------------------------------------------------------------ play now
    async def _make_table(self, group: Group) -> tuple[str, dict[int, str]]:
        seats: list[dict[str, Any]] = [
            {"kind": "human", "name": s.name} if isinstance(s, Entry) else {"kind": "bot", "level": s}
            for s in group.seats
        ]
        body = {
            "game": group.game,
            "config": {"preset": group.preset, "players": len(seats)},
            "seats": seats,
            "turn_seconds": TURN_SECONDS,
        }
        table, tokens = await self.hub.create_table(body)
        for seat, entry in enumerate(group.seats):
            if isinstance(entry, Entry) and entry.player.startswith("a:"):
                account = Account(entry.player[2:], entry.name, True)
                tokens[seat] = await self.own_seat(account, table, seat) or tokens[seat]
        self.hub.await_people(table, arrival_seconds(group))
        return table.id, tokens

    async def play_now(self, request: Request) -> Response:
        async def work() -> Response:
            body = await self.body(request, self.guard)
            account = await self.account(request)
            if not self.allowed(request, account, self.queue_limits):
                raise QueueError(429, "rate_limited", "too many requests to play from here; wait a minute")
            player = account_player(account, body.get("guest"))
            name = account.name if account is not None else clean_name(body.get("name"), "guest")
            entry = await self.store.run(
                self.matchmaker.enqueue, player, name, body.get("game"), body.get("preset"), body.get("wait")
            )
            return JSONResponse(entry)

        return await self._serve(request, work)

    async def play_now_status(self, request: Request) -> Response:
        async def work() -> Response:
            body = await self.body(request, self.guard)
            player = account_player(await self.account(request), body.get("guest"))
            entry = request.path_params["entry"]
            if body.get("cancel") is True:
                return JSONResponse(await self.store.run(self.matchmaker.cancel, entry, player))
            return JSONResponse(await self.store.run(self.matchmaker.status, entry, player))

        return await self._serve(request, work)

    async def queue_counts(self, _request: Request) -> Response:
        return JSONResponse({"waiting": await self.store.run(self.matchmaker.waiting_counts)})

    async def describe_open(self, tables: list[dict[str, Any]]) -> None:
        """Add to each open table of the lobby its free seats, its rules family and the ratings of who sits there."""
        ids = [t["id"] for t in tables]
        for t in tables:
            t["free"] = sum(1 for s in t["seats"] if s.get("open"))
            t["family"] = family(t["game"], str(t["config"].get("preset")))
        if not ids:
            return

        def read() -> dict[tuple[str, int], dict[str, Any]]:
            with self.accounts.engine.connect() as conn:
                owners = conn.execute(
                    sa.select(
                        account_seats_table.c.table_id, account_seats_table.c.seat, account_seats_table.c.account_id
                    ).where(account_seats_table.c.table_id.in_(ids))
                ).all()
                out: dict[tuple[str, int], dict[str, Any]] = {}
                by_id = {t["id"]: t for t in tables}
                for table_id, seat, account_id in owners:
                    t = by_id[table_id]
                    found = ratings_of(conn, [f"a:{account_id}"], t["game"], t["family"])
                    if found:
                        out[(table_id, seat)] = next(iter(found.values()))
                return out

        found = await self.store.run(read)
        for t in tables:
            for s in t["seats"]:
                rating = found.get((t["id"], s["seat"]))
                if rating is not None:
                    s["rating"] = rating

    # ------------------------------------------------------------------ ratings and profiles
    def _finished(self, table: LiveTable) -> None:
        """A match has ended: rate it if every person at it has an account (in the background)."""
        if table.practice:
            return
        self.hub._spawn(self._rate(table))

    async def _rate(self, table: LiveTable) -> None:
        preset = str(table.config.get("preset"))
        fam = family(table.game.name, preset)
        seats = [(s.seat, s.kind, s.level) for s in table.seats]
        core = table.game.game  # the game behind its server adapter (troef.core.game.Game)
        teams = teams_of(len(table.seats), bool(core.partnerships))
        try:
            scores = core.scores(table.match)
        except Exception:
            log.exception("the scores of table %s could not be read for its rating", table.id)
            return
        left = frozenset(table.standins)

        def rate() -> Any:
            with self.accounts.engine.begin() as conn:
                players = seat_players(conn, table.id, seats)
                if players is None or all(p.startswith("bot:") for p in players):
                    return None
                return apply_match(conn, table.id, table.game.name, fam, players, teams, scores, left)

        try:
            rated = await self.store.run(rate)
        except Exception:
            log.exception("rating table %s failed", table.id)
            return
        if rated:  # this process rated it: it has the match's accuracy made too
            # a seat a computer player held at the end is not judged: its decisions are partly the computer's
            owners = {r.seat: r.player[2:] for r in rated if r.player.startswith("a:") and not r.left}
            if owners:
                self.hub._spawn(self._accuracy(table.id, table.game.name, fam, owners))

    async def _accuracy(self, table_id: str, game: str, fam: str, owners: dict[int, str]) -> None:
        """Analyse a rated match's account seats in the workers, a deal at a time when they are free, and keep
        the figures (:mod:`troef.server.accuracy`)."""
        from troef.server.workers import WorkBusy, accuracy_job

        work = self.hub.work
        sums: dict[int, dict[str, Any]] = {}
        unit = ""
        try:
            row = await self.hub._finished_row(table_id, "analysis")
            deal, deals, refused = 0, 1, 0
            while deal < deals:
                await when_workers_free(work.waiting, work.running, work.workers)
                try:
                    args = (game, row, sorted(owners), ACCURACY_SAMPLES, deal)
                    found = await work.run(("accuracy", table_id, deal), None, accuracy_job, *args, keep=False)
                except WorkBusy:
                    refused += 1
                    if refused >= TRIES:
                        log.warning("the accuracy of table %s was not made: the workers stayed busy", table_id)
                        return
                    continue
                if found is None:
                    return
                deals, unit, by_seat = found
                add_sums(sums, by_seat)
                deal += 1
            by_seat_figures = {seat: figures(found_sums, unit) for seat, found_sums in sums.items()}

            def write() -> int:
                with self.accounts.engine.begin() as conn:
                    # an account deleted meanwhile has no seat any more: nothing of it is written
                    ids = list(owners.values())
                    present = set(
                        conn.execute(sa.select(accounts_table.c.id).where(accounts_table.c.id.in_(ids))).scalars()
                    )
                    mine = {seat: a for seat, a in owners.items() if a in present}
                    return store_accuracy(conn, table_id, game, fam, mine, by_seat_figures)

            await self.store.run(write)
        except Exception:
            log.exception("the accuracy of table %s could not be made", table_id)

    async def profile(self, request: Request) -> Response:
        async def work() -> Response:
            me = await self.account(request)
            name = request.path_params["name"]

            def read() -> dict[str, Any] | None:
                with self.accounts.engine.connect() as conn:
                    row = conn.execute(sa.select(accounts_table).where(accounts_table.c.name == name)).first()
                    if row is None or (not row.public and (me is None or me.id != row.id)):
                        return None
                    return profile_of(conn, row)

            data = await self.store.run(read)
            if data is None:
                return _error(404, "unknown_player", "no such player, or the profile is private")
            return JSONResponse(data)

        return await self._serve(request, work)

    async def history_chart(self, request: Request) -> Response:
        name = request.path_params["name"]
        game = request.query_params.get("game", "")
        fam = request.query_params.get("family", "")
        me = await self.account(request)

        def read() -> list[float] | None:
            with self.accounts.engine.connect() as conn:
                row = conn.execute(sa.select(accounts_table).where(accounts_table.c.name == name)).first()
                if row is None or (not row.public and (me is None or me.id != row.id)):
                    return None
                return [h["mu"] for h in history(conn, f"a:{row.id}", game, fam)]

        points = await self.store.run(read)
        if points is None:
            return _error(404, "unknown_player", "no such player, or the profile is private")
        return Response(history_svg(points), media_type="image/svg+xml")

    async def accuracy_chart(self, request: Request) -> Response:
        name = request.path_params["name"]
        game = request.query_params.get("game", "")
        fam = request.query_params.get("family", "")
        me = await self.account(request)

        def read() -> str | None:
            with self.accounts.engine.connect() as conn:
                row = conn.execute(sa.select(accounts_table).where(accounts_table.c.name == name)).first()
                if row is None or (not row.public and (me is None or me.id != row.id)):
                    return None
                return accuracy_svg(conn, row.id, game, fam)

        svg = await self.store.run(read)
        if svg is None:
            return _error(404, "unknown_player", "no such player, or the profile is private")
        return Response(svg, media_type="image/svg+xml")

    async def leaderboard(self, request: Request) -> Response:
        game, fam = request.path_params["game"], request.path_params["family"]
        served = self.hub.games.get(game)
        if served is None:
            return _error(404, "unknown_game", "no such game")

        def read() -> list[dict[str, Any]]:
            with self.accounts.engine.connect() as conn:
                return leaderboard(conn, game, fam)

        return JSONResponse({"game": game, "family": fam, "players": await self.store.run(read)})

    async def levels(self, _request: Request) -> Response:
        """Every computer level's rating in every game and family (the lobby's "strong ≈ 1650")."""

        def read() -> dict[str, Any]:
            out: dict[str, Any] = {}
            with self.accounts.engine.connect() as conn:
                for name, served in self.hub.games.items():
                    presets = list(served.options().get("presets", {}))
                    for fam in families(name, presets):
                        board = [e for e in leaderboard(conn, name, fam, 10_000) if e["bot"]]
                        out.setdefault(name, {})[fam] = {e["name"]: e for e in board}
            return out

        return JSONResponse({"levels": await self.store.run(read), "families": self._families()})

    def _families(self) -> dict[str, dict[str, str]]:
        return {
            name: {p: family(name, p) for p in served.options().get("presets", {})}
            for name, served in self.hub.games.items()
        }

    def routes(self, page: Callable[[Request], Response]) -> list[Route]:
        """The routes to add to the web app (``page`` serves the browser UI)."""
        post = ["POST"]
        return [
            Route("/p/{name}", page),
            Route("/leaderboard", page),
            Route("/account", page),
            Route("/api/account", self.me),
            Route("/api/account/register/options", self.register_options, methods=post),
            Route("/api/account/register", self.register, methods=post),
            Route("/api/account/login/options", self.login_options, methods=post),
            Route("/api/account/login", self.login, methods=post),
            Route("/api/account/recover", self.recover, methods=post),
            Route("/api/account/passkeys/options", self.add_options, methods=post),
            Route("/api/account/passkeys", self.add_passkey, methods=post),
            Route("/api/account/passkeys", self.passkeys, methods=["GET"]),
            Route("/api/account/passkeys/remove", self.remove_passkey, methods=post),
            Route("/api/account/recovery-codes", self.recovery_codes, methods=post),
            Route("/api/account/tables", self.move_tables, methods=post),
            Route("/api/account/tables", self.my_tables, methods=["GET"]),
            Route("/api/account/logout", self.logout, methods=post),
            Route("/api/account/logout-all", self.logout_all, methods=post),
            Route("/api/account/privacy", self.privacy, methods=post),
            Route("/api/account/export", self.export),
            Route("/api/account/delete", self.delete, methods=post),
            Route("/api/players/{name}", self.profile),
            Route("/api/players/{name}/history.svg", self.history_chart),
            Route("/api/players/{name}/accuracy.svg", self.accuracy_chart),
            Route("/api/leaderboard/{game}/{family}", self.leaderboard),
            Route("/api/ratings/levels", self.levels),
            Route("/api/play-now", self.play_now, methods=post),
            Route("/api/play-now", self.queue_counts, methods=["GET"]),
            Route("/api/play-now/{entry}", self.play_now_status, methods=post),
        ]
