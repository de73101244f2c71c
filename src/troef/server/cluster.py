"""Several ``troef serve`` processes on one PostgreSQL database, serving the same tables.

A player may connect to any process and play any table. Three things keep
the processes in step, all of them PostgreSQL's own:

- **Order.** Every action is a row of the action log at its table's next
  position, and ``(table_id, seq)`` is the log's primary key: of two
  processes offering an action at the same position, the database takes one
  and refuses the other (its player is told; nothing changed). An action is
  acknowledged only once committed, so none is lost or applied twice.
- **News.** A trigger (migrations 0006, 0008) sends ``NOTIFY troef_actions``
  with the table, position and action of every stored action, at commit.
  Each process LISTENs; one that holds a table in memory and is one action
  behind applies it from the notice (:meth:`Cluster._heard_action`); one
  further behind, or with an action of its own in flight, reads the new rows
  of the log (:meth:`Cluster._catch_up`, one query for all the tables behind)
  and applies them. Either way it then sends each of its connections the
  frame built from that connection's own view, as for an action of its own.
  Changed seats (a seat claimed in the lobby, a guest's seat moved to an
  account, an account deleted) are announced on ``troef_seats``: a process
  reads the seats of a table it holds again, and forgets the row it kept of
  a finished one (:meth:`~troef.server.finished.FinishedMatches.seats_changed`).
- **One runner per table.** Computer players and turn timers of a table run
  in exactly one process: the holder of the table's *lease*, a session-level
  PostgreSQL advisory lock held on a connection of its own
  (:meth:`Cluster._take`). A process that dies loses its connection and with
  it every lease at once (the operating system closes the socket of a killed
  process; for a lost machine, PostgreSQL's TCP keepalives, see
  docs/deploy.md). Every :data:`LEASE_PERIOD` seconds each process tries the
  leases of the tables it holds without one, and adopts tables nobody holds
  (:meth:`Cluster._adopt`): a lost process's tables play on within a few
  seconds. A process that loses its lease connection stops running every
  table at once. Other processes keep the tables their clients are at as
  *followers*: no bots, no timers, only news.

- **Presence.** Each process keeps a row of ``troef_presence`` (migration
  0007) per seat somebody is connected on through it, under its *node*: a
  number whose advisory lock its presence connection holds
  (:meth:`Cluster._presence_conn_ready`). A trigger announces every change
  on ``troef_presence``; the others read the table's rows whose node's lock
  is held (a lost process's rows count for nothing at once, and any process
  deletes them at its next lease round) into the table's ``remote`` seats.
  So a seat counts as connected, for the presence shown, for the creator's
  ``standin`` (absent means connected nowhere) and for abandoned tables,
  wherever its player is connected.
- **The runner follows the players.** A process that runs a table nobody
  is connected to through it, while somebody is through another, gives the
  lease up and announces it free on ``troef_standins``; a process with the
  players takes it (:meth:`Cluster._hand_over`). So with the proxy's routing
  by table one process applies a table's actions, not two.
- **Requests for the runner.** Stand-ins are the runner's: a ``standin`` or
  ``reclaim`` that reaches a follower is checked there and passed to the
  runner on ``troef_standins`` (:meth:`Cluster.ask`), which checks again and
  makes the change; the runner announces the stand-in seats of a table on the
  same channel after every change, and each follower keeps a copy (with the
  same computer players, so that a follower that takes the lease over plays
  them on). A rematch is stored once in ``troef_tables.rematch``
  (:func:`troef.server.writes.set_rematch`): whichever process is asked, all
  players get the one new table, and a trigger announces it on
  ``troef_rematch`` to the players of every process.

The hub's tables carry ``runner`` (:class:`~troef.server.live.LiveTable`):
True on a single server; here True only while this process holds the lease.
The lobby lists the open tables of every process (:meth:`Cluster.load_open`).
What stays per process: the lobby's list of live tables to watch (this
process's tables), and the turn timer's count (each process counts for its
own players; the runner's decides).
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Iterable
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, Final

import psycopg
from sqlalchemy.engine import make_url

from troef.server.live import LiveTable

if TYPE_CHECKING:
    from troef.server.tables import Hub

log = logging.getLogger("troef.server")

#: Seconds between two rounds of taking free leases (and releasing those of tables gone from memory):
#: a lost process's tables are run again this long after PostgreSQL notices the loss, at the latest.
LEASE_PERIOD: Final = 2.0
#: The first key of every table lease's advisory lock (the second is ``hashtext`` of the table's id).
LEASE_CLASS: Final = 0x74726F65  # "troe"
#: Tables without a lease this process adopts per round (its fair share of a lost process's comes in a few).
ADOPT_PER_ROUND: Final = 200
#: Seconds between two checks of a table that is behind but has an action of its own in flight.
BUSY_RECHECK: Final = 0.005

_TAKE: Final = "SELECT k FROM unnest(%s::text[]) AS k WHERE pg_try_advisory_lock(%s, hashtext(k))"
_RELEASE: Final = "SELECT pg_advisory_unlock(%s, hashtext(k)) FROM unnest(%s::text[]) AS k"
#: Unfinished tables used within the idle time whose lease no other session holds. The leases held
#: and this process's own tables are each read once and hashed (``NOT IN`` a subquery): a correlated
#: anti-join read every lock again for every table, about 120 ms a round at 2000 tables.
_ORPHANS: Final = """
SELECT t.id FROM troef_tables t
WHERE t.finished_at IS NULL AND t.quarantine IS NULL
  AND t.id NOT IN (SELECT unnest(%(mine)s::text[]))
  AND (t.created_at > now() - %(idle)s * interval '1 second'
       OR t.joined_at > now() - %(idle)s * interval '1 second'
       OR EXISTS (SELECT 1 FROM troef_actions a
                  WHERE a.table_id = t.id AND a.created_at > now() - %(idle)s * interval '1 second'))
  AND hashtext(t.id)::oid NOT IN (
      SELECT l.objid FROM pg_locks l
      WHERE l.locktype = 'advisory' AND l.granted AND l.pid <> pg_backend_pid()
        AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
        AND l.classid = %(cls)s::oid AND l.objsubid = 2)
