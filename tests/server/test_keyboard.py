"""Play without a mouse (issue 37): a whole deal by keyboard alone, dialogs that keep the focus, a live region.

Debian's Chromium driven by Playwright against a real server on loopback. The player's
input is keyboard events only (``page.keyboard``); the test only reads the page to decide
which key to press, as a player reads the screen.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from tests.server.conftest import Server

pytestmark = pytest.mark.slow

BOTS3 = [{"kind": "bot", "level": "heuristic"}] * 3

#: Where the focus is: inside the action row, on a card of the hand, in a dialog, or elsewhere.
FOCUS = """() => { const a = document.activeElement;
  if (!a || a === document.body) return 'none';
  if (a.closest('.overlay')) return 'dialog';
  if (a.closest('#my-hand')) return 'card:' + a.dataset.card;
  if (a.closest('#action-panel')) return a.tagName === 'BUTTON' ? 'button:' + a.textContent : 'panel:' + a.tagName;
  return 'other:' + (a.id || a.tagName); }"""


@pytest.fixture(scope="module")
def srv(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder: Path = tmp_path_factory.mktemp("keys")
    server = Server(f"sqlite:///{folder / 'troef.db'}", bot_delay=0.0, log_dir=folder)
    yield server
    server.stop()


#: Every line the live region #announce is given, kept in window.said (the region itself keeps the last 20).
LISTEN = """window.said = [];
new MutationObserver((changes) => { for (const c of changes) for (const n of c.addedNodes) {
  if (n.nodeType === 1 && n.parentElement && n.parentElement.id === 'announce') window.said.push(n.textContent);
} }).observe(document.documentElement, { childList: true, subtree: true });"""


def _context(browser: Browser, lang: str, confirm: bool = False) -> tuple[BrowserContext, Page, list[str]]:
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    context.add_init_script(f"localStorage.setItem('troef.lang', '{lang}')")
    context.add_init_script(f"localStorage.setItem('troef.set.confirmPlay', '{str(confirm).lower()}')")
    context.add_init_script(f"document.addEventListener('DOMContentLoaded', () => {{ {LISTEN} }})")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    return context, page, errors


def _table(srv: Server, game: str, preset: str, **config: Any) -> tuple[str, str]:
    body = {
        "game": game,
        "config": {"preset": preset, "players": 4, **config},
        "seats": [{"kind": "human", "name": "Ruud"}, *BOTS3],
        "seed": 21,
    }
    status, data = srv.http("POST", "/api/tables", body)
    assert status == 200, data
    return str(data["id"]), str(data["invites"][0]["token"])


def _tab_to(page: Page, predicate: str) -> str:
    """Tab until the focused element passes ``predicate`` (a JS function of it), then press Enter."""
    for _ in range(80):
        if page.evaluate(f"() => ({predicate})(document.activeElement)"):
            where = str(page.evaluate(FOCUS))
            page.keyboard.press("Enter")
            return where
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {predicate}")


FIRST_BUTTON = "a => a.tagName === 'BUTTON' && !a.disabled && !!a.closest('#action-panel')"
CONFIRM = "a => a.matches('#give-go:enabled, #discard-go:enabled')"


def _card(page: Page, i: int) -> str:
    """Card i of the hand by its number (1-9, 0 for the tenth; the arrows from the ninth on), then Enter.

    With "confirm before playing" on, the first Enter picks the card: a second one plays it.
    """
    page.keyboard.press(str(i + 1) if i < 9 else "9")
    for _ in range(i - 8):
        page.keyboard.press("ArrowRight")
    where = str(page.evaluate(FOCUS))
    assert where.startswith("card:"), where
    page.keyboard.press("Enter")
    if page.locator("#my-hand .card.selected").count():
        assert page.evaluate(FOCUS) == where  # the pick keeps the focus on the card
        assert page.locator(".table-page").get_attribute("data-pending") == "0"  # nothing sent yet
        page.keyboard.press("Enter")
        return where + " (confirmed)"
    return where


TURN = """() => ({
  cards: [...document.querySelectorAll('#my-hand .card')]
           .map((c, i) => c.matches('.legal:not(.picked)') ? i : -1).filter(i => i >= 0),
  confirm: !!document.querySelector('#give-go:enabled, #discard-go:enabled'),
  picking: !!document.querySelector('#give-go, #discard-go'),
})"""

#: game, preset, config, cards in hand, the page's language, "confirm before playing" on
GAMES = [
    ("klaverjas", "kraken", {"match_end": "deals", "deals": 2}, 8, "nl", True),
    ("binokel", "cardgames", {}, 12, "de", False),
    ("bonaken", "pagat", {}, None, "en", False),
]

#: What the page says in each language: your turn, a trick taken, the hand's name, a suit word in a card's name,
#: and the court cards' letters that language does not write (after them a suit symbol, in the log).
SAYS = {
    "nl": (
        "Jij bent aan de beurt",
        "haalt de slag",
        "Jouw kaarten",
        ("harten", "ruiten", "klaveren", "schoppen"),
        "KQJ",
    ),
    "de": ("Du bist dran", "macht den Stich", "Deine Karten", ("Herz", "Karo", "Kreuz", "Pik"), "QJHV"),
    "en": ("Your turn", "takes the trick", "Your cards", ("hearts", "diamonds", "clubs", "spades"), "HVDB"),
}
#: A logged move in words, without its step (the log's first column).
EVENTS = """() => [...document.querySelectorAll('#log li')]
  .map((li) => li.textContent.slice(li.querySelector('.log-step').textContent.length + 1))"""


#: How the announcements name a card (cards.js cardSpoken): rank and suit words per language.
SPOKEN_RANKS = {
    "en": {"A": "ace", "K": "king", "Q": "queen", "J": "jack"},
    "nl": {"A": "aas", "H": "heer", "V": "vrouw", "B": "boer", "10": "tien", "9": "negen", "8": "acht", "7": "zeven"},
    "de": {
        "A": "Ass",
        "K": "K\u00f6nig",
        "D": "Dame",
        "B": "Bube",
        "10": "Zehn",
        "9": "Neun",
        "8": "Acht",
        "7": "Sieben",
    },
}
SPOKEN_SUITS = {
    "en": dict(zip("\u2665\u2666\u2663\u2660", ("hearts", "diamonds", "clubs", "spades"), strict=True)),
    "nl": dict(zip("\u2665\u2666\u2663\u2660", ("harten", "ruiten", "klaveren", "schoppen"), strict=True)),
    "de": dict(zip("\u2665\u2666\u2663\u2660", ("Herz", "Karo", "Kreuz", "Pik"), strict=True)),
}


def _spoken(line: str, lang: str) -> str:
    """A line of the move log as the live region says it: cards in words, no suit symbol beside a suit's name."""

    def card(m: re.Match[str]) -> str:
        rank = SPOKEN_RANKS[lang].get(m[1], m[1])
        suit = SPOKEN_SUITS[lang][m[2]]
        return f"{rank} of {suit}" if lang == "en" else f"{suit} {rank}"

    line = re.sub("(10|[2-9AKQJHVBD])([\u2665\u2666\u2663\u2660])'?", card, line)
    return re.sub("[\u2665\u2666\u2663\u2660] (?=\\w)", "", line)


