"""The sampling player of klaverjas: worlds never contradict the seat's view, and it plays legally.

Worlds are checked by the engine itself: the sampled hands, with the cards
each seat has played added back, are dealt afresh and the deal's whole
history is replayed on them; a world that contradicts a refusal to follow or
to trump, or a roem declared from the hand, makes the replay fail.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from tests.games.klaverjas.test_solver import random_position
from troef.core.errors import IllegalActionError
from troef.core.pimc import Budget, decide
from troef.games.klaverjas.cheat import SIGHTS, CheatBot, sight_of
from troef.games.klaverjas.deal import Deal
from troef.games.klaverjas.heuristic import HeuristicBot
from troef.games.klaverjas.match import Match
from troef.games.klaverjas.pimc import (
    CardEvaluator,
    KlaverjasPimcBot,
    Strength,
    defending_left,
    kraak_threshold,
)
from troef.games.klaverjas.rules import PRESETS, preset
from troef.games.klaverjas.sampler import WorldSampler, forbidden_by_plays, knowledge
from troef.games.klaverjas.solver import position_from_deal, position_from_view
from troef.games.klaverjas.state import DealState, Phase
from troef.games.klaverjas.view import deal_view, state_view

#: Little thinking: every code path, quickly.
QUICK = Strength(
    worlds=3, nodes=1500, exact_from=3, horizon=1, bid_worlds=2, bid_nodes=600, bid_horizon=1, contracts="sampled"
)
#: The cheat's sight in tests: the one true world, the deal solved to its end for trump and the kraak words.
SEEING = Strength(
    worlds=1,
    nodes=20_000,
    exact_from=4,
    horizon=2,
    bid_worlds=1,
    bid_nodes=60_000,
    bid_horizon=0,
    time_cap=None,
    contracts="sampled",
)

POSITIONS = [(name, seed, left) for name in PRESETS for seed in range(8) for left in (8, 7, 5, 3)]


def _played(deal: DealState) -> list[int]:
    played = [0, 0, 0, 0]
    for trick, _ in deal.tricks:
        for seat, card in trick:
            played[seat] |= 1 << card
    for seat, card in deal.trick:
        played[seat] |= 1 << card
    return played


def replays(deal: DealState, hands: tuple[int, int, int, int]) -> bool:
    """Whether the deal's history is legal with ``hands`` (held now) as the hidden cards."""
    played = _played(deal)
    dealt = Deal(deal.dealer, tuple(hands[s] | played[s] for s in range(4)))  # type: ignore[arg-type]
    again = DealState(deal.rules, dealt, must_kraak=deal.must_kraak)
    try:
        for _seat, action in deal.history:
            again.apply(action)
    except IllegalActionError:
        return False
    return True


@pytest.mark.parametrize(("name", "seed", "left"), POSITIONS)
def test_worlds_agree_with_everything_the_view_shows(name: str, seed: int, left: int) -> None:
    deal = random_position(name, seed, left)
    if deal.phase != Phase.PLAY:
        pytest.skip("not in the play")
    seat = deal.to_act
    view = state_view(deal, seat)
    sampler = WorldSampler(view)
    rng = random.Random(seed)
    for _ in range(6):
        world = sampler.sample(view, rng)
        assert world is not None
        assert world[seat] == deal.hands[seat]
        assert [h.bit_count() for h in world] == [h.bit_count() for h in deal.hands]
        assert (
            world[0] | world[1] | world[2] | world[3] == deal.hands[0] | deal.hands[1] | deal.hands[2] | deal.hands[3]
        )
        assert replays(deal, world)


def test_a_refusal_to_follow_shows_a_void_and_not_trumping_shows_no_higher_trump() -> None:
    # Amsterdam: hearts led by seat 1, clubs trump; seat 2 discards a spade over an opponent's winning heart
    rules = preset("amsterdam")
    from tests.games.klaverjas.helpers import act, make_deal

    deal = make_deal(
        rules,
        {
            0: "7h 8h 9h 10h 7d 8d 9d 10d",
            1: "Ah Kh Qh Jh Jd Qd Kd Ad",
            2: "7s 8s 9s 10s Js Qs Ks As",
            3: "7c 8c 9c 10c Jc Qc Kc Ac",
        },
        dealer=0,
    )
    act(deal, "trump c", "play Ah", "play 7s")
    view = state_view(deal, 3)
    know = knowledge(view)
    hearts = 0xFF
    clubs = 0xFF << 16
    assert know.forbidden[2] & hearts & know.unseen == hearts & know.unseen  # seat 2 showed no hearts
    assert know.forbidden[2] & clubs & know.unseen == clubs & know.unseen  # nor any trump: must trump over Ah
    assert not know.forbidden[0] & know.unseen  # seat 0 has not played yet: nothing is known of its cards
    assert forbidden_by_plays(view, know.unseen)[2] == know.forbidden[2]


