"""Players who leave, and after the match (issue 18): turn timer, stand-ins, reclaim, rematch, open replays."""

from __future__ import annotations

import time
from typing import Any

import pytest

from tests.server.conftest import Client, Server

#: Slow: a server process per test, with turn timers running out
pytestmark = pytest.mark.slow


def _people(n: int) -> list[dict[str, Any]]:
    return [{"kind": "human", "name": f"p{i}"} for i in range(n)]


def _until(client: Client, pred: Any, timeout: float = 10.0) -> dict[str, Any]:
    return client.recv_until(pred, timeout)


def test_the_turn_timer_lets_a_computer_play_until_the_owner_takes_the_seat_back(server: Server) -> None:
    data = server.create("pagat", players=3, seats=_people(3), seed=17, turn_seconds=2, owner=0)
    table = data["id"]
    tokens = {inv["seat"]: inv["token"] for inv in data["invites"]}
    assert data["table"]["turn_seconds"] == 2
    clients = {seat: server.client() for seat in range(3)}
    for seat, client in clients.items():
        welcome = client.join(table, tokens[seat])
        assert welcome["owner"] == 0 and welcome["turn_seconds"] == 2
    first = clients[0].state
    assert first is not None
    to_act = first["view"]["to_act"]
    # everyone hears who is on the clock and for how long
    timer = _until(clients[(to_act + 1) % 3], lambda m: m["type"] == "timer")
    assert timer["seat"] == to_act and timer["seconds"] == 2 and 0 < timer["left"] <= 2
    # the seat to act leaves; its time runs out; a computer player takes the seat and acts for it
    clients[to_act].close()
    watcher = clients[(to_act + 1) % 3]
    presence = _until(watcher, lambda m: m["type"] == "presence" and any(s.get("standin") for s in m["seats"]), 6)
    assert [s["seat"] for s in presence["seats"] if s.get("standin")] == [to_act]
    moved = _until(watcher, lambda m: m["type"] == "state" and m["version"] > first["version"], 6)
    assert moved["view"]["events"][0][0] == to_act  # the stand-in acted for the absent seat
    # the owner comes back and takes the seat back: no stand-in any more, the timer runs for them again
    back = server.client()
    back.join(table, tokens[to_act])
    back.send({"v": 1, "type": "reclaim", "id": 5})
    presence = _until(watcher, lambda m: m["type"] == "presence" and not any(s.get("standin") for s in m["seats"]))
    assert all("standin" not in s for s in presence["seats"])
    # reclaiming a seat nobody stands in for is refused, and says why
    back.send({"v": 1, "type": "reclaim", "id": 6})
    error = _until(back, lambda m: m["type"] == "error")
    assert error["code"] == "no_standin" and error["ref"] == 6
    for client in [*clients.values(), back]:
        client.close()


def test_only_the_creator_replaces_an_absent_player_and_only_one_who_is_away(server: Server) -> None:
    data = server.create("pagat", players=3, seats=_people(3), seed=5, owner=0)
    table = data["id"]
    tokens = {inv["seat"]: inv["token"] for inv in data["invites"]}
    owner, other = server.client(), server.client()
    owner.join(table, tokens[0])
    other.join(table, tokens[1])
    # seat 1 is here: it cannot be replaced; seat 2 has never come
    owner.send({"v": 1, "type": "standin", "seat": 1, "id": 1})
    assert _until(owner, lambda m: m["type"] == "error")["code"] == "not_away"
    other.send({"v": 1, "type": "standin", "seat": 2, "id": 2})
    assert _until(other, lambda m: m["type"] == "error")["code"] == "not_owner"
    owner.send({"v": 1, "type": "standin", "seat": 9, "id": 3})
    assert _until(owner, lambda m: m["type"] == "error")["code"] == "bad_seat"
    owner.send({"v": 1, "type": "standin", "seat": 2, "id": 4})
    presence = _until(owner, lambda m: m["type"] == "presence" and any(s.get("standin") for s in m["seats"]))
    assert [s["seat"] for s in presence["seats"] if s.get("standin")] == [2]
    # without a timer no timer message is ever sent
    assert not any('"type":"timer"' in f for f in owner.frames)
    # a bad owner is refused at creation
    status, body = server.http(
        "POST",
        "/api/tables",
        {"config": {"preset": "pagat", "players": 2}, "seats": _people(2), "owner": 5},
    )
    assert status == 400 and body["error"]["code"] == "bad_seats"
    status, body = server.http(
        "POST",
        "/api/tables",
        {"config": {"preset": "pagat", "players": 2}, "seats": _people(2), "turn_seconds": 1},
    )
    assert status == 400 and "turn_seconds" in body["error"]["message"]
    owner.close()
    other.close()


def _answer_to(version: int) -> Any:
    """Whether a message answers an action taken at ``version``: its error, or a later state."""
    return lambda m: m["type"] == "error" or (m["type"] == "state" and m["version"] > version)