ORDER BY t.created_at
LIMIT %(limit)s
"""
_NEW_ROWS: Final = """
SELECT a.table_id, a.seq, a.action
FROM unnest(%s::text[], %s::int[]) AS w(id, v)
JOIN troef_actions a ON a.table_id = w.id AND a.seq >= w.v
ORDER BY a.table_id, a.seq
"""
_SEATS: Final = "SELECT seat, name, token_hash FROM troef_seats WHERE table_id = %s"
#: Recent unfinished tables with a seat open to the lobby that nobody has taken.
_OPEN: Final = """
SELECT t.id FROM troef_tables t
WHERE t.finished_at IS NULL AND t.quarantine IS NULL AND NOT t.practice
  AND t.id NOT IN (SELECT unnest(%(mine)s::text[]))
  AND t.created_at > now() - %(idle)s * interval '1 second'
  AND EXISTS (SELECT 1 FROM troef_seats s WHERE s.table_id = t.id AND s.open AND s.token_hash IS NULL)
ORDER BY t.created_at DESC
LIMIT %(limit)s
"""
#: Open tables of other processes one lobby request loads (to list them).
LOBBY_OPEN: Final = 50
#: The first key of every process's node lock (the second is its node number: see ``troef_presence``).
NODE_CLASS: Final = 0x70726573  # "pres"

#: The node numbers whose lock is held: their processes are alive.
_LIVE_NODES: Final = f"""
SELECT l.objid::bigint FROM pg_locks l
WHERE l.locktype = 'advisory' AND l.granted AND l.classid = {NODE_CLASS}::oid AND l.objsubid = 2
  AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
