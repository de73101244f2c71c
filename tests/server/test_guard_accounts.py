"""Limits by identity: a signed-in player's resources count against its account, a guest's against its network.

Against a real server on loopback, from several loopback addresses
(``127.0.0.x``: each is a network of its own), with accounts signed up over
HTTP with a software passkey (``tests/server/people.py``). The rule is in
``docs/deploy.md`` (*Resources*).
"""

from __future__ import annotations

import socket
import time
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed, InvalidMessage, InvalidStatus
from websockets.sync.client import connect

from tests.server.conftest import Client, Server
from tests.server.people import BOUND, Person, sign_up
from tests.server.test_edge import http_from
from tests.server.test_guard_owners import BODY, _health, _server
from troef.server.accounts import COOKIE
from troef.server.guard import SESSION_COOKIE

pytestmark = pytest.mark.slow  # server processes

KRAKEN_ALONE = {
    "game": "klaverjas",
    "config": {"preset": "kraken", "players": 4},
    "seats": [{"kind": "human"}, {"kind": "bot"}, {"kind": "bot"}, {"kind": "bot"}],
    "owner": 0,
}


def test_the_guard_reads_the_accounts_cookie() -> None:
    assert SESSION_COOKIE == COOKIE


def forged(cookie: str) -> str:
    """``cookie`` with its last two characters changed (its signature no longer matches)."""
    return cookie[:-2] + ("yy" if cookie.endswith("xx") else "xx")


def ws_as(srv: Server, source: str, cookie: str | None = None) -> Client:
    """A protocol client from the loopback address ``source``, sending the session ``cookie`` if given
    (raises :class:`InvalidStatus` when the server refuses the connection)."""
    sock = socket.create_connection(("127.0.0.1", srv.port), timeout=10, source_address=(source, 0))
    headers = {"cookie": f"{COOKIE}={cookie}"} if cookie else None
    client = Client.__new__(Client)
    try:
        client.ws = connect(
            srv.ws_url, sock=sock, open_timeout=10, close_timeout=2, compression=None, additional_headers=headers
        ).__enter__()
    except BaseException:
        sock.close()
        raise
    client.frames, client.state = [], None
    return client


def refused(srv: Server, source: str, cookie: str | None = None) -> int | None:
    """The HTTP status a new game socket from ``source`` is refused with, or None (then it is closed again)."""
    try:
        ws_as(srv, source, cookie).close()
    except InvalidStatus as exc:
        return exc.response.status_code
    return None


def fill(srv: Server, source: str, table: str, most: int) -> list[Client]:
    """Guests' sockets from ``source``, each watching ``table``, until one is refused (or ``most`` are open)."""
    guests: list[Client] = []
    while len(guests) < most:
        try:
            guest = ws_as(srv, source)
        except InvalidStatus as exc:
            assert exc.response.status_code == 503
            break
        except (InvalidMessage, ConnectionClosed):  # refused as it connected: the 503 came before the request
            break
        assert guest.join(table)["role"] == "spectator"
        guests.append(guest)
    return guests


def statuses(srv: Server, person: Person | None, count: int) -> list[tuple[int, str | None]]:
    """Make ``count`` tables as ``person`` (None: a guest) from 127.0.0.1: each answer's status and error code."""
    out = []
    for _ in range(count):
        if person is None:
            status, data = srv.http("POST", "/api/tables", BODY)
        else:
            status, data = person.http(srv, "POST", "/api/tables", BODY)
        code: Any = data.get("error", {}).get("code") if isinstance(data, dict) else None
        out.append((status, code))
    return out


