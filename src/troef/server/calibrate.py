"""``troef ratings calibrate``: computer levels rated against each other in the arena, on the people's scale.

Matches between the levels are played by the arena (:func:`troef.arena.core.play_all`,
fixed seats) on duplicate deals and rated into the server's database exactly as
a rated match of people is (:func:`troef.server.ratings.apply_match`): the
levels start from the same 1500 as a new person (not from the shipped
ratings), and every later rated match between people and computer players
moves the same numbers. At a partnership game each side is one level (every
pair of different levels in turn), and each deal seed is played twice with the
sides swapped; at Bonaken a set of levels is drawn for the seats and the same
seed is played once per seat with the levels turned round the table. So the
luck of the cards is shared, and what is left is the difference between the
levels.

``--out`` writes the result into the ratings file the package ships
(:data:`troef.server.ratings.DEFAULTS_FILE`): a fresh server's computer levels
start from those measured ratings instead of a new player's guess.
"""

from __future__ import annotations

import itertools
import random
import secrets
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final

from troef.arena.core import MatchTask, play_all
from troef.games import game as get_game
from troef.server.ratings import MU, apply_match, family, rating_row, shown, teams_of
from troef.server.schema import make_engine, migrate


def set_size(players: int, partnerships: bool) -> int:
    """Matches played on one deal seed: both ways round at a partnership game of four, else once per seat."""
    return 2 if partnerships and players == 4 else players


def seat_levels(
    levels: Sequence[str], players: int, partnerships: bool, index: int, drawn: Sequence[str]
) -> tuple[str, ...]:
    """The levels of calibration match ``index``'s seats; ``drawn`` is its set's levels at a game without
    partnerships (one per seat, turned round the table by one seat per match of the set)."""
    number, turn = divmod(index, set_size(players, partnerships))
    if partnerships and players == 4:
        sides = list(itertools.combinations(levels, 2)) or [(levels[0], levels[0])]
        a, b = sides[number % len(sides)]
        if turn:
            a, b = b, a
        return (a, b, a, b)
    return tuple(drawn[(seat - turn) % players] for seat in range(players))


def tasks_of(game_name: str, preset: str, matches: int, levels: Sequence[str], seed: int) -> list[MatchTask]:
    """The arena matches of a calibration: ``matches`` rounded up to whole sets of duplicate deals."""
    game = get_game(game_name)
    players = game.presets()[preset].default_players
    size = set_size(players, game.partnerships)
    rng = random.Random(seed)
    tasks: list[MatchTask] = []
    for number in range(-(-matches // size)):
        deal_seed = rng.randrange(2**62)
        drawn = [rng.choice(levels) for _ in range(players)]
        while len(levels) > 1 and len(set(drawn)) == 1:  # a table of one level measures nothing
            drawn = [rng.choice(levels) for _ in range(players)]
        for turn in range(size):
            index = number * size + turn
            seats = seat_levels(levels, players, game.partnerships, index, drawn)
            tasks.append(MatchTask(index, game_name, preset, seats, deal_seed, duplicate=True, fixed=True))
    return tasks


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
    tasks = tasks_of(game_name, preset, matches, levels, seed)
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
                apply_match(
                    conn, f"cal-{run}-{outcome.index}", game_name, fam, seat_players, teams, scores, shipped=False
                )
            found = {level: rating_row(conn, f"bot:{level}", game_name, fam, shipped=False) for level in levels}
    finally:
        engine.dispose()
    return {
        "game": game_name,
        "family": fam,
        "matches": len(tasks),
        "seed": seed,
        "seconds": round(seconds, 1),
        "levels": {
            level: {**shown(mu, sigma), "mu": mu, "sigma_exact": sigma, "matches": n}
            for level, (mu, sigma, n) in found.items()
        },
    }


HEADER = """\
# The computer levels' ratings a fresh server starts from (troef.server.ratings.shipped_ratings):
# measured by `troef ratings calibrate ... --out` in the arena on duplicate deals, levels starting at 1500,
# then shifted together so that the club level sits at 1500, where a new person starts (the gaps are measured).
# One line `# <game> <family>: <command> (<matches> matches, seed <seed>, <date>)` per family measured,
# then one row per level: game, family, level, mu, sigma, matches.
"""


#: The level pinned at a new person's rating in the shipped file. A calibration among computer players alone
#: measures the gaps between the levels, not where they stand against people; a new person is taken to play
#: like a club player until their matches say otherwise.
ANCHOR: Final = "club"


def write_defaults(path: Path, result: dict[str, Any], command: str) -> None:
    """Put a calibration's result into the ratings file at ``path``, replacing its game and family's rows.

    The levels move together so that :data:`ANCHOR` (where measured) sits at :data:`~troef.server.ratings.MU`."""
    game, fam = result["game"], result["family"]
    anchor = result["levels"].get(ANCHOR)
    shift = MU - float(anchor["mu"]) if anchor is not None else 0.0
    notes: list[str] = []
    rows: list[str] = []
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith("# ") and line[2:].startswith(f"{game} {fam}: "):
                continue
            if line.startswith("# ") and ": troef ratings calibrate" in line:
                notes.append(line)
            elif line and not line.startswith("#") and not line.startswith("game\t"):
                if line.split("\t")[:2] != [game, fam]:
                    rows.append(line)
    when = datetime.now(UTC).date().isoformat()
    notes.append(f"# {game} {fam}: {command} ({result['matches']} matches, seed {result['seed']}, {when})")
    for level, found in sorted(result["levels"].items()):
        mu = found["mu"] + shift
        rows.append(f"{game}\t{fam}\t{level}\t{mu:.1f}\t{found['sigma_exact']:.1f}\t{found['matches']}")
    body = "\n".join([*sorted(notes), "game\tfamily\tlevel\tmu\tsigma\tmatches", *sorted(rows)])
    path.write_text(HEADER + body + "\n", encoding="utf-8")
