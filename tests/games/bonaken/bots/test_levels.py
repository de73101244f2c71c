"""The levels people choose from, and the calibrated bidding of the strong level.

Nothing here depends on the machine's speed: the pimc bots think with a work
limit (worlds and solver nodes), not a clock.
"""

from __future__ import annotations

import math
import random

import pytest

from troef.bots import bot_kinds, make_bot
from troef.games import game
from troef.games.bonaken.actions import Bid, BidKind, Pass
from troef.games.bonaken.bidmodel import MODEL_FILE, fit_logistic, load_model, logit, make_chance
from troef.games.bonaken.game import Bonaken
from troef.games.bonaken.heuristic import HeuristicBot
from troef.games.bonaken.levels import BEGINNER_SLIPS, LEVELS, BeginnerBot
from troef.games.bonaken.match import Match
from troef.games.bonaken.pimc import PimcBot, Strength
from troef.games.bonaken.rules import preset
from troef.games.bonaken.view import hand_view
from troef.server.bonaken import BonakenAdapter

STEADY = Strength(
    budget=math.inf, bid_budget=math.inf, plan_budget=math.inf, samples=6, min_worlds=2, node_limit=20_000
)


def test_the_levels_are_offered_weakest_first_everywhere() -> None:
    kinds = bot_kinds("bonaken")
    assert kinds[1:4] == LEVELS == ("beginner", "club", "strong")
    assert {"heuristic", "pimc"} <= set(kinds)  # the bots' own names stay for the arena and saved tables
    assert BonakenAdapter(Bonaken()).bot_levels()[1:4] == list(LEVELS)
    assert type(make_bot("bonaken", "club", 1)).__mro__[1] is HeuristicBot
    assert isinstance(make_bot("bonaken", "strong", 1), PimcBot)


def test_the_beginner_bids_as_the_club_player_but_slips_in_play() -> None:
    rules = preset("nk")
    plays = differ = bids = 0
    for seed in range(12):
        match = Match(rules, 4, seed)
        beginner, club = BeginnerBot(seed), HeuristicBot(seed)
        while not match.is_over and len(match.hands) < 3:
            view = hand_view(match.hand, match.hand.to_act)
            mine, theirs = beginner.act(view), club.act(view)
            assert mine.text() in view.legal
            if view.phase == "bidding":
                bids += 1
                assert mine == theirs
            elif view.phase == "play" and len(view.legal) > 1:
                plays += 1
                differ += mine != theirs
            match.apply(theirs)
    assert bids >= 20 and plays >= 40
    # a slip picks any legal card, now and then the club player's own one
    assert 0.1 < differ / plays <= BEGINNER_SLIPS + 0.1


@pytest.mark.parametrize(("name", "preset_name"), [("klaverjas", "kraken"), ("binokel", "cardgames")])
def test_every_game_has_the_three_levels_and_its_beginner_slips_only_in_card_play(name: str, preset_name: str) -> None:
    played = game(name)
    assert played.offered_levels() == ("random", *LEVELS)
    assert isinstance(played.make_bot("club", 1), type(played.make_bot("heuristic", 1)))
    assert isinstance(played.make_bot("strong", 1), type(played.make_bot("pimc", 1)))
    plays = differ = others = 0
    for seed in range(6):
        match = played.new_match(preset_name, 4, seed=seed)
        beginner, club = played.make_bot("beginner", seed), played.make_bot("club", seed)
        for _ in range(120):
            if match.is_over:
                break
            view = played.view(match, match.to_act)
            mine, theirs = beginner.act(view), club.act(view)
            assert mine.text() in view.legal
            if view.phase == "play" and len(view.legal) > 1:
                plays += 1
                differ += mine != theirs
            elif len(view.legal) > 1:
                others += 1
                assert mine == theirs, view.phase  # words, bids, trump and exchange as the club player
            played.apply(match, theirs)
    assert others >= 6 and plays >= 40
    assert 0.1 < differ / plays <= BEGINNER_SLIPS + 0.1


def test_logistic_fit_recovers_a_known_curve() -> None:
    rng = random.Random(7)
    xs = [rng.uniform(-3, 3) for _ in range(4000)]
    ys = [int(rng.random() < 1 / (1 + math.exp(-(0.5 + 1.5 * x)))) for x in xs]
    a, b = fit_logistic(xs, ys)
    assert abs(a - 0.5) < 0.2 and abs(b - 1.5) < 0.25


def test_the_shipped_curves_rise_with_the_sampled_rate() -> None:
    model = load_model(MODEL_FILE)
    assert "number" in model
    for group in model:
        chances = [make_chance(group, r / 10, model) for r in range(11)]
        assert chances == sorted(chances) and chances[0] < chances[-1]
    assert logit(0.0) == logit(0.01) < 0 < logit(1.0)


def first_number_bid_view() -> tuple[Match, PimcBot]:
    """A seeded opening position in which the pimc bot plays a number bid out (no pruning)."""
    for seed in range(40):
        match = Match(preset("nk"), 4, seed)
        view = hand_view(match.hand, match.hand.to_act)
        bot = PimcBot(seed=1, strength=STEADY)
        bot.bid_model = {"number": (6.0, 0.0), "misere": (-6.0, 0.0), "every_trick": (-6.0, 0.0)}
        action = bot.act(view)
        if isinstance(action, Bid) and action.kind == BidKind.NUMBER:
            return match, bot
    raise AssertionError("no seeded opening with a number bid worth playing out")


def test_the_bid_follows_the_real_chance_not_the_sampled_rate() -> None:
    match, bold = first_number_bid_view()
    view = hand_view(match.hand, match.hand.to_act)
    assert bold.last_bid is not None and 0.0 <= bold.last_bid[1] <= 1.0
    # the same worlds, a curve that says such contracts are never made: pass
    timid = PimcBot(seed=1, strength=STEADY)
    timid.bid_model = {"number": (-6.0, 0.0), "misere": (-6.0, 0.0), "every_trick": (-6.0, 0.0)}
    assert timid.act(view) == Pass()
    assert timid.last_bid is None
