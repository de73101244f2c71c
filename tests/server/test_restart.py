"""Nothing is lost: SIGKILL the server, start it again on the same database, and every table is where it was."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import pytest

from tests.server.conftest import Client, Server
from troef.server.storage import Store

#: Slow: server processes killed and restarted, on SQLite and PostgreSQL
pytestmark = pytest.mark.slow


def _play(clients: dict[int, Client], spectator: Client, count: int, rng: random.Random) -> None:
    """Let the seat to act play ``count`` random legal actions, each seen by everybody."""
    for _ in range(count):
        state = spectator.state
        assert state is not None
        if state["match"]["over"]:
            return
        seat = state["view"]["to_act"]
        actor = clients[seat]
        assert actor.state is not None and actor.state["version"] == state["version"]
        actor.act(rng.choice(actor.state["view"]["legal"]), expect=state["version"])
        for c in [*clients.values(), spectator]:
            c.wait_version(state["version"] + 1)


def test_kill_and_restart_resumes_every_table_exactly(db_url: str, tmp_path: Path) -> None:
    srv = Server(db_url, bot_delay=0.02, log_dir=tmp_path)
    try:
        # a table of four people, some way into its first hands
        people = srv.create("pagat", players=4, seed=4242)
        tokens = {inv["seat"]: inv["token"] for inv in people["invites"]}
        clients = {seat: srv.client() for seat in range(4)}
        for seat, c in clients.items():
            c.join(people["id"], tokens[seat])
        watcher = srv.client()
        watcher.join(people["id"])
        _play(clients, watcher, 30, random.Random(7))
        before: dict[int, dict[str, Any]] = {seat: c.state for seat, c in clients.items() if c.state}
        before[-1] = watcher.state  # type: ignore[assignment]
        version = watcher.state["version"]  # type: ignore[index]
        assert version == 30 and not watcher.state["match"]["over"]  # type: ignore[index]

        # a table of computer players, busy when the server dies
        bots = srv.create("pagat", players=4, seats=[{"kind": "bot", "level": "random"} for _ in range(4)])
        fan = srv.client()
        fan.join(bots["id"])
        fan.wait_version(15, timeout=30)
        for _ in range(5):
            try:
                fan.recv(0.05)
            except TimeoutError:
                break
        seen = fan.state["version"]  # type: ignore[index]
        assert not fan.state["match"]["over"]  # type: ignore[index]

        srv.kill()
        for c in [*clients.values(), watcher, fan]:
            c.close()
        srv.start()

        # every person gets back exactly the state they had
        again = {}
        for seat in range(4):
            c = srv.client()
            assert c.join(people["id"], tokens[seat])["seat"] == seat
            assert c.state == before[seat]
            again[seat] = c
        spectator = srv.client()
        spectator.join(people["id"])
        assert spectator.state == before[-1]
        store = Store(db_url)
        assert store.count_actions(people["id"]) == version
        # and the match carries on
        _play(again, spectator, 3, random.Random(8))
        assert spectator.state is not None and spectator.state["version"] == version + 3

        # every action anybody saw was committed before it was broadcast, and the bots play on
        fan = srv.client()
        fan.join(bots["id"])
        restored = fan.state["version"]  # type: ignore[index]
        assert restored >= seen
        assert store.count_actions(bots["id"]) >= seen
        if not fan.state["match"]["over"]:  # type: ignore[index]
            fan.wait_version(restored + 1, timeout=30)
        store.close()
        for c in [*again.values(), spectator, fan]:
            c.close()
    finally:
        srv.stop()


def test_a_restart_during_a_burst_loses_nothing_that_was_shown(sqlite_url: str, tmp_path: Path) -> None:
    """Kill the server several times while bots play fast; no version a client saw ever goes missing."""
    srv = Server(sqlite_url, bot_delay=0.0, log_dir=tmp_path)
    try:
        seats = [{"kind": "bot", "level": "random"} for _ in range(5)]
        table = srv.create("pagat", players=5, seats=seats, seed=99)
        highest = 0
        for _round in range(3):
            fan = srv.client()
            fan.join(table["id"])
            assert fan.state is not None and fan.state["version"] >= highest
            deadline = time.monotonic() + 0.4
            while time.monotonic() < deadline:
                try:
                    msg = fan.recv(0.1)
                except TimeoutError:
                    break
                if msg["type"] == "state":
                    highest = max(highest, msg["version"])
                    if msg["match"]["over"]:
                        break
            srv.kill()
            fan.close()
            srv.start()
        fan = srv.client()
        fan.join(table["id"])
        assert fan.state is not None and fan.state["version"] >= highest
        fan.close()
    finally:
        srv.stop()


def test_kill_and_restart_resumes_a_kraken_table_exactly(db_url: str, tmp_path: Path) -> None:
    """Issue 13: a Kraken table (two partners, two computer players) into its second deal comes back as it was."""
    srv = Server(db_url, bot_delay=0.0, log_dir=tmp_path)
    try:
        seats = [
            {"kind": "human", "name": "Anna"},
            {"kind": "bot", "level": "heuristic"},
            {"kind": "human", "name": "Bert"},
            {"kind": "bot", "level": "heuristic"},
        ]
        status, table = srv.http(
            "POST", "/api/tables", {"game": "klaverjas", "config": {"preset": "kraken"}, "seats": seats, "seed": 1313}
        )
        assert status == 200, table
        tokens = {inv["seat"]: inv["token"] for inv in table["invites"]}
        people = {seat: srv.client() for seat in (0, 2)}
        for seat, c in people.items():
            c.join(table["id"], tokens[seat])
        watcher = srv.client()
        watcher.join(table["id"])
        rng = random.Random(13)
        # the people play random legal actions until the second deal is under way and a person is to act
        state = watcher.state
        assert state is not None
        while True:
            seat = state["view"]["to_act"]
            if seat in people:
                if state["view"]["deal"] >= 2 and state["view"]["trick"]:
                    break
                mine = people[seat].wait_version(state["version"])
                assert mine["version"] == state["version"]  # nobody else acts while a person is to act
                people[seat].act(rng.choice(mine["view"]["legal"]), expect=state["version"])
            state = watcher.wait_version(state["version"] + 1, timeout=30)
        version = state["version"]
        before = {seat: c.wait_version(version) for seat, c in people.items()}
        assert all(s["version"] == version for s in before.values())
        before[-1] = state
        assert before[seat]["view"]["legal"] and len(before[0]["match"]["rows"]) == 1

        srv.kill()
        for c in [*people.values(), watcher]:
            c.close()
        srv.start()

        # each person and the spectator get back exactly the state they had, the score sheet included
        again = {}
        for s in (0, 2):
            c = srv.client()
            assert c.join(table["id"], tokens[s])["seat"] == s
            assert c.state == before[s]
            again[s] = c
        spectator = srv.client()
        spectator.join(table["id"])
        assert spectator.state == before[-1]
        store = Store(db_url)
        assert store.count_actions(table["id"]) == version
        store.close()
        # and the match carries on: the person to act plays, and the table moves on
        actor = again[seat]
        assert actor.state is not None
        actor.act(actor.state["view"]["legal"][0], expect=version)
        assert spectator.wait_version(version + 1)["version"] > version
        for c in [*again.values(), spectator]:
            c.close()
    finally:
        srv.stop()
