"""The table in the player's own language, in Debian's headless Chromium against a real server.

The page's language is the player's choice, else the browser's, never the game's; the Kraken score
sheet strikes out only the rejected roem from the hand; the words of the result banner, the tournament
page, the lobby and its form; the guided first deal speaking to the side that is asked and explaining the
deal's end; a screen reader told which cards may not be played, how many cards a hidden hand holds and the
cards of the announcements in words; keys for the hint, the score sheet and a "?" listing them; the hand
on the screen with the guide and a hint open, trick cards off the seat boxes, the analysis dialog whole;
practice tables leaving the lobby when left, and a running table's replay listing every deal over.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize

from tests.server.conftest import Client, Server
from troef.games.klaverjas.actions import parse_action
from troef.games.klaverjas.match import Match
from troef.games.klaverjas.rules import preset

pytestmark = pytest.mark.slow

DESKTOP: ViewportSize = {"width": 1366, "height": 768}
PHONE: ViewportSize = {"width": 390, "height": 844}
ONE_PERSON = [{"kind": "human", "name": "Ans"}] + [
    {"kind": "bot", "level": "random", "name": f"bot {i}"} for i in range(1, 4)
]


@pytest.fixture(scope="module")
def srv(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder: Path = tmp_path_factory.mktemp("table-words")
    server = Server(f"sqlite:///{folder / 'troef.db'}", bot_delay=0.0, log_dir=folder)
    yield server
    server.stop()


def _context(
    browser: Browser, size: ViewportSize = DESKTOP, locale: str = "en-US", lang: str | None = None
) -> tuple[BrowserContext, Page, list[str]]:
    context = browser.new_context(viewport=size, locale=locale)
    if lang is not None:
        context.add_init_script(f"localStorage.setItem('troef.lang', '{lang}')")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    return context, page, errors


def _learn(page: Page, srv: Server, game: str) -> str:
    """The lobby's "Learn to play" of ``game``; returns the practice table's id."""
    page.goto(f"{srv.base}/")
    page.click(f'#learn .learn[data-game="{game}"]')
    page.wait_for_selector(".felt")
    return str(page.url).rsplit("/", 1)[1]


def _table(srv: Server, game: str = "klaverjas", config: dict[str, Any] | None = None) -> tuple[str, str]:
    body = {"game": game, "config": config or {"preset": "amsterdam"}, "seats": ONE_PERSON}
    status, data = srv.http("POST", "/api/tables", body)
    assert status == 200, data
    return data["id"], data["invites"][0]["token"]


def _latest(c: Client) -> dict[str, Any]:
    """The newest state the server has sent (every message already there is read)."""
    state = c.state if c.state is not None else c.recv_until(lambda m: m["type"] == "state")
    while True:
        try:
            c.recv(0.05)
        except TimeoutError:
            return c.state or state


def _step(c: Client) -> dict[str, Any]:
    """The person's next move (the first legal one) once it is their turn; returns the state it was made in."""
    state = _latest(c)
    while not state["view"]["legal"]:
        c.wait_version(state["version"] + 1, timeout=60)
        state = _latest(c)
    c.act(state["view"]["legal"][0], expect=state["version"])
    c.wait_version(state["version"] + 1, timeout=60)
    return state


def _play_until_hand(c: Client, hand: int) -> None:
    while _latest(c)["hand"] < hand:
        _step(c)


def _at_version(page: Page, version: int) -> None:
    page.wait_for_function(
        "v => Number(document.querySelector('.table-page')?.dataset.version) >= v", arg=version, timeout=30000
    )


# ---------------------------------------------------------------------- 1. the page's language
@pytest.mark.parametrize(
    ("game", "locale", "lang", "sheet"),
    [
        ("bonaken", "en-US", "en", "Score sheet"),
        ("binokel", "en-US", "en", "Score sheet"),
        ("klaverjas", "de-DE", "de", "Spielliste"),
    ],
)
def test_a_table_speaks_the_browsers_language_not_its_games(
    browser: Browser, srv: Server, game: str, locale: str, lang: str, sheet: str
) -> None:
    """en-US "Learn Bonaken" was all Dutch, en-US Binokel German, de-DE klaverjassen Dutch."""
    context, page, errors = _context(browser, locale=locale)
    try:
        _learn(page, srv, game)
        page.wait_for_selector(".tag.phase")
        page.wait_for_selector(f"html[lang='{lang}']", state="attached")
        assert page.locator("html").get_attribute("lang") == lang
        assert page.locator("#show-sheet").text_content() == sheet
        assert not errors, errors
    finally:
        context.close()


