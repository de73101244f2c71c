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

from dataclasses import dataclass
from enum import IntEnum
from typing import Final

from troef.cards import SUIT_LETTERS, card_str, parse_card, parse_number
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
class Pass:
    """Leave the bidding for this hand."""

    def text(self) -> str:
        return "pass"


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
class NameTrump:
    """Name the trump suit before the first lead."""

    suit: int

    def text(self) -> str:
        return f"trump {SUIT_LETTERS[self.suit]}"


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


@dataclass(frozen=True, slots=True)
class Play:
    """Play a card to the trick."""

    card: int

    def text(self) -> str:
        return f"play {card_str(self.card)}"


BonakenAction = Pass | Bid | Discard | NameTrump | DeclareRoem | DeclareStuk | Play

# Interned instances: legal-action lists reuse these instead of allocating.
PASS: Final = Pass()
STUK: Final = DeclareStuk()
PLAYS: Final = tuple(Play(c) for c in range(32))
DISCARDS: Final = tuple(Discard(c) for c in range(32))
TRUMPS: Final = tuple(NameTrump(s) for s in range(4))
MISERE: Final = Bid(BidKind.MISERE)
ZWABBER: Final = Bid(BidKind.ZWABBER)
BONAAK: Final = Bid(BidKind.BONAAK)
OPEN_BONAAK: Final = Bid(BidKind.OPEN_BONAAK)


def parse_action(text: str) -> BonakenAction:
    """Read an action from its text form; raise :class:`NotationError` saying what is wrong."""
    words = text.strip().lower().split()
    if not words:
        raise NotationError("empty action")
    head, args = words[0], words[1:]
    try:
        if head == "pass" and not args:
            return PASS
        if head == "stuk" and not args:
            return STUK
        if head == "play" and len(args) == 1:
            return PLAYS[_card32(args[0])]
        if head == "discard" and len(args) == 1:
            return DISCARDS[_card32(args[0])]
        if head == "trump" and len(args) == 1 and args[0] in ("h", "d", "c", "s"):
            return TRUMPS[SUIT_LETTERS.index(args[0])]
        if head == "roem" and len(args) == 1:
            return DeclareRoem(parse_number(args[0]))
        if head == "bid" and args:
            if args[0].isascii() and args[0].isdigit() and len(args) == 1:
                return Bid(BidKind.NUMBER, parse_number(args[0]))
            kind = _TEXT_KIND.get(args[0])
            if kind is not None:
                rest = args[1:]
                six = bool(rest) and rest[-1] == "six"
                if six:
                    rest = rest[:-1]
                if len(rest) > 1:
                    raise NotationError(f"{text!r}: too many words")
                value = parse_number(rest[0]) if rest else 0
                if (value or six) and kind in (BidKind.MISERE, BidKind.OPEN_BONAAK):
                    raise NotationError(f"{text!r}: {args[0]} takes no roem")
                return Bid(kind, value, six)
    except NotationError as exc:
        raise NotationError(f"{text!r}: {exc}") from None
    raise NotationError(
        f"{text!r} is not an action; examples: 'pass', 'bid 75', 'bid misere', "
        "'bid bonaak 50', 'discard Jh', 'trump h', 'roem 20', 'stuk', 'play Jh'"
    )


def _card32(text: str) -> int:
    card = parse_card(text)
    if card >= 32:
        raise NotationError("Bonaken has one copy of each card")
    return card


# immutable values: a copy of a match shares them (troef.core.native)
share_when_copied(Pass, Bid, Discard, NameTrump, DeclareRoem, DeclareStuk, Play)
