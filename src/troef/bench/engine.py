"""``troef bench engine``: random full deals of every game and preset, and pyspiel games for scale.

Each deal is dealt from a fixed seed and played to its result by choosing
uniformly among the legal actions at every step, exactly what a research loop
does (each game's :meth:`~troef.core.game.Game.random_deal`). Where
``open_spiel`` is installed, random games of a comparable pyspiel game run in
the same process (dealing included, as chance nodes): euchre for the 32-card
games, bridge for Binokel (as each game's research part declares,
:attr:`troef.core.game.ResearchPart.reference`; bridge is played out, bidding and
all 52 cards, not cut short by its double-dummy result, which would make a
game one bidding plus a solver call); the ratio troef deals/s :
pyspiel games/s is printed per preset.

Both sides are timed in the process's CPU time (:data:`CLOCK`), not on the
wall clock: on a shared, loaded machine the wall clock also counts the time
the process waits for a core, which swung a preset's ratio by a third from
run to run; on an idle machine the two agree.
"""

from __future__ import annotations

import random
import time
from typing import Any, Final

from troef.core.game import AnyGame
from troef.games import game as get_game
from troef.games import names as game_names
from troef.games import part as game_part

#: The clock both sides are timed with: this process's CPU time (see the module's text).
CLOCK: Final = time.process_time

#: The pyspiel game a troef game without a research part is compared with.
REFERENCE: Final = "euchre"


def reference_of(name: str) -> str:
    """The pyspiel game ``name`` is compared with (:attr:`troef.core.game.ResearchPart.reference`)."""
    research = game_part(get_game(name), "research_part", "research part")
    return str(getattr(research, "reference", REFERENCE)) if research is not None else REFERENCE


def troef_hands(game: AnyGame, preset_name: str, players: int, hands: int, seed: int = 2026) -> dict[str, Any]:
    """Play ``hands`` random deals of one preset; return deals/s and actions per deal."""
    chooser = random.Random(seed)
    actions = 0
    start = CLOCK()
    for i in range(hands):
        actions += game.random_deal(preset_name, players, seed + i, chooser, i % players)
    elapsed = max(CLOCK() - start, 1e-9)  # a clock tick, not zero, for a tiny run
    return {
        "game": f"{game.name}/{preset_name}",
        "players": players,
        "hands": hands,
        "seconds": round(elapsed, 3),
        "elapsed": elapsed,
        "hands_per_s": round(hands / elapsed, 1),
        "actions_per_hand": round(actions / hands, 1),
    }


def random_pyspiel_steps(game: Any, games: int, seed: int) -> tuple[int, float]:
    """``games`` random games of a loaded pyspiel ``game`` (chance by its outcomes): steps taken and seconds."""
    chooser = random.Random(seed)
    steps = 0
    start = CLOCK()
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
    return steps, CLOCK() - start


def euchre_games(games: int, seed: int = 2026, name: str = "euchre") -> dict[str, Any] | None:
    """Random games of pyspiel's ``name`` (euchre unless said), or None without open_spiel."""
    try:
        import pyspiel
    except ImportError:
        return None
    steps, elapsed = random_pyspiel_steps(pyspiel.load_game(name), games, seed)
    elapsed = max(elapsed, 1e-9)  # a clock tick, not zero, for a tiny run
    return {
        "game": f"{name} (pyspiel)",
        "games": games,
        "seconds": round(elapsed, 3),
        "elapsed": elapsed,
        "games_per_s": round(games / elapsed, 1),
        "actions_per_game": round(steps / games, 1),
    }


def engine_build() -> str:
    """``mypyc`` when the compiled engine modules are in use, else ``pure-python``."""
    from troef.games.bonaken import state

    return "mypyc" if not state.__file__.endswith(".py") else "pure-python"


def _rows(players: int) -> list[tuple[AnyGame, str, int]]:
    """(game, preset, players) of every preset of every game: ``players`` where the preset allows it."""
    rows = []
    for name in game_names():
        game = get_game(name)
        for preset in game.presets().values():
            rows.append((game, preset.name, players if players in preset.players else preset.default_players))
    return rows


def run(hands: int = 20000, players: int = 4, rounds: int = 5) -> dict[str, Any]:
    """The whole engine benchmark: every preset of every game, then the pyspiel games and the ratios.

    The work is split into ``rounds`` interleaved rounds (each preset, then
    the pyspiel games) so that a change in machine load during the run
    affects both sides of each ratio alike.
    """
    rows = _rows(players)
    references = sorted({reference_of(game.name) for game, _, _ in rows})
    per_round = max(1, hands // rounds)
    totals: dict[str, dict[str, float]] = {
        f"{g.name}/{p}": {"hands": 0, "seconds": 0.0, "actions": 0.0, "players": n} for g, p, n in rows
    }
    spiel: dict[str, dict[str, float]] | None = {r: {"games": 0, "seconds": 0.0, "actions": 0.0} for r in references}
    for r in range(rounds):
        for game, preset, n in rows:
            part = troef_hands(game, preset, n, per_round, seed=2026 + r * per_round)
            total = totals[part["game"]]
            total["hands"] += part["hands"]
            total["seconds"] += part["elapsed"]
            total["actions"] += part["actions_per_hand"] * part["hands"]
        for reference in references:
            if spiel is None:
                break
            e = euchre_games(per_round, seed=2026 + r, name=reference)
            if e is None:
                spiel = None
                break
            spiel[reference]["games"] += e["games"]
            spiel[reference]["seconds"] += e["elapsed"]
            spiel[reference]["actions"] += e["actions_per_game"] * e["games"]
    results: list[dict[str, Any]] = [
        {
            "game": name,
            "players": int(t["players"]),
            "hands": int(t["hands"]),
            "seconds": round(t["seconds"], 3),
            "hands_per_s": round(t["hands"] / t["seconds"], 1),
            "actions_per_hand": round(t["actions"] / t["hands"], 1),
        }
        for name, t in totals.items()
    ]
    pyspiel_rows: dict[str, dict[str, Any]] = {}
    if spiel is not None:
        for reference, t in spiel.items():
            pyspiel_rows[reference] = {
                "game": f"{reference} (pyspiel)",
                "games": int(t["games"]),
                "seconds": round(t["seconds"], 3),
                "games_per_s": round(t["games"] / t["seconds"], 1),
                "actions_per_game": round(t["actions"] / t["games"], 1),
            }
    out: dict[str, Any] = {
        "engine": engine_build(),
        "clock": "process CPU time",
        "troef": results,
        "euchre": pyspiel_rows.get("euchre"),
        "pyspiel": pyspiel_rows or None,
    }
    if pyspiel_rows:
        out["ratio"], out["reference"] = {}, {}
        for row in results:
            reference = reference_of(row["game"].split("/")[0])
            out["reference"][row["game"]] = reference
            out["ratio"][row["game"]] = round(row["hands_per_s"] / pyspiel_rows[reference]["games_per_s"], 3)
    return out
