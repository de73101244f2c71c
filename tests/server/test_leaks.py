"""No client ever receives a card it may not know.

Random matches run through the real server, with several clients (two on one
seat), a spectator and random computer players. Every frame each client
receives is kept. When a match is over its full record is downloaded and
replayed here, and for every version of the match the cards each viewer may
know are worked out from the deal and the actions, independently of the
server's projection: a seat knows its own dealt cards, the open centre cards,
the centre it picked up, the cards passed to it in a misère chain, and every
card played; a spectator knows the open centre and the played cards. Every
card named anywhere in a frame must be in that set.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import orjson
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosedOK

from tests.server.conftest import Server
from troef.cards import card_str, parse_card
from troef.games.bonaken.actions import Play
from troef.games.bonaken.match import Match
from troef.games.bonaken.record import Record, loads
from troef.games.bonaken.state import DealState
from troef.games.klaverjas.actions import Play as KlaverjasPlay
from troef.games.klaverjas.deal import Deal
from troef.games.klaverjas.record import Record as KlaverjasRecord
from troef.games.klaverjas.record import loads as klaverjas_loads

#: Slow: whole matches through a real server, every frame checked
pytestmark = pytest.mark.slow

# (a table's id is random letters, digits, "_" and "-": "o9lp_Qh-" names no card)
CARD = re.compile(r"(?<![A-Za-z0-9_-])(10|[789JQKA])([hdcs])(?![A-Za-z0-9_-])")
SPECTATOR = -1


def cards_in(value: Any) -> int:
    """Mask of every card named in any string inside a JSON value."""
    mask = 0
    if isinstance(value, str):
        for m in CARD.finditer(value):
            mask |= 1 << parse_card(m.group(0))
    elif isinstance(value, dict):
        for k, v in value.items():
            mask |= cards_in(k) | cards_in(v)
    elif isinstance(value, list):
        for v in value:
            mask |= cards_in(v)
    return mask


def known(hand: DealState, viewer: int) -> int:
    """What ``viewer`` may know of ``hand`` now, from the deal and the actions only."""
    played = 0
    for _, action in hand.history:
        if isinstance(action, Play):
            played |= 1 << action.card
    public = hand.deal.open | played
    if viewer == SPECTATOR or viewer not in hand.seats:
        return public
    return public | hand.deal.hands[viewer] | hand.took[viewer] | hand.received[viewer]


@dataclass
class Timeline:
    """For every version of a match: its hand number and what each viewer may know."""

    table: int
    hand_of: list[int] = field(default_factory=list)
    current: list[dict[int, int]] = field(default_factory=list)
    finals: list[dict[int, int]] = field(default_factory=list)


def timeline(record: Record) -> Timeline:
    viewers = [SPECTATOR, *range(len(record.seats))]
    match = Match(
        record.rules, len(record.seats), record.seed, record.first_dealer, deals=iter([h.deal for h in record.deals])
    )
    line = Timeline(len(record.seats))

    def snap() -> None:
        line.hand_of.append(len(match.hands))
        line.current.append({v: known(match.hand, v) for v in viewers})

    snap()
    for hrec in record.deals:
        for _, action in hrec.actions:
            index = len(match.hands) - 1
            match.apply(action)
            if len(match.hands) - 1 > index or match.is_over:
                line.finals.append({v: known(match.hands[index], v) for v in viewers})
            snap()
    return line


def check_frame(line: Timeline, viewer: int, raw: str) -> None:
    """Fail if the frame names a card ``viewer`` may not know at that point."""
    msg = json.loads(raw)
    kind = msg.get("type")
    if kind == "state":
        version = msg["version"]
        assert msg["viewer"] == viewer, msg
        assert msg["hand"] == line.hand_of[version]
        allowed = line.current[version][viewer]
        leaked = cards_in(msg["view"]) & ~allowed
        assert not leaked, f"viewer {viewer} got {leaked:#x} at version {version}"
        if "prev" in msg:
            prev_allowed = line.finals[msg["hand"] - 2][viewer]
            assert not cards_in(msg["prev"]) & ~prev_allowed, f"viewer {viewer}: previous hand leaks"
        rest = {k: v for k, v in msg.items() if k not in ("view", "prev")}
        assert not cards_in(rest), f"cards outside the view: {rest}"
    elif kind == "hint":  # the suggestion and the values of the legal actions (own cards only)
        assert not cards_in(msg) & ~line.current[msg["version"]][viewer]
    else:
        assert not cards_in(msg), f"cards in a {kind} message: {raw[:200]}"


@dataclass
class Watcher:
    """One client connection and every frame it received."""

    viewer: int
    token: str | None
    frames: list[str] = field(default_factory=list)


async def _client(
    srv: Server,
    table: str,
    watcher: Watcher,
    plays: bool,
    rng: random.Random,
    pace: float = 0.0,
    choose: Callable[[random.Random, list[str]], str] | None = None,
) -> None:
    """Play (or watch) until the match is over; ``pace``: seconds to wait before each action; ``choose``
    picks the action (default: any legal one).

    A long match against instant bots would otherwise exceed the connection's message rate, and the
    server echoes at most one rate error a second: an action refused silently would stall the match.
    """
    async with connect(srv.ws_url, compression=None, max_size=2**22) as ws:
        join: dict[str, Any] = {"v": 1, "type": "join", "table": table}
        if watcher.token:
            join["token"] = watcher.token
        await ws.send(json.dumps(join))
        last_act: dict[str, Any] | None = None
        version = -1
        while True:
            try:
                raw = await asyncio.wait_for(ws.recv(), 3.0)
            except TimeoutError:
                # pace or not, a busy machine can still refuse an action silently: after 3 s of silence
                # the action still due is said again (a second copy is refused as stale, which is harmless)
                if last_act is not None and last_act["expect"] == version:
                    await ws.send(json.dumps(last_act))
                continue
            except ConnectionClosedOK:  # as "async for" ends; a closing for an error still fails the test
                return
            assert isinstance(raw, str)
            watcher.frames.append(raw)
            msg = orjson.loads(raw)
            if msg["type"] == "error":
                # two connections on one seat race; a fast table may hit the rate limit: wait and resend
                assert msg["code"] in ("stale", "not_your_turn", "rate_limited"), msg
                if msg["code"] == "rate_limited" and last_act is not None and last_act["expect"] == version:
                    await asyncio.sleep(0.3)
                    await ws.send(json.dumps(last_act))
                continue
            if msg["type"] != "state":
                continue
            version = msg["version"]
            if msg["match"]["over"]:
                return
            legal = msg["view"]["legal"]
            if plays and legal:
                if pace:
                    await asyncio.sleep(pace)
                if rng.random() < 0.05:
                    await ws.send(json.dumps({"v": 1, "type": "hint"}))
                action = choose(rng, legal) if choose is not None else rng.choice(legal)
                last_act = {"v": 1, "type": "act", "action": action, "expect": version}
                await ws.send(json.dumps(last_act))


async def _play(srv: Server, preset: str, players: int, humans: set[int], seed: int) -> tuple[list[Watcher], str]:
    seats = [
        {"kind": "human", "name": f"person {s}"}
        if s in humans
        else {"kind": "bot", "level": "random", "name": f"bot {s}"}
        for s in range(players)
    ]
    loop = asyncio.get_running_loop()
    table = await loop.run_in_executor(None, lambda: srv.create(preset, players=players, seats=seats, seed=seed))
    tokens = {inv["seat"]: inv["token"] for inv in table["invites"]}
    rng = random.Random(seed)
    watchers = [Watcher(s, tokens[s]) for s in sorted(humans)]
    first = min(humans)
    watchers.append(Watcher(first, tokens[first]))  # a second connection on one seat
    watchers.append(Watcher(SPECTATOR, None))
    tasks = [
        _client(srv, table["id"], w, plays=w.viewer != SPECTATOR, rng=random.Random(rng.random())) for w in watchers
    ]
    await asyncio.wait_for(asyncio.gather(*tasks), timeout=120)
    status, record = await loop.run_in_executor(None, lambda: srv.http("GET", f"/api/tables/{table['id']}/record"))
    assert status == 200
    return watchers, json.dumps(record)


GAMES = [
    ("nk", 4, {0, 1}),
    ("nk", 3, {2}),
    ("pagat", 5, {0, 2, 4}),
    ("pagat", 4, {0, 1, 2, 3}),
    ("hazerswoude", 4, {1, 3}),
    ("hazerswoude", 6, {0, 5}),
    ("pagat", 2, {1}),
    ("nk", 4, {3}),
]


def test_no_frame_names_a_card_its_viewer_may_not_know(server: Server) -> None:
    async def main() -> list[tuple[list[Watcher], str]]:
        runs = [_play(server, p, n, h, seed=100 + i) for i, (p, n, h) in enumerate(GAMES * 2)]
        return list(await asyncio.gather(*runs))

    results = asyncio.run(main())
    frames_checked = 0
    seat_cards_seen = 0
    for watchers, record_text in results:
        line = timeline(loads(record_text))
        for w in watchers:
            assert w.frames, "every client hears something"
            for raw in w.frames:
                check_frame(line, w.viewer, raw)
                frames_checked += 1
            if w.viewer >= 0:
                seat_cards_seen += bool(cards_in(json.loads(w.frames[1]).get("view", {}).get("hand")))
    assert frames_checked > 2000
    assert seat_cards_seen > 20  # the check looked at real hands


def test_the_check_catches_a_leak(server: Server) -> None:
    async def main() -> tuple[list[Watcher], str]:
        return await _play(server, "pagat", 4, {0, 1}, seed=5)

    watchers, record_text = asyncio.run(main())
    line = timeline(loads(record_text))
    spectator = next(w for w in watchers if w.viewer == SPECTATOR)
    seat0 = next(w for w in watchers if w.viewer == 0)
    state = json.loads(next(f for f in spectator.frames if json.loads(f)["type"] == "state"))
    own = json.loads(next(f for f in seat0.frames if json.loads(f)["type"] == "state"))["view"]["hand"]
    state["view"]["events"].append([0, f"discard {own[0]}"])  # what a spectator must never see
    try:
        check_frame(line, SPECTATOR, json.dumps(state))
    except AssertionError:
        pass
    else:
        raise AssertionError("the leak check missed a hidden card")


# ---------------------------------------------------------------- klaverjas (issue 13)
# A seat knows its own eight cards and every card played, nothing else: its partner's cards are as
# hidden as the opponents'. A spectator knows the cards played.


def kj_timeline(record: KlaverjasRecord) -> Timeline:
    """:func:`timeline` for a klaverjas record: per version the deal shown and what each viewer may know."""
    viewers = [SPECTATOR, 0, 1, 2, 3]
    line = Timeline(4)

    def know(dealt: Deal, played: int) -> dict[int, int]:
        return {v: played if v == SPECTATOR else played | dealt.hands[v] for v in viewers}

    line.hand_of.append(1)
    line.current.append(know(record.deals[0].deal, 0))
    for i, deal in enumerate(record.deals):
        played = 0
        for n, (_, action) in enumerate(deal.actions):
            if isinstance(action, KlaverjasPlay):
                played |= 1 << action.card
            if n < len(deal.actions) - 1:
                line.hand_of.append(i + 1)
                line.current.append(know(deal.deal, played))
                continue
            line.finals.append(know(deal.deal, played))
            if i + 1 < len(record.deals):  # the next deal is dealt at once
                line.hand_of.append(i + 2)
                line.current.append(know(record.deals[i + 1].deal, 0))
            else:
                line.hand_of.append(i + 1)
                line.current.append(know(deal.deal, played))
    return line


async def _play_klaverjas(
    srv: Server, config: dict[str, Any], humans: set[int], seed: int
) -> tuple[list[Watcher], str, str]:
    seats = [
        {"kind": "human", "name": f"person {s}"}
        if s in humans
        else {"kind": "bot", "level": "random", "name": f"bot {s}"}
        for s in range(4)
    ]
    body = {"game": "klaverjas", "config": config, "seats": seats, "seed": seed}
    loop = asyncio.get_running_loop()
    status, table = await loop.run_in_executor(None, lambda: srv.http("POST", "/api/tables", body))
    assert status == 200, table
    tokens = {inv["seat"]: inv["token"] for inv in table["invites"]}
    rng = random.Random(seed)
    watchers = [Watcher(s, tokens[s]) for s in sorted(humans)]
    first = min(humans)
    watchers.append(Watcher(first, tokens[first]))  # a second connection on one seat
    watchers += [Watcher(SPECTATOR, None), Watcher(SPECTATOR, None)]  # two spectators
    tasks = [
        _client(srv, table["id"], w, plays=w.viewer != SPECTATOR, rng=random.Random(rng.random()), pace=0.07)
        for w in watchers
    ]
    await asyncio.wait_for(asyncio.gather(*tasks), timeout=240)
    status, record = await loop.run_in_executor(None, lambda: srv.http("GET", f"/api/tables/{table['id']}/record"))
    assert status == 200
    return watchers, json.dumps(record), table["id"]


KLAVERJAS: list[tuple[dict[str, Any], set[int]]] = [
    ({"preset": "kraken"}, {0, 2}),  # partners both people: each must not see the other's cards
    ({"preset": "kraken", "switches": {"deals": 2, "kraak_quota": 1}}, {1}),
    ({"preset": "amsterdam", "switches": {"deals": 2, "who_plays": "vrij", "roem_counting": "claim"}}, {0, 1, 2, 3}),
    ({"preset": "rotterdam", "switches": {"deals": 2}}, {3}),
]


def test_no_klaverjas_frame_names_a_card_its_viewer_may_not_know(server: Server) -> None:
    async def main() -> list[tuple[list[Watcher], str, str]]:
        runs = [_play_klaverjas(server, c, h, seed=300 + i) for i, (c, h) in enumerate(KLAVERJAS)]
        return list(await asyncio.gather(*runs))

    results = asyncio.run(main())
    frames_checked = 0
    partner_hidden = 0
    for watchers, record_text, _ in results:
        record = klaverjas_loads(record_text)
        line = kj_timeline(record)
        for w in watchers:
            assert w.frames, "every client hears something"
            for raw in w.frames:
                check_frame(line, w.viewer, raw)
                frames_checked += 1
            if w.viewer >= 0:
                first = next(json.loads(f) for f in w.frames if json.loads(f)["type"] == "state")
                hand = cards_in(first["view"]["hand"])
                assert hand == record.deals[0].deal.hands[w.viewer]  # the check looked at a real hand
                partner = record.deals[0].deal.hands[w.viewer ^ 2]
                played = cards_in(first["view"]["trick"]) | cards_in(first["view"]["tricks"])
                assert not cards_in(first["view"]) & partner & ~played  # of the partner's hand: what was played
                partner_hidden += 1
    assert frames_checked > 3000
    assert partner_hidden >= 8


def test_the_klaverjas_check_catches_a_partners_card(server: Server) -> None:
    async def main() -> tuple[list[Watcher], str, str]:
        return await _play_klaverjas(server, {"preset": "kraken", "switches": {"deals": 2, "kraak_quota": 1}}, {0}, 7)

    watchers, record_text, _ = asyncio.run(main())
    record = klaverjas_loads(record_text)
    line = kj_timeline(record)
    seat0 = next(w for w in watchers if w.viewer == 0)
    state = json.loads(next(f for f in seat0.frames if json.loads(f)["type"] == "state"))
    check_frame(line, 0, json.dumps(state))  # as sent: fine
    partner_card = next(c for c in range(32) if record.deals[0].deal.hands[2] >> c & 1)
    state["view"]["trick"].append([2, card_str(partner_card)])  # the partner's card, never played
    try:
        check_frame(line, 0, json.dumps(state))
    except AssertionError:
        pass
    else:
        raise AssertionError("the leak check missed the partner's card")


# ---------------------------------------------------------------------- Binokel (issue 15)
# Binokel plays with two copies of each card. A view writes the first card of a kind it names as "Ah" and a
# second one as "Ah'" (docs/rules/binokel.md, "The cards"), so what a frame may name is counted per kind: "Ah"
# if the viewer may know at least one ace of hearts, "Ah'" only if it may know both. What a viewer may know is
# worked out from the record's deal and actions: a seat its dealt cards; the bid winner and his partner the
# cards passed between them (the other side nothing of them, not even which); everyone every seat's melds once
# the exchange is over ("Melden": melds are public) and every card played.

# (a table's id is random letters, digits, "_" and "-": "o9lp_Qh-" names no card)
BINOKEL_CARD = re.compile(r"(?<![A-Za-z0-9_-])(10|[9JQKA])([hdcs])('?)(?![A-Za-z0-9_-])")


def binokel_named(value: Any) -> dict[int, int]:
    """For each card kind (0-31) named anywhere in a JSON value: how many copies the names imply (1 or 2)."""
    out: dict[int, int] = {}
    if isinstance(value, str):
        for m in BINOKEL_CARD.finditer(value):
            kind = parse_card(m.group(1) + m.group(2)) & 31
            out[kind] = max(out.get(kind, 0), 2 if m.group(3) else 1)
    elif isinstance(value, dict):
        for k, v in value.items():
            for part in (binokel_named(k), binokel_named(v)):
                for kind, n in part.items():
                    out[kind] = max(out.get(kind, 0), n)
    elif isinstance(value, list):
        for v in value:
            for kind, n in binokel_named(v).items():
                out[kind] = max(out.get(kind, 0), n)
    return out


def binokel_counts(mask: int) -> dict[int, int]:
    """Physical cards as copies known per kind."""
    return {k: (mask >> k & 1) + (mask >> (k + 32) & 1) for k in range(32) if mask >> k & 1 or mask >> (k + 32) & 1}


def binokel_known(r: Any, viewer: int) -> tuple[dict[int, int], int]:
    """What ``viewer`` may know of round ``r`` now, and the cards passed in its sight (-1: not in the exchange)."""
    from troef.games.binokel.state import Phase

    public = 0
    for _, card in r.plays():
        public |= 1 << card
    if r.phase >= Phase.PLAY:
        for seat in range(4):
            for meld in r.meld_of(seat):
                for card in meld.cards:
                    public |= 1 << card
    if viewer == SPECTATOR:
        return binokel_counts(public), -1
    mask = public | r.deal.hands[viewer]
    passed = -1
    if r.declarer >= 0 and viewer in (r.declarer, r.partner):
        passed = len(r.given) + len(r.returned)
        for card in (*r.given, *r.returned):
            mask |= 1 << card
    return binokel_counts(mask), passed


@dataclass
class BinokelTimeline:
    """For every version of a game: its round number and what each viewer may know."""

    round_of: list[int] = field(default_factory=list)
    current: list[dict[int, tuple[dict[int, int], int]]] = field(default_factory=list)
    finals: list[dict[int, tuple[dict[int, int], int]]] = field(default_factory=list)
    exchanges: int = 0


def binokel_timeline(text: str) -> BinokelTimeline:
    from troef.games.binokel.match import Match as BinokelMatch
    from troef.games.binokel.record import loads as binokel_loads

    record = binokel_loads(text)
    viewers = [SPECTATOR, 0, 1, 2, 3]
    match = BinokelMatch(record.rules, record.seed, record.first_dealer, deals=iter([r.deal for r in record.deals]))
    line = BinokelTimeline()

    def snap() -> None:
        line.round_of.append(len(match.rounds))
        line.current.append({v: binokel_known(match.round, v) for v in viewers})

    snap()
    for rrec in record.deals:
        for _, action in rrec.actions:
            index = len(match.rounds) - 1
            match.apply(action)
            if len(match.rounds) - 1 > index or match.is_over:
                done = match.rounds[index]
                line.finals.append({v: binokel_known(done, v) for v in viewers})
                line.exchanges += len(done.given) == 4
            snap()
    return line


def check_binokel_view(allowed: tuple[dict[int, int], int], viewer: int, view: dict[str, Any], where: str) -> None:
    """Fail if ``view`` names more copies of a card than ``viewer`` may know, or passed cards out of its sight."""
    counts, passed = allowed
    for kind, n in binokel_named(view).items():
        assert counts.get(kind, 0) >= n, f"{where}: viewer {viewer} was told of {n} cards of kind {kind}"
    # the passed cards: seen by the two partners who passed them only, and one by one as they go over
    seen = len(view["gave"]) + len(view["received"])
    assert seen == max(passed, 0), f"{where}: viewer {viewer} sees {seen} passed cards, may see {max(passed, 0)}"
    assert all(text == "give" for _, text in view["events"] if text.startswith("give")), where
    if viewer == SPECTATOR:
        assert view["hand"] is None and not view["legal"], where


def check_binokel_frame(line: BinokelTimeline, viewer: int, raw: str) -> None:
    msg = json.loads(raw)
    kind = msg.get("type")
    if kind == "state":
        version = msg["version"]
        assert msg["viewer"] == viewer, msg
        assert msg["hand"] == line.round_of[version]
        check_binokel_view(line.current[version][viewer], viewer, msg["view"], f"version {version}")
        if "prev" in msg:
            check_binokel_view(line.finals[msg["hand"] - 2][viewer], viewer, msg["prev"], f"round {msg['hand'] - 1}")
        rest = {k: v for k, v in msg.items() if k not in ("view", "prev")}
        assert not binokel_named(rest), f"cards outside the view: {rest}"
    elif kind == "hint":  # the suggestion and the values of the legal actions (own cards only)
        counts = line.current[msg["version"]][viewer][0]
        assert all(counts.get(k, 0) >= n for k, n in binokel_named(msg).items())
    else:
        assert not binokel_named(msg), f"cards in a {kind} message: {raw[:200]}"


def _binokel_choice(rng: random.Random, legal: list[str]) -> str:
    # mostly pass in the bidding, so that the computer players' bids decide most rounds and a game ends soon
    if "pass" in legal and rng.random() < 0.6:
        return "pass"
    return rng.choice(legal)


async def _play_binokel(srv: Server, humans: set[int], seed: int) -> tuple[list[Watcher], str]:
    seats = [
        {"kind": "human", "name": f"person {s}"} if s in humans else {"kind": "bot", "level": "heuristic"}
        for s in range(4)
    ]
    config = {"preset": "cardgames", "players": 4, "switches": {"target": 1000}}
    loop = asyncio.get_running_loop()
    table = await loop.run_in_executor(None, lambda: srv.create(seats=seats, seed=seed, game="binokel", config=config))
    tokens = {inv["seat"]: inv["token"] for inv in table["invites"]}
    rng = random.Random(seed)
    watchers = [Watcher(s, tokens[s]) for s in sorted(humans)]
    first = min(humans)
    watchers.append(Watcher(first, tokens[first]))  # a second connection on one seat
    watchers.append(Watcher(SPECTATOR, None))
    tasks = [
        _client(srv, table["id"], w, w.viewer != SPECTATOR, random.Random(rng.random()), 0.05, _binokel_choice)
        for w in watchers
    ]
    await asyncio.wait_for(asyncio.gather(*tasks), timeout=240)
    status, record = await loop.run_in_executor(None, lambda: srv.http("GET", f"/api/tables/{table['id']}/record"))
    assert status == 200
    return watchers, json.dumps(record)


BINOKEL_GAMES = [{0, 1}, {1, 3}, {0, 2}, {2, 3}]


def test_binokel_no_frame_names_a_card_or_a_passed_card_its_viewer_may_not_know(server: Server) -> None:
    async def main() -> list[tuple[list[Watcher], str]]:
        runs = [_play_binokel(server, humans, seed=300 + i) for i, humans in enumerate(BINOKEL_GAMES)]
        return list(await asyncio.gather(*runs))

    results = asyncio.run(main())
    frames_checked = 0
    passed_seen = 0
    exchanges = 0
    for watchers, record_text in results:
        line = binokel_timeline(record_text)
        exchanges += line.exchanges
        for w in watchers:
            assert w.frames, "every client hears something"
            for raw in w.frames:
                check_binokel_frame(line, w.viewer, raw)
                frames_checked += 1
                msg = json.loads(raw)
                if msg.get("type") == "state" and w.viewer >= 0:
                    passed_seen += bool(msg["view"]["gave"] or msg["view"]["received"])
    assert frames_checked > 1000
    assert exchanges >= 4 and passed_seen > 20  # the check looked at real exchanges, seen by human seats


def test_binokel_the_check_catches_a_hidden_card_and_a_passed_card(server: Server) -> None:
    async def main() -> tuple[list[Watcher], str]:
        return await _play_binokel(server, {0, 1}, seed=77)

    watchers, record_text = asyncio.run(main())
    line = binokel_timeline(record_text)
    spectator = next(w for w in watchers if w.viewer == SPECTATOR)
    seat0 = next(w for w in watchers if w.viewer == 0)
    states = [json.loads(f) for f in spectator.frames if json.loads(f)["type"] == "state"]
    own = {m["version"]: m["view"]["hand"] for m in map(json.loads, seat0.frames) if m["type"] == "state"}
    state = next(m for m in states if m["version"] in own)
    for m in states:
        check_binokel_frame(line, SPECTATOR, json.dumps(m))  # as sent, every frame passes
    counts = line.current[state["version"]][SPECTATOR][0]
    hidden = next(c for c in own[state["version"]] if counts.get(parse_card(c.rstrip("'")) & 31, 0) == 0)
    leaks: list[tuple[str, Any]] = [
        ("trick", [0, hidden]),  # a card of seat 0's hand shown to the spectator
        ("received", hidden),  # a passed card shown outside the exchange
        ("events", [0, f"give {hidden}"]),  # which card went over
    ]
    for key, item in leaks:
        bad = json.loads(json.dumps(state))
        bad["view"][key].append(item)
        try:
            check_binokel_frame(line, SPECTATOR, json.dumps(bad))
        except AssertionError:
            continue
        raise AssertionError("the leak check missed a hidden card")
