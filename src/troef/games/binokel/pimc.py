"""The Binokel search player (``pimc``): the shared sampling loop on Binokel's sampler and evaluators.

Perfect-information Monte Carlo (:mod:`troef.core.pimc`, written once): the
hidden cards are dealt again and again as the seat's view allows
(:class:`WorldSampler`, :mod:`troef.games.binokel.sampler`: its hand, every
meld on the table, the passed cards it saw, the voids and the must-win caps
shown by the play), and every action it may take is valued in each world
(:mod:`troef.games.binokel.rollout`: both sides play on with the rule-based
card play, the last ``solve_last`` tricks solved exactly). The action with
the best mean wins.

* Cards and conceding (:class:`PlayEvaluator`): the round's score for its
  side less the other side's ("Punktewertung"; "Sich freiwillig überreizen"
  for ``concede``).
* Bidding (:class:`BidEvaluator`): in each world it plays the round as bid
  winner with the trump the rule-based player would name; a bid's value is
  1 when its side reaches it, so the mean is the chance of making it. Once a
  round it values every bid up to ``bid_span`` above the first it may make;
  it bids while that chance is at least ``bid_confidence``, and never passes
  below its own meld. With ``bids="model"`` the same chances go to a model
  learned from fair self-play (:mod:`troef.train.binokel`), which values
  each legal bid by what it gains over passing on the round's score, and the
  bot takes the best (passing on a tie).
* Trump (:class:`TrumpEvaluator`): the suit with the best mean score.
* The exchange (:class:`ExchangeEvaluator`): the rule-based player's best few
  four-card sets, tried in every world; the best set is passed, a card per action.

The work is counted (cards played in rollouts, solver positions), not timed:
a seed gives the same decision on a busy machine and an idle one.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Final, Protocol

from troef.cards import card_str
from troef.core.pimc import Budget, Decision, decide
from troef.core.pimc import PimcBot as LoopBot
from troef.games.binokel.actions import GIVES, PASS, BinokelAction, bid, parse_action
from troef.games.binokel.heuristic import choose_trump, gift_sets, next_from_plan, partner_holds_bid, return_sets
from troef.games.binokel.meld import meld_value
from troef.games.binokel.play import LAST_TRICK, POINTS
from troef.games.binokel.reading import Reading, counts_of, mask_of_counts, read
from troef.games.binokel.rollout import PlayState, World, play_out, round_out, side_value
from troef.games.binokel.sampler import sample_world
from troef.games.binokel.view import BinokelView
from troef.train.model import Mlp

#: The default budgets: work counted in cards played in rollouts and solver positions (about 40 000 a
#: second here), with a time cap as a safety net only, for a machine busier than usual.
PLAY_BUDGET: Final = Budget(worlds=30, nodes=3000, time_cap=0.3)
PLAN_BUDGET: Final = Budget(worlds=24, nodes=12000, time_cap=0.5)


#: The ways :class:`Strength` may choose a bid (``bids``).
BID_WAYS: Final = ("chance", "model")


@dataclass(frozen=True, slots=True)
class Strength:
    """How hard the search player thinks: the loop's budgets and Binokel's own settings."""

    #: A card (or concede) decision.
    play: Budget = PLAY_BUDGET
    #: The bidding (once a round), the trump, the exchange.
    plan: Budget = PLAN_BUDGET
    #: Tricks solved exactly at the end of every playout.
    solve_last: int = 3
    #: A bid is made when the side reaches it in this share of the worlds.
    bid_confidence: float = 0.55
    #: Raising its own partner's bid: only with this chance of making it.
    over_partner: float = 0.85
    #: The bids valued once a round: up to this much above the first bid it may make.
    bid_span: int = 200
    #: The exchange: how many of the rule-based player's best sets are tried.
    sets: int = 4
    #: A factor on the worlds and work of both budgets (the time caps stay): 2 thinks twice as long.
    work: float = 1.0
    #: How a bid is chosen from the chances: ``chance`` (the thresholds above) or ``model`` (passing and
    #: each legal bid it valued, by what a model learned from fair self-play predicts the bid gains over
    #: passing on the round's score, :mod:`troef.train.binokel`; the thresholds where it values no bid).
    bids: str = "chance"
    #: With ``bids="model"``: a model file to use instead of the package's ``bids_model.json``.
    bids_file: str = ""

    def __post_init__(self) -> None:
        if self.bids not in BID_WAYS:
            raise ValueError(f"unknown way to bid {self.bids!r}: choose {' or '.join(BID_WAYS)}")

    def budgets(self) -> tuple[Budget, Budget]:
        """The card budget and the plan budget with :attr:`work` applied."""
        return _scaled(self.play, self.work), _scaled(self.plan, self.work)


def _scaled(budget: Budget, factor: float) -> Budget:
    if factor == 1.0:
        return budget
    nodes = None if budget.nodes is None else max(1, round(budget.nodes * factor))
    return replace(budget, worlds=max(1, round(budget.worlds * factor)), nodes=nodes)


#: The default strength of ``pimc``.
DEFAULT: Final = Strength()


class Sampler(Protocol):
    """A source of worlds for a view (the loop's sampler, for Binokel's worlds)."""

    def sample(self, view: BinokelView, rng: random.Random) -> World | None:
        """One world consistent with ``view``; None when the draw failed."""
        ...


class WorldSampler:
    """Worlds consistent with a view (:func:`troef.games.binokel.sampler.sample_world`); reads each view once."""

    def __init__(self) -> None:
        self._view: BinokelView | None = None
        self._reading: Reading | None = None

    def sample(self, view: BinokelView, rng: random.Random) -> World | None:
        if self._view is not view or self._reading is None:
            self._view, self._reading = view, read(view)
        return sample_world(self._reading, view, rng)


class PlayEvaluator:
    """The value of each card (and ``concede``) in one world: the side's score less the other side's."""

    def __init__(self, solve_last: int) -> None:
        self.solve_last = solve_last
        #: The share of the trick points still to win that the side took, summed per action (for hints).
        self.share: dict[str, float] = {}

    def evaluate(
        self, view: BinokelView, world: World, actions: Sequence[str], nodes: int
    ) -> tuple[Mapping[str, float], int]:
        side, declarer_side = view.viewer & 1, view.declarer & 1
        meld = (view.meld_total[0], view.meld_total[1])
        leader = view.trick[0][0] if view.trick else view.to_act
        trick = [c & 31 for _, c in view.trick]
        tricks_left = len(view.hand or ())  # the seat to act has a card for this trick and each one after
        base = PlayState(world, view.trump, view.declarer, leader, trick, tricks_left, list(view.trick_points))
        left = sum(POINTS[k] * n for h in world for k, n in enumerate(h)) + sum(POINTS[k] for k in trick) + LAST_TRICK
        # out of work: play on by the rules alone, nothing solved
        solve_last = self.solve_last if nodes > 200 * len(actions) else 0
        values: dict[str, float] = {}
        spent = 0
        for action in actions:
            if action == "concede":
                delta = -view.bid - meld[1 - declarer_side]
                values[action] = float(delta if side == declarer_side else -delta)
                continue
            state = base.copy()
            state.play(parse_action(action).card)  # type: ignore[union-attr]
            points = play_out(state, solve_last)
            spent += state.work + 1
            values[action] = float(side_value(side, view.bid, declarer_side, meld, points))
            taken = (points[side] - view.trick_points[side]) / left if left else 0.5
            self.share[action] = self.share.get(action, 0.0) + taken
        return values, spent


class TrumpEvaluator:
    """The value of naming each suit in one world: the round played out, the side's score less the other's."""

    def __init__(self, solve_last: int) -> None:
        self.solve_last = solve_last

    def evaluate(
        self, view: BinokelView, world: World, actions: Sequence[str], nodes: int
    ) -> tuple[Mapping[str, float], int]:
        seat, values, spent = view.viewer, {}, 0
        for action in actions:
            suit = parse_action(action).suit  # type: ignore[union-attr]
            meld, tricks, work = round_out(world, seat, suit, self.solve_last)
            values[action] = float(side_value(seat & 1, view.bid, seat & 1, meld, tricks))
            spent += work
        return values, spent


class BidEvaluator:
    """Each bid ``bid N`` in one world: 1.0 when the side, playing it with this seat's trump, reaches N."""

    def __init__(self, solve_last: int, trump: int) -> None:
        self.solve_last = solve_last
        self.trump = trump

    def evaluate(
        self, view: BinokelView, world: World, actions: Sequence[str], nodes: int
    ) -> tuple[Mapping[str, float], int]:
        seat = view.viewer
        side = seat & 1
        meld, tricks, work = round_out(world, seat, self.trump, self.solve_last)
        points = meld[side] + tricks[side] if tricks[side] else 0  # "Punktewertung": no trick, no meld
        return {a: float(points >= int(a.split()[1])) for a in actions}, work


