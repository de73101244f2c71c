"""Forty players queue for Kraken through two server processes on one throwaway PostgreSQL.

Each is seated exactly once (one queued twice, through both processes, too),
the ten tables start, and a match played to its end moves the four players'
ratings exactly as the ``openskill`` package computes them.
"""

from __future__ import annotations

import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from tests.server.conftest import Client, Server
from tests.server.people import BOUND, Person, expected_ratings, play_out, scores_of, sign_up

pytestmark = pytest.mark.slow

PLAYERS = 40


def test_forty_players_through_two_processes_are_seated_once_and_rated(pg_url: str, tmp_path: Path) -> None:
    servers = []
    for i in range(2):  # one after the other: the first migrates the new database
        (tmp_path / f"s{i}").mkdir()
        servers.append(Server(pg_url, bot_delay=0.0, log_dir=tmp_path / f"s{i}"))
    try:
        with ThreadPoolExecutor(8) as pool:
            people: list[Person] = list(pool.map(lambda i: sign_up(servers[i % 2], f"Speler {i:02d}"), range(PLAYERS)))

        def queue(ask: tuple[int, int]) -> str:
            # each player asks twice, through both processes at once (two tabs): one entry, one seat
            i, through = ask
            status, entry = people[i].http(
                servers[through], "POST", "/api/play-now", {"game": "klaverjas", "preset": "kraken", "wait": 600}
            )
            assert status == 200, entry
            return str(entry["entry"])

        with ThreadPoolExecutor(8) as pool:
            asked = list(pool.map(queue, [(i, through) for i in range(PLAYERS) for through in (0, 1)]))
        entries = asked[0::2]
        assert asked[1::2] == entries

        seats: dict[int, tuple[str, int, str]] = {}
        deadline = time.monotonic() + BOUND
        while len(seats) < PLAYERS:
            assert time.monotonic() < deadline, f"only {len(seats)} of {PLAYERS} seated"
            for i in range(PLAYERS):
                if i in seats:
                    continue
                status, state = people[i].http(servers[(i + 1) % 2], "POST", f"/api/play-now/{entries[i]}", {})
                assert status == 200, state
                if state["status"] == "seated":
                    seats[i] = (state["table"], state["seat"], state["token"])
            time.sleep(0.05)

        tables = Counter(table for table, _, _ in seats.values())
        assert len(tables) == PLAYERS // 4 and set(tables.values()) == {4}
        assert len({(table, seat) for table, seat, _ in seats.values()}) == PLAYERS  # every seat once

        # every table starts: each player joins its seat with the token it was given
        clients: dict[int, Client] = {}
        for i, (table, seat, token) in seats.items():
            client = servers[i % 2].client()
            welcome = client.join(table, token)
            assert welcome["type"] == "welcome" and welcome["seat"] == seat, welcome
            clients[i] = client

        # one table played to its end: the ratings move as openskill says
        first = next(iter(tables))
        at_table = sorted((seats[i][1], i) for i in seats if seats[i][0] == first)
        left = play_out([clients[i] for _, i in at_table])
        scores, finished = scores_of(pg_url, first)
        assert finished
        fresh = (1500.0, 500.0)
        expected = expected_ratings(scores, [[0, 2], [1, 3]], left, [[fresh, fresh], [fresh, fresh]])
        for seat, i in at_table:
            want = expected[seat % 2][seat // 2]
            deadline = time.monotonic() + BOUND
            while True:
                status, profile = people[i].http(
                    servers[0], "GET", f"/api/players/{people[i].name.replace(' ', '%20')}"
                )
                assert status == 200, profile
                rated = [r for r in profile["ratings"] if r["game"] == "klaverjas" and r["family"] == "kraken"]
                if rated:
                    break
                assert time.monotonic() < deadline, "the match was not rated"
                time.sleep(0.05)
            assert rated[0]["rating"] == round(want.mu) and rated[0]["sigma"] == round(want.sigma)
            assert rated[0]["matches"] == 1
        for client in clients.values():
            client.close()
    finally:
        for server in servers:
            server.stop()
