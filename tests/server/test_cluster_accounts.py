"""A guest's seat moved to an account through one server process is the account's in every process.

Two real server processes on a throwaway PostgreSQL: the guest plays through
one, claims a name through the other; the first knows the seat's new token
and name (and no longer the guest's token) without reloading the table.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from tests.server.authenticator import Authenticator
from tests.server.conftest import Client, Server
from tests.server.people import BOUND, Person, play_out

pytestmark = pytest.mark.slow  # server processes and PostgreSQL


def _sign_up_with(server: Server, name: str, tables: list[dict[str, str]]) -> tuple[Person, list[dict[str, Any]]]:
    """A guest claims ``name`` through ``server``, taking the seats of ``tables`` along: the moved seats."""
    person = Person(name, Authenticator(f"http://127.0.0.1:{server.port}"))
    status, started = person.http(server, "POST", "/api/account/register/options", {"name": name})
    assert status == 200, started
    credential = person.device.create(started["options"])
    body = {"challenge": started["challenge"], "credential": credential, "tables": tables}
    status, done = person.http(server, "POST", "/api/account/register", body)
    assert status == 200, done
    return person, list(done["tables"])


def _join(server: Server, table: str, token: str) -> tuple[Client, dict[str, object]]:
    client = server.client()
    return client, client.join(table, token)


def test_a_guest_seat_moved_through_one_process_is_the_accounts_in_the_other(pg_url: str, tmp_path: Path) -> None:
    servers = []
    for i in range(2):  # one after the other: the first migrates the new database
        (tmp_path / f"s{i}").mkdir()
        servers.append(Server(pg_url, bot_delay=0.05, log_dir=tmp_path / f"s{i}"))
    a, b = servers
    try:
        body = {
            "game": "klaverjas",
            "config": {"preset": "kraken", "players": 4},
            "seats": [{"kind": "human", "name": "gast"}, *[{"kind": "bot", "level": "random"}] * 3],
        }
        status, made = a.http("POST", "/api/tables", body)
        assert status == 200, made
        table, guest_token = made["id"], made["invites"][0]["token"]
        # the guest plays through b: b holds the table in memory, with the guest's token
        guest, welcome = _join(b, table, guest_token)
        assert welcome["type"] == "welcome" and welcome["seat"] == 0
        # the guest claims a name through a, taking the seat along
        ans = Person("Ans", Authenticator(f"http://127.0.0.1:{a.port}"))
        status, started = ans.http(a, "POST", "/api/account/register/options", {"name": "Ans"})
        assert status == 200, started
        credential = ans.device.create(started["options"])
        status, done = ans.http(
            a,
            "POST",
            "/api/account/register",
            {
                "challenge": started["challenge"],
                "credential": credential,
                "tables": [{"id": table, "token": guest_token}],
            },
        )
        assert status == 200, done
        ((moved),) = done["tables"]
        assert moved["id"] == table and moved["seat"] == 0 and moved["token"] != guest_token
        # b hears of the move (it does not reload the table): the account's token opens the seat there...
        deadline = time.monotonic() + BOUND
        while True:
            player, welcome = _join(b, table, moved["token"])
            if welcome["type"] == "welcome" and welcome.get("seat") == 0:
                break
            player.close()
            assert time.monotonic() < deadline, welcome
            time.sleep(0.05)
        # ...under the account's name, and the guest's token opens it no more, on either process
        status, info = b.http("GET", f"/api/tables/{table}")
        assert status == 200 and info["seats"][0]["name"] == "Ans"
        for server in (a, b):
            stale, welcome = _join(server, table, guest_token)
            assert welcome["type"] == "error" and welcome["code"] == "bad_token", welcome
            stale.close()
        # the account's devices get the same token from either process
        for server in (a, b):
            status, mine = ans.http(server, "GET", "/api/account/tables")
            assert status == 200 and mine["tables"][0]["token"] == moved["token"]
        player.close()
        guest.close()
    finally:
        for server in servers:
            server.stop()


def test_a_finished_match_moved_to_an_account_replays_for_its_token_in_every_process(
    pg_url: str, tmp_path: Path
) -> None:
    servers = []
    for i in range(2):
        (tmp_path / f"s{i}").mkdir()
        servers.append(Server(pg_url, bot_delay=0.0, log_dir=tmp_path / f"s{i}"))
    a, b = servers
    try:
        body = {
            "game": "klaverjas",
            "config": {"preset": "amsterdam", "players": 4, "switches": {"deals": 2}},
            "seats": [{"kind": "human", "name": "gast"}, *[{"kind": "bot", "level": "random"}] * 3],
        }
        status, made = a.http("POST", "/api/tables", body)
        assert status == 200, made
        table, guest_token = made["id"], made["invites"][0]["token"]
        guest, _ = _join(b, table, guest_token)
        play_out([guest], seed=5)
        guest.close()  # the finished match leaves memory; its stored row is what replays it now
        seen = {"x-troef-token": guest_token}
        for server in (a, b):  # each process replays the guest's own cards, and keeps the row
            deadline = time.monotonic() + BOUND
            while (status := server.http("GET", f"/api/tables/{table}/replay/1", headers=seen)[0]) != 200:
                assert time.monotonic() < deadline, status
                time.sleep(0.05)
        _, (moved,) = _sign_up_with(a, "Ans", [{"id": table, "token": guest_token}])
        mine = {"x-troef-token": moved["token"]}
        for server in (a, b):  # the account's token replays the seat everywhere, the guest's nowhere
            deadline = time.monotonic() + BOUND
            while (status := server.http("GET", f"/api/tables/{table}/replay/1", headers=mine)[0]) != 200:
                assert time.monotonic() < deadline, f"{server.port}: {status}"
                time.sleep(0.05)
            status, refused = server.http("GET", f"/api/tables/{table}/replay/1", headers=seen)
            assert status == 403 and refused["error"]["code"] == "bad_token", refused
            status, record = server.http("GET", f"/api/tables/{table}/record")
            text = record if isinstance(record, str) else json.dumps(record)
            assert status == 200 and '"Ans"' in text and '"gast"' not in text
    finally:
        for server in servers:
            server.stop()
