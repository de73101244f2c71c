"""Tables: seats, tokens, the one path by which an action changes a match, bots, and broadcasting.

:class:`Hub` holds the live tables in memory, backed by the store. An action
(a person's or a bot's) goes through :meth:`Hub.submit` only: it is checked,
committed to the database, applied, and then every connection of the table
gets the new state, each built by the projection for its own viewer.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import logging
import multiprocessing
import os
import random
import secrets
import threading
import time
import unicodedata
from collections import OrderedDict, deque
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Final, Protocol

from troef.core.actions import SPECTATOR
from troef.server.adapter import ConfigError, GameAdapter, Problem, canonical_config, games, rebuild
from troef.server.projection import PROTOCOL_VERSION, encode, encode_states, project, viewer_view
from troef.server.storage import (
    ActionRow,
    AsyncStore,
    SeatRow,
    StorageError,
    TableRow,
    claim_seat,
    delete_table,
    insert_table,
    mark_finished,
    mark_joined,
    quarantine_table,
)

log = logging.getLogger("troef.server")

#: Longest seat name.
MAX_NAME: Final = 24
#: Shortest and longest turn timer a table may have, in seconds.
MIN_TURN: Final = 2
MAX_TURN: Final = 3600
#: Seconds a hint may search for the values of the legal actions.
HINT_BUDGET: Final = 1.5
#: A table whose people have all been away this long (seconds) has been abandoned: the lobby no longer lists it.
ABANDONED_AFTER: Final = 1800.0


class Client(Protocol):
    """A connection the hub can send messages to."""

    def send(self, text: bytes) -> None:
        """Queue a message (JSON text, UTF-8 encoded); never blocks."""
        ...


#: Told how a submitted action ended: None once it is committed, applied and broadcast, else why not.
Answer = Callable[[Problem | None], None]


def hash_token(token: str) -> str:
    """What the database keeps of a seat token (the token itself is only in the invite link)."""
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    """A fresh secret seat token."""
    return secrets.token_urlsafe(18)


def clean_name(raw: object, default: str) -> str:
    """A seat name without control characters, at most :data:`MAX_NAME` long."""
    if not isinstance(raw, str):
        return default
    text = "".join(ch for ch in raw if unicodedata.category(ch)[0] != "C").strip()
    return text[:MAX_NAME] or default


@dataclass(slots=True)
class Seat:
    """A seat of a live table."""

    seat: int
    kind: str
    level: str | None
    name: str
    open: bool
    token_hash: str | None
    bot: Any = None


class TableError(Exception):
    """A lobby request that cannot be served (HTTP status and error code)."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message


