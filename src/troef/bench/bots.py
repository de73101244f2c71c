"""``troef bench bots``: how long each computer player takes to decide, for any game.

A fixed, seeded set of game situations: the decisions of seeded matches of
the game's default rule set and number of players, played by its heuristic
bots (every phase, in the mix in which it occurs), keeping only decisions
with more than one legal action. Every bot decides every situation from the
view of the seat to act; the bench prints the median, the 99th percentile and
the maximum per bot, overall and per phase (the view's ``phase``), in CPU
time of this process (:data:`CLOCK`, as ``troef bench engine`` does: on a
shared machine the wall clock also counts the time other programs run; the
wall-clock figures are printed beside them). Written
once against the game protocol (:func:`troef.games.game`: ``new_match``,
``view``, ``apply``, the bot registry).

Bonaken is the default game: its situations are those of four-player nk
matches (bidding, exchange, trump, roem and card play), and the bots timed
are its levels (:data:`BOTS`). Another game times its :meth:`bot_kinds`.
The pimc bots run at their default strength, unless a bot is named with
settings as in the arena (``strong:nodes=60000,samples=48``): the bench
then times that bot, so a setting's cost is measured before it is adopted.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Sequence
from typing import Any

from troef.bots.registry import Bot, bot_kinds, make_bot
from troef.core.game import View
from troef.games import game as get_game
from troef.games import names as game_names

#: Bonaken's bots timed by default: the levels (the same bots as ``heuristic`` and ``pimc``, under their level names).
BOTS = ("random", "beginner", "club", "strong")
#: The clock decisions are timed with: this process's CPU time (see the module's text).
CLOCK = time.process_time
#: The game timed by default: the registry's first (troef's own come first).
GAME = game_names()[0]


def default_bots(game: str) -> tuple[str, ...]:
    """The bots timed when none are named: Bonaken's levels, else every kind the game's registry has."""
    return BOTS if game == GAME else bot_kinds(game)


def situations(count: int = 300, seed: int = 2026, game: str = GAME) -> list[View]:
    """The first ``count`` decisions with a choice of seeded matches of ``game`` between heuristic bots.

    Match ``k`` has seed ``seed + k`` and the game's default rule set and
    players; seat ``s`` of it plays with the seed ``(seed + k) * 4 + s``.
    """
    played = get_game(game)
    rules = played.default_preset
    players = played.preset(rules).default_players
    out: list[View] = []
    match_no = 0
    while len(out) < count:
        match = played.new_match(rules, players, seed=seed + match_no)
        bots = {s: make_bot(game, "heuristic", (seed + match_no) * 4 + s) for s in range(players)}
        while not match.is_over and len(out) < count:
            seat = match.to_act
            view = played.view(match, seat)
            if len(view.legal) > 1:
                out.append(view)
            played.apply(match, bots[seat].act(view))
        match_no += 1
    return out


def phase_of(view: View) -> str:
    """The phase label of a situation: the view's ``phase`` (every game's view has one)."""
    return str(getattr(view, "phase", "all"))


def _summary(times: list[float]) -> dict[str, Any]:
    ordered = sorted(times)
    return {
        "decisions": len(ordered),
        "median_ms": round(statistics.median(ordered) * 1000, 3),
        "p99_ms": round(ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))] * 1000, 3),
        "max_ms": round(ordered[-1] * 1000, 3),
        "mean_ms": round(sum(ordered) / len(ordered) * 1000, 3),
    }


def time_bot(bot: Bot, views: Sequence[View]) -> dict[str, Any]:
    """Decision times of ``bot`` over ``views``: overall and per phase."""
    by_phase: dict[str, list[float]] = {}
    every: list[float] = []
    walls: list[float] = []
    for view in views:
        start, start_wall = CLOCK(), time.perf_counter()
        action = bot.act(view)
        elapsed, wall = CLOCK() - start, time.perf_counter() - start_wall
        if action.text() not in view.legal:
            raise AssertionError(f"{bot!r} chose {action.text()!r}, not a legal action")
        every.append(elapsed)
        walls.append(wall)
        by_phase.setdefault(phase_of(view), []).append(elapsed)
    out = _summary(every)
    out["wall"] = _summary(walls)
    out["phases"] = {phase: _summary(times) for phase, times in sorted(by_phase.items())}
    fallbacks = getattr(bot, "fallbacks", None)
    if fallbacks is not None:
        out["fallbacks"] = fallbacks
    return out


def bench_bot(game: str, spec: str, seed: int) -> Bot:
    """The bot of ``spec``: a kind of the game's registry, or a kind with settings (``pimc:samples=20``),
    built as the arena builds a seat (:meth:`troef.arena.ArenaPart.seat_bot`)."""
    from troef.arena.part import part_of
    from troef.arena.seating import ArenaError, parse_seat

    kind, options = parse_seat(spec)
    if not options:
        return make_bot(game, kind, seed)
    if kind == "cheat":
        raise ArenaError("the cheat sees the cards of a match it follows; the bench times bots on views only")
    played = get_game(game)
    rules = played.default_preset
    # the arena's bots are built for a match (of its rules); the bench's situations are of the default rules
    probe = played.new_match(rules, played.preset(rules).default_players, seed=seed)
    return part_of(game).seat_bot(played, kind, options, seed, lambda: probe)


def run(count: int = 300, seed: int = 2026, bots: Sequence[str] | None = None, game: str = GAME) -> dict[str, Any]:
    """Time every bot of ``bots`` (default: :func:`default_bots`) on the same ``count`` situations of ``game``.

    A bot may carry settings (``strong:nodes=60000``), as a seat of the arena does.
    """
    played = get_game(game)
    kinds = tuple(bots) if bots is not None else default_bots(game)
    made = {kind: bench_bot(game, kind, seed) for kind in kinds}  # an unknown kind or setting fails before any work
    views = situations(count, seed, game)
    mix: dict[str, int] = {}
    for view in views:
        mix[phase_of(view)] = mix.get(phase_of(view), 0) + 1
    results = {kind: time_bot(bot, views) for kind, bot in made.items()}
    rules = played.default_preset
    players = played.preset(rules).default_players
    return {
        "game": game,
        "situations": len(views),
        "seed": seed,
        "clock": "process CPU time",
        "rules": rules,
        "players": players,
        "mix": mix,
        "bots": results,
    }
