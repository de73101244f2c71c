"""Perfect-information search of Bonaken play positions.

Given a hand in play with every card known, :func:`solve` answers against
best defence by the opponents together (nk rule 22): does the declarer make
his contract, and with which card(s)? :func:`best_points` gives the exact
best total of a number bid. :func:`solve_position` solves a compact
:class:`Position` directly, optionally with other hands: the entry point for
players that sample many hypothetical deals.

>>> from troef.games.bonaken.rules import preset
>>> from troef.games.bonaken.state import DealState
>>> from troef.games.bonaken.actions import Bid, BidKind, DeclareRoem, Pass, TRUMPS
>>> hand = DealState.new(preset("nk"), 4, dealer=0, seed=3)
>>> for action in (Bid(BidKind.NUMBER, 25), Pass(), Pass(), Pass()):
...     hand.apply(action)
>>> while hand.phase.name == "EXCHANGE":
...     hand.apply(hand.legal_actions()[0])
>>> hand.apply(TRUMPS[0]); hand.apply(DeclareRoem(0))
>>> solution = solve(hand)
>>> solution.exact, solution.best_move in solution.move_values
(True, True)
"""

from troef.games.bonaken.solver.position import Goal, Position, SolverError, position_from_hand
from troef.games.bonaken.solver.search import Solution, best_points, solve, solve_position

__all__ = [
    "Goal",
    "Position",
    "Solution",
    "SolverError",
    "best_points",
    "position_from_hand",
    "solve",
    "solve_position",
]
