"""A match's seeded start (troef.core.match.SeededMatch)."""

from __future__ import annotations

import pytest

from troef.core.errors import RecordError
from troef.core.match import SeededMatch


def test_the_first_dealer_is_drawn_from_the_seed_and_reproduced_by_it() -> None:
    drawn = {SeededMatch[int](seed, None, 4, None).first_dealer for seed in range(40)}
    assert drawn == {0, 1, 2, 3}
    assert [SeededMatch[int](7, None, 4, None).first_dealer for _ in range(3)] == [
        SeededMatch[int](7, None, 4, None).first_dealer
    ] * 3


def test_a_games_own_draw_is_used_and_a_given_dealer_is_checked() -> None:
    assert SeededMatch[int](1, None, 3, None, draw=lambda rng: 2).first_dealer == 2
    assert SeededMatch[int](1, 0, 3, None, draw=lambda rng: 2).first_dealer == 0
    with pytest.raises(RecordError, match="the first dealer must be a seat from 0 to 2"):
        SeededMatch[int](1, 3, 3, None)


def test_a_records_deals_come_in_turn_until_the_record_ends() -> None:
    match = SeededMatch[str](1, 0, 4, iter(["a", "b"]))
    assert [match.given_deal("game"), match.given_deal("game")] == ["a", "b"]
    with pytest.raises(RecordError, match="the record ends before the game does"):
        match.given_deal("game")
    assert SeededMatch[str](1, 0, 4, None).given_deal("game") is None
