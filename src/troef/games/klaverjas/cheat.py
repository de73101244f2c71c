"""The cheat: a measuring stick that sees every card. NOT a player for people.

:class:`CheatBot` is given the true match or deal (through a callable, so
that it follows the match from deal to deal: the arena hands it the match) and decides as the ``pimc`` player
does, but in the one true world instead of sampled ones, and deeper: it
plays each card by the solver's answer in the true deal, and names trump and
says its kraak words on the true hands of everybody, the deal solved to its
end.

With ``sees`` it sees the cards in some decisions only (:data:`SIGHTS`:
naming trump, the kraak chain's words, the card play of the playing side,
the defence) and takes the others as the ``pimc`` player does, over sampled
worlds (``troef arena klaverjas --teams cheat:sees=kraak,club``): so the
arena says what each decision's hidden cards cost.

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
from collections.abc import Callable, Collection
from typing import Final

from troef.core.cheat import Sights
from troef.games.klaverjas.actions import KlaverjasAction
from troef.games.klaverjas.kraak import playing_side
from troef.games.klaverjas.match import Match
from troef.games.klaverjas.pimc import DEFAULT, Hands, KlaverjasPimcBot, Strength
from troef.games.klaverjas.sampler import WorldSampler
from troef.games.klaverjas.state import DealState
from troef.games.klaverjas.view import KlaverjasView

#: The decisions in which a cheat may see every card: naming trump, the kraak chain's words (kraak,
#: rekraak, superkraak and saying no, the quota's kraaks among them), the card play of the playing side
#: (its roem with it) and the defence.
SIGHTS: Final = ("trump", "kraak", "playing", "defending")


def sight_of(view: KlaverjasView) -> str:
    """Which of :data:`SIGHTS` the decision of ``view`` belongs to."""
    if view.phase == "choose":
        return "trump"
    if view.phase == "kraak":
        return "kraak"
    return "playing" if view.viewer & 1 == playing_side(view.declarer, view.level) else "defending"


#: One world (the true one), searched deeper than the sampling player can afford; trump and the kraak words
#: on the deal solved to its end (horizon 0) from the first lead.
PERFECT: Final = Strength(
    worlds=1,
    nodes=200_000,
    exact_from=6,
    horizon=3,
    bid_worlds=1,
    bid_nodes=2_000_000,
    bid_horizon=0,
    time_cap=None,
    contracts="sampled",
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
        sees: Collection[str] = SIGHTS,
        fair: Strength | None = None,
    ) -> None:
        super().__init__(seed, name, strength=strength or PERFECT)
        self.sights = Sights(SIGHTS, sees, perfect=self.strength, fair=fair or DEFAULT)
        self.state_of = state_of

    def act(self, view: KlaverjasView) -> KlaverjasAction:
        # the pimc player reads its strength as it decides: set it for this decision's sight
        self.strength = self.sights.strength(sight_of(view))
        return super().act(view)

    def sampler(self, view: KlaverjasView) -> WorldSampler | TrueWorld:  # type: ignore[override]
        if not self.sights.sees_in(sight_of(view)):
            return super().sampler(view)  # worlds that fit what the seat knows, as the pimc player deals them
        state = self.state_of()
        deal = state.deal if isinstance(state, Match) else state
        if deal.to_act != view.viewer or len(deal.tricks) != len(view.tricks) or deal.trump != view.trump:
            return super().sampler(view)  # not the deal of this view: sample as the pimc player would
        return TrueWorld(deal, super().sampler(view))
