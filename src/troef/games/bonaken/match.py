"""A match: hands follow each other until the loser is found (nk rules 51-59, pagat "Die Anschrift").

The :class:`ScoreSheet` keeps the plus/minus marks (or the points of the
pagat point-counting variants), each player's status, who is out, and the
final standing with the nk table points. :class:`Match` deals hands with its
own seeded generator, rotates the dealer, skips players who are out, and
passes actions to the current hand.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from troef.core.chance import GameRandom
from troef.core.errors import IllegalActionError, RecordError
from troef.core.match import SeededMatch
from troef.core.refusals import Refusal
from troef.games.bonaken.actions import Bid, BidKind, BonakenAction
from troef.games.bonaken.deal import Deal, deal_cards, draw_for_dealer
from troef.games.bonaken.result import HandResult
from troef.games.bonaken.rules import Rules
from troef.games.bonaken.state import DealState
from troef.games.bonaken.texts import TEXTS

#: nk rules 54-57: table points for first, second, third and fourth place.
TABLE_POINTS: Final = (10, 8, 4, 1)


class Status(StrEnum):
    """A player's standing on the score sheet (nk rule 59)."""

    SUF = "suf"  # has not played as declarer yet
    KROM = "krom"  # lost, not yet won
    RECHT = "recht"  # won, not yet lost
    WIP = "wip"  # won once and lost once: the next result decides
    ERUIT = "eruit"  # out as a winner (two pluses, or points run down)
    ERIN = "erin"  # out as a loser (two minuses): buys the round


def bid_points(bid: Bid, scoring: str) -> int:
    """Points a contract moves in the point-counting variants (pagat)."""
    kind, value = bid.kind, bid.value
    if scoring == "limpt_bogmans":
        if kind == BidKind.OPEN_BONAAK:
            return 10
        if kind != BidKind.NUMBER:
            return 5
        for limit, points in ((45, 1), (70, 2), (95, 3), (120, 5)):
            if value <= limit:
                return points
        return 6
    # pagat points from 5: 1 below 50, 2 below 75, 3 from 75; the English
    # text gives misère and zwabber 5, and bonaak is read the same way
    if kind != BidKind.NUMBER:
        return 5
    return 1 if value < 50 else 2 if value < 75 else 3


@dataclass(frozen=True, slots=True)
class SheetRow:
    """One line of the score sheet: the hand and the marks it wrote."""

    hand: int
    contract: str
    declarers: tuple[int, ...]
    marks: dict[int, str]


