"""The Binokel search player: the solver against plain minimax, the sampler against the truth, pimc on its view."""

from __future__ import annotations

import copy
import random

import pytest

from tests.games.binokel.bots_helpers import deal_with, position, view
from tests.games.binokel.helpers import RULES, act
from troef.cards import card_str, cards_of
from troef.core.chance import GameRandom
from troef.core.pimc import Budget
from troef.games.binokel.cheat import CheatBot, TrueWorld
from troef.games.binokel.deal import deal_cards
from troef.games.binokel.game import GAME
from troef.games.binokel.hints import hints
from troef.games.binokel.meld import meld_value
from troef.games.binokel.pimc import PimcBot, Strength
from troef.games.binokel.play import LAST_TRICK, POINTS, POWER, kinds_of, legal_kinds, winner_of
from troef.games.binokel.reading import KINDS32, mask_of_counts, read
from troef.games.binokel.sampler import BID_SLACK, sample_world
from troef.games.binokel.solver import Position, legal, position_of, solve, solve_moves
from troef.games.binokel.state import DealState, Phase
from troef.games.binokel.view import BinokelView

BINOKEL = GAME
HEARTS = 0
#: A quick search player for tests: few worlds, little work.
QUICK = Strength(play=Budget(worlds=3, nodes=600), plan=Budget(worlds=3, nodes=1500), solve_last=2)


def _minimax(r: DealState, side: int) -> int:
    """Trick points ``side`` takes from here on, by trying every legal card through the engine itself."""
    if r.is_over or r.phase != Phase.PLAY:
        return 0
    seat = r.to_act
    values = []
    for action in r.legal_actions():
        if action.text() == "concede":
            continue
        nxt = copy.deepcopy(r)
        before = nxt.trick_points[side]
        nxt.apply(action)
        values.append(nxt.trick_points[side] - before + _minimax(nxt, side))
    return max(values) if seat & 1 == side else min(values)


def _play_to(seed: int, tricks_left: int, cards_in_trick: int) -> DealState:
    """A random round played until ``tricks_left`` tricks remain and ``cards_in_trick`` cards of the next are down."""
    rng = random.Random(seed)
    r = DealState(RULES, deal_cards(seed % 4, GameRandom(seed)))
    while not r.is_over:
        if r.phase == Phase.PLAY and 12 - len(r.played) == tricks_left and len(r.current) == cards_in_trick:
            return r
        legal = [a for a in r.legal_actions() if a.text() != "concede"]
        r.apply(legal[rng.randrange(len(legal))])
    raise AssertionError("the round ended early")


@pytest.mark.parametrize(("tricks_left", "cards_in_trick"), [(1, 0), (2, 0), (2, 3), (3, 1)])
def test_solver_is_exact_against_plain_minimax_on_end_positions(tricks_left: int, cards_in_trick: int) -> None:
    for seed in range(1, 6 if tricks_left < 3 else 3):
        r = _play_to(seed, tricks_left, cards_in_trick)
        side = r.to_act & 1
        p = position_of(r)
        assert solve(p, side) == _minimax(r, side)
        assert solve(p, 1 - side) == _minimax(r, 1 - side)
        for kind, value in solve_moves(p, side).items():
            nxt = copy.deepcopy(r)
            before = nxt.trick_points[side]
            nxt.apply(BINOKEL.parse_action(f"play {card_str(kind)}"))
            assert value == nxt.trick_points[side] - before + _minimax(nxt, side)


def _positions(seeds: range, every: int = 5) -> list[tuple[BinokelView, DealState]]:
    """Views (and the true rounds) along heuristic games, every ``every`` actions."""
    out = []
    for seed in seeds:
        match = BINOKEL.new_match("cardgames", seed=seed)
        bots = [BINOKEL.make_bot("heuristic", s) for s in range(4)]
        for step in range(160):
            if match.is_over:
                break
            seat = match.to_act
            v = BINOKEL.view(match, seat)
            if step % every == 0:
                out.append((v, copy.deepcopy(match.round)))
            BINOKEL.apply(match, bots[seat].act(v))
    return out


