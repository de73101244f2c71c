"""How the pimc bot values its options: worlds played out by the solver, within a work budget.

:class:`Strength` says how much work a decision may do, :class:`Budget`
counts it (solver nodes over all worlds, deterministic given the seed; the
clock is only a safety net), and :class:`Evaluator` plays a decision's
options (cards, bids, exchange plans) out in world after world and tallies
how often each one succeeds.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Final

from troef.cards import cards_of
from troef.core.errors import IllegalActionError
from troef.games.bonaken.actions import PASS, Bid, BidKind, DeclareRoem, Discard, NameTrump
from troef.games.bonaken.heuristic import estimate, keep_score, misere_danger
from troef.games.bonaken.pimc_infer import ALL32
from troef.games.bonaken.pimc_rollout import rollout
from troef.games.bonaken.reading import strength
from troef.games.bonaken.rules import Rules
from troef.games.bonaken.solver import SolverError, solve
from troef.games.bonaken.state import DealState, Phase
from troef.stats import wilson_interval

__all__ = ["STRONG", "Budget", "Evaluator", "Plan", "Strength", "Tally"]


@dataclass(frozen=True, slots=True)
class Strength:
    """How hard the bot thinks, and how bold it bids.

    The work of a decision is counted in solver nodes over all its worlds:
    ``nodes`` for a card play, ``bid_nodes`` for a bid, ``plan_nodes`` for
    the exchange and trump (which play whole hands out). One solve may
    search ``node_limit`` nodes (None: ``solve_share`` of the decision's
    nodes); a world whose solve needs more is skipped. So a seeded bot
    makes the same decisions on every machine, however loaded.

    ``budget``, ``bid_budget``, ``plan_budget`` are seconds: a safety net
    only, set far above what the node budgets take on an unloaded machine
    (when one triggers the bot counts it in :attr:`PimcBot.time_caps`).

    ``samples``: the most worlds per decision; ``min_worlds``: fewer
    answered worlds than this and the bot plays the heuristic's choice;
    ``threshold``: the chance to really make a number contract needs at least
    this to be bid (``every_trick_threshold`` for misère, zwabber and bonaak);
    ``plans``: candidate exchanges/trumps per contract while bidding.

    The chance comes from the sampled make-rate through the curves of
    :mod:`troef.games.bonaken.bidmodel`, fitted on the contracts the strong
    level itself declares against the heuristic (``troef bench bid-model
    --policy strong``). Misère, zwabber and bonaak are too rare for a curve;
    their bar stays on the rate (0.85). The bar for number contracts is
    0.3875 on that curve, a sampled rate of 0.165. Higher bars are weaker:
    an nk player goes out, and a pagat player is safe, only by winning
    contracts. In a match the score sheet's bar takes the place of
    ``threshold`` where its figures are known (``by_sheet``). How each
    default was chosen, with its figures: ``docs/findings.md``.
    """

    #: Safety caps in seconds (never reached in normal runs; see the class docstring).
    budget: float = 4.0
    bid_budget: float = 4.0
    plan_budget: float = 4.0
    #: Solver nodes per decision, all worlds together: at about 200,000 nodes per second of one
    #: core these keep a decision's p99 under 300 ms (``troef bench bots``).
    nodes: int = 30_000
    bid_nodes: int = 40_000
    plan_nodes: int = 40_000
    #: Share of a decision's nodes one solve may take (when ``node_limit`` is None).
    solve_share: float = 0.25
    #: Most nodes one solve may search (None: ``solve_share`` of the decision's nodes).
    node_limit: int | None = None
    samples: int = 24
    min_worlds: int = 3
    threshold: float = 0.3875
    every_trick_threshold: float = 0.85
    plans: int = 2
    #: Weigh the others' bids as evidence of their cards when dealing worlds.
    bid_evidence: bool = True
    #: Points of misfit between a bid and a dealt hand that cost a factor e of its weight
    #: (:func:`~troef.games.bonaken.pimc_infer.seat_weight`): smaller trusts the bids more. 4 was
    #: ahead of 12 in nk and pagat, not proven; 2 was not better than 4.
    evidence_scale: float = 4.0
    #: Factor of a world's weight per card another player played that the heuristic would not have
    #: played with the cards the world gives him (:func:`~troef.games.bonaken.pimc_infer.play_weight`;
    #: 1: card play is no evidence). Chosen together with ``rollout_share``, see there.
    play_miss: float = 0.25
    #: Share of a card's score in a world that is whether its side gets there when everyone plays on
    #: as a club player (:func:`~troef.games.bonaken.pimc_rollout.rollout`) rather than with best
    #: play by all. 0.9 with ``play_miss`` 0.25: fewer pagat rounds bought than neither option on
    #: the same 900 deals, the interval above 0; in nk no difference shows.
    rollout_share: float = 0.9
    #: While bidding and in the exchange, count a world in which no plan was proven to make the
    #: contract within its nodes as a failure (the solver's own guess: the declarer leads, and a
    #: winning line is usually found quickly), not as a world without an answer. Off: an unproven
    #: world is often one the contract makes, so counting it lost bids too timidly.
    unproven_fails: bool = False
    #: Bid by the match's score sheet (:mod:`troef.games.bonaken.sheetvalue`): where the sheet's
    #: figures are known, a number contract's bar is the chance at which a plus is worth the risk
    #: of a minus in the seat's standing, in place of ``threshold``. Stronger in nk than no sheet,
    #: on the same deals.
    by_sheet: bool = True
    #: Take the sheet's bar only where it is above ``threshold`` (weaker than the sheet's bar everywhere).
    sheet_raises_only: bool = False
    #: With plus/minus marks (nk, pagat, hazerswoude), of the bids that clear their bars bid the
    #: one most likely to be made (a plus is a plus whatever the contract), not the one that
    #: clears its bar by the most: more misère and bonaak. Ahead of the other rule in nk and pagat,
    #: not proven; kept because it is what the scoring says.
    likeliest: bool = True
    #: Judge a bid by the chance of really making it (:mod:`troef.games.bonaken.bidmodel`), not the sampled rate.
    calibrated: bool = True
    #: How the bids are chosen from the sampled rates: ``curve`` (each bid's chance on the fitted curve against
    #: its bar, above) or ``model`` (each bid and the pass valued on the score sheet by the model learned from
    #: fair self-play, :mod:`troef.train.bonaken`; the curve's way where the sheet has no figures).
    bids: str = "curve"
    #: With ``bids="model"``: a model file to use instead of the package's ``bids_model.json``.
    bids_file: str = ""
    #: With ``bids="model"``: misère, zwabber and bonaak stay behind their bar on the rate
    #: (``every_trick_threshold``, or the sheet's when higher) and the model chooses among passing,
    #: the number bids and those of them that clear it. It kept the model's misères to the curve's
    #: number and made it pass too often on the whole (docs/findings.md, "The bids learned from
    #: self-play"); off by default, so ``bids=model`` is the setting measured in docs/bots.md.
    model_floor: bool = False

    def budget_for(self, phase: str) -> Budget:
        """A fresh budget for one decision of ``phase`` (play, bidding, exchange or trump)."""
        if phase == "play":
            nodes, seconds = self.nodes, self.budget
        elif phase == "bidding":
            nodes, seconds = self.bid_nodes, self.bid_budget
        else:
            nodes, seconds = self.plan_nodes, self.plan_budget
        per_solve = self.node_limit if self.node_limit is not None else max(1, int(nodes * self.solve_share))
        return Budget(nodes, per_solve, seconds)


#: A stronger setting for measurements and hints (about ten times the default's work).
STRONG: Final = Strength(
    budget=15.0,
    bid_budget=30.0,
    plan_budget=50.0,
    nodes=300_000,
    bid_nodes=400_000,
    plan_nodes=400_000,
    samples=64,
    min_worlds=4,
    plans=3,
)


#: Nodes a solve may always search, however little of the budget is left (endgames need few).
_LEAST_NODES: Final = 500


class Budget:
    """The work one decision may still do.

    ``nodes``: solver nodes over all worlds (None: no limit); one solve may
    search ``per_solve`` of them, and no more than are left. ``seconds``: the safety net of the clock, from now;
    ``solve_seconds``: most seconds one solve may take (the hints, which do
    think against the clock, use it; the bot does not).

    >>> b = Budget(100, 60, math.inf)
    >>> b.spend(70); b.exhausted, b.spent
    (False, 70)
    >>> b.spend(40); b.exhausted
    True
    """

    def __init__(
        self, nodes: int | None, per_solve: int | None, seconds: float, solve_seconds: float | None = None
    ) -> None:
        self.left = nodes
        self.per_solve = per_solve
        self.deadline = time.perf_counter() + seconds
        self.solve_seconds = solve_seconds
        self.spent = 0
        #: The clock ran out (the safety net triggered).
        self.timed_out = False

    @classmethod
    def until(cls, deadline: float, node_limit: int | None = None, solve_seconds: float | None = None) -> Budget:
        """A clock-only budget up to ``deadline`` (a ``time.perf_counter`` value), for the hints."""
        return cls(None, node_limit, deadline - time.perf_counter(), solve_seconds)

    def spend(self, nodes: int) -> None:
        self.spent += nodes
        if self.left is not None:
            self.left -= nodes

    @property
    def exhausted(self) -> bool:
        """No nodes left, or the clock ran out."""
        if self.left is not None and self.left <= 0:
            return True
        return self.out_of_time()

    def out_of_time(self) -> bool:
        if self.deadline != math.inf and time.perf_counter() > self.deadline:
            self.timed_out = True
        return self.timed_out

    def solve_limits(self) -> tuple[int | None, float | None]:
        """(node limit, time limit) for the next solve: no more nodes than are left (but at least a few)."""
        limit = self.per_solve
        if self.left is not None:
            nodes = max(self.left, _LEAST_NODES)
            limit = nodes if limit is None else min(limit, nodes)
        if self.deadline == math.inf and self.solve_seconds is None:
            return limit, None
        left = max(self.deadline - time.perf_counter(), 0.002)
        if self.solve_seconds is not None:
            left = min(left, self.solve_seconds)
        return limit, (left if left != math.inf else None)


# ---------------------------------------------------------------------------- plans
@dataclass(frozen=True, slots=True)
class Plan:
    """What a declarer does between the bidding and the first lead: cards to lay away, trump."""

    discards: tuple[int, ...]
    trump: int


def _keep_best(pool: int, keep: int, trump: int) -> int:
    ranked = sorted(cards_of(pool), key=lambda c: keep_score(c, pool, trump), reverse=True)
    out = 0
    for c in ranked[:keep]:
        out |= 1 << c
    return out


def _misere_keep(pool: int, trump: int, keep: int, unseen: int, players: int) -> int:
    """The ``keep`` cards of ``pool`` that leave the safest misère hand (greedy, as the heuristic)."""
    hand = pool
    while hand.bit_count() > keep:
        best: tuple[float, int] | None = None
        for card in cards_of(hand):
            value = misere_danger(hand & ~(1 << card), trump, unseen, players) - 0.001 * strength(card, trump)
            if best is None or value < best[0]:
                best = (value, card)
        assert best is not None
        hand &= ~(1 << best[1])
    return hand


def plans_for(
    kind: BidKind,
    pool: int,
    keep: int,
    rules: Rules,
    players: int,
    gone: int,
    bid: int | None,
    limit: int,
    names_trump: bool,
) -> list[Plan]:
    """Up to ``limit`` sensible plans for a contract of ``kind`` with the cards of ``pool``, best first."""
    out: list[Plan] = []
    seen: set[Plan] = set()

    def add(kept: int, trump: int) -> None:
        plan = Plan(tuple(cards_of(pool & ~kept)), trump)
        if plan not in seen:
            seen.add(plan)
            out.append(plan)

    unseen = ALL32 & ~pool & ~gone
    if kind == BidKind.MISERE:
        trumps = list(range(4)) if names_trump else [-1]
        ranked = sorted(trumps, key=lambda t: misere_danger(pool, t, unseen, players, keep))
        for t in ranked[:limit]:
            add(_misere_keep(pool, t, keep, unseen, players), t)
        if len(out) < limit and not names_trump and pool.bit_count() > keep:
            # a second idea: pass on the highest cards
            low = sorted(cards_of(pool), key=lambda c: c & 7)[:keep]
            add(sum(1 << c for c in low), -1)
        return out[:limit]
    if kind == BidKind.ZWABBER or not names_trump:
        add(_keep_best(pool, keep, -1), -1)
        return out
    ranked = sorted(range(4), key=lambda t: -estimate(pool, t, keep, players, rules, gone, bid))
    for t in ranked[:limit]:
        add(_keep_best(pool, keep, t), t)
    return out


# ---------------------------------------------------------------------------- playing worlds out
def solve_makes(hand: DealState, declarer: int, budget: Budget) -> bool | None:
    """Whether ``declarer`` makes his contract with best play (the declarer to move), None if unknown.

    The solve's nodes are spent from ``budget``.
    """
    if hand.phase == Phase.DONE:
        assert hand.result is not None
        return bool(hand.result.won.get(declarer, False))
    if hand.phase != Phase.PLAY:
        return None
    try:
        node_limit, time_limit = budget.solve_limits()
        solution = solve(hand, declarer=declarer, time_limit=time_limit, node_limit=node_limit, all_moves=False)
    except SolverError:
        return None
    budget.spend(solution.nodes)
    if solution.exact:
        return solution.makes
    if solution.to_move == declarer and solution.makes:
        return True  # a winning card was proven before the time ran out
    return None


def apply_plan(hand: DealState, me: int, plan: Plan) -> bool:
    """Play ``plan`` (lay away, name trump, declare the most roem allowed) into ``hand``; False if it does not fit.

    In a chain of misère players (nk rule 35) the others pass on what leaves
    them the safest hand (the heuristic's way) when their turn comes.
    """
    try:
        queue = list(plan.discards)
        for _ in range(64):
            if hand.phase != Phase.EXCHANGE:
                break
            if hand.to_act == me:
                if not queue:
                    return False
                hand.apply(Discard(queue.pop(0)))
            else:
                hand.apply(Discard(_chain_discard(hand)))
        if hand.phase == Phase.EXCHANGE:
            return False
        if hand.phase == Phase.TRUMP:
            if hand.to_act != me:
                return False
            hand.apply(NameTrump(plan.trump if plan.trump >= 0 else 0))
        if hand.phase == Phase.ROEM:
            if hand.to_act != me:
                return False
            hand.apply(DeclareRoem(max(hand.declarable_roem())))
    except IllegalActionError:
        return False
    return True


def _chain_discard(hand: DealState) -> int:
    """The card another misère player passes on: the one whose loss leaves him safest."""
    seat = hand.to_act
    own = hand.hands[seat]
    keep = own.bit_count() - hand.exchange_need
    unseen = ALL32 & ~own
    kept = _misere_keep(own, -1, keep, unseen, hand.players)
    return cards_of(own & ~kept)[0]


def end_bidding(hand: DealState, me: int, bid: Bid) -> bool:
    """Bid ``bid`` for ``me`` and let everybody else pass; False if that cannot be."""
    try:
        hand.apply(bid)
        for _ in range(16):
            if hand.phase != Phase.BIDDING:
                return True
            if hand.to_act == me:
                return False
            hand.apply(PASS)
    except IllegalActionError:
        return False
    return hand.phase != Phase.BIDDING


def _names_trump(hand: DealState, kind: BidKind) -> bool:
    rules = hand.rules
    if kind == BidKind.ZWABBER:
        return False
    if kind == BidKind.MISERE:
        return len(hand.declarers) <= 1 and rules.misere_trump == "single"
    return True


def plans_in(hand: DealState, me: int, limit: int) -> list[Plan]:
    """Plans for ``me``, declarer of ``hand`` (in its exchange or trump phase)."""
    contract = hand.contract
    assert contract is not None
    keep = hand.n_tricks
    gone = hand.discards[me]
    pool = hand.hands[me]
    bid = contract.value if contract.kind == BidKind.NUMBER else None
    names = _names_trump(hand, contract.kind)
    if hand.phase != Phase.EXCHANGE:
        keep = pool.bit_count()
    return plans_for(contract.kind, pool, keep, hand.rules, hand.players, gone, bid, limit, names)


def contract_value(world: DealState, me: int, plans: list[Plan], budget: Budget) -> bool | None:
    """Whether ``me`` (declarer of ``world``, before his exchange) makes it with the best of ``plans``."""
    unknown = False
    for plan in plans:
        trial = world.copy()
        if not apply_plan(trial, me, plan):
            continue
        made = solve_makes(trial, me, budget)
        if made:
            return True
        if made is None:
            unknown = True
    return None if unknown else False


# ---------------------------------------------------------------------------- the evaluator
WorldSource = Callable[[float], Iterator[DealState]]


@dataclass(slots=True)
class Tally:
    """Make-rates over worlds: per option, the sum of successes and the number of worlds."""

    wins: dict[object, float] = field(default_factory=dict)
    count: dict[object, int] = field(default_factory=dict)
    worlds: int = 0

    def add(self, option: object, value: float) -> None:
        self.wins[option] = self.wins.get(option, 0.0) + value
        self.count[option] = self.count.get(option, 0) + 1

    def rate(self, option: object) -> float | None:
        n = self.count.get(option, 0)
        return self.wins[option] / n if n else None


def _misere_targets(world: DealState, me: int) -> list[int]:
    contract = world.contract
    assert contract is not None
    if contract.kind != BidKind.MISERE:
        return [world.declarers[0]]
    if me in world.declarers:
        return [me]
    return [d for d in world.declarers if d not in world.outcomes] or [world.declarers[0]]


def _card_scores(
    world: DealState, me: int, cards: list[int], budget: Budget, partial: bool = False, share: float = 0.0
) -> dict[int, float] | None:
    """Per card, 1 if it keeps ``me``'s side on course in ``world`` with best play after it, else 0.

    With a ``share`` above 0 that part of the score is instead whether the
    side gets there when everyone plays on as a club player (:func:`rollout`).
    Against several misère players each is a question of his own (nk rule 38);
    a defender scores the share of them he beats. None when the solver ran out
    of time before every card was valued.
    """
    targets = _misere_targets(world, me)
    scores = dict.fromkeys(cards, 0.0)
    for declarer in targets:
        try:
            node_limit, time_limit = budget.solve_limits()
            solution = solve(world, declarer=declarer, time_limit=time_limit, node_limit=node_limit, all_moves=True)
        except SolverError:
            return None
        budget.spend(solution.nodes)
        values = solution.move_values
        if not solution.exact and any(c not in values for c in cards):
            if not partial:
                return None
            scores = {c: v for c, v in scores.items() if c in values}
        mine = declarer == me
        for c in scores:
            if values.get(c, False) == mine:
                scores[c] += (1.0 - share) / len(targets)
            if share > 0.0 and rollout(world, c, declarer) == mine:
                scores[c] += share / len(targets)
    return scores


#: z of the one-sided confidence at which sampling stops early (about 90%).
_STOP_Z: Final = 1.28


def _clear_winner(tally: Tally, options: list[object], min_worlds: int) -> bool:
    """Whether more worlds cannot change which option is best (or the options are all alike)."""
    if tally.worlds < max(min_worlds, 4):
        return False
    rates = [(tally.rate(o) or 0.0, o) for o in options if tally.count.get(o)]
    if len(rates) < 2:
        return True
    values = [r for r, _ in rates]
    if max(values) - min(values) < 1e-9 and tally.worlds >= 6:
        return True  # nothing to choose between so far: every option did the same in every world
    best = max(rates, key=lambda r: r[0])[1]
    low, _ = wilson_interval(tally.wins[best], tally.count[best], _STOP_Z)
    return all(wilson_interval(tally.wins[o], tally.count[o], _STOP_Z)[1] < low for _, o in rates if o != best)


class Evaluator:
    """Evaluates the options of one decision over worlds (shared by pimc, the cheat and the hints).

    Each method plays the options out in world after world until the
    :class:`Budget` is spent, the strength's number of worlds is reached, or
    more worlds would not change the answer. A world whose solve reaches the
    budget's node limit per solve is skipped (it says nothing either way).
    """

    def __init__(self, me: int, strength: Strength, source: WorldSource, early_stop: bool = True) -> None:
        self.me = me
        self.strength = strength
        self.source = source
        self.early_stop = early_stop
        #: Worlds skipped because a solve reached its limit.
        self.skipped = 0

    # -- card play
    def card_tally(self, cards: list[int], budget: Budget, partial: bool = False) -> Tally:
        """Per card, the chance of success for ``me``'s side (declarer: make; defender: defeat).

        With ``partial``, a world whose solve reached its limit still counts for
        the cards it valued (the hints want a figure for every card).
        """
        tally = Tally()
        me = self.me
        options: list[object] = list(cards)
        for world in self.source(budget.deadline):
            if tally.worlds >= self.strength.samples:
                break
            scores = _card_scores(world, me, cards, budget, partial, self.strength.rollout_share)
            if scores:
                tally.worlds += 1
                for c, score in scores.items():
                    tally.add(c, score)
            else:
                self.skipped += 1
            if budget.exhausted:
                break
            if self.early_stop and _clear_winner(tally, options, self.strength.min_worlds):
                break
        return tally

    # -- bidding and planning
    def bid_tally(self, bids: list[Bid], budget: Budget, threshold: Callable[[Bid], float] | None = None) -> Tally:
        """Per bid, the chance that ``me`` makes it if the bidding ended with it.

        Sampling stops early once every bid is clearly above or below its
        ``threshold`` (default: the strength's).
        """
        tally = Tally()
        me = self.me
        limit = self.strength.plans
        if threshold is None:
            level = self.strength.threshold

            def threshold(_: Bid) -> float:
                return level

        for world in self.source(budget.deadline):
            if tally.worlds >= self.strength.samples:
                break
            results: dict[Bid, bool] = {}
            for bid in bids:
                if results and budget.exhausted:
                    break  # the work is done: the bids left get no vote from this world
                trial = world.copy()
                if not end_bidding(trial, me, bid):
                    continue
                if trial.phase in (Phase.EXCHANGE, Phase.TRUMP) and trial.to_act == me:
                    # misère stands or falls with one card: choosing its trump and passes per
                    # world, knowing the others' cards, would flatter it; one plan for all worlds
                    plans = plans_in(trial, me, 1 if bid.kind == BidKind.MISERE else limit)
                else:
                    plans = [Plan((), -1)]
                made = contract_value(trial, me, plans, budget)
                if made is None:
                    self.skipped += 1
                    if not self.strength.unproven_fails:
                        continue
                    made = False
                results[bid] = made
            if results:
                tally.worlds += 1
                for bid, made in results.items():
                    tally.add(bid, 1.0 if made else 0.0)
            if budget.exhausted:
                break
            if self.early_stop and self._bids_settled(tally, bids, threshold):
                break
        return tally

    def _bids_settled(self, tally: Tally, bids: list[Bid], threshold: Callable[[Bid], float]) -> bool:
        """Every bid is clearly above or below its threshold (enough to decide pass or bid)."""
        if tally.worlds < max(self.strength.min_worlds, 4):
            return False
        for bid in bids:
            n = tally.count.get(bid, 0)
            if n < self.strength.min_worlds:
                return False
            low, high = wilson_interval(tally.wins[bid], n, _STOP_Z)
            if low < threshold(bid) <= high:
                return False
        return True

    def plan_tally(self, plans: list[Plan], budget: Budget) -> Tally:
        """Per plan, the chance that ``me`` (declarer in the exchange or trump phase) makes it."""
        tally = Tally()
        me = self.me
        options: list[object] = list(plans)
        for world in self.source(budget.deadline):
            if tally.worlds >= self.strength.samples:
                break
            results: dict[Plan, bool] = {}
            for plan in plans:
                trial = world.copy()
                if not apply_plan(trial, me, plan):
                    results[plan] = False
                    continue
                made = solve_makes(trial, me, budget)
                if made is None:
                    if not self.strength.unproven_fails:
                        break
                    made = False
                results[plan] = made
            if len(results) < len(plans):
                self.skipped += 1
            else:
                tally.worlds += 1
                for plan, made in results.items():
                    tally.add(plan, 1.0 if made else 0.0)
            if budget.exhausted:
                break
            if self.early_stop and _clear_winner(tally, options, self.strength.min_worlds):
                break
        return tally
