"""Every resource a client can make the server hold counts against an owner (its network), with a price and an end.

Each test attacks a real server on loopback the way an outside probe did, from
one address or several (``127.0.0.x``: each is a client of its own), and checks
that the attack costs only the attacker (``docs/deploy.md``, *Resources*).
"""

from __future__ import annotations

import socket
import threading
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import connect

from tests.server.conftest import HUMANS4, LOOSE, Client, Server
from tests.server.test_edge import _closed_by_server, _slow, http_from

BODY = {"game": "bonaken", "config": {"preset": "pagat", "players": 4}, "seats": HUMANS4}


def _server(tmp_path: Path, *extra: str, loose: tuple[str, ...] = LOOSE) -> Server:
    return Server(f"sqlite:///{tmp_path / 'troef.db'}", log_dir=tmp_path, extra=[*loose, *extra])


def _tournament(srv: Server, players: int, source: str = "127.0.0.1") -> tuple[str, dict[str, str]]:
    """A tournament of ``players`` players, its first round drawn: its id and the organiser's header."""
    body = {"name": "Open", "seed": 5, "rounds": 1, "games_per_round": 1, "final": False}
    status, data = http_from(srv, "POST", "/api/tournaments", body, source=source)
    assert status == 200, data
    tid, org = data["id"], {"x-troef-organiser": data["token"]}
    steps: list[tuple[str, dict[str, object]]] = [
        ("players", {"names": [f"Speler {i}" for i in range(1, players + 1)]}),
        ("draw", {}),
    ]
    for action, body in steps:
        status, answer = http_from(srv, "POST", f"/api/tournaments/{tid}/{action}", body, source=source, headers=org)
        assert status == 200, answer
    return tid, org


def _health(srv: Server) -> dict[str, Any]:
    status, health = srv.http("GET", "/api/health")  # from 127.0.0.1: the operator's address
    assert status == 200
    return health  # type: ignore[no-any-return]


def ws_from(srv: Server, source: str) -> Client:
    """A protocol client whose connection comes from the loopback address ``source``."""
    sock = socket.create_connection(("127.0.0.1", srv.port), timeout=10, source_address=(source, 0))
    client = Client.__new__(Client)
    client.ws = connect(srv.ws_url, sock=sock, open_timeout=10, close_timeout=2, compression=None).__enter__()
    client.frames, client.state = [], None
    return client


# ---------------------------------------------------------------------- tournaments
@pytest.mark.slow
def test_one_address_cannot_create_tournaments_without_end(tmp_path: Path) -> None:
    srv = _server(tmp_path, loose=())  # the default limits
    body = {"name": "Spam", "rounds": 1, "games_per_round": 1}
    try:
        statuses = [http_from(srv, "POST", "/api/tournaments", body, source="127.0.0.7")[0] for _ in range(20)]
        assert statuses.count(200) == 5 and statuses[5:] == [429] * 15, statuses
        # another network is not held up by it
        assert http_from(srv, "POST", "/api/tournaments", body, source="127.0.0.8")[0] == 200
    finally:
        srv.stop()


@pytest.mark.slow
def test_an_online_round_opens_whole_within_its_owners_allowance_or_not_at_all(tmp_path: Path) -> None:
    """The probe: with --max-tables 40, a 200-player round opened online filled the server and left orphans."""
    srv = _server(tmp_path, "--max-tables", "40", loose=())  # an owner may hold 4 tables: a tenth, at least 4
    try:
        tid, org = _tournament(srv, 200, source="127.0.0.9")
        body = {"round": 1, "game": 1, "absent": []}
        absents: list[object] = [[], "all"]
        for absent in absents:
            status, answer = http_from(
                srv,
                "POST",
                f"/api/tournaments/{tid}/online",
                body | {"absent": absent},
                source="127.0.0.9",
                headers=org,
            )
            assert status == 429 and answer["error"]["code"] == "owner_full", answer
        assert _health(srv)["tables"] == 0  # none made, no orphan
        status, public = srv.http("GET", f"/api/tournaments/{tid}")
        assert all(g["watch"] is None for t in public["drawn"][0]["tables"] for g in t["games"])
        # everybody else can still make tables and play
        assert srv.http("POST", "/api/tables", BODY)[0] == 200
    finally:
        srv.stop()