def _counts(hand: int) -> list[int]:
    out = [0] * 32
    for c in range(64):
        if hand >> c & 1:
            out[c & 31] += 1
    return out


def test_sampled_worlds_keep_what_the_seat_knows() -> None:
    rng = random.Random(5)
    for v, r in _positions(range(1, 5)):
        reading = read(v)
        truth = [_counts(h) for h in r.hands]
        for seat in range(4):
            if seat == v.viewer:
                continue
            # the reading is never wrong about the true deal
            for k in KINDS32:
                assert truth[seat][k] >= reading.known[seat][k]
                if truth[seat][k]:
                    assert not reading.void[seat][k >> 3]
                    assert POWER[k] <= reading.cap[seat][k >> 3]
        for _ in range(3):
            world = sample_world(reading, v, rng)
            assert [sum(h) for h in world] == list(v.hand_sizes)
            assert world[v.viewer] == reading.mine
            for k in KINDS32:
                assert sum(world[s][k] for s in range(4)) + reading.played[k] == 2
            for seat in range(4):
                if seat != v.viewer:
                    assert all(world[seat][k] >= reading.known[seat][k] for k in KINDS32)
                    assert not any(world[seat][k] for k in KINDS32 if reading.void[seat][k >> 3])


def test_sampled_worlds_meld_what_every_seat_showed() -> None:
    rng = random.Random(7)
    matched = total = 0
    for v, _ in _positions(range(1, 4), every=3):
        if v.phase != "play":
            continue
        reading = read(v)
        played = [[0] * 32 for _ in range(4)]
        for _, trick, _ in v.tricks:
            for seat, c in trick:
                played[seat][c & 31] += 1
        for seat, c in v.trick:
            played[seat][c & 31] += 1
        world = sample_world(reading, v, rng)
        for seat in range(4):
            at_meld = [world[seat][k] + played[seat][k] for k in range(32)]
            total += 1
            matched += meld_value(mask_of_counts(at_meld), v.trump) == reading.meld[seat]
    assert total and matched / total > 0.95


def test_pimc_only_uses_the_view() -> None:
    """The same view with other hidden cards behind it (the leak battery's redeal) gives the same decision."""
    checked = 0
    for seed in (3, 4):
        match = BINOKEL.new_match("cardgames", seed=seed)
        bots = [BINOKEL.make_bot("heuristic", s) for s in range(4)]
        for step in range(70):
            seat = match.to_act
            v = BINOKEL.view(match, seat)
            if step % 6 == 0 and len(v.legal) > 1:
                other = BINOKEL.shuffle_unseen(match, seat, seed * 100 + step)
                if other is not None:
                    same = BINOKEL.view(other, seat)
                    assert same.to_json() == v.to_json()
                    mine = PimcBot(9, strength=QUICK).act(v)
                    theirs = PimcBot(9, strength=QUICK).act(same)
                    assert mine == theirs
                    checked += 1
            BINOKEL.apply(match, bots[seat].act(v))
    assert checked >= 5


def test_pimc_every_action_is_legal_across_a_seeded_game() -> None:
    match = BINOKEL.new_match("cardgames", seed=21, switches={"target": 1000})
    bots = [PimcBot(s, strength=QUICK) if s % 2 == 0 else BINOKEL.make_bot("random", s) for s in range(4)]
    while not match.is_over and len(match.rounds) <= 3:
        seat = match.to_act
        v = BINOKEL.view(match, seat)
        action = bots[seat].act(v)
        assert action.text() in v.legal
        BINOKEL.apply(match, action)
    assert len(match.rounds) > 1


