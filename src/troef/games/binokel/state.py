"""One round of Binokel, from the deal to its score: the mutable state object.

The round walks through the phases of the text: bidding ("Bieten"), naming
trump and the exchange of four cards between the bid winner and his partner
("Das Bieten gewinnen"), the automatic meld ("Melden"), the play
("Stichphase") and the score ("Punktewertung"). :meth:`DealState.legal_actions`
lists what the seat to act may do, :meth:`DealState.check` says why an action is
not allowed (None when it is), :meth:`DealState.apply` performs it or raises
:class:`IllegalActionError` leaving the round exactly as it was.

>>> from troef.games.binokel.rules import preset
>>> r = DealState.new(preset("cardgames"), dealer=0, seed=1)
>>> r.phase.name, r.to_act, [a.text() for a in r.legal_actions()]
('BIDDING', 1, ['pass', 'bid 250'])
>>> r.check(parse_action("bid 260"))
'the first bid is 250'
"""

from __future__ import annotations

from enum import IntEnum
from functools import cache
from typing import Final

from troef.core.chance import GameRandom
from troef.core.errors import IllegalActionError
from troef.core.refusals import Refusal
from troef.games.binokel.actions import (
    CONCEDE,
    GIVES,
    PASS,
    PLAYS,
    TRUMPS,
    Bid,
    BinokelAction,
    Concede,
    Give,
    NameTrump,
    Pass,
    Play,
    bid,
    parse_action,
)
from troef.games.binokel.deal import Deal, deal_cards
from troef.games.binokel.meld import Meld, meld_parts, meld_value
from troef.games.binokel.play import (
    HIGHER,
    KINDS,
    LAST_TRICK,
    POINTS,
    POWER,
    SUIT32,
    refusal,
)
from troef.games.binokel.rules import Rules
from troef.games.binokel.scoring import RoundScore, may_concede, score_round
from troef.games.binokel.texts import TEXTS

__all__ = ["DealState", "Phase", "parse_action"]


class Phase(IntEnum):
    """Where a round is."""

    BIDDING = 0
    TRUMP = 1
    #: The bid winner's partner passes four cards to him, one action per card.
    GIVE = 2
    #: The bid winner passes four cards back.
    RETURN = 3
    PLAY = 4
    DONE = 5


#: The refusal of an action that belongs to another phase, by phase (:mod:`troef.games.binokel.texts`).
_PHASE_CODE: Final = {
    Phase.BIDDING: "phase_bidding",
    Phase.TRUMP: "phase_trump",
    Phase.GIVE: "phase_give",
    Phase.RETURN: "phase_return",
    Phase.PLAY: "phase_play",
    Phase.DONE: "round_over",
}

#: The actions of each byte of a kinds mask, by suit: legal-action tuples are made of these.
_PLAYS_OF_BYTE: Final = tuple(
    tuple(tuple(PLAYS[8 * s + r] for r in range(8) if b >> r & 1) for b in range(256)) for s in range(4)
)
_GIVES_OF_BYTE: Final = tuple(
    tuple(tuple(GIVES[8 * s + r] for r in range(8) if b >> r & 1) for b in range(256)) for s in range(4)
)
_GIVE_COUNT: Final = 4
_PLAY: Final = Phase.PLAY


@cache
def _bid_lists(rules: Rules) -> dict[int, tuple[BinokelAction, ...]]:
    """The bid lists of one rule set, made as they are needed (see :func:`_bid_list`)."""
    return {}


def _bid_list(high: int, rules: Rules) -> tuple[BinokelAction, ...]:
    """Pass and the bids allowed over ``high`` (0: no bid yet), shared per rules."""
    cache = _bid_lists(rules)
    out = cache.get(high)
    if out is None:
        if high == 0:
            values = [rules.min_bid]  # troef: the first bid is the lowest, 250
        else:
            values = [v for v in (high + r for r in rules.raises) if v <= rules.max_bid]
        out = cache[high] = (PASS, *(bid(v) for v in values))
    return out


