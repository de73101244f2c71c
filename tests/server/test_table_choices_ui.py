"""The table against cardgames.io and BGA (issue 37, part A): the lobby's own tables, cards in the page's language,
the four-colour deck, confirming a card before it is played, and the move log beside a wide table.

Debian's Chromium driven by Playwright against a real server on loopback; the other seats are computer players.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize

from tests.polling import wait_until
from tests.server.conftest import Server

pytestmark = pytest.mark.slow

WIDE: ViewportSize = {"width": 1366, "height": 768}
PHONE: ViewportSize = {"width": 390, "height": 844}
NARROW: ViewportSize = {"width": 1199, "height": 800}  # just below the width that puts the log beside the table
BOTS3 = [{"kind": "bot", "level": "heuristic"}] * 3
READY = '.table-page[data-turn="me"][data-pending="0"]'
#: The letters on the court cards' faces (K, Q, J in the notation) in each language.
FACES = {"nl": "HVB", "de": "KDB", "en": "KQJ"}


@pytest.fixture(scope="module")
def srv(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder: Path = tmp_path_factory.mktemp("choices")
    server = Server(f"sqlite:///{folder / 'troef.db'}", bot_delay=0.0, log_dir=folder)
    yield server
    server.stop()


def _context(
    browser: Browser, lang: str, viewport: ViewportSize = WIDE, **stored: Any
) -> tuple[BrowserContext, Page, list[str]]:
    context = browser.new_context(viewport=viewport)
    # set once per tab: a reload keeps what the page itself stored since
    script = "if (!sessionStorage.getItem('set')) { sessionStorage.setItem('set', '1');"
    script += f" localStorage.setItem('troef.lang', '{lang}');"
    for key, value in stored.items():
        script += f" localStorage.setItem('troef.set.{key}', '{value}');"
    context.add_init_script(script + " }")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    return context, page, errors


def _klaverjas(srv: Server, seed: int = 5) -> tuple[str, str]:
    body = {
        "game": "klaverjas",
        "config": {"preset": "kraken", "players": 4},
        "seats": [{"kind": "human", "name": "Ruud"}, *BOTS3],
        "seed": seed,
    }
    status, data = srv.http("POST", "/api/tables", body)
    assert status == 200, data
    return str(data["id"]), str(data["invites"][0]["token"])


def _to_play(page: Page) -> None:
    """Answer the bidding with the first button until a card of the hand is the move."""
    for _ in range(30):
        page.wait_for_selector(READY, timeout=30000)
        if page.locator("#my-hand .card.legal").count():
            return
        version = page.locator(".table-page").get_attribute("data-version")
        page.locator("#action-panel button").first.click()
        page.wait_for_function("v => document.querySelector('.table-page').dataset.version !== v", arg=version)
    raise AssertionError("no card to play")


def _faces(page: Page, scope: str) -> dict[str, str]:
    """The letter in the corner of each court card under ``scope``, by its data-card."""
    return dict(
        page.evaluate(
            """s => [...document.querySelectorAll(s + ' .card')]
                 .filter(c => /^[KQJ]/.test(c.dataset.card))
                 .map(c => [c.dataset.card, c.querySelector('svg text').textContent])""",
            scope,
        )
    )


# ---------------------------------------------------------------------- the lobby
def test_the_lobby_lists_this_browsers_running_tables_and_says_who_partners_whom(browser: Browser, srv: Server) -> None:
    # a finished match this browser sat at: a computer match run to its end (a spectator starts it)
    bots = [{"kind": "bot", "level": "random", "name": f"bot {i}"} for i in range(3)]
    done = srv.create("hazerswoude", players=3, seats=bots)["id"]
    watcher = srv.client()
    watcher.join(done)
    wait_until(lambda: srv.http("GET", f"/api/tables/{done}")[1]["over"], timeout=60, what="the computer match's end")
    watcher.close()
    context, page, errors = _context(browser, "nl")
    try:
        page.goto(f"{srv.base}/")
        page.evaluate(f"() => localStorage.setItem('troef.seat.{done}', 'x')")
        page.evaluate("() => localStorage.setItem('troef.seat.nosuch', 'y')")
        page.reload()
        page.wait_for_selector("#create-form")
        # the form asks for the name, and in a partnership game says who plays with whom
        page.fill("#my-name", "Ruud")
        page.select_option("#game", "klaverjas")
        assert page.inner_text("#sides") == "Ruud en Computer 3 tegen Computer 2 en Computer 4"
        assert page.locator(".seat-row .partner-of").all_inner_texts() == [f"maat van plaats {n}" for n in (3, 4, 1, 2)]
        page.fill("#seat-name-2", "Gijs")
        assert page.inner_text("#sides") == "Ruud en Gijs tegen Computer 2 en Computer 4"
        page.select_option("#game", "binokel")
        assert page.inner_text("#sides").startswith("Ruud en Computer 3 tegen")
        page.select_option("#game", "bonaken")  # everyone for himself: no sides
        assert page.locator("#sides").is_hidden() and page.locator(".partner-of").count() == 0
        page.select_option("#game", "klaverjas")
        page.click("#create")
        page.wait_for_url(re.compile(r"/t/"))
        tid = page.url.rsplit("/", 1)[1]
        page.wait_for_selector(".table-page")
        assert page.inner_text(".seat-box.mine .seat-name").startswith("Ruud")
        # back in the lobby: the running table is one click away; the finished one is not listed, and a seat
        # at a table the server no longer knows is forgotten
        page.goto(f"{srv.base}/")
        page.wait_for_selector(f'#my-tables .rejoin[data-table="{tid}"]')
        assert page.locator("#my-tables .my-table").count() == 1
        assert page.locator(f'#my-tables [data-table="{done}"]').count() == 0
        page.wait_for_function("() => localStorage.getItem('troef.seat.nosuch') === null")
        assert page.evaluate(f"() => localStorage.getItem('troef.seat.{done}')") == "x"  # the replay's own seat
        assert page.get_attribute("#tournaments-link", "href") == "/toernooi"
        page.click(f'#my-tables .rejoin[data-table="{tid}"]')
        page.wait_for_selector(".table-page .seat-box.mine")
        assert page.url.endswith(f"/t/{tid}")
        assert page.inner_text(".seat-box.mine .seat-name").startswith("Ruud (jij)")
        assert not errors, errors
    finally:
        context.close()


# ---------------------------------------------------------------------- the cards
def test_court_cards_carry_the_letters_of_the_page_language(browser: Browser, srv: Server) -> None:
    tid, token = _klaverjas(srv)
    context, page, errors = _context(browser, "nl")
    try:
        page.goto(f"{srv.base}/t/{tid}#t={token}")
        _to_play(page)
        for lang in ("de", "en", "nl"):
            page.click(f'[data-lang="{lang}"]')
            faces = _faces(page, "#my-hand")
            assert faces, "a hand of eight with no court card"
            table = dict(zip("KQJ", FACES[lang], strict=True))
            assert faces == {card: table[card[0]] for card in faces}, (lang, faces)
        # the hint and the log write a card the same way; data-card keeps the notation
        page.click("#hint")
        hint = page.inner_text("#hint-text")
        card = page.get_attribute("#my-hand .card.hinted", "data-card") or ""
        assert re.fullmatch(r"(10|[AKQJ987])[hdcs]", card), card
        label = {"K": "H", "Q": "V", "J": "B"}.get(card[:-1], card[:-1]) + {
            "h": "\u2665",
            "d": "\u2666",
            "c": "\u2663",
            "s": "\u2660",
        }[card[-1]]
        assert label in hint, (hint, card)
        version = page.locator(".table-page").get_attribute("data-version")
        page.click("#my-hand .card.hinted")
        page.wait_for_function("v => document.querySelector('.table-page').dataset.version !== v", arg=version)
        log = " ".join(page.locator("#log li").all_inner_texts())
        assert f"speelt {label}" in log, log
        assert not re.search(r"(?<![0-9])[KQJ][\u2665\u2666\u2663\u2660]", log), log
        assert not errors, errors
    finally:
        context.close()


def _contrast(a: str, b: str) -> float:
    def lum(colour: str) -> float:
        parts = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
        lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in parts]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


INKS = """() => Object.fromEntries([...document.querySelectorAll('#my-hand .card')]
  .map(c => [c.dataset.card.slice(-1), c.querySelector('svg text').getAttribute('fill')]))"""


def test_the_four_colour_deck_is_chosen_in_the_settings_and_remembered(browser: Browser, srv: Server) -> None:
    tid, token = _klaverjas(srv, seed=8)
    context, page, errors = _context(browser, "en")
    try:
        page.goto(f"{srv.base}/t/{tid}#t={token}")
        page.wait_for_selector("#my-hand .card")
        two = page.evaluate(INKS)
        assert {two.get("h"), two.get("d")} - {None} == {"#c8102e"} and {two.get("c"), two.get("s")} - {None} == {
            "#161616"
        }
        page.click("#show-settings")
        assert "four colours" in page.inner_text("#set-deck")
        page.select_option("#set-deck", label="four colours (\u2666 blue, \u2663 green)")
        page.click(".close-modal")
        four = page.evaluate(INKS)
        assert len(set(four.values())) == len(four) >= 3, four  # each suit its own ink
        for ink in four.values():
            assert _contrast(ink, "#fffdf8") >= 4.5, ink
        # remembered in this browser: a new page draws the same deck
        page.reload()
        page.wait_for_selector("#my-hand .card")
        assert page.evaluate(INKS) == four
        assert page.evaluate("() => localStorage.getItem('troef.set.deck')") == '"four"'
        assert not errors, errors
    finally:
        context.close()


def test_with_confirm_on_a_click_picks_the_card_and_a_second_click_or_the_button_plays_it(
    browser: Browser, srv: Server
) -> None:
    tid, token = _klaverjas(srv, seed=11)
    context, page, errors = _context(browser, "de")
    try:
        page.goto(f"{srv.base}/t/{tid}#t={token}")
        page.wait_for_selector(".table-page")
        page.click("#show-settings")
        page.select_option("#set-confirmPlay", label="an")
        page.click(".close-modal")
        _to_play(page)
        table = page.locator(".table-page")
        version = table.get_attribute("data-version")
        legal = page.locator("#my-hand .card.legal")
        first = legal.first.get_attribute("data-card")
        legal.first.click()
        # picked, nothing sent: the table is not busy and its version stands
        page.wait_for_selector(f'#my-hand .card.selected[data-card="{first}"]')
        assert table.get_attribute("data-pending") == "0" and table.get_attribute("data-version") == version
        assert page.inner_text("#play-selected").endswith("spielen")
        assert page.get_attribute(f'#my-hand .card[data-card="{first}"]', "aria-pressed") == "true"
        page.keyboard.press("Escape")  # Esc puts it back
        page.wait_for_selector("#my-hand .card.selected", state="detached")
        assert page.locator("#play-selected").count() == 0
        legal.first.click()
        page.wait_for_selector(f'#my-hand .card.selected[data-card="{first}"]')
        if legal.count() > 1:  # another card's click picks that one instead
            other = legal.nth(1).get_attribute("data-card")
            legal.nth(1).click()
            page.wait_for_selector(f'#my-hand .card.selected[data-card="{other}"]')
            assert page.locator("#my-hand .card.selected").count() == 1
            first = other
        page.click(f'#my-hand .card[data-card="{first}"]')  # the second click plays it
        page.wait_for_function("v => document.querySelector('.table-page').dataset.version !== v", arg=version)
        page.wait_for_selector(f'.trick .card[data-card="{first}"], #log li:has-text("spielt")')
        assert page.locator(f'#my-hand .card[data-card="{first}"]').count() == 0
        # the next turn: the action row's button plays the picked card
        page.wait_for_selector(READY, timeout=30000)
        if page.locator("#my-hand .card.legal").count():
            card = page.locator("#my-hand .card.legal").first.get_attribute("data-card")
            page.locator("#my-hand .card.legal").first.click()
            page.click("#play-selected")
            page.wait_for_function(f"() => !document.querySelector('#my-hand .card[data-card=\"{card}\"]')")
        # off again: one click plays (as before)
        page.wait_for_selector(READY, timeout=30000)
        page.click("#show-settings")
        page.select_option("#set-confirmPlay", label="aus")
        page.click(".close-modal")
        if page.locator("#my-hand .card.legal").count():
            card = page.locator("#my-hand .card.legal").first.get_attribute("data-card")
            page.locator("#my-hand .card.legal").first.click()
            page.wait_for_function(f"() => !document.querySelector('#my-hand .card[data-card=\"{card}\"]')")
        assert not errors, errors
    finally:
        context.close()


# ---------------------------------------------------------------------- the log
def test_the_move_log_is_beside_a_wide_table_and_below_the_hand_on_a_phone(browser: Browser, srv: Server) -> None:
    tid, token = _klaverjas(srv, seed=3)
    for viewport, beside in ((WIDE, True), (NARROW, False), (PHONE, False)):
        context, page, errors = _context(browser, "nl", viewport)
        try:
            page.goto(f"{srv.base}/t/{tid}#t={token}")
            page.wait_for_selector("#log")
            felt = page.locator(".felt").bounding_box()
            hand = page.locator("#my-hand").bounding_box()
            log = page.locator(".log-box").bounding_box()
            assert felt and hand and log
            if beside:
                assert log["x"] >= felt["x"] + felt["width"], (log, felt)
                assert log["y"] < felt["y"] + felt["height"] and log["y"] + log["height"] > hand["y"], (log, felt, hand)
                assert felt["width"] >= 900 and log["x"] + log["width"] <= viewport["width"]
                # a long log scrolls inside its column: it never reaches below the hand (nor makes the rows taller)
                me = page.locator(".me").bounding_box()
                assert me and log["y"] + log["height"] <= me["y"] + me["height"] + 16, (log, me)
                assert (
                    page.evaluate(
                        "() => { const b = document.querySelector('.log-box'); return getComputedStyle(b).overflowY; }"
                    )
                    == "auto"
                )
            else:
                assert log["y"] >= hand["y"] + hand["height"] - 1, (log, hand)
            assert not errors, errors
        finally:
            context.close()
