"""The computer players people choose from: ``beginner``, ``club`` and ``strong``.

The same three levels as every game of troef (:data:`troef.core.bot.LEVELS`),
measured against each other in the arena (``troef arena klaverjas --teams
strong,club --duplicate``; figures in ``docs/bots.md``):

* ``beginner``: the club player's trump, kraak words and roem, but in card play
  it loses track most of the time (:class:`~troef.core.bot.SlippingBot`);
* ``club``: the rule-based club player (:class:`~troef.games.klaverjas.heuristic.HeuristicBot`);
* ``strong``: the sampling player (:class:`~troef.games.klaverjas.pimc.KlaverjasPimcBot`)
  at its default strength.

>>> from troef.games.klaverjas.match import Match
>>> from troef.games.klaverjas.rules import preset
>>> from troef.games.klaverjas.view import deal_view
>>> m = Match(preset("kraken"), seed=2)
>>> view = deal_view(m, m.to_act)
>>> all(bot.act(view).text() in view.legal for bot in (BeginnerBot(1), ClubBot(1), StrongBot(1)))
True
"""

from __future__ import annotations

from troef.core.bot import LEVELS, SlippingBot
from troef.games.klaverjas.actions import Play, parse_action
from troef.games.klaverjas.heuristic import HeuristicBot
from troef.games.klaverjas.pimc import KlaverjasPimcBot, Strength

__all__ = ["LEVELS", "BeginnerBot", "ClubBot", "Strength", "StrongBot"]  # Strength: the arena tunes strong:...


class BeginnerBot(SlippingBot):
    """The club player with slips in card play."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(HeuristicBot(seed), parse=parse_action, is_card=lambda action: isinstance(action, Play))


class ClubBot(HeuristicBot):
    """The heuristic player under the name of its level."""

    kind = "club"


class StrongBot(KlaverjasPimcBot):
    """The sampling player at its default strength under the name of its level."""

    kind = "strong"
