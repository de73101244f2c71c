"""Duel on the server: a real server process finds it by its entry point; the lobby offers it in its own words,
the browser's plain table (web/plain.js) plays a whole match of it in Chromium in Dutch from the table view
alone, and the record of the finished match replays."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from tests.server.conftest import Server
from troef.games import game

#: Slow: a server process and Chromium
pytestmark = [pytest.mark.slow, pytest.mark.usefixtures("duel")]


@pytest.fixture
def srv(tmp_path: Path, duel: Path) -> Iterator[Server]:
    server = Server(f"sqlite:///{tmp_path / 'troef.db'}", bot_delay=0.0, log_dir=tmp_path)
    yield server
    server.stop()


def test_the_server_offers_it_with_its_labels_and_its_plain_table(srv: Server) -> None:
    status, options = srv.http("GET", "/api/games")
    duel = options["games"]["duel"]
    assert status == 200 and duel["web"] == "/static/plain.js?game=duel" and duel["levels"] == ["random", "club"]
    assert duel["labels"]["nl"]["preset_standard"] == "standaard (troeven)"
    assert duel["labels"]["de"]["level_club"] == "Vereinsspieler"
    seats = [{"kind": "human", "name": "Ina"}, {"kind": "bot", "level": "club"}]
    status, created = srv.http("POST", "/api/tables", {"game": "duel", "config": {"preset": "free"}, "seats": seats})
    assert status == 200, created
    client = srv.client()
    client.join(created["id"], created["invites"][0]["token"])
    state = client.state
    if state is None or state["view"]["to_act"] != 0:  # the computer player leads first
        state = client.recv_until(lambda m: m["type"] == "state" and m["view"]["to_act"] == 0)
    table = state["view"]["table"]  # the table view beside the game's own view, for this seat only
    assert table["viewer"] == 0 and len(table["hand"]) == 6 and table["hand"] == state["view"]["hand"]
    client.send({"v": 1, "type": "hint", "id": 1})
    hint = client.recv_until(lambda m: m["type"] == "hint")
    assert hint["action"] in table["legal"] and hint["source"] == "club"  # the strongest level it offers
    client.close()


def test_a_whole_match_in_the_browser_in_dutch(srv: Server, browser: Browser) -> None:
    context = browser.new_context(locale="nl-NL")
    context.add_init_script("localStorage.setItem('troef.lang', 'nl')")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(srv.base + "/?seed")
    page.wait_for_selector("#create-form")
    page.select_option("#game", "duel")
    page.wait_for_selector('#preset option[value="free"]', state="attached")
    presets = page.locator("#preset option").all_text_contents()
    assert presets == ["standaard (troeven)", "vrij"]  # the game's own words, never "preset_standard"
    assert "computer (clubspeler)" in " ".join(page.locator("#seat-1 option").all_text_contents()).lower()
    page.select_option("#seat-1", "bot:club")
    page.click("#create")
    page.wait_for_selector(".felt")
    assert page.locator("#trump-tag").count() == 1
    assert page.locator("#hand-no").text_content() == "spel 1"
    plays = 0
    while not page.locator("#end-screen").count():
        ready = page.locator('#end-screen, .table-page[data-turn="me"][data-pending="0"]')
        ready.first.wait_for(timeout=30000)
        if page.locator("#end-screen").count():
            break
        version = page.locator(".table-page").get_attribute("data-version")
        page.locator("#my-hand .card.legal").first.click()
        plays += 1
        page.wait_for_function(
            """v => { const e = document.querySelector('.table-page');
                      return !e || e.dataset.version !== v || document.querySelector('#end-screen'); }""",
            arg=version,
            timeout=30000,
        )
    assert plays == 18  # six tricks a deal, three deals: every card of this seat by a click
    log = page.locator("#log").text_content() or ""
    assert ": speel " in log and " play " not in log
    assert page.locator("#winner").count() == 1
    assert errors == []
    table_id = str(page.url).rsplit("/", 1)[1]
    status, record = srv.http("GET", f"/api/tables/{table_id}/record")
    assert status == 200 and game("duel").replay(json.dumps(record)).finished
    context.close()
