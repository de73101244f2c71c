"""Suits, ranks, cards and card sets, with a compact text notation.

A card is a plain ``int``: ``copy * 32 + suit * 8 + rank``. Ranks run from
0 (seven) to 7 (ace) in the *natural* order A-K-Q-J-10-9-8-7 that Jass games use
for sequences (roem), so a sequence is a run of adjacent bits. The 32-card
piquet deck uses copy 0 only; the 48-card Binokel deck (9 to ace, every card
twice) uses copies 0 and 1, so one 64-bit mask holds any deck of the family.

A set of cards is a :class:`CardSet`: an immutable wrapper around an ``int``
bitmask with set semantics (``in``, iteration, ``|``, ``&``, ``-``, ``len``).
Engines work on the raw masks in their hot loops and hand out ``CardSet``
values at their public edges.

Notation: a card is its rank (``7 8 9 10 J Q K A``, ``T`` is accepted for ten)
followed by its suit letter (``h d c s`` for hearts, diamonds, clubs, spades;
the symbols ``♥ ♦ ♣ ♠`` are accepted too). A second copy (Binokel) carries a
trailing apostrophe. A card list is cards separated by spaces or commas.

>>> parse_card("Jh")
4
>>> card_str(parse_card("10s"))
'10s'
>>> CardSet.parse("Jh 9h Ah")
CardSet.parse('9h Jh Ah')
>>> len(CardSet.parse("7c 8c")), parse_card("7c") in CardSet.parse("7c 8c")
(2, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from enum import IntEnum
from typing import Final


class TroefError(Exception):
    """Base class of every error troef raises on purpose (re-exported by ``troef.core.errors``)."""


class NotationError(TroefError, ValueError):
    """Card or action text that cannot be parsed; the message says what is wrong."""


#: Most digits a number in an action may have (no bid, roem or score of any game comes near).
MAX_DIGITS: Final = 6


def parse_number(text: str) -> int:
    """A whole number written in ASCII digits (``docs/protocol.md``), else :class:`NotationError`.

    ``str.isdigit()`` and ``int()`` also take other scripts' digits (``"٢٥٠"`` is 250) and
    ``isdigit()`` superscripts that ``int()`` then refuses (``"²⁰"``): an action has one
    spelling, in ASCII. The length is bounded so no text can make ``int()`` work hard or
    refuse (it refuses more than 4,300 digits).

    >>> parse_number("250")
    250
    >>> parse_number("²⁰")
    Traceback (most recent call last):
    ...
    troef.cards.NotationError: '²⁰' is not a number (ASCII digits 0-9)
    """
    if not (text.isascii() and text.isdigit()):
        raise NotationError(f"{text!r} is not a number (ASCII digits 0-9)")
    if len(text) > MAX_DIGITS:
        raise NotationError(f"{text[:12]!r}...: a number has at most {MAX_DIGITS} digits")
    return int(text)


class Suit(IntEnum):
    """The four suits, in the order troef uses internally."""

    HEARTS = 0
    DIAMONDS = 1
    CLUBS = 2
    SPADES = 3


class Rank(IntEnum):
    """Ranks in sequence order (seven lowest, ace highest), as roem counts them."""

    SEVEN = 0
    EIGHT = 1
    NINE = 2
    TEN = 3
    JACK = 4
    QUEEN = 5
    KING = 6
    ACE = 7


SUITS: Final = tuple(Suit)
RANKS: Final = tuple(Rank)

SUIT_LETTERS: Final = "hdcs"
SUIT_SYMBOLS: Final = "♥♦♣♠"
RANK_TEXT: Final = ("7", "8", "9", "10", "J", "Q", "K", "A")

#: Display names per language: suit names, rank names, and how to join them.
SUIT_NAMES: Final[dict[str, tuple[str, ...]]] = {
    "en": ("hearts", "diamonds", "clubs", "spades"),
    "nl": ("harten", "ruiten", "klaveren", "schoppen"),
    "de": ("Herz", "Karo", "Kreuz", "Pik"),
}
RANK_NAMES: Final[dict[str, tuple[str, ...]]] = {
    "en": ("seven", "eight", "nine", "ten", "jack", "queen", "king", "ace"),
    "nl": ("zeven", "acht", "negen", "tien", "boer", "vrouw", "heer", "aas"),
    "de": ("Sieben", "Acht", "Neun", "Zehn", "Bube", "Dame", "König", "Ass"),
}
#: The nine of trumps has its own name in Dutch: the Nel.
TRUMP_NINE_NAMES: Final[dict[str, str]] = {"en": "nine", "nl": "nel", "de": "Neun"}
LANGUAGES: Final = ("nl", "en", "de")

#: Bit mask of every card of one suit (copy 0 and copy 1).
SUIT_MASK: Final = tuple((0xFF << (8 * s)) | (0xFF << (32 + 8 * s)) for s in range(4))
#: The 32-card deck of Bonaken and klaverjas (7 to ace, once).
PIQUET_DECK: Final = (1 << 32) - 1
#: The 48-card Binokel deck (9 to ace, twice).
BINOKEL_DECK: Final = sum(1 << (copy * 32 + s * 8 + r) for copy in (0, 1) for s in range(4) for r in range(2, 8))


def make_card(suit: int, rank: int, copy: int = 0) -> int:
    """The card of ``suit`` and ``rank`` (and ``copy`` for doubled decks)."""
    return copy * 32 + suit * 8 + rank


def suit_of(card: int) -> int:
    """The suit of a card."""
    return (card >> 3) & 3


def rank_of(card: int) -> int:
    """The rank of a card (0 = seven ... 7 = ace)."""
    return card & 7


def copy_of(card: int) -> int:
    """Which copy of a doubled deck the card is (always 0 in a 32-card deck)."""
    return card >> 5


def card_str(card: int) -> str:
    """The notation of one card, e.g. ``'Jh'`` or ``'10s'``."""
    text = RANK_TEXT[card & 7] + SUIT_LETTERS[(card >> 3) & 3]
    return text + "'" if card >= 32 else text


def card_symbol(card: int) -> str:
    """The card with its suit symbol, e.g. ``'J♥'``."""
    text = RANK_TEXT[card & 7] + SUIT_SYMBOLS[(card >> 3) & 3]
    return text + "'" if card >= 32 else text


def card_name(card: int, lang: str = "en", trump: int | None = None) -> str:
    """The spoken name of a card in ``lang`` (``nl``, ``en`` or ``de``).

    >>> card_name(parse_card("Jh"), "nl")
    'harten boer'
    >>> card_name(parse_card("9s"), "nl", trump=3)
    'schoppen nel'
    >>> card_name(parse_card("Ad"), "en")
    'ace of diamonds'
    """
    if lang not in SUIT_NAMES:
        raise ValueError(f"unknown language {lang!r}; choose one of {', '.join(LANGUAGES)}")
    suit, rank = suit_of(card), rank_of(card)
    rank_name = RANK_NAMES[lang][rank]
    if rank == Rank.NINE and trump is not None and suit == trump:
        rank_name = TRUMP_NINE_NAMES[lang]
    suit_name = SUIT_NAMES[lang][suit]
    if lang == "en":
        return f"{rank_name} of {suit_name}"
    return f"{suit_name} {rank_name}"


_RANK_PARSE: Final = {text: rank for rank, text in enumerate(RANK_TEXT)} | {"T": 3}
_SUIT_PARSE: Final = {ch: s for s, ch in enumerate(SUIT_LETTERS)} | {ch: s for s, ch in enumerate(SUIT_SYMBOLS)}


def parse_card(text: str) -> int:
    """Parse one card in notation; raise :class:`NotationError` saying what is wrong."""
    raw = text.strip()
    body = raw
    copy = 0
    if body.endswith("'"):
        copy, body = 1, body[:-1]
    if len(body) < 2:
        raise NotationError(f"{raw!r} is not a card: write a rank and a suit, like 'Jh' or '10s'")
    rank_text, suit_text = body[:-1].upper(), body[-1]
    suit = _SUIT_PARSE.get(suit_text.lower(), _SUIT_PARSE.get(suit_text))
    if suit is None:
        raise NotationError(
            f"{raw!r}: unknown suit {suit_text!r}; use h (hearts), d (diamonds), c (clubs) or s (spades)"
        )
    rank = _RANK_PARSE.get(rank_text)
    if rank is None:
        raise NotationError(f"{raw!r}: unknown rank {body[:-1]!r}; use 7 8 9 10 J Q K A")
    return make_card(suit, rank, copy)


def parse_cards(text: str) -> list[int]:
    """Parse a card list separated by spaces or commas, keeping its order."""
    parts = [p for p in text.replace(",", " ").split() if p]
    return [parse_card(p) for p in parts]


def mask_of(cards: Iterable[int]) -> int:
    """The bitmask of some cards."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def cards_of(mask: int) -> list[int]:
    """The cards of a bitmask, lowest index first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def sort_for_display(cards: Iterable[int], trump: int | None = None) -> list[int]:
    """Cards grouped by suit (trumps first) and ranked high to low within a suit."""
    return sorted(cards, key=_DISPLAY_ORDER[trump if trump is not None and 0 <= trump < 4 else 4].__getitem__)


def _display_order(trump: int | None) -> tuple[int, ...]:
    """Each card's place in :func:`sort_for_display` (a table per trump: a server sorts every seat's hand often)."""
    return tuple(
        (0 if suit_of(card) == trump else 1) * 1024 + suit_of(card) * 256 + 255 - rank_of(card) * 2 - copy_of(card)
        for card in range(64)
    )


#: :func:`_display_order` for trump 0-3, and at index 4 for no trump.
_DISPLAY_ORDER: Final = tuple(_display_order(trump) for trump in (0, 1, 2, 3, None))


class CardSet:
    """An immutable set of cards stored as an integer bitmask.

    >>> hand = CardSet.parse("Ah Kh 7c")
    >>> hand - CardSet.parse("7c")
    CardSet.parse('Kh Ah')
    >>> hand.of_suit(Suit.HEARTS)
    CardSet.parse('Kh Ah')
    """

    __slots__ = ("mask",)
    mask: int

    def __init__(self, mask: int = 0) -> None:
        if mask < 0:
            raise ValueError("a card set mask cannot be negative")
        object.__setattr__(self, "mask", mask)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("CardSet is immutable")

    @classmethod
    def of(cls, cards: Iterable[int]) -> CardSet:
        """The set of the given cards."""
        return cls(mask_of(cards))

    @classmethod
    def parse(cls, text: str) -> CardSet:
        """Parse a card list; a card given twice is an error."""
        cards = parse_cards(text)
        mask = mask_of(cards)
        if mask.bit_count() != len(cards):
            raise NotationError(f"{text!r} names a card more than once")
        return cls(mask)

    def __contains__(self, card: object) -> bool:
        return isinstance(card, int) and card >= 0 and bool(self.mask >> card & 1)

    def __iter__(self) -> Iterator[int]:
        return iter(cards_of(self.mask))

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __bool__(self) -> bool:
        return self.mask != 0

    def __or__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask | other.mask)

    def __and__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & other.mask)

    def __sub__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & ~other.mask)

    def __xor__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask ^ other.mask)

    def __le__(self, other: CardSet) -> bool:
        return self.mask & ~other.mask == 0

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardSet) and other.mask == self.mask

    def __hash__(self) -> int:
        return hash(("CardSet", self.mask))

    def of_suit(self, suit: int) -> CardSet:
        """The cards of one suit."""
        return CardSet(self.mask & SUIT_MASK[suit])

    def __str__(self) -> str:
        return " ".join(card_str(c) for c in self)

    def __repr__(self) -> str:
        return f"CardSet.parse({str(self)!r})"
