"""The analysis of a deal at a live table, in Debian's headless Chromium against a real server.

A klaverjas table of one person and three computer players plays its first deal (the person's
moves are sent by this test's socket on the same seat, the browser sits there too). When the deal is
over its summary has "Analyse": the dialog shows the replay's view of that deal with its decisions
marked, a click opens one's alternatives, and only the deals that are over are offered. At the end
of a finished match every deal is offered. A dialog read on your turn closes itself before the turn
timer would give the seat to a computer player. Screenshots go to /tmp/shots/analysis_*.png.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, ViewportSize

from tests.server.conftest import Client, Server

pytestmark = pytest.mark.slow

DESKTOP: ViewportSize = {"width": 1366, "height": 768}
PHONE: ViewportSize = {"width": 390, "height": 844}
SHOTS = Path("/tmp/shots")
ONE_PERSON = [{"kind": "human", "name": "Ans"}] + [
    {"kind": "bot", "level": "random", "name": f"bot {i}"} for i in range(1, 4)
]


@pytest.fixture(scope="module")
def srv(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder: Path = tmp_path_factory.mktemp("live-analysis-ui")
    server = Server(f"sqlite:///{folder / 'troef.db'}", bot_delay=0.0, log_dir=folder)
    yield server
    server.stop()


def _table(srv: Server, **extra: Any) -> tuple[str, str]:
    body = {"game": "klaverjas", "config": {"preset": "amsterdam"}, "seats": ONE_PERSON, **extra}
    status, data = srv.http("POST", "/api/tables", body)
    assert status == 200, data
    return data["id"], data["invites"][0]["token"]


def _open_page(browser: Browser, srv: Server, url: str, size: ViewportSize, lang: str) -> tuple[Any, Page, list[str]]:
    context = browser.new_context(viewport=size)
    context.add_init_script(f"localStorage.setItem('troef.lang', '{lang}')")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(srv.base + url)
    return context, page, errors


def _play_first_deal(c: Client) -> None:
    """The person's moves of deal 1 (the first legal one each time), until deal 2 is dealt."""
    while True:
        state = c.state if c.state is not None else c.recv_until(lambda m: m["type"] == "state")
        if state["hand"] >= 2:
            return
        if state["view"]["legal"]:
            c.act(state["view"]["legal"][0], expect=state["version"])
        c.wait_version(state["version"] + 1, timeout=60)


def _no_overflow(page: Page) -> bool:
    return bool(page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1"))


@pytest.mark.parametrize(("size", "lang", "name"), [(DESKTOP, "en", "desktop"), (PHONE, "nl", "phone")])
def test_the_summary_of_a_deal_analyses_it(
    browser: Browser, srv: Server, size: ViewportSize, lang: str, name: str
) -> None:
    tid, token = _table(srv)
    context, page, errors = _open_page(browser, srv, f"/t/{tid}#t={token}", size, lang)
    c = srv.client()
    try:
        page.wait_for_selector(".table-page")
        assert c.join(tid, token)["seat"] == 0
        _play_first_deal(c)
        # deal 1 is over: its summary offers the analysis (the banner shows for a while)
        page.wait_for_selector("#hand-result #hand-analyse", timeout=8000)
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"analysis_banner_{name}.png"))
        page.click("#hand-result #hand-analyse")
        page.wait_for_selector("#analysis-dialog #analysis .an-list", timeout=120_000)
        dialog = page.locator("#analysis-dialog")
        title = dialog.locator("#analysis h3").text_content() or ""
        assert title == ("Analysis: Deal 1" if lang == "en" else "Analyse: Spel 1"), title
        # only the deals that are over: deal 2 is in play
        assert dialog.locator("#replay-hand option").count() == 1
        # the cards are laid open: every seat's hand is shown in the first step
        assert dialog.locator(".felt .card").count() + dialog.locator(".me .hand .card").count() >= 32
        items = dialog.locator("#analysis .an-item")
        assert items.count() > 0
        marks = {items.nth(i).get_attribute("data-mark") for i in range(items.count())}
        assert marks & {"best", "good", "mistake", "unlucky"}, marks
        judged = dialog.locator('#analysis .an-item:not([data-mark="none"])').last
        word = judged.locator(".an-head strong").text_content() or ""
        assert word in (
            {"mistake", "unlucky", "best", "good"} if lang == "en" else {"fout", "pech", "beste", "goed"}
        ), word
        judged.locator(".an-head").click()
        values = dialog.locator("#analysis .an-values li")
        assert values.count() >= 2
        assert dialog.locator("#analysis .an-values li.an-taken").count() == 1
        # the timeline shows the moment of that decision
        step = int(judged.get_attribute("data-index") or "0") + 1
        shown = dialog.locator("#replay-step").text_content() or ""
        assert shown.startswith(("Step " if lang == "en" else "Stap ") + f"{step} "), shown
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"analysis_live_{name}.png"))
        assert _no_overflow(page)
        # closing the dialog leaves the table as it was: seated, deal 2 in play
        page.keyboard.press("Escape")
        page.wait_for_selector("#analysis-dialog", state="detached")
        assert page.locator('.table-page[data-hand="2"]').count() == 1
        assert not errors, errors
    finally:
        c.close()
        context.close()


