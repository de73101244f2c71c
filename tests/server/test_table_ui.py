"""The table as players expect it (issue 18): each bug a new player ran into, caught in headless Chromium.

Every test drives Debian's Chromium through Playwright against a real server on
loopback, at a desktop (1280x800) or phone (390x844) size. Seats other than the
browser's are computer players or people played by WebSocket clients
(:class:`Driver`), so that each test reaches the state it needs quickly.
"""

from __future__ import annotations

import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize

from tests.server.conftest import Server
from tests.server.test_bonaken_browser import lay_away

#: Slow: browser tests (Chromium drives a real server)
pytestmark = pytest.mark.slow

DESKTOP: ViewportSize = {"width": 1280, "height": 800}
PHONE: ViewportSize = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def srv(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder: Path = tmp_path_factory.mktemp("ui18")
    server = Server(f"sqlite:///{folder / 'troef.db'}", bot_delay=0.0, log_dir=folder)
    yield server
    server.stop()


class Driver:
    """People at a table played by WebSocket clients in a thread: each acts with ``choose`` when it is its turn."""

    def __init__(self, srv: Server, table: str, tokens: dict[int, str], choose: Callable[[list[str]], str]) -> None:
        self.clients = {seat: srv.client() for seat in tokens}
        for seat, client in self.clients.items():
            client.join(table, tokens[seat])
        self.choose = choose
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        while not self.stop.is_set():
            for client in self.clients.values():
                try:
                    client.recv(0.02)
                except TimeoutError:
                    pass
                except Exception:
                    return
                state = client.state
                if state and state["view"]["legal"] and not state["match"]["over"]:
                    client.act(self.choose(state["view"]["legal"]), expect=state["version"])
                    client.state = None  # wait for the next state before acting again

    def close(self) -> None:
        self.stop.set()
        self.thread.join(timeout=5)
        for client in self.clients.values():
            client.close()


def passer(legal: list[str]) -> str:
    """Passes in the bidding, otherwise takes the first legal action."""
    return "pass" if "pass" in legal else legal[0]


def _table(
    srv: Server, preset: str, seats: list[dict[str, Any]], seed: int, **extra: Any
) -> tuple[str, dict[int, str]]:
    data = srv.create(preset, players=len(seats), seats=seats, seed=seed, **extra)
    return data["id"], {inv["seat"]: inv["token"] for inv in data["invites"]}


def _page(browser: Browser, size: ViewportSize, lang: str = "en") -> tuple[BrowserContext, Page, list[str]]:
    context = browser.new_context(viewport=size)
    context.add_init_script(f"localStorage.setItem('troef.lang', '{lang}')")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    return context, page, errors


def _sit(page: Page, srv: Server, table: str, token: str | None) -> None:
    page.goto(f"{srv.base}/t/{table}" + (f"#t={token}" if token else ""))
    page.wait_for_selector(".table-page")


def _my_turn(page: Page, phase: str | None = None, timeout: float = 20000) -> None:
    selector = '.table-page[data-turn="me"][data-pending="0"]'
    if phase:
        selector += f'[data-phase="{phase}"]'
    page.wait_for_selector(selector, timeout=timeout)


HAND_CLEAR = """() => {
  window.scrollTo(0, 0);
  const out = [];
  for (const c of document.querySelectorAll('#my-hand .card')) {
    const r = c.getBoundingClientRect();
    if (r.top < 0 || r.bottom > innerHeight + 0.5) out.push(`${c.dataset.card} off screen (${r.top}-${r.bottom})`);
    for (const [fx, fy] of [[0.1, 0.3], [0.1, 0.8]]) {
      const hit = document.elementFromPoint(r.left + r.width * fx, r.top + r.height * fy);
      const by = hit ? hit.className || hit.tagName : 'nothing';
      if (!hit || hit.closest('.card') !== c) out.push(`${c.dataset.card} covered by ${by}`);
    }
  }
  return out;
}"""


# ---------------------------------------------------------------------- bug 2
def test_the_centre_cards_are_not_shown_twice_during_the_exchange(browser: Browser, srv: Server) -> None:
    seats = [{"kind": "human", "name": f"p{i}"} for i in range(4)]
    table, tokens = _table(srv, "pagat", seats, seed=7)
    others = Driver(srv, table, {s: tok for s, tok in tokens.items() if s != 0}, passer)
    context, page, errors = _page(browser, DESKTOP)
    try:
        _sit(page, srv, table, tokens[0])
        for _ in range(10):  # bid until the others have passed: seat 0 takes the centre
            _my_turn(page)
            phase = page.locator(".table-page").get_attribute("data-phase")
            if phase == "exchange":
                break
            assert phase == "bidding"
            version = page.locator(".table-page").get_attribute("data-version")
            page.click("#bid-number-go")
            # the bid is taken once the table moves on: only then is the turn shown a fresh one
            page.wait_for_function(
                f"() => document.querySelector('.table-page').dataset.version !== '{version}'", timeout=20000
            )
        _my_turn(page, "exchange")
        hand = {c.get_attribute("data-card") for c in page.locator("#my-hand .card").all()}
        centre = {c.get_attribute("data-card") for c in page.locator(".felt .centre .card").all()}
        assert len(hand) > 6  # the centre cards are in the hand now
        assert not centre & hand and page.locator(".felt .centre").count() == 0
        # laying away is picked, then confirmed: a click alone sends nothing
        version = page.locator(".table-page").get_attribute("data-version")
        card = page.locator("#my-hand .card.legal").first
        name = card.get_attribute("data-card") or ""
        card.click()
        page.wait_for_selector(f'#my-hand .card.picked[data-card="{name}"]')
        page.wait_for_timeout(300)
        assert page.locator(".table-page").get_attribute("data-version") == version
        lay_away(page)
        page.wait_for_function(
            "() => document.querySelector('.table-page').dataset.phase !== 'exchange'", timeout=10000
        )
        laid = [e for e in page.locator("#log li").all_text_contents() if "lays away" in e]
        label = name[:-1] + {"h": "\u2665", "d": "\u2666", "c": "\u2663", "s": "\u2660"}[name[-1]]
        assert len(laid) == len(hand) - 6 and any(e.endswith(f"lays away {label}") for e in laid), laid
        assert not errors, errors
    finally:
        others.close()
        context.close()


# ---------------------------------------------------------------------- bugs 3 and 4
def test_the_hand_to_act_is_never_covered_or_pushed_away_and_quick_clicks_raise_no_errors(
    browser: Browser, srv: Server
) -> None:
    table, tokens = _table(
        srv, "pagat", [{"kind": "human", "name": "me"}] + [{"kind": "bot", "level": "random"}] * 3, seed=31
    )
    context, page, errors = _page(browser, DESKTOP)
    try:
        _sit(page, srv, table, tokens[0])
        checked = {"banner": 0, "hint": 0, "toast": 0, "turns": 0, "triple": 0}
        while checked["turns"] < 60 and not page.locator("#end-screen").count():
            try:
                _my_turn(page, timeout=15000)
            except Exception:
                break
            checked["turns"] += 1
            problems = page.evaluate(HAND_CLEAR)
            assert not problems, (page.locator(".table-page").get_attribute("data-phase"), problems)
            if page.locator("#hand-result").count():
                checked["banner"] += 1
            if not checked["hint"] and page.locator("#hint").count():
                page.click("#hint")
                page.wait_for_selector("#hint-text", timeout=15000)
                assert not page.evaluate(HAND_CLEAR)
                # in words, with the chance of the best choices (the solver is installed here)
                values = page.locator("#hint-values li").all_text_contents()
                assert values and all("% chance to succeed" in v for v in values), values
                assert "pimc" not in (page.locator("#hint-text").text_content() or "")
                checked["hint"] += 1
            phase = page.locator(".table-page").get_attribute("data-phase")
            illegal = page.locator("#my-hand .card.illegal")
            if phase == "play" and not checked["toast"] and illegal.count():
                illegal.first.click()  # refused with the rule: the toast appears, the hand stays clear
                page.wait_for_selector(".toast.error")
                assert not page.evaluate(HAND_CLEAR), "a toast covers the hand"
                checked["toast"] += 1
                page.wait_for_selector(".toast.error", state="detached", timeout=8000)
            version = page.locator(".table-page").get_attribute("data-version")
            legal = page.locator("#my-hand .card.legal")
            if phase == "exchange":
                lay_away(page)
            elif phase == "play" and legal.count():
                # three clicks before any answer can come: the first is sent, the others are ignored
                legal.first.evaluate("b => { b.click(); b.click(); b.click(); }")
                checked["triple"] += 1
                page.wait_for_function(
                    "v => document.querySelector('.table-page').dataset.version !== v", arg=version, timeout=15000
                )
                page.wait_for_timeout(150)
                assert page.locator(".toast.error").count() == 0, page.locator(".toast.error").first.text_content()
            elif page.locator('.action-panel [data-action="pass"]').count():
                page.click('.action-panel [data-action="pass"]')
            elif page.locator(".action-panel [data-action]").count():
                page.locator(".action-panel [data-action]").last.click()
                if page.locator("#confirm-go").count():
                    page.click("#confirm-go")
            elif page.locator("#bid-number-go").count():
                page.click("#bid-number-go")
            page.wait_for_function(
                "v => document.querySelector('.table-page')?.dataset.version !== v"
                " || document.querySelector('#end-screen')",
                arg=version,
                timeout=15000,
            )
        assert checked["banner"] and checked["hint"] and checked["toast"] and checked["triple"] >= 3, checked
        assert not errors, errors
    finally:
        context.close()


# ---------------------------------------------------------------------- bugs 5 and 6
def test_seven_players_on_a_phone_names_whole_no_card_over_a_seat_no_trick_over_the_centre(
    browser: Browser, srv: Server
) -> None:
    names = ["computer 2", "computer 3", "Wilhelmina van Oranje", "computer 5", "Bartholomeus", "computer 7"]
    seats = [{"kind": "human", "name": "Me"}] + [{"kind": "bot", "level": "random", "name": n} for n in names]
    table, tokens = _table(srv, "pagat", seats, seed=5)
    # the browser watches the computer players play (seat 0 acts by WebSocket once the page is there)
    me: Driver | None = None
    context, page, errors = _page(browser, PHONE, "nl")
    try:
        page.add_init_script(
            """window.__bad = []; window.__won = new Set();
            const check = () => {
              const felt = document.querySelector('.felt');
              if (!felt) return;
              if (felt.querySelector('.centre') && felt.querySelector('.trick .card'))
                window.__bad.push('trick over centre');
              for (const w of document.querySelectorAll('.seat-box .won')) window.__won.add(w.textContent);
              const boxes = [...felt.querySelectorAll('.seat-box')].map(b => b.getBoundingClientRect());
              for (const c of felt.querySelectorAll('.trick .card')) {
                if (c.getAnimations().length) continue;  // flying in or sweeping away
                const r = c.getBoundingClientRect();
                for (const b of boxes)
                  if (r.left < b.right - 1 && r.right > b.left + 1 && r.top < b.bottom - 1 && r.bottom > b.top + 1)
                    window.__bad.push('card over a seat');
              }
            };
            new MutationObserver(check).observe(document, {subtree: true, childList: true});
            setInterval(check, 100);"""
        )
        _sit(page, srv, table, None)
        page.wait_for_selector(".felt .seat-box")
        # every name whole, the dealer marker inside its box, no two boxes on top of each other
        layout = page.evaluate(
            """() => {
              const out = [];
              const boxes = [...document.querySelectorAll('.seat-box')];
              for (const b of boxes) {
                const n = b.querySelector('.seat-name');
                if (n.scrollWidth > n.clientWidth + 1) out.push('cut: ' + n.textContent);
                const chip = b.querySelector('.chip');
                if (chip) {
                  const c = chip.getBoundingClientRect(), r = b.getBoundingClientRect();
                  if (c.right > r.right + 1 || c.left < r.left - 1 || c.bottom > r.bottom + 1)
                    out.push('dealer outside');
                }
              }
              const felt = boxes.filter(b => !b.classList.contains('mine')).map(b => b.getBoundingClientRect());
              for (let i = 0; i < felt.length; i++) for (let j = i + 1; j < felt.length; j++) {
                const a = felt[i], c = felt[j];
                if (a.left < c.right && a.right > c.left && a.top < c.bottom && a.bottom > c.top)
                  out.push(`boxes ${i} ${j} overlap`);
              }
              return out;
            }"""
        )
        shot = Path(tempfile.gettempdir()) / "troef-seven-failed.png"  # outside the checkout, never committed
        if layout:
            page.screenshot(path=str(shot))
        assert not layout, f"{layout} (screenshot: {shot})"
        texts = " ".join(page.locator(".seat-box .seat-name").all_text_contents())
        assert "Wilhelmina van Oranje" in texts and "Computer 7" in texts  # the server's default name, in Dutch
        assert page.locator(".seat-box .chip").count() == 1
        # watch into the second hand: the last trick of the first is never drawn over the new centre
        me = Driver(srv, table, tokens, passer)
        page.wait_for_function("() => Number(document.querySelector('.table-page').dataset.hand) >= 2", timeout=30000)
        page.wait_for_timeout(2500)
        assert page.evaluate("window.__bad") == []
        won = page.evaluate("[...window.__won]")
        assert "1 slag" in won and not any(w.startswith("1 slagen") for w in won), won
        assert not errors, errors
    finally:
        if me is not None:
            me.close()
        context.close()


# ---------------------------------------------------------------------- bugs 7 and 8
def test_seat_links_for_the_creator_and_for_whoever_takes_an_open_seat_and_pasting_one(
    browser: Browser, srv: Server
) -> None:
    creator, page, errors = _page(browser, DESKTOP)
    try:
        page.goto(srv.base + "/")
        page.wait_for_selector("#create-form")
        page.select_option("#preset", "pagat")
        for i, choice in enumerate(["me", "open", "bot:random", "bot:random"]):
            page.select_option(f"#seat-{i}", choice)
        page.click("#create")
        page.wait_for_selector(".felt")
        table = page.url.rsplit("/", 1)[1]
        # the creator has a link to his own seat
        page.click("#show-invites")
        own = page.locator('input.invite-link[data-seat="0"]').input_value()
        assert own.startswith(f"{srv.base}/t/{table}#t=")
        page.click(".close-modal")

        # someone takes the open seat from the lobby, under their own name, and sees its link at once
        taker, page2, errors2 = _page(browser, PHONE, "nl")
        page2.goto(srv.base + "/")
        page2.fill("#my-name", "Anna")
        page2.click("#lists .claim >> nth=0")
        page2.wait_for_selector('input.invite-link[data-seat="1"]')
        link1 = page2.locator('input.invite-link[data-seat="1"]').input_value()
        page2.click(".close-modal")
        assert "Anna (jij)" in (page2.locator(".seat-box.mine .seat-name").text_content() or "")
        page.wait_for_selector('.seat-box[data-seat="1"] .seat-name:has-text("Anna")')

        # a new device: the links give the seats back
        fresh = browser.new_context(viewport=PHONE)
        fresh.add_init_script("localStorage.setItem('troef.lang', 'en')")
        page3 = fresh.new_page()
        _sit(page3, srv, table, None)  # first it only watches this table ...
        assert page3.locator(".seat-box.mine").count() == 1 and "watching" in (
            page3.locator("#prompt").text_content() or ""
        )
        page3.goto(own)  # ... then the creator's link is pasted into the same tab: only "#t=" changes
        page3.wait_for_selector('.seat-box.mine[data-seat="0"] .seat-name:has-text("(you)")')
        assert "#" not in page3.url
        page3.goto(link1)
        page3.wait_for_selector('.seat-box.mine[data-seat="1"] .seat-name:has-text("Anna")')
        assert not errors and not errors2, (errors, errors2)
        for ctx in (taker, fresh):
            ctx.close()
    finally:
        creator.close()


# ---------------------------------------------------------------------- bug 9
def test_while_disconnected_no_dot_is_green_and_a_click_says_it_was_not_sent(browser: Browser, tmp_path: Path) -> None:
    server = Server(f"sqlite:///{tmp_path / 'troef.db'}", bot_delay=0.0, log_dir=tmp_path)
    context, page, errors = _page(browser, DESKTOP)
    try:
        table, tokens = _table(
            server, "pagat", [{"kind": "human", "name": "me"}] + [{"kind": "bot", "level": "random"}] * 3, seed=3
        )
        _sit(page, server, table, tokens[0])
        _my_turn(page)
        assert page.locator(".seat-box .dot.on").count() == 4
        server.kill()
        page.wait_for_selector(".topbar .warning")
        assert page.locator(".seat-box .dot.on").count() == 0
        target = page.locator("#my-hand .card").first
        if page.locator(".action-panel [data-action]").count():
            target = page.locator(".action-panel [data-action]").first
        target.click()
        toast = page.wait_for_selector(".toast.error", timeout=3000)
        assert toast is not None and "not sent" in (toast.text_content() or "")
        assert not errors, errors
    finally:
        context.close()
        server.stop()


# ---------------------------------------------------------------------- bug 10
@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_texts_in_the_lobby(browser: Browser, srv: Server, size: ViewportSize) -> None:
    context, page, errors = _page(browser, size, "nl")
    try:
        page.goto(srv.base + "/")
        page.wait_for_selector("#create-form")
        assert page.locator("#seed").count() == 0  # the seed is for testers (/?seed)
        page.select_option("#preset", "pagat")
        page.select_option("#players", "7")
        page.select_option("#seat-1", "bot:club")
        page.click("details summary")
        page.wait_for_selector("#sw-undertrump")
        overflow = page.evaluate(
            """() => {
              const form = document.querySelector('#create-form').getBoundingClientRect();
              const out = [];
              for (const el of document.querySelectorAll('#create-form :is(select, input, button)')) {
                const r = el.getBoundingClientRect();
                if (r.right > form.right + 0.5 || r.left < form.left - 0.5) out.push(el.id);
              }
              const ctx = document.createElement('canvas').getContext('2d');
              for (const sel of document.querySelectorAll('.seat-row select')) {
                ctx.font = getComputedStyle(sel).font;
                const text = sel.options[sel.selectedIndex].text;
                if (ctx.measureText(text).width > sel.clientWidth - 20) out.push('cut: ' + text);
              }
              const refresh = document.querySelector('.refresh').getBoundingClientRect();
              const panel = document.querySelector('.refresh').closest('.panel').getBoundingClientRect();
              if (refresh.top < panel.top || refresh.right > panel.right || refresh.bottom > panel.bottom)
                out.push('refresh');
              return out;
            }"""
        )
        assert not overflow, overflow
        assert page.locator("#seat-1 option:checked").text_content() == "Computer (clubspeler)"
        assert page.locator('#seat-1 option[value="bot:heuristic"]').count() == 0  # the level, not the bot twice
        # switching the language keeps the variants open
        page.click('[data-lang="en"]')
        assert page.locator("#create-form details").get_attribute("open") is not None
        page.click('[data-lang="nl"]')
        # a server error in Dutch: the seat was taken meanwhile
        data = srv.create("pagat", players=2, seats=[{"kind": "human", "open": True}, {"kind": "bot"}])
        page.click(".refresh")
        button = page.locator("#lists .claim").first
        page.wait_for_selector("#lists .claim")
        for claim in page.locator("#lists .claim").all():
            if data["id"] in (claim.get_attribute("data-table") or ""):
                button = claim
        status, _ = srv.http("POST", f"/api/tables/{data['id']}/claim", {"seat": 0})
        assert status == 200
        button.click()
        toast = page.wait_for_selector(".toast.error")
        assert toast is not None and toast.text_content() == "Die plaats is niet (meer) vrij."
        page.goto(srv.base + "/t/nosuchtable")
        page.wait_for_selector(".error")
        assert page.locator(".error").text_content() == "Deze tafel bestaat niet."
        assert not errors, errors
    finally:
        context.close()


# ---------------------------------------------------------------------- done when
def _step(page: Page, bid: bool) -> bool:
    """One action through the UI if it is this page's turn (bid the lowest number or pass); whether it acted."""
    table = page.locator(".table-page")
    if not table.count() or table.get_attribute("data-turn") != "me" or table.get_attribute("data-pending") != "0":
        return False
    phase = table.get_attribute("data-phase")
    version = table.get_attribute("data-version")
    if phase == "bidding":
        if bid and page.locator("#bid-number-go").count():
            page.click("#bid-number-go")
        else:
            page.click('.action-panel [data-action="pass"]')
    elif phase == "play" and page.locator('.action-panel [data-action="stuk"]').count():
        page.click('.action-panel [data-action="stuk"]')
    elif phase in ("trump", "roem"):
        page.locator(".action-panel [data-action]").last.click()
        if page.locator("#confirm-go").count():
            page.click("#confirm-go")
    elif phase == "exchange":
        lay_away(page)
    else:
        page.locator("#my-hand .card.legal").first.click()
    page.wait_for_function(
        "v => document.querySelector('.table-page')?.dataset.version !== v || document.querySelector('#end-screen')",
        arg=version,
        timeout=15000,
    )
    return True


def test_a_whole_match_on_phones_by_two_people_and_a_bot_one_leaves_and_comes_back(
    browser: Browser, srv: Server
) -> None:
    host, page, errors = _page(browser, PHONE, "nl")
    guest, page2, errors2 = _page(browser, PHONE, "en")
    try:
        page.goto(srv.base + "/?seed")
        page.wait_for_selector("#create-form")
        page.select_option("#preset", "pagat")
        page.select_option("#players", "3")
        for i, choice in enumerate(["me", "invite", "bot:club"]):
            page.select_option(f"#seat-{i}", choice)
        page.fill("#seat-name-0", "Hanna")
        page.fill("#seat-name-1", "Gijs")
        page.select_option("#turn-timer-choice", "10")
        page.click("details summary")
        page.fill("#seed", "4")
        page.click("#create")
        page.wait_for_selector(".felt")
        page.click("#show-invites")
        link = page.locator('input.invite-link[data-seat="1"]').input_value()
        page.click(".close-modal")
        page2.goto(link)
        page2.wait_for_selector('.seat-box.mine[data-seat="1"]')

        table = page.url.rsplit("/", 1)[1]
        stage = "playing"  # -> "away" (the guest's phone is gone) -> "back" (the guest took the seat back)
        away_at = ""
        deadline = time.monotonic() + 420
        while not (page.locator("#end-screen").count() and (stage == "away" or page2.locator("#end-screen").count())):
            assert time.monotonic() < deadline, "the match did not end in time"
            acted = _step(page, bid=True)
            if stage == "playing" and page2.locator('.table-page[data-phase="play"][data-turn="me"]').count():
                # mid-hand, on their turn, the guest's phone goes away
                away_at = page2.locator(".table-page").get_attribute("data-version") or ""
                page2.close()
                stage = "away"
                continue
            if stage == "away":
                # the timer runs out: a computer player takes the seat, and the match goes on without the guest
                standin = page.locator('.seat-box[data-seat="1"] .bot-level').count()
                moved = page.locator(".table-page").get_attribute("data-version") != away_at
                if standin and moved:
                    assert not page.locator("#end-screen").count()
                    # the guest comes back on the same phone and takes the seat back
                    page2 = guest.new_page()
                    page2.on("pageerror", lambda e: errors2.append(str(e)))
                    page2.goto(f"{srv.base}/t/{table}")
                    page2.wait_for_selector("#standin-bar")
                    page2.click("#reclaim")
                    page2.wait_for_selector("#standin-bar", state="detached")
                    page.wait_for_selector('.seat-box[data-seat="1"] .bot-level', state="detached")
                    stage = "back"
                elif not acted:
                    page.wait_for_timeout(100)
                continue
            acted = _step(page2, bid=False) or acted
            if not acted:
                page.wait_for_timeout(50)
        assert stage == "back"
        for p in (page, page2):
            end = p.locator("#end-screen")
            assert end.locator("#buys-round").count() == 1
            assert end.locator("#rematch").count() == 1
        assert "rondje" in (page.locator("#buys-round").text_content() or "")
        assert not errors and not errors2, (errors, errors2)
    finally:
        host.close()
        guest.close()


# ---------------------------------------------------------------------- replays with open cards
def test_a_replay_shows_every_hand_captions_each_step_and_plays_by_itself(browser: Browser, srv: Server) -> None:
    from tests.server.test_absent import _finish

    data = srv.create("pagat", players=2, seats=[{"kind": "human", "name": f"p{i}"} for i in range(2)], seed=8)
    tokens = {inv["seat"]: inv["token"] for inv in data["invites"]}
    for client in _finish(srv, data["id"], tokens).values():
        client.close()
    context, page, errors = _page(browser, PHONE)
    try:
        page.goto(f"{srv.base}/r/{data['id']}")
        page.wait_for_selector("#replay-step")
        # drawn icons, not characters a font may lack
        for button in ("#replay-first", "#replay-prev", "#replay-play", "#replay-next", "#replay-last"):
            assert page.locator(f"{button} svg").count() == 1
        assert "\u23ee" not in (page.locator(".replay-controls").text_content() or "")
        # open cards: the other seat's hand is face up, as is the bottom one
        assert page.locator(".felt .replay-open .card").count() > 0
        assert page.locator(".me .hand .card").count() > 0
        assert "dealt" in (page.locator("#replay-caption").text_content() or "")
        page.keyboard.press("ArrowRight")
        page.wait_for_selector('.table-page[data-step="1"]')
        caption = page.locator("#replay-caption").text_content() or ""
        assert "p0" in caption or "p1" in caption, caption
        page.keyboard.press("ArrowLeft")
        page.wait_for_selector('.table-page[data-step="0"]')
        page.click("#replay-play")
        page.wait_for_selector('.table-page[data-step="2"]', timeout=5000)  # it plays by itself
        page.click("#replay-play")  # pause
        step = page.locator(".table-page").get_attribute("data-step")
        page.wait_for_timeout(1500)
        assert page.locator(".table-page").get_attribute("data-step") == step
        assert not errors, errors
    finally:
        context.close()


# ---------------------------------------------------------------------- settings, tab title, the lobby
def test_settings_are_kept_the_tab_title_tells_your_turn_and_the_lobby_refreshes(browser: Browser, srv: Server) -> None:
    context, page, errors = _page(browser, DESKTOP)
    try:
        page.goto(srv.base + "/")
        page.wait_for_selector("#lists")
        # a table made elsewhere shows up without a click
        made = srv.create("pagat", players=2, seats=[{"kind": "human", "open": True}, {"kind": "bot"}])
        page.wait_for_selector(f'#lists .claim[data-table="{made["id"]}"]', timeout=8000)

        table, tokens = _table(srv, "pagat", [{"kind": "human", "name": "me"}, {"kind": "bot", "level": "random"}], 2)
        _sit(page, srv, table, tokens[0])
        _my_turn(page)
        assert "Your turn" in page.title()
        page.click("#show-settings")
        page.select_option("#set-cards", "2")  # large cards
        page.select_option("#set-anim", "0")  # fast
        page.select_option("#set-sound", "1")  # off
        page.click(".close-modal")
        width = page.locator("#my-hand .card").first.bounding_box()
        page.reload()
        _my_turn(page)
        assert page.evaluate("getComputedStyle(document.documentElement).getPropertyValue('--card-scale')") == "1.2"
        assert page.evaluate("getComputedStyle(document.documentElement).getPropertyValue('--anim')") == "0.5"
        page.click("#show-settings")
        assert page.locator("#set-sound option:checked").text_content() == "off"
        page.click(".close-modal")
        again = page.locator("#my-hand .card").first.bounding_box()
        assert width is not None and again is not None and again["width"] == width["width"]
        page.click("#show-settings")
        page.select_option("#set-cards", "0")
        page.click(".close-modal")
        small = page.locator("#my-hand .card").first.bounding_box()
        assert small is not None and small["width"] < width["width"]
        assert not errors, errors
    finally:
        context.close()


def test_a_false_roem_bid_asks_first_and_a_cancel_sends_nothing(browser: Browser, srv: Server) -> None:
    table, tokens = _table(srv, "nk", [{"kind": "human", "name": f"p{i}"} for i in range(4)], 11)
    others = Driver(srv, table, {s: tok for s, tok in tokens.items() if s != 0}, passer)
    context, page, errors = _page(browser, PHONE, "nl")
    try:
        _sit(page, srv, table, tokens[0])
        _my_turn(page, "bidding")
        version = page.locator(".table-page").get_attribute("data-version")
        highest = page.locator("#bid-number option").last.get_attribute("value") or ""
        page.select_option("#bid-number", highest)
        page.click("#bid-number-go")
        page.wait_for_selector("#confirm")
        assert "valse roem" in (page.locator("#confirm").text_content() or "")
        page.click("#confirm-cancel")
        page.wait_for_timeout(300)
        assert page.locator("#confirm").count() == 0
        assert page.locator(".table-page").get_attribute("data-version") == version
        # a bid the cards can make goes out at once
        page.select_option("#bid-number", page.locator("#bid-number option").first.get_attribute("value") or "")
        page.click("#bid-number-go")
        page.wait_for_function(
            "v => document.querySelector('.table-page').dataset.version !== v", arg=version, timeout=10000
        )
        assert page.locator("#confirm").count() == 0
        assert not errors, errors
    finally:
        others.close()
        context.close()
