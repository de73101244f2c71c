"""The team arena, written once for every partnership game: two teams of computer players over whole matches.

In a partnership game (:attr:`troef.core.game.Game.partnerships`: seats 0
and 2 play against seats 1 and 3; klaverjas, Binokel) :func:`run_teams`
seats two teams of bots, each team one kind of bot on both seats of its
side, and plays ``matches`` whole matches. Team ``t`` sits on side
``(t + i) % 2`` in match ``i``, so the teams change sides every match.

With ``duplicate=True`` the matches come in pairs that share one match seed,
hence the same deals and the same first dealer: the second match of a pair
gives each team the cards the other team held in the first (and each seat's
bot the same seed, so two teams of one kind play mirror images). The luck of the
cards cancels out of the *paired difference*: per pair, the mean over its two
matches of team 0's figure less team 1's, one observation per pair
(:func:`troef.stats.paired_difference`), with its 95% interval. Without
duplicate deals the difference is taken match by match.

Reported per team: matches won with the 95% Wilson interval (and draws), the
game's score per match (:meth:`~troef.core.game.Game.scores`) and each number
the game's part measures (:meth:`~troef.arena.core.ArenaPart.team_measures`:
klaverjas's crosses and points, Binokel's points per round) with 95%
intervals, the difference between the teams in each, decision times, and what
the game's part counts (:meth:`~troef.arena.core.ArenaPart.team_tally`).

>>> result = run_teams(["heuristic", "random"], matches=2, seed=1, rules="kraken", duplicate=True)
>>> [t.matches for t in result.teams], [sorted(t.sides.items()) for t in result.teams]
([2, 2], [[(0, 1), (1, 1)], [(0, 1), (1, 1)]])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from troef.arena.core import MatchOutcome, MatchTask, Progress, Share, play_all, timing_json
from troef.arena.part import ArenaPart, part_of
from troef.arena.seating import ArenaError, match_seed, parse_seat
from troef.core.errors import TroefError
from troef.games import first, with_preset
from troef.games import game as get_game
from troef.stats import Estimate, mean_interval, paired_difference

#: The figure every game has: its own score of a match (higher is better).
SCORE: Final = "score"


def side_of(team: int, match: int) -> int:
    """The side (0: seats 0 and 2, 1: seats 1 and 3) of team ``team`` in match number ``match``."""
    return (team + match) % 2


def team_seats(teams: Sequence[str], match: int) -> tuple[str, ...]:
    """The bot of each of the four seats in match number ``match``.

    >>> team_seats(["pimc", "heuristic"], 0), team_seats(["pimc", "heuristic"], 1)
    (('pimc', 'heuristic', 'pimc', 'heuristic'), ('heuristic', 'pimc', 'heuristic', 'pimc'))
    """
    at = {side_of(t, match): spec for t, spec in enumerate(teams)}
    return tuple(at[seat & 1] for seat in range(4))


@dataclass(slots=True)
class TeamStats:
    """The figures of one team over the run."""

    name: str
    part: ArenaPart = field(default_factory=ArenaPart, repr=False)
    matches: int = 0
    won: int = 0
    drawn: int = 0
    #: The game's score of each match (the same for both seats of the side).
    scores: list[float] = field(default_factory=list)
    #: The part's measures per match (see :meth:`ArenaPart.team_measures`).
    measures: dict[str, list[float]] = field(default_factory=dict)
    #: Per figure, this team less the other (paired per duplicate pair), set by :func:`summarize_teams`.
    difference: dict[str, Estimate] = field(default_factory=dict)
    times: list[float] = field(default_factory=list)
    fallbacks: int = 0
    #: Matches on each side.
    sides: dict[int, int] = field(default_factory=dict)
    #: What the game's part counts.
    stats: dict[str, Any] = field(default_factory=dict)

    def add(
        self, outcome: MatchOutcome, side: int, measures: dict[str, tuple[float, float]], winner: int | None
    ) -> None:
        self.matches += 1
        self.won += winner == side
        self.drawn += winner is None
        self.scores.append(outcome.scores.get(side, 0.0))
        for key, values in measures.items():
            self.measures.setdefault(key, []).append(values[side])
        for seat in (side, side + 2):
            self.times.extend(outcome.times.get(seat, ()))
            self.fallbacks += outcome.fallbacks.get(seat, 0)
        self.sides[side] = self.sides.get(side, 0) + 1
        self.part.team_tally(self.stats, outcome.extra, side)

    def to_json(self) -> dict[str, Any]:
        def interval(values: Sequence[float]) -> dict[str, Any]:
            return mean_interval(values).to_json()

        return {
            "name": self.name,
            "matches": self.matches,
            "won": Share(self.won, self.matches).to_json(),
            "drawn": self.drawn,
            SCORE: interval(self.scores),
            "measures": {key: interval(values) for key, values in self.measures.items()},
            "difference": {key: e.to_json() for key, e in self.difference.items()},
            **self.part.team_json(self.stats, self.matches),
            "decision_time": timing_json(self.times, 3),
            "fallbacks": self.fallbacks,
            "sides": {str(k): v for k, v in sorted(self.sides.items())},
        }


@dataclass(slots=True)
class TeamResult:
    """Everything :func:`run_teams` measured."""

    game: str
    rules: str
    specs: tuple[str, str]
    matches: int
    seed: int
    duplicate: bool
    seconds: float
    deals: int
    teams: list[TeamStats]
    outcomes: list[MatchOutcome]

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "rules": self.rules,
            "teams": list(self.specs),
            "matches": self.matches,
            "seed": self.seed,
            "duplicate": self.duplicate,
            "difference_per": "pair" if self.duplicate else "match",
            "seconds": round(self.seconds, 1),
            "deals": self.deals,
            "by_team": [t.to_json() for t in self.teams],
        }


def winner_side(outcome: MatchOutcome) -> int | None:
    """The side that won a match: the part's verdict when it gives one, else the higher score (None: a draw)."""
    if "winner_side" in outcome.extra:
        found: int | None = outcome.extra["winner_side"]
        return found
    a, b = outcome.scores.get(0, 0.0), outcome.scores.get(1, 0.0)
    return None if a == b else 0 if a > b else 1


