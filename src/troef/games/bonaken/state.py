"""One hand of Bonaken, from the deal to its result: the mutable state object.

The hand walks through phases: bidding, the exchange of the centre cards,
naming trump, declaring roem, and the play. :meth:`DealState.legal_actions` lists
what the player to act may do, :meth:`DealState.check` says why an action is not
allowed (``None`` when it is), and :meth:`DealState.apply` performs it or raises
:class:`IllegalActionError` leaving the hand exactly as it was.

>>> from troef.games.bonaken.rules import preset
>>> hand = DealState.new(preset("nk"), players=4, dealer=0, seed=1)
>>> hand.phase.name, hand.to_act
('BIDDING', 1)
>>> hand.check(parse_action("bid 20"))
'the lowest number bid is 25'
"""

from __future__ import annotations

import random
from bisect import bisect_right
from enum import IntEnum
from typing import Final

from troef.cards import Rank, cards_of, make_card, suit_of
from troef.core.chance import GameRandom, randbelow
from troef.core.errors import IllegalActionError
from troef.core.native import copied_through_constructor
from troef.core.refusals import Refusal
from troef.games.bonaken.actions import (
    DISCARDS,
    MISERE,
    PASS,
    PLAYS,
    STUK,
    TRUMPS,
    Bid,
    BidKind,
    BonakenAction,
    DeclareRoem,
    DeclareStuk,
    Discard,
    NameTrump,
    Pass,
    Play,
    parse_action,
)
from troef.games.bonaken.bidding import (
    LOCKED,
    Ladder,
    SubLadder,
    bid_ladder,
    bid_rank,
    contract_name,
    declares_roem,
    needs_trump,
)
from troef.games.bonaken.deal import Deal, deal_cards, receiving_order
from troef.games.bonaken.play import (
    PLAIN_POINTS,
    SUIT32,
    TRUMP_POINTS,
    card_power,
    legal_plays,
    points_of,
)
from troef.games.bonaken.result import HandResult, Reason
from troef.games.bonaken.roem import (
    best_roem,
    has_six_sequence,
    roem_options,
    roem_within,
    table_set_mask,
    trick_roem,
)
from troef.games.bonaken.rules import Rules
from troef.games.bonaken.texts import TEXTS

__all__ = ["DealState", "Phase", "parse_action", "random_playout"]


class Phase(IntEnum):
    """Where a hand is."""

    BIDDING = 0
    EXCHANGE = 1
    TRUMP = 2
    ROEM = 3
    PLAY = 4
    DONE = 5


# The phases as module constants for the per-action paths: a compiled module reads ``Phase.PLAY`` from the
# class each time, a Final module constant it reads directly.
_BIDDING: Final = Phase.BIDDING
_EXCHANGE: Final = Phase.EXCHANGE
_TRUMP: Final = Phase.TRUMP
_ROEM: Final = Phase.ROEM
_PLAY: Final = Phase.PLAY
_DONE: Final = Phase.DONE


def _refused(code: str, **params: int | str) -> Refusal:
    """A refusal of Bonaken's catalogue (:mod:`troef.games.bonaken.texts`)."""
    return TEXTS.refusal(code, **params)


def _not_held(card: int) -> Refusal:
    return _refused("not_held", card=card) if 0 <= card < 64 else _refused("no_such_card", card=card)


# Per suit and rank byte, the interned Play / Discard actions of those cards,
# so that listing legal cards is four dictionary-free tuple lookups.
_PLAYS_BY_BYTE: Final = tuple(
    tuple(tuple(PLAYS[s * 8 + r] for r in range(8) if b >> r & 1) for b in range(256)) for s in range(4)
)
_DISCARDS_BY_BYTE: Final = tuple(
    tuple(tuple(DISCARDS[s * 8 + r] for r in range(8) if b >> r & 1) for b in range(256)) for s in range(4)
)


def _cards_actions(mask: int, table: tuple[tuple[tuple[BonakenAction, ...], ...], ...]) -> list[BonakenAction]:
    out: list[BonakenAction] = []
    for s in range(4):
        byte = (mask >> (8 * s)) & 0xFF
        if byte:
            out.extend(table[s][byte])
    return out


def _run_makers(byte: int) -> int:
    """Ranks missing from a suit byte that would complete a run of three or more through them."""
    out = 0
    for rank in range(8):
        if byte >> rank & 1:
            continue
        full = byte | (1 << rank)
        low = high = rank
        while low > 0 and full >> (low - 1) & 1:
            low -= 1
        while high < 7 and full >> (high + 1) & 1:
            high += 1
        if high - low >= 2:
            out |= 1 << rank
    return out


_RUN_MAKERS: Final = tuple(_run_makers(b) for b in range(256))


