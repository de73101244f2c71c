"""What one seat can read from the table in klaverjas: the facts its bots reason with.

Everything here is worked out from a seat's
:class:`~troef.games.klaverjas.view.KlaverjasView` alone (own hand and the
public part), so it leaks nothing: the cards played and by whom, the trick on
the table and who wins it so far, the cards still out, and what each seat's
play *showed* about its hand. A seat that did not follow suit holds none of
it; a seat that did not trump or overtrump when the following rules
(:func:`~troef.games.klaverjas.play.legal_mask`: Amsterdam, which Kraken 3
plays, or Rotterdam) would have made it, holds no (higher) trump; a seat that
undertrumped where that is allowed only with nothing else in hand holds only
trumps. These are hard facts: every card a seat could still hold is in
:meth:`Reading.may_hold`, the basis of a consistent world sampler.

By example: hearts trump (Amsterdam), seat 1 leads the ace of spades and
seat 2, against seat 1 who wins, plays the seven of clubs: seat 2 has no
spades, and no hearts either (it would have had to trump).

>>> from troef.cards import CardSet
>>> from troef.games.klaverjas.actions import parse_action
>>> from troef.games.klaverjas.deal import Deal
>>> from troef.games.klaverjas.rules import preset
>>> from troef.games.klaverjas.state import DealState
>>> from troef.games.klaverjas.view import state_view
>>> hands = ["Ac 10c Jh 9h Ah 10h Qs 7s", "As Ks 8s 8d 9d Qc Kc 8c", "7c Jc 9c Ad 10d Kd Qd 7d",
...          "9s 10s Js Kh Qh 7h 8h Jd"]
>>> deal = DealState(preset("amsterdam"), Deal(0, tuple(CardSet.parse(h).mask for h in hands)))
>>> for text in ("trump h", "play As", "play 7c"):
...     deal.apply(parse_action(text))
>>> r = read(state_view(deal, 3))
>>> r.void(2, 3), r.void(2, 0), r.void(1, 0), r.winner
(True, True, False, 1)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from troef.games.klaverjas.kraak import playing_side
from troef.games.klaverjas.play import ABOVE, POINTS, POWER, SUIT_BITS, TRUMP_POWER
from troef.games.klaverjas.roem import best_hand_roem, stuk_mask
from troef.games.klaverjas.rules import Rules
from troef.games.klaverjas.view import KlaverjasView

__all__ = ["ALL_CARDS", "Reading", "Trick", "beats", "read", "trick_winner"]

ALL_CARDS: Final = (1 << 32) - 1

#: The cards of one trick in the order played, as (seat, card).
Trick = tuple[tuple[int, int], ...]


def trick_winner(trick: Trick, trump: int) -> tuple[int, int, int]:
    """(seat, card, power) of the card winning ``trick`` so far; (-1, -1, -1) for an empty trick.

    Power as in :data:`~troef.games.klaverjas.play.POWER`: a trump is 16 + its trump power.

    >>> from troef.cards import parse_card as c
    >>> trick_winner(((1, c("As")), (2, c("7h")), (3, c("Ks"))), 0)[:2] == (2, c("7h"))
    True
    """
    if not trick:
        return (-1, -1, -1)
    row = POWER[trump][trick[0][1] >> 3]
    best = (-1, -1, -1)
    for seat, card in trick:
        if row[card] > best[2]:
            best = (seat, card, row[card])
    return best


def beats(card: int, other: int, led: int, trump: int) -> bool:
    """Whether ``card`` beats ``other`` in a trick led with ``led``."""
    row = POWER[trump][led]
    return row[card] > row[other]


def _shown(trick: Trick, trump: int, rotterdam: int, excluded: list[int]) -> None:
    """Add to ``excluded`` (per seat) the cards each seat's play in ``trick`` proves it did not hold.

    The reasoning mirrors :func:`~troef.games.klaverjas.play.legal_mask`, branch by branch.
    """
    if not trick:
        return
    led = trick[0][1] >> 3
    row = POWER[trump][led]
    trumps = SUIT_BITS[trump]
    best_seat, best_power = trick[0][0], row[trick[0][1]]
    for seat, card in trick[1:]:
        suit = card >> 3
        high_trump = best_power - 16 if best_power >= 16 else -1
        higher = ABOVE[trump][high_trump + 1]  # the trumps that beat the trick's highest trump
        partner_wins = best_seat == seat ^ 2
        if led == trump:
            if suit != trump:
                excluded[seat] |= trumps  # common rules: follow trumps if you can
            elif TRUMP_POWER[card & 7] < high_trump:
                excluded[seat] |= higher  # common rules: overtrump on a trump lead if you can
        elif suit != led:
            excluded[seat] |= SUIT_BITS[led]  # follow suit if you can
            if partner_wins and not rotterdam:
                # Amsterdam: no duty to trump over the partner; a trump under the partner's only with nothing else
                if suit == trump and TRUMP_POWER[card & 7] < high_trump:
                    excluded[seat] |= (ALL_CARDS & ~trumps) | higher
            elif suit != trump:
                # must trump (and overtrump) an opponent (Rotterdam: anybody); with undertrump="forced" a
                # Rotterdam player trumps even when he cannot overtrump
                excluded[seat] |= trumps if rotterdam == 2 else higher
            elif TRUMP_POWER[card & 7] < high_trump:
                excluded[seat] |= higher  # could not overtrump
                if rotterdam != 2:
                    excluded[seat] |= ALL_CARDS & ~trumps  # troefplicht: undertrump only holding nothing else
        power = row[card]
        if power > best_power:
            best_seat, best_power = seat, power


@dataclass(frozen=True, slots=True)
class Reading:
    """The facts of a deal as one seat sees them; masks are 32-card bitmasks (:mod:`troef.cards`)."""

    me: int
    rules: Rules
    #: Trump suit, declarer and the side that must take more than half (-1 while trump is not named).
    trump: int
    declarer: int
    playing_side: int
    #: 0 none, 1 kraak, 2 rekraak, 3 superkraak.
    level: int
    hand: int
    hand_sizes: tuple[int, int, int, int]
    #: Every card played (finished tricks and the trick on the table), and per seat the cards it played.
    played: int
    played_by: tuple[int, int, int, int]
    #: Cards in the other three hands: neither in this seat's hand nor played.
    unseen: int
    #: Per seat, the cards its play proved it does not hold (for this seat: everything but its hand).
    excluded: tuple[int, int, int, int]
    trick: Trick
    #: The suit led to the trick on the table (-1: nobody has played to it).
    led: int
    #: The seat winning the trick on the table so far, its card and that card's power (-1 on an empty table).
    winner: int
    winning_card: int
    winning_power: int
    tricks: tuple[tuple[Trick, int], ...]
    #: Roem declared from the hand per seat (Kraken 3.2; -1: nothing declared).
    declared: tuple[int, int, int, int]
    #: Card points, roem and tricks per side so far.
    card_points: tuple[int, int]
    roem: tuple[int, int]
    #: 1-based number of this deal, the deals in the match (None: played to a target), the dealer.
    deal_number: int
    deals: int | None
    dealer: int
    #: Kraaks each side still owes before this deal (Kraken 3.1), or None without a quota.
    owed: tuple[int, int] | None

    # ---------------------------------------------------------------- seats
    @property
    def side(self) -> int:
        """This seat's side (0: seats 0 and 2, 1: seats 1 and 3)."""
        return self.me & 1

    @property
    def partner(self) -> int:
        return self.me ^ 2

    @property
    def playing(self) -> bool:
        """Whether this seat's side must take more than half (after the kraak chain)."""
        return self.playing_side == self.side

    def may_hold(self, seat: int) -> int:
        """The cards ``seat`` may hold now, as far as this seat can tell (its own hand for itself)."""
        if seat == self.me:
            return self.hand
        return self.unseen & ~self.excluded[seat]

    def void(self, seat: int, suit: int) -> bool:
        """Whether ``seat`` surely holds no card of ``suit``."""
        return not self.may_hold(seat) & SUIT_BITS[suit]

    def voids(self, seat: int) -> int:
        """The suits ``seat`` surely lacks, as a 4-bit mask (bit ``s`` for suit ``s``)."""
        held = self.may_hold(seat)
        return sum(1 << s for s in range(4) if not held & SUIT_BITS[s])

    def trumps_out(self) -> int:
        """The trumps in other hands (0 before trump is named)."""
        return self.unseen & SUIT_BITS[self.trump] if self.trump >= 0 else 0

    def out_of(self, suit: int) -> int:
        """The cards of ``suit`` in other hands."""
        return self.unseen & SUIT_BITS[suit]

    def is_master(self, card: int) -> bool:
        """Whether no card in other hands of ``card``'s suit beats it."""
        suit = card >> 3
        row = POWER[self.trump if self.trump >= 0 else suit][suit]
        out = self.unseen & SUIT_BITS[suit]
        while out:
            low = out & -out
            if row[low.bit_length() - 1] > row[card]:
                return False
            out ^= low
        return True

    def to_play(self) -> tuple[int, ...]:
        """The seats still to play to the trick on the table after this seat, in order."""
        n = 4 - len(self.trick) - 1
        return tuple((self.me + i) % 4 for i in range(1, n + 1))

    @property
    def partner_wins(self) -> bool:
        """Whether this seat's partner wins the trick on the table so far."""
        return self.winner == self.me ^ 2

    def points_on_table(self) -> int:
        """Card points in the trick on the table."""
        return sum(POINTS[self.trump][c] for _, c in self.trick) if self.trump >= 0 else 0

    # ---------------------------------------------------------------- the match
    def defends_left(self, side: int) -> int:
        """Deals from this one (included) in which ``side`` defends (verplicht: the side after the dealer
        plays; 0 in a match played to a target)."""
        if self.deals is None:
            return 0
        first = self.dealer - self.deal_number + 1  # the match's first dealer (mod 4)
        return sum(1 for j in range(self.deal_number - 1, self.deals) if (first + j + 1) & 1 != side)

    def declaration_fits(self, seat: int, hand: int) -> bool:
        """Whether ``seat`` holding ``hand`` now could have made its roem declaration (always, if it made none).

        A declaration is the seat's best total with or without stuk (Kraken 3.2, as
        :mod:`~troef.games.klaverjas.state` offers it), from the hand as dealt (it may declare until the first
        trick is complete, after its own card too).
        """
        value = self.declared[seat]
        if value <= 0:
            return True
        return value in best_hand_roem(hand | self.played_by[seat], self.trump, self.rules)