class ScoreSheet:
    """The match score sheet (in Dutch: the wedstrijdformulier, nk rule 59)."""

    def __init__(self, rules: Rules, table: int) -> None:
        self.rules = rules
        self.table = table
        self.plus = [0] * table
        self.minus = [0] * table
        start = 5 if rules.scoring in ("points5", "limpt_bogmans") else 0
        self.points = [start] * table
        self.played = [False] * table
        self.out: dict[int, Status] = {}
        #: Who went out as winner, hand by hand (seats going out together share a place, nk rule 54).
        self.eruit_groups: list[tuple[int, ...]] = []
        self.rows: list[SheetRow] = []
        #: Who went out in the last hand recorded (winners first, in seat order).
        self.last_out: tuple[int, ...] = ()
        self.over = False

    @property
    def active(self) -> tuple[int, ...]:
        """Seats still in the match."""
        return tuple(s for s in range(self.table) if s not in self.out)

    def status(self, seat: int) -> Status:
        """nk rule 59."""
        if seat in self.out:
            return self.out[seat]
        if self.plus[seat] and self.minus[seat]:
            return Status.WIP
        if self.plus[seat]:
            return Status.RECHT
        if self.minus[seat]:
            return Status.KROM
        return Status.SUF

    def record(self, result: HandResult, players: tuple[int, ...]) -> SheetRow:
        """Write the marks of a finished hand and update who is out."""
        rules = self.rules
        marks: dict[int, str] = {}
        assert result.contract is not None
        went_out: list[int] = []
        for seat in result.false_roem:
            # nk rule 66: false roem puts the player erin, whatever he stood
            marks[seat] = "erin (false roem)"
            self.minus[seat] = 2
            self.out[seat] = Status.ERIN
            went_out.append(seat)
        for seat in result.declarers:
            if seat in self.out:
                continue
            self.played[seat] = True
            won = result.won.get(seat, False)
            if rules.scoring in ("points5", "limpt_bogmans"):
                delta = bid_points(result.contract, rules.scoring)
                self.points[seat] += -delta if won else delta
                marks[seat] = f"{-delta if won else delta:+d}"
            else:
                if won:
                    self.plus[seat] += 1
                else:
                    self.minus[seat] += 1
                marks[seat] = "+" if won else "-"
        if rules.two_player_opposite_mark and len(players) == 2 and len(result.declarers) == 1:
            # hazerswoude 2.6: in a two-player hand the other player gets the opposite mark
            declarer = result.declarers[0]
            other = players[0] if players[1] == declarer else players[1]
            if other not in self.out and declarer not in result.false_roem:
                if result.won.get(declarer, False):
                    self.minus[other] += 1
                    marks[other] = "-"
                else:
                    self.plus[other] += 1
                    marks[other] = "+"
        eruit: list[int] = []
        for seat in players:
            if seat in self.out:
                continue
            if rules.scoring == "points5":
                if self.points[seat] <= 0:
                    eruit.append(seat)
                elif self.points[seat] >= 11:
                    self.out[seat] = Status.ERIN
                    went_out.append(seat)
            elif rules.scoring == "limpt_bogmans":
                if self.points[seat] < 1:
                    eruit.append(seat)
                elif self.points[seat] >= 10:
                    self.out[seat] = Status.ERIN
                    went_out.append(seat)
            elif self.plus[seat] >= 2:
                eruit.append(seat)  # nk rule 53, pagat
            elif self.minus[seat] >= 2:
                self.out[seat] = Status.ERIN  # nk rule 52, pagat
                went_out.append(seat)
        for seat in eruit:
            self.out[seat] = Status.ERUIT
        if eruit:
            self.eruit_groups.append(tuple(eruit))
        went_out[:0] = eruit
        row = SheetRow(len(self.rows), result.contract_name, result.declarers, marks)
        self.rows.append(row)
        self._check_over()
        self.last_out = tuple(went_out)
        return row

    def _check_over(self) -> None:
        active = self.active
        if self.rules.scoring == "nk":
            # nk rule 58: everyone in or out, or one player left
            self.over = len(active) <= 1
            return
        # pagat, hazerswoude: the first player with two minuses loses; if all
        # but one are out as winners, the last one left is the loser
        if any(status == Status.ERIN for status in self.out.values()):
            self.over = True
        elif len(active) <= 1:
            for seat in active:
                self.out[seat] = Status.ERIN
            self.over = True

    def losers(self) -> tuple[int, ...]:
        """Who buys the round: the players erin.

        pagat and hazerswoude look for one loser; two misère players who take
        their second minus in the same hand are both erin (the texts do not say
        otherwise), and nk may have several erin players.
        """
        return tuple(s for s, st in self.out.items() if st == Status.ERIN)

    def table_points(self) -> dict[int, int]:
        """nk rules 54-57: 10/8/4/1 by the order of going out; erin scores 0.

        Players who go out together (misère) share the place and the next place
        is skipped (nk rules 54-56); the one left over takes the next place
        (nk rule 57), so he scores more the more players went erin.
        """
        out = dict.fromkeys(range(self.table), 0)
        place = 0
        for group in self.eruit_groups:
            for seat in group:
                out[seat] = TABLE_POINTS[place] if place < len(TABLE_POINTS) else 0
            place += len(group)
        for seat in self.active:
            out[seat] = TABLE_POINTS[place] if place < len(TABLE_POINTS) else 0
        return out


