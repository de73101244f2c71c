"""Tournament pages in Debian's headless Chromium (Playwright) against a real server.

The print pages must fit A4: they are laid out with print media at the
width A4 leaves inside the pages' 12 mm margins, every element must stay
inside it and show all its text (nothing scrolled or clipped), and the PDF
Chromium prints has the expected pages.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, FilePayload, Page, sync_playwright

from tests.server.conftest import ARGS, CHROMIUM, Server

#: Slow: browser tests (Chromium drives a real server)
pytestmark = pytest.mark.slow

#: A4 is 210 mm wide; the print style sheet leaves 186 mm inside its margins: at 96 px an inch, 703 px.
A4_CONTENT_PX = 703

#: Long names, some without a place to break, as real entry lists have.
NAMES = [
    "Johannes Hendrikus Wilhelmus van der Zwaluwenburg-Achterberg",
    "Wolfeschlegelsteinhausenbergerdorffwelchevoralternwarengewissen",
    "Ans",
    "Maria-Theresia Josephina Antonia de Vries-van Leeuwenhoek",
] + [f"Speler {i:02d} van de Bonaakclub Leimuiden" for i in range(5, 31)]


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed: apt-get install chromium")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture(scope="module")
def tournament(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, str, str]]:
    folder: Path = tmp_path_factory.mktemp("tournament-ui")
    srv = Server(f"sqlite:///{folder / 'troef.db'}", bot_delay=0.0, log_dir=folder)
    status, data = srv.http(
        "POST", "/api/tournaments", {"name": "NK Bonaken 2026", "place": "Leimuiden", "date": "2026-11-28", "seed": 8}
    )
    assert status == 200
    tid, token = data["id"], data["token"]
    headers = {"x-troef-organiser": token}
    assert srv.http("POST", f"/api/tournaments/{tid}/players", {"names": NAMES}, headers)[0] == 200
    status, data = srv.http("POST", f"/api/tournaments/{tid}/draw", {}, headers)
    assert status == 200
    for table in data["tournament"]["drawn"][0]["tables"][:5]:
        body = {"round": 1, "table": table["table"], "game": 1, "points": [10, 8, 4, 1]}
        assert srv.http("POST", f"/api/tournaments/{tid}/result", body, headers)[0] == 200
    yield srv, tid, token
    srv.stop()


OVERFLOW_JS = """(width) => {
  const bad = [];
  for (const el of document.body.querySelectorAll('*')) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    const what = `${el.tagName}.${el.className} "${(el.textContent || '').trim().slice(0, 30)}"`;
    if (r.right > width + 0.5 || r.left < -0.5) bad.push(`outside the page: ${what} ${r.left}-${r.right}`);
    if (el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1) bad.push(`cut off: ${what}`);
    if (el.clientHeight > 0 && el.scrollHeight > el.clientHeight + 1) bad.push(`cut off below: ${what}`);
  }
  if (document.documentElement.scrollWidth > width + 0.5) bad.push('the page is wider than A4');
  return bad;
}"""


def pdf_pages(page: Page) -> int:
    pdf = page.pdf(format="A4", prefer_css_page_size=True)
    return len(re.findall(rb"/Type\s*/Page(?!s)", pdf))


def check_a4(page: Page, url: str) -> int:
    """Open a print page at A4's width in print media; assert nothing sticks out or is cut off; its PDF pages."""
    page.set_viewport_size({"width": A4_CONTENT_PX, "height": 1123})
    page.emulate_media(media="print")
    page.goto(url)
    page.wait_for_load_state("load")
    problems = page.evaluate(OVERFLOW_JS, A4_CONTENT_PX)
    assert problems == [], f"{url}: {problems[:5]}"
    return pdf_pages(page)


def test_the_print_pages_fit_a4(browser: Browser, tournament: tuple[Server, str, str]) -> None:
    srv, tid, _ = tournament
    page = browser.new_page()
    base = f"{srv.base}/toernooi/{tid}/print"
    try:
        assert check_a4(page, f"{base}/tables?round=1") == 1
        assert page.locator("table.tables tbody tr").count() == 7  # 30 players: 7 tables and 2 byes
        assert "Vrij (bye)" in page.inner_text("body")
        large = check_a4(page, f"{base}/large?round=1&lang=en")
        assert large >= 2  # the list, then every player with his table in large type
        assert page.locator(".find-list li").count() == 30
        assert float(page.evaluate("getComputedStyle(document.querySelector('.find-list')).fontSize")[:-2]) >= 20
        # one score form per table per game, each on its own page, with the columns of nk rule 59
        assert check_a4(page, f"{base}/forms?round=1") == 7 * 2
        headers = page.locator(".form-page").first.locator("th").all_inner_texts()
        assert [h.lower() for h in headers[3:9]] == ["suf", "krom", "recht", "wip", "eruit", "erin"]
        assert "Tafelpunten" in headers
        assert page.locator(".form-page").count() == 14
        for lang in ("en", "de"):  # the other languages' headers fit as well
            assert check_a4(page, f"{base}/forms?round=1&lang={lang}") == 14
        assert check_a4(page, f"{base}/standings?lang=de") >= 1
        assert page.locator("table.standings tbody tr").count() == 30
        assert "Rangliste" in page.inner_text("h1")
    finally:
        page.close()


