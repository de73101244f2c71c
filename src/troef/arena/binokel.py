"""Binokel's part of the arena: points per round, contracts made by bid level, concessions.

Counted per side of every game (side 0: seats 0 and 2), and so per team in
the team arena (:mod:`troef.arena.teams`):

* *points per round* (the side's total at the end of the game over the rounds
  played, lost bids included: "Punktewertung") and the final *points*, as
  measures with their 95% intervals and the difference between the teams;
* rounds, and the side's *contracts*: rounds in which it won the bidding, by
  bid level (bands of 50: 250-299, 300-349, ...; 500 and more together), and
  how many it made (reached the bid), and how often it *conceded* ("Sich
  freiwillig überreizen").

The winner of a game is the engine's (the first side at the target; both in
the same round: the bidding side).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from troef.arena.core import Share
from troef.arena.part import ArenaPart, Watcher
from troef.games.binokel.match import Match

#: Bids from here up share one band.
_TOP: Final = 500


def bid_level(bid: int) -> str:
    """The band of a bid in the report.

    >>> bid_level(250), bid_level(340), bid_level(650)
    ('250-299', '300-349', '500+')
    """
    if bid >= _TOP:
        return f"{_TOP}+"
    low = bid // 50 * 50
    return f"{low}-{low + 49}"


def _side() -> dict[str, Any]:
    return {"rounds": 0, "conceded": 0, "contracts": {}}


class _BinokelWatcher(Watcher):
    """Notes every scored round, per side."""

    def __init__(self) -> None:
        self.rounds = 0
        self.sides = [_side(), _side()]

    def after(self, match: Match, entry_at: dict[int, int]) -> None:
        for played in match.rounds[self.rounds :]:
            score = played.score
            if score is None:
                break  # the round in play
            self.rounds += 1
            for side in (0, 1):
                self.sides[side]["rounds"] += 1
            mine = self.sides[score.bidder]
            mine["conceded"] += score.conceded
            slot = mine["contracts"].setdefault(bid_level(score.bid), [0, 0])
            slot[0] += 1
            slot[1] += score.made

    def extra(self, match: Match, entry_at: dict[int, int]) -> dict[str, Any]:
        return {"sides": self.sides, "totals": list(match.totals), "rounds": self.rounds, "winner_side": match.winner}


class BinokelPart(ArenaPart):
    """Binokel in the arena."""

    def watcher(self) -> Watcher:
        return _BinokelWatcher()

    def team_measures(self, extra: dict[str, Any]) -> dict[str, tuple[float, float]]:
        totals, rounds = extra["totals"], max(1, extra["rounds"])
        return {
            "points_per_round": (totals[0] / rounds, totals[1] / rounds),
            "points": (float(totals[0]), float(totals[1])),
        }

    def team_tally(self, stats: dict[str, Any], extra: dict[str, Any], side: int) -> None:
        mine = extra["sides"][side]
        stats["rounds"] = stats.get("rounds", 0) + mine["rounds"]
        stats["conceded"] = stats.get("conceded", 0) + mine["conceded"]
        contracts: dict[str, list[int]] = stats.setdefault("contracts", {})
        for level, (played, made) in mine["contracts"].items():
            slot = contracts.setdefault(level, [0, 0])
            slot[0] += played
            slot[1] += made

    def team_json(self, stats: dict[str, Any], matches: int) -> dict[str, Any]:
        contracts: dict[str, list[int]] = stats.get("contracts", {})
        played = sum(v[0] for v in contracts.values())
        return {
            "rounds": stats.get("rounds", 0),
            "contracts": {
                "played": played,
                "made": Share(sum(v[1] for v in contracts.values()), played).to_json(),
                "by_level": {k: {"played": v[0], "made": v[1]} for k, v in sorted(contracts.items())},
            },
            "conceded": stats.get("conceded", 0),
        }

    def team_report(self, names: Sequence[str], stats: Sequence[dict[str, Any]], matches: int) -> list[str]:
        lines = [f"{'team':<24}{'rounds':>8}{'contracts made [95%]':>32}{'conceded':>10}"]
        for name, team in zip(names, stats, strict=True):
            contracts: dict[str, list[int]] = team.get("contracts", {})
            played = sum(v[0] for v in contracts.values())
            made = Share(sum(v[1] for v in contracts.values()), played)
            low, high = made.interval
            lines.append(
                f"{name:<24}{team.get('rounds', 0):>8}{made.count:>8}/{played:<5}{made.share:>6.1%} "
                f"[{low:5.1%}-{high:5.1%}]{team.get('conceded', 0):>10}"
            )
        lines.append("contracts made by bid level:")
        for name, team in zip(names, stats, strict=True):
            levels = ", ".join(f"{k} {v[1]}/{v[0]}" for k, v in sorted(team.get("contracts", {}).items()))
            lines.append(f"  {name:<22}{levels or '-'}")
        return lines


#: Binokel's part of the arena.
PART: Final = BinokelPart()
