"""The heuristic player's judgement before the play: how good a hand is, trump, the kraak chain.

A hand is judged by :func:`hand_value`: roughly the card points (and roem) it
brings its side with a given trump, in the way club players count a hand:
the trump jack and nine (the two highest trumps), trump length, side aces and
tens behind them, short side suits to trump in, stuk and roem. The value is
turned into a chance for the side with a logistic curve per role
(:data:`CURVES`), fitted on the heuristic's own deals.

The kraak chain (Kraken 3.1) is a bet on crosses: a side that kraaks takes
the contract over and loses 2 crosses (4, 8 after rekraak, superkraak) when
it fails. So a side kraaks only with a good chance, except that the quota
(each side at least four kraaks in 16 deals) makes it spend its kraaks: it
kraaks with the best hands it gets, judged against how good the hands of a
defender usually are (:func:`defender_quantile`), more readily as its
defending deals run out.

>>> from troef.cards import CardSet
>>> from troef.games.klaverjas.rules import preset
>>> hand = CardSet.parse("Jh 9h Ah 8h As 10s 7c 7d").mask
>>> best_trump(hand, preset("amsterdam"))
0
>>> hand_value(hand, 0, preset("amsterdam")) > hand_value(hand, 3, preset("amsterdam"))
True
"""

from __future__ import annotations

import math
import random
from functools import lru_cache
from typing import Final

from troef.games.klaverjas.roem import best_hand_roem
from troef.games.klaverjas.rules import Rules

#: What a trump is worth to its holder by rank 7 8 9 10 J Q K A (about its card points, and control).
TRUMP_VALUE: Final = (4, 4, 16, 9, 24, 4, 5, 11)
#: A side ace; a ten with its ace beside it, a ten guarded by the king.
ACE, TEN_WITH_ACE, TEN_WITH_KING, KING_WITH_ACE_TEN = 12, 10, 4, 3
#: Each trump beyond the second; each void (singleton) side suit when holding three trumps or more.
LENGTH, VOID, SINGLETON = 6, 7, 3

#: The share of the quota's kraaks spent ahead of the last moment (see :func:`quota_threshold`).
QUOTA_EAGERNESS: Final = 0.5

#: Logistic curves (middle, scale) from a hand's value to its side's chance of taking more than half:
#: for the declarer, for the declarer's partner (who knows only its own hand), and for a defender whose
#: side would take the contract over with the declarer's trump. Fitted by logistic regression on 2000
#: seeded Kraken deals the heuristic played against itself, each deal played twice: as dealt, and with
#: the first defender saying kraak (a single hand says little: the scales are wide).
CURVES: Final[dict[str, tuple[float, float]]] = {
    "declarer": (41.0, 20.0),
    "partner": (10.0, 23.0),
    "defender": (58.0, 25.0),
}


def hand_value(hand: int, trump: int, rules: Rules) -> float:
    """About what ``hand`` brings its side in card points and roem with ``trump`` as trump."""
    trumps = (hand >> (8 * trump)) & 0xFF
    count = trumps.bit_count()
    value = float(sum(TRUMP_VALUE[r] for r in range(8) if trumps >> r & 1))
    if trumps >> 2 & 1 and not trumps >> 4 & 1 and count < 3:
        value -= 5  # a nine without the jack and short is caught by the jack
    value += LENGTH * max(0, count - 2)
    for suit in range(4):
        if suit == trump:
            continue
        byte = (hand >> (8 * suit)) & 0xFF
        ace, ten, king = byte >> 7 & 1, byte >> 3 & 1, byte >> 6 & 1
        if ace:
            value += ACE
            if ten:
                value += TEN_WITH_ACE
                if king:
                    value += KING_WITH_ACE_TEN
        elif ten and king:
            value += TEN_WITH_KING
        if count >= 3:
            n = byte.bit_count()
            value += VOID if n == 0 else SINGLETON if n == 1 and not ace else 0
    plain, with_stuk = best_hand_roem(hand, trump, rules)
    if rules.hand_roem:
        value += 0.6 * plain  # Kraken 3.2: declared roem counts unless higher roem of the other side cancels it
    value += with_stuk - plain  # stuk counts for its holder's side (declared, or by itself when played)
    return value


