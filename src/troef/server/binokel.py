"""Binokel's part of the server: the score sheet and the result.

Everything else of the :class:`~troef.server.adapter.CoreAdapter` comes from
:class:`~troef.server.adapter.CoreAdapter`: the views (the game's projection of
the current round or a finished one: replays, and the result of the round just
played, which the table shows while the next round has not started) and the
lobby's one switch, the target ("Das Spiel gewinnen": 1000, 1500 or 2000;
:data:`troef.games.binokel.game.SWITCHES`).
"""

from __future__ import annotations

from typing import Any

from troef.games.binokel.match import Match
from troef.games.binokel.view import BinokelView
from troef.server.adapter import CoreAdapter


class BinokelAdapter(CoreAdapter[Match, BinokelView]):
    """Binokel (preset ``cardgames``) for the server."""

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
            "contracts": contracts(match),
        }

    # ------------------------------------------------------------------ hints


def contracts(match: Match) -> list[dict[str, int]]:
    """Per seat, its side's bids over the game: played (the side won the bidding), made, and lost (conceded or
    short of the bid)."""
    scores = [r.score for r in match.rounds if r.score is not None]
    out = []
    for seat in range(4):
        side = seat % 2
        played = [s for s in scores if s.bidder == side]
        made = sum(1 for s in played if s.made)
        out.append({"played": len(played), "made": made, "lost": len(played) - made})
    return out
