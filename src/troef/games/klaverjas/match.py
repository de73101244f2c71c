"""A match: deals follow each other, the score sheet adds them up, and the end is decided.

A match is 16 deals (switch: played to 1500 points, common rules). The dealer
moves one seat clockwise each deal. The :class:`ScoreSheet` writes per deal
who played and trump, the kraak level, per side card points, roem, nat and
pit, the deal's score, penalty crosses (Kraken 3.3) and what each side still
owes of the kraak quota (Kraken 3.1); at the end of a Kraken match the side
behind in points gets four crosses and the side with the fewest crosses wins.

>>> from troef.games.klaverjas.rules import preset
>>> m = Match(preset("kraken"), seed=3, first_dealer=0)
>>> m.to_act, [a.text() for a in m.legal_actions()][:2]
(1, ['trump h', 'trump d'])
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from troef.core.errors import IllegalActionError, RecordError
from troef.core.match import SeededMatch
from troef.core.refusals import Refusal
from troef.games.klaverjas.actions import KlaverjasAction
from troef.games.klaverjas.deal import Deal, deal_cards
from troef.games.klaverjas.kraak import LEVELS, Quota
from troef.games.klaverjas.rules import Rules
from troef.games.klaverjas.scoring import DealScore, score_deal
from troef.games.klaverjas.state import DealResult, DealState
from troef.games.klaverjas.texts import TEXTS


@dataclass(frozen=True, slots=True)
class SheetRow:
    """One line of the score sheet."""

    deal: int
    dealer: int
    result: DealResult
    score: DealScore
    #: Totals after this deal: points and crosses per side.
    points: tuple[int, int]
    crosses: tuple[int, int]
    #: Kraaks each side still owes after this deal (Kraken 3.1), or None without a quota.
    owed: tuple[int, int] | None

    def to_json(self) -> dict[str, Any]:
        """The row as JSON-ready data."""
        r = self.result
        return {
            "deal": self.deal + 1,
            "dealer": self.dealer,
            "declarer": r.declarer,
            "trump": "hdcs"[r.trump],
            "kraak": LEVELS[r.level],
            "playing_side": r.playing_side,
            "card_points": list(r.card_points),
            "roem": list(r.roem),
            "hand_roem": list(r.hand_roem),
            "hand_roem_cancelled": list(r.hand_roem_cancelled),
            "stuk": list(r.stuk),
            "nat": r.nat,
            "pit": r.pit,
            "score": list(self.score.points),
            "deal_crosses": list(self.score.crosses),
            "points": list(self.points),
            "crosses": list(self.crosses),
            "owed": list(self.owed) if self.owed is not None else None,
        }


class ScoreSheet:
    """The match's score sheet, per side (side 0: seats 0 and 2, side 1: seats 1 and 3)."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.rows: list[SheetRow] = []
        self.points = [0, 0]
        self.crosses = [0, 0]
        #: Kraken 3.3: the crosses the side behind in points got at the end (per side).
        self.final_crosses = [0, 0]
        self.over = False

    def winner(self) -> int | None:
        """The winning side of a finished match, or None (not over, or a draw).

        Kraken 3.3: the fewest crosses win; decided: equal crosses, then the
        higher points; equal in both is a draw. Common rules: the higher points.
        """
        if not self.over:
            return None
        keys = []
        for side in (0, 1):
            if self.rules.scoring == "kraken":
                keys.append((-self.crosses[side], self.points[side]))
            else:
                keys.append((self.points[side], 0))
        if keys[0] == keys[1]:
            return None
        return 0 if keys[0] > keys[1] else 1


