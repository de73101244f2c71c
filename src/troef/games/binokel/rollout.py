"""Playing a Binokel round out in one world where every hand is known: the search player's evaluation.

A world (:mod:`troef.games.binokel.sampler`) gives each seat's cards as a
count per kind. :func:`play_out` plays the rest of the tricks with the
rule-based card play (:func:`troef.games.binokel.heuristic_play.choose_card`,
both sides alike, each seat reading the world's counts) until ``solve_last``
tricks remain, and solves those exactly (:mod:`troef.games.binokel.solver`).
Legal cards and the winner of a trick come from the engine's
:mod:`troef.games.binokel.play`.

:func:`round_out` plays a whole round from the exchange on (the partner's
four cards, the four back, the meld, twelve tricks) for the bidding
decisions, the trump and the exchange.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from troef.cards import cards_of
from troef.games.binokel.heuristic import best_gift, best_return
from troef.games.binokel.heuristic_play import Table, choose_card
from troef.games.binokel.meld import meld_value
from troef.games.binokel.play import LAST_TRICK, POINTS, legal_kinds, winner_of
from troef.games.binokel.reading import KINDS32, TOP, mask_of_counts
from troef.games.binokel.scoring import score_round
from troef.games.binokel.solver import Search

World = list[list[int]]
_SUITS = tuple(tuple(s * 8 + r for r in range(2, 8)) for s in range(4))


@dataclass(slots=True)
class PlayState:
    """The play of a round in one world: the hands, the trick so far, the trick points taken."""

    hands: World
    trump: int
    declarer: int
    leader: int
    #: The trick in progress as kinds, from the leader on.
    trick: list[int]
    #: Tricks still to finish, the one in progress included.
    tricks_left: int
    points: list[int] = field(default_factory=lambda: [0, 0])
    #: Work done on this state: cards played by the rule-based play and positions the solver searched.
    work: int = 0

    def copy(self) -> PlayState:
        """An independent copy."""
        return PlayState(
            [list(h) for h in self.hands],
            self.trump,
            self.declarer,
            self.leader,
            list(self.trick),
            self.tricks_left,
            list(self.points),
        )

    @property
    def to_act(self) -> int:
        """The seat to play."""
        return (self.leader + len(self.trick)) % 4

    def legal(self) -> list[int]:
        """The kinds the seat to act may play."""
        hand = self.hands[self.to_act]
        kinds = 0
        for k in KINDS32:
            if hand[k]:
                kinds |= 1 << k
        if self.trick:
            ahead = self.trick[winner_of(self.trick, self.trump)]
            kinds = legal_kinds(kinds, self.trick[0] >> 3, ahead, self.trump)
        return cards_of(kinds)

    def play(self, kind: int) -> None:
        """The seat to act plays ``kind``; a full trick is scored."""
        self.hands[self.to_act][kind] -= 1
        self.trick.append(kind)
        if len(self.trick) == 4:
            cards = self.trick
            won = (self.leader + winner_of(cards, self.trump)) % 4
            points = POINTS[cards[0]] + POINTS[cards[1]] + POINTS[cards[2]] + POINTS[cards[3]]
            if self.tricks_left == 1:
                points += LAST_TRICK  # "Punktewertung"
            self.points[won & 1] += points
            self.trick = []
            self.leader = won
            self.tricks_left -= 1

    def table(self) -> Table:
        """What the seat to act knows in this world: its hand, the others' cards together, their voids."""
        seat = self.to_act
        hands = self.hands
        others = [s for s in range(4) if s != seat]
        a, b, c = hands[others[0]], hands[others[1]], hands[others[2]]
        unseen = [a[k] + b[k] + c[k] for k in range(32)]
        void = [[not any(h[k] for k in _SUITS[s]) for s in range(4)] for h in hands]
        return Table(
            seat=seat,
            trump=self.trump,
            declarer=self.declarer,
            mine=hands[seat],
            unseen=unseen,
            void=void,
            cap=[[TOP] * 4 for _ in range(4)],
            tricks_left=self.tricks_left - 1,
        )

    def solve(self) -> list[int]:
        """The trick points each side takes from here with best play by both (exact)."""
        masks = [mask_of_counts(h) for h in self.hands]
        search = Search(masks, self.trump, 0, self.leader, tuple(self.trick), self.tricks_left)
        side0 = search.value()
        self.work += search.nodes
        left = sum(POINTS[k] * n for h in self.hands for k, n in enumerate(h)) + sum(POINTS[k] for k in self.trick)
        left += LAST_TRICK
        return [self.points[0] + side0, self.points[1] + left - side0]


def play_out(state: PlayState, solve_last: int) -> list[int]:
    """The sides' trick points at the end of the round, playing on from ``state`` (which is changed)."""
    while state.tricks_left > 0:
        if state.tricks_left <= solve_last:
            return state.solve()
        legal = state.legal()
        kind = legal[0] if len(legal) == 1 else choose_card(state.table(), legal, _seated(state))
        state.play(kind)
        state.work += 1
    return state.points


def _seated(state: PlayState) -> list[tuple[int, int]]:
    return [((state.leader + i) % 4, k) for i, k in enumerate(state.trick)]


def side_value(side: int, bid: int, declarer_side: int, meld: tuple[int, int], tricks: list[int]) -> int:
    """The round's score for ``side`` less the other side's ("Punktewertung")."""
    delta = score_round(bid, declarer_side, meld, (tricks[0], tricks[1]), False).delta
    return delta[side] - delta[1 - side]


def round_out(
    world: World,
    declarer: int,
    trump: int,
    solve_last: int,
    gift: list[int] | None = None,
    back: list[int] | None = None,
) -> tuple[tuple[int, int], list[int], int]:
    """Play a round in ``world`` from the exchange on: (the sides' melds, their trick points, the work done).

    ``gift`` and ``back`` are the four kinds the partner passes and the bid winner
    passes back; the rule-based choice when None.
    """
    hands = [list(h) for h in world]
    partner = (declarer + 2) % 4
    gift = gift if gift is not None else best_gift(hands[partner], trump)
    for k in gift:
        hands[partner][k] -= 1
        hands[declarer][k] += 1
    back = back if back is not None else best_return(hands[declarer], trump)
    for k in back:
        hands[declarer][k] -= 1
        hands[partner][k] += 1
    melds = [meld_value(mask_of_counts(h), trump) for h in hands]
    meld = (melds[0] + melds[2], melds[1] + melds[3])
    state = PlayState(hands, trump, declarer, declarer, [], 12)
    points = play_out(state, solve_last)
    return meld, points, state.work + 40  # the exchange's choice costs about as much as 40 cards played
