"""The sampling loop written once (troef.core.pimc): budgets counted in work, means, deterministic ties."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

import pytest

from troef.core.pimc import Budget, PimcBot, decide, place_by_room


class Die:
    """A toy hidden world: a die roll; draws of ``fail_every`` fail."""

    def __init__(self, fail_every: int = 0) -> None:
        self.fail_every = fail_every
        self.draws = 0

    def sample(self, view: object, rng: random.Random) -> int | None:
        self.draws += 1
        if self.fail_every and self.draws % self.fail_every == 0:
            return None
        return rng.randrange(1, 7)


class HighLow:
    """ "high" is worth 1 on 4-6, "low" on 1-3, "even" on an even roll; each world costs ``cost`` nodes."""

    def __init__(self, cost: int = 10) -> None:
        self.cost = cost
        self.seen: list[int] = []

    def evaluate(self, view: object, world: int, actions: Sequence[str], nodes: int) -> tuple[Mapping[str, float], int]:
        self.seen.append(world)
        table = {"high": float(world >= 4), "low": float(world <= 3), "even": float(world % 2 == 0), "never": 0.0}
        return {a: table[a] for a in actions}, self.cost


def test_means_are_the_averages_over_the_worlds() -> None:
    evaluator = HighLow()
    d = decide(None, ("high", "low", "even"), Die(), evaluator, Budget(worlds=30), random.Random(1))
    assert d.worlds == 30 == len(evaluator.seen)
    assert d.values["high"] == pytest.approx(sum(w >= 4 for w in evaluator.seen) / 30)
    assert d.values["high"] + d.values["low"] == pytest.approx(1.0)
    assert d.values[d.best] == max(d.values.values())


def test_the_node_budget_stops_the_loop() -> None:
    d = decide(None, ("high", "low"), Die(), HighLow(cost=10), Budget(worlds=100, nodes=35), random.Random(2))
    assert d.worlds == 4 and d.nodes == 40  # the fourth world starts below the budget and finishes


def test_ties_go_to_the_first_listed_action() -> None:
    tie = decide(None, ("b", "a", "c"), Die(), _Zero(), Budget(worlds=3), random.Random(0))
    assert tie.best == "b"
    d = decide(None, ("never", "high"), Die(), HighLow(), Budget(worlds=5), random.Random(3))
    assert d.best == ("high" if d.values["high"] > 0 else "never")


class _Zero:
    def evaluate(self, view: object, world: int, actions: Sequence[str], nodes: int) -> tuple[Mapping[str, float], int]:
        return dict.fromkeys(actions, 0.0), 1


def test_failed_draws_are_retried_and_bounded() -> None:
    d = decide(None, ("high", "low"), Die(fail_every=2), HighLow(), Budget(worlds=10), random.Random(4))
    assert d.worlds == 10
    never = Die(fail_every=1)
    d = decide(None, ("high", "low"), never, HighLow(), Budget(worlds=10, attempts=7), random.Random(4))
    assert d.worlds == 0 and never.draws == 8 and d.best == "high"


def test_a_seed_gives_the_same_decision() -> None:
    one = decide(None, ("high", "low", "even"), Die(), HighLow(), Budget(worlds=7), random.Random(9))
    two = decide(None, ("high", "low", "even"), Die(), HighLow(), Budget(worlds=7), random.Random(9))
    assert one == two


def test_a_budget_needs_a_world() -> None:
    with pytest.raises(ValueError, match="at least one world"):
        Budget(worlds=0)


class _View:
    viewer = 0
    legal = ("high", "low")


class _Bot(PimcBot[int]):
    def parts(self, view: object) -> tuple[Die, HighLow]:
        return Die(), HighLow()


def test_the_bot_plays_the_best_action_of_the_loop() -> None:
    bot = _Bot(seed=3, parse=str, budget=Budget(worlds=25))
    action = bot.act(_View())
    assert bot.last is not None and action == bot.last.best
    assert bot.last.values[action] >= bot.last.values["low" if action == "high" else "high"]


def test_placing_respects_places_and_room() -> None:
    """Every card lands on one of its places, no place takes more than its room, the constrained card never fails."""
    rng = random.Random(11)
    for _ in range(200):
        room = {0: 3, 1: 2, 9: 1}  # a dict with an "out of play" place, as Bonaken's sampler uses
        places = {c: [0, 1, 9] for c in range(5)} | {5: [9]}
        placed = place_by_room(list(range(6)), places, room, rng)
        assert placed is not None
        assert dict(placed)[5] == 9  # the card only 9 may take is placed first, so 9's one room is its
        assert all(p in places[c] for c, p in placed)
        assert room == {0: 0, 1: 0, 9: 0}


def test_placing_is_in_proportion_to_room() -> None:
    """A free card goes to a place as often as that place's share of the room (3 of 4 here)."""
    rng = random.Random(5)
    counts = [0, 0]
    for _ in range(4000):
        placed = place_by_room(["x"], {"x": [0, 1]}, [3, 1], rng)
        assert placed is not None
        counts[placed[0][1]] += 1
    assert 0.72 < counts[0] / 4000 < 0.78


def test_placing_reports_a_dead_end() -> None:
    """Two cards that only place 0 may take, with room for one: no spread exists."""
    assert place_by_room([1, 2], {1: [0], 2: [0]}, [1, 5], random.Random(1)) is None
