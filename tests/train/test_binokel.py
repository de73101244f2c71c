"""Binokel's bids learned from self-play: fair features, replays that leave the round alone, a model that learns."""

from __future__ import annotations

import copy
from dataclasses import replace
from pathlib import Path

import pytest

from troef.arena.binokel import PART
from troef.arena.seating import ArenaError
from troef.games.binokel.actions import PASS, bid
from troef.games.binokel.game import GAME
from troef.games.binokel.heuristic import HeuristicBot
from troef.games.binokel.match import Match
from troef.games.binokel.pimc import PimcBot, Strength
from troef.games.binokel.rules import preset
from troef.games.binokel.view import BinokelView, round_view
from troef.train import binokel
from troef.train.model import Mlp
from troef.train.selfplay import Record

#: A strong level with a quarter of the work: a match of self-play in a few seconds.
LIGHT = Strength(work=0.25)


def second_bid(seed: int) -> tuple[Match, BinokelView]:
    """A match stopped at the bid of the second seat to speak, after a bid of 250 by the first."""
    match = Match(preset("cardgames"), seed=seed, first_dealer=0)
    match.apply(bid(250))
    return match, round_view(match, match.to_act)


def chances_of(view: BinokelView, seed: int = 1) -> PimcBot:
    bot = PimcBot(seed, strength=LIGHT)
    bot.act(view)
    assert bot.last is not None
    return bot


def test_features_come_from_the_seats_view_only() -> None:
    match, view = second_bid(3)
    assert view.viewer == 2 and view.legal == ("pass", "bid 260", "bid 270")
    chances = chances_of(view).last
    assert chances is not None
    options = binokel.alternatives(view, chances)
    assert [o.text() for o in options] == ["pass", "bid 260", "bid 270"]
    rows = [binokel.features(view, chances, o) for o in options]
    assert all(len(r) == len(binokel.FEATURES) for r in rows)
    named = dict(zip(binokel.FEATURES, rows[2], strict=True))
    assert named["bid"] == 2.7 and named["step"] == 2 and named["chance"] == chances.values["bid 270"]
    assert named["partner_bid"] == 0 and named["opponent_bid"] == 2.5 and named["bids_before"] == 1
    assert named["order"] == 1 and named["own_to_target"] == 1.5
    assert dict(zip(binokel.FEATURES, rows[0], strict=True))["pass"] == 1.0
    # the same view of a round whose other hands differ gives the same numbers
    other = GAME.shuffle_unseen(match, view.viewer, 0)
    assert other is not None and other.round.deal.hands != match.round.deal.hands
    seen = round_view(other, view.viewer)
    assert [binokel.features(seen, chances, o) for o in options] == rows


def test_a_replay_leaves_the_round_alone_and_scores_it_as_the_match_would() -> None:
    match, view = second_bid(5)
    before = (list(match.round.history), list(match.round.hands), list(match.round.bids), match.round.to_act)
    players = [HeuristicBot(s) for s in range(4)]
    for action in (PASS, bid(270)):
        got = binokel._replay(match, action, players, view.viewer)
        assert (list(match.round.history), list(match.round.hands), list(match.round.bids)) == before[:3]
        assert match.round.to_act == before[3] and match.round.score is None
        # the same round played on in a copy of the match: the side's delta less the other's
        twin = copy.deepcopy(match)
        twin.apply(action)
        while len(twin.sheet) == 0:
            twin.apply(players[twin.to_act].act(round_view(twin, twin.to_act)))
        side = view.viewer & 1
        assert got == twin.sheet[0][side] - twin.sheet[0][side ^ 1]


