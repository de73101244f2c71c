"""The pimc bot and the cheat: legal on every preset, worlds that never contradict the seat's knowledge.

Nothing here depends on the machine's speed: legality holds whatever the time
budget leaves the bots to do, and the bots compared for strength think with a
work limit (worlds and solver nodes), not a clock.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.games.bonaken.common import GAME_CONFIGS, RULE_SETS, choose
from troef.bots import bot_kinds, make_bot
from troef.bots.registry import Bot
from troef.games.bonaken.actions import Bid, BidKind
from troef.games.bonaken.cheat import PERFECT, SIGHTS, CheatBot, sight_of
from troef.games.bonaken.heuristic import HeuristicBot
from troef.games.bonaken.match import Match
from troef.games.bonaken.pimc import Budget, PimcBot, Sampler, SamplingError, Strength, roem_witnesses
from troef.games.bonaken.play import SUIT32
from troef.games.bonaken.roem import roem_options
from troef.games.bonaken.rules import Rules, preset
from troef.games.bonaken.solver import solve
from troef.games.bonaken.state import DealState, Phase
from troef.games.bonaken.view import hand_view

#: Little thinking: enough to run every code path, quickly (legality must hold whatever the budget).
QUICK = Strength(budget=0.02, bid_budget=0.04, plan_budget=0.06, samples=4, min_worlds=1)
#: Work-limited, clock-free thinking: the same decisions on every machine.
STEADY = Strength(
    budget=math.inf,
    bid_budget=math.inf,
    plan_budget=math.inf,
    samples=4,
    min_worlds=2,
    node_limit=20_000,
)
#: The cheat with a work limit too (exact wherever the limit allows).
CHEAT = replace(PERFECT, budget=math.inf, bid_budget=math.inf, plan_budget=math.inf, node_limit=400_000)


def current_hand(match: Match) -> Callable[[], DealState]:
    """What the cheat is given: the true hand being played."""
    return lambda: match.hand


def fixed(hand: DealState) -> Callable[[], DealState]:
    return lambda: hand


def advance(match: Match, rng: random.Random, steps: int) -> None:
    """Play ``steps`` actions of ``match`` with the test policy that reaches every kind of contract."""
    for _ in range(steps):
        if match.is_over:
            return
        match.apply(choose(match.hand, rng))


# ---------------------------------------------------------------------------- registry
def test_pimc_is_registered_and_the_cheat_is_not() -> None:
    assert "pimc" in bot_kinds("bonaken")
    assert isinstance(make_bot("bonaken", "pimc", 3), PimcBot)
    assert "cheat" not in bot_kinds("bonaken")  # it sees every card: never for a table with people


# ---------------------------------------------------------------------------- legality
def _fewest_players_fast(configs: list[tuple[str, int]]) -> list[Any]:
    """Every preset and table size; each preset's smallest table in the fast suite, the larger ones slow."""
    fewest: dict[str, int] = {}
    for name, players in configs:
        fewest[name] = min(players, fewest.get(name, players))
    return [pytest.param(n, p, marks=() if p == fewest[n] else pytest.mark.slow) for n, p in configs]


@pytest.mark.parametrize(("name", "players"), _fewest_players_fast(GAME_CONFIGS))
def test_pimc_and_cheat_only_take_legal_actions(name: str, players: int) -> None:
    rules = RULE_SETS[name]
    for seed in range(2):
        match = Match(rules, players, seed)
        rng = random.Random(seed)
        pimc = PimcBot(seed=seed, strength=QUICK, rules=rules)
        cheat = CheatBot(current_hand(match), seed=seed, strength=replace(CHEAT, node_limit=20_000))
        hands = 0
        while not match.is_over and hands < 2:
            hand = match.hand
            seat = hand.to_act
            view = hand_view(hand, seat)
            for bot in (pimc, cheat):
                action = bot.act(view)
                assert action.text() in view.legal, f"{bot!r} chose {action.text()!r}; legal: {view.legal}"
            # the bots' choices drive the seat of the pimc bot, the test policy the others
            match.apply(pimc.act(view) if seat == seed % players else choose(hand, rng))
            if hand.is_over:
                hands += 1


