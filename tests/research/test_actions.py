"""The fixed action ids: every legal action of random play has one, and ids give back the engine's text."""

from __future__ import annotations

import random

import pytest

from troef.games import game
from troef.research.actions import UnknownActionError, table
from troef.research.episode import Config, Episode

from .cases import CASES, IDS
from .cases import deal as deal_episode


@pytest.mark.parametrize(("name", "preset", "players"), CASES, ids=IDS)
def test_every_legal_action_has_an_id_naming_it(name: str, preset: str, players: int) -> None:
    t = table(name)
    chooser = random.Random(11)
    seen = 0
    for deal in range(6):
        e = Episode(Config(name, preset, players))
        deal_episode(e, deal)
        while not e.over:
            legal = e.legal()
            engine_texts = sorted(a.text() for a in e.match.legal_actions())
            assert sorted(t.text_of(i) for i in legal) == engine_texts
            assert all(game(name).parse_action(t.text_of(i)).text() == t.text_of(i) for i in legal)
            e.apply(chooser.choice(list(legal)))
            seen += 1
    assert seen > 0


def test_cards_come_first_in_every_table() -> None:
    for name in ("bonaken", "klaverjas", "binokel"):
        t = table(name)
        assert [t.text_of(i) for i in (0, 4, 31)] == ["play 7h", "play Jh", "play As"]


def test_an_unknown_text_or_id_is_refused_by_name() -> None:
    t = table("klaverjas")
    with pytest.raises(UnknownActionError, match="klaverjas has no action id for 'bid 5'"):
        t.id_of("bid 5")
    with pytest.raises(UnknownActionError, match="ids are 0 to 94"):
        t.text_of(95)
