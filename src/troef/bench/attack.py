"""``troef bench server --attack``: live tables' ping latency, quiet and then under the attacks of an outside probe.

One run, one server on loopback with the limits of a small public server
(:data:`SERVER_LIMITS`). Live tables of people (each table its own network,
``127.0.1.x``) play at a person's pace and ping the server five times a
second. The run measures their ping round trips while nothing else happens
(*quiet*), then while these attack it at once (*attack*), each from
addresses of its own:

1. one address makes tournaments and opens their rounds online, every player
   absent (``127.0.2.1``);
2. ten addresses make tables and watch them (connect, join, close) (``127.0.3.x``);
3. ten addresses hold every connection they may: request heads trickled and
   sockets watching the live tables, each reopened as the server cuts it
   (``127.0.4.x``);
4. forty addresses each ask a fair analysis (or a replay with open cards) of a
   finished deal every second (``127.0.5.x``).

Meanwhile every player drops its connection once and comes back, and a new
visitor (a new address) loads the games list twice a second. The report: the
ping p50/p99 of both phases and their ratio, and what was refused to players
(which must be nothing) and visitors, and to each attack.
"""

from __future__ import annotations

import asyncio
import json
import random
import shutil
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from troef.bench.clients import cpu_total, percentile
from troef.bench.server import PRESET, BenchError, free_port, start_server
from troef.games import with_preset

#: The server's limits: a small public server (others at their defaults: ``troef serve --help``).
SERVER_LIMITS: Final = (
    "--max-tables",
    "40",
    "--max-connections",
    "200",
    "--max-connections-per-client",
    "20",
    "--reserved-connections",
    "20",
    "--header-timeout",
    "10",
)
#: Seconds from the attack's start after which it is measured again on its own ("settled").
SETTLE: Final = 5.0
HUMANS4: Final = [{"kind": "human", "name": f"p{i}"} for i in range(4)]
BOTS4: Final = [{"kind": "bot", "level": "random", "name": f"b{i}"} for i in range(4)]


@dataclass
class Phase:
    """What the players saw in one phase."""

    pings: list[float] = field(default_factory=list)
    #: When (``time.perf_counter``) each ping's answer came.
    answered: list[float] = field(default_factory=list)
    refused: Counter[str] = field(default_factory=Counter)

    def since(self, moment: float) -> Phase:
        """The pings answered from ``moment`` on."""
        kept = [(p, t) for p, t in zip(self.pings, self.answered, strict=True) if t >= moment]
        return Phase([p for p, _ in kept], [t for _, t in kept], self.refused)

    def summary(self) -> dict[str, Any]:
        ms = [1000 * p for p in self.pings]
        return {
            "pings": len(ms),
            "p50_ms": round(percentile(ms, 50), 2) if ms else None,
            "p99_ms": round(percentile(ms, 99), 2) if ms else None,
            "max_ms": round(max(ms), 2) if ms else None,
            "players_refused": dict(self.refused),
        }


@dataclass
class Run:
    port: int
    phase: Phase
    stop: asyncio.Event = field(default_factory=asyncio.Event)
    attacks: dict[str, Counter[str]] = field(default_factory=dict)
    visitors: Counter[str] = field(default_factory=Counter)

    def count(self, attack: str, outcome: object) -> None:
        self.attacks.setdefault(attack, Counter())[str(outcome)] += 1


async def http(
    port: int,
    method: str,
    path: str,
    body: Any = None,
    source: str = "127.0.0.1",
    headers: dict[str, str] | None = None,
) -> tuple[int, Any]:
    """One HTTP/1.1 request from ``source``: its status (0: no answer) and its JSON body (or None)."""
    data = b"" if body is None else json.dumps(body).encode()
    head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Length: {len(data)}\r\n"
    if body is not None:
        head += "Content-Type: application/json\r\n"
    for name, value in (headers or {}).items():
        head += f"{name}: {value}\r\n"
    try:
        async with asyncio.timeout(60):
            reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))
            try:
                writer.write(head.encode() + b"\r\n" + data)
                raw = await reader.read()
            finally:
                writer.close()
    except (OSError, TimeoutError):
        return 0, None
    status_line, _, rest = raw.partition(b"\r\n")
    parts = status_line.split(b" ")
    if len(parts) < 2 or not parts[1].isdigit():
        return 0, None
    payload = rest.partition(b"\r\n\r\n")[2]
    try:
        return int(parts[1]), json.loads(payload)
    except ValueError:
        return int(parts[1]), None


