"""random_playout, the benchmark's and a research loop's playout, is the public loop draw for draw."""

from __future__ import annotations

import random

import pytest

from troef.core.chance import GameRandom
from troef.games.klaverjas.deal import deal_cards
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
