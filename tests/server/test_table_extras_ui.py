"""The table's chat, Bonaken's exchange marks, the score sheet's explanations and the guided first deal
(issue 37, part B), in headless Chromium against a real server on loopback."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, ViewportSize

from tests.server.conftest import Server
from tests.server.test_table_ui import Driver, _page, _sit, _table, passer
from troef.server.adapter import adapter

#: Slow: browser tests (Chromium drives a real server)
pytestmark = pytest.mark.slow

DESKTOP: ViewportSize = {"width": 1366, "height": 768}
PHONE: ViewportSize = {"width": 390, "height": 844}
#: Where screenshots go when TROEF_SHOTS names a folder (for looking at the pages, not for asserting).
SHOTS = os.environ.get("TROEF_SHOTS")


def _shot(page: Page, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=f"{SHOTS}/uiB_{name}.png", full_page=True)


@pytest.fixture(scope="module")
def srv(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder: Path = tmp_path_factory.mktemp("ui37b")
    server = Server(f"sqlite:///{folder / 'troef.db'}", bot_delay=0.0, log_dir=folder)
    yield server
    server.stop()


# ---------------------------------------------------------------------- 1. fixed-phrase chat
def test_a_phrase_said_in_dutch_is_read_in_english_and_a_bad_chat_message_harms_nothing(
    browser: Browser, srv: Server
) -> None:
    seats = [{"kind": "human", "name": "Anna"}, {"kind": "human", "name": "Bert"}]
    table, tokens = _table(srv, "pagat", seats, seed=11)
    nl_ctx, nl, nl_errors = _page(browser, DESKTOP, "nl")
    en_ctx, en, en_errors = _page(browser, PHONE, "en")
    raw = srv.client()
    try:
        _sit(nl, srv, table, tokens[0])
        _sit(en, srv, table, tokens[1])
        raw.join(table)  # a spectator's socket hears the phrase code itself
        nl.click("#chat-toggle")
        assert nl.locator('#chat-phrases [data-phrase="well_played"]').text_content() == "Goed gespeeld!"
        nl.click('#chat-phrases [data-phrase="well_played"]')
        en.wait_for_selector('#chat-lines li[data-phrase="well_played"]')
        assert en.locator("#chat-lines li").last.text_content() == "Anna: Well played!"
        nl.wait_for_selector('#chat-lines li.mine[data-phrase="well_played"]')
        assert "Goed gespeeld!" in (nl.locator("#chat-lines li").last.text_content() or "")
        said = raw.recv_until(lambda m: m["type"] == "chat")
        assert (said["seat"], said["phrase"]) == (0, "well_played")
        _shot(nl, "chat_desktop_nl")
        en.click("#chat-toggle")
        en.click('#chat-phrases [data-phrase="one_more"]')
        nl.wait_for_selector('#chat-lines li[data-phrase="one_more"]')
        assert nl.locator("#chat-lines li").last.text_content() == "Bert: Nog een potje?"
        _shot(en, "chat_phone_en")
        # a malformed chat message from the English page's own socket: an error, said in its language,
        # and the page goes on (it can still chat)
        en.evaluate(
            """([table, token]) => new Promise((done) => {
                 const ws = new WebSocket(`ws://${location.host}/ws`);
                 const say = (m) => ws.send(JSON.stringify({ v: 1, ...m }));
                 ws.onopen = () => say({ type: 'join', table, token });
                 ws.onmessage = (e) => {
                   const m = JSON.parse(e.data);
                   if (m.type === 'state') say({ type: 'chat', phrase: '<b>hi</b>', id: 3 });
                   if (m.type === 'error') { window.__chatError = m; say({ type: 'ping', id: 4 }); }
                   if (m.type === 'pong') { window.__pong = m.ref; ws.close(); done(); }
                 };
               })""",
            [table, tokens[1]],
        )
        assert en.evaluate("window.__chatError.code") == "bad_phrase"
        assert en.evaluate("window.__pong") == 4
        en.click("#chat-toggle")
        en.click('#chat-phrases [data-phrase="thanks"]')
        nl.wait_for_selector('#chat-lines li[data-phrase="thanks"]')
        assert nl.locator('#chat-lines li[data-phrase="<b>hi</b>"]').count() == 0
        # the spectator sees the lines but has nothing to say with
        watch_ctx, watch, watch_errors = _page(browser, DESKTOP, "de")
        try:
            _sit(watch, srv, table, None)
            en.click("#chat-toggle")
            en.click('#chat-phrases [data-phrase="bye"]')
            watch.wait_for_selector('#chat-lines li[data-phrase="bye"]')
            assert watch.locator("#chat-lines li").last.text_content() == "Bert: Tschüss!"
            assert watch.locator("#chat-toggle").count() == 0
            assert not watch_errors, watch_errors
        finally:
            watch_ctx.close()
        assert not nl_errors and not en_errors, (nl_errors, en_errors)
    finally:
        raw.close()
        nl_ctx.close()
        en_ctx.close()


# ---------------------------------------------------------------------- 2. Bonaken's exchange
def test_the_cards_taken_from_the_centre_are_marked_for_the_taker_only(browser: Browser, srv: Server) -> None:
    seats = [{"kind": "human", "name": f"p{i}"} for i in range(4)]
    table, tokens = _table(srv, "pagat", seats, seed=7)
    others = Driver(srv, table, {s: tok for s, tok in tokens.items() if s not in (0, 1)}, passer)
    context, page, errors = _page(browser, DESKTOP, "nl")
    peer_ctx, peer, peer_errors = _page(browser, PHONE, "en")
    try:
        _sit(page, srv, table, tokens[0])
        _sit(peer, srv, table, tokens[1])
        while True:  # seat 0 bids, seat 1 (the other browser) passes: seat 0 takes the centre
            page.wait_for_function(
                "() => ['me', 'other'].includes(document.querySelector('.table-page').dataset.turn)"
                " && document.querySelector('.table-page').dataset.pending === '0'"
            )
            phase = page.locator(".table-page").get_attribute("data-phase")
            if phase == "exchange" and page.locator(".table-page").get_attribute("data-turn") == "me":
                break
            if page.locator(".table-page").get_attribute("data-turn") == "me":
                version = page.locator(".table-page").get_attribute("data-version")
                page.click("#bid-number-go")
                page.wait_for_function(f"() => document.querySelector('.table-page').dataset.version !== '{version}'")
            elif peer.locator('.table-page[data-turn="me"][data-pending="0"]').count():
                version = peer.locator(".table-page").get_attribute("data-version")
                peer.click('[data-action="pass"]')
                peer.wait_for_function(f"() => document.querySelector('.table-page').dataset.version !== '{version}'")
            else:
                page.wait_for_timeout(100)
        state = srv.client()
        try:
            state.join(table, tokens[0])
            view = state.state["view"] if state.state else {}
        finally:
            state.close()
        taken = set(view["centre_open"]) | set(view["blind"])
        assert taken and view["phase"] == "exchange"
        marked = {c.get_attribute("data-card") for c in page.locator("#my-hand .card.from-centre").all()}
        assert marked == taken
        first = page.locator("#my-hand .card.from-centre").first
        assert (first.get_attribute("aria-label") or "").endswith(", uit het midden")
        assert first.locator(".card-note").text_content() == "midden"
        unmarked = page.locator("#my-hand .card:not(.from-centre)").first
        assert "midden" not in (unmarked.get_attribute("aria-label") or "")
        # the other seat sees no mark (and its view has no blind cards)
        assert peer.locator("#my-hand .card").count() > 0
        assert peer.locator(".from-centre, .card-note").count() == 0
        _shot(page, "exchange_desktop_nl")
        # once laid away the marks go
        for card in page.locator("#my-hand .card.legal").all()[: len(taken)]:
            card.click()
        page.click("#discard-go")
        page.wait_for_function("() => document.querySelector('.table-page').dataset.phase !== 'exchange'")
        assert page.locator(".from-centre").count() == 0
        assert not errors and not peer_errors, (errors, peer_errors)
    finally:
        others.close()
        context.close()
        peer_ctx.close()


# ---------------------------------------------------------------------- 3. the score sheet explains itself
def _played(name: str, config: dict[str, Any], seed: int, level: str = "random") -> dict[str, Any]:
    """The public score sheet (``match`` of a state) of a whole match played by computer players."""
    game = adapter(name)
    match = game.new_match(game.normalize_config(config), seed, 0)
    bots: dict[int, Any] = {}
    while not game.is_over(match):
        seat = game.to_act(match)
        bot = bots.setdefault(seat, game.make_bot(level, seed * 10 + seat))
        game.apply(match, game.bot_action(bot, game.view(match, seat)))
    sheet: dict[str, Any] = game.public(match)
    return sheet


def _sheet_until(name: str, config: dict[str, Any], found: Any, level: str = "random") -> dict[str, Any]:
    for seed in range(1, 300):
        sheet = _played(name, config, seed, level)
        if found(sheet["rows"]):
            return sheet
    raise AssertionError(f"no {name} match of the first 300 seeds has the rows wanted")


SHEET_JS = """async ([game, lang, match, table]) => {
  const i18n = await import('/static/i18n.js');
  i18n.setLang(lang, false);
  const mod = await import(`/static/${game}.js`);
  const seats = Array.from({ length: table }, (_, s) => ({ seat: s, name: `P${s}`, kind: 'bot' }));
  const box = document.createElement('div');
  box.id = `sheet-${game}-${lang}`;
  box.append(...[mod.sheet({ game: mod, view: { table }, match, seats, viewer: 0 })].flat(Infinity).filter(Boolean));
  document.body.append(box);
  const rows = [...box.querySelectorAll('tr.why')].map((r) => [Number(r.dataset.row), r.textContent]);
  i18n.setLang('en', false);
  return rows;
}"""


#: Per language: the words of a meld that counted nothing, and of an overbid.
BINOKEL_WORDS = (
    ("en", "counts nothing", "overbid"),
    ("nl", "telt niet", "overboden"),
    ("de", "z\u00e4hlt nichts", "\u00fcberreizt"),
)
#: Per language: the words of a contract made, and of one lost.
BONAKEN_WORDS = (
    ("en", "made it: a plus", "lost it: a minus"),
    ("nl", "haalde het: een plus", "ging eraf: een min"),
    ("de", "schaffte es: ein Plus", "verlor: ein Minus"),
)


def test_each_row_of_the_score_sheet_says_why_in_the_pages_language(browser: Browser, srv: Server) -> None:
    kj = _sheet_until(
        "klaverjas",
        {"preset": "kraken", "players": 4},
        lambda rows: (
            {"kraak", "rekraak", "superkraak"} <= {r["kraak"] for r in rows}
            and any(r["nat"] for r in rows)
            and any(r["pit"] >= 0 for r in rows)
            and any(r["trump"] == "s" and r["kraak"] != "none" for r in rows)
        ),
    )
    bk = _sheet_until(
        "binokel",
        {"players": 4},
        lambda rows: any(0 in r["tricks"] and not r["conceded"] for r in rows) and any(r["made"] for r in rows),
    )
    bo = _sheet_until(
        "bonaken",
        {"preset": "pagat", "players": 4},
        lambda rows: {"+", "-"} <= {m for r in rows for m in r["marks"].values()},
        "heuristic",
    )
    context, page, errors = _page(browser, DESKTOP)
    try:
        page.goto(f"{srv.base}/")
        page.wait_for_selector("#create-form")
        # klaverjas (Kraken 3.3): the factor and its reasons, made / nat / pit, crosses
        for lang, nat_word, pit_word in (("en", "nat", "pit"), ("nl", "nat", "pit"), ("de", "nat", "Pit")):
            why = dict(page.evaluate(SHEET_JS, ["klaverjas", lang, kj, 4]))
            assert set(why) == {r["deal"] for r in kj["rows"]}
            for r in kj["rows"]:
                text = why[r["deal"]]
                spades = 2 if r["trump"] == "s" else 1
                factor = {"none": 1, "kraak": 2, "rekraak": 4, "superkraak": 8}[r["kraak"]] * spades
                assert (f"\u00d7{factor}:" in text) == (factor > 1), (lang, r, text)
                if r["kraak"] != "none":
                    assert f"{r['kraak']} \u00d7{factor // spades}" in text.lower()
                if r["pit"] >= 0:
                    assert pit_word in text
                else:
                    assert (f"{nat_word}," in text) == r["nat"], (lang, r, text)
        en = dict(page.evaluate(SHEET_JS, ["klaverjas", "en", kj, 4]))
        made = next(r for r in kj["rows"] if not r["nat"] and r["pit"] < 0)
        assert (
            f"P{made['playing_side']} & P{made['playing_side'] + 2}" in en[made["deal"]] and "made" in en[made["deal"]]
        )
        # Binokel ("Punktewertung"): no trick points, no meld; overbid costs the bid
        for lang, nothing, overbid in BINOKEL_WORDS:
            why = dict(page.evaluate(SHEET_JS, ["binokel", lang, bk, 4]))
            for r in bk["rows"]:
                text = why[r["round"]]
                lost_meld = not r["conceded"] and any(r["tricks"][s] == 0 and r["meld"][s] > 0 for s in (0, 1))
                assert (nothing in text) == lost_meld, (lang, r, text)
                assert (overbid in text) == (not r["made"] and not r["conceded"]), (lang, r, text)
        # Bonaken: each declarer's contract, made or lost, and the mark
        for lang, won, lost in BONAKEN_WORDS:
            why = dict(page.evaluate(SHEET_JS, ["bonaken", lang, bo, 4]))
            for r in bo["rows"]:
                text = why[r["hand"]]
                for seat, mark in r["marks"].items():
                    assert f"P{seat}" in text and (won if mark == "+" else lost) in text, (lang, r, text)
        page.evaluate("document.querySelector('#app').remove()")
        _shot(page, "sheet_explained_desktop")
        assert not errors, errors
    finally:
        context.close()


# ---------------------------------------------------------------------- 4. the guided first deal
#: Per game: the page's language, the first words of the welcome, and of the step that says why cards are legal.
GUIDES = [
    ("bonaken", "nl", "Een oefenspel", ("Jij komt uit", "Er is", "Je hebt geen", "De verlichte")),
    ("klaverjas", "en", "A practice deal", ("You lead", "was led", "You have no", "The lit cards")),
    ("binokel", "de", "Ein \u00dcbungsspiel", ("Du spielst", "wurde ausgespielt", "Du hast kein", "Die leuchtenden")),
]


@pytest.mark.parametrize(("game", "lang", "welcome", "legal_words"), GUIDES, ids=[g[0] for g in GUIDES])
def test_learn_to_play_opens_a_guided_practice_deal_that_explains_one_step_at_a_time(
    browser: Browser, srv: Server, game: str, lang: str, welcome: str, legal_words: tuple[str, ...]
) -> None:
    context, page, errors = _page(browser, PHONE if game == "klaverjas" else DESKTOP, lang)
    seat = None
    try:
        page.goto(f"{srv.base}/")
        page.click(f'#learn .learn[data-game="{game}"]')
        page.wait_for_selector('#guide[data-step="welcome"]')
        assert (page.locator("#guide-text").text_content() or "").split(": ", 1)[1].startswith(welcome)
        assert page.locator("#practice").count() == 1  # a practice table, said so
        assert page.locator("#guide").count() == 1  # one explanation at a time
        table = page.url.rsplit("/", 1)[1]
        token = page.evaluate(f"localStorage.getItem('troef.seat.{table}')")
        info = srv.http("GET", f"/api/tables/{table}")[1]
        assert info["practice"] and [s["kind"] for s in info["seats"]].count("bot") == len(info["seats"]) - 1
        if game == "bonaken":
            _shot(page, "guide_welcome_desktop_nl")
        page.click("#guide-next")
        seat = srv.client()
        seat.join(table, token)
        seen = ["welcome"]
        legal_step = None
        for _ in range(200):
            step = page.locator("#guide").get_attribute("data-step") if page.locator("#guide").count() else None
            if step is not None and step not in seen:
                seen.append(step)
                text = page.locator("#guide-text").text_content() or ""
                if step.startswith("play-"):
                    legal_step = text
                    lit = [c.get_attribute("data-card") or "" for c in page.locator("#my-hand .card.legal").all()]
                    assert lit, text
                    if game == "klaverjas":
                        _shot(page, "guide_legal_phone_en")
                    break
                page.click("#guide-next")
                page.wait_for_function(
                    f"() => document.querySelector('#guide')?.dataset.step !== '{step}'", timeout=10000
                )
                continue
            state = seat.state
            if state and state["view"]["legal"] and page.locator('.table-page[data-turn="me"]').count():
                legal = state["view"]["legal"]
                seat.act("pass" if "pass" in legal else legal[0], expect=state["version"])
                seat.state = None
            with contextlib.suppress(TimeoutError):
                seat.recv(0.2)
        assert legal_step is not None, seen
        assert any(words in legal_step for words in legal_words), legal_step
        assert len(seen) >= 3, seen
        # stopping the guide takes it away for good at this table
        page.click("#guide-stop")
        page.wait_for_selector("#guide", state="detached")
        page.reload()
        page.wait_for_selector(".table-page")
        assert page.locator("#guide").count() == 0
        assert not errors, errors
    finally:
        if seat is not None:
            seat.close()
        context.close()