async def _ws(port: int, source: str) -> Any:
    from websockets.asyncio.client import connect

    return await connect(
        f"ws://127.0.0.1:{port}/ws", local_addr=(source, 0), open_timeout=20, close_timeout=2, compression=None
    )


def _refusal(exc: BaseException) -> str:
    response = getattr(exc, "response", None)
    status = getattr(response, "status_code", None)
    return str(status) if status is not None else type(exc).__name__


# ---------------------------------------------------------------------- players
async def player(
    run: Run, table: str, token: str, source: str, rng: random.Random, reconnect_at: asyncio.Event
) -> None:
    """A person at a live table: acts at a person's pace, pings five times a second, comes back when cut."""
    reconnected = False
    while not run.stop.is_set():
        try:
            ws = await _ws(run.port, source)
        except Exception as exc:
            run.phase.refused[f"connect {_refusal(exc)}"] += 1
            await asyncio.sleep(0.2)
            continue
        try:
            await _play(run, ws, table, token, rng, None if reconnected else reconnect_at)
            reconnected = reconnected or reconnect_at.is_set()
        except Exception as exc:
            if not run.stop.is_set():
                run.phase.refused[f"dropped {_refusal(exc)}"] += 1
        finally:
            await ws.close()


async def _play(
    run: Run, ws: Any, table: str, token: str, rng: random.Random, reconnect_at: asyncio.Event | None
) -> None:
    """One connection of a player: until the run stops, or ``reconnect_at`` is set (its connection drops)."""
    sent: dict[int, float] = {}

    async def pinger() -> None:
        ref = 0
        while True:
            await asyncio.sleep(0.2)
            ref += 1
            sent[ref] = time.perf_counter()
            await ws.send(json.dumps({"v": 1, "type": "ping", "id": ref}))

    async def act_later(msg: dict[str, Any]) -> None:
        await asyncio.sleep(0.3 + 0.4 * rng.random())
        legal = msg["view"]["legal"]
        await ws.send(json.dumps({"v": 1, "type": "act", "action": rng.choice(legal), "expect": msg["version"]}))

    await ws.send(json.dumps({"v": 1, "type": "join", "table": table, "token": token}))
    pinging = asyncio.create_task(pinger())
    acting: asyncio.Task[None] | None = None
    try:
        async for raw in ws:
            msg = json.loads(raw)
            kind = msg.get("type")
            if kind == "pong" and msg.get("ref") in sent:
                now = time.perf_counter()
                run.phase.pings.append(now - sent.pop(msg["ref"]))
                run.phase.answered.append(now)
            elif kind == "error" and msg.get("code") not in ("stale", "not_your_turn"):
                run.phase.refused[f"error {msg.get('code')}"] += 1
            elif kind == "state" and msg["view"].get("legal") and not msg["match"]["over"]:
                if acting is not None:
                    acting.cancel()
                acting = asyncio.create_task(act_later(msg))
            if run.stop.is_set() or (reconnect_at is not None and reconnect_at.is_set()):
                return
    finally:
        pinging.cancel()
        if acting is not None:
            acting.cancel()


# ---------------------------------------------------------------------- attacks
async def tournaments(run: Run) -> None:
    """Finding 1: one address makes tournaments and opens their rounds online with everybody absent."""
    source = "127.0.2.1"
    while not run.stop.is_set():
        body = {"name": "Open", "rounds": 1, "games_per_round": 1, "final": False}
        status, made = await http(run.port, "POST", "/api/tournaments", body, source)
        run.count("tournament create", status)
        if status != 200:
            await asyncio.sleep(0.05)
            continue
        org = {"x-troef-organiser": made["token"]}
        tid = made["id"]
        names = {"names": [f"Speler {i}" for i in range(1, 201)]}
        await http(run.port, "POST", f"/api/tournaments/{tid}/players", names, source, org)
        await http(run.port, "POST", f"/api/tournaments/{tid}/draw", {}, source, org)
        opened = {"round": 1, "game": 1, "absent": "all", "level": "random"}
        status, answer = await http(run.port, "POST", f"/api/tournaments/{tid}/online", opened, source, org)
        run.count("tournament open", f"{status} {((answer or {}).get('error') or {}).get('code', '')}".strip())


