"""The check that four hands split the deck (troef.core.records.check_hands)."""

from __future__ import annotations

import pytest

from troef.cards import PIQUET_DECK
from troef.core.errors import RecordError
from troef.core.records import check_hands

HANDS = (0xFF, 0xFF00, 0xFF0000, 0xFF000000)


def test_four_hands_that_split_the_deck_pass() -> None:
    check_hands(0, HANDS, 8, PIQUET_DECK)


@pytest.mark.parametrize(
    ("dealer", "hands", "message"),
    [
        (4, HANDS, "the dealer must be a seat from 0 to 3"),
        (0, (0xFF, 0xFF, 0xFF0000, 0xFF000000), "a card is dealt twice"),
        (0, (0x7F, 0xFF00, 0xFF0000, 0xFF000000), "seat 0 must have 8 cards, not 7"),
        (0, (0x1FF, 0xFE00, 0xFF0000, 0xFF000000), "seat 0 must have 8 cards, not 9"),
        (0, (0xFF, 0xFF00, 0xFF0000, 0xFF00000000), "the deal does not account for all 32 cards"),
    ],
)
def test_each_fault_is_named(dealer: int, hands: tuple[int, ...], message: str) -> None:
    with pytest.raises(RecordError, match=message):
        check_hands(dealer, hands, 8, PIQUET_DECK)


def test_a_games_own_words_for_a_card_twice_or_outside_its_deck() -> None:
    with pytest.raises(RecordError, match="twice, mind the copies"):
        check_hands(0, (0xFF, 0xFF, 0, 0), 8, PIQUET_DECK, twice="twice, mind the copies")
    with pytest.raises(RecordError, match="no such card"):
        check_hands(0, (0xFF << 32, 0, 0, 0), 8, PIQUET_DECK, outside="no such card")
