"""``openspiel-ismcts``: OpenSpiel's ISMCTS seated by the arena, deciding from the seat's view alone."""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("pyspiel")

from troef.arena.core import run_arena
from troef.arena.part import ArenaPart
from troef.arena.seating import ArenaError
from troef.games import game
from troef.research.ismcts import make


def test_the_arena_seats_it_with_settings_and_it_plays_legal_actions_from_the_view() -> None:
    kj = game("klaverjas")
    match = kj.new_match("kraken", seed=3)
    bot = ArenaPart().seat_bot(kj, "openspiel-ismcts", {"sims": "4"}, 1, lambda: match)
    decided = 0
    while kj.deals(match) == 1:
        view = kj.view(match, match.to_act)
        action = bot.act(view)
        assert action.text() in view.legal
        kj.apply(match, action)
        decided += 1
    assert decided > 30


def test_a_wrong_setting_is_refused_by_name() -> None:
    with pytest.raises(ArenaError, match="nodes"):
        ArenaPart().seat_bot(game("klaverjas"), "openspiel-ismcts", {"nodes": "5"}, 1, lambda: None)


@pytest.mark.parametrize(
    ("name", "preset", "players"), [("bonaken", "nk", 4), ("bonaken", "pagat", 3), ("binokel", "cardgames", 4)]
)
def test_it_plays_a_deal_of_bonaken_and_binokel_from_the_view_alone(name: str, preset: str, players: int) -> None:
    g = game(name)
    match = g.new_match(preset, players, seed=11)
    bots = [ArenaPart().seat_bot(g, "openspiel-ismcts", {"sims": "3"}, seat, lambda: match) for seat in range(players)]
    searched = 0
    while g.deals(match) == 1 and not match.is_over:  # (at 3 simulations four false roem claims end a match)
        view = g.view(match, match.to_act)
        action = bots[match.to_act].act(view)
        assert action.text() in view.legal
        searched += len(view.legal) > 1
        g.apply(match, action)
    assert searched > 3


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "seats", "rules"),
    [
        ("bonaken", ["openspiel-ismcts:sims=2", "heuristic", "heuristic", "heuristic"], "nk"),
        ("bonaken", ["openspiel-ismcts:sims=2", "random", "random"], "hazerswoude"),
        ("klaverjas", ["openspiel-ismcts:sims=2", "heuristic", "openspiel-ismcts:sims=2", "heuristic"], "kraken"),
        ("binokel", ["openspiel-ismcts:sims=2", "heuristic", "openspiel-ismcts:sims=2", "heuristic"], "cardgames"),
    ],
)
def test_the_arena_plays_whole_matches_of_every_game_with_it(name: str, seats: list[str], rules: str) -> None:
    result = run_arena(seats, matches=2, seed=4, rules=rules, game=name)
    assert len(result.outcomes) == 2
    assert all(o.scores for o in result.outcomes)
    # it decided in every match (decisions with a choice are timed; at 2 simulations a Bonaken seat may claim
    # false roem at once and be out, nk rule 66)
    assert len(result.bots[0].times) >= len(result.outcomes)


def test_it_plays_a_game_written_outside_troef_in_the_arena(tiny: None) -> None:
    result = run_arena(["openspiel-ismcts:sims=4", "club"], matches=2, seed=3, rules="duel", game="tiny")
    assert len(result.outcomes) == 2 and len(result.bots[0].times) > 0


def test_two_bots_with_one_seed_decide_alike_on_every_view() -> None:
    kj = game("klaverjas")
    match = kj.new_match("kraken", seed=5)
    views: list[Any] = []
    chooser = random.Random(1)
    while len(views) < 12:
        view = kj.view(match, match.to_act)
        if len(view.legal) > 1:
            views.append(view)
        kj.apply(match, kj.parse_action(chooser.choice(view.legal)))
    one, two = (make(7, {"sims": "12"}, "klaverjas") for _ in range(2))
    assert [one.act(v).text() for v in views] == [two.act(v).text() for v in views]


def test_an_arena_run_with_it_repeats_from_its_seed() -> None:
    runs = [
        run_arena(["openspiel-ismcts:sims=3", "heuristic"] * 2, matches=1, seed=9, rules="kraken", game="klaverjas")
        for _ in range(2)
    ]

    def untimed(data: Any) -> Any:  # the JSON without the clock's figures
        if isinstance(data, dict):
            return {k: untimed(v) for k, v in data.items() if k not in ("seconds", "decision_time")}
        return [untimed(v) for v in data] if isinstance(data, list) else data

    assert untimed(runs[0].to_json()) == untimed(runs[1].to_json())
    assert [o.scores for o in runs[0].outcomes] == [o.scores for o in runs[1].outcomes]
