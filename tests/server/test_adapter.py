"""The Bonaken adapter and the projection, without a server."""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

import pytest

from troef.cards import card_str
from troef.games import game, names
from troef.games.bonaken.view import BonakenView
from troef.server.adapter import ConfigError, GameAdapter, adapter, games, rebuild
from troef.server.projection import encode, project


def _random_match(game: GameAdapter, preset: str, players: int, seed: int, steps: int | None = None) -> object:
    match = game.new_match(game.normalize_config({"preset": preset, "players": players}), seed, None)
    rng = random.Random(seed)
    count = 0
    while not game.is_over(match) and (steps is None or count < steps):
        game.apply(match, rng.choice(game.legal(game.view(match, game.to_act(match)))))
        count += 1
    return match


def _reference_json(view: BonakenView) -> dict[str, Any]:
    """A slow, generic serialisation of a view: asdict plus card notation."""
    data = dataclasses.asdict(view)
    # the one field left out by design: frames carry the whole score sheet beside the view ("match")
    del data["standing"]
    data["rules"] = view.rules.to_dict()
    for key in ("hand", "centre_open", "blind", "laid_away", "received", "open_hand"):
        data[key] = None if data[key] is None else [card_str(c) for c in data[key]]
    data["trick"] = [[s, card_str(c)] for s, c in view.trick]
    data["tricks"] = [{"cards": [[s, card_str(c)] for s, c in t], "winner": w} for t, w in view.tricks]
    for key in ("hand_sizes", "tricks_won", "points"):
        data[key] = {str(k): v for k, v in data[key].items()}
    data["events"] = [list(e) for e in view.events]
    data["contest"] = [list(c) for c in view.contest]
    for key in ("seats", "declarers", "legal"):
        data[key] = list(data[key])
    return data


@pytest.mark.parametrize(("preset", "players"), [("nk", 4), ("nk", 3), ("pagat", 5), ("pagat", 7), ("hazerswoude", 2)])
def test_view_json_matches_a_generic_serialisation(preset: str, players: int) -> None:
    """The field-by-field ``to_json`` covers every field of the view, cards in notation."""
    game = adapter("bonaken")
    for seed in range(2 if preset == "pagat" else 6):  # pagat matches are long
        match = game.new_match(game.normalize_config({"preset": preset, "players": players}), seed, None)
        rng = random.Random(seed)
        while True:
            for viewer in range(-1, players):
                view = game.view(match, viewer)
                fast, reference = view.to_json(), _reference_json(view)
                assert json.dumps(fast, sort_keys=True) == json.dumps(reference, sort_keys=True)
            if game.is_over(match):
                break
            game.apply(match, rng.choice(game.legal(game.view(match, game.to_act(match)))))


def test_registry_and_protocol() -> None:
    registry = games()
    # every registered game, in the game registry's order
    assert list(registry) == list(names()) == ["bonaken", "klaverjas", "binokel"]
    game: GameAdapter = registry["bonaken"]
    assert game.name == "bonaken"
    assert "random" in game.bot_levels()


def test_config_is_checked() -> None:
    game = adapter("bonaken")
    assert game.normalize_config({"preset": "nk", "players": 3}) == {
        "preset": "nk",
        "switches": {},
        "players": 3,
        "revision": 1,  # the rules revision the table is played under (docs/records.md)
    }
    config = game.normalize_config({"preset": "pagat", "players": 5, "switches": {"min_bid": 25, "misere": True}})
    assert config["switches"] == {"min_bid": 25}  # the preset's own value is not stored as a change
    assert game.new_match(config, 1, 0).rules.min_bid == 25
    bad: list[dict[str, Any]] = [
        {"preset": "skat"},
        {"preset": "nk", "players": 5},
        {"preset": "nk", "players": True},
        {"preset": "nk", "switches": {"players": [2]}},
        {"preset": "nk", "switches": {"min_bid": 7}},
        {"preset": "nk", "switches": {"misere": "yes"}},
        {"preset": "nk", "switches": {"undertrump": "sometimes"}},
        {"preset": "nk", "switches": []},
    ]
    for raw in bad:
        with pytest.raises(ConfigError):
            game.normalize_config(raw)


