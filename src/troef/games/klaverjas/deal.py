"""Dealing: 32 cards, eight to each of four seats, clockwise from the player after the dealer.

Kraken 3.1 deals four and four; the common rules also allow three, two,
three (the ``packets`` switch). Partners sit opposite: seats 0 and 2 are
side 0, seats 1 and 3 side 1.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from troef.cards import PIQUET_DECK
from troef.core.chance import GameRandom
from troef.core.native import share_when_copied
from troef.core.records import check_hands
from troef.games.klaverjas.rules import Rules

SEATS = 4


@dataclass(frozen=True, slots=True)
class Deal:
    """Where every card of one deal went: the dealer and each seat's eight cards (masks)."""

    dealer: int
    hands: tuple[int, int, int, int]

    def validate(self) -> None:
        """Raise :class:`RecordError` unless every card is dealt once and each seat holds eight."""
        check_hands(self.dealer, self.hands, 8, PIQUET_DECK)


def shuffle32(rng: GameRandom) -> list[int]:
    """The 32 cards in random order: an exact Fisher-Yates shuffle drawing 60 random bits at a time.

    Every order is equally likely (each draw below ``n`` takes the fewest bits
    that hold ``n`` and rejects values of ``n`` or more); it needs about four
    calls of the generator instead of the 31 of ``random.shuffle``.
    """
    deck = list(range(32))
    pool = 0
    left = 0
    for i in range(31, 0, -1):
        n = i + 1
        width = n.bit_length()
        mask = (1 << width) - 1
        while True:
            if left < width:
                pool = rng.getrandbits(60)
                left = 60
            j = pool & mask
            pool >>= width
            left -= width
            if j < n:
                break
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def _places(sizes: tuple[int, ...], dealer: int) -> tuple[tuple[int, ...], ...]:
    """Per seat, where in the shuffled deck its cards are: packets of ``sizes`` clockwise after the dealer."""
    out: list[list[int]] = [[] for _ in range(SEATS)]
    pos = 0
    for size in sizes:
        for step in range(1, SEATS + 1):
            out[(dealer + step) % SEATS].extend(range(pos, pos + size))
            pos += size
    return tuple(tuple(places) for places in out)


#: ``_PLACES[packets][dealer]``: :func:`_places` made once (dealing walked packets and slices every deal).
_PLACES: Final = {
    packets: tuple(_places(sizes, dealer) for dealer in range(SEATS))
    for packets, sizes in (("4-4", (4, 4)), ("3-2-3", (3, 2, 3)))
}


def deal_cards(rules: Rules, dealer: int, rng: GameRandom) -> Deal:
    """Shuffle and deal with the match's own generator, in the packets the rules say."""
    deck = shuffle32(rng)
    plan = _PLACES["4-4" if rules.packets == "4-4" else "3-2-3"][dealer % SEATS]
    hands: list[int] = []
    for places in plan:
        mask = 0
        for pos in places:
            mask |= 1 << deck[pos]
        hands.append(mask)
    return Deal(dealer, (hands[0], hands[1], hands[2], hands[3]))


# immutable values: a copy of a match shares them (troef.core.native)
share_when_copied(Deal)
