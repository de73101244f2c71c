"""A whole game of Binokel through the browser UI (issue 15, section 2), in Debian's headless Chromium.

One person and three computer players, game to 1000 (the lobby's target switch). The person bids, names
trump, picks and confirms the four cards to pass, sees every seat's melds with their values, plays every
card by clicking it, and reaches the end screen. German is the language when nobody chose one (Binokel's
first language); the language buttons switch it.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from tests.server.conftest import Server
from troef.games.binokel.names import MELD_NAMES

#: Slow: browser tests (Chromium drives a real server)
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def ui_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder: Path = tmp_path_factory.mktemp("binokel-ui")
    srv = Server(f"sqlite:///{folder / 'troef.db'}", bot_delay=0.0, log_dir=folder)
    yield srv
    srv.stop()


def _create(page: Page, srv: Server, seed: int, target: int) -> str:
    page.goto(srv.base + "/?seed")  # the seed field is for testers: shown with ?seed
    page.wait_for_selector("#create-form")
    page.select_option("#game", "binokel")
    page.wait_for_selector("#sw-target", state="attached")
    page.click("details summary")
    page.select_option("#sw-target", str(target))
    page.fill("#seed", str(seed))
    page.select_option("#seat-0", "me")
    for i in (1, 2, 3):
        page.select_option(f"#seat-{i}", "bot:club")
    page.click("#create")
    page.wait_for_selector(".felt")
    return str(page.url).rsplit("/", 1)[1]


def _wait_change(page: Page, version: str) -> None:
    page.wait_for_function(
        """v => { const e = document.querySelector('.table-page');
                  return !e || (e.dataset.version !== v && e.dataset.pending === '0')
                         || document.querySelector('#end-screen'); }""",
        arg=version,
        timeout=30000,
    )


def _best_suit(page: Page) -> str:
    """The suit our hand holds most of (a plain player's trump)."""
    cards = [
        page.locator("#my-hand .card").nth(i).get_attribute("data-card") or ""
        for i in range(page.locator("#my-hand .card").count())
    ]
    counts = Counter(c.rstrip("'")[-1] for c in cards)
    return counts.most_common(1)[0][0]


def _give_four(page: Page) -> list[str]:
    """Pick cards (the button stays off until four are picked), then confirm; the cards picked."""
    picked: list[str] = []
    go = page.locator("#give-go")
    assert page.locator("#give-prompt").count()
    for card in page.locator("#my-hand .card.legal").all():
        if go.is_enabled():
            break
        assert not go.is_enabled()
        card.click()
        picked.append(card.get_attribute("data-card") or "")
    assert go.is_enabled() and len(picked) == 4
    go.click()
    return picked


def _play_game(page: Page) -> dict[str, int]:
    """Play our seat until the end screen; how often each phase came up, and what was seen on the way."""
    seen: Counter[str] = Counter()
    german_melds = set(MELD_NAMES["de"].values())
    while True:
        page.wait_for_selector('#end-screen, .table-page[data-turn="me"]', timeout=60000)
        if page.locator("#end-screen").count():
            return dict(seen)
        table = page.locator(".table-page")
        phase = table.get_attribute("data-phase") or ""
        version = table.get_attribute("data-version") or ""
        seen[phase] += 1
        if phase == "bidding":
            bids = page.locator('.action-panel [data-action^="bid "]')
            lowest = int((bids.first.get_attribute("data-action") or "bid 9999").split()[1]) if bids.count() else 9999
            # "Bieten": the steps offered are 10 and 20 above the last bid (or 250 to open)
            steps = sorted(int((b.get_attribute("data-action") or "").split()[1]) for b in bids.all())
            assert steps in ([250], [lowest, lowest + 10]), steps
            if lowest <= 320:
                bids.first.click()
                seen["bid"] += 1
            else:
                page.click('.action-panel [data-action="pass"]')
        elif phase == "trump":
            page.click(f'.action-panel [data-action="trump {_best_suit(page)}"]')
        elif phase in ("give", "return"):
            _give_four(page)
            page.wait_for_function(
                """p => { const e = document.querySelector('.table-page');
                          return e.dataset.pending === '0' && (e.dataset.turn !== 'me' || e.dataset.phase !== p); }""",
                arg=phase,
                timeout=30000,
            )
            seen[f"{phase}-done"] += 1
            continue
        elif phase == "play":
            if page.locator("#bk-gave").count():
                seen["passed-shown"] += 1
                assert page.locator("#bk-gave .card").count() == 4
            # every seat's melds are on the table with their values, in German
            assert page.locator(".bk-melds").count() == 4
            names = [n.text_content() or "" for n in page.locator(".bk-meld-name").all()]
            for name in names:
                word = name.rsplit(" ", 1)[0]
                assert word in german_melds, name
            seen["melds"] += len(names)
            illegal = page.locator("#my-hand .card.illegal")
            if not seen["refused"] and illegal.count():
                # "Stichphase": a card the rules forbid is refused with the reason in German, and nothing changes
                illegal.first.click()
                toast = page.wait_for_selector(".toast.error", timeout=5000)
                # worded from the refusal's code and parameters with Binokel's German texts (games/binokel/texts.py)
                said = toast.text_content() if toast is not None else None
                assert said and re.fullmatch(
                    r"Nicht erlaubt: du musst (\w+ bedienen|trumpfen|\w+ \w+ schlagen)", said.strip()
                ), said
                assert table.get_attribute("data-version") == version
                seen["refused"] += 1
            if page.locator("#concede").count():
                seen["concede-offered"] += 1
            page.locator("#my-hand .card.legal").first.click()
        else:
            raise AssertionError(f"our turn in phase {phase!r}")
        _wait_change(page, version)


def test_a_whole_binokel_game_in_german_with_three_computer_players(browser: Browser, ui_server: Server) -> None:
    context = browser.new_context(viewport={"width": 1100, "height": 900}, locale="de-DE")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    table_id = _create(page, ui_server, seed=4, target=1000)
    # German: the browser's language, nobody having chosen one in this browser
    page.wait_for_selector(".tag.phase")
    assert page.locator("html").get_attribute("lang") == "de"
    assert page.locator("#bk-score").text_content().endswith("/ 1000")  # type: ignore[union-attr]
    seen = _play_game(page)
    assert not errors, errors
    assert seen.get("bidding", 0) >= 3 and seen.get("play", 0) >= 24, seen
    assert seen.get("bid", 0) >= 1 and seen.get("melds", 0) >= 1, seen
    assert seen.get("give-done", 0) + seen.get("return-done", 0) >= 1, seen
    assert seen.get("passed-shown", 0) >= 1 and seen.get("refused", 0) == 1, seen
    # the end screen: the winning side and the final score, in German
    winner = page.locator("#winner").text_content() or ""
    assert "gewinnen" in winner
    finals = [int(page.locator(f'.bk-final[data-side="{s}"]').text_content() or "0") for s in (0, 1)]
    assert max(finals) >= 1000
    # the score sheet has a row per round, its last totals the end screen's
    page.click("#show-sheet")
    rows = page.locator("#sheet tbody tr:not(.foot):not(.why)")
    assert rows.count() >= 1
    assert [int(page.locator(f'.bk-total[data-side="{s}"]').text_content() or "0") for s in (0, 1)] == finals
    page.click(".close-modal")
    # switchable: Dutch and English
    page.click('[data-lang="en"]')
    assert "win" in (page.locator("#winner").text_content() or "")
    page.click('[data-lang="nl"]')
    assert "winnen" in (page.locator("#winner").text_content() or "")
    status, record = ui_server.http("GET", f"/api/tables/{table_id}/record")
    assert status == 200 and record["game"] == "binokel"
    # the replay of the first round: every frame is that round's, the last one with its result
    status, replay = ui_server.http("GET", f"/api/tables/{table_id}/replay/1")
    assert status == 200, replay
    assert {f["view"]["round"] for f in replay["frames"]} == {0}
    assert replay["frames"][-1]["view"]["result"] is not None
    page.goto(f"{ui_server.base}/r/{table_id}")
    page.wait_for_selector("#replay-step")
    page.click("#replay-last")
    page.wait_for_selector(".result-banner")
    assert not errors, errors
    context.close()


def test_a_binokel_hand_fits_a_phone_and_the_hint_speaks_the_tables_language(
    browser: Browser, ui_server: Server
) -> None:
    # a German browser: the table speaks the browser's language (an English one gets an English table)
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="de-DE")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    _create(page, ui_server, seed=9, target=1500)
    page.wait_for_selector('.table-page[data-turn="me"]', timeout=30000)
    cards = page.locator("#my-hand .card")
    assert cards.count() == 12
    first, last = cards.first.bounding_box(), cards.last.bounding_box()
    assert first is not None and last is not None
    assert first["x"] >= 0 and last["x"] + last["width"] <= 390  # twelve cards, none off the screen
    assert page.locator("#bk-score").text_content().endswith("/ 1500")  # type: ignore[union-attr]
    page.click("#hint")
    hint = page.wait_for_selector("#hint-text", timeout=30000)
    assert hint is not None and "Tipp" in (hint.text_content() or "")
    assert page.locator('.action-panel [data-action="pass"]').text_content() == "Passen"
    page.click('[data-lang="en"]')
    assert page.locator('.action-panel [data-action="pass"]').text_content() == "Pass"
    page.click('[data-lang="nl"]')
    assert page.locator('.action-panel [data-action="pass"]').text_content() == "Passen"
    assert page.locator(".tag.phase").text_content() == "Bieden"
    # the hint search's values in words (games/binokel/hints.py: the four cards to pass are its "best" ones;
    # a card's value is the share of the trick points still out), best first
    said = page.evaluate(
        """async () => { const m = await import('/static/binokel.js');
            const give = m.hintValues([{ action: 'give Ah', value: null, best: true },
                                       { action: 'give 9s', value: null, best: false },
                                       { action: 'give Kd', value: null, best: true }]);
            const play = m.hintValues([{ action: 'play 9s', value: 0.25, best: false },
                                       { action: 'play Ah', value: 0.625, best: true }]);
            return [give.textContent, [...play.children].map((li) => li.textContent)]; }"""
    )
    assert said[0] == "Voorstel om te geven: A\u2665 H\u2666", said  # the Dutch king is a heer
    assert said[1][0].startswith("A\u2665 spelen: 63% van de overige slagpunten") and "25%" in said[1][1], said
    assert not errors, errors
    context.close()
