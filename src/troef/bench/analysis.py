"""``troef bench analysis``: how long the analysis of a whole finished deal takes, for every game.

The workload is fixed and seeded: the first deal of seeded matches of each
game's default preset, played by its heuristic bots (for Bonaken only deals
with card play count: an all-pass deal is no work). For each deal the whole
deal is analysed for every seat (:func:`troef.analysis.analyse`), once with
open cards only and (for the first ``fair_deals`` deals) with the fair
judgement only, at the analysis' default settings. Times are in CPU time of
this process (:data:`CLOCK`, as ``troef bench bots``: on a shared machine the
wall clock also counts other programs), the wall clock beside them; the work
itself is counted (nodes, worlds), so the same deals give the same analysis
on any machine.
"""

from __future__ import annotations

import statistics
import time
from typing import Any

from troef.analysis import Settings, analyse
from troef.games import BUILT_IN
from troef.games import game as get_game

__all__ = ["CLOCK", "GAMES", "run"]

#: The clock the analyses are timed with: this process's CPU time.
CLOCK = time.process_time
#: The games benched, in order: troef's own that name an analysis part (:attr:`troef.core.game.Game.analysis_part`).
GAMES = tuple(name for name in BUILT_IN if get_game(name).analysis_part is not None)


def finished_deals(name: str, count: int, seed: int) -> list[str]:
    """Records of ``count`` seeded matches of ``name`` whose first deal is over (Bonaken: with card play)."""
    g = get_game(name)
    out: list[str] = []
    s = seed
    while len(out) < count:
        match = g.new_match(g.default_preset, None, seed=s)
        bots = {x: g.make_bot("heuristic", s * 31 + x) for x in range(g.players(match))}
        plays = 0
        while g.deals(match) == 1 and not match.is_over:
            action = bots[match.to_act].act(g.view(match, match.to_act))
            plays += action.text().startswith("play ")
            g.apply(match, action)
        s += 1
        if plays:
            out.append(g.record(match))
    return out


def _p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]


def _timed(text: str, settings: Settings) -> tuple[float, float, int]:
    wall, cpu = time.perf_counter(), CLOCK()
    found = analyse(text, deals=[0], settings=settings)
    decisions = sum(len(d.decisions) for d in found.deals)
    return CLOCK() - cpu, time.perf_counter() - wall, decisions


def run(deals: int = 10, fair_deals: int = 3, seed: int = 2026, games: tuple[str, ...] = GAMES) -> dict[str, Any]:
    """Open-card analysis of ``deals`` whole deals per game (median, p99), fair analysis of ``fair_deals`` (median)."""
    from troef.games.bonaken.solver import search

    result: dict[str, Any] = {
        "seed": seed,
        "clock": "process CPU time",
        "compiled": not search.__file__.endswith(".py"),
        "games": {},
    }
    for name in games:
        records = finished_deals(name, max(deals, fair_deals), seed)
        open_cpu: list[float] = []
        open_wall: list[float] = []
        fair_cpu: list[float] = []
        fair_wall: list[float] = []
        decisions = 0
        for i, text in enumerate(records):
            if i < deals:
                cpu, wall, n = _timed(text, Settings(fair=False))
                open_cpu.append(cpu)
                open_wall.append(wall)
                decisions += n
            if i < fair_deals:
                cpu, wall, _ = _timed(text, Settings(open=False))
                fair_cpu.append(cpu)
                fair_wall.append(wall)
        row: dict[str, Any] = {"deals": deals, "fair_deals": fair_deals, "decisions": decisions}
        if open_cpu:
            row |= {
                "open_median_s": round(statistics.median(open_cpu), 3),
                "open_p99_s": round(_p99(open_cpu), 3),
                "open_max_s": round(max(open_cpu), 3),
                "open_median_wall_s": round(statistics.median(open_wall), 3),
            }
        if fair_cpu:
            row |= {
                "fair_median_s": round(statistics.median(fair_cpu), 3),
                "fair_max_s": round(max(fair_cpu), 3),
                "fair_median_wall_s": round(statistics.median(fair_wall), 3),
            }
        result["games"][name] = row
    return result


def marks(texts: dict[str, str], seeds: tuple[int, ...] = (0, 1, 2), samples: int = 16) -> dict[str, Any]:
    """The mistakes the analysis marks in every finished deal of each record under each of ``seeds``.

    ``texts`` maps a name to a record. Per record and over all: the decisions marked under every seed
    (``kept``), under at least one (``marked``) and the overlap, ``kept / marked`` (1.0: the same marks
    whatever the seed). The work is counted, so the figures are the same on any machine.
    """
    rows: dict[str, Any] = {}
    kept_all = marked_all = 0
    for name, text in texts.items():
        found: list[set[tuple[int, int]]] = []
        for seed in seeds:
            result = analyse(text, settings=Settings(open=False, samples=samples, seed=seed))
            found.append({(d.deal, d.index) for deal in result.deals for d in deal.decisions if d.mark == "mistake"})
        kept = set.intersection(*found)
        marked = set.union(*found)
        kept_all += len(kept)
        marked_all += len(marked)
        rows[name] = {
            "per_seed": [len(f) for f in found],
            "kept": len(kept),
            "marked": len(marked),
            "overlap": round(len(kept) / len(marked), 3) if marked else 1.0,
        }
    return {
        "seeds": list(seeds),
        "samples": samples,
        "records": rows,
        "kept": kept_all,
        "marked": marked_all,
        "overlap": round(kept_all / marked_all, 3) if marked_all else 1.0,
    }