@pytest.mark.parametrize("name", PRESETS)
def test_the_view_position_of_the_true_world_is_the_deal_position(name: str) -> None:
    for seed in range(10):
        for left in (8, 6, 2):
            deal = random_position(name, 50 + seed, left, {"roem_counting": "claim"} if seed % 3 == 0 else None)
            if deal.phase not in (Phase.PLAY, Phase.CLAIM):
                continue
            seat = deal.to_act if deal.phase == Phase.PLAY else deal.tricks[-1][1]
            hands = (deal.hands[0], deal.hands[1], deal.hands[2], deal.hands[3])
            assert position_from_view(state_view(deal, seat), hands) == position_from_deal(deal)


def test_the_card_evaluator_values_a_lost_cause_at_zero_and_a_sure_thing_at_one() -> None:
    deal = random_position("amsterdam", 3, 2)
    assert deal.phase == Phase.PLAY
    seat = deal.to_act
    view = state_view(deal, seat)
    world = (deal.hands[0], deal.hands[1], deal.hands[2], deal.hands[3])
    plays = [t for t in view.legal if t.startswith("play")]
    values, spent = CardEvaluator(QUICK).evaluate(view, world, plays, 10_000)
    from troef.games.klaverjas.solver import solve

    solution = solve(position_from_deal(deal))
    mine = (seat & 1) == solution.playing_side
    for text in plays:
        card = next(c for c in solution.move_values if text.endswith(" " + _name(c)))
        assert values[text] == (1.0 if solution.move_values[card] == mine else 0.0)
    assert spent > 0


def _name(card: int) -> str:
    from troef.cards import card_str

    return card_str(card)


@pytest.mark.parametrize("name", PRESETS)
def test_pimc_and_cheat_play_whole_deals_legally(name: str) -> None:
    match = Match(preset(name), seed=7, first_dealer=1)
    bots = [
        KlaverjasPimcBot(1, strength=QUICK),
        CheatBot(lambda: match.deal, 2, strength=QUICK),
        KlaverjasPimcBot(3, strength=QUICK),
        CheatBot(lambda: match.deal, 4, strength=QUICK),
    ]
    while len(match.deals) <= 2 and not match.is_over:
        seat = match.to_act
        view = deal_view(match, seat)
        action = bots[seat].act(view)
        assert action.text() in view.legal
        match.apply(action)
    assert len(match.sheet.rows) >= 2


def test_the_default_player_names_trump_and_kraaks_as_the_club_player_does() -> None:
    match = Match(preset("kraken"), seed=12, first_dealer=3)
    pimc = KlaverjasPimcBot(4, strength=replace(QUICK, contracts="heuristic"))
    club = HeuristicBot(4)
    while match.deal.phase in (Phase.CHOOSE, Phase.KRAAK):
        view = deal_view(match, match.to_act)
        action = pimc.act(view)
        assert action == club.act(view)
        match.apply(action)
    while len(match.deals) == 1:  # and plays the deal legally
        view = deal_view(match, match.to_act)
        action = pimc.act(view)
        assert action.text() in view.legal
        match.apply(action)


def test_a_seed_decides_the_same_way() -> None:
    deal = random_position("kraken", 9, 6)
    view = state_view(deal, deal.to_act)
    one = KlaverjasPimcBot(5, strength=QUICK).act(view)
    two = KlaverjasPimcBot(5, strength=QUICK).act(view)
    assert one == two


def test_the_kraak_threshold_falls_while_the_quota_is_owed() -> None:
    match = Match(preset("kraken"), seed=1, first_dealer=0)
    match.apply(match.legal_actions()[0])  # trump: the kraak chain starts
    view = deal_view(match, match.to_act)
    assert view.phase == "kraak"
    side = view.viewer & 1
    left = defending_left(view, side)
    assert left == 8  # Kraken 3.1: 16 deals, each side defends every other one
    assert kraak_threshold(view) == pytest.approx(0.5 * (1 - 4 / 8))
    assert kraak_threshold(replace(view, owed=(0, 0))) == 0.5
    assert kraak_threshold(replace(view, owed=(1, 1))) > kraak_threshold(view)


