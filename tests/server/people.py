"""Test players of the community: accounts signed up over HTTP with a software passkey, and seats played out.

Shared by the server tests of ratings and "play now" (real server processes on loopback).
"""

from __future__ import annotations

import contextlib
import json
import random
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from typing import Any

import sqlalchemy as sa

from tests.server.authenticator import Authenticator
from tests.server.conftest import Client, Server
from troef.server.adapter import games, rebuild
from troef.server.storage import Store, tables_table

#: Upper bound (seconds) for any one wait; a bound, never a measurement.
BOUND = 120.0


@dataclass
class Person:
    """An account's browser: its session cookie, and its passkey device."""

    name: str
    device: Authenticator
    cookie: str = ""
    entries: dict[int, str] = field(default_factory=dict)

    def http(self, server: Server, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(server.base + path, data=data, method=method)
        if data is not None:
            req.add_header("content-type", "application/json")
        if self.cookie:
            req.add_header("cookie", f"troef_session={self.cookie}")
        try:
            with urllib.request.urlopen(req, timeout=30) as resp:
                raw, status = resp.read(), resp.status
                cookie = resp.headers.get("set-cookie") or ""
        except urllib.error.HTTPError as exc:
            raw, status, cookie = exc.read(), exc.code, ""
        if cookie.startswith("troef_session="):
            self.cookie = cookie.split(";")[0].split("=", 1)[1].strip('"')
        return status, json.loads(raw) if raw else None


def sign_up(server: Server, name: str) -> Person:
    """A new account (a real WebAuthn registration, checked by the server)."""
    person = Person(name, Authenticator(f"http://127.0.0.1:{server.port}"))
    status, started = person.http(server, "POST", "/api/account/register/options", {"name": name})
    assert status == 200, started
    credential = person.device.create(started["options"])
    status, done = person.http(
        server, "POST", "/api/account/register", {"challenge": started["challenge"], "credential": credential}
    )
    assert status == 200 and person.cookie, done
    return person


def play_out(clients: list[Client], seed: int = 0) -> frozenset[int]:
    """Play every seat of ``clients`` (random legal actions) until the match is over; the seats a computer
    player stood in for at the end (a turn timer ran out on a loaded machine: the person "left")."""
    rng = random.Random(seed)
    standins: frozenset[int] = frozenset()
    deadline = time.monotonic() + BOUND * 3
    while time.monotonic() < deadline:
        for client in clients:
            state = client.state
            assert state is not None
            if state["match"]["over"]:
                return standins
            legal = state["view"]["legal"]
            if legal and getattr(client, "sent", None) != state["version"]:
                client.act(rng.choice(legal), expect=state["version"])
                client.sent = state["version"]  # type: ignore[attr-defined]
        for client in clients:
            with contextlib.suppress(TimeoutError):
                msg = client.recv(timeout=0.05)
                if msg.get("type") == "error":  # refused (the state moved on): act again
                    client.sent = None  # type: ignore[attr-defined]
                if msg.get("type") == "presence":
                    standins = frozenset(s["seat"] for s in msg["seats"] if s.get("standin"))
    raise AssertionError("the match did not end")


def expected_ratings(
    scores: dict[int, float], teams: list[list[int]], left: frozenset[int], before: list[list[tuple[float, float]]]
) -> list[list[Any]]:
    """What openskill gives the sides (ratings ``before``): places by score, a side with a leaver below the rest."""
    from openskill.models import PlackettLuce

    model = PlackettLuce(mu=1500.0, sigma=500.0, beta=250.0, tau=5.0)
    stayed = [not any(s in left for s in team) for team in teams]
    points = [scores[team[0]] for team in teams]
    ranks = [
        1.0 + sum(1 for j in range(len(teams)) if (stayed[j], points[j]) > (stayed[i], points[i]))
        for i in range(len(teams))
    ]
    sides = [[model.rating(mu=mu, sigma=sigma) for mu, sigma in side] for side in before]
    return list(model.rate(sides, ranks=ranks))


def scores_of(db_url: str, table_id: str) -> tuple[dict[int, float], bool]:
    """A finished table's scores, from its stored action log replayed by the game (and whether it finished)."""
    store = Store(db_url)
    try:
        row = store.load(table_id)
        assert row is not None
        served = games()[row.game]
        match = rebuild(served, row.config, row.seed, row.first_dealer, list(row.actions))
        with store.engine.connect() as conn:
            finished = conn.execute(
                sa.select(tables_table.c.finished_at).where(tables_table.c.id == table_id)
            ).scalar_one()
        return served.game.scores(match), finished is not None
    finally:
        store.close()
