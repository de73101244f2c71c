"""The arena, written once for every game: whole matches between computer players, and their statistics.

:func:`run_arena` plays ``matches`` matches of a game (any game of
:mod:`troef.games`) between the bots named in ``seats`` and reports per bot
(each entry of the seat list, and each kind of bot over its entries):

* its mean score per match (the game's :meth:`~troef.core.game.Game.scores`:
  Bonaken's nk table points, or -1 for the player who buys the round) with a
  95% interval, and how often it scored best at its table (a share with its
  95% Wilson interval);
* with ``duplicate=True``, the *paired* difference between the bot and the
  field (the mean of the other seats) on the same deals, with its 95% interval:
  the figure that says whether a bot is stronger. Each deal is one
  observation (the mean over its rotations, :func:`troef.stats.paired_difference`),
  so the luck of the cards cancels out of the interval too; ``versus_field``
  is the same difference taken match by match (any run);
* its decision times (median and 99th percentile, decisions with a choice only);
* what the game's own part of the arena counts (:class:`ArenaPart`; Bonaken's
  in :mod:`troef.arena.bonaken`: who buys the round, who leaves first,
  contracts made by kind).

Seats rotate: in match ``i`` the bot listed ``j``-th sits at seat
``(i + j) mod n``, so over every ``n`` matches each bot has sat at every seat.
With ``duplicate=True`` the matches come in groups of ``n`` that share one
match seed, hence the same shuffles: the bots are rotated through the seats
over the same deals, so the luck of the cards cancels out.

A bot is named by its kind (``random``, ``heuristic``, ``pimc``), optionally
with settings the game's part understands: ``pimc:budget=1.0,samples=40``;
``cheat`` is seated by the arena alone (see :class:`ArenaPart`). Partnership
games also play two fixed teams, on the same match loop: :mod:`troef.arena.teams`.

>>> result = run_arena(["heuristic", "random"], matches=2, seed=1, rules="pagat")
>>> result.matches, [b.matches for b in result.bots]
(2, [2, 2])
"""

from __future__ import annotations

import importlib
import math
import multiprocessing
import statistics
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from troef.arena.part import ArenaPart, part_of
from troef.arena.seating import ArenaError, bot_seed, match_seed, parse_seat, seat_of
from troef.core.bot import Bot
from troef.core.errors import TroefError
from troef.core.parallel import WorkerLost, unordered
from troef.games import game as get_game
from troef.games import with_preset
from troef.stats import Estimate, mean_interval, paired_difference, wilson_interval

#: Actions in one match before the arena declares it stuck (a bot or engine bug).
_MAX_ACTIONS: Final = 100_000

Progress = Callable[[int, int], None]


# ---------------------------------------------------------------------------- one match
@dataclass(frozen=True, slots=True)
class MatchTask:
    """Everything a worker needs to play one match."""

    index: int
    game: str
    rules: str
    seats: tuple[str, ...]
    seed: int
    duplicate: bool
    #: The team arena seats every bot itself: ``seats`` is then the bot of each seat, not rotated.
    fixed: bool = False


@dataclass(slots=True)
class MatchOutcome:
    """What one match decided, by entry (the position of a bot in the seat list)."""

    index: int
    seed: int
    seat_of: tuple[int, ...]
    #: The game's score of each entry (higher is better).
    scores: dict[int, float]
    #: Deals played.
    hands: int
    #: Per entry, the seconds of each decision that had a choice.
    times: dict[int, list[float]]
    #: Per entry, decisions the bot left to its fallback (pimc).
    fallbacks: dict[int, int]
    #: The cards each seat saw at the start (the masks of their first views), to check duplicate mode.
    first_deal: tuple[int, ...]
    #: What the game's part noted (see :class:`Watcher`).
    extra: dict[str, Any] = field(default_factory=dict)
    #: The cards each seat saw at the start of every deal, deal by deal (duplicate checks over whole matches).
    deals: list[tuple[int, ...]] = field(default_factory=list)


