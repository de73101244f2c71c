"""The shape every player action has, whatever the game, and what the games' actions share.

An action is a small immutable value with a text form that :func:`parse`
functions of the game read back; ``repr`` rebuilds the value. Each game defines
the actions of its own (see ``troef.games.bonaken.actions``); passing, naming
trump and playing a card are written here once, with their interned instances
(:data:`PASS`, :data:`TRUMPS`, :data:`PLAYS`), and :class:`Forms` reads
any game's text form from the game's table of forms.

>>> forms = Forms[Pass | Play]({"pass": word_of(PASS), "play": lambda args: play_of(args, "Tiny")}, "'pass', 'play Jh'")
>>> forms.read("play Jh")
Play(card=4)
>>> forms.read("play Jh'")
Traceback (most recent call last):
...
troef.cards.NotationError: "play Jh'": Tiny has one copy of each card
>>> forms.read("pass 2")
Traceback (most recent call last):
...
troef.cards.NotationError: 'pass 2' is not an action; examples: 'pass', 'play Jh'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final, Generic, Protocol, TypeVar

from troef.cards import SUIT_LETTERS, card_str, parse_card
from troef.core.errors import NotationError
from troef.core.native import share_when_copied


class Action(Protocol):
    """What every action offers: its text form (the record notation)."""

    def text(self) -> str:
        """The action in record notation, e.g. ``'play Jh'``."""
        ...


#: The viewer number of a spectator, who sees only what is public.
SPECTATOR = -1


@dataclass(frozen=True, slots=True)
class Pass:
    """Leave the bidding."""

    def text(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class NameTrump:
    """Name the trump suit (0-3: hearts, diamonds, clubs, spades)."""

    suit: int

    def text(self) -> str:
        return f"trump {SUIT_LETTERS[self.suit]}"


@dataclass(frozen=True, slots=True)
class Play:
    """Play a card (0-31; in a game with two copies of each card, either copy) to the trick."""

    card: int

    def text(self) -> str:
        return f"play {card_str(self.card)}"


# Interned instances: legal-action lists reuse these instead of allocating.
PASS: Final = Pass()
PLAYS: Final = tuple(Play(c) for c in range(32))
TRUMPS: Final = tuple(NameTrump(s) for s in range(4))

A = TypeVar("A")

#: How a game reads the words after one head word (``play`` of ``play Jh``): the action, or None when the
#: words are not a form of that head; a :class:`NotationError` says what is wrong with a word.
Form = Callable[[Sequence[str]], A | None]


class Forms(Generic[A]):
    """A game's text forms of its actions by their first word, and the examples a text of none of them is told.

    ``read(text)`` is the action ``text`` writes, read by the form of its first word (case does not matter);
    it raises :class:`NotationError` naming the text: what is wrong with it, or the game's ``examples``.
    """

    def __init__(self, forms: Mapping[str, Form[A]], examples: str, *, lower: bool = True) -> None:
        self.forms: Final = dict(forms)
        self.examples: Final = examples
        #: Whether the forms get their words in lower case (else as written: the first word is always lowered).
        self.lower: Final = lower

    def read(self, text: str) -> A:
        words = (text.lower() if self.lower else text).split()
        if not words:
            raise NotationError("empty action")
        form = self.forms.get(words[0].lower())
        if form is not None:
            try:
                action = form(words[1:])
            except NotationError as exc:
                raise NotationError(f"{text!r}: {exc}") from None
            if action is not None:
                return action
        raise NotationError(f"{text!r} is not an action; examples: {self.examples}")


def card_of(text: str, game: str) -> int:
    """One card of a 32-card game (``'Jh'``); ``game`` names the game in the error for a second copy."""
    card = parse_card(text)
    if card >= 32:
        raise NotationError(f"{game} has one copy of each card")
    return card


def play_of(args: Sequence[str], game: str) -> Play | None:
    """The ``play`` of one card of a 32-card game, or None for another number of words."""
    return PLAYS[card_of(args[0], game)] if len(args) == 1 else None


def trump_of(args: Sequence[str]) -> NameTrump | None:
    """The naming of trump by a suit letter (``h d c s``, either case), or None for any other words."""
    letter = args[0].lower() if len(args) == 1 else ""
    if len(letter) == 1 and letter in SUIT_LETTERS:
        return TRUMPS[SUIT_LETTERS.index(letter)]
    return None


def word_of(action: A) -> Form[A]:
    """The form of an action of one word (``pass``): ``action`` alone, None with more words."""
    return lambda args: None if args else action


# immutable values: a copy of a match shares them
share_when_copied(Pass, NameTrump, Play)
