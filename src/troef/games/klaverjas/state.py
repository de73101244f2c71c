"""One deal of klaverjas as a state machine, from the dealt cards to its result.

Phases: choosing who plays and trump (verplicht or vrij), the kraak chain
(Kraken 3.1), the play of eight tricks (with roem from the hand during the
first trick and stuk, Kraken 3.2), the roem call that ends the first trick
(Kraken 3.2: before the first trick is complete, every seat that has not yet
declared says ``roem N`` or ``roem 0``), claiming a trick's
roem (the ``claim`` switch), done. :meth:`DealState.legal_actions` lists what the seat to act may
do, :meth:`DealState.check` says why an action is not allowed (``None`` when
it is) and :meth:`DealState.apply` performs it or raises
:class:`IllegalActionError` leaving the deal exactly as it was.

>>> from troef.games.klaverjas.rules import preset
>>> from troef.core.chance import GameRandom
>>> from troef.games.klaverjas.deal import deal_cards
>>> rules = preset("kraken")
>>> deal = DealState(rules, deal_cards(rules, 0, GameRandom(1)))
>>> deal.phase.name, deal.to_act, [a.text() for a in deal.legal_actions()]
('CHOOSE', 1, ['trump h', 'trump d', 'trump c', 'trump s'])
>>> deal.check(parse_action("pass"))
'you must play: name the trump suit (verplicht)'
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import IntEnum
from typing import Final

from troef.cards import card_str
from troef.core.chance import randbelow
from troef.core.errors import IllegalActionError
from troef.core.native import copied_through_constructor, share_when_copied
from troef.core.refusals import Refusal
from troef.games.klaverjas.actions import (
    CHAIN,
    CHAIN_WORDS,
    CLAIM,
    NO,
    PASS,
    PLAYS,
    STUK,
    TRUMPS,
    TURN,
    DeclareRoem,
    KlaverjasAction,
    NameTrump,
    Play,
    Word,
    declare_roem,
    parse_action,
)
from troef.games.klaverjas.deal import Deal
from troef.games.klaverjas.kraak import playing_side, speakers
from troef.games.klaverjas.play import LAST_TRICK, POINTS, POWER, legal_mask, refusal
from troef.games.klaverjas.roem import (
    best_hand_roem,
    hand_roem_options,
    judge_hand_roem,
    sequence_values,
    stuk_mask,
    trick_roem_of,
)
from troef.games.klaverjas.rules import Rules
from troef.games.klaverjas.texts import TEXTS

__all__ = ["DealResult", "DealState", "Phase", "parse_action", "random_playout"]


class Phase(IntEnum):
    """Where a deal is."""

    CHOOSE = 0
    KRAAK = 1
    PLAY = 2
    CLAIM = 3
    DONE = 4
    #: Kraken 3.2: the first trick's four cards are down; seats that may still declare roem from the hand do so
    #: (``roem N``) or let it go (``roem 0``) before the trick is taken.
    ROEM = 5


@dataclass(frozen=True, slots=True)
class DealResult:
    """What a deal decided, per side (side 0: seats 0 and 2; side 1: seats 1 and 3), before scoring."""

    declarer: int
    trump: int
    #: 0 none, 1 kraak, 2 rekraak, 3 superkraak.
    level: int
    #: The side that had to take more than half of the points.
    playing_side: int
    card_points: tuple[int, int]
    #: All roem each side counted: from tricks, stuk, the hand (unless cancelled), pit.
    roem: tuple[int, int]
    hand_roem: tuple[int, int]
    hand_roem_cancelled: tuple[bool, bool]
    trick_roem: tuple[int, int]
    stuk: tuple[int, int]
    #: The side that won every trick, or -1.
    pit: int
    nat: bool
    tricks: tuple[int, int]


_TRICK_PLAYS: Final = tuple(
    tuple(PLAYS[s * 8 + r] for r in range(8) if b >> r & 1) for s in range(4) for b in range(256)
)


def plays_of(mask: int) -> tuple[KlaverjasAction, ...]:
    """The interned ``play`` actions of the cards in ``mask``, hearts 7 first."""
    if not mask:
        return ()
    shift = ((mask & -mask).bit_length() - 1) & ~7
    if mask >> shift <= 0xFF:
        return _TRICK_PLAYS[(shift << 5) + (mask >> shift)]  # one suit: a table entry, no tuple made
    # several suits (a lead, or a player who cannot follow): the suits' entries joined. Random deals rarely
    # repeat a mask, so a cache of these only grew (and the collector walked it)
    out: list[KlaverjasAction] = []
    for s in range(shift >> 3, 4):
        byte = (mask >> (8 * s)) & 0xFF
        if byte:
            out.extend(_TRICK_PLAYS[s * 256 + byte])
    return tuple(out)


def _is_word(action: KlaverjasAction, word: str) -> bool:
    """``action == Word(word)``, without calling the dataclass's generated (interpreted) ``__eq__``."""
    return type(action) is Word and action.word == word


