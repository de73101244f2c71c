"""The computer players people choose from: ``beginner``, ``club`` and ``strong``.

Each level is one of Bonaken's bots under a name a player understands,
measured against the others in the arena (``troef arena bonaken --seats
strong,club,club,club --duplicate``; figures in ``docs/bots.md``):

* ``beginner``: the heuristic player's bidding, but in play it loses track
  most of the time and plays any legal card (:data:`BEGINNER_SLIPS` of its card
  plays): it follows suit, but it smears, trumps and saves its aces at random;
* ``club``: the heuristic player (:class:`~troef.games.bonaken.heuristic.HeuristicBot`),
  rule-of-thumb Bonaken as a sensible club player plays it;
* ``strong``: the pimc bot (:class:`~troef.games.bonaken.pimc.PimcBot`) at its
  default strength: sampled worlds, the solver and club-player rollouts,
  calibrated bidding.

>>> from troef.games.bonaken.match import Match
>>> from troef.games.bonaken.rules import preset
>>> from troef.games.bonaken.view import hand_view
>>> m = Match(preset("nk"), players=4, seed=2)
>>> view = hand_view(m.hand, m.hand.to_act)
>>> all(bot.act(view).text() in view.legal for bot in (BeginnerBot(1), ClubBot(1), StrongBot(1)))
True
"""

from __future__ import annotations

from troef.core.bot import BEGINNER_SLIPS, LEVELS, SlippingBot
from troef.games.bonaken.actions import Play
from troef.games.bonaken.game import parse_cached
from troef.games.bonaken.heuristic import HeuristicBot
from troef.games.bonaken.pimc import PimcBot

__all__ = ["BEGINNER_SLIPS", "LEVELS", "BeginnerBot", "ClubBot", "StrongBot"]


class BeginnerBot(SlippingBot):
    """The club player's bidding and exchange, with slips in play (see the module docstring)."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(HeuristicBot(seed), parse=parse_cached, is_card=lambda action: isinstance(action, Play))


class ClubBot(HeuristicBot):
    """The heuristic player under the name of its level."""

    kind = "club"


class StrongBot(PimcBot):
    """The pimc bot at its default strength under the name of its level."""

    kind = "strong"
