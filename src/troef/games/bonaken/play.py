"""Card play: ranking, card points, and which cards a player may play.

Card order and points follow nk rules 4 and 25 (the same table in pagat and
hazerswoude 2.1): trumps J 9 A K Q 10 8 7, other suits A K Q J 10 9 8 7.
"""

from __future__ import annotations

from typing import Final

from troef.games.bonaken.rules import Rules

#: Points of a card by rank (7 8 9 10 J Q K A) when not trump / when trump (nk rule 4).
PLAIN_POINTS: Final = (0, 0, 0, 10, 1, 2, 3, 11)
TRUMP_POINTS: Final = (0, 0, 14, 10, 20, 2, 3, 11)
#: Power of a trump by rank: 7 < 8 < 10 < Q < K < A < 9 < J (nk rule 25).
TRUMP_POWER: Final = (0, 1, 6, 2, 7, 3, 4, 5)
#: For each trump power p (and -1 at index 8), the rank byte of trumps stronger than p.
_ABOVE: Final = (*tuple(sum(1 << r for r in range(8) if TRUMP_POWER[r] > p) for p in range(8)), 255)
SUIT32: Final = tuple(0xFF << (8 * s) for s in range(4))
ALL32: Final = (1 << 32) - 1


def stronger_trumps(trump: int, power: int) -> int:
    """Mask of the trumps stronger than a trump of ``power`` (-1: every trump)."""
    return _ABOVE[power] << (8 * trump)


def card_power(card: int, led: int, trump: int) -> int:
    """Strength of ``card`` in a trick led with ``led`` (nk rules 24-25).

    A trump is 16 plus its trump power, a card of the led suit its rank, any
    other card -1 (it cannot win the trick). The highest power wins the trick.
    """
    suit = card >> 3
    if suit == trump:
        return 16 + TRUMP_POWER[card & 7]
    return card & 7 if suit == led else -1


def card_points(card: int, trump: int) -> int:
    """Points of ``card`` with ``trump`` as trump suit (-1: no trump)."""
    rank = card & 7
    return TRUMP_POINTS[rank] if (card >> 3) == trump else PLAIN_POINTS[rank]


def points_of(mask: int, trump: int) -> int:
    """Sum of the card points in ``mask``."""
    total = 0
    for suit in range(4):
        byte = (mask >> (8 * suit)) & 0xFF
        table = TRUMP_POINTS if suit == trump else PLAIN_POINTS
        while byte:
            low = byte & -byte
            total += table[low.bit_length() - 1]
            byte ^= low
    return total


def legal_plays(hand: int, led: int, trump: int, high_trump: int, rules: Rules) -> int:
    """Mask of the cards of ``hand`` that may be played.

    ``led``: suit led to this trick (-1 when leading); ``trump``: trump suit
    (-1 for none); ``high_trump``: power of the highest trump already in the
    trick (-1 for none).
    """
    if led < 0:
        return hand
    follow = hand & SUIT32[led]
    if trump < 0:
        # nk rule 29: without trump follow suit, else anything
        return follow or hand
    trumps = hand & SUIT32[trump]
    if led == trump:
        if not trumps:
            return hand
        keepable = trumps
        if rules.trump_jack_may_be_kept:
            # nk rule 26, pagat, hazerswoude 2.5 rule 1: the trump jack may be kept back
            keepable = trumps & ~(1 << (8 * trump + 4))
            if not keepable:
                return hand
        if rules.overtrump_on_trump_lead:
            higher = trumps & stronger_trumps(trump, high_trump)
            if higher & keepable:
                return higher
        return trumps  # nk rule 26: no duty to overtrump
    if follow:
        # nk rule 27, pagat, hazerswoude 2.5 rule 2: trumping instead of following is allowed
        allowed = follow | trumps if rules.may_trump_instead_of_following else follow
    else:
        allowed = hand  # nk rule 28
    if high_trump >= 0 and rules.undertrump != "allowed":
        low = allowed & trumps & ~stronger_trumps(trump, high_trump)
        if low:
            if rules.undertrump == "unless_forced":
                # nk rules 27-28, hazerswoude 2.5 rule 4: no voluntary undertrumping
                if allowed & ~low:
                    allowed &= ~low
            elif hand & ~SUIT32[trump]:
                # pagat variant: undertrump only with nothing but trumps in hand
                allowed &= ~low
    return allowed