def test_a_dialog_read_on_your_turn_closes_before_the_seat_is_lost(browser: Browser, srv: Server) -> None:
    tid, token = _table(srv, turn_seconds=25)
    context, page, errors = _open_page(browser, srv, f"/t/{tid}#t={token}", DESKTOP, "en")
    c = srv.client()
    try:
        page.wait_for_selector(".table-page")
        assert c.join(tid, token)["seat"] == 0
        _play_first_deal(c)
        page.click("#hand-result #hand-analyse", timeout=8000)
        page.wait_for_selector("#analysis-dialog")
        # deal 2 waits for this seat in time; the dialog says how long is left, then closes itself
        page.wait_for_selector('.table-page[data-turn="me"]', timeout=60_000)
        page.wait_for_selector("#analysis-dialog #modal-timer")
        assert re.fullmatch(r"Your turn: \d+ s left", page.inner_text("#analysis-dialog #modal-timer"))
        page.wait_for_selector("#analysis-dialog", state="detached", timeout=40_000)
        assert int(re.sub(r"\D", "", page.inner_text("#turn-timer"))) > 0
        assert page.locator("#standin-bar").count() == 0
        assert page.locator('.table-page[data-turn="me"]').count() == 1
        assert not errors, errors
    finally:
        c.close()
        context.close()


def test_the_end_of_a_finished_match_analyses_every_deal(browser: Browser, srv: Server) -> None:
    seats = [{"kind": "bot", "level": "random", "name": f"bot {i}"} for i in range(4)]
    status, data = srv.http(
        "POST", "/api/tables", {"game": "klaverjas", "config": {"preset": "amsterdam"}, "seats": seats}
    )
    assert status == 200, data
    deadline = time.monotonic() + 120
    while not (info := srv.http("GET", f"/api/tables/{data['id']}")[1])["over"]:
        assert time.monotonic() < deadline, "the bots did not finish the match"
        time.sleep(0.05)  # polling for a condition, bounded by the deadline
    hands = info["result"]["hands"]
    context, page, errors = _open_page(browser, srv, f"/t/{data['id']}", PHONE, "de")
    try:
        page.click("#end-screen #end-analyse")
        page.wait_for_selector("#analysis-dialog #analysis .an-list", timeout=120_000)
        assert page.locator("#analysis-dialog #replay-hand option").count() == hands
        page.select_option("#analysis-dialog #replay-hand", "2")
        page.wait_for_selector('#analysis-dialog .table-page[data-hand="2"]')
        page.click("#analysis-dialog #replay-analyse")
        page.wait_for_selector("#analysis-dialog #analysis .an-list", timeout=120_000)
        assert "Analyse: Spiel 2" in (page.locator("#analysis-dialog #analysis h3").text_content() or "")
        page.screenshot(path=str(SHOTS / "analysis_end_phone.png"))
        assert _no_overflow(page)
        assert not errors, errors
    finally:
        context.close()


