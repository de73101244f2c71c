"""The cheat: a measuring stick that sees every card. NOT a player for people.

:class:`CheatBot` is given the match (through a callable, so that it follows
the game from round to round) and decides as the search player does, but in
the one true world instead of sampled ones: its bids, trump, exchange and
cards are valued with everybody's real cards.

It exists to measure how much ``pimc`` loses by not seeing the cards (the
same deals played by both). Like Bonaken's cheat it is not in
``Binokel.bots``: :func:`troef.bots.registry.make_bot` cannot build it, so no
table of the terminal game or of the web server can seat it against people;
the arena seats it with the match (``troef.arena``'s ``seat_bot`` gets a
``match()`` callable for exactly this).

>>> from troef.games.binokel.match import Match
>>> from troef.games.binokel.rules import preset
>>> from troef.games.binokel.view import round_view
>>> m = Match(preset("cardgames"), seed=2, first_dealer=0)
>>> bot = CheatBot(lambda: m, seed=1)
>>> bot.act(round_view(m, m.to_act)).text() in round_view(m, m.to_act).legal
True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final

from troef.core.pimc import Budget
from troef.games.binokel.match import Match
from troef.games.binokel.pimc import PimcBot, Sampler, Strength, WorldSampler
from troef.games.binokel.rollout import World
from troef.games.binokel.state import DealState
from troef.games.binokel.view import BinokelView

#: One world (the true one) per decision, the last four tricks solved exactly.
PERFECT: Final = Strength(play=Budget(worlds=1), plan=Budget(worlds=1), solve_last=4)


def _round(state: Match | DealState) -> DealState:
    """The round being played: the arena hands the cheat the deal in play, a test may hand it the match."""
    return state.round if isinstance(state, Match) else state


class TrueWorld:
    """The one true world of the match, as counts per kind of each seat's hand."""

    def __init__(self, match_of: Callable[[], Match | DealState]) -> None:
        self.match_of = match_of

    def sample(self, view: BinokelView, rng: random.Random) -> World | None:
        r = _round(self.match_of())
        world = [[0] * 32 for _ in range(4)]
        for seat in range(4):
            hand = r.hands[seat]
            for c in range(64):
                if hand >> c & 1:
                    world[seat][c & 31] += 1
        return world


class CheatBot(PimcBot):
    """Sees all cards (``match_of()`` is the true round or match); for measurement only, never for human games."""

    kind = "cheat"

    def __init__(
        self,
        match_of: Callable[[], Match | DealState],
        seed: int | None = None,
        name: str | None = None,
        *,
        strength: Strength | None = None,
    ) -> None:
        super().__init__(seed, name, strength=strength or PERFECT)
        self.match_of = match_of

    def sampler(self, view: BinokelView) -> Sampler:
        r = _round(self.match_of())
        if r.to_act != view.viewer or len(r.history) != len(view.events):
            return WorldSampler()  # not the round of this view: decide as pimc would
        return TrueWorld(self.match_of)
