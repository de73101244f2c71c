"""Klaverjas's part of the arena: crosses and points, nat and pit by who played, the kraak words and how they ended.

Counted per side of every match (side 0: seats 0 and 2), and so per team in
the team arena (:mod:`troef.arena.teams`):

* *crosses* (Kraken 3.3: the side with the fewest wins the match, the four
  crosses for being behind in points included) and *points* per match, as
  measures with their 95% intervals and the difference between the teams;
* nat and pit *by who played*: as the playing side (the side that must take
  more than half of the points, which a kraak turns round: Kraken 3.1) how
  often it went nat and how often it took every trick; as the defending side
  how often the players went nat and how often it took every trick itself;
* the words of the kraak chain each side said (kraak, rekraak, superkraak)
  and how often each *succeeded*: the side that said it won the deal (the
  playing side when it did not go nat, the other side when it did), since
  each word claims just that.

The winner of a match is the score sheet's (fewest crosses, then points).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from troef.arena.core import Share
from troef.arena.part import ArenaPart, Watcher
from troef.games.klaverjas.match import Match

#: The kraak chain's words, lowest first.
WORDS: Final = ("kraak", "rekraak", "superkraak")
#: The counts kept per side (see the module docstring).
COUNTS: Final = ("played", "played_nat", "played_pit", "defended", "defended_nat", "defended_pit")


def _side() -> dict[str, Any]:
    return {**dict.fromkeys(COUNTS, 0), "words": {w: [0, 0] for w in WORDS}}


class _KlaverjasWatcher(Watcher):
    """Notes every finished deal of the score sheet, per side."""

    def __init__(self) -> None:
        self.rows = 0
        self.sides = [_side(), _side()]

    def after(self, match: Match, entry_at: dict[int, int]) -> None:
        for row in match.sheet.rows[self.rows :]:
            self.rows += 1
            result = row.result
            playing = result.playing_side
            won = playing ^ 1 if result.nat else playing
            for side in (0, 1):
                mine = self.sides[side]
                role = "played" if side == playing else "defended"
                mine[role] += 1
                mine[f"{role}_nat"] += result.nat
                mine[f"{role}_pit"] += result.pit == side
            for seat, word in match.deals[row.deal].chain:
                said = self.sides[seat & 1]["words"][word]
                said[0] += 1
                said[1] += (seat & 1) == won

    def extra(self, match: Match, entry_at: dict[int, int]) -> dict[str, Any]:
        sheet = match.sheet
        return {
            "sides": self.sides,
            "points": list(sheet.points),
            "crosses": list(sheet.crosses) if match.rules.scoring == "kraken" else None,
            "winner_side": sheet.winner(),
        }


class KlaverjasPart(ArenaPart):
    """Klaverjas in the arena."""

    def watcher(self) -> Watcher:
        return _KlaverjasWatcher()

    def team_measures(self, extra: dict[str, Any]) -> dict[str, tuple[float, float]]:
        measures: dict[str, tuple[float, float]] = {}
        if extra["crosses"] is not None:
            measures["crosses"] = (float(extra["crosses"][0]), float(extra["crosses"][1]))
        measures["points"] = (float(extra["points"][0]), float(extra["points"][1]))
        return measures

    def team_tally(self, stats: dict[str, Any], extra: dict[str, Any], side: int) -> None:
        mine = extra["sides"][side]
        for key in COUNTS:
            stats[key] = stats.get(key, 0) + mine[key]
        words: dict[str, list[int]] = stats.setdefault("words", {w: [0, 0] for w in WORDS})
        for word, (said, succeeded) in mine["words"].items():
            words[word][0] += said
            words[word][1] += succeeded

    def team_json(self, stats: dict[str, Any], matches: int) -> dict[str, Any]:
        def role(name: str) -> dict[str, Any]:
            deals = stats.get(name, 0)
            return {
                "deals": deals,
                "nat": Share(stats.get(f"{name}_nat", 0), deals).to_json(),
                "pit": Share(stats.get(f"{name}_pit", 0), deals).to_json(),
            }

        words: dict[str, list[int]] = stats.get("words", {w: [0, 0] for w in WORDS})
        return {
            "as_playing_side": role("played"),
            "as_defending_side": role("defended"),
            "kraak_words": {w: {"said": s, "succeeded": ok} for w, (s, ok) in words.items()},
        }

    def team_report(self, names: Sequence[str], stats: Sequence[dict[str, Any]], matches: int) -> list[str]:
        lines = [
            f"{'team':<24}{'playing: deals':>15}{'nat [95%]':>22}{'pit':>7}"
            f"{'defending: deals':>18}{'nat [95%]':>22}{'pit':>7}"
        ]
        for name, team in zip(names, stats, strict=True):
            cells = []
            for role in ("played", "defended"):
                deals = team.get(role, 0)
                nat = Share(team.get(f"{role}_nat", 0), deals)
                low, high = nat.interval
                cells.append(
                    f"{deals:>{15 if role == 'played' else 18}}{nat.share:>9.1%} [{low:5.1%}-{high:5.1%}]"
                    f"{team.get(f'{role}_pit', 0):>7}"
                )
            lines.append(f"{name:<24}" + "".join(cells))
        lines.append("kraak words said (succeeded: the side that said it won the deal):")
        for name, team in zip(names, stats, strict=True):
            words = team.get("words", {})
            said = ", ".join(f"{w} {words.get(w, [0, 0])[1]}/{words.get(w, [0, 0])[0]}" for w in WORDS)
            lines.append(f"  {name:<22}{said}")
        return lines


#: Klaverjas's part of the arena.
PART: Final = KlaverjasPart()
