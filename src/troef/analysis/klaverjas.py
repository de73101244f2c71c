"""Klaverjassen's part of the analysis (:mod:`troef.analysis.core`), for every preset.

* Open cards: the cards of the play, with :func:`troef.games.klaverjas.solver.solve`
  (``values=True``): an action's value is the exact final score of the seat's
  side less the other side's (roem, nat and pit as the preset scores them in
  the solver) with best play by all after it; the unit is ``"points"`` (of
  that difference). Naming trump, the kraak words, roem and stuk declarations,
  claims and turns have no open-card value.
* Fair: :func:`troef.games.klaverjas.hints.hints` on the seat's view with
  exactly ``samples`` worlds: naming trump and the kraak words (the chance the
  seat's side then reaches its goal) and cards (the chance after playing it).
  Passing (vrij) and declarations have no fair value either.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from troef.analysis.core import card_choices
from troef.core.game import AnyGame
from troef.games.klaverjas.actions import Play, parse_action
from troef.games.klaverjas.match import Match
from troef.games.klaverjas.record import loads
from troef.games.klaverjas.solver import SolverError, position_from_deal, solve
from troef.games.klaverjas.state import DealState, Phase

__all__ = ["PART", "KlaverjasPart"]


class KlaverjasPart:
    """Klaverjassen's record, solver and hints for the analysis."""

    open_unit: Final = "points"
    fair_unit: Final = "chance"

    def start(self, text: str) -> tuple[Match, list[list[tuple[int, Any]]]]:
        record = loads(text)
        match = Match(record.rules, record.seed, record.first_dealer, deals=iter([d.deal for d in record.deals]))
        return match, [list(d.actions) for d in record.deals]

    def deal_of(self, match: Match) -> DealState:
        return match.deal

    def deal_over(self, deal: DealState) -> bool:
        return deal.is_over

    def open_values(self, deal: DealState, legal: Sequence[str], nodes: int) -> tuple[dict[str, float] | None, int]:
        if deal.phase != Phase.PLAY:
            return None, 0
        cards = card_choices(legal, parse_action, Play)
        if cards is None:
            return None, 0
        try:
            position = position_from_deal(deal)
            solution = solve(position, values=True, node_limit=nodes)
        except SolverError:
            return None, 0
        if not solution.exact:
            return None, solution.nodes
        sign = 1.0 if (deal.to_act & 1) == position.playing_side else -1.0
        values = {}
        for card, text in cards.items():
            diff = solution.values.get(card)
            if diff is None:
                return None, solution.nodes
            values[text] = sign * diff
        return values, solution.nodes

    def fair_values(self, game: AnyGame, view: Any, samples: int, seed: int) -> dict[str, float]:
        from troef.games.klaverjas.hints import hints

        return {h.text: h.value for h in hints(view, seed=seed, worlds=samples) if h.value is not None}


#: The one klaverjas part.
PART: Final = KlaverjasPart()
