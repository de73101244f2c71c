"""The automatic meld ("Melden"): each hand's best meld in three classes, exact, from tables.

The text says the game forms each player's highest-valued combination of
melds itself; troef does so. A card may be in melds of different classes but
in one meld of each class only. Within a class the melds of different suits
(class 1) or ranks (class 3) share no card, so the best meld is the best of
each suit and rank, and those are tabled once: class 1 per suit by the 12-bit
count pattern of its six ranks (two bits per rank, one per copy).
``tests/games/binokel/test_meld.py`` checks the tables against a brute force
over every split of random hands into melds.

The values are the text's table ("Gültige Meldungen"):

>>> from troef.cards import CardSet
>>> hand = CardSet.parse("Ah 10h Kh Qh Jh 9h Kd Qd Jd Qs Qc As")
>>> meld_value(hand.mask, trump=0)
280
>>> [(m.name, m.value) for m in meld_parts(hand.mask, trump=0)]
[('sequence', 150), ('trump_nine', 10), ('marriage', 20), ('binokel', 40), ('queens', 60)]

(Queens around take the heart queen of the sequence and the spade queen of
the Binokel too: other classes. Aces around would need all four aces.)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from troef.cards import card_str, make_card

# ranks of the card layer
NINE, TEN, JACK, QUEEN, KING, ACE = 2, 3, 4, 5, 6, 7
DIAMONDS, SPADES = 1, 3

#: Class of each meld ("Meldungen der Klasse 1/2/3") and its value, by name.
MELDS: Final[dict[str, tuple[int, int]]] = {
    "double_sequence": (1, 1500),
    "sequence_marriage": (1, 230),
    "sequence_king": (1, 190),
    "sequence_queen": (1, 190),
    "sequence": (1, 150),
    "royal_marriage": (1, 40),
    "marriage": (1, 20),
    "trump_nine": (1, 10),
    "double_binokel": (2, 300),
    "binokel": (2, 40),
    "double_aces": (3, 1000),
    "aces": (3, 100),
    "double_kings": (3, 800),
    "kings": (3, 80),
    "double_queens": (3, 600),
    "queens": (3, 60),
    "double_jacks": (3, 400),
    "jacks": (3, 40),
}
_AROUND: Final = ((ACE, "aces"), (KING, "kings"), (QUEEN, "queens"), (JACK, "jacks"))
_SEQUENCE: Final = (ACE, TEN, KING, QUEEN, JACK)


@dataclass(frozen=True, slots=True)
class Meld:
    """One meld shown on the table: its name (a key of :data:`MELDS`), class, value and the cards in it."""

    name: str
    cls: int
    value: int
    cards: tuple[int, ...]

    def text(self) -> str:
        """``'sequence 150: Ah 10h Kh Qh Jh'``."""
        return f"{self.name} {self.value}: {' '.join(card_str(c) for c in self.cards)}"


def _suit_class1(counts: dict[int, int], trump: bool) -> list[tuple[str, list[int]]]:
    """The best class-1 melds of one suit as (name, ranks used), from the count of each rank."""
    out: list[tuple[str, list[int]]] = []
    k, q = counts[KING], counts[QUEEN]
    if trump:
        if all(counts[r] == 2 for r in _SEQUENCE):
            out.append(("double_sequence", [*_SEQUENCE, *_SEQUENCE]))
        elif all(counts[r] >= 1 for r in _SEQUENCE):
            extra_k, extra_q = k - 1, q - 1
            if extra_k and extra_q:
                out.append(("sequence_marriage", [*_SEQUENCE, KING, QUEEN]))
            elif extra_k:
                out.append(("sequence_king", [*_SEQUENCE, KING]))
            elif extra_q:
                out.append(("sequence_queen", [*_SEQUENCE, QUEEN]))
            else:
                out.append(("sequence", list(_SEQUENCE)))
        else:
            out += [("royal_marriage", [KING, QUEEN])] * min(k, q)
        out += [("trump_nine", [NINE])] * counts[NINE]
    else:
        out += [("marriage", [KING, QUEEN])] * min(k, q)
    return out


def _counts(pattern: int) -> dict[int, int]:
    """Counts per rank of a 12-bit suit pattern (bits 0-5: held once, 6-11: held twice; bit i is rank i + 2)."""
    return {r: (pattern >> (r - 2) & 1) + (pattern >> (r + 4) & 1) for r in range(2, 8)}


def _table(trump: bool) -> tuple[int, ...]:
    return tuple(
        sum(MELDS[name][1] for name, _ in _suit_class1(_counts(p), trump))
        if (p >> 6) & ~p & 63 == 0  # "twice" implies "once"
        else 0
        for p in range(4096)
    )


#: Class-1 value of a suit's count pattern, as trump and as a plain suit.
TRUMP_CLASS1: Final = _table(True)
PLAIN_CLASS1: Final = _table(False)


def _pattern(one: int, two: int, suit: int) -> int:
    shift = 8 * suit + 2
    return (one >> shift & 63) | (two >> shift & 63) << 6


def _class3(pattern: int) -> int:
    """Class-3 value of the ranks J Q K A held in every suit (bits 0-3) and twice in every suit (bits 4-7)."""
    total = 0
    for bit, (single, double) in enumerate(((40, 400), (60, 600), (80, 800), (100, 1000))):
        if pattern >> (bit + 4) & 1:
            total += double
        elif pattern >> bit & 1:
            total += single
    return total


#: Class-3 value by the pattern of :func:`_class3`.
CLASS3: Final = tuple(_class3(p) for p in range(256))
#: Class-2 value by the number of jacks of diamonds (bits 0-1) and queens of spades (bits 2-3) held.
CLASS2: Final = tuple(
    300 if (p & 3, p >> 2) == (2, 2) else 40 * min(p & 3, p >> 2) if (p & 3) <= 2 and p >> 2 <= 2 else 0
    for p in range(16)
)
_JD, _QS = 8 + JACK, 24 + QUEEN


def meld_value(hand: int, trump: int) -> int:
    """The value of the best meld of a hand (a 64-bit mask of physical cards) with ``trump``."""
    one = (hand | hand >> 32) & 0xFFFFFFFF
    two = hand & hand >> 32 & 0xFFFFFFFF
    total = (
        PLAIN_CLASS1[(one >> 2 & 63) | (two >> 2 & 63) << 6]
        + PLAIN_CLASS1[(one >> 10 & 63) | (two >> 10 & 63) << 6]
        + PLAIN_CLASS1[(one >> 18 & 63) | (two >> 18 & 63) << 6]
        + PLAIN_CLASS1[(one >> 26 & 63) | (two >> 26 & 63) << 6]
    )
    # the trump suit counts by the trump table instead
    p = (one >> (8 * trump + 2) & 63) | (two >> (8 * trump + 2) & 63) << 6
    total += TRUMP_CLASS1[p] - PLAIN_CLASS1[p]
    # class 2: the jack of diamonds with the queen of spades
    total += CLASS2[(one >> _JD & 1) + (two >> _JD & 1) | ((one >> _QS & 1) + (two >> _QS & 1)) << 2]
    # class 3: the ranks held in all four suits (a rank's bit survives the AND of the four suit bytes)
    all1 = one & one >> 8 & one >> 16 & one >> 24
    all2 = two & two >> 8 & two >> 16 & two >> 24
    return total + CLASS3[(all1 >> 4 & 15) | (all2 >> 4 & 15) << 4]


def meld_parts(hand: int, trump: int) -> tuple[Meld, ...]:
    """The melds of the best meld, with the physical cards in each (class 1, then 2, then 3)."""
    one = (hand | hand >> 32) & 0xFFFFFFFF
    two = hand & hand >> 32 & 0xFFFFFFFF
    out: list[Meld] = []

    def take(pool: dict[int, list[int]], suit: int, rank: int) -> int:
        return pool[make_card(suit, rank)].pop(0)

    def fresh() -> dict[int, list[int]]:
        return {k: [c for c in (k, k + 32) if hand >> c & 1] for k in range(32)}

    pool = fresh()
    for suit in (trump, *(s for s in range(4) if s != trump)):
        for name, ranks in _suit_class1(_counts(_pattern(one, two, suit)), suit == trump):
            out.append(Meld(name, 1, MELDS[name][1], tuple(take(pool, suit, r) for r in ranks)))
    pool = fresh()
    jd, qs = make_card(DIAMONDS, JACK), make_card(SPADES, QUEEN)
    if len(pool[jd]) == 2 and len(pool[qs]) == 2:
        out.append(Meld("double_binokel", 2, 300, (jd, jd + 32, qs, qs + 32)))
    else:
        for _ in range(min(len(pool[jd]), len(pool[qs]))):
            out.append(Meld("binokel", 2, 40, (pool[jd].pop(0), pool[qs].pop(0))))
    pool = fresh()
    for rank, name in _AROUND:
        around = 0x01010101 << rank
        if two & around == around:
            cards = tuple(c for s in range(4) for c in (make_card(s, rank), make_card(s, rank, 1)))
            out.append(Meld("double_" + name, 3, MELDS["double_" + name][1], cards))
        elif one & around == around:
            cards = tuple(
                make_card(s, rank) if hand >> make_card(s, rank) & 1 else make_card(s, rank, 1) for s in range(4)
            )
            out.append(Meld(name, 3, MELDS[name][1], cards))
    return tuple(out)
