"""The Binokel search player (``pimc``): it samples worlds consistent with its view and plays each out.

Perfect-information Monte Carlo: the hidden cards are dealt again and again
as the seat's view allows (:mod:`troef.games.binokel.sampler`: its hand,
every meld on the table, the cards passed that it saw, the voids and the
must-win caps shown by the play), and every action it may take is tried in
each world (:mod:`troef.games.binokel.rollout`: both sides play on with the
rule-based card play, the last ``solve_last`` tricks exactly). The action
with the best mean score wins.

* Cards and conceding: each legal card (and ``concede`` when offered) is
  valued by the round's score for its side less the other side's
  ("Punktewertung", "Sich freiwillig überreizen"), averaged over the worlds.
* Bidding: in each world it plays the round as bid winner with each of its
  two most promising trumps; a bid is made when its side reaches it in at
  least ``bid_confidence`` of the worlds with the trump that does best on
  average, and never passes below its own meld.
* Trump: the suit with the best mean score over the worlds.
* The exchange: the rule-based player's best few four-card sets are tried
  in every world and the best set is passed, one card per action.

Its worlds come from :class:`Search`, which a hint (:mod:`troef.games.binokel.hints`)
and the cheat (:mod:`troef.games.binokel.cheat`, the one true world) use too.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Final

from troef.core.bot import Bot
from troef.games.binokel.actions import CONCEDE, GIVES, PASS, PLAYS, TRUMPS, BinokelAction, bid, parse_action
from troef.games.binokel.heuristic import choose_trump, gift_sets, hand_values, next_from_plan, return_sets
from troef.games.binokel.meld import meld_value
from troef.games.binokel.play import LAST_TRICK, POINTS
from troef.games.binokel.reading import counts_of, mask_of_counts, read
from troef.games.binokel.rollout import PlayState, World, play_out, round_out, side_value
from troef.games.binokel.sampler import sample_world
from troef.games.binokel.view import BinokelView


@dataclass(frozen=True, slots=True)
class Strength:
    """How hard the search player thinks.

    ``budget`` is the time one decision may take (seconds), within
    ``min_worlds`` to ``max_worlds`` worlds; the bidding, trump and exchange
    decisions, made once a round, take ``plan_budget``.
    """

    budget: float = 0.06
    plan_budget: float = 0.3
    min_worlds: int = 4
    max_worlds: int = 40
    #: Tricks solved exactly at the end of every playout.
    solve_last: int = 3
    #: A bid is made when the side reaches it in this share of the worlds.
    bid_confidence: float = 0.55
    #: The exchange: how many of the rule-based player's best sets are tried.
    sets: int = 4


#: A world source: given a deadline, worlds until it is reached (the cheat's: the one true world).
WorldSource = Callable[[BinokelView, random.Random], Iterator[World]]


def sampled_worlds(view: BinokelView, rng: random.Random) -> Iterator[World]:
    """Worlds consistent with ``view``, without end."""
    reading = read(view)
    while True:
        yield sample_world(reading, view, rng)


@dataclass(slots=True)
class Values:
    """Per action (by text) the sum of its values over the worlds seen, and of its trick-point share."""

    actions: list[str]
    total: list[float] = field(default_factory=list)
    share: list[float] = field(default_factory=list)
    worlds: int = 0

    def __post_init__(self) -> None:
        self.total = [0.0] * len(self.actions)
        self.share = [0.0] * len(self.actions)

    def mean(self, i: int) -> float:
        """The mean value of action ``i``."""
        return self.total[i] / self.worlds if self.worlds else 0.0

    def best(self) -> int:
        """The index of the action with the best mean (the first of equals)."""
        return max(range(len(self.actions)), key=lambda i: self.total[i])


def _worlds(source: Iterator[World], strength: Strength, budget: float) -> Iterator[World]:
    """Worlds from ``source`` until the budget is spent (at least ``min_worlds``, at most ``max_worlds``)."""
    deadline = time.perf_counter() + budget
    for n, world in enumerate(source):
        if n >= strength.max_worlds or (n >= strength.min_worlds and time.perf_counter() > deadline):
            return
        yield world


def play_values(view: BinokelView, source: Iterator[World], strength: Strength) -> Values:
    """The value of every legal action of the play phase (cards, and ``concede`` when offered)."""
    values = Values(list(view.legal))
    seat, side = view.viewer, view.viewer & 1
    declarer_side = view.declarer & 1
    meld = (view.meld_total[0], view.meld_total[1])
    leader = view.trick[0][0] if view.trick else view.to_act
    trick = [c & 31 for _, c in view.trick]
    tricks_left = 12 - len(view.tricks)
    kinds = [None if t == "concede" else parse_action(t).card for t in values.actions]  # type: ignore[union-attr]
    conceded = -view.bid - meld[1 - declarer_side]
    concede_value = float(conceded if side == declarer_side else -conceded)
    for world in _worlds(source, strength, strength.budget):
        base = PlayState(world, view.trump, view.declarer, leader, list(trick), tricks_left, list(view.trick_points))
        left = sum(POINTS[k] * n for h in world for k, n in enumerate(h)) + sum(POINTS[k] for k in trick) + LAST_TRICK
        for i, kind in enumerate(kinds):
            if kind is None:
                values.total[i] += concede_value
                continue
            state = base.copy()
            state.play(kind)
            points = play_out(state, strength.solve_last)
            values.total[i] += side_value(side, view.bid, declarer_side, meld, points)
            values.share[i] += (points[side] - view.trick_points[side]) / left if left else 0.5
        values.worlds += 1
    del seat
    return values


def bid_outcomes(view: BinokelView, source: Iterator[World], strength: Strength) -> tuple[int, list[int]]:
    """(the trump, the side's points in each world) if this seat wins the bidding and plays it."""
    seat = view.viewer
    counts = counts_of(view.hand or ())
    ranked = sorted(hand_values(counts), key=lambda e: -e[1])
    suits = [s for _, _, s in ranked[:2]]
    points: dict[int, list[int]] = {s: [] for s in suits}
    for world in _worlds(source, strength, strength.plan_budget):
        for suit in suits:
            meld, tricks = round_out(world, seat, suit, 0, strength.solve_last)
            side = seat & 1
            points[suit].append(meld[side] + tricks[side] if tricks[side] else 0)
    best = max(suits, key=lambda s: sum(points[s]))
    return best, points[best]


def chance_of(points: list[int], bid_value: int) -> float:
    """The share of the worlds in which the side reaches ``bid_value``."""
    return sum(1 for p in points if p >= bid_value) / len(points) if points else 0.0


def trump_values(view: BinokelView, source: Iterator[World], strength: Strength) -> Values:
    """The value of naming each suit trump (the score for this side less the other's)."""
    values = Values(list(view.legal))
    seat = view.viewer
    suits = [parse_action(t).suit for t in values.actions]  # type: ignore[union-attr]
    for world in _worlds(source, strength, strength.plan_budget):
        for i, suit in enumerate(suits):
            meld, tricks = round_out(world, seat, suit, view.bid, strength.solve_last)
            values.total[i] += side_value(seat & 1, view.bid, seat & 1, meld, tricks)
            values.share[i] += tricks[seat & 1] / 250
        values.worlds += 1
    return values


def exchange_sets(view: BinokelView, keep: int) -> list[list[int]]:
    """The candidate sets of the rest of this seat's four cards (the rule-based player's best ``keep``)."""
    counts = counts_of(view.hand or ())
    size = 4 - len(view.gave)
    if view.phase == "give":
        return gift_sets(counts, view.trump, size, keep)
    return return_sets(counts, view.trump, size, keep)


def exchange_values(view: BinokelView, sets: list[list[int]], source: Iterator[World], strength: Strength) -> Values:
    """The value of passing each candidate set (score for this side less the other's, over the worlds)."""
    values = Values([" ".join(str(k) for k in s) for s in sets])
    seat = view.viewer
    giving = view.phase == "give"
    for world in _worlds(source, strength, strength.plan_budget):
        for i, chosen in enumerate(sets):
            if giving:
                meld, tricks = round_out(world, view.declarer, view.trump, view.bid, strength.solve_last, gift=chosen)
            else:
                meld, tricks = round_out(
                    world, view.declarer, view.trump, view.bid, strength.solve_last, gift=[], back=chosen
                )
            values.total[i] += side_value(seat & 1, view.bid, view.declarer & 1, meld, tricks)
        values.worlds += 1
    return values


#: The default strength of ``pimc``.
DEFAULT: Final = Strength()


class PimcBot(Bot):
    """The search player (``pimc``): see the module docstring. It sees only its seat's view."""

    kind = "pimc"

    def __init__(self, seed: int | None = None, name: str | None = None, *, strength: Strength | None = None) -> None:
        super().__init__(seed, name)
        self.strength = strength or DEFAULT
        #: What was worked out once for a round: (round, phase) -> plan.
        self._bids: dict[int, tuple[int, list[int]]] = {}
        self._plans: dict[tuple[int, str], list[int]] = {}

    def worlds(self, view: BinokelView) -> Iterator[World]:
        """The worlds this player searches (the cheat's: the true one)."""
        return sampled_worlds(view, self.rng)

    def act(self, view: BinokelView) -> BinokelAction:
        legal = view.legal
        if not legal:
            raise ValueError(f"seat {view.viewer} has nothing to do in this view")
        if len(legal) == 1:
            return parse_action(legal[0])
        if view.phase == "bidding":
            return self._bid(view)
        if view.phase == "trump":
            values = trump_values(view, self.worlds(view), self.strength)
            return TRUMPS[parse_action(values.actions[values.best()]).suit]  # type: ignore[union-attr]
        if view.phase in ("give", "return"):
            return self._exchange(view)
        values = play_values(view, self.worlds(view), self.strength)
        chosen = values.actions[values.best()]
        return CONCEDE if chosen == "concede" else PLAYS[parse_action(chosen).card]  # type: ignore[union-attr]

    def _bid(self, view: BinokelView) -> BinokelAction:
        found = self._bids.get(view.round)
        if found is None:
            found = self._bids[view.round] = bid_outcomes(view, self.worlds(view), self.strength)
        _, points = found
        counts = counts_of(view.hand or ())
        own = max(meld_value(mask_of_counts(counts), s) for s in range(4))
        values = sorted(int(t.split()[1]) for t in view.legal if t.startswith("bid "))
        for value in values:
            # never below its own meld ("doesn't pass with a good hand"); else when the side makes it often enough
            if value <= own or chance_of(points, value) >= self.strength.bid_confidence:
                return bid(value)
        return PASS

    def _exchange(self, view: BinokelView) -> BinokelAction:
        key = (view.round, view.phase)
        plan = self._plans.get(key)
        counts = counts_of(view.hand or ())
        kind = next_from_plan(plan, view.gave, counts) if plan is not None else None
        if kind is None:
            sets = exchange_sets(view, self.strength.sets)
            values = exchange_values(view, sets, self.worlds(view), self.strength)
            plan = [*(c & 31 for c in view.gave), *sets[values.best()]]
            self._plans[key] = plan
            kind = next_from_plan(plan, view.gave, counts)
        if kind is None:  # cannot happen: the plan is made of held cards
            return parse_action(view.legal[0])
        return GIVES[kind]


__all__ = [
    "DEFAULT",
    "PimcBot",
    "Strength",
    "Values",
    "bid_outcomes",
    "chance_of",
    "choose_trump",
    "exchange_sets",
    "exchange_values",
    "play_values",
    "sampled_worlds",
    "trump_values",
]