def test_the_players_choice_wins_over_the_browsers_language(browser: Browser, srv: Server) -> None:
    context, page, errors = _context(browser, locale="de-DE", lang="nl")
    try:
        _learn(page, srv, "binokel")
        page.wait_for_selector("#show-sheet")
        assert page.locator("html").get_attribute("lang") == "nl"
        assert page.locator("#show-sheet").text_content() == "Scoreformulier"
        assert not errors, errors
    finally:
        context.close()


# ---------------------------------------------------------------------- 2. the Kraken sheet
def _rejected_row() -> dict[str, Any]:
    """A real Kraken deal's sheet row in which side 0's roem from the hand was rejected while other roem
    of side 0 (from a trick) counts: seeds are tried until the engine deals and plays one."""
    for seed in range(200):
        m = Match(preset("kraken"), seed)
        rng = random.Random(seed)
        while not m.sheet.rows:
            legal = [a.text() for a in m.legal_actions()]
            roem = [a for a in legal if a.startswith("roem ")]
            if roem:
                pick = max(roem, key=lambda a: int(a.split()[1]))
            else:
                pick = "no" if "no" in legal else rng.choice(legal)
            m.apply(parse_action(pick))
        row = m.sheet.rows[0].to_json()
        if row["hand_roem_cancelled"][0] and row["roem"][0] and not row["hand_roem_cancelled"][1]:
            return row
    raise AssertionError("no such deal in 200 seeds")


def test_the_kraken_sheet_strikes_out_only_the_rejected_hand_roem(browser: Browser, srv: Server) -> None:
    row = _rejected_row()
    counted = row["roem"][0]
    context, page, errors = _context(browser, lang="en")
    try:
        page.goto(f"{srv.base}/")
        page.wait_for_selector("#create-form")
        seen = page.evaluate(
            """async (row) => {
                const kj = await import("/static/klaverjas.js");
                const seats = [0, 1, 2, 3].map((s) => ({ seat: s, name: `p${s}`, kind: "human" }));
                const match = { scoring: "kraken", rows: [row], points: row.points, crosses: row.crosses,
                                owed: row.owed };
                const box = document.createElement("div");
                box.append(...kj.sheet({ seats, viewer: 0, match }).flat());
                document.body.append(box);
                const cell = box.querySelectorAll("tbody tr:first-child td")[5];
                const struck = [...cell.querySelectorAll("*")]
                    .filter((n) => getComputedStyle(n).textDecorationLine.includes("line-through"));
                const view = { result: row, declared: [40, 0, 0, 0] };
                const banner = document.createElement("div");
                banner.append(...kj.handResult({ seats, viewer: 0 }, 1, view));
                return {
                    cellStruck: getComputedStyle(cell).textDecorationLine,
                    first: cell.firstChild.textContent,
                    struck: struck.map((n) => n.textContent),
                    banner: banner.textContent,
                };
            }""",
            row,
        )
        # what counts is plain; the rejected roem from the hand is said apart, struck out
        assert "line-through" not in seen["cellStruck"], seen
        assert seen["first"] == str(counted), seen
        assert seen["struck"] == ["roem from the hand rejected"], seen
        # the English banner says it in English, with the amount declared
        assert "afgekeurd" not in seen["banner"] and "roem from the hand (40) rejected" in seen["banner"], seen
        assert not errors, errors
    finally:
        context.close()


# ---------------------------------------------------------------------- 3. words
def test_the_tournament_page_says_server_errors_and_levels_in_its_language(browser: Browser, srv: Server) -> None:
    status, made = srv.http("POST", "/api/tournaments", {"name": "Clubavond", "rounds": 2, "games_per_round": 1})
    assert status == 200, made
    context, page, errors = _context(browser, locale="nl-NL", lang="nl")
    try:
        page.goto(srv.base + made["organiser"])
        page.wait_for_selector("#t-names")
        page.fill("#t-names", "Jan\nPiet\nKees\nAnne")
        page.click("#t-add")
        page.wait_for_selector(".t-message:not(.error):has-text('Opgeslagen')")
        page.fill("#t-names", "Jan")
        page.click("#t-add")
        message = page.locator(".t-message.error")
        message.wait_for()
        text = message.text_content() or ""
        assert text.startswith("Die naam is al ingeschreven"), text
        assert "registered" not in text
        page.click("#t-draw")
        page.wait_for_selector("text=Computerniveau")
        levels = page.locator("label:has-text('Computerniveau') option").all_text_contents()
        assert levels == ["clubspeler", "willekeurig", "sterk"], levels
        assert not errors, errors
    finally:
        context.close()