def test_trump_choice_is_a_decision_over_the_four_suits() -> None:
    match = Match(preset("amsterdam"), seed=4, first_dealer=0)
    view = deal_view(match, match.to_act)
    bot = KlaverjasPimcBot(2, strength=QUICK)
    action = bot.act(view)
    assert bot.last is not None and set(bot.last.values) == set(view.legal)
    assert action.text() == bot.last.best
    decision = decide(view, view.legal, WorldSampler(view), _Never(), Budget(worlds=2), random.Random(1))
    assert decision.best == view.legal[0]  # all equal: the first listed


class _Never:
    def evaluate(self, view: object, world: object, actions: object, nodes: int) -> tuple[dict[str, float], int]:
        assert isinstance(actions, tuple)
        return dict.fromkeys(actions, 0.0), 1


def test_hints_value_every_card_and_mark_the_best() -> None:
    from troef.games.klaverjas.hints import hints

    deal = random_position("rotterdam", 4, 3)
    seat = deal.to_act
    view = state_view(deal, seat)
    found = hints(view, budget=0.2, seed=3)
    assert sorted(h.text for h in found) == sorted(view.legal)
    assert found[0].best and [h.value for h in found if h.value is not None] == sorted(
        (h.value for h in found if h.value is not None), reverse=True
    )
    plays = [h for h in found if h.text.startswith("play")]
    assert all(h.value is not None and 0.0 <= h.value <= 1.0 for h in plays)
    best = [h for h in found if h.best]
    assert len(best) == 1 and best[0].value == max(h.value for h in plays if h.value is not None)
    # with three tricks left the solver is exact: a card that wins in every world of the true deal is sure
    assert hints(view, budget=0.2, seed=3) == found  # a seed reproduces the hints


def test_hints_give_each_trump_a_chance() -> None:
    from troef.games.klaverjas.hints import hints

    match = Match(preset("kraken"), seed=6, first_dealer=2)
    view = deal_view(match, match.to_act)
    found = hints(view, budget=0.2, seed=1)
    assert sorted(h.text for h in found) == ["trump c", "trump d", "trump h", "trump s"]
    assert all(h.value is not None for h in found) and sum(h.best for h in found) == 1
    match.apply(match.legal_actions()[0])
    kraak = hints(deal_view(match, match.to_act), budget=0.2, seed=1)
    assert {h.text for h in kraak} == set(deal_view(match, match.to_act).legal)
    assert all(h.value is not None for h in kraak)


# ---------------------------------------------------------------------------- a cheat that sees in part
def test_a_cheat_sees_the_cards_only_in_the_decisions_it_is_given() -> None:
    """Where it sees, it decides as the full cheat; elsewhere as the pimc player of its fair strength, same seed."""
    checked: dict[str, int] = {}
    differ = 0
    for seed in range(8):
        match = Match(preset("kraken"), seed=seed)
        club = HeuristicBot(seed)

        def sighted(sees: tuple[str, ...] = SIGHTS, seed: int = seed, match: Match = match) -> CheatBot:
            return CheatBot(lambda: match.deal, seed, strength=SEEING, sees=sees, fair=QUICK)

        while len(match.deals) == 1 and not match.is_over:
            view = deal_view(match, match.to_act)
            sight = sight_of(view)
            if len(view.legal) > 1 and view.phase != "claim" and checked.get(sight, 0) <= seed:
                full = sighted().act(view)
                assert sighted((sight,)).act(view) == full
                pimc = KlaverjasPimcBot(seed, strength=QUICK).act(view)
                assert sighted(tuple(s for s in SIGHTS if s != sight)).act(view) == pimc
                checked[sight] = checked.get(sight, 0) + 1
                differ += full != pimc
            match.apply(club.act(view))
    assert set(checked) == set(SIGHTS)
    assert differ >= 1  # the cards it sees change some decisions: otherwise this would prove nothing


def test_a_cheat_refuses_a_sight_it_does_not_have() -> None:
    match = Match(preset("kraken"), seed=1)
    with pytest.raises(ValueError, match="peeking"):
        CheatBot(lambda: match.deal, 1, sees=("kraak", "peeking"))
    with pytest.raises(ValueError, match="choose from"):
        CheatBot(lambda: match.deal, 1, sees=())
