"""The pimc bot's card-play options: the others' play as evidence, and club-player rollouts.

``play_weight`` (``Strength.play_miss``): the sampler asks what a sensible
player (the heuristic) would have played with the cards a world gives each
other seat, at every card that seat played, and keeps worlds that explain the
play more often. ``rollout`` (``Strength.rollout_share``): a world played out
after a card with everyone playing as the heuristic.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from dataclasses import replace

import pytest

from troef.games.bonaken.actions import Play
from troef.games.bonaken.heuristic import HeuristicBot
from troef.games.bonaken.match import Match
from troef.games.bonaken.pimc import PimcBot, Sampler, Strength
from troef.games.bonaken.pimc_eval import Budget, _card_scores
from troef.games.bonaken.pimc_infer import Knowledge, knowledge_of, play_weight
from troef.games.bonaken.pimc_rollout import rollout
from troef.games.bonaken.rules import preset
from troef.games.bonaken.state import DealState
from troef.games.bonaken.view import BonakenView, hand_view


def club_tables(name: str, seeds: range) -> Iterator[tuple[DealState, BonakenView]]:
    """Every moment of play (after the first trick) of seeded matches among four club players."""
    rules = preset(name)
    for seed in seeds:
        match = Match(rules, players=4, seed=seed)
        bots = {s: HeuristicBot(seed=s) for s in range(4)}
        for _ in range(120):
            if match.is_over:
                break
            hand = match.hand
            view = hand_view(hand, hand.to_act)
            if view.phase == "play" and view.tricks:
                yield hand, view
            match.apply(bots[hand.to_act].act(view))


def one_moment(k: Knowledge, seat: int, i: int) -> Knowledge:
    """``k`` with only the ``i``-th card ``seat`` played as evidence."""
    return replace(k, play_moments={seat: (k.play_moments[seat][i],)}, play_cache={})


@pytest.mark.parametrize("name", ["pagat", "nk"])
def test_the_true_cards_of_club_players_explain_their_play(name: str) -> None:
    """A defender's every card is what the heuristic plays with his true cards; the declarer's nearly so.

    (The declarer's laid-away cards are not known to the seat that asks, so
    now and then it reads a card as still out that he knows is not.)
    """
    fits = {"defender": [0, 0], "declarer": [0, 0]}
    for hand, view in club_tables(name, range(3)):
        k = knowledge_of(view, hand.rules)
        for seat, moments in k.play_moments.items():
            role = "declarer" if seat in view.declarers else "defender"
            for i in range(len(moments)):
                fits[role][0] += 1
                fits[role][1] += play_weight(one_moment(k, seat, i), seat, hand.hands[seat], 0.5) == 1.0
    total, fitted = fits["defender"]
    assert total > 300 and fitted == total
    total, fitted = fits["declarer"]
    assert total > 100 and fitted >= 0.9 * total


def test_cards_the_heuristic_would_not_have_played_cost_the_miss_factor_each() -> None:
    rng = random.Random(7)
    costly = 0
    for hand, view in club_tables("pagat", range(2)):
        k = knowledge_of(view, hand.rules)
        for seat in k.play_moments:
            pool = [c for c in range(32) if k.allowed[seat] >> c & 1]
            size = hand.hands[seat].bit_count()
            if len(pool) < size:
                continue
            other = sum(1 << c for c in rng.sample(pool, size))
            weight = play_weight(k, seat, other, 0.5)
            misses = 0
            for i in range(len(k.play_moments[seat])):
                single = play_weight(one_moment(k, seat, i), seat, other, 0.5)
                if single == 0.0:
                    misses = -1  # a card this hand could not have played: the world is impossible
                    break
                misses += single == 0.5
            assert weight == (0.0 if misses < 0 else 0.5**misses)
            assert play_weight(k, seat, other, 1.0) == 1.0  # a miss factor of 1: play is no evidence
            costly += 0.0 < weight < 1.0
    assert costly > 20


def test_worlds_weighed_by_card_play_place_more_of_the_others_cards_right() -> None:
    """Late in pagat hands, worlds dealt with card play as evidence hold more of each hand's true cards."""
    right = {0.25: 0, 1.0: 0}
    for n, (hand, view) in enumerate(club_tables("pagat", range(2))):
        if len(view.tricks) < 4 or n % 3:
            continue
        sampler = Sampler(view, hand.rules)
        for miss in right:
            rng = random.Random(n)
            for _ in range(6):
                world = sampler.draw(rng, miss=miss)
                if world is None:
                    continue
                for seat in sampler.k.others:
                    right[miss] += (world.hands[seat] & hand.hands[seat]).bit_count()
    assert right[0.25] > 1.05 * right[1.0]


def test_the_bot_passes_its_miss_factor_to_the_sampler() -> None:
    view = next(v for _, v in club_tables("pagat", range(1)) if len(v.tricks) >= 3)
    worlds = {}
    for miss in (0.05, 1.0):
        bot = PimcBot(seed=4, strength=replace(Strength(), play_miss=miss))
        evaluator = bot.evaluator(view)
        assert evaluator is not None
        worlds[miss] = [w.hands for w, _ in zip(evaluator.source(math.inf), range(8), strict=False)]
    assert worlds[0.05] != worlds[1.0]  # the same seed, other weights: other worlds


@pytest.mark.parametrize("name", ["pagat", "nk"])
def test_a_club_players_own_card_rolled_out_ends_the_hand_as_it_really_ended(name: str) -> None:
    """At a table of club players, the rollout after the card each one plays is the hand's real end."""
    rules = preset(name)
    checked = 0
    for seed in range(3):
        match = Match(rules, players=4, seed=seed)
        bots = {s: HeuristicBot(seed=s) for s in range(4)}
        pending: list[tuple[DealState, bool | None]] = []
        for _ in range(400):
            if match.is_over:
                break
            hand = match.hand
            action = bots[hand.to_act].act(hand_view(hand, hand.to_act))
            if isinstance(action, Play) and len(hand.declarers) == 1:
                pending.append((hand, rollout(hand, action.card, hand.declarers[0])))
            match.apply(action)
            for done, predicted in [p for p in pending if p[0].result is not None]:
                assert done.result is not None
                assert predicted == bool(done.result.won.get(done.declarers[0], False))
                checked += 1
            pending = [p for p in pending if p[0].result is None]
    assert checked > 300


def test_an_illegal_card_has_no_rollout() -> None:
    hand, view = next(club_tables("pagat", range(1)))
    illegal = next(c for c in range(32) if not hand.hands[view.viewer] >> c & 1)
    assert rollout(hand, illegal, hand.declarers[0]) is None


def test_with_a_full_rollout_share_a_card_scores_what_its_rollout_says() -> None:
    hand, view = next(
        (h, v) for h, v in club_tables("pagat", range(1)) if v.viewer not in v.declarers and len(v.legal) >= 3
    )
    mine = hand.hands[view.viewer]
    cards = [c for c in range(32) if mine >> c & 1 and rollout(hand, c, hand.declarers[0]) is not None]
    assert len(cards) >= 3
    declarer = hand.declarers[0]
    scores = _card_scores(hand, view.viewer, cards, Budget(None, None, math.inf), share=1.0)
    assert scores == {c: float(rollout(hand, c, declarer) is False) for c in cards}
    best_play = _card_scores(hand, view.viewer, cards, Budget(None, None, math.inf), share=0.0)
    assert scores is not None and best_play is not None and set(best_play.values()) <= {0.0, 1.0}