class ExchangeEvaluator:
    """Each candidate set of cards to pass (by label) in one world: the side's score less the other's."""

    def __init__(self, solve_last: int, sets: Mapping[str, list[int]]) -> None:
        self.solve_last = solve_last
        self.sets = sets

    def evaluate(
        self, view: BinokelView, world: World, actions: Sequence[str], nodes: int
    ) -> tuple[Mapping[str, float], int]:
        values, spent = {}, 0
        for label in actions:
            chosen = self.sets[label]
            if view.phase == "give":
                meld, tricks, work = round_out(world, view.declarer, view.trump, self.solve_last, gift=chosen)
            else:
                meld, tricks, work = round_out(world, view.declarer, view.trump, self.solve_last, gift=[], back=chosen)
            values[label] = float(side_value(view.viewer & 1, view.bid, view.declarer & 1, meld, tricks))
            spent += work
        return values, spent


def own_meld(view: BinokelView) -> int:
    """The best meld of the seat's hand over the four trumps."""
    mask = mask_of_counts(counts_of(view.hand or ()))
    return max(meld_value(mask, s) for s in range(4))


def bid_chances(view: BinokelView, strength: Strength, rng: random.Random, sampler: Sampler | None = None) -> Decision:
    """The chance of making each bid from the lowest this seat may make up to ``bid_span`` above it."""
    values = sorted(int(t.split()[1]) for t in view.legal if t.startswith("bid "))
    first = values[0] if values else max(view.bid, 0)
    step = 10
    actions = [f"bid {v}" for v in range(first, first + strength.bid_span + 1, step)]
    trump = choose_trump(counts_of(view.hand or ()))
    worlds = sampler or WorldSampler()
    return decide(view, actions, worlds, BidEvaluator(strength.solve_last, trump), strength.budgets()[1], rng)


