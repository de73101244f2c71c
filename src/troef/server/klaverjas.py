"""Klaverjas's part of the server: the roem of each trick in the views, the score sheet and hints.

Everything else of the :class:`~troef.server.adapter.CoreAdapter` comes from
:class:`~troef.server.adapter.CoreAdapter`: the views (the game's one
projection of a deal, in which the partner's cards are as hidden as the
opponents') and the lobby's switches (:data:`troef.games.klaverjas.game.SWITCHES`;
the engine refuses combinations the rules do not allow, and the lobby shows its reason).
"""

from __future__ import annotations

from typing import Any

from troef.cards import mask_of
from troef.games.klaverjas.match import Match
from troef.games.klaverjas.roem import trick_roem
from troef.games.klaverjas.view import KlaverjasView
from troef.server.adapter import CoreAdapter


class KlaverjasAdapter(CoreAdapter[Match, KlaverjasView]):
    """Klaverjas (presets ``kraken``, ``amsterdam``, ``rotterdam``) for the server."""

    def view_json(self, view: KlaverjasView) -> dict[str, Any]:
        """The view's JSON and, per complete trick, the roem that fell in it (public: the cards are open)."""
        data = view.to_json()
        data["trick_roem"] = [trick_roem(mask_of(c for _, c in cards), view.rules) for cards, _ in view.tricks]
        return data

    # ------------------------------------------------------------------ the score sheet
    def public(self, match: Match) -> dict[str, Any]:
        """The score sheet of the deals so far (points, roem, nat and pit, kraak level, crosses) and the quota."""
        sheet = match.sheet
        rules = match.rules
        return {
            "hand_no": len(match.deals),
            "over": sheet.over,
            "scoring": rules.scoring,
            "match_end": rules.match_end,
            "deals": rules.deals,
            "target": rules.target,
            "rows": [row.to_json() for row in sheet.rows],
            "points": list(sheet.points),
            "crosses": list(sheet.crosses),
            "final_crosses": list(sheet.final_crosses),
            "owed": list(owed) if (owed := match.owed()) is not None else None,
            "winner": sheet.winner(),
            "standing": match.standing(),
        }

    def result(self, match: Match) -> dict[str, Any]:
        sheet = match.sheet
        return {
            "winner": sheet.winner(),
            "points": list(sheet.points),
            "crosses": list(sheet.crosses),
            "scoring": match.rules.scoring,
            "hands": len(match.deals),
            "standing": match.standing(),
            "contracts": contracts(match),
        }

    # ------------------------------------------------------------------ hints


def contracts(match: Match) -> list[dict[str, int]]:
    """Per seat, its side's contracts over the match: played, made, nat, and pit (every trick of a deal taken
    by the seat's side, as playing side or not)."""
    out = []
    for seat in range(4):
        side = seat % 2
        played = [row.result for row in match.sheet.rows if row.result.playing_side == side]
        nat = sum(1 for r in played if r.nat)
        pit = sum(1 for row in match.sheet.rows if row.result.pit == side)
        out.append({"played": len(played), "made": len(played) - nat, "nat": nat, "pit": pit})
    return out
