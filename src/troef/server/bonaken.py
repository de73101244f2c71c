"""Bonaken's part of the server: the score sheet, the false-roem warning, hints and the fast views.

Everything else of the :class:`~troef.server.adapter.CoreAdapter` comes from
:class:`~troef.server.adapter.CoreAdapter`, written once for every game (the
lobby's switches are the game's own, :data:`troef.games.bonaken.game.SWITCHES`).
Views come from :func:`troef.games.bonaken.view.hand_views` only, the one
projection of a hand for each seat or a spectator.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from troef.core.errors import NotationError
from troef.games.bonaken.actions import Bid, parse_action
from troef.games.bonaken.match import Match
from troef.games.bonaken.view import BonakenView, hand_views, views_to_bytes, views_to_json
from troef.server.adapter import CoreAdapter


class BonakenAdapter(CoreAdapter[Match, BonakenView]):
    """Bonaken (presets ``nk``, ``pagat``, ``hazerswoude``) for the server."""

    def views(self, match: Match, viewers: Sequence[int], hand: int | None = None) -> list[BonakenView]:
        # every seat's view of a hand in one pass (hand_views): a frame goes to every seat after each action
        return hand_views(match.hand if hand is None else match.hands[hand], viewers)

    def views_json(self, views: Sequence[BonakenView]) -> list[dict[str, Any]]:
        return views_to_json(views)

    def views_bytes(self, views: Sequence[BonakenView]) -> list[bytes]:
        return views_to_bytes(views)

    def public(self, match: Match) -> dict[str, Any]:
        sheet = match.sheet
        rules = match.rules
        return {
            "hand_no": len(match.hands),
            "over": match.is_over,
            "scoring": rules.scoring,
            "rows": [
                {
                    "hand": row.hand + 1,
                    "contract": row.contract,
                    "declarers": list(row.declarers),
                    "marks": {str(k): v for k, v in row.marks.items()},
                }
                for row in sheet.rows
            ],
            "status": [sheet.status(s).value for s in range(match.table)],
            "plus": list(sheet.plus),
            "minus": list(sheet.minus),
            "points": list(sheet.points) if rules.scoring in ("points5", "limpt_bogmans") else None,
            "table_points": ({str(k): v for k, v in sheet.table_points().items()} if rules.scoring == "nk" else None),
            "losers": list(sheet.losers()) if match.is_over else [],
            "standing": match.standing() if match.is_over else None,
        }

    def result(self, match: Match) -> dict[str, Any]:
        return {
            "losers": list(match.sheet.losers()),
            "standing": match.standing(),
            "hands": len(match.hands),
            "contracts": contracts(match),
        }

    def warning(self, match: Match, seat: int, text: str) -> str | None:
        """Why a legal action of ``seat`` would cost it dearly, or None: ``false_roem`` for a bid claiming roem
        its cards cannot reach whatever the blind card (nk rules 66-69: erin at once).

        Built from what the seat knows (its cards and the open centre), never from the blind card.
        """
        hand = match.hand
        if not hand.rules.false_roem_erin or hand.to_act != seat or hand.is_over:
            return None
        try:
            action = parse_action(text)
        except NotationError:
            return None
        if not isinstance(action, Bid) or action.text() not in {a.text() for a in hand.legal_actions()}:
            return None
        return "false_roem" if hand._is_false_roem(seat, action) else None

    def hint_values(self, view: BonakenView, budget: float, seed: int) -> list[dict[str, Any]]:
        """Every legal action with the chance that the seat's side succeeds after it, best first (as in the terminal).

        Empty where the solver is not installed. Runs in a worker process (it searches for about ``budget`` seconds).
        """
        if "pimc" not in self.bot_levels():
            return []
        from troef.games.bonaken.hints import hints

        found = hints(view, budget=budget, seed=seed)
        return [{"action": h.text, "value": h.value, "best": h.best} for h in found]


def contracts(match: Match) -> list[dict[str, int]]:
    """Per seat, the contracts it played (as a declarer, misère players each) and made, and the plus and minus
    marks the score sheet wrote for it (nk rule 59; the point-counting variants write points, counted as neither)."""
    out = []
    for seat in range(match.table):
        results = [h.result for h in match.hands if h.result is not None and seat in h.result.declarers]
        made = sum(1 for r in results if r.won.get(seat, False))
        marks = [row.marks.get(seat) for row in match.sheet.rows]
        out.append({"played": len(results), "made": made, "plus": marks.count("+"), "minus": marks.count("-")})
    return out