@pytest.mark.parametrize(("game", "preset", "config", "cards", "lang", "confirm"), GAMES, ids=[g[0] for g in GAMES])
def test_a_whole_deal_by_keyboard_alone_with_every_move_announced(
    browser: Browser,
    srv: Server,
    game: str,
    preset: str,
    config: dict[str, Any],
    cards: int | None,
    lang: str,
    confirm: bool,
) -> None:
    """Every action of the first deal by keys: cards by number and Enter, picks confirmed and bids by Tab and Enter.

    The accessibility tree names each card of the hand in the page's language, and the live region says every
    move of the deal in it, the last trick's too (it arrives with the next deal's first state).
    """
    your_turn, taken, your_cards, suits, foreign = SAYS[lang]
    tid, token = _table(srv, game, preset, **config)
    context, page, errors = _context(browser, lang, confirm)
    try:
        page.goto(f"{srv.base}/t/{tid}#t={token}")
        page.wait_for_selector(".table-page")
        played = 0
        held = 0  # the cards in hand when the play began
        keys: list[str] = []
        logged: list[str] = []  # every move of the deal the log showed
        named = False
        while True:
            page.wait_for_selector('#end-screen, .table-page[data-turn="me"][data-pending="0"]', timeout=30000)
            table = page.locator(".table-page")
            if table.get_attribute("data-hand") != "1" or page.locator("#end-screen").count():
                break
            logged += [e for e in page.evaluate(EVENTS) if e not in logged]
            if not named:  # the hand in the accessibility tree: a group of buttons, each a card named in words
                tree = page.locator("#my-hand").aria_snapshot()
                names = re.findall(r'- button "([^"]+)"', tree)
                assert f'group "{your_cards}"' in tree, tree
                assert len(names) == page.locator("#my-hand .card").count() > 0, tree
                assert all(any(s in n for s in suits) for n in names), names
                named = True
            version = table.get_attribute("data-version")
            picks = page.locator("#my-hand .card.picked").count()
            turn = page.evaluate(TURN)
            if turn["confirm"]:
                keys.append(_tab_to(page, CONFIRM))
            elif turn["cards"]:
                if not turn["picking"]:
                    held = held or page.locator("#my-hand .card").count()
                keys.append(_card(page, turn["cards"][0]))
                if turn["picking"]:  # a pick redraws the hand only: no new state
                    page.wait_for_function(
                        "n => document.querySelectorAll('#my-hand .card.picked').length > n", arg=picks
                    )
                    continue
                played += 1
            else:
                keys.append(_tab_to(page, FIRST_BUTTON))
            page.wait_for_function(
                "v => { const e = document.querySelector('.table-page'); return !e || e.dataset.version !== v; }",
                arg=version,
                timeout=30000,
            )
        # every card of the hand was played by key
        assert played == held > 0, (played, held, keys)
        if cards is not None:
            assert held == cards
        if confirm:
            assert all(k.endswith("(confirmed)") for k in keys if k.startswith("card:")), keys
        # the live region told the deal in the page's language: each move the log showed, each turn, and who
        # took every trick (the last one's taker arrives with the next deal)
        said = page.evaluate("() => window.said.join(' | ')")
        assert your_turn in said
        # with the cards in words, as the hand names them ("jack of clubs", not "J\u2663")
        missing = [e for e in logged if _spoken(e, lang) not in said]
        assert not missing, (missing, said)
        assert said.count(taken) == held, said
        assert page.get_attribute("#announce", "aria-live") == "polite"
        # the log writes the court cards with the page's letters
        log = " ".join(logged)
        assert not re.search(f"(?<![0-9])[{foreign}][\u2665\u2666\u2663\u2660]", log), log
        assert not errors, errors
    finally:
        context.close()


