"""Hints for a human seat: the strongest bot's evaluation of every legal action.

:func:`hints` samples worlds that fit what the seat knows (the pimc bot's
:class:`~troef.games.bonaken.pimc.Sampler`), plays every legal action out in each of
them with the perfect-information solver, and reports per action:

* ``value``: the chance that the player's side succeeds after it (the
  declarer makes the contract; a defender beats it), in [0, 1]. For a card
  it is the strong level's own score: mostly (``Strength.rollout_share``)
  whether the side gets there when everyone plays on as a club player
  (:mod:`~troef.games.bonaken.pimc_rollout`), the rest best play by all;
* ``make_rate``: the chance that the contract is made (for a bid: that this
  player makes it if the bidding ends with his bid);
* ``worlds``: over how many worlds it was measured.

Bids are valued as contracts the player would play: with his best exchange
and trump (of the few the heuristic ranks highest). Number bids are valued
from the lowest up; once two levels in a row made nothing, higher ones get 0
without further search. ``pass`` has no value (None), yet it is the
suggestion (``best``) where the strong level would pass: in the bidding the
suggestion is the strong level's own choice on these rates (its bar by the
score sheet, the likeliest bid that clears it), not the highest chance,
which would be a long shot where passing is right. Cards in the
exchange are valued as "lay this one away, then the best completion"; a trump
as "name it, then play"; roem as "declare this much".

>>> from troef.games.bonaken.match import Match
>>> from troef.games.bonaken.rules import preset
>>> from troef.games.bonaken.view import hand_view
>>> m = Match(preset("nk"), players=4, seed=2)
>>> view = hand_view(m.hand, m.hand.to_act)
>>> found = hints(view, preset("nk"), budget=0.5)
>>> sorted(h.text for h in found) == sorted(view.legal)
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, replace

from troef.core.errors import IllegalActionError
from troef.games.bonaken.actions import (
    STUK,
    Bid,
    BidKind,
    BonakenAction,
    DeclareRoem,
    DeclareStuk,
    Discard,
    NameTrump,
    Pass,
    Play,
)
from troef.games.bonaken.game import legal_actions
from troef.games.bonaken.pimc import (
    STRONG,
    Budget,
    Evaluator,
    PimcBot,
    Plan,
    Sampler,
    SamplingError,
    Strength,
    apply_plan,
    contract_value,
    end_bidding,
    plans_in,
    solve_makes,
)
from troef.games.bonaken.reading import rules_of
from troef.games.bonaken.rules import Rules
from troef.games.bonaken.solver import SolverError, solve
from troef.games.bonaken.state import DealState, Phase
from troef.games.bonaken.view import BonakenView

__all__ = ["Hint", "hints"]


@dataclass(frozen=True, slots=True)
class Hint:
    """The evaluation of one legal action (see the module docstring)."""

    action: BonakenAction
    text: str
    value: float | None
    make_rate: float | None
    worlds: int
    best: bool = False


#: A trial plays one action out in one world by a deadline: made, not made, or None (no answer).
Trial = Callable[[DealState, float], bool | None]
#: Share of the budget one solve may take (a slower world is skipped for that action).
_SOLVE_SHARE = 0.08


def _rates(
    worlds: list[DealState], trials: dict[BonakenAction, Trial], deadline: float, cap: float
) -> dict[BonakenAction, list[int]]:
    """Per action, [successes, worlds] over ``worlds`` (world after world, until the deadline)."""
    out = {a: [0, 0] for a in trials}
    for world in worlds:
        for action, trial in trials.items():
            now = time.perf_counter()
            if now > deadline:
                return out
            # the first answer for an action may take what is left; later ones are capped
            made = trial(world, min(deadline, now + cap) if out[action][1] else deadline)
            if made is None:
                continue
            out[action][0] += made
            out[action][1] += 1
    return out


def hints(
    view: BonakenView,
    rules: Rules | None = None,
    budget: float | None = 2.0,
    seed: int = 0,
    strength: Strength | None = None,
    samples: int | None = None,
) -> list[Hint]:
    """Every legal action of ``view`` with its estimated value, best first.

    ``budget`` is in seconds; ``None`` removes the time limit, and then every
    action is measured in exactly ``samples`` worlds (reproducible work,
    whatever the machine's speed; default: the strength's number of worlds).
    """
    actions = legal_actions(view)
    if not actions:
        return []
    rules = rules or rules_of(view)
    strength = strength or STRONG
    if samples is not None:
        strength = replace(strength, samples=samples)
    start = time.perf_counter()
    deadline = start + budget if budget is not None else math.inf
    rng = random.Random(seed)
    try:
        sampler = Sampler(view, rules)
    except SamplingError:
        return [Hint(a, a.text(), None, None, 0) for a in actions]
    me = view.viewer
    # the same worlds for every action: differences between actions are not luck of the draw
    worlds: list[DealState] = []
    horizon = start + budget * 0.15 if budget is not None else None
    for world in sampler.worlds(
        rng, horizon, evidence=strength.bid_evidence, scale=strength.evidence_scale, miss=strength.play_miss
    ):
        worlds.append(world)
        if len(worlds) >= strength.samples:
            break
    if not worlds:
        return [Hint(a, a.text(), None, None, 0) for a in actions]
    phase = view.phase
    cap = max(0.02, budget * _SOLVE_SHARE) if budget is not None else math.inf
    values: dict[BonakenAction, tuple[float | None, float | None, int]] = {}
    if phase == "play":
        values = _play_values(view, worlds, actions, strength, deadline, cap)
    elif phase == "bidding":
        values = _bid_values(worlds, me, actions, strength, deadline, cap)
    else:
        trials = {a: _pre_play_trial(me, a, strength.node_limit) for a in actions}
        for action, (wins, n) in _rates(worlds, trials, deadline, cap).items():
            rate = wins / n if n else None
            values[action] = (rate, rate, n)
    out = [Hint(a, a.text(), *values.get(a, (None, None, 0))) for a in actions]
    scored = [h for h in out if h.value is not None]
    pick = _bid_pick(view, rules, strength, seed, actions, values) if phase == "bidding" else None
    if pick is not None:
        out = [Hint(h.action, h.text, h.value, h.make_rate, h.worlds, h.action == pick) for h in out]
    elif scored:
        top = max(scored, key=lambda h: h.value or 0.0)
        out = [Hint(h.action, h.text, h.value, h.make_rate, h.worlds, h is top) for h in out]
    out.sort(key=lambda h: (h.value is None, -(h.value or 0.0)))
    return out


def _bid_pick(
    view: BonakenView,
    rules: Rules,
    strength: Strength,
    seed: int,
    actions: list[BonakenAction],
    values: dict[BonakenAction, tuple[float | None, float | None, int]],
) -> BonakenAction | None:
    """What the strong level bids on these measured rates (it may be ``pass``), or None if too few worlds.

    The highest chance alone would suggest a long shot where passing is
    right; the bot's own rule weighs each bid's chance against the bar the
    score sheet sets (:meth:`~troef.games.bonaken.pimc.PimcBot.pick_bid`).
    """
    rates = {a: (v[1], v[2]) for a, v in values.items() if isinstance(a, Bid)}
    return PimcBot(seed=seed, strength=strength, rules=rules).pick_bid(view, actions, rates)


# ---------------------------------------------------------------------------- card play
def _play_values(
    view: BonakenView,
    worlds: list[DealState],
    actions: list[BonakenAction],
    strength: Strength,
    deadline: float,
    cap: float,
) -> dict[BonakenAction, tuple[float | None, float | None, int]]:
    cards = [a.card for a in actions if isinstance(a, Play)]
    me = view.viewer
    evaluator = Evaluator(me, strength, lambda _deadline: iter(worlds), early_stop=False)
    budget = Budget.until(deadline, strength.node_limit, cap if cap != math.inf else None)
    tally = evaluator.card_tally(cards, budget, partial=True)
    declarer_side = me in view.declarers
    single = len(view.declarers) == 1
    out: dict[BonakenAction, tuple[float | None, float | None, int]] = {}
    for c in cards:
        rate = tally.rate(c)
        n = tally.count.get(c, 0)
        make: float | None = None
        if rate is not None and single:
            make = rate if declarer_side else 1.0 - rate
        out[Play(c)] = (rate, make, n)
    if STUK in actions:
        stuk_cards = [c for c in cards if c >> 3 == view.trump and c & 7 in (5, 6)]
        if stuk_cards:
            best = max(stuk_cards, key=lambda c: out[Play(c)][0] or 0.0)
            out[STUK] = out[Play(best)]
    return out


# ---------------------------------------------------------------------------- bidding
def _bid_trial(me: int, bid: Bid, strength: Strength) -> Trial:
    def trial(world: DealState, deadline: float) -> bool | None:
        hand = world.copy()
        if not end_bidding(hand, me, bid):
            return None
        if hand.phase in (Phase.EXCHANGE, Phase.TRUMP) and hand.to_act == me:
            plans = plans_in(hand, me, strength.plans)
        else:
            plans = [Plan((), -1)]
        return contract_value(hand, me, plans, Budget.until(deadline, strength.node_limit))

    return trial


def _bid_values(
    worlds: list[DealState], me: int, actions: list[BonakenAction], strength: Strength, deadline: float, cap: float
) -> dict[BonakenAction, tuple[float | None, float | None, int]]:
    out: dict[BonakenAction, tuple[float | None, float | None, int]] = {}
    bids = [a for a in actions if isinstance(a, Bid)]
    others = [b for b in bids if b.kind != BidKind.NUMBER]
    numbers = [b for b in bids if b.kind == BidKind.NUMBER]
    start = time.perf_counter()
    share = 0.6 if numbers else 0.0
    split = start + (deadline - start) * share
    # number bids from the lowest up, until two levels in a row made nothing
    zero_run = 0
    for i, bid in enumerate(numbers):
        if zero_run >= 2:
            for rest in numbers[i:]:
                out[rest] = (0.0, 0.0, 0)
            break
        left = max(split - time.perf_counter(), 0.0)
        level_deadline = time.perf_counter() + left / max(1, min(len(numbers) - i, 8))
        level: dict[BonakenAction, Trial] = {bid: _bid_trial(me, bid, strength)}
        wins, n = _rates(worlds, level, level_deadline, cap)[bid]
        rate = wins / n if n else None
        out[bid] = (rate, rate, n)
        zero_run = zero_run + 1 if n and wins == 0 else 0
    trials: dict[BonakenAction, Trial] = {b: _bid_trial(me, b, strength) for b in others}
    for other, (wins, n) in _rates(worlds, trials, deadline, cap).items():
        rate = wins / n if n else None
        out[other] = (rate, rate, n)
    for action in actions:
        if isinstance(action, Pass):
            out[action] = (None, None, 0)
    # nothing measured for some levels (no time left): the level below bounds them from above
    last: tuple[float | None, float | None, int] = (None, None, 0)
    for bid in numbers:
        if out.get(bid, (None, None, 0))[0] is None and last[0] is not None:
            out[bid] = (last[0], last[1], 0)
        last = out.get(bid, last)
    return out


# ---------------------------------------------------------------------------- exchange, trump, roem
def _pre_play_trial(me: int, action: BonakenAction, node_limit: int | None) -> Trial:
    """Apply ``action`` in a world, finish the exchange/trump/roem with the best plan, and solve."""

    def trial(world: DealState, deadline: float) -> bool | None:
        hand = world.copy()
        try:
            hand.apply(action)
        except IllegalActionError:
            return None
        plan = Plan((), -1)
        if hand.phase in (Phase.EXCHANGE, Phase.TRUMP) and hand.to_act == me:
            plans = plans_in(hand, me, 1)
            if not plans:
                return None
            plan = plans[0]
        if not apply_plan(hand, me, plan):
            return None
        if hand.phase == Phase.PLAY and hand.to_act != me:
            return _made_exact(hand, me, deadline, node_limit)
        return solve_makes(hand, me, Budget.until(deadline, node_limit))

    if isinstance(action, (Discard, NameTrump, DeclareRoem, DeclareStuk, Play)):
        return trial
    return lambda _world, _deadline: None


def _made_exact(hand: DealState, me: int, deadline: float, node_limit: int | None) -> bool | None:
    """Whether ``me`` makes it with best play, the opponents to move (exact answers only)."""
    try:
        left = max(deadline - time.perf_counter(), 0.005)
        solution = solve(hand, declarer=me, time_limit=left, node_limit=node_limit, all_moves=False)
    except SolverError:
        return None
    return solution.makes if solution.exact else None


def format_hints(found: list[Hint], label: Callable[[BonakenAction], str], top: int = 5) -> str:
    """A one-line summary of the best options with their chances, e.g. ``'Jh 82% · 10s 75%'``.

    For bids: the highest number bid that still makes at least half the time
    and the one above it, then misère, zwabber and bonaak where they have a chance;
    led by ``pass`` when passing is the suggestion.
    """
    passing = [label(h.action) for h in found if h.best and isinstance(h.action, Pass)]
    scored = [h for h in found if h.value is not None]
    numbers = sorted(
        (h for h in scored if isinstance(h.action, Bid) and h.action.kind == BidKind.NUMBER),
        key=lambda h: h.action.value if isinstance(h.action, Bid) else 0,
    )
    if numbers:
        shown: list[Hint] = []
        good = [i for i, h in enumerate(numbers) if (h.value or 0.0) >= 0.5]
        if good:
            shown.append(numbers[good[-1]])
            if good[-1] + 1 < len(numbers):
                shown.append(numbers[good[-1] + 1])
        else:
            shown.append(numbers[0])
        shown += [h for h in scored if isinstance(h.action, Bid) and h.action.kind != BidKind.NUMBER and h.value]
        scored = shown
    parts = passing + [f"{label(h.action)} {h.value:.0%}" for h in scored[:top] if h.value is not None]
    return " · ".join(parts)
