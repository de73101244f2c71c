"""The web app's tournament routes: the organiser's API behind the secret link, the public page, print pages.

================================================  =========================================================
``GET /toernooi``                                 the page to create a tournament
``GET /toernooi/{id}``                            the public page (table list, standings, final; live)
``GET /toernooi/{id}/beheer``                     the organiser's page (the token is in the link's ``#o=``)
``GET /toernooi/{id}/print/{tables|large|forms}`` print pages of a round (``?round=``, ``?lang=``)
``GET /toernooi/{id}/print/standings``            the standings to print
``POST /api/tournaments``                         create one: returns the organiser token, once
``GET /api/tournaments/{id}``                     public JSON (``?since=version`` answers ``unchanged``)
``GET /api/tournaments/{id}/export/{what}.csv``   standings or results as CSV (corrections: organiser)
``POST /api/tournaments/{id}/{action}``           organiser actions (header ``x-troef-organiser``):
                                                  ``players``, ``withdraw``, ``draw``, ``result``, ``online``,
                                                  ``state`` (the organiser's JSON, with the correction log)
================================================  =========================================================

The organiser's token travels only in a request header (the page keeps it
from the link's fragment, which browsers never send), is compared with the
stored digest in constant time, and appears in no public answer.

Online games: :meth:`TournamentWeb.open_online` opens a server table per
table of the round through the :class:`~troef.server.tables.Hub` (seats by
invite link, or a computer player for a player the organiser marks absent)
and the result goes in when the match ends (the hub's finish listeners).
The tables of one opening are made all or none: they count against the
owner of the request that opens them (its network,
:meth:`troef.server.guard.Guard.owner_of`), and an opening that would take
that owner past its allowance, or the server past its tables in play, makes
none (:meth:`~troef.server.tables.Hub.check_room`). Openings run one at a
time, and a game is never opened twice: two live tables never share a deal.
Creating tournaments is rate-limited per owner (``--tournament-rate``).
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Final, TypeVar

from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from troef.server.guard import Guard
from troef.server.tables import Hub, LiveTable, TableError
from troef.tournament import pages
from troef.tournament.draw import deal_commitment, deal_secret, deal_seed
from troef.tournament.export import corrections_csv, read_names, results_csv, standings_csv
from troef.tournament.model import Tournament, TournamentError, clean_name, fmt_points
from troef.tournament.store import TournamentStore

log = logging.getLogger("troef.server")

T = TypeVar("T")

WEB_DIR: Final = Path(__file__).resolve().parent.parent / "web"

#: The header that carries the organiser's token.
ORGANISER_HEADER: Final = "x-troef-organiser"

#: Largest organiser request (a pasted list of a few hundred names fits).
MAX_BODY: Final = 65536


def public_json(t: Tournament) -> dict[str, Any]:
    """What anybody may see of a tournament: no token, no invite link."""
    rounds = []
    corrected = {(c.round, c.table, c.game) for c in t.corrections}
    for rnd in t.drawn:
        tables = []
        for i, table in enumerate(rnd.tables, start=1):
            games = []
            for g in range(1, t.games_per_round + 1):
                result = t.results.get((rnd.number, i, g))
                online = rnd.online.get(f"{i}/{g}")
                secret = rnd.deals.get(f"{i}/{g}")
                # the deal's secret is shown once nothing can be dealt from it any more: the result is in,
                # and, for a game opened online, it is the online table's own (that table has ended)
                # (a game opened online gets its first result from its online table, Tournament.enter_result;
                # a correction comes after that one)
                revealed = result is not None and (
                    online is None or result.source == "online" or (rnd.number, i, g) in corrected
                )
                games.append(
                    {
                        "game": g,
                        "points": list(result.points) if result else None,
                        "source": result.source if result else None,
                        "watch": f"/t/{online}" if online else None,
                        "deal_commitment": deal_commitment(secret) if secret else None,
                        "deal_secret": secret if secret and revealed else None,
                    }
                )
            tables.append({"table": i, "players": list(table), "games": games})
        byes = {
            str(g): fmt_points(share)
            for g in range(1, t.games_per_round + 1)
            if rnd.byes and (share := t.bye_points(rnd.number, g)) is not None
        }
        rounds.append(
            {
                "round": rnd.number,
                "final": rnd.final,
                "tables": tables,
                "byes": list(rnd.byes),
                "bye_points": byes,
                "complete": t.round_complete(rnd),
            }
        )
    final = t.final_standings()
    champion = t.champion()
    return {
        "id": t.id,
        "name": t.name,
        "date": t.date,
        "place": t.place,
        "game": t.game,
        "ruleset": t.ruleset,
        "rounds": t.rounds,
        "games_per_round": t.games_per_round,
        "final": t.final,
        "seed": t.seed,
        "avoid_repeats": t.avoid_repeats,
        "table_size": t.scoring.table_size,
        "place_values": list(t.scoring.place_values),
        "order_words": list(t.scoring.order_words),
        "players": [
            {"number": p.number, "name": p.name, "active": p.active, "joined": p.joined} for p in t.players.values()
        ],
        "drawn": rounds,
        "standings": [s.to_json() for s in t.standings()],
        "final_standings": [s.to_json() for s in final] if final is not None else None,
        "champion": champion.name if champion else None,
    }


def organiser_json(t: Tournament) -> dict[str, Any]:
    """The public JSON with the correction log."""
    data = public_json(t)
    data["corrections"] = [
        {
            "round": c.round,
            "table": c.table,
            "game": c.game,
            "old": list(c.old),
            "new": list(c.new),
            "source": c.source,
            "note": c.note,
            "at": c.at.isoformat(),
        }
        for c in t.corrections
    ]
    return data


def _error(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse({"error": {"code": code, "message": message}}, status_code=status)


async def _body(request: Request) -> dict[str, Any]:
    size = 0
    chunks = []
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            raise TournamentError(f"the request body may be at most {MAX_BODY} bytes", "too_large")
        chunks.append(chunk)
    try:
        data = json.loads(b"".join(chunks) or b"{}")
    except (ValueError, RecursionError):  # also a number of more digits than int() takes (4,300)
        raise TournamentError("the request body is not valid JSON", "bad_json") from None
    if not isinstance(data, dict):
        raise TournamentError("the request body must be a JSON object", "bad_json")
    return data


def _int(body: Mapping[str, Any], key: str) -> int:
    value = body.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise TournamentError(f"'{key}' must be a whole number", "bad_request")
    return value


def _optional_text(body: Mapping[str, Any], key: str, limit: int) -> str:
    value = body.get(key)
    if value is None or value == "":
        return ""
    text = clean_name(value, key)
    if len(text) > limit:
        raise TournamentError(f"the {key} may be at most {limit} characters", "bad_name")
    return text


_STATUS: Final = {
    "unknown_tournament": 404,
    "owner_full": 429,
    "server_busy": 503,
    "online_in_play": 409,
    "too_large": 413,
    "round_open": 409,
    "rounds_done": 409,
    "final_drawn": 409,
    "closed": 409,
    "duplicate": 409,
    "withdrawn": 409,
}


class TournamentWeb:
    """The tournament routes of one web app, on its database and hub."""

    def __init__(self, db_url: str, hub: Hub, guard: Guard | None = None) -> None:
        self.db_url = db_url
        self.hub = hub
        self.guard = guard or Guard()
        #: Openings of online games run one at a time (a game's table is made once, from its one secret).
        self._opening = asyncio.Lock()
        self._store: TournamentStore | None = None
        # one tournament change at a time: load, check, save never interleave
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="troef-tournament")
        #: Online tables still playing: server table id -> tournament id.
        self.watching: dict[str, str] = {}
        self._tasks: set[asyncio.Task[int]] = set()
        hub.finish_listeners.append(self._table_finished)

    @property
    def store(self) -> TournamentStore:
        """The store (made on first use: the hub migrates the database at start)."""
        if self._store is None:
            self._store = TournamentStore(self.db_url, create=False)
        return self._store

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` on the tournament thread."""
        return await asyncio.get_running_loop().run_in_executor(self._executor, fn, *args)

    async def start(self) -> None:
        """After the hub started: take in the results of online games that ended while the server was down."""
        ids = await self.run(lambda: [i for i, _, _ in self.store.list_ids()])
        for tid in ids:
            await self.sync_online(tid)

    def close(self) -> None:
        """Release the database and the thread."""
        self._executor.shutdown(wait=True)
        if self._store is not None:
            self._store.close()

    # ------------------------------------------------------------------ online games
    async def open_online(self, tid: str, body: Mapping[str, Any], owner: str | None = None) -> dict[str, Any]:
        """Open a server table for every table of a round's game; returns the invite links (given out once).

        All or none: the tables count against ``owner`` and, from the start, as in play; if they do not
        all fit, none is made (``owner_full`` or ``server_busy``).
        """
        async with self._opening:
            return await self._open_online(tid, body, owner)

    async def _open_online(self, tid: str, body: Mapping[str, Any], owner: str | None) -> dict[str, Any]:
        round_no, game = _int(body, "round"), _int(body, "game")
        raw_absent = body.get("absent", [])
        if raw_absent != "all" and (
            not isinstance(raw_absent, list)
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in raw_absent)
        ):
            raise TournamentError("'absent' must be a list of start numbers, or \"all\"", "bad_request")
        t = await self.run(self.store.load, tid)
        if t is None:
            raise TournamentError("no such tournament", "unknown_tournament")
        level = body.get("level", "heuristic")
        levels = self.hub.games[t.scoring.game].bot_levels()
        if level not in levels:
            raise TournamentError(f"the computer player's level must be one of {', '.join(levels)}", "bad_request")
        rnd = t.round(round_no)
        if not 1 <= game <= t.games_per_round:
            raise TournamentError(f"a round has games 1 to {t.games_per_round}", "bad_game_no")
        absent = set(p for table in rnd.tables for p in table) if raw_absent == "all" else set(raw_absent)
        opened: dict[str, str] = {}
        secrets_drawn: dict[str, str] = {}
        invites: list[dict[str, Any]] = []
        # opened already, or played on paper: skipped
        todo = [
            (i, table)
            for i, table in enumerate(rnd.tables, start=1)
            if f"{i}/{game}" not in rnd.online and (round_no, i, game) not in t.results
        ]
        try:
            self.hub.check_room(owner, len(todo), reserved=True)  # all or none
        except TableError as exc:
            raise TournamentError(f"{len(todo)} tables cannot be opened: {exc.message}", exc.code) from None

        def remember(t: Tournament) -> None:
            rnd = t.round(round_no)
            rnd.online.update(opened)
            for key, secret in secrets_drawn.items():
                rnd.deals.setdefault(key, secret)

        try:
            await self._make_tables(tid, t, rnd, todo, game, absent, level, owner, opened, secrets_drawn, invites)
        finally:  # what was made is remembered even if a later table failed: opening again skips it
            if opened:
                await self.run(self.store.change, tid, remember)
        await self.sync_online(tid)  # a table of computer players only may be over already
        return {"round": round_no, "game": game, "tables": invites}

    async def _make_tables(
        self,
        tid: str,
        t: Tournament,
        rnd: Any,
        todo: list[tuple[int, tuple[int, ...]]],
        game: int,
        absent: set[int],
        level: Any,
        owner: str | None,
        opened: dict[str, str],
        secrets_drawn: dict[str, str],
        invites: list[dict[str, Any]],
    ) -> None:
        for i, table in todo:
            key = f"{i}/{game}"
            seats = [
                {"kind": "bot", "level": level, "name": t.players[p].name}
                if p in absent
                else {"kind": "human", "name": t.players[p].name}
                for p in table
            ]
            request = {"game": t.scoring.game, "config": t.scoring.match_config(), "seats": seats}
            secret = rnd.deals.get(key)
            if secret is None:  # a round drawn before deals had secrets
                secret = secrets_drawn[key] = deal_secret()
            try:
                # dealt from the game's secret, never from the public tournament seed
                live, tokens = await self.hub.create_table(request, seed=deal_seed(secret), reserved=True, holder=owner)
            except TableError as exc:
                raise TournamentError(f"table {i}: {exc.message}", "online_failed") from None
            opened[key] = live.id
            self.watching[live.id] = tid
            invites.append(
                {
                    "table": i,
                    "id": live.id,
                    "watch": f"/t/{live.id}",
                    "seats": [
                        {
                            "number": p,
                            "name": t.players[p].name,
                            "link": f"/t/{live.id}#t={tokens[s]}" if s in tokens else None,
                        }
                        for s, p in enumerate(table)
                    ],
                }
            )

    def _table_finished(self, table: LiveTable) -> None:
        tid = self.watching.pop(table.id, None)
        if tid is not None:
            task = asyncio.get_running_loop().create_task(self.sync_online(tid))
            self._tasks.add(task)  # keep a reference until it is done
            task.add_done_callback(self._tasks.discard)

    async def sync_online(self, tid: str) -> int:
        """Enter the result of every finished online game of a tournament that has none yet; how many went in."""
        t = await self.run(self.store.load, tid)
        if t is None:
            return 0
        done: dict[tuple[int, int, int], list[int]] = {}
        for rnd in t.drawn:
            for key, table_id in rnd.online.items():
                table_no, game = map(int, key.split("/"))
                if (rnd.number, table_no, game) in t.results:
                    continue
                row = await self.hub.store.run(self.hub.store.store.load, table_id)
                if row is None or row.finished_at is None or row.result is None:
                    self.watching[table_id] = tid
                    continue
                done[(rnd.number, table_no, game)] = t.scoring.points_from_result(row.result)
        if not done:
            return 0

        def enter(t: Tournament) -> None:
            for (r, table_no, game), points in done.items():
                if (r, table_no, game) not in t.results:
                    t.enter_result(r, table_no, game, points=points, source="online")

        try:
            await self.run(self.store.change, tid, enter)
        except TournamentError as exc:
            log.error("tournament %s: an online result was refused: %s", tid, exc.message)
            return 0
        return len(done)

    # ------------------------------------------------------------------ routes
    def routes(self) -> list[Route]:
        """The routes to add to the web app."""
        return [
            Route("/toernooi", self.page),
            Route("/toernooi/{tid}", self.page),
            Route("/toernooi/{tid}/beheer", self.page),
            Route("/toernooi/{tid}/print/{kind}", self.print_page),
            Route("/api/tournaments", self.create, methods=["POST"]),
            Route("/api/tournaments/{tid}", self.public),
            Route("/api/tournaments/{tid}/export/{what}", self.export),
            Route("/api/tournaments/{tid}/{action}", self.organiser, methods=["POST"]),
        ]

    async def page(self, _request: Request) -> Response:
        return FileResponse(WEB_DIR / "tournament.html", headers={"cache-control": "no-cache"})

    async def create(self, request: Request) -> Response:
        owner = self.guard.owner_of(request.client.host if request.client else None)
        if not self.guard.tournaments.allow(owner):
            return _error(429, "rate_limited", "too many new tournaments from here; wait a minute")
        try:
            body = await _body(request)
            seed = body.get("seed")
            if seed is None or seed == "":
                seed = secrets.randbits(48)
            t = Tournament(
                id=secrets.token_urlsafe(8),
                name=clean_name(body.get("name"), "tournament name"),
                date=_optional_text(body, "date", 32),
                place=_optional_text(body, "place", 64),
                rounds=_int({"rounds": 5} | body, "rounds"),
                games_per_round=_int({"games_per_round": 2} | body, "games_per_round"),
                final=body.get("final", True) is not False,
                seed=_int(body | {"seed": seed}, "seed"),
                avoid_repeats=body.get("avoid_repeats", True) is not False,
            )
        except TournamentError as exc:
            return _error(400, exc.code, exc.message)
        token = await self.run(self.store.create, t)
        return JSONResponse(
            {
                "id": t.id,
                "token": token,
                "organiser": f"/toernooi/{t.id}/beheer#o={token}",
                "public": f"/toernooi/{t.id}",
            }
        )

    async def public(self, request: Request) -> Response:
        tid = request.path_params["tid"]
        since = request.query_params.get("since")
        if since is not None:
            version = await self.run(self.store.version, tid)
            if version is not None and str(version) == since:
                return JSONResponse({"unchanged": True, "version": version})
        text = await self.run(self._encoded, tid, public_json, {})
        if text is None:
            return _error(404, "unknown_tournament", "no such tournament")
        return Response(text, media_type="application/json", headers={"cache-control": "no-cache"})

    def _load_versioned(self, tid: str) -> tuple[Tournament | None, int | None]:
        return self.store.load(tid), self.store.version(tid)

    def _encoded(self, tid: str, view: Callable[[Tournament], dict[str, Any]], around: dict[str, Any]) -> bytes | None:
        """``view`` of the tournament with its version (inside ``around``'s ``tournament``, if it has any keys),
        encoded: run on the tournament thread, as a large tournament's JSON is work the event loop should not do."""
        t, version = self._load_versioned(tid)
        if t is None:
            return None
        data = view(t) | {"version": version}
        return json.dumps(
            around | {"tournament": data} if around else data, ensure_ascii=False, separators=(",", ":")
        ).encode()

    async def _is_organiser(self, request: Request, tid: str) -> bool:
        token = request.headers.get(ORGANISER_HEADER, "")
        return await self.run(self.store.is_organiser, tid, token)

    async def export(self, request: Request) -> Response:
        tid, what = request.path_params["tid"], request.path_params["what"]
        makers = {"standings.csv": standings_csv, "results.csv": results_csv, "corrections.csv": corrections_csv}
        if what not in makers:
            return _error(404, "unknown_export", "export standings.csv, results.csv or corrections.csv")
        if what == "corrections.csv" and not await self._is_organiser(request, tid):
            return _error(403, "not_organiser", "only the organiser's link may do this")
        t = await self.run(self.store.load, tid)
        if t is None:
            return _error(404, "unknown_tournament", "no such tournament")
        return Response(
            makers[what](t),
            media_type="text/csv; charset=utf-8",
            headers={"content-disposition": f'attachment; filename="{t.id}-{what}"'},
        )

    async def print_page(self, request: Request) -> Response:
        tid, kind = request.path_params["tid"], request.path_params["kind"]
        lang = request.query_params.get("lang", "nl")
        t = await self.run(self.store.load, tid)
        if t is None:
            return _error(404, "unknown_tournament", "no such tournament")
        if kind == "standings":
            return HTMLResponse(pages.standings_page(t, lang))
        try:
            number = int(request.query_params.get("round", str(len(t.drawn))))
            rnd = t.round(number)
        except (ValueError, TournamentError):
            return _error(404, "unknown_round", pages.texts(lang)["not_drawn"])
        if kind == "tables":
            return HTMLResponse(pages.table_list(t, rnd, lang))
        if kind == "large":
            return HTMLResponse(pages.table_list(t, rnd, lang, large=True))
        if kind == "forms":
            return HTMLResponse(pages.score_forms(t, rnd, lang))
        return _error(404, "unknown_page", "print tables, large, forms or standings")

    async def organiser(self, request: Request) -> Response:
        tid, action = request.path_params["tid"], request.path_params["action"]
        if not await self._is_organiser(request, tid):
            return _error(403, "not_organiser", "only the organiser's link may do this")
        try:
            body = await _body(request)
            if action == "online":
                owner = self.guard.owner_of(request.client.host if request.client else None)
                return JSONResponse(await self.open_online(tid, body, owner))
            if action == "state":  # a read: no change, no new version
                text = await self.run(self._encoded, tid, organiser_json, {"ok": True})
                if text is None:
                    raise TournamentError("no such tournament", "unknown_tournament")
                return Response(text, media_type="application/json")
            change = self._change_for(action, body)
            if change is None:
                return _error(404, "unknown_action", f"no organiser action {action!r}")
            answer = await self.run(self.store.change, tid, change)
        except TournamentError as exc:
            return _error(_STATUS.get(exc.code, 400), exc.code, exc.message)
        text = await self.run(self._encoded, tid, organiser_json, {"ok": True, "answer": answer})
        assert text is not None
        return Response(text, media_type="application/json")

    def _change_for(self, action: str, body: Mapping[str, Any]) -> Callable[[Tournament], Any] | None:
        if action == "players":
            names = body.get("names")
            if isinstance(body.get("text"), str):
                names = read_names(body["text"])
            if not isinstance(names, list):
                raise TournamentError("give 'names' (a list) or 'text' (one name a line, or CSV)", "bad_request")
            return lambda t: [p.number for p in t.add_players(names)]
        if action == "withdraw":
            number = _int(body, "number")
            return lambda t: t.withdraw(number).number
        if action == "draw":
            final = body.get("final") is True
            return lambda t: (t.draw_final() if final else t.draw_round()).number
        if action == "result":
            r, table, game = _int(body, "round"), _int(body, "table"), _int(body, "game")
            points, order = body.get("points"), body.get("order")
            for value in (points, order):
                if value is not None and not isinstance(value, list):
                    raise TournamentError("'points' and 'order' must be lists, one value per seat", "bad_result")
            if points is not None and not all(isinstance(v, int) and not isinstance(v, bool) for v in points):
                raise TournamentError("table points must be JSON numbers (whole), e.g. [10, 8, 4, 1]", "bad_result")
            note = str(body.get("note", ""))

            def enter(t: Tournament) -> dict[str, Any]:
                result, correction = t.enter_result(r, table, game, points=points, order=order, note=note)
                return {"points": list(result.points), "corrected": correction is not None}

            return enter
        return None