class Match(SeededMatch[Deal]):
    """A match of Bonaken: the score sheet and the hands played so far.

    >>> from troef.games.bonaken.rules import preset
    >>> m = Match(preset("pagat"), players=4, seed=3, first_dealer=0)
    >>> m.hand.to_act
    1
    """

    def __init__(
        self,
        rules: Rules,
        players: int = 4,
        seed: int | None = None,
        first_dealer: int | None = None,
        *,
        deals: Iterator[Deal] | None = None,
    ) -> None:
        if players not in rules.players:
            raise RecordError(
                f"the {rules.preset} rules are for {', '.join(map(str, rules.players))} players, not {players}"
            )
        self.rules = rules
        self.table = players
        self.lot: list[tuple[int, int]] = []
        super().__init__(seed, first_dealer, players, deals, self._draw_first_dealer)
        self.sheet = ScoreSheet(rules, players)
        self.hands: list[DealState] = []
        self._start_hand(self.first_dealer)

    def _draw_first_dealer(self, rng: GameRandom) -> int:
        if not self.rules.first_dealer_by_lot:
            return 0
        dealer, self.lot = draw_for_dealer(self.table, rng)  # nk rule 5
        return dealer

    @property
    def hand(self) -> DealState:
        """The hand being played (the last one when the match is over)."""
        return self.hands[-1]

    @property
    def is_over(self) -> bool:
        """Whether the loser has been found (nk: everyone is in or out)."""
        return self.sheet.over

    @property
    def to_act(self) -> int:
        """The seat to act, -1 when the match is over."""
        return -1 if self.is_over else self.hand.to_act

    def legal_actions(self) -> list[BonakenAction]:
        """The legal actions of the current hand."""
        return [] if self.is_over else self.hand.legal_actions()

    def check(self, action: BonakenAction) -> str | None:
        """Why ``action`` is not allowed now (in English), or None."""
        refused = self.refusal(action)
        return None if refused is None else str(refused)

    def refusal(self, action: BonakenAction) -> Refusal | None:
        """Why ``action`` is not allowed now, as code and parameters (:mod:`troef.games.bonaken.texts`), or None."""
        if self.is_over:
            return TEXTS.refusal("match_over")
        return self.hand.refusal(action)

    def apply(self, action: BonakenAction) -> None:
        """Apply ``action`` to the current hand; deal the next hand when it ends."""
        if self.is_over:
            raise IllegalActionError(TEXTS.refusal("match_over"))
        hand = self.hand
        hand.apply(action)
        if hand.is_over:
            self._after_hand(hand)

    def _start_hand(self, dealer: int) -> None:
        seats = self.sheet.active
        deal = self.given_deal("match")
        if deal is not None:
            if deal.dealer != dealer or deal.seats != seats:
                raise RecordError(
                    f"hand {len(self.hands) + 1}: the record deals from seat {deal.dealer} to "
                    f"{list(deal.seats)}, the rules say dealer {dealer} and seats {list(seats)}"
                )
        else:
            deal = deal_cards(self.rules, self.table, seats, dealer, self.rng)
        compulsory = (
            self.rules.seven_compulsory_misere and not self.hands and len(seats) == 7
        )  # pagat variant: everyone bids misère in the first hand of seven
        standing = tuple(self.sheet.status(seat).value for seat in range(self.table))
        self.hands.append(DealState(self.rules, deal, compulsory_misere=compulsory, standing=standing))

    def _after_hand(self, hand: DealState) -> None:
        result = hand.result
        assert result is not None
        if result.redeal:
            self._start_hand(hand.deal.dealer)  # all passed: the same dealer deals again
            return
        self.sheet.record(result, hand.seats)
        if self.sheet.over:
            return
        self._start_hand(self._next_dealer(hand, result))

    def _next_dealer(self, hand: DealState, result: HandResult) -> int:
        active = self.sheet.active
        if self.rules.next_dealer == "declarer":
            went_out = [s for s in self.sheet.last_out if s in result.declarers or s in result.false_roem]
            if self.rules.scoring == "nk":
                # nk rules 52-53: a player who just went out deals the next hand (eruit before erin by false roem
                # before erin); of several misère players who went out together the one who bid misère first
                # comes first (nk rule 5's first misère player, rule 35; result.declarers is in bidding order).
                # Otherwise nk rule 5: the declarer (first misère player) deals
                bid_order = {seat: i for i, seat in enumerate(result.declarers)}
                misere_first = iter(sorted((s for s in went_out if s in bid_order), key=bid_order.__getitem__))
                went_out = [next(misere_first) if s in bid_order else s for s in went_out]
                return went_out[0] if went_out else result.declarers[0]
            dealer = result.declarers[0]  # pagat variant: the previous declarer deals
            if dealer in active:
                return dealer
        else:
            dealer = hand.deal.dealer
        # pagat: the deal passes to the left, skipping players who are out
        for step in range(1, self.table + 1):
            seat = (dealer + step) % self.table
            if seat in active:
                return seat
        return dealer

    def standing(self) -> list[dict[str, object]]:
        """The final (or current) standing: seat, status, marks or points, table points (nk)."""
        sheet = self.sheet
        table_points = sheet.table_points() if self.rules.scoring == "nk" else {}
        rows: list[dict[str, object]] = []
        for seat in range(self.table):
            row: dict[str, object] = {
                "seat": seat,
                "status": sheet.status(seat).value,
                "plus": sheet.plus[seat],
                "minus": sheet.minus[seat],
            }
            if self.rules.scoring in ("points5", "limpt_bogmans"):
                row["points"] = sheet.points[seat]
            if table_points:
                row["table_points"] = table_points[seat]
            rows.append(row)
        if table_points:
            rows.sort(key=lambda r: -int(str(r["table_points"])))
        return rows


def next_match_first_dealer(loser: int, table: int) -> int:
    """pagat: in the next match the player right of the loser deals, so the loser bids first."""
    return (loser - 1) % table
