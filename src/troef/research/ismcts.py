"""``openspiel-ismcts``: OpenSpiel's ISMCTS (its Python ``ISMCTSBot``) as a troef computer player.

The bot sees only its seat's view, as every troef bot does. At each decision
it makes a world consistent with the view (klaverjas: the game's own
:func:`~troef.games.klaverjas.sampler.sample_world`, the cards each seat
played added back, the deal's public events replayed by the engine), wraps it
in the ``troef_klaverjas`` registration (one-deal episode) and lets
OpenSpiel's ISMCTS search from there, with random rollouts and
``resample_from_infostate`` redealing the unseen cards for every simulation.
Its choice is one of ``view.legal``.

The world is one deal: the match around it (the score sheet, the Kraken
kraak quota) is not known to the search, which plays for the deal's points
less the opponents'. Settings (``troef arena``): ``sims`` (simulations per
decision, 200), ``uct_c`` (2.0), ``rollouts`` (random rollouts per leaf, 1).
Klaverjas only: Bonaken's and Binokel's worlds are not yet made from a view
alone (docs/research.md).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import troef.research.openspiel  # noqa: F401  (registers the games)
from troef.core.bot import Bot
from troef.core.errors import TroefError
from troef.research.actions import table

__all__ = ["IsmctsBot", "Strength", "make"]


@dataclass(frozen=True, slots=True)
class Strength:
    """How hard it searches: simulations per decision, the UCT constant, rollouts per leaf."""

    sims: int = 200
    uct_c: float = 2.0
    rollouts: int = 1


def _klaverjas_world(view: Any, rng: random.Random) -> Any:
    from troef.games.klaverjas.deal import Dealt
    from troef.games.klaverjas.match import Match
    from troef.games.klaverjas.sampler import sample_world

    for _ in range(20):
        now = sample_world(view, rng)
        if now is None:
            continue
        hands = list(now)
        for trick, _winner in view.tricks:
            for seat, card in trick:
                hands[seat] |= 1 << card
        for seat, card in view.trick:
            hands[seat] |= 1 << card
        dealt = Dealt(view.dealer, (hands[0], hands[1], hands[2], hands[3]))
        match = Match(view.rules, rng.randrange(1 << 30), view.dealer, deals=iter([dealt]))
        match._given = None  # past the given deal it deals with its own generator
        try:
            for _seat, text in view.events:
                match.apply(_parse(text))
        except TroefError:
            continue
        return match
    return None


def _parse(text: str) -> Any:
    from troef.games.klaverjas.actions import parse_action

    return parse_action(text)


class IsmctsBot(Bot):
    """OpenSpiel's ISMCTS from the seat's view (klaverjas)."""

    kind = "openspiel-ismcts"

    def __init__(self, seed: int | None = None, name: str | None = None, *, strength: Strength | None = None) -> None:
        super().__init__(seed, name)
        self.strength = strength or Strength()

    def act(self, view: Any) -> Any:
        legal = list(view.legal)
        if len(legal) == 1:
            return _parse(legal[0])
        game = pyspiel.load_game(f"troef_klaverjas(preset={view.preset})")
        match = _klaverjas_world(view, self.rng)
        if match is None:
            return _parse(legal[self.rng.randrange(len(legal))])  # no world found: a legal card, at random
        state = game.new_initial_state()
        for b in (0, 0, 0, 0):
            state.apply_action(b)
        state.episode = state.episode.with_match(match)
        np_rng = np.random.RandomState(self.rng.randrange(1 << 31))
        s = self.strength
        bot = ismcts.ISMCTSBot(
            game, mcts.RandomRolloutEvaluator(s.rollouts, np_rng), s.uct_c, s.sims, random_state=np_rng
        )
        ids = table("klaverjas")
        policy = dict(bot.run_search(state))
        allowed = {ids.id_of(text): text for text in legal}
        best = max(allowed, key=lambda a: (policy.get(a, -1.0), -a))
        return _parse(allowed[best])


def make(seed: int | None, options: dict[str, str]) -> IsmctsBot:
    """The bot with the arena's settings (``sims=100,uct_c=1.5``)."""
    from troef.arena.core import settings

    return IsmctsBot(seed, strength=settings(options, Strength(), IsmctsBot.kind))
