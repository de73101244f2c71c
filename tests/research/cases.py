"""The (game, preset, players) cases the research tests run over: every preset of every game."""

from __future__ import annotations

import random
from typing import Any

from troef.games import game, names

CASES = [
    (name, preset.name, players)
    for name in names()
    for preset in game(name).presets().values()
    for players in sorted({preset.default_players, min(preset.players), max(preset.players)})
]
IDS = [f"{g}-{p}-{n}" for g, p, n in CASES]


def deal(episode: Any, seed: int) -> Any:
    """Play ``episode``'s chance nodes (the first dealer, each card) with a generator seeded ``seed``."""
    rng = random.Random(seed)
    while episode.is_chance:
        outcomes = [a for a, _ in episode.chance_outcomes()]
        episode.apply_chance(outcomes[rng.randrange(len(outcomes))])
    return episode


def deal_state(state: Any, seed: int) -> Any:
    """Play a pyspiel state's chance nodes with a generator seeded ``seed``."""
    rng = random.Random(seed)
    while state.is_chance_node():
        outcomes = [a for a, _ in state.chance_outcomes()]
        state.apply_action(outcomes[rng.randrange(len(outcomes))])
    return state
