"""Issue 17, findings 2-6, 8 and 9: the server's edge under attack and faults, against real server processes.

Each test starts ``python -m troef.server`` on loopback (with small limits
where the limit is what is tested) and attacks it as the outside probe did,
bounded in time and count. Clients that must count as other clients connect
from other loopback addresses (127.0.0.2, ...): Linux routes all of 127/8 to
the loopback interface.
"""

from __future__ import annotations

import asyncio
import http.client
import json
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect
from websockets.typing import Origin

from tests.polling import wait_for_async, wait_until, wait_until_async
from tests.server.conftest import HUMANS4, LOOSE, Server
from troef.bench.server import free_port
from troef.server import finished as finished_module
from troef.server.storage import AsyncStore
from troef.server.tables import Hub


def http_from(
    srv: Server,
    method: str,
    path: str,
    body: Any = None,
    *,
    source: str = "127.0.0.1",
    headers: dict[str, str] | None = None,
    timeout: float = 10.0,
) -> tuple[int, Any]:
    """One HTTP request from the loopback address ``source`` (``body``: JSON, or bytes sent as they are)."""
    conn = http.client.HTTPConnection("127.0.0.1", srv.port, timeout=timeout, source_address=(source, 0))
    try:
        sent_headers = {"content-type": "application/json"} if body is not None else {}
        sent_headers.update(headers or {})
        data = body if isinstance(body, bytes) or body is None else json.dumps(body).encode()
        conn.request(method, path, body=data, headers=sent_headers)
        response = conn.getresponse()
        raw = response.read()
    finally:
        conn.close()
    try:
        return response.status, json.loads(raw)
    except json.JSONDecodeError:
        return response.status, raw.decode(errors="replace")


def _table_body(**extra: Any) -> dict[str, Any]:
    return {"game": "bonaken", "config": {"preset": "pagat", "players": 4}, "seats": HUMANS4, **extra}


def _bots_finish(srv: Server, count: int = 1) -> list[str]:
    """``count`` finished matches of two random bots."""
    seats = [{"kind": "bot", "level": "random"} for _ in range(2)]
    ids = [srv.create("nk", players=2, seats=seats)["id"] for _ in range(count)]
    wait_until(
        lambda: all(srv.http("GET", f"/api/tables/{t}")[1]["over"] is True for t in ids), 90, "the bots finishing"
    )
    return ids


def _start(tmp_path: Path, *extra: str, name: str = "troef.db") -> Server:
    return Server(f"sqlite:///{tmp_path / name}", log_dir=tmp_path, extra=[*LOOSE, *extra])


@pytest.fixture
def strict(tmp_path: Path) -> Iterator[Server]:
    """A server with the default limits (only the creation and replay rates are loose)."""
    srv = Server(f"sqlite:///{tmp_path / 'troef.db'}", log_dir=tmp_path, extra=[])
    yield srv
    srv.stop()


# ---------------------------------------------------------------------- finding 2
@pytest.mark.slow
def test_creating_tables_is_rate_limited_per_client(tmp_path: Path) -> None:
    srv = Server(f"sqlite:///{tmp_path / 'troef.db'}", log_dir=tmp_path, extra=["--create-rate", "3"])
    try:
        for _ in range(3):
            assert http_from(srv, "POST", "/api/tables", _table_body())[0] == 200
        status, data = http_from(srv, "POST", "/api/tables", _table_body())
        assert status == 429 and data["error"]["code"] == "rate_limited"
        assert http_from(srv, "POST", "/api/tables", _table_body(), source="127.0.0.2")[0] == 200  # another client
        assert srv.http("GET", "/api/health")[1]["tables"] == 4
    finally:
        srv.stop()


