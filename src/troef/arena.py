"""The arena: whole matches between computer players, with the statistics that tell them apart.

:func:`run_arena` plays ``matches`` matches of Bonaken (the score sheet until
the loser is found; with nk scoring until the match ends) between the bots
named in ``seats``, and reports per bot:

* how often it *buys the round*: it goes erin (two minuses); with nk scoring,
  where several players may end erin, only the first to go erin buys; a match
  in which nobody goes erin has no buyer. The share comes with its 95% Wilson
  interval;
* how often it leaves the match first (the first to go eruit, two pluses);
* how often it is declarer and how often it makes its contract, by contract kind;
* its decision times (median and 99th percentile, decisions with a choice only);
* its mean score with a 95% interval: table points per match with nk
  scoring, otherwise the loss share (1 for the match whose round it buys);
  with ``duplicate=True`` also the *paired* difference between the bot and
  the field (the other entries) on the same deals, with its 95% interval
  (:func:`troef.stats.paired_difference`): the figure that says whether a
  bot is stronger.

Seats rotate: in match ``i`` the bot listed ``j``-th sits at seat
``(i + j) mod n``, so over every ``n`` matches each bot has sat at every seat
(nk rule 5 draws the first dealer by lot, other rules let seat 0 deal first).
With ``duplicate=True`` the matches come in groups of ``n`` that share one
match seed, hence the same shuffles: the bots are rotated through the seats
over the same deals, so the luck of the cards cancels out.

A bot is named by its registry kind (the levels ``beginner``, ``club``,
``strong``, or ``random``, ``heuristic``, ``pimc``), ``pimc`` and ``strong``
optionally with settings: ``pimc:budget=1.0,samples=40`` (see
:class:`troef.games.bonaken.pimc.Strength`). ``cheat`` (see :mod:`troef.games.bonaken.cheat`)
sees every card; it exists for measurement only and is seated by the arena
alone.

>>> result = run_arena(["heuristic", "random"], matches=2, seed=1, rules="pagat")
>>> result.matches, [b.matches for b in result.bots]
(2, [2, 2])
"""

from __future__ import annotations

import dataclasses
import math
import multiprocessing
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from troef.bots.base import Bot, make_bot
from troef.core.errors import TroefError
from troef.games.bonaken.actions import BidKind
from troef.games.bonaken.match import Match
from troef.games.bonaken.rules import Rules, preset
from troef.games.bonaken.state import Hand
from troef.games.bonaken.view import hand_view
from troef.stats import Estimate, mean_interval, paired_difference

#: Contract kinds as the report names them.
KIND_NAMES: Final = {
    BidKind.NUMBER: "number",
    BidKind.MISERE: "misere",
    BidKind.ZWABBER: "zwabber",
    BidKind.BONAAK: "bonaak",
    BidKind.OPEN_BONAAK: "open_bonaak",
}
#: z of a two-sided 95% interval.
Z95: Final = 1.959963984540054
#: Actions in one match before the arena declares it stuck (a bot or engine bug).
_MAX_ACTIONS: Final = 100_000

Progress = Callable[[int, int], None]


class ArenaError(TroefError, ValueError):
    """A bad arena setting (seat names, counts)."""


