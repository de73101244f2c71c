"""What a finished deal is worth: nat, the score of each side, and Kraken's penalty crosses.

Common klaverjas rules: each side scores its card points plus its roem; a
playing side that goes nat scores nothing and the other side all 162 card
points and (switch ``nat_roem``) all roem. Kraken 3.3: card points divided by
ten and rounded, times 2, 4 or 8 after kraak, rekraak or superkraak and times
2 again with spades as trump; roem divided by ten and never multiplied; a side
that goes nat gets no card points, the other all of them, and each keeps its
own roem. Halves round up (:func:`tenths`), the ordinary way of rounding.

>>> tenths(138), tenths(24), tenths(85), tenths(84), tenths(162)
(14, 2, 9, 8, 16)
"""

from __future__ import annotations

from dataclasses import dataclass

from troef.games.klaverjas.play import TOTAL_POINTS
from troef.games.klaverjas.rules import Rules
from troef.games.klaverjas.state import DealResult


def tenths(points: int) -> int:
    """``points`` divided by ten and rounded (Kraken 3.3); decided: a half rounds up, as ordinary rounding does."""
    return (points + 5) // 10


def goes_nat(total: tuple[int, int], playing_side: int) -> bool:
    """Whether the playing side goes nat: it must take more than the other side (more than half of all points)."""
    return total[playing_side] <= total[playing_side ^ 1]


@dataclass(frozen=True, slots=True)
class DealScore:
    """The score sheet's entry for one deal, per side."""

    #: What each side writes for the deal.
    points: tuple[int, int]
    #: The card part and the roem part of it.
    card_part: tuple[int, int]
    roem_part: tuple[int, int]
    #: Penalty crosses the deal gives each side (Kraken 3.3 "Kruizen").
    crosses: tuple[int, int]


def score_deal(result: DealResult, rules: Rules) -> DealScore:
    """Score a finished deal by the rules' scoring."""
    cards = list(result.card_points)
    roem = list(result.roem)
    if result.nat:
        loser = result.playing_side
        cards[loser ^ 1] = TOTAL_POINTS
        cards[loser] = 0
        if rules.nat_roem == "to_other":
            roem[loser ^ 1] += roem[loser]
            roem[loser] = 0
    if rules.scoring == "points":
        card_part = (cards[0], cards[1])
        roem_part = (roem[0], roem[1])
        crosses = (0, 0)
    else:
        spades = 2 if result.trump == 3 else 1  # Kraken 3.3: spades double everything but roem
        factor = (1 << result.level) * spades
        card_part = (tenths(cards[0]) * factor, tenths(cards[1]) * factor)
        roem_part = (tenths(roem[0]), tenths(roem[1]))
        cross = [0, 0]
        if result.level:
            # Kraken 3.3: the losing side of a kraak deal gets 2, 4 or 8 crosses (twice as many with spades)
            loser = result.playing_side if result.nat else result.playing_side ^ 1
            cross[loser] += (1 << result.level) * spades
        if result.pit >= 0:
            cross[result.pit ^ 1] += spades  # Kraken 3.3: a pit is one cross (two with spades) for its victims
        crosses = (cross[0], cross[1])
    return DealScore((card_part[0] + roem_part[0], card_part[1] + roem_part[1]), card_part, roem_part, crosses)
