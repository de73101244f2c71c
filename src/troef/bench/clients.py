"""The load bench's players: a WebSocket client per seat, a driver per table, and the measuring window.

:mod:`troef.bench.server` starts the server processes and runs these against
them. Each :class:`_Seat` plays a random legal action when its state says it
may (at once, or after thinking), and times the action until the state it
made comes back; each :func:`_table_driver` keeps one table in play, making
its next table while it plays; :func:`drive` starts them all, waits until
every table is in play, measures for the window (losing a process halfway
through with ``kill``) and winds them down. The clients are kept light on
purpose: they share the machine with the servers they measure.
"""

from __future__ import annotations

import asyncio
import gc
import os
import random
import time
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

import aiohttp
import orjson
from picows import WSCloseCode, WSError, WSFrame, WSListener, WSMsgType, WSTransport, ws_connect

#: A table that makes no progress for this long counts as stalled (an error).
STALL_SECONDS = 15.0

#: Seconds the drivers may take to wind down after the measuring window.
WIND_DOWN_SECONDS = 30.0
#: How several processes share a table's seats (see :class:`Setup`).
SPREADS: Final = ("seats", "tables")


class BenchError(RuntimeError):
    """The benchmark could not run as asked (it says why); it stopped instead of hanging."""


@dataclass
class Stats:
    """What the clients measured."""

    latencies: list[float] = field(default_factory=list)
    #: Seconds from a seat starting to connect to its WebSocket being open (what a joining player waits).
    connects: list[float] = field(default_factory=list)
    actions: int = 0
    error_messages: dict[str, int] = field(default_factory=dict)
    disconnects: int = 0
    stalls: int = 0
    matches_finished: int = 0
    tables_created: int = 0
    measuring: bool = False


#: Seconds a player whose process was lost keeps trying to reconnect (the browser never gives up).
RECONNECT_SECONDS: Final = 30.0


@dataclass
class Failover:
    """A process lost in the middle of the window (``--failover``): who was hit, and when each played on."""

    #: The addresses of the processes still alive (the lost one leaves it at the kill).
    alive: list[str]
    #: The lost process's address, and when it was killed (``time.perf_counter``; 0: not yet).
    dead: str = ""
    killed_at: float = 0.0
    #: Seconds from the kill until each seat it cut off had its table's state again, rejoined elsewhere
    #: (fewer than the seats cut off when a table ended, or the run did, before they were back).
    served_again: list[float] = field(default_factory=list)
    #: Seats whose connection the kill closed.
    cut_off: int = 0
    #: Cut-off seats that found no live process to rejoin within :data:`RECONNECT_SECONDS`.
    not_reconnected: int = 0
    #: Rejoined seats whose table was behind an action acknowledged to them before (a lost action).
    lost_acks: int = 0
    #: Tables being made through the lost process at the kill (made again through another).
    creates_lost: int = 0
    #: Actions of rejoined seats refused as stale: the process rejoined had not yet heard of the last
    #: action the lost one stored (the player is told, nothing changes, and it acts on the next state).
    stale: int = 0
    #: Tables in play at the kill that went on after it.
    resumed: int = 0
    #: Every table's watch, to count those in play at the kill.
    watches: list[_Watch] = field(default_factory=list)

    def in_play(self) -> int:
        """Tables in play at the kill: made before it, and neither over nor left before it."""
        at = self.killed_at
        return sum(
            1
            for w in self.watches
            if not w.born_after and (not w.over_at or w.over_at > at) and (not w.closed_at or w.closed_at > at)
        )


@dataclass
class _Watch:
    """One table's progress around the kill, shared by its seats."""

    #: The last version any seat saw before the kill.
    version: int = -1
    #: Made after the kill (then it does not count).
    born_after: bool = False
    #: When the table last moved on (``time.perf_counter``), and its longest wait for that since the kill.
    moved_at: float = 0.0
    longest_wait: float = -1.0
    #: When (``time.perf_counter``) a seat saw the match over, and when the driver left the table (0: not yet).
    over_at: float = 0.0
    closed_at: float = 0.0