@pytest.mark.parametrize(
    ("locale", "lang", "words"), [("en-US", "en", "Back to my seat"), ("de-DE", "de", "Zurück zu meinem Platz")]
)
def test_the_lobby_names_the_way_back_to_ones_own_running_table(
    browser: Browser, srv: Server, locale: str, lang: str, words: str
) -> None:
    context, page, errors = _context(browser, locale=locale)
    try:
        table = _learn(page, srv, "bonaken")
        page.goto(f"{srv.base}/")
        link = page.locator(f'#lists .table-row a[href="/t/{table}"]').first
        keep = context.new_page()  # the table stays open in another tab: a practice table is listed while played
        keep.goto(f"{srv.base}/t/{table}")
        keep.wait_for_selector(".felt")
        page.reload()
        link.wait_for()
        assert [a.text_content() for a in page.locator(f'a[href="/t/{table}"]').all()].count(words) >= 1
        assert not errors, errors
    finally:
        context.close()


def test_the_new_table_form_fits_a_phone_in_german(browser: Browser, srv: Server) -> None:
    context, page, errors = _context(browser, size=PHONE, locale="de-DE")
    try:
        page.goto(f"{srv.base}/")
        page.wait_for_selector("#create-form")
        page.select_option("#game", "klaverjas")
        page.click("#create-form details summary")
        form = page.locator("#create-form").bounding_box()
        assert form is not None
        for select in page.locator("#create-form select").all():
            box = select.bounding_box()
            assert box is not None and box["x"] + box["width"] <= form["x"] + form["width"] + 0.5, select.get_attribute(
                "id"
            )
        options = page.locator("#create-form option").all_text_contents()
        assert not [o for o in options if o.startswith(("val_", "sw_", "level_"))], options
        # a name field says how long a name may be
        assert page.locator("#my-name").get_attribute("title") == "H\u00f6chstens 24 Zeichen"
        assert not errors, errors
    finally:
        context.close()


# ---------------------------------------------------------------------- 4. the guide
def _guide(
    page: Page, game: str, view: dict[str, Any], hand: int = 1, done: tuple[str, ...] = ("welcome",)
) -> dict[str, str]:
    """The guide's step for a seat whose turn it is in ``view`` (the page's own guide.js)."""
    result: dict[str, str] = page.evaluate(
        """async ([game, view, hand, done]) => {
            sessionStorage.setItem("troef.guide.t", JSON.stringify(done));
            const { guidePanel } = await import("/static/guide.js");
            const node = guidePanel({ id: "t", game, view, hand, seat: 0, seats: [], myTurn: true, redraw: () => {} });
            if (!node) return { step: "", text: "" };
            return { step: node.dataset.step, text: node.querySelector("#guide-text").textContent };
        }""",
        [game, view, hand, list(done)],
    )
    return result


KJ_VIEW = {
    "phase": "kraak",
    "kraak": "kraak",
    "declarer": 0,
    "trick": [],
    "tricks": [],
    "hand": [],
    "seats": [0, 1, 2, 3],
}


def test_the_guide_speaks_to_the_side_that_is_asked_and_explains_the_deals_end(browser: Browser, srv: Server) -> None:
    context, page, errors = _context(browser, lang="en")
    try:
        page.goto(f"{srv.base}/")
        page.wait_for_selector("#create-form")
        # the kraaked side answers: rekraak or no, not what a kraaker should do
        kraaked = _guide(page, "klaverjas", {**KJ_VIEW, "legal": ["rekraak", "no"]})
        assert kraaked["step"] == "kraak-rekraak" and "Your side was kraaked" in kraaked["text"], kraaked
        asked = _guide(page, "klaverjas", {**KJ_VIEW, "kraak": "none", "legal": ["kraak", "no"]})
        assert "say it if you think the players will go nat" in asked["text"], asked
        again = _guide(page, "klaverjas", {**KJ_VIEW, "kraak": "rekraak", "legal": ["superkraak", "no"]})
        assert "superkraak" in again["text"] and again["step"] == "kraak-superkraak", again
        # verplicht: the first player cannot pass, and is not told to
        must = _guide(
            page,
            "klaverjas",
            {**KJ_VIEW, "phase": "choose", "kraak": "none", "legal": ["trump h", "trump d", "trump c", "trump s"]},
        )
        assert "passing is not possible" in must["text"] and "or pass" not in must["text"], must
        free = _guide(page, "klaverjas", {**KJ_VIEW, "phase": "choose", "kraak": "none", "legal": ["trump h", "pass"]})
        assert free["text"].startswith("Guide: Choose trump or pass"), free
        # the next deal has started: the first deal's end is explained, then the guide says goodbye and is silent
        later = {**KJ_VIEW, "phase": "choose", "kraak": "none", "legal": ["trump h", "pass"]}
        assert _guide(page, "klaverjas", later, hand=2)["step"] == "done"
        assert _guide(page, "klaverjas", later, hand=2, done=("welcome", "done"))["step"] == "end"
        assert _guide(page, "klaverjas", later, hand=2, done=("welcome", "done", "end"))["step"] == ""
        assert not errors, errors
    finally:
        context.close()


