"""Binokel's part of the server: views of past rounds, the score sheet, the target switch and hints.

Everything else of the :class:`~troef.server.adapter.GameAdapter` comes from
:class:`~troef.server.adapter.CoreAdapter`. Views come only from the engine's
projection (:func:`troef.games.binokel.view.view_of_round`), for the current
round or a finished one (replays, and the result of the round just played,
which the table shows while the next round has not started). The lobby may
choose the target ("Das Spiel gewinnen": 1000, 1500 or 2000); nothing else of
the rules is taken from a client.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Final

from troef.games.binokel.game import rules_of
from troef.games.binokel.match import Match
from troef.games.binokel.rules import TARGETS
from troef.games.binokel.view import BinokelView, round_view, view_of_round
from troef.server.adapter import CoreAdapter

#: The variant switches the lobby offers, with the values each may take.
SWITCHES: Final[dict[str, tuple[object, ...]]] = {"target": TARGETS}


class BinokelAdapter(CoreAdapter):
    """Binokel (preset ``cardgames``) for the server."""

    switches: ClassVar[dict[str, tuple[object, ...]]] = SWITCHES

    def switch_default(self, preset: str, key: str) -> object:
        return getattr(rules_of(preset), key)

    def hand_started(self, match: Match) -> bool:
        return bool(match.round.history)

    def bot_pause(self, match: Match) -> float:
        """How much longer than usual a bot waits now: people read a finished round or trick first."""
        current = match.round
        if not current.history:
            return 3.0 if len(match.rounds) > 1 else 1.0
        if not current.current and current.played:
            return 2.0
        return 1.0

    # ------------------------------------------------------------------ views
    def view(self, match: Match, viewer: int, hand: int | None = None) -> BinokelView:
        last = len(match.rounds) - 1
        if hand is None or hand == last:
            return round_view(match, viewer)
        if not 0 <= hand < last:
            raise IndexError(f"no round {hand + 1} in this game")
        # a finished round: its score is in, and the totals after it are on the sheet
        return view_of_round(
            match.rounds[hand], viewer, preset=match.rules.preset, index=hand, totals=match.sheet[hand]
        )

    def views(self, match: Match, viewers: Sequence[int], hand: int | None = None) -> list[BinokelView]:
        return [self.view(match, viewer, hand) for viewer in viewers]

    # ------------------------------------------------------------------ the score sheet
    def public(self, match: Match) -> dict[str, Any]:
        """The running score: one row per finished round (bid, meld, trick points, change, totals), the target."""
        rows = []
        for index, (r, totals) in enumerate(zip(match.rounds, match.sheet, strict=False)):
            score = r.score
            if score is None:  # pragma: no cover - every round on the sheet is scored
                continue
            rows.append(
                {
                    "round": index + 1,
                    "dealer": r.dealer,
                    "declarer": r.declarer,
                    "bid": score.bid,
                    "side": score.bidder,
                    "trump": "hdcs"[r.trump] if r.trump >= 0 else None,
                    "meld": list(score.meld),
                    "tricks": list(score.tricks),
                    "conceded": score.conceded,
                    "made": score.made,
                    "delta": list(score.delta),
                    "totals": list(totals),
                }
            )
        return {
            "hand_no": len(match.rounds),
            "over": match.is_over,
            "target": match.rules.target,
            "totals": list(match.totals),
            "rows": rows,
            "winner": match.winner,
            "standing": match.standing(),
        }

    def result(self, match: Match) -> dict[str, Any]:
        return {
            "winner": match.winner,
            "totals": list(match.totals),
            "target": match.rules.target,
            "hands": len(match.rounds),
            "standing": match.standing(),
        }

    # ------------------------------------------------------------------ hints
