"""Perfect-information search of klaverjas play positions.

Given a deal in its play with every card known, :func:`solve` answers against
best play of the other side: does the playing side take more than the other
(not nat), and after which card of the seat to move? :func:`best_difference`
gives the exact final score difference, :func:`makes_pit` whether a side can
still win every trick. :func:`position_from_deal` reads a :class:`Position`
off a :class:`~troef.games.klaverjas.state.DealState`; players that sample
hypothetical deals build positions with other hands directly.

>>> from troef.core.chance import GameRandom
>>> from troef.games.klaverjas.deal import deal_cards
>>> from troef.games.klaverjas.rules import preset
>>> from troef.games.klaverjas.state import DealState
>>> from troef.games.klaverjas.actions import TRUMPS, NO
>>> rules = preset("amsterdam")
>>> deal = DealState(rules, deal_cards(rules, 0, GameRandom(4)))
>>> deal.apply(TRUMPS[2])
>>> solution = solve(position_from_deal(deal))
>>> solution.exact, solution.best_move in solution.move_values
(True, True)
"""

from troef.games.klaverjas.solver.position import Position, SolverError, position_from_deal, position_from_view
from troef.games.klaverjas.solver.solve import NODE_LIMIT, Solution, best_difference, makes_pit, solve

__all__ = [
    "NODE_LIMIT",
    "Position",
    "Solution",
    "SolverError",
    "best_difference",
    "makes_pit",
    "position_from_deal",
    "position_from_view",
    "solve",
]
