"""``troef bench solver --game klaverjas``: full deals right after trump, "does the playing side make it".

Each deal is dealt from its seed, the player to name trump names the suit with
the most trump points plus ten per card, nobody kraaks: the first lead of an
8-trick deal. Times are wall-clock per solve, and also CPU time of this
process (``makes_cpu``).
"""

from __future__ import annotations

import time
from typing import Any

from troef.bench.solver import summary
from troef.games.klaverjas.game import GAME


def trump_of(hand: int) -> int:
    """The bench's trump choice: the suit with the most trump points plus ten per card (the strongest suit)."""
    from troef.games.klaverjas.play import TRUMP_POINTS

    def strength(suit: int) -> tuple[int, int]:
        byte = (hand >> (8 * suit)) & 0xFF
        return (sum(TRUMP_POINTS[r] + 10 for r in range(8) if byte >> r & 1), suit)

    return max(range(4), key=strength)


def position(name: str, seed: int) -> Any:
    """A klaverjas deal of preset ``name`` dealt from ``seed``, trump named, nobody kraaking: the first lead."""
    from troef.core.chance import GameRandom
    from troef.games.klaverjas.actions import NO, TRUMPS
    from troef.games.klaverjas.deal import deal_cards
    from troef.games.klaverjas.rules import preset as klaverjas_preset
    from troef.games.klaverjas.state import DealState
    from troef.games.klaverjas.state import Phase as KlaverjasPhase

    rules = klaverjas_preset(name)
    deal = DealState(rules, deal_cards(rules, seed % 4, GameRandom(seed)))
    deal.apply(TRUMPS[trump_of(deal.hands[deal.to_act])])
    while deal.phase == KlaverjasPhase.KRAAK:
        deal.apply(NO)
    return deal


def run(positions: int = 150, seed: int = 2026, values: bool = False, every_card: bool = False) -> dict[str, Any]:
    """Solve ``positions`` full 8-trick klaverjas deals (spread over the presets) right after trump is named.

    The question: does the playing side take more than half? (the first
    winning card ends the search). With ``every_card`` each legal first card
    is also answered. Times are wall-clock per solve, and also CPU time of
    this process (``makes_cpu``), as the machine may be busy with other work.
    """
    from troef.games.klaverjas.rules import PRESETS as KLAVERJAS_PRESETS
    from troef.games.klaverjas.solver import position_from_deal, search
    from troef.games.klaverjas.solver import solve as klaverjas_solve

    per: dict[str, dict[str, list[Any]]] = {}
    every: dict[str, list[Any]] = {"times": [], "nodes": [], "makes": []}
    cpu: dict[str, list[Any]] = {"times": [], "nodes": []}
    valued: dict[str, list[Any]] = {"times": [], "nodes": []}
    for i in range(positions):
        name = KLAVERJAS_PRESETS[i % len(KLAVERJAS_PRESETS)]
        solved = position_from_deal(position(name, seed + i))
        start = time.perf_counter()
        start_cpu = time.process_time()
        solution = klaverjas_solve(solved, all_moves=False)
        elapsed = time.perf_counter() - start
        cpu["times"].append(time.process_time() - start_cpu)
        cpu["nodes"].append(solution.nodes)
        entry = per.setdefault(name, {"times": [], "nodes": [], "makes": []})
        for bucket in (entry, every):
            bucket["times"].append(elapsed)
            bucket["nodes"].append(solution.nodes)
            bucket["makes"].append(solution.makes)
        if every_card:
            start = time.perf_counter()
            full = klaverjas_solve(solved)
            valued["times"].append(time.perf_counter() - start)
            valued["nodes"].append(full.nodes)
    return {
        "game": GAME.name,
        "positions": positions,
        "seed": seed,
        "makes": summary(every) | {"made": f"{sum(every['makes'])}/{positions}"},
        # the same solves in this process's CPU time: what the machine's other load does not inflate
        "makes_cpu": summary(cpu),
        "presets": {
            name: summary(entry) | {"made": f"{sum(entry['makes'])}/{len(entry['makes'])}"}
            for name, entry in per.items()
        },
        "every_card": summary(valued) if valued["times"] else None,
        "compiled": not search.__file__.endswith(".py"),
    }


def lines(result: dict[str, Any]) -> list[str]:
    """The report of :func:`run`'s figures."""

    def line(name: str, row: dict[str, Any]) -> str:
        return (
            f"{name:<18} median {row['median_ms']:>9} ms  p99 {row['p99_ms']:>9} ms  max {row['max_ms']:>9} ms  "
            f"nodes median {row['median_nodes']:>8} max {row['max_nodes']:>8}  ({row['solves']} solves)"
        )

    build = "compiled (mypyc)" if result["compiled"] else "pure Python"
    out = [f"{result['positions']} klaverjas deals after trump (8 tricks, seed {result['seed']}), solver {build}"]
    out.append(line(f"makes it ({result['makes']['made']})", result["makes"]))
    out.append(line("  in CPU time", result["makes_cpu"]))
    out.extend(line(f"  {name} ({row['made']})", row) for name, row in result["presets"].items())
    if result["every_card"] is not None:
        out.append(line("every first card", result["every_card"]))
    return out