class DealState:
    """The state of one deal (in Dutch: een giffie, or spel)."""

    __slots__ = (
        "best_power",
        "best_seat",
        "cached_at",
        "cached_mask",
        "chain",
        "claim_value",
        "deal",
        "dealer",
        "declarable",
        "declared",
        "declared_top",
        "declarer",
        "declares",
        "fours",
        "hand_cancelled",
        "hand_counted",
        "hands",
        "high_trump",
        "history",
        "kraaked",
        "led",
        "level",
        "may_declare",
        "must_kraak",
        "passes",
        "phase",
        "point_row",
        "points",
        "power_row",
        "result",
        "roem",
        "roem_actions",
        "rotterdam",
        "rules",
        "sequences",
        "speaker",
        "stuk_cards",
        "stuk_counted",
        "stuk_declared",
        "stuk_holder",
        "stuk_pending",
        "stuk_played",
        "to_act",
        "trick",
        "trick_mask",
        "trick_points",
        "trick_roem",
        "tricks",
        "trump",
        "won",
    )

    def __init__(self, rules: Rules, deal: Deal, *, must_kraak: tuple[bool, bool] = (False, False)) -> None:
        self.rules = rules
        self.deal = deal
        self.dealer = deal.dealer
        self.hands = list(deal.hands)
        #: Following as legal_mask takes it (0 Amsterdam, 1 Rotterdam, 2 Rotterdam with compulsory undertrumping).
        self.rotterdam = rules.follow_mode
        #: Per side: whether the kraak quota leaves it no choice but to kraak when it defends (Kraken 3.1).
        self.must_kraak = must_kraak
        self.phase = Phase.CHOOSE
        self.to_act = (deal.dealer + 1) % 4  # common rules / Kraken 3.1: the player after the dealer first
        self.declarer = -1
        self.trump = -1
        self.passes = 0
        self.level = 0
        self.speaker = 0
        self.chain: list[tuple[int, str]] = []
        #: Per side: whether it said kraak or rekraak in this deal (counts for the quota).
        self.kraaked = [False, False]
        self.trick: list[tuple[int, int]] = []
        self.trick_mask = 0
        self.trick_points = 0
        #: The card powers of the trick being played (by its led suit) and the card points (by trump).
        self.power_row: tuple[int, ...] = POWER[0][0]
        self.point_row: tuple[int, ...] = POINTS[0]
        #: The legal play mask last listed, and the history length it was listed at (apply reuses it).
        self.cached_mask = 0
        self.cached_at = -1
        #: Whether roem from the hand or stuk are declared (Kraken 3.2, claim switch), not counted by themselves.
        self.declares = rules.stuk_declared
        #: The roem tables: sequence values by length, four equal cards by rank.
        self.sequences = sequence_values(rules)
        self.fours = rules.fours
        self.led = -1
        self.best_seat = -1
        self.best_power = -1
        self.high_trump = -1
        self.tricks: list[tuple[tuple[tuple[int, int], ...], int]] = []
        self.points = [0, 0]
        self.won = [0, 0]
        self.roem = [0, 0]
        self.trick_roem = [0, 0]
        self.claim_value = 0
        self.declared = [-1, -1, -1, -1]
        self.declared_top = [-1, -1, -1, -1]
        #: Per seat, the totals it may declare from the hand (Kraken 3.2), set when trump is named.
        self.declarable: list[tuple[int, ...]] = [(), (), (), ()]
        self.roem_actions: list[tuple[KlaverjasAction, ...]] = [(), (), (), ()]
        self.may_declare = [rules.hand_roem] * 4
        self.hand_counted = [0, 0]
        self.hand_cancelled = [False, False]
        self.stuk_cards = 0
        self.stuk_holder = -1
        self.stuk_declared = False
        self.stuk_pending = False
        self.stuk_played = 0
        self.stuk_counted = [0, 0]
        self.result: DealResult | None = None
        self.history: list[tuple[int, KlaverjasAction]] = []

    # ------------------------------------------------------------------ queries
    @property
    def is_over(self) -> bool:
        """Whether the deal has its result."""
        return self.phase == Phase.DONE

    @property
    def leader(self) -> int:
        """Who leads the first trick: the player after the dealer (common rules, Kraken 3.1)."""
        return (self.dealer + 1) % 4

    def play_mask(self, seat: int) -> int:
        """The cards ``seat`` may play now (to act in the play)."""
        mask = legal_mask(
            self.hands[seat], self.led, self.trump, self.high_trump, self.best_seat == seat ^ 2, self.rotterdam
        )
        if self.stuk_pending:
            mask &= self.stuk_cards  # stuk was declared: the next card is the trump king or queen
        return mask

    def legal_actions(self) -> tuple[KlaverjasAction, ...]:
        """Every action the seat to act may take (empty when the deal is over)."""
        phase = self.phase
        seat = self.to_act
        if phase == Phase.PLAY:
            mask = legal_mask(
                self.hands[seat], self.led, self.trump, self.high_trump, self.best_seat == seat ^ 2, self.rotterdam
            )
            if self.stuk_pending:
                mask &= self.stuk_cards
            self.cached_mask = mask
            self.cached_at = len(self.history)
            plays = plays_of(mask)
            if self.declares and (self.may_declare[seat] or seat == self.stuk_holder):
                extra = self._extras(seat, mask)
                if extra:
                    return plays + extra
            return plays
        if phase == Phase.CHOOSE:
            if self.rules.who_plays == "vrij" and self.passes < 4:
                return (*TRUMPS, PASS)
            return TRUMPS
        if phase == Phase.KRAAK:
            word = CHAIN_WORDS[self.level]
            if self._forced_kraak():
                return (word,)
            return (word, NO)
        if phase == Phase.CLAIM:
            return (CLAIM, TURN)
        if phase == Phase.ROEM:
            return (*self.roem_actions[seat], declare_roem(0))
        return ()

    def _extras(self, seat: int, mask: int) -> tuple[KlaverjasAction, ...]:
        """Declarations open to ``seat`` besides its cards: roem from the hand, stuk."""
        if not self.declares:
            return ()
        roem = self.roem_actions[seat] if self.may_declare[seat] else ()
        if self._stuk_declarable(seat, mask):
            return (*roem, STUK)
        return roem

    def declarable_roem(self, seat: int) -> list[int]:
        """The roem totals ``seat`` may declare from the hand now (Kraken 3.2), 0 included; empty if none may be."""
        if self.phase not in (Phase.PLAY, Phase.ROEM) or not self.may_declare[seat]:
            return []
        return list(self.declarable[seat])

    def _stuk_declarable(self, seat: int, mask: int) -> bool:
        return (
            seat == self.stuk_holder
            and not self.stuk_declared
            and not self.stuk_pending
            and bool(mask & self.stuk_cards & self.hands[seat])
        )

    def _forced_kraak(self) -> bool:
        # Kraken 3.1 quota: the first defender must say kraak for a side that can wait no longer
        return self.level == 0 and self.must_kraak[(self.declarer & 1) ^ 1]

    def check(self, action: KlaverjasAction) -> str | None:
        """Why ``action`` is not allowed now, or ``None`` if it is."""
        problem = self._problem(action)
        return None if problem is None else str(problem)

    def refusal(self, action: KlaverjasAction) -> Refusal | None:
        """Why ``action`` is not allowed now as code and parameters (worded by :mod:`~troef.games.klaverjas.texts`)."""
        return self._problem(action)

    # ------------------------------------------------------------------ checks
    def _problem(self, action: KlaverjasAction) -> Refusal | None:
        phase = self.phase
        seat = self.to_act
        if phase == Phase.DONE:
            return TEXTS.refusal("deal_over")
        if phase == Phase.PLAY:
            if type(action) is Play:
                card = action.card
                if 0 <= card < 32 and self.play_mask(seat) >> card & 1:
                    return None
                if self.stuk_pending and 0 <= card < 32 and self.hands[seat] >> card & 1:
                    return TEXTS.refusal("stuk_card")
                return refusal(
                    self.hands[seat],
                    card,
                    self.led,
                    self.trump,
                    self.high_trump,
                    self.best_seat == seat ^ 2,
                    self.rotterdam,
                )
            if isinstance(action, DeclareRoem):
                return self._roem_problem(seat, action.value)
            if _is_word(action, "stuk"):
                if not self.rules.stuk_declared:
                    return TEXTS.refusal("stuk_auto")
                if self._stuk_declarable(seat, self.play_mask(seat)):
                    return None
                if self.stuk_declared:
                    return TEXTS.refusal("stuk_declared")
                return TEXTS.refusal("no_stuk")
            return TEXTS.refusal("play_a_card")
        if phase == Phase.CHOOSE:
            if isinstance(action, NameTrump):
                return None if 0 <= action.suit < 4 else TEXTS.refusal("bad_suit")
            if _is_word(action, "pass"):
                if self.rules.who_plays == "verplicht":
                    return TEXTS.refusal("must_play")
                if self.passes >= 4:
                    return TEXTS.refusal("all_passed")
                return None
            return TEXTS.refusal("name_trump_or_pass" if self._may_pass() else "name_trump")
        if phase == Phase.KRAAK:
            word = CHAIN[self.level]
            if isinstance(action, Word) and action.word == word:
                return None
            if _is_word(action, "no"):
                if self._forced_kraak():
                    return TEXTS.refusal("kraak_quota")
                return None
            return TEXTS.refusal("say_kraak") if self._forced_kraak() else TEXTS.refusal("kraak_word", word=word)
        if phase == Phase.ROEM:
            if isinstance(action, DeclareRoem):
                if action.value == 0:
                    return None  # let the chance go
                return self._roem_problem(seat, action.value)
            return TEXTS.refusal("roem_first_trick")
        # CLAIM
        if isinstance(action, Word) and action.word in ("claim", "turn"):
            return None
        return TEXTS.refusal("claim_or_turn", value=self.claim_value)

    def _may_pass(self) -> bool:
        return self.rules.who_plays == "vrij" and self.passes < 4

    def _roem_problem(self, seat: int, value: int) -> Refusal | None:
        if not self.rules.hand_roem:
            return TEXTS.refusal("no_hand_roem")
        if not self.may_declare[seat]:
            if self.tricks:
                return TEXTS.refusal("roem_late")
            if self.declared[seat] <= 0 and self.rules.hand_roem_until == "first_card":
                return TEXTS.refusal("roem_before_card")
            return TEXTS.refusal("roem_once")
        values = self.declarable_roem(seat)
        if value in values and value > 0:
            return None
        shown = ", ".join(str(v) for v in values if v)
        if not shown:
            return TEXTS.refusal("roem_none", value=value)
        return TEXTS.refusal("roem_not_held", value=value, options=shown)

    # ------------------------------------------------------------------ apply
    def apply(self, action: KlaverjasAction) -> None:
        """Perform ``action`` for the seat to act, or raise :class:`IllegalActionError` changing nothing."""
        seat = self.to_act
        if self.phase == Phase.PLAY and type(action) is Play:
            # the hot path: one mask test instead of the full check
            card = action.card
            mask = self.cached_mask if self.cached_at == len(self.history) else self.play_mask(seat)
            if not (0 <= card < 32 and mask >> card & 1):
                raise IllegalActionError(self._problem(action) or TEXTS.refusal("illegal"))
            self.history.append((seat, action))
            self._play(seat, card)
            return
        problem = self._problem(action)
        if problem is not None:
            raise IllegalActionError(problem)
        self.history.append((seat, action))
        phase = self.phase
        if phase == Phase.CHOOSE:
            if isinstance(action, NameTrump):
                self._name_trump(seat, action.suit)
            else:
                self.passes += 1
                self.to_act = (seat + 1) % 4
        elif phase == Phase.KRAAK:
            self._chain(seat, _is_word(action, "no"))
        elif phase == Phase.PLAY:
            if isinstance(action, DeclareRoem):
                self._declare_roem(seat, action.value)
            else:  # stuk, Kraken 3.2 / claim rules: declared with its first or second card
                self.stuk_declared = True
                self.stuk_pending = True
                self.stuk_counted[seat & 1] += self.rules.stuk
                self.roem[seat & 1] += self.rules.stuk
                if self.may_declare[seat] and self.rules.stuk_once:
                    # stuk is one combination of 20 (table 2.3), declared once (Kraken 3.2): what this seat may
                    # still declare from the hand are the totals without it
                    self._without_stuk(seat)
        elif phase == Phase.ROEM:
            assert isinstance(action, DeclareRoem)
            if action.value:
                self._declare_roem(seat, action.value)
            else:
                self.may_declare[seat] = False
            self._roem_call()
        else:  # CLAIM
            assert isinstance(action, Word)
            if action.word == "claim":
                side = self.tricks[-1][1] & 1
                self.roem[side] += self.claim_value
                self.trick_roem[side] += self.claim_value
            self.claim_value = 0
            self.phase = Phase.PLAY
            if len(self.tricks) == 8:
                self._finish()

    def _name_trump(self, seat: int, suit: int) -> None:
        self.declarer = seat
        self.trump = suit
        self.point_row = POINTS[suit]
        self.stuk_cards = stuk_mask(suit)
        for s in range(4):
            hand = self.hands[s]
            if hand & self.stuk_cards == self.stuk_cards:
                self.stuk_holder = s
            if self.rules.hand_roem:
                # decided: a player declares the roem he holds (his best total), with stuk or, to keep stuk
                # for one of its cards (Kraken 3.2), without it
                plain, best = best_hand_roem(hand, suit, self.rules)
                self._offer(s, (0, plain, best))
        if self.rules.kraak:
            self.phase = Phase.KRAAK
            self.to_act = speakers(seat, 0)[0]
        else:
            self._start_play()

    def _chain(self, seat: int, declined: bool) -> None:
        if declined:
            self.speaker += 1
            if self.speaker < 2:
                self.to_act = speakers(self.declarer, self.level)[1]
                return
            self._start_play()
            return
        self.chain.append((seat, CHAIN[self.level]))
        if self.level < 2:
            self.kraaked[seat & 1] = True  # kraak and rekraak count for the quota; superkraak adds no deal
        self.level += 1
        if self.level == 3:
            self._start_play()  # Kraken 3.1: nothing is higher than superkraak
            return
        self.speaker = 0
        self.to_act = speakers(self.declarer, self.level)[0]

    def _start_play(self) -> None:
        self.phase = Phase.PLAY
        self.to_act = self.leader

    def _offer(self, seat: int, totals: tuple[int, ...]) -> None:
        """Let ``seat`` declare these roem totals from the hand (0 is declaring nothing)."""
        self.declarable[seat] = tuple(sorted({0, *totals}))
        self.roem_actions[seat] = tuple(declare_roem(v) for v in self.declarable[seat] if v)

    def _without_stuk(self, seat: int) -> None:
        """Stuk was declared with a card: only totals without it stay on offer (stuk counts once)."""
        plain = best_hand_roem(self.deal.hands[seat], self.trump, self.rules)[0]
        self._offer(seat, (plain,))

    def _declare_roem(self, seat: int, value: int) -> None:
        # the dealt hand: a seat may declare after playing its first card (until the first trick is complete)
        dealt = self.deal.hands[seat]
        self.may_declare[seat] = False
        self.declared[seat] = value
        self.declared_top[seat] = hand_roem_options(dealt, self.trump, self.rules)[value]
        if value not in hand_roem_options(dealt, -1, self.rules):
            # the total needs stuk: it is declared with the hand roem (Kraken 3.2) and shares its fate
            self.stuk_declared = True

    def _play(self, seat: int, card: int) -> None:
        bit = 1 << card
        self.hands[seat] ^= bit
        if self.declares:
            self.stuk_pending = False
            if self.rules.hand_roem_until == "first_card":  # rules revision 1: roem before one's first card
                self.may_declare[seat] = False
        if bit & self.stuk_cards and seat == self.stuk_holder:
            self.stuk_played += 1
            if self.stuk_played == 2 and not self.declares:
                # common rules, counted automatically: stuk for its holder's side once both cards are played
                self.stuk_counted[seat & 1] += self.rules.stuk
                self.roem[seat & 1] += self.rules.stuk
        trick = self.trick
        if not trick:
            self.led = card >> 3
            self.power_row = POWER[self.trump][card >> 3]
        power = self.power_row[card]
        if power > self.best_power:
            self.best_power = power
            self.best_seat = seat
            if power >= 16:
                self.high_trump = power - 16
        trick.append((seat, card))
        self.trick_points += self.point_row[card]
        self.trick_mask |= bit
        if len(trick) < 4:
            self.to_act = (seat + 1) & 3
            return
        if self.rules.hand_roem and not self.tricks and self.rules.hand_roem_until == "first_trick":
            # Kraken 3.2: roem from the hand until the first trick is complete; every seat that has not declared
            # is asked in turn from the leader before the trick is taken. Every such seat, whatever it holds:
            # asking only those with roem would tell the table who holds some
            self.phase = Phase.ROEM
            self._roem_call()
            return
        self._take_trick()

    def _roem_call(self) -> None:
        """The next seat of the first trick's roem call, or, when none is left, the trick taken."""
        for step in range(4):
            seat = (self.leader + step) & 3
            if self.may_declare[seat]:
                self.to_act = seat
                return
        self.phase = Phase.PLAY
        self.may_declare = [False, False, False, False]
        self._take_trick()

    def _take_trick(self) -> None:
        """The trick's four cards are down: its winner takes it (points, roem, the next lead, the end)."""
        trick = self.trick
        winner = self.best_seat
        side = winner & 1
        mask = self.trick_mask
        pts = self.trick_points
        self.trick_mask = 0
        self.trick_points = 0
        self.tricks.append((tuple(trick), winner))
        if len(self.tricks) == 8:
            pts += LAST_TRICK
        self.points[side] += pts
        self.won[side] += 1
        self.trick = []
        self.led = -1
        self.best_power = -1
        self.best_seat = -1
        self.high_trump = -1
        self.to_act = winner
        if len(self.tricks) == 1 and self.rules.hand_roem:
            self._judge_hand_roem()
        fallen = trick_roem_of(mask, self.sequences, self.fours)
        if fallen:
            if self.rules.roem_counting == "claim":
                # claim switch: the winner claims the trick's roem before the trick is turned, or it is lost
                self.claim_value = fallen
                self.phase = Phase.CLAIM
                return
            self.roem[side] += fallen
            self.trick_roem[side] += fallen
        if len(self.tricks) == 8:
            self._finish()

    def _judge_hand_roem(self) -> None:
        """Kraken 3.2: after the first trick, higher roem in the other side's hand cancels a side's hand roem.

        Each side's best is its highest single declaration, compared by value,
        then by its highest card (2.3); at a full tie the side that goes (the
        playing side after the kraak chain) keeps its roem (:func:`judge_hand_roem`).
        """
        counted, cancelled = judge_hand_roem(
            self.declared, self.declared_top, self.rules.tie_winner(playing_side(self.declarer, self.level))
        )
        for side in (0, 1):
            self.hand_cancelled[side] = cancelled[side]
            self.hand_counted[side] = counted[side]
            self.roem[side] += counted[side]

    def _finish(self) -> None:
        self.phase = Phase.DONE
        self.to_act = -1
        pit = -1
        for side in (0, 1):
            if self.won[side] == 8:
                pit = side
                self.roem[side] += self.rules.pit  # common rules: pit 100; Kraken 3.2: 100 roem
        plays = playing_side(self.declarer, self.level)
        total = [self.points[s] + self.roem[s] for s in (0, 1)]
        # common rules, Kraken 3.1/3.3: the playing side must take more than the other (more than half)
        nat = total[plays] <= total[plays ^ 1]
        self.result = DealResult(
            declarer=self.declarer,
            trump=self.trump,
            level=self.level,
            playing_side=plays,
            card_points=(self.points[0], self.points[1]),
            roem=(self.roem[0], self.roem[1]),
            hand_roem=(self.hand_counted[0], self.hand_counted[1]),
            hand_roem_cancelled=(self.hand_cancelled[0], self.hand_cancelled[1]),
            trick_roem=(self.trick_roem[0], self.trick_roem[1]),
            stuk=(self.stuk_counted[0], self.stuk_counted[1]),
            pit=pit,
            nat=nat,
            tricks=(self.won[0], self.won[1]),
        )

    # ------------------------------------------------------------------ misc
    @property
    def last_trick(self) -> tuple[tuple[tuple[int, int], ...], int] | None:
        """The last complete trick and its winner, or None."""
        return self.tricks[-1] if self.tricks else None

    def __repr__(self) -> str:
        return f"<DealState {self.rules.preset} phase={self.phase.name} to_act={self.to_act}>"

    def describe_card(self, card: int) -> str:
        """A card in notation (for messages)."""
        return card_str(card)


def random_playout(deal: DealState, chooser: random.Random) -> int:
    """Play ``deal`` to its end choosing uniformly among its legal actions with ``chooser``; the number of actions.

    The loop of ``troef bench engine`` and of a research loop, through the
    public :meth:`DealState.legal_actions` and :meth:`DealState.apply`: the
    same actions as ``deal.apply(legal[chooser.randrange(len(legal))])``
    repeated, draw for draw, run from compiled code.
    """
    actions = 0
    while deal.phase != Phase.DONE:
        legal = deal.legal_actions()
        deal.apply(legal[randbelow(chooser, len(legal))])
        actions += 1
    return actions


# immutable values: a copy of a match shares them (troef.core.native)
share_when_copied(DealResult)

# a copy or an unpickled DealState is made by its constructor (troef.core.native)
copied_through_constructor(DealState, lambda d: (d.rules, d.deal))
