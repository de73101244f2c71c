"""What Bonaken declares for the research layer (:class:`troef.core.game.ResearchPart`).

The deal is what nk rule 6 (pagat, hazerswoude 2.1) lays out: a hand for each
seat still in, the open and the closed centre cards and the sleepers; a
chance node per card fills them in that order (each card of the ones left as
likely), which deals every deal of the rules equally often. The first dealer
is drawn by lot where the preset says so (nk rule 5: each seat as likely),
else seat 0 deals. A deal returns each seat's mark: +1 plus, -1 minus, -2 erin
by false roem (nk rule 66); the points variants the points written, negated as
fewer is better; a hand everybody passed 0.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Final, Literal

from troef.cards import card_str
from troef.core.game import ResearchPart, SwitchValue
from troef.games.bonaken.actions import Bid
from troef.games.bonaken.deal import Deal
from troef.games.bonaken.match import Match, Status
from troef.games.bonaken.state import DealState
from troef.games.bonaken.view import BonakenView

__all__ = ["PART"]

#: The most points one contract moves in the point-counting variants (bid_points: pagat 5, Limpt-Bogmans 10).
_CONTRACT_POINTS: Final = {"points5": 5, "limpt_bogmans": 10}


def _cards_of(mask: int) -> tuple[int, ...]:
    return tuple(c for c in range(32) if mask >> c & 1)


def _mask(cards: Sequence[int]) -> int:
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


def mark_value(mark: str) -> float:
    """A seat's return for its mark on the sheet (nk rule 66: false roem puts the player erin, two minuses)."""
    if mark == "+":
        return 1.0
    if mark == "-":
        return -1.0
    if mark.startswith("erin"):
        return -2.0
    return -float(int(mark))  # points variants: the points written, fewer is better