@pytest.mark.slow
def test_a_table_nobody_joins_expires_and_a_joined_one_stays(tmp_path: Path) -> None:
    srv = _start(tmp_path, "--expire-after", "1")
    try:
        lonely = srv.create()
        used = srv.create()
        watcher = srv.client()
        watcher.join(used["id"], used["invites"][0]["token"])  # a player's join (a spectator's does not count)
        wait_until(lambda: srv.http("GET", f"/api/tables/{lonely['id']}")[0] == 404, what="the unjoined table expiring")
        assert srv.http("GET", "/api/health")[1]["tables"] == 1
        watcher.close()
        srv.kill()
        srv.start()  # a joined table is never expired, before or after a restart
        # a table made after the restart and never joined expires: the restarted server's expiry has run by then
        control = srv.create()
        wait_until(lambda: srv.http("GET", f"/api/tables/{control['id']}")[0] == 404, what="the control expiring")
        assert srv.http("GET", f"/api/tables/{used['id']}")[0] == 200
    finally:
        srv.stop()


@pytest.mark.slow
def test_a_restart_applies_the_table_limit(tmp_path: Path) -> None:
    srv = _start(tmp_path, "--max-tables", "3")
    try:
        made = [(t["id"], t["invites"][0]["token"]) for t in (srv.create() for _ in range(3))]
        for table_id, token in made:  # joined by a player: tables in play, which the limit counts
            client = srv.client()
            client.join(table_id, token)
            client.close()
        status, data = srv.http("POST", "/api/tables", _table_body())
        assert status == 503 and data["error"]["code"] == "server_busy"
        srv.stop()  # (after the first joins are stored)
        srv.extra = [*LOOSE, "--max-tables", "2"]
        srv.start()
        assert srv.http("GET", "/api/health")[1]["tables"] == 2  # main brought back all three
        assert srv.http("POST", "/api/tables", _table_body())[0] == 503
        for table_id, _ in made:  # the one left in the database loads when somebody joins it
            client = srv.client()
            assert client.join(table_id)["type"] == "welcome"
            client.close()
    finally:
        srv.stop()


def test_a_restart_keeps_the_idle_clock(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'hub.db'}"

    async def first() -> str:
        hub = Hub(AsyncStore(url), idle_seconds=1.0)
        await hub.start()
        try:
            table, _ = await hub.create_table({"config": {"preset": "pagat", "players": 4}, "seats": HUMANS4})
            return table.id
        finally:
            await hub.stop()

    async def second(table_id: str) -> None:
        hub = Hub(AsyncStore(url), idle_seconds=1.0)
        await hub.start()
        try:
            assert table_id not in hub.tables  # idle longer than idle_seconds: main restored it with a new clock
            assert await hub.get_table(table_id) is not None  # a join loads it
        finally:
            await hub.stop()

    table_id = asyncio.run(first())
    # the table was last used a minute ago as far as the database knows (idle: 1 s; unjoined expiry: 15 minutes)
    with sqlite3.connect(tmp_path / "hub.db") as db:
        db.execute("UPDATE troef_tables SET created_at = datetime(created_at, '-60 seconds') WHERE id = ?", (table_id,))
    asyncio.run(second(table_id))


# ---------------------------------------------------------------------- finding 3
@pytest.mark.slow
def test_a_database_locked_by_another_program_never_freezes_the_server(tmp_path: Path) -> None:
    path = tmp_path / "troef.db"
    srv = _start(tmp_path)
    try:
        table = srv.create()
        tokens = {inv["seat"]: inv["token"] for inv in table["invites"]}
        clients = {seat: srv.client() for seat in range(4)}
        for seat, client in clients.items():
            client.join(table["id"], tokens[seat])
        assert clients[0].state is not None
        seat = clients[0].state["view"]["to_act"]
        actor = clients[seat]
        assert actor.state is not None
        action = actor.state["view"]["legal"][0]

        shell = sqlite3.connect(path, isolation_level=None, timeout=0)
        shell.execute("BEGIN IMMEDIATE")  # what a sqlite3 shell or a backup does
        try:
            actor.act(action, expect=0)
            pinger = clients[(seat + 1) % 4]
            for _ in range(100):  # the server answers throughout
                assert srv.http("GET", "/api/health")[0] == 200
                pinger.send({"v": 1, "type": "ping"})
                pinger.recv_until(lambda m: m["type"] == "pong", timeout=10)
                try:
                    error = actor.recv(0.2)
                except TimeoutError:
                    continue
                if error["type"] in ("error", "state"):
                    break
            else:
                pytest.fail("the acting player heard nothing")
            assert error["type"] == "error" and error["code"] == "storage", error
            assert "locked" in error["message"]
        finally:
            shell.execute("ROLLBACK")
            shell.close()
        actor.act(action, expect=0)  # the lock is gone: it goes through
        assert actor.wait_version(1)["version"] == 1
        for client in clients.values():
            client.close()
    finally:
        srv.stop()


