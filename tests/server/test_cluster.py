"""Three ``troef serve`` processes on one PostgreSQL: one table across them, and the loss of a process.

Real parts throughout: a throwaway PostgreSQL cluster, three server
processes on loopback, WebSocket clients; the driver polls with bounds and
asserts no time.
"""

from __future__ import annotations

import itertools
import random
import re
import shutil
import subprocess
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from tests.server.conftest import Client, Server
from troef.bench.server import free_port
from troef.server.cluster import LEASE_CLASS
from troef.server.storage import Store, actions_table, tables_table

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


def _presence(seat: int, **want: Any) -> Any:
    """Whether a message is a ``presence`` in which ``seat`` has every field of ``want`` (absent field: False)."""

    def matches(m: dict[str, Any]) -> bool:
        if m["type"] != "presence":
            return False
        info = m["seats"][seat]
        return all(info.get(key, False) == value for key, value in want.items())

    return matches


def _refused(client: Client, request: dict[str, Any]) -> str:
    """Send ``request`` and return the code of the error that answers it."""
    client.send(request)
    error = client.recv_until(lambda m: m["type"] == "error" and m.get("ref") == request["id"], BOUND)
    return str(error["code"])


def _until_turn(client: Client, seat: int, rng: random.Random) -> int:
    """Play ``client``'s seat (random legal actions) until it is ``seat``'s turn; the version at that turn."""
    deadline = time.monotonic() + BOUND
    while time.monotonic() < deadline:
        state = client.state
        assert state is not None and not state["match"]["over"]
        view = state["view"]
        if view["to_act"] == seat:
            return int(state["version"])
        if view["legal"]:  # our own turn (the computer players take theirs by themselves)
            client.act(rng.choice(view["legal"]), expect=state["version"])
            client.wait_version(state["version"] + 1, timeout=BOUND)
        else:
            client.recv_until(lambda m: m["type"] == "state", BOUND)
    raise AssertionError(f"seat {seat}'s turn did not come")


def test_a_seat_connected_through_another_process_is_present_where_the_table_runs(pg_url: str, tmp_path: Path) -> None:
    a, b = _servers(pg_url, tmp_path, 2)
    store = Store(pg_url)
    try:
        people = [{"kind": "human", "name": "host"}, {"kind": "human", "name": "guest"}]
        seats = people + [{"kind": "bot", "level": "random"} for _ in range(2)]
        data = a.create("pagat", players=4, seats=seats, seed=11, owner=0)
        table = data["id"]
        tokens = {inv["seat"]: inv["token"] for inv in data["invites"]}
        _wait(lambda: _runners(store, table) == 1, "a runs the table")  # made on a: a holds the lease
        host = a.client()  # the creator, on the process that runs the table
        host.join(table, tokens[0])
        guest = b.client()
        guest.join(table, tokens[1])
        host_b = b.client()  # the creator has the table open on b as well
        host_b.join(table, tokens[0])
        # a shows the guest connected, though the guest's connection is b's
        host.recv_until(_presence(1, connected=True), BOUND)
        turn = _until_turn(host, 1, random.Random(11))

        # the guest's turn: the creator may not let a computer play the seat, through either process
        assert _refused(host, {"v": 1, "type": "standin", "seat": 1, "id": 1}) == "not_away"
        assert _refused(host_b, {"v": 1, "type": "standin", "seat": 1, "id": 2}) == "not_away"
        assert not _seat_acted(store, table, 1, turn)
        assert host.state is not None and host.state["version"] == turn

        # the guest leaves: connected nowhere, the seat is absent on a too, and the rule for absent people applies
        guest.close()
        host.recv_until(_presence(1, connected=False), BOUND)
        # asked through b, which does not run the table: a makes the change, and both processes show it
        host_b.send({"v": 1, "type": "standin", "seat": 1, "id": 3})
        host.recv_until(_presence(1, standin=True), BOUND)
        host_b.recv_until(_presence(1, standin=True), BOUND)
        _wait(lambda: _seat_acted(store, table, 1, turn), "the computer plays the absent guest's seat")

        # the guest comes back through b and takes the seat back: b passes it on to a, and everyone sees it
        back = b.client()
        back.join(table, tokens[1])
        back.send({"v": 1, "type": "reclaim", "id": 4})
        host.recv_until(_presence(1, connected=True, standin=False), BOUND)
        back.recv_until(_presence(1, connected=True, standin=False), BOUND)
        assert _runners(store, table) == 1
    finally:
        store.engine.dispose()
        for server in (a, b):
            server.stop()


def _finish(clients: dict[int, Client]) -> None:
    """Play a two-person match to its end, each seat through its own process (seat 0 takes every contract)."""
    deadline = time.monotonic() + 3 * BOUND
    while time.monotonic() < deadline:
        for seat, client in clients.items():
            state = client.state
            assert state is not None
            if state["match"]["over"]:
                return
            legal = state["view"]["legal"]
            if legal:
                action = legal[-1] if seat == 0 else ("pass" if "pass" in legal else legal[0])
                client.act(action, expect=state["version"])
                for other in clients.values():
                    other.wait_version(state["version"] + 1, timeout=BOUND)
                time.sleep(0.03)  # below the rate limit of one connection
                break
    raise AssertionError("the match did not end")


