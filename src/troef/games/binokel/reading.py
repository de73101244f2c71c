"""What one seat can read from its view of a Binokel round: the facts its computer players reason with.

Everything here comes from a :class:`~troef.games.binokel.view.BinokelView`
alone: which cards the seat holds, which are played, which cards of other
seats are known (melds are public once made, "Melden"; the two partners of
the exchange saw the cards that went between them, "Das Bieten gewinnen"),
who showed out of a suit or of trumps, and the highest card a seat can still
hold in a suit when the must-win duty ("Stichphase") shows it could not beat.

Cards are counted by *kind* (0-31, the two copies of a card being the same
card in play): a count list has 32 entries of 0, 1 or 2.

>>> from troef.games.binokel.match import Match
>>> from troef.games.binokel.rules import preset
>>> from troef.games.binokel.view import round_view
>>> r = read(round_view(Match(preset("cardgames"), seed=3, first_dealer=0), 1))
>>> sum(r.mine), sum(r.unseen)
(12, 36)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from troef.games.binokel.play import POWER, winner_of
from troef.games.binokel.view import BinokelView

#: Kinds of the Binokel deck (ranks 9 to ace of each suit).
KINDS32: Final = tuple(k for k in range(32) if k & 7 >= 2)
#: No card of a suit can be held above this power (POWER runs 0 = nine ... 5 = ace).
TOP: Final = 5


def counts_of(cards: tuple[int, ...] | list[int]) -> list[int]:
    """Count per kind of a list of cards (either copy)."""
    out = [0] * 32
    for c in cards:
        out[c & 31] += 1
    return out


def mask_of_counts(counts: list[int]) -> int:
    """A physical-card mask holding ``counts[k]`` copies of each kind, copy 0 first (meld looks only at counts)."""
    mask = 0
    for k in range(32):
        c = counts[k]
        if c:
            mask |= 1 << k
            if c > 1:
                mask |= 1 << (k + 32)
    return mask


@dataclass(slots=True)
class Reading:
    """What ``seat`` knows of the round, worked out once per view."""

    seat: int
    trump: int
    declarer: int
    bid: int
    #: Count per kind in the seat's hand.
    mine: list[int]
    #: Count per kind played so far (finished tricks and the trick on the table).
    played: list[int]
    #: Count per kind still held by the other three seats (2 - mine - played).
    unseen: list[int]
    #: Per other seat, count per kind that seat is known to hold now (meld cards and passed cards not yet played).
    known: list[list[int]]
    #: void[seat][suit]: the seat has no card of the suit.
    void: list[list[bool]]
    #: cap[seat][suit]: the highest power (0-5) the seat can still hold in the suit.
    cap: list[list[int]]
    #: Each seat's meld value (0 before the meld).
    meld: list[int]
    #: The seats that bid (not only passed) and the highest bid of each (0: passed without a bid).
    bids: list[int] = field(default_factory=lambda: [0, 0, 0, 0])

    def partner(self) -> int:
        """The seat's partner."""
        return (self.seat + 2) % 4

    def outstanding_in(self, suit: int) -> int:
        """How many cards of ``suit`` the other three seats still hold."""
        return sum(self.unseen[suit * 8 + r] for r in range(2, 8))

    def higher_out(self, kind: int) -> int:
        """How many cards the other seats hold that beat ``kind`` in its suit."""
        suit, power = kind >> 3, POWER[kind]
        return sum(self.unseen[suit * 8 + r] for r in range(2, 8) if POWER[suit * 8 + r] > power)

    def may_hold(self, seat: int, kind: int) -> bool:
        """Whether ``seat`` (not the reader) may still hold a card of ``kind``."""
        if self.known[seat][kind]:
            return True
        suit = kind >> 3
        return (
            not self.void[seat][suit]
            and POWER[kind] <= self.cap[seat][suit]
            and self.unseen[kind] > sum(self.known[s][kind] for s in range(4))
        )


def read(view: BinokelView) -> Reading:
    """The :class:`Reading` of a seat's view (a seat 0-3; a spectator has no hand to read)."""
    seat = view.viewer
    trump = view.trump
    mine = counts_of(view.hand or ())
    played = [0] * 32
    void = [[False] * 4 for _ in range(4)]
    cap = [[TOP] * 4 for _ in range(4)]
    tricks = [t for _, t, _ in view.tricks]
    if view.trick:
        tricks.append(view.trick)
    for trick in tricks:
        cards = [c & 31 for _, c in trick]
        for c in cards:
            played[c] += 1
        led = cards[0] >> 3
        for i in range(1, len(cards)):
            who, card = trick[i][0], cards[i]
            ahead = cards[winner_of(cards[:i], trump)]
            suit = card >> 3
            if suit != led:
                void[who][led] = True
                if suit != trump and trump >= 0:
                    # "Stichphase": unable to follow he must trump; he did not, so he has none
                    void[who][trump] = True
                elif ahead >> 3 == trump and POWER[card] < POWER[ahead]:
                    cap[who][trump] = min(cap[who][trump], POWER[ahead])  # could not overtrump
            elif ahead >> 3 == led and POWER[card] <= POWER[ahead]:
                # "you must win the trick whenever you can": nothing of the suit above the card ahead
                cap[who][led] = min(cap[who][led], POWER[ahead])
    known = [[0] * 32 for _ in range(4)]
    meld = [0, 0, 0, 0]
    for s, melds in enumerate(view.melds):
        meld[s] = sum(m.value for m in melds)
        if s == seat:
            continue
        shown = [0] * 32
        # a card may be in melds of several classes: a seat holds at most the copies one class shows
        per_class: dict[int, list[int]] = {}
        for m in melds:
            counts = per_class.setdefault(m.cls, [0] * 32)
            for c in m.cards:
                counts[c & 31] += 1
        for counts in per_class.values():
            for k in range(32):
                shown[k] = max(shown[k], counts[k])
        known[s] = shown
    # the exchange: what the reader passed over is held by his partner. The partner passes first
    # ("Das Bieten gewinnen"), so all the bid winner passed back is with the partner; what the partner
    # passed is with the bid winner less what came back of the same kind
    if seat >= 0 and view.declarer >= 0 and seat in (view.declarer, (view.declarer + 2) % 4):
        other = (seat + 2) % 4
        gave, back = counts_of(view.gave), counts_of(view.received)
        for k in range(32):
            held = gave[k] if seat == view.declarer else gave[k] - back[k]
            known[other][k] = max(known[other][k], held)
    # take away what those seats have played since
    for trick in tricks:
        for who, c in trick:
            if who != seat and known[who][c & 31]:
                known[who][c & 31] -= 1
    unseen = [0] * 32
    for k in KINDS32:
        unseen[k] = 2 - mine[k] - played[k]
    for s in range(4):
        for k in range(32):
            if known[s][k] > unseen[k]:
                known[s][k] = unseen[k]
    bids = [0, 0, 0, 0]
    for who, value in view.bids:
        bids[who] = max(bids[who], value)
    return Reading(
        seat=seat,
        trump=trump,
        declarer=view.declarer,
        bid=view.bid,
        mine=mine,
        played=played,
        unseen=unseen,
        known=known,
        void=void,
        cap=cap,
        meld=meld,
        bids=bids,
    )
