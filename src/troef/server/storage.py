"""Storage: tables, seats and action logs in SQLite or PostgreSQL (SQLAlchemy 2, Alembic).

What is stored is what determines a match: the game, its configuration, the
seed and first dealer, the seats, and every action in order. A match is
rebuilt by replaying its actions (:func:`troef.server.adapter.rebuild`), so
nothing else needs saving and nothing can drift.

:class:`Store` does the work synchronously; :class:`AsyncStore` serves the
event loop and gathers the actions that arrive together into one
transaction (group commit): an action is committed before anybody hears of
it, and a busy server still commits thousands of actions a second.

SQLite runs in WAL mode with ``synchronous=NORMAL``: a committed action
survives the server process being killed (it is in the WAL file); only a
power failure may lose the last few. PostgreSQL commits are durable.

The schema, the rows, the engine and the migrations are in
:mod:`troef.server.schema`, the writes in :mod:`troef.server.writes`; this
module runs them (and re-exports their names, which the server imports from here).
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Final, TypeVar, cast

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from troef.server.schema import (
    THREAD_BUSY_MS,
    ActionRow,
    DatabaseLocked,
    SeatRow,
    StorageError,
    TableRow,
    UTCDateTime,
    actions_table,
    default_url,
    make_engine,
    metadata,
    migrate,
    migrations_path,
    seats_table,
    tables_table,
)
from troef.server.writes import (
    Write,
    claim_seat,
    delete_table,
    insert_actions,
    insert_table,
    mark_finished,
    mark_joined,
    quarantine_table,
    release_table,
    set_rematch,
)

__all__ = [
    "LOCKED_GIVE_UP",
    "LOOP_BUSY_MS",
    "THREAD_BUSY_MS",
    "ActionRow",
    "AsyncStore",
    "DatabaseLocked",
    "SeatRow",
    "Settled",
    "StorageError",
    "Store",
    "TableRow",
    "UTCDateTime",
    "Write",
    "actions_table",
    "claim_seat",
    "default_url",
    "delete_table",
    "insert_actions",
    "insert_table",
    "make_engine",
    "mark_finished",
    "mark_joined",
    "metadata",
    "migrate",
    "migrations_path",
    "quarantine_table",
    "release_table",
    "seats_table",
    "set_rematch",
    "tables_table",
]

log = logging.getLogger("troef.server")

T = TypeVar("T")

#: SQLite: milliseconds a write on the event loop waits for another program's write lock before giving up
#: (it then goes on, off the loop, in :meth:`AsyncStore._retry_locked`): the loop must never wait long.
LOOP_BUSY_MS: Final = 20
#: Seconds writes wait for a locked SQLite database before they fail (the player is told; nothing changed).
LOCKED_GIVE_UP = 5.0


def _locked(exc: BaseException) -> bool:
    """Whether ``exc`` (or the driver error it wraps) says SQLite's database is locked by another connection."""
    orig = getattr(exc, "orig", exc)
    return isinstance(orig, sqlite3.OperationalError) and ("locked" in str(orig) or "busy" in str(orig))


def _write_all(conn: Connection, items: Sequence[ActionRow | Write]) -> list[Any]:
    results: list[Any] = []
    i = 0
    while i < len(items):
        item = items[i]
        if isinstance(item, ActionRow):
            j = i + 1
            while j < len(items) and isinstance(items[j], ActionRow):
                j += 1
            insert_actions(conn, cast("list[ActionRow]", items[i:j]))
            results += [None] * (j - i)
            i = j
        else:
            results.append(item(conn))
            i += 1
    return results


def _failure(item: ActionRow | Write, exc: Exception) -> Exception:
    """What a write that failed on its own reports: a :class:`StorageError` for an action, else its own error."""
    if isinstance(item, ActionRow):
        if isinstance(exc, sa.exc.IntegrityError):  # another server process stored an action at its place first
            log.info("an action of table %s lost its place in the log to another process's", item.table_id)
            return StorageError("another action was stored first; nothing changed: look again")
        log.warning("storing an action of table %s failed: %s", item.table_id, type(exc).__name__)
        return StorageError("the action could not be stored; nothing changed")
    log.warning("a write to the database failed: %s", type(exc).__name__)
    return exc


