"""Binokel's server adapter (``troef.server.binokel``): the target switch, views of finished rounds, the score sheet.

The table shows the result of the round just played while the next one has not started (the projection's
``prev``), and a replay shows any finished round: both come from views of past rounds, which must be the
engine's projection of that round for that viewer, never the current one.
"""

from __future__ import annotations

import random

import pytest

from troef.core.actions import SPECTATOR
from troef.games.binokel.match import Match
from troef.games.binokel.view import view_of_round
from troef.server.adapter import ConfigError, adapter
from troef.server.binokel import BinokelAdapter
from troef.server.projection import project_all


def _adapter() -> BinokelAdapter:
    made = adapter("binokel")
    assert isinstance(made, BinokelAdapter)
    return made


def _play_rounds(game: BinokelAdapter, match: Match, rounds: int, seed: int) -> None:
    """Random legal actions until ``rounds`` rounds are finished (or the game is over)."""
    rng = random.Random(seed)
    while len(match.rounds) <= rounds and not game.is_over(match):
        view = game.view(match, game.to_act(match))
        game.apply(match, rng.choice(game.legal(view)))


def test_the_lobby_offers_the_targets_of_das_spiel_gewinnen() -> None:
    game = _adapter()
    options = game.options()
    assert options["switches"] == {"target": [1000, 1500, 2000]}
    assert options["presets"]["cardgames"]["switches"] == {"target": 1500}
    assert options["languages"][0] == "de"
    assert game.normalize_config({"switches": {"target": 1000}})["switches"] == {"target": 1000}
    assert game.normalize_config({"switches": {"target": 1500}})["switches"] == {}  # the default is not stored
    for bad in (1200, "1000", 1000.0):
        with pytest.raises(ConfigError):
            game.normalize_config({"switches": {"target": bad}})
    with pytest.raises(ConfigError):
        game.normalize_config({"switches": {"min_bid": 300}})  # only the target is the lobby's to choose
    match = game.new_match(game.normalize_config({"switches": {"target": 2000}}), seed=1, first_dealer=0)
    assert match.rules.target == 2000


def test_a_finished_rounds_view_is_that_rounds_projection_for_the_viewer() -> None:
    game = _adapter()
    match = game.new_match(game.normalize_config({}), seed=11, first_dealer=0)
    _play_rounds(game, match, 2, seed=5)
    assert len(match.rounds) >= 3
    for index in (0, 1):
        done = match.rounds[index]
        for viewer in (SPECTATOR, 0, 1, 2, 3):
            view = game.view(match, viewer, index)
            expected = view_of_round(
                done, viewer, preset="cardgames", index=index, totals=match.sheet[index], winner=None
            )
            assert game.view_json(view) == expected.to_json()
            data = game.view_json(view)
            assert data["round"] == index and data["phase"] == "done" and data["result"] is not None
            assert data["legal"] == [] and data["to_act"] == -1
            assert (data["hand"] is None) == (viewer == SPECTATOR)
    with pytest.raises(IndexError):
        game.view(match, 0, len(match.rounds))


def test_the_state_after_a_round_carries_its_result_until_the_next_round_starts() -> None:
    game = _adapter()
    match = game.new_match(game.normalize_config({}), seed=3, first_dealer=1)
    _play_rounds(game, match, 1, seed=2)
    assert not game.hand_started(match)
    message = project_all(game, match, [0], table="t", version=1)[0]
    assert message["hand"] == 2 and message["view"]["round"] == 1
    score = match.rounds[0].score
    assert score is not None and message["prev"]["round"] == 0 and message["prev"]["result"] == score.to_json()
    view = game.view(match, game.to_act(match))
    game.apply(match, game.legal(view)[0])
    assert game.hand_started(match)
    assert "prev" not in project_all(game, match, [0], table="t", version=2)[0]


def test_the_score_sheet_adds_up_to_the_totals() -> None:
    game = _adapter()
    match = game.new_match(game.normalize_config({"switches": {"target": 1000}}), seed=8, first_dealer=2)
    _play_rounds(game, match, 4, seed=9)
    sheet = game.public(match)
    assert sheet["target"] == 1000 and sheet["hand_no"] == len(match.rounds)
    rows = sheet["rows"]
    assert len(rows) == len(match.sheet) >= 4
    running = [0, 0]
    for i, row in enumerate(rows):
        assert row["round"] == i + 1
        assert row["side"] == row["declarer"] & 1
        running = [running[0] + row["delta"][0], running[1] + row["delta"][1]]
        assert row["totals"] == running
    assert sheet["totals"] == running == list(match.totals)
    result = game.result(match)
    assert result["hands"] == len(match.rounds) and result["totals"] == running


def test_hint_values_name_legal_actions_only() -> None:
    game = _adapter()
    match = game.new_match(game.normalize_config({}), seed=4, first_dealer=0)
    view = game.view(match, game.to_act(match))
    values = game.hint_values(view, budget=0.2, seed=1)  # empty where Binokel's hint search is not installed
    assert all(v["action"] in view.legal for v in values)
