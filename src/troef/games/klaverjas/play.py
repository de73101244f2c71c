"""Card play: order and points of the cards, and which cards a player may play.

Order and points (common klaverjas rules): trumps J 9 A 10 K Q 8 7 worth
20 14 11 10 4 3 0 0; other suits A 10 K Q J 9 8 7 worth 11 10 4 3 2 0 0 0; the
last trick 10 more: 162 in all. Following is Amsterdam (Kraken 3) or
Rotterdam, given as a mode (:attr:`Rules.follow_mode`: 0 Amsterdam, 1
Rotterdam, 2 Rotterdam with compulsory undertrumping; a bool reads as 0 or 1);
:func:`legal_mask` is the one place that decides it and
:func:`refusal` explains, naming the rule, why a card may not be played.

Cards are ``suit * 8 + rank`` (rank 0 = seven ... 7 = ace, :mod:`troef.cards`);
hands are bitmasks; every table is built once at import.

>>> from troef.cards import CardSet, parse_card
>>> hand = CardSet.parse("7h Jc 9c As").mask
>>> # spades (3) led, clubs (2) trump, an opponent wins with the ace: trump
>>> CardSet(legal_mask(CardSet.parse("7h Jc 9c").mask, 3, 2, -1, False, False))
CardSet.parse('9c Jc')
>>> str(refusal(CardSet.parse("7h Jc 9c").mask, parse_card("7h"), 3, 2, -1, False, False))
'you must trump: an opponent wins the trick'
"""

from __future__ import annotations

from typing import Final

from troef.core.refusals import Refusal
from troef.games.klaverjas.texts import TEXTS

#: Points by rank (7 8 9 10 J Q K A) in a plain suit and in trumps.
PLAIN_POINTS: Final = (0, 0, 0, 10, 2, 3, 4, 11)
TRUMP_POINTS: Final = (0, 0, 14, 10, 20, 3, 4, 11)
#: Power by rank: plain 7 8 9 J Q K 10 A; trumps 7 8 Q K 10 A 9 J.
PLAIN_POWER: Final = (0, 1, 2, 6, 3, 4, 5, 7)
TRUMP_POWER: Final = (0, 1, 6, 4, 7, 2, 3, 5)
LAST_TRICK: Final = 10
TOTAL_POINTS: Final = 162

SUIT_BITS: Final = tuple(0xFF << (8 * s) for s in range(4))

#: ``ABOVE[trump][power + 1]``: mask of the trumps stronger than a trump of ``power`` (power -1: every trump).
ABOVE: Final = tuple(
    tuple(sum(1 << (8 * t + r) for r in range(8) if TRUMP_POWER[r] > p) for p in range(-1, 8)) for t in range(4)
)
#: ``POWER[trump][led][card]``: strength of a card in a trick; a trump is 16 + its power, a card of the
#: led suit its plain power, any other card -1.
POWER: Final = tuple(
    tuple(
        tuple(
            16 + TRUMP_POWER[c & 7] if c >> 3 == t else (PLAIN_POWER[c & 7] if c >> 3 == led else -1) for c in range(32)
        )
        for led in range(4)
    )
    for t in range(4)
)
#: ``POINTS[trump][card]``.
POINTS: Final = tuple(
    tuple(TRUMP_POINTS[c & 7] if c >> 3 == t else PLAIN_POINTS[c & 7] for c in range(32)) for t in range(4)
)


def points_of(mask: int, trump: int) -> int:
    """The card points in ``mask``."""
    table = POINTS[trump]
    total = 0
    while mask:
        low = mask & -mask
        total += table[low.bit_length() - 1]
        mask ^= low
    return total


def legal_mask(hand: int, led: int, trump: int, high_trump: int, partner_wins: bool, rotterdam: int) -> int:
    """Mask of the cards of ``hand`` that may be played.

    ``led``: the suit led (-1 when leading); ``high_trump``: power of the
    highest trump in the trick (-1 for none); ``partner_wins``: the player's
    partner wins the trick so far.
    """
    if led < 0:
        return hand
    trumps = hand & SUIT_BITS[trump]
    higher = trumps & ABOVE[trump][high_trump + 1]
    if led == trump:
        # common rules: on a trump lead follow trump and beat the highest trump if you can
        if not trumps:
            return hand
        return higher or trumps
    follow = hand & SUIT_BITS[led]
    if follow:
        return follow  # common rules: follow suit if you can (trumping instead is not allowed)
    if not trumps:
        return hand
    if partner_wins and not rotterdam:
        # Amsterdam: your partner wins, so no duty to trump; a trump must beat the highest trump in the
        # trick unless you hold nothing else
        return (hand & ~trumps) | higher or trumps
    if higher:
        return higher  # must trump and overtrump (Rotterdam: even over your partner)
    if rotterdam == 2:
        return trumps  # switch undertrump="forced": trump when you can neither follow nor overtrump, also under
    # Amsterdam, and Rotterdam by the troefplicht (KNKB/NKU, Wikipedia NL): never undertrump unless you hold
    # only lower trumps
    return hand & ~trumps or trumps


def refusal(hand: int, card: int, led: int, trump: int, high_trump: int, partner_wins: bool, rotterdam: int) -> Refusal:
    """Why ``card`` may not be played, naming the rule (:mod:`troef.games.klaverjas.texts` words it).

    Call it only for refused cards; the branches mirror :func:`legal_mask`.
    """
    if not 0 <= card < 32 or not hand >> card & 1:
        if 0 <= card < 64:
            return TEXTS.refusal("not_held", card=card)
        return TEXTS.refusal("no_such_card", card=card)
    suit = card >> 3
    trumps = hand & SUIT_BITS[trump]
    higher = trumps & ABOVE[trump][high_trump + 1]
    if led == trump:
        # common rules: on a trump lead follow trump and beat the highest trump if you can
        if suit != trump:
            return TEXTS.refusal("follow_trumps", suit=trump)
        return TEXTS.refusal("overtrump_led")
    if hand & SUIT_BITS[led]:
        return TEXTS.refusal("follow", suit=led)  # common rules: follow suit if you can
    if partner_wins and not rotterdam:
        return TEXTS.refusal("partner_wins")  # Amsterdam: over your partner a trump must beat the highest
    if suit != trump:
        # must trump and overtrump when an opponent wins (Rotterdam: over your partner too)
        if higher and high_trump >= 0:
            return TEXTS.refusal("overtrump_partner" if partner_wins else "overtrump")
        if higher:
            return TEXTS.refusal("trump_partner" if partner_wins else "trump")
        return TEXTS.refusal("undertrump")  # switch undertrump="forced"
    if higher:
        return TEXTS.refusal("overtrump_partner" if partner_wins else "overtrump")
    return TEXTS.refusal("no_undertrump")  # the troefplicht: never undertrump unless you hold only lower trumps
