"""Invariants of Binokel over many random positions and rounds (hypothesis)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.games.binokel.helpers import RULES
from troef.cards import cards_of, mask_of
from troef.core.chance import GameRandom
from troef.games.binokel.deal import DECK, deal_cards
from troef.games.binokel.play import KINDS, legal_kinds, winner_of
from troef.games.binokel.state import DealState

KIND_LIST = [k for k in range(32) if KINDS >> k & 1]


def naive_legal(hand: list[int], trick: list[int], trump: int) -> set[int]:
    """The text's four duties read literally: follow, else trump, else anything; of those, a winner if any."""
    if not trick:
        return set(hand)
    led = trick[0] >> 3 & 3
    pool = [c for c in hand if c >> 3 & 3 == led] or [c for c in hand if c >> 3 & 3 == trump] or hand
    winners = [c for c in pool if winner_of([*trick, c], trump) == len(trick)]
    return set(winners or pool)


@settings(max_examples=3000, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(0, 3))
def test_stichphase_legal_cards_are_the_texts_duties(rng: random.Random, trump: int) -> None:
    deck = [c for c in DECK]
    rng.shuffle(deck)
    trick = deck[: rng.randrange(4)]
    hand = deck[4 : 4 + rng.randrange(1, 13)]
    kinds = {c & 31 for c in hand}
    expected = naive_legal(sorted(kinds), [c & 31 for c in trick], trump)
    if trick:
        win = trick[winner_of(trick, trump)]
        got = legal_kinds(mask_of(kinds), trick[0] >> 3 & 3, win, trump)
    else:
        got = legal_kinds(mask_of(kinds), -1, -1, trump)
    assert set(cards_of(got)) == expected


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 3))
def test_a_random_round_keeps_every_card_in_one_place(seed: int, dealer: int) -> None:
    r = DealState(RULES, deal_cards(dealer, GameRandom(seed)))
    chooser = random.Random(seed)
    while not r.is_over:
        everywhere = sum(r.hands) + sum(1 << c for _, c in r.plays())
        assert everywhere == mask_of(DECK)  # no card lost or doubled (a sum would overflow a bit if doubled)
        legal = r.legal_actions()
        assert legal and all(r.check(a) is None for a in legal)
        r.apply(legal[chooser.randrange(len(legal))])
    assert r.score is not None
    if not r.conceded:
        assert sum(r.trick_points) == 250 and len(r.tricks) == 12
        assert all(h == 0 for h in r.hands)
