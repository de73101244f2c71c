"""The arena: computer players against each other over whole matches, written once for every game.

The generic part is :mod:`troef.arena.core`; a game's own counts and
measuring seats are its part (:mod:`troef.arena.bonaken`).
"""

from troef.arena.core import (
    ArenaError,
    ArenaPart,
    ArenaResult,
    BotStats,
    MatchOutcome,
    Share,
    Watcher,
    describe,
    match_seed,
    mean_interval,
    parse_seat,
    parse_seats,
    run_arena,
    seat_of,
    summarize,
    wilson_interval,
)

__all__ = [
    "ArenaError",
    "ArenaPart",
    "ArenaResult",
    "BotStats",
    "MatchOutcome",
    "Share",
    "Watcher",
    "describe",
    "match_seed",
    "mean_interval",
    "parse_seat",
    "parse_seats",
    "run_arena",
    "seat_of",
    "summarize",
    "wilson_interval",
]
