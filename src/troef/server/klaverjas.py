"""Klaverjas's part of the server: the lobby's switches, the views of past deals, the score sheet and hints.

Everything else of the :class:`~troef.server.adapter.GameAdapter` comes from
:class:`~troef.server.adapter.CoreAdapter`. Views come from the engine's one
projection of a deal (:func:`troef.games.klaverjas.view.state_view`): the
partner's cards are as hidden as the opponents'. The lobby may change the
variant switches of :data:`SWITCHES` of a preset (kraken, amsterdam,
rotterdam); the engine refuses combinations the rules do not allow (a kraak
quota in a match of points, say) and the lobby shows its reason.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Final

from troef.cards import mask_of
from troef.games.klaverjas.match import Match
from troef.games.klaverjas.roem import trick_roem
from troef.games.klaverjas.rules import preset
from troef.games.klaverjas.view import KlaverjasView, deal_view, state_view
from troef.server.adapter import _ON_OFF, CoreAdapter

#: The variant switches the lobby offers, with the values each may take (names as in the engine's rules).
SWITCHES: Final[dict[str, tuple[object, ...]]] = {
    "who_plays": ("verplicht", "vrij"),
    "follow": ("amsterdam", "rotterdam"),
    "undertrump": ("last_resort", "forced"),
    "packets": ("4-4", "3-2-3"),
    "roem_counting": ("auto", "claim"),
    "hand_roem": _ON_OFF,
    "kraak": _ON_OFF,
    "kraak_quota": (0, 1, 2, 3, 4),
    "nat_roem": ("to_other", "kept"),
    "match_end": ("deals", "points"),
    "deals": (2, 4, 8, 12, 16),
    "target": (500, 1000, 1500, 2000),
}


class KlaverjasAdapter(CoreAdapter):
    """Klaverjas (presets ``kraken``, ``amsterdam``, ``rotterdam``) for the server."""

    switches: ClassVar[dict[str, tuple[object, ...]]] = SWITCHES

    def switch_default(self, preset_name: str, key: str) -> object:
        return getattr(preset(preset_name), key)

    def hand_started(self, match: Match) -> bool:
        return bool(match.deal.history)

    def bot_pause(self, match: Match) -> float:
        """How much longer than usual a bot waits now: people look at a finished deal or trick first."""
        deal = match.deal
        if not deal.history:
            return 3.0 if len(match.deals) > 1 else 1.0
        if not deal.trick and deal.tricks:
            return 2.0
        return 1.0

    # ------------------------------------------------------------------ views
    def view(self, match: Match, viewer: int, hand: int | None = None) -> KlaverjasView:
        """The view of deal ``hand`` (an index; default the current one), with the score sheet up to it."""
        if hand is None or hand == len(match.deals) - 1:
            return deal_view(match, viewer)
        rows = match.sheet.rows[: hand + 1]
        last = rows[-1]
        return state_view(
            match.deals[hand],
            viewer,
            deal_number=hand + 1,
            sheet=tuple(row.to_json() for row in rows),
            points=last.points,
            crosses=last.crosses,
            owed=last.owed,
        )

    def views(self, match: Match, viewers: Sequence[int], hand: int | None = None) -> list[KlaverjasView]:
        return [self.view(match, viewer, hand) for viewer in viewers]

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
        }

    # ------------------------------------------------------------------ hints