def test_pimc_falls_back_to_the_heuristic_when_the_rules_do_not_fit_the_view() -> None:
    # a four-player view under rules without a four-player deal: no world can be dealt
    match = Match(preset("nk"), 4, 1)
    view = hand_view(match.hand, match.hand.to_act)
    wrong = preset("nk", players=(2, 3), layouts=[[2, "3 O2 C1 3"], [3, "3 O2 C1 3"]])
    with pytest.raises(SamplingError):
        Sampler(view, wrong)
    bot = PimcBot(seed=1, rules=wrong)
    assert bot.act(view) == HeuristicBot(seed=1).act(view)
    assert bot.fallbacks == 1
    assert bot.fallback_reasons == {"no_world": 1}


# ---------------------------------------------------------------------------- the work budget
def decisions(bot: PimcBot, seed: int, count: int) -> list[tuple[str, int]]:
    """The bot's choices (and the nodes each took) at ``count`` decisions of a seeded nk match of heuristic bots."""
    match = Match(preset("nk"), 4, seed)
    others = HeuristicBot(seed=seed)
    out: list[tuple[str, int]] = []
    while not match.is_over and len(out) < count:
        view = hand_view(match.hand, match.hand.to_act)
        if len(view.legal) > 1:
            before = bot.nodes
            out.append((bot.act(view).text(), bot.nodes - before))
        match.apply(others.act(view))
    return out


def test_a_seeded_pimc_decides_by_work_not_by_the_clock() -> None:
    """Same seed, same decisions and the same solver nodes: the clock is only a safety net."""
    work = replace(Strength(), samples=6, nodes=4_000, bid_nodes=6_000, plan_nodes=6_000)
    no_clock = replace(work, budget=math.inf, bid_budget=math.inf, plan_budget=math.inf)
    first = PimcBot(seed=4, strength=no_clock)
    again = PimcBot(seed=4, strength=no_clock)
    mine = decisions(first, 9, 30)
    assert mine == decisions(again, 9, 30)
    assert sum(n for _, n in mine) > 0
    assert first.time_caps == 0
    # no decision searches much more than its budget: a solve never gets more nodes than are left
    # (but at least 500), so at most the last solves of a world run a little past it
    assert all(n <= 6_000 + 1_000 for _, n in mine)
    assert max(n for _, n in mine) > 5_000  # and the budget is used


def test_a_budget_too_small_for_any_world_is_a_counted_fallback() -> None:
    starved = replace(STEADY, nodes=1, bid_nodes=1, plan_nodes=1, node_limit=1)
    bot = PimcBot(seed=2, strength=starved)
    match = Match(preset("nk"), 4, 3)
    view = hand_view(match.hand, match.hand.to_act)
    assert view.phase == "bidding"
    assert bot.act(view) == HeuristicBot(seed=2).act(view)
    assert bot.fallbacks == bot.fallback_reasons["few_worlds"] >= 1


def test_each_phase_gets_its_own_node_budget() -> None:
    strength = Strength(nodes=1_000, bid_nodes=2_000, plan_nodes=3_000, solve_share=0.5)
    assert [strength.budget_for(p).left for p in ("play", "bidding", "exchange", "trump")] == [
        1_000,
        2_000,
        3_000,
        3_000,
    ]
    assert strength.budget_for("bidding").per_solve == 1_000
    assert replace(strength, node_limit=77).budget_for("play").per_solve == 77


def test_a_solve_never_gets_more_nodes_than_the_budget_has_left() -> None:
    budget = Budget(10_000, 4_000, math.inf)
    assert budget.solve_limits() == (4_000, None)
    budget.spend(8_000)
    assert budget.solve_limits() == (2_000, None)
    budget.spend(1_900)
    assert budget.solve_limits() == (500, None)  # a few nodes always: endgames need few
    assert not budget.exhausted
    budget.spend(100)
    assert budget.exhausted and not budget.timed_out


# ---------------------------------------------------------------------------- the sampler
def voids_of(hand: DealState, rules: Rules) -> dict[int, int]:
    """Per seat, the cards the public play proves it cannot hold (worked out here, apart from the sampler)."""
    out: dict[int, int] = {}
    trump = hand.trump
    tricks = [list(t) for t, _ in hand.tricks] + ([list(hand.trick)] if hand.trick else [])
    for trick in tricks:
        led = trick[0][1] >> 3
        for seat, card in trick[1:]:
            suit = card >> 3
            if suit == led or (suit == trump and rules.may_trump_instead_of_following):
                continue
            mask = SUIT32[led]
            if led == trump and rules.trump_jack_may_be_kept:
                mask &= ~(1 << (8 * trump + 4))
            out[seat] = out.get(seat, 0) | mask
    return out