def test_two_accounts_on_one_address_each_hold_their_own_tables(tmp_path: Path) -> None:
    srv = _server(tmp_path, "--max-tables-per-owner", "2", "--account-allowance", "3")
    try:
        ans, bert = sign_up(srv, "Ans"), sign_up(srv, "Bert")
        assert statuses(srv, None, 3) == [(200, None), (200, None), (429, "owner_full")]
        for person in (ans, bert):  # from the same address as the guest, each with three times its allowance
            assert statuses(srv, person, 7) == [(200, None)] * 6 + [(429, "owner_full")]
        eve = Person("Eve", ans.device, cookie=forged(ans.cookie))
        assert statuses(srv, eve, 1) == [(429, "owner_full")]  # a forged session is a guest of the network
        old = Person("Ans", ans.device, cookie=ans.cookie)
        status, answer = ans.http(srv, "POST", "/api/account/logout", {})
        assert status == 200, answer
        assert statuses(srv, old, 1) == [(429, "owner_full")]  # signed out: the network's allowance again
    finally:
        srv.stop()


def test_a_signed_in_player_creates_tables_at_its_own_rate(tmp_path: Path) -> None:
    # a token a minute for a guest network, three for an account: none comes back within the test
    srv = _server(tmp_path, "--create-rate", "1", "--max-tables-per-owner", "100", "--account-allowance", "3")
    try:
        ans = sign_up(srv, "Ans")
        assert statuses(srv, None, 2) == [(200, None), (429, "rate_limited")]
        assert statuses(srv, ans, 4) == [(200, None)] * 3 + [(429, "rate_limited")]
    finally:
        srv.stop()


def test_guests_on_one_address_cannot_take_a_signed_in_players_connection(tmp_path: Path) -> None:
    limits = ["--max-connections-per-client", "4", "--max-connections", "14", "--reserved-connections", "0"]
    srv = _server(tmp_path, *limits)
    guests: list[Client] = []
    try:
        ans = sign_up(srv, "Ans")
        status, made = ans.http(srv, "POST", "/api/tables", KRAKEN_ALONE)
        assert status == 200, made
        table, token = made["id"], made["invites"][0]["token"]
        player = ws_as(srv, "127.0.0.3", ans.cookie)
        assert player.join(table, token)["seat"] == 0
        # the seated player's socket counts against the account, not the network: the guests there get all four
        # places (the account is looked up after the seat is taken: poll for it)
        deadline = time.monotonic() + BOUND
        while True:
            guests = fill(srv, "127.0.0.3", table, 5)
            if len(guests) == 4 or time.monotonic() > deadline:
                break
            for guest in guests:
                guest.close()
        assert len(guests) == 4
        guests += fill(srv, "127.0.0.4", table, 4) + fill(srv, "127.0.0.5", table, 4)
        assert len(guests) == 12 and _health(srv)["connections"] == 14  # with the player's and the request's own
        player.close()  # the player's connection drops; others take every place (polled: the server sees it go)
        deadline = time.monotonic() + BOUND
        while len(guests) < 14 and time.monotonic() < deadline:
            guests += fill(srv, "127.0.0.6", table, 14 - len(guests))
        assert len(guests) == 14
        assert refused(srv, "127.0.0.3") == 503  # a guest of the full network
        assert refused(srv, "127.0.0.3", forged(ans.cookie)) == 503  # a forged session
        # the player comes back from the full network to a full server, and gets its seat
        player = ws_as(srv, "127.0.0.3", ans.cookie)
        assert player.join(table, token)["seat"] == 0
        # its page loads too (one more connection: another guest's idle one makes room)
        cookie = {"cookie": f"{COOKIE}={ans.cookie}"}
        assert http_from(srv, "GET", "/api/account", source="127.0.0.3", headers=cookie)[1]["account"]["name"] == "Ans"
        # signed out, the session is vouched for no more
        session = ans.cookie
        assert ans.http(srv, "POST", "/api/account/logout", {})[0] == 200
        guests += fill(srv, "127.0.0.3", table, 4)  # the places guests lost to the player, taken again
        assert refused(srv, "127.0.0.3", session) == 503
        player.close()
    finally:
        for guest in guests:
            guest.close()
        srv.stop()