async def watched_tables(run: Run, index: int) -> None:
    """Finding 2: make a table, watch it once (connect, join, close), again and again."""
    source = f"127.0.3.{index + 1}"
    body = {"game": with_preset(PRESET), "config": {"preset": PRESET, "players": 4}, "seats": HUMANS4}
    while not run.stop.is_set():
        status, made = await http(run.port, "POST", "/api/tables", body, source)
        run.count("table create", status)
        if status != 200:
            await asyncio.sleep(0.5)
            continue
        try:
            ws = await _ws(run.port, source)
            await ws.send(json.dumps({"v": 1, "type": "join", "table": made["id"]}))
            await ws.recv()
            await ws.close()
        except Exception as exc:
            run.count("table watch", _refusal(exc))


async def hold_connections(run: Run, index: int, live: list[str]) -> None:
    """Finding 3: hold every connection one address may, trickled heads and watching sockets, reopened when cut."""
    source = f"127.0.4.{index + 1}"

    async def slow_head() -> None:
        while not run.stop.is_set():
            try:
                reader, writer = await asyncio.open_connection("127.0.0.1", run.port, local_addr=(source, 0))
            except OSError:
                run.count("slow head", "refused")
                await asyncio.sleep(0.2)
                continue
            writer.write(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            data = await reader.read(64)  # until the server cuts it (or refuses it)
            refused = data.startswith(b"HTTP/1.1 503")
            run.count("slow head", "503" if refused else "cut")
            writer.close()
            await asyncio.sleep(0.05)  # and opens it again

    async def watcher(table: str) -> None:
        while not run.stop.is_set():
            try:
                ws = await _ws(run.port, source)
                await ws.send(json.dumps({"v": 1, "type": "join", "table": table}))
                async for _ in ws:
                    if run.stop.is_set():
                        break
                await ws.close()
                run.count("watcher", "cut")
            except Exception as exc:
                run.count("watcher", _refusal(exc))
            await asyncio.sleep(0.05)

    tasks = [slow_head() for _ in range(10)] + [watcher(live[i % len(live)]) for i in range(10)]
    await asyncio.gather(*tasks)


async def analyses(run: Run, index: int, deals: list[tuple[str, int]], rng: random.Random) -> None:
    """Finding 4: one fair analysis (or replay with open cards) of a finished deal a second, from each address."""
    source = f"127.0.5.{index + 1}"
    await asyncio.sleep(rng.random())
    while not run.stop.is_set():
        table, hand = rng.choice(deals)
        path = f"/api/tables/{table}/" + (f"analysis/{hand}?fair=1" if rng.random() < 0.8 else f"replay/{hand}?open=1")
        started = time.monotonic()
        status, answer = await http(run.port, "GET", path, source=source)
        code = ((answer or {}).get("error") or {}).get("code", "") if isinstance(answer, dict) else ""
        run.count("analysis", f"{status} {code}".strip())
        await asyncio.sleep(max(0.0, 1.0 - (time.monotonic() - started)))


async def visitors(run: Run) -> None:
    """A new visitor (a new address) loads the games list twice a second."""
    n = 0
    while not run.stop.is_set():
        n += 1
        status, _ = await http(run.port, "GET", "/api/games", source=f"127.0.6.{1 + n % 250}")
        run.visitors[str(status)] += 1
        await asyncio.sleep(0.5)


# ---------------------------------------------------------------------- the run
async def _prepare(port: int, tables: int, finished: int) -> tuple[list[dict[str, Any]], list[tuple[str, int]]]:
    live = []
    for k in range(tables):
        body = {"game": with_preset(PRESET), "config": {"preset": PRESET, "players": 4}, "seats": HUMANS4}
        status, made = await http(port, "POST", "/api/tables", body, f"127.0.1.{k + 1}")
        if status != 200:
            raise BenchError(f"a live table could not be made: {status} {made}")
        live.append(made)
    done = []
    for k in range(finished):
        body = {"game": with_preset(PRESET), "config": {"preset": PRESET, "players": 4}, "seats": BOTS4}
        status, made = await http(port, "POST", "/api/tables", body, f"127.0.7.{k + 1}")
        if status != 200:
            raise BenchError(f"a computer players' table could not be made: {status} {made}")
        done.append(made["id"])
    deals: list[tuple[str, int]] = []
    deadline = time.monotonic() + 300
    for table in done:
        while True:
            status, info = await http(port, "GET", f"/api/tables/{table}")
            if status == 200 and info["over"]:
                deals.extend((table, hand) for hand in range(1, int(info["result"]["hands"]) + 1))
                break
            if time.monotonic() > deadline:
                raise BenchError("the computer players' matches did not end within 300 s")
            await asyncio.sleep(0.5)
    # the analyses' worker process starts with the first analysis: before the quiet phase, not in the attack
    table, hand = deals[0]
    status, _ = await http(port, "GET", f"/api/tables/{table}/analysis/{hand}")
    if status != 200:
        raise BenchError(f"an analysis could not be made: {status}")
    return live, deals


async def _attacks(
    port: int, live: list[str], deals: list[tuple[str, int]], start_at: float, seconds: float
) -> dict[str, Any]:
    """Findings 1-4 and the visitors, from ``start_at`` (``time.time()``) for ``seconds``; what each was answered."""
    await asyncio.sleep(max(0.0, start_at - time.time()))
    run = Run(port, Phase())
    import os

    only = os.environ.get("TROEF_ATTACK_ONLY", "1234")
    tasks = [asyncio.create_task(visitors(run))]
    if "1" in only:
        tasks.append(asyncio.create_task(tournaments(run)))
    if "2" in only:
        tasks += [asyncio.create_task(watched_tables(run, i)) for i in range(10)]
    if "3" in only:
        tasks += [asyncio.create_task(hold_connections(run, i, live)) for i in range(10)]
    if "4" in only:
        tasks += [asyncio.create_task(analyses(run, i, deals, random.Random(100 + i))) for i in range(40)]
    await asyncio.sleep(seconds)
    run.stop.set()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return {
        "visitors": dict(run.visitors),
        "attacks": {name: dict(counts) for name, counts in sorted(run.attacks.items())},
    }


def _attack_process(
    port: int, live: list[str], deals: list[tuple[str, int]], start_at: float, seconds: float, out: Any
) -> None:
    """The attackers' own process: their work must not delay the players' clock (it would count as latency).

    It runs at a lower priority (``nice`` 10): the attackers stand for other machines, whose processor is
    not the server's; on this one they take what the server leaves, and the report says how much they sent.
    """
    import os

    os.nice(10)
    out.put(asyncio.run(_attacks(port, live, deals, start_at, seconds)))


async def _measure(port: int, pid: int, tables: int, finished: int, seconds: float) -> dict[str, Any]:
    import multiprocessing

    live, deals = await _prepare(port, tables, finished)
    quiet, attacked = Phase(), Phase()
    run = Run(port, quiet)
    reconnect = asyncio.Event()
    players = [
        asyncio.create_task(
            player(run, made["id"], invite["token"], f"127.0.1.{k + 1}", random.Random(k * 10 + seat), reconnect)
        )
        for k, made in enumerate(live)
        for seat, invite in enumerate(made["invites"])
    ]
    context = multiprocessing.get_context("spawn")
    out = context.Queue()
    start_at = time.time() + 2.0 + seconds  # seated (2 s), then the quiet phase
    attackers = context.Process(
        target=_attack_process, args=(port, [t["id"] for t in live], deals, start_at, seconds, out), daemon=True
    )
    attackers.start()  # it starts up (imports) during the quiet phase
    await asyncio.sleep(2.0)  # everybody seated
    quiet.pings.clear()
    quiet.answered.clear()
    cpu_quiet = cpu_total([pid])
    await asyncio.sleep(max(0.0, start_at - time.time()))
    run.phase = attacked
    attack_started = time.perf_counter()
    cpu_attack = cpu_total([pid])
    await asyncio.sleep(seconds / 2)
    reconnect.set()  # every player's connection drops once, in the thick of it
    await asyncio.sleep(seconds / 2)
    run.stop.set()
    cpu_end = cpu_total([pid])
    for task in players:
        task.cancel()
    await asyncio.gather(*players, return_exceptions=True)
    found = await asyncio.get_running_loop().run_in_executor(None, out.get, True, 60.0)
    attackers.join(timeout=10)
    q, a = quiet.summary(), attacked.summary()
    settled = attacked.since(attack_started + SETTLE).summary()
    ratio = a["p99_ms"] / q["p99_ms"] if q["p99_ms"] and a["p99_ms"] else None
    return {
        "tables": tables,
        "seconds": seconds,
        "quiet": q,
        "attack": a,
        "p99_ratio": round(ratio, 2) if ratio is not None else None,
        # the attack once its first wave is in (all its connections, tables and tournaments arrive at once)
        "attack_settled": settled,
        # the server process's own CPU time in each phase (its worker processes apart): what the attack costs it
        "server_cpu_s": {
            "quiet": round(cpu_attack - cpu_quiet, 2) if cpu_quiet is not None and cpu_attack is not None else None,
            "attack": round(cpu_end - cpu_attack, 2) if cpu_attack is not None and cpu_end is not None else None,
        },
        **found,
        "limits": " ".join(SERVER_LIMITS),
    }


def attack(tables: int = 8, seconds: float = 30.0, finished: int = 12, timeout: float | None = None) -> dict[str, Any]:
    """Run the attack bench (see the module's text) and return its figures."""
    folder = Path(tempfile.mkdtemp(prefix="troef-attack-"))
    port = free_port()
    proc = start_server(
        port, f"sqlite:///{folder / 'troef.db'}", 0.2, "warning", folder / "server.log", extra=SERVER_LIMITS
    )
    try:
        limit = timeout if timeout is not None else 400 + 3 * seconds
        try:
            return asyncio.run(asyncio.wait_for(_measure(port, proc.pid, tables, finished, seconds), limit))
        except TimeoutError:
            raise BenchError(f"the attack bench did not finish within {limit:.0f} s") from None
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except Exception:
            proc.kill()
        shutil.rmtree(folder, ignore_errors=True)


def describe_attack(result: dict[str, Any]) -> str:
    """The attack bench's report in words."""
    q, a = result["quiet"], result["attack"]
    lines = [
        f"{result['tables']} live tables of 4 people, {result['seconds']:.0f} s quiet then {result['seconds']:.0f} s"
        f" under attack (server: {result['limits']})",
        f"ping quiet:  p50 {q['p50_ms']} ms, p99 {q['p99_ms']} ms, max {q['max_ms']} ms ({q['pings']} pings)",
        f"ping attack: p50 {a['p50_ms']} ms, p99 {a['p99_ms']} ms, max {a['max_ms']} ms ({a['pings']} pings)",
        f"ping attack after its first {SETTLE:.0f} s: p50 {result['attack_settled']['p50_ms']} ms,"
        f" p99 {result['attack_settled']['p99_ms']} ms, max {result['attack_settled']['max_ms']} ms",
        f"p99 attack/quiet: {result['p99_ratio']}",
        f"server CPU: quiet {result['server_cpu_s']['quiet']} s, attack {result['server_cpu_s']['attack']} s"
        f" (of {result['seconds']:.0f} s each)",
        f"refused to players: quiet {q['players_refused'] or 'nothing'}, attack {a['players_refused'] or 'nothing'}",
        f"new visitors: {result['visitors']}",
    ]
    lines += [f"attack {name}: {counts}" for name, counts in result["attacks"].items()]
    return "\n".join(lines)
