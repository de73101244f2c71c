"""random_playout, the benchmark's and a research loop's playout, is the public loop draw for draw."""

from __future__ import annotations

import random

import pytest

from troef.games.bonaken.game import GAME
from troef.games.bonaken.rules import preset
from troef.games.bonaken.state import Hand, Phase, random_playout


def _public_loop(hand: Hand, chooser: random.Random) -> int:
    actions = 0
    while hand.phase != Phase.DONE:
        legal = hand.legal_actions()
        hand.apply(legal[chooser.randrange(len(legal))])
        actions += 1
    return actions


@pytest.mark.parametrize("name", ["nk", "pagat", "hazerswoude"])
@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_playout_plays_what_the_public_loop_plays(name: str, players: int) -> None:
    rules = preset(name)
    if players not in rules.players:
        pytest.skip(f"{name} is not played by {players}")
    ours, theirs = random.Random(5), random.Random(5)  # one chooser through many hands, as the benchmark has
    for seed in range(150):
        a = Hand.new(rules, players, dealer=seed % players, seed=seed)
        b = Hand.new(rules, players, dealer=seed % players, seed=seed)
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
            expected = _public_loop(Hand.new(rules, 4, dealer=seed % 4, seed=seed), theirs)
            assert GAME.random_deal(name, 4, seed, ours, seed % 4) == expected
        assert ours.getstate() == theirs.getstate()
