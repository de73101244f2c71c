"""Klaverjas in the browser (issue 13, sections 4 and 5): Kraken matches played through the UI in Debian's Chromium.

A whole 16-deal Kraken match against three computer players, clicking trump,
kraak, roem and cards to the end screen; a partner who joins by invite link and
plays a short match (the lobby's deal switch) beside the host, never seeing the
host's cards; and the German UI (every text in Dutch, English and German, and a
klaverjas table speaking the browser's language, not its game's first one, to a browser that chose none).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from tests.server.conftest import Server
from troef.games.binokel.texts import TEXTS as BINOKEL_TEXTS
from troef.games.bonaken.texts import TEXTS as BONAKEN_TEXTS
from troef.games.klaverjas.texts import TEXTS as KLAVERJAS_TEXTS

#: Slow: browser tests (Chromium drives a real server)
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def srv(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder: Path = tmp_path_factory.mktemp("kjui")
    server = Server(f"sqlite:///{folder / 'troef.db'}", bot_delay=0.0, log_dir=folder)
    yield server
    server.stop()


def _context(browser: Browser, lang: str | None = "en", **kwargs: Any) -> tuple[BrowserContext, Page, list[str]]:
    context = browser.new_context(**kwargs)
    if lang is not None:
        context.add_init_script(f"localStorage.setItem('troef.lang', '{lang}')")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    return context, page, errors


def _create(
    page: Page, srv: Server, seats: list[str], seed: int, switches: dict[str, str] | None = None, preset: str = "kraken"
) -> str:
    """A klaverjas table made in the lobby: game, preset, the switches given, the seats; returns its id."""
    page.goto(srv.base + "/?seed")
    page.wait_for_selector("#create-form")
    page.select_option("#game", "klaverjas")
    page.wait_for_selector(f'#preset option[value="{preset}"]', state="attached")
    page.select_option("#preset", preset)
    page.click("details summary")
    for key, value in (switches or {}).items():
        page.select_option(f"#sw-{key}", value)
    page.fill("#seed", str(seed))
    for i, choice in enumerate(seats):
        page.select_option(f"#seat-{i}", choice)
    page.click("#create")
    page.wait_for_selector(".felt")
    return str(page.url).rsplit("/", 1)[1]


def _wait_change(page: Page, version: str) -> None:
    page.wait_for_function(
        """v => { const e = document.querySelector('.table-page');
                  return !e || e.dataset.version !== v || document.querySelector('#end-screen'); }""",
        arg=version,
        timeout=30000,
    )


def _play(page: Page, seen: dict[str, int], others: list[Page] | None = None) -> None:
    """Play this page's seat through the UI until the end screen, counting what came up in ``seen``.

    Trump: the first suit offered; kraak: said whenever offered (rekraak, superkraak too, so the chain
    is climbed), else "no"; roem from the hand: the highest declaration offered; claim: claimed; cards:
    the first legal one. ``others`` are pages of other people at the table, played a step whenever
    this one waits.
    """
    while True:
        if others:
            for other in others:
                _step(other, seen)
        ready = page.locator('#end-screen, .table-page[data-turn="me"]')
        try:
            ready.first.wait_for(timeout=500 if others else 30000)
        except Exception:
            if others:
                continue
            raise
        if page.locator("#end-screen").count():
            return
        _step(page, seen)


def _step(page: Page, seen: dict[str, int]) -> None:
    """One action of this page's seat if it is to act now."""
    now = page.evaluate(
        """() => { const e = document.querySelector('.table-page[data-turn="me"][data-pending="0"]');
                   const over = document.querySelector('#end-screen');
                   return e && !over ? [e.dataset.phase, e.dataset.version] : null; }"""
    )
    if now is None:
        return
    phase, version = now
    seen[phase] = seen.get(phase, 0) + 1
    panel = page.locator("#action-panel")
    if seen.get("want_hint") and not seen.get("hint") and phase == "play":
        page.click("#hint")  # the hint names an action in words
        page.wait_for_selector("#hint-text")
        seen["hint"] = 1
    if phase == "choose" and panel.locator('[data-action="pass"]').count() and not seen.get("pass"):
        panel.locator('[data-action="pass"]').click()  # vrij: pass once, the next player may play
        seen["pass"] = 1
    elif phase == "choose":
        panel.locator('[data-action^="trump "]').first.click()
    elif phase == "kraak":
        words = panel.locator("[data-action]")
        said = [w for w in words.all() if w.get_attribute("data-action") != "no"]
        assert page.locator("#kraak-owed").count() == 1  # the quota owed per side is shown
        if page.locator("#kraak-who").count():
            seen["who"] = seen.get("who", 0) + 1
        word = said[0].get_attribute("data-action") or ""
        seen[f"said_{word}"] = seen.get(f"said_{word}", 0) + 1
        said[0].click()
    elif phase == "roem":
        # Kraken 3.2: the first trick's four cards are down; this seat may still declare (first button: a total)
        panel.locator('[data-action^="roem "]').first.click()
        seen["roem"] = seen.get("roem", 0) + 1
    elif phase == "play" and panel.locator('[data-action^="roem "]').count():
        panel.locator('[data-action^="roem "]').last.click()
        seen["roem"] = seen.get("roem", 0) + 1
    elif phase == "play" and panel.locator('[data-action="stuk"]').count():
        panel.locator('[data-action="stuk"]').click()
        seen["stuk"] = seen.get("stuk", 0) + 1
    elif phase == "claim":
        panel.locator('[data-action="claim"]').click()
        seen["claim"] = seen.get("claim", 0) + 1
    else:
        page.locator("#my-hand .card.legal").first.click()
    if page.locator("#roem-fell").count():
        seen["roem_fell"] = seen.get("roem_fell", 0) + 1
    if "says no" in (page.locator("#log").text_content() or ""):
        seen["log_no"] = seen.get("log_no", 0) + 1  # the move log shows the kraak answers "no" too
    if page.locator(".roem-bubble").count():
        seen["roem_shown"] = seen.get("roem_shown", 0) + 1
    _wait_change(page, version)


