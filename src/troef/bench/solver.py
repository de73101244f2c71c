"""``troef bench solver``: a game's perfect-information solver on seeded positions, written once.

A game with a solver benchmark has a module ``bench_solver`` in its package
(``troef.games.bonaken.bench_solver``, ``troef.games.klaverjas.bench_solver``)
with ``run(positions, seed, values=, every_card=)``, which returns the figures
as JSON-ready data, and ``lines(result)``, the report; :func:`summary` is the
figures of one set of solves. ``troef bench solver --game NAME`` finds the
module from the game (:func:`bench_of`).
"""

from __future__ import annotations

import importlib
import statistics
from types import ModuleType
from typing import Any

from troef.core.errors import TroefError
from troef.games import game as get_game
from troef.games import names

__all__ = ["bench_of", "benched", "summary"]


def summary(bucket: dict[str, list[Any]]) -> dict[str, Any]:
    """Solves per second, median / p99 / max milliseconds per solve, mean, median and largest node counts."""
    times: list[float] = bucket["times"]
    nodes: list[int] = bucket["nodes"]
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    total = sum(times)
    return {
        "solves": len(times),
        "solves_per_s": round(len(times) / total, 1) if total else None,
        "median_ms": round(statistics.median(times) * 1000, 3),
        "p99_ms": round(p99 * 1000, 3),
        "max_ms": round(ordered[-1] * 1000, 3),
        "mean_nodes": round(sum(nodes) / len(nodes), 1),
        "median_nodes": statistics.median(nodes),
        "max_nodes": max(nodes),
    }


def bench_of(name: str) -> ModuleType | None:
    """The solver benchmark of game ``name`` (its package's ``bench_solver``), or None when it has none."""
    package = type(get_game(name)).__module__.rpartition(".")[0]
    try:
        return importlib.import_module(f"{package}.bench_solver")
    except ModuleNotFoundError as exc:
        if exc.name != f"{package}.bench_solver":
            raise
        return None


def benched() -> tuple[str, ...]:
    """The games with a solver benchmark, in menu order (a game that cannot be loaded is passed over)."""
    out = []
    for name in names():
        try:
            if bench_of(name) is not None:
                out.append(name)
        except TroefError:
            continue
    return tuple(out)