@given(
    config=st.sampled_from(GAME_CONFIGS),
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 120),
)
def test_sampled_worlds_never_contradict_what_the_seat_knows(config: tuple[str, int], seed: int, steps: int) -> None:
    name, players = config
    rules = RULE_SETS[name]
    match = Match(rules, players, seed)
    advance(match, random.Random(seed), steps)
    if match.is_over:
        return
    real = match.hand
    me = real.to_act
    view = hand_view(real, me)
    sampler = Sampler(view, rules)
    voids = voids_of(real, rules)
    rng = random.Random(seed)
    worlds = [w for w in (sampler.draw(rng) for _ in range(6)) if w is not None]
    for world in worlds:
        world.deal.validate(rules)
        # everything the seat knows is the same in the world: its own view of it is identical
        assert hand_view(world, me) == view
        assert world.hands[me] == real.hands[me]
        assert world.played == real.played and world.tricks == real.tricks and world.trick == real.trick
        assert world.deal.open == real.deal.open
        assert world.discards[me] == real.discards[me] and world.received[me] == real.received[me]
        if real.took[me]:
            assert world.deal.closed == real.deal.closed  # the blind card it picked up
        for seat in real.seats:
            assert world.hands[seat].bit_count() == real.hands[seat].bit_count()
            assert not world.hands[seat] & voids.get(seat, 0), f"seat {seat} holds a suit it showed out of"
            if seat != me and not world.took[seat] and seat not in real.declarers:
                assert not world.hands[seat] & real.deal.open, "an open centre card in a hand that never took it"


def test_worlds_vary_the_hidden_cards() -> None:
    match = Match(preset("nk"), 4, 3)
    real = match.hand
    sampler = Sampler(hand_view(real, real.to_act), preset("nk"))
    rng = random.Random(0)
    others = {w.hands[(real.to_act + 1) % 4] for w in (sampler.draw(rng) for _ in range(20)) if w is not None}
    assert len(others) > 10  # not the true deal over and over


def test_a_high_bid_deals_its_bidder_stronger_cards() -> None:
    """Soft evidence: a player who bid 60 gets more trump power in the worlds than one who passed."""
    from troef.games.bonaken.heuristic import best_trump

    rules = preset("nk")
    match = Match(rules, 4, 11)
    hand = match.hand
    first = hand.to_act
    hand.apply(Bid(BidKind.NUMBER, 60))
    second = hand.to_act
    hand.apply(hand.legal_actions()[0])  # pass
    me = hand.to_act
    sampler = Sampler(hand_view(hand, me), rules)
    rng = random.Random(5)
    strong = weak = 0.0
    count = 0
    for _ in range(60):
        world = sampler.draw(rng)
        if world is None:
            continue
        count += 1
        strong += best_trump(world.hands[first] | world.deal.open, 6, 4, rules)[1]
        weak += best_trump(world.hands[second] | world.deal.open, 6, 4, rules)[1]
    assert count >= 30
    assert strong / count > weak / count + 10


def test_roem_witnesses_show_exactly_the_roem_declared() -> None:
    rules = preset("nk")
    avail = (0xFF << 8) | (1 << 5) | (1 << 6)  # every diamond, and the queen and king of hearts
    found = roem_witnesses(avail, 50, 0, rules.roem, 6)
    assert found
    for witness in found:
        assert witness & ~avail == 0 and witness.bit_count() <= 6
        assert 50 in roem_options(witness, 0, rules.roem)
    assert roem_witnesses(avail, 0, 0, rules.roem, 6) == [0]
    assert roem_witnesses(0xFF, 300, 0, rules.roem, 6) == []


# ---------------------------------------------------------------------------- the cheat is perfect
def test_the_cheat_plays_a_card_that_reaches_its_goal_whenever_there_is_one() -> None:
    rules = preset("nk")
    checked = 0
    for seed in range(40):
        hand = DealState.new(rules, 4, dealer=seed % 4, seed=seed)
        bots = {s: make_bot("bonaken", "heuristic", seed * 4 + s) for s in range(4)}
        while not hand.is_over and not (hand.phase == Phase.PLAY and len(hand.tricks) >= 2):
            hand.apply(bots[hand.to_act].act(hand_view(hand, hand.to_act)))
        if hand.is_over or len(hand.declarers) != 1:
            continue
        me = hand.to_act
        cheat = CheatBot(fixed(hand), seed=seed, strength=CHEAT)
        action = cheat.act(hand_view(hand, me))
        card = getattr(action, "card", None)
        if card is None:
            continue  # stuk: declared before its card
        truth = solve(hand)
        if truth.winning_moves:
            assert card in truth.winning_moves
            checked += 1
    assert checked >= 8