@pytest.mark.slow
def test_a_second_server_on_the_same_sqlite_file_is_refused(tmp_path: Path) -> None:
    srv = _start(tmp_path)
    try:
        cmd = [sys.executable, "-m", "troef.server", "--port", str(free_port()), "--db", srv.db_url]
        second = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
        assert second.returncode == 2
        assert "already using the database" in second.stderr + second.stdout
        assert srv.http("GET", "/api/health")[0] == 200  # the first one serves on
        srv.kill()  # a SIGKILLed server leaves no lock behind
        srv.start()
        assert srv.http("GET", "/api/health")[0] == 200
    finally:
        srv.stop()


# ---------------------------------------------------------------------- finding 4
def _slow(source: str, port: int) -> socket.socket:
    """A connection that sends the start of a request head and then nothing."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(source, 0))
    sock.sendall(b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n")
    return sock


def _still_open(sock: socket.socket) -> bool:
    """Whether the server has neither closed ``sock`` nor sent anything on it (without waiting)."""
    sock.setblocking(False)
    try:
        return not sock.recv(1, socket.MSG_PEEK)
    except BlockingIOError:
        return True
    except ConnectionResetError:
        return False
    finally:
        sock.setblocking(True)


def _closed_by_server(sock: socket.socket, within: float) -> bytes:
    """What the server sent before closing ``sock`` (fails if it is still open after ``within`` s)."""
    sock.settimeout(within)
    data = b""
    try:
        while chunk := sock.recv(4096):
            data += chunk
    except ConnectionResetError:
        pass
    except TimeoutError:
        pytest.fail("the server kept the connection open")
    return data


@pytest.mark.slow
def test_slow_headers_and_many_connections_do_not_starve_others(tmp_path: Path) -> None:
    limits = ["--header-timeout", "2", "--max-connections-per-client", "4", "--max-connections", "12"]
    limits += ["--reserved-connections", "0"]  # the total cap alone (the reserve: tests/server/test_second_probe.py)
    srv = Server(f"sqlite:///{tmp_path / 'troef.db'}", log_dir=tmp_path, extra=limits)
    socks: list[socket.socket] = []
    try:
        # the server takes connections in the order they were made: the fifth is the one too many
        socks = [_slow("127.0.0.2", srv.port) for _ in range(4)]
        over = _slow("127.0.0.2", srv.port)  # one too many from that client
        assert _closed_by_server(over, 5).startswith(b"HTTP/1.1 503")
        assert http_from(srv, "GET", "/api/health")[0] == 200  # others are served
        assert all(_still_open(sock) for sock in socks)  # while the slow ones still hold their connections
        for sock in socks:  # the slow ones are cut off after the header timeout
            assert _closed_by_server(sock, 6) == b""
        assert http_from(srv, "GET", "/api/health", source="127.0.0.2")[0] == 200  # and the client may come back
        trickle = socket.create_connection(("127.0.0.1", srv.port), timeout=5)  # a body that never comes whole
        socks.append(trickle)
        trickle.sendall(
            b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-type: application/json\r\n"
            b"content-length: 200\r\n\r\n{"
        )
        assert b" 408 " in _closed_by_server(trickle, 4).split(b"\r\n")[0]

        # the cap in total: 12 connections from three clients; the 13th, from a fourth, takes the place of the
        # oldest of a client holding the most (troef.server.guard.Guard.opened)
        socks = [_slow(f"127.0.0.{3 + i // 4}", srv.port) for i in range(12)]
        newcomer = _slow("127.0.0.9", srv.port)
        socks.append(newcomer)
        assert _closed_by_server(socks[0], 5) == b""
        assert _still_open(newcomer) and all(_still_open(sock) for sock in socks[1:12])
    finally:
        for sock in socks:
            sock.close()
        srv.stop()


def _kept_alive(port: int) -> socket.socket:
    """A keep-alive connection that has had its answer to one request (and is idle from then on)."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=5)
    sock.sendall(b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    answer = b""
    while not answer.endswith(b"}"):  # the head and the JSON body, in as many reads as they come
        answer += sock.recv(4096) or pytest.fail(f"closed before the answer was whole: {answer!r}")
    assert answer.startswith(b"HTTP/1.1 200")
    return sock


@pytest.mark.slow
def test_idle_connections_are_closed(tmp_path: Path) -> None:
    srv = Server(f"sqlite:///{tmp_path / 'troef.db'}", log_dir=tmp_path, extra=["--idle-timeout", "1"])
    try:
        sock = _kept_alive(srv.port)
        assert _closed_by_server(sock, 10) == b""  # the keep-alive connection, idle
        with connect(srv.ws_url, open_timeout=5) as ws:  # a game socket that joins no table
            with pytest.raises(ConnectionClosed) as closed:
                ws.recv(timeout=4)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
        table = srv.create()
        client = srv.client()  # one that joins stays
        client.join(table["id"])
        control = _kept_alive(srv.port)  # idle from now on
        assert _closed_by_server(control, 10) == b""  # so the idle timeout has passed for the joined one too
        client.send({"v": 1, "type": "ping"})
        assert client.recv_until(lambda m: m["type"] == "pong")["type"] == "pong"
        client.close()
    finally:
        srv.stop()


# ---------------------------------------------------------------------- finding 5
@pytest.mark.slow
def test_a_chosen_seed_makes_a_marked_practice_table(server: Server) -> None:
    seeded = server.create(seed=4242)
    assert seeded["table"]["practice"] is True
    assert server.http("GET", f"/api/tables/{seeded['id']}")[1]["practice"] is True
    client = server.client()
    assert client.join(seeded["id"], seeded["invites"][1]["token"])["practice"] is True  # told at the table
    lobby = server.http("GET", "/api/tables")[1]
    assert [t["practice"] for t in lobby["live"] if t["id"] == seeded["id"]] == [True]  # listed while played
    client.close()
    # nobody from the lobby sits down at a table whose cards somebody may know
    seats = [*HUMANS4[:3], {"kind": "human", "open": True}]
    status, data = server.http("POST", "/api/tables", _table_body(seats=seats, seed=4242))
    assert status == 400 and data["error"]["code"] == "bad_seats"


@pytest.mark.slow
def test_an_unseeded_table_keeps_its_seed_secret_until_the_record(server: Server) -> None:
    table = server.create(seats=HUMANS4)
    assert table["table"]["practice"] is False
    assert server.http("GET", f"/api/tables/{table['id']}/record")[0] == 409  # not before the match is over
    watcher = server.client()
    welcome = watcher.join(table["id"])
    assert welcome["practice"] is False and "seed" not in json.dumps(welcome)
    watcher.close()
    (finished,) = _bots_finish(server)
    status, record = server.http("GET", f"/api/tables/{finished}/record")
    assert status == 200 and isinstance(record["seed"], int)  # published with the record, after the match
    # the same seed again only makes a practice table, marked as such for everyone there
    again = server.create("nk", players=2, seed=record["seed"])
    assert again["table"]["practice"] is True


# ---------------------------------------------------------------------- finding 6
@pytest.mark.slow
def test_cross_site_requests_are_refused(strict: Server) -> None:
    srv = strict
    body = json.dumps(_table_body()).encode()
    for content_type in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"):
        status, data = http_from(srv, "POST", "/api/tables", body, headers={"content-type": content_type})
        assert status == 415 and data["error"]["code"] == "bad_content_type"
    evil = {"origin": "http://evil.example"}
    status, data = http_from(srv, "POST", "/api/tables", _table_body(), headers=evil)
    assert status == 403 and data["error"]["code"] == "bad_origin"
    other_port = {"origin": f"http://127.0.0.1:{srv.port + 1}"}
    assert http_from(srv, "POST", "/api/tables", _table_body(), headers=other_port)[0] == 403
    open_seat = _table_body(seats=[*HUMANS4[:3], {"kind": "human", "open": True}])
    status, table = http_from(srv, "POST", "/api/tables", open_seat, headers={"origin": f"http://127.0.0.1:{srv.port}"})
    assert status == 200  # the server's own page
    claim = f"/api/tables/{table['id']}/claim"
    assert http_from(srv, "POST", claim, {"seat": 3}, headers=evil)[0] == 403
    assert (
        http_from(srv, "POST", claim, json.dumps({"seat": 3}).encode(), headers={"content-type": "text/plain"})[0]
        == 415
    )
    assert srv.http("GET", "/api/health")[1]["tables"] == 1  # nothing else was made
    # the game socket: another site's page cannot open it
    with pytest.raises(InvalidStatus) as refused:
        connect(srv.ws_url, origin=Origin("http://evil.example"), open_timeout=5)
    assert refused.value.response.status_code == 403
    with connect(srv.ws_url, origin=Origin(f"http://127.0.0.1:{srv.port}"), open_timeout=5) as ws:
        ws.send(json.dumps({"v": 1, "type": "ping"}))
        assert json.loads(ws.recv(timeout=5))["type"] == "pong"


def _upgrade(port: int, host: str) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        sock.sendall(
            f"GET /ws HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n".encode()
        )
        return sock.recv(4096)


@pytest.mark.slow
def test_dns_rebinding_is_refused_unless_the_host_is_allowed(tmp_path: Path) -> None:
    srv = Server(f"sqlite:///{tmp_path / 'troef.db'}", log_dir=tmp_path, extra=["--allowed-host", "troef.example"])
    try:
        rebound = {"host": f"evil.example:{srv.port}"}
        for path in ("/api/health", "/", "/api/tables"):
            status, data = http_from(srv, "GET", path, headers=rebound)
            assert status == 421 and data["error"]["code"] == "bad_host"
        assert _upgrade(srv.port, f"evil.example:{srv.port}").startswith(b"HTTP/1.1 403")
        for name in (f"localhost:{srv.port}", f"127.0.0.1:{srv.port}", "troef.example", "192.168.1.5:8000"):
            assert http_from(srv, "GET", "/api/health", headers={"host": name})[0] == 200
            assert _upgrade(srv.port, name).startswith(b"HTTP/1.1 101")
        public = {"host": "troef.example", "origin": "https://troef.example"}
        assert http_from(srv, "POST", "/api/tables", _table_body(), headers=public)[0] == 200
    finally:
        srv.stop()


# ---------------------------------------------------------------------- finding 8
def _children(pid: int) -> set[int]:
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rpartition(")")[2].split()[1]) == pid:
                found.add(int(entry.name))
    return found


