"""The pimc bot's settings for the others' bids as evidence (``evidence_scale``) and for unproven worlds.

Nothing here depends on the machine's speed: the bots think with a work
limit (worlds and solver nodes), not a clock.
"""

from __future__ import annotations

import math
import random
from dataclasses import replace

from troef.games.bonaken.actions import Bid, BidKind, Pass
from troef.games.bonaken.heuristic import best_trump
from troef.games.bonaken.match import Match
from troef.games.bonaken.pimc import PimcBot, Sampler, Strength
from troef.games.bonaken.pimc_eval import Budget, Evaluator
from troef.games.bonaken.pimc_infer import knowledge_of, limit_of, seat_weight
from troef.games.bonaken.rules import preset
from troef.games.bonaken.state import DealState
from troef.games.bonaken.view import hand_view

STEADY = Strength(
    budget=math.inf, bid_budget=math.inf, plan_budget=math.inf, samples=6, min_worlds=2, node_limit=20_000
)


def after_a_bid_of_60() -> tuple[DealState, int, int]:
    """An nk hand in which the first player bid 60 and the second passed; (hand, bidder, seat to act)."""
    rules = preset("nk")
    hand = Match(rules, 4, 11).hand
    bidder = hand.to_act
    hand.apply(Bid(BidKind.NUMBER, 60))
    hand.apply(Pass())
    return hand, bidder, hand.to_act


def test_a_hand_that_explains_the_bid_keeps_its_weight_and_a_smaller_scale_punishes_misfits_harder() -> None:
    hand, bidder, me = after_a_bid_of_60()
    k = knowledge_of(hand_view(hand, me), hand.rules)
    true = hand.hands[bidder]
    add, closed = k.evidence_extra[bidder]
    limit = limit_of(true | add, k.hand_size, 4, hand.rules, closed, 60)
    # the true hand bid 60 by the heuristic's own valuation: it explains the bid fully
    assert limit >= 60 and seat_weight(k, bidder, true, 3.0) == 1.0
    # a hand from the other cards that values far below 60: weight e^(-gap/scale), lower for a smaller scale
    rng = random.Random(3)
    pool = [c for c in range(32) if k.allowed[bidder] >> c & 1]
    for _ in range(200):
        weak = sum(1 << c for c in rng.sample(pool, true.bit_count()))
        gap = 60 - limit_of(weak | add, k.hand_size, 4, hand.rules, closed, 60)
        if gap > 15:
            break
    else:
        raise AssertionError("no weak hand found")
    assert seat_weight(k, bidder, weak, 12.0) == math.exp(-gap / 12.0)
    assert seat_weight(k, bidder, weak, 3.0) < seat_weight(k, bidder, weak, 12.0) < 1.0


def test_a_sharper_scale_deals_the_bidder_stronger_cards() -> None:
    hand, bidder, me = after_a_bid_of_60()
    sampler = Sampler(hand_view(hand, me), hand.rules)

    def mean_power(scale: float) -> float:
        rng = random.Random(5)
        values: list[float] = []
        while len(values) < 60:
            world = sampler.draw(rng, scale=scale)
            if world is not None:
                values.append(best_trump(world.hands[bidder] | world.deal.open, 6, 4, hand.rules)[1])
        return sum(values) / len(values)

    # a scale of 1000 all but ignores the bid; 3 trusts it
    assert mean_power(3.0) > mean_power(1000.0) + 5


def test_the_bot_passes_its_evidence_scale_to_the_sampler() -> None:
    hand, _, me = after_a_bid_of_60()
    view = hand_view(hand, me)
    sharp = PimcBot(seed=4, strength=replace(STEADY, evidence_scale=0.5))
    loose = PimcBot(seed=4, strength=replace(STEADY, evidence_scale=1000.0))
    sharp_evaluator, loose_evaluator = sharp.evaluator(view), loose.evaluator(view)
    assert sharp_evaluator is not None and loose_evaluator is not None
    worlds_sharp = [w.hands for w, _ in zip(sharp_evaluator.source(math.inf), range(8), strict=False)]
    worlds_loose = [w.hands for w, _ in zip(loose_evaluator.source(math.inf), range(8), strict=False)]
    assert worlds_sharp != worlds_loose  # the same seed, other weights: other worlds


def test_unproven_worlds_count_as_failures_only_when_asked() -> None:
    match = Match(preset("nk"), 4, 3)
    view = hand_view(match.hand, match.hand.to_act)
    bid = Bid(BidKind.NUMBER, 40)
    assert bid.text() in view.legal
    found = {}
    for unproven_fails in (False, True):
        strength = replace(STEADY, samples=5, unproven_fails=unproven_fails)
        bot = PimcBot(seed=7, strength=strength)
        source = bot.evaluator(view)
        assert source is not None
        evaluator = Evaluator(view.viewer, strength, source.source, early_stop=False)
        # 300 nodes a solve: too few to prove many of the worlds either way
        tally = evaluator.bid_tally([bid], Budget(None, 300, math.inf))
        found[unproven_fails] = (tally.count[bid], tally.wins[bid], evaluator.skipped)
    (count_dropped, _, skipped_dropped), (count_failed, wins_failed, skipped_failed) = found[False], found[True]
    # left out: the bot draws worlds until five are answered, skipping the unproven ones
    assert count_dropped == 5 and skipped_dropped > skipped_failed
    # counted as failures: the first five worlds all count, and the unproven ones count as not made
    assert count_failed == 5 and skipped_failed >= 1
    assert wins_failed <= count_failed - skipped_failed