# ---------------------------------------------------------------------------- a cheat that sees in part
def _sighted(hand: DealState, seed: int, sees: tuple[str, ...] = SIGHTS) -> CheatBot:
    return CheatBot(fixed(hand), seed=seed, strength=CHEAT, sees=sees, fair=STEADY)


@pytest.mark.slow
def test_a_cheat_sees_the_cards_only_in_the_decisions_it_is_given() -> None:
    """Where it sees, it decides as the full cheat; elsewhere as the pimc bot of its fair strength, same seed."""
    rules = preset("pagat")
    checked: dict[str, int] = {}
    differ = 0
    for seed in range(6):
        hand = DealState.new(rules, 4, dealer=seed % 4, seed=seed)
        club = HeuristicBot(seed=seed)
        while not hand.is_over:
            view = hand_view(hand, hand.to_act)
            sight = sight_of(view)
            if len(view.legal) > 1 and view.phase != "roem" and checked.get(sight, 0) <= seed:
                full = _sighted(hand, seed).act(view)
                assert _sighted(hand, seed, (sight,)).act(view) == full
                pimc = PimcBot(seed=seed, strength=STEADY, rules=rules).act(view)
                blind = tuple(s for s in SIGHTS if s != sight)
                assert _sighted(hand, seed, blind).act(view) == pimc
                checked[sight] = checked.get(sight, 0) + 1
                differ += full != pimc
            hand.apply(club.act(view))
    assert set(checked) == set(SIGHTS)
    assert differ >= 1  # the cards it sees change some decisions: otherwise this would prove nothing


def test_a_cheat_refuses_a_sight_it_does_not_have() -> None:
    hand = DealState.new(preset("nk"), 4, dealer=0, seed=1)
    with pytest.raises(ValueError, match="peeking"):
        CheatBot(fixed(hand), seed=1, sees=("bidding", "peeking"))
    with pytest.raises(ValueError, match="choose from"):
        CheatBot(fixed(hand), seed=1, sees=())


# ---------------------------------------------------------------------------- cheat against pimc
def play_hand(seed: int, seat: int, kind: str) -> tuple[int, int]:
    """One nk hand of ``seed``, ``kind`` at ``seat`` and heuristic bots elsewhere: (declared, made) of ``seat``."""
    rules = preset("nk")
    hand = DealState.new(rules, 4, dealer=seed % 4, seed=seed)
    bots: dict[int, Bot] = {s: make_bot("bonaken", "heuristic", seed * 8 + s) for s in range(4)}
    if kind == "cheat":
        bots[seat] = CheatBot(lambda: hand, seed=seed, strength=CHEAT)
    else:
        bots[seat] = PimcBot(seed=seed, strength=STEADY)
    while not hand.is_over:
        hand.apply(bots[hand.to_act].act(hand_view(hand, hand.to_act)))
    result = hand.result
    assert result is not None
    if seat not in result.declarers:
        return 0, 0
    return 1, int(result.won.get(seat, False))


@pytest.mark.slow
def test_the_cheat_makes_contracts_at_least_as_often_as_pimc_on_the_same_deals() -> None:
    """Duplicate: each deal is played once with the cheat and once with pimc at each seat.

    The cheat bids only what it makes against the best defence and then plays
    perfectly, so it makes (nearly) every contract it plays; pimc, guessing
    the hidden cards, makes a smaller share (it may still make more contracts
    in all: against the heuristic's defence a bid the cheat knows to be
    beatable can come home).
    """
    totals = {"cheat": [0, 0], "pimc": [0, 0]}
    for seed in range(4):
        for seat in range(4):
            for kind, tally in totals.items():
                declared, made = play_hand(seed, seat, kind)
                tally[0] += declared
                tally[1] += made
    cheat, pimc = totals["cheat"], totals["pimc"]
    assert cheat[0] >= 2
    assert cheat[1] / cheat[0] >= pimc[1] / max(pimc[0], 1)
