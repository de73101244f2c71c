"""Bonaken's part of the analysis (:mod:`troef.analysis.core`).

* Open cards: the cards of the play, with :func:`troef.games.bonaken.solver.solve`
  (best defence by the opponents together, nk rule 22): an action's value is 1
  when the seat's side still reaches its goal after it (the declarer makes
  the contract, a defender beats it), else 0; the unit is ``"contract"``.
  Bids, the exchange, trump, roem and stuk declarations have no open-card value.
  Under nk scoring a decision that turns the contract also says what it turns on
  the score sheet (:meth:`BonakenPart.consequence`): the declarers' win or loss,
  a plus or a minus, and where it is their second, eruit or erin (nk rules 52-53).
* Fair, on the score sheet (:meth:`BonakenPart.world_values`): the exchange,
  trump, roem and cards of a deal of a match with one declarer are valued by
  what they do to the deal's entry on the sheet. In each world dealt from the
  seat's view every action is played out (cards: the exact solver; the
  exchange, trump, roem: the hints' trial, the strong level's plan then the
  solver), and a world where the seat's side reaches its goal is worth the
  declarer's match result after a plus (``W``), else after a minus (``L``)
  (:func:`sheet_outcomes`, nk rules 52-57; plus/minus: the chance of not buying
  the round). A defender's value is the declarer's with its sign turned: the
  defenders play together against the declarer (nk rule 22), so a card that
  turns the contract costs ``W - L`` whichever side plays it. The worlds are
  paired (:func:`troef.analysis.core.judge_in_worlds`), in nk table points
  or rounds.
* Fair elsewhere (a hand record with no sheet, several misère declarers, a table
  size with no sheet figures): :func:`troef.games.bonaken.hints.hints` on the
  seat's view, without a time limit and with exactly ``samples`` worlds (the
  chance that the seat's side succeeds).
* Bids (:meth:`BonakenPart.bid_values`): ``p W + (1 - p) L`` against passing's
  ``P``, with ``p`` the chance of making the bid if the bidding ends with it.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any, Final

from troef.analysis.core import BidValues, WorldValues, card_choices
from troef.core.game import AnyGame
from troef.games.bonaken.actions import DeclareStuk, Play, parse_action
from troef.games.bonaken.sheetvalue import MIN_DECLARED, own_key, state_key, table_for
from troef.games.bonaken.solver import SolverError, solve
from troef.games.bonaken.state import DealState, Phase

__all__ = ["PART", "BonakenPart", "sheet_outcomes", "side_results"]

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


def side_results(view: Any) -> tuple[float, float] | None:
    """What the deal's entry on the sheet is worth to the seat of ``view``: (its side reaches its goal, it does
    not), in the unit of :func:`sheet_outcomes`; None without a sheet, figures or a single declarer.

    The declarer: ``(W, L)``, its match result after a plus or a minus. A defender: ``(-L, -W)``, the
    declarer's with its sign turned (the defenders play together against the declarer, nk rule 22).
    """
    if view.standing is None or len(view.declarers) != 1:
        return None
    declarer = view.declarers[0]
    outcomes = sheet_outcomes(view.rules, view.table, view.standing, declarer)
    if outcomes is None:
        return None
    won, lost, _ = outcomes
    return (won, lost) if view.viewer == declarer else (-lost, -won)


#: Attempts at one world before the analysis counts it as not found (the first half weighs the evidence
#: of the bidding and play, as the strong level's sampler does).
WORLD_TRIES: Final = 40


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

    def open_values(self, deal: DealState, legal: Sequence[str], nodes: int) -> tuple[dict[str, float] | None, int]:
        if deal.phase != Phase.PLAY:
            return None, 0
        cards = card_choices(legal, parse_action, Play)
        if cards is None:
            return None, 0
        spent: list[int] = []
        made = _goal_by_card(deal, cards, nodes, spent)
        if made is None:
            return None, sum(spent)
        return {text: float(ok) for text, ok in made.items()}, sum(spent)

    def sheet_unit(self, view: Any) -> str:
        return "table points" if view.rules.scoring == "nk" else "rounds"

    def mistake(self, view: Any) -> float:
        return MISTAKE_TABLE_POINTS if view.rules.scoring == "nk" else MISTAKE_ROUND

    def world_values(self, game: AnyGame, view: Any) -> WorldValues | None:
        """Each action's sheet value (:func:`side_results`) in a world drawn from ``view``, or None where the
        deal has no sheet value (the bidding, judged by :meth:`bid_values`, and see :func:`side_results`)."""
        from troef.games.bonaken.game import legal_actions
        from troef.games.bonaken.hints import _pre_play_trial
        from troef.games.bonaken.pimc import STRONG, Sampler, SamplingError
        from troef.games.bonaken.reading import rules_of

        if view.phase == "bidding":
            return None
        results = side_results(view)
        if results is None:
            return None
        success, failure = results
        try:
            sampler = Sampler(view, rules_of(view))
        except SamplingError:
            return None
        actions = legal_actions(view)
        me = view.viewer

        def world(rng: random.Random) -> DealState | None:
            for attempt in range(WORLD_TRIES):
                weigh = STRONG.bid_evidence and attempt < WORLD_TRIES // 2
                found = sampler.draw(rng, evidence=weigh, scale=STRONG.evidence_scale, miss=STRONG.play_miss)
                if found is not None:
                    return found
            return None

        if view.phase == "play":
            cards = card_choices([a.text() for a in actions], parse_action, Play)
            if cards is None:
                return None
            stuk = [a.text() for a in actions if isinstance(a, DeclareStuk)]
            stuk_cards = [t for c, t in cards.items() if c >> 3 == view.trump and c & 7 in (5, 6)]

            def play(rng: random.Random) -> dict[str, float] | None:
                hand = world(rng)
                if hand is None:
                    return None
                made = _goal_by_card(hand, cards, None)
                if made is None:
                    return None
                row = {text: success if ok else failure for text, ok in made.items()}
                for text in stuk if stuk_cards else ():
                    row[text] = max(row[t] for t in stuk_cards)  # declared with the better of its cards
                return row

            return play

        trials = {a.text(): _pre_play_trial(me, a, None) for a in actions}

        def prepare(rng: random.Random) -> dict[str, float] | None:
            hand = world(rng)
            if hand is None:
                return None
            row = {}
            for text, trial in trials.items():
                ok = trial(hand, math.inf)
                if ok is not None:
                    row[text] = success if ok else failure
            return row

        return prepare

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


def _goal_by_card(
    deal: DealState, cards: dict[int, str], nodes: int | None, spent: list[int] | None = None
) -> dict[str, bool] | None:
    """For each card (by card: its text), whether the side of the seat to play still reaches its goal after
    it with best play by all (nk rule 22), or None where the solver gives no exact answer within ``nodes``."""
    try:
        solution = solve(deal, node_limit=nodes)
    except SolverError:
        return None
    if spent is not None:
        spent.append(solution.nodes)
    if not solution.exact:
        return None
    mover_is_declarer = deal.to_act == solution.declarer
    out = {}
    for card, text in cards.items():
        made = solution.move_values.get(card)
        if made is None:
            return None
        out[text] = made == mover_is_declarer
    return out


#: The one Bonaken part.
PART: Final = BonakenPart()
