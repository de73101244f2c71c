"""Finished deals of every game for the analysis tests, played by seeded computer players."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from troef.core.game import AnyGame
from troef.games import game

#: Every preset of every game.
PRESETS = [(name, preset) for name in ("bonaken", "klaverjas", "binokel") for preset in game(name).presets()]

Chooser = Callable[[AnyGame, Any, int, Any], Any | None]


def play_first_deal(name: str, preset: str, seed: int, choose: Chooser | None = None, bots: str = "heuristic") -> Any:
    """A match of ``name`` whose first deal is over (the second just dealt, or the match over).

    ``choose(game, match, seat, view)`` may pick an action (or None: the bot decides).
    """
    g = game(name)
    match = g.new_match(preset, None, seed=seed)
    players = {s: g.make_bot(bots, seed * 31 + s) for s in range(g.players(match))}
    while g.deals(match) == 1 and not match.is_over:
        seat = match.to_act
        view = g.view(match, seat)
        action = choose(g, match, seat, view) if choose is not None else None
        g.apply(match, action if action is not None else players[seat].act(view))
    return match


def play_until_cards(name: str, preset: str, seed: int) -> Any:
    """A match of ``name`` stopped in the play of its first deal, after the first card."""
    g = game(name)
    for s in range(seed, seed + 50):
        match = g.new_match(preset, None, seed=s)
        players = {x: g.make_bot("heuristic", s * 31 + x) for x in range(g.players(match))}
        while g.deals(match) == 1 and not match.is_over:
            view = g.view(match, match.to_act)
            action = players[match.to_act].act(view)
            g.apply(match, action)
            if action.text().startswith("play "):
                return match
    raise AssertionError("no seed reaches the card play")
