"""Issue 35, the second outside probe: fair online deals, a connection no message wedges, limits by network.

Each test talks to a real server process on loopback (``tests/server/conftest.py``).
"""

from __future__ import annotations

import hashlib
import itertools
import json
import time
from collections.abc import Iterator
from typing import Any, ClassVar

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.server.conftest import HUMANS4, LOOSE, Client, Server
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
    """The cause in ``ws.py``: an action whose serving raises (any bug) is answered, and the next message served."""
    import asyncio

    from troef.server.ws import Connection

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
        conn = Connection(out, Hub())  # type: ignore[arg-type]
        conn.table, conn.viewer = object(), 0  # type: ignore[assignment]
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