def wilson_interval(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a binomial share.

    >>> low, high = wilson_interval(10, 100)
    >>> round(low, 4), round(high, 4)
    (0.0552, 0.1744)
    """
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


# ---------------------------------------------------------------------------- seating
def parse_seats(text: str) -> list[str]:
    """The seats of a comma-separated list, where a bot's settings may use commas too.

    >>> parse_seats("pimc:budget=1,samples=40,heuristic,random")
    ['pimc:budget=1,samples=40', 'heuristic', 'random']
    """
    seats: list[str] = []
    for token in (t.strip() for t in text.split(",")):
        if not token:
            continue
        if "=" in token and ":" not in token and seats:
            seats[-1] += "," + token  # another setting of the bot before
        else:
            seats.append(token)
    return seats


def parse_seat(spec: str) -> tuple[str, dict[str, str]]:
    """``'pimc:budget=1,samples=40'`` -> ``('pimc', {'budget': '1', 'samples': '40'})`` (``;`` separates too)."""
    kind, _, rest = spec.strip().partition(":")
    options: dict[str, str] = {}
    for part in rest.replace(";", ",").split(","):
        if not part.strip():
            continue
        key, eq, value = part.partition("=")
        if not eq:
            raise ArenaError(f"bad bot setting {part!r} in {spec!r}: write key=value")
        options[key.strip()] = value.strip()
    if not kind:
        raise ArenaError(f"empty bot name in {spec!r}")
    return kind, options


def _strength(options: dict[str, str], base: Any) -> Any:
    from troef.games.bonaken.pimc import Strength

    fields = {f.name: f.type for f in dataclasses.fields(Strength)}
    changes: dict[str, Any] = {}
    for key, value in options.items():
        if key not in fields:
            raise ArenaError(f"unknown pimc setting {key!r}; choose from {', '.join(fields)}")
        current = getattr(base, key)
        try:
            if key == "node_limit":
                changes[key] = None if value.lower() in ("", "none") else int(value)
            elif isinstance(current, bool):
                changes[key] = value.lower() in ("1", "true", "yes")
            elif isinstance(current, int):
                changes[key] = int(value)
            else:
                changes[key] = float(value)
        except ValueError:
            raise ArenaError(f"bad value {value!r} for the setting {key!r}") from None
    return dataclasses.replace(base, **changes)


def make_seat_bot(spec: str, seed: int, hand_of: Callable[[], Hand], rules: Rules) -> Bot:
    """The bot ``spec`` names, seeded; ``hand_of`` gives the cheat the true hand."""
    kind, options = parse_seat(spec)
    if kind == "cheat":
        from troef.games.bonaken.cheat import PERFECT, CheatBot

        return CheatBot(hand_of, seed=seed, name=spec, strength=_strength(options, PERFECT))
    if kind == "pimc":
        from troef.games.bonaken.pimc import PimcBot, Strength

        return PimcBot(seed=seed, name=spec, strength=_strength(options, Strength()), rules=rules)
    if kind == "strong":
        from troef.games.bonaken.levels import StrongBot
        from troef.games.bonaken.pimc import Strength

        return StrongBot(seed=seed, name=spec, strength=_strength(options, Strength()), rules=rules)
    if options:
        raise ArenaError(f"the {kind} bot takes no settings")
    bot = make_bot("bonaken", kind, seed)
    bot.name = spec
    return bot


def seat_of(entry: int, match: int, players: int) -> int:
    """The seat of the ``entry``-th bot in match number ``match`` (rotation)."""
    return (entry + match) % players


def match_seed(seed: int, match: int, players: int, duplicate: bool) -> int:
    """The seed of match ``match``: shared by each group of ``players`` matches in duplicate mode."""
    key = match // players if duplicate else match
    return (seed * 1_000_003 + key * 7_919 + 17) % 2**62


def _bot_seed(seed: int, match: int, entry: int) -> int:
    return (seed * 999_983 + match * 4_099 + entry * 131 + 5) % 2**62


# ---------------------------------------------------------------------------- one match
@dataclass(frozen=True, slots=True)
class MatchTask:
    """Everything a worker needs to play one match."""

    index: int
    seats: tuple[str, ...]
    rules: Rules
    seed: int
    duplicate: bool


@dataclass(slots=True)
class MatchOutcome:
    """What one match decided, by entry (the position of a bot in the seat list)."""

    index: int
    seed: int
    seat_of: tuple[int, ...]
    buyer: int | None
    erin: tuple[int, ...]
    first_out: tuple[int, ...]
    table_points: dict[int, int]
    #: (entry, contract kind, made) for every declarer of every hand played.
    contracts: list[tuple[int, str, bool]]
    hands: int
    #: Per entry, the seconds of each decision that had a choice.
    times: dict[int, list[float]]
    #: Per entry, decisions the bot left to its fallback (pimc).
    fallbacks: dict[int, int]
    #: The first deal of the match (seats' cards, open, closed), to check duplicate mode.
    first_deal: tuple[tuple[int, ...], int, int]


def play_one(task: MatchTask) -> MatchOutcome:
    """Play one arena match to its end."""
    players = len(task.seats)
    match = Match(task.rules, players, task.seed)
    seats = tuple(seat_of(j, task.index, players) for j in range(players))
    entry_at = {seat: j for j, seat in enumerate(seats)}

    def hand_of() -> Hand:
        return match.hand

    bots = {
        seats[j]: make_seat_bot(spec, _bot_seed(task.seed, task.index, j), hand_of, task.rules)
        for j, spec in enumerate(task.seats)
    }
    times: dict[int, list[float]] = {j: [] for j in range(players)}
    contracts: list[tuple[int, str, bool]] = []
    erin_order: list[int] = []
    first = match.hand.deal
    first_deal = (first.hands, first.open, first.closed)
    for _ in range(_MAX_ACTIONS):
        if match.is_over:
            break
        hand = match.hand
        seat = hand.to_act
        view = hand_view(hand, seat)
        start = time.perf_counter()
        action = bots[seat].act(view)
        elapsed = time.perf_counter() - start
        if len(view.legal) > 1:
            times[entry_at[seat]].append(elapsed)
        match.apply(action)
        if hand.is_over:
            result = hand.result
            assert result is not None
            if result.contract is not None:
                kind = KIND_NAMES[result.contract.kind]
                for declarer in result.declarers:
                    contracts.append((entry_at[declarer], kind, bool(result.won.get(declarer, False))))
            if not result.redeal:
                # nk rule 52: who went erin in this hand (false roem first: it is decided at the bid)
                for s in match.sheet.last_out:
                    if match.sheet.out.get(s) is not None and match.sheet.out[s].value == "erin":
                        erin_order.append(entry_at[s])
    else:
        raise ArenaError(f"match {task.index} (seed {task.seed}) did not end")
    sheet = match.sheet
    first_out = tuple(entry_at[s] for s in sheet.eruit_groups[0]) if sheet.eruit_groups else ()
    erin = tuple(entry_at[s] for s in sheet.losers())
    if not erin_order and erin:
        erin_order = list(erin)  # pagat/hazerswoude: the last one left is made erin at the end
    buyer = erin_order[0] if erin_order else None
    points = sheet.table_points() if task.rules.scoring == "nk" else {}
    fallbacks = {entry_at[s]: int(getattr(b, "fallbacks", 0)) for s, b in bots.items()}
    return MatchOutcome(
        index=task.index,
        seed=task.seed,
        seat_of=seats,
        buyer=buyer,
        erin=erin,
        first_out=first_out,
        table_points={entry_at[s]: p for s, p in points.items()},
        contracts=contracts,
        hands=len(match.hands),
        times=times,
        fallbacks=fallbacks,
        first_deal=first_deal,
    )


# ---------------------------------------------------------------------------- statistics
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
    matches: int = 0
    buys: int = 0
    erin: int = 0
    first_out: int = 0
    table_points: int = 0
    #: contract kind -> [played, made]
    contracts: dict[str, list[int]] = field(default_factory=dict)
    times: list[float] = field(default_factory=list)
    fallbacks: int = 0
    #: Matches per seat (rotation check).
    seats: dict[int, int] = field(default_factory=dict)
    #: Mean score per match (table points, or the loss share) with its 95% interval.
    score: Estimate | None = None
    #: Duplicate: the paired difference in score between this bot and the field on the same deals.
    paired: Estimate | None = None

    @property
    def buys_round(self) -> Share:
        return Share(self.buys, self.matches)

    @property
    def leaves_first(self) -> Share:
        return Share(self.first_out, self.matches)

    @property
    def declarer(self) -> tuple[int, int]:
        """(contracts played, contracts made)."""
        played = sum(v[0] for v in self.contracts.values())
        made = sum(v[1] for v in self.contracts.values())
        return played, made

    def to_json(self) -> dict[str, Any]:
        played, made = self.declarer
        ordered = sorted(self.times)
        timing: dict[str, Any] = {"decisions": len(ordered)}
        if ordered:
            timing["median_ms"] = round(statistics.median(ordered) * 1000, 2)
            timing["p99_ms"] = round(ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))] * 1000, 2)
            timing["max_ms"] = round(ordered[-1] * 1000, 2)
        return {
            "name": self.name,
            "matches": self.matches,
            "buys_the_round": self.buys_round.to_json(),
            "erin_any": self.erin,
            "leaves_first": self.leaves_first.to_json(),
            "table_points_mean": round(self.table_points / self.matches, 3) if self.matches else None,
            "declarer": {
                "played": played,
                "made": made,
                "made_share": round(made / played, 4) if played else None,
                "by_kind": {k: {"played": v[0], "made": v[1]} for k, v in sorted(self.contracts.items())},
            },
            "decision_time": timing,
            "fallbacks": self.fallbacks,
            "seats": {str(k): v for k, v in sorted(self.seats.items())},
            "score": self.score.to_json() if self.score is not None else None,
            "paired_difference": self.paired.to_json() if self.paired is not None else None,
        }

    def add(self, outcome: MatchOutcome, entry: int) -> None:
        self.matches += 1
        self.buys += outcome.buyer == entry
        self.erin += entry in outcome.erin
        self.first_out += entry in outcome.first_out
        self.table_points += outcome.table_points.get(entry, 0)
        for who, kind, made in outcome.contracts:
            if who == entry:
                slot = self.contracts.setdefault(kind, [0, 0])
                slot[0] += 1
                slot[1] += made
        self.times.extend(outcome.times.get(entry, ()))
        self.fallbacks += outcome.fallbacks.get(entry, 0)
        seat = outcome.seat_of[entry]
        self.seats[seat] = self.seats.get(seat, 0) + 1


@dataclass(slots=True)
class ArenaResult:
    """Everything :func:`run_arena` measured."""

    seats: tuple[str, ...]
    rules: str
    matches: int
    seed: int
    duplicate: bool
    seconds: float
    bots: list[BotStats]
    kinds: dict[str, BotStats]
    no_buyer: int
    hands: int
    outcomes: list[MatchOutcome]

    def to_json(self) -> dict[str, Any]:
        return {
            "seats": list(self.seats),
            "rules": self.rules,
            "matches": self.matches,
            "seed": self.seed,
            "duplicate": self.duplicate,
            "seconds": round(self.seconds, 1),
            "hands": self.hands,
            "matches_without_buyer": self.no_buyer,
            "bots": [b.to_json() for b in self.bots],
            "by_kind": {k: b.to_json() for k, b in self.kinds.items()},
        }


def score_of(outcome: MatchOutcome, entry: int, scoring: str) -> float:
    """What one match is worth to an entry: its table points with nk scoring, else 1 if it buys the round."""
    if scoring == "nk":
        return float(outcome.table_points.get(entry, 0))
    return 1.0 if outcome.buyer == entry else 0.0


def summarize(
    seats: Sequence[str], outcomes: list[MatchOutcome], rules: str, seed: int, duplicate: bool, seconds: float
) -> ArenaResult:
    """The statistics of a set of match outcomes."""
    outcomes = sorted(outcomes, key=lambda o: o.index)
    bots = [BotStats(name=f"{spec}#{j}") for j, spec in enumerate(seats)]
    kinds: dict[str, BotStats] = {}
    for spec in seats:
        kinds.setdefault(spec, BotStats(name=spec))
    for outcome in outcomes:
        for j, spec in enumerate(seats):
            bots[j].add(outcome, j)
            kinds[spec].add(outcome, j)
    scoring = preset(rules).scoring
    players = len(seats)
    scores = [{j: score_of(o, j, scoring) for j in range(players)} for o in outcomes]
    deals = [o.index // players for o in outcomes]
    by_kind: dict[str, list[int]] = {}
    for j, spec in enumerate(seats):
        by_kind.setdefault(spec, []).append(j)
    for spec, entries in by_kind.items():
        targets = [(bots[j], [j]) for j in entries]
        if len(entries) > 1:
            targets.append((kinds[spec], entries))
        for stats, chosen in targets:
            stats.score = mean_interval([sum(s[j] for j in chosen) / len(chosen) for s in scores])
            if duplicate and len(chosen) < players and outcomes:
                stats.paired = paired_difference(scores, deals, chosen)
    return ArenaResult(
        seats=tuple(seats),
        rules=rules,
        matches=len(outcomes),
        seed=seed,
        duplicate=duplicate,
        seconds=seconds,
        bots=bots,
        kinds=kinds,
        no_buyer=sum(1 for o in outcomes if o.buyer is None),
        hands=sum(o.hands for o in outcomes),
        outcomes=outcomes,
    )


# ---------------------------------------------------------------------------- the arena
def run_arena(
    seats: Sequence[str] = ("pimc", "heuristic", "heuristic", "heuristic"),
    matches: int = 100,
    seed: int = 1,
    rules: str = "nk",
    workers: int = 1,
    duplicate: bool = False,
    progress: Progress | None = None,
) -> ArenaResult:
    """Play ``matches`` matches between the bots of ``seats`` (one per seat) and gather the figures.

    ``workers`` > 1 plays matches in that many processes. ``progress(done,
    total)`` is called after each match (for a progress bar).
    """
    try:
        rule_set = preset(rules)
    except TroefError as exc:
        raise ArenaError(str(exc)) from None
    players = len(seats)
    if players not in rule_set.players:
        raise ArenaError(
            f"the {rules} rules are for {', '.join(map(str, rule_set.players))} players, not {players} seats"
        )
    if matches < 1:
        raise ArenaError("play at least one match")
    for spec in seats:
        # an unknown name or a bad setting fails here, before any work
        make_seat_bot(spec, 0, lambda: Match(rule_set, players, 0).hand, rule_set)
    tasks = [
        MatchTask(i, tuple(seats), rule_set, match_seed(seed, i, players, duplicate), duplicate) for i in range(matches)
    ]
    start = time.perf_counter()
    outcomes: list[MatchOutcome] = []
    if workers <= 1:
        for task in tasks:
            outcomes.append(play_one(task))
            if progress is not None:
                progress(len(outcomes), matches)
    else:
        context = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else None)
        with context.Pool(workers) as pool:
            for outcome in pool.imap_unordered(play_one, tasks):
                outcomes.append(outcome)
                if progress is not None:
                    progress(len(outcomes), matches)
    return summarize(seats, outcomes, rules, seed, duplicate, time.perf_counter() - start)


def describe(result: ArenaResult) -> str:
    """A plain-text report of an arena run."""
    lines = [
        f"{result.matches} matches of bonaken/{result.rules}, seed {result.seed}"
        + (" (duplicate)" if result.duplicate else "")
        + f", {result.hands} hands, {result.seconds:.0f} s; matches without a buyer: {result.no_buyer}",
        f"{'bot':<26}{'buys the round':>24}{'leaves first':>24}{'declarer made':>16}{'median ms':>11}{'p99 ms':>9}",
    ]
    rows = list(result.bots)
    if len(result.kinds) < len(result.bots):
        rows += [b for b in result.kinds.values() if sum(1 for s in result.seats if s == b.name) > 1]
    for bot in rows:
        buys, first = bot.buys_round, bot.leaves_first
        bl, bh = buys.interval
        fl, fh = first.interval
        played, made = bot.declarer
        timing = bot.to_json()["decision_time"]
        lines.append(
            f"{bot.name:<26}"
            f"{buys.share:>7.1%} [{bl:5.1%}-{bh:5.1%}]"
            f"{first.share:>9.1%} [{fl:5.1%}-{fh:5.1%}]"
            f"{made:>8}/{played:<7}"
            f"{timing.get('median_ms', 0):>11.1f}{timing.get('p99_ms', 0):>9.1f}"
        )
    what = "table points per match" if preset(result.rules).scoring == "nk" else "loss share (buys the round)"
    lines.append(
        f"{what}, mean [95% interval]"
        + ("; paired difference with the field on the same deals" if result.duplicate else "")
    )
    for bot in rows:
        if bot.score is None:
            continue
        digits = 2 if preset(result.rules).scoring == "nk" else 3
        paired = f"   paired {bot.paired.text(digits)}" if bot.paired is not None else ""
        lines.append(f"  {bot.name:<24}{bot.score.text(digits):<28}{paired}")
    for bot in rows:
        kinds = ", ".join(f"{k} {v[1]}/{v[0]}" for k, v in sorted(bot.contracts.items()))
        lines.append(f"  {bot.name}: {kinds}" + (f"; fallbacks {bot.fallbacks}" if bot.fallbacks else ""))
    return "\n".join(lines)