def test_a_whole_kraken_match_through_the_browser(browser: Browser, srv: Server) -> None:
    context, page, errors = _context(browser, viewport={"width": 1280, "height": 800})
    try:
        _create(page, srv, ["me", "bot:club", "bot:club", "bot:club"], seed=5)
        # a table of four: the partner sits opposite (at the top of the felt), marked as partner
        partner = page.locator('.felt .seat-box[data-seat="2"]')
        assert "partner" in (partner.text_content() or "")
        top = partner.bounding_box()
        left = page.locator('.felt .seat-box[data-seat="1"]').bounding_box()
        assert top is not None and left is not None and top["y"] < left["y"]
        assert page.locator("#hand-no").text_content() == "Deal 1 of 16"
        seen: dict[str, int] = {}
        _play(page, seen)
        assert seen.get("choose") and seen.get("kraak") and seen.get("play"), seen
        assert seen.get("who"), seen  # who may still kraak was shown
        assert seen.get("said_kraak"), seen  # the kraak button was pressed (the quota asks for four)
        assert seen.get("roem") and seen.get("roem_shown"), seen  # roem declared from the hand, and shown
        assert seen.get("roem_fell"), seen  # roem falling in a trick, shown as it fell
        assert seen.get("log_no"), seen  # who declined to kraak is in the move log
        # the end screen names the winning side (or a draw) with points and crosses
        end = page.locator("#end-screen")
        assert re.search(r"win!|A draw!", end.locator("#winner").text_content() or ""), end.text_content()
        assert end.locator("table.standing tbody tr").count() == 2
        # the score sheet has the 16 deals: points, roem, nat/pit marks, kraak level, crosses
        page.click("#show-sheet")
        sheet = page.locator("#sheet")
        assert sheet.locator("tbody tr:not(.foot):not(.why)").count() == 16
        # each deal's row has its explanation under it (made, nat or pit; the kraak multiplier)
        assert sheet.locator("tbody tr.why").count() == 16
        assert sheet.locator("#crosses-0").count() and sheet.locator("#total-1").count()
        text = sheet.text_content() or ""
        assert "kraak" in text
        page.click(".close-modal")
        # the finished match replays deal by deal
        page.click("#end-screen a[href^='/r/']")
        page.wait_for_selector("#replay-step")
        page.click("#replay-last")
        assert page.locator(".felt .seat-box").count() == 3
        assert page.locator("#replay-log li").count() >= 32
        assert not errors, errors
    finally:
        context.close()