@dataclass(eq=False)
class LiveTable:
    """One table in memory: its match, seats and connections."""

    id: str
    game: GameAdapter
    config: dict[str, Any]
    seed: int
    first_dealer: int | None
    created_at: datetime
    seats: list[Seat]
    match: Any
    actions: list[str]
    finished_at: datetime | None = None
    #: The creator chose the seed: anyone who knows it knows every card (shown as a practice table).
    practice: bool = False
    #: When somebody first joined (None: nobody yet; such a table expires, see :meth:`Hub.expire_unjoined`).
    joined_at: datetime | None = None
    #: An action of this table waits for its commit; later ones wait in ``waiting``, in order.
    busy: bool = False
    waiting: deque[tuple[int, str, int | None, Answer]] = field(default_factory=deque)
    conns: dict[int, set[Client]] = field(default_factory=dict)
    bot_task: asyncio.Task[None] | None = None
    #: A ``presence`` message is to go out at the end of this pass of the event loop.
    presence_due: bool = False
    _cache: dict[int, bytes] = field(default_factory=dict)
    _cache_version: int = -1
    #: The score sheet (what every viewer sees alike), encoded once per hand.
    _public: bytes = b""
    _public_key: tuple[int, bool] | None = None
    #: When somebody last joined or acted (for letting idle tables leave memory).
    touched: float = field(default_factory=time.monotonic)
    #: Seconds a person has for a turn before a computer player takes the seat (None: no limit).
    turn_seconds: int | None = None
    #: The seat of the table's creator, who may let a computer play for an absent person (None: nobody).
    owner: int | None = None
    #: People's seats a computer player plays for now (their timer ran out, or the creator asked).
    standins: dict[int, tuple[str, Any]] = field(default_factory=dict)
    #: The running turn timer, and when it runs out (loop time).
    timer: asyncio.TimerHandle | None = None
    timer_due: float = 0.0
    #: The table of the rematch, once somebody asked for one.
    rematch: str | None = None
    #: When a person was last connected (for telling abandoned tables).
    last_person: float = field(default_factory=time.monotonic)

    @property
    def version(self) -> int:
        """How many actions the match has had."""
        return len(self.actions)

    @property
    def over(self) -> bool:
        """Whether the match has ended."""
        return bool(self.game.is_over(self.match))

    def state_text(self, viewer: int) -> bytes:
        """The encoded ``state`` message for ``viewer`` (see :meth:`state_texts`)."""
        return self.state_texts([viewer])[0]

    def state_texts(self, viewers: Sequence[int]) -> list[bytes]:
        """The encoded ``state`` messages for ``viewers``, each from its own view.

        Cached per version, so the connections of one viewer (and all
        spectators) share one text; the messages missing from the cache are
        projected together, which lets the game share the work between them.
        """
        if self._cache_version != self.version:
            self._cache.clear()
            self._cache_version = self.version
            # the score sheet changes only when a hand ends
            key = (self.game.hand_count(self.match), self.over)
            if self._public_key != key:
                self._public = encode(self.game.public(self.match))
                self._public_key = key
        missing = [viewer for viewer in dict.fromkeys(viewers) if viewer not in self._cache]
        if missing:
            texts = encode_states(
                self.game, self.match, missing, table=self.id, version=self.version, public=self._public
            )
            for viewer, text in zip(missing, texts, strict=True):
                self._cache[viewer] = text
        return [self._cache[viewer] for viewer in viewers]

    def seat_of(self, token: str) -> int | None:
        """The seat whose token this is, or None."""
        digest = hash_token(token)
        for seat in self.seats:
            if seat.token_hash is not None and hmac.compare_digest(seat.token_hash, digest):
                return seat.seat
        return None

    def connected(self, seat: int) -> bool:
        """Whether somebody is connected on ``seat``."""
        return bool(self.conns.get(seat))

    def seat_info(self) -> list[dict[str, Any]]:
        """Public facts of the seats (no tokens); ``standin`` only while a computer plays a person's seat."""
        out: list[dict[str, Any]] = []
        for s in self.seats:
            info = {
                "seat": s.seat,
                "name": s.name,
                "kind": s.kind,
                "level": s.level,
                "open": s.open and s.token_hash is None,
                "connected": s.kind == "bot" or self.connected(s.seat),
            }
            if s.seat in self.standins:
                info["standin"] = True
            out.append(info)
        return out

    def plays_itself(self, seat: int) -> bool:
        """Whether a computer player acts for ``seat`` (a bot's seat, or a person's it stands in for)."""
        return self.seats[seat].kind == "bot" or seat in self.standins

    def abandoned(self, now: float) -> bool:
        """Whether every person has been away for :data:`ABANDONED_AFTER` (tables of bots only never are)."""
        people = [s.seat for s in self.seats if s.kind == "human"]
        if not people or any(self.connected(seat) for seat in people):
            return False
        return now - self.last_person > ABANDONED_AFTER

    def timer_text(self) -> bytes | None:
        """The ``timer`` message (who is to act, seconds left), or None when the table has no running timer."""
        if self.turn_seconds is None:
            return None
        seat = self.game.to_act(self.match) if not self.over else -1
        running = self.timer is not None and seat >= 0
        left = max(0.0, self.timer_due - asyncio.get_running_loop().time()) if running else 0.0
        return encode(
            {
                "v": PROTOCOL_VERSION,
                "type": "timer",
                "table": self.id,
                "version": self.version,
                "seconds": self.turn_seconds,
                "seat": seat if running else None,
                "left": round(left, 1),
            }
        )

    def info(self) -> dict[str, Any]:
        """What the lobby shows of this table."""
        return {
            "id": self.id,
            "game": self.game.name,
            "config": self.config,
            "seats": self.seat_info(),
            "hand": self.game.hand_count(self.match),
            "version": self.version,
            "over": self.over,
            "created_at": self.created_at.isoformat(),
            "finished_at": self.finished_at.isoformat() if self.finished_at else None,
            "result": self.game.result(self.match) if self.over else None,
            "spectators": len(self.conns.get(SPECTATOR, ())),
            "practice": self.practice,
            "turn_seconds": self.turn_seconds,
        }

    def presence_text(self) -> bytes:
        """The ``presence`` message: who is connected (no game data)."""
        return encode({"v": PROTOCOL_VERSION, "type": "presence", "table": self.id, "seats": self.seat_info()})

    def has_connections(self) -> bool:
        """Whether anybody is connected."""
        return any(self.conns.values())


