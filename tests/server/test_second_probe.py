"""Issue 35, the second outside probe: fair online deals, a connection no message wedges, limits by network.

Each test talks to a real server process on loopback (``tests/server/conftest.py``).
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator
from typing import Any, ClassVar

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.server.conftest import HUMANS4, LOOSE, Client, Server

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
    answers = []
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