class _Setup:
    """What a hand's start takes from its rules, seats and dealer: the same for many hands."""

    __slots__ = ("first", "ladder", "misere_rank", "n_tricks", "next_seat", "rules")

    def __init__(self, rules: Rules, seats: tuple[int, ...], dealer: int, table: int) -> None:
        players = len(seats)
        order = receiving_order(seats, dealer, table)
        next_seat = [-1] * table
        for i, seat in enumerate(order):
            next_seat[seat] = order[(i + 1) % len(order)]
        self.rules = rules
        self.next_seat: tuple[int, ...] = tuple(next_seat)
        self.first: int = order[0]
        self.ladder: Ladder = bid_ladder(rules, players)
        self.misere_rank: int = rules.misere_rank_for(players)
        self.n_tricks: int = rules.layout(players).hand


# Keyed by the rules' id (hashing a Rules, a dataclass of some forty fields, cost more than making a hand's
# start); each entry holds its rules, so an id is only taken as the same rules while they are alive.
_SETUPS: Final[dict[tuple[int, tuple[int, ...], int, int], _Setup]] = {}


def _setup(rules: Rules, seats: tuple[int, ...], dealer: int, table: int) -> _Setup:
    key = (id(rules), seats, dealer, table)
    found = _SETUPS.get(key)
    if found is None or found.rules is not rules:
        found = _Setup(rules, seats, dealer, table)
        if len(_SETUPS) >= 4096:
            _SETUPS.clear()
        _SETUPS[key] = found
    return found