class Match(SeededMatch[Deal]):
    """A match of klaverjas from a seed: deals dealt with the match's own generator."""

    def __init__(
        self,
        rules: Rules,
        seed: int | None = None,
        first_dealer: int | None = None,
        *,
        deals: Iterator[Deal] | None = None,
    ) -> None:
        # decided: without a given first dealer the match's generator draws one
        super().__init__(seed, first_dealer, 4, deals)
        self.rules = rules
        self.quota = Quota(rules.kraak_quota, rules.deals, self.first_dealer) if rules.kraak_quota else None
        self.sheet = ScoreSheet(rules)
        self.deals: list[DealState] = []
        self._next_deal()

    # ------------------------------------------------------------------ dealing
    def _next_deal(self) -> None:
        index = len(self.deals)
        dealer = (self.first_dealer + index) % 4  # the deal passes clockwise
        dealt = self.given_deal("match")
        if dealt is not None:
            if dealt.dealer != dealer:
                raise RecordError(f"deal {index + 1}: the dealer must be seat {dealer}, not {dealt.dealer}")
            dealt.validate()
        else:
            dealt = deal_cards(self.rules, dealer, self.rng)
        must = (False, False)
        if self.quota is not None:
            must = (self.quota.must_kraak(0, index), self.quota.must_kraak(1, index))
        self.deals.append(DealState(self.rules, dealt, must_kraak=must))

    @property
    def deal(self) -> DealState:
        """The current (or, at the end, the last) deal."""
        return self.deals[-1]

    # ------------------------------------------------------------------ protocol
    @property
    def to_act(self) -> int:
        """The seat to act, -1 when the match is over."""
        return -1 if self.sheet.over else self.deals[-1].to_act

    @property
    def is_over(self) -> bool:
        """Whether the match has ended."""
        return self.sheet.over

    def legal_actions(self) -> tuple[KlaverjasAction, ...]:
        """The legal actions of the seat to act."""
        return () if self.sheet.over else self.deals[-1].legal_actions()

    def check(self, action: KlaverjasAction) -> str | None:
        """Why ``action`` is not allowed now (in English), or None."""
        refused = self.refusal(action)
        return None if refused is None else str(refused)

    def refusal(self, action: KlaverjasAction) -> Refusal | None:
        """Why ``action`` is not allowed now, as code and parameters (:mod:`troef.games.klaverjas.texts`), or None."""
        if self.sheet.over:
            return TEXTS.refusal("match_over")
        return self.deals[-1].refusal(action)

    def apply(self, action: KlaverjasAction) -> None:
        """Apply a legal action; the next deal is dealt as soon as one ends."""
        if self.sheet.over:
            raise IllegalActionError(TEXTS.refusal("match_over"))
        deal = self.deals[-1]
        deal.apply(action)
        if deal.result is not None:
            self._write(deal)
            if not self.sheet.over:
                self._next_deal()

    # ------------------------------------------------------------------ the sheet
    def _write(self, deal: DealState) -> None:
        assert deal.result is not None
        rules = self.rules
        sheet = self.sheet
        score = score_deal(deal.result, rules)
        for side in (0, 1):
            sheet.points[side] += score.points[side]
            sheet.crosses[side] += score.crosses[side]
        owed: tuple[int, int] | None = None
        if self.quota is not None:
            for side in (0, 1):
                if deal.kraaked[side]:
                    self.quota.said[side] += 1
            owed = (self.quota.owed(0), self.quota.owed(1))
        index = len(self.deals) - 1
        if rules.match_end == "deals":
            sheet.over = index + 1 >= rules.deals
        else:
            sheet.over = max(sheet.points) >= rules.target
        if sheet.over and rules.scoring == "kraken" and sheet.points[0] != sheet.points[1]:
            behind = 0 if sheet.points[0] < sheet.points[1] else 1
            sheet.final_crosses[behind] = rules.crosses_for_points  # Kraken 3.3: four crosses for the points
            sheet.crosses[behind] += rules.crosses_for_points
        sheet.rows.append(
            SheetRow(
                index,
                deal.dealer,
                deal.result,
                score,
                (sheet.points[0], sheet.points[1]),
                (sheet.crosses[0], sheet.crosses[1]),
                owed,
            )
        )

    def owed(self) -> tuple[int, int] | None:
        """Kraaks each side still owes (Kraken 3.1), or None without a quota."""
        if self.quota is None:
            return None
        return (self.quota.owed(0), self.quota.owed(1))

    def standing(self) -> list[dict[str, Any]]:
        """One entry per seat: its side's points, crosses, kraaks owed, and whether it won."""
        winner = self.sheet.winner()
        owed = self.owed()
        return [
            {
                "seat": seat,
                "side": seat & 1,
                "points": self.sheet.points[seat & 1],
                "crosses": self.sheet.crosses[seat & 1],
                "owed": owed[seat & 1] if owed is not None else None,
                "won": None if not self.sheet.over else winner == seat & 1,
            }
            for seat in range(4)
        ]
