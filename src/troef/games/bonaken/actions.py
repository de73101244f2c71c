"""Bonaken actions: small immutable values, each with a text form for records.

=====================  =========================================================
text                   meaning
=====================  =========================================================
``pass``               leave the bidding (nk rule 9)
``bid 75``             a number bid
``bid misere``         misère (also joining misère after another player)
``bid zwabber``        all tricks without trump; ``bid zwabber 20`` with roem
``bid bonaak``         all tricks with trump; ``bid bonaak 50`` with roem,
                       ``bid bonaak 100 six`` a six-card sequence (nk rule 50)
``bid open-bonaak``    open bonaak (Limpt-Bogmans variant)
``discard Jh``         lay away (or, in misère, pass on) one card
``trump h``            name the trump suit
``roem 50``            declare roem at the first lead (``roem 0``: none)
``stuk``               declare stuk when playing its first card (nk rule 46)
``play Jh``            play a card
=====================  =========================================================

>>> parse_action("bid bonaak 100 six")
Bid(kind=<BidKind.BONAAK: 3>, value=100, six=True)
>>> parse_action("play 10h").text()
'play 10h'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum
from typing import Final

from troef.cards import card_str, parse_number
from troef.core.actions import PASS as PASS
from troef.core.actions import PLAYS as PLAYS
from troef.core.actions import TRUMPS as TRUMPS
from troef.core.actions import Forms, card_of, play_of, trump_of, word_of
from troef.core.actions import NameTrump as NameTrump
from troef.core.actions import Pass as Pass
from troef.core.actions import Play as Play
from troef.core.errors import NotationError
from troef.core.native import share_when_copied


class BidKind(IntEnum):
    """The kinds of bid (nk rule 10, plus the open bonaak of Limpt-Bogmans)."""

    NUMBER = 0
    MISERE = 1
    ZWABBER = 2
    BONAAK = 3
    OPEN_BONAAK = 4


_KIND_TEXT: Final = {
    BidKind.MISERE: "misere",
    BidKind.ZWABBER: "zwabber",
    BidKind.BONAAK: "bonaak",
    BidKind.OPEN_BONAAK: "open-bonaak",
}
_TEXT_KIND: Final = {v: k for k, v in _KIND_TEXT.items()} | {"misère": BidKind.MISERE}


@dataclass(frozen=True, slots=True)
class Bid:
    """A bid. ``value``: points of a number bid, or roem of zwabber/bonaak with roem."""

    kind: BidKind
    value: int = 0
    six: bool = False

    def text(self) -> str:
        if self.kind == BidKind.NUMBER:
            return f"bid {self.value}"
        out = f"bid {_KIND_TEXT[self.kind]}"
        if self.value:
            out += f" {self.value}"
        if self.six:
            out += " six"
        return out


@dataclass(frozen=True, slots=True)
class Discard:
    """Lay one card away in the exchange (in misère: pass it to the next misère player)."""

    card: int

    def text(self) -> str:
        return f"discard {card_str(self.card)}"


@dataclass(frozen=True, slots=True)
class DeclareRoem:
    """Declare the total value of one's roem at the first lead (0: declare none)."""

    value: int

    def text(self) -> str:
        return f"roem {self.value}"


@dataclass(frozen=True, slots=True)
class DeclareStuk:
    """Declare stuk now; the next card played must be the trump king or queen."""

    def text(self) -> str:
        return "stuk"


BonakenAction = Pass | Bid | Discard | NameTrump | DeclareRoem | DeclareStuk | Play

# Interned instances: legal-action lists reuse these instead of allocating (PASS, PLAYS and TRUMPS: core's).
STUK: Final = DeclareStuk()
DISCARDS: Final = tuple(Discard(c) for c in range(32))
MISERE: Final = Bid(BidKind.MISERE)
ZWABBER: Final = Bid(BidKind.ZWABBER)
BONAAK: Final = Bid(BidKind.BONAAK)
OPEN_BONAAK: Final = Bid(BidKind.OPEN_BONAAK)


def _bid(args: Sequence[str]) -> Bid | None:
    """``bid 75``, ``bid misere``, ``bid zwabber 20``, ``bid bonaak 100 six``: a bid's words after ``bid``."""
    if not args:
        return None
    if args[0].isascii() and args[0].isdigit() and len(args) == 1:
        return Bid(BidKind.NUMBER, parse_number(args[0]))
    kind = _TEXT_KIND.get(args[0])
    if kind is None:
        return None
    rest = args[1:]
    six = bool(rest) and rest[-1] == "six"
    if six:
        rest = rest[:-1]
    if len(rest) > 1:
        raise NotationError("too many words")
    value = parse_number(rest[0]) if rest else 0
    if (value or six) and kind in (BidKind.MISERE, BidKind.OPEN_BONAAK):
        raise NotationError(f"{args[0]} takes no roem")
    return Bid(kind, value, six)


def _discard(args: Sequence[str]) -> Discard | None:
    return DISCARDS[card_of(args[0], "Bonaken")] if len(args) == 1 else None


def _play(args: Sequence[str]) -> Play | None:
    return play_of(args, "Bonaken")


def _roem(args: Sequence[str]) -> DeclareRoem | None:
    return DeclareRoem(parse_number(args[0])) if len(args) == 1 else None


#: The forms of Bonaken's actions by their first word (:class:`troef.core.actions.Forms`).
_FORMS: Final = Forms[BonakenAction](
    {
        "pass": word_of(PASS),
        "stuk": word_of(STUK),
        "play": _play,
        "discard": _discard,
        "trump": trump_of,
        "roem": _roem,
        "bid": _bid,
    },
    "'pass', 'bid 75', 'bid misere', 'bid bonaak 50', 'discard Jh', 'trump h', 'roem 20', 'stuk', 'play Jh'",
)


def parse_action(text: str) -> BonakenAction:
    """Read an action from its text form; raise :class:`NotationError` saying what is wrong."""
    return _FORMS.read(text)


# immutable values: a copy of a match shares them (troef.core.native)
share_when_copied(Bid, Discard, DeclareRoem, DeclareStuk)