class BonakenResearch(ResearchPart[Match, BonakenView]):
    """Bonaken for OpenSpiel and PettingZoo."""

    phases = ("bidding", "exchange", "trump", "roem", "play", "done")
    history = 256

    @cache  # noqa: B019  (one part, made once)
    def blocks(self) -> tuple[tuple[str, ...], ...]:
        from troef.games.bonaken.actions import Bid, BidKind
        from troef.games.bonaken.bidding import bid_ladder, six_values
        from troef.games.bonaken.roem import max_table_roem
        from troef.games.bonaken.rules import PRESETS, preset

        # misère sits beside the ladder (nk rule 10); open bonaak is Limpt-Bogmans' (in the ladder where played)
        bids: list[str] = [Bid(BidKind.MISERE).text(), Bid(BidKind.OPEN_BONAAK).text()]
        top_roem = 0
        for name in PRESETS:
            rules = preset(name)
            top_roem = max(top_roem, max_table_roem(rules.roem), *six_values(rules), 0)
            for players in rules.players:
                for bid in bid_ladder(rules, players).bids:
                    if bid.text() not in bids:
                        bids.append(bid.text())
        cards = [tuple(f"{verb} {card_str(c)}" for c in range(32)) for verb in ("play", "discard")]
        return (
            *cards,
            ("pass",),
            tuple(bids),
            tuple(f"trump {s}" for s in "hdcs"),
            tuple(f"roem {v}" for v in range(0, top_roem + 1, 10)),
            ("stuk",),
        )

    def actions(self) -> tuple[str, ...]:
        return tuple(text for block in self.blocks() for text in block)

    def utility(
        self, preset: str, players: int, episode: Literal["deal", "match"], switches: Mapping[str, SwitchValue]
    ) -> tuple[float, float]:
        from troef.games.bonaken.game import rules_of

        rules = rules_of(preset, switches)
        if episode == "match":
            # nk: the table points of rules 54-57 (10, 8, 4, 1 by the order of going out; erin 0); others -1 or 0
            return (0.0, 10.0) if rules.scoring == "nk" else (-1.0, 0.0)
        points = _CONTRACT_POINTS.get(rules.scoring, 0)
        return (-float(max(2, points)), float(max(1, points)))

    def longest_deal(self, preset: str, players: int) -> int:
        return 400

    def longest_match(self, preset: str, players: int) -> int:
        return 200

    def first_dealers(self, preset: str, players: int) -> tuple[int, ...]:
        from troef.games.bonaken.game import rules_of

        return tuple(range(players)) if rules_of(preset).first_dealer_by_lot else (0,)

    def deck(self, match: Match) -> tuple[int, ...]:
        return tuple(range(32))

    def piles(self, match: Match) -> tuple[int, ...]:
        deal = match.hand.deal
        return (
            *(mask.bit_count() for mask in deal.hands),
            deal.open.bit_count(),
            deal.closed.bit_count(),
            deal.sleepers.bit_count(),
        )

    def dealt(self, match: Match, piles: Sequence[Sequence[int]]) -> Match:
        old = match.hand
        table = old.deal.table
        masks = [_mask(p) for p in piles]
        deal = Deal(table, old.deal.dealer, old.deal.seats, tuple(masks[:table]), *masks[table:])
        other = copy.copy(match)
        other.hands = [
            *match.hands[:-1],
            DealState(match.rules, deal, compulsory_misere=old.compulsory_misere, standing=old.standing),
        ]
        return other

    def deal_piles(self, match: Match, index: int) -> tuple[tuple[int, ...], ...]:
        deal = match.hands[index].deal
        return tuple(_cards_of(m) for m in (*deal.hands, deal.open, deal.closed, deal.sleepers))

    def deal_actions(self, match: Match, index: int) -> tuple[str, ...]:
        return tuple(action.text() for _seat, action in match.hands[index].history)

    def deal_returns(self, match: Match, deals_before: int) -> list[float]:
        result = match.hands[deals_before - 1].result
        if result is None or result.redeal:
            return [0.0] * match.table  # everybody passed: the same dealer deals again
        marks = match.sheet.rows[-1].marks
        return [mark_value(marks[s]) if s in marks else 0.0 for s in range(match.table)]

    def context_size(self, players: int) -> int:
        return len(Status) * players

    def context(self, view: BonakenView) -> Sequence[float]:
        """Each seat's status on the score sheet when the hand was dealt (nk rule 59: suf, krom, recht, wip,
        eruit, erin) one-hot, seats relative to the viewer (all zero for a hand on its own)."""
        statuses = list(Status)
        out = [0.0] * (len(statuses) * view.table)
        me = max(view.viewer, 0)
        for seat, status in enumerate(view.standing or ()):
            out[((seat - me) % view.table) * len(statuses) + statuses.index(Status(status))] = 1.0
        return out

    def unsound(self, match: Match, seat: int) -> frozenset[str]:
        """The bids that put the seat erin for false roem (nk rules 66-69): roem it cannot hold whatever the
        blind card. The engine's own test, which reads the seat's hand and the open centre only."""
        hand = match.hand
        if not hand.rules.false_roem_erin or match.is_over or hand.to_act != seat:
            return frozenset()
        return frozenset(
            bid.text() for bid in hand.legal_actions() if isinstance(bid, Bid) and hand._is_false_roem(seat, bid)
        )

    def redeal(self, match: Match, seat: int, rng: random.Random) -> Match | None:
        from troef.games.bonaken.view import hand_view

        hand = _hand_from(hand_view(match.hand, seat), rng)
        if hand is None:
            return None
        hand.compulsory_misere = match.hand.compulsory_misere  # (the match decides it, not the view)
        # the finished hands and the sheet stay; the generator is copied, so the match deals on as this one would
        other = copy.copy(match)
        other.rng = copy.deepcopy(match.rng)
        other.sheet = copy.deepcopy(match.sheet)
        other.hands = [*match.hands[:-1], hand]
        return other

    def from_view(self, view: BonakenView, rng: random.Random) -> Match | None:
        hand = _hand_from(view, rng)
        if hand is None:
            return None
        # a match whose current hand is the world: the sheet as the view's standing says (who is out, the
        # marks a status means), so that the hand's end writes its marks and deals on as the match would
        match = Match(view.rules, view.table, rng.randrange(1 << 30), view.dealer)
        sheet = match.sheet
        for s, status in enumerate(view.standing or ()):
            st = Status(status)
            if st in (Status.ERUIT, Status.ERIN):
                sheet.out[s] = st
            sheet.plus[s] = 2 if st == Status.ERUIT else int(st in (Status.RECHT, Status.WIP))  # nk rules 52, 53, 59
            sheet.minus[s] = 2 if st == Status.ERIN else int(st in (Status.KROM, Status.WIP))
            sheet.played[s] = st != Status.SUF
        match.hands = [hand]
        return match

    def table_of(self, view: BonakenView) -> tuple[str, int, dict[str, SwitchValue]]:
        return view.preset, view.table, {}


def _hand_from(view: BonakenView, rng: random.Random) -> DealState | None:
    """The hand now as the pimc player's sampler draws it without its bid evidence."""
    from troef.games.bonaken.pimc_sample import Sampler

    return Sampler(view, view.rules).draw(rng, evidence=False)


#: The one part.
PART: Final = BonakenResearch()
