"""Duel (``examples/duel``), installed by pip and found by its entry point, through the research layer from its
declared research part alone (``troef_duel.research``): OpenSpiel's ``random_sim_test``, PettingZoo's
``api_test`` and ``seed_test``, and OpenSpiel's ISMCTS seated in the arena."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test  # noqa: E402

import troef.research.ismcts  # noqa: E402
import troef.research.openspiel  # noqa: E402
from troef.arena.core import run_arena  # noqa: E402
from troef.cards import card_str, cards_of, parse_card, suit_of  # noqa: E402
from troef.games import game  # noqa: E402
from troef.research.pettingzoo import env  # noqa: E402
from troef.research.worlds import from_view, redeal  # noqa: E402

pytestmark = pytest.mark.usefixtures("duel")


@pytest.fixture
def registered(duel: Path) -> None:
    """Duel (installed by ``duel``) registered with pyspiel, which knew only the games known at import."""
    troef.research.openspiel.register()
    assert "duel" in troef.research.openspiel.registered()


def _dealt(state: Any) -> list[int]:
    """Deal the first dealer (seat 0) and then the sixteen cards in ascending order; the cards, as dealt."""
    state.apply_action(0)
    cards = []
    while state.is_chance_node():
        card = state.chance_outcomes()[0][0]
        cards.append(card)
        state.apply_action(card)
    return cards


@pytest.mark.usefixtures("registered")
@pytest.mark.parametrize(
    "name", ["troef_duel", "troef_duel(preset=free)", "troef_duel(preset=standard,must_trump=false,episode=match)"]
)
def test_openspiels_random_sim_test_passes(name: str) -> None:
    pyspiel.random_sim_test(pyspiel.load_game(name), num_sims=3, serialize=True, verbose=False)


@pytest.mark.usefixtures("registered")
def test_openspiel_takes_its_declarations_ids_bounds_chance_and_switch() -> None:
    deal = pyspiel.load_game("troef_duel")
    assert deal.get_parameters()["must_trump"] is True  # the standard preset's value of its one switch
    assert deal.num_distinct_actions() == 16  # J, Q, K, A of four suits (rule 1)
    assert (deal.min_utility(), deal.max_utility()) == (0.0, 6.0)  # a trick a point, six tricks (rules 2, 6)
    assert deal.max_game_length() == 1 + 16 + 12  # the first dealer, sixteen cards dealt, twelve played
    assert pyspiel.load_game("troef_duel(episode=match)").max_utility() == 18.0  # three deals (rule 6)
    state = deal.new_initial_state()
    assert state.chance_outcomes() == [(0, pytest.approx(0.5)), (1, pytest.approx(0.5))]  # who deals first
    state.apply_action(0)
    duel = game("duel")
    deck = sorted(duel.parse_action(text).card for text in state.episode.part.actions())
    assert [card for card, _ in state.chance_outcomes()] == deck
    state = deal.new_initial_state()
    cards = _dealt(state)
    match = state.episode.match
    # the piles of rule 2: six to each seat, then the turned card, whose suit is trump, then three out of play
    assert match.deal.dealt == tuple(sum(1 << c for c in cards[i : i + 6]) for i in (0, 6))
    assert match.deal.turned == cards[12] and match.deal.trump == suit_of(cards[12])
    assert sorted(cards_of(match.deal.unseen)) == sorted(cards[13:])
    assert state.current_player() == 1  # the player after the dealer leads (rule 3)
    texts = {state.action_to_string(1, a) for a in state.legal_actions()}
    assert texts == {f"play {card_str(c)}" for c in cards[6:12]}  # a lead may be any card of the hand
    free = pyspiel.load_game("troef_duel(preset=standard,must_trump=false)").new_initial_state()
    _dealt(free)
    assert free.episode.match.must_trump is False  # the parameter reaches the engine


@pytest.mark.usefixtures("registered")
def test_a_deal_returns_each_seats_tricks() -> None:
    state = pyspiel.load_game("troef_duel(preset=free)").new_initial_state()
    _dealt(state)
    played = 0
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[-1])
        played += 1
    returns = state.returns()
    assert played == 12 and sum(returns) == 6.0
    assert returns == [float(w) for w in state.episode.match.deals[0].won]


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_pettingzoos_api_test_and_seed_test_pass() -> None:
    api_test(env("duel"), num_cycles=200, verbose_progress=False)
    api_test(env("duel", preset="free", episode="match"), num_cycles=200, verbose_progress=False)
    seed_test(lambda **kw: env("duel", **kw), num_cycles=50)


def test_a_world_from_a_seats_view_keeps_what_the_seat_knows_and_nothing_else() -> None:
    duel = game("duel")
    match = duel.new_match("free", seed=8, first_dealer=1)
    for _ in range(5):
        duel.apply(match, duel.parse_action(duel.view(match, match.to_act).legal[-1]))
    view = duel.view(match, match.to_act)
    worlds = [from_view("duel", view, random.Random(seed)) for seed in range(6)]
    other = 1 - view.viewer
    shown = {parse_card(text.split()[1]) for seat, text in view.events if seat == other}
    for world in worlds:
        assert world is not None and world.must_trump is False and world.preset == "free"
        seen = duel.view(world, view.viewer)
        assert (seen.hand, seen.turned, seen.events, seen.legal) == (view.hand, view.turned, view.events, view.legal)
        assert shown <= set(cards_of(world.deal.dealt[other]))  # what the other seat showed it still held
    # the cards the seat has not seen lie otherwise in other worlds
    assert len({w.deal.dealt[other] for w in worlds if w is not None}) > 1
    assert from_view("duel", duel.view(match, -1), random.Random(0)) is None  # a spectator has no seat to search


def test_a_redealt_match_keeps_its_deals_and_the_seats_view() -> None:
    duel = game("duel")
    match = duel.new_match("standard", seed=2)
    while duel.deals(match) < 2 or len(match.deal.history) < 3:
        duel.apply(match, duel.parse_action(duel.view(match, match.to_act).legal[0]))
    seat = match.to_act
    other = redeal("duel", match, seat, random.Random(5))
    assert other is not None and other is not match
    assert [d.dealt for d in other.deals[:-1]] == [d.dealt for d in match.deals[:-1]]
    assert duel.view(other, seat) == duel.view(match, seat)
    assert other.deal.dealt[seat] == match.deal.dealt[seat]


def test_ismcts_decides_every_choice_from_a_world_of_the_seats_view(monkeypatch: pytest.MonkeyPatch) -> None:
    found: list[bool] = []

    def counted(name: str, view: Any, rng: random.Random, tries: int = 20) -> Any:
        world = from_view(name, view, rng, tries)
        found.append(world is not None)
        return world

    monkeypatch.setattr(troef.research.ismcts, "from_view", counted)
    result = run_arena(["openspiel-ismcts:sims=8", "club"], matches=1, seed=5, rules="free", game="duel")
    assert len(result.outcomes) == 1 and sum(result.outcomes[0].scores.values()) == 18.0  # 3 deals of 6 tricks
    assert len(found) >= len(result.bots[0].times) > 0 and all(found)  # no decision fell back to chance


@pytest.mark.slow
@pytest.mark.parametrize("rules", ["standard", "free"])
def test_ismcts_plays_whole_matches_in_the_arena(rules: str) -> None:
    result = run_arena(["openspiel-ismcts:sims=16", "random"], matches=4, seed=11, rules=rules, game="duel")
    assert len(result.outcomes) == 4
    assert all(sum(o.scores.values()) == 18.0 for o in result.outcomes)
    assert len(result.bots[0].times) >= 4
