"""``troef ratings calibrate``: computer levels rated against each other in the arena, on the people's scale.

Matches between the levels are played by the arena (:func:`troef.arena.core.play_all`,
fixed seats, each match from its own seed) and rated into the server's
database exactly as a rated match of people is (:func:`troef.server.ratings.apply_match`):
the levels start from the same 1500 as a new person, and every later rated
match between people and computer players moves the same numbers. At a
partnership game each side is one level (two different levels per match, every
pair in turn); at Bonaken each seat draws its level.
"""

from __future__ import annotations

import itertools
import random
import secrets
from collections.abc import Callable, Sequence
from typing import Any

from troef.arena.core import MatchTask, play_all
from troef.games import game as get_game
from troef.server.ratings import apply_match, family, ratings_of, teams_of
from troef.server.schema import make_engine, migrate


def seat_levels(
    levels: Sequence[str], players: int, partnerships: bool, index: int, rng: random.Random
) -> tuple[str, ...]:
    """The levels of one calibration match's seats."""
    if partnerships and players == 4:
        pairs = list(itertools.permutations(levels, 2)) or [(levels[0], levels[0])]
        a, b = pairs[index % len(pairs)]
        return (a, b, a, b)
    return tuple(rng.choice(levels) for _ in range(players))


def calibrate(
    db_url: str,
    game_name: str,
    preset: str,
    matches: int,
    levels: Sequence[str],
    seed: int = 1,
    workers: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """Play ``matches`` arena matches between ``levels`` and rate them; each level's rating afterwards."""
    game = get_game(game_name)
    presets = game.presets()
    if preset not in presets:
        raise ValueError(f"unknown rules {preset!r}; choose one of {', '.join(presets)}")
    unknown = [level for level in levels if level not in game.bot_kinds()]
    if unknown or not levels:
        raise ValueError(
            f"unknown computer level {', '.join(unknown) or '(none)'}; choose from {', '.join(game.bot_kinds())}"
        )
    players = presets[preset].default_players
    rng = random.Random(seed)
    tasks = [
        MatchTask(
            index=i,
            game=game_name,
            rules=preset,
            seats=seat_levels(levels, players, game.partnerships, i, rng),
            seed=rng.randrange(2**62),
            duplicate=False,
            fixed=True,
        )
        for i in range(matches)
    ]
    outcomes, seconds = play_all(tasks, workers, progress)
    engine = make_engine(db_url)
    migrate(engine)
    fam = family(game_name, preset)
    teams = teams_of(players, game.partnerships)
    run = secrets.token_hex(6)
    try:
        with engine.begin() as conn:
            for outcome in sorted(outcomes, key=lambda o: o.index):
                task = tasks[outcome.index]
                seat_players = [""] * players
                scores: dict[int, float] = {}
                for entry, seat in enumerate(outcome.seat_of):
                    seat_players[seat] = f"bot:{task.seats[entry]}"
                    scores[seat] = outcome.scores[entry]
                apply_match(conn, f"cal-{run}-{outcome.index}", game_name, fam, seat_players, teams, scores)
            shown = ratings_of(conn, [f"bot:{level}" for level in levels], game_name, fam)
    finally:
        engine.dispose()
    return {
        "game": game_name,
        "family": fam,
        "matches": matches,
        "seconds": round(seconds, 1),
        "levels": {player[4:]: rating for player, rating in shown.items()},
    }