def test_a_bids_value_is_its_gain_over_passing() -> None:
    record = Record([[0.0], [1.0], [2.0]], [[(100,), (-50,)], [(300,), (200,)], [(-400,), (-400,)]], (), 1)
    assert binokel.replayed_value(record, 0) == 25.0
    assert binokel.target(record, 0) is None  # passing is worth 0: no row
    assert binokel.target(record, 1) == [2.25] and binokel.target(record, 2) == [-4.25]  # hundreds of points
    # a model that predicts the feature itself: each bid's gain is 100 x its feature, passing 0
    model = Mlp({}, ["x"], ["gain"], [0.0], [1.0], [([[1.0]], [0.0])])
    assert binokel.predicted_gains(model, record.xs) == [0.0, 100.0, 200.0]
    negative = Mlp({}, ["x"], ["gain"], [0.0], [1.0], [([[-1.0]], [0.0])])
    assert binokel.predicted_gains(negative, record.xs) == [0.0, -100.0, -200.0]
    # choosing by the model: the highest value, passing on a tie
    _, view = second_bid(3)
    chances = chances_of(view).last
    assert chances is not None
    bot = PimcBot(1, strength=replace(LIGHT, bids="model"))
    bot.bids_model = linear({})
    assert binokel.model_bid(bot, view, chances) == PASS  # every bid gains 0: a tie goes to passing
    bot.bids_model = linear({"bid": 1.0})  # the higher the bid, the more it gains
    assert binokel.model_bid(bot, view, chances) == bid(270)
    bot.bids_model = linear({"bid": -1.0})
    assert binokel.model_bid(bot, view, chances) == PASS


def linear(weights: dict[str, float], bias: float = 0.0) -> Mlp:
    """A model of Binokel's features whose gain is ``bias`` plus the named features times their weights."""
    rows = [[weights.get(name, 0.0)] for name in binokel.FEATURES]
    n = len(binokel.FEATURES)
    return Mlp({}, list(binokel.FEATURES), ["gain"], [0.0] * n, [1.0] * n, [(rows, [bias])])


def test_strong_bids_model_parses_and_plays_a_legal_round_by_the_model(tmp_path: Path) -> None:
    model = linear({"chance": 4.0}, -1.0)  # a bid gains when its chance is above 1/4
    path = tmp_path / "m.json"
    model.save(path)
    match = Match(preset("cardgames"), seed=8, first_dealer=0)
    options = {"bids": "model", "bids_file": str(path), "work": "0.25"}
    strong = PART.seat_bot(GAME, "strong", options, 4, lambda: match)
    assert isinstance(strong, PimcBot) and strong.strength.bids == "model"
    club = HeuristicBot(2)
    by_model = 0
    while not match.sheet:
        view = round_view(match, match.to_act)
        action = (strong if view.viewer in (0, 2) else club).act(view)
        assert action.text() in view.legal
        if view.viewer in (0, 2) and view.phase == "bidding" and strong.last is not None:
            values = binokel.values_of(view, strong.last, Mlp.load(path))
            if values:
                assert action.text() == max(values, key=lambda t: (values[t], t == "pass"))
                by_model += 1
        match.apply(action)
    assert by_model > 0
    shipped = binokel.load_model()  # the package's, which strong:bids=model uses without a file
    assert shipped.features == list(binokel.FEATURES) and shipped.header["game"] == "binokel"
    assert shipped.header["validation_mse"]["gain"] < shipped.header["baseline_mse"]["gain"]
    with pytest.raises(ArenaError, match="unknown way to bid 'guess'"):
        PART.seat_bot(GAME, "strong", {"bids": "guess"}, 4, lambda: match)


@pytest.mark.slow
def test_self_play_records_every_valued_bid_with_its_replays(tmp_path: Path) -> None:
    data = binokel.generate(1, seed=3, model=None, play="club", strength=LIGHT)
    path = tmp_path / "data.jsonl"
    binokel.save_data(data, path)
    again = binokel.load_data(path)
    assert again.records == data.records and (again.matches, again.hands) == (1, data.hands) and data.hands >= 3
    assert len(data.records) > 20
    for record in data.records:
        assert len(record.xs) == len(record.outcomes) >= 2 and all(len(runs) == 1 for runs in record.outcomes)
        assert record.xs[0][0] == 1.0 and record.taken >= 0  # passing first; the strong level's action valued
        # each replay ends in a whole round scored: every outcome is in tens of points
        assert all(run[0] % 10 == 0 for runs in record.outcomes for run in runs)


def test_a_tiny_model_retrains_in_seconds_and_beats_the_mean_on_held_out_bids() -> None:
    """Self-play data of the shipped model's run (its first 400 bid decisions, a file in the tests)."""
    pytest.importorskip("sklearn")
    data = binokel.load_data(Path(__file__).parent / "binokel_bids.jsonl")
    assert len(data.records) == 400
    model, validation, baseline = binokel.train(data, seed=1, command="test", generation=1, hidden=(8,))
    # what a bid gains over passing is predicted better than by its mean on decisions the fit never saw
    assert validation[0] < baseline[0]
    assert model.header["records"] == 400 and model.header["validation_gain"]["bids"] > 0
