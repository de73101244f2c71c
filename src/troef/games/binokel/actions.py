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

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from troef.cards import card_str, parse_card, parse_number
from troef.core.actions import PASS as PASS
from troef.core.actions import PLAYS as PLAYS
from troef.core.actions import TRUMPS as TRUMPS
from troef.core.actions import Forms, trump_of, word_of
from troef.core.actions import NameTrump as NameTrump
from troef.core.actions import Pass as Pass
from troef.core.actions import Play as Play
from troef.core.errors import NotationError


@dataclass(frozen=True, slots=True)
class Bid:
    """Bid ``value`` points."""

    value: int

    def text(self) -> str:
        return f"bid {self.value}"


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


BinokelAction = Pass | Bid | NameTrump | Give | Concede | Play

# Interned instances: legal-action lists reuse these (PASS, PLAYS and TRUMPS: core's).
CONCEDE: Final = Concede()
GIVES: Final = tuple(Give(c) for c in range(32))
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


def _play(args: Sequence[str]) -> Play | None:
    return PLAYS[_kind(args[0])] if len(args) == 1 else None


def _give(args: Sequence[str]) -> Give | None:
    return GIVES[_kind(args[0])] if len(args) == 1 else None


def _bid(args: Sequence[str]) -> Bid | None:
    return bid(parse_number(args[0])) if len(args) == 1 else None


#: The forms of Binokel's actions by their first word (:class:`troef.core.actions.Forms`).
_FORMS: Final = Forms[BinokelAction](
    {
        "pass": word_of(PASS),
        "concede": word_of(CONCEDE),
        "play": _play,
        "give": _give,
        "trump": trump_of,
        "bid": _bid,
    },
    "'bid 250', 'pass', 'trump h', 'give Ah', 'concede', 'play Ah'",
    lower=False,  # a refused card is quoted as written
)


def parse_action(text: str) -> BinokelAction:
    """Read an action from its text form; raise :class:`NotationError` saying what is wrong."""
    return _FORMS.read(text)