def test_pimc_never_passes_while_its_meld_alone_reaches_the_next_bid() -> None:
    r = DealState(RULES, deal_with({0: "Ah Ah' Ad Ad' Ac Ac' As As' 9h 9d 9c 9s"}))
    act(r, "bid 250", "pass", "bid 270")  # seat 1 bids, the partner passes, seat 3 raises
    assert PimcBot(1, strength=QUICK).act(view(r, 0)).text() == "bid 280"


def test_pimc_partner_passes_trumps_and_aces() -> None:
    r = DealState(
        RULES, deal_with({1: "Kh Qh Jh 9h Ad 9d' Jd' 9c' Jc' 9s' Js' Kc", 3: "Ah 10h As Ac 9d 9c 9s Jc Js Qc Qd 10d"})
    )
    act(r, "bid 250", "pass", "pass", "pass", "trump h")
    bot = PimcBot(1, strength=QUICK)
    for _ in range(4):
        act(r, bot.act(view(r, 3)).text())
    given = [c & 31 for c in r.given]
    assert sum(1 for c in given if c >> 3 == 0 or c & 7 == 7) == 4, "passed something else than trumps and aces"


def test_cheat_sees_the_true_world() -> None:
    match = BINOKEL.new_match("cardgames", seed=8)
    v = BINOKEL.view(match, match.to_act)
    world = TrueWorld(lambda: match).sample(v, random.Random(1))
    assert world == [_counts(h) for h in match.round.hands]
    bot = CheatBot(lambda: match, seed=1, strength=QUICK)
    for _ in range(40):
        seat = match.to_act
        v = BINOKEL.view(match, seat)
        action = bot.act(v)
        assert action.text() in v.legal
        BINOKEL.apply(match, action)


def test_hints_name_every_legal_action_with_one_best_choice() -> None:
    phases = set()
    for v, _ in _positions(range(2, 3), every=7):
        if len(v.legal) < 2:
            continue
        found = hints(v, budget=0.02, seed=1)
        assert [h.text for h in found] == list(v.legal)
        phases.add(v.phase)
        if v.phase in ("give", "return"):
            assert 1 <= sum(h.best for h in found) <= 4 - len(v.gave)
        else:
            assert sum(h.best for h in found) == 1
        for h in found:
            if h.value is not None:
                assert 0.0 <= h.value <= 1.0
            elif v.phase == "bidding":
                assert h.text == "pass"
    assert {"bidding", "play"} <= phases


def test_sampled_worlds_follow_the_bids() -> None:
    """A seat that bid 270 gets a hand that melds at least 270 - BID_SLACK in (nearly) every world."""
    r = DealState(RULES, deal_with({3: "Ah Ad Ac As Kh Qh 9h Jd Qs 9c 9s Jc"}))
    act(r, "pass", "bid 250", "bid 270")  # seat 1 passes at once, seats 2 and 3 bid
    v = view(r, 0)
    reading = read(v)
    rng = random.Random(3)
    lows = highs = 0
    for _ in range(40):
        world = sample_world(reading, v, rng)
        melds = [max(meld_value(mask_of_counts(world[s]), t) for t in range(4)) for s in range(4)]
        lows += melds[3] >= 270 - BID_SLACK
        highs += melds[1] < 250
    assert lows >= 38 and highs >= 38


def test_pimc_ueberreizen_concedes_a_contract_out_of_reach() -> None:
    hands = {0: "Ah 9d Kd", 1: "9h Jh Qh", 2: "9s Js Qs", 3: "9c Jc Qc"}
    r = position(hands, HEARTS, declarer=0, leader=0, bid=600)
    v = view(r, 0)
    assert "concede" in v.legal
    assert PimcBot(1, strength=QUICK).act(v).text() == "concede"


def test_pimc_is_the_registered_search_player() -> None:
    assert "pimc" in BINOKEL.bot_kinds() and "cheat" not in BINOKEL.bot_kinds()
    assert isinstance(BINOKEL.make_bot("pimc", 1), PimcBot)


