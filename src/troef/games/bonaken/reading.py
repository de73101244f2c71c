"""What a player can read from the table: the public facts a bot reasons with.

Everything here is worked out from a :class:`~troef.games.bonaken.view.BonakenView`
alone: which cards are gone, which are still out (in somebody's hand or
sleeping), which players showed out of a suit, who is winning the trick.

Card order follows :mod:`troef.games.bonaken.play`: trumps J 9 A K Q 10 8 7,
other suits A K Q J 10 9 8 7.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from troef.cards import cards_of
from troef.games.bonaken.actions import Bid, parse_action
from troef.games.bonaken.play import PLAIN_POINTS, SUIT32, TRUMP_POINTS, TRUMP_POWER
from troef.games.bonaken.rules import Rules
from troef.games.bonaken.view import BonakenView

ALL32: Final = (1 << 32) - 1

#: Ranks from strongest to weakest: as trumps (J 9 A K Q 10 8 7) and in other suits.
TRUMP_ORDER: Final = tuple(sorted(range(8), key=lambda r: -TRUMP_POWER[r]))
PLAIN_ORDER: Final = (7, 6, 5, 4, 3, 2, 1, 0)


def _above_plain(card: int) -> int:
    rank, suit = card & 7, card >> 3
    return ((0xFF << (rank + 1)) & 0xFF) << (8 * suit)


def _above_trump(card: int) -> int:
    rank, suit = card & 7, card >> 3
    byte = sum(1 << r for r in range(8) if TRUMP_POWER[r] > TRUMP_POWER[rank])
    return byte << (8 * suit)


#: Cards of the same suit that beat a card: as a plain card and as a trump.
ABOVE_PLAIN: Final = tuple(_above_plain(c) for c in range(32))
ABOVE_TRUMP: Final = tuple(_above_trump(c) for c in range(32))
#: Cards of the same suit that a card beats.
BELOW_PLAIN: Final = tuple(SUIT32[c >> 3] & ~ABOVE_PLAIN[c] & ~(1 << c) for c in range(32))
BELOW_TRUMP: Final = tuple(SUIT32[c >> 3] & ~ABOVE_TRUMP[c] & ~(1 << c) for c in range(32))


#: Per suit byte, its ranks strongest first: [0] as a plain suit, [1] as trumps.
STRONGEST_FIRST: Final = (
    tuple(tuple(r for r in PLAIN_ORDER if b >> r & 1) for b in range(256)),
    tuple(tuple(r for r in TRUMP_ORDER if b >> r & 1) for b in range(256)),
)
#: Per rank, the byte of the ranks that beat it: [0] plain, [1] trumps.
ABOVE_BYTE: Final = (
    tuple(((0xFF << (r + 1)) & 0xFF) for r in range(8)),
    tuple(sum(1 << q for q in range(8) if TRUMP_POWER[q] > TRUMP_POWER[r]) for r in range(8)),
)


#: Per suit byte, the card points in it: [0] plain, [1] trumps.
POINTS_BYTE: Final = (
    tuple(sum(PLAIN_POINTS[r] for r in range(8) if b >> r & 1) for b in range(256)),
    tuple(sum(TRUMP_POINTS[r] for r in range(8) if b >> r & 1) for b in range(256)),
)


def mask_points(mask: int, trump: int) -> int:
    """Card points of every card in ``mask`` (four table look-ups)."""
    plain, trumps = POINTS_BYTE
    return (
        (trumps if trump == 0 else plain)[mask & 0xFF]
        + (trumps if trump == 1 else plain)[(mask >> 8) & 0xFF]
        + (trumps if trump == 2 else plain)[(mask >> 16) & 0xFF]
        + (trumps if trump == 3 else plain)[(mask >> 24) & 0xFF]
    )


def above(card: int, trump: int) -> int:
    """Mask of the cards of ``card``'s suit that beat it."""
    return ABOVE_TRUMP[card] if card >> 3 == trump else ABOVE_PLAIN[card]


def below(card: int, trump: int) -> int:
    """Mask of the cards of ``card``'s suit that it beats."""
    return BELOW_TRUMP[card] if card >> 3 == trump else BELOW_PLAIN[card]


def points(card: int, trump: int) -> int:
    """Card points with ``trump`` as trump suit (-1: none)."""
    return TRUMP_POINTS[card & 7] if card >> 3 == trump else PLAIN_POINTS[card & 7]


def strength(card: int, trump: int) -> int:
    """Order of a card within its suit (0 weakest .. 7 strongest), trumps by trump power."""
    return TRUMP_POWER[card & 7] if card >> 3 == trump else card & 7


def power(card: int, led: int, trump: int) -> int:
    """How strongly ``card`` plays in a trick led with suit ``led`` (-1: it cannot win)."""
    suit = card >> 3
    if suit == trump:
        return 16 + TRUMP_POWER[card & 7]
    if suit == led:
        return card & 7
    return -1


