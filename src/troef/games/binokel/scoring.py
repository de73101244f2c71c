"""The score of a round ("Punktewertung", "Sich freiwillig überreizen").

Sides are 0 (seats 0 and 2) and 1 (seats 1 and 3). A round gives each side
its meld and its trick points (aces, tens and kings won 10 each, the last
trick 10: 250 in all), and settles the bid:

* a side that took no trick points scores nothing, meld included;
* the other side (not bidding) scores meld + trick points when it took any;
* the bidding side scores meld + trick points when that reaches the bid,
  otherwise nothing, and the bid is subtracted ("überreizt"). Its meld does
  not count when it took no trick points, so such a side always loses its
  bid (troef's reading of the first paragraph of "Punktewertung");
* a conceded round: the bid is subtracted, the other side scores its meld.

>>> score_round(bid=300, bidder=0, meld=(120, 60), tricks=(200, 50), conceded=False).delta
(320, 110)
>>> score_round(bid=400, bidder=0, meld=(120, 60), tricks=(200, 50), conceded=False).delta
(-400, 110)
>>> score_round(bid=330, bidder=0, meld=(60, 80), tricks=(0, 0), conceded=True).delta
(-330, 80)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class RoundScore:
    """How one round was scored, per side (index 0: seats 0 and 2; 1: seats 1 and 3)."""

    bid: int
    bidder: int
    meld: tuple[int, int]
    tricks: tuple[int, int]
    conceded: bool
    #: Whether the bidding side reached its bid (False when it conceded).
    made: bool
    #: What each side adds to its total (negative: the lost bid).
    delta: tuple[int, int]

    def to_json(self) -> dict[str, Any]:
        """JSON-ready."""
        return {
            "bid": self.bid,
            "bidder_side": self.bidder,
            "meld": list(self.meld),
            "tricks": list(self.tricks),
            "conceded": self.conceded,
            "made": self.made,
            "delta": list(self.delta),
        }


def score_round(bid: int, bidder: int, meld: tuple[int, int], tricks: tuple[int, int], conceded: bool) -> RoundScore:
    """Score a round: ``bidder`` is the bidding side, ``meld`` and ``tricks`` the sides' meld and trick points."""
    other = 1 - bidder
    delta = [0, 0]
    if conceded:
        delta[bidder] = -bid
        delta[other] = meld[other]
        return RoundScore(bid, bidder, meld, tricks, True, False, (delta[0], delta[1]))
    counted = [meld[s] + tricks[s] if tricks[s] > 0 else 0 for s in (0, 1)]
    made = counted[bidder] >= bid
    delta[bidder] = counted[bidder] if made else -bid
    delta[other] = counted[other]
    return RoundScore(bid, bidder, meld, tricks, False, made, (delta[0], delta[1]))


def may_concede(bid: int, side_meld: int, margin: int = 250) -> bool:
    """Whether the bid winner may give up: the bid is more than ``margin`` above the side's meld.

    >>> may_concede(330, 60), may_concede(310, 60)
    (True, False)
    """
    return bid - side_meld > margin


def winner_of_match(totals: tuple[int, int], bidder: int, target: int) -> int | None:
    """The side that won the game after a round, or None ("Das Spiel gewinnen").

    Both sides at the target in the same round: the bidding side wins.

    >>> winner_of_match((1500, 1200), bidder=1, target=1500)
    0
    >>> winner_of_match((1700, 1600), bidder=1, target=1500)
    1
    """
    reached = [totals[s] >= target for s in (0, 1)]
    if reached[0] and reached[1]:
        return bidder
    if reached[0]:
        return 0
    if reached[1]:
        return 1
    return None
