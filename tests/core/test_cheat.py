"""Where a measuring cheat sees the cards (troef.core.cheat.Sights)."""

from __future__ import annotations

import pytest

from troef.core.cheat import Sights

OFFERED = ("bidding", "play")


def test_the_cheat_works_perfectly_where_it_sees_and_fairly_elsewhere() -> None:
    sights = Sights(OFFERED, ["play"], perfect=10, fair=1)
    assert (sights.sees_in("play"), sights.strength("play")) == (True, 10)
    assert (sights.sees_in("bidding"), sights.strength("bidding")) == (False, 1)


@pytest.mark.parametrize(("sees", "message"), [(["peeking"], "cannot see the cards in peeking"), ([], "somewhere")])
def test_a_sight_the_game_has_not_or_none_is_refused(sees: list[str], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Sights(OFFERED, sees, perfect=10, fair=1)
