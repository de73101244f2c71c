"""Bonaken's part of the arena: its measuring seats, who buys the round, who leaves first, contracts by kind.

* A bot *buys the round* when it goes erin (two minuses); with nk scoring,
  where several players may end erin, only the first to go erin buys (nk rule
  52); a match in which nobody goes erin has no buyer. The share comes with
  its 95% Wilson interval. In pagat and hazerswoude the last player left in
  also buys: the report counts those rounds apart (*left last*), since they
  call for bolder bidding where two minuses call for more care.
* It *leaves first* when it is among the first to go eruit (two pluses).
* Contracts: how often it is declarer, and how often it makes the contract,
  by contract kind.

``pimc`` and the ``strong`` level take settings (``pimc:budget=1.0,samples=40``, see
:class:`troef.games.bonaken.pimc.Strength`); ``cheat``
(:mod:`troef.games.bonaken.cheat`) sees every card and is seated by the arena
alone, for measurement. ``cheat:sees=bidding`` sees them only in the
decisions named (``bidding``, ``exchanging``, ``declaring``, ``defending``,
joined by ``+``) and plays the others as the strong level: what the hidden
cards of each decision cost.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any, Final

from troef.arena.core import ArenaResult, BotStats, MatchOutcome, Share
from troef.arena.part import ArenaPart, Watcher
from troef.arena.seating import ArenaError
from troef.core.bot import Bot
from troef.core.game import AnyGame
from troef.games.bonaken.actions import BidKind
from troef.games.bonaken.match import Match

#: Contract kinds as the report names them.
KIND_NAMES: Final = {
    BidKind.NUMBER: "number",
    BidKind.MISERE: "misere",
    BidKind.ZWABBER: "zwabber",
    BidKind.BONAAK: "bonaak",
    BidKind.OPEN_BONAAK: "open_bonaak",
}


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
            elif isinstance(current, str):
                changes[key] = value  # bids=model, bids_file=PATH
            else:
                changes[key] = float(value)
        except ValueError:
            raise ArenaError(f"bad value {value!r} for the setting {key!r}") from None
    return dataclasses.replace(base, **changes)


class _BonakenWatcher(Watcher):
    """Notes every declarer's result and the order in which players went erin."""

    def __init__(self) -> None:
        self.hands = 0
        #: (entry, contract kind, made) for every declarer of every hand played.
        self.contracts: list[tuple[int, str, bool]] = []
        self.erin_order: list[int] = []

    def after(self, match: Match, entry_at: dict[int, int]) -> None:
        finished = match.hands[:-1] if not match.is_over else match.hands
        for hand in finished[self.hands :]:
            result = hand.result
            assert result is not None
            self.hands += 1
            if result.contract is not None:
                kind = KIND_NAMES[result.contract.kind]
                for declarer in result.declarers:
                    self.contracts.append((entry_at[declarer], kind, bool(result.won.get(declarer, False))))
            if not result.redeal:
                # nk rule 52: who went erin in this hand (false roem first: it is decided at the bid)
                for s in match.sheet.last_out:
                    if match.sheet.out.get(s) is not None and match.sheet.out[s].value == "erin":
                        self.erin_order.append(entry_at[s])

    def extra(self, match: Match, entry_at: dict[int, int]) -> dict[str, Any]:
        sheet = match.sheet
        first_out = [entry_at[s] for s in sheet.eruit_groups[0]] if sheet.eruit_groups else []
        erin = [entry_at[s] for s in sheet.losers()]
        order = self.erin_order or erin  # pagat/hazerswoude: the last one left is made erin at the end
        points = sheet.table_points() if match.rules.scoring == "nk" else {}
        seat_of = {entry: seat for seat, entry in entry_at.items()}
        buyer = order[0] if order else None
        return {
            "buyer": buyer,
            # erin with fewer than two minuses: everybody else went out (pagat "Die Anschrift")
            "buyer_left_last": buyer is not None and sheet.minus[seat_of[buyer]] < 2,
            "erin": erin,
            "first_out": first_out,
            "table_points": {entry_at[s]: p for s, p in points.items()},
            "contracts": self.contracts,
        }