def play_one(task: MatchTask) -> MatchOutcome:
    """Play one arena match to its end."""
    game, part = get_game(task.game), part_of(task.game)
    players = len(task.seats)
    match = game.new_match(task.rules, players, seed=task.seed)
    seats = tuple(range(players)) if task.fixed else tuple(seat_of(j, task.index, players) for j in range(players))
    entry_at = {seat: j for j, seat in enumerate(seats)}
    bots: dict[int, Bot] = {}
    # fixed seats in duplicate pairs: the bot of a seat draws the same chances in both matches of a pair, so
    # two teams of one kind play the pair as mirror images and only a difference between the bots remains
    number = task.index // 2 if task.fixed and task.duplicate else task.index
    for j, spec in enumerate(task.seats):
        kind, options = parse_seat(spec)
        bots[seats[j]] = part.seat_bot(game, kind, options, bot_seed(task.seed, number, j), lambda: match)
        bots[seats[j]].name = spec
    watcher = part.watcher()
    times: dict[int, list[float]] = {j: [] for j in range(players)}
    first_deal = tuple(game.view(match, s).known_cards() for s in range(players))
    deals = [first_deal]
    for _ in range(_MAX_ACTIONS):
        if match.is_over:
            break
        if game.deals(match) > len(deals):
            deals.append(tuple(game.view(match, s).known_cards() for s in range(players)))
        seat = match.to_act
        view = game.view(match, seat)
        start = time.perf_counter()
        action = bots[seat].act(view)
        elapsed = time.perf_counter() - start
        if len(view.legal) > 1:
            times[entry_at[seat]].append(elapsed)
        game.apply(match, action)
        watcher.after(match, entry_at)
    else:
        raise ArenaError(f"match {task.index} (seed {task.seed}) did not end")
    scores = game.scores(match)
    return MatchOutcome(
        index=task.index,
        seed=task.seed,
        seat_of=seats,
        scores={entry_at[s]: v for s, v in scores.items()},
        hands=game.deals(match),
        times=times,
        fallbacks={entry_at[s]: int(getattr(b, "fallbacks", 0)) for s, b in bots.items()},
        first_deal=first_deal,
        extra=watcher.extra(match, entry_at),
        deals=deals,
    )


# ---------------------------------------------------------------------------- statistics
def timing_json(times: Sequence[float], digits: int = 2) -> dict[str, Any]:
    """Decisions, median, 99th percentile and maximum in milliseconds of decision ``times`` (seconds)."""
    ordered = sorted(times)
    timing: dict[str, Any] = {"decisions": len(ordered)}
    if ordered:
        timing["median_ms"] = round(statistics.median(ordered) * 1000, digits)
        timing["p99_ms"] = round(ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))] * 1000, digits)
        timing["max_ms"] = round(ordered[-1] * 1000, digits)
    return timing


@dataclass(slots=True)
class Share:
    """A count out of ``n`` with its 95% Wilson interval."""

    count: int
    n: int

    @property
    def share(self) -> float:
        return self.count / self.n if self.n else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.count, self.n)

    def to_json(self) -> dict[str, Any]:
        low, high = self.interval
        return {
            "count": self.count,
            "n": self.n,
            "share": round(self.share, 4),
            "ci95": [round(low, 4), round(high, 4)],
        }


@dataclass(slots=True)
class BotStats:
    """The figures of one bot (one entry of the seat list, or all entries of one kind)."""

    name: str
    part: ArenaPart = field(default_factory=ArenaPart, repr=False)
    matches: int = 0
    #: The game's score of each match played.
    scores: list[float] = field(default_factory=list)
    #: Per match, the bot's score minus the mean score of the other seats (the paired difference).
    versus_field: list[float] = field(default_factory=list)
    #: Matches in which it scored best at its table (ties share).
    best: float = 0.0
    times: list[float] = field(default_factory=list)
    fallbacks: int = 0
    #: Matches per seat (rotation check).
    seats: dict[int, int] = field(default_factory=dict)
    #: What the game's part counts.
    stats: dict[str, Any] = field(default_factory=dict)
    #: Duplicate: the paired difference with the field per deal (see the module docstring).
    paired: Estimate | None = None

    def to_json(self) -> dict[str, Any]:
        timing = timing_json(self.times)
        return {
            "name": self.name,
            "matches": self.matches,
            "score": mean_interval(self.scores).to_json(),
            "versus_field": mean_interval(self.versus_field).to_json(),
            "paired_difference": self.paired.to_json() if self.paired is not None else None,
            "best_at_table": round(self.best / self.matches, 4) if self.matches else None,
            **self.part.stats_json(self.stats, self.matches),
            "decision_time": timing,
            "fallbacks": self.fallbacks,
            "seats": {str(k): v for k, v in sorted(self.seats.items())},
        }

    def add(self, outcome: MatchOutcome, entry: int) -> None:
        self.matches += 1
        mine = outcome.scores.get(entry, 0.0)
        others = [v for e, v in outcome.scores.items() if e != entry]
        self.scores.append(mine)
        if others:
            self.versus_field.append(mine - sum(others) / len(others))
        top = max(outcome.scores.values(), default=0.0)
        if mine == top:
            self.best += 1 / sum(1 for v in outcome.scores.values() if v == top)
        self.part.tally(self.stats, outcome.extra, entry)
        self.times.extend(outcome.times.get(entry, ()))
        self.fallbacks += outcome.fallbacks.get(entry, 0)
        seat = outcome.seat_of[entry]
        self.seats[seat] = self.seats.get(seat, 0) + 1


