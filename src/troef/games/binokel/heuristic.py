"""A simple rule-based Binokel player: it sees only its own seat's view.

* Bidding: it values its hand as the best meld over the four trumps plus a
  rough trick share (aces and tens), and raises by the smallest step while
  the bid stays within that value.
* Trump: the suit that gives the most meld, then the longest.
* Exchange: the partner passes trumps and aces; the bid winner passes back
  the cards that cost his meld least, low cards first.
* Concede: always when allowed (the bid is then out of reach even with every
  trick point).
* Play: leads a plain ace, else its lowest card; following, it wins with the
  cheapest winning card, and gives points to a partner who holds the trick.
"""

from __future__ import annotations

from troef.cards import mask_of, rank_of, suit_of
from troef.core.bot import Bot
from troef.games.binokel.actions import BinokelAction, Give, Play, parse_action
from troef.games.binokel.meld import meld_value
from troef.games.binokel.play import POINTS, POWER, winner_of
from troef.games.binokel.view import BinokelView

ACE, TEN = 7, 3


def _estimate(hand: int, cards: list[int]) -> tuple[int, int]:
    """(value of the hand as a bid, best trump)."""
    best, best_suit = -1, 0
    for suit in range(4):
        length = sum(1 for c in cards if suit_of(c) == suit)
        value = meld_value(hand, suit) + 10 * length
        if value > best:
            best, best_suit = value, suit
    tricks = 60 + 15 * sum(1 for c in cards if rank_of(c) == ACE) + 5 * sum(1 for c in cards if rank_of(c) == TEN)
    return best - 10 * sum(1 for c in cards if suit_of(c) == best_suit) + tricks, best_suit


class HeuristicBot(Bot):
    """The simple rule-based player (``heuristic``)."""

    kind = "heuristic"

    def act(self, view: BinokelView) -> BinokelAction:
        legal = view.legal
        if not legal:
            raise ValueError(f"seat {view.viewer} has nothing to do in this view")
        cards = list(view.hand or ())
        hand = mask_of(cards)
        if view.phase == "bidding":
            limit, _ = _estimate(hand, cards)
            bids = [int(t.split()[1]) for t in legal if t.startswith("bid ")]
            ok = [b for b in bids if b <= limit]
            return parse_action(f"bid {min(ok)}") if ok else parse_action("pass")
        if view.phase == "trump":
            _, suit = _estimate(hand, cards)
            return parse_action(f"trump {'hdcs'[suit]}")
        if view.phase in ("give", "return"):
            return self._give(view, cards, hand)
        if "concede" in legal:
            return parse_action("concede")
        return self._play(view, legal)

    def _give(self, view: BinokelView, cards: list[int], hand: int) -> Give:
        trump = view.trump
        options = [parse_action(t) for t in view.legal]
        gives = [a for a in options if isinstance(a, Give)]
        if view.phase == "give":
            # to the bid winner: trumps (high first), then aces, then tens
            def worth(a: Give) -> tuple[int, int]:
                c = a.card
                return (2 if suit_of(c) == trump else 1 if rank_of(c) in (ACE, TEN) else 0, POWER[c])

            return max(gives, key=worth)

        # back to the partner: what costs the meld least, no trumps, no points, low first
        def cost(a: Give) -> tuple[int, int, int, int]:
            c = a.card
            physical = c if hand >> c & 1 else c + 32
            return (
                meld_value(hand, trump) - meld_value(hand & ~(1 << physical), trump),
                suit_of(c) == trump,
                POINTS[c],
                POWER[c],
            )

        return min(gives, key=cost)

    def _play(self, view: BinokelView, legal: tuple[str, ...]) -> Play:
        plays = [a for a in (parse_action(t) for t in legal) if isinstance(a, Play)]
        trump = view.trump
        trick = [c for _, c in view.trick]
        if not trick:
            aces = [p for p in plays if rank_of(p.card) == ACE and suit_of(p.card) != trump]
            if aces:
                return aces[0]
            return min(plays, key=lambda p: (POINTS[p.card], suit_of(p.card) == trump, POWER[p.card]))
        seats = [s for s, _ in view.trick]
        ahead = seats[winner_of(trick, trump)]

        def wins(p: Play) -> bool:
            return winner_of([*trick, p.card], trump) == len(trick)

        winners = [p for p in plays if wins(p)]
        if winners:
            return min(winners, key=lambda p: (POINTS[p.card], suit_of(p.card) == trump, POWER[p.card]))
        if ahead == (view.viewer + 2) % 4:
            return max(plays, key=lambda p: (POINTS[p.card], -POWER[p.card]))
        return min(plays, key=lambda p: (POINTS[p.card], POWER[p.card]))