class BonakenPart(ArenaPart):
    """Bonaken in the arena."""

    def seat_bot(self, game: AnyGame, kind: str, options: dict[str, str], seed: int, match: Callable[[], Any]) -> Bot:
        if kind == "cheat":
            from troef.games.bonaken.cheat import PERFECT, SIGHTS, CheatBot
            from troef.games.bonaken.game import GAME

            settings = dict(options)
            sees = tuple(settings.pop("sees", "+".join(SIGHTS)).split("+"))
            try:
                return CheatBot(
                    lambda: GAME.deal_in_play(match()), seed=seed, strength=_strength(settings, PERFECT), sees=sees
                )
            except ValueError as error:
                raise ArenaError(str(error)) from None
        if kind == "pimc":
            from troef.games.bonaken.pimc import PimcBot, Strength

            return PimcBot(seed=seed, strength=_strength(options, Strength()), rules=match().rules)
        if kind == "strong":
            from troef.games.bonaken.levels import StrongBot
            from troef.games.bonaken.pimc import Strength

            return StrongBot(seed=seed, strength=_strength(options, Strength()), rules=match().rules)
        return super().seat_bot(game, kind, options, seed, match)

    def watcher(self) -> Watcher:
        return _BonakenWatcher()

    def tally(self, stats: dict[str, Any], extra: dict[str, Any], entry: int) -> None:
        stats["buys"] = stats.get("buys", 0) + (extra["buyer"] == entry)
        stats["buys_left_last"] = stats.get("buys_left_last", 0) + (
            extra["buyer"] == entry and extra.get("buyer_left_last", False)
        )
        stats["erin"] = stats.get("erin", 0) + (entry in extra["erin"])
        stats["first_out"] = stats.get("first_out", 0) + (entry in extra["first_out"])
        stats["table_points"] = stats.get("table_points", 0) + extra["table_points"].get(entry, 0)
        contracts: dict[str, list[int]] = stats.setdefault("contracts", {})
        for who, kind, made in extra["contracts"]:
            if who == entry:
                slot = contracts.setdefault(kind, [0, 0])
                slot[0] += 1
                slot[1] += made

    def stats_json(self, stats: dict[str, Any], matches: int) -> dict[str, Any]:
        contracts: dict[str, list[int]] = stats.get("contracts", {})
        played, made = declarer(stats)
        return {
            "buys_the_round": Share(stats.get("buys", 0), matches).to_json(),
            "buys_left_last": stats.get("buys_left_last", 0),
            "erin_any": stats.get("erin", 0),
            "leaves_first": Share(stats.get("first_out", 0), matches).to_json(),
            "table_points_mean": round(stats.get("table_points", 0) / matches, 3) if matches else None,
            "declarer": {
                "played": played,
                "made": made,
                "made_share": round(made / played, 4) if played else None,
                "by_kind": {k: {"played": v[0], "made": v[1]} for k, v in sorted(contracts.items())},
            },
        }

    def summary(self, outcomes: Sequence[MatchOutcome]) -> dict[str, Any]:
        return {"matches_without_buyer": sum(1 for o in outcomes if o.extra.get("buyer") is None)}

    def report(self, result: ArenaResult, rows: Sequence[BotStats]) -> list[str]:
        lines = [
            f"matches without a buyer: {result.summary['matches_without_buyer']}",
            f"{'bot':<26}{'buys the round':>24}{'leaves first':>24}{'declarer made':>16}",
        ]
        for bot in rows:
            buys = Share(bot.stats.get("buys", 0), bot.matches)
            first = Share(bot.stats.get("first_out", 0), bot.matches)
            bl, bh = buys.interval
            fl, fh = first.interval
            played, made = declarer(bot.stats)
            lines.append(
                f"{bot.name:<26}"
                f"{buys.share:>7.1%} [{bl:5.1%}-{bh:5.1%}]"
                f"{first.share:>9.1%} [{fl:5.1%}-{fh:5.1%}]"
                f"{made:>8}/{played:<7}"
            )
        for bot in rows:
            kinds = ", ".join(f"{k} {v[1]}/{v[0]}" for k, v in sorted(bot.stats.get("contracts", {}).items()))
            last = bot.stats.get("buys_left_last", 0)
            left = f"; bought {last} rounds as the last one left in" if last else ""
            lines.append(f"  {bot.name}: {kinds}{left}" + (f"; fallbacks {bot.fallbacks}" if bot.fallbacks else ""))
        return lines


def declarer(stats: dict[str, Any]) -> tuple[int, int]:
    """(contracts played, contracts made) of a bot's ``stats``."""
    contracts: dict[str, list[int]] = stats.get("contracts", {})
    return sum(v[0] for v in contracts.values()), sum(v[1] for v in contracts.values())


#: Bonaken's part of the arena.
PART: Final = BonakenPart()