def _running(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
    except OSError:
        return False
    return state != "Z"


def _start_a_worker(srv: Server) -> set[int]:
    """Ask for a hint (the strongest bot thinks in a worker process); the server's child processes."""
    table = srv.create()
    tokens = {inv["seat"]: inv["token"] for inv in table["invites"]}
    client = srv.client()
    client.join(table["id"], tokens[0])
    assert client.state is not None
    seat = client.state["view"]["to_act"]
    actor = srv.client()
    actor.join(table["id"], tokens[seat])
    actor.send({"v": 1, "type": "hint"})
    actor.recv_until(lambda m: m["type"] in ("hint", "error"), timeout=60)
    assert srv.proc is not None
    children = _children(srv.proc.pid)
    assert children, "no worker process was started"
    client.close()
    actor.close()
    return children


@pytest.mark.slow
@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGKILL])
def test_worker_processes_end_with_the_server(tmp_path: Path, how: signal.Signals) -> None:
    srv = _start(tmp_path)
    try:
        children = _start_a_worker(srv)
        assert srv.proc is not None
        srv.proc.send_signal(how)
        srv.proc.wait(timeout=30)
        wait_until(lambda: not any(_running(pid) for pid in children), what=f"the workers ending after {how.name}")
    finally:
        srv.stop()