def exchange_choice(
    view: BinokelView, strength: Strength, rng: random.Random, sampler: Sampler | None = None
) -> tuple[dict[str, list[int]], Decision]:
    """The candidate sets to pass (by label) and their values."""
    counts = counts_of(view.hand or ())
    size = 4 - len(view.gave)
    if view.phase == "give":
        sets = gift_sets(counts, view.trump, size, strength.sets)
    else:
        sets = return_sets(counts, view.trump, size, strength.sets)
    labels = {" ".join(card_str(k) for k in s): s for s in sets}
    evaluator = ExchangeEvaluator(strength.solve_last, labels)
    return labels, decide(view, list(labels), sampler or WorldSampler(), evaluator, strength.budgets()[1], rng)


def choose_bid(view: BinokelView, chances: Decision, strength: Strength) -> BinokelAction:
    """The bid (or pass) for ``view`` from the chances of :func:`bid_chances`."""
    own = own_meld(view)
    over_partner = partner_holds_bid(view)
    for value in sorted(int(t.split()[1]) for t in view.legal if t.startswith("bid ")):
        chance = chances.values.get(f"bid {value}", 0.0)
        if over_partner:
            # the side plays already: raise the partner only when sure of making it
            if chance >= strength.over_partner:
                return bid(value)
        elif value <= own or chance >= strength.bid_confidence:
            # never below its own meld: passing with it throws points away
            return bid(value)
    return PASS