"""
_PRESENT: Final = (
    "INSERT INTO troef_presence (table_id, seat, node) SELECT t, s, %s FROM unnest(%s::text[], %s::int[]) AS u(t, s) "
    "ON CONFLICT DO NOTHING"
)
_ABSENT: Final = (
    "DELETE FROM troef_presence WHERE node = %s AND (table_id, seat) IN "
    "(SELECT t, s FROM unnest(%s::text[], %s::int[]) AS u(t, s))"
)
_NOTIFY: Final = "SELECT pg_notify(c, p) FROM unnest(%s::text[], %s::text[]) WITH ORDINALITY AS u(c, p, n) ORDER BY n"
#: Seats connected through other live processes, of some tables.
_REMOTE: Final = f"""
SELECT p.table_id, p.seat FROM troef_presence p
WHERE p.table_id = ANY(%s::text[]) AND p.node <> %s AND p.node IN ({_LIVE_NODES})
"""
#: The rows of processes that are gone (deleting them announces their seats' absence).
_PURGE: Final = f"DELETE FROM troef_presence WHERE node NOT IN ({_LIVE_NODES})"


def conninfo(url: str) -> str:
    """The libpq connection string of a SQLAlchemy PostgreSQL URL (``postgresql+psycopg://...``)."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


def clustered(url: str) -> bool:
    """Whether a server on ``url`` shares its tables with other processes (PostgreSQL: yes; SQLite: no)."""
    return make_url(url).get_backend_name() == "postgresql"


class Cluster:
    """This process's part in serving one PostgreSQL database's tables together with other processes."""

    def __init__(self, hub: Hub, url: str) -> None:
        self.hub = hub
        self.dsn = conninfo(url)
        #: Tables whose lease this process holds.
        self.leased: set[str] = set()
        #: Tables in memory to try the lease of at the end of this loop pass.
        self._due: set[str] = set()
        #: Tables that may be behind the log: the highest position heard of.
        self._behind: dict[str, int] = {}
        #: Tables whose new rows are being read right now.
        self._reading: set[str] = set()
        self._seats_due: set[str] = set()
        self._wake = asyncio.Event()
        self._lease_conn: psycopg.AsyncConnection[Any] | None = None
        self._read_conn: psycopg.AsyncConnection[Any] | None = None
        self._listen_conn: psycopg.AsyncConnection[Any] | None = None
        self._lease_lock = asyncio.Lock()
        self._tasks: list[asyncio.Task[None]] = []
        self._flush_due = False
        #: This process's node number (its presence rows are under it) while its presence connection holds its lock.
        self.node = 0
        self._presence_conn: psycopg.AsyncConnection[Any] | None = None
        #: Seats whose presence row is to be written (True) or deleted (False), in the next write.
        self._present_due: dict[tuple[str, int], bool] = {}
        #: Notices to send, in order: (channel, payload).
        self._notes: list[tuple[str, str]] = []
        #: Check the presence connection and purge lost processes' rows at the next write.
        self._purge_due = False
        self._out_wake = asyncio.Event()
        #: Tables whose seats connected elsewhere are to be read.
        self._remote_due: set[str] = set()
        hub.admit_listeners.append(self._admitted)

    # ------------------------------------------------------------------ life cycle
    async def start(self) -> None:
        """Connect, LISTEN, and start the lease rounds and the catching up (before the hub loads tables)."""
        self._lease_conn = await psycopg.AsyncConnection.connect(self.dsn, autocommit=True)
        self._read_conn = await psycopg.AsyncConnection.connect(self.dsn, autocommit=True)
        await self._connect_listener()
        await self._presence_conn_ready()
        self._purge_due = True
        self._tasks = [
            asyncio.create_task(self._listen()),
            asyncio.create_task(self._catch_up_loop()),
            asyncio.create_task(self._lease_rounds()),
            asyncio.create_task(self._write_loop()),
        ]
        self._out_wake.set()

    async def stop(self) -> None:
        """Stop, and give every lease back (closing the connection releases them)."""
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        for conn in (self._listen_conn, self._read_conn, self._lease_conn, self._presence_conn):
            if conn is not None:
                try:
                    await conn.close()
                except Exception:  # it is going away either way
                    log.debug("closing a cluster connection failed", exc_info=True)
        self._lost_leases()

    async def _connect_listener(self) -> None:
        conn = await psycopg.AsyncConnection.connect(self.dsn, autocommit=True)
        await conn.execute("LISTEN troef_actions")
        for channel in ("troef_seats", "troef_presence", "troef_standins", "troef_rematch"):
            await conn.execute(f"LISTEN {channel}")
        self._listen_conn = conn

    # ------------------------------------------------------------------ news
    def _admitted(self, table: LiveTable) -> None:
        """A table came into memory: it runs only once its lease is ours; check it against the log."""
        table.runner = False
        self._due.add(table.id)
        self.behind(table.id, table.version)
        self._remote_due.add(table.id)  # who is connected to it elsewhere
        if table.owner is not None or table.turn_seconds is not None:  # it may have stand-ins: ask the runner
            self.ask(table, "sync", -1)
        if not self._flush_due:
            self._flush_due = True
            asyncio.get_running_loop().call_soon(self._flush)

    def _flush(self) -> None:
        self._flush_due = False
        ids, self._due = self._due, set()
        self.hub._spawn(self._take(ids))

    def behind(self, table_id: str, seq: int) -> None:
        """The log of ``table_id`` has an action at ``seq``: catch up if this process has not applied it."""
        if seq > self._behind.get(table_id, -1):
            self._behind[table_id] = seq
        self._wake.set()

    async def _listen(self) -> None:
        while True:
            try:
                if self._listen_conn is None or self._listen_conn.closed:
                    await self._connect_listener()
                    for table in self.hub.tables.values():  # notices may have been missed meanwhile
                        self.behind(table.id, table.version)
                        self._remote_due.add(table.id)
                assert self._listen_conn is not None
                async for note in self._listen_conn.notifies():
                    if note.channel == "troef_actions":
                        self._heard_action(note.payload)
                    elif note.channel == "troef_seats":
                        self.hub.seats_changed(note.payload)  # a finished match's kept row, too
                        if note.payload in self.hub.tables:
                            self._seats_due.add(note.payload)
                            self._wake.set()
                    else:
                        self._heard(note.channel, note.payload)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # the database went away: listen again once it is back
                log.warning("the cluster's LISTEN connection failed (%s); reconnecting", type(exc).__name__)
                await self._close(self._listen_conn)
                self._listen_conn = None
                await asyncio.sleep(1.0)

    def _heard_action(self, payload: str) -> None:
        """A stored action's notice, ``'<table id> <seq> <action>'`` (migration 0008; or without the action).

        A table that is exactly one action behind and has none of its own in
        flight applies it from the notice. Otherwise the log is read: an action
        of its own in flight may be this very row (its writer applies it once
        the commit is acknowledged), and a table further behind needs the rows
        before it. Notices of the actions this process applied itself find
        the table past them and are dropped.
        """
        table_id, _, rest = payload.partition(" ")
        table = self.hub.tables.get(table_id)
        if table is None:
            return
        seq_text, carried, action = rest.partition(" ")
        seq = int(seq_text)
        if seq < table.version:
            return
        if carried and seq == table.version and not table.busy and table_id not in self._behind:
            self._apply(table, ((seq, action),))
        else:
            self.behind(table_id, seq)

    async def _catch_up_loop(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            try:
                await self._catch_up()
                await self._reload_seats()
                await self._reload_remote()
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("catching up with the log failed (%s); trying again", type(exc).__name__)
                await self._close(self._read_conn)
                self._read_conn = None
                await asyncio.sleep(0.5)
                self._wake.set()

    async def _reader(self) -> psycopg.AsyncConnection[Any]:
        if self._read_conn is None or self._read_conn.closed:
            self._read_conn = await psycopg.AsyncConnection.connect(self.dsn, autocommit=True)
        return self._read_conn

    async def _catch_up(self) -> None:
        """Read and apply the actions other processes stored, for every table that is behind.

        A table with an action of its own in flight waits until that is
        settled (the log may hold the very row: applying it here too would
        apply it twice); its check comes again a moment later.
        """
        while self._behind:
            wanted: dict[str, int] = {}
            for table_id, seq in list(self._behind.items()):
                table = self.hub.tables.get(table_id)
                if table is None or table.version > seq:
                    del self._behind[table_id]
                elif not table.busy:
                    wanted[table_id] = table.version
            if not wanted:
                if self._behind:  # only tables with an action in flight: look again shortly
                    await asyncio.sleep(BUSY_RECHECK)
                continue
            for table_id in wanted:
                del self._behind[table_id]
            self._reading.update(wanted)
            try:
                conn = await self._reader()
                cur = await conn.execute(_NEW_ROWS, (list(wanted), list(wanted.values())))
                rows: dict[str, list[tuple[int, str]]] = {}
                for table_id, seq, action in await cur.fetchall():
                    rows.setdefault(table_id, []).append((seq, action))
            except BaseException:
                for table_id, start in wanted.items():  # tried again once the connection is back
                    self._behind.setdefault(table_id, start)
                raise
            finally:
                self._reading.difference_update(wanted)
            for table_id, start in wanted.items():
                table = self.hub.tables.get(table_id)
                if table is None:
                    continue
                if table.busy or table.version != start:  # an action of its own came meanwhile: look again
                    self.behind(table_id, start)
                    continue
                self._apply(table, rows.get(table_id, ()))

    def _apply(self, table: LiveTable, rows: Iterable[tuple[int, str]]) -> None:
        """Apply another process's stored actions to ``table`` in order, then serve them as the hub does its own."""
        hub = self.hub
        applied = 0
        try:
            for seq, action in rows:
                if seq != table.version:
                    continue
                table.game.apply(table.match, action)
                table.actions.append(action)
                applied += 1
        except Exception:
            log.exception("table %s: a stored action cannot be applied; it leaves memory", table.id)
            hub.tables.pop(table.id, None)
            return
        if not applied:
            return
        table.touched = time.monotonic()
        hub.broadcast(table)
        if table.over:
            if table.runner:
                hub._spawn(hub._finish(table))
            else:
                table.finished_at = datetime.now(UTC)
                if not table.has_connections():
                    hub.tables.pop(table.id, None)
        elif table.runner:
            hub.kick_bots(table)
        hub._arm_timer(table)

    async def _reload_seats(self) -> None:
        """Seats claimed through another process: their names and tokens, from the database."""
        while self._seats_due:
            table_id = self._seats_due.pop()
            table = self.hub.tables.get(table_id)
            if table is None:
                continue
            conn = await self._reader()
            cur = await conn.execute(_SEATS, (table_id,))
            for seat_no, name, token_hash in await cur.fetchall():
                if 0 <= seat_no < len(table.seats):
                    table.seats[seat_no].name = name
                    table.seats[seat_no].token_hash = token_hash
            self.hub._broadcast_presence(table)

    async def load_open(self) -> None:
        """Load the tables with open seats that other processes hold, for the lobby to list them.

        They come in as followed tables and leave memory again at a lease
        round if nobody joins them through this process.
        """
        conn = await self._reader()
        params = {"mine": list(self.hub.tables), "idle": self.hub.idle_seconds, "limit": LOBBY_OPEN}
        cur = await conn.execute(_OPEN, params)
        ids = [row[0] for row in await cur.fetchall()]
        await asyncio.gather(*(self.hub.get_table(table_id) for table_id in ids))

    # ------------------------------------------------------------------ presence and requests
    def present(self, table_id: str, seat: int, here: bool) -> None:
        """Somebody is now connected on ``seat`` through this process (``here``), or nobody any more."""
        self._present_due[(table_id, seat)] = here
        self._out_wake.set()

    def ask(self, table: LiveTable, what: str, seat: int) -> None:
        """Ask the runner of ``table`` to make a change: ``standin`` or ``reclaim`` of ``seat``, or ``sync``."""
        self._notes.append(("troef_standins", f"ask {table.id} {what} {seat}"))
        self._out_wake.set()

    def announce_standins(self, table: LiveTable) -> None:
        """(The runner) tell the other processes which seats of ``table`` computer players stand in for."""
        seats = ",".join(str(seat) for seat in sorted(table.standins))
        self._notes.append(("troef_standins", f"set {table.id} {seats}"))
        self._out_wake.set()

    def _heard(self, channel: str, payload: str) -> None:
        """A notice on ``troef_presence``, ``troef_standins`` or ``troef_rematch``."""
        hub = self.hub
        if channel == "troef_presence":
            table_id, _, node = payload.rpartition(" ")
            if table_id in hub.tables and int(node) != self.node:
                self._remote_due.add(table_id)
                self._wake.set()
        elif channel == "troef_rematch":
            old_id, _, new_id = payload.partition(" ")
            old = hub.tables.get(old_id)
            if old is not None:
                hub.rematch_made(old, new_id)
        else:
            kind, table_id, rest = ([*payload.split(" ", 2), "", ""])[:3]
            table = hub.tables.get(table_id)
            if table is None:
                return
            if kind == "ask" and table.runner:
                what, _, seat_text = rest.partition(" ")
                self._answer(table, what, int(seat_text))
            elif kind == "free" and not table.runner:  # its runner handed it over: run it if we can
                hub._spawn(self._take([table_id]))
            elif kind == "set" and not table.runner:
                seats = {int(seat) for seat in rest.split(",") if seat}
                table.standins = {
                    seat: table.standins.get(seat) or hub.standin_bot(table, seat)
                    for seat in seats
                    if 0 <= seat < len(table.seats)
                }
                hub._broadcast_presence(table)
                hub._arm_timer(table)

    def _answer(self, table: LiveTable, what: str, seat: int) -> None:
        """(The runner) make a change another process asked for, if it still holds."""
        hub = self.hub
        if what == "sync":
            if table.standins:
                self.announce_standins(table)
        elif what == "standin":
            ok = 0 <= seat < len(table.seats) and table.seats[seat].kind == "human"
            if ok and not table.over and seat not in table.standins and not table.connected(seat):
                hub.stand_in(table, seat)
        elif what == "reclaim" and seat in table.standins:
            del table.standins[seat]
            hub.standins_changed(table)

    async def _reload_remote(self) -> None:
        """Read which seats of the tables due are connected through other (live) processes."""
        if not self._remote_due:
            return
        ids = [table_id for table_id in self._remote_due if table_id in self.hub.tables]
        self._remote_due.clear()
        if not ids:
            return
        conn = await self._reader()
        cur = await conn.execute(_REMOTE, (ids, self.node))
        found: dict[str, set[int]] = {}
        for table_id, seat in await cur.fetchall():
            found.setdefault(table_id, set()).add(seat)
        now = time.monotonic()
        for table_id in ids:
            table = self.hub.tables.get(table_id)
            if table is None:
                continue
            remote = frozenset(found.get(table_id, ()))
            if remote == table.remote:
                continue
            if table.remote - remote:  # somebody left: the abandoned clock counts from now
                table.last_person = now
            table.remote = remote
            self.hub._broadcast_presence(table)
            self.hub.people_came(table)

    async def _presence_conn_ready(self) -> psycopg.AsyncConnection[Any]:
        """The presence connection, holding this process's node lock; a new one writes every seat here again."""
        if self._presence_conn is not None and not self._presence_conn.closed:
            return self._presence_conn
        conn = await psycopg.AsyncConnection.connect(self.dsn, autocommit=True)
        node = self.node or random.SystemRandom().randrange(1, 2**31)
        while True:  # another process holding the same number (unlikely): take another
            cur = await conn.execute("SELECT pg_try_advisory_lock(%s, %s)", (NODE_CLASS, node))
            row = await cur.fetchone()
            if row is not None and row[0]:
                break
            node = random.SystemRandom().randrange(1, 2**31)
        self.node = node
        self._presence_conn = conn
        for table in self.hub.tables.values():  # rows under a lost connection's node may have been purged
            for viewer, conns in table.conns.items():
                if viewer >= 0 and conns:
                    self._present_due[(table.id, viewer)] = True
        return conn

    async def _write_loop(self) -> None:
        while True:
            await self._out_wake.wait()
            self._out_wake.clear()
            try:
                await self._write_out()
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("writing presence to the database failed (%s); reconnecting", type(exc).__name__)
                await self._close(self._presence_conn)
                self._presence_conn = None
                await asyncio.sleep(0.5)
                self._out_wake.set()

    async def _write_out(self) -> None:
        """Write the presence due, send the notices due, and (each lease round) purge lost processes' rows."""
        conn = await self._presence_conn_ready()
        due, self._present_due = self._present_due, {}
        notes, self._notes = self._notes, []
        try:
            here = [key for key, present in due.items() if present]
            gone = [key for key, present in due.items() if not present]
            if here:
                await conn.execute(_PRESENT, (self.node, [k[0] for k in here], [k[1] for k in here]))
            if gone:
                await conn.execute(_ABSENT, (self.node, [k[0] for k in gone], [k[1] for k in gone]))
            if notes:
                await conn.execute(_NOTIFY, ([n[0] for n in notes], [n[1] for n in notes]))
            if self._purge_due:
                self._purge_due = False
                await conn.execute(_PURGE)
        except BaseException:
            for key, present in due.items():  # newer news first: it wins
                self._present_due.setdefault(key, present)
            self._notes[:0] = notes
            raise

    # ------------------------------------------------------------------ leases
    async def _lease_conn_ready(self) -> psycopg.AsyncConnection[Any]:
        if self._lease_conn is None or self._lease_conn.closed:
            self._lost_leases()  # a new session holds none of the old one's locks
            self._lease_conn = await psycopg.AsyncConnection.connect(self.dsn, autocommit=True)
        return self._lease_conn

    def _lost_leases(self) -> None:
        """The lease connection is gone, and every lease with it: run no table any more."""
        for table_id in self.leased:
            table = self.hub.tables.get(table_id)
            if table is not None:
                self._unrun(table)
        self.leased.clear()

    def _unrun(self, table: LiveTable) -> None:
        table.runner = False
        if table.bot_task is not None:
            table.bot_task.cancel()
        if table.timer is not None:
            table.timer.cancel()
            table.timer = None

    async def _take(self, ids: Iterable[str]) -> None:
        """Try the leases of ``ids`` (tables in memory without one); run each table won, once caught up."""
        want = [i for i in ids if i not in self.leased and i in self.hub.tables]
        if not want:
            return
        try:
            async with self._lease_lock:
                conn = await self._lease_conn_ready()
                cur = await conn.execute(_TAKE, (want, LEASE_CLASS))
                won = [row[0] for row in await cur.fetchall()]
                self.leased.update(won)
        except Exception as exc:
            log.warning("taking table leases failed (%s)", type(exc).__name__)
            await self._drop_lease_conn()
            return
        for table_id in won:
            self.hub._spawn(self._run(table_id))

    async def _run(self, table_id: str) -> None:
        """Start running a table whose lease is now ours: first apply what the log has, then bots and timer."""
        table = self.hub.tables.get(table_id)
        if table is None:
            return
        self.behind(table_id, table.version)
        while (table_id in self._behind or table_id in self._reading) and self.hub.tables.get(table_id) is table:
            await asyncio.sleep(BUSY_RECHECK)  # the catching up takes it (it is one query for all)
        if self.hub.tables.get(table_id) is not table or table_id not in self.leased:
            return
        table.runner = True
        log.info("table %s: this process runs it now", table_id)
        if table.over:
            if table.finished_at is None or not table.has_connections():
                await self.hub._finish(table)
            return
        self.hub.kick_bots(table)
        self.hub._arm_timer(table)

    async def _drop_lease_conn(self) -> None:
        conn, self._lease_conn = self._lease_conn, None
        self._lost_leases()
        await self._close(conn)

    async def _lease_rounds(self) -> None:
        while True:
            await asyncio.sleep(LEASE_PERIOD)
            try:
                await self._round()
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("a lease round failed (%s); this process runs no table until it reconnects", exc)
                await self._drop_lease_conn()

    async def _round(self) -> None:
        """Release the leases of tables gone from memory, drop unwatched followed tables, take free leases."""
        hub = self.hub
        self._purge_due = True  # and check the presence connection
        self._out_wake.set()
        gone = [i for i in self.leased if i not in hub.tables]
        async with self._lease_lock:
            conn = await self._lease_conn_ready()
            if gone:
                await conn.execute(_RELEASE, (LEASE_CLASS, gone))
                self.leased.difference_update(gone)
        now = time.monotonic()
        for table in list(hub.tables.values()):
            if (
                not table.runner
                and not table.has_connections()
                and not table.busy
                and not table.waiting
                and now - table.touched > LEASE_PERIOD  # not one just loaded for a player about to join
            ):
                del hub.tables[table.id]  # another process runs it; nobody here watches it
        await self._take([t.id for t in hub.tables.values() if not t.runner])
        room = min(ADOPT_PER_ROUND, hub.max_tables - len(hub.tables))
        if room > 0:
            await self._adopt(room)
        await self._hand_over()

    async def _hand_over(self) -> None:
        """Give up running the tables nobody is connected to through this process but somebody is through another.

        A table is run by the process it was made on, but the proxy sends its
        players to the process its id hashes to (docs/deploy.md): while they
        are all elsewhere, both processes would apply every action. Released
        (between two actions, with no computer player thinking), the lease is
        announced free, and a process the players are connected through takes
        it at once; this one lets the table go. Should none take it, the next
        lease round of any process adopts it.
        """
        hub = self.hub
        tables = [
            t
            for t in (hub.tables.get(table_id) for table_id in self.leased)
            if t is not None
            and t.runner
            and t.remote
            and not t.over
            and not t.has_connections()
            and not t.busy
            and not t.waiting
            and (t.bot_task is None or t.bot_task.done())
        ]
        if not tables:
            return
        for table in tables:  # at once, before any await: no computer player starts meanwhile
            self._unrun(table)
        ids = [t.id for t in tables]
        try:
            async with self._lease_lock:
                conn = await self._lease_conn_ready()
                await conn.execute(_RELEASE, (LEASE_CLASS, ids))
                self.leased.difference_update(ids)
        except Exception as exc:
            log.warning("handing tables over failed (%s); this process runs no table until it reconnects", exc)
            await self._drop_lease_conn()
            return
        for table in tables:
            log.info("table %s: handed over to a process its players are connected through", table.id)
            self._notes.append(("troef_standins", f"free {table.id}"))
            if hub.tables.get(table.id) is table and not table.has_connections() and not table.waiting:
                del hub.tables[table.id]  # nobody here follows it (should nobody take it, a round adopts it)
        self._out_wake.set()

    async def _adopt(self, room: int) -> None:
        """Load tables nobody runs (their process was lost, or they left its memory); their leases follow."""
        async with self._lease_lock:
            conn = await self._lease_conn_ready()
            params = {"mine": list(self.hub.tables), "idle": self.hub.idle_seconds, "cls": LEASE_CLASS, "limit": room}
            cur = await conn.execute(_ORPHANS, params)
            ids = [row[0] for row in await cur.fetchall()]
        for table_id in ids:
            await self.hub.get_table(table_id)  # admitted: its lease is tried at once

    @staticmethod
    async def _close(conn: psycopg.AsyncConnection[Any] | None) -> None:
        if conn is not None:
            try:
                await conn.close()
            except Exception:
                log.debug("closing a cluster connection failed", exc_info=True)
