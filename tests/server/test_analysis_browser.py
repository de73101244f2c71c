"""The analysis of a hand in the replay page, in Debian's headless Chromium against a real server.

A finished klaverjas match of four computer players is replayed; "Analyse" asks the server for the
hand's analysis (open cards and fair), each decision is listed with its mark, and a click shows the
values of every alternative. Screenshots at desktop and phone width are checked for overflow.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, ViewportSize

from tests.server.conftest import Server

pytestmark = pytest.mark.slow

DESKTOP: ViewportSize = {"width": 1280, "height": 800}
PHONE: ViewportSize = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, str]]:
    folder: Path = tmp_path_factory.mktemp("analysis-ui")
    srv = Server(f"sqlite:///{folder / 'troef.db'}", bot_delay=0.0, log_dir=folder)
    seats = [{"kind": "bot", "level": "random", "name": f"bot {i}"} for i in range(4)]
    status, data = srv.http(
        "POST", "/api/tables", {"game": "klaverjas", "config": {"preset": "amsterdam"}, "seats": seats, "seed": 21}
    )
    assert status == 200, data
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        info = srv.http("GET", f"/api/tables/{data['id']}")[1]
        if info["over"]:
            break
        time.sleep(0.05)  # polling for a condition, bounded by the deadline
    else:
        raise AssertionError("the bots did not finish the match")
    yield srv, data["id"]
    srv.stop()


def _no_overflow(page: Page) -> bool:
    return bool(page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1"))


@pytest.mark.parametrize(
    ("size", "lang", "word"), [(DESKTOP, "en", "Analysis: Deal 1"), (PHONE, "nl", "Analyse: Spel 1")]
)
def test_the_replay_shows_the_analysis_of_a_hand(
    browser: Browser, finished: tuple[Server, str], tmp_path: Path, size: ViewportSize, lang: str, word: str
) -> None:
    srv, table = finished
    context = browser.new_context(viewport=size)
    context.add_init_script(f"localStorage.setItem('troef.lang', '{lang}')")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{srv.base}/r/{table}")
    page.wait_for_selector("#replay-step")
    page.click("#replay-analyse")
    page.wait_for_selector("#analysis .an-list", timeout=120_000)
    assert word in (page.locator("#analysis h3").text_content() or "")
    items = page.locator("#analysis .an-item")
    assert items.count() > 0
    marks = {items.nth(i).get_attribute("data-mark") for i in range(items.count())}
    assert marks <= {"mistake", "unlucky", "best", "good", "none"} and marks & {"best", "good", "mistake", "unlucky"}
    # a judged decision opens to the values of all its alternatives, the one taken in bold
    judged = page.locator('#analysis .an-item:not([data-mark="none"])').last
    judged.locator(".an-head").click()
    # and the table shows the moment of that decision: the step before its action
    step = int(judged.get_attribute("data-index") or "0") + 1
    shown = page.locator("#replay-step").text_content() or ""
    assert shown.startswith(("Step " if lang == "en" else "Stap ") + f"{step} "), shown
    # the panel keeps its place when it is rebuilt: the decision clicked stays in sight
    in_sight = page.evaluate(
        """() => {
          const panel = document.getElementById("analysis").getBoundingClientRect();
          const head = document.querySelector('#analysis .an-head[aria-expanded="true"]').getBoundingClientRect();
          return head.top >= panel.top - 1 && head.bottom <= panel.bottom + 1;
        }"""
    )
    assert in_sight
    values = page.locator("#analysis .an-values li")
    assert values.count() >= 2
    assert page.locator("#analysis .an-values li.an-taken").count() == 1
    # in the reader's language and the unit of the score sheet (klaverjas: points), no action's internal name
    text = page.locator("#analysis .an-values").text_content() or ""
    assert ("points" if lang == "en" else "punten") in text and "%" not in text, text
    listed = page.locator("#analysis .an-list").text_content() or ""
    assert not re.search(r"(?:\d+|[AKQJ])[hdcs]\b", listed), listed  # cards in symbols, never "10d"
    if lang == "nl":
        assert "play " not in listed and "trick " not in listed and "slag " in listed, listed
    shot = tmp_path / f"analysis-{size['width']}.png"
    page.screenshot(path=str(shot), full_page=True)
    assert _no_overflow(page), f"the page is wider than the screen (screenshot: {shot})"
    assert not errors
    context.close()
