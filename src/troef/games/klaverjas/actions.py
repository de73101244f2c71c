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

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from troef.cards import parse_number
from troef.core.actions import PLAYS as PLAYS
from troef.core.actions import TRUMPS as TRUMPS
from troef.core.actions import Forms, play_of, trump_of, word_of
from troef.core.actions import NameTrump as NameTrump
from troef.core.actions import Play as Play
from troef.core.native import share_when_copied

#: The words of the kraak chain in order, after "no".
CHAIN: Final = ("kraak", "rekraak", "superkraak")
_WORDS: Final = ("pass", "no", *CHAIN, "stuk", "claim", "turn")


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


_DECLARATIONS: dict[int, DeclareRoem] = {}


def declare_roem(value: int) -> DeclareRoem:
    """The interned ``roem`` action of ``value``."""
    found = _DECLARATIONS.get(value)
    if found is None:
        found = _DECLARATIONS[value] = DeclareRoem(value)
    return found


def _play(args: Sequence[str]) -> Play | None:
    return play_of(args, "klaverjas")


def _roem(args: Sequence[str]) -> DeclareRoem | None:
    if len(args) != 1:
        return None
    value = parse_number(args[0])
    return declare_roem(value) if value < 100000 else DeclareRoem(value)  # interned: the values that occur


#: The forms of klaverjas's actions by their first word (:class:`troef.core.actions.Forms`).
_FORMS: Final = Forms[KlaverjasAction](
    {
        **{word: word_of(action) for word, action in WORDS.items()},
        "trump": trump_of,
        "play": _play,
        "roem": _roem,
    },
    "'trump h', 'pass', 'kraak', 'no', 'roem 20', 'stuk', 'play Jh'",
)


def parse_action(text: str) -> KlaverjasAction:
    """Read an action from its text form; raise :class:`NotationError` saying what is wrong."""
    return _FORMS.read(text)


# immutable values: a copy of a match shares them (troef.core.native)
share_when_copied(Word, DeclareRoem)