def test_the_public_page_follows_the_tournament_live(browser: Browser, tournament: tuple[Server, str, str]) -> None:
    srv, tid, token = tournament
    page = browser.new_page()
    try:
        page.goto(f"{srv.base}/toernooi/{tid}")
        page.wait_for_selector("#standings tbody tr")
        assert token not in page.content()
        assert "null" not in page.inner_text("main") and "undefined" not in page.inner_text("main")
        _, data = srv.http("GET", f"/api/tournaments/{tid}")
        table = next(t for t in data["drawn"][0]["tables"] if t["games"][0]["points"] is None)
        last = table["players"][3]
        row = page.locator(f'.t-round tr[data-table="{table["table"]}"]')
        assert "·" in row.inner_text()
        body = {"round": 1, "table": table["table"], "game": 1, "points": [1, 4, 8, 10]}
        assert srv.http("POST", f"/api/tournaments/{tid}/result", body, {"x-troef-organiser": token})[0] == 200
        # the page polls: the new result and the new leader appear without a reload
        page.wait_for_function(
            "n => [...document.querySelectorAll('#standings tbody tr')].slice(0, 8)"
            ".some(tr => tr.children[1].textContent === String(n) && tr.children[3].textContent === '10')",
            arg=last,
            timeout=15000,
        )
    finally:
        page.close()


def test_the_organiser_page_needs_its_link_and_enters_a_result(
    browser: Browser, tournament: tuple[Server, str, str]
) -> None:
    srv, tid, token = tournament
    page = browser.new_page()
    try:
        page.goto(f"{srv.base}/toernooi/{tid}/beheer")
        page.wait_for_selector("p.error")
        assert re.search("beheerlink|organiser link", page.inner_text("main"))
        assert page.locator("#t-results").count() == 0

        page.goto(f"{srv.base}/toernooi/{tid}/beheer#o={token}")
        page.wait_for_selector("#t-results")
        assert "null" not in page.inner_text("main") and "undefined" not in page.inner_text("main")
        _, data = srv.http("GET", f"/api/tournaments/{tid}")
        free = next(t for t in data["drawn"][0]["tables"] if t["games"][1]["points"] is None)
        page.select_option("#t-res-table", str(free["table"]))
        page.select_option("#t-res-game", "2")
        selects = page.locator(".t-seats select")
        for i, value in enumerate(["10", "10", "8", "1"]):  # impossible: refused with the reason
            selects.nth(i).select_option(value)
        page.click("#t-res-save")
        page.wait_for_selector(".t-message.error")
        assert "after two players share first place" in page.inner_text(".t-message")
        page.select_option("#t-res-mode", "order")
        for i, value in enumerate(["2", "1", "erin", "rest"]):
            page.locator(".t-seats select").nth(i).select_option(value)
        page.click("#t-res-save")
        deadline = time.monotonic() + 10
        points: Any = None
        while time.monotonic() < deadline:
            _, data = srv.http("GET", f"/api/tournaments/{tid}")
            points = next(t for t in data["drawn"][0]["tables"] if t["table"] == free["table"])["games"][1]["points"]
            if points:
                break
            time.sleep(0.2)
        assert points == [8, 10, 0, 4]

        # a result that arrives by another way (an online game, a second screen) shows up by itself
        other = next(
            t for t in data["drawn"][0]["tables"] if t["games"][1]["points"] is None and t["table"] != free["table"]
        )
        body = {"round": 1, "table": other["table"], "game": 2, "points": [4, 1, 10, 8]}
        page.focus("body")
        assert srv.http("POST", f"/api/tournaments/{tid}/result", body, {"x-troef-organiser": token})[0] == 200
        page.wait_for_function(
            "t => { const r = document.querySelector(`.t-round tr[data-table='${t}']`); if (!r) return false;"
            " const second = [...r.querySelectorAll('.pts')].filter((_, i) => i % 2 === 1);"
            " return second.map((x) => x.textContent).join(',') === '4,1,10,8'; }",
            arg=other["table"],
            timeout=15000,
        )

        # a late entry list uploaded as a file (CSV with a name column)
        upload: FilePayload = {
            "name": "laat.csv",
            "mimeType": "text/csv",
            "buffer": b"nr,naam\n31,Laatkomer Een\n32,Laatkomer Twee\n",
        }
        page.set_input_files("#t-file", files=[upload])
        page.wait_for_function("() => document.querySelector('#t-names').value.includes('Laatkomer Twee')")
        page.click("#t-add")
        page.wait_for_function("() => document.querySelectorAll('.t-players li').length === 32")
        _, data = srv.http("GET", f"/api/tournaments/{tid}")
        assert [p["name"] for p in data["players"][-2:]] == ["Laatkomer Een", "Laatkomer Twee"]
        assert data["players"][-1]["joined"] == 2
    finally:
        page.close()