def by_strength(mask: int, trump: int, strongest_first: bool = True) -> list[int]:
    """The cards of ``mask`` ordered by strength within their suit (ties: suit order)."""
    return sorted(cards_of(mask), key=lambda c: strength(c, trump), reverse=strongest_first)


def rules_of(view: BonakenView) -> Rules:
    """The rules in force at the view's table, every variant switch included."""
    return view.rules


@lru_cache(maxsize=4096)
def parse_bid_text(text: str) -> Bid | None:
    """The bid of an event text such as ``'bid 75'`` (None for anything else)."""
    if not text.startswith("bid "):
        return None
    action = parse_action(text)
    return action if isinstance(action, Bid) else None


@dataclass(slots=True)
class Reading:
    """The public facts of a hand as one seat sees them (masks are 32-card bitmasks)."""

    me: int
    seats: tuple[int, ...]
    table: int
    hand: int
    trump: int
    contract: Bid | None
    declarers: tuple[int, ...]
    #: Cards played to finished tricks and to the trick on the table.
    played: int
    #: Cards that can be nowhere else than where this seat knows: played, own, own laid away.
    known: int
    #: Cards that may be in other players' hands (or sleeping).
    unseen: int
    #: Per seat, a bitmask of the suits that seat showed out of.
    void: dict[int, int]
    #: The trick on the table as (seat, card) and its led suit (-1: none yet).
    trick: tuple[tuple[int, int], ...]
    led: int
    #: Bids made so far, as (seat, bid or None for pass).
    bids: tuple[tuple[int, Bid | None], ...]
    #: Tricks won so far per seat.
    won: dict[int, int]

    @property
    def players(self) -> int:
        return len(self.seats)

    def order_after(self, seat: int) -> list[int]:
        """The other playing seats in playing order, starting left of ``seat``."""
        out = []
        for step in range(1, self.table):
            s = (seat + step) % self.table
            if s in self.seats:
                out.append(s)
        return out

    def still_to_play(self) -> list[int]:
        """Seats that play to this trick after this seat."""
        left = self.players - len(self.trick) - 1
        return self.order_after(self.me)[:left]

    def winning(self) -> tuple[int, int, int]:
        """(seat, card, power) of the card now winning the trick; (-1, -1, -1) on an empty table."""
        best = (-1, -1, -1)
        for seat, card in self.trick:
            p = power(card, self.led, self.trump)
            if p > best[2]:
                best = (seat, card, p)
        return best

    def may_hold(self, seat: int, suit: int) -> bool:
        """Whether ``seat`` may still hold a card of ``suit``, as far as the table shows."""
        out = self.unseen & SUIT32[suit]
        if not out:
            return False
        if not self.void.get(seat, 0) >> suit & 1:
            return True
        # showing out of trumps does not rule out the trump jack (nk rule 26: it may be kept back)
        return suit == self.trump and bool(out >> (8 * suit + 4) & 1)

    def trumps_out(self) -> int:
        """Mask of the trumps this seat has not seen (in other hands or sleeping)."""
        return self.unseen & SUIT32[self.trump] if self.trump >= 0 else 0


def shown_out(tricks: Sequence[Sequence[tuple[int, int]]], trump: int) -> tuple[int, dict[int, int]]:
    """The cards played in ``tricks`` and, per seat, the suits it showed out of (a bitmask of suits)."""
    played = 0
    void: dict[int, int] = {}
    for trick in tricks:
        led = trick[0][1] >> 3
        for seat, card in trick:
            played |= 1 << card
            suit = card >> 3
            if suit != led and (suit != trump or trump < 0):
                # not following: out of the led suit (on a trump lead: but for the jack,
                # which may be kept back, nk rule 26)
                void[seat] = void.get(seat, 0) | (1 << led)
    return played, void


def read(view: BonakenView) -> Reading:
    """The public facts of ``view`` for its viewer."""
    trump = view.trump
    hand = 0
    for card in view.hand or ():
        hand |= 1 << card
    tricks = [t for t, _ in view.tricks]
    if view.trick:
        tricks.append(view.trick)
    played, void = shown_out(tricks, trump)
    known = played | hand
    for card in view.laid_away:
        known |= 1 << card
    bids: list[tuple[int, Bid | None]] = []
    contract: Bid | None = None
    for seat, text in view.events:
        if text == "pass":
            bids.append((seat, None))
        else:
            bid = parse_bid_text(text)
            if bid is not None:
                bids.append((seat, bid))
                contract = bid
    led = view.trick[0][1] >> 3 if view.trick else -1
    return Reading(
        me=view.viewer,
        seats=view.seats,
        table=view.table,
        hand=hand,
        trump=trump,
        contract=contract,
        declarers=view.declarers,
        played=played,
        known=known,
        unseen=ALL32 & ~known,
        void=void,
        trick=view.trick,
        led=led,
        bids=tuple(bids),
        won=view.tricks_won,
    )
