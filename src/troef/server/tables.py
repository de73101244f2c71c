"""Tables: the hub of the live tables, the lobby, and the connections to each table.

:class:`Hub` holds the live tables in memory, backed by the store. An action
(a person's or a bot's) goes through :meth:`Hub.submit` only: it is checked,
committed to the database, applied, and then every connection of the table
gets the new state, each built by the projection for its own viewer.

The hub is made of parts, one job each: the live table's state
(:mod:`troef.server.live`), the action path (:mod:`troef.server.actions`),
turn timers and stand-ins (:mod:`troef.server.timers`), computer players and
hints (:mod:`troef.server.bots`), and finished matches: rematch, replay,
record (:mod:`troef.server.finished`). This module keeps the hub's life
cycle, the lobby and the connections, and offers the names of those parts
that other modules import from here.
"""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from datetime import UTC, datetime
from typing import Any, Final

from troef.server.actions import ActionPath
from troef.server.adapter import ConfigError, canonical_config, games, settle
from troef.server.bots import HINT_BUDGET, PARENT_POLL, BotPlayers, fresh_bot_action, fresh_hint_values, watch_parent
from troef.server.cluster import Cluster, clustered
from troef.server.finished import FinishedMatches, replay_frames
from troef.server.live import (
    ABANDONED_AFTER,
    MAX_NAME,
    Answer,
    Client,
    LiveTable,
    Seat,
    TableError,
    clean_name,
    hash_token,
    new_token,
)
from troef.server.storage import (
    AsyncStore,
    SeatRow,
    TableRow,
    claim_seat,
    delete_table,
    insert_table,
    mark_joined,
    quarantine_table,
    release_table,
)
from troef.server.timers import TurnTimers
from troef.server.workers import WorkPool

__all__ = [
    "ABANDONED_AFTER",
    "HINT_BUDGET",
    "MAX_NAME",
    "MAX_TURN",
    "MIN_TURN",
    "PARENT_POLL",
    "Answer",
    "Client",
    "Hub",
    "LiveTable",
    "Seat",
    "TableError",
    "clean_name",
    "fresh_bot_action",
    "fresh_hint_values",
    "hash_token",
    "new_token",
    "replay_frames",
    "watch_parent",
]

log = logging.getLogger("troef.server")

#: Shortest and longest turn timer a table may have, in seconds.
MIN_TURN: Final = 2
MAX_TURN: Final = 3600


