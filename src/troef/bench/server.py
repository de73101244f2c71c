"""``troef bench server``: many concurrent tables through the real server over loopback WebSockets.

The bench starts ``python -m troef.server`` in a subprocess on a free
loopback port with a fresh SQLite database, creates ``tables`` tables of any
game and rule set (``game``, ``preset``) whose seats are all people, and
connects one WebSocket client per seat. Each
client plays a random legal action as soon as it is its turn (no thinking
time), so the server is kept saturated: then the latency is mostly the queue
of the other tables' actions (Little's law: tables / actions per second), and
the run measures the server's throughput. With ``think`` seconds, each client
thinks 0.5-1.5 times that long before it acts, as people at a table do; the
load is then what that many tables offer, and the latency is the server's at
that load. A table whose match ends is replaced by a new one until the time is up.

It prints actions per second, the p50/p99 time from an action being sent to
its broadcast (the new state) arriving at the same client, how long the
players of new tables waited to connect, and the errors: error messages,
refused actions, lost connections, stalled tables. A table is in play only
once its players are connected, so slow connecting would also mean fewer
tables in play than asked for.

A bench finishes or fails with a clear message (:class:`BenchError`), never
hangs: the server's limits are lifted for the load asked for (connections,
and the tables it holds: finished matches stay in its memory and every
driver creates its next table while one plays, so a run needs far more than
``tables``), every table must be in play within a setup time, and the whole
run within a safety timeout.

With ``processes`` above 1 it starts that many server processes on one
throwaway PostgreSQL cluster (:mod:`troef.bench.pg`; or the PostgreSQL
database given) and plays every table through them: its seats connect to the
processes in turn (``spread="seats"``: each action reaches the other seats'
processes through the database, :mod:`troef.server.cluster`) or all to the
process the table's id hashes to (``"tables"``, as the proxy routes them).
:func:`compare` plays the same tables on one process and then on several;
``failover`` loses a process halfway through the window.

The players themselves (a client per seat, a driver per table, the window)
are :mod:`troef.bench.clients`.
"""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final

from troef.bench.clients import (
    SPREADS,
    WIND_DOWN_SECONDS,
    Failover,
    Setup,
    Stats,
    drive,
    percentile,
)
from troef.bench.clients import (
    BenchError as BenchError,  # raised by run(): callers import it from here
)
from troef.core.errors import TroefError
from troef.games import game as get_game
from troef.games import with_preset

#: The per-connection rate limit the bench's server runs with (messages a second; the default is 20).
RATE_LIMIT = 10000.0
#: Tables the bench's server may hold: lifted like the connection limits, since every finished match
#: stays in its memory for the run and each driver makes its next table while one plays.
MAX_TABLES = 1_000_000
#: Seconds the tables' players may take to be connected, besides a share per table.
SETUP_SECONDS = 60.0
SETUP_SECONDS_PER_TABLE = 0.2


def bench_limits(tables: int, players: int, max_tables: int = MAX_TABLES) -> tuple[str, ...]:
    """The server options of a bench of ``tables`` tables of ``players``: every client is on loopback,
    one address, so the per-client limits are lifted, and the connections and tables it may hold
    are made room for (a table's next one connects while it winds down: twice the seats, and more;
    each driver's next table waits unjoined while its match plays, so up to ``tables`` of them at once, which
    the server's pool of unjoined tables must hold or it pushes the oldest out: ``unknown_table``)."""
    connections = str(max(20000, 3 * tables * players + 100))
    return (
        "--create-rate",
        "0",
        "--max-connections",
        connections,
        "--max-connections-per-client",
        connections,
        "--max-tables",
        str(max_tables),
        "--max-unjoined-tables",
        str(max(1000, 2 * tables + 100)),
    )


def default_timeout(tables: int, seconds: float) -> float:
    """The safety timeout of a whole run: setting up, the measuring window, winding down, and a margin."""
    return SETUP_SECONDS + SETUP_SECONDS_PER_TABLE * tables + seconds + WIND_DOWN_SECONDS + 30.0