class Store:
    """Synchronous storage on one engine. Not thread-safe: :class:`AsyncStore` uses one thread."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_engine(url)
        self._write_conn: Connection | None = None
        self._sqlite = self.engine.dialect.name == "sqlite"
        #: The busy timeout (ms) the write connection has now (SQLite), None before it is set.
        self._busy_ms: int | None = None

    def migrate(self) -> None:
        """Create or upgrade the schema."""
        migrate(self.engine)

    def close(self) -> None:
        """Release the engine's connections."""
        self._close_writer()
        self.engine.dispose()

    def _writer(self) -> Connection:
        """The connection of :meth:`write_group`, kept between groups.

        Every action's commit goes through it: taking a connection from the
        pool and giving it back (with its reset) for every group cost about as
        much as the commit itself.
        """
        if self._write_conn is None:
            self._write_conn = self.engine.connect()
        return self._write_conn

    def _close_writer(self) -> None:
        conn, self._write_conn = self._write_conn, None
        self._busy_ms = None
        if conn is not None:
            try:
                conn.close()
            except Exception:  # a broken connection may fail to close; it is gone either way
                log.debug("closing the write connection failed", exc_info=True)

    def create_table(self, row: TableRow) -> None:
        """Store a new table and its seats in one transaction."""
        with self.engine.begin() as conn:
            insert_table(conn, row)

    def append_actions(self, rows: Sequence[ActionRow]) -> None:
        """Commit actions in one transaction (all or none)."""
        with self.engine.begin() as conn:
            insert_actions(conn, rows)

    def claim_seat(self, table_id: str, seat: int, token_hash: str) -> bool:
        """Give an open, unclaimed seat its token; False if it was not open or already taken."""
        with self.engine.begin() as conn:
            return claim_seat(conn, table_id, seat, token_hash)

    def finish(self, table_id: str, result: dict[str, Any]) -> None:
        """Mark a table's match as finished, with its result."""
        with self.engine.begin() as conn:
            mark_finished(conn, table_id, result)

    def write_group(
        self, items: Sequence[ActionRow | Write], busy_ms: int = THREAD_BUSY_MS
    ) -> list[tuple[Any, Exception | None]]:
        """Commit ``items`` (actions, and other writes) in one transaction, in order: each one's result or error.

        Runs of actions go in as one INSERT. If the transaction fails, each
        item is tried again in its own, so that one bad item cannot sink the
        others (a taken action position, say). A SQLite database locked by
        another program for longer than ``busy_ms`` raises
        :class:`DatabaseLocked` instead (nothing was written): that is nobody's
        bad item, and the caller tries them all again later.
        """
        try:
            conn = self._writer()
            if self._sqlite and self._busy_ms != busy_ms:
                # on the driver's connection: SQLAlchemy's would begin a transaction for it
                driver = conn.connection.driver_connection
                assert driver is not None
                driver.execute(f"PRAGMA busy_timeout = {int(busy_ms)}")
                self._busy_ms = busy_ms
            try:
                with conn.begin():
                    results = _write_all(conn, items)
            except Exception:
                # a failed transaction was rolled back and the connection can go on; one that broke (a
                # PostgreSQL server gone, say) is dropped, and the next group gets a fresh one from the pool
                if conn.invalidated or conn.closed:
                    self._close_writer()
                raise
        except Exception as exc:
            if _locked(exc):
                raise DatabaseLocked("the database is locked by another program") from exc
            if len(items) == 1:
                return [(None, _failure(items[0], exc))]
            return [self.write_group([item], busy_ms)[0] for item in items]
        return [(result, None) for result in results]

    def _rows(self, conn: Connection, where: Any, with_actions: bool) -> list[TableRow]:
        out: dict[str, TableRow] = {}
        for r in conn.execute(sa.select(tables_table).where(where).order_by(tables_table.c.created_at)):
            out[r.id] = TableRow(
                id=r.id,
                game=r.game,
                config=dict(r.config),
                seed=int(r.seed),
                first_dealer=r.first_dealer,
                created_at=r.created_at,
                finished_at=r.finished_at,
                result=r.result,
                practice=bool(r.practice),
                quarantine=r.quarantine,
                joined_at=r.joined_at,
                turn_seconds=r.turn_seconds,
                owner=r.owner,
                rematch=r.rematch,
            )
        if not out:
            return []
        ids = list(out)
        for chunk in range(0, len(ids), 500):
            part = ids[chunk : chunk + 500]
            seats = sa.select(seats_table).where(seats_table.c.table_id.in_(part)).order_by(seats_table.c.seat)
            for s in conn.execute(seats):
                out[s.table_id].seats.append(SeatRow(s.seat, s.kind, s.level, s.name, bool(s.open), s.token_hash))
            if with_actions:
                query = (
                    sa.select(
                        actions_table.c.table_id,
                        actions_table.c.seq,
                        actions_table.c.action,
                        actions_table.c.created_at,
                    )
                    .where(actions_table.c.table_id.in_(part))
                    .order_by(actions_table.c.table_id, actions_table.c.seq)
                )
                for a in conn.execute(query):
                    row = out[a.table_id]
                    if row.broken_log:
                        continue
                    if a.seq != len(row.actions):
                        # one table's broken log must not keep the others from loading: the caller sets it aside
                        row.quarantine = f"action {a.seq} follows {len(row.actions)} actions"
                        row.broken_log = True
                        continue
                    row.actions.append(a.action)
                    row.last_action_at = a.created_at
        return list(out.values())

    def load(self, table_id: str) -> TableRow | None:
        """One table with its seats and actions, or None."""
        with self.engine.connect() as conn:
            rows = self._rows(conn, tables_table.c.id == table_id, with_actions=True)
        return rows[0] if rows else None

    def load_unfinished(self) -> list[TableRow]:
        """Every table whose match is still going and that is not set aside, with seats and actions (for a restart)."""
        with self.engine.connect() as conn:
            where = sa.and_(tables_table.c.finished_at.is_(None), tables_table.c.quarantine.is_(None))
            return self._rows(conn, where, with_actions=True)

    def load_set_aside(self) -> list[TableRow]:
        """Every unfinished table an earlier start set aside, with seats and actions (tried again at each start:
        a troef that reads it now brings it back)."""
        with self.engine.connect() as conn:
            where = sa.and_(tables_table.c.finished_at.is_(None), tables_table.c.quarantine.is_not(None))
            return [row for row in self._rows(conn, where, with_actions=True) if not row.broken_log]

    def list_quarantined(self) -> list[tuple[str, str]]:
        """The tables set aside at a start: (id, reason) each."""
        with self.engine.connect() as conn:
            query = sa.select(tables_table.c.id, tables_table.c.quarantine).where(
                tables_table.c.quarantine.is_not(None)
            )
            return [(r.id, r.quarantine) for r in conn.execute(query)]

    def list_finished(self, limit: int = 50) -> list[TableRow]:
        """The most recently finished tables (seats, no actions)."""
        with self.engine.connect() as conn:
            ids = [
                r.id
                for r in conn.execute(
                    sa.select(tables_table.c.id)
                    .where(tables_table.c.finished_at.is_not(None))
                    .order_by(tables_table.c.finished_at.desc())
                    .limit(limit)
                )
            ]
            rows = self._rows(conn, tables_table.c.id.in_(ids), with_actions=False) if ids else []
        rows.sort(key=lambda r: r.finished_at or r.created_at, reverse=True)
        return rows

    def count_actions(self, table_id: str) -> int:
        """How many actions a table has stored."""
        with self.engine.connect() as conn:
            query = sa.select(sa.func.count()).select_from(actions_table).where(actions_table.c.table_id == table_id)
            return int(conn.execute(query).scalar_one())


