"""``openspiel-ismcts``: OpenSpiel's ISMCTS (its Python ``ISMCTSBot``) as a troef computer player, every game.

The bot sees only its seat's view, as every troef bot does. At each decision
it makes a world consistent with the view (:func:`troef.research.worlds.from_view`:
the game's own sampler deals the cards the seat has not seen, the deal's
public events are replayed by the engine), wraps it in the game's
registration (``troef_<game>``, one-deal episode) and lets OpenSpiel's ISMCTS
search from there, with random rollouts and ``resample_from_infostate``
redealing the unseen cards for every simulation. Its choice is one of
``view.legal``.

The world is one deal: the match around it (klaverjas' and Binokel's score,
the Kraken kraak quota, Bonaken's sheet beyond each seat's status) is not
known to the search, which plays for the deal's return (klaverjas and
Binokel: the side's points less the other side's; Bonaken: the seat's mark).
Settings (``troef arena``): ``sims`` (simulations per decision, 200),
``uct_c`` (2.0), ``rollouts`` (random rollouts per leaf, 1).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import troef.research.openspiel  # noqa: F401  (registers the games)
from troef.core.bot import Bot
from troef.games import game as get_game
from troef.research.actions import table
from troef.research.worlds import from_view

__all__ = ["IsmctsBot", "Strength", "make"]


@dataclass(frozen=True, slots=True)
class Strength:
    """How hard it searches: simulations per decision, the UCT constant, rollouts per leaf."""

    sims: int = 200
    uct_c: float = 2.0
    rollouts: int = 1


def _pyspiel_name(name: str, view: Any) -> str:
    """The registration the view's deal is searched in (its rules travel in the world's match)."""
    if name == "bonaken":
        return f"troef_bonaken(preset={view.preset},players={view.table})"
    if name == "binokel":
        target = view.target if view.target in (1000, 1500, 2000) else 1500
        return f"troef_binokel(target={target})"
    return f"troef_{name}(preset={view.preset})"


class IsmctsBot(Bot):
    """OpenSpiel's ISMCTS from the seat's view (any of troef's games)."""

    kind = "openspiel-ismcts"

    def __init__(
        self,
        seed: int | None = None,
        name: str | None = None,
        *,
        strength: Strength | None = None,
        game: str | None = None,
    ) -> None:
        super().__init__(seed, name)
        self.strength = strength or Strength()
        #: The game it plays; None: the game whose view it is handed (``troef.games.<game>.view``).
        self.game = game
        self._games: dict[str, Any] = {}

    def act(self, view: Any) -> Any:
        name = self.game or type(view).__module__.split(".")[2]
        g = get_game(name)
        legal = list(view.legal)
        if len(legal) == 1:
            return g.parse_action(legal[0])
        match = from_view(name, view, self.rng)
        if match is None:
            return g.parse_action(legal[self.rng.randrange(len(legal))])  # no world found: a legal action, at random
        key = _pyspiel_name(name, view)
        game = self._games.get(key)
        if game is None:
            game = self._games[key] = pyspiel.load_game(key)
        state = game.new_initial_state()
        for b in (0, 0, 0, 0):
            state.apply_action(b)
        state.episode = state.episode.with_match(match)
        state.episode.mark_deal()
        np_rng = np.random.RandomState(self.rng.randrange(1 << 31))
        s = self.strength
        bot = ismcts.ISMCTSBot(
            game, mcts.RandomRolloutEvaluator(s.rollouts, np_rng), s.uct_c, s.sims, random_state=np_rng
        )
        ids = table(name)
        policy = dict(bot.run_search(state))
        allowed = {ids.id_of(text): text for text in legal}
        best = max(allowed, key=lambda a: (policy.get(a, -1.0), -a))
        return g.parse_action(allowed[best])


def make(seed: int | None, options: dict[str, str], game: str | None = None) -> IsmctsBot:
    """The bot with the arena's settings (``sims=100,uct_c=1.5``)."""
    from troef.arena.seating import settings

    return IsmctsBot(seed, strength=settings(options, Strength(), IsmctsBot.kind), game=game)
