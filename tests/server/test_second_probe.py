"""Issue 35, the second outside probe: fair online deals, a connection no message wedges, limits by network.

Each test talks to a real server process on loopback (``tests/server/conftest.py``).
"""

from __future__ import annotations

import csv
import hashlib
import http.client
import io
import itertools
import json
import socket
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.server.conftest import HUMANS4, LOOSE, Client, Server
from tests.server.test_edge import _closed_by_server, _slow, http_from
from troef.tournament.draw import deal_commitment, deal_seed

#: A table of four people for each game (its default preset).
GAMES = ("bonaken", "klaverjas", "binokel")

#: What the probe sent, and its relatives: each must be answered with an error, and the connection go on.
BAD_ACTIONS = [
    "bid \u00b2\u2070",  # superscript digits: str.isdigit() says yes, int() says no
    "bid \u0662\u0665\u0660",  # Arabic-Indic digits: int() reads 250
    "roem \u00b2\u2070",
    "roem " + "9" * 50,  # a number no game has
    "bid " + "9" * 50,
    "play \u00b2",
    " ",
    "\x00",
]


@pytest.fixture(scope="module")
def fast(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server whose connections may send many messages a second (the fuzz sends a few hundred)."""
    base = tmp_path_factory.mktemp("probe35")
    srv = Server(f"sqlite:///{base / 'troef.db'}", log_dir=base, extra=[*LOOSE, "--rate-limit", "10000"])
    yield srv
    srv.stop()


def _actor(srv: Server, name: str) -> tuple[Client, dict[str, Any]]:
    """A connection at the seat to act of a new table of ``name``, and the table."""
    status, table = srv.http("POST", "/api/tables", {"game": name, "config": {}, "seats": HUMANS4})
    assert status == 200, table
    tokens = {inv["seat"]: inv["token"] for inv in table["invites"]}
    watcher = srv.client()
    watcher.join(table["id"])
    assert watcher.state is not None
    seat = watcher.state["view"]["to_act"]
    watcher.close()
    actor = srv.client()
    assert actor.join(table["id"], tokens[seat])["type"] == "welcome"
    return actor, table


_refs = itertools.count(1)


def _still_answers(client: Client, sent: dict[str, Any] | str) -> dict[str, Any]:
    """Send ``sent``, then a ping: the answer to ``sent`` (an error or a state) comes, then the pong."""
    client.send(sent)
    ref = f"p{next(_refs)}"
    client.send({"v": 1, "type": "ping", "id": ref})
    answers: list[dict[str, Any]] = []
    while True:
        msg = client.recv(timeout=10)
        if msg.get("type") == "pong" and msg.get("ref") == ref:
            return {"answers": answers}
        answers.append(msg)


@pytest.mark.parametrize("name", GAMES)
def test_a_bad_action_is_answered_with_an_error_and_the_connection_goes_on(fast: Server, name: str) -> None:
    actor, _table = _actor(fast, name)
    try:
        for i, text in enumerate(BAD_ACTIONS):
            ref = f"a{i}"
            got = _still_answers(actor, {"v": 1, "type": "act", "action": text, "id": ref})["answers"]
            errors = [m for m in got if m.get("type") == "error" and m.get("ref") == ref]
            assert len(errors) == 1, (text[:20], got)
            assert errors[0]["code"] == "bad_action", (text[:20], errors)
            assert not any(m.get("type") == "state" for m in got)  # nothing changed
        assert "Traceback" not in fast.log()
    finally:
        actor.close()


@pytest.mark.parametrize("name", GAMES)
def test_fuzzed_messages_never_wedge_the_connection(fast: Server, name: str) -> None:
    actor, _table = _actor(fast, name)
    version = actor.state["version"] if actor.state else 0
    try:

        @settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck), database=None)
        @given(
            message=st.one_of(
                st.text(max_size=30).map(lambda t: {"v": 1, "type": "act", "action": t}),
                st.tuples(
                    st.sampled_from(["bid", "roem", "play", "trump", "give", "discard"]), st.text(max_size=8)
                ).map(lambda p: {"v": 1, "type": "act", "action": f"{p[0]} {p[1]}"}),
                st.text(max_size=30).map(lambda t: {"v": 1, "type": "check", "action": t}),
                st.text(max_size=60),  # not even JSON
            )
        )
        def probe(message: dict[str, Any] | str) -> None:
            nonlocal version
            got = _still_answers(actor, message)["answers"]
            for m in got:
                assert not (m.get("type") == "error" and m.get("code") == "internal"), (message, m)
                if m.get("type") == "state":  # a fuzzed action may happen to be legal: it is played
                    version = m["version"]

        probe()
    finally:
        actor.close()
    assert "Traceback" not in fast.log()


def test_a_binary_frame_and_bad_json_leave_the_connection_answering(fast: Server) -> None:
    actor, _table = _actor(fast, "binokel")
    try:
        for message in (b"\x00\xff", "{", json.dumps({"v": 1, "type": "act"}), json.dumps([1, 2])):
            got = _still_answers(actor, message)["answers"]  # type: ignore[arg-type]
            assert [m["type"] for m in got if m["type"] != "presence"] == ["error"]
    finally:
        actor.close()


def test_any_failure_while_serving_a_message_frees_the_connection() -> None:
    """The cause in ``ws.py``: an action whose serving raises (any bug) is answered, and the next message served.

    The source of ``ws.py`` is loaded apart as plain Python: its compiled build checks at run time that it is
    given a real hub, and this test hands it one that fails on purpose."""
    import asyncio
    import importlib.util

    import troef.server

    spec = importlib.util.spec_from_file_location("ws_source", Path(troef.server.__file__).parent / "ws.py")
    assert spec is not None and spec.loader is not None
    source = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(source)
    Connection = source.Connection

    class Outlet:
        def __init__(self) -> None:
            self.sent: list[dict[str, Any]] = []

        def send(self, text: bytes) -> None:
            self.sent.append(json.loads(text))

        def close(self, code: int, reason: str) -> None:
            raise AssertionError(f"closed: {code} {reason}")

        def pause_reading(self) -> None:
            pass

        def resume_reading(self) -> None:
            pass

    class Hub:
        tables: ClassVar[dict[str, Any]] = {}

        def submit_soon(self, *_args: Any) -> None:
            raise RuntimeError("a bug somewhere on the action path")

    async def main() -> list[dict[str, Any]]:
        out = Outlet()
        conn = Connection(out, Hub())
        conn.table, conn.viewer = object(), 0
        conn.receive(json.dumps({"v": 1, "type": "act", "action": "pass", "id": 1}))
        conn.receive(json.dumps({"v": 1, "type": "ping", "id": 2}))
        assert not conn.busy
        return out.sent

    sent = asyncio.run(main())
    assert [(m["type"], m.get("code"), m.get("ref")) for m in sent] == [("error", "internal", 1), ("pong", None, 2)]


# ---------------------------------------------------------------------- finding 1: online tournament deals
def _tournament(srv: Server, seed: int) -> tuple[str, dict[str, str], dict[str, Any]]:
    """A tournament of 8 players, one round of one game, drawn: its id, the organiser's header, the round."""
    status, data = srv.http(
        "POST", "/api/tournaments", {"name": "NK", "seed": seed, "rounds": 1, "games_per_round": 1, "final": False}
    )
    assert status == 200, data
    tid, org = data["id"], {"x-troef-organiser": data["token"]}
    for action, body in (("players", {"names": [f"Speler {i}" for i in range(1, 9)]}), ("draw", {})):
        status, answer = srv.http("POST", f"/api/tournaments/{tid}/{action}", body, org)
        assert status == 200, answer
    return tid, org, answer["tournament"]["drawn"][0]


def _open(srv: Server, tid: str, org: dict[str, str], absent: Any, level: str = "random") -> dict[str, Any]:
    body = {"round": 1, "game": 1, "absent": absent, "level": level}
    status, opened = srv.http("POST", f"/api/tournaments/{tid}/online", body, org)
    assert status == 200, opened
    return opened  # type: ignore[no-any-return]


def test_the_same_public_tournament_seed_draws_the_same_tables_but_deals_other_cards(server: Server) -> None:
    """Everything public about two tournaments is the same; their online hands are not (issue 35, finding 1)."""
    hands = []
    for _ in range(2):
        tid, org, rnd = _tournament(server, seed=4242)
        me = rnd["tables"][0]["players"][0]
        others = [p for table in rnd["tables"] for p in table["players"] if p != me]
        opened = _open(server, tid, org, others)
        link = next(s["link"] for s in opened["tables"][0]["seats"] if s["number"] == me)
        table_id, token = link.split("/t/")[1].split("#t=")
        status, info = server.http("GET", f"/api/tables/{table_id}")
        assert status == 200 and info["practice"] is False and "seed" not in info
        status, public = server.http("GET", f"/api/tournaments/{tid}")
        game = public["drawn"][0]["tables"][0]["games"][0]
        assert len(game["deal_commitment"]) == 64 and game["deal_secret"] is None  # committed, not revealed
        client = server.client()
        try:
            client.join(table_id, token)
            assert client.state is not None
            hands.append(([t["players"] for t in rnd["tables"]], client.state["view"]["hand"]))
        finally:
            client.close()
    (tables_a, hand_a), (tables_b, hand_b) = hands
    assert tables_a == tables_b  # the draw follows from the public seed: anybody can check it
    assert hand_a != hand_b  # the cards do not


def test_an_online_deal_is_committed_before_and_revealed_after_the_game(server: Server) -> None:
    tid, org, rnd = _tournament(server, seed=7)
    opened = _open(server, tid, org, "all")
    deadline = time.monotonic() + 300
    while True:
        status, public = server.http("GET", f"/api/tournaments/{tid}")
        assert status == 200
        if public["drawn"][0]["complete"]:
            break
        for table in public["drawn"][0]["tables"]:  # while a table plays, its secret stays hidden
            game = table["games"][0]
            assert game["deal_secret"] is None or game["source"] == "online"
        assert time.monotonic() < deadline, "the computer players did not finish in time"
        time.sleep(0.5)
    for table, invite in zip(public["drawn"][0]["tables"], opened["tables"], strict=True):
        game = table["games"][0]
        secret = game["deal_secret"]
        assert game["source"] == "online" and secret
        assert hashlib.sha256(secret.encode()).hexdigest() == game["deal_commitment"] == deal_commitment(secret)
        status, record = server.http("GET", f"/api/tables/{invite['id']}/record")
        assert status == 200 and record["seed"] == deal_seed(secret)  # the record was dealt from the secret
    assert all(t["games"][0]["deal_secret"] is None for t in rnd["tables"])  # the draw's answer showed none


# ---------------------------------------------------------------------- finding 4
def test_a_number_of_more_digits_than_int_takes_is_a_bad_request(server: Server) -> None:
    huge = "9" * 5000
    for path, body in (
        ("/api/tables", '{"game": "bonaken", "seats": [], "turn_seconds": ' + huge + "}"),
        ("/api/tournaments", '{"name": "NK", "rounds": ' + huge + "}"),
    ):
        status, data = server.http("POST", path, body.encode())
        assert status == 400 and data["error"]["code"] == "bad_json", (path, status, data)
    assert "Traceback" not in server.log()


def _raw(srv: Server, method: str, path: str, body: bytes, headers: dict[str, str]) -> tuple[int, Any]:
    """A request with exactly these headers (``Server.http`` always says JSON)."""
    conn = http.client.HTTPConnection("127.0.0.1", srv.port, timeout=30)
    try:
        conn.request(method, path, body, headers)
        resp = conn.getresponse()
        return resp.status, json.loads(resp.read())
    finally:
        conn.close()


def _every_route() -> list[str]:
    """A path of every route of the app (path parameters filled in), the static files' mount included."""
    from starlette.routing import Mount, Route

    from troef.server.app import create_app

    app = create_app("sqlite://")
    paths = []
    for route in app.routes:
        assert isinstance(route, (Route, Mount))
        path = route.path
        for name in route.param_convertors:
            path = path.replace(f"{{{name}}}", "1" if name == "hand" else "x").replace(f"{{{name}:int}}", "1")
        paths.append(path + ("/style.css" if isinstance(route, Mount) else ""))
    return paths


def test_every_route_refuses_changes_from_other_sites_and_form_bodies(server: Server) -> None:
    """Whatever the route, a request that may change something passes the same Origin and content-type checks."""
    paths = _every_route()
    assert "/api/tournaments" in paths and "/api/tables" in paths and "/api/tournaments/x/x" in paths
    evil = {"origin": "http://evil.example", "content-type": "application/json"}
    form = {"content-type": "application/x-www-form-urlencoded"}
    for path in paths:
        for method in ("POST", "PUT", "PATCH", "DELETE"):
            status, data = server.http(method, path, b'{"name": "x"}', evil)
            assert status == 403 and data["error"]["code"] == "bad_origin", (method, path, status)
            status, data = _raw(server, method, path, b"name=x", form)
            assert status == 415 and data["error"]["code"] == "bad_content_type", (method, path, status)
    # nothing was made: a tournament page of this server still answers, with no tournament behind it
    status, _ = server.http("POST", "/api/tournaments", {"name": "NK"}, {"origin": server.base})
    assert status == 200


def _nk(srv: Server, names: list[str]) -> tuple[str, dict[str, str], int, Any]:
    status, data = srv.http("POST", "/api/tournaments", {"name": "NK", "seed": 1, "rounds": 1, "final": False})
    assert status == 200
    tid, org = data["id"], {"x-troef-organiser": data["token"]}
    status, answer = srv.http("POST", f"/api/tournaments/{tid}/players", {"names": names}, org)
    return tid, org, status, answer


def test_standings_csv_cells_cannot_be_formulas(server: Server) -> None:
    names = [
        '=HYPERLINK("http://evil.example","klik")',
        "+31 6 1234",
        "-Piet",
        "@Jan",
        "Klaas",
        "Kees",
        "Mien",
        "Truus",
    ]
    tid, _org, status, _ = _nk(server, names)
    assert status == 200
    req = urllib.request.Request(f"{server.base}/api/tournaments/{tid}/export/standings.csv")
    with urllib.request.urlopen(req, timeout=30) as resp:
        text = resp.read().decode()
    cells = [cell for row in csv.reader(io.StringIO(text)) for cell in row]
    assert not any(cell.startswith(("=", "+", "-", "@")) for cell in cells), text[:300]
    assert {'\'=HYPERLINK("http://evil.example","klik")', "'+31 6 1234", "'-Piet", "'@Jan", "Klaas"} <= set(cells)


def test_lookalike_names_are_refused_and_names_are_normalised(server: Server) -> None:
    tid, org, status, answer = _nk(server, ["Anna", "\uff2a\uff41\uff4e"])  # full-width Ｊａｎ
    assert status == 200
    status, public = server.http("GET", f"/api/tournaments/{tid}")
    assert [p["name"] for p in public["players"]] == ["Anna", "Jan"]
    for lookalike in ("\u0410nna", "anna", "\u0391nna", "J\u0430n"):  # Cyrillic А, case, Greek Α, Cyrillic а
        status, answer = server.http("POST", f"/api/tournaments/{tid}/players", {"names": [lookalike]}, org)
        assert status == 409 and answer["error"]["code"] == "duplicate", (lookalike, answer)
        assert "Anna" in answer["error"]["message"] or "Jan" in answer["error"]["message"]
    status, public = server.http("GET", f"/api/tournaments/{tid}")
    assert len(public["players"]) == 2  # nothing changed


def test_results_are_numbers_only_as_json_numbers(server: Server) -> None:
    tid, org, status, _ = _nk(server, [f"Speler {i}" for i in range(1, 5)])
    assert server.http("POST", f"/api/tournaments/{tid}/draw", {}, org)[0] == 200
    for points in (["10", "8", "4", "1"], [10, 8, 4, "1"], [10.0, 8, 4, 1], [True, 8, 4, 1], ["\u0661\u0660", 8, 4, 1]):
        body = {"round": 1, "table": 1, "game": 1, "points": points}
        status, answer = server.http("POST", f"/api/tournaments/{tid}/result", body, org)
        assert status == 400 and answer["error"]["code"] == "bad_result", (points, answer)
    status, public = server.http("GET", f"/api/tournaments/{tid}")
    assert public["drawn"][0]["tables"][0]["games"][0]["points"] is None
    body = {"round": 1, "table": 1, "game": 1, "points": [10, 8, 4, 1]}
    assert server.http("POST", f"/api/tournaments/{tid}/result", body, org)[0] == 200


# ---------------------------------------------------------------------- finding 3: limits by network
def _still_open(sock: socket.socket) -> bool:
    """Whether the server has neither answered nor closed ``sock`` (a refused one has a 503 waiting)."""
    sock.setblocking(False)
    try:
        return not sock.recv(1, socket.MSG_PEEK)
    except BlockingIOError:
        return True
    finally:
        sock.setblocking(True)


def test_tables_nobody_joined_stay_out_of_the_cap_of_tables_in_play(tmp_path: Path) -> None:
    srv = Server(
        f"sqlite:///{tmp_path / 'troef.db'}",
        log_dir=tmp_path,
        extra=[*LOOSE, "--max-tables", "3", "--max-unjoined-tables", "5"],
    )
    body = {"game": "bonaken", "config": {"preset": "pagat", "players": 4}, "seats": HUMANS4}
    try:
        # the probe: many addresses make tables and never join them; new tables are still made
        made = [http_from(srv, "POST", "/api/tables", body, source=f"127.0.0.{10 + i}") for i in range(20)]
        assert [status for status, _ in made] == [200] * 20, made[-1]
        assert srv.http("GET", "/api/health")[1]["tables"] == 5  # the oldest unjoined ones made room
        assert srv.http("GET", f"/api/tables/{made[0][1]['id']}")[0] == 404  # and are gone, rows and all
        # tables people join are what the cap counts
        clients = []
        for _ in range(3):
            table = srv.create("pagat")
            client = srv.client()
            client.join(table["id"], table["invites"][0]["token"])
            clients.append(client)
        status, refused = srv.http("POST", "/api/tables", body)
        assert status == 503 and refused["error"]["code"] == "server_busy"
        for client in clients:
            client.close()
    finally:
        srv.stop()


def test_an_unjoined_table_expires_within_minutes_by_default() -> None:
    import inspect

    from troef.cli import serve
    from troef.server.app import create_app

    for fn, name in ((serve, "expire_after"), (create_app, "expire_seconds")):
        assert inspect.signature(fn).parameters[name].default <= 300, fn


def test_clients_are_counted_by_network(tmp_path: Path) -> None:
    limits = ["--ipv4-prefix", "24", "--max-connections-per-client", "3", "--reserved-connections", "0"]
    srv = Server(
        f"sqlite:///{tmp_path / 'troef.db'}",
        log_dir=tmp_path,
        extra=["--create-rate", "2", "--replay-rate", "0", "--header-timeout", "30", *limits],
    )
    socks: list[socket.socket] = []
    try:
        socks = [_slow(f"127.0.0.{2 + i}", srv.port) for i in range(3)]  # three addresses of one /24
        over = _slow("127.0.0.5", srv.port)
        socks.append(over)
        assert _closed_by_server(over, 5).startswith(b"HTTP/1.1 503")
        assert all(_still_open(s) for s in socks[:3])
        body = {"game": "bonaken", "config": {"preset": "pagat", "players": 4}, "seats": HUMANS4}
        for s in socks:
            s.close()
        socks = []
        assert http_from(srv, "POST", "/api/tables", body, source="127.0.1.2")[0] == 200
        assert http_from(srv, "POST", "/api/tables", body, source="127.0.1.3")[0] == 200
        status, data = http_from(srv, "POST", "/api/tables", body, source="127.0.1.4")  # the same /24 again
        assert status == 429 and data["error"]["code"] == "rate_limited"
    finally:
        for s in socks:
            s.close()
        srv.stop()


def test_connection_places_are_kept_for_players_at_a_table(tmp_path: Path) -> None:
    limits = ["--max-connections", "8", "--reserved-connections", "3", "--header-timeout", "30"]
    srv = Server(f"sqlite:///{tmp_path / 'troef.db'}", log_dir=tmp_path, extra=[*LOOSE, *limits])
    socks: list[socket.socket] = []
    player = None
    try:
        table = srv.create("pagat")
        player = srv.client()  # a player at a table, from 127.0.0.1: one connection
        assert player.join(table["id"], table["invites"][0]["token"])["type"] == "welcome"
        # others hold sockets open from many addresses: they get the unreserved places only (8 - 3 - 1)
        socks = [_slow(f"127.0.0.{20 + i}", srv.port) for i in range(4)]
        refused = _slow("127.0.0.30", srv.port)
        socks.append(refused)
        assert _closed_by_server(refused, 5).startswith(b"HTTP/1.1 503")
        assert all(_still_open(s) for s in socks[:4])
        # the player's client still gets in: a page load, a second connection
        assert http_from(srv, "GET", f"/api/tables/{table['id']}")[0] == 200
        again = srv.client()
        again.send({"v": 1, "type": "ping", "id": 1})
        assert again.recv_until(lambda m: m["type"] == "pong")["ref"] == 1
        again.close()
        # a client with nobody at a table does not
        assert _closed_by_server(_slow("127.0.0.31", srv.port), 5).startswith(b"HTTP/1.1 503")
    finally:
        for s in socks:
            s.close()
        if player is not None:
            player.close()
        srv.stop()


def test_forwarded_addresses_are_believed_only_from_a_trusted_proxy(tmp_path: Path) -> None:
    body = {"game": "bonaken", "config": {"preset": "pagat", "players": 4}, "seats": HUMANS4}
    for trusted in (False, True):
        extra = ["--create-rate", "2", "--replay-rate", "0", "--max-connections-per-client", "1000"]
        if trusted:
            extra += ["--trusted-proxy", "127.0.0.1"]
        srv = Server(f"sqlite:///{tmp_path / f'troef{trusted}.db'}", log_dir=tmp_path, extra=extra)
        try:
            statuses = [
                http_from(srv, "POST", "/api/tables", body, headers={"x-forwarded-for": f"198.51.100.{i}"})[0]
                for i in range(4)
            ]
        finally:
            srv.stop()
        # untrusted: one client (the peer) making four tables, two too many; trusted: four clients
        assert statuses == ([200] * 4 if trusted else [200, 200, 429, 429]), (trusted, statuses)


# ---------------------------------------------------------------------- finding 5: replays
def test_many_parallel_replays_of_a_finished_match_are_made_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """50 clients asking at once for the same replay: one database load, one build, one encoding, off the loop."""
    import asyncio
    import threading

    from troef.server import finished as finished_module
    from troef.server.storage import AsyncStore
    from troef.server.tables import Hub

    built: list[str] = []
    real = finished_module.replay_frames

    def counting(*args: Any) -> Any:
        built.append(threading.current_thread().name)
        return real(*args)

    monkeypatch.setattr(finished_module, "replay_frames", counting)

    async def main() -> None:
        hub = Hub(AsyncStore(f"sqlite:///{tmp_path / 'hub.db'}"), bot_delay=0.0)
        await hub.start()
        try:
            seats = [{"kind": "bot", "level": "random"}] * 2
            table, _ = await hub.create_table({"config": {"preset": "nk", "players": 2}, "seats": seats})
            for _ in range(3000):
                if table.id not in hub.tables and table.over:
                    break
                await asyncio.sleep(0.01)
            for _ in range(300):  # marked finished in the database
                row = await hub.store.run(hub.store.store.load, table.id)
                if row is not None and row.finished_at is not None:
                    break
                await asyncio.sleep(0.01)
            loads: list[str] = []
            real_load = hub.store.store.load

            def counting_load(table_id: str) -> Any:
                loads.append(table_id)
                return real_load(table_id)

            monkeypatch.setattr(hub.store.store, "load", counting_load)
            answers = await asyncio.gather(*(hub.replay(table.id, 1, None) for _ in range(50)))
            assert all(a == answers[0] for a in answers)
            first = answers[0]
            assert (first if isinstance(first, dict) else json.loads(first))["frames"]  # (main answered a dict)
            assert len(loads) == 1 and len(built) == 1  # main: 50 loads and a build for each waiting request
            assert built[0].startswith("troef-replay")  # never on the loop, never in the live tables' pool
            again = await asyncio.gather(*(hub.replay(table.id, 1, None, open_cards=True) for _ in range(50)))
            assert all(a == again[0] for a in again) and "open" in (
                again[0] if isinstance(again[0], dict) else json.loads(again[0])
            )
            assert len(loads) == 1  # the finished row is kept
        finally:
            await hub.stop()

    asyncio.run(main())