class PimcBot(LoopBot[World]):
    """The search player (``pimc``), see the module docstring. It sees only its seat's view."""

    kind = "pimc"

    def __init__(self, seed: int | None = None, name: str | None = None, *, strength: Strength | None = None) -> None:
        self.strength = strength or DEFAULT
        self._play, self._plan = self.strength.budgets()
        super().__init__(seed, name, parse=parse_action, budget=self._play)
        #: The chance of each bid, worked out once a round: (round, dealer, hand) -> decision.
        self._bids: dict[tuple[int, int, tuple[int, ...]], Decision] = {}
        #: The four cards to pass, chosen once: (round, phase, trump, the hand before passing) -> kinds.
        self._plans: dict[tuple[int, str, int, tuple[int, ...]], list[int]] = {}
        #: With ``strength.bids == "model"``: the model to bid by (None: the file ``strength.bids_file`` or
        #: the package's; self-play sets its generation's).
        self.bids_model: Mlp | None = None

    def forked(self, seed: int) -> PimcBot:
        """A player of the same strength and model that has worked out the same bids and exchange so far,
        drawing its worlds from ``seed`` (a replay from a decision on goes on with the same players)."""
        twin = type(self)(seed, self.name, strength=self.strength)
        twin._bids = dict(self._bids)
        twin._plans = dict(self._plans)
        twin.bids_model = self.bids_model
        return twin

    def sampler(self, view: BinokelView) -> Sampler:
        """Where this player's worlds come from (the cheat: the true one)."""
        return WorldSampler()

    def parts(self, view: BinokelView) -> tuple[Sampler, PlayEvaluator | TrumpEvaluator] | None:
        if view.phase == "play":
            return self.sampler(view), PlayEvaluator(self.strength.solve_last)
        if view.phase == "trump":
            return self.sampler(view), TrumpEvaluator(self.strength.solve_last)
        return None

    def act(self, view: BinokelView) -> BinokelAction:
        if len(view.legal) > 1 and view.phase == "bidding":
            return self._bid(view)
        if len(view.legal) > 1 and view.phase in ("give", "return"):
            return self._exchange(view)
        self.budget = self._plan if view.phase == "trump" else self._play
        action: BinokelAction = super().act(view)
        return action

    def _bid(self, view: BinokelView) -> BinokelAction:
        # keyed by the hand too: a bot seated again in another game never reuses a plan
        key = (view.round, view.dealer, tuple(view.hand or ()))
        chances = self._bids.get(key)
        if chances is None:
            self._bids.clear()
            chances = self._bids[key] = bid_chances(view, self.strength, self.rng, self.sampler(view))
        self.last = chances
        if self.strength.bids == "model":
            from troef.train.binokel import model_bid

            chosen = model_bid(self, view, chances)
            if chosen is not None:
                return chosen
        return choose_bid(view, chances, self.strength)

    def _exchange(self, view: BinokelView) -> BinokelAction:
        counts = counts_of(view.hand or ())
        before = counts_of([*(view.hand or ()), *view.gave])
        key = (view.round, view.phase, view.trump, tuple(before))
        plan = self._plans.get(key)
        kind = next_from_plan(plan, view.gave, counts) if plan is not None else None
        if kind is None:
            labels, decision = exchange_choice(view, self.strength, self.rng, self.sampler(view))
            self.last = decision
            self._plans.clear()
            plan = self._plans[key] = [*(c & 31 for c in view.gave), *labels[decision.best]]
            kind = next_from_plan(plan, view.gave, counts)
        if kind is None:  # cannot happen: a plan is made of held cards
            return parse_action(view.legal[0])
        return GIVES[kind]


__all__ = [
    "BID_WAYS",
    "DEFAULT",
    "BidEvaluator",
    "ExchangeEvaluator",
    "PimcBot",
    "PlayEvaluator",
    "Sampler",
    "Strength",
    "TrumpEvaluator",
    "WorldSampler",
    "bid_chances",
    "choose_bid",
    "exchange_choice",
    "own_meld",
]