def test_the_table_by_keyboard_dialogs_keep_the_focus_and_the_cards_have_names(browser: Browser, srv: Server) -> None:
    tid, token = _table(srv, "bonaken", "pagat")
    context, page, errors = _context(browser, "en")
    try:
        page.goto(f"{srv.base}/t/{tid}#t={token}")
        page.wait_for_selector('.table-page[data-turn="me"][data-pending="0"]')
        # the hand in the accessibility tree: a group of buttons named in words, not symbols
        tree = page.locator("#my-hand").aria_snapshot()
        assert 'group "Your cards"' in tree
        assert " of " in tree and "\u2665" not in tree and "\u2660" not in tree
        # the whole table: whose turn, the trick's place, the buttons, all named
        table = page.locator(".table-page").aria_snapshot()
        for part in (
            'group "On the table"',
            "Your turn",
            'button "Score sheet"',
            'button "Last trick"',
            'button "Rules"',
        ):
            assert part in table, part
        # digits and arrows move along the hand
        page.keyboard.press("2")
        second = page.evaluate(FOCUS)
        page.keyboard.press("ArrowLeft")
        first = page.evaluate(FOCUS)
        page.keyboard.press("ArrowRight")
        assert page.evaluate(FOCUS) == second != first
        # a dialog opened by keyboard takes the focus, keeps it under Tab, and gives it back on Esc
        for _ in range(80):
            if page.evaluate("() => document.activeElement.id") == "show-rules":
                break
            page.keyboard.press("Tab")
        page.keyboard.press("Enter")
        page.wait_for_selector(".overlay .modal")
        for _ in range(12):
            assert page.evaluate(FOCUS) == "dialog"
            page.keyboard.press("Tab")
        page.keyboard.press("Shift+Tab")
        assert page.evaluate(FOCUS) == "dialog"
        page.keyboard.press("Escape")
        page.wait_for_selector(".overlay", state="detached")
        assert page.evaluate("() => document.activeElement.id") == "show-rules"
        assert not errors, errors
    finally:
        context.close()
