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
from open_spiel.python.algorithms import ismcts, mcts

from troef.core.bot import Bot
from troef.core.errors import TroefError
from troef.games import game as get_game
from troef.games import names
from troef.research.actions import research_part, table
from troef.research.openspiel import TroefGame
from troef.research.worlds import from_view

__all__ = ["IsmctsBot", "Strength", "make"]


@dataclass(frozen=True, slots=True)
class Strength:
    """How hard it searches: simulations per decision, the UCT constant, rollouts per leaf."""

    sims: int = 200
    uct_c: float = 2.0
    rollouts: int = 1


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
        self._games: dict[tuple[Any, ...], TroefGame] = {}

    def act(self, view: Any) -> Any:
        name = self.game or _game_of(view)
        g = get_game(name)
        legal = list(view.legal)
        if len(legal) == 1:
            return g.parse_action(legal[0])
        match = from_view(name, view, self.rng)
        if match is None:
            return g.parse_action(legal[self.rng.randrange(len(legal))])  # no world found: a legal action, at random
        preset, players, switches = research_part(name).table_of(view)
        key = (preset, players, tuple(sorted(switches.items())))
        game = self._games.get(key)
        if game is None:
            game = self._games[key] = TroefGame(name, {"preset": preset, "players": players, **switches})
        state = game.new_initial_state()
        state.episode = state.episode.with_match(match)
        np_rng = np.random.RandomState(self.rng.randrange(1 << 31))
        s = self.strength
        bot = ismcts.ISMCTSBot(
            game, mcts.RandomRolloutEvaluator(s.rollouts, np_rng), s.uct_c, s.sims, random_state=np_rng
        )
        # OpenSpiel's ISMCTS hands resample_from_infostate a sampler of its own, seeded from the system's
        # entropy: the bot's seeded generator feeds it instead, so a seed repeats the bot's play
        bot.set_resampler(lambda st, player: st.resample_from_infostate(player, np_rng.uniform))
        ids = table(name)
        policy = dict(bot.run_search(state))
        allowed = {ids.id_of(text): text for text in legal}
        best = max(allowed, key=lambda a: (policy.get(a, -1.0), -a))
        return g.parse_action(allowed[best])


def _game_of(view: Any) -> str:
    """The game whose view ``view`` is: the one whose package its class comes from."""
    package = type(view).__module__.rpartition(".")[0]
    for name in names():
        if type(get_game(name)).__module__.rpartition(".")[0] == package:
            return name
    raise TroefError(f"no game of troef makes a view of type {type(view).__name__}: seat the bot with game=...")


def make(seed: int | None, options: dict[str, str], game: str | None = None) -> IsmctsBot:
    """The bot with the arena's settings (``sims=100,uct_c=1.5``)."""
    from troef.arena.seating import settings

    return IsmctsBot(seed, strength=settings(options, Strength(), IsmctsBot.kind), game=game)
