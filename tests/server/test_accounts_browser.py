"""Accounts in Debian's Chromium with Chrome's virtual authenticator (WebAuthn over CDP) against a real server.

Sign up with a passkey (a guest's table moves to the account), sign out and in,
a second passkey on another "device", recovery with a one-time code, sign out
everywhere (another browser's session ends), and deletion (the database keeps
nothing of the person). The page is loaded from ``localhost``: WebAuthn needs a
host name as its relying party id, not an address.
"""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from playwright.sync_api import Browser, BrowserContext, CDPSession, Page

from tests.polling import wait_until
from tests.server.conftest import Server
from tests.server.people import expected_ratings, play_out, scores_of
from troef.server.ratings import shipped_ratings
from troef.server.schema import make_engine, metadata

pytestmark = pytest.mark.slow

NAME = "Annegien"


@pytest.fixture
def site(tmp_path: Path) -> Iterator[tuple[Server, str]]:
    url = f"sqlite:///{tmp_path / 'troef.db'}"
    srv = Server(url, bot_delay=0.0, log_dir=tmp_path)
    yield srv, url
    srv.stop()


def authenticator(context: BrowserContext, page: Page) -> tuple[CDPSession, str]:
    cdp = context.new_cdp_session(page)
    cdp.send("WebAuthn.enable")
    made = cdp.send(
        "WebAuthn.addVirtualAuthenticator",
        {
            "options": {
                "protocol": "ctap2",
                "transport": "internal",
                "hasResidentKey": True,
                "hasUserVerification": True,
                "isUserVerified": True,
                "automaticPresenceSimulation": True,
            }
        },
    )
    return cdp, str(made["authenticatorId"])


def account(page: Page) -> Any:
    return page.evaluate("async () => (await (await fetch('/api/account')).json()).account")


def test_passkey_sign_up_in_second_key_recovery_sign_out_everywhere_and_deletion(
    browser: Browser, site: tuple[Server, str]
) -> None:
    server, db_url = site
    base = f"http://localhost:{server.port}"
    table = server.create(seats=[{"kind": "human", "name": "guest"}] + [{"kind": "bot", "level": "random"}] * 3)
    guest_token = table["invites"][0]["token"]

    context = browser.new_context()
    page = context.new_page()
    cdp, laptop = authenticator(context, page)
    page.goto(f"{base}/")
    page.evaluate("([id, token]) => localStorage.setItem('troef.seat.' + id, token)", [table["id"], guest_token])
    page.reload()

    # sign up: the passkey is made, ten recovery codes are shown once, the guest's seat moves to the account
    page.fill("#account-name", NAME)
    page.click("#sign-up")
    page.wait_for_selector("#recovery-codes")
    codes = page.locator("#recovery-codes code").all_text_contents()
    assert len(codes) == 10
    page.click("#codes-done")
    page.wait_for_selector("#signed-in")
    assert account(page)["name"] == NAME
    cookie = next(c for c in context.cookies() if c["name"] == "troef_session")
    assert cookie["httpOnly"] and cookie["sameSite"] == "Lax" and cookie["expires"] > 0
    new_token = page.evaluate("(id) => localStorage.getItem('troef.seat.' + id)", table["id"])
    assert new_token and new_token != guest_token
    status, info = server.http("GET", f"/api/tables/{table['id']}")
    assert status == 200 and info["seats"][0]["name"] == NAME
    assert len(cdp.send("WebAuthn.getCredentials", {"authenticatorId": laptop})["credentials"]) == 1

    # sign out, and in again with the passkey
    page.click("#sign-out")
    page.wait_for_selector("#sign-in")
    assert account(page) is None
    page.click("#sign-in")
    page.wait_for_selector("#signed-in")
    assert account(page)["name"] == NAME

    # a second passkey, made on another authenticator (the phone); then only the phone signs in
    saved = cdp.send("WebAuthn.getCredentials", {"authenticatorId": laptop})["credentials"]
    cdp.send("WebAuthn.removeVirtualAuthenticator", {"authenticatorId": laptop})
    _, phone = authenticator(context, page)
    page.goto(f"{base}/account")
    page.wait_for_selector("#passkeys li")
    page.click("#add-passkey")
    wait_until(lambda: page.locator("#passkeys li").count() == 2, what="the second passkey listed")
    page.click("#sign-out-all")
    page.wait_for_url(f"{base}/")
    page.wait_for_selector("#sign-in")
    page.click("#sign-in")
    page.wait_for_selector("#signed-in")
    page.goto(f"{base}/")  # the same session after a page load

    # sign out everywhere: a session in another browser (the laptop's passkey) ends too
    other = browser.new_context()
    other_page = other.new_page()
    other_cdp, other_id = authenticator(other, other_page)
    for credential in saved:
        other_cdp.send("WebAuthn.addCredential", {"authenticatorId": other_id, "credential": credential})
    other_page.goto(f"{base}/")
    other_page.click("#sign-in")
    other_page.wait_for_selector("#signed-in")
    assert account(other_page)["name"] == NAME
    page.goto(f"{base}/account")
    page.click("#sign-out-all")
    page.wait_for_url(f"{base}/")
    assert account(other_page) is None and account(page) is None
    other.close()

    # recovery: no passkey at all on this device, a code signs in once
    cdp.send("WebAuthn.removeVirtualAuthenticator", {"authenticatorId": phone})
    page.wait_for_selector("#recover")
    page.click("#recover summary")
    page.fill("#recovery-name", NAME.lower())
    page.fill("#recovery-code", codes[0])
    page.click("#recover-go")
    page.wait_for_url(f"{base}/account")
    assert account(page)["name"] == NAME
    again = page.evaluate(
        """async ([name, code]) => (await fetch('/api/account/recover', {method: 'POST',
             headers: {'content-type': 'application/json'}, body: JSON.stringify({name, code})})).status""",
        [NAME, codes[0]],
    )
    assert again == 401
    page.wait_for_selector("#codes-left")
    assert "9" in page.inner_text("#codes-left")

    # deletion: the account page asks for the name; afterwards the database holds nothing of the person
    page.click("#delete summary")
    page.fill("#delete-name", NAME)
    page.click("#delete-go")
    page.wait_for_url(f"{base}/")
    assert account(page) is None
    status, info = server.http("GET", f"/api/tables/{table['id']}")
    assert info["seats"][0]["name"] == "seat 1"
    engine = make_engine(db_url)
    with engine.connect() as conn:
        for t in metadata.sorted_tables:
            for row in conn.execute(sa.select(t)):
                assert NAME.lower() not in repr(tuple(row)).lower(), (t.name, row)
        assert conn.execute(sa.text("SELECT count(*) FROM troef_accounts")).scalar_one() == 0
        assert conn.execute(sa.text("SELECT count(*) FROM troef_passkeys")).scalar_one() == 0
    engine.dispose()
    context.close()


