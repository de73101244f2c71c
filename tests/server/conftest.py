"""Fixtures of the server tests: a real server process, WebSocket clients, a throwaway PostgreSQL."""

from __future__ import annotations

import json
import shutil
import signal
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from websockets.sync.client import ClientConnection, connect

from troef.bench.pg import PgCluster
from troef.bench.pg import pg_bindir as _pg_bindir
from troef.bench.server import free_port, start_server

#: The per-client limits of most test servers: every test client is on loopback, one address, and
#: a test may make many tables (the tests of the limits start servers with their own).
LOOSE = (
    "--create-rate",
    "0",
    "--replay-rate",
    "0",
    "--tournament-rate",
    "0",
    "--max-connections-per-client",
    "1000",
    "--max-tables-per-owner",
    "100000",
)

if TYPE_CHECKING:
    from playwright.sync_api import Browser

#: Seat lists for tables of four.
HUMANS4 = [{"kind": "human", "name": f"player {i + 1}"} for i in range(4)]


class Server:
    """``python -m troef.server`` in a subprocess on a free loopback port."""

    def __init__(
        self, db_url: str, bot_delay: float = 0.0, log_dir: Path | None = None, extra: Sequence[str] = LOOSE
    ) -> None:
        self.db_url = db_url
        self.bot_delay = bot_delay
        self.extra = list(extra)
        self.log_path = (log_dir or Path(tempfile.mkdtemp(prefix="troef-test-"))) / "server.log"
        self.proc: subprocess.Popen[bytes] | None = None
        self.port = 0
        self.start()

    def start(self) -> None:
        self.port = free_port()
        self.proc = start_server(self.port, self.db_url, self.bot_delay, "warning", self.log_path, extra=self.extra)

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs."""
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

    # ------------------------------------------------------------------ HTTP
    def http(self, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None) -> tuple[int, Any]:
        data = None if body is None else (body if isinstance(body, bytes) else json.dumps(body).encode())
        req = urllib.request.Request(self.base + path, data=data, method=method, headers=headers or {})
        if data is not None:
            req.add_header("content-type", "application/json")
        try:
            with urllib.request.urlopen(req, timeout=30) as resp:
                raw = resp.read()
                status = resp.status
        except urllib.error.HTTPError as exc:
            raw = exc.read()
            status = exc.code
        try:
            return status, json.loads(raw)
        except json.JSONDecodeError:
            return status, raw.decode(errors="replace")

    def create(
        self, preset: str = "pagat", players: int = 4, seats: list[dict[str, Any]] | None = None, **extra: Any
    ) -> dict[str, Any]:
        body = {
            "game": "bonaken",
            "config": {"preset": preset, "players": players},
            "seats": seats or HUMANS4[:players],
        }
        body.update(extra)
        status, data = self.http("POST", "/api/tables", body)
        assert status == 200, data
        assert isinstance(data, dict)
        return data

    def client(self) -> Client:
        return Client(self.ws_url)


class Client:
    """A synchronous WebSocket client speaking the troef protocol."""

    def __init__(self, url: str) -> None:
        self.ws: ClientConnection = connect(
            url, open_timeout=10, close_timeout=2, max_size=2**22, compression=None
        ).__enter__()
        self.frames: list[str] = []
        self.state: dict[str, Any] | None = None

    def send(self, data: dict[str, Any] | str | bytes) -> None:
        self.ws.send(data if isinstance(data, (str, bytes)) else json.dumps(data))

    def recv(self, timeout: float = 10.0) -> dict[str, Any]:
        raw = self.ws.recv(timeout=timeout)
        assert isinstance(raw, str)
        self.frames.append(raw)
        msg: dict[str, Any] = json.loads(raw)
        if msg.get("type") == "state":
            self.state = msg
        return msg

    def recv_until(self, pred: Callable[[dict[str, Any]], bool], timeout: float = 10.0) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("no matching message")
            msg = self.recv(left)
            if pred(msg):
                return msg

    def join(self, table: str, token: str | None = None) -> dict[str, Any]:
        msg: dict[str, Any] = {"v": 1, "type": "join", "table": table}
        if token is not None:
            msg["token"] = token
        self.send(msg)
        welcome = self.recv_until(lambda m: m["type"] in ("welcome", "error"))
        if welcome["type"] == "welcome":
            self.recv_until(lambda m: m["type"] == "state")
        return welcome

    def act(self, action: str, expect: int | None = None) -> None:
        msg: dict[str, Any] = {"v": 1, "type": "act", "action": action}
        if expect is not None:
            msg["expect"] = expect
        self.send(msg)

    def wait_version(self, version: int, timeout: float = 10.0) -> dict[str, Any]:
        if self.state is not None and self.state["version"] >= version:
            return self.state
        return self.recv_until(lambda m: m["type"] == "state" and m["version"] >= version, timeout)

    def close(self) -> None:
        self.ws.close()


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'troef.db'}"


@pytest.fixture
def server(sqlite_url: str, tmp_path: Path) -> Iterator[Server]:
    srv = Server(sqlite_url, bot_delay=0.0, log_dir=tmp_path)
    yield srv
    srv.stop()


# ---------------------------------------------------------------------- PostgreSQL
@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[PgCluster]:
    bindir = _pg_bindir()
    if bindir is None:
        pytest.skip(
            "PostgreSQL server binaries (initdb, pg_ctl, postgres) are not installed: apt-get install postgresql"
        )
    cluster = PgCluster(bindir)
    yield cluster
    cluster.stop()


@pytest.fixture
def pg_url(pg_cluster: PgCluster) -> str:
    return pg_cluster.new_database()


#: A database of each kind; PostgreSQL (a real cluster) is a slow test, SQLite is not.
@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.slow)])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'troef.db'}"
    url: str = request.getfixturevalue("pg_url")
    return url


# ---------------------------------------------------------------------- Chromium
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Debian's headless Chromium driven by Playwright (never Playwright's own browser download)."""
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed: apt-get install chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()