def test_a_rematch_asked_through_two_processes_at_once_is_one_table_everyone_hears_of(
    pg_url: str, tmp_path: Path
) -> None:
    a, b = _servers(pg_url, tmp_path, 2)
    store = Store(pg_url)
    try:
        data = a.create("pagat", players=2, seats=[{"kind": "human"}, {"kind": "human"}], seed=8)
        table = data["id"]
        tokens = {inv["seat"]: inv["token"] for inv in data["invites"]}
        clients = {0: a.client(), 1: b.client()}
        for seat, client in clients.items():
            client.join(table, tokens[seat])
        _finish(clients)
        # both players ask at once, each through their own process
        path = f"/api/tables/{table}/rematch"
        with ThreadPoolExecutor(2) as pool:
            asked = [
                pool.submit(server.http, "POST", path, {"token": tokens[seat]}) for seat, server in [(0, a), (1, b)]
            ]
            answers = [future.result() for future in asked]
        assert [status for status, _ in answers] == [200, 200], answers
        new = answers[0][1]["id"]
        assert answers[1][1]["id"] == new != table
        # both processes' players hear of the one new table
        for client in clients.values():
            assert client.recv_until(lambda m: m["type"] == "rematch", BOUND)["table"] == new
        with store.engine.connect() as conn:
            made = conn.execute(sa.select(tables_table.c.id).where(tables_table.c.id != table)).scalars().all()
        assert made == [new]
        # asked again, through either process, it is the same table; it runs in one process; the tokens hold there
        for seat, server in [(1, a), (0, b)]:
            status, again = server.http("POST", path, {"token": tokens[seat]})
            assert status == 200 and again["id"] == new
        _wait(lambda: _runners(store, new) == 1, "one process runs the rematch")
        for seat, server in [(0, b), (1, a)]:
            assert server.client().join(new, tokens[seat])["seat"] == seat
    finally:
        store.engine.dispose()
        for server in (a, b):
            server.stop()


def test_the_process_a_table_was_made_on_hands_it_to_the_one_its_players_are_on(pg_url: str, tmp_path: Path) -> None:
    """The proxy routes a table's players by its id, not to where it was made: the lease follows them."""
    made_on, played_on = _servers(pg_url, tmp_path, n=2)
    store = Store(pg_url)
    try:
        seats = [{"kind": "human", "name": f"p{i}"} for i in range(3)] + [{"kind": "bot", "level": "random"}]
        table = made_on.create("pagat", players=4, seats=seats, seed=11)
        tokens = {inv["seat"]: inv["token"] for inv in table["invites"]}

        def health(server: Server) -> dict[str, Any]:
            found: dict[str, Any] = server.http("GET", "/api/health")[1]
            return found

        _wait(lambda: health(made_on)["leases"] == 1, "the process it was made on runs it")
        clients = {seat: played_on.client() for seat in range(3)}
        for seat, client in clients.items():
            assert client.join(table["id"], tokens[seat])["seat"] == seat

        _wait(lambda: health(played_on)["leases"] == 1, "the players' process runs the table")
        # the other lets it go: it neither runs nor follows it any more
        _wait(lambda: health(made_on)["leases"] == 0 and health(made_on)["tables"] == 0, "the first lets go")
        assert _runners(store, table["id"]) == 1
        driver = Driver(clients, clients[0], random.Random(11))
        driver.play_until(16)  # the computer player's turns too, now played where the people are
        assert driver.watcher.state is not None and driver.watcher.state["version"] >= 16
        assert store.count_actions(table["id"]) == driver.watcher.state["version"]
        assert health(made_on)["tables"] == 0
    finally:
        store.engine.dispose()
        for server in (made_on, played_on):
            server.stop()


def test_the_notice_of_an_action_carries_the_action(pg_url: str, tmp_path: Path) -> None:
    """Migration 0008: a process one action behind applies it from the notice, without reading the log."""
    import psycopg

    from troef.server.cluster import conninfo

    (server,) = _servers(pg_url, tmp_path, n=1)
    listener = psycopg.connect(conninfo(pg_url), autocommit=True)
    try:
        listener.execute("LISTEN troef_actions")
        table = server.create("pagat", players=4, seed=3)
        tokens = {inv["seat"]: inv["token"] for inv in table["invites"]}
        clients = {seat: server.client() for seat in range(4)}
        for seat, client in clients.items():
            client.join(table["id"], tokens[seat])
        heard: list[str] = []
        for version in range(3):
            actor = next(c for c in clients.values() if c.state is not None and c.state["view"]["legal"])
            action = actor.state["view"]["legal"][0] if actor.state else ""
            actor.act(action, expect=version)
            for client in clients.values():
                client.wait_version(version + 1, timeout=BOUND)
            heard.append(f"{table['id']} {version} {action}")
        notices = [n.payload for n in listener.notifies(timeout=BOUND, stop_after=3)]
        assert notices == heard
    finally:
        listener.close()
        server.stop()


NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
CONFIG = Path(__file__).resolve().parents[2] / "deploy" / "nginx.conf"


def _nginx(servers: list[Server], folder: Path) -> tuple[subprocess.Popen[bytes], int]:
    """Debian's nginx with deploy/nginx.conf, its upstream the given servers, on a free port."""
    text = CONFIG.read_text()
    ports = itertools.cycle([s.port for s in servers])  # the same processes in each upstream
    text, count = re.subn(r"server 127\.0\.0\.1:800\d", lambda _m: f"server 127.0.0.1:{next(ports)}", text)
    assert count == 2 * len(servers)
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


NEEDS_NGINX = pytest.mark.skipif(
    not Path(NGINX).exists(), reason="Debian's nginx is not installed: apt-get install nginx-light"
)


def _front(port: int) -> Server:
    front = Server.__new__(Server)
    front.port = port
    return front


def _table_client(port: int, table_id: str) -> Client:
    """A game socket through the proxy as the browser opens it: with its table in the address."""
    return Client(f"ws://127.0.0.1:{port}/ws?table={table_id}")


def _presence_rows(url: str) -> list[tuple[str, int, int]]:
    """The rows of troef_presence: (table, seat, node) for each seat connected through a process."""
    store = Store(url)
    try:
        with store.engine.connect() as conn:
            rows = conn.execute(sa.text("SELECT table_id, seat, node FROM troef_presence")).all()
    finally:
        store.engine.dispose()
    return [(str(t), int(s), int(n)) for t, s, n in rows]


def _presence_nodes(url: str) -> dict[str, set[int]]:
    """The nodes (processes) through which each table's seats are connected."""
    nodes: dict[str, set[int]] = {}
    for table_id, _seat, node in _presence_rows(url):
        nodes.setdefault(table_id, set()).add(node)
    return nodes


@NEEDS_NGINX
def test_the_proxy_sends_the_players_of_one_table_to_one_process(pg_url: str, tmp_path: Path) -> None:
    servers = _servers(pg_url, tmp_path)
    proxy, port = _nginx(servers, tmp_path / "nginx")
    front = _front(port)
    clients: list[Client] = []
    try:
        node_of = {server.http("GET", "/api/health")[1]["node"]: server for server in servers}
        assert len(node_of) == 3 and 0 not in node_of  # each process has a node of its own
        tables = [front.create("pagat", players=4, seed=i) for i in range(12)]
        for table in tables:
            for invite in table["invites"]:
                client = _table_client(port, table["id"])
                clients.append(client)
                assert client.join(table["id"], invite["token"])["seat"] == invite["seat"]
        _wait(lambda: len(_presence_rows(pg_url)) == 48, "every seat's presence is written")
        nodes = _presence_nodes(pg_url)
        # each table's four players are on one process, and the tables are spread over the processes
        assert all(len(nodes[table["id"]]) == 1 for table in tables), nodes
        used = set().union(*nodes.values())
        assert used <= set(node_of) and len(used) > 1, nodes
        # a socket opened without its table (an older client) is still served
        bare = front.client()
        clients.append(bare)
        assert bare.join(tables[0]["id"])["type"] == "welcome"
    finally:
        for client in clients:
            client.close()
        proxy.terminate()
        proxy.wait(timeout=30)
        for server in servers:
            server.stop()


@NEEDS_NGINX
def test_players_behind_nginx_play_on_when_a_process_is_lost(pg_url: str, tmp_path: Path) -> None:
    servers = _servers(pg_url, tmp_path)
    proxy, port = _nginx(servers, tmp_path / "nginx")
    front = _front(port)
    try:
        node_of = {server.http("GET", "/api/health")[1]["node"]: server for server in servers}
        table = front.create("pagat", players=4, seed=7)
        tokens = {inv["seat"]: inv["token"] for inv in table["invites"]}

        def seated() -> dict[int, Client]:
            clients = {seat: _table_client(port, table["id"]) for seat in range(4)}
            for seat, client in clients.items():
                assert client.join(table["id"], tokens[seat])["seat"] == seat
            return clients

        clients = seated()
        driver = Driver(clients, clients[0], random.Random(7))
        driver.play_until(10)
        _wait(lambda: len(_presence_rows(pg_url)) == 4, "the players' process is known")
        (node,) = _presence_nodes(pg_url)[table["id"]]
        node_of[node].kill()  # the process every player of the table is connected through
        for client in clients.values():
            client.close()
        # every player reconnects through the proxy, which sends them to the processes that are left
        driver = Driver(seated(), _table_client(port, table["id"]), random.Random(8))
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
