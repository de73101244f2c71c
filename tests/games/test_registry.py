"""The registry's defaults for commands: the first game, in menu order, that has what a command needs."""

from __future__ import annotations

import pytest

from tests.games.tiny import registered
from troef.games import UnknownGameError, first, names, with_preset


def test_a_rule_set_names_its_game() -> None:
    assert [with_preset(p) for p in ("nk", "pagat", "kraken", "rotterdam", "cardgames")] == [
        "bonaken",
        "bonaken",
        "klaverjas",
        "klaverjas",
        "binokel",
    ]
    with registered():
        assert with_preset("plain") == "tiny"
    with pytest.raises(UnknownGameError, match="'plain'"):
        with_preset("plain")


def test_the_first_game_that_has_it_in_menu_order() -> None:
    assert names()[:3] == ("bonaken", "klaverjas", "binokel")
    assert first(lambda g: g.partnerships, "partnerships") == "klaverjas"
    assert first(lambda g: bool(g.tournaments), "tournaments") == "bonaken"
    assert first(lambda g: True, "anything") == names()[0]
    with pytest.raises(UnknownGameError, match="no game has wings"):
        first(lambda g: False, "wings")


def test_a_game_that_cannot_be_loaded_is_passed_over(monkeypatch: pytest.MonkeyPatch) -> None:
    from troef import games

    monkeypatch.setenv(games.ENV, "broken=no_such_module:GAME")
    games._targets.cache_clear()
    games.game.cache_clear()
    try:
        assert names()[-1] == "broken"
        # every game is looked at, the broken one too: it is passed over, not a traceback
        with pytest.raises(UnknownGameError, match="no game has wings"):
            first(lambda g: False, "wings")
    finally:
        monkeypatch.delenv(games.ENV)
        games._targets.cache_clear()
        games.game.cache_clear()