def test_learn_bonaken_plays_the_lobbys_rules(browser: Browser, srv: Server) -> None:
    context, page, errors = _context(browser, lang="en")
    try:
        page.goto(f"{srv.base}/")
        page.wait_for_selector("#preset")
        default = page.locator("#preset").input_value()
        table = _learn(page, srv, "bonaken")
        info = srv.http("GET", f"/api/tables/{table}")[1]
        assert info["config"]["preset"] == default == "nk", (info["config"], default)
        assert not errors, errors
    finally:
        context.close()


def test_a_bid_hint_below_a_surer_bid_says_why(browser: Browser, srv: Server) -> None:
    context, page, errors = _context(browser, lang="nl")
    try:
        page.goto(f"{srv.base}/")
        page.wait_for_selector("#create-form")
        said = page.evaluate(
            """async () => {
                const bo = await import("/static/bonaken.js");
                const values = [{ action: "bid 35", value: 0.9 }, { action: "bid 75", value: 1 },
                                { action: "pass", value: null }];
                const other = bo.hintValues(values, "bid 75").querySelector("#hint-why") ? "why" : "";
                return bo.hintValues(values, "bid 35").textContent + "|" + other;
            }"""
        )
        assert "Waarom maar 35" in said and said.endswith("|"), said
        assert not errors, errors
    finally:
        context.close()


# ---------------------------------------------------------------------- 5. screen reader and keys
def test_a_screen_reader_hears_unplayable_cards_hidden_hands_and_cards_in_words(browser: Browser, srv: Server) -> None:
    tid, token = _table(srv)
    context, page, errors = _context(browser, lang="en")
    c = srv.client()
    try:
        page.goto(f"{srv.base}/t/{tid}#t={token}")
        page.wait_for_selector(".felt")
        c.join(tid, token)
        # each opponent's hidden hand is one picture of "8 cards" (or fewer), its backs not read out one by one
        backs = page.locator(".felt .seat-box .backs").first
        said = backs.get_attribute("aria-label") or ""
        assert re.fullmatch("[1-8] cards", said) and int(said[0]) == backs.locator(".card").count(), said
        assert backs.locator(".card").evaluate_all("cs => cs.every((c) => c.getAttribute('aria-hidden') === 'true')")
        # play on (the first legal move) until this seat must follow and some of its cards may not go
        for _ in range(200):
            state = _latest(c)
            v = state["view"]
            plays = [a for a in v["legal"] if a.startswith("play ")]
            if plays and len(plays) < len(v["hand"]):
                break
            _step(c)
        else:
            raise AssertionError("never a card that may not be played")
        _at_version(page, state["version"])
        illegal = page.locator("#my-hand .card.illegal")
        assert illegal.count() == len(v["hand"]) - len(plays)
        for card in illegal.all():
            assert (card.get_attribute("aria-label") or "").endswith(", not playable")
        for card in page.locator("#my-hand .card.legal").all():
            assert "not playable" not in (card.get_attribute("aria-label") or "")
        # the announcements name cards as the hand does: "7 of diamonds", not "7♦"
        said = page.locator("#announce").text_content() or ""
        assert re.search(r"plays \w+ of (hearts|diamonds|clubs|spades)", said), said
        assert not re.search("[\u2665\u2666\u2663\u2660]", said), said
        assert not errors, errors
    finally:
        c.close()
        context.close()


