"""A game of Binokel: rounds follow each other until a side reaches the target ("Das Spiel gewinnen").

The :class:`Match` deals each round with its own seeded generator, passes
actions to the current round, adds each round's score to the two sides'
totals and ends when a side has the target (1500 by default) or more at the
end of a round; when both have, the side that won the bidding of that round
wins. The first dealer is drawn at random, then the deal passes clockwise
("Austeilen"). troef ends a game that reaches ``max_rounds`` rounds (100) with
the side ahead winning: without it, a game where both sides keep losing their
bids could go on for ever (random players do).

>>> from troef.games.binokel.rules import preset
>>> m = Match(preset("cardgames"), seed=3, first_dealer=0)
>>> m.round.to_act, m.totals
(1, [0, 0])
"""

from __future__ import annotations

import copy
from collections.abc import Iterator

from troef.core.errors import IllegalActionError, RecordError
from troef.core.match import SeededMatch
from troef.core.refusals import Refusal
from troef.games.binokel.actions import BinokelAction
from troef.games.binokel.deal import Deal, deal_cards
from troef.games.binokel.rules import Rules
from troef.games.binokel.scoring import winner_of_match
from troef.games.binokel.state import DealState
from troef.games.binokel.texts import TEXTS


class Match(SeededMatch[Deal]):
    """A game of Binokel between two sides (0: seats 0 and 2; 1: seats 1 and 3)."""

    def __init__(
        self,
        rules: Rules,
        seed: int | None = None,
        first_dealer: int | None = None,
        *,
        deals: Iterator[Deal] | None = None,
    ) -> None:
        super().__init__(seed, first_dealer, 4, deals)  # "Austeilen": the first dealer is chosen at random
        self.rules = rules
        self.rounds: list[DealState] = []
        #: Each side's points so far.
        self.totals = [0, 0]
        #: The totals after each finished round.
        self.sheet: list[tuple[int, int]] = []
        #: The winning side once the game is over, else None.
        self.winner: int | None = None
        self._start_round(self.first_dealer)

    @property
    def round(self) -> DealState:
        """The round being played (the last one when the game is over)."""
        return self.rounds[-1]

    @property
    def is_over(self) -> bool:
        """Whether a side has won."""
        return self.winner is not None

    @property
    def to_act(self) -> int:
        """The seat to act, -1 when the game is over."""
        return -1 if self.winner is not None else self.round.to_act

    def legal_actions(self) -> tuple[BinokelAction, ...]:
        """The legal actions of the seat to act."""
        return () if self.winner is not None else self.round.legal_actions()

    def check(self, action: BinokelAction) -> str | None:
        """Why ``action`` is not allowed now (in English), or None."""
        refused = self.refusal(action)
        return None if refused is None else str(refused)

    def refusal(self, action: BinokelAction) -> Refusal | None:
        """Why ``action`` is not allowed now, as code and parameters (:mod:`troef.games.binokel.texts`), or None."""
        if self.winner is not None:
            return TEXTS.refusal("match_over")
        return self.round.refusal(action)

    def apply(self, action: BinokelAction) -> None:
        """Apply ``action`` to the current round; score it and deal the next when it ends."""
        if self.winner is not None:
            raise IllegalActionError(TEXTS.refusal("match_over"))
        current = self.round
        current.apply(action)
        if current.score is not None:
            self._after_round(current)

    def _start_round(self, dealer: int) -> None:
        deal = self.given_deal("game")
        if deal is not None:
            if deal.dealer != dealer:
                raise RecordError(
                    f"round {len(self.rounds) + 1}: the record deals from seat {deal.dealer}, not {dealer}"
                )
        else:
            deal = deal_cards(dealer, self.rng)
        self.rounds.append(DealState(self.rules, deal))

    def _after_round(self, current: DealState) -> None:
        score = current.score
        assert score is not None
        self.totals[0] += score.delta[0]
        self.totals[1] += score.delta[1]
        self.sheet.append((self.totals[0], self.totals[1]))
        self.winner = winner_of_match((self.totals[0], self.totals[1]), score.bidder, self.rules.target)
        if self.winner is None and self.rules.max_rounds and len(self.rounds) >= self.rules.max_rounds:
            # troef's limit (rules.max_rounds): the side ahead wins; level, the side that bid last
            lead = self.totals[0] - self.totals[1]
            self.winner = 0 if lead > 0 else 1 if lead < 0 else score.bidder
        if self.winner is None:
            self._start_round((current.dealer + 1) % 4)  # the deal passes clockwise

    def with_current_deal(self, deal: Deal, history: list[tuple[int, BinokelAction]] | None = None) -> Match | None:
        """The same game with the current round dealt as ``deal`` and its actions replayed, or None if one is illegal.

        ``history`` replaces the round's actions (a world in which other cards
        went over in the exchange); by default they are the round's own. The
        finished rounds are shared (they do not change any more); the
        generator is copied, so the new game deals on as this one would.
        """
        other = copy.copy(self)
        other.rng = copy.deepcopy(self.rng)
        other.totals = list(self.totals)
        other.sheet = list(self.sheet)
        fresh = DealState(self.rules, deal)
        other.rounds = [*self.rounds[:-1], fresh]
        other.given = None
        try:
            for seat, action in self.round.history if history is None else history:
                if fresh.to_act != seat:
                    return None
                fresh.apply(action)
        except IllegalActionError:
            return None
        return other

    def standing(self) -> list[dict[str, object]]:
        """Per seat: its side, the side's points, the target and whether the side won."""
        return [
            {
                "seat": seat,
                "side": seat & 1,
                "points": self.totals[seat & 1],
                "target": self.rules.target,
                "won": self.winner == seat & 1,
            }
            for seat in range(4)
        ]