def free_port() -> int:
    """A free TCP port on the loopback interface."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start_server(
    port: int,
    db_url: str,
    bot_delay: float = 0.0,
    log_level: str = "warning",
    log_path: Path | None = None,
    rate_limit: float | None = None,
    extra: Sequence[str] = (),
) -> subprocess.Popen[bytes]:
    """Start ``python -m troef.server`` and wait until it answers; its output goes to ``log_path``.

    ``extra``: more options (e.g. the limits of ``troef serve --help``).
    """
    cmd = [sys.executable, "-m", "troef.server", "--host", "127.0.0.1", "--port", str(port)]
    cmd += ["--db", db_url, "--bot-delay", str(bot_delay), "--log-level", log_level]
    if rate_limit is not None:
        cmd += ["--rate-limit", str(rate_limit)]
    cmd += list(extra)
    if log_path is None:
        log_path = Path(tempfile.mkdtemp(prefix="troef-server-")) / "server.log"
    with open(log_path, "ab") as log:
        proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            err = log_path.read_text(errors="replace")
            raise RuntimeError(f"the server exited at start: {err[-2000:]}")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/health", timeout=1) as resp:
                if resp.status == 200:
                    return proc
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError("the server did not start within 30 s")


#: The rule set of the tables when none is named, and so their game: pagat (Bonaken, four players), the
#: workload the server's figures are measured on.
PRESET: Final = "pagat"


def tables_of(game: str | None, preset: str | None) -> tuple[str, str]:
    """The game and rule set of the tables: the game of ``preset`` (of :data:`PRESET` when neither is named);
    a named game without a rule set plays :data:`PRESET` if it is its game, else its first."""
    if game is None:
        game = with_preset(preset or PRESET)
    if preset is None:
        preset = PRESET if PRESET in get_game(game).presets() else get_game(game).default_preset
    return game, preset


def run(
    tables: int = 200,
    seconds: float = 20.0,
    preset: str | None = None,
    players: int | None = None,
    seed: int = 2026,
    db: str | None = None,
    game: str | None = None,
    timeout: float | None = None,
    max_tables: int = MAX_TABLES,
    setup_seconds: float | None = None,
    processes: int = 1,
    postgres: bool = False,
    think: float = 0.0,
    spread: str = "seats",
    failover: bool = False,
    bots: int = 0,
) -> dict[str, Any]:
    """Run the load benchmark and return its figures; :class:`BenchError` if it cannot run as asked.

    ``preset`` and ``players`` default to the game's (Bonaken: ``pagat``, 4). ``timeout`` bounds the
    whole run (by default :func:`default_timeout`), ``setup_seconds`` the time until every table is
    in play (by default :data:`SETUP_SECONDS` and :data:`SETUP_SECONDS_PER_TABLE`); ``max_tables``
    is the server's ``--max-tables`` (lifted by default: only a test of the failure sets it).
    ``processes``: server processes sharing the tables (above 1: on PostgreSQL, a throwaway one
    unless ``db`` names one); ``postgres``: a throwaway PostgreSQL even for one process (to compare);
    ``think``: seconds each client thinks before it acts (0: flat out); ``spread``: ``seats`` (every
    table's seats over the processes) or ``tables`` (each table's seats on its own process);
    ``failover``: kill the last process (SIGKILL) halfway through the window; its players rejoin
    through the others, and the result says how long until each had its table again; ``bots``:
    seats of each table the server's computer players play (the last ones; the process that runs
    the table plays them, so a lost process's tables wait for another to take them over).
    """
    from troef.games import game as find_game

    try:
        game, preset = tables_of(game, preset)
        rule_set = find_game(game).preset(preset)
    except TroefError as exc:
        raise BenchError(str(exc)) from None
    players = rule_set.default_players if players is None else players
    if players not in rule_set.players:
        allowed = ", ".join(map(str, rule_set.players))
        raise BenchError(f"{game} {preset} is played by {allowed} players, not {players}")
    if tables < 1 or seconds <= 0:
        raise BenchError("give at least one table and a measuring time above 0 s")
    if not 0 <= think <= 60:
        raise BenchError("give a thinking time from 0 to 60 seconds")
    if spread not in SPREADS:
        raise BenchError(f"spread must be one of {', '.join(SPREADS)}, not {spread!r}")
    if not 0 <= bots < players:
        raise BenchError(f"give from 0 to {players - 1} computer players a table (one seat at least is a client)")
    setup = Setup(game, preset, players, think, spread, bots)
    limit = default_timeout(tables, seconds) if timeout is None else timeout
    if setup_seconds is None:
        setup_seconds = SETUP_SECONDS + SETUP_SECONDS_PER_TABLE * tables
    if processes < 1:
        raise BenchError("give at least one server process")
    if failover and processes < 2:
        raise BenchError("a failover needs at least 2 processes: one to lose, one to play on")
    tmp = tempfile.mkdtemp(prefix="troef-bench-")
    pg: Any = None
    if (processes > 1 or postgres) and db is None:
        from troef.bench.pg import PgCluster, pg_bindir

        bindir = pg_bindir()
        if bindir is None:
            raise BenchError("several processes share a PostgreSQL database: install PostgreSQL's server binaries")
        pg = PgCluster(bindir)
        db = pg.new_database()
    elif processes > 1 and db is not None and not db.startswith("postgresql"):
        raise BenchError("several processes share a PostgreSQL database, not " + db.partition(":")[0])
    db_url = db or f"sqlite:///{Path(tmp) / 'bench.db'}"
    procs: list[subprocess.Popen[bytes]] = []
    bases: list[str] = []
    try:
        # one after the other: the first migrates the database
        for _ in range(processes):
            port = free_port()
            # a seat of a lone table played flat out sends far more than a person's 20 messages a second
            limits = bench_limits(tables, players, max_tables)
            procs.append(start_server(port, db_url, rate_limit=RATE_LIMIT, extra=limits))
            bases.append(f"http://127.0.0.1:{port}")
    except BaseException:
        _stop(procs, pg)
        raise
    try:
        try:
            import uvloop

            runner: Any = uvloop.run
        except ImportError:  # pragma: no cover - uvloop comes with uvicorn[standard]
            runner = asyncio.run

        def kill(index: int) -> None:
            procs[index].kill()  # SIGKILL: no shutdown code runs (reaped when the bench stops)

        async def bounded() -> tuple[Stats, float, float | None, float, Failover | None]:
            pids = [p.pid for p in procs]
            try:
                return await asyncio.wait_for(
                    drive(bases, tables, seconds, setup, seed, pids, setup_seconds, kill if failover else None),
                    limit,
                )
            except TimeoutError:
                raise BenchError(f"the bench did not finish within its safety timeout of {limit:.0f} s") from None

        stats, elapsed, server_cpu, client_cpu, lost = runner(bounded())
    finally:
        _stop(procs, pg)
    lat = stats.latencies
    errors = sum(stats.error_messages.values()) + stats.disconnects + stats.stalls
    if lost is not None:  # (a seat that never rejoined is among the disconnects)
        in_play = lost.in_play()
        errors += lost.lost_acks + max(0, in_play - lost.resumed)
        waits = [w.longest_wait for w in lost.watches if w.longest_wait >= 0]
    result = {
        "game": game,
        "tables": tables,
        "processes": processes,
        "think": think,
        "spread": spread,
        "bots": bots,
        "database": db_url.partition(":")[0].partition("+")[0],
        "preset": preset,
        "players": players,
        "seconds": round(elapsed, 2),
        "actions": stats.actions,
        "actions_per_s": round(stats.actions / elapsed, 1) if elapsed else 0.0,
        "p50_ms": round(percentile(lat, 50) * 1000, 2),
        "p99_ms": round(percentile(lat, 99) * 1000, 2),
        "max_ms": round(max(lat, default=0.0) * 1000, 2),
        "connect_p50_ms": round(percentile(stats.connects, 50) * 1000, 2),
        "connect_p99_ms": round(percentile(stats.connects, 99) * 1000, 2),
        "errors": errors,
        "error_messages": stats.error_messages,
        "disconnects": stats.disconnects,
        "stalls": stats.stalls,
        "matches_finished": stats.matches_finished,
        "tables_created": stats.tables_created,
        "server_cpu_ms_per_action": round(server_cpu / stats.actions * 1000, 3)
        if server_cpu and stats.actions
        else None,
        "client_cpu_ms_per_action": round(client_cpu / stats.actions * 1000, 3) if stats.actions else None,
        "cpus": os.cpu_count(),
        "load_average": list(os.getloadavg()) if hasattr(os, "getloadavg") else None,
    }
    if lost is not None:
        back = lost.served_again
        result["failover"] = {
            "cut_off": lost.cut_off,
            "served_again": len(back),
            "not_reconnected": lost.not_reconnected,
            "lost_acks": lost.lost_acks,
            "creates_lost": lost.creates_lost,
            "stale_after_rejoining": lost.stale,
            "served_again_p50_ms": round(percentile(back, 50) * 1000, 1),
            "served_again_max_ms": round(max(back, default=0.0) * 1000, 1),
            "tables_in_play": in_play,
            "tables_resumed": lost.resumed,
            "longest_wait_p50_ms": round(percentile(waits, 50) * 1000, 1),
            "longest_wait_max_ms": round(max(waits, default=0.0) * 1000, 1),
        }
    return result


def compare(processes: int, **options: Any) -> dict[str, Any]:
    """The same load on one process and on ``processes`` processes, one after the other, on one PostgreSQL.

    Both runs play the same tables (the same seed, game and options: those of :func:`run`) on a
    fresh database each of the same throwaway cluster; ``ratio`` divides the several processes'
    figures by the one process's.
    """
    from troef.bench.pg import PgCluster, pg_bindir

    if processes < 2:
        raise BenchError("a comparison needs at least 2 processes")
    if options.get("db") is not None:
        raise BenchError("a comparison starts its own PostgreSQL: give no database")
    if options.get("failover"):
        raise BenchError("a comparison runs no failover (one process has none): run --failover alone")
    bindir = pg_bindir()
    if bindir is None:
        raise BenchError("several processes share a PostgreSQL database: install PostgreSQL's server binaries")
    pg = PgCluster(bindir)
    try:
        one = run(processes=1, db=pg.new_database(), **options)
        several = run(processes=processes, db=pg.new_database(), **options)
    finally:
        pg.stop()

    def ratio(key: str) -> float | None:
        a, b = one.get(key), several.get(key)
        return round(b / a, 2) if a and b is not None else None

    keys = ("actions_per_s", "p50_ms", "p99_ms", "server_cpu_ms_per_action")
    return {"one": one, "several": several, "ratio": {key: ratio(key) for key in keys}}


def describe_comparison(result: dict[str, Any]) -> str:
    """A comparison's two runs and their ratios as text."""
    r = result["ratio"]
    n = result["several"]["processes"]
    return (
        "one process:\n"
        + describe(result["one"])
        + f"\n\n{n} processes:\n"
        + describe(result["several"])
        + f"\n\n{n} processes / one: actions/s x{r['actions_per_s']}, p50 x{r['p50_ms']}, p99 x{r['p99_ms']}, "
        f"server cpu per action x{r['server_cpu_ms_per_action']}"
    )