def test_check_gives_reasons_and_changes_nothing() -> None:
    game = adapter("bonaken")
    match = game.new_match(game.normalize_config({"preset": "nk", "players": 4}), 3, None)
    before = game.view_json(game.view(match, -1))
    text, problem = game.check(match, "bid 20")
    assert problem is not None and problem.code == "illegal" and "25" in problem.message
    text, problem = game.check(match, "dance")
    assert problem is not None and problem.code == "bad_action"
    text, problem = game.check(match, "BID   30")
    assert problem is None and text == "bid 30"  # canonical text is stored
    assert game.view_json(game.view(match, -1)) == before


def test_rebuild_refuses_a_bad_log() -> None:
    game = adapter("bonaken")
    config = game.normalize_config({"preset": "pagat", "players": 4})
    with pytest.raises(ConfigError):
        rebuild(game, config, 1, None, ["play Jh"])


def test_projection_carries_the_previous_hand_until_the_next_starts() -> None:
    game = adapter("bonaken")
    match = game.new_match(game.normalize_config({"preset": "pagat", "players": 4}), 9, None)
    rng = random.Random(9)
    seen_prev = False
    version = 0
    while game.hand_count(match) < 3 and not game.is_over(match):
        hand_before = game.hand_count(match)
        game.apply(match, rng.choice(game.legal(game.view(match, game.to_act(match)))))
        version += 1
        for viewer in (-1, 0, 1):
            msg = project(game, match, viewer, table="x", version=version)
            assert msg["v"] == 1 and msg["type"] == "state" and msg["viewer"] == viewer
            assert msg["hand"] == game.hand_count(match)
            if game.hand_count(match) > hand_before:
                assert msg["prev"]["result"] is not None
                assert msg["prev"]["viewer"] == viewer
                seen_prev = True
            else:
                assert "prev" not in msg
            json.loads(encode(msg))
    assert seen_prev


def test_spectator_projection_holds_no_hand() -> None:
    game = adapter("bonaken")
    match = _random_match(game, "pagat", 4, 4, steps=10)
    msg = project(game, match, -1, table="x", version=10)
    assert msg["view"]["hand"] is None and msg["view"]["legal"] == [] and msg["view"]["blind"] == []


def test_bots_and_hints_act_on_views() -> None:
    game = adapter("bonaken")
    match = game.new_match(game.normalize_config({"preset": "nk", "players": 4}), 5, None)
    for level in game.bot_levels():
        bot = game.make_bot(level, 1)
        view = game.view(match, game.to_act(match))
        assert game.bot_action(bot, view) in view.legal
    assert game.hint_level() in game.bot_levels()


def test_the_lobby_offers_levels_and_the_api_takes_every_bot() -> None:
    """Every lobby shows the same levels only (club and strong are the heuristic and pimc bots under their names)."""
    for name in ("bonaken", "klaverjas", "binokel"):
        options = adapter(name).options()
        assert options["levels"] == ["random", "beginner", "club", "strong"], name
        assert {"heuristic", "pimc"} <= set(options["bots"])  # tables made by the API or saved before still work


def test_every_registered_game_has_a_part_in_the_browser_table() -> None:
    """Each game names its browser module (Game.web_module), which exists; games.js loads what /api/games lists
    and knows no game by name (an unknown game fails there, loudly)."""
    from pathlib import Path

    import troef
    from troef.server.adapter import web_address, web_source

    web = Path(troef.__file__).parent / "web"
    for name in names():
        address = web_address(game(name))
        assert address == f"/static/{name}.js", name
        assert web_source(game(name)) == (web / f"{name}.js").read_text(encoding="utf-8")
        assert adapter(name).options()["web"] == address
    source = (web / "games.js").read_text(encoding="utf-8")
    assert "/api/games" in source and not any(f"./{name}.js" in source for name in names())
    assert "throw new Error" in source.split("export function gameOf", 1)[1].split("}", 1)[0]
