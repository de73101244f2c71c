"""Whole matches with scripted deals and actions: dealer rotation, players going out, standings and losers."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.games.bonaken.helpers import declare, finish, make_deal, play
from troef.core.errors import IllegalActionError
from troef.games.bonaken.actions import parse_action
from troef.games.bonaken.deal import Deal
from troef.games.bonaken.match import Match, Status
from troef.games.bonaken.rules import Rules, preset

# The declarer of every scripted hand holds the two top trumps (hearts): a bid of 25 (30) is
# made; a bid of 140 is lost, since 42 points lie in the centre and are laid away; a lone
# misère is lost at once, the nel (9h) being led into the first trick.
DECLARER = "Jh 9h Ah Kh 7c 7d"

# (dealer, seats that receive cards, declarer, bid)
Step = tuple[int, tuple[int, ...], int, str]


def scripted_deals(rules: Rules, table: int, steps: list[Step]) -> Iterator[Deal]:
    for dealer, seats, declarer, _ in steps:
        closed = "As" if rules.layout(len(seats)).closed == 1 else "As 10s"
        yield make_deal(
            rules, {declarer: DECLARER}, open="Ac Ad", closed=closed, dealer=dealer, table=table, seats=seats
        )


def go(match: Match, declarer: int, bid: str) -> None:
    """Everybody before ``declarer`` passes, he bids and the rest pass; he keeps his cards, names hearts."""
    while match.hand.to_act != declarer:
        play(match, "pass")
    misere = bid == "bid misere"
    declare(match, bid, trump="h", roem=None if misere else "roem 0")
    finish(match)


def run(rules: Rules, table: int, first_dealer: int, steps: list[Step]) -> tuple[Match, list[dict[int, Status]]]:
    """Play the scripted hands; return the match and every seat's status after each hand."""
    match = Match(rules, players=table, seed=1, first_dealer=first_dealer, deals=scripted_deals(rules, table, steps))
    statuses = []
    for i, (dealer, seats, declarer, bid) in enumerate(steps):
        hand = match.hand
        assert len(match.hands) == i + 1
        assert (hand.deal.dealer, hand.seats) == (dealer, seats), f"hand {i + 1}"
        go(match, declarer, bid)
        assert hand.result is not None and hand.result.declarers == (declarer,)
        statuses.append({s: match.sheet.status(s) for s in range(table)})
    return match, statuses


def test_nk_match() -> None:
    nk = preset("nk")
    steps: list[Step] = [
        (3, (0, 1, 2, 3), 0, "bid 25"),  # seat 0 recht
        (0, (0, 1, 2, 3), 1, "bid 25"),  # the declarer deals next: seat 1 recht
        (1, (0, 1, 2, 3), 0, "bid 25"),  # seat 0 eruit, first
        (0, (1, 2, 3), 2, "bid misere"),  # seat 0 deals without cards; seat 2 krom
        (2, (1, 2, 3), 2, "bid misere"),  # seat 2 erin
        (2, (1, 3), 3, "bid 25"),  # seat 2 deals; seat 3 recht
        (3, (1, 3), 1, "bid 25"),  # seat 1 eruit, second; seat 3 is left over
    ]
    match, statuses = run(nk, 4, 3, steps)
    assert [s[0] for s in statuses[:3]] == [Status.RECHT, Status.RECHT, Status.ERUIT]
    assert [s[2] for s in statuses[2:5]] == [Status.SUF, Status.KROM, Status.ERIN]
    assert statuses[5][3] == Status.RECHT
    assert match.is_over and match.to_act == -1 and match.legal_actions() == []
    assert len(match.hands) == 7
    assert match.sheet.losers() == (2,)
    assert match.sheet.eruit_groups == [(0,), (1,)]
    standing = match.standing()
    assert [(row["seat"], row["table_points"]) for row in standing] == [(0, 10), (1, 8), (3, 4), (2, 0)]
    assert [row["status"] for row in standing] == ["eruit", "eruit", "recht", "erin"]
    assert match.check(parse_action("pass")) == "the match is over"
    with pytest.raises(IllegalActionError, match="the match is over"):
        match.apply(parse_action("pass"))


