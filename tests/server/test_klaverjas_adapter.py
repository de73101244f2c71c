"""The server's klaverjas adapter (issue 13): lobby switches, views of past deals, the score sheet, hints."""

from __future__ import annotations

import random
from typing import Any

import pytest

from troef.games.klaverjas.match import Match
from troef.server.adapter import ConfigError, adapter, rebuild
from troef.server.klaverjas import KlaverjasAdapter


def _played(config: dict[str, Any], seed: int, actions: int | None = None) -> tuple[KlaverjasAdapter, Match, list[str]]:
    """A match of random legal actions (all of it, or the first ``actions``), and the actions taken."""
    game = adapter("klaverjas")
    assert isinstance(game, KlaverjasAdapter)
    config = game.normalize_config(config)
    match = game.new_match(config, seed, 0)
    rng = random.Random(seed)
    taken: list[str] = []
    while not game.is_over(match) and (actions is None or len(taken) < actions):
        text = rng.choice(game.legal(game.view(match, game.to_act(match))))
        game.apply(match, text)
        taken.append(text)
    return game, match, taken


def test_klaverjas_has_its_adapter_in_the_registry() -> None:
    assert type(adapter("klaverjas")) is KlaverjasAdapter  # the part the game names (Game.server_adapter)
    options = adapter("klaverjas").options()
    assert list(options["presets"]) == ["kraken", "amsterdam", "rotterdam"]
    assert options["languages"][0] == "nl" and options["title"] == "Klaverjassen"
    # each preset's switches as the rules have them: Kraken deals four and four, owes four kraaks
    kraken = options["presets"]["kraken"]["switches"]
    assert (kraken["packets"], kraken["kraak_quota"], kraken["deals"]) == ("4-4", 4, 16)
    assert options["presets"]["rotterdam"]["switches"]["follow"] == "rotterdam"
    assert options["switches"]["hand_roem"] == ["bool"] and "heuristic" in options["bots"]


def test_the_lobby_may_shorten_a_match_but_the_rules_refuse_a_quota_it_cannot_meet() -> None:
    game = adapter("klaverjas")
    config = game.normalize_config({"preset": "kraken", "switches": {"deals": 2, "kraak_quota": 1}})
    assert config == {"preset": "kraken", "switches": {"deals": 2, "kraak_quota": 1}, "players": 4, "revision": 2}
    # a switch set to the preset's own value is not stored
    assert game.normalize_config({"preset": "kraken", "switches": {"deals": 16}})["switches"] == {}
    with pytest.raises(ConfigError, match="more kraaks"):
        game.normalize_config({"preset": "kraken", "switches": {"deals": 2}})  # four kraaks owed in two deals
    with pytest.raises(ConfigError, match="must be one of"):
        game.normalize_config({"preset": "amsterdam", "switches": {"deals": 3}})
    with pytest.raises(ConfigError, match="cannot be set"):
        game.normalize_config({"preset": "amsterdam", "switches": {"fours": [0] * 8}})
    with pytest.raises(ConfigError, match="for 4 players"):
        game.normalize_config({"preset": "kraken", "players": 3})


def test_a_past_deal_is_shown_with_the_score_sheet_up_to_it_and_the_roem_per_trick() -> None:
    game, match, taken = _played({"preset": "kraken", "switches": {"deals": 4, "kraak_quota": 1}}, seed=11)
    assert game.is_over(match) and game.hand_count(match) == 4
    for index in range(4):
        data = game.view_json(game.view(match, 0, index))
        assert data["deal"] == index + 1 and data["phase"] == "done" and not data["legal"]
        assert [row["deal"] for row in data["sheet"]] == list(range(1, index + 2))
        assert data["points"] == data["sheet"][-1]["points"]
        assert len(data["trick_roem"]) == 8
    # the roem that fell in the tricks of a deal is what the deal's result counts from tricks
    rows = game.public(match)["rows"]
    for index, deal in enumerate(match.deals):
        assert deal.result is not None
        data = game.view_json(game.view(match, -1, index))
        per_side = [0, 0]
        for trick, fell in zip(data["tricks"], data["trick_roem"], strict=True):
            per_side[trick["winner"] & 1] += fell
        assert tuple(per_side) == deal.result.trick_roem
        assert rows[index]["kraak"] == data["kraak"]
    # and rebuilding from the stored actions gives the same views
    again = rebuild(
        game, game.normalize_config({"preset": "kraken", "switches": {"deals": 4, "kraak_quota": 1}}), 11, 0, taken
    )
    assert game.view_json(game.view(again, 2, 1)) == game.view_json(game.view(match, 2, 1))


def test_a_new_deal_has_not_started_until_someone_acts_and_the_result_names_the_winner() -> None:
    game, match, taken = _played({"preset": "amsterdam", "switches": {"deals": 2}}, seed=4)
    result = game.result(match)
    assert result["hands"] == 2 and result["winner"] in (0, 1, None)
    assert result["points"] == game.public(match)["points"]
    if result["winner"] is not None:
        assert result["points"][result["winner"]] > result["points"][1 - result["winner"]]
    fresh = game.new_match(game.normalize_config({"preset": "amsterdam"}), 4, 0)
    assert not game.hand_started(fresh)
    game.apply(fresh, taken[0])
    assert game.hand_started(fresh)


def test_hints_value_every_legal_action_best_first() -> None:
    game, match, _ = _played({"preset": "kraken"}, seed=2, actions=3)
    view = game.view(match, game.to_act(match))
    values = game.hint_values(view, 0.05, 1)
    assert sorted(v["action"] for v in values) == sorted(game.legal(view))
    assert values[0]["best"] and sum(v["best"] for v in values) == 1
    valued = [v["value"] for v in values[1:] if v["value"] is not None]
    assert valued == sorted(valued, reverse=True) and all(0.0 <= v <= 1.0 for v in valued)
