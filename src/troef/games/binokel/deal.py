"""Dealing ("Austeilen"): twelve cards to each of four players from the 48-card deck.

A deal holds each seat's twelve *physical* cards as a 64-bit mask (copy 0 in
the low half, copy 1 in the high half, :data:`troef.cards.BINOKEL_DECK`): the
four masks split the deck. The text says only that each player gets twelve
cards; troef deals them in one go from a shuffled deck, starting left of the
dealer (how the cards are split up cannot matter to a shuffled deck).

>>> from troef.core.chance import GameRandom
>>> deal = deal_cards(0, GameRandom(1))
>>> [bin(h).count("1") for h in deal.hands]
[12, 12, 12, 12]
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

from troef.cards import BINOKEL_DECK
from troef.core.chance import GameRandom
from troef.core.records import check_hands

SEATS: Final = 4
HAND_SIZE: Final = 12
#: The 48 physical cards in index order.
DECK: Final = tuple(c for c in range(64) if BINOKEL_DECK >> c & 1)


@dataclass(frozen=True, slots=True)
class Deal:
    """The dealer and each seat's cards (physical card masks)."""

    dealer: int
    hands: tuple[int, int, int, int]

    def validate(self) -> None:
        """Raise :class:`RecordError` unless the four hands split the 48-card deck, twelve each."""
        check_hands(
            self.dealer,
            self.hands,
            HAND_SIZE,
            BINOKEL_DECK,
            twice="a card is dealt twice (write the second copy with an apostrophe: Ah')",
            outside="Binokel has no sevens or eights",
        )


#: The number of orders of the deck: one random number below it is one shuffle.
_ORDERS: Final = math.factorial(len(DECK))


def shuffled_deck(rng: GameRandom) -> list[int]:
    """The deck in a uniformly random order, from one draw of the match's generator.

    One number below 48! read digit by digit in the factorial number system is
    a Fisher-Yates shuffle: the same distribution as shuffling card by card,
    several times faster in Python (``troef bench engine`` deals a lot).
    """
    deck = list(DECK)
    n = rng.randrange(_ORDERS)
    for i in range(len(deck) - 1, 0, -1):
        n, j = divmod(n, i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def deal_cards(dealer: int, rng: GameRandom) -> Deal:
    """Shuffle the deck with the match's generator and deal twelve cards each, starting left of the dealer."""
    deck = shuffled_deck(rng)
    hands = [0, 0, 0, 0]
    for i in range(SEATS):
        mask = 0
        for card in deck[i * HAND_SIZE : (i + 1) * HAND_SIZE]:
            mask |= 1 << card
        hands[(dealer + 1 + i) % SEATS] = mask
    return Deal(dealer, (hands[0], hands[1], hands[2], hands[3]))
