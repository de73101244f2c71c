"""The sampling player written once: perfect-information Monte Carlo (PIMC) over a game's sampler and solver.

A seat does not see the other hands. PIMC deals the unseen cards many times
in ways consistent with what the seat's view knows (a *world*), asks a
perfect-information evaluator the value of each legal action in each world,
and plays the action with the best mean value. A game supplies two parts:

* a :class:`Sampler`: ``sample(view, rng) -> world | None``, one world
  consistent with the view drawn with ``rng`` (None when a draw failed; the
  loop tries again within its budget);
* an :class:`Evaluator`: ``evaluate(view, world, actions, nodes) ->
  (values, spent)``, the value of every action text of ``actions`` in that
  world for the seat to act (higher is better; e.g. 1.0 the goal is reached,
  0.0 not), and the work spent (solver nodes). ``nodes`` is the work still
  allowed for this world (the evaluator may answer roughly when it runs out).

The work is counted, not timed (:class:`Budget`: worlds and solver nodes), so a
seed gives the same decision on a busy and on an idle machine; the optional
``time_cap`` is a safety net only. :func:`decide` runs the loop and returns a
:class:`Decision`: the mean value of each action, the chosen one (ties broken
by the order of ``actions``, so deterministically), worlds and work used.
:class:`PimcBot` is a :class:`~troef.core.bot.Bot` on top of it.

>>> import random
>>> class Coin:  # a toy game: the hidden world is a coin, action "h" or "t" guesses it
...     def sample(self, view, rng):
...         return rng.choice("ht")
>>> class Guess:
...     def evaluate(self, view, world, actions, nodes):
...         return {a: float(a == world) for a in actions}, 1
>>> d = decide(None, ("h", "t"), Coin(), Guess(), Budget(worlds=50), random.Random(3))
>>> d.worlds, round(d.values["h"] + d.values["t"], 6), d.best in ("h", "t")
(50, 1.0, True)
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from troef.core.bot import Bot

__all__ = ["Budget", "Decision", "Evaluator", "PimcBot", "Room", "Sampler", "decide", "place_by_room"]

T = TypeVar("T")
V_contra = TypeVar("V_contra", contravariant=True)
W = TypeVar("W")
W_co = TypeVar("W_co", covariant=True)
W_contra = TypeVar("W_contra", contravariant=True)


class Sampler(Protocol[V_contra, W_co]):
    """Draws worlds consistent with a view."""

    def sample(self, view: V_contra, rng: random.Random) -> W_co | None:
        """One world consistent with ``view``, drawn with ``rng``; None when this draw failed."""
        ...


class Evaluator(Protocol[V_contra, W_contra]):
    """Values every action in one world, with every card known."""

    def evaluate(
        self, view: V_contra, world: W_contra, actions: Sequence[str], nodes: int
    ) -> tuple[Mapping[str, float], int]:
        """The value of each action of ``actions`` for the seat to act, and the work spent (at most about ``nodes``)."""
        ...


class Room(Protocol):
    """How many more cards each place (a seat, or a game's own "out of play" place) takes: a list or a dict."""

    def __getitem__(self, place: int, /) -> int: ...

    def __setitem__(self, place: int, count: int, /) -> None: ...


def place_by_room(
    cards: list[T], places: Mapping[T, Sequence[int]], room: Room, rng: random.Random
) -> list[tuple[T, int]] | None:
    """Spread ``cards`` over places: the step every game's world sampler shares.

    ``places[card]`` are the places that may take the card (voids, caps and
    the like already applied). The cards are shuffled, then placed most
    constrained first (fewest places), each on one of its places that still
    has room, chosen in proportion to the room left, so that every consistent
    spread is drawn about equally often. ``room`` is used up as cards are
    placed; ``cards`` is reordered. Returns ``(card, place)`` in the order
    placed, or None on a dead end (a card no place with room may take).

    >>> room = [0, 2, 1]
    >>> placed = place_by_room(["a", "b", "c"], {"a": [1], "b": [1, 2], "c": [1, 2]}, room, random.Random(5))
    >>> placed[0], room  # "a" (one place only) goes first; the others fill what is left
    (('a', 1), [0, 0, 0])
    """
    rng.shuffle(cards)
    cards.sort(key=lambda card: len(places[card]))
    placed: list[tuple[T, int]] = []
    for card in cards:
        options = [p for p in places[card] if room[p] > 0]
        if not options:
            return None
        pick = rng.randrange(sum(room[p] for p in options))
        chosen = options[-1]
        for p in options:
            pick -= room[p]
            if pick < 0:
                chosen = p
                break
        room[chosen] -= 1
        placed.append((card, chosen))
    return placed


@dataclass(frozen=True, slots=True)
class Budget:
    """How much work one decision may take, counted (not timed) so that results do not depend on the machine.

    ``worlds``: worlds to evaluate; ``nodes``: total solver work over all
    worlds (None: no limit; at least one world is always evaluated);
    ``attempts``: failed draws allowed in all; ``time_cap``: seconds after
    which the loop stops anyway (a safety net only, None: none).
    """

    worlds: int = 20
    nodes: int | None = None
    attempts: int = 200
    time_cap: float | None = None

    def __post_init__(self) -> None:
        if self.worlds < 1:
            raise ValueError("a PIMC budget needs at least one world")


@dataclass(frozen=True, slots=True)
class Decision:
    """The outcome of :func:`decide`: the mean value of each action, the best, and the work done."""

    values: dict[str, float]
    best: str
    worlds: int
    nodes: int


def decide(
    view: Any,
    actions: Sequence[str],
    sampler: Sampler[Any, W],
    evaluator: Evaluator[Any, W],
    budget: Budget,
    rng: random.Random,
) -> Decision:
    """Sample worlds, evaluate every action in each, and choose the action with the best mean value.

    Ties (and the case where no world could be drawn: every value 0) go to
    the action listed first in ``actions``.
    """
    if not actions:
        raise ValueError("there is no action to choose from")
    totals = dict.fromkeys(actions, 0.0)
    worlds = 0
    nodes = 0
    failures = 0
    start = time.perf_counter()
    while worlds < budget.worlds:
        if budget.nodes is not None and worlds and nodes >= budget.nodes:
            break
        if budget.time_cap is not None and worlds and time.perf_counter() - start > budget.time_cap:
            break
        world = sampler.sample(view, rng)
        if world is None:
            failures += 1
            if failures > budget.attempts:
                break
            continue
        left = budget.nodes - nodes if budget.nodes is not None else 1 << 62
        values, spent = evaluator.evaluate(view, world, actions, max(left, 1))
        for action in actions:
            totals[action] += values[action]
        worlds += 1
        nodes += spent
    means = {a: (totals[a] / worlds if worlds else 0.0) for a in actions}
    best = actions[0]
    for action in actions[1:]:
        if means[action] > means[best]:
            best = action
    return Decision(means, best, worlds, nodes)


class PimcBot(Bot, Generic[W]):
    """A bot that decides by :func:`decide`; a game's player subclasses it.

    Subclasses give :meth:`parts` (the sampler and evaluator for a view, or
    None to decide otherwise, e.g. by a rule for the bidding) and may
    override :meth:`fallback` (the action without sampling; the first legal
    one by default). ``parse`` reads an action's text (the game's
    ``parse_action``).
    """

    kind = "pimc"

    def __init__(
        self,
        seed: int | None = None,
        name: str | None = None,
        *,
        parse: Callable[[str], Any],
        budget: Budget | None = None,
    ) -> None:
        super().__init__(seed, name)
        self.parse = parse
        self.budget = budget or Budget()
        #: The last decision made by sampling (for tests and measuring).
        self.last: Decision | None = None

    def parts(self, view: Any) -> tuple[Sampler[Any, W], Evaluator[Any, W]] | None:
        """The sampler and evaluator for ``view``, or None to use :meth:`fallback`."""
        return None

    def fallback(self, view: Any) -> Any:
        """The action when not sampling: the first legal one."""
        return self.parse(view.legal[0])

    def act(self, view: Any) -> Any:
        legal: tuple[str, ...] = view.legal
        if not legal:
            raise ValueError(f"seat {view.viewer} has nothing to do in this view")
        if len(legal) == 1:
            return self.parse(legal[0])
        parts = self.parts(view)
        if parts is None:
            return self.fallback(view)
        sampler, evaluator = parts
        self.last = decide(view, legal, sampler, evaluator, self.budget, self.rng)
        return self.parse(self.last.best)
