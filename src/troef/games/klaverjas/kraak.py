"""The kraak chain and the kraak quota (Kraken 3.1).

After trump is named, the other side may say *kraak* (the players will go
nat), the players *rekraak*, the other side *superkraak*; nothing is higher.
The side with the last word must take more than half of the points. Each word
doubles the card points (Kraken 3.3: times 2, 4, 8) and sets the penalty
crosses of the deal.

Each side must kraak at least ``kraak_quota`` times in the match's deals. A
deal counts once for a side that says kraak or rekraak in it (3.1 calls all
three words "kraken"; superkraak comes from a side that already kraaked that
deal). The engine enforces it at the last moment: a side whose kraaks still
owed are as many as the deals it still defends (this one included) cannot
answer "no" to the chance to kraak. :meth:`Quota.owed` is what the score sheet
shows.

>>> q = Quota(4, deals=16, first_dealer=0)
>>> q.defending_left(0, 0), q.owed(0)
(8, 4)
>>> q.must_kraak(0, 8)  # deal 9 on: side 0 defends deals 9, 11, 13, 15
True
"""

from __future__ import annotations

from typing import Any, Final

from troef.core.native import copy_attributes

#: Names of the levels 0-3.
LEVELS: Final = ("none", "kraak", "rekraak", "superkraak")


def multiplier(level: int) -> int:
    """Kraken 3.3: card points times 1, 2, 4 or 8 after no word, kraak, rekraak, superkraak."""
    return 1 << level


def playing_side(declarer: int, level: int) -> int:
    """The side that must take more than half of the points: the last to speak in the chain (Kraken 3.1)."""
    side = declarer & 1
    return side if level % 2 == 0 else side ^ 1


def speakers(declarer: int, level: int) -> tuple[int, int]:
    """Who may say the next word of the chain, in turn: the side to speak, from the left of the declarer.

    Level 0 and 2: the other side (kraak, superkraak), level 1: the declarer's side (rekraak).
    """
    if level % 2 == 0:
        return ((declarer + 1) % 4, (declarer + 3) % 4)
    return (declarer, (declarer + 2) % 4)


class Quota:
    """How many kraaks each side has said, and what it still owes (Kraken 3.1)."""

    __slots__ = ("deals", "first_dealer", "quota", "said")

    def __init__(self, quota: int, deals: int, first_dealer: int) -> None:
        self.quota = quota
        self.deals = deals
        self.first_dealer = first_dealer
        self.said = [0, 0]

    def __deepcopy__(self, memo: dict[int, Any]) -> Quota:
        # a compiled Quota cannot be made without __init__ (troef.core.native)
        return copy_attributes(self, Quota(self.quota, self.deals, self.first_dealer), memo)

    def owed(self, side: int) -> int:
        """Kraaks ``side`` must still say."""
        return max(0, self.quota - self.said[side])

    def defending_left(self, side: int, deal: int) -> int:
        """Deals from ``deal`` (0-based, included) in which ``side`` defends (verplicht: the player after
        the dealer plays)."""
        return sum(1 for j in range(deal, self.deals) if (self.first_dealer + j + 1) & 1 != side)

    def must_kraak(self, side: int, deal: int) -> bool:
        """Whether ``side``, defending deal ``deal``, may not let its chance to kraak go."""
        owed = self.owed(side)
        return owed > 0 and owed >= self.defending_left(side, deal)
