"""The compact position the solver searches: masks per seat, the trick so far, and the goal.

A :class:`Position` holds only what decides the rest of a hand: every seat's
cards, the order of play, the cards already in the current trick, trump, and
what the declarer still has to reach. :func:`position_from_hand` reads one
from an engine :class:`~troef.games.bonaken.state.DealState`; players that sample
hypothetical deals build one directly (or reuse one with other hands, see
:func:`troef.games.bonaken.solver.search.solve_position`).

The question is always asked for one declarer (nk rule 22: the others work
together against him), as a :class:`Goal`:

* ``POINTS``: a number bid (nk rule 32): reach ``need`` more points, from card
  points in won tricks, stuk still to be declared (nk rule 46), and roem in
  won tricks where the rules count it (hazerswoude 2.3).
* ``ALL_TRICKS``: zwabber and bonaak (nk rule 33): win every trick left (and,
  for bonaak with roem counted in tricks, ``need`` more roem from them).
* ``NO_TRICK``: misère (nk rule 34): take no trick. With several misère
  players (nk rule 38) each one is a separate question, all others against him.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from troef.cards import card_str
from troef.core.errors import TroefError
from troef.games.bonaken.actions import BidKind, Play
from troef.games.bonaken.rules import Rules
from troef.games.bonaken.state import DealState, Phase


class SolverError(TroefError, ValueError):
    """A position the solver cannot answer (not in play, or inconsistent)."""


class Goal(IntEnum):
    """What the declarer must achieve in the rest of the hand."""

    POINTS = 0
    ALL_TRICKS = 1
    NO_TRICK = 2


@dataclass(frozen=True, slots=True)
class Position:
    """A play position with every hand known.

    ``hands`` is indexed by seat (a mask per seat, 0 for seats out of the
    hand); ``order`` lists the seats in the hand in playing order (clockwise,
    any start); ``trick`` the cards of the current trick as (seat, card) in
    the order played; ``to_move`` the seat to play next. ``need`` is, for
    ``POINTS``, the points the declarer still needs (bid minus roem counted
    minus points won), and for ``ALL_TRICKS`` the roem still needed from won
    tricks (0 unless the rules count roem in tricks). ``stuk`` is the roem the
    declarer gains when he plays the trump king or queen while holding both
    (0 when stuk can no longer be declared, whatever he holds).
    ``trick_roem`` says whether roem in the declarer's won tricks counts
    (hazerswoude 2.3). ``failed`` marks a contract already lost (a bonaak
    player who lost a trick, a misère player who took one). ``legal``, when
    given, is the mask of cards the player to move may play now, where the
    caller knows better than the play rules alone (after declaring stuk only
    the trump king or queen may follow).
    ``total`` is the declarer's total so far (card points and roem) for
    ``POINTS``, the base of the totals reported with ``values=True``.
    """

    rules: Rules
    hands: tuple[int, ...]
    order: tuple[int, ...]
    to_move: int
    trump: int
    declarer: int
    goal: Goal
    need: int = 0
    trick: tuple[tuple[int, int], ...] = ()
    stuk: int = 0
    trick_roem: bool = False
    failed: bool = False
    legal: int | None = None
    total: int = 0

    def check(self) -> None:
        """Raise :class:`SolverError` unless the position is consistent."""
        n = len(self.order)
        if n < 2 or len(set(self.order)) != n:
            raise SolverError("a position needs at least two distinct seats in playing order")
        for seat in self.order:
            if not 0 <= seat < len(self.hands):
                raise SolverError(f"seat {seat} has no hand")
        if self.to_move not in self.order or self.declarer not in self.order:
            raise SolverError("the player to move and the declarer must be seats in the hand")
        if len(self.trick) >= n:
            raise SolverError("the current trick is already complete")
        if self.trick:
            first = self.order.index(self.trick[0][0])
            for i, (seat, _) in enumerate(self.trick):
                if seat != self.order[(first + i) % n]:
                    raise SolverError("the trick is not in playing order")
            if self.to_move != self.order[(first + len(self.trick)) % n]:
                raise SolverError("the player to move is not next in the trick")
        union = 0
        for seat in self.order:
            if union & self.hands[seat]:
                raise SolverError("a card is in two hands")
            union |= self.hands[seat]
        for _, card in self.trick:
            if union >> card & 1:
                raise SolverError(f"{card_str(card)} is both in the trick and in a hand")
            union |= 1 << card
        left = self.hands[self.to_move].bit_count()
        played = {seat for seat, _ in self.trick}
        for seat in self.order:
            want = left - 1 if seat in played else left
            if self.hands[seat].bit_count() != want:
                raise SolverError("the hands do not hold equally many cards for the tricks left")
        if left == 0:
            raise SolverError("no cards left to play")
        if not -1 <= self.trump < 4:
            raise SolverError(f"bad trump suit {self.trump}")


def position_from_hand(hand: DealState, declarer: int | None = None) -> Position:
    """The solver's position of a hand in play, for ``declarer``.

    ``declarer`` matters only with several misère players; by default it is
    the player to move if he is one of them, else the first misère player
    who has not yet taken a trick.
    """
    if hand.phase != Phase.PLAY or hand.contract is None:
        raise SolverError(f"the solver needs a hand in play, not in phase {hand.phase.name.lower()}")
    contract = hand.contract
    declarers = hand.declarers
    if declarer is None:
        if hand.to_act in declarers:
            declarer = hand.to_act
        else:
            # nk rule 38: the first misère player who has not yet taken a trick
            undecided = [s for s in declarers if s not in hand.outcomes and not hand.won[s]]
            declarer = undecided[0] if undecided else declarers[0]
    elif declarer not in declarers:
        raise SolverError(f"seat {declarer} is not a declarer of this hand")
    rules = hand.rules
    kind = contract.kind
    order = [hand.seats[0]]
    while len(order) < len(hand.seats):
        order.append(hand.next_seat[order[-1]])
    legal = 0
    for action in hand.legal_actions():
        if type(action) is Play:
            legal |= 1 << action.card
    need = 0
    total = 0
    stuk = 0
    failed = False
    trick_roem = False
    if kind == BidKind.NUMBER:
        goal = Goal.POINTS
        total = hand.points[declarer] + hand.roem_counted + hand.trick_roem
        need = contract.value - total
        trick_roem = rules.roem_in_tricks
        if _stuk_to_come(hand, declarer):
            stuk = rules.roem.stuk
    elif kind == BidKind.MISERE:
        goal = Goal.NO_TRICK
        failed = hand.won[declarer] > 0
    else:
        goal = Goal.ALL_TRICKS
        failed = len(hand.tricks) > hand.won[declarer]
        if contract.value:
            if rules.roem_in_tricks:
                # hazerswoude 2.3: the roem bid may still fall in won tricks
                trick_roem = True
                need = max(0, contract.value - hand.roem_counted - hand.trick_roem)
            elif hand.roem_declared < contract.value or (contract.six and not hand.six_shown):
                failed = True  # the roem bid is not held (nk rule 50: a six-card claim needs six)
    return Position(
        rules=rules,
        hands=tuple(hand.hands),
        order=tuple(order),
        to_move=hand.to_act,
        trump=hand.trump,
        declarer=declarer,
        goal=goal,
        need=need,
        trick=tuple(hand.trick),
        stuk=stuk,
        trick_roem=trick_roem,
        failed=failed,
        legal=legal,
        total=total,
    )


def _stuk_to_come(hand: DealState, declarer: int) -> bool:
    """Whether the declarer can still declare stuk when he plays its first card (nk rule 46)."""
    rules = hand.rules
    contract = hand.contract
    if not rules.stuk_when_played or hand.stuk_counted or hand.stuk_pending or hand.trump < 0:
        return False
    if contract is None or contract.kind != BidKind.NUMBER or declarer != hand.declarers[0]:
        return False
    if rules.roem_below_bid and hand.roem_declared + rules.roem.stuk >= contract.value:
        return False  # nk rule 49 holds for the total
    # whether he holds both cards is left to the search, so that the same
    # position serves deals in which he does and deals in which he does not
    return True


def stuk_mask(trump: int) -> int:
    """The trump king and queen (stuk) as a mask."""
    return (1 << (8 * trump + 6)) | (1 << (8 * trump + 5))