# ---------------------------------------------------------------------- finding 9
@pytest.mark.slow
def test_replays_are_rate_limited_per_client(tmp_path: Path) -> None:
    srv = Server(
        f"sqlite:///{tmp_path / 'troef.db'}", log_dir=tmp_path, extra=["--create-rate", "0", "--replay-rate", "4"]
    )
    try:
        (table_id,) = _bots_finish(srv)
        first = http_from(srv, "GET", f"/api/tables/{table_id}/replay/1")
        assert first[0] == 200
        for _ in range(3):
            assert http_from(srv, "GET", f"/api/tables/{table_id}/replay/1") == first  # the same, from the cache
        status, data = http_from(srv, "GET", f"/api/tables/{table_id}/replay/1")
        assert status == 429 and data["error"]["code"] == "rate_limited"
        assert http_from(srv, "GET", f"/api/tables/{table_id}/record")[0] == 429
        assert http_from(srv, "GET", f"/api/tables/{table_id}/replay/1", source="127.0.0.2") == first
    finally:
        srv.stop()


def test_replays_are_cached_and_kept_off_the_bots_pool(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[int] = []
    real = finished_module.replay_frames

    def counting(*args: Any) -> Any:
        made.append(1)
        return real(*args)

    monkeypatch.setattr(finished_module, "replay_frames", counting)

    async def main() -> None:
        hub = Hub(AsyncStore(f"sqlite:///{tmp_path / 'hub.db'}"), bot_delay=0.0)
        await hub.start()
        try:
            seats = [{"kind": "bot", "level": "random"}] * 2
            table, _ = await hub.create_table({"config": {"preset": "nk", "players": 2}, "seats": seats})
            await wait_until_async(lambda: table.id not in hub.tables and table.over, 60, "the bots finishing")

            async def stored_finished() -> bool:
                row = await hub.store.run(hub.store.store.load, table.id)
                return row is not None and row.finished_at is not None

            await wait_for_async(stored_finished, what="the match marked finished in the database")
            loop = asyncio.get_running_loop()
            # every thread of the live tables' pool is busy until the replays are done: they must not wait for it
            gate, started = threading.Event(), []

            def block() -> None:
                started.append(1)
                gate.wait(60)

            workers = hub._bot_executor._max_workers
            blockers = [loop.run_in_executor(hub._bot_executor, block) for _ in range(workers)]
            await wait_until_async(lambda: len(started) == workers, what="the pool's threads all busy")
            try:
                frames = await asyncio.wait_for(hub.replay(table.id, 1, None), 30)
                assert await asyncio.wait_for(hub.replay(table.id, 1, None), 30) == frames
                assert not any(b.done() for b in blockers)  # made while the pool was still held
            finally:
                gate.set()
            assert made == [1]  # made once
            await asyncio.gather(*blockers)
        finally:
            await hub.stop()

    asyncio.run(main())


# ---------------------------------------------------------------------- the extras
@pytest.mark.slow
def test_an_action_in_other_digits_is_refused_by_the_server(server: Server) -> None:
    table = server.create()
    tokens = {inv["seat"]: inv["token"] for inv in table["invites"]}
    watcher = server.client()
    watcher.join(table["id"])
    assert watcher.state is not None
    seat = watcher.state["view"]["to_act"]
    actor = server.client()
    actor.join(table["id"], tokens[seat])
    actor.act("bid \u0663\u0660", expect=0)  # "bid ٣٠": thirty in Arabic-Indic digits
    error = actor.recv_until(lambda m: m["type"] in ("error", "state"))
    assert error["type"] == "error" and error["code"] == "bad_action"
    actor.close()
    watcher.close()
