"""``troef bench server --matchmaking N``: N guests press "Play now" at once, are seated, and play.

A real server (or several on a throwaway PostgreSQL) on loopback; each
player queues over HTTP (``POST /api/play-now``), asks for its entry until it
is seated, joins its seat over the WebSocket and plays random legal actions
flat out until its match ends or the measuring window closes. The figures:
how long each player waited in the queue (p50, p99, the longest), tables
made, and the actions per second the seated players made. Players left over
(N not a multiple of the table's size) wait ``wait`` seconds for computer
players, so their waits show the fill time.
"""

from __future__ import annotations

import asyncio
import json
import random
import secrets
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

from troef.bench.clients import percentile
from troef.bench.server import BenchError, _stop, bench_limits, free_port, start_server
from troef.core.errors import TroefError
from troef.games import with_preset


async def _player(
    base: str, game: str, preset: str, wait: int, until: float, out: dict[str, Any], rng: random.Random
) -> None:
    import aiohttp

    guest = secrets.token_hex(16)
    async with aiohttp.ClientSession(headers={"content-type": "application/json"}) as http:
        start = time.perf_counter()
        async with http.post(
            f"{base}/api/play-now", json={"game": game, "preset": preset, "wait": wait, "guest": guest}
        ) as r:
            entry = await r.json()
            if r.status != 200:
                out["errors"].append(entry)
                return
        while True:
            if time.perf_counter() > until:
                out["unseated"] += 1
                return
            async with http.post(f"{base}/api/play-now/{entry['entry']}", json={"guest": guest}) as r:
                state = await r.json()
            if state.get("status") == "seated":
                break
            await asyncio.sleep(0.05)
        out["waits"].append(time.perf_counter() - start)
        out["tables"].add(state["table"])
        async with http.ws_connect(base.replace("http", "ws", 1) + "/ws", max_msg_size=2**22) as ws:
            await ws.send_str(json.dumps({"v": 1, "type": "join", "table": state["table"], "token": state["token"]}))
            sent = -1
            while time.perf_counter() < until:
                try:
                    msg = await asyncio.wait_for(ws.receive(), timeout=max(0.01, until - time.perf_counter()))
                except TimeoutError:
                    break
                if msg.type != aiohttp.WSMsgType.TEXT:
                    break
                data = json.loads(msg.data)
                if data.get("type") == "error" and data.get("code") != "stale":
                    sent = -1
                if data.get("type") != "state":
                    continue
                if data["match"]["over"]:
                    out["finished"] += 1
                    break
                if sent >= 0 and data["version"] > sent:
                    out["actions"] += 1
                    sent = -1
                legal = data["view"]["legal"]
                if legal and sent < 0:
                    sent = int(data["version"])
                    await ws.send_str(
                        json.dumps({"v": 1, "type": "act", "action": rng.choice(legal), "expect": data["version"]})
                    )


def run_matchmaking(
    players: int,
    game: str | None = None,
    preset: str = "kraken",
    wait: int = 30,
    seconds: float = 20.0,
    processes: int = 1,
    seed: int = 2026,
) -> dict[str, Any]:
    """Run the "play now" benchmark and return its figures; :class:`BenchError` if it cannot run as asked.

    ``game`` None: the game whose rule set ``preset`` is (:func:`troef.games.with_preset`).
    """
    if players < 1 or seconds <= 0 or processes < 1:
        raise BenchError("give at least one player, one process and a measuring time above 0 s")
    if game is None:
        try:
            game = with_preset(preset)
        except TroefError as exc:
            raise BenchError(str(exc)) from None
    tmp = tempfile.mkdtemp(prefix="troef-bench-mm-")
    pg: Any = None
    db_url = f"sqlite:///{Path(tmp) / 'bench.db'}"
    if processes > 1:
        from troef.bench.pg import PgCluster, pg_bindir

        bindir = pg_bindir()
        if bindir is None:
            raise BenchError("several processes share a PostgreSQL database: install PostgreSQL's server binaries")
        pg = PgCluster(bindir)
        db_url = pg.new_database()
    procs: list[subprocess.Popen[bytes]] = []
    bases: list[str] = []
    try:
        for _ in range(processes):
            port = free_port()
            procs.append(start_server(port, db_url, extra=bench_limits(max(1, players // 4), 4)))
            bases.append(f"http://127.0.0.1:{port}")
        out: dict[str, Any] = {"waits": [], "tables": set(), "actions": 0, "finished": 0, "unseated": 0, "errors": []}
        rng = random.Random(seed)

        async def main() -> float:
            start = time.perf_counter()
            until = start + wait + seconds
            await asyncio.wait_for(
                asyncio.gather(
                    *(
                        _player(bases[i % len(bases)], game, preset, wait, until, out, random.Random(rng.random()))
                        for i in range(players)
                    )
                ),
                timeout=wait + seconds + 60,
            )
            return time.perf_counter() - start

        try:
            elapsed = asyncio.run(main())
        except TimeoutError:
            raise BenchError("the matchmaking bench did not finish within its safety timeout") from None
    finally:
        _stop(procs, pg)
    waits = out["waits"]
    return {
        "players": players,
        "game": game,
        "preset": preset,
        "wait": wait,
        "processes": processes,
        "database": db_url.partition(":")[0].partition("+")[0],
        "seated": len(waits),
        "unseated": out["unseated"],
        "tables": len(out["tables"]),
        "queue_wait_p50_ms": round(percentile(waits, 50) * 1000, 1),
        "queue_wait_p99_ms": round(percentile(waits, 99) * 1000, 1),
        "queue_wait_max_ms": round(max(waits, default=0.0) * 1000, 1),
        "actions": out["actions"],
        "actions_per_s": round(out["actions"] / elapsed, 1) if elapsed else 0.0,
        "matches_finished": out["finished"] // 4,
        "seconds": round(elapsed, 1),
        "errors": len(out["errors"]),
    }


def describe_matchmaking(result: dict[str, Any]) -> str:
    """The figures as a few lines of text."""
    return (
        f"play now: {result['players']} players ({result['game']} {result['preset']}, computer players after "
        f"{result['wait']} s) on {result['processes']} process(es), {result['database']}, {result['seconds']} s\n"
        f"seated           {result['seated']} of {result['players']} at {result['tables']} tables "
        f"({result['unseated']} not seated, {result['errors']} errors)\n"
        f"queue wait       p50 {result['queue_wait_p50_ms']:.1f} ms   p99 {result['queue_wait_p99_ms']:.1f} ms   "
        f"max {result['queue_wait_max_ms']:.1f} ms\n"
        f"actions/s        {result['actions_per_s']:>10.1f}   ({result['actions']} actions, "
        f"{result['matches_finished']} matches finished)"
    )
