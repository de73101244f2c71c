"""The benchmark's path: random_playout is the public loop draw for draw, and dealing is nk rule 6's."""

from __future__ import annotations

import random

import pytest

from troef.core.chance import GameRandom
from troef.games.bonaken.deal import Deal, deal_cards, receiving_order
from troef.games.bonaken.game import GAME
from troef.games.bonaken.rules import Rules, preset
from troef.games.bonaken.state import DealState, Phase, random_playout


def _public_loop(hand: DealState, chooser: random.Random) -> int:
    actions = 0
    while hand.phase != Phase.DONE:
        legal = hand.legal_actions()
        hand.apply(legal[chooser.randrange(len(legal))])
        actions += 1
    return actions


#: Each preset at each table size it is played at.
TABLES = [(name, n) for name in ("nk", "pagat", "hazerswoude") for n in (3, 4, 5) if n in preset(name).players]


@pytest.mark.parametrize(("name", "players"), TABLES)
def test_random_playout_plays_what_the_public_loop_plays(name: str, players: int) -> None:
    rules = preset(name)
    ours, theirs = random.Random(5), random.Random(5)  # one chooser through many hands, as the benchmark has
    for seed in range(150):
        a = DealState.new(rules, players, dealer=seed % players, seed=seed)
        b = DealState.new(rules, players, dealer=seed % players, seed=seed)
        assert random_playout(a, ours) == _public_loop(b, theirs) == len(a.history)
        assert a.history == b.history
        assert a.result == b.result is not None
        assert a.tricks == b.tricks
    assert ours.getstate() == theirs.getstate()


def test_random_deal_is_the_public_loop() -> None:
    for name in ("nk", "pagat", "hazerswoude"):
        rules = preset(name)
        ours, theirs = random.Random(9), random.Random(9)
        for seed in range(40):
            expected = _public_loop(DealState.new(rules, 4, dealer=seed % 4, seed=seed), theirs)
            assert GAME.random_deal(name, 4, seed, ours, seed % 4) == expected
        assert ours.getstate() == theirs.getstate()


def _dealt_packet_by_packet(rules: Rules, table: int, seats: tuple[int, ...], dealer: int, rng: GameRandom) -> Deal:
    """The deal as nk rule 6 describes it, card by card from the shuffled deck (what deal_cards must equal)."""
    deck = rng.shuffled(range(32))
    hands, centre, pos = [0] * table, {"open": 0, "closed": 0}, 0
    for kind, count in rules.layout(len(seats)).steps:
        if kind == "deal":
            for start in range(0, count, 3):
                for seat in receiving_order(seats, dealer, table):
                    for card in deck[pos : pos + min(3, count - start)]:
                        hands[seat] |= 1 << card
                    pos += min(3, count - start)
        else:
            for card in deck[pos : pos + count]:
                centre[kind] |= 1 << card
            pos += count
    sleepers = sum(1 << card for card in deck[pos:])
    return Deal(table, dealer, tuple(sorted(seats)), tuple(hands), centre["open"], centre["closed"], sleepers)


@pytest.mark.parametrize("name", ["nk", "pagat", "hazerswoude"])
def test_deal_cards_deals_packet_by_packet(name: str) -> None:
    rules = preset(name)
    for players in rules.players:
        for table, seats in ((players, tuple(range(players))), (players + 1, tuple(range(1, players + 1)))):
            for dealer in range(table):
                for seed in range(8):
                    ours = deal_cards(rules, table, seats, dealer, GameRandom(seed))
                    assert ours == _dealt_packet_by_packet(rules, table, seats, dealer, GameRandom(seed))
                    ours.validate(rules)
