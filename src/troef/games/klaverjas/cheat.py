"""The cheat: a measuring stick that sees every card. NOT a player for people.

:class:`CheatBot` is given the true match or deal (through a callable, so
that it follows the match from deal to deal: the arena hands it the match) and decides as the ``pimc`` player
does, but in the one true world instead of sampled ones, and deeper: it
plays each card by the solver's answer in the true deal. Trump and the kraak
words it chooses as ``pimc`` does by default (``contracts="sampled"`` makes it
choose them on the true hands of everybody), so that the same deals are
played in the same contracts and the arena measures the play alone.

It exists to measure how much ``pimc`` loses by not seeing the cards (the
arena plays the same deals with both). It is deliberately not in the bot
registry, so no table of the terminal or the web server can seat it against
people; the arena seats it with the match at hand.

>>> from troef.games.klaverjas.match import Match
>>> from troef.games.klaverjas.rules import preset
>>> from troef.games.klaverjas.view import deal_view
>>> m = Match(preset("kraken"), seed=2, first_dealer=0)
>>> bot = CheatBot(lambda: m, seed=1)
>>> bot.act(deal_view(m, m.to_act)).text() in deal_view(m, m.to_act).legal
True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final

from troef.games.klaverjas.match import Match
from troef.games.klaverjas.pimc import Hands, KlaverjasPimcBot, Strength
from troef.games.klaverjas.sampler import WorldSampler
from troef.games.klaverjas.state import DealState
from troef.games.klaverjas.view import KlaverjasView

#: One world (the true one), searched deeper than the sampling player can afford.
PERFECT: Final = Strength(
    worlds=1,
    nodes=200_000,
    exact_from=6,
    horizon=3,
    bid_worlds=1,
    bid_nodes=100_000,
    bid_horizon=3,
    time_cap=None,
    # trump and kraak as the pimc player chooses them (the club player's valuation): the same deals are then
    # played in the same contracts, so the arena measures what seeing the cards is worth in the play
    contracts="heuristic",
)


class TrueWorld:
    """The sampler of the cheat: always the true hands (when they belong to the view asked about)."""

    def __init__(self, deal: DealState, fallback: WorldSampler) -> None:
        self.deal = deal
        self.fallback = fallback

    def sample(self, view: KlaverjasView, rng: random.Random) -> Hands | None:
        h = self.deal.hands
        return (h[0], h[1], h[2], h[3])


class CheatBot(KlaverjasPimcBot):
    """Sees all cards (``state_of()`` returns the true match or deal); for measurement only, never for people."""

    kind = "cheat"

    def __init__(
        self,
        state_of: Callable[[], DealState | Match],
        seed: int | None = None,
        name: str | None = None,
        *,
        strength: Strength | None = None,
    ) -> None:
        super().__init__(seed, name, strength=strength or PERFECT)
        self.state_of = state_of

    def sampler(self, view: KlaverjasView) -> WorldSampler | TrueWorld:  # type: ignore[override]
        state = self.state_of()
        deal = state.deal if isinstance(state, Match) else state
        if deal.to_act != view.viewer or len(deal.tricks) != len(view.tricks) or deal.trump != view.trump:
            return super().sampler(view)  # not the deal of this view: sample as the pimc player would
        return TrueWorld(deal, super().sampler(view))
