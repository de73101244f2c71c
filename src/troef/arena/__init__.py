"""The arena: computer players against each other over whole matches, written once for every game.

The generic part is :mod:`troef.arena.core` (bots per seat) and
:mod:`troef.arena.teams` (two teams of partners, klaverjas and Binokel); a
game's own counts and measuring seats are its part (:mod:`troef.arena.bonaken`,
:mod:`troef.arena.klaverjas`, :mod:`troef.arena.binokel`).
"""

from troef.arena.core import (
    ArenaResult,
    BotStats,
    MatchOutcome,
    Share,
    compare_pooled,
    compare_runs,
    describe,
    run_arena,
    summarize,
)
from troef.arena.part import ArenaPart, Watcher
from troef.arena.seating import ArenaError, match_seed, parse_seat, parse_seats, seat_of
from troef.arena.teams import TeamResult, TeamStats, describe_teams, run_teams

__all__ = [
    "ArenaError",
    "ArenaPart",
    "ArenaResult",
    "BotStats",
    "MatchOutcome",
    "Share",
    "TeamResult",
    "TeamStats",
    "Watcher",
    "compare_pooled",
    "compare_runs",
    "describe",
    "describe_teams",
    "match_seed",
    "parse_seat",
    "parse_seats",
    "run_arena",
    "run_teams",
    "seat_of",
    "summarize",
]
