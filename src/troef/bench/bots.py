"""``troef bench bots``: how long each computer player takes to decide.

A fixed, seeded set of game situations: the decisions of seeded four-player
nk matches played by heuristic bots (bidding, exchange, trump, roem and card
play, in the mix in which they occur), keeping only decisions with more than
one legal action. Every bot decides every situation from the view of the seat
to act; the bench prints the median, the 99th percentile and the maximum per
bot, overall and per phase. The pimc bot runs at its default strength.
"""

from __future__ import annotations

import statistics
import time
from typing import Any

from troef.bots.base import Bot, make_bot
from troef.games.bonaken.match import Match
from troef.games.bonaken.rules import preset
from troef.games.bonaken.view import BonakenView, hand_view

#: The bots timed by default: the levels (the same bots as ``heuristic`` and ``pimc``, under their level names).
BOTS = ("random", "beginner", "club", "strong")


def situations(count: int = 300, seed: int = 2026) -> list[BonakenView]:
    """The first ``count`` decisions with a choice of seeded nk matches between heuristic bots."""
    rules = preset("nk")
    out: list[BonakenView] = []
    match_no = 0
    while len(out) < count:
        match = Match(rules, 4, seed + match_no)
        bots = {s: make_bot("bonaken", "heuristic", (seed + match_no) * 4 + s) for s in range(4)}
        while not match.is_over and len(out) < count:
            hand = match.hand
            seat = hand.to_act
            view = hand_view(hand, seat)
            if len(view.legal) > 1:
                out.append(view)
            match.apply(bots[seat].act(view))
        match_no += 1
    return out


def _summary(times: list[float]) -> dict[str, Any]:
    ordered = sorted(times)
    return {
        "decisions": len(ordered),
        "median_ms": round(statistics.median(ordered) * 1000, 3),
        "p99_ms": round(ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))] * 1000, 3),
        "max_ms": round(ordered[-1] * 1000, 3),
        "mean_ms": round(sum(ordered) / len(ordered) * 1000, 3),
    }


def time_bot(bot: Bot, views: list[BonakenView]) -> dict[str, Any]:
    """Decision times of ``bot`` over ``views``: overall and per phase."""
    by_phase: dict[str, list[float]] = {}
    every: list[float] = []
    for view in views:
        start = time.perf_counter()
        action = bot.act(view)
        elapsed = time.perf_counter() - start
        if action.text() not in view.legal:
            raise AssertionError(f"{bot!r} chose {action.text()!r}, not a legal action")
        every.append(elapsed)
        by_phase.setdefault(view.phase, []).append(elapsed)
    out = _summary(every)
    out["phases"] = {phase: _summary(times) for phase, times in sorted(by_phase.items())}
    fallbacks = getattr(bot, "fallbacks", None)
    if fallbacks is not None:
        out["fallbacks"] = fallbacks
    return out


def run(count: int = 300, seed: int = 2026, bots: tuple[str, ...] = BOTS) -> dict[str, Any]:
    """Time every bot of ``bots`` on the same ``count`` situations."""
    views = situations(count, seed)
    mix: dict[str, int] = {}
    for view in views:
        mix[view.phase] = mix.get(view.phase, 0) + 1
    results = {kind: time_bot(make_bot("bonaken", kind, seed), views) for kind in bots}
    return {"situations": len(views), "seed": seed, "rules": "nk", "players": 4, "mix": mix, "bots": results}