def test_pimc_work_factor_scales_worlds_and_work_but_not_the_time_caps() -> None:
    base = Strength(play=Budget(worlds=10, nodes=1000, time_cap=0.3), plan=Budget(worlds=8, nodes=4000, time_cap=0.5))
    play, plan = Strength(play=base.play, plan=base.plan, work=2.5).budgets()
    assert (play.worlds, play.nodes, play.time_cap) == (25, 2500, 0.3)
    assert (plan.worlds, plan.nodes, plan.time_cap) == (20, 10000, 0.5)
    assert base.budgets() == (base.play, base.plan)
    bot = PimcBot(1, strength=Strength(play=base.play, plan=base.plan, work=2.5))
    assert bot.budget == play


def _brute(hands: tuple[int, ...], trump: int, leader: int, trick: tuple[int, ...], left: int, side: int) -> int:
    """Trick points ``side`` takes from here: every legal card tried, no pruning, no merging (the engine's rules)."""
    if left == 0:
        return 0
    seat = (leader + len(trick)) % 4
    kinds = kinds_of(hands[seat])
    if trick:
        kinds = legal_kinds(kinds, trick[0] >> 3, trick[winner_of(trick, trump)], trump)
    values = []
    for kind in cards_of(kinds):
        # the copy played does not matter to the rules; the engine plays copy 0 first
        copy0 = 1 << kind
        played = copy0 if hands[seat] & copy0 else copy0 << 32
        rest = tuple(h & ~played if s == seat else h for s, h in enumerate(hands))
        cards = (*trick, kind)
        if len(cards) < 4:
            values.append(_brute(rest, trump, leader, cards, left, side))
            continue
        won = (leader + winner_of(cards, trump)) % 4
        points = sum(POINTS[c] for c in cards) + (LAST_TRICK if left == 1 else 0)
        values.append((points if won & 1 == side else 0) + _brute(rest, trump, won, (), left - 1, side))
    return max(values) if seat & 1 == side else min(values)


@pytest.mark.parametrize(
    ("tricks_left", "cards_in_trick"),
    # five whole tricks by brute force take some seconds: the fast suite checks four and a part trick
    [(4, 0), (4, 2), pytest.param(5, 0, marks=pytest.mark.slow), (5, 3)],
)
def test_solver_equals_brute_force_minimax_on_random_deals(tricks_left: int, cards_in_trick: int) -> None:
    """The search's table, bounds, merging of equal cards and ordering change nothing in the values."""
    for seed in range(10, 13 if tricks_left == 5 else 16):
        r = _play_to(seed, tricks_left, cards_in_trick)
        p = position_of(r)
        hands = tuple(p.hands)
        for side in (0, 1):
            assert solve(p, side) == _brute(hands, p.trump, p.leader, p.trick, p.tricks_left, side)
        side = p.to_act & 1
        moves = solve_moves(p, side)
        assert sorted(moves) == legal(p.hands, p.leader, p.trick, p.trump)
        for kind, value in moves.items():
            seat = p.to_act
            copy0 = 1 << kind
            played = copy0 if hands[seat] & copy0 else copy0 << 32
            after = Position(
                [h & ~played if s == seat else h for s, h in enumerate(hands)],
                p.trump,
                p.leader,
                (*p.trick, kind),
                p.tricks_left,
            )
            if len(after.trick) == 4:
                cards = after.trick
                won = (p.leader + winner_of(cards, p.trump)) % 4
                points = sum(POINTS[c] for c in cards) + (LAST_TRICK if p.tricks_left == 1 else 0)
                gained = points if won & 1 == side else 0
                rest = tuple(after.hands)
                assert value == gained + _brute(rest, p.trump, won, (), p.tricks_left - 1, side)
            else:
                assert value == _brute(tuple(after.hands), p.trump, p.leader, after.trick, p.tricks_left, side)