class Hub(ActionPath, TurnTimers, BotPlayers, FinishedMatches):
    """The live tables, the lobby, bots; backed by an :class:`AsyncStore`."""

    def __init__(
        self,
        store: AsyncStore,
        *,
        bot_delay: float = 0.8,
        bot_budget: float = 10.0,
        max_tables: int = 1000,
        idle_seconds: float = 3600.0,
        expire_seconds: float = 180.0,
        max_unjoined: int = 1000,
        max_tables_per_owner: int | None = None,
        work: WorkPool | None = None,
        light_levels: tuple[str, ...] = ("random", "heuristic", "beginner", "club"),
        replay_cache: int = 256,
    ) -> None:
        self.store = store
        self.idle_seconds = idle_seconds
        #: A table nobody has joined this long after it was made is deleted (it only held a place).
        self.expire_seconds = expire_seconds
        self.games = games()
        self.bot_delay = bot_delay
        self.bot_budget = bot_budget
        #: Tables in play (somebody joined them) at once: a new table is refused while there are as many.
        self.max_tables = max_tables
        #: Tables nobody has joined yet, at once: a new one beyond them pushes out the oldest. They are
        #: kept apart from the tables in play, so that tables made and never used (by many addresses,
        #: say) can neither keep tables in play from being made nor stay long (``expire_seconds``).
        self.max_unjoined = max_unjoined
        #: Tables one owner (``LiveTable.holder``) may hold in memory at once, joined or not, until they end.
        self.max_tables_per_owner = max(4, max_tables // 10) if max_tables_per_owner is None else max_tables_per_owner
        #: How many times ``max_tables_per_owner`` an owner may hold (a signed-in player more: the app sets
        #: :meth:`troef.server.guard.Guard.allowance`).
        self.allowance: Callable[[str], int] = lambda _holder: 1
        self.tables: dict[str, LiveTable] = {}
        self._bot_executor = ThreadPoolExecutor(max_workers=2, thread_name_prefix="troef-bot")
        # replays and records of finished matches are built here, one at a time: never in the live tables' pool
        self._replay_executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="troef-replay")
        self._replays: OrderedDict[tuple[str, int, int, bool], bytes | None] = OrderedDict()
        self._replays_made: dict[tuple[str, int, int, bool], asyncio.Future[bytes | None]] = {}
        self._finished_rows: OrderedDict[str, TableRow] = OrderedDict()
        self._rows_loading: dict[str, asyncio.Future[TableRow | None]] = {}
        self._records: OrderedDict[str, tuple[str, str]] = OrderedDict()
        # analyses take seconds: worker processes of their own, with a bounded queue (troef.server.workers)
        self.work = work if work is not None else WorkPool()
        self.replay_cache = replay_cache
        self._process_pool: ProcessPoolExecutor | None = None
        #: Bot levels quick enough to think in a thread; the others think in a worker process.
        self.light_levels: frozenset[str] = frozenset(light_levels)
        self._rng = random.Random()
        self._tasks: set[asyncio.Task[Any]] = set()
        self._loading: dict[str, asyncio.Task[LiveTable | None]] = {}
        #: Tables set aside at start-up because they could not be rebuilt: id -> why.
        self.quarantined: dict[str, str] = {}
        #: Called with each table whose match has ended, once its end is stored (tournaments take results in).
        self.finish_listeners: list[Callable[[LiveTable], None]] = []
        self._rematches: dict[str, asyncio.Future[LiveTable]] = {}
        #: A hint's search for the values of the legal actions is running (one at a time).
        self._valuing = False
        #: Called with each table as it comes into memory, before its bots start (the cluster takes its lease).
        self.admit_listeners: list[Callable[[LiveTable], None]] = []
        #: On PostgreSQL: this process's part in serving the database's tables with other processes.
        self.cluster: Cluster | None = Cluster(self, store.store.url) if clustered(store.store.url) else None

    # ------------------------------------------------------------------ life cycle
    async def start(self) -> None:
        """Migrate the database and bring back the unfinished tables exactly where they were.

        The limits hold as they do while serving: a table nobody ever joined
        that has expired is deleted, one idle longer than ``idle_seconds``
        stays in the database until somebody joins it, and at most
        ``max_tables`` are brought back (the most recently used first); each
        keeps its idle clock. A table that cannot be rebuilt is set aside
        (quarantined, logged, counted by ``/api/health``), never a reason for
        the server not to start.
        """
        await self.store.run(self.store.store.migrate)
        if self.cluster is not None:  # listening before any table is loaded: no action goes unheard
            await self.cluster.start()
        rows = await self.store.run(self.store.store.load_unfinished)
        rows += await self._set_aside_that_rebuild()
        now = datetime.now(UTC)
        mono = time.monotonic()
        rows.sort(key=_last_used, reverse=True)
        kept = 0
        for row in rows:
            if row.quarantine is not None:  # its action log is broken
                await self._quarantine(row.id, row.quarantine)
                continue
            idle = (now - _last_used(row)).total_seconds()
            if row.joined_at is None and idle > self.expire_seconds:
                await self._expire(row.id)
                continue
            if idle > self.idle_seconds or kept >= self.max_tables:
                continue  # it stays in the database; a join loads it
            try:
                table = await self._build(row)
            except Exception as exc:  # any failure: the table is set aside, the server starts
                await self._quarantine(row.id, f"{type(exc).__name__}: {exc}")
                continue
            table.touched = mono - max(0.0, idle)
            if table.over:
                await self._finish(table)
                continue
            self.tables[table.id] = table
            self._admit(table)
            kept += 1
            self.kick_bots(table)
            self._arm_timer(table)
        quarantined = await self.store.run(self.store.store.list_quarantined)
        self.quarantined.update(quarantined)
        log.info("restored %d tables (%d set aside)", len(self.tables), len(self.quarantined))
        self._spawn(self._evictor(min(self.idle_seconds, self.expire_seconds)))

    async def _set_aside_that_rebuild(self) -> list[TableRow]:
        """Tables an earlier start set aside that this troef rebuilds (e.g. after an upgrade that reads their
        rules revision), released to play on; the others stay set aside."""
        back = []
        for row in await self.store.run(self.store.store.load_set_aside):
            game = self.games.get(row.game)
            if game is None:
                continue
            try:
                await asyncio.get_running_loop().run_in_executor(
                    self._bot_executor, settle, game, row.config, row.seed, row.first_dealer, list(row.actions)
                )
            except Exception:  # still not: it stays set aside, and the start goes on
                continue
            log.warning("table %s, set aside earlier (%s), rebuilds now and plays on", row.id, row.quarantine)
            await self.store.write(release_table, row.id)
            row.quarantine = None
            back.append(row)
        return back

    async def _quarantine(self, table_id: str, reason: str) -> None:
        log.error("table %s cannot be rebuilt and is set aside (quarantined): %s", table_id, reason)
        self.quarantined[table_id] = reason
        try:
            await self.store.write(quarantine_table, table_id, reason)
        except Exception as exc:  # it is set aside for this run all the same, and again at the next start
            log.warning("marking table %s quarantined failed: %s", table_id, type(exc).__name__)

    async def _expire(self, table_id: str) -> None:
        log.info("table %s expired: nobody joined it", table_id)
        try:
            await self.store.write(delete_table, table_id)
        except Exception as exc:
            log.warning("deleting expired table %s failed: %s", table_id, type(exc).__name__)

    def evict_idle(self, idle_seconds: float) -> int:
        """Let tables nobody has used for ``idle_seconds`` leave memory (they load again on a join)."""
        now = time.monotonic()
        gone = [
            t.id
            for t in self.tables.values()
            if not t.has_connections()
            and (t.bot_task is None or t.bot_task.done())
            and now - t.touched > idle_seconds
            and not t.busy
            and not t.waiting
        ]
        for table_id in gone:
            del self.tables[table_id]
        return len(gone)

    def expire_unjoined(self, expire_seconds: float) -> list[str]:
        """Forget tables nobody has joined within ``expire_seconds`` of their making; their rows are deleted."""
        now = datetime.now(UTC)
        gone = [
            t.id
            for t in self.tables.values()
            if t.joined_at is None
            and t.runner
            and not t.over
            and not t.has_connections()
            and not t.busy
            and not t.waiting
            and (now - _utc(t.created_at)).total_seconds() > expire_seconds
        ]
        for table_id in gone:
            self._forget_unjoined(table_id)
        return gone

    async def _evictor(self, period: float) -> None:
        while True:
            await asyncio.sleep(max(0.05, min(30.0, period / 4)))
            self.expire_unjoined(self.expire_seconds)
            self.evict_idle(self.idle_seconds)

    async def stop(self) -> None:
        """Stop the bots, wait for pending writes, and end the computer players' worker processes."""
        for table in self.tables.values():
            if table.bot_task is not None:
                table.bot_task.cancel()
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*(t.bot_task for t in self.tables.values() if t.bot_task), return_exceptions=True)
        if self.cluster is not None:
            await self.cluster.stop()
        await self.store.close()
        self._bot_executor.shutdown(wait=False, cancel_futures=True)
        self._replay_executor.shutdown(wait=False, cancel_futures=True)
        self.work.stop()
        self.stop_workers()

    def _admit(self, table: LiveTable) -> None:
        for listener in self.admit_listeners:
            listener(table)

    def _spawn(self, coro: Any) -> asyncio.Task[Any]:
        task: asyncio.Task[Any] = asyncio.create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def _build(self, row: TableRow) -> LiveTable:
        game = self.games.get(row.game)
        if game is None:
            raise ConfigError(f"unknown game {row.game!r}")
        if row.actions:  # replaying a long log is work for a thread
            loop = asyncio.get_running_loop()
            config, match = await loop.run_in_executor(
                self._bot_executor, settle, game, row.config, row.seed, row.first_dealer, list(row.actions)
            )
        else:  # a new table only deals: quicker than the handover (and than contending for the GIL with a thread)
            config, match = settle(game, row.config, row.seed, row.first_dealer, ())
        seats = [Seat(s.seat, s.kind, s.level, s.name, s.open, s.token_hash) for s in row.seats]
        for seat in seats:
            if seat.kind == "bot":
                seat.bot = game.make_bot(seat.level or "random", (row.seed + 7919 * seat.seat) % 2**63)
        return LiveTable(
            id=row.id,
            game=game,
            config=config,
            seed=row.seed,
            first_dealer=row.first_dealer,
            created_at=row.created_at,
            seats=seats,
            match=match,
            actions=list(row.actions),
            finished_at=row.finished_at,
            practice=row.practice,
            joined_at=row.joined_at,
            turn_seconds=row.turn_seconds,
            owner=row.owner,
            rematch=row.rematch,
        )

    # ------------------------------------------------------------------ lobby
    def game_options(self) -> dict[str, Any]:
        """What the lobby can create."""
        return {"games": {name: g.options() for name, g in self.games.items()}}

    def in_play(self) -> int:
        """How many tables in memory somebody has joined (the ones :attr:`max_tables` counts)."""
        return sum(1 for t in self.tables.values() if t.joined_at is not None)

    def held(self, holder: str) -> int:
        """How many tables in memory that have not ended count against ``holder``."""
        return sum(1 for t in self.tables.values() if t.holder == holder and not t.over)

    def check_room(self, holder: str | None, count: int = 1, *, reserved: bool = False) -> None:
        """Refuse ``count`` new tables of ``holder`` that would take it past its allowance, or (``reserved``:
        tables in play from the start) past ``max_tables``; nothing is made before this says yes."""
        allowed = self.max_tables_per_owner * (self.allowance(holder) if holder is not None else 1)
        if holder is not None and self.held(holder) + count > allowed:
            raise TableError(
                429,
                "owner_full",
                f"one client may hold {allowed} tables at once; finish or leave some first",
            )
        if reserved and self.in_play() + count > self.max_tables:
            raise TableError(503, "server_busy", "the server has as many tables as it can hold; try again later")

    def _make_room(self) -> None:
        """Before a new table: refuse it if the tables in play are full; push out the oldest unjoined one if need be."""
        if len(self.tables) < min(self.max_tables, self.max_unjoined):
            return  # neither can be full: no need to count (tables are made often under load)
        if self.in_play() >= self.max_tables:
            raise TableError(503, "server_busy", "the server has as many tables as it can hold; try again later")
        unjoined = [t for t in self.tables.values() if t.joined_at is None and not t.over]
        if len(unjoined) < self.max_unjoined:
            return
        # only the process that runs a table may delete it (another process's open table is only listed here)
        spare = [t for t in unjoined if t.runner and not t.has_connections() and not t.busy and not t.waiting]
        if not spare:
            raise TableError(503, "server_busy", "the server has as many new tables as it can hold; try again later")
        oldest = min(spare, key=lambda t: _utc(t.created_at))
        self._forget_unjoined(oldest.id)

    def _forget_unjoined(self, table_id: str) -> None:
        table = self.tables.pop(table_id)
        if table.bot_task is not None:
            table.bot_task.cancel()
        self._spawn(self._expire(table_id))

    async def create_table(
        self,
        body: Mapping[str, Any],
        *,
        seed: int | None = None,
        reserved: bool = False,
        holder: str | None = None,
    ) -> tuple[LiveTable, dict[int, str]]:
        """A new table from a lobby request; returns it with the tokens of its invited seats.

        The match is made before anything is stored: a configuration the game
        cannot start is refused (400) and leaves no row behind. A table whose
        creator chose the seed (``"seed"`` in ``body``) is a *practice* table
        (the deal is known to whoever knows the seed): it is marked so
        wherever it is shown and offers no seat in the lobby; every other
        table is dealt from a secret seed, which only the record of the
        finished match shows: a random one, or ``seed``, a secret the server
        keeps (a tournament game's, :func:`troef.tournament.draw.deal_seed`).

        A ``reserved`` table is made for known players (a tournament's): it
        counts as in play from the start, and never expires unjoined.
        The table counts against ``holder`` (:meth:`check_room`) until it ends.
        """
        self.check_room(holder, reserved=reserved)
        self._make_room()
        game_name = body.get("game", next(iter(self.games), ""))  # none named: the registry's first
        game = self.games.get(game_name) if isinstance(game_name, str) else None
        if game is None:
            raise TableError(400, "bad_config", f"unknown game; choose one of {', '.join(self.games)}")
        raw_config = body.get("config", {})
        if not isinstance(raw_config, Mapping):
            raise TableError(400, "bad_config", "'config' must be an object")
        try:
            config = canonical_config(game.normalize_config(raw_config))
            players = game.players(config)
        except ConfigError as exc:
            raise TableError(400, "bad_config", str(exc)) from None
        raw_seats = body.get("seats")
        if not isinstance(raw_seats, list) or len(raw_seats) != players:
            raise TableError(400, "bad_seats", f"give exactly {players} seats")
        levels = game.bot_levels()
        seats: list[Seat] = []
        tokens: dict[int, str] = {}
        for i, raw in enumerate(raw_seats):
            if not isinstance(raw, Mapping):
                raise TableError(400, "bad_seats", f"seat {i + 1} must be an object")
            kind = raw.get("kind", "human")
            if kind == "bot":
                level = raw.get("level", levels[-1])
                if not isinstance(level, str) or level not in levels:
                    raise TableError(400, "bad_seats", f"seat {i + 1}: bot level must be one of {', '.join(levels)}")
                seats.append(Seat(i, "bot", level, clean_name(raw.get("name"), f"computer {i + 1}"), False, None))
            elif kind == "human":
                is_open = raw.get("open", False) is True
                token_hash = None
                if not is_open:
                    tokens[i] = new_token()
                    token_hash = hash_token(tokens[i])
                seats.append(Seat(i, "human", None, clean_name(raw.get("name"), f"seat {i + 1}"), is_open, token_hash))
            else:
                raise TableError(400, "bad_seats", f"seat {i + 1}: kind must be 'human' or 'bot'")
        turn_seconds = body.get("turn_seconds")
        if turn_seconds is not None and (
            isinstance(turn_seconds, bool)
            or not isinstance(turn_seconds, int)
            or not MIN_TURN <= turn_seconds <= MAX_TURN
        ):
            raise TableError(400, "bad_config", f"'turn_seconds' must be a whole number from {MIN_TURN} to {MAX_TURN}")
        owner = body.get("owner")
        if owner is not None and (
            isinstance(owner, bool) or not isinstance(owner, int) or not 0 <= owner < players or owner not in tokens
        ):
            raise TableError(400, "bad_seats", "'owner' must be the number of a person's seat with a link")
        # what the client sent is any JSON: kept apart from the typed seed (compiled, an int local refuses a list)
        chosen: object = body.get("seed")
        practice = chosen is not None
        if seed is not None and practice:
            raise TableError(400, "bad_config", "a table dealt from a secret seed has no chosen seed")
        if chosen is None:
            seed = secrets.randbits(62) if seed is None else seed
        elif type(chosen) is not int or not 0 <= chosen < 2**63:
            raise TableError(400, "bad_config", "'seed' must be a non-negative 63-bit integer")
        else:
            seed = chosen
        if practice and any(s.open for s in seats):
            raise TableError(
                400,
                "bad_seats",
                "a table dealt from a chosen seed is a practice table: it has no seats open to the lobby",
            )
        table_id = secrets.token_urlsafe(6)
        while table_id in self.tables:
            table_id = secrets.token_urlsafe(6)
        row = TableRow(
            id=table_id,
            game=game.name,
            config=config,
            seed=seed,
            first_dealer=None,
            created_at=datetime.now(UTC),
            seats=[SeatRow(s.seat, s.kind, s.level, s.name, s.open, s.token_hash) for s in seats],
            practice=practice,
            turn_seconds=turn_seconds,
            owner=owner,
        )
        try:
            table = await self._build(row)
        except Exception as exc:  # normalize_config let through what the game cannot play: a bug, but no harm
            log.warning("a checked configuration does not start a match: %s: %s", type(exc).__name__, exc)
            raise TableError(400, "bad_config", "the game cannot start a match with this configuration") from None
        try:
            await self.store.write(insert_table, row)
        except Exception as exc:
            log.warning("creating a table failed: %s", type(exc).__name__)
            raise TableError(503, "storage", "the table could not be stored; try again") from None
        if reserved:
            table.joined_at = row.created_at
            self._spawn(self._mark_joined(table.id))
        table.holder = holder
        self.tables[table.id] = table
        self._admit(table)
        self.kick_bots(table)
        self._arm_timer(table)
        return table, tokens

    async def claim(self, table_id: str, seat_no: object, name: object = None) -> tuple[LiveTable, int, str]:
        """Take an open seat from the lobby (under ``name``, if given): returns its new token (given out once)."""
        table = await self.get_table(table_id)
        if table is None or table.over:
            raise TableError(404, "unknown_table", "no such table with open seats")
        if isinstance(seat_no, bool) or not isinstance(seat_no, int) or not 0 <= seat_no < len(table.seats):
            raise TableError(400, "bad_seat", "no such seat")
        seat = table.seats[seat_no]
        if not seat.open or seat.token_hash is not None:
            raise TableError(409, "seat_taken", "that seat is not open (any more)")
        token = new_token()
        digest = hash_token(token)
        seat.token_hash = digest  # reserve it before the await: two claims cannot both win
        new_name = clean_name(name, seat.name)
        try:
            ok = await self.store.write(claim_seat, table.id, seat_no, digest, new_name)
        except Exception:
            ok = False
        if not ok:
            seat.token_hash = None
            raise TableError(409, "seat_taken", "that seat is not open (any more)")
        seat.name = new_name
        self._broadcast_presence(table)
        return table, seat_no, token

    async def get_table(self, table_id: str) -> LiveTable | None:
        """A live table, or one loaded from the database (a finished one is kept while watched).

        Everyone asking for the same table meanwhile shares one load, which
        runs as a task of its own: a waiter that goes away (its connection
        closed, its task cancelled) stops waiting, never the load the others
        wait for.
        """
        table = self.tables.get(table_id)
        if table is not None:
            return table
        if len(table_id) > 32 or table_id in self.quarantined:
            return None
        pending = self._loading.get(table_id)
        if pending is None:
            pending = self._spawn(self._load(table_id))
            self._loading[table_id] = pending
        return await asyncio.shield(pending)

    async def _load(self, table_id: str) -> LiveTable | None:
        try:
            row = await self.store.run(self.store.store.load, table_id)
            table = await self._build(row) if row is not None and row.quarantine is None else None
        except Exception as exc:
            log.warning("loading table %s failed: %s", table_id, type(exc).__name__)
            table = None
        finally:
            del self._loading[table_id]
        if table is not None:
            if self.tables.setdefault(table.id, table) is table:
                self._admit(table)
            table = self.tables[table.id]
            table.touched = time.monotonic()
            self.kick_bots(table)
        return table

    async def lobby(self) -> dict[str, Any]:
        """Open tables (a seat anyone may take), live tables to watch, and finished matches."""
        if self.cluster is not None:  # other processes' open tables too
            try:
                await self.cluster.load_open()
            except Exception as exc:  # the lobby shows this process's tables all the same
                log.warning("listing other processes' open tables failed: %s", type(exc).__name__)
        now = time.monotonic()
        live = sorted(
            (t for t in self.tables.values() if not t.over and not t.abandoned(now) and not _left_practice(t)),
            key=lambda t: t.created_at,
            reverse=True,
        )
        open_tables = [t.info() for t in live if any(s.open and s.token_hash is None for s in t.seats)]
        finished_rows = await self.store.run(self.store.store.list_finished, 50)
        finished = [_row_info(r) for r in finished_rows]
        return {"open": open_tables, "live": [t.info() for t in live[:100]], "finished": finished}

    async def table_info(self, table_id: str) -> dict[str, Any] | None:
        """The public facts of a table, live or finished."""
        table = self.tables.get(table_id)
        if table is not None:
            return table.info()
        if len(table_id) > 32:
            return None
        row = await self.store.run(self.store.store.load, table_id)
        return None if row is None else _row_info(row)

    # ------------------------------------------------------------------ connections
    def attach(self, table: LiveTable, viewer: int, client: Client) -> None:
        """Register a connection for ``viewer`` and send it the full current state."""
        table.touched = time.monotonic()
        conns = table.conns.setdefault(viewer, set())
        conns.add(client)
        if viewer >= 0 and len(conns) == 1 and self.cluster is not None:  # the seat is here now
            self.cluster.present(table.id, viewer, True)
        client.send(table.state_text(viewer))
        if viewer >= 0:
            table.last_person = table.touched
        timer = table.timer_text()
        if timer is not None:
            client.send(timer)
        if table.rematch is not None:
            client.send(table.rematch_text())
        self._broadcast_presence(table)
        if viewer >= 0:
            self.people_came(table)
        if table.joined_at is None and viewer >= 0:
            # a player's first join: from now on the table does not expire unused (a spectator's does not
            # count: anybody may watch any table, so watching must not keep a table nobody plays)
            table.joined_at = datetime.now(UTC)
            self._spawn(self._mark_joined(table.id))

    async def _mark_joined(self, table_id: str) -> None:
        try:
            # several processes note the first join of a table at once: alone, not in a group (deadlocks)
            await self.store.write_alone(mark_joined, table_id)
        except Exception as exc:  # the table is joined in memory; at worst a restart counts it as unjoined
            log.warning("noting the first join of table %s failed: %s", table_id, type(exc).__name__)

    def detach(self, table: LiveTable, viewer: int, client: Client) -> None:
        """Forget a connection; finished tables nobody watches leave memory."""
        conns = table.conns.get(viewer)
        if conns is not None:
            conns.discard(client)
            if not conns:
                del table.conns[viewer]
                if viewer >= 0 and self.cluster is not None:  # nobody is on the seat through this process
                    self.cluster.present(table.id, viewer, False)
        if viewer >= 0:
            table.last_person = time.monotonic()
        if table.over and not table.has_connections():
            self.tables.pop(table.id, None)
        else:
            self._broadcast_presence(table)

    def _broadcast_presence(self, table: LiveTable) -> None:
        """Tell everyone at ``table`` who is connected, once for all the joins and leaves of one loop pass.

        A new table's players join together and a finished one's leave
        together: one message each instead of one per arrival or departure
        (with four players, 4 instead of 10 as they join).
        """
        if table.presence_due:
            return
        table.presence_due = True
        asyncio.get_running_loop().call_soon(self._send_presence, table)

    def _send_presence(self, table: LiveTable) -> None:
        table.presence_due = False
        if not table.has_connections():
            return
        text = table.presence_text()
        for conns in table.conns.values():
            for client in conns:
                client.send(text)

    def broadcast(self, table: LiveTable) -> None:
        """Send every connection the state built for its own viewer."""
        viewers = [viewer for viewer, conns in table.conns.items() if conns]
        for viewer, text in zip(viewers, table.state_texts(viewers), strict=True):
            for client in list(table.conns.get(viewer, ())):
                client.send(text)


def _left_practice(table: LiveTable) -> bool:
    """A practice table (dealt from a seed its maker chose) whose people have all gone: nobody else plays it or
    waits for it, so the lobby stops listing it at once (its owner finds it under "my tables")."""
    return table.practice and not any(table.connected(s.seat) for s in table.seats if s.kind == "human")


def _last_used(row: TableRow) -> datetime:
    """When a stored table was last used, as far as the database knows: made, first joined, or last acted on."""
    return max(_utc(t) for t in (row.created_at, row.joined_at, row.last_action_at) if t is not None)


def _utc(moment: datetime) -> datetime:
    """``moment`` with its time zone (SQLite gives back times in UTC without one)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def _row_info(row: TableRow) -> dict[str, Any]:
    return {
        "id": row.id,
        "game": row.game,
        "config": row.config,
        "seats": [{"seat": s.seat, "name": s.name, "kind": s.kind, "level": s.level} for s in row.seats],
        "version": len(row.actions),
        "over": row.finished_at is not None,
        "created_at": row.created_at.isoformat(),
        "finished_at": row.finished_at.isoformat() if row.finished_at else None,
        "result": row.result,
        "practice": row.practice,
    }
