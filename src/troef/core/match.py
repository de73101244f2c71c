"""What every game's match does first: its own generator, the first dealer, and a record's deals in turn.

A game's ``Match`` stands on :class:`SeededMatch`: ``seed`` makes the match's
:class:`~troef.core.chance.GameRandom` (the only chance of the match, so a seed
and the actions reproduce it), the first dealer is given or drawn by the game's
rule, and a match that replays a record takes the record's deals one by one
(:meth:`SeededMatch.given_deal`) instead of dealing.

>>> m = SeededMatch[int](seed=5, first_dealer=None, seats=4, deals=iter([7]))
>>> 0 <= m.first_dealer < 4, m.given_deal("match"), m.seed
(True, 7, 5)
>>> m.given_deal("match")
Traceback (most recent call last):
...
troef.core.errors.RecordError: the record ends before the match does
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Generic, TypeVar

from troef.core.chance import GameRandom
from troef.core.errors import RecordError

D = TypeVar("D")


def draw_a_seat(seats: int) -> Callable[[GameRandom], int]:
    """The first dealer drawn at random among ``seats`` seats from the match's generator."""
    return lambda rng: rng.randrange(seats)


class SeededMatch(Generic[D]):
    """The start of a match from a seed; ``draw`` picks the first dealer when none is given (default: any seat).

    ``deals`` are a record's deals (the game's ``Deal``), for a match that replays it; None deals from the
    generator.
    """

    def __init__(
        self,
        seed: int | None,
        first_dealer: int | None,
        seats: int,
        deals: Iterator[D] | None,
        draw: Callable[[GameRandom], int] | None = None,
    ) -> None:
        self.rng = GameRandom(seed)
        self.seed = self.rng.seed
        if first_dealer is None:
            first_dealer = (draw or draw_a_seat(seats))(self.rng)
        if not 0 <= first_dealer < seats:
            raise RecordError(f"the first dealer must be a seat from 0 to {seats - 1}")
        self.first_dealer = first_dealer
        #: The record's deals still to come, or None: the match deals from its generator.
        self.given = deals

    def given_deal(self, what: str) -> D | None:
        """The record's next deal, or None for a match that deals its own; ``what`` is the game's word for a
        match, for the error of a record that ends before it does."""
        if self.given is None:
            return None
        deal = next(self.given, None)
        if deal is None:
            raise RecordError(f"the record ends before the {what} does")
        return deal
