"""Whole nk games played by the engine's computer players, for the tournament tests."""

from __future__ import annotations

from typing import Any

from troef.bots import base
from troef.games.bonaken.match import Match
from troef.games.bonaken.rules import preset
from troef.games.bonaken.view import hand_view


def bot(level: str, seed: int) -> Any:
    """A Bonaken computer player of ``level``.

    The registry takes the game's name first since the shared game layer
    (``make_bot(game, kind, seed)``); before it, ``make_bot(kind, seed)``.
    Called untyped so that this helper serves either.
    """
    make: Any = base.make_bot
    try:
        return make("bonaken", level, seed)
    except TypeError:
        return make(level, seed)


def play(seed: int, levels: tuple[str, ...] = ("heuristic", "random", "heuristic", "random")) -> list[int]:
    """One nk game of four computer players (``levels`` by seat, rotated by the seed): table points per seat."""
    match = Match(preset("nk"), 4, seed=seed)
    turn = seed % len(levels)
    bots = [bot(levels[(turn + i) % len(levels)], seed * 7 + i) for i in range(4)]
    while not match.is_over:
        seat = match.to_act
        match.apply(bots[seat].act(hand_view(match.hand, seat)))
    points = match.sheet.table_points()
    return [points[s] for s in range(4)]
