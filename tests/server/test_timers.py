"""A "play now" table's turn timer starts when its people are there (a real server on loopback).

A table the queue makes waits for its people: no turn timer runs while a
seated person has not connected, and one who has not come within the wait
is stood in for by a computer player, as a leaver is.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.server.conftest import Client, Server
from tests.server.people import BOUND
from troef.server.matchmaking import ARRIVAL_MIN, TURN_SECONDS

pytestmark = pytest.mark.slow  # a server process


@pytest.fixture
def site(tmp_path: Path) -> Iterator[Server]:
    srv = Server(f"sqlite:///{tmp_path / 'troef.db'}", bot_delay=0.0, log_dir=tmp_path)
    yield srv
    srv.stop()


def _seated(site: Server) -> tuple[str, int, str]:
    """A guest who queues for Kraken, willing to wait 0 s: seated with computer players (table, seat, token)."""
    guest = secrets.token_urlsafe(24)
    status, entry = site.http(
        "POST", "/api/play-now", {"game": "klaverjas", "preset": "kraken", "wait": 0, "guest": guest}
    )
    assert status == 200, entry
    deadline = time.monotonic() + BOUND
    while True:
        status, state = site.http("POST", f"/api/play-now/{entry['entry']}", {"guest": guest})
        assert status == 200, state
        if state["status"] == "seated":
            return state["table"], state["seat"], state["token"]
        assert time.monotonic() < deadline, state
        time.sleep(0.05)


def _standin(msg: dict[str, Any], seat: int) -> bool:
    return msg.get("type") == "presence" and any(s["seat"] == seat and s.get("standin") for s in msg["seats"])


def test_a_seated_player_who_never_comes_has_no_timer_running_and_is_stood_in_for_after_the_wait(
    site: Server,
) -> None:
    table, seat, _ = _seated(site)
    watcher = site.client()
    assert watcher.join(table)["role"] == "spectator"
    timers: list[dict[str, Any]] = []

    def seen(m: dict[str, Any]) -> bool:
        if m["type"] == "timer":
            timers.append(m)
        return _standin(m, seat)

    msg = watcher.recv_until(seen, timeout=BOUND)
    assert _standin(msg, seat)
    # until the computer took the seat, no turn timer ran for it: the table waited for its player
    assert timers and all(t["seat"] is None for t in timers)
    assert 0 < timers[0]["arrival"] <= ARRIVAL_MIN
    assert timers[0]["seconds"] == TURN_SECONDS
    # the computer plays the seat on: the match goes on to its end
    end = watcher.recv_until(lambda m: m["type"] == "state" and m["match"]["over"], timeout=BOUND)
    assert end["match"]["over"]
    watcher.close()


def test_a_player_who_comes_at_once_starts_the_turn_timer_and_keeps_the_seat(site: Server) -> None:
    table, seat, token = _seated(site)
    player = site.client()
    assert player.join(table, token)["seat"] == seat
    # the bots play up to the player's turn: then the player's own timer runs, the wait for arrivals over
    timer = player.recv_until(lambda m: m["type"] == "timer" and m["seat"] == seat, timeout=BOUND)
    assert "arrival" not in timer and 0 < timer["left"] <= TURN_SECONDS
    status, info = site.http("GET", f"/api/tables/{table}")
    assert status == 200 and not info["seats"][seat].get("standin") and info["seats"][seat]["connected"]
    player.close()


def test_without_a_turn_timer_running_nothing_is_sent_in_the_wait(site: Server) -> None:
    # the lobby's own tables (made by a person, no "play now") start their timer at once, as before
    made = site.create(preset="nk", turn_seconds=30, seats=[{"kind": "human"}, *[{"kind": "bot"}] * 3])
    player: Client = site.client()
    assert player.join(made["id"], made["invites"][0]["token"])["seat"] == 0
    timer = player.recv_until(lambda m: m["type"] == "timer" and m["seat"] == 0, timeout=BOUND)
    assert "arrival" not in timer
    player.close()