def test_keys_open_the_hint_the_score_sheet_and_their_list(browser: Browser, srv: Server) -> None:
    tid, token = _table(srv)
    context, page, errors = _context(browser, lang="en")
    try:
        page.goto(f"{srv.base}/t/{tid}#t={token}")
        page.wait_for_selector('.table-page[data-turn="me"]')
        page.keyboard.press("?")
        page.wait_for_selector("#keys-dialog #keys-list")
        listed = page.locator("#keys-list dt").all_text_contents()
        assert {"H", "S", "L", "?", "Esc", "Enter"} <= set(listed), listed
        page.keyboard.press("Escape")
        page.wait_for_selector("#keys-dialog", state="detached")
        page.keyboard.press("s")
        page.wait_for_selector(".overlay #sheet")
        page.keyboard.press("Escape")
        page.wait_for_selector(".overlay", state="detached")
        page.keyboard.press("l")
        page.wait_for_selector(".overlay [aria-label='Last trick']")
        page.keyboard.press("Escape")
        page.keyboard.press("h")
        page.wait_for_selector("#hint-text", timeout=30000)
        assert page.locator("#show-keys").get_attribute("aria-keyshortcuts") == "?"
        assert not errors, errors
    finally:
        context.close()


# ---------------------------------------------------------------------- 6. layout
def test_the_hand_stays_on_a_laptop_screen_with_the_guide_and_a_hint(browser: Browser, srv: Server) -> None:
    context, page, errors = _context(browser, size=DESKTOP, locale="nl-NL")
    try:
        _learn(page, srv, "klaverjas")
        page.wait_for_selector('.table-page[data-turn="me"]')
        assert page.locator("#guide").count() == 1
        page.click("#hint")
        page.wait_for_selector("#hint-text #hint-values", timeout=30000)
        page.wait_for_timeout(100)  # one frame: fitTable has run after the render
        bottoms = page.locator("#my-hand .card").evaluate_all("cs => cs.map((c) => c.getBoundingClientRect().bottom)")
        assert bottoms and max(bottoms) <= DESKTOP["height"], bottoms
        assert not errors, errors
    finally:
        context.close()


#: Every card of the hand, and how many lie outside the window (the page as it opens: not scrolled).
HAND_IN_SIGHT = """() => {
    const cards = [...document.querySelectorAll('#my-hand .card')].map((c) => c.getBoundingClientRect());
    const [w, h] = [window.innerWidth, window.innerHeight];
    const off = cards.filter((r) => r.top < 0 || r.left < 0 || r.bottom > h || r.right > w);
    return { cards: cards.length, off: off.length, scrolled: window.scrollY };
}"""


@pytest.mark.parametrize(
    ("game", "locale", "buttons"),
    [
        ("klaverjas", "de-DE", "#action-panel .suit-button"),
        ("bonaken", "nl-NL", "#action-panel button"),
        ("binokel", "en-US", "#action-panel button"),
    ],
)
def test_the_hand_stays_on_a_phone_with_the_guide_a_hint_and_the_buttons(
    browser: Browser, srv: Server, game: str, locale: str, buttons: str
) -> None:
    """390x844: the guide, a hint and the first decision's buttons (Kraken: the four trump suits) all open."""
    context, page, errors = _context(browser, size=PHONE, locale=locale)
    try:
        _learn(page, srv, game)
        page.wait_for_selector('.table-page[data-turn="me"]')
        assert page.locator("#guide").count() == 1
        if game == "klaverjas":
            assert page.locator(buttons).count() == 4  # Kraken's first player names trump
        page.click("#hint")
        page.wait_for_selector("#hint-text #hint-values", timeout=30000)
        page.wait_for_timeout(100)  # one frame: fitTable has run after the render
        assert page.locator(buttons).count() >= 2 and page.locator("#guide").count() == 1
        seen = page.evaluate(HAND_IN_SIGHT)
        assert seen["cards"] >= 6 and seen["off"] == 0 and seen["scrolled"] == 0, seen
        assert not errors, errors
    finally:
        context.close()


OVERLAPS = """() => {
    const felt = document.querySelector('.table-page > .felt');
    const boxes = [...felt.querySelectorAll(':scope > .seat-box, :scope > .seat-box .beside')]
        .map((b) => b.getBoundingClientRect());
    const out = [];
    for (const card of felt.querySelectorAll('.trick .card.in-trick:not(.sweep)')) {
        card.getAnimations().forEach((a) => a.finish());
        const r = card.getBoundingClientRect();
        for (const b of boxes) {
            const hit = r.left < b.right && r.right > b.left && r.top < b.bottom && r.bottom > b.top;
            if (hit) out.push(card.dataset.card);
        }
    }
    return out;
}"""