@dataclass(slots=True)
class ArenaResult:
    """Everything :func:`run_arena` measured."""

    game: str
    seats: tuple[str, ...]
    rules: str
    matches: int
    seed: int
    duplicate: bool
    seconds: float
    bots: list[BotStats]
    kinds: dict[str, BotStats]
    hands: int
    outcomes: list[MatchOutcome]
    summary: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "seats": list(self.seats),
            "rules": self.rules,
            "matches": self.matches,
            "seed": self.seed,
            "duplicate": self.duplicate,
            "seconds": round(self.seconds, 1),
            "hands": self.hands,
            **self.summary,
            "bots": [b.to_json() for b in self.bots],
            "by_kind": {k: b.to_json() for k, b in self.kinds.items()},
            # what `troef arena compare` pairs deal by deal with another run
            "per_match": [
                {"index": o.index, "seed": o.seed, "scores": [o.scores.get(j, 0.0) for j in range(len(self.seats))]}
                for o in self.outcomes
            ],
        }


def summarize(
    seats: Sequence[str],
    outcomes: list[MatchOutcome],
    rules: str,
    seed: int,
    duplicate: bool,
    seconds: float,
    game: str | None = None,
) -> ArenaResult:
    """The statistics of a set of match outcomes (``game`` None: the game of ``rules``)."""
    game = game or with_preset(rules)
    part = part_of(game)
    outcomes = sorted(outcomes, key=lambda o: o.index)
    bots = [BotStats(name=f"{spec}#{j}", part=part) for j, spec in enumerate(seats)]
    kinds: dict[str, BotStats] = {}
    for spec in seats:
        kinds.setdefault(spec, BotStats(name=spec, part=part))
    for outcome in outcomes:
        for j, spec in enumerate(seats):
            bots[j].add(outcome, j)
            kinds[spec].add(outcome, j)
    players = len(seats)
    if duplicate and outcomes and players > 1:
        scores = [{j: o.scores.get(j, 0.0) for j in range(players)} for o in outcomes]
        deals = [o.index // players for o in outcomes]
        for j in range(players):
            bots[j].paired = paired_difference(scores, deals, {j})
        for spec, stats in kinds.items():
            entries = {j for j, s in enumerate(seats) if s == spec}
            if len(entries) < players:
                stats.paired = paired_difference(scores, deals, entries)
    return ArenaResult(
        game=game,
        seats=tuple(seats),
        rules=rules,
        matches=len(outcomes),
        seed=seed,
        duplicate=duplicate,
        seconds=seconds,
        bots=bots,
        kinds=kinds,
        hands=sum(o.hands for o in outcomes),
        outcomes=outcomes,
        summary=part.summary(outcomes),
    )


# ---------------------------------------------------------------------------- the arena
def play_all(
    tasks: Sequence[MatchTask], workers: int, progress: Progress | None, cluster: str | None = None
) -> tuple[list[MatchOutcome], float]:
    """Play ``tasks`` in this process, in ``workers`` processes, or as tasks of a Ray ``cluster``
    (:func:`play_on_ray`); the outcomes and the seconds it took.

    Every match is played from its task alone (its seeds included), so where it is played changes
    nothing of its outcome but its decision times.
    """
    start = time.perf_counter()
    outcomes: list[MatchOutcome] = []
    if cluster is not None:
        outcomes = play_on_ray(tasks, cluster, progress)
    elif workers <= 1:
        for task in tasks:
            outcomes.append(play_one(task))
            if progress is not None:
                progress(len(outcomes), len(tasks))
    else:
        start_method = "fork" if "fork" in multiprocessing.get_all_start_methods() else None
        try:
            for outcome in unordered(play_one, tasks, workers, start_method):
                outcomes.append(outcome)
                if progress is not None:
                    progress(len(outcomes), len(tasks))
        except WorkerLost as exc:
            raise ArenaError(str(exc)) from None
    return outcomes, time.perf_counter() - start


def play_on_ray(tasks: Sequence[MatchTask], cluster: str, progress: Progress | None) -> list[MatchOutcome]:
    """Play ``tasks`` as Ray tasks, one per match, on the cluster ``cluster`` names.

    ``auto``: the Ray this process is already connected to, else the one ``ray.init()`` finds
    (``RAY_ADDRESS``, or the latest ``ray start`` on this machine), else a local Ray started for
    the run; ``ray://HOST:PORT``: a remote cluster through Ray Client. Every node needs this
    troef installed (``pip install 'troef[cluster]'``). A Ray this function started is shut down
    when it is done; one it found running is left running.
    """
    if cluster != "auto" and not cluster.startswith("ray://"):
        raise ArenaError(f"--cluster takes 'auto' or 'ray://HOST:PORT', not {cluster!r}")
    try:
        # imported by name: Ray is an optional extra, and this is the only place that uses it
        ray: Any = importlib.import_module("ray")
    except ImportError:
        raise ArenaError("--cluster needs Ray: pip install 'troef[cluster]'") from None
    started = not ray.is_initialized()
    if started:
        try:
            ray.init(address=None if cluster == "auto" else cluster, log_to_driver=False)
        except ConnectionError as exc:
            raise ArenaError(f"cannot reach the Ray cluster {cluster}: {exc}") from None
    try:
        remote = ray.remote(play_one)
        pending = [remote.remote(task) for task in tasks]
        outcomes: list[MatchOutcome] = []
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            outcomes.extend(ray.get(done))
            if progress is not None:
                progress(len(outcomes), len(tasks))
        return outcomes
    finally:
        if started:
            ray.shutdown()


def run_arena(
    seats: Sequence[str] = ("pimc", "heuristic", "heuristic", "heuristic"),
    matches: int = 100,
    seed: int = 1,
    rules: str = "nk",
    workers: int = 1,
    duplicate: bool = False,
    progress: Progress | None = None,
    game: str | None = None,
    cluster: str | None = None,
) -> ArenaResult:
    """Play ``matches`` matches of ``game`` between the bots of ``seats`` (one per seat) and gather the figures.

    ``game`` None: the game whose rule set ``rules`` is (:func:`troef.games.with_preset`).

    ``workers`` > 1 plays matches in that many processes; ``cluster`` (``auto`` or
    ``ray://HOST:PORT``) plays them as tasks of a Ray cluster instead (:func:`play_on_ray`), with
    the same results. ``progress(done, total)`` is called after each match (for a progress bar).
    """
    try:
        game = game or with_preset(rules)
        played = get_game(game)
        preset = played.preset(rules)
    except TroefError as exc:
        raise ArenaError(str(exc)) from None
    players = len(seats)
    if players not in preset.players:
        allowed = ", ".join(map(str, preset.players))
        raise ArenaError(f"the {rules} rules are for {allowed} players, not {players} seats")
    if matches < 1:
        raise ArenaError("play at least one match")
    part = part_of(game)
    probe = played.new_match(rules, players, seed=0)
    for spec in seats:
        # an unknown name or a bad setting fails here, before any work
        kind, options = parse_seat(spec)
        part.seat_bot(played, kind, options, 0, lambda: probe)
    tasks = [
        MatchTask(i, game, rules, tuple(seats), match_seed(seed, i, players, duplicate), duplicate)
        for i in range(matches)
    ]
    outcomes, seconds = play_all(tasks, workers, progress, cluster)
    return summarize(seats, outcomes, rules, seed, duplicate, seconds, game)


def compare_runs(first: Mapping[str, Any], second: Mapping[str, Any], entry: int = 0) -> Estimate:
    """How much better ``entry`` did in the run ``first`` than in ``second``, on the same deals.

    Both are the JSON of duplicate arena runs (``troef arena ... --duplicate
    --json``) of the same game, rules, seed, number of matches and seats, so
    that match ``i`` of one was dealt as match ``i`` of the other. Per deal:
    the entry's paired difference with the field in ``first`` less the same in
    ``second``; the estimate is the mean over deals with its 95% interval.
    Typically ``first`` seats a bot with a new setting where ``second`` seats
    the same bot without it.
    """
    return compare_pooled([(first, second)], entry)


def compare_pooled(pairs: Sequence[tuple[Mapping[str, Any], Mapping[str, Any]]], entry: int = 0) -> Estimate:
    """:func:`compare_runs` over several pairs of runs (e.g. one pair per seed), every deal one observation.

    Each pair is dealt alike within itself; the pairs must be of the same
    game and rules, so that their scores mean the same. One seed's 100 deals
    rarely tell a small gain from luck; the deals of several seeds together
    narrow the interval.
    """
    if not pairs:
        raise ArenaError("compare at least one pair of runs")
    differences: list[float] = []
    for first, second in pairs:
        for key in ("game", "rules"):
            if first.get(key) != pairs[0][0].get(key):
                raise ArenaError(f"the pairs differ in {key}: {pairs[0][0].get(key)!r} and {first.get(key)!r}")
        differences += _deal_differences(first, second, entry)
    return mean_interval(differences)


def _deal_differences(first: Mapping[str, Any], second: Mapping[str, Any], entry: int) -> list[float]:
    """Per deal of two runs dealt alike, ``entry``'s paired difference in ``first`` less that in ``second``."""
    for key in ("game", "rules", "seed", "matches", "duplicate"):
        if first.get(key) != second.get(key):
            raise ArenaError(f"the runs differ in {key}: {first.get(key)!r} and {second.get(key)!r}")
    if not first.get("duplicate"):
        raise ArenaError("compare duplicate runs (--duplicate): only they deal the same cards")
    players = len(first["seats"])
    if len(second["seats"]) != players or not 0 <= entry < players:
        raise ArenaError(f"both runs need the same number of seats, and entry {entry} among them")
    if "per_match" not in first or "per_match" not in second:
        raise ArenaError("a run has no per_match scores: it was written before `troef arena compare` existed")
    by_deal: dict[int, list[float]] = {}
    for one, two in zip(first["per_match"], second["per_match"], strict=True):
        if one["index"] != two["index"] or one["seed"] != two["seed"]:
            raise ArenaError(f"match {one['index']} was not dealt alike in both runs")
        gains = []
        for scores in (one["scores"], two["scores"]):
            rest = [v for j, v in enumerate(scores) if j != entry]
            gains.append(scores[entry] - math.fsum(rest) / len(rest))
        by_deal.setdefault(one["index"] // players, []).append(gains[0] - gains[1])
    return [math.fsum(d) / len(d) for d in by_deal.values()]


def describe(result: ArenaResult) -> str:
    """A plain-text report of an arena run."""
    lines = [
        f"{result.matches} matches of {result.game}/{result.rules}, seed {result.seed}"
        + (" (duplicate)" if result.duplicate else "")
        + f", {result.hands} deals, {result.seconds:.0f} s",
        f"{'bot':<26}{'score per match':>26}{'vs the field':>26}{'best':>7}{'median ms':>11}{'p99 ms':>9}",
    ]
    rows = list(result.bots)
    if len(result.kinds) < len(result.bots):
        rows += [b for b in result.kinds.values() if sum(1 for s in result.seats if s == b.name) > 1]
    for bot in rows:
        data = bot.to_json()
        score, versus, timing = mean_interval(bot.scores), mean_interval(bot.versus_field), data["decision_time"]
        lines.append(
            f"{bot.name:<26}"
            f"{score.mean:>8.3f} [{score.low:7.3f} {score.high:7.3f}]"
            f"{versus.mean:>8.3f} [{versus.low:7.3f} {versus.high:7.3f}]"
            f"{data['best_at_table'] or 0:>7.1%}"
            f"{timing.get('median_ms', 0):>11.1f}{timing.get('p99_ms', 0):>9.1f}"
        )
    if result.duplicate:
        lines.append("paired difference with the field on the same deals, per deal [95% interval]:")
        lines += [f"  {bot.name:<24}{bot.paired.text(3)}" for bot in rows if bot.paired is not None]
    lines += part_of(result.game).report(result, rows)
    return "\n".join(lines)