def test_a_partner_joins_by_invite_link_and_never_sees_the_hosts_cards(browser: Browser, srv: Server) -> None:
    host, page, errors = _context(browser, viewport={"width": 1000, "height": 800})
    friend, page2, errors2 = _context(browser, viewport={"width": 390, "height": 844})
    try:
        # a short Kraken match: two deals, one kraak owed per side
        _create(page, srv, ["me", "bot:club", "invite", "bot:club"], 9, {"deals": "2", "kraak_quota": "1"})
        page.click("#show-invites")
        link = page.locator('input.invite-link[data-seat="2"]').input_value()
        page.click(".close-modal")
        page2.goto(link)
        page2.wait_for_selector(".seat-box.mine")
        assert page2.locator(".seat-box.mine").get_attribute("data-seat") == "2"
        # the host is the friend's partner, opposite; the host sees the friend as partner too
        assert "partner" in (page2.locator('.felt .seat-box[data-seat="0"]').text_content() or "")
        assert "partner" in (page.locator('.felt .seat-box[data-seat="2"]').text_content() or "")
        assert page.locator("#hand-no").text_content() == "Deal 1 of 2"

        def cards(p: Page) -> set[str]:
            return {c.get_attribute("data-card") or "" for c in p.locator("#my-hand .card").all()}

        mine, theirs = cards(page), cards(page2)
        assert len(mine) == 8 and len(theirs) == 8 and not mine & theirs
        # nothing of the host's hand is anywhere on the friend's page (only backs at the host's seat)
        assert page2.locator('.felt .seat-box[data-seat="0"] [data-card]').count() == 0
        seen: dict[str, int] = {}
        _play(page, seen, others=[page2])
        page2.wait_for_selector("#end-screen")
        # the result of the last deal is shown at the end, not the one before it
        assert (page.locator("#hand-result strong").first.text_content() or "").startswith("Deal 2:")
        assert page2.locator("#winner").text_content() == page.locator("#winner").text_content()
        assert not errors and not errors2, errors + errors2
    finally:
        host.close()
        friend.close()


def test_vrij_play_or_pass_and_a_hint_through_the_browser(browser: Browser, srv: Server) -> None:
    context, page, errors = _context(browser, viewport={"width": 390, "height": 844})  # a phone
    try:
        switches = {"deals": "2", "who_plays": "vrij", "roem_counting": "claim"}
        # seed 17: the human (seat 0) speaks first in deal 1, so whatever the bots do it may play or pass
        _create(page, srv, ["me", "bot:club", "bot:random", "bot:club"], 17, switches, preset="amsterdam")
        assert page.locator("#hand-no").text_content() == "Deal 1 of 2"
        seen: dict[str, int] = {"want_hint": 1}
        _play(page, seen)
        assert seen.get("pass") and seen.get("hint"), seen
        assert not seen.get("kraak"), seen  # no kraak chain in Amsterdam klaverjassen
        assert page.locator("#end-screen #winner").count() == 1
        assert not errors, errors
    finally:
        context.close()