@pytest.mark.parametrize(
    ("game", "size"), [("klaverjas", PHONE), ("binokel", PHONE), ("klaverjas", DESKTOP), ("binokel", DESKTOP)]
)
def test_trick_cards_never_cover_a_seats_box(browser: Browser, srv: Server, game: str, size: ViewportSize) -> None:
    # Kraken: the seat boxes carry the most (partner and player chips, kraak bubbles, tricks won)
    config = {"preset": "kraken"} if game == "klaverjas" else {"preset": "cardgames"}
    tid, token = _table(srv, game, config)
    context, page, errors = _context(browser, size=size, lang="en")
    c = srv.client()
    try:
        page.goto(f"{srv.base}/t/{tid}#t={token}")
        page.wait_for_selector(".felt")
        c.join(tid, token)
        seen = 0
        for _ in range(200):
            state = _latest(c)
            if state["hand"] >= 2:
                break
            if state["view"]["legal"] and state["view"]["trick"]:
                _at_version(page, state["version"])
                assert page.evaluate(OVERLAPS) == [], state["view"]["trick"]
                seen += len(state["view"]["trick"])
            _step(c)
        assert seen >= 4, seen  # trick cards checked on this seat's turns
        assert not errors, errors
    finally:
        c.close()
        context.close()


def test_the_analysis_dialog_shows_every_seat_and_the_moves(browser: Browser, srv: Server) -> None:
    tid, token = _table(srv)
    context, page, errors = _context(browser, size=DESKTOP, lang="en")
    c = srv.client()
    try:
        page.goto(f"{srv.base}/t/{tid}#t={token}")
        page.wait_for_selector(".table-page")
        c.join(tid, token)
        _play_until_hand(c, 2)
        page.click("#hand-result #hand-analyse", timeout=8000)
        page.wait_for_selector("#analysis-dialog .felt .seat-box")
        # the whole analysis (the dialog fills in as decisions are judged; the move list comes with the whole)
        page.wait_for_selector("#analysis-dialog .an-list", timeout=60_000)
        page.wait_for_selector("#analysis-dialog .log-box", state="visible", timeout=60_000)
        cut = page.evaluate(
            """() => {
                const felt = document.querySelector('#analysis-dialog .felt').getBoundingClientRect();
                const boxes = [...document.querySelectorAll('#analysis-dialog .felt > .seat-box')];
                return boxes.map((b) => b.getBoundingClientRect()).filter((r) =>
                    r.left < felt.left || r.right > felt.right || r.top < felt.top || r.bottom > felt.bottom).length;
            }"""
        )
        assert cut == 0
        log = page.locator("#analysis-dialog .log-box").bounding_box()
        assert log is not None and log["height"] > 20, log
        assert not errors, errors
    finally:
        c.close()
        context.close()


# ---------------------------------------------------------------------- 7. the lobby
def test_a_left_practice_table_leaves_the_lobby(browser: Browser, srv: Server) -> None:
    player, page, errors = _context(browser, lang="en")
    other, lobby, errors2 = _context(browser, lang="en")
    try:
        table = _learn(page, srv, "klaverjas")
        lobby.goto(f"{srv.base}/")
        lobby.wait_for_selector(f'#lists a[href="/t/{table}"]')  # listed while its player is at it
        page.goto(f"{srv.base}/")  # the player leaves
        lobby.wait_for_selector(f'#lists a[href="/t/{table}"]', state="detached", timeout=20000)
        # its player finds it under "my tables" still
        page.wait_for_selector(f'#my-tables a[href="/t/{table}"]')
        assert not errors and not errors2, errors + errors2
    finally:
        player.close()
        other.close()


def test_the_replay_of_a_running_table_lists_every_deal_over(browser: Browser, srv: Server) -> None:
    tid, token = _table(srv)
    c = srv.client()
    context, page, errors = _context(browser, lang="en")
    try:
        c.join(tid, token)
        _play_until_hand(c, 3)
        page.goto(f"{srv.base}/r/{tid}")
        page.wait_for_selector("#replay-hand")
        assert page.locator("#replay-hand option").all_text_contents() == ["Deal 1", "Deal 2"]
        assert not errors, errors
    finally:
        c.close()
        context.close()
