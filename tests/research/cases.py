"""The (game, preset, players) cases the research tests run over: every preset of every game."""

from __future__ import annotations

from troef.games import game, names

CASES = [
    (name, preset.name, players)
    for name in names()
    for preset in game(name).presets().values()
    for players in sorted({preset.default_players, min(preset.players), max(preset.players)})
]
IDS = [f"{g}-{p}-{n}" for g, p, n in CASES]