class DealState:
    """The state of one hand (in Dutch: een gift, or giffie)."""

    __slots__ = (
        "best_power",
        "best_seat",
        "bids",
        "compulsory_misere",
        "contest",
        "contract",
        "deal",
        "declarers",
        "discards",
        "exchange_need",
        "exchange_pos",
        "false_roem",
        "hands",
        "high_bid",
        "high_rank",
        "high_seat",
        "high_trump",
        "history",
        "ladder",
        "led",
        "misere_group",
        "misere_rank",
        "n_tricks",
        "next_seat",
        "number_bidders",
        "out",
        "outcomes",
        "passed",
        "pending",
        "phase",
        "plain_bonaak_bid",
        "played",
        "players",
        "points",
        "reachable",
        "reasons",
        "received",
        "result",
        "roem_counted",
        "roem_declared",
        "roem_high",
        "rules",
        "seats",
        "six_shown",
        "standing",
        "stuk_cards",
        "stuk_counted",
        "stuk_open",
        "stuk_pending",
        "table",
        "to_act",
        "took",
        "trick",
        "trick_roem",
        "tricks",
        "trump",
        "won",
    )

    def __init__(
        self,
        rules: Rules,
        deal: Deal,
        *,
        compulsory_misere: bool = False,
        validate: bool = True,
        standing: tuple[str, ...] | None = None,
    ) -> None:
        if validate:
            deal.validate(rules)
        #: Every seat's status on the match's score sheet when the hand was dealt (nk rule 59:
        #: ``suf``, ``krom``, ``recht``, ``wip``, ``eruit``, ``erin``), or None for a hand on its own.
        #: Public: the sheet lies on the table.
        self.standing = standing
        self.rules = rules
        self.deal = deal
        self.table = deal.table
        self.seats = deal.seats
        self.players = len(deal.seats)
        setup = _setup(rules, deal.seats, deal.dealer, deal.table)
        self.next_seat = list(setup.next_seat)
        self.hands = list(deal.hands)
        self.ladder = setup.ladder
        self.misere_rank = setup.misere_rank
        self.reachable: dict[int, int] = {}
        self.n_tricks = setup.n_tricks
        self.phase = Phase.BIDDING
        self.to_act = setup.first  # nk rule 8: the player left of the dealer bids first
        self.compulsory_misere = compulsory_misere
        self.high_rank = 0
        self.high_bid: Bid | None = None
        self.high_seat = -1
        self.passed = 0
        self.misere_group: list[int] = []
        self.number_bidders = 0
        self.plain_bonaak_bid = False
        self.bids: list[tuple[int, BonakenAction]] = []
        self.false_roem: list[int] = []
        self.contract: Bid | None = None
        self.declarers: tuple[int, ...] = ()
        self.exchange_pos = 0
        self.exchange_need = 0
        self.pending = 0
        self.took = [0] * deal.table
        self.discards = [0] * deal.table
        self.received = [0] * deal.table
        self.out = deal.sleepers
        self.trump = -1
        self.roem_declared = 0
        self.roem_high = -1
        self.roem_counted = 0
        self.contest: list[tuple[int, int, int]] = []
        self.stuk_counted = False
        self.stuk_pending = False
        self.stuk_cards = 0
        self.stuk_open = False
        self.six_shown = False
        self.trick_roem = 0
        self.trick: list[tuple[int, int]] = []
        self.led = -1
        self.best_seat = -1
        self.best_power = -1
        self.high_trump = -1
        self.tricks: list[tuple[tuple[tuple[int, int], ...], int]] = []
        self.won = [0] * deal.table
        self.points = [0] * deal.table
        self.played = 0
        self.result: HandResult | None = None
        self.history: list[tuple[int, BonakenAction]] = []
        self.outcomes: dict[int, bool] = {}
        self.reasons: dict[int, Reason] = {}

    @classmethod
    def new(
        cls,
        rules: Rules,
        players: int = 4,
        dealer: int = 0,
        seed: int | None = None,
        *,
        rng: GameRandom | None = None,
    ) -> DealState:
        """Deal a fresh hand for ``players`` seats with its own seeded generator."""
        rng = rng or GameRandom(seed)
        seats = tuple(range(players))
        return cls(rules, deal_cards(rules, players, seats, dealer, rng), validate=False)

    # ------------------------------------------------------------------ queries
    @property
    def is_over(self) -> bool:
        """Whether the hand has its result."""
        return self.phase == Phase.DONE

    def legal_actions(self) -> list[BonakenAction]:
        """Every action the player to act may take (empty when the hand is over)."""
        phase = self.phase
        seat = self.to_act
        if phase == _PLAY:
            mask = legal_plays(self.hands[seat], self.led, self.trump, self.high_trump, self.rules)
            if self.stuk_pending:
                mask &= self.stuk_cards  # nk rule 46: stuk is declared with the play of its first card
            actions = _cards_actions(mask, _PLAYS_BY_BYTE)
            if self.stuk_open and not self.stuk_counted and self._stuk_declarable(seat, mask):
                actions.append(STUK)
            return actions
        if phase == _BIDDING:
            return self._legal_bids(seat)
        if phase == _EXCHANGE:
            return _cards_actions(self.hands[seat], _DISCARDS_BY_BYTE)
        if phase == _TRUMP:
            # naming trump, or (nk rule 75, pagat) leading at once: the led suit is trump
            return [*TRUMPS, *_cards_actions(self.hands[seat], _PLAYS_BY_BYTE)]
        if phase == _ROEM:
            return [DeclareRoem(v) for v in self.declarable_roem()]
        return []

    def check(self, action: BonakenAction) -> str | None:
        """Why ``action`` is not allowed now, or ``None`` if it is."""
        problem = self._problem(action)
        return None if problem is None else str(problem)

    def refusal(self, action: BonakenAction) -> Refusal | None:
        """Why ``action`` is not allowed now as code and parameters (worded by :mod:`~troef.games.bonaken.texts`)."""
        return self._problem(action)

    def is_legal(self, action: BonakenAction) -> bool:
        """Whether ``action`` may be applied now."""
        return self._problem(action) is None

    def declarable_roem(self) -> list[int]:
        """The roem totals the declarer may declare now (nk rules 46, 49), lowest first."""
        if self.phase != Phase.ROEM or self.contract is None:
            return []
        seat = self.declarers[0]
        options = roem_options(self.hands[seat], self.trump, self.rules.roem)
        values = sorted(options)
        if self.contract.kind == BidKind.NUMBER and self.rules.roem_below_bid:
            # nk rule 49, pagat: roem must stay below the number bid
            values = [v for v in values if v < self.contract.value]
        return values

    # ------------------------------------------------------------------ apply
    def apply(self, action: BonakenAction) -> None:
        """Perform ``action`` for the player to act, or raise :class:`IllegalActionError`."""
        seat = self.to_act
        phase = self.phase
        if phase == _PLAY and type(action) is Play:
            # the hot path: one mask test instead of the full check
            card = action.card
            if card < 0 or card > 31 or not self._legal_play_mask(seat) >> card & 1:
                self._raise(action)
            self.history.append((seat, action))
            self._play(seat, card)
            return
        problem = self._problem(action)
        if problem is not None:
            raise IllegalActionError(problem)
        self.history.append((seat, action))
        if phase == _BIDDING:
            self._bid(seat, action)
        elif phase == _EXCHANGE:
            assert isinstance(action, Discard)
            self._discard(seat, action.card)
        elif phase == _TRUMP:
            if isinstance(action, NameTrump):
                self.trump = action.suit
                self._start_roem()
            else:
                assert isinstance(action, Play)
                self._lead_without_trump(seat, action.card)
        elif phase == _ROEM:
            assert isinstance(action, DeclareRoem)
            self._declare_roem(seat, action.value)
        else:  # PLAY: stuk
            self.stuk_pending = True
            self.stuk_counted = True
            self.roem_counted += self.rules.roem.stuk
            self.roem_declared += self.rules.roem.stuk

    def _raise(self, action: BonakenAction) -> None:
        raise IllegalActionError(self._problem(action) or _refused("illegal"))

    # ------------------------------------------------------------------ checks
    def _problem(self, action: BonakenAction) -> Refusal | None:
        phase = self.phase
        if phase == _DONE:
            return _refused("hand_over")
        seat = self.to_act
        if phase == _BIDDING:
            if isinstance(action, (Pass, Bid)):
                return self._bid_problem(seat, action)
            return _refused("bid_or_pass")
        if phase == _EXCHANGE:
            if not isinstance(action, Discard):
                return _refused("pass_on_first" if self._misere_chain() else "lay_away_first", n=self.exchange_need)
            if not self.hands[seat] >> action.card & 1:
                return _not_held(action.card)
            return None
        if phase == _TRUMP:
            if isinstance(action, NameTrump):
                return None if 0 <= action.suit < 4 else _refused("bad_suit")
            if isinstance(action, Play):
                if not 0 <= action.card < 32 or not self.hands[seat] >> action.card & 1:
                    return _not_held(action.card)
                return None
            return _refused("trump_first")
        if phase == _ROEM:
            if not isinstance(action, DeclareRoem):
                return _refused("roem_first")
            values = self.declarable_roem()
            if action.value in values:
                return None
            assert self.contract is not None
            options = roem_options(self.hands[seat], self.trump, self.rules.roem)
            shown = ", ".join(map(str, values))
            if action.value in options:  # nk rule 49, pagat: roem stays below the number bid
                return _refused("roem_not_below_bid", bid=self.contract.value, options=shown)
            return _refused("roem_not_held", value=action.value, options=shown)
        # PLAY
        if isinstance(action, DeclareStuk):
            if self._stuk_declarable(seat, self._legal_play_mask(seat)):
                return None
            return _refused("no_stuk")
        if not isinstance(action, Play):
            return _refused("play_a_card")
        return self._play_problem(seat, action.card)

    def _play_problem(self, seat: int, card: int) -> Refusal | None:
        hand = self.hands[seat]
        if not 0 <= card < 32 or not hand >> card & 1:
            return _not_held(card)
        legal = self._legal_play_mask(seat)
        if legal >> card & 1:
            return None
        if self.stuk_pending:
            return _refused("stuk_card")  # nk rule 46
        trump, led = self.trump, self.led
        if led == trump:
            if legal & ~SUIT32[trump] == 0 and suit_of(card) == trump:
                return _refused("overtrump")  # switch overtrump_on_trump_lead
            return _refused("follow_trump", suit=led)  # nk rule 26: on a trump lead, follow trump
        if hand & SUIT32[led] and suit_of(card) != led and suit_of(card) != trump:
            if trump >= 0 and self.rules.may_trump_instead_of_following:
                return _refused("follow_or_trump", suit=led)  # nk rule 27: follow suit or trump
            return _refused("follow", suit=led)  # switch may_trump_instead_of_following off: follow suit
        if suit_of(card) == trump:
            return _refused("undertrump")  # nk rules 27-28, hazerswoude 2.5 rule 4
        return _refused("illegal_card", card=card)

    # ------------------------------------------------------------------ bidding
    def _bid_problem(self, seat: int, action: Pass | Bid) -> Refusal | None:
        rules = self.rules
        if self.compulsory_misere:
            if isinstance(action, Bid) and action.kind == BidKind.MISERE:
                return None
            return _refused("compulsory_misere")
        if isinstance(action, Pass):
            return None  # nk rule 9
        kind = action.kind
        if kind == BidKind.MISERE:
            if not rules.misere:
                return _refused("no_misere")
            if self.high_bid is not None and self.high_bid.kind == BidKind.MISERE:
                return None  # nk rule 17: after misère others may bid misère too
            if bid_rank(action, rules, self.players) > self.high_rank:
                return None
            return _refused("misere_too_low", high=self._high_text())
        if self.high_rank >= LOCKED:
            # pagat: after misere_locks_after misère bids no higher bid (LOCKED is reached only when it is set)
            return _refused("misere_locked", n=rules.misere_locks_after or 0)
        ladder = self.ladder
        rank = ladder.rank_by_id.get(id(action))  # the ladder's own bid objects hold these ids while it lives
        if rank is None:
            rank = ladder.rank_of.get(action)
        if rank is None:
            return self._malformed_bid(action)
        if kind in (BidKind.BONAAK, BidKind.OPEN_BONAAK):
            if rules.number_bidder_no_bonaak and self.number_bidders >> seat & 1:
                return _refused("no_bonaak")  # Limpt-Bogmans
            if action.value and rules.bonaak_roem_after_plain and not self.plain_bonaak_bid:
                # nk rule 19
                return _refused("bonaak_roem_first")
        if rank <= self.high_rank:
            return _refused("too_low", high=self._high_text())  # nk rule 17
        return None

    def _malformed_bid(self, action: Bid) -> Refusal:
        """Why a bid is not a bid of these rules at all."""
        rules = self.rules
        kind, v = action.kind, action.value
        if kind == BidKind.NUMBER:
            if v % 5:
                return _refused("bid_step")  # nk rule 12
            if v < rules.min_bid:
                return _refused("bid_min", bid=rules.min_bid)
            return _refused("bid_max", bid=rules.max_number_bid)
        if kind == BidKind.ZWABBER:
            if not rules.zwabber:
                return _refused("no_zwabber")
            return _refused("zwabber_roem")
        if kind == BidKind.OPEN_BONAAK:
            return _refused("no_open_bonaak")
        if action.six:
            return _refused("six_card")
        return _refused("bonaak_value", value=v)

    def _high_text(self) -> str:
        if self.high_bid is None:
            return "nothing"
        return contract_name(self.high_bid, max(1, len(self.misere_group)))

    def _legal_bids(self, seat: int) -> list[BonakenAction]:
        rules = self.rules
        if self.compulsory_misere:
            return [MISERE]
        out: list[BonakenAction] = [PASS]
        if rules.misere and (
            (self.high_bid is not None and self.high_bid.kind == BidKind.MISERE) or self.misere_rank > self.high_rank
        ):
            out.append(MISERE)
        if self.high_rank >= LOCKED:
            return out
        ladder: Ladder | SubLadder = self.ladder
        if rules.number_bidder_no_bonaak and self.number_bidders >> seat & 1:
            ladder = self.ladder.no_bonaak  # Limpt-Bogmans: a number bidder may not bid any bonaak
        elif rules.bonaak_roem_after_plain and not self.plain_bonaak_bid:
            ladder = self.ladder.no_roem_bonaak  # nk rule 19
        out.extend(ladder.bids[bisect_right(ladder.ranks, self.high_rank) :])
        return out

    def _bid(self, seat: int, action: BonakenAction) -> None:
        rules = self.rules
        self.bids.append((seat, action))
        if isinstance(action, Pass):
            self.passed |= 1 << seat
        else:
            assert isinstance(action, Bid)
            if action.kind == BidKind.MISERE and self.high_bid is not None and self.high_bid.kind == BidKind.MISERE:
                self.misere_group.append(seat)
                n = len(self.misere_group)
                if rules.misere_locks_after is not None and n >= rules.misere_locks_after:
                    self.high_rank = LOCKED  # pagat: two misères; hazerswoude: three
                elif n == 2 and rules.double_misere_rank is not None:
                    self.high_rank = rules.double_misere_rank  # hazerswoude: double misère
            else:
                self.high_rank = bid_rank(action, rules, self.players)
                self.high_bid = action
                self.high_seat = seat
                self.misere_group = [seat] if action.kind == BidKind.MISERE else []
            if action.kind == BidKind.NUMBER:
                self.number_bidders |= 1 << seat
            if action.kind == BidKind.BONAAK and action.value == 0:
                self.plain_bonaak_bid = True
            if rules.false_roem_erin and seat not in self.false_roem and self._is_false_roem(seat, action):
                self.false_roem.append(seat)
        # the turn passes to the next player still in the bidding
        nxt = self.next_seat[seat]
        for _ in range(self.players):
            if not self.passed >> nxt & 1:
                break
            nxt = self.next_seat[nxt]
        else:
            self._finish(redeal=True)  # everybody passed: deal again
            return
        group = self.high_bid is not None and self.high_bid.kind == BidKind.MISERE
        if nxt == self.high_seat or (group and nxt in self.misere_group):
            self._end_bidding()
        else:
            self.to_act = nxt

    def _is_false_roem(self, seat: int, bid: Bid) -> bool:
        """nk rules 67-69: a bid that needs roem the bidder cannot get, whatever the blind card."""
        if bid.kind == BidKind.BONAAK and bid.value:
            need = bid.value
        elif bid.kind == BidKind.NUMBER and bid.value >= 145:
            need = bid.value - 141  # card points cannot exceed 141
        else:
            return False
        if bid.six and not self._six_reachable(seat):
            return True  # nk rule 50 claim of a six-card sequence he can never hold
        return self._reachable_roem(seat) < need

    def _six_reachable(self, seat: int) -> bool:
        """Whether ``seat`` could hold a six-card sequence after the exchange, whatever the blind card."""
        pool = self.deal.hands[seat] | self.deal.open
        if has_six_sequence(pool):
            return True
        if not self.deal.closed:
            return False
        return any(has_six_sequence(pool | 1 << card) for card in range(32) if not pool >> card & 1)

    def _reachable_roem(self, seat: int) -> int:
        """The most roem ``seat`` could hold after the exchange, over every possible blind card."""
        cached = self.reachable.get(seat)
        if cached is not None:
            return cached
        table = self.rules.roem
        keep = self.n_tricks
        pool = self.deal.hands[seat] | self.deal.open
        reach = roem_within(pool, keep, table)
        if not self.deal.closed:
            self.reachable[seat] = reach
            return reach
        # nk rule 69: the bidder may count on a lucky blind card; only a card that
        # makes a new combination with his own (a run of three or more through it,
        # the fourth of a valued rank, a stuk partner) can raise his roem
        candidates = 0
        for suit in range(4):
            byte = (pool >> (8 * suit)) & 0xFF
            candidates |= _RUN_MAKERS[byte] << (8 * suit)
            king, queen = byte >> Rank.KING & 1, byte >> Rank.QUEEN & 1
            if king != queen:
                candidates |= 1 << (8 * suit + (Rank.QUEEN if king else Rank.KING))
        set_cards = table_set_mask(table)
        for rank in range(8):
            four = (0x01010101 << rank) & set_cards
            if four and (pool & four).bit_count() == 3:
                candidates |= four & ~pool
        while candidates:
            low = candidates & -candidates
            candidates ^= low
            reach = max(reach, roem_within(pool | low, keep, table))
        self.reachable[seat] = reach
        return reach

    def _end_bidding(self) -> None:
        assert self.high_bid is not None
        self.contract = self.high_bid
        if self.high_bid.kind == BidKind.MISERE:
            self.declarers = tuple(self.misere_group)  # nk rule 21
        else:
            self.declarers = (self.high_seat,)  # nk rule 20
        if self.declarers[0] in self.false_roem:
            self._finish()
            return
        centre = self.deal.open | self.deal.closed
        no_centre = self.rules.bonaak_no_centre and self.contract.kind in (
            BidKind.BONAAK,
            BidKind.OPEN_BONAAK,
        )
        if not centre or no_centre:
            self.out |= centre
            self._start_trump()
            return
        first = self.declarers[0]
        # nk rules 23 and 35: the declarer (first misère player) takes the centre
        self.hands[first] |= centre
        self.took[first] = centre
        self.exchange_pos = 0
        self.exchange_need = centre.bit_count()
        self.pending = 0
        self.phase = Phase.EXCHANGE
        self.to_act = first

    # ------------------------------------------------------------------ exchange
    def _misere_chain(self) -> bool:
        return self.contract is not None and self.contract.kind == BidKind.MISERE and len(self.declarers) > 1

    def _discard(self, seat: int, card: int) -> None:
        bit = 1 << card
        self.hands[seat] ^= bit
        self.discards[seat] |= bit
        self.pending |= bit
        self.exchange_need -= 1
        if self.exchange_need:
            return
        self.exchange_pos += 1
        if self.exchange_pos < len(self.declarers):
            # nk rule 35, pagat: the next misère player picks up what was laid away
            nxt = self.declarers[self.exchange_pos]
            self.hands[nxt] |= self.pending
            self.received[nxt] = self.pending
            self.exchange_need = self.pending.bit_count()
            self.pending = 0
            self.to_act = nxt
            return
        self.out |= self.pending
        self.pending = 0
        self._start_trump()

    # ------------------------------------------------------------------ trump and roem
    def _start_trump(self) -> None:
        assert self.contract is not None
        if needs_trump(self.contract, len(self.declarers), self.rules):
            self.phase = Phase.TRUMP
            self.to_act = self.declarers[0]
        else:
            self.trump = -1
            self._start_roem()

    def _start_roem(self) -> None:
        assert self.contract is not None
        if declares_roem(self.contract):
            self.phase = Phase.ROEM
            self.to_act = self.declarers[0]
        else:
            self._start_play()

    def _declare_roem(self, seat: int, value: int) -> None:
        self.roem_declared = value
        rules = self.rules
        # nk rule 50: a six-card claim in the bid must be shown by a six-card sequence
        self.six_shown = has_six_sequence(self.hands[seat])
        options = roem_options(self.hands[seat], self.trump, rules.roem)
        self.roem_high = options[value]
        if value and self.trump >= 0:
            # whether the declared total already counts stuk (nk rule 46 lets it come later)
            without = roem_options(self.hands[seat], -1, rules.roem)
            self.stuk_counted = value not in without
        counted = value
        assert self.contract is not None
        if value and rules.roem_contest != "none" and self.contract.kind == BidKind.NUMBER:
            # pagat, hazerswoude 2.3: opponents with as much roem or more announce it;
            # the engine announces for them, as cancelling roem can only help them
            for opp in receiving_order(self.seats, seat, self.table):
                if opp in self.declarers:
                    continue
                o_value, o_high = best_roem(self.hands[opp], self.trump, rules.roem)
                if o_value < value:
                    continue
                self.contest.append((opp, o_value, o_high))
                if o_value > value:
                    counted = 0
                elif rules.roem_contest == "opponent_wins_tie":
                    if o_high >= self.roem_high:
                        counted = 0  # pagat: equal or higher top card cancels
                elif o_high > self.roem_high:
                    counted = 0  # hazerswoude: a full tie goes to the declarer
        self.roem_counted = counted
        self._start_play()

    def _stuk_declarable(self, seat: int, legal: int) -> bool:
        if not self.rules.stuk_when_played or self.stuk_counted or self.stuk_pending:
            return False
        if seat != self.declarers[0] or self.trump < 0 or self.contract is None:
            return False
        if self.contract.kind != BidKind.NUMBER:
            return False
        king = 1 << make_card(self.trump, Rank.KING)
        queen = 1 << make_card(self.trump, Rank.QUEEN)
        hand = self.hands[seat]
        if hand & (king | queen) != king | queen or not legal & (king | queen):
            return False
        if self.rules.roem_below_bid and self.roem_declared + self.rules.roem.stuk >= self.contract.value:
            return False  # nk rule 49 holds for the total
        return True

    def _lead_without_trump(self, seat: int, card: int) -> None:
        assert self.contract is not None
        if self.contract.kind == BidKind.MISERE:
            # nk rule 75: a lone misère player who leads without naming trump loses
            self.trump = -1
            self._start_play()
            self.outcomes = {seat: False}
            self.reasons = {seat: Reason.NO_TRUMP_MISERE}
            self._finish()
            return
        # nk rule 75, pagat: the led suit is trump; roem not shown at the lead
        # does not count (nk rule 46), so the roem phase is skipped
        self.trump = suit_of(card)
        self._start_play(check=False)
        if self.phase == Phase.PLAY:
            self._play(seat, card)

    # ------------------------------------------------------------------ play
    def _start_play(self, check: bool = True) -> None:
        if self.trump >= 0:
            self.stuk_cards = (1 << make_card(self.trump, Rank.KING)) | (1 << make_card(self.trump, Rank.QUEEN))
            assert self.contract is not None
            # nk rule 46: stuk may still be declared with its first card, in a number bid
            self.stuk_open = self.rules.stuk_when_played and self.contract.kind == BidKind.NUMBER
        self.phase = Phase.PLAY
        self.to_act = self.declarers[0]  # nk rules 24 and 36
        if check and self._decide(final=False):
            self._finish()

    def _legal_play_mask(self, seat: int) -> int:
        mask = legal_plays(self.hands[seat], self.led, self.trump, self.high_trump, self.rules)
        if self.stuk_pending:
            mask &= self.stuk_cards  # nk rule 46: stuk is declared with the play of its first card
        return mask

    def _play(self, seat: int, card: int) -> None:
        bit = 1 << card
        self.hands[seat] ^= bit
        self.played |= bit
        self.stuk_pending = False
        trick = self.trick
        if not trick:
            self.led = card >> 3
        power = card_power(card, self.led, self.trump)
        if power > self.best_power:
            self.best_power = power
            self.best_seat = seat
            if power >= 16:
                self.high_trump = power - 16
        trick.append((seat, card))
        if len(trick) < self.players:
            self.to_act = self.next_seat[seat]
            return
        # the trick is complete: nk rule 24
        winner = self.best_seat
        trump = self.trump
        pts = 0
        for _, c in trick:
            pts += TRUMP_POINTS[c & 7] if c >> 3 == trump else PLAIN_POINTS[c & 7]
        self.won[winner] += 1
        self.points[winner] += pts
        if self.rules.roem_in_tricks and winner in self.declarers:
            # hazerswoude 2.3: roem that falls in the declarer's tricks counts
            mask = 0
            for _, c in trick:
                mask |= 1 << c
            self.trick_roem += trick_roem(mask, self.rules.roem)
        self.tricks.append((tuple(trick), winner))
        self.trick = []
        self.led = -1
        self.best_power = -1
        self.best_seat = -1
        self.high_trump = -1
        self.to_act = winner
        final = len(self.tricks) == self.n_tricks
        # nk rule 38: with several misère players, play on until each is decided
        if (final or self.rules.stop_when_decided) and self._decide(final):
            self._finish()

    def _decide(self, final: bool) -> bool:
        """Fill in the outcome of every declarer that is certain; True when all are."""
        contract = self.contract
        assert contract is not None
        rules = self.rules
        stop = rules.stop_when_decided
        kind = contract.kind
        outcomes = self.outcomes
        reasons = self.reasons
        if kind == BidKind.MISERE:
            for seat in self.declarers:
                if seat in outcomes:
                    continue
                if self.won[seat]:
                    if stop or final:
                        outcomes[seat], reasons[seat] = False, Reason.TOOK_A_TRICK
                elif final:
                    outcomes[seat], reasons[seat] = True, Reason.NO_TRICK
            return len(outcomes) == len(self.declarers)
        seat = self.declarers[0]
        if kind == BidKind.NUMBER:
            total = self.points[seat] + self.roem_counted + self.trick_roem
            if total >= contract.value and (stop or final):
                outcomes[seat], reasons[seat] = True, Reason.MADE
            elif final:
                outcomes[seat], reasons[seat] = False, Reason.SHORT
            elif stop:
                # nk rule 31: lost as soon as the points still in play cannot make it
                left = 0
                for s in self.seats:
                    left += points_of(self.hands[s], self.trump)
                if self._stuk_possible(seat):
                    left += rules.roem.stuk
                if total + left < contract.value:
                    outcomes[seat], reasons[seat] = False, Reason.SHORT
            return seat in outcomes
        # zwabber, bonaak, open bonaak: every trick (nk rules 13, 14, 33)
        lost_trick = len(self.tricks) > self.won[seat]
        roem_needed = contract.value
        short = self.roem_declared < roem_needed or (contract.six and not self.six_shown)
        if roem_needed and not rules.roem_in_tricks and short:
            if stop or final:
                outcomes[seat], reasons[seat] = False, Reason.ROEM_SHORT
                return True
        if lost_trick and (stop or final):
            outcomes[seat], reasons[seat] = False, Reason.LOST_A_TRICK
        elif final:
            if roem_needed and self.roem_counted + self.trick_roem < roem_needed:
                outcomes[seat], reasons[seat] = False, Reason.ROEM_SHORT
            else:
                outcomes[seat], reasons[seat] = True, Reason.ALL_TRICKS
        return seat in outcomes

    def _stuk_possible(self, seat: int) -> bool:
        """Whether the declarer may still add stuk later (nk rule 46, within rule 49)."""
        if not self.stuk_open or self.stuk_counted:
            return False
        assert self.contract is not None
        if self.rules.roem_below_bid and self.roem_declared + self.rules.roem.stuk >= self.contract.value:
            return False
        return self.hands[seat] & self.stuk_cards == self.stuk_cards

    def _finish(self, redeal: bool = False) -> None:
        self.phase = Phase.DONE
        self.to_act = -1
        if redeal:
            self.result = HandResult(None, (), -1, {}, {}, redeal=True)
            return
        won = dict(self.outcomes)
        reasons = dict(self.reasons)
        for seat in self.false_roem:
            if seat in self.declarers:
                won[seat], reasons[seat] = False, Reason.FALSE_ROEM
        lead = self.declarers[0]
        self.result = HandResult(
            contract=self.contract,
            declarers=self.declarers,
            trump=self.trump,
            won=won,
            reasons=reasons,
            false_roem=tuple(self.false_roem),
            card_points=self.points[lead],
            roem_declared=self.roem_declared,
            roem_counted=self.roem_counted,
            trick_roem=self.trick_roem,
            tricks_won={s: self.won[s] for s in self.seats},
            tricks_played=len(self.tricks),
        )

    # ------------------------------------------------------------------ misc
    def copy(self) -> DealState:
        """An independent copy (for search and what-if analysis)."""
        # (a compiled DealState cannot be made without __init__; the deal is known good)
        new = DealState(self.rules, self.deal, validate=False)
        new.best_power = self.best_power
        new.best_seat = self.best_seat
        new.bids = self.bids.copy()
        new.compulsory_misere = self.compulsory_misere
        new.standing = self.standing
        new.contest = self.contest.copy()
        new.contract = self.contract
        new.deal = self.deal
        new.declarers = self.declarers
        new.discards = self.discards.copy()
        new.exchange_need = self.exchange_need
        new.exchange_pos = self.exchange_pos
        new.false_roem = self.false_roem.copy()
        new.hands = self.hands.copy()
        new.high_bid = self.high_bid
        new.high_rank = self.high_rank
        new.high_seat = self.high_seat
        new.high_trump = self.high_trump
        new.history = self.history.copy()
        new.ladder = self.ladder
        new.led = self.led
        new.misere_group = self.misere_group.copy()
        new.misere_rank = self.misere_rank
        new.n_tricks = self.n_tricks
        new.next_seat = self.next_seat.copy()
        new.number_bidders = self.number_bidders
        new.out = self.out
        new.outcomes = self.outcomes.copy()
        new.passed = self.passed
        new.pending = self.pending
        new.phase = self.phase
        new.plain_bonaak_bid = self.plain_bonaak_bid
        new.played = self.played
        new.players = self.players
        new.points = self.points.copy()
        new.reachable = self.reachable.copy()
        new.reasons = self.reasons.copy()
        new.received = self.received.copy()
        new.result = self.result
        new.roem_counted = self.roem_counted
        new.roem_declared = self.roem_declared
        new.roem_high = self.roem_high
        new.rules = self.rules
        new.seats = self.seats
        new.stuk_counted = self.stuk_counted
        new.stuk_pending = self.stuk_pending
        new.stuk_cards = self.stuk_cards
        new.stuk_open = self.stuk_open
        new.six_shown = self.six_shown
        new.table = self.table
        new.to_act = self.to_act
        new.took = self.took.copy()
        new.trick = self.trick.copy()
        new.trick_roem = self.trick_roem
        new.tricks = self.tricks.copy()
        new.trump = self.trump
        new.won = self.won.copy()
        return new

    def __repr__(self) -> str:
        return f"<DealState {self.rules.preset} phase={self.phase.name} to_act={self.to_act}>"

    @property
    def current_trick(self) -> list[tuple[int, int]]:
        """The cards of the trick being played, as (seat, card)."""
        return list(self.trick)

    def hand_of(self, seat: int) -> list[int]:
        """The cards ``seat`` holds now (full state: not for players' eyes)."""
        return cards_of(self.hands[seat])


def random_playout(hand: DealState, chooser: random.Random) -> int:
    """Play ``hand`` to its end choosing uniformly among its legal actions with ``chooser``; the number of actions.

    The loop of ``troef bench engine`` and of a research loop, through the
    public :meth:`DealState.legal_actions` and :meth:`DealState.apply`: the same actions
    as ``hand.apply(legal[chooser.randrange(len(legal))])`` repeated, draw for
    draw, run from compiled code.
    """
    actions = 0
    while hand.phase != _DONE:
        legal = hand.legal_actions()
        hand.apply(legal[randbelow(chooser, len(legal))])
        actions += 1
    return actions


# a copy or an unpickled DealState is made by its constructor (troef.core.native)
copied_through_constructor(DealState, lambda h: (h.rules, h.deal))
