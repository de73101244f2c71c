"""``troef bench bid-model``: fit the curves that turn pimc's sampled make-rates into real chances.

:func:`collect` plays seeded matches of one pimc bot against heuristic bots
(the seat rotating from match to match), and the pimc bot remembers for each
bid the rate its sampled worlds gave; when the hand ends, each contract it
declared becomes one sample: (kind of contract, rate, made or not). Two
policies: ``bold`` bids at low bars, uncalibrated, so that its contracts
cover every make-rate; ``strong`` is the strong level itself (the default
strength and the shipped curves), so the samples are the contracts that
level really declares, in the bidding wars it really gets into.
:func:`train` fits one logistic curve per kind of contract
(:func:`troef.games.bonaken.bidmodel.fit_logistic`) and :func:`write` stores
them in ``bidmodel.json``, the file the pimc bot reads.
"""

from __future__ import annotations

import json
import multiprocessing
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Final

from troef.bots.registry import make_bot
from troef.games.bonaken.bidmodel import MODEL_FILE, fit_logistic, group_of, logit, make_chance
from troef.games.bonaken.game import GAME
from troef.games.bonaken.match import Match
from troef.games.bonaken.pimc import PimcBot, Strength
from troef.games.bonaken.rules import preset
from troef.games.bonaken.view import hand_view

#: How the collecting bot bids: every contract with a fair sampled rate, taken as it is.
COLLECTING = replace(
    Strength(), calibrated=False, threshold=0.1, every_trick_threshold=0.3, by_sheet=False, likeliest=False
)
#: Fewest samples of a group to fit its curve, and fewest of them with a rate below 0.8.
MIN_SAMPLES: Final = 20
MIN_SPREAD: Final = 10
#: The collecting policies by name (see the module docstring).
POLICIES: Final = {"bold": COLLECTING, "strong": Strength()}


@dataclass(frozen=True, slots=True)
class Sample:
    """One contract the pimc bot declared: its kind's group, its sampled rate, whether it was made."""

    rules: str
    group: str
    rate: float
    made: bool


def _play(task: tuple[str, int, int, str]) -> list[Sample]:
    rules_name, seed, index, policy = task
    rules = preset(rules_name)
    match = Match(rules, 4, seed)
    me = index % 4
    bots = {s: make_bot(GAME.name, "heuristic", seed * 8 + s) for s in range(4)}
    pimc = PimcBot(seed=seed, strength=POLICIES[policy], rules=rules)
    bots[me] = pimc
    out: list[Sample] = []
    last: tuple[Any, float] | None = None
    while not match.is_over:
        hand = match.hand
        seat = hand.to_act
        view = hand_view(hand, seat)
        action = bots[seat].act(view)
        if seat == me and view.phase == "bidding" and action.text() != "pass":
            last = pimc.last_bid
        match.apply(action)
        if hand.is_over:
            result = hand.result
            if result is not None and me in result.declarers and last is not None and result.contract is not None:
                bid, rate = last
                if bid.kind == result.contract.kind:
                    out.append(Sample(rules_name, group_of(bid.kind), rate, bool(result.won.get(me, False))))
            last = None
    return out


def collect(
    matches: int, seed: int = 1, rules: tuple[str, ...] = ("nk", "pagat"), workers: int = 2, policy: str = "bold"
) -> list[Sample]:
    """The contracts of ``matches`` matches per rule set, bid by ``policy`` (see the module docstring)."""
    if policy not in POLICIES:
        raise ValueError(f"unknown policy {policy!r}; choose from {', '.join(POLICIES)}")
    tasks = [(name, seed * 10_007 + i, i, policy) for name in rules for i in range(matches)]
    samples: list[Sample] = []
    if workers <= 1:
        for task in tasks:
            samples.extend(_play(task))
        return samples
    context = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else None)
    with context.Pool(workers) as pool:
        for found in pool.imap_unordered(_play, tasks):
            samples.extend(found)
    return samples


def train(samples: list[Sample]) -> dict[str, Any]:
    """Per group of contracts, the fitted curve and the calibration table it was fitted on."""
    curves: dict[str, list[float]] = {}
    tables: dict[str, list[dict[str, Any]]] = {}
    for group in ("number", "misere", "every_trick"):
        of_group = [s for s in samples if s.group == group]
        if len(of_group) < MIN_SAMPLES or sum(s.rate < 0.8 for s in of_group) < MIN_SPREAD:
            continue  # too few, or all at the top: the curve would not be anchored; the rate is taken as it is
        a, b = fit_logistic([logit(s.rate) for s in of_group], [int(s.made) for s in of_group])
        curves[group] = [round(a, 4), round(b, 4)]
        rows = []
        for index, low in enumerate((0.0, 0.2, 0.4, 0.6, 0.8)):
            # by index, not by comparing with low + 0.2: 0.4 + 0.2 is a little more than 0.6 in floats
            band = [s for s in of_group if _band(s.rate) == index]
            if band:
                rate = sum(s.rate for s in band) / len(band)
                rows.append(
                    {
                        "rates": f"{low:.1f}-{low + 0.2:.1f}",
                        "mean_rate": round(rate, 4),
                        "contracts": len(band),
                        "made": round(sum(s.made for s in band) / len(band), 3),
                        "fitted": round(make_chance(group, rate, {group: (a, b)}), 3),
                    }
                )
        tables[group] = rows
    return {
        "version": 1,
        "curves": curves,
        "samples": {g: sum(1 for s in samples if s.group == g) for g in ("number", "misere", "every_trick")},
        "calibration": tables,
    }


def _band(rate: float) -> int:
    """The band of the calibration table a rate falls in: 0 for 0.0-0.2 up to 4 for 0.8-1.0 (1.0 included)."""
    return min(4, int(rate * 5 + 1e-9))


def write(model: dict[str, Any], path: Path = MODEL_FILE) -> None:
    """Store ``model`` where the pimc bot reads it."""
    path.write_text(json.dumps(model, indent=1) + "\n", encoding="utf-8")
