"""The computer players people choose from: ``beginner``, ``club`` and ``strong``.

The same three levels as every game of troef (:data:`troef.core.bot.LEVELS`),
measured against each other in the arena (``troef arena binokel --teams
strong,club --duplicate``; figures in ``docs/bots.md``):

* ``beginner``: the club player's bidding, trump and exchange, but in card play
  it loses track most of the time (:class:`~troef.core.bot.SlippingBot`);
* ``club``: the rule-based club player (:class:`~troef.games.binokel.heuristic.HeuristicBot`);
* ``strong``: the sampling player (:class:`~troef.games.binokel.pimc.PimcBot`)
  at its default strength.

>>> from troef.games.binokel.match import Match
>>> from troef.games.binokel.rules import preset
>>> from troef.games.binokel.view import round_view
>>> m = Match(preset("cardgames"), seed=2)
>>> view = round_view(m, m.to_act)
>>> all(bot.act(view).text() in view.legal for bot in (BeginnerBot(1), ClubBot(1), StrongBot(1)))
True
"""

from __future__ import annotations

from troef.core.bot import LEVELS, SlippingBot
from troef.games.binokel.actions import Play, parse_action
from troef.games.binokel.heuristic import HeuristicBot
from troef.games.binokel.pimc import PimcBot, Strength

__all__ = ["LEVELS", "BeginnerBot", "ClubBot", "Strength", "StrongBot"]  # Strength: the arena tunes strong:...


class BeginnerBot(SlippingBot):
    """The club player with slips in card play."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(HeuristicBot(seed), parse=parse_action, is_card=lambda action: isinstance(action, Play))


class ClubBot(HeuristicBot):
    """The heuristic player under the name of its level."""

    kind = "club"


class StrongBot(PimcBot):
    """The sampling player at its default strength under the name of its level."""

    kind = "strong"
