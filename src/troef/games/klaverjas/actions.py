"""Klaverjas actions: small immutable values, each with a text form for records.

================  ==============================================================
text              meaning
================  ==============================================================
``trump h``       name trump and play (``h d c s``)
``pass``          not play (``vrij`` only: each in turn may play or pass)
``kraak``         the other side says the players will go nat (Kraken 3.1)
``rekraak``       the players say they will not
``superkraak``    the other side's last word
``no``            let the chance to kraak, rekraak or superkraak go
``roem 50``       declare roem from the hand during the first trick (Kraken 3.2)
``stuk``          declare stuk; the next card must be the trump king or queen
``play Jh``       play a card
``claim``         claim the roem of the trick just won ("claim" switch)
``turn``          turn the trick without claiming its roem
================  ==============================================================

>>> parse_action("play 10h").text()
'play 10h'
>>> parse_action("superkraak")
Word(word='superkraak')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from troef.cards import SUIT_LETTERS, card_str, parse_card, parse_number
from troef.core.errors import NotationError
from troef.core.native import share_when_copied

#: The words of the kraak chain in order, after "no".
CHAIN: Final = ("kraak", "rekraak", "superkraak")
_WORDS: Final = ("pass", "no", *CHAIN, "stuk", "claim", "turn")


@dataclass(frozen=True, slots=True)
class NameTrump:
    """Name the trump suit: the player's side plays the deal."""

    suit: int

    def text(self) -> str:
        return f"trump {SUIT_LETTERS[self.suit]}"


@dataclass(frozen=True, slots=True)
class Word:
    """A one-word action: ``pass``, ``no``, ``kraak``, ``rekraak``, ``superkraak``, ``stuk``, ``claim``, ``turn``."""

    word: str

    def text(self) -> str:
        return self.word


@dataclass(frozen=True, slots=True)
class DeclareRoem:
    """Declare roem from the hand (Kraken 3.2): the total, as the other players hear it."""

    value: int

    def text(self) -> str:
        return f"roem {self.value}"


@dataclass(frozen=True, slots=True)
class Play:
    """Play a card to the trick."""

    card: int

    def text(self) -> str:
        return f"play {card_str(self.card)}"


KlaverjasAction = NameTrump | Word | DeclareRoem | Play

# Interned instances: legal-action lists are made of these.
WORDS: Final = {w: Word(w) for w in _WORDS}
PASS: Final = WORDS["pass"]
NO: Final = WORDS["no"]
KRAAK: Final = WORDS["kraak"]
REKRAAK: Final = WORDS["rekraak"]
SUPERKRAAK: Final = WORDS["superkraak"]
STUK: Final = WORDS["stuk"]
CLAIM: Final = WORDS["claim"]
TURN: Final = WORDS["turn"]
CHAIN_WORDS: Final = (KRAAK, REKRAAK, SUPERKRAAK)
PLAYS: Final = tuple(Play(c) for c in range(32))
TRUMPS: Final = tuple(NameTrump(s) for s in range(4))


_DECLARATIONS: dict[int, DeclareRoem] = {}


def declare_roem(value: int) -> DeclareRoem:
    """The interned ``roem`` action of ``value``."""
    found = _DECLARATIONS.get(value)
    if found is None:
        found = _DECLARATIONS[value] = DeclareRoem(value)
    return found


def parse_action(text: str) -> KlaverjasAction:
    """Read an action from its text form; raise :class:`NotationError` saying what is wrong."""
    words = text.strip().lower().split()
    if not words:
        raise NotationError("empty action")
    head, args = words[0], words[1:]
    if not args and head in WORDS:
        return WORDS[head]
    if head == "trump" and len(args) == 1 and len(args[0]) == 1 and args[0] in SUIT_LETTERS:
        return TRUMPS[SUIT_LETTERS.index(args[0])]
    if head == "play" and len(args) == 1:
        try:
            card = parse_card(args[0])
        except NotationError as exc:
            raise NotationError(f"{text!r}: {exc}") from None
        if card >= 32:
            raise NotationError(f"{text!r}: klaverjas has one copy of each card")
        return PLAYS[card]
    if head == "roem" and len(args) == 1:
        try:
            value = parse_number(args[0])
        except NotationError as exc:
            raise NotationError(f"{text!r}: {exc}") from None
        return declare_roem(value) if value < 100000 else DeclareRoem(value)  # interned: the values that occur
    raise NotationError(
        f"{text!r} is not an action; examples: 'trump h', 'pass', 'kraak', 'no', 'roem 20', 'stuk', 'play Jh'"
    )


# immutable values: a copy of a match shares them (troef.core.native)
share_when_copied(NameTrump, Word, DeclareRoem, Play)