@pytest.mark.slow
def test_an_opening_that_does_not_fit_the_server_makes_no_table_and_a_game_is_opened_once(tmp_path: Path) -> None:
    srv = _server(tmp_path, "--max-tables", "6", "--max-tables-per-owner", "100")
    try:
        tid, org = _tournament(srv, 32)  # 8 tables: more than the server holds
        body = {"round": 1, "game": 1, "absent": []}
        status, answer = srv.http("POST", f"/api/tournaments/{tid}/online", body, org)
        assert status == 503 and answer["error"]["code"] == "server_busy", answer
        assert _health(srv)["tables"] == 0  # no part-made opening: nothing outside the tournament's map
        tid, org = _tournament(srv, 8)  # 2 tables: opened twice at once, each game gets one table
        answers: list[tuple[int, Any]] = []
        threads = [
            threading.Thread(
                target=lambda: answers.append(srv.http("POST", f"/api/tournaments/{tid}/online", body, org))
            )
            for _ in range(3)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert all(status == 200 for status, _ in answers), answers
        made = [table["id"] for _, answer in answers for table in answer["tables"]]
        assert len(made) == 2 and _health(srv)["tables"] == 2, answers  # one table per game, one deal each
    finally:
        srv.stop()


# ---------------------------------------------------------------------- tables
@pytest.mark.slow
def test_watching_a_table_does_not_make_it_a_table_in_play(tmp_path: Path) -> None:
    """The probe joined its own tables as a spectator (connect, join, close): they counted in play for an hour."""
    srv = _server(tmp_path, "--max-tables", "3", loose=("--create-rate", "0"))
    try:
        for i in range(3):
            status, made = http_from(srv, "POST", "/api/tables", BODY, source=f"127.0.0.{20 + i}")
            assert status == 200, made
            watcher = ws_from(srv, f"127.0.0.{20 + i}")
            assert watcher.join(made["id"])["role"] == "spectator"
            watcher.close()
        table = srv.create("pagat")  # a player's table is made and played
        player = srv.client()
        try:
            assert player.join(table["id"], table["invites"][0]["token"])["role"] == "seat"
        finally:
            player.close()
        assert _health(srv)["in_play"] == 1  # the watched ones are not in play
    finally:
        srv.stop()


@pytest.mark.slow
def test_one_owner_holds_at_most_its_allowance_of_tables(tmp_path: Path) -> None:
    srv = _server(tmp_path, "--max-tables", "4", "--max-tables-per-owner", "2")
    clients: list[Client] = []
    try:
        for _ in range(2):  # the attacker makes tables and sits at them itself
            status, made = http_from(srv, "POST", "/api/tables", BODY, source="127.0.0.30")
            assert status == 200
            client = ws_from(srv, "127.0.0.30")
            assert client.join(made["id"], made["invites"][0]["token"])["role"] == "seat"
            clients.append(client)
        status, refused = http_from(srv, "POST", "/api/tables", BODY, source="127.0.0.30")
        assert status == 429 and refused["error"]["code"] == "owner_full", refused
        status, refused = http_from(srv, "POST", "/api/tables", BODY, source="127.0.0.31")  # the same owner? no:
        assert status == 200  # another network has an allowance of its own
        assert srv.http("POST", "/api/tables", BODY)[0] == 200  # and a player still gets a table
    finally:
        for client in clients:
            client.close()
        srv.stop()


# ---------------------------------------------------------------------- connections
@pytest.mark.slow
def test_many_addresses_holding_sockets_cannot_lock_out_players_or_visitors(tmp_path: Path) -> None:
    """The probe: 10 addresses held 199 of 200 places, seated at their own tables to get the reserve too."""
    limits = ["--max-connections", "40", "--reserved-connections", "8", "--max-connections-per-client", "10"]
    srv = _server(tmp_path, *limits, "--header-timeout", "60", loose=("--create-rate", "0", "--replay-rate", "0"))
    held: list[Any] = []
    player = partner = again = None
    try:
        table = srv.create("pagat")
        player = srv.client()  # a player at a table, from 127.0.0.1
        assert player.join(table["id"], table["invites"][0]["token"])["role"] == "seat"
        for a in range(4):  # each attacker seats itself at its own table, then holds every place it may
            source = f"127.0.0.{50 + a}"
            status, own = http_from(srv, "POST", "/api/tables", BODY, source=source)
            assert status == 200
            seat = ws_from(srv, source)
            assert seat.join(own["id"], own["invites"][0]["token"])["role"] == "seat"
            held.append(seat)
            held.extend(_slow(source, srv.port) for _ in range(9))
        # every place is taken (1 + 4 x 10 > 40): the newcomers below each take one of an attacker's
        status, health = http_from(srv, "GET", "/api/health", source="127.0.0.60")
        assert status == 200 and health == {"ok": True}  # a new visitor
        player.close()
        again = srv.client()  # the player's connection dropped: it comes back
        assert again.join(table["id"], table["invites"][0]["token"])["role"] == "seat"
        partner = ws_from(srv, "127.0.0.61")  # and its partner comes to play
        assert partner.join(table["id"], table["invites"][1]["token"])["role"] == "seat"
        assert _health(srv)["evicted"] >= 3
    finally:
        for item in held:
            item.close()
        for client in (player, partner, again):
            if client is not None:
                client.close()
        srv.stop()


@pytest.mark.slow
def test_slow_headers_reopened_as_they_are_cut_do_not_keep_visitors_out(tmp_path: Path) -> None:
    limits = ["--max-connections", "20", "--reserved-connections", "0", "--max-connections-per-client", "10"]
    srv = _server(tmp_path, *limits, "--header-timeout", "60")
    socks = [_slow(f"127.0.0.{70 + i // 10}", srv.port) for i in range(20)]
    try:
        refused = _slow("127.0.0.70", srv.port)  # the attackers hold every place, and may hold no more
        assert _closed_by_server(refused, 5).startswith(b"HTTP/1.1 503")
        # each visitor takes the place of an attacker's socket, however fast the attackers open new ones
        served = []
        for i in range(8):
            socks.append(_slow(f"127.0.0.{70 + i % 2}", srv.port))
            served.append(http_from(srv, "GET", "/api/games", source=f"127.0.0.{80 + i}")[0])
        assert served == [200] * 8
    finally:
        for sock in socks:
            sock.close()
        srv.stop()


# ---------------------------------------------------------------------- health
@pytest.mark.slow
def test_health_tells_counts_to_an_operator_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TROEF_OPERATOR_TOKEN", "s3cret-operator")
    srv = _server(tmp_path)
    try:
        srv.create("pagat")
        assert http_from(srv, "GET", "/api/health", source="127.0.0.90") == (200, {"ok": True})
        wrong = {"x-troef-operator": "guess"}
        assert http_from(srv, "GET", "/api/health", source="127.0.0.90", headers=wrong) == (200, {"ok": True})
        right = {"x-troef-operator": "s3cret-operator"}
        assert http_from(srv, "GET", "/api/health", source="127.0.0.90", headers=right)[1]["tables"] == 1
        assert _health(srv)["tables"] == 1  # from the machine itself
    finally:
        srv.stop()


@pytest.mark.slow
def test_a_name_that_looks_like_another_by_unicodes_confusables_is_refused(server: Server) -> None:
    status, data = server.http("POST", "/api/tournaments", {"name": "NK", "rounds": 1, "games_per_round": 1})
    tid, org = data["id"], {"x-troef-organiser": data["token"]}
    assert server.http("POST", f"/api/tournaments/{tid}/players", {"names": ["Dirk", "Ilse"]}, org)[0] == 200
    for lookalike in ("D\u0131rk", "D\u0456rk", "lIse", "1lse"):  # Turkish dotless i, Cyrillic i, l for I, 1 for I
        status, answer = server.http("POST", f"/api/tournaments/{tid}/players", {"names": [lookalike]}, org)
        assert status == 409 and answer["error"]["code"] == "duplicate", (lookalike, answer)
    assert server.http("POST", f"/api/tournaments/{tid}/players", {"names": ["Dirck"]}, org)[0] == 200
