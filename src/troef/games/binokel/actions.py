"""Binokel actions: small immutable values, each with a text form for records.

=================  ==============================================================
text               meaning
=================  ==============================================================
``bid 250``        a bid ("Bieten": 250 first, then 10 or 20 above the last)
``pass``           leave the bidding for good
``trump h``        the bid winner names trump (``h d c s``)
``give Ah``        pass one card to the partner; four times by the bid
                   winner's partner, then four times by the bid winner
``concede``        the bid winner gives the round up ("Sich freiwillig
                   überreizen"), instead of leading the first card
``play Ah``        play a card
=================  ==============================================================

Cards in actions are *kinds*: the two copies of a card are the same card in
play, so ``play Ah`` plays whichever ace of hearts the seat holds (copy 0
first). ``play Ah'`` is read as ``play Ah``.

>>> parse_action("bid 270")
Bid(value=270)
>>> parse_action("give Qs'").text()
'give Qs'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from troef.cards import SUIT_LETTERS, card_str, parse_card, parse_number
from troef.core.errors import NotationError


@dataclass(frozen=True, slots=True)
class Pass:
    """Leave the bidding; passing is final."""

    def text(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Bid:
    """Bid ``value`` points."""

    value: int

    def text(self) -> str:
        return f"bid {self.value}"


@dataclass(frozen=True, slots=True)
class NameTrump:
    """The bid winner names the trump suit."""

    suit: int

    def text(self) -> str:
        return f"trump {SUIT_LETTERS[self.suit]}"


@dataclass(frozen=True, slots=True)
class Give:
    """Pass one card (a kind, 0-31) to the partner in the exchange."""

    card: int

    def text(self) -> str:
        return f"give {card_str(self.card)}"


@dataclass(frozen=True, slots=True)
class Concede:
    """The bid winner gives the round up."""

    def text(self) -> str:
        return "concede"


@dataclass(frozen=True, slots=True)
class Play:
    """Play a card (a kind, 0-31) to the trick."""

    card: int

    def text(self) -> str:
        return f"play {card_str(self.card)}"


BinokelAction = Pass | Bid | NameTrump | Give | Concede | Play

# Interned instances: legal-action lists reuse these.
PASS: Final = Pass()
CONCEDE: Final = Concede()
PLAYS: Final = tuple(Play(c) for c in range(32))
GIVES: Final = tuple(Give(c) for c in range(32))
TRUMPS: Final = tuple(NameTrump(s) for s in range(4))
_BIDS: dict[int, Bid] = {}


def bid(value: int) -> Bid:
    """The (interned) bid of ``value``."""
    found = _BIDS.get(value)
    if found is None:
        found = _BIDS[value] = Bid(value)
    return found


def _kind(text: str) -> int:
    card = parse_card(text) & 31
    if card & 7 < 2:
        raise NotationError(f"{text!r}: Binokel has no sevens or eights")
    return card


def parse_action(text: str) -> BinokelAction:
    """Read an action from its text form; raise :class:`NotationError` saying what is wrong."""
    words = text.strip().split()
    if not words:
        raise NotationError("empty action")
    head, args = words[0].lower(), words[1:]
    try:
        if head == "pass" and not args:
            return PASS
        if head == "concede" and not args:
            return CONCEDE
        if head == "play" and len(args) == 1:
            return PLAYS[_kind(args[0])]
        if head == "give" and len(args) == 1:
            return GIVES[_kind(args[0])]
        if head == "trump" and len(args) == 1 and args[0].lower() in SUIT_LETTERS:
            return TRUMPS[SUIT_LETTERS.index(args[0].lower())]
        if head == "bid" and len(args) == 1:
            return bid(parse_number(args[0]))
    except NotationError as exc:
        raise NotationError(f"{text!r}: {exc}") from None
    raise NotationError(
        f"{text!r} is not an action; examples: 'bid 250', 'pass', 'trump h', 'give Ah', 'concede', 'play Ah'"
    )