class DealState:
    """One round: bidding, trump, exchange, meld, twelve tricks, score. Seats 0-3, partners s and s + 2."""

    __slots__ = (
        "_playable",
        "bid",
        "bids",
        "conceded",
        "current",
        "deal",
        "declarer",
        "given",
        "hands",
        "high_bid",
        "high_seat",
        "lead_seat",
        "led",
        "meld_total",
        "melds",
        "passed",
        "phase",
        "played",
        "prelude",
        "returned",
        "rules",
        "score",
        "to_act",
        "trick_points",
        "trump",
        "winner_card",
        "winner_seat",
    )

    def __init__(self, rules: Rules, deal: Deal) -> None:
        self.rules = rules
        self.deal = deal
        self.hands = list(deal.hands)
        #: The actions before the first card (bids, trump, exchange, a concession); the plays are in the tricks.
        self.prelude: list[tuple[int, BinokelAction]] = []
        self.phase = Phase.BIDDING
        # "Bieten": the player left of the dealer bids first
        self.to_act = (deal.dealer + 1) % 4
        self.bids: list[tuple[int, int]] = []  # (seat, value); value 0 is a pass
        self.passed = [False, False, False, False]
        self.high_bid = 0
        self.high_seat = -1
        self.declarer = -1
        self.bid = 0
        self.trump = -1
        #: Physical cards the partner passed to the bid winner, and those he passed back.
        self.given: list[int] = []
        self.returned: list[int] = []
        self.melds: tuple[tuple[Meld, ...], ...] = ()
        #: Meld per side (0: seats 0 and 2), set once the exchange is over.
        self.meld_total = (0, 0)
        #: The physical cards of the trick in progress, in the order played from ``lead_seat``.
        self.current: list[int] = []
        self.led = -1
        self.lead_seat = -1
        self.winner_card = -1
        self.winner_seat = -1
        #: Finished tricks: (leader, the four physical cards in the order played, winner seat).
        self.played: list[tuple[int, tuple[int, ...], int]] = []
        self.trick_points = [0, 0]
        self.conceded = False
        self.score: RoundScore | None = None
        #: The kinds the seat to act may play (0: not worked out yet, or not playing).
        self._playable = 0

    @classmethod
    def new(cls, rules: Rules, dealer: int = 0, seed: int | None = None) -> DealState:
        """A freshly dealt round (for tests and benchmarks; a match deals with its own generator)."""
        return cls(rules, deal_cards(dealer, GameRandom(seed)))

    @property
    def dealer(self) -> int:
        """The seat that dealt."""
        return self.deal.dealer

    @property
    def is_over(self) -> bool:
        """Whether the round is scored."""
        return self.phase == Phase.DONE

    @property
    def partner(self) -> int:
        """The bid winner's partner (-1 before the bidding ends)."""
        return -1 if self.declarer < 0 else (self.declarer + 2) % 4

    def kinds(self, seat: int) -> int:
        """The kinds ``seat`` holds (32-bit mask, either copy)."""
        hand = self.hands[seat]
        return (hand | hand >> 32) & KINDS

    def _holds(self, action: Give) -> bool:
        hand = self.hands[self.to_act]
        return bool((hand | hand >> 32) >> action.card & 1)

    def plays(self) -> list[tuple[int, int]]:
        """Every card played so far as (seat, physical card), in order."""
        out = [((lead + i) & 3, c) for lead, cards, _ in self.played for i, c in enumerate(cards)]
        lead = self.lead_seat
        out += [((lead + i) & 3, c) for i, c in enumerate(self.current)]
        return out

    @property
    def history(self) -> list[tuple[int, BinokelAction]]:
        """Every action so far as (seat, action), in order (the plays rebuilt from the tricks)."""
        return self.prelude + [(seat, PLAYS[card & 31]) for seat, card in self.plays()]

    @property
    def trick(self) -> tuple[tuple[int, int], ...]:
        """The trick in progress as (seat, physical card)."""
        lead = self.lead_seat
        return tuple(((lead + i) & 3, c) for i, c in enumerate(self.current))

    @property
    def tricks(self) -> tuple[tuple[int, tuple[tuple[int, int], ...], int], ...]:
        """The finished tricks as (leader, the cards as (seat, physical card), winner)."""
        return tuple(
            (lead, tuple(((lead + i) & 3, c) for i, c in enumerate(cards)), winner)
            for lead, cards, winner in self.played
        )

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self) -> tuple[BinokelAction, ...]:
        """The legal actions of the seat to act (empty when the round is over)."""
        if self.phase is _PLAY:
            hand = self.hands[self.to_act]
            kinds = (hand | hand >> 32) & KINDS
            led = self.led
            plays = _PLAYS_OF_BYTE
            if led >= 0:  # play.legal_kinds, inlined: this is the engine's hottest line
                follow = kinds & SUIT32[led]
                win = self.winner_card
                if follow:
                    kinds = follow if win >> 3 != led else (follow & HIGHER[win]) or follow
                    self._playable = kinds
                    return plays[led][kinds >> 8 * led & 255]
                trump = self.trump
                trumps = kinds & SUIT32[trump]
                if trumps:
                    kinds = trumps if win >> 3 != trump else (trumps & HIGHER[win]) or trumps
                    self._playable = kinds
                    return plays[trump][kinds >> 8 * trump & 255]
            self._playable = kinds
            out = (
                plays[0][kinds & 255] + plays[1][kinds >> 8 & 255] + plays[2][kinds >> 16 & 255] + plays[3][kinds >> 24]
            )
            if self.played or self.current or not self._may_concede():
                return out
            return (CONCEDE, *out)
        phase = self.phase
        if phase is Phase.BIDDING:
            return _bid_list(self.high_bid, self.rules)
        if phase is Phase.TRUMP:
            return TRUMPS
        if phase is Phase.GIVE or phase is Phase.RETURN:
            kinds = self.kinds(self.to_act)
            gives = _GIVES_OF_BYTE
            return (
                gives[0][kinds & 255] + gives[1][kinds >> 8 & 255] + gives[2][kinds >> 16 & 255] + gives[3][kinds >> 24]
            )
        return ()

    def _bid_values(self) -> list[int]:
        return [a.value for a in _bid_list(self.high_bid, self.rules) if isinstance(a, Bid)]

    def _may_concede(self) -> bool:
        # "Sich freiwillig überreizen": only before the first card, when the bid exceeds the side's meld by > 250
        return (
            not self.played
            and not self.current
            and not self.conceded
            and may_concede(self.bid, self.meld_total[self.declarer & 1], self.rules.concede_margin)
        )

    # ------------------------------------------------------------------ check
    def check(self, action: BinokelAction) -> str | None:
        """Why ``action`` is not allowed now (a sentence for the player), or None."""
        refused = self.refusal(action)
        return None if refused is None else str(refused)

    def refusal(self, action: BinokelAction) -> Refusal | None:
        """Why ``action`` is refused, as code and parameters (worded by :mod:`~troef.games.binokel.texts`), or None."""
        phase = self.phase
        if phase == Phase.DONE:
            return TEXTS.refusal("round_over")
        cls = type(action)
        if phase == Phase.PLAY:
            if cls is Play:
                assert isinstance(action, Play)
                hand = self.hands[self.to_act]
                found = refusal((hand | hand >> 32) & KINDS, action.card, self.led, self.winner_card, self.trump)
                if found is None:
                    return None
                if found[0] == "trump":
                    return TEXTS.refusal("trump")
                key = "suit" if found[0] == "follow" else "card"
                return TEXTS.refusal(found[0], **{key: found[1]})
            if cls is Concede:
                if self._may_concede():
                    return None
                if self.played or self.current:
                    return TEXTS.refusal("concede_late")
                return TEXTS.refusal("concede_not_allowed", margin=self.rules.concede_margin)
            return TEXTS.refusal("phase_play")
        if phase == Phase.BIDDING:
            if cls is Pass:
                return None
            if cls is Bid:
                assert isinstance(action, Bid)
                values = self._bid_values()
                if action.value in values:
                    return None
                rules = self.rules
                if self.high_bid == 0:
                    return TEXTS.refusal("bid_first", bid=rules.min_bid)
                if not values:
                    return TEXTS.refusal("bid_top", bid=rules.max_bid)
                # joined with "/", which reads the same in every language (an "or" would stay English)
                steps = "/".join(str(v) for v in values)
                raises = "/".join(str(r) for r in rules.raises)
                return TEXTS.refusal("bid_step", steps=steps, raises=raises, bid=self.high_bid)
            return TEXTS.refusal("phase_bidding")
        if phase == Phase.TRUMP:
            return None if cls is NameTrump else TEXTS.refusal("phase_trump")
        if cls is Give:
            assert isinstance(action, Give)
            if not self.kinds(self.to_act) >> action.card & 1:
                return TEXTS.refusal("not_held", card=action.card & 31)
            return None
        return TEXTS.refusal(_PHASE_CODE[phase])

    # ------------------------------------------------------------------ apply
    def apply(self, action: BinokelAction) -> None:
        """Apply a legal action; an illegal one raises :class:`IllegalActionError` and changes nothing."""
        if isinstance(action, Play):
            # the hot path: a card to the trick, checked against the playable kinds legal_actions cached
            kind = action.card
            if not self._playable >> kind & 1:  # (0: not worked out; refusal decides)
                refused = self.refusal(action)
                if refused is not None:
                    raise IllegalActionError(refused)
            seat = self.to_act
            hand = self.hands[seat]
            self._playable = 0
            card = kind if hand >> kind & 1 else kind + 32
            self.hands[seat] = hand & ~(1 << card)
            trick = self.current
            trick.append(card)
            if len(trick) == 1:
                self.led = kind >> 3
                self.winner_card, self.winner_seat = kind, seat
                self.to_act = (seat + 1) & 3
                return
            win = self.winner_card
            # the first of two identical cards stays ahead: only a strictly higher card takes over
            if (kind ^ win) & 24 == 0:
                if POWER[kind] > POWER[win]:
                    self.winner_card, self.winner_seat = kind, seat
            elif kind >> 3 == self.trump:
                self.winner_card, self.winner_seat = kind, seat
            if len(trick) < 4:
                self.to_act = (seat + 1) & 3
            else:
                self._end_trick()
            return
        cls = type(action)
        phase = self.phase
        # the common legal cases checked directly; anything else goes through refusal() and its reason
        if not (
            (phase is Phase.BIDDING and action in _bid_list(self.high_bid, self.rules))
            or (isinstance(action, Give) and (phase is Phase.GIVE or phase is Phase.RETURN) and self._holds(action))
        ):
            refused = self.refusal(action)
            if refused is not None:
                raise IllegalActionError(refused)
        seat = self.to_act
        self.prelude.append((seat, action))
        self._playable = 0
        if cls is Bid or cls is Pass:
            self._bid(seat, action.value if isinstance(action, Bid) else 0)
        elif cls is NameTrump:
            assert isinstance(action, NameTrump)
            self.trump = action.suit
            self.phase = Phase.GIVE
            self.to_act = self.partner
        elif cls is Give:
            assert isinstance(action, Give)
            self._give(seat, action.card)
        else:
            self.conceded = True
            self._finish()

    def _bid(self, seat: int, value: int) -> None:
        self.bids.append((seat, value))
        if value:
            self.high_bid, self.high_seat = value, seat
        else:
            self.passed[seat] = True  # passing is final
        passed = self.passed
        if passed.count(True) == 3:
            last = passed.index(False)
            self.declarer = last
            # all passed without a bid: the dealer (the last one left) plays the lowest bid
            self.bid = self.high_bid if self.high_seat == last else self.rules.min_bid
            self.phase = Phase.TRUMP
            self.to_act = last
            return
        nxt = (seat + 1) % 4
        while passed[nxt]:
            nxt = (nxt + 1) % 4
        self.to_act = nxt

    def _give(self, seat: int, kind: int) -> None:
        hand = self.hands[seat]
        card = kind if hand >> kind & 1 else kind + 32
        other = (seat + 2) % 4
        self.hands[seat] = hand & ~(1 << card)
        self.hands[other] |= 1 << card
        if self.phase == Phase.GIVE:
            self.given.append(card)
            if len(self.given) == _GIVE_COUNT:
                self.phase = Phase.RETURN
                self.to_act = self.declarer
        else:
            self.returned.append(card)
            if len(self.returned) == _GIVE_COUNT:
                self._meld()

    def _meld(self) -> None:
        # "Melden": every hand melds its best combination, automatically, after the exchange
        trump = self.trump
        values = [meld_value(h, trump) for h in self.hands]
        self.meld_total = (values[0] + values[2], values[1] + values[3])
        self.melds = ()
        self.phase = Phase.PLAY
        self.to_act = self.declarer  # the bid winner leads the first trick
        self.lead_seat = self.declarer

    def meld_of(self, seat: int) -> tuple[Meld, ...]:
        """The melds ``seat`` showed (empty before the meld)."""
        if self.phase < Phase.PLAY:
            return ()
        if not self.melds:
            hands = self._meld_hands()
            self.melds = tuple(meld_parts(h, self.trump) for h in hands)
        return self.melds[seat]

    def _meld_hands(self) -> list[int]:
        """The hands as they were at the meld: now plus every card played since."""
        hands = list(self.hands)
        for seat, card in self.plays():
            hands[seat] |= 1 << card
        return hands

    def _end_trick(self) -> None:
        trick = self.current
        winner = self.winner_seat
        points = POINTS[trick[0]] + POINTS[trick[1]] + POINTS[trick[2]] + POINTS[trick[3]]
        played = self.played
        played.append((self.lead_seat, tuple(trick), winner))
        if len(played) == 12:
            points += LAST_TRICK  # "Punktewertung": the last trick is worth 10
        self.trick_points[winner & 1] += points
        self.current = []
        self.led = -1
        self.winner_card = self.winner_seat = -1
        if len(played) == 12:
            self._finish()
            return
        self.lead_seat = self.to_act = winner

    def _finish(self) -> None:
        side = self.declarer & 1
        tp = self.trick_points
        self.score = score_round(self.bid, side, self.meld_total, (tp[0], tp[1]), self.conceded)
        self.phase = Phase.DONE
        self.to_act = -1