class AsyncStore:
    """:class:`Store` for the event loop: writes committed in groups, reads on a database thread.

    Actions and other writes (new tables, claimed seats, finished matches)
    that arrive together are committed in one transaction (group commit): an
    action is committed before anybody hears of it, a busy server still
    commits thousands of actions a second, and a new table costs an INSERT,
    not a commit of its own. Where the writes run depends on the database:

    - PostgreSQL: on the database thread, since a commit waits on the network
      (and lets go of the interpreter lock meanwhile).
    - SQLite: on the event loop's own thread, at the end of the loop pass that
      produced them. SQLite works in-process and needs the interpreter lock
      almost throughout, so a thread only added waiting: under load a group
      commit took some 12-30 ms of waiting for the lock, which every action
      in it waited through (measured with ``troef bench server``); inline, it
      takes one or two milliseconds of work. All SQLite writes go this way,
      so they never wait on each other's locks; reads stay on the thread.
      Another program may hold the database's write lock (a ``sqlite3``
      shell, a backup): the loop then waits at most :data:`LOOP_BUSY_MS`, and
      the writes are tried again on the database thread with growing pauses
      (:meth:`_retry_locked`) until the lock is gone or :data:`LOCKED_GIVE_UP`
      seconds have passed (they then fail: the acting player is told). The
      loop keeps serving meanwhile.
    """

    def __init__(self, url: str) -> None:
        self.store = Store(url)
        #: Whether writes run on the event loop's thread (SQLite) rather than the database thread.
        self.inline_writes = self.store.engine.dialect.name == "sqlite"
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="troef-db")
        self._pending: list[tuple[ActionRow | Write, Settled]] = []
        self._writer: asyncio.Task[None] | None = None
        #: SQLite was locked: writes go through this task, off the loop, until the lock is gone.
        self._retrier: asyncio.Task[None] | None = None

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """Run a :class:`Store` method on the database thread (reads, and work before serving starts)."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor, fn, *args)

    async def write(self, write: Callable[..., T], *args: Any) -> T:
        """``write(conn, *args)`` in the next group commit (e.g. :func:`insert_table`); its result once committed.

        Raises what ``write`` raised; the transaction's other writes are then
        committed without it.
        """
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self._queue(lambda conn: write(conn, *args), _resolving(future))
        return await future

    async def write_alone(self, write: Callable[..., T], *args: Any) -> T:
        """``write(conn, *args)`` in a transaction of its own on PostgreSQL (in the next group on SQLite).

        For an UPDATE that several server processes make of the same row at
        about the same time (the first join of a table whose players are on
        several processes): in group commits, two processes' groups that
        update the same two rows in opposite orders deadlock, and PostgreSQL
        breaks the tie only after its ``deadlock_timeout`` (a second), every
        action in both groups waiting through it. Alone, the write holds one
        row's lock and cannot close such a circle. One process on SQLite has
        a single writer and no such circle.
        """
        if self.inline_writes:
            return await self.write(write, *args)
        ((result, error),) = await self.run(self.store.write_group, [lambda conn: write(conn, *args)])
        if error is not None:
            raise error
        return cast("T", result)

    async def append(self, row: ActionRow) -> None:
        """Commit one action; returns once it is in the database, raises :class:`StorageError` if not."""
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._queue(row, _resolving(future))
        await future

    def append_soon(self, row: ActionRow, settled: Callable[[StorageError | None], None]) -> None:
        """Commit one action with the others of this loop pass; then ``settled`` is called (never from here).

        It gets None once the row is in the database, or the :class:`StorageError` if it could not be stored.
        """
        self._queue(row, lambda _result, error: settled(cast("StorageError | None", error)))

    def _queue(self, item: ActionRow | Write, settled: Settled) -> None:
        self._pending.append((item, settled))
        if self._retrier is not None:  # the database is locked: the retrying task takes it
            return
        if self.inline_writes:
            if len(self._pending) == 1:  # the first of this loop pass: commit them all once it is done
                asyncio.get_running_loop().call_soon(self._commit_pending)
        elif self._writer is None or self._writer.done():
            self._writer = asyncio.get_running_loop().create_task(self._drain())

    def _commit_pending(self) -> None:
        if not self._pending or self._retrier is not None:  # close() or the retrying task got there first
            return
        batch, self._pending = self._pending, []
        try:
            outcomes = self.store.write_group([item for item, _ in batch], LOOP_BUSY_MS)
        except DatabaseLocked:
            log.warning("the database is locked by another program; writes wait for it off the event loop")
            self._pending = batch + self._pending
            self._retrier = asyncio.get_running_loop().create_task(self._retry_locked())
            return
        self._settle(batch, outcomes)

    async def _retry_locked(self) -> None:
        """Write what waits on the database thread, with growing pauses, while SQLite is locked."""
        pause = 0.02
        give_up = time.monotonic() + LOCKED_GIVE_UP
        try:
            while self._pending:
                batch, self._pending = self._pending, []
                try:
                    outcomes = await self.run(self.store.write_group, [item for item, _ in batch], THREAD_BUSY_MS)
                except DatabaseLocked:
                    if time.monotonic() < give_up:
                        self._pending = batch + self._pending
                        await asyncio.sleep(pause)
                        pause = min(2 * pause, 0.5)
                        continue
                    log.warning("the database stayed locked; %d writes failed", len(batch))
                    error = StorageError("the database is busy (locked by another program); nothing changed: try again")
                    outcomes = [(None, error)] * len(batch)
                    give_up = time.monotonic() + LOCKED_GIVE_UP
                except Exception as exc:  # the thread's own failure: each write hears of it
                    outcomes = [(None, exc)] * len(batch)
                self._settle(batch, outcomes)
        finally:
            self._retrier = None
        log.info("the database is writable again")

    async def _drain(self) -> None:
        while self._pending:
            batch, self._pending = self._pending, []
            outcomes = await self.run(self.store.write_group, [item for item, _ in batch])
            self._settle(batch, outcomes)

    def _settle(
        self, batch: list[tuple[ActionRow | Write, Settled]], outcomes: list[tuple[Any, Exception | None]]
    ) -> None:
        """Tell each write of ``batch`` how it ended."""
        for (item, settled), (result, error) in zip(batch, outcomes, strict=True):
            try:
                settled(result, error)
            except Exception:  # one failing callback must not keep the others from hearing
                where = f"table {item.table_id}" if isinstance(item, ActionRow) else "a write"
                log.exception("serving the outcome of %s failed", where)

    async def close(self) -> None:
        """Wait for pending writes, then release the database."""
        for task in (self._writer, self._retrier):
            if task is not None:
                await asyncio.gather(task, return_exceptions=True)
        self._commit_pending()
        await self.run(self.store.close)
        self._executor.shutdown(wait=True)


#: Told how a queued write ended: its result, or the error (then the result is None).
Settled = Callable[[Any, Exception | None], None]


def _resolving(future: asyncio.Future[Any]) -> Settled:
    """A :data:`Settled` that resolves ``future`` with the write's result or error (if nobody cancelled it)."""

    def settled(result: Any, error: Exception | None) -> None:
        if future.done():
            return
        if error is None:
            future.set_result(result)
        else:
            future.set_exception(error)

    return settled
