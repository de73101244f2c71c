"""Whole nk games played by the engine's computer players, for the tournament tests."""

from __future__ import annotations

from troef.bots import Bot, make_bot
from troef.games.bonaken.match import Match
from troef.games.bonaken.rules import preset
from troef.games.bonaken.view import hand_view


def bot(level: str, seed: int) -> Bot:
    """A Bonaken computer player of ``level``."""
    return make_bot("bonaken", level, seed)


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
