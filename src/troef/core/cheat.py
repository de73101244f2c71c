"""What the games' measuring cheats share: the decisions they see every card in, and their work there and elsewhere.

A cheat (a game's ``cheat_bot``, seated only by the arena) decides as the
game's sampling player does, in the one true world where it sees the cards
and over worlds dealt from its seat's view elsewhere; so the arena says what
each decision's hidden cards cost (``troef arena klaverjas --teams
cheat:sees=kraak,club``).

>>> sights = Sights(("bidding", "play"), ("play",), perfect="exact", fair="sampled")
>>> sights.sees_in("play"), sights.strength("bidding")
(True, 'sampled')
>>> Sights(("bidding", "play"), ("peeking",), perfect="exact", fair="sampled")
Traceback (most recent call last):
...
ValueError: a cheat cannot see the cards in peeking; choose from bidding, play
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Final, Generic, TypeVar

S = TypeVar("S")


class Sights(Generic[S]):
    """The decisions of ``offered`` (the game's ``SIGHTS``) a cheat ``sees`` the cards in; its strength there
    (``perfect``) and in the others (``fair``, as the sampling player deals worlds from what its seat knows)."""

    def __init__(self, offered: Collection[str], sees: Collection[str], *, perfect: S, fair: S) -> None:
        choose = ", ".join(offered)
        unknown = sorted(set(sees) - set(offered))
        if unknown:
            raise ValueError(f"a cheat cannot see the cards in {', '.join(unknown)}; choose from {choose}")
        if not sees:
            raise ValueError(f"a cheat sees the cards somewhere; choose from {choose}")
        self.sees: Final = frozenset(sees)
        self.perfect: Final = perfect
        self.fair: Final = fair

    def sees_in(self, sight: str) -> bool:
        """Whether the cheat sees every card in a decision of ``sight``."""
        return sight in self.sees

    def strength(self, sight: str) -> S:
        """The strength the cheat decides with in a decision of ``sight``."""
        return self.perfect if sight in self.sees else self.fair
