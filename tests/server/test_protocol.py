"""The WebSocket protocol and the HTTP API against a real server process: good and bad input."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from tests.server.conftest import HUMANS4, Client, Server
from troef.games.bonaken.record import loads, replay


@pytest.fixture(scope="module")
def srv(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder: Path = tmp_path_factory.mktemp("protocol")
    server = Server(f"sqlite:///{folder / 'troef.db'}", bot_delay=0.0, log_dir=folder)
    yield server
    server.stop()


def _seated(srv: Server, preset: str = "pagat") -> tuple[dict[str, Any], list[Client], Client]:
    """A table of four people, a client on every seat, and a spectator."""
    table = srv.create(preset)
    tokens = {inv["seat"]: inv["token"] for inv in table["invites"]}
    clients = []
    for seat in range(4):
        client = srv.client()
        welcome = client.join(table["id"], tokens[seat])
        assert welcome["seat"] == seat and welcome["role"] == "seat"
        clients.append(client)
    spectator = srv.client()
    assert spectator.join(table["id"])["role"] == "spectator"
    return table, clients, spectator


def _error(client: Client, timeout: float = 5.0) -> dict[str, Any]:
    return client.recv_until(lambda m: m["type"] == "error", timeout)


def _quiet(client: Client, seconds: float = 0.3) -> list[dict[str, Any]]:
    """Messages that arrive within ``seconds`` (expected: none with game changes)."""
    out: list[dict[str, Any]] = []
    deadline = time.monotonic() + seconds
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            return out
        try:
            out.append(client.recv(left))
        except TimeoutError:
            return out


def test_join_gives_the_full_view_of_the_seat(srv: Server) -> None:
    _table, clients, spectator = _seated(srv)
    state = clients[0].state
    assert state is not None and state["version"] == 0 and state["viewer"] == 0
    assert len(state["view"]["hand"]) == 6
    assert state["match"]["over"] is False
    spec = spectator.state
    assert spec is not None and spec["view"]["hand"] is None and spec["viewer"] == -1
    for c in [*clients, spectator]:
        c.close()


def test_malformed_messages_get_clear_errors_and_change_nothing(srv: Server) -> None:
    table, clients, spectator = _seated(srv)
    c = clients[0]
    cases: list[tuple[Any, str]] = [
        ("{not json", "bad_json"),
        ("[1, 2]", "bad_message"),
        (json.dumps({"type": "ping"}), "bad_version"),
        (json.dumps({"v": 2, "type": "ping"}), "bad_version"),
        (json.dumps({"v": 1, "type": "dance"}), "unknown_type"),
        (json.dumps({"v": 1, "type": "act"}), "bad_message"),
        (json.dumps({"v": 1, "type": "act", "action": 5}), "bad_message"),
        (json.dumps({"v": 1, "type": "act", "action": "pass", "expect": "x"}), "bad_message"),
        (json.dumps({"v": 1, "type": "ping", "id": {"a": 1}}), "bad_message"),
        (json.dumps({"v": 1, "type": "join", "table": table["id"]}), "already_joined"),
        ("x" * 5000, "too_large"),
        (b"\x00\x01binary", "bad_message"),
        ("[" * 60000, "too_large"),
    ]
    for raw, code in cases:
        c.send(raw)
        err = _error(c)
        assert err["code"] == code, (raw if isinstance(raw, bytes) else raw[:40], err)
        assert err["v"] == 1 and err["message"]
    c.send({"v": 1, "type": "ping", "id": "p1"})
    assert c.recv_until(lambda m: m["type"] == "pong")["ref"] == "p1"
    assert not [m for m in _quiet(spectator) if m["type"] == "state"]
    for x in [*clients, spectator]:
        x.close()


def test_an_oversized_frame_closes_only_that_connection(srv: Server) -> None:
    _table, clients, spectator = _seated(srv)
    clients[1].send("x" * 200_000)
    with pytest.raises(ConnectionClosed) as info:
        for _ in range(10):
            clients[1].recv(5)
    assert info.value.rcvd is not None and info.value.rcvd.code == 1009
    spectator.send({"v": 1, "type": "ping"})
    assert spectator.recv_until(lambda m: m["type"] == "pong")
    for x in [clients[0], clients[2], clients[3], spectator]:
        x.close()


def test_joining_needs_a_real_table_and_token(srv: Server) -> None:
    table = srv.create("pagat")
    c = srv.client()
    c.send({"v": 1, "type": "act", "action": "pass"})
    assert _error(c)["code"] == "not_joined"
    assert c.join("no-such-table")["code"] == "unknown_table"
    assert c.join("x" * 60)["code"] == "unknown_table"
    assert c.join(table["id"], "wrong-token")["code"] == "bad_token"
    assert c.join(table["id"], "")["code"] == "bad_message"
    # the connection still works and can join properly afterwards
    assert c.join(table["id"], table["invites"][2]["token"])["seat"] == 2
    c.close()


def test_out_of_turn_and_illegal_actions_change_nothing(srv: Server) -> None:
    _table, clients, spectator = _seated(srv, preset="nk")
    state = clients[0].state
    assert state is not None
    to_act = state["view"]["to_act"]
    other = (to_act + 1) % 4
    own_card = clients[other].state["view"]["hand"][0]
    clients[other].act("pass")
    err = _error(clients[other])
    assert err["code"] == "not_your_turn" and err["message"] == "it is not your turn"
    clients[other].act(f"play {own_card}")
    assert _error(clients[other])["code"] == "not_your_turn"
    actor = clients[to_act]
    actor.act("bid 20")
    err = _error(actor)
    # the rules' refusal comes as code and parameters too: the browser words it in its language
    assert err["code"] == "illegal" and err["message"] == "the lowest number bid is 25"
    assert err["refusal"] == {"code": "bid_min", "params": {"bid": 25}}
    actor.act("play Jh")
    err = _error(actor)
    assert err["code"] == "illegal" and err["refusal"] == {"code": "bid_or_pass", "params": {}}
    actor.act("shuffle the deck")
    assert "refusal" not in (err := _error(actor)) and err["code"] == "bad_action"
    actor.act("pass", expect=7)
    assert _error(actor)["code"] == "stale"
    spectator.act("pass")
    assert _error(spectator)["code"] == "spectator"
    assert not [m for m in _quiet(spectator) if m["type"] == "state"]
    # a legal action goes through and everybody sees version 1
    actor.act("bid 25", expect=0)
    for c in [*clients, spectator]:
        assert c.wait_version(1)["version"] == 1
    assert spectator.state is not None and spectator.state["view"]["events"] == [[to_act, "bid 25"]]
    for x in [*clients, spectator]:
        x.close()


def test_a_flood_is_limited_and_the_rest_is_served(srv: Server) -> None:
    _table, clients, spectator = _seated(srv)
    flooder = clients[0]
    closed = False
    for i in range(600):
        try:
            flooder.send({"v": 1, "type": "ping", "id": i})
        except ConnectionClosed:
            closed = True
            break
    codes = []
    try:
        while True:
            msg = flooder.recv(3)
            codes.append(msg.get("code", msg["type"]))
    except (ConnectionClosed, TimeoutError) as exc:
        closed = closed or isinstance(exc, ConnectionClosed)
    assert "rate_limited" in codes
    assert codes.count("rate_limited") <= 5  # one error a second, not one per message
    assert closed
    # everybody else is served as before
    spectator.send({"v": 1, "type": "ping", "id": "still"})
    assert spectator.recv_until(lambda m: m["type"] == "pong", 3)["ref"] == "still"
    to_act = spectator.state["view"]["to_act"]  # type: ignore[index]
    if to_act != 0:
        clients[to_act].act("pass")
        assert spectator.wait_version(1)["version"] == 1
    for x in [*clients[1:], spectator]:
        x.close()


def test_hints_come_from_the_seat_view(srv: Server) -> None:
    _table, clients, spectator = _seated(srv)
    to_act = clients[0].state["view"]["to_act"]  # type: ignore[index]
    clients[to_act].send({"v": 1, "type": "hint", "id": 3})
    hint = clients[to_act].recv_until(lambda m: m["type"] in ("hint", "error"))
    assert hint["type"] == "hint" and hint["ref"] == 3
    assert hint["action"] in clients[to_act].state["view"]["legal"]
    assert hint["source"] in srv.http("GET", "/api/games")[1]["games"]["bonaken"]["bots"]  # a computer player
    other = clients[(to_act + 1) % 4]
    other.send({"v": 1, "type": "hint"})
    assert _error(other)["code"] == "not_your_turn"
    spectator.send({"v": 1, "type": "hint"})
    assert _error(spectator)["code"] == "spectator"
    for x in [*clients, spectator]:
        x.close()


@pytest.mark.parametrize("game", ["bonaken", "klaverjas", "binokel"])
def test_each_game_serves_its_refusal_texts_in_every_language(srv: Server, game: str) -> None:
    status, texts = srv.http("GET", f"/api/games/{game}/texts")
    assert status == 200 and texts["game"] == game
    assert texts["refusals"]["match_over"].keys() == {"nl", "en", "de"}
    assert all(entry.keys() == {"nl", "en", "de"} for entry in texts["refusals"].values())
    assert all(len(texts["suits"][lang]) == 4 and len(texts["ranks"][lang]) == 8 for lang in ("nl", "en", "de"))
    status, data = srv.http("GET", "/api/games/schaak/texts")
    assert status == 404 and data["error"]["code"] == "unknown_game"


def test_http_api_refuses_bad_requests(srv: Server) -> None:
    assert srv.http("POST", "/api/tables", b"{nope")[0] == 400
    assert srv.http("POST", "/api/tables", b"[]")[0] == 400
    status, data = srv.http("POST", "/api/tables", b"x" * 20000)
    assert status == 413 and data["error"]["code"] == "too_large"
    status, data = srv.http("POST", "/api/tables", {"config": {"preset": "skat"}, "seats": HUMANS4})
    assert status == 400 and "preset" in data["error"]["message"]
    status, data = srv.http("POST", "/api/tables", {"config": {"preset": "nk", "players": 4}, "seats": HUMANS4[:3]})
    assert status == 400 and data["error"]["code"] == "bad_seats"
    bad_bot = [{"kind": "bot", "level": "grandmaster"}, *HUMANS4[1:]]
    status, data = srv.http("POST", "/api/tables", {"config": {"preset": "nk", "players": 4}, "seats": bad_bot})
    assert status == 400 and data["error"]["code"] == "bad_seats"
    status, data = srv.http("POST", "/api/tables", {"config": {"preset": "nk"}, "seats": HUMANS4, "seed": -1})
    assert status == 400
    assert srv.http("GET", "/api/tables/nope")[0] == 404
    table = srv.create("pagat")
    assert srv.http("GET", f"/api/tables/{table['id']}/record")[0] == 409
    assert srv.http("GET", f"/api/tables/{table['id']}/replay/1")[0] == 409
    assert srv.http("GET", "/api/tables/nope/replay/1")[0] == 404


def test_http_pages_carry_security_headers(srv: Server) -> None:
    import urllib.request

    for path in ("/", "/api/games", "/static/app.js", "/t/abc"):
        with urllib.request.urlopen(srv.base + path, timeout=10) as resp:
            assert resp.status == 200
            assert "default-src 'self'" in resp.headers["content-security-policy"]
            assert resp.headers["x-content-type-options"] == "nosniff"
            assert resp.headers["referrer-policy"] == "no-referrer"


def test_open_seats_are_claimed_once(srv: Server) -> None:
    seats: list[dict[str, Any]] = [
        HUMANS4[0],
        {"kind": "human", "open": True},
        {"kind": "bot", "level": "random"},
        {"kind": "bot", "level": "random"},
    ]
    table = srv.create("nk", seats=seats)
    assert [inv["seat"] for inv in table["invites"]] == [0]
    status, lobby = srv.http("GET", "/api/tables")
    assert status == 200 and table["id"] in [t["id"] for t in lobby["open"]]
    status, claim = srv.http("POST", f"/api/tables/{table['id']}/claim", {"seat": 1})
    assert status == 200 and claim["seat"] == 1
    assert srv.http("POST", f"/api/tables/{table['id']}/claim", {"seat": 1})[0] == 409
    assert srv.http("POST", f"/api/tables/{table['id']}/claim", {"seat": 0})[0] == 409
    assert srv.http("POST", f"/api/tables/{table['id']}/claim", {"seat": 9})[0] == 400
    c = srv.client()
    assert c.join(table["id"], claim["token"])["seat"] == 1
    c.close()
    status, lobby = srv.http("GET", "/api/tables")
    assert table["id"] not in [t["id"] for t in lobby["open"]]


def test_a_bot_match_runs_to_its_end_and_becomes_a_record(srv: Server) -> None:
    bots = [{"kind": "bot", "level": "random", "name": f"bot {i}"} for i in range(3)]
    table = srv.create("hazerswoude", players=3, seats=bots)
    spectator = srv.client()
    spectator.join(table["id"])
    final = spectator.state
    assert final is not None
    if not final["match"]["over"]:  # the bots may have finished before we joined
        final = spectator.recv_until(lambda m: m["type"] == "state" and m["match"]["over"], timeout=60)
    assert final["match"]["losers"] and final["match"]["standing"]
    status, info = srv.http("GET", f"/api/tables/{table['id']}")
    assert status == 200 and info["over"] and info["version"] == final["version"]
    status, record = srv.http("GET", f"/api/tables/{table['id']}/record")
    assert status == 200
    outcome = replay(loads(json.dumps(record)))
    assert outcome.finished and list(outcome.losers) == final["match"]["losers"]
    hands = info["result"]["hands"]
    status, frames = srv.http("GET", f"/api/tables/{table['id']}/replay/{hands}")
    assert status == 200 and frames["viewer"] == -1 and frames["hands"] == hands
    assert frames["frames"][-1]["view"] == final["view"]  # the public replay ends where the spectator ended
    assert all(f["view"]["hand"] is None for f in frames["frames"])
    assert srv.http("GET", f"/api/tables/{table['id']}/replay/{hands + 1}")[0] == 404
    status, lobby = srv.http("GET", "/api/tables")
    assert table["id"] in [t["id"] for t in lobby["finished"]]
    spectator.close()


def test_a_seat_replays_its_own_view_with_its_token(srv: Server) -> None:
    seats: list[dict[str, Any]] = [HUMANS4[0], *({"kind": "bot", "level": "random"} for _ in range(3))]
    table = srv.create("hazerswoude", players=4, seats=seats)
    token = table["invites"][0]["token"]
    me = srv.client()
    me.join(table["id"], token)
    import random

    rng = random.Random(1)
    last: dict[str, Any] = {}
    msg = me.state  # the state that came with the welcome: it may already be our turn
    assert msg is not None
    while True:
        if msg["type"] == "error":
            assert msg["code"] == "rate_limited", msg  # bots at full speed: we may act faster than a person
            time.sleep(1.0)
            me.act(last["action"], expect=last["version"])
        elif msg["match"]["over"]:
            break
        elif msg["view"]["legal"]:
            last = {"action": rng.choice(msg["view"]["legal"]), "version": msg["version"]}
            me.act(last["action"], expect=last["version"])
        msg = me.recv_until(lambda m: m["type"] in ("error", "state"), 60)
    status, frames = srv.http("GET", f"/api/tables/{table['id']}/replay/1", headers={"x-troef-token": token})
    assert status == 200 and frames["viewer"] == 0
    assert frames["frames"][0]["view"]["hand"]  # the seat sees its own cards
    assert srv.http("GET", f"/api/tables/{table['id']}/replay/1", headers={"x-troef-token": "bad"})[0] == 403
    me.close()
