"""Hints for a human seat of klaverjas: every legal action with the chance it gives the seat's side.

:func:`hints` samples worlds consistent with the seat's view (as the
``pimc`` player does, :mod:`troef.games.klaverjas.pimc`) and gives each
action the share of worlds in which the seat's side then reaches its goal:

* naming trump: the chance of taking more than half with that trump;
* kraak, rekraak, superkraak: the chance the seat's side, then the playing
  side, takes more than half; "no": the chance the seat's side reaches its
  goal as things stand (the playing side more than half, the other side the
  playing side nat);
* each legal card: the chance after playing it.

Passing (vrij), declaring roem or stuk, claiming or turning a trick have no
value (``None``). ``best`` marks the action with the highest chance (the
first in ``view.legal`` among equals); the list starts with it and goes down
by chance, the actions without a value last. ``budget`` is in seconds and sets how many
worlds are drawn; ``seed`` makes the hints reproducible.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from troef.core.pimc import Budget, decide
from troef.games.klaverjas.actions import Play, parse_action
from troef.games.klaverjas.pimc import CardEvaluator, ContractEvaluator, Strength
from troef.games.klaverjas.sampler import WorldSampler
from troef.games.klaverjas.view import KlaverjasView

#: The search of a hint world: a little deeper than the player's default.
HINT_STRENGTH = Strength(worlds=24, nodes=200_000, exact_from=5, horizon=2, bid_horizon=2)


@dataclass(frozen=True, slots=True)
class Hint:
    """One legal action: its text (as in ``view.legal``), the chance it gives (or None), and the best mark."""

    text: str
    value: float | None
    best: bool = False


def _worlds(budget: float) -> int:
    """Worlds for a budget in seconds: about 24 a second, at least 4 and at most 64."""
    return max(4, min(64, int(budget * 24)))


def hints(view: KlaverjasView, budget: float = 1.0, seed: int = 0, *, worlds: int | None = None) -> list[Hint]:
    """Every legal action of ``view`` with the estimated chance of the seat's side, best first.

    ``worlds``: exactly that many worlds and no time cap (work that does not depend on the machine,
    as the analysis needs); ``budget`` is then ignored.
    """
    legal = view.legal
    if not legal or view.hand is None:
        return []
    rng = random.Random(seed)
    if worlds is not None:
        plan = Budget(worlds=worlds)
    else:
        plan = Budget(worlds=_worlds(budget), time_cap=max(budget, 0.05) * 4)
    valued: list[str]
    if view.phase in ("choose", "kraak"):
        valued = [t for t in legal if t != "pass"]
        evaluator: CardEvaluator | ContractEvaluator = ContractEvaluator(HINT_STRENGTH, None)
    elif view.phase == "play":
        valued = [t for t in legal if isinstance(parse_action(t), Play)]
        evaluator = CardEvaluator(HINT_STRENGTH)
    else:
        valued = []
    values: dict[str, float] = {}
    if valued:
        decision = decide(view, valued, WorldSampler(view), evaluator, plan, rng)
        if decision.worlds:
            values = decision.values
    best = None
    for text in legal:
        if text in values and (best is None or values[text] > values[best]):
            best = text
    found = [Hint(text, values.get(text), text == best) for text in legal]
    # best first, as Bonaken's hints: by chance (equal chances in the order of view.legal), unvalued last
    found.sort(key=lambda h: (not h.best, h.value is None, -(h.value or 0.0)))
    return found
