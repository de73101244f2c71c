"""The benchmark's path: random_playout is the public loop draw for draw, and dealing deals by packets."""

from __future__ import annotations

import random

import pytest

from troef.core.chance import GameRandom
from troef.games.klaverjas.deal import Deal, deal_cards, shuffle32
from troef.games.klaverjas.game import GAME
from troef.games.klaverjas.rules import Rules, preset
from troef.games.klaverjas.state import DealState, Phase, random_playout

RULES = {
    "kraken": preset("kraken"),
    "amsterdam": preset("amsterdam"),
    "rotterdam": preset("rotterdam"),
    "kraken claim": preset("kraken", roem_counting="claim"),
    "amsterdam vrij claim": preset("amsterdam", who_plays="vrij", roem_counting="claim"),
}


def _public_loop(deal: DealState, chooser: random.Random) -> int:
    actions = 0
    while deal.phase != Phase.DONE:
        legal = deal.legal_actions()
        deal.apply(legal[chooser.randrange(len(legal))])
        actions += 1
    return actions


@pytest.mark.parametrize("name", list(RULES))
def test_random_playout_plays_what_the_public_loop_plays(name: str) -> None:
    rules: Rules = RULES[name]
    ours, theirs = random.Random(5), random.Random(5)  # one chooser through many deals, as the benchmark has
    for seed in range(150):
        a = DealState(rules, deal_cards(rules, seed % 4, GameRandom(seed)))
        b = DealState(rules, deal_cards(rules, seed % 4, GameRandom(seed)))
        assert random_playout(a, ours) == _public_loop(b, theirs) == len(a.history)
        assert a.history == b.history
        assert a.result == b.result is not None
        assert a.tricks == b.tricks and a.chain == b.chain
    assert ours.getstate() == theirs.getstate()


def test_random_deal_is_the_public_loop() -> None:
    for name in ("kraken", "amsterdam", "rotterdam"):
        rules = preset(name)
        ours, theirs = random.Random(9), random.Random(9)
        for seed in range(40):
            expected = _public_loop(DealState(rules, deal_cards(rules, seed % 4, GameRandom(seed))), theirs)
            assert GAME.random_deal(name, 4, seed, ours, seed % 4) == expected
        assert ours.getstate() == theirs.getstate()


@pytest.mark.parametrize("packets", ["4-4", "3-2-3"])
def test_deal_cards_deals_packet_by_packet(packets: str) -> None:
    # Kraken 3.1 (four and four) and the common three, two, three: clockwise from the player after the dealer
    rules = preset("amsterdam", packets=packets)
    sizes = [int(n) for n in packets.split("-")]
    for dealer in range(4):
        for seed in range(20):
            deck = shuffle32(GameRandom(seed))
            hands, pos = [0, 0, 0, 0], 0
            for size in sizes:
                for step in (1, 2, 3, 4):
                    for card in deck[pos : pos + size]:
                        hands[(dealer + step) % 4] |= 1 << card
                    pos += size
            dealt = deal_cards(rules, dealer, GameRandom(seed))
            assert dealt == Deal(dealer, (hands[0], hands[1], hands[2], hands[3]))
            dealt.validate()
