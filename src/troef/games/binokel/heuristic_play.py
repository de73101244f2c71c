"""The card play of the rule-based Binokel player, on plain counts so that rollouts can use it too.

A :class:`Table` is what a seat knows while playing: its own cards, the cards
the other three still hold between them (``unseen``, a count per kind), who
is void in which suit and the highest card a seat can still hold in a suit
(:mod:`troef.games.binokel.reading` works them out from a view; a rollout in a
sampled world fills them in from the world). :func:`choose_card` picks one of
the legal kinds:

* leading: a sure winner in a side suit the opponents still follow; trumps
  only to draw the opponents' trumps when its side bid and it is long in
  them (never a trump ace that draws nothing); a low card of a suit the
  partner can trump; else a low card of its longest side suit, not a ten or
  king that an ace still out would catch;
* following: the cheapest winner that no later opponent can beat (taking
  points with it when it can); when nothing wins, points on the partner's
  trick if it stands, else the cheapest card, from a short suit first.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from troef.games.binokel.play import POINTS, POWER

#: How much a card is worth kept for later, by rank when it is not the top of its suit (9 J Q K 10 A).
_KEEP: Final = (0, 0, 0, 3, 1, 2, 4, 8)


@dataclass(slots=True)
class Table:
    """What the seat to play knows (see the module docstring). Counts are per kind 0-31."""

    seat: int
    trump: int
    declarer: int
    mine: list[int]
    unseen: list[int]
    void: list[list[bool]]
    cap: list[list[int]]
    #: Tricks still to play after the current one (0 on the last trick).
    tricks_left: int = 11


def beats(card: int, ahead: int, trump: int) -> bool:
    """Whether ``card`` played now beats ``ahead``, the card winning the trick (the first of two equal cards stays)."""
    if card >> 3 == ahead >> 3:
        return POWER[card] > POWER[ahead]
    return card >> 3 == trump


def higher_out(t: Table, kind: int) -> int:
    """How many cards the other seats still hold that beat ``kind`` in its own suit."""
    suit, power, unseen = kind >> 3, POWER[kind], t.unseen
    return sum(unseen[suit * 8 + r] for r in range(2, 8) if POWER[suit * 8 + r] > power)


def _can_beat(t: Table, seat: int, ahead: int, led: int) -> bool:
    """Whether ``seat`` may hold a card that beats ``ahead`` in a trick led in ``led``."""
    trump, unseen, void, cap = t.trump, t.unseen, t.void[seat], t.cap[seat]
    suit = ahead >> 3
    if suit == led and not void[led]:
        # he follows: only a higher card of the suit wins
        return any(
            unseen[led * 8 + r] and POWER[led * 8 + r] > POWER[ahead] and POWER[led * 8 + r] <= cap[led]
            for r in range(2, 8)
        )
    if led != trump and void[led] and not void[trump]:
        if suit != trump:
            return any(unseen[trump * 8 + r] for r in range(2, 8))
        return any(
            unseen[trump * 8 + r] and POWER[trump * 8 + r] > POWER[ahead] and POWER[trump * 8 + r] <= cap[trump]
            for r in range(2, 8)
        )
    return False


def stands(t: Table, ahead: int, ahead_seat: int, led: int, played: int) -> bool:
    """Whether the card ``ahead`` (of ``ahead_seat``) stays ahead of the opponents who play after the reader.

    ``played`` is how many cards the trick holds once the reader has played.
    """
    side = ahead_seat & 1
    for n in range(4 - played):
        seat = (t.seat + 1 + n) % 4
        if seat & 1 != side and _can_beat(t, seat, ahead, led):
            return False
    return True


def keep_value(t: Table, kind: int) -> int:
    """What keeping ``kind`` for later is worth: a sure winner much, a trump some, a low card nothing."""
    top = higher_out(t, kind) == 0
    value = 12 if top else _KEEP[kind & 7]
    if kind >> 3 == t.trump:
        value += 6 + POWER[kind]
    return value


def suit_length(t: Table, suit: int) -> int:
    """How many cards of ``suit`` the seat holds."""
    return sum(t.mine[suit * 8 + r] for r in range(2, 8))


def choose_card(t: Table, legal: list[int], trick: list[tuple[int, int]]) -> int:
    """The kind to play from ``legal`` to ``trick`` (a list of (seat, kind), empty for a lead)."""
    if len(legal) == 1:
        return legal[0]
    if not trick:
        return _lead(t, legal)
    return _follow(t, legal, trick)


def _lead(t: Table, legal: list[int]) -> int:
    trump, seat = t.trump, t.seat
    partner = (seat + 2) % 4
    opponents = ((seat + 1) % 4, (seat + 3) % 4)
    bidding_side = t.declarer & 1 == seat & 1
    trumps_out = sum(t.unseen[trump * 8 + r] for r in range(2, 8))
    opp_trumps = trumps_out > 0 and not all(t.void[o][trump] for o in opponents)
    my_trumps = suit_length(t, trump)
    best, best_score = legal[0], -1000.0
    for kind in legal:
        suit = kind >> 3
        score: float
        top = higher_out(t, kind) == 0
        if suit == trump:
            if top and opp_trumps and bidding_side and my_trumps >= max(3, trumps_out // 2):
                score = 60 + POWER[kind]  # draw the opponents' trumps
            elif top and not opp_trumps and t.tricks_left <= 2:
                score = 30  # cash it at the end
            elif opp_trumps and bidding_side and my_trumps >= trumps_out + 1 and not top:
                score = 20 - POINTS[kind]
            else:
                score = -30 - keep_value(t, kind)  # a trump ace that draws nothing is kept
        else:
            out = sum(t.unseen[suit * 8 + r] for r in range(2, 8))
            ruffed = any(t.void[o][suit] and not t.void[o][trump] for o in opponents)
            partner_ruffs = t.void[partner][suit] and not t.void[partner][trump]
            if top and not ruffed and out >= 1:
                score = 50 + POINTS[kind] + min(out, 4)
            elif partner_ruffs and not ruffed:
                score = 40 - POINTS[kind] - keep_value(t, kind)
            else:
                # a low card; a ten or king that a higher card still out would catch costs its points
                score = 5 - 2 * POINTS[kind] - keep_value(t, kind) + suit_length(t, suit)
                if ruffed:
                    score -= 10 + POINTS[kind]
        if score > best_score:
            best, best_score = kind, score
    return best


def _follow(t: Table, legal: list[int], trick: list[tuple[int, int]]) -> int:
    trump = t.trump
    cards = [k for _, k in trick]
    led = cards[0] >> 3
    ahead_i = 0
    for i in range(1, len(cards)):
        if beats(cards[i], cards[ahead_i], trump):
            ahead_i = i
    ahead_seat, ahead = trick[ahead_i][0], cards[ahead_i]
    played = len(trick) + 1  # with the card about to be played
    winners = [k for k in legal if beats(k, ahead, trump)]
    if winners:
        if played == 4:
            return max(winners, key=lambda k: (POINTS[k] - keep_value(t, k), -POWER[k]))
        safe = [k for k in winners if stands(t, k, t.seat, led, played)]
        if safe:
            return max(safe, key=lambda k: (POINTS[k] - keep_value(t, k), -POWER[k]))
        # nothing sure: win as cheaply as the duty allows
        return min(winners, key=lambda k: (POINTS[k] + keep_value(t, k), POWER[k]))
    partner_ahead = ahead_seat & 1 == t.seat & 1
    if partner_ahead and (played == 4 or stands(t, ahead, ahead_seat, led, played)):
        # smear: points onto the partner's trick, a sure winner kept
        return max(legal, key=lambda k: (POINTS[k] * 1.5 - keep_value(t, k), -POWER[k]))
    return min(legal, key=lambda k: (POINTS[k] * 1.5 + keep_value(t, k) + suit_length(t, k >> 3) * 0.5, POWER[k]))