def _stuk_seen(view: KlaverjasView, played_by: list[int], excluded: list[int]) -> None:
    """Stuk declared with a card (Kraken 3.2, claim switch) tells where the other stuk card is.

    Only a declaration with the first of the two cards leaves one of them out: its holder, the seat of the
    declaring side that played that first card, holds the second.
    """
    if view.trump < 0 or not view.rules.stuk_declared:
        return
    pair = stuk_mask(view.trump)
    for side in (0, 1):
        if view.stuk[side] <= 0:
            continue
        for seat in (side, side + 2):
            shown = played_by[seat] & pair
            if shown and shown != pair and not any(played_by[s] & pair for s in range(4) if s != seat):
                for other in range(4):
                    if other != seat:
                        excluded[other] |= pair & ~shown


def read(view: KlaverjasView) -> Reading:
    """The facts of ``view`` for its viewer (a seat; a spectator has no hand to read from)."""
    if view.hand is None or not 0 <= view.viewer < 4:
        raise ValueError("a reading is made for a seat, not for a spectator")
    hand = 0
    for card in view.hand:
        hand |= 1 << card
    played_by = [0, 0, 0, 0]
    for trick, _ in view.tricks:
        for seat, card in trick:
            played_by[seat] |= 1 << card
    for seat, card in view.trick:
        played_by[seat] |= 1 << card
    played = played_by[0] | played_by[1] | played_by[2] | played_by[3]
    unseen = ALL_CARDS & ~played & ~hand
    excluded = [0, 0, 0, 0]
    trump = view.trump
    if trump >= 0:
        rotterdam = view.rules.follow_mode
        for trick, _ in view.tricks:
            _shown(trick, trump, rotterdam, excluded)
        _shown(view.trick, trump, rotterdam, excluded)
        _stuk_seen(view, played_by, excluded)
    excluded[view.viewer] = ALL_CARDS & ~hand
    winner, card, power = trick_winner(view.trick, trump) if trump >= 0 else (-1, -1, -1)
    rules = view.rules
    return Reading(
        me=view.viewer,
        rules=rules,
        trump=trump,
        declarer=view.declarer,
        playing_side=playing_side(view.declarer, view.level) if view.declarer >= 0 else -1,
        level=view.level,
        hand=hand,
        hand_sizes=view.hand_sizes,
        played=played,
        played_by=(played_by[0], played_by[1], played_by[2], played_by[3]),
        unseen=unseen,
        excluded=(excluded[0], excluded[1], excluded[2], excluded[3]),
        trick=view.trick,
        led=view.trick[0][1] >> 3 if view.trick else -1,
        winner=winner,
        winning_card=card,
        winning_power=power,
        tricks=view.tricks,
        declared=view.declared,
        card_points=view.card_points,
        roem=view.roem,
        deal_number=view.deal_number,
        deals=rules.deals if rules.match_end == "deals" else None,
        dealer=view.dealer,
        owed=view.owed,
    )
