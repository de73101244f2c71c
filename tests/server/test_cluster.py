"""Three ``troef serve`` processes on one PostgreSQL: one table across them, and the loss of a process.

Real parts throughout: a throwaway PostgreSQL cluster, three server
processes on loopback, WebSocket clients; the driver polls with bounds and
asserts no time.
"""

from __future__ import annotations

import random
import re
import shutil
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from tests.server.conftest import Client, Server
from troef.bench.server import free_port
from troef.server.cluster import LEASE_CLASS
from troef.server.storage import Store, actions_table

pytestmark = pytest.mark.slow

#: Upper bound (seconds) the driver waits for any one thing; a bound, never a measurement.
BOUND = 60.0


def _servers(url: str, tmp_path: Path, n: int = 3) -> list[Server]:
    servers = []
    for i in range(n):  # one after the other: the first migrates the new database
        (tmp_path / f"s{i}").mkdir()
        servers.append(Server(url, bot_delay=0.05, log_dir=tmp_path / f"s{i}"))
    return servers


def _wait(pred: Any, what: str) -> None:
    deadline = time.monotonic() + BOUND
    while not pred():
        if time.monotonic() > deadline:
            raise AssertionError(f"not within {BOUND} s: {what}")
        time.sleep(0.02)


def _seat_acted(store: Store, table_id: str, seat: int, since: int) -> bool:
    """Whether ``seat`` has an action in the table's log at position ``since`` or later."""
    query = sa.select(sa.func.count()).where(
        actions_table.c.table_id == table_id, actions_table.c.seat == seat, actions_table.c.seq >= since
    )
    with store.engine.connect() as conn:
        return int(conn.execute(query).scalar_one()) > 0


def _runners(store: Store, table_id: str) -> int:
    """How many database sessions hold the table's lease (its advisory lock)."""
    query = sa.text(
        "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND granted AND classid = :cls "
        "AND objid = hashtext(:id)::oid AND objsubid = 2"
    )
    with store.engine.connect() as conn:
        return int(conn.execute(query, {"cls": LEASE_CLASS, "id": table_id}).scalar_one())


class Driver:
    """People at one table, each on the process of its choice; records what each action's sender saw acknowledged."""

    def __init__(self, clients: dict[int, Client], watcher: Client, rng: random.Random) -> None:
        self.clients = clients
        self.watcher = watcher
        self.rng = rng
        #: (position, action) of every person's action that came back in the state after it.
        self.acked: list[tuple[int, str]] = []
        #: Positions at which the computer player acted.
        self.bot_moves: list[int] = []

    def step(self) -> None:
        state = self.watcher.state
        assert state is not None
        version = state["version"]
        seat = state["view"]["to_act"]
        if seat in self.clients:
            actor = self.clients[seat]
            actor.wait_version(version, timeout=BOUND)
            assert actor.state is not None
            action = self.rng.choice(actor.state["view"]["legal"])
            actor.act(action, expect=version)
            for c in [*self.clients.values(), self.watcher]:
                c.wait_version(version + 1, timeout=BOUND)
            self.acked.append((version, action))
        else:  # the computer player's turn: whichever process runs the table plays it
            self.watcher.wait_version(version + 1, timeout=BOUND)
            self.bot_moves.append(version)

    def play_until(self, version: int) -> None:
        while True:
            state = self.watcher.state
            assert state is not None
            if state["match"]["over"] or state["version"] >= version:
                return
            self.step()


def test_three_processes_serve_one_table_and_survive_losing_its_runner(pg_url: str, tmp_path: Path) -> None:
    a, b, c = _servers(pg_url, tmp_path)
    store = Store(pg_url)
    try:
        seats = [{"kind": "human", "name": f"p{i}"} for i in range(3)] + [{"kind": "bot", "level": "random"}]
        table = a.create("pagat", players=4, seats=seats, seed=36)  # made on a: a runs its computer player
        tokens = {inv["seat"]: inv["token"] for inv in table["invites"]}
        robots = a.create("pagat", players=4, seats=[{"kind": "bot", "level": "random"} for _ in range(4)])
        homes = {0: a, 1: b, 2: c}
        clients = {seat: homes[seat].client() for seat in range(3)}
        for seat, client in clients.items():
            assert client.join(table["id"], tokens[seat])["seat"] == seat
        watcher = c.client()
        watcher.join(table["id"])
        driver = Driver(clients, watcher, random.Random(36))

        # people on three processes play one table; a's computer player plays its turns
        driver.play_until(16)
        assert driver.bot_moves, "the computer player never acted"
        assert _runners(store, table["id"]) == 1  # three processes hold the table; one runs it
        _wait(lambda: store.count_actions(robots["id"]) >= 5, "the computer players' table plays")

        # kill -9 the process that runs both tables, in the middle of play
        assert watcher.state is not None and not watcher.state["match"]["over"]
        killed_at = watcher.state["version"]
        robots_before = store.count_actions(robots["id"])
        # a person who never comes, at a table a runs: their turn waits for the timer, then a computer plays it
        absent = [{"kind": "human"}] + [{"kind": "bot", "level": "random"} for _ in range(3)]
        timed = a.create("pagat", players=4, seats=absent, turn_seconds=2)
        assert store.load(robots["id"]).finished_at is None  # type: ignore[union-attr]
        a.kill()
        lost = time.monotonic()
        timed_before = store.count_actions(timed["id"])  # a stand-in a took on is lost with a
        clients[0].close()
        # its player reconnects to another process (as the browser does) and finds the table where it was
        clients[0] = b.client()
        assert clients[0].join(table["id"], tokens[0])["seat"] == 0
        assert clients[0].state is not None and clients[0].state["version"] >= killed_at

        # the computer player moves on through a surviving process
        bots_before = len(driver.bot_moves)
        driver.play_until(killed_at + 40)
        assert len(driver.bot_moves) > bots_before, "no computer player acted after the loss"
        # and the table nobody watches plays on too, adopted by a survivor
        _wait(lambda: store.count_actions(robots["id"]) > robots_before, "the unwatched table plays on")
        print(f"failover: the unwatched table played again {time.monotonic() - lost:.2f} s after the kill")
        _wait(lambda: store.count_actions(robots["id"]) > robots_before + 4, "the unwatched table plays on")
        # and the absent person's turn timer runs out on a survivor: their seat is played after the loss
        _wait(lambda: _seat_acted(store, timed["id"], 0, timed_before), "the turn timer runs out after the loss")

        _wait(lambda: _runners(store, table["id"]) == 1, "one survivor runs the table")
        # nothing acknowledged was lost or applied twice: the log is each acknowledged action at its position
        row = store.load(table["id"])
        assert row is not None and row.quarantine is None
        final = watcher.state
        assert final is not None
        assert len(row.actions) == final["version"]
        for seq, action in driver.acked:
            assert row.actions[seq] == action, seq
        assert len(driver.acked) + len(driver.bot_moves) == final["version"]
        # every process shows the same table to everyone at it
        for client in clients.values():
            client.wait_version(final["version"], timeout=BOUND)
            assert client.state is not None
            assert client.state["version"] == final["version"]
            assert client.state["match"] == final["match"]
    finally:
        store.engine.dispose()
        for server in (a, b, c):
            server.stop()


