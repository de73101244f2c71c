"""Bonaken's part of the analysis (:mod:`troef.analysis.core`).

* Open cards: the cards of the play, with :func:`troef.games.bonaken.solver.solve`
  (best defence by the opponents together, nk rule 22): an action's value is 1
  when the seat's side still reaches its goal after it (the declarer makes
  the contract, a defender beats it), else 0; the unit is ``"contract"``.
  Bids, the exchange, trump, roem and stuk declarations have no open-card value.
  Under nk scoring a decision that turns the contract also says what it turns on
  the score sheet (:meth:`BonakenPart.consequence`): the declarers' win or loss,
  a plus or a minus, and where it is their second, eruit or erin (nk rules 52-53).
* Fair: :func:`troef.games.bonaken.hints.hints` on the seat's view, without a
  time limit and with exactly ``samples`` worlds: the exchange, trump, roem
  and cards (the chance that the seat's side succeeds). Bids are not judged:
  their hint is the chance of making the bid, which falls with every higher
  bid while passing has no value, so it cannot tell a good bid from a bad one.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from troef.analysis.core import BidValues, card_choices
from troef.core.game import AnyGame
from troef.games.bonaken.actions import Play, parse_action
from troef.games.bonaken.sheetvalue import MIN_DECLARED, own_key, state_key, table_for
from troef.games.bonaken.solver import SolverError, solve
from troef.games.bonaken.state import Hand, Phase

__all__ = ["PART", "BonakenPart", "sheet_outcomes"]

#: The smallest significant cost of a bid that is a mistake: nk table points; the plus/minus variants'
#: chance of not buying the round.
MISTAKE_TABLE_POINTS: Final = 0.5
MISTAKE_ROUND: Final = 0.05


def sheet_outcomes(rules: Any, players: int, standing: Sequence[str], seat: int) -> tuple[float, float, float] | None:
    """What the seat's match comes to after declaring and making (W), declaring and failing (L), or not
    declaring (P) in this hand, from the standing on the sheet (:mod:`troef.games.bonaken.sheetvalue`):
    nk table points (nk rules 54-57) or, plus/minus, 1 for not buying the round. None without figures."""
    tally = table_for(rules, players)
    if tally is None:
        return None
    for key in (state_key(standing, seat), own_key(standing, seat)):
        row = tally.get(key)
        if row is not None and min(row[1], row[3], row[5]) >= MIN_DECLARED:
            return row[0] / row[1], row[2] / row[3], row[4] / row[5]
    return None


class BonakenPart:
    """Bonaken's record, solver and hints for the analysis."""

    open_unit: Final = "contract"
    fair_unit: Final = "chance"

    def consequence(self, match: Any, deal: Any, seat: int, open_cost: float) -> str | None:
        """Under nk scoring, what a decision that turned the contract turned on the sheet (nk rules 52-53).

        ``open_cost`` 1 means the seat's side reached its goal before the decision and not after it: a
        declarer lost the contract, a defender let it be made. The sheet is read as it stood before the deal.
        """
        sheet = getattr(match, "sheet", None)
        if open_cost < 1 or sheet is None or deal.rules.scoring != "nk" or not deal.declarers:
            return None
        declarers = tuple(deal.declarers)
        made = seat not in declarers  # the contract is made after a defender's mistake, lost after a declarer's
        words = []
        for d in declarers:
            if made:
                after = "eruit" if sheet.plus[d] >= 1 else "a plus"
                words.append(f"seat {d}: {after} instead of {'erin' if sheet.minus[d] >= 1 else 'a minus'}")
            else:
                after = "erin" if sheet.minus[d] >= 1 else "a minus"
                words.append(f"seat {d}: {after} instead of {'eruit' if sheet.plus[d] >= 1 else 'a plus'}")
        return "; ".join(words)

    def open_values(self, deal: Hand, legal: Sequence[str], nodes: int) -> tuple[dict[str, float] | None, int]:
        if deal.phase != Phase.PLAY:
            return None, 0
        cards = card_choices(legal, parse_action, Play)
        if cards is None:
            return None, 0
        try:
            solution = solve(deal, node_limit=nodes)
        except SolverError:
            return None, 0
        if not solution.exact:
            return None, solution.nodes
        mover_is_declarer = deal.to_act == solution.declarer
        values = {}
        for card, text in cards.items():
            made = solution.move_values.get(card)
            if made is None:
                return None, solution.nodes
            values[text] = float(made == mover_is_declarer)
        return values, solution.nodes

    def bid_values(self, game: AnyGame, view: Any, samples: int, seed: int) -> BidValues | None:
        """A bid's expected result on the sheet: ``p W + (1 - p) L`` with ``p`` the chance, over ``samples``
        fair worlds, that the seat makes it if the bidding ends with it; passing ``P`` (:func:`sheet_outcomes`).
        """
        from troef.games.bonaken.hints import hints

        if view.phase != "bidding" or view.standing is None:
            return None
        rules = view.rules
        outcomes = sheet_outcomes(rules, view.table, view.standing, view.viewer)
        if outcomes is None:
            return None
        won, lost, passed = outcomes
        values: dict[str, float] = {}
        ranges: dict[str, tuple[float, float]] = {}
        for h in hints(view, budget=None, seed=seed, samples=samples):
            if h.text == "pass":
                values[h.text] = passed
                ranges[h.text] = (passed, passed)
            elif h.make_rate is not None:
                values[h.text] = h.make_rate * won + (1 - h.make_rate) * lost
                ranges[h.text] = (min(won, lost), max(won, lost))
        nk = rules.scoring == "nk"
        unit = "table points" if nk else "rounds"
        return BidValues(values, ranges, samples, unit, MISTAKE_TABLE_POINTS if nk else MISTAKE_ROUND)

    def fair_values(self, game: AnyGame, view: Any, samples: int, seed: int) -> dict[str, float]:
        from troef.games.bonaken.hints import hints

        if view.phase == "bidding":
            # a bid's hint is the chance of making it: it falls with every higher bid and passing has none,
            # so it says nothing about which bid was right (the strong level bids on its score sheet's bar)
            return {}

        return {h.text: h.value for h in hints(view, budget=None, seed=seed, samples=samples) if h.value is not None}


#: The one Bonaken part.
PART: Final = BonakenPart()
