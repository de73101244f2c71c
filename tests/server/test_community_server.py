"""Accounts at tables through a real server: the seats of a signed-in creator and of a claim are the accounts'."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server.conftest import Server
from tests.server.people import sign_up
from troef.server.ratings import shipped_ratings

pytestmark = pytest.mark.slow  # a server process


@pytest.fixture
def site(tmp_path: Path) -> Iterator[Server]:
    srv = Server(f"sqlite:///{tmp_path / 'troef.db'}", bot_delay=0.0, log_dir=tmp_path)
    yield srv
    srv.stop()


def test_a_signed_in_creators_seat_and_a_claimed_seat_belong_to_the_accounts(site: Server) -> None:
    ans, bert = sign_up(site, "Ans"), sign_up(site, "Bert")
    body = {
        "game": "klaverjas",
        "config": {"preset": "kraken", "players": 4},
        "seats": [{"kind": "human"}, {"kind": "human", "open": True}, {"kind": "bot"}, {"kind": "bot"}],
        "owner": 0,
    }
    status, made = ans.http(site, "POST", "/api/tables", body)
    assert status == 200, made
    table = made["id"]
    status, lists = site.http("GET", "/api/tables")
    (listed,) = [t for t in lists["open"] if t["id"] == table]
    assert listed["free"] == 1 and listed["family"] == "kraken" and listed["seats"][0]["name"] == "Ans"
    status, claimed = bert.http(site, "POST", f"/api/tables/{table}/claim", {"seat": 1, "name": "someone else"})
    assert status == 200, claimed
    # each account's devices get the seat's token from the server; it opens the seat
    for person, seat, token in ((ans, 0, made["invites"][0]["token"]), (bert, 1, claimed["token"])):
        status, mine = person.http(site, "GET", "/api/account/tables")
        assert status == 200 and mine["tables"] == [{"id": table, "seat": seat, "over": False, "token": token}]
        client = site.client()
        assert client.join(table, token)["seat"] == seat
        client.close()
    status, info = site.http("GET", f"/api/tables/{table}")
    assert [s["name"] for s in info["seats"][:2]] == ["Ans", "Bert"]  # the accounts' names, not the one typed


def test_signed_out_requests_and_other_sites_are_refused(site: Server) -> None:
    status, answer = site.http("GET", "/api/account/passkeys")
    assert status == 401 and answer["error"]["code"] == "signed_out"
    status, answer = site.http("GET", "/api/account")
    assert status == 200 and answer == {"account": None}
    status, answer = site.http(
        "POST", "/api/account/register/options", {"name": "Eve"}, headers={"origin": "http://evil.example"}
    )
    assert status == 403 and answer["error"]["code"] == "bad_origin"
    status, answer = site.http("POST", "/api/account/login", {"challenge": "nope", "credential": {}})
    assert status == 400 and answer["error"]["code"] == "bad_challenge"
    status, answer = site.http("POST", "/api/play-now", {"game": "klaverjas", "guest": "short"})
    assert status == 400 and answer["error"]["code"] == "bad_guest"
    status, answer = site.http("GET", "/api/players/nobody")
    assert status == 404


def test_a_fresh_servers_lobby_places_the_computer_levels_where_the_calibration_measured_them(site: Server) -> None:
    status, levels = site.http("GET", "/api/ratings/levels")
    assert status == 200
    for (game, fam, level), (mu, _) in shipped_ratings().items():
        shown = levels["levels"][game][fam][level]
        assert shown["rating"] == round(mu) and shown["bot"] and shown["matches"] == 0
