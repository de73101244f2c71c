"""``troef bench engine``: random full hands through the public API, and pyspiel euchre for scale.

Each hand is dealt from a fixed seed and played to its result by choosing
uniformly among :meth:`Hand.legal_actions` at every step, exactly what a
research loop does. Where ``open_spiel`` is installed, random euchre games
run through ``pyspiel`` in the same process (dealing included, as chance
nodes), and the ratio troef hands/s : euchre games/s is printed.
"""

from __future__ import annotations

import random
import time
from typing import Any

from troef.games.bonaken.rules import preset
from troef.games.bonaken.state import Hand


def troef_hands(preset_name: str, players: int, hands: int, seed: int = 2026) -> dict[str, Any]:
    """Play ``hands`` random hands; return hands/s and actions per hand."""
    rules = preset(preset_name)
    chooser = random.Random(seed)
    actions = 0
    start = time.perf_counter()
    for i in range(hands):
        hand = Hand.new(rules, players, dealer=i % players, seed=seed + i)
        while hand.phase != 5:  # Phase.DONE
            legal = hand.legal_actions()
            hand.apply(legal[chooser.randrange(len(legal))])
            actions += 1
    elapsed = time.perf_counter() - start
    return {
        "game": f"bonaken/{preset_name}",
        "players": players,
        "hands": hands,
        "seconds": round(elapsed, 3),
        "hands_per_s": round(hands / elapsed, 1),
        "actions_per_hand": round(actions / hands, 1),
    }


def euchre_games(games: int, seed: int = 2026) -> dict[str, Any] | None:
    """Random euchre games through pyspiel, or None without open_spiel."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("euchre")
    chooser = random.Random(seed)
    steps = 0
    start = time.perf_counter()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                action = outcomes[chooser.randrange(len(outcomes))][0]
            else:
                legal = state.legal_actions()
                action = legal[chooser.randrange(len(legal))]
            state.apply_action(action)
            steps += 1
    elapsed = time.perf_counter() - start
    return {
        "game": "euchre (pyspiel)",
        "games": games,
        "seconds": round(elapsed, 3),
        "games_per_s": round(games / elapsed, 1),
        "actions_per_game": round(steps / games, 1),
    }


def engine_build() -> str:
    """``mypyc`` when the compiled engine modules are in use, else ``pure-python``."""
    from troef.games.bonaken import state

    return "mypyc" if not state.__file__.endswith(".py") else "pure-python"


def run(hands: int = 20000, players: int = 4, rounds: int = 5) -> dict[str, Any]:
    """The whole engine benchmark: every preset, then euchre and the ratios.

    The work is split into ``rounds`` interleaved rounds (each preset, then
    euchre) so that a change in machine load during the run affects both
    sides of the ratio alike.
    """
    names = ("nk", "pagat", "hazerswoude")
    per_round = max(1, hands // rounds)
    totals: dict[str, dict[str, float]] = {n: {"hands": 0, "seconds": 0.0, "actions": 0.0} for n in names}
    euchre_total: dict[str, float] | None = {"games": 0, "seconds": 0.0, "actions": 0.0}
    for r in range(rounds):
        for name in names:
            part = troef_hands(name, players, per_round, seed=2026 + r * per_round)
            totals[name]["hands"] += part["hands"]
            totals[name]["seconds"] += part["seconds"]
            totals[name]["actions"] += part["actions_per_hand"] * part["hands"]
        if euchre_total is not None:
            e = euchre_games(per_round, seed=2026 + r)
            if e is None:
                euchre_total = None
            else:
                euchre_total["games"] += e["games"]
                euchre_total["seconds"] += e["seconds"]
                euchre_total["actions"] += e["actions_per_game"] * e["games"]
    results: list[dict[str, Any]] = [
        {
            "game": f"bonaken/{name}",
            "players": players,
            "hands": int(t["hands"]),
            "seconds": round(t["seconds"], 3),
            "hands_per_s": round(t["hands"] / t["seconds"], 1),
            "actions_per_hand": round(t["actions"] / t["hands"], 1),
        }
        for name, t in totals.items()
    ]
    euchre: dict[str, Any] | None = None
    if euchre_total is not None:
        euchre = {
            "game": "euchre (pyspiel)",
            "games": int(euchre_total["games"]),
            "seconds": round(euchre_total["seconds"], 3),
            "games_per_s": round(euchre_total["games"] / euchre_total["seconds"], 1),
            "actions_per_game": round(euchre_total["actions"] / euchre_total["games"], 1),
        }
    out: dict[str, Any] = {"engine": engine_build(), "troef": results, "euchre": euchre}
    if euchre:
        out["ratio"] = {r["game"]: round(r["hands_per_s"] / euchre["games_per_s"], 3) for r in results}
    return out