def test_an_open_seat_is_listed_and_claimed_through_one_process_and_known_to_another(
    pg_url: str, tmp_path: Path
) -> None:
    a, b = _servers(pg_url, tmp_path, 2)
    try:
        seats = [{"kind": "human", "open": True}] + [{"kind": "bot", "level": "random"} for _ in range(3)]
        table = a.create("pagat", players=4, seats=seats)
        # the lobby of either process lists the open seat, whichever process made the table
        for server in (a, b):
            status, lobby = server.http("GET", "/api/tables")
            assert status == 200 and table["id"] in [t["id"] for t in lobby["open"]], lobby
        watcher = b.client()  # b holds the table in memory from before the claim
        watcher.join(table["id"])
        status, claimed = a.http("POST", f"/api/tables/{table['id']}/claim", {"seat": 0, "name": "late"})
        assert status == 200, claimed
        player = b.client()
        deadline = time.monotonic() + BOUND
        while True:  # b hears of the claim through NOTIFY; until then the token is unknown to it
            welcome = player.join(table["id"], claimed["token"])
            if welcome["type"] == "welcome" and welcome.get("seat") == 0:
                break
            assert time.monotonic() < deadline, welcome
            player.close()
            player = b.client()
    finally:
        for server in (a, b):
            server.stop()


NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
CONFIG = Path(__file__).resolve().parents[2] / "deploy" / "nginx.conf"


def _nginx(servers: list[Server], folder: Path) -> tuple[subprocess.Popen[bytes], int]:
    """Debian's nginx with deploy/nginx.conf, its upstream the given servers, on a free port."""
    text = CONFIG.read_text()
    ports = iter(s.port for s in servers)
    text, count = re.subn(r"server 127\.0\.0\.1:800\d", lambda _m: f"server 127.0.0.1:{next(ports)}", text)
    assert count == len(servers)
    port = free_port()
    text = text.replace("listen 8080;", f"listen 127.0.0.1:{port};")
    for sub in ("logs", "tmp"):
        (folder / sub).mkdir(parents=True)
    conf = folder / "nginx.conf"
    conf.write_text(text)
    cmd = [NGINX, "-p", str(folder), "-c", str(conf), "-e", str(folder / "logs" / "error.log")]
    proc = subprocess.Popen([*cmd, "-g", "daemon off;"])
    front = Server.__new__(Server)
    front.port = port
    _wait(lambda: _answers(front), "nginx answers")
    return proc, port


def _answers(front: Server) -> bool:
    try:
        return front.http("GET", "/api/health")[0] == 200
    except OSError:
        return False


@pytest.mark.skipif(not Path(NGINX).exists(), reason="Debian's nginx is not installed: apt-get install nginx-light")
def test_players_behind_nginx_play_on_when_a_process_is_lost(pg_url: str, tmp_path: Path) -> None:
    servers = _servers(pg_url, tmp_path)
    proxy, port = _nginx(servers, tmp_path / "nginx")
    front = Server.__new__(Server)
    front.port = port
    try:
        table = front.create("pagat", players=4, seed=7)
        tokens = {inv["seat"]: inv["token"] for inv in table["invites"]}

        def seated() -> dict[int, Client]:
            clients = {seat: front.client() for seat in range(4)}
            for seat, client in clients.items():
                assert client.join(table["id"], tokens[seat])["seat"] == seat
            return clients

        clients = seated()
        driver = Driver(clients, clients[0], random.Random(7))
        driver.play_until(10)
        servers[0].kill()
        for client in clients.values():
            client.close()
        # every player reconnects through the proxy, which sends them to the processes that are left
        driver = Driver(seated(), front.client(), random.Random(8))
        driver.watcher.join(table["id"])
        assert driver.watcher.state is not None and driver.watcher.state["version"] == 10
        driver.play_until(20)
        assert driver.watcher.state is not None and driver.watcher.state["version"] == 20
        store = Store(pg_url)
        try:
            assert store.count_actions(table["id"]) == 20
        finally:
            store.engine.dispose()
    finally:
        proxy.terminate()
        proxy.wait(timeout=30)
        for server in servers:
            server.stop()
