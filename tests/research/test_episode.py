"""The episode's chance: the deal as the rules deal it, a chance node per card, every deal as likely."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from fractions import Fraction

import pytest

from troef.core.errors import IllegalActionError, TroefError
from troef.games import game
from troef.research.episode import Config, Episode, replayed

from .cases import deal


def _probability(e: Episode, outcome: int) -> Fraction:
    return next(Fraction(p).limit_denominator(10**6) for o, p in e.chance_outcomes() if o == outcome)


def _dealt(config: Config, dealer: int | None, piles: list[list[int]]) -> tuple[Episode, Fraction]:
    """The episode the chance outcomes ``dealer`` and ``piles`` (in order) make, and their probability."""
    e = Episode(config)
    p = Fraction(1)
    for outcome in ([] if dealer is None else [dealer]) + [c for pile in piles for c in pile]:
        p *= _probability(e, outcome)
        e.apply_chance(outcome)
    return e, p


def _orders(pile: list[int]) -> int:
    """In how many orders the chance nodes can deal a pile (copies of a card are the same outcome)."""
    return math.factorial(len(pile)) // math.prod(math.factorial(n) for n in Counter(pile).values())


def test_every_deal_of_tiny_is_reached_exactly_as_often_as_the_rules_deal_it(tiny: None) -> None:
    from tests.games.tiny.game import DECK

    config = Config("tiny", "duel", 2)
    total = Fraction(0)
    deals = 0
    for first in itertools.combinations(DECK, 3):
        rest = [c for c in DECK if c not in first]
        for second in itertools.combinations(rest, 3):
            e, p = _dealt(config, 1, [list(first), list(second)])
            assert game("tiny").view(e.match, 0).hand == tuple(sorted_texts(first))  # the engine deals the chance's
            # each ordering of the two hands is as likely: the deal's probability, given seat 1 deals
            reached = p / _probability(Episode(config), 1) * _orders(list(first)) * _orders(list(second))
            assert reached == Fraction(1, math.comb(12, 3) * math.comb(9, 3))
            total += reached
            deals += 1
    assert deals == 18480 and total == 1


def sorted_texts(cards: tuple[int, ...]) -> list[str]:
    from troef.cards import card_str

    return [card_str(c) for c in sorted(cards)]


@pytest.mark.parametrize(("name", "preset", "players"), [("klaverjas", "kraken", 4), ("binokel", "cardgames", 4)])
def test_a_chance_node_per_card_deals_any_deal_with_the_probability_of_a_shuffle(
    name: str, preset: str, players: int
) -> None:
    config = Config(name, preset, players)
    g = game(name)
    rng = random.Random(5)
    for _ in range(4):
        e = deal(Episode(config), rng.randrange(1 << 30))
        dealer, cards = e.history[0], e.history[1:]
        size = len(cards) // 4
        piles = [sorted(cards[i * size : (i + 1) * size]) for i in range(4)]
        again, p = _dealt(config, dealer, piles)
        assert again.part.deal_piles(again.match, 0) == tuple(tuple(pile) for pile in piles)
        for seat in range(4):  # seat s holds the s-th pile, whichever order the chance nodes dealt it in
            assert g.view(again.match, seat).hand == g.view(e.match, seat).hand
        deck = Counter(again.part.deck(again.match))
        # a shuffle of the deck deals this deal with probability (product of the copies' orders) / 48! or 32!
        ways = math.prod(math.factorial(n) for n in deck.values())
        shuffle = Fraction(math.prod(math.factorial(size) for _ in range(4)) * ways, math.factorial(sum(deck.values())))
        shuffle /= math.prod(math.prod(math.factorial(n) for n in Counter(pile).values()) for pile in piles)
        orders = math.prod(_orders(pile) for pile in piles)
        assert p / _probability(Episode(config), dealer) * orders == shuffle


def test_each_node_offers_exactly_the_cards_left_each_as_likely_as_its_copies_left() -> None:
    for name, preset in (("klaverjas", "amsterdam"), ("binokel", "cardgames"), ("bonaken", "nk")):
        e = Episode(Config(name, preset, 4))
        left = None
        rng = random.Random(2)
        while e.is_chance:
            outcomes = e.chance_outcomes()
            assert sum(p for _, p in outcomes) == pytest.approx(1.0)
            if e.match is None and left is None and len(e.history) == 0 and len(outcomes) <= 4:
                e.apply_chance(outcomes[rng.randrange(len(outcomes))][0])  # the first dealer
                left = Counter(e.part.deck(e._pending))
                continue
            assert left is not None
            total = sum(left.values())
            want = [(c, n / total) for c, n in sorted(left.items()) if n]
            assert [c for c, _ in outcomes] == [c for c, _ in want]
            assert [p for _, p in outcomes] == pytest.approx([p for _, p in want])
            card = outcomes[rng.randrange(len(outcomes))][0]
            left[card] -= 1
            e.apply_chance(card)
        assert e.match is not None and not e.is_chance


def test_a_card_not_left_is_refused_and_changes_nothing() -> None:
    e = Episode(Config("klaverjas", "kraken", 4))
    e.apply_chance(0)
    e.apply_chance(5)
    with pytest.raises(TroefError, match="not left"):
        e.apply_chance(5)
    assert e.history == [0, 5]


def test_the_first_dealer_is_drawn_where_the_rules_draw_him_and_is_seat_0_where_they_do_not() -> None:
    assert [o for o, _ in Episode(Config("bonaken", "nk", 4)).chance_outcomes()] == [0, 1, 2, 3]  # nk rule 5
    pagat = Episode(Config("bonaken", "pagat", 4))
    assert pagat._pending is not None and pagat._pending.first_dealer == 0  # cards straight away


def test_a_history_rebuilds_the_episode_and_a_wrong_one_is_refused() -> None:
    e = deal(Episode(Config("binokel", "cardgames", 4, "match")), 3)
    chooser = random.Random(1)
    while game("binokel").deals(e.match) < 2 and not e.over:
        e.apply(chooser.choice(list(e.legal())))
        deal(e, len(e.history))
    again = replayed("binokel", "cardgames", 4, "match", {}, e.history)
    assert again.history == e.history and again.view_json(0) == e.view_json(0)
    with pytest.raises(IllegalActionError):
        replayed("binokel", "cardgames", 4, "match", {}, [*e.history[:49], 0])  # play 7h: never legal in Binokel


@pytest.mark.parametrize(("name", "preset"), [("klaverjas", "kraken"), ("bonaken", "nk"), ("binokel", "cardgames")])
def test_an_id_the_rules_never_allow_raises_illegal_action_in_every_game(name: str, preset: str) -> None:
    e = deal(Episode(Config(name, preset, 4)), 8)
    before = list(e.history)
    never = next(i for i in range(len(e.actions)) if i not in e.legal())
    with pytest.raises(IllegalActionError, match="not legal now"):
        e.apply(never)
    with pytest.raises(IllegalActionError, match="not an action id"):
        e.apply(len(e.actions))
    assert e.history == before