class Hub:
    """The live tables, the lobby, bots; backed by an :class:`AsyncStore`."""

    def __init__(
        self,
        store: AsyncStore,
        *,
        bot_delay: float = 0.8,
        bot_budget: float = 10.0,
        max_tables: int = 1000,
        idle_seconds: float = 3600.0,
        expire_seconds: float = 900.0,
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
        self.max_tables = max_tables
        self.tables: dict[str, LiveTable] = {}
        self._bot_executor = ThreadPoolExecutor(max_workers=2, thread_name_prefix="troef-bot")
        # replays and records of finished matches are built here, one at a time: never in the live tables' pool
        self._replay_executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="troef-replay")
        self._replays: OrderedDict[tuple[str, int, int], dict[str, Any] | None] = OrderedDict()
        self._records: OrderedDict[str, tuple[str, str]] = OrderedDict()
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
        rows = await self.store.run(self.store.store.load_unfinished)
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
            kept += 1
            self.kick_bots(table)
            self._arm_timer(table)
        quarantined = await self.store.run(self.store.store.list_quarantined)
        self.quarantined.update(quarantined)
        log.info("restored %d tables (%d set aside)", len(self.tables), len(self.quarantined))
        self._spawn(self._evictor(min(self.idle_seconds, self.expire_seconds)))

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
            and not t.over
            and not t.has_connections()
            and not t.busy
            and not t.waiting
            and (now - _utc(t.created_at)).total_seconds() > expire_seconds
        ]
        for table_id in gone:
            table = self.tables.pop(table_id)
            if table.bot_task is not None:
                table.bot_task.cancel()
            self._spawn(self._expire(table_id))
        return gone

    async def _evictor(self, period: float) -> None:
        while True:
            await asyncio.sleep(max(0.05, min(60.0, period / 2)))
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
        await self.store.close()
        self._bot_executor.shutdown(wait=False, cancel_futures=True)
        self._replay_executor.shutdown(wait=False, cancel_futures=True)
        self.stop_workers()

    def stop_workers(self) -> None:
        """End the worker processes now: a search may run for seconds, and nobody waits for its answer."""
        pool, self._process_pool = self._process_pool, None
        if pool is None:
            return
        # the executor keeps its processes private; a search in progress is not stopped by shutdown()
        processes = list(getattr(pool, "_processes", {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            if process.is_alive():
                process.terminate()
        for process in processes:
            process.join(timeout=2.0)

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
            match = await loop.run_in_executor(
                self._bot_executor, rebuild, game, row.config, row.seed, row.first_dealer, list(row.actions)
            )
        else:  # a new table only deals: quicker than the handover (and than contending for the GIL with a thread)
            match = rebuild(game, row.config, row.seed, row.first_dealer, ())
        seats = [Seat(s.seat, s.kind, s.level, s.name, s.open, s.token_hash) for s in row.seats]
        for seat in seats:
            if seat.kind == "bot":
                seat.bot = game.make_bot(seat.level or "random", (row.seed + 7919 * seat.seat) % 2**63)
        return LiveTable(
            id=row.id,
            game=game,
            config=row.config,
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
        )

    # ------------------------------------------------------------------ lobby
    def game_options(self) -> dict[str, Any]:
        """What the lobby can create."""
        return {"games": {name: g.options() for name, g in self.games.items()}}

    async def create_table(self, body: Mapping[str, Any]) -> tuple[LiveTable, dict[int, str]]:
        """A new table from a lobby request; returns it with the tokens of its invited seats.

        The match is made before anything is stored: a configuration the game
        cannot start is refused (400) and leaves no row behind. A table whose
        creator chose the seed is a *practice* table (the deal is known to
        whoever knows the seed): it is marked so wherever it is shown and
        offers no seat in the lobby; every other table is dealt from a secret
        seed, which only the record of the finished match shows.
        """
        if len(self.tables) >= self.max_tables:
            raise TableError(503, "server_busy", "the server has as many tables as it can hold; try again later")
        game_name = body.get("game", "bonaken")
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
        seed = body.get("seed")
        practice = seed is not None
        if seed is None:
            seed = secrets.randbits(62)
        elif type(seed) is not int or not 0 <= seed < 2**63:
            raise TableError(400, "bad_config", "'seed' must be a non-negative 63-bit integer")
        elif any(s.open for s in seats):
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
        self.tables[table.id] = table
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
            self.tables.setdefault(table.id, table)
            table = self.tables[table.id]
            table.touched = time.monotonic()
            self.kick_bots(table)
        return table

    async def lobby(self) -> dict[str, Any]:
        """Open tables (a seat anyone may take), live tables to watch, and finished matches."""
        now = time.monotonic()
        live = sorted(
            (t for t in self.tables.values() if not t.over and not t.abandoned(now)),
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
        table.conns.setdefault(viewer, set()).add(client)
        client.send(table.state_text(viewer))
        if viewer >= 0:
            table.last_person = table.touched
        timer = table.timer_text()
        if timer is not None:
            client.send(timer)
        if table.rematch is not None:
            client.send(_rematch_text(table))
        self._broadcast_presence(table)
        if table.joined_at is None:  # the first join: from now on the table does not expire unused
            table.joined_at = datetime.now(UTC)
            self._spawn(self._mark_joined(table.id))

    async def _mark_joined(self, table_id: str) -> None:
        try:
            await self.store.write(mark_joined, table_id)
        except Exception as exc:  # the table is joined in memory; at worst a restart counts it as unjoined
            log.warning("noting the first join of table %s failed: %s", table_id, type(exc).__name__)

    def detach(self, table: LiveTable, viewer: int, client: Client) -> None:
        """Forget a connection; finished tables nobody watches leave memory."""
        conns = table.conns.get(viewer)
        if conns is not None:
            conns.discard(client)
            if not conns:
                del table.conns[viewer]
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

    # ------------------------------------------------------------------ actions
    async def submit(self, table: LiveTable, seat: int, text: str, expect: int | None = None) -> Problem | None:
        """:meth:`submit_soon`, awaited: returns why the action was refused, or None once it is broadcast.

        Cancelling the caller does not stop an action that was accepted: it is
        still committed, applied and broadcast.
        """
        future: asyncio.Future[Problem | None] = asyncio.get_running_loop().create_future()

        def answer(problem: Problem | None) -> None:
            if not future.done():
                future.set_result(problem)

        problem = self.submit_soon(table, seat, text, expect, answer)
        if problem is not None:
            return problem
        return await future

    def submit_soon(self, table: LiveTable, seat: int, text: str, expect: int | None, answer: Answer) -> Problem | None:
        """The one way an action changes a match: check, commit, apply, broadcast.

        Returns the problem if the action is refused at once (``answer`` is
        then never called). Otherwise ``answer`` is called later, never from
        within this call: with None once the action is committed, applied and
        broadcast, or with the problem (e.g. the database failed, or the action
        waited behind another of the same table that made it illegal). A
        refused action changes nothing. Actions of one table are handled one
        at a time, in the order they came.
        """
        if table.busy or table.waiting:
            table.waiting.append((seat, text, expect, answer))
            return None
        return self._try(table, seat, text, expect, answer)

    def _try(self, table: LiveTable, seat: int, text: str, expect: int | None, answer: Answer) -> Problem | None:
        game = table.game
        if table.over:
            return Problem("match_over", "the match is over")
        if expect is not None and expect != table.version:
            return Problem("stale", f"the table has moved on to version {table.version}; look again")
        if seat != game.to_act(table.match):
            return Problem("not_your_turn", "it is not your turn")
        canonical, problem = game.check(table.match, text)
        if problem is not None:
            return problem
        row = ActionRow(table.id, table.version, seat, canonical)
        table.busy = True
        self.store.append_soon(row, lambda error: self._committed(table, row, answer, error))
        return None

    def _committed(self, table: LiveTable, row: ActionRow, answer: Answer, error: StorageError | None) -> None:
        """The store has settled ``row``: apply and broadcast it, answer, then take the next waiting action."""
        table.busy = False
        problem: Problem | None = None
        if error is not None:
            problem = Problem("storage", str(error))
        else:
            try:
                table.touched = time.monotonic()
                table.game.apply(table.match, row.action)
                table.actions.append(row.action)
                self.broadcast(table)
                if table.over:
                    self._spawn(self._finish(table))
                else:
                    self.kick_bots(table)
                self._arm_timer(table)
            except Exception:
                log.exception("an action of table %s was committed but could not be served", table.id)
                problem = Problem("internal", "the server failed")
        answer(problem)
        waiting = table.waiting
        while waiting and not table.busy:
            seat, text, expect, next_answer = waiting.popleft()
            refused = self._try(table, seat, text, expect, next_answer)
            if refused is not None:
                next_answer(refused)

    async def _finish(self, table: LiveTable) -> None:
        table.finished_at = datetime.now(UTC)
        try:
            await self.store.write(mark_finished, table.id, table.game.result(table.match))
        except Exception as exc:  # the log is complete: the next start marks it finished
            log.warning("marking table %s finished failed: %s", table.id, type(exc).__name__)
        for listener in self.finish_listeners:
            try:
                listener(table)
            except Exception:  # a listener's failure must not keep the table from finishing
                log.exception("a finish listener of table %s failed", table.id)
        if not table.has_connections():
            self.tables.pop(table.id, None)

    # ------------------------------------------------------------------ people who leave
    def _arm_timer(self, table: LiveTable) -> None:
        """Start the turn timer for the seat to act (a person's, on a table with a timer) and tell everyone.

        When it runs out, a computer player takes the seat until its owner
        takes it back (:meth:`reclaim`). Tables without a timer send nothing.
        """
        if table.turn_seconds is None:
            return
        if table.timer is not None:
            table.timer.cancel()
            table.timer = None
        seat = table.game.to_act(table.match) if not table.over else -1
        if seat >= 0 and not table.plays_itself(seat):
            loop = asyncio.get_running_loop()
            table.timer_due = loop.time() + table.turn_seconds
            table.timer = loop.call_later(table.turn_seconds, self._time_up, table, table.version)
        text = table.timer_text()
        if text is not None and table.has_connections():
            for conns in table.conns.values():
                for client in conns:
                    client.send(text)

    def _time_up(self, table: LiveTable, version: int) -> None:
        table.timer = None
        if table.over or table.version != version:
            return
        seat = table.game.to_act(table.match)
        if seat >= 0 and not table.plays_itself(seat):
            log.info("table %s: seat %d ran out of time; a computer player takes it", table.id, seat)
            self.stand_in(table, seat)

    def stand_in(self, table: LiveTable, seat: int) -> None:
        """Let a computer player play a person's ``seat`` until its owner takes it back."""
        levels = [level for level in table.game.bot_levels() if level in self.light_levels]
        level = "heuristic" if "heuristic" in levels else (levels[-1] if levels else table.game.bot_levels()[0])
        table.standins[seat] = (level, table.game.make_bot(level, (table.seed + 104729 * (seat + 1)) % 2**63))
        self._broadcast_presence(table)
        self.kick_bots(table)
        self._arm_timer(table)

    def replace_absent(self, table: LiveTable, by: int, seat: object) -> None:
        """The creator (seat ``by``) lets a computer play an absent person's ``seat``; else :class:`TableError`."""
        if table.owner is None or by != table.owner:
            raise TableError(403, "not_owner", "only the table's creator can let a computer play for somebody")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(table.seats):
            raise TableError(400, "bad_seat", "no such seat")
        if table.over:
            raise TableError(409, "match_over", "the match is over")
        if table.seats[seat].kind != "human" or seat in table.standins or table.connected(seat):
            raise TableError(409, "not_away", "that seat's player is here (or a computer already plays it)")
        self.stand_in(table, seat)

    def reclaim(self, table: LiveTable, seat: int) -> None:
        """The owner of ``seat`` takes it back from the computer player; raises :class:`TableError` if none plays it."""
        if table.standins.pop(seat, None) is None:
            raise TableError(409, "no_standin", "no computer player is playing your seat")
        self._broadcast_presence(table)
        self._arm_timer(table)

    async def rematch(self, table_id: str, token: object) -> LiveTable:
        """A new match for the same people in the same seats (their tokens hold there too); made once per table."""
        table = await self.get_table(table_id)
        if table is None:
            raise TableError(404, "unknown_table", "no such table")
        if not table.over:
            raise TableError(409, "not_finished", "a rematch can be asked for once the match is over")
        if not isinstance(token, str) or table.seat_of(token) is None:
            raise TableError(403, "bad_token", "only the table's players can ask for a rematch")
        if table.rematch is not None:
            new_table = await self.get_table(table.rematch)
            if new_table is not None:
                return new_table
        pending = self._rematches.get(table.id)
        if pending is not None:  # two players asked at once: both get the one new table
            return await asyncio.shield(pending)
        future: asyncio.Future[LiveTable] = asyncio.get_running_loop().create_future()
        self._rematches[table.id] = future
        try:
            new = await self._copy_table(table)
        except BaseException as exc:
            future.set_exception(exc)
            future.exception()  # retrieved: nobody else may be waiting
            raise
        finally:
            del self._rematches[table.id]
        future.set_result(new)
        table.rematch = new.id
        text = _rematch_text(table)
        for conns in table.conns.values():
            for client in conns:
                client.send(text)
        return new

    async def _copy_table(self, old: LiveTable) -> LiveTable:
        if len(self.tables) >= self.max_tables:
            raise TableError(503, "server_busy", "the server has as many tables as it can hold; try again later")
        table_id = secrets.token_urlsafe(6)
        while table_id in self.tables:
            table_id = secrets.token_urlsafe(6)
        row = TableRow(
            id=table_id,
            game=old.game.name,
            config=old.config,
            seed=secrets.randbits(62),
            first_dealer=None,
            created_at=datetime.now(UTC),
            seats=[SeatRow(s.seat, s.kind, s.level, s.name, s.open, s.token_hash) for s in old.seats],
            turn_seconds=old.turn_seconds,
            owner=old.owner,
        )
        try:
            await self.store.write(insert_table, row)
        except Exception as exc:
            log.warning("creating a rematch failed: %s", type(exc).__name__)
            raise TableError(503, "storage", "the table could not be stored; try again") from None
        table = await self._build(row)
        self.tables[table.id] = table
        self.kick_bots(table)
        self._arm_timer(table)
        return table

    # ------------------------------------------------------------------ bots
    def kick_bots(self, table: LiveTable) -> None:
        """Start the table's bot task if a bot is to act and none is running."""
        if table.bot_task is not None and not table.bot_task.done():
            return
        if table.over:
            return
        seat = table.game.to_act(table.match)
        if seat < 0 or not table.plays_itself(seat):
            return
        table.bot_task = asyncio.create_task(self._bot_loop(table))

    def _pause(self, table: LiveTable) -> float:
        if self.bot_delay <= 0:
            return 0.0
        pause_of = getattr(table.game, "bot_pause", None)
        factor = float(pause_of(table.match)) if callable(pause_of) else 1.0
        return self.bot_delay * factor

    async def _bot_loop(self, table: LiveTable) -> None:
        while not table.over:
            seat = table.game.to_act(table.match)
            if seat < 0 or not table.plays_itself(seat):
                return
            pause = self._pause(table)
            started = time.monotonic()
            version = table.version
            view = viewer_view(table.game, table.match, seat)
            legal = table.game.legal(view)
            bot_seat = table.seats[seat]
            level, bot = (bot_seat.level or "random", bot_seat.bot) if bot_seat.kind == "bot" else table.standins[seat]
            try:
                future = self._think(table.game, level, bot, view, table.seed + version)
                text = await asyncio.wait_for(future, self.bot_budget)
            except TimeoutError:
                log.warning("a bot at table %s ran out of time; it plays a random legal action", table.id)
                text = self._rng.choice(legal)
            except Exception as exc:  # the exception's text may name cards: log its kind only
                log.warning(
                    "a bot at table %s failed (%s); it plays a random legal action", table.id, type(exc).__name__
                )
                text = self._rng.choice(legal)
            rest = pause - (time.monotonic() - started)
            if rest > 0:
                await asyncio.sleep(rest)
            if not table.plays_itself(seat):  # the owner took the seat back meanwhile
                continue
            problem = await self.submit(table, seat, text, expect=version)
            if problem is not None and problem.code not in ("stale", "match_over", "storage"):
                log.warning("a bot at table %s chose a refused action (%s)", table.id, problem.code)
                await self.submit(table, seat, self._rng.choice(legal), expect=version)
            elif problem is not None and problem.code == "storage":
                await asyncio.sleep(1.0)

    def _think(self, game: GameAdapter, level: str, bot: Any, view: Any, seed: int) -> asyncio.Future[str]:
        """A bot's choice, computed off the event loop: light bots in a thread, searching ones in a process."""
        loop = asyncio.get_running_loop()
        if level in self.light_levels:
            return loop.run_in_executor(self._bot_executor, game.bot_action, bot, view)
        return loop.run_in_executor(self._workers(), fresh_bot_action, game.name, level, seed % 2**62, view)

    def _workers(self) -> ProcessPoolExecutor:
        """The worker process of searching bots and hint values, started when first needed.

        A search holds the interpreter lock for seconds: it gets its own process, which ends with the
        server even when the server is killed (:func:`watch_parent`).
        """
        if self._process_pool is None:
            self._process_pool = ProcessPoolExecutor(
                max_workers=1,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=watch_parent,
                initargs=(os.getpid(),),
            )
        return self._process_pool

    def _valued(self, _future: asyncio.Future[Any]) -> None:
        self._valuing = False

    async def hint(self, table: LiveTable, seat: int) -> tuple[str, str, list[dict[str, Any]]]:
        """A suggested action for ``seat`` from the strongest bot, which bot it was, and every action's value.

        The values (each legal action with the chance that the seat's side succeeds after it) come from the
        game's ``hint_values``; then the best of them is the suggestion. Where the game has none the list
        is empty and the strongest bot suggests.
        """
        if table.over or table.game.to_act(table.match) != seat:
            raise TableError(409, "not_your_turn", "a hint is given when it is your turn")
        view = viewer_view(table.game, table.match, seat)
        level = table.game.hint_level()
        # one search for values at a time: while one runs, a hint is the strongest bot's choice alone
        if not self._valuing:
            loop = asyncio.get_running_loop()
            budget = min(HINT_BUDGET, self.bot_budget / 4)
            seed = self._rng.randrange(2**62)
            self._valuing = True
            pending = loop.run_in_executor(self._workers(), fresh_hint_values, table.game.name, view, budget, seed)
            pending.add_done_callback(self._valued)
            try:
                values = await asyncio.wait_for(asyncio.shield(pending), self.bot_budget / 2)
            except TimeoutError:  # the worker is busy with bots: a quick bot's choice instead
                values = []
                level = next((x for x in ("heuristic", *self.light_levels) if x in self.light_levels), level)
            best = [v for v in values if v.get("best")]
            if best:
                return str(best[0]["action"]), "pimc", values
        seed = self._rng.randrange(2**62)
        bot = table.game.make_bot(level, seed) if level in self.light_levels else None
        future = self._think(table.game, level, bot, view, seed)
        try:
            return await asyncio.wait_for(future, self.bot_budget), level, []
        except TimeoutError:
            raise TableError(503, "busy", "no hint in time; try again") from None

    # ------------------------------------------------------------------ finished matches
    async def replay(self, table_id: str, hand: int, token: str | None, open_cards: bool = False) -> dict[str, Any]:
        """The frames of one hand of a finished match, seen by a seat (with its token) or the spectator.

        With ``open_cards`` (the match is over: everyone may see every card now) the answer also has
        ``open``: for each seat, its cards in every frame, taken from that seat's own frames.
        """
        row = await self.store.run(self.store.store.load, table_id)
        if row is None:
            raise TableError(404, "unknown_table", "no such table")
        if row.finished_at is None:
            raise TableError(409, "not_finished", "a match can be replayed once it is over")
        viewer = SPECTATOR
        if token:
            digest = hash_token(token)
            matches = [s.seat for s in row.seats if s.token_hash and hmac.compare_digest(s.token_hash, digest)]
            if not matches:
                raise TableError(403, "bad_token", "the seat token is not valid for this table")
            viewer = matches[0]
        game = self.games.get(row.game)
        if game is None:
            raise TableError(404, "unknown_table", "unknown game")
        frames = await self._replay_frames(game, row, hand, viewer)
        if frames is None:
            raise TableError(404, "no_hand", "no such hand in this match")
        if open_cards:
            hands: dict[str, list[Any]] = {}
            for seat in range(len(row.seats)):
                own = await self._replay_frames(game, row, hand, seat)
                if own is not None:
                    hands[str(seat)] = [frame["view"].get("hand") for frame in own["frames"]]
            frames = {**frames, "open": hands}  # a new answer: the cached frames are shared
        return frames

    async def _replay_frames(self, game: GameAdapter, row: TableRow, hand: int, viewer: int) -> dict[str, Any] | None:
        """One viewer's frames of a finished hand, made once (a finished match never changes) off the bots' pool."""
        key = (row.id, hand, viewer)
        if key in self._replays:
            self._replays.move_to_end(key)
            return self._replays[key]
        loop = asyncio.get_running_loop()
        frames = await loop.run_in_executor(self._replay_executor, replay_frames, game, row, hand, viewer)
        self._remember(self._replays, key, frames)
        return frames

    def _remember(self, cache: OrderedDict[Any, Any], key: Any, value: Any) -> None:
        cache[key] = value
        while len(cache) > self.replay_cache:
            cache.popitem(last=False)

    async def record(self, table_id: str) -> tuple[str, str]:
        """The record (JSON text) of a finished match and a file name for it."""
        row = await self.store.run(self.store.store.load, table_id)
        if row is None:
            raise TableError(404, "unknown_table", "no such table")
        if row.finished_at is None:
            raise TableError(409, "not_finished", "a record can be downloaded once the match is over")
        cached = self._records.get(row.id)
        if cached is not None:
            self._records.move_to_end(row.id)
            return cached
        game = self.games[row.game]
        seats = [{"name": s.name, "kind": s.kind if s.kind == "human" else f"bot:{s.level}"} for s in row.seats]

        def make() -> str:
            return game.record(rebuild(game, row.config, row.seed, row.first_dealer, row.actions), seats)

        text = await asyncio.get_running_loop().run_in_executor(self._replay_executor, make)
        out = (text, f"troef-{row.game}-{row.id}.json")
        self._remember(self._records, row.id, out)
        return out


#: Seconds between a worker process's looks at whether the server that started it is still there.
PARENT_POLL: Final = 0.5


def watch_parent(parent: int) -> None:
    """Run in each bot worker process at its start: it exits once the server process ``parent`` is gone.

    The server ends its workers when it stops (:meth:`Hub.stop_workers`); a
    server killed with SIGKILL cannot, and its worker would go on (with the
    resource tracker, some 60 MB). The worker is re-parented then: it notices
    and exits.
    """

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_POLL)
        os._exit(0)

    threading.Thread(target=watch, name="troef-watch-parent", daemon=True).start()


def fresh_hint_values(game_name: str, view: Any, budget: float, seed: int) -> list[dict[str, Any]]:
    """Every legal action's value in ``view`` (runs in a worker process; see :meth:`Hub.hint`)."""
    return games()[game_name].hint_values(view, budget, seed)


def fresh_bot_action(game_name: str, level: str, seed: int, view: Any) -> str:
    """A new bot's choice in ``view`` (runs in a worker process: the view is all it gets)."""
    game = games()[game_name]
    return game.bot_action(game.make_bot(level, seed), view)


def _last_used(row: TableRow) -> datetime:
    """When a stored table was last used, as far as the database knows: made, first joined, or last acted on."""
    return max(_utc(t) for t in (row.created_at, row.joined_at, row.last_action_at) if t is not None)


def _utc(moment: datetime) -> datetime:
    """``moment`` with its time zone (SQLite gives back times in UTC without one)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def _rematch_text(table: LiveTable) -> bytes:
    return encode({"v": PROTOCOL_VERSION, "type": "rematch", "table": table.rematch})


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


def replay_frames(game: GameAdapter, row: TableRow, hand: int, viewer: int) -> dict[str, Any] | None:
    """Every state of hand ``hand`` (1-based) for ``viewer``, each built by the projection."""
    match = game.new_match(row.config, row.seed, row.first_dealer)
    index = hand - 1
    if index < 0:
        return None
    frames: list[dict[str, Any]] = []
    version = 0

    def snap() -> None:
        frames.append(project(game, match, viewer, table=row.id, version=version, hand=index))

    if game.hand_count(match) - 1 == index:
        snap()
    for text in row.actions:
        before = game.hand_count(match) - 1
        if before > index:
            break
        game.apply(match, text)
        version += 1
        if before == index:
            snap()
        elif game.hand_count(match) - 1 == index:
            snap()  # the deal of the hand asked for, before anyone acted
    if not frames:
        return None
    return {
        "v": PROTOCOL_VERSION,
        "type": "replay",
        "table": row.id,
        "hand": hand,
        "hands": (row.result or {}).get("hands"),
        "viewer": viewer,
        "frames": frames,
    }