def _finish(server: Server, table: str, tokens: dict[int, str]) -> dict[int, Client]:
    clients = {seat: server.client() for seat in tokens}
    for seat, client in clients.items():
        client.join(table, tokens[seat])
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        for seat, client in clients.items():
            state = client.state
            assert state is not None
            if state["match"]["over"]:
                return clients
            if state["view"]["legal"]:
                legal = state["view"]["legal"]
                # seat 0 takes every contract, seat 1 passes: a hand is played every deal
                action = legal[-1] if seat == 0 else ("pass" if "pass" in legal else legal[0])
                client.act(action, expect=state["version"])
                answer = client.recv_until(_answer_to(state["version"]))
                assert answer["type"] == "state", answer
                time.sleep(0.03)  # below the rate limit of one connection
        for client in clients.values():
            try:
                while True:
                    client.recv(0.01)
            except TimeoutError:
                pass
    raise AssertionError("the match did not end")


def test_a_rematch_seats_the_same_people_and_replays_show_every_hand_afterwards(server: Server) -> None:
    data = server.create("pagat", players=2, seats=_people(2), seed=8)
    table = data["id"]
    tokens = {inv["seat"]: inv["token"] for inv in data["invites"]}
    clients = _finish(server, table, tokens)
    # a stranger cannot ask for one; a player can, and both players hear of the one new table
    status, body = server.http("POST", f"/api/tables/{table}/rematch", {"token": "nope"})
    assert status == 403 and body["error"]["code"] == "bad_token"
    status, body = server.http("POST", f"/api/tables/{table}/rematch", {"token": tokens[1]})
    assert status == 200, body
    new = body["id"]
    again = server.http("POST", f"/api/tables/{table}/rematch", {"token": tokens[0]})[1]["id"]
    assert again == new != table
    for client in clients.values():
        assert _until(client, lambda m: m["type"] == "rematch")["table"] == new
        client.close()
    # the same tokens hold the same seats at the new table
    for seat, token in tokens.items():
        c = server.client()
        assert c.join(new, token)["seat"] == seat
        c.close()
    # the finished match replays with open cards: every seat's hand in every frame
    status, replay = server.http("GET", f"/api/tables/{table}/replay/1?open=1")
    assert status == 200
    assert sorted(replay["open"]) == ["0", "1"]
    assert all(len(hands) == len(replay["frames"]) for hands in replay["open"].values())
    assert all(frame["view"]["hand"] is None for frame in replay["frames"])  # the frames stay the spectator's
    assert len(replay["open"]["0"][0]) > 0
    status, plain = server.http("GET", f"/api/tables/{table}/replay/1")
    assert status == 200 and "open" not in plain
    # no rematch before a match is over
    status, body = server.http("POST", f"/api/tables/{new}/rematch", {"token": tokens[0]})
    assert status == 409 and body["error"]["code"] == "not_finished"


def test_whoever_takes_an_open_seat_plays_under_their_own_name(server: Server) -> None:
    data = server.create("pagat", players=2, seats=[{"kind": "human", "open": True}, {"kind": "human"}])
    status, _ = server.http("POST", f"/api/tables/{data['id']}/claim", {"seat": 0, "name": "  Anna\u0007 "})
    assert status == 200
    status, info = server.http("GET", f"/api/tables/{data['id']}")
    assert info["seats"][0]["name"] == "Anna"
    # a restart keeps the name (it is stored)
    server.stop()
    server.start()
    status, info = server.http("GET", f"/api/tables/{data['id']}")
    assert status == 200 and info["seats"][0]["name"] == "Anna"


def test_a_bid_is_checked_for_false_roem_before_it_is_sent(server: Server) -> None:
    data = server.create("nk", players=4, seats=_people(4), seed=11)
    tokens = {inv["seat"]: inv["token"] for inv in data["invites"]}
    clients = {seat: server.client() for seat in range(4)}
    for seat, client in clients.items():
        client.join(data["id"], tokens[seat])
    state = clients[0].state
    assert state is not None
    seat = state["view"]["to_act"]
    me = clients[seat]
    assert me.state is not None
    numbers = sorted(int(a.split()[1]) for a in me.state["view"]["legal"] if a.split()[1:2] and a.split()[1].isdigit())
    # the lowest number bid claims no roem; the highest claims more roem than six cards and a blind can make
    for bid, warning in ((numbers[0], None), (numbers[-1], "false_roem")):
        me.send({"v": 1, "type": "check", "action": f"bid {bid}", "id": bid})
        answer = _until(me, lambda m: m["type"] == "check")
        assert answer["ref"] == bid and answer["warning"] == warning and answer["version"] == 0
    # another seat's check is not about its turn; a spectator has nothing to check
    other = clients[(seat + 1) % 4]
    other.send({"v": 1, "type": "check", "action": f"bid {numbers[-1]}"})
    assert _until(other, lambda m: m["type"] == "check")["warning"] is None
    watcher = server.client()
    watcher.join(data["id"])
    watcher.send({"v": 1, "type": "check", "action": "bid 25"})
    assert _until(watcher, lambda m: m["type"] == "error")["code"] == "spectator"
    # checking changes nothing
    assert me.state["version"] == 0 and server.http("GET", f"/api/tables/{data['id']}")[1]["version"] == 0
    for client in [*clients.values(), watcher]:
        client.close()
