"""The trick rules of Binokel ("Stichphase"), on card masks and precomputed tables.

A hand is a 64-bit mask of physical cards (copy 0 in the low 32 bits, copy 1
in the high ones, :mod:`troef.cards`); the rules only look at *kinds*: the
32-bit mask ``(hand | hand >> 32) & KINDS`` of what a seat holds at least once.
The order in a suit is A > 10 > K > Q > J > 9; of two identical cards in one
trick the first one played stays ahead (the text is silent; troef decides so,
as every Binokel and Pinochle rulebook that speaks of it does).

The text's four duties (follow suit; else trump; else anything; and win the
trick whenever these allow) make :func:`legal_kinds`:

>>> from troef.cards import mask_of, parse_card, parse_cards
>>> kinds = mask_of(parse_cards("9h 10h Ah Qs"))
>>> [card_str(k) for k in cards_of(legal_kinds(kinds, 0, parse_card("Qh"), 3))]
['10h', 'Ah']
"""

from __future__ import annotations

from typing import Final

from troef.cards import card_str, cards_of, make_card, rank_of, suit_of

#: Every kind of the Binokel deck in the low 32 bits (ranks 9 to ace of each suit).
KINDS: Final = 0xFCFCFCFC
#: The kinds of one suit.
SUIT32: Final = tuple(0xFC << (8 * s) for s in range(4))
#: Trick strength by the card layer's rank (2 = nine ... 7 = ace): 9 J Q K 10 A.
_RANK_POWER: Final = (-1, -1, 0, 4, 1, 2, 3, 5)
#: Strength of each card (either copy) within its suit.
POWER: Final = tuple(_RANK_POWER[c & 7] for c in range(64))
#: The kinds of the same suit that beat a card.
HIGHER: Final = tuple(
    sum(1 << make_card(suit_of(c), r) for r in range(2, 8) if _RANK_POWER[r] > POWER[c]) for c in range(64)
)
#: Trick points of a card: ace, ten and king 10 ("Punktewertung").
POINTS: Final = tuple(10 if rank_of(c) in (3, 6, 7) else 0 for c in range(64))
#: The last trick is worth 10 more.
LAST_TRICK: Final = 10


def kinds_of(hand: int) -> int:
    """The kinds a hand holds (either copy), as a 32-bit mask."""
    return (hand | hand >> 32) & KINDS


def legal_kinds(kinds: int, led: int, winner: int, trump: int) -> int:
    """The kinds a seat holding ``kinds`` may play to a trick led in suit ``led`` and won so far by ``winner``.

    ``led`` is -1 for a lead (anything goes). ``winner`` is the card ahead in
    the trick (either copy).
    """
    if led < 0:
        return kinds
    follow = kinds & SUIT32[led]
    wsuit = (winner >> 3) & 3
    if follow:
        if wsuit != led:  # trumped already: following cannot win the trick
            return follow
        return (follow & HIGHER[winner]) or follow
    trumps = kinds & SUIT32[trump]
    if trumps:
        if wsuit != trump:
            return trumps
        return (trumps & HIGHER[winner]) or trumps
    return kinds


def refusal(kinds: int, card: int, led: int, winner: int, trump: int) -> tuple[str, int] | None:
    """Why a seat holding ``kinds`` may not play ``card`` now, as (code, card or suit), or None.

    Codes: ``not_held`` (card), ``follow`` (led suit), ``beat`` (the card to beat),
    ``trump`` (trump suit). :mod:`troef.games.binokel.texts` words them.
    """
    kind = card & 31
    if not kinds >> kind & 1:
        return ("not_held", kind)
    if led < 0:
        return None
    allowed = legal_kinds(kinds, led, winner, trump)
    if allowed >> kind & 1:
        return None
    if kinds & SUIT32[led]:
        if suit_of(kind) != led:
            return ("follow", led)
        return ("beat", winner & 31)
    if kinds & SUIT32[trump] and suit_of(kind) != trump:
        return ("trump", trump)
    return ("beat", winner & 31)


def winner_of(trick: list[int] | tuple[int, ...], trump: int) -> int:
    """The index of the winning card of a full or partial trick (the first of two identical cards wins)."""
    best = 0
    for i in range(1, len(trick)):
        c, b = trick[i], trick[best]
        if suit_of(c) == suit_of(b):
            if POWER[c] > POWER[b]:
                best = i
        elif suit_of(c) == trump:
            best = i
    return best


__all__ = [
    "HIGHER",
    "KINDS",
    "LAST_TRICK",
    "POINTS",
    "POWER",
    "SUIT32",
    "card_str",
    "cards_of",
    "kinds_of",
    "legal_kinds",
    "refusal",
    "winner_of",
]