def best_trump(hand: int, rules: Rules) -> int:
    """The suit the hand is strongest in as trump (Kraken 3.3: spades doubles everything, a tie goes to it)."""
    return max(range(4), key=lambda s: (hand_value(hand, s, rules), s == 3))


def chance(value: float, role: str) -> float:
    """The side's chance of taking more than half, for a hand of ``value`` in ``role`` (see :data:`CURVES`)."""
    middle, scale = CURVES[role]
    return 1.0 / (1.0 + math.exp(-(value - middle) / scale))


@lru_cache(maxsize=8)
def _defender_values(rules: Rules, samples: int = 1500) -> tuple[float, ...]:
    """Sorted values of a defender's hand in the trump a declarer names, over seeded random deals."""
    rng = random.Random(20261126)
    deck = list(range(32))
    out: list[float] = []
    for _ in range(samples):
        rng.shuffle(deck)
        hands = [sum(1 << c for c in deck[8 * i : 8 * i + 8]) for i in range(2)]
        trump = best_trump(hands[0], rules)
        out.append(hand_value(hands[1], trump, rules))
    return tuple(sorted(out))


def defender_quantile(value: float, rules: Rules) -> float:
    """The share of defenders' hands (in the declarer's trump) that are worth less than ``value``."""
    values = _defender_values(rules)
    low, high = 0, len(values)
    while low < high:
        mid = (low + high) // 2
        if values[mid] < value:
            low = mid + 1
        else:
            high = mid
    return low / len(values)


def quota_threshold(owed: int, defending: int, second: bool) -> float:
    """The quantile above which a defender spends a kraak it owes.

    The side wants its ``owed`` kraaks on its best of ``defending`` deals. Each deal gives two defenders a
    look, so each uses the quantile ``q`` with ``1 - q**2`` equal to the share of deals to kraak in; the
    second defender, whose partner let the chance go, needs a little less. The share is taken at half of
    ``owed / defending``: a rekraak also counts for the quota (Kraken 3.1, as decided), and the engine forces
    the last kraaks anyway, so waiting for a good hand costs less than it seems (measured: the side that
    waits so gets about two crosses a match fewer than one spending at the full share).
    """
    if owed <= 0:
        return 1.1
    if owed >= defending:
        return 0.0
    share = QUOTA_EAGERNESS * owed / defending
    q = math.sqrt(1.0 - share)
    return q - 0.05 if second else q


def kraak_wanted(hand: int, trump: int, rules: Rules, *, owed: int, defending: int, second: bool, level: int) -> bool:
    """Whether a defender says kraak (``level`` 0) or superkraak (``level`` 2)."""
    value = hand_value(hand, trump, rules)
    p = chance(value, "defender")
    if level >= 2:
        return p > 0.75  # the declarer's side showed strength by rekraak
    if p > 0.6:
        return True  # a kraak that pays without a quota
    return defender_quantile(value, rules) >= quota_threshold(owed, defending, second)


def rekraak_wanted(hand: int, trump: int, rules: Rules, *, declarer: bool, forced: bool) -> bool:
    """Whether the declarer's side says rekraak: the stake doubles again, so only with a good chance.

    A kraak the quota forced says nothing of the kraakers' hands; a free one tells they are strong.
    """
    p = chance(hand_value(hand, trump, rules), "declarer" if declarer else "partner")
    if not forced:
        p -= 0.15
    return p > 0.62


__all__ = [
    "CURVES",
    "best_trump",
    "chance",
    "defender_quantile",
    "hand_value",
    "kraak_wanted",
    "quota_threshold",
    "rekraak_wanted",
]