def _cpu_seconds(pid: int) -> float | None:
    """CPU time (user + system) a process has used so far, from /proc (Linux), or None."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


def cpu_total(pids: Sequence[int]) -> float | None:
    """CPU time all of ``pids`` have used so far, or None if any is unknown."""
    times = [_cpu_seconds(pid) for pid in pids]
    return None if any(t is None for t in times) else sum(t for t in times if t is not None)


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[index]


class _Seat(WSListener):
    """One seat's WebSocket client (picows: frames come to a callback, no task per message).

    It joins with the seat's token and, each time a state says it is its turn,
    sends a random legal action; the time from sending an action to receiving
    the state it produced is one latency sample. The harness is kept light on
    purpose: it shares the machine with the server it measures.
    """

    def __init__(
        self,
        table_id: str,
        token: str,
        rng: random.Random,
        stats: Stats,
        start: asyncio.Event,
        think: float = 0.0,
        failover: Failover | None = None,
        watch: _Watch | None = None,
    ) -> None:
        super().__init__()
        self.think = think
        self.failover = failover
        self.watch = watch
        #: The version of the state that acknowledged this seat's last action.
        self.acked = -1
        #: Cut off by the lost process: since when (``time.perf_counter``), until the table's state is back.
        self.rejoining_since = 0.0
        #: Its process was lost (it rejoined through another).
        self.cut_off = False
        self.closing = False
        self._planned: asyncio.TimerHandle | None = None
        self.table_id = table_id
        self.token = token
        self.rng = rng
        self.stats = stats
        self.start = start
        self.transport: WSTransport | None = None
        self.done: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self.sent_version = -1
        self.sent_at = 0.0
        self.last_progress = time.monotonic()
        self.waiting: dict[str, Any] | None = None
        self._parts: list[bytes] = []
        self._connecting_since = time.perf_counter()

    def on_ws_connected(self, transport: WSTransport) -> None:
        self.transport = transport
        if self.stats.measuring and not self.rejoining_since:
            self.stats.connects.append(time.perf_counter() - self._connecting_since)
        self._send({"v": 1, "type": "join", "table": self.table_id, "token": self.token})

    def _send(self, message: dict[str, Any]) -> None:
        assert self.transport is not None
        self.transport.send(WSMsgType.TEXT, orjson.dumps(message))

    def on_ws_frame(self, transport: WSTransport, frame: WSFrame) -> None:
        kind = frame.msg_type
        if kind == WSMsgType.TEXT and frame.fin:
            self._on_message(orjson.loads(frame.get_payload_as_memoryview()))
        elif kind == WSMsgType.TEXT or kind == WSMsgType.CONTINUATION:  # a fragmented message
            self._parts.append(frame.get_payload_as_bytes())
            if frame.fin:
                data, self._parts = b"".join(self._parts), []
                self._on_message(orjson.loads(data))
        elif kind == WSMsgType.CLOSE:
            transport.send_close(frame.get_close_code())
            transport.disconnect()

    def _on_message(self, msg: dict[str, Any]) -> None:
        kind = msg.get("type")
        if kind == "error":
            code = str(msg.get("code"))
            if code == "stale" and self.cut_off and self.failover is not None:
                # rejoined through a process that had not yet heard of the action its lost process
                # stored last: the refusal says so, nothing changed, and the next state comes
                self.failover.stale += 1
                return
            self.stats.error_messages[code] = self.stats.error_messages.get(code, 0) + 1
            return
        if kind != "state":
            return
        version = int(msg["version"])
        self.last_progress = time.monotonic()
        if self.watch is not None and self.failover is not None:
            self._watch(self.watch, self.failover, version)
        if self.rejoining_since and self.failover is not None:  # rejoined after the loss of its process
            self.failover.served_again.append(time.perf_counter() - self.failover.killed_at)
            if version < self.acked:
                self.failover.lost_acks += 1
            self.rejoining_since = 0.0
        if version == self.sent_version + 1 and self.sent_at:
            if self.stats.measuring:
                self.stats.latencies.append(time.perf_counter() - self.sent_at)
                self.stats.actions += 1
            self.sent_at = 0.0
            self.acked = version
        if msg["match"]["over"]:
            if self.watch is not None and not self.watch.over_at:
                self.watch.over_at = time.perf_counter()
            if not self.done.done():
                self.done.set_result(True)
            self.close()
            return
        if not msg["view"]["legal"]:
            return
        if not self.start.is_set():
            self.waiting = msg  # nobody acts before the clock starts, so this state stays current
            return
        self.act(msg)

    @staticmethod
    def _watch(watch: _Watch, failover: Failover, version: int) -> None:
        """The table moved on (a new version): after the kill, how long it waited for that."""
        if version <= watch.version:
            return
        watch.version = version
        now = time.perf_counter()
        if failover.killed_at and not watch.born_after:
            if watch.longest_wait < 0:
                failover.resumed += 1
            watch.longest_wait = max(watch.longest_wait, now - max(watch.moved_at, failover.killed_at))
        watch.moved_at = now

    def act(self, msg: dict[str, Any]) -> None:
        if self.think > 0:  # a person's pause; the latency is counted from the sending, after it
            if self._planned is not None:  # a state that came again (on rejoining) replaces the one thought about
                self._planned.cancel()
            self._planned = asyncio.get_running_loop().call_later(
                self.think * (0.5 + self.rng.random()), self._act_now, msg
            )
        else:
            self._act_now(msg)

    def _act_now(self, msg: dict[str, Any]) -> None:
        self._planned = None
        if self.transport is None or self.transport.is_disconnected:
            return
        legal = msg["view"]["legal"]
        self.sent_version = int(msg["version"])
        self.sent_at = time.perf_counter()
        self._send({"v": 1, "type": "act", "action": legal[self.rng.randrange(len(legal))], "expect": msg["version"]})

    def release(self) -> None:
        """The clock started: act on a state that arrived before."""
        if self.waiting is not None and self.transport is not None and not self.transport.is_disconnected:
            msg, self.waiting = self.waiting, None
            self.act(msg)

    def close(self) -> None:
        """Close the connection (the closing handshake, then the TCP connection)."""
        self.closing = True
        transport = self.transport
        if transport is not None and not transport.is_disconnected:
            if not transport.is_close_frame_sent:
                transport.send_close(WSCloseCode.OK)
            transport.disconnect()

    def on_ws_disconnected(self, transport: WSTransport) -> None:
        if self.done.done():
            return
        if self.rejoining_since and self.transport is None:  # an attempt to rejoin failed: _rejoin tries again
            return
        failover = self.failover
        if not self.closing and failover is not None and failover.killed_at and not self.rejoining_since:
            # its process was lost: rejoin through another, as the browser does (an action in flight
            # is not timed: the player learns on rejoining whether it was stored)
            failover.cut_off += 1
            self.cut_off = True
            self.rejoining_since = time.perf_counter()
            self.sent_at = 0.0
            self.transport = None
            asyncio.get_running_loop().create_task(self._rejoin(failover))
            return
        self.done.set_result(False)

    async def _rejoin(self, failover: Failover) -> None:
        deadline = time.monotonic() + RECONNECT_SECONDS
        while time.monotonic() < deadline and not self.closing:
            url = failover.alive[self.rng.randrange(len(failover.alive))].replace("http://", "ws://") + "/ws"
            try:
                await ws_connect(lambda: self, url, max_frame_size=2**22)
                return
            except (TimeoutError, OSError, WSError):
                await asyncio.sleep(0.1)
        if self.closing:  # its table ended or the run did meanwhile: nothing to rejoin
            return
        failover.not_reconnected += 1
        if not self.done.done():
            self.done.set_result(False)


_JSON: Final = {"Content-Type": "application/json"}


async def _create_table(
    http: aiohttp.ClientSession, base: str, setup: Setup, rng: random.Random, stats: Stats
) -> dict[str, Any]:
    body = {
        "game": setup.game,
        "config": {"preset": setup.preset, "players": setup.players},
        "seats": [
            {"kind": "human", "name": f"p{i}"} if i < setup.players - setup.bots else {"kind": "bot", "level": "random"}
            for i in range(setup.players)
        ],
        "seed": rng.randrange(2**62),
    }
    async with http.post(base + "/api/tables", data=orjson.dumps(body), headers=_JSON) as response:
        if response.status != 200:  # the server's reason, e.g. 503 server_busy
            raise _Refused(f"{response.status} {_error_code(await response.read())}")
        created: dict[str, Any] = orjson.loads(await response.read())
    stats.tables_created += 1
    return created


class _Refused(Exception):
    """The server refused to create a table."""


def _error_code(body: bytes) -> str:
    try:
        return str(orjson.loads(body)["error"]["code"])
    except (orjson.JSONDecodeError, KeyError, TypeError):
        return body[:80].decode(errors="replace")


@dataclass(frozen=True)
class Setup:
    """What every table of a run is."""

    game: str
    preset: str
    players: int
    #: Seconds a client thinks before it acts (0: at once, the server saturated).
    think: float = 0.0
    #: With several processes: ``seats`` puts a table's seats on the processes in turn (every action
    #: crosses the database to the others); ``tables`` puts all of a table's seats on the process its
    #: id hashes to, as the proxy's routing by table does (docs/deploy.md).
    spread: str = "seats"
    #: Seats of each table played by the server's computer players (level random; the last seats).
    bots: int = 0


def _count(stats: Stats, key: str) -> None:
    stats.error_messages[key] = stats.error_messages.get(key, 0) + 1


def seat_urls(bases: Sequence[str], index: int, players: int, spread: str, table_id: str = "") -> list[str]:
    """The WebSocket address of each seat of the ``index``-th driver's table ``table_id``.

    ``seats``: seat ``s`` connects to the ``index + s``-th process, so a table spans the processes;
    ``tables``: every seat connects to the process the table's id hashes to, as the proxy routes
    them (docs/deploy.md) whichever process the table was made through (which then hands it over).
    """
    if spread == "tables":
        return [bases[zlib.crc32(table_id.encode()) % len(bases)].replace("http://", "ws://") + "/ws"] * players
    return [bases[(index + s) % len(bases)].replace("http://", "ws://") + "/ws" for s in range(players)]


async def _table_driver(
    http: aiohttp.ClientSession,
    bases: Sequence[str],
    index: int,
    setup: Setup,
    rng: random.Random,
    stats: Stats,
    start: asyncio.Event,
    stop_at: list[float],
    ready: asyncio.Queue[None],
    failover: Failover | None = None,
) -> None:
    """Keep one table playing: its replacement is created while it plays, so N tables are always in play.

    The ``index``-th driver makes its tables through ``bases[index]`` (modulo their number) and
    connects the seats as :func:`seat_urls` says.
    With ``failover``, only the processes still alive count (``failover.alive``).
    """
    live = failover.alive if failover is not None else bases
    first = True

    def make() -> tuple[asyncio.Future[dict[str, Any]], str]:
        base = live[index % len(live)]
        return asyncio.ensure_future(_create_table(http, base, setup, rng, stats)), base

    upcoming, made_through = make()
    while True:
        try:
            created = await upcoming
        except (aiohttp.ClientError, ValueError, _Refused) as exc:  # counted as an error; the driver tries again
            if failover is not None and failover.killed_at and made_through == failover.dead:
                failover.creates_lost += 1  # asked of the process that was lost: ask another
            else:
                _count(stats, f"create: {exc}" if isinstance(exc, _Refused) else f"create: {type(exc).__name__}")
                await asyncio.sleep(0.5)
            if stop_at[0] and time.monotonic() >= stop_at[0]:
                return
            upcoming, made_through = make()
            continue
        upcoming, made_through = make()
        ws_urls = seat_urls(live, index, setup.players - setup.bots, setup.spread, created["id"])
        tokens = {inv["seat"]: inv["token"] for inv in created["invites"]}
        humans = setup.players - setup.bots
        watch = None
        if failover is not None:
            watch = _Watch(born_after=bool(failover.killed_at))
            failover.watches.append(watch)
        seats = [
            _Seat(created["id"], tokens[s], rng, stats, start, setup.think, failover, watch) for s in range(humans)
        ]
        # the players join at once, each on its own (not one after the other)
        connected = await asyncio.gather(
            *(
                ws_connect(lambda seat=seat: seat, url, max_frame_size=2**22)
                for seat, url in zip(seats, ws_urls, strict=True)
            ),
            return_exceptions=True,
        )
        refused = [c for c in connected if isinstance(c, BaseException)]
        if refused:  # e.g. the server's connection limit: counted, and the driver makes a new table
            _count(stats, f"connect: {type(refused[0]).__name__}")
            for seat in seats:
                seat.close()
            if stop_at[0] and time.monotonic() >= stop_at[0]:
                upcoming.cancel()
                return
            await asyncio.sleep(0.5)
            continue
        if first:
            ready.put_nowait(None)
            first = False
            await start.wait()
            for seat in seats:
                seat.release()
        pending: set[asyncio.Future[bool]] = {seat.done for seat in seats}
        ended = False
        while pending:
            done, pending = await asyncio.wait(pending, timeout=1.0, return_when=asyncio.FIRST_COMPLETED)
            for future in done:
                if future.result():
                    ended = True
                else:
                    stats.disconnects += 1
            if ended or (stop_at[0] and time.monotonic() >= stop_at[0]):
                break
            if time.monotonic() - max(seat.last_progress for seat in seats) > STALL_SECONDS:
                stats.stalls += 1
                break
        for seat in seats:
            seat.close()
        if watch is not None:
            watch.closed_at = time.perf_counter()
        if ended:
            stats.matches_finished += 1
        if stop_at[0] and time.monotonic() >= stop_at[0]:
            upcoming.cancel()
            return


async def drive(
    bases: Sequence[str],
    tables: int,
    seconds: float,
    setup: Setup,
    seed: int,
    server_pids: Sequence[int],
    setup_seconds: float,
    kill: Callable[[int], None] | None = None,
) -> tuple[Stats, float, float | None, float, Failover | None]:
    """Play, measure for ``seconds``; with ``kill``, lose the last process (``kill(index)``) halfway through."""
    stats = Stats()
    failover = Failover(alive=list(bases)) if kill is not None else None
    start = asyncio.Event()
    ready: asyncio.Queue[None] = asyncio.Queue()
    stop_at = [0.0]
    rng = random.Random(seed)
    # a few keep-alive HTTP connections for creating tables, given up before uvicorn closes them (5 s)
    connector = aiohttp.TCPConnector(limit=16, keepalive_timeout=2.0)
    http = aiohttp.ClientSession(connector=connector, timeout=aiohttp.ClientTimeout(total=60.0))
    drivers = [
        asyncio.create_task(
            _table_driver(
                http, bases, i, setup, random.Random(rng.randrange(2**62)), stats, start, stop_at, ready, failover
            )
        )
        for i in range(tables)
    ]
    try:
        # every table must be in play within the setup time: a server that refuses tables or
        # connections (a limit) makes the bench fail saying so, instead of waiting for ever
        setup_end = time.monotonic() + setup_seconds
        in_play = 0
        while in_play < tables:
            try:
                await asyncio.wait_for(ready.get(), max(0.0, setup_end - time.monotonic()))
            except TimeoutError:
                raise BenchError(
                    f"only {in_play} of {tables} tables were in play after {setup_seconds:.0f} s; "
                    f"errors: {stats.error_messages or 'none'}"
                ) from None
            in_play += 1
        await asyncio.sleep(1.0)  # let every client join before the clock starts
        # the harness's own pauses would count as the server's latency: at 1000 tables its clients
        # make a heap whose full collections took 125-180 ms every half second (measured with a gc
        # callback), and the states a thinking client holds made even the younger ones 10-70 ms; the
        # window makes no reference cycles to speak of (the frames are plain JSON), so no collection
        # runs in it
        gc.collect()
        gc.freeze()
        gc.disable()
        stats.measuring = True
        server_cpu = cpu_total(server_pids)
        client_cpu = time.process_time()
        began = time.perf_counter()
        start.set()
        if failover is None or kill is None:
            await asyncio.sleep(seconds)
        else:
            await asyncio.sleep(seconds / 2)
            victim = len(bases) - 1
            failover.dead = failover.alive.pop(victim)
            failover.killed_at = time.perf_counter()
            kill(victim)
            await asyncio.sleep(seconds / 2)
        # the window closes here: what happens while the tables wind down is not counted
        stats.measuring = False
        elapsed = time.perf_counter() - began
        server_after = cpu_total(server_pids)
        client_used = time.process_time() - client_cpu
        stop_at[0] = time.monotonic()
        await asyncio.wait(drivers, timeout=WIND_DOWN_SECONDS)
    finally:
        gc.enable()
        gc.unfreeze()
        stop_at[0] = stop_at[0] or time.monotonic()
        for driver in drivers:
            driver.cancel()
        await asyncio.gather(*drivers, return_exceptions=True)
        await http.close()
    server_used = None if server_cpu is None or server_after is None else server_after - server_cpu
    return stats, elapsed, server_used, client_used, failover
