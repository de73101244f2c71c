"""Hints for a human Binokel seat: what the search player thinks of each action it may take.

:func:`hints` answers from the seat's view alone, with the search player's
own sampling (:mod:`troef.games.binokel.pimc`):

* bidding: for each bid offered, the chance that the side makes it (playing
  it with the trump the rule-based player would name); ``pass`` has no value;
  the best is what ``pimc`` would do;
* trump: for each suit, the chance of making the bid with it; the best is
  the suit with the best mean score;
* the exchange: the four cards it suggests passing (``best``), one hint per
  card in hand (no value);
* play: for each legal card, the share of the trick points still to win
  that the side is expected to take after it (0 to 1); ``concede`` 0; the
  best is the action with the best mean score.

``budget`` is in seconds of this machine's time; the work is counted from
it (about :data:`WORK_PER_SECOND` units a second), so a seed gives the same
hints on a busy machine and an idle one, with twice the budget as a time cap.

>>> from troef.games.binokel.match import Match
>>> from troef.games.binokel.rules import preset
>>> from troef.games.binokel.view import round_view
>>> m = Match(preset("cardgames"), seed=3, first_dealer=0)
>>> found = hints(round_view(m, 1), budget=0.05, seed=1)
>>> [h.text for h in found] == list(round_view(m, 1).legal), sum(h.best for h in found)
(True, 1)
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from troef.core.pimc import Budget, decide
from troef.games.binokel.actions import parse_action
from troef.games.binokel.pimc import (
    DEFAULT,
    PlayEvaluator,
    Strength,
    TrumpEvaluator,
    WorldSampler,
    bid_chances,
    choose_bid,
    exchange_choice,
)
from troef.games.binokel.rollout import World, round_out, side_value
from troef.games.binokel.view import BinokelView

#: Units of work (rollout cards, solver positions) this machine does in about a second.
WORK_PER_SECOND: Final = 40_000


@dataclass(frozen=True, slots=True)
class Hint:
    """One action of ``view.legal`` (``text``), its value (see the module docstring) and whether it is the best."""

    text: str
    value: float | None
    best: bool


def _strength(budget: float, work: int | None = None) -> Strength:
    cap: float | None = None
    if work is None:
        work = max(200, int(budget * WORK_PER_SECOND))
        cap = max(0.01, 2 * budget)
    return dataclasses.replace(
        DEFAULT,
        play=Budget(worlds=200, nodes=work, time_cap=cap),
        plan=Budget(worlds=200, nodes=work, time_cap=cap),
    )


class _TrumpChances(TrumpEvaluator):
    """The trump evaluator, also counting in how many worlds each suit makes the bid."""

    def __init__(self, solve_last: int) -> None:
        super().__init__(solve_last)
        self.made: dict[str, float] = {}
        self.worlds = 0

    def evaluate(
        self, view: BinokelView, world: World, actions: Sequence[str], nodes: int
    ) -> tuple[Mapping[str, float], int]:
        seat = view.viewer
        side = seat & 1
        values: dict[str, float] = {}
        spent = 0
        for action in actions:
            suit = parse_action(action).suit  # type: ignore[union-attr]
            meld, tricks, work = round_out(world, seat, suit, self.solve_last)
            values[action] = float(side_value(side, view.bid, side, meld, tricks))
            made = tricks[side] > 0 and meld[side] + tricks[side] >= view.bid
            self.made[action] = self.made.get(action, 0.0) + made
            spent += work
        self.worlds += 1
        return values, spent


def hints(view: BinokelView, budget: float, seed: int, *, work: int | None = None) -> list[Hint]:
    """A hint for every action of ``view.legal`` (empty when the seat has nothing to do).

    ``work``: exactly that many units of work and no time cap (the same hints on every machine,
    as the analysis needs); ``budget`` is then ignored.
    """
    legal = list(view.legal)
    if not legal:
        return []
    strength = _strength(budget, work)
    rng = random.Random(seed)
    if view.phase == "bidding":
        chances = bid_chances(view, strength, rng)
        best = choose_bid(view, chances, strength).text()
        return [Hint(t, None if t == "pass" else round(chances.values.get(t, 0.0), 4), t == best) for t in legal]
    if view.phase == "trump":
        evaluator = _TrumpChances(strength.solve_last)
        decision = decide(view, legal, WorldSampler(), evaluator, strength.budgets()[1], rng)
        worlds = max(evaluator.worlds, 1)
        return [Hint(t, round(evaluator.made.get(t, 0.0) / worlds, 4), t == decision.best) for t in legal]
    if view.phase in ("give", "return"):
        _, decision = exchange_choice(view, strength, rng)
        suggested = {f"give {c}" for c in decision.best.split()}
        return [Hint(t, None, t in suggested) for t in legal]
    if len(legal) == 1:
        return [Hint(legal[0], None, True)]
    play = PlayEvaluator(strength.solve_last)
    decision = decide(view, legal, WorldSampler(), play, strength.budgets()[0], rng)
    worlds = max(decision.worlds, 1)
    return [
        Hint(t, 0.0 if t == "concede" else round(play.share.get(t, 0.0) / worlds, 4), t == decision.best) for t in legal
    ]
