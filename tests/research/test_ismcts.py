"""``openspiel-ismcts``: OpenSpiel's ISMCTS seated by the arena, deciding from the seat's view alone."""

from __future__ import annotations

import pytest

pytest.importorskip("pyspiel")

from troef.arena.core import ArenaError, ArenaPart
from troef.games import game


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


def test_a_wrong_setting_or_game_is_refused_by_name() -> None:
    with pytest.raises(ArenaError, match="klaverjas only"):
        ArenaPart().seat_bot(game("binokel"), "openspiel-ismcts", {}, 1, lambda: None)
    with pytest.raises(ArenaError, match="nodes"):
        ArenaPart().seat_bot(game("klaverjas"), "openspiel-ismcts", {"nodes": "5"}, 1, lambda: None)
