"""The random bot: a uniformly random legal action (the baseline every bot must beat)."""

from __future__ import annotations

from troef.bots.base import Bot, legal_actions
from troef.games.bonaken.actions import BonakenAction
from troef.games.bonaken.view import BonakenView


class RandomBot(Bot):
    """Picks one of the legal actions at random with its own seeded generator.

    >>> from troef.games.bonaken.match import Match
    >>> from troef.games.bonaken.rules import preset
    >>> from troef.games.bonaken.view import hand_view
    >>> m = Match(preset("pagat"), players=4, seed=2, first_dealer=0)
    >>> view = hand_view(m.hand, m.hand.to_act)
    >>> RandomBot(seed=5).act(view).text() in view.legal
    True
    """

    kind = "random"

    def act(self, view: BonakenView) -> BonakenAction:
        actions = legal_actions(view)
        if not actions:
            raise ValueError(f"seat {view.viewer} has nothing to do in this view")
        return actions[self.rng.randrange(len(actions))]