def test_nk_first_misere_player_deals_next() -> None:
    nk = preset("nk")
    deals = scripted_deals(nk, 4, [(3, (0, 1, 2, 3), 1, ""), (1, (0, 1, 2, 3), 1, "")])
    match = Match(nk, players=4, seed=1, first_dealer=3, deals=deals)
    play(match, "pass", "bid misere", "bid misere", "pass")  # seats 1 and 2
    finish(match)
    assert match.hand.deal.dealer == 1
    assert match.sheet.played[1] and match.sheet.played[2] and not match.sheet.played[0]


def test_pagat_match() -> None:
    pagat = preset("pagat")
    steps: list[Step] = [
        (0, (0, 1, 2, 3), 2, "bid 25"),  # seat 2 recht
        (1, (0, 1, 2, 3), 2, "bid 25"),  # the deal passes left; seat 2 out
        (3, (0, 1, 3), 1, "bid 140"),  # seat 2 would deal: skipped; seat 1 krom
        (0, (0, 1, 3), 0, "bid 25"),  # seat 0 recht
        (1, (0, 1, 3), 1, "bid 140"),  # seat 1 has two minuses: he loses, the match ends
    ]
    match, statuses = run(pagat, 4, 0, steps)
    assert statuses[1][2] == Status.ERUIT
    assert statuses[2][1] == Status.KROM
    assert match.is_over and match.sheet.losers() == (1,)
    standing = {row["seat"]: row for row in match.standing()}
    assert {seat: row["status"] for seat, row in standing.items()} == {0: "recht", 1: "erin", 2: "eruit", 3: "suf"}
    assert (standing[2]["plus"], standing[1]["minus"]) == (2, 2)
    assert "table_points" not in standing[0]


def test_pagat_match_last_player_left_loses() -> None:
    pagat = preset("pagat")
    steps: list[Step] = [
        (0, (0, 1, 2), 1, "bid 25"),
        (1, (0, 1, 2), 1, "bid 25"),  # seat 1 out
        (2, (0, 2), 2, "bid 25"),
        (0, (0, 2), 2, "bid 25"),  # seat 2 out: seat 0 is left over and loses
    ]
    match, _ = run(pagat, 3, 0, steps)
    assert match.is_over and match.sheet.losers() == (0,)
    assert match.sheet.status(0) == Status.ERIN and match.sheet.minus[0] == 0


def test_hazerswoude_match() -> None:
    hz = preset("hazerswoude")
    steps: list[Step] = [
        (2, (0, 1, 2), 1, "bid 30"),  # seat 1 recht
        (0, (0, 1, 2), 1, "bid 30"),  # seat 1 safe with two pluses
        (2, (0, 2), 2, "bid 30"),  # two players: seat 2 plus, seat 0 minus
        (0, (0, 2), 2, "bid 140"),  # seat 2 minus, seat 0 plus
        (2, (0, 2), 0, "bid 140"),  # seat 0 second minus: he loses
    ]
    match, statuses = run(hz, 3, 2, steps)
    assert statuses[1][1] == Status.ERUIT
    assert (statuses[2][2], statuses[2][0]) == (Status.RECHT, Status.KROM)
    assert (statuses[3][2], statuses[3][0]) == (Status.WIP, Status.WIP)
    assert match.is_over and match.sheet.losers() == (0,)
    assert (match.sheet.plus, match.sheet.minus) == ([1, 2, 2], [2, 0, 1])


def test_match_redeals_with_the_same_dealer_when_all_pass() -> None:
    match = Match(preset("pagat"), players=4, seed=8, first_dealer=2)
    play(match, "pass", "pass", "pass", "pass")
    assert len(match.hands) == 2 and match.hand.deal.dealer == 2
    assert match.hands[0].result is not None and match.hands[0].result.redeal
    assert match.sheet.rows == []


def test_match_is_reproducible_from_its_seed() -> None:
    first = Match(preset("nk"), players=4, seed=12)
    second = Match(preset("nk"), players=4, seed=12)
    assert first.first_dealer == second.first_dealer
    assert first.hand.deal == second.hand.deal
    for _ in range(3):
        finish(first)
        finish(second)
    assert [h.deal for h in first.hands] == [h.deal for h in second.hands]
    assert first.sheet.rows == second.sheet.rows
