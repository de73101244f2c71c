"""Write a server database with tables in play and finished matches, for the upgrade test.

Run with the troef to freeze on the path (its checkout's ``src``), e.g. for the
fixture beside this file, made by troef 876a6fe (klaverjas rules revision 2,
before tables named their revision)::

    git worktree add /tmp/old 876a6fe
    PYTHONPATH=/tmp/old/src python tests/golden/db/write_db.py tests/golden/db/troef-876a6fe.sqlite

It starts that troef's server on a loopback port with a fresh SQLite file,
makes the tables below through its HTTP API and plays them over its WebSocket
as players would (random legal actions, seeded), stops the server, and writes
``<file>.json``: per table its id, seat tokens and what it was left at.

With a PostgreSQL URL as second argument it writes there instead (the file
names only the JSON); ``pg_dump --no-owner --no-privileges`` of that database
is the PostgreSQL fixture (``troef-f63ee7ac.pg.sql``).
"""

from __future__ import annotations

import json
import random
import signal
import sys
import tempfile
import urllib.request
from pathlib import Path
from typing import Any

from websockets.sync.client import connect

from troef.bench.server import free_port, start_server


def http(base: str, method: str, path: str, body: Any = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(base + path, data=data, method=method)
    if data is not None:
        req.add_header("content-type", "application/json")
    with urllib.request.urlopen(req, timeout=30) as resp:
        return json.loads(resp.read())


class Seat:
    def __init__(self, url: str, table: str, token: str | None) -> None:
        self.ws = connect(url, open_timeout=10, max_size=2**22)
        msg: dict[str, Any] = {"v": 1, "type": "join", "table": table}
        if token:
            msg["token"] = token
        self.ws.send(json.dumps(msg))
        self.state: dict[str, Any] = {}
        self.until(lambda m: m["type"] == "state")

    def until(self, pred: Any) -> dict[str, Any]:
        while True:
            msg: dict[str, Any] = json.loads(self.ws.recv(timeout=30))
            if msg["type"] == "state":
                self.state = msg
            if pred(msg):
                return msg

    def at(self, version: int) -> dict[str, Any]:
        if self.state.get("version", -1) >= version:
            return self.state
        return self.until(lambda m: m["type"] == "state" and m["version"] >= version)


def play(url: str, table: dict[str, Any], people: list[int], stop: Any, rng: random.Random) -> dict[str, Any]:
    """People at ``people`` play random legal actions until ``stop(view)`` (computer players play theirs)."""
    tokens = {inv["seat"]: inv["token"] for inv in table["invites"]}
    seats = {s: Seat(url, table["id"], tokens[s]) for s in people}
    watcher = Seat(url, table["id"], None)
    state = watcher.state
    while not stop(state):
        seat = state["view"]["to_act"]
        if seat in seats:
            mine = seats[seat].at(state["version"])
            seats[seat].ws.send(
                json.dumps(
                    {"v": 1, "type": "act", "action": rng.choice(mine["view"]["legal"]), "expect": state["version"]}
                )
            )
        state = watcher.at(state["version"] + 1)
    for s in [*seats.values(), watcher]:
        s.ws.close()
    return {"id": table["id"], "tokens": tokens, "version": state["version"], "view": state["view"]}


def main(out: Path, url: str | None = None) -> None:
    """Write the tables to the SQLite file ``out``, or to the database at ``url`` (``out`` then names the JSON)."""
    if url is None:
        out.unlink(missing_ok=True)
    port = free_port()
    log = Path(tempfile.mkdtemp()) / "server.log"
    loose = ["--create-rate", "0", "--replay-rate", "0", "--max-connections-per-client", "1000"]
    proc = start_server(port, url or f"sqlite:///{out}", 0.0, "warning", log, extra=loose)
    base, url = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}/ws"
    rng = random.Random(876)
    people = [{"kind": "human", "name": n} for n in ("Anna", "Bert", "Cor", "Dirk")]
    bot = {"kind": "bot", "level": "heuristic"}
    left: dict[str, Any] = {}
    try:

        def new(game: str, config: dict[str, Any], seats: list[dict[str, Any]], seed: int) -> dict[str, Any]:
            return dict(
                http(base, "POST", "/api/tables", {"game": game, "config": config, "seats": seats, "seed": seed})
            )

        def mid_deal(deal: int) -> Any:  # a person to act in deal ``deal``, its first trick complete
            return lambda s: s["hand"] >= deal and len(s["view"].get("tricks", ())) >= 1

        def over(s: dict[str, Any]) -> bool:
            return bool(s["view"]["to_act"] < 0)

        t = new("klaverjas", {"preset": "kraken"}, [people[0], bot, people[2], bot], 4141)
        left["kraken_in_play"] = play(url, t, [0, 2], mid_deal(3), rng)
        t = new("klaverjas", {"preset": "rotterdam", "switches": {"deals": 4}}, people, 4242)
        left["rotterdam_in_play"] = play(url, t, [0, 1, 2, 3], mid_deal(2), rng)
        t = new("klaverjas", {"preset": "kraken", "switches": {"deals": 4, "kraak_quota": 1}}, people, 4343)
        left["kraken_finished"] = play(url, t, [0, 1, 2, 3], over, rng)
        t = new("bonaken", {"preset": "nk", "players": 4}, [people[0], bot, bot, bot], 4444)
        left["bonaken_in_play"] = play(url, t, [0], lambda s: s["hand"] >= 2 or over(s), rng)
        t = new("binokel", {"preset": "cardgames"}, [people[0], bot, bot, bot], 4545)
        left["binokel_finished_deal"] = play(url, t, [0], lambda s: s["hand"] >= 2 or over(s), rng)
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=30)
    Path(f"{out}.json").write_text(json.dumps(left, indent=1, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main(Path(sys.argv[1]).resolve(), sys.argv[2] if len(sys.argv) > 2 else None)