def test_the_ui_speaks_german_and_dutch_by_default_for_klaverjas(browser: Browser, srv: Server) -> None:
    context, page, errors = _context(browser, lang=None)
    try:
        page.goto(srv.base + "/")
        page.wait_for_selector("#create-form")
        # every text of the web app exists in Dutch and German as in English
        missing = page.evaluate(
            """async () => { const m = await import('/static/i18n.js');
                             return { nl: m.missingKeys('nl'), de: m.missingKeys('de') }; }"""
        )
        assert missing == {"nl": [], "de": []}, missing
        # a refusal of the rules, worded from its code and parameters with the game's texts in the UI's
        # language: the same sentences as the engine's catalogue gives (troef.core.refusals)
        asked: list[tuple[str, str, str, dict[str, int]]] = [
            ("klaverjas", "de", "follow", {"suit": 0}),
            ("klaverjas", "de", "overtrump", {}),
            ("klaverjas", "nl", "follow_trumps", {"suit": 3}),
            ("klaverjas", "en", "follow", {"suit": 0}),
            ("klaverjas", "nl", "not_held", {"card": 4}),
            ("bonaken", "de", "lay_away_first", {"n": 1}),
            ("bonaken", "nl", "pass_on_first", {"n": 3}),
            ("binokel", "de", "beat", {"card": 11}),
            ("binokel", "en", "not_held", {"card": 31}),
        ]
        reasons = page.evaluate(
            """async (asked) => { const m = await import('/static/i18n.js');
                   for (const game of new Set(asked.map((a) => a[0]))) await m.loadGameTexts(game);
                   const out = asked.map(([game, lang, code, params]) => {
                     m.setLang(lang, false); return m.errorMessage('(English)', 'illegal', { code, params }, game); });
                   m.setLang('en', false); return out; }""",
            asked,
        )
        catalogues = {"klaverjas": KLAVERJAS_TEXTS, "bonaken": BONAKEN_TEXTS, "binokel": BINOKEL_TEXTS}
        assert reasons == [catalogues[game].render(code, params, lang) for game, lang, code, params in asked]
        assert reasons[:5] == [
            "du musst Herz bedienen",
            "du musst \u00fcbertrumpfen: ein Gegner hat den Stich",
            "je moet troef bekennen (schoppen)",
            "you must follow hearts",
            "je hebt B\u2665 niet",
        ]
        assert reasons[5:] == [
            "lege erst noch 1 Karte weg",
            "geef eerst nog 3 kaarten door",
            "du musst Karo Zehn schlagen",
            "you do not hold the ace of spades",
        ]
        page.click('[data-lang="de"]')
        assert page.locator("#create-form h2").text_content() == "Neuer Tisch"
        assert page.locator("#create").text_content() == "Tisch er\u00f6ffnen"
        page.select_option("#game", "klaverjas")
        assert "Kraken" in (page.locator("#preset option").first.text_content() or "")
        assert "Amsterdamer" in (page.locator('#preset option[value="amsterdam"]').text_content() or "")
        # Bonaken's terms in German as well
        page.select_option("#game", "bonaken")
        page.click("details summary")
        label = page.locator("label:has(#sw-misere_trump)").text_content() or ""
        assert label.strip().startswith("Ein einzelner")
        page.select_option("#game", "klaverjas")
        page.select_option("#preset", "kraken")
        for i in range(1, 4):
            page.select_option(f"#seat-{i}", "bot:club")
        page.click("#create")
        page.wait_for_selector(".felt")
        page.wait_for_selector('.table-page[data-turn="me"]')
        assert "Du bist dran" in (page.locator("#prompt").text_content() or "")
        assert page.locator("#hand-no").text_content() == "Spiel 1 von 16"
        # naming trump, answering the kraak chain or leading the first trick: in German each way
        phase = page.locator(".table-page").get_attribute("data-phase")
        words = {"choose": "Trumpf", "kraak": "Kraak", "play": "Spiel"}
        assert page.locator(".tag.phase").text_content() == words[phase or ""]
        if phase == "choose":
            assert "Trumpf bestimmen" in (page.locator("#action-panel").text_content() or "")
        elif phase == "kraak":
            assert "als Trumpf:" in (page.locator("#action-panel").text_content() or "")
        page.click("#show-sheet")
        assert "Kreuze" in (page.locator("#sheet").text_content() or "")
        page.click(".close-modal")
        page.click("#show-rules")
        assert "Superkraak" in (page.locator("#rules-panel").text_content() or "")
        page.click(".close-modal")
        table = page.url
    finally:
        context.close()
    # a browser whose user never chose a language: a klaverjas table speaks the browser's language, never
    # switching to Dutch, the game's first language
    context, page, errors2 = _context(browser, lang=None, locale="en-US")
    try:
        page.goto(table)
        page.wait_for_selector(".felt")
        # a selector, not a function: the page's security policy forbids the eval a string function needs
        page.wait_for_selector("html[lang='en']", state="attached")
        assert page.locator("#hand-no").text_content() == "Deal 1 of 16"
        assert "You are watching" in (page.locator("#prompt").text_content() or "")
        assert not errors and not errors2, errors + errors2
    finally:
        context.close()


@pytest.mark.parametrize(("game", "size"), [("klaverjas", (360, 740)), ("bonaken", (390, 664))])
def test_on_a_phone_every_seat_is_on_the_felt_and_the_hand_on_the_screen(
    browser: Browser, srv: Server, game: str, size: tuple[int, int]
) -> None:
    """The felt leaves the window's rest to your seat, the buttons and your cards (klaverjas shows more above it).

    390 x 664 is a phone's window with the browser's own bars; seat boxes near the top of a short felt were once
    cut off by its edge, and the hand lay below the fold.
    """
    width, height = size
    context, page, errors = _context(browser, viewport={"width": width, "height": height})
    try:
        if game == "klaverjas":
            _create(page, srv, ["me", "bot:club", "bot:club", "bot:club"], seed=5)
        else:
            page.goto(srv.base + "/?seed")
            page.wait_for_selector("#create-form")
            page.select_option("#game", "bonaken")
            page.click("#create")
        page.wait_for_selector('.table-page[data-turn="me"]', timeout=30000)
        felt = page.locator(".felt").bounding_box()
        assert felt is not None
        boxes = page.locator(".felt > .seat-box")
        assert boxes.count() == 3
        for i in range(boxes.count()):
            box = boxes.nth(i).bounding_box()
            assert box is not None
            assert felt["y"] <= box["y"] and box["y"] + box["height"] <= felt["y"] + felt["height"], (i, box, felt)
        cards = page.locator("#my-hand .card")
        assert cards.count() >= 6
        last = cards.last.bounding_box()
        assert last is not None and last["y"] + last["height"] <= height, (last, height)  # no scrolling to see it
        assert not errors, errors
    finally:
        context.close()
