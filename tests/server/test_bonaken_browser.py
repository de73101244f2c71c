"""The browser UI, driven by Playwright in Debian's headless Chromium against a real server.

Chromium comes from ``apt-get install chromium`` (``tests/server/setup-ci.sh``);
Playwright's own browser download is never used.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from tests.server.conftest import Server

#: Slow: browser tests (Chromium drives a real server)
pytestmark = pytest.mark.slow


def _english(context: BrowserContext) -> BrowserContext:
    """A context whose user chose English (else a table speaks the browser's language)."""
    context.add_init_script("localStorage.setItem('troef.lang', 'en')")
    return context


@pytest.fixture(scope="module")
def ui_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder: Path = tmp_path_factory.mktemp("ui")
    srv = Server(f"sqlite:///{folder / 'troef.db'}", bot_delay=0.0, log_dir=folder)
    yield srv
    srv.stop()


def _create(page: Page, srv: Server, preset: str, seed: int, seats: list[str]) -> str:
    page.goto(srv.base + "/?seed")  # the seed field is for testers: shown with ?seed
    page.wait_for_selector("#create-form")
    page.select_option("#preset", preset)
    page.click("details summary")
    page.fill("#seed", str(seed))
    for i, choice in enumerate(seats):
        page.select_option(f"#seat-{i}", choice)
    page.click("#create")
    page.wait_for_selector(".felt")
    return str(page.url).rsplit("/", 1)[1]


def lay_away(page: Page) -> None:
    """Pick cards to lay away until the confirm button allows it, then confirm."""
    for card in page.locator("#my-hand .card.legal:not(.picked)").all():
        if page.locator("#discard-go").is_enabled():
            break
        card.click()
    page.click("#discard-go")


def _wait_change(page: Page, version: str) -> None:
    page.wait_for_function(
        """v => { const e = document.querySelector('.table-page');
                  return !e || e.dataset.version !== v || document.querySelector('#end-screen'); }""",
        arg=version,
        timeout=20000,
    )


def _play_match(page: Page, cap: int = 70) -> dict[str, int]:
    """Play our seat through the UI until the end screen; returns how often each phase came up."""
    phases: dict[str, int] = {}
    refused = False
    while True:
        page.wait_for_selector('#end-screen, .table-page[data-turn="me"]', timeout=30000)
        if page.locator("#end-screen").count():
            return phases
        table = page.locator(".table-page")
        phase = table.get_attribute("data-phase") or ""
        version = table.get_attribute("data-version") or ""
        phases[phase] = phases.get(phase, 0) + 1
        if phase == "bidding":
            number = page.locator("#bid-number option").first
            if (
                page.locator("#bid-number").count()
                and int((number.get_attribute("value") or "bid 0").split()[1]) <= cap
            ):
                page.click("#bid-number-go")
            else:
                page.click('.action-panel [data-action="pass"]')
        elif phase == "exchange":
            assert page.locator("#exchange-prompt").count()
            lay_away(page)
        elif phase == "trump":
            page.locator('.action-panel [data-action^="trump "]').first.click()
        elif phase == "roem":
            page.locator('.action-panel [data-action^="roem "]').last.click()
            if page.locator("#confirm-go").count():  # a roem declaration is confirmed first
                page.click("#confirm-go")
        elif phase == "play":
            illegal = page.locator("#my-hand .card.illegal")
            if not refused and illegal.count():
                # an illegal card is refused with the server's reason, and nothing changes
                illegal.first.click()
                toast = page.wait_for_selector(".toast.error", timeout=5000)
                assert toast is not None and "must" in (toast.text_content() or "")
                assert table.get_attribute("data-version") == version
                refused = True
            if page.locator('.action-panel [data-action="stuk"]').count():
                page.click('.action-panel [data-action="stuk"]')
            else:
                page.locator("#my-hand .card.legal").first.click()
        _wait_change(page, version)


def test_a_whole_match_against_three_computer_players(browser: Browser, ui_server: Server) -> None:
    context = _english(browser.new_context(viewport={"width": 390, "height": 844}))  # a phone
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    seen: dict[str, int] = {}
    for seed in (11, 12, 13):  # the first seed covers every phase; the others are spares should bots change
        table_id = _create(page, ui_server, "pagat", seed, ["me", "bot:club", "bot:club", "bot:club"])
        # the hand fits on the phone's screen, sorted by suit
        box = page.locator("#my-hand").bounding_box()
        assert box is not None and box["width"] <= 390
        for phase, count in _play_match(page).items():
            seen[phase] = seen.get(phase, 0) + count
        end = page.locator("#end-screen")
        assert "buy" in (end.text_content() or "")
        if all(seen.get(p) for p in ("bidding", "exchange", "trump", "roem", "play")):
            break
    assert all(seen.get(p) for p in ("bidding", "exchange", "trump", "roem", "play")), seen
    assert not errors, errors

    # the score sheet and the last trick can be opened on the finished table
    page.reload()
    page.wait_for_selector("#end-screen")
    # the finished match can be replayed hand by hand, and downloaded
    page.click("#end-screen a[href^='/r/']")
    page.wait_for_selector("#replay-step")
    first = page.locator("#replay-step").text_content()
    page.click("#replay-next")
    assert page.locator("#replay-step").text_content() != first
    assert page.locator(".felt .seat-box").count() == 3
    page.click('[data-lang="nl"]')
    assert "Stap" in (page.locator("#replay-step").text_content() or "")
    page.click('[data-lang="en"]')
    record = page.request.get(f"{ui_server.base}/api/tables/{table_id}/record")
    assert record.ok and json.loads(record.text())["format"] == "troef-record"
    # the lobby lists it among the finished matches
    page.goto(ui_server.base + "/")
    page.wait_for_selector("#finished a[href='/r/" + table_id + "']")
    context.close()


def test_a_friend_joins_by_invite_link(browser: Browser, ui_server: Server) -> None:
    host = _english(browser.new_context(viewport={"width": 1000, "height": 800}))
    page = host.new_page()
    table_id = _create(page, ui_server, "nk", 21, ["me", "invite", "bot:random", "bot:random"])
    page.click("#show-invites")
    link = page.locator('input.invite-link[data-seat="1"]').input_value()
    assert link.startswith(ui_server.base + f"/t/{table_id}#t=")
    page.click(".close-modal")

    friend = _english(browser.new_context(viewport={"width": 390, "height": 844}))
    page2 = friend.new_page()
    page2.goto(link)
    page2.wait_for_selector("#my-hand .card")
    assert "#" not in page2.url  # the secret leaves the address bar
    assert "(you)" in (page2.locator(".seat-box.mine .seat-name").text_content() or "")
    assert page2.locator(".seat-box.mine").get_attribute("data-seat") == "1"
    mine = {c.get_attribute("data-card") for c in page.locator("#my-hand .card").all()}
    theirs = {c.get_attribute("data-card") for c in page2.locator("#my-hand .card").all()}
    assert len(mine) == 6 and len(theirs) == 6 and not mine & theirs
    # the host sees the friend come online
    page.wait_for_selector('.seat-box[data-seat="1"] .dot.on')
    # the score sheet and the last trick open and close
    page.click("#show-sheet")
    page.wait_for_selector("#sheet")
    page.click(".close-modal")
    page.click("#show-last")
    page.wait_for_selector(".modal")
    page.click(".close-modal")
    assert page.locator(".overlay").count() == 0
    hinted = False

    # play on until each of the two people has acted once, through the UI
    acted: set[int] = set()
    for _ in range(40):
        if acted == {0, 1} or page.locator("#end-screen").count():
            break
        for seat, p in ((0, page), (1, page2)):
            table = p.locator(".table-page")
            if table.get_attribute("data-turn") != "me":
                continue
            version = table.get_attribute("data-version") or ""
            if not hinted:
                # a hint comes from the strongest computer player, labelled as such
                p.click("#hint")
                hint = p.wait_for_selector("#hint-text", timeout=10000)
                assert hint is not None and "computer player" in (hint.text_content() or "")
                hinted = True
            if p.locator('.action-panel [data-action="pass"]').count():
                p.click('.action-panel [data-action="pass"]')
            elif p.locator(".action-panel [data-action]").count():
                p.locator(".action-panel [data-action]").first.click()
            else:
                p.locator("#my-hand .card.legal").first.click()
            _wait_change(p, version)
            acted.add(seat)
        page.wait_for_timeout(100)
    assert acted == {0, 1} and hinted
    # both pages show the same table version
    page.wait_for_function(
        "v => document.querySelector('.table-page').dataset.version === v",
        arg=page2.locator(".table-page").get_attribute("data-version"),
        timeout=10000,
    )
    # the friend reloads: the seat is kept (the token is remembered in this browser only)
    page2.reload()
    page2.wait_for_selector(".seat-box.mine")
    assert page2.locator(".seat-box.mine").get_attribute("data-seat") == "1"
    # a third browser without the link can only watch
    stranger = _english(browser.new_context())
    page3 = stranger.new_page()
    page3.goto(f"{ui_server.base}/t/{table_id}")
    page3.wait_for_selector("#prompt")
    assert page3.locator("#prompt").text_content() == "You are watching"
    assert page3.locator("#my-hand .card").count() == 0
    for ctx in (host, friend, stranger):
        ctx.close()


def test_practice_tables_are_marked_and_names_are_not_templates(browser: Browser, ui_server: Server) -> None:
    """Issue 17: a chosen seed shows as a practice table in the lobby and at the table; a player's name
    with ``{card}`` in it is shown as it is, not filled in."""
    context = _english(browser.new_context())
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    table_id = _create(page, ui_server, "pagat", 21, ["me", "bot:random", "bot:random", "bot:random"])
    page.wait_for_selector("#practice")
    assert page.locator("#practice").text_content() in ("Practice", "Oefentafel")
    # the lobby lists a practice table while its player is at it: the table stays open in another tab
    keep = context.new_page()
    keep.goto(f"{ui_server.base}/t/{table_id}")
    keep.wait_for_selector(".felt")
    page.goto(ui_server.base + "/")
    page.wait_for_selector(f'a[href="/t/{table_id}"]')
    row = page.locator(".table-row", has=page.locator(f'a[href="/t/{table_id}"]'))
    assert row.locator(".tag.practice").count() == 1
    unseeded = ui_server.create(seats=[{"kind": "human", "name": "x"}] * 4)
    page.reload()
    page.wait_for_selector(f'a[href="/t/{unseeded["id"]}"]')
    other = page.locator(".table-row", has=page.locator(f'a[href="/t/{unseeded["id"]}"]'))
    assert other.locator(".tag.practice").count() == 0
    text = page.evaluate(
        """async () => {
            const { t } = await import("/static/i18n.js");
            return t("ev_play", { name: "{card} x {bid}", card: "A\u2665" });
        }"""
    )
    assert text.startswith("{card} x {bid} ") and text.endswith("A\u2665")
    assert not errors, errors
    context.close()
