"""Klaverjassen's part of the analysis (:mod:`troef.analysis.core`), for every preset.

Every value is what the decision does to the deal's entry on the score sheet
as the preset scores it (:func:`troef.games.klaverjas.scoring.score_deal`):
nat, pit and roem included, and under Kraken the points divided by ten and
multiplied after kraak and with spades, and the penalty crosses (Kraken 3.3).
The value of an action for the seat to act is its side's sheet points less
the other side's; under Kraken a cross counts :data:`CROSS_POINTS` points
against the side that gets it (see :func:`sheet_value`). The unit is
``"points"`` (of the sheet).

* Open cards: the cards of the play, with :func:`troef.games.klaverjas.solver.solve`
  (``values=True``, the exact final difference of card points and roem after
  each card with best play by all after it), turned into sheet points.
  The solver's best play maximises that difference; the sheet's value is a
  rising function of it (a side that makes the contract scores what it
  takes, one that goes nat nothing), so the best difference is also the best
  sheet value.
* Fair (:meth:`KlaverjasPart.world_values`): worlds consistent with the
  seat's view (:class:`~troef.games.klaverjas.sampler.WorldSampler`), in each
  every valued action solved with the strong level's search (exact with
  :data:`EXACT_FROM` tricks left, before that :data:`HORIZON` tricks deep and
  estimated beyond) and turned into sheet points: each card, naming trump
  (the deal played with that trump), and the kraak words (Kraken 3.1: kraak,
  rekraak, superkraak: the deal at the next level with the speaker's side
  playing; "no": the deal as it stands). Passing (vrij), roem and stuk
  declarations, claims and turns are not valued.

Decided: the kraak quota of a match (Kraken 3.1, at least four kraaks a side)
is not part of a deal's value; a deal is valued by its own sheet entry.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final

from troef.analysis.core import WorldValues, card_choices
from troef.core.game import AnyGame
from troef.games.klaverjas.actions import NameTrump, Play, Word, parse_action
from troef.games.klaverjas.kraak import playing_side
from troef.games.klaverjas.play import TOTAL_POINTS
from troef.games.klaverjas.rules import Rules
from troef.games.klaverjas.sampler import WorldSampler
from troef.games.klaverjas.scoring import score_deal
from troef.games.klaverjas.solver import Position, SolverError, position_from_deal, position_from_view, solve
from troef.games.klaverjas.solver.search import SCORE, Abort
from troef.games.klaverjas.solver.solve import _cards, _Root, _search, _test
from troef.games.klaverjas.state import DealResult, DealState, Phase
from troef.games.klaverjas.view import KlaverjasView

__all__ = ["CROSS_POINTS", "EXACT_FROM", "HORIZON", "PART", "KlaverjasPart", "sheet_value"]

#: Kraken: what a penalty cross weighs against sheet points. Decided: 25 points. The match is won on
#: crosses and the side behind in points at the end gets four (Kraken 3.3); over a 16-deal match the
#: points difference spreads by some 50 points either way, so one point moves about 4/(2.5 x 50) = 0.03 of
#: a cross, and a cross is worth some 25-30 points.
CROSS_POINTS: Final = 25
#: The fair search: exact with at most this many tricks left, before that :data:`HORIZON` tricks deep.
EXACT_FROM: Final = 5
HORIZON: Final = 2
#: Solver nodes per world and action of the fair judgement.
WORLD_NODES: Final = 60_000
#: The smallest significant cost that is a mistake: points scoring; Kraken (whose points are tenths).
MISTAKE_POINTS: Final = 10.0
MISTAKE_KRAKEN: Final = 2.0


def sheet_value(
    rules: Rules, position: Position, card_points: tuple[int, int], difference: int, level: int, side: int
) -> float:
    """The sheet value for ``side`` of a deal whose final difference (playing side less the other, card
    points and roem) is ``difference``.

    ``position`` gives the roem each side is sure of (its score less ``card_points``, what it took in
    tricks so far); roem made later is read as card points (the solver gives only the difference). A side
    that took no card points at all was pitted.
    """
    plays = position.playing_side
    roem = [max(0, position.score[s] - card_points[s]) for s in (0, 1)]
    # card points of the playing side from the difference: c_p - c_o = d - r_p + r_o, c_p + c_o = 162
    mine = (TOTAL_POINTS + difference - roem[plays] + roem[plays ^ 1]) // 2
    mine = max(0, min(TOTAL_POINTS, mine))
    cards = [0, 0]
    cards[plays] = mine
    cards[plays ^ 1] = TOTAL_POINTS - mine
    pit = -1
    if mine == TOTAL_POINTS:
        pit = plays
        roem[plays] = difference - TOTAL_POINTS + roem[plays ^ 1]
    elif mine == 0:
        pit = plays ^ 1
        roem[plays ^ 1] = -difference - TOTAL_POINTS + roem[plays]
    nat = difference <= 0
    result = DealResult(
        declarer=-1,
        trump=position.trump,
        level=level,
        playing_side=plays,
        card_points=(cards[0], cards[1]),
        roem=(roem[0], roem[1]),
        hand_roem=(0, 0),
        hand_roem_cancelled=(False, False),
        trick_roem=(0, 0),
        stuk=(0, 0),
        pit=pit,
        nat=nat,
        tricks=(0, 0),
    )
    score = score_deal(result, rules)
    value = float(score.points[side] - score.points[side ^ 1])
    if rules.scoring == "kraken":
        value -= CROSS_POINTS * (score.crosses[side] - score.crosses[side ^ 1])
    return value


def best_difference(position: Position, nodes: int, horizon: int) -> int | None:
    """The final difference (playing side less the other) with best play by all, None past ``nodes``."""
    search = _search(position, SCORE, position.playing_side, nodes, horizon)
    root = _Root(position)
    maximise = (root.seat & 1) == position.playing_side
    cards = _cards(search, root)
    top = search.bound(search.in_play | root.tmask, root.pit)
    lo, hi = -top, top
    try:
        while lo < hi:
            mid = (lo + hi + 1) // 2
            hits = (_test(search, root, c, mid) for c in cards)
            if any(hits) if maximise else all(hits):
                lo = mid
            else:
                hi = mid - 1
    except Abort:
        return None
    return position.base_difference + lo


class KlaverjasPart:
    """Klaverjassen's record, solver and hints for the analysis."""

    open_unit: Final = "points"
    fair_unit: Final = "points"

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
        side = deal.to_act & 1
        won = (deal.points[0], deal.points[1])
        values = {}
        for card, text in cards.items():
            diff = solution.values.get(card)
            if diff is None:
                return None, solution.nodes
            values[text] = sheet_value(deal.rules, position, won, diff, deal.level, side)
        return values, solution.nodes

    def fair_values(self, game: AnyGame, view: Any, samples: int, seed: int) -> dict[str, float]:
        """The mean sheet value of each valued action over ``samples`` worlds (what :meth:`world_values` draws)."""
        draw = self.world_values(game, view)
        if draw is None:
            return {}
        rng = random.Random(seed)
        rows = [row for _ in range(samples) if (row := draw(rng)) is not None]
        return {a: sum(r[a] for r in rows) / len(rows) for a in rows[0]} if rows else {}

    def sheet_unit(self, view: KlaverjasView) -> str:
        return "points"

    def mistake(self, view: KlaverjasView) -> float:
        return MISTAKE_KRAKEN if view.rules.scoring == "kraken" else MISTAKE_POINTS

    def world_values(self, game: AnyGame, view: KlaverjasView) -> WorldValues | None:
        if view.hand is None:
            return None
        if view.phase == "play":
            plays = [t for t in view.legal if isinstance(parse_action(t), Play)]
            if len(plays) < 2:
                return None
            return self._cards(view, plays)
        if view.phase in ("choose", "kraak"):
            valued = [t for t in view.legal if t != "pass"]
            if len(valued) < 2:
                return None
            return self._contracts(view, valued)
        return None

    def _cards(self, view: KlaverjasView, plays: list[str]) -> WorldValues:
        sampler = WorldSampler(view)
        side = view.viewer & 1
        by_card = {_card(t): t for t in plays}

        def draw(rng: random.Random) -> dict[str, float] | None:
            world = sampler.sample(view, rng)
            if world is None:
                return None
            position = position_from_view(view, world)
            horizon = 0 if position.tricks_left <= EXACT_FROM else HORIZON
            solution = solve(position, values=True, node_limit=WORLD_NODES * len(plays), horizon=horizon)
            out = {}
            for card, text in by_card.items():
                diff = solution.values.get(card)
                if diff is None:
                    return None
                out[text] = sheet_value(view.rules, position, view.card_points, diff, view.level, side)
            return out

        return draw

    def _contracts(self, view: KlaverjasView, valued: list[str]) -> WorldValues:
        from troef.games.klaverjas.pimc import first_lead_position

        sampler = WorldSampler(view)
        side = view.viewer & 1
        options: dict[str, tuple[int, int, int]] = {}  # action: (trump, playing side, level)
        for text in valued:
            action = parse_action(text)
            if isinstance(action, NameTrump):
                options[text] = (action.suit, side, view.level)
            elif isinstance(action, Word) and action.word in ("kraak", "rekraak", "superkraak"):
                options[text] = (view.trump, side, view.level + 1)
            elif isinstance(action, Word) and action.word == "no":
                options[text] = (view.trump, playing_side(view.declarer, view.level), view.level)
        if len(options) < 2:
            return lambda rng: None

        def draw(rng: random.Random) -> dict[str, float] | None:
            world = sampler.sample(view, rng)
            if world is None:
                return None
            out = {}
            for text, (trump, plays, level) in options.items():
                position = first_lead_position(view, world, trump, plays)
                diff = best_difference(position, WORLD_NODES, HORIZON)
                if diff is None:
                    return None
                out[text] = sheet_value(view.rules, position, (0, 0), diff, level, side)
            return out

        return draw


def _card(text: str) -> int:
    action = parse_action(text)
    assert isinstance(action, Play)
    return action.card


#: The one klaverjas part.
PART: Final = KlaverjasPart()