def over_target(result: dict[str, Any], max_p99_ms: float | None) -> list[str]:
    """Why a run (or each run of a comparison) misses the target: errors, or a p99 above ``max_p99_ms``."""
    runs = [result["one"], result["several"]] if "several" in result else [result]
    missed = []
    for one in runs:
        where = f"{one['processes']} process(es)"
        if one["errors"]:
            missed.append(f"{where}: {one['errors']} errors")
        if max_p99_ms is not None and one["p99_ms"] > max_p99_ms:
            missed.append(f"{where}: p99 {one['p99_ms']:.1f} ms is above {max_p99_ms:g} ms")
    return missed


def _stop(procs: Sequence[subprocess.Popen[bytes]], pg: Any) -> None:
    """End the bench's server processes, then its throwaway PostgreSQL (if it started one)."""
    for proc in procs:
        proc.send_signal(signal.SIGTERM)
    for proc in procs:
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
    if pg is not None:
        pg.stop()


def describe(result: dict[str, Any]) -> str:
    """The figures as a few lines of text."""
    return (
        f"{result['tables']} tables ({result['game']} {result['preset']}, {result['players']} players, "
        + (f"{result['bots']} of them computer players, " if result.get("bots") else "")
        + f"one client per seat) on {result.get('processes', 1)} server process(es), "
        f"{result.get('database', 'sqlite')} "
        f"for {result['seconds']} s, "
        + (f"players thinking {result['think']} s (0.5-1.5x)\n" if result.get("think") else "played flat out\n")
        + f"actions/s        {result['actions_per_s']:>10.1f}   ({result['actions']} actions)\n"
        f"action->state    p50 {result['p50_ms']:.1f} ms   p99 {result['p99_ms']:.1f} ms   "
        f"max {result['max_ms']:.1f} ms\n"
        f"seat connect     p50 {result['connect_p50_ms']:.1f} ms   p99 {result['connect_p99_ms']:.1f} ms "
        f"(new tables' players joining)\n"
        f"errors           {result['errors']}   (messages {result['error_messages']}, disconnects "
        f"{result['disconnects']}, stalls {result['stalls']})\n"
        f"matches finished {result['matches_finished']}, tables created {result['tables_created']}\n"
        f"cpu per action   server {result['server_cpu_ms_per_action']} ms, "
        f"clients {result['client_cpu_ms_per_action']} ms "
        f"({result['cpus']} cpus, load average {result['load_average']})" + _describe_failover(result.get("failover"))
    )


def _describe_failover(lost: dict[str, Any] | None) -> str:
    if lost is None:
        return ""
    return (
        f"\nfailover         1 process killed halfway; of {lost['tables_in_play']} tables in play, "
        f"{lost['tables_resumed']} played on; a table's longest wait for its next action after the kill: "
        f"p50 {lost['longest_wait_p50_ms']:.0f} ms, max {lost['longest_wait_max_ms']:.0f} ms\n"
        f"                 {lost['cut_off']} seats cut off, "
        f"{lost['served_again']} had their table again after p50 {lost['served_again_p50_ms']:.0f} ms, "
        f"max {lost['served_again_max_ms']:.0f} ms; not reconnected {lost['not_reconnected']}, "
        f"acknowledged actions lost {lost['lost_acks']}, tables made again {lost['creates_lost']}, "
        f"actions refused as stale on rejoining {lost['stale_after_rejoining']}"
    )
