"""Binokel's part of the analysis (:mod:`troef.analysis.core`).

* Open cards: the cards of the play, with the exact alpha-beta of
  :mod:`troef.games.binokel.solver` (``solve_moves``): an action's value is
  the trick points the seat's side takes from there on with best play by all;
  the unit is ``"points"``. The search is stopped after the settings' node
  count (:class:`~troef.games.binokel.solver.OutOfNodes`), and only the last :data:`OPEN_TRICKS` tricks are
  searched: earlier, with up to twelve cards a hand, the search is too large
  for the analysis (no open-card value there). Bids, trump, the exchange and
  conceding have none.
* Fair: :func:`troef.games.binokel.hints.hints` on the seat's view, on
  counted work (``samples`` * :data:`WORK_PER_SAMPLE`), no time cap: trump
  (the chance of making the bid with it) and cards (the share of the trick
  points still to win that the side takes after it). Bids are not judged (the
  chance of making a bid falls with every higher one and passing has none),
  nor the exchange (its hint names the cards to pass, with no values).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final

from troef.analysis.core import WorldValues, card_choices
from troef.core.game import AnyGame
from troef.games.binokel.actions import Play, parse_action
from troef.games.binokel.solver import OutOfNodes, Search, position_of
from troef.games.binokel.state import DealState, Phase

__all__ = ["MISTAKE_POINTS", "OPEN_TRICKS", "PART", "WORK_PER_SAMPLE", "BinokelPart"]

#: The smallest significant cost of a bid that is a mistake, in points of the score ("Punktewertung").
MISTAKE_POINTS: Final = 20.0

#: Units of the hints' work for one sample of the settings.
WORK_PER_SAMPLE: Final = 500
#: Open-card values only with at most this many tricks left (the one in progress included): from 10 tricks
#: left a decision needs 1-5 million nodes and more, and a whole deal's analysis passes a second
#: (``troef bench analysis --game binokel``, docs/analysis.md).
OPEN_TRICKS: Final = 9


class BinokelPart:
    """Binokel's record, solver and hints for the analysis."""

    open_unit: Final = "points"
    fair_unit: Final = "share"

    def open_values(
        self, deal: DealState, legal_texts: Sequence[str], nodes: int
    ) -> tuple[dict[str, float] | None, int]:
        if deal.phase != Phase.PLAY:
            return None, 0
        kinds = card_choices(legal_texts, parse_action, Play, key=lambda card: card & 31)
        if kinds is None:
            return None, 0
        position = position_of(deal)
        if position.tricks_left > OPEN_TRICKS:
            return None, 0
        p = position
        side = p.to_act & 1
        # a table of its own for every decision: what an earlier solve found would change the nodes this one
        # spends, and with them whether it stays within the node limit, so a value would depend on what else
        # is analysed (the seats asked for)
        search = Search(p.hands, p.trump, side, p.leader, p.trick, p.tricks_left, nodes, {})
        try:
            found = search.move_values()
        except OutOfNodes:
            return None, search.nodes
        values = {kinds[kind]: float(points) for kind, points in found.items() if kind in kinds}
        return values, search.nodes

    def sheet_unit(self, view: Any) -> str:
        return "points"

    def mistake(self, view: Any) -> float:
        return MISTAKE_POINTS

    def world_values(self, game: AnyGame, view: Any) -> WorldValues | None:
        """Bids by the score of the round: in each world the seat's side plays the round at that bid with
        the seat's best trump (the strong level's rollout: the exchange by rule, the play by the club
        player, the last tricks solved), its score less the other side's ("Punktewertung"); passing: the
        round played by the side holding the highest bid so far, with its best trump in that world
        (not valued before anyone has bid)."""
        from troef.games.binokel.heuristic import choose_trump
        from troef.games.binokel.pimc import DEFAULT, WorldSampler
        from troef.games.binokel.reading import counts_of
        from troef.games.binokel.rollout import round_out, side_value

        if view.phase != "bidding" or view.hand is None:
            return None
        bids = [t for t in view.legal if t.startswith("bid ")]
        high = max((value for _, value in view.bids), default=0)
        holder = next((seat for seat, value in reversed(view.bids) if value == high and value > 0), -1)
        if not bids or len(bids) + (holder >= 0 and "pass" in view.legal) < 2:
            return None
        seat = view.viewer
        side = seat & 1
        trump = choose_trump(counts_of(view.hand))
        sampler = WorldSampler()
        last = DEFAULT.solve_last

        def draw(rng: random.Random) -> dict[str, float] | None:
            world = sampler.sample(view, rng)
            if world is None:
                return None
            meld, tricks, _ = round_out(world, seat, trump, last)
            out = {t: float(side_value(side, int(t.split()[1]), side, meld, tricks)) for t in bids}
            if holder >= 0 and "pass" in view.legal:
                other_meld, other_tricks, _ = round_out(world, holder, choose_trump(list(world[holder])), last)
                out["pass"] = float(side_value(side, high, holder & 1, other_meld, other_tricks))
            return out

        return draw

    def fair_values(self, game: AnyGame, view: Any, samples: int, seed: int) -> dict[str, float]:
        from troef.games.binokel.hints import hints

        if view.phase == "bidding":
            return {}  # see the module docstring
        found = hints(view, 0.0, seed, work=samples * WORK_PER_SAMPLE)
        return {h.text: h.value for h in found if h.value is not None and h.text != "concede"}


#: The one Binokel part.
PART: Final = BinokelPart()