def summarize_teams(
    specs: Sequence[str],
    outcomes: list[MatchOutcome],
    rules: str,
    seed: int,
    duplicate: bool,
    seconds: float,
    game: str,
) -> TeamResult:
    """The statistics of a set of team match outcomes (seats fixed, team ``t`` on side ``side_of(t, index)``)."""
    part = part_of(game)
    outcomes = sorted(outcomes, key=lambda o: o.index)
    names = list(specs) if specs[0] != specs[1] else [f"{spec}#{t}" for t, spec in enumerate(specs)]
    teams = [TeamStats(name=names[t], part=part) for t in range(2)]
    figures: dict[str, list[dict[int, float]]] = {SCORE: []}
    for outcome in outcomes:
        measures = part.team_measures(outcome.extra)
        winner = winner_side(outcome)
        sides = [side_of(t, outcome.index) for t in range(2)]
        for t in range(2):
            teams[t].add(outcome, sides[t], measures, winner)
        figures[SCORE].append({t: outcome.scores.get(sides[t], 0.0) for t in range(2)})
        for key, values in measures.items():
            figures.setdefault(key, []).append({t: values[sides[t]] for t in range(2)})
    groups = [o.index // 2 if duplicate else o.index for o in outcomes]
    if outcomes:
        for key, rows in figures.items():
            if len(rows) != len(outcomes):
                continue  # a measure some matches lack cannot be paired
            first = paired_difference(rows, groups, {0})
            teams[0].difference[key] = first
            teams[1].difference[key] = Estimate(-first.mean, -first.high, -first.low, first.n)
    return TeamResult(
        game=game,
        rules=rules,
        specs=(specs[0], specs[1]),
        matches=len(outcomes),
        seed=seed,
        duplicate=duplicate,
        seconds=seconds,
        deals=sum(o.hands for o in outcomes),
        teams=teams,
        outcomes=outcomes,
    )


def run_teams(
    teams: Sequence[str],
    matches: int = 100,
    seed: int = 1,
    rules: str | None = None,
    game: str | None = None,
    workers: int = 1,
    duplicate: bool = False,
    progress: Progress | None = None,
    cluster: str | None = None,
) -> TeamResult:
    """Play ``matches`` matches of the partnership game ``game`` between two teams of bots, and gather the figures.

    ``teams`` names the bot of each team (``["pimc", "heuristic"]``, settings
    as in the seat arena). With ``duplicate`` the matches come in pairs over
    the same deals with the teams swapped, so ``matches`` must be even. ``workers`` and ``cluster``
    say where the matches are played, as in :func:`troef.arena.core.run_arena`. ``game`` None: the game of
    ``rules``, or without them the first game played in partnerships (:func:`troef.games.first`).
    """
    try:
        if game is None:
            game = with_preset(rules) if rules is not None else first(lambda g: g.partnerships, "partnerships")
        played = get_game(game)
        preset = played.preset(rules if rules is not None else played.default_preset)
    except TroefError as exc:
        raise ArenaError(str(exc)) from None
    if not played.partnerships:
        raise ArenaError(f"{game} is not played in partnerships: name a bot per seat (--seats) instead of teams")
    if len(teams) != 2:
        raise ArenaError(f"name two teams (seats 0 and 2 against 1 and 3), not {len(teams)}")
    if 4 not in preset.players:
        raise ArenaError(f"the {preset.name} rules are not for four players in two partnerships")
    if matches < 1:
        raise ArenaError("play at least one match")
    if duplicate and matches % 2:
        raise ArenaError(f"duplicate matches come in pairs (the teams swapped): play an even number, not {matches}")
    part = part_of(game)
    probe = played.new_match(preset.name, 4, seed=0)
    for spec in teams:
        # an unknown name or a bad setting fails here, before any work
        kind, options = parse_seat(spec)
        part.seat_bot(played, kind, options, 0, lambda: probe)
    tasks = [
        MatchTask(i, game, preset.name, team_seats(teams, i), match_seed(seed, i, 2, duplicate), duplicate, fixed=True)
        for i in range(matches)
    ]
    outcomes, seconds = play_all(tasks, workers, progress, cluster)
    return summarize_teams(teams, outcomes, preset.name, seed, duplicate, seconds, game)


def describe_teams(result: TeamResult) -> str:
    """A plain-text report of a team arena run."""
    count = result.matches // 2
    pairs = f" (duplicate: {count} pair{'s' if count != 1 else ''} of matches, the teams swapped)"
    if not result.duplicate:
        pairs = ""
    lines = [
        f"{result.matches} matches of {result.game}/{result.rules}, seed {result.seed}{pairs}, "
        f"{result.deals} deals, {result.seconds:.0f} s",
        f"{'team':<24}{'won [95%]':>28}{'drawn':>7}{'score per match [95%]':>30}{'median ms':>11}{'p99 ms':>9}",
    ]
    for team in result.teams:
        won = Share(team.won, team.matches)
        low, high = won.interval
        score = mean_interval(team.scores)
        timing = timing_json(team.times, 3)
        lines.append(
            f"{team.name:<24}"
            f"{team.won:>6}/{team.matches:<4}{won.share:>6.1%} [{low:5.1%}-{high:5.1%}]"
            f"{team.drawn:>7}"
            f"{score.mean:>12.3f} [{score.low:8.3f} {score.high:8.3f}]"
            f"{timing.get('median_ms', 0):>11.3f}{timing.get('p99_ms', 0):>9.3f}"
        )
    keys = list(result.teams[0].measures)
    if keys:
        lines.append("per match [95% interval]:")
        for key in keys:
            cells = []
            for team in result.teams:
                e = mean_interval(team.measures.get(key, []))
                cells.append(f"{team.name} {e.mean:.3f} [{e.low:.3f} {e.high:.3f}]")
            lines.append(f"  {key:<18}" + "   ".join(cells))
    first = result.teams[0]
    per = "per duplicate pair (the same deals)" if result.duplicate else "per match"
    lines.append(f"{first.name} less {result.teams[1].name}, {per} [95% interval]:")
    lines += [f"  {key:<18}{estimate.text(3)}" for key, estimate in first.difference.items()]
    if any(team.fallbacks for team in result.teams):
        lines.append("fallbacks: " + ", ".join(f"{t.name} {t.fallbacks}" for t in result.teams))
    lines += part_of(result.game).team_report(
        [t.name for t in result.teams], [t.stats for t in result.teams], result.matches
    )
    return "\n".join(lines)