@pytest.mark.parametrize(
    ("size", "lang", "deal"), [(DESKTOP, "de", "Analyse: Spiel 1"), (PHONE, "en", "Analysis: Deal 1")]
)
def test_the_score_sheet_offers_the_analysis_of_every_deal_that_is_over(
    browser: Browser, srv: Server, size: ViewportSize, lang: str, deal: str
) -> None:
    """The summary banner goes away after a while; the score sheet keeps "Analyse" for each deal over."""
    tid, token = _table(srv)
    context, page, errors = _open_page(browser, srv, f"/t/{tid}#t={token}", size, lang)
    c = srv.client()
    try:
        page.wait_for_selector(".table-page")
        assert c.join(tid, token)["seat"] == 0
        _play_first_deal(c)
        page.wait_for_selector("#hand-result", timeout=8000)
        page.locator("#hand-result .close").click()  # the banner dismissed: the sheet still offers it
        page.click("#show-sheet")
        buttons = page.locator("#sheet-analyse .sheet-analyse-deal")
        buttons.first.wait_for(timeout=8000)
        assert buttons.count() == 1  # deal 2 is in play
        buttons.first.click()
        page.wait_for_selector("#analysis-dialog #analysis .an-list", timeout=120_000)
        title = page.locator("#analysis-dialog #analysis h3").text_content() or ""
        assert title == deal, title
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"analysis_sheet_{lang}_{size['width']}.png"))
        assert not errors
    finally:
        c.close()
        context.close()


#: Records each state of the analysis dialog's progress figure as it is drawn: its text and how many
#: decisions the dialog lists with it (the page draws each step in a task of its own).
WATCH_PROGRESS = """
window.anSeen = [];
new MutationObserver(() => {
  const figure = document.querySelector('#analysis-dialog #an-progress');
  if (!figure) return;
  const items = document.querySelectorAll('#analysis-dialog .an-item').length;
  const seen = { text: figure.textContent.trim(), items };
  const last = window.anSeen[window.anSeen.length - 1];
  if (!last || last.text !== seen.text || last.items !== seen.items) window.anSeen.push(seen);
}).observe(document, { subtree: true, childList: true, characterData: true });
"""


def test_the_dialog_fills_in_as_the_decisions_are_judged(browser: Browser, srv: Server) -> None:
    tid, token = _table(srv)
    context, page, errors = _open_page(browser, srv, f"/t/{tid}#t={token}", DESKTOP, "en")
    page.add_init_script(WATCH_PROGRESS)
    page.reload()
    c = srv.client()
    try:
        page.wait_for_selector(".table-page")
        assert c.join(tid, token)["seat"] == 0
        _play_first_deal(c)
        page.click("#hand-result #hand-analyse", timeout=8000)
        page.wait_for_selector("#analysis-dialog #analysis .an-seats li", timeout=300_000)  # the whole of it
        seen: list[dict[str, Any]] = page.evaluate("window.anSeen")
        figures = [re.fullmatch(r"(\d+) of (\d+) decisions judged", s["text"]) for s in seen]
        assert seen and all(figures), seen
        done = [int(f[1]) for f in figures if f]
        total = {int(f[2]) for f in figures if f}
        assert len(total) == 1, seen
        (n,) = total
        assert done[0] < n and done == sorted(done), done  # shown before the last one was judged, counting up
        assert [s["items"] for s in seen] == done  # with the decisions judged so far listed
        # the end: the whole analysis, no figure, every decision and each seat's figures
        assert page.locator("#analysis-dialog #an-progress").count() == 0
        assert page.locator("#analysis-dialog .an-item").count() == n
        assert page.locator("#analysis-dialog .an-seats li").count() == 4
        assert not errors, errors
    finally:
        c.close()
        context.close()
