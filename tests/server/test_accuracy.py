"""A rated match's accuracy through a real server: analysed in the workers after it ends, for the account's own
seat, shown on the profile, exported with the account and deleted with it."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa
from playwright.sync_api import Browser

from tests.server.conftest import Server
from tests.server.people import BOUND, play_out, sign_up
from troef.analysis import Settings, analyse
from troef.server.accuracy import SAMPLES
from troef.server.schema import make_engine

pytestmark = pytest.mark.slow  # a server process, a whole match and a browser


@pytest.fixture
def site(tmp_path: Path) -> Iterator[Server]:
    srv = Server(f"sqlite:///{tmp_path / 'troef.db'}", bot_delay=0.0, log_dir=tmp_path)
    yield srv
    srv.stop()


def test_a_rated_match_gives_the_players_seat_its_accuracy_on_the_profile(site: Server, browser: Browser) -> None:
    ans = sign_up(site, "Ans")
    body = {
        "game": "klaverjas",
        "config": {"preset": "amsterdam", "players": 4, "switches": {"deals": 2}},
        "seats": [{"kind": "human"}, *[{"kind": "bot", "level": "random"}] * 3],
        "owner": 0,
    }
    status, made = ans.http(site, "POST", "/api/tables", body)
    assert status == 200, made
    table, token = made["id"], made["invites"][0]["token"]
    client = site.client()
    assert client.join(table, token)["seat"] == 0
    play_out([client], seed=3)
    client.close()
    # the analysis runs after the match, in a worker: poll the profile until it is there
    deadline = time.monotonic() + BOUND * 3
    while True:
        status, data = site.http("GET", "/api/players/Ans")
        assert status == 200, data
        if data["accuracy"] or time.monotonic() > deadline:
            break
        time.sleep(0.5)
    (acc,) = data["accuracy"]
    (match,) = acc["matches"]
    assert (acc["game"], acc["family"], acc["unit"], match["table"]) == (
        "klaverjas",
        "amsterdam-rotterdam",
        "points",
        table,
    )
    # the figures are those of the fair analysis of seat 0's own decisions in the stored record
    status, record = site.http("GET", f"/api/tables/{table}/record")
    assert status == 200
    text = record if isinstance(record, str) else json.dumps(record)
    mine = analyse(text, seats=[0], settings=Settings(open=False, fair=True, samples=SAMPLES)).to_json()["seats"][0]
    assert match["judged"] == mine["judged"] > 0 and match["mistakes"] == mine["mistakes"]
    assert match["accuracy"] == pytest.approx(100.0 * (1 - mine["mistakes"] / mine["judged"]), abs=0.01)
    assert match["mean_cost"] == pytest.approx(mine["fair_cost"] / mine["judged"], abs=1e-5)
    status, chart = site.http("GET", "/api/players/Ans/accuracy.svg?game=klaverjas&family=amsterdam-rotterdam")
    assert status == 200 and "<polyline" in chart and f"{match['accuracy']:.0f}%" in chart
    # the profile page shows it beside the rating chart (Debian's Chromium)
    page = browser.new_page()
    page.goto(f"{site.base}/p/Ans")
    page.wait_for_selector(".accuracy .accuracy-value")
    assert f"{match['accuracy']:.1f}% of judged decisions" in page.inner_text(".accuracy .accuracy-value")
    assert "accuracy.svg?game=klaverjas" in str(page.get_attribute(".accuracy img.history", "src"))
    page.close()
    # the contracts of the seat's side are on the profile too
    assert data["games"]["klaverjas"]["contracts"]["played"] <= 2
    assert (
        data["matches"][0]["contracts"]["made"] + data["matches"][0]["contracts"]["nat"]
        == (data["matches"][0]["contracts"]["played"])
    )
    # exported with the account, and gone with it
    status, export = ans.http(site, "GET", "/api/account/export")
    assert status == 200 and [(r["table_id"], r["seat"]) for r in export["accuracy"]] == [(table, 0)]
    status, _ = ans.http(site, "POST", "/api/account/delete", {"name": "Ans"})
    assert status == 200
    engine = make_engine(site.db_url)
    try:
        with engine.connect() as conn:
            assert conn.execute(sa.text("SELECT count(*) FROM troef_accuracy")).scalar_one() == 0
    finally:
        engine.dispose()


def test_a_seat_a_computer_player_held_at_the_end_gets_no_accuracy(site: Server) -> None:
    ans, bert = sign_up(site, "Ans"), sign_up(site, "Bert")
    body = {
        "game": "klaverjas",
        "config": {"preset": "amsterdam", "players": 4, "switches": {"deals": 2}},
        "seats": [{"kind": "human"}, {"kind": "human", "open": True}, *[{"kind": "bot", "level": "random"}] * 2],
        "owner": 0,
        "turn_seconds": 2,
    }
    status, made = ans.http(site, "POST", "/api/tables", body)
    assert status == 200, made
    table = made["id"]
    status, claimed = bert.http(site, "POST", f"/api/tables/{table}/claim", {"seat": 1})
    assert status == 200, claimed
    # Ans plays; Bert never comes: his turn timer runs out and a computer player plays his seat to the end
    client = site.client()
    assert client.join(table, made["invites"][0]["token"])["seat"] == 0
    left = play_out([client], seed=4)
    client.close()
    assert left == frozenset({1})
    deadline = time.monotonic() + BOUND * 3
    while True:
        status, data = site.http("GET", "/api/players/Ans")
        if data["accuracy"] or time.monotonic() > deadline:
            break
        time.sleep(0.5)
    assert [m["table"] for m in data["accuracy"][0]["matches"]] == [table]
    # both seats' figures are written together: Bert's, the computer's decisions, are not among them
    status, bert_profile = site.http("GET", "/api/players/Bert")
    assert status == 200 and bert_profile["accuracy"] == [] and bert_profile["ratings"]