def test_sign_up_play_now_kraken_rated_match_profile_and_leaderboard(
    browser: Browser, site: tuple[Server, str]
) -> None:
    """A new player signs up, clicks "Play now" for Kraken, is seated with computer players after the wait,
    finishes the rated match (its seat played through the protocol with the page's own token), and sees the
    new rating in the profile with the match and its analysis, and the computer level on the leaderboard."""
    server, db_url = site
    base = f"http://localhost:{server.port}"
    context = browser.new_context()
    page = context.new_page()
    authenticator(context, page)
    page.goto(f"{base}/")
    page.fill("#account-name", "Wim")
    page.click("#sign-up")
    page.click("#codes-done")
    page.wait_for_selector("#signed-in")
    assert "loss" in page.inner_text("#leave-rule")
    page.select_option("#pn-game", "klaverjas")
    page.select_option("#pn-preset", "kraken")
    page.select_option("#pn-wait", "0")
    page.click("#play-now-go")
    page.wait_for_url(lambda url: "/t/" in url, timeout=60_000)
    table_id = page.url.split("/t/")[1].split("#")[0]
    token = page.evaluate("(id) => localStorage.getItem('troef.seat.' + id)", table_id)
    status, info = server.http("GET", f"/api/tables/{table_id}")
    assert status == 200, info
    assert [s["kind"] for s in info["seats"]] == ["human", "bot", "bot", "bot"]
    assert info["seats"][0]["name"] == "Wim" and info["config"]["preset"] == "kraken"

    client = server.client()
    assert client.join(table_id, token)["seat"] == 0
    left = play_out([client])
    client.close()
    scores, finished = scores_of(db_url, table_id)
    assert finished
    level = info["seats"][1]["level"]
    fresh = (1500.0, 500.0)
    # a computer level's first rated match on a server starts from its shipped (measured) rating
    shipped = shipped_ratings().get(("klaverjas", "kraken", level), fresh)
    partner = shipped_ratings().get(("klaverjas", "kraken", info["seats"][2]["level"]), fresh)
    want = expected_ratings(scores, [[0, 2], [1, 3]], left, [[fresh, partner], [shipped, shipped]])

    def rated() -> bool:
        status, profile = server.http("GET", "/api/players/Wim")
        return status == 200 and bool(profile["ratings"])

    wait_until(rated, what="the match rated")
    page.goto(f"{base}/p/Wim")
    page.wait_for_selector(".rating .rating-value")
    assert page.inner_text(".rating .rating-value").startswith(str(round(want[0][0].mu)))
    assert "(" in page.inner_text(".rating .rating-value")  # provisional after one match
    assert page.locator(f'.match[data-table="{table_id}"] a').count() == 2
    # the side's contracts of the match: as many played as the score sheet's deals with the side playing
    status, profile = server.http("GET", "/api/players/Wim")
    contracts = profile["games"]["klaverjas"]["contracts"]
    assert contracts["made"] + contracts["nat"] == contracts["played"] <= 16
    assert f"{contracts['played']} played, {contracts['made']} made" in page.inner_text(
        '.game-totals[data-game="klaverjas"]'
    )
    # the analysis behind the profile's link (a search of every card: a bound far above its time)
    with urllib.request.urlopen(f"{server.base}/api/tables/{table_id}/analysis/1", timeout=600) as resp:
        assert resp.status == 200 and json.loads(resp.read())

    page.goto(f"{base}/leaderboard?game=klaverjas&family=kraken")
    page.wait_for_selector("#leaderboard tr")
    text = page.inner_text("#leaderboard")
    assert "Wim" in text and str(round(want[0][0].mu)) in text
    assert str(round(want[0][1].mu)) in text  # the computer level, rated on the same scale
    _, levels = server.http("GET", "/api/ratings/levels")
    assert levels["levels"]["klaverjas"]["kraken"][level]["rating"] == round(want[0][1].mu)
    context.close()
