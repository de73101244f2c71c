"""The kraak words learned from self-play: fair features, honest replays, a model that learns, the strong level."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from troef.games.klaverjas.actions import NO, Word
from troef.games.klaverjas.game import GAME
from troef.games.klaverjas.heuristic import HeuristicBot
from troef.games.klaverjas.match import Match
from troef.games.klaverjas.pimc import DEFAULT, KlaverjasPimcBot
from troef.games.klaverjas.rules import preset
from troef.games.klaverjas.view import KlaverjasView, deal_view
from troef.train import kraken
from troef.train.model import Mlp


def word_views(seed: int, limit: int = 6) -> list[tuple[Match, KlaverjasView]]:
    """Matches of four club players stopped at their first ``limit`` choices of a kraak word."""
    out: list[tuple[Match, KlaverjasView]] = []
    match = Match(preset("kraken"), seed=seed)
    bots = [HeuristicBot(s) for s in range(4)]
    while not match.is_over and len(out) < limit:
        view = deal_view(match, match.to_act)
        if kraken.word_of(view) is not None:
            out.append((GAME.shuffle_unseen(match, view.viewer, 0) or match, view))
        match.apply(bots[match.to_act].act(view))
    return out


def test_features_see_only_the_speakers_view() -> None:
    views = word_views(11)
    assert len(views) == 6
    for other, view in views:
        # the same public table and the same own hand, other hidden hands: the same features
        assert other.deal.hands != Match(preset("kraken"), seed=11).deals[0].hands
        again = deal_view(other, view.viewer)
        assert kraken.features(again) == kraken.features(view)
        assert len(kraken.features(view)) == len(kraken.FEATURES)


def test_the_replay_of_the_action_taken_is_the_deal_really_played() -> None:
    """Club players are deterministic: replaying the word they said gives the sheet row of the real deal."""
    seed = 7
    data = kraken.play_match(seed, None, "club")
    match = Match(preset("kraken"), seed=seed)
    bots = [HeuristicBot(seed * 4 + s) for s in range(4)]
    taken: list[tuple[int, int, int, int]] = []  # (record index, action index, deal index, speaker's side)
    while not match.is_over:
        view = deal_view(match, match.to_act)
        action = bots[match.to_act].act(view)
        if kraken.word_of(view) is not None:
            taken.append((len(taken), 0 if action == NO else 1, len(match.deals) - 1, view.viewer & 1))
        match.apply(action)
    assert len(taken) == len(data.records) > 10
    words = 0
    for index, chosen, deal, side in taken:
        score = match.sheet.rows[deal].score
        real = (score.crosses[side ^ 1] - score.crosses[side], score.points[side] - score.points[side ^ 1])
        assert data.records[index].outcomes[chosen] == [real]
        assert data.records[index].taken == chosen
        words += chosen
    assert 0 < words < len(taken)  # both actions were taken somewhere
    assert len(data.deal_diffs) == preset("kraken").deals


def test_a_tiny_model_retrains_and_beats_the_mean_on_its_validation_rows(tmp_path: Path) -> None:
    pytest.importorskip("sklearn")
    data = kraken.generate(12, seed=3, model=None, play="club")
    path = tmp_path / "data.jsonl"
    kraken.save_data(data, path)
    data = kraken.load_data(path)
    assert data.matches == 12 and len(data.records) > 300
    model, validation, baseline = kraken.train(data, seed=1, command="test", generation=1)
    # what decides the word, the gain of the word over "no", is predicted better than by its mean
    assert validation[1] < baseline[1]
    assert model.header["records"] == len(data.records) and model.header["quota_price"] > 0


def test_the_strong_level_says_the_models_words_and_values_every_action() -> None:
    strong = KlaverjasPimcBot(1, strength=replace(DEFAULT, contracts="model"))
    club = HeuristicBot(1)
    model = kraken.load_model()
    assert model.header["command"].startswith("troef train kraken")
    said: dict[bool, set[str]] = {True: set(), False: set()}
    for _, view in [v for seed in range(21, 26) for v in word_views(seed, 100)]:
        values = kraken.value_of_bids(view)
        assert set(values) == set(view.legal)
        owing = kraken.owing(view)
        if owing:  # while its side owes kraaks, the club player's word (quota_credit < 0)
            expected = club.act(view).text()
        else:  # else the action of the higher sheet value, a tie to "no"
            expected = max(values, key=lambda t: (values[t], t == NO.text()))
        action = strong.act(view).text()
        assert action == expected
        said[owing].add("no" if action == NO.text() else "word")
    assert said[False] == {"no", "word"}


def test_the_quota_credit_grows_as_the_defending_deals_run_out() -> None:
    views = [v for _, v in word_views(5, 40) if v.level == 0 and v.owed and v.owed[v.viewer & 1]]
    assert views
    early = kraken.quota_credit(replace(views[0], deal_number=1), 2.0)
    late = kraken.quota_credit(replace(views[0], deal_number=15), 2.0)
    assert 0 < early < late <= 2.0
    assert kraken.quota_credit(replace(views[0], level=2), 2.0) == 0.0


def test_a_choice_that_is_no_word_is_refused() -> None:
    view = deal_view(Match(preset("kraken"), seed=2), 0)
    with pytest.raises(ValueError, match="not a choice"):
        kraken.value_of_words(view, Mlp({}, ["x"], ["a", "b"], [0.0], [1.0], [([[1.0, 1.0]], [0.0, 0.0])]))
    assert Word("kraak").text() == "kraak"
