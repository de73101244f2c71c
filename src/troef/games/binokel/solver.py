"""Perfect-information search of Binokel play positions: exact alpha-beta on trick points.

With every hand known, the rest of a round's play is a two-sided game: one
side's seats maximise the trick points it takes from here on, the other
side's seats minimise them. The search uses the engine's own trick rules
(:func:`troef.games.binokel.play.legal_kinds`, :func:`~troef.games.binokel.play.winner_of`,
the card points and the last trick's 10 of "Punktewertung"), so it cannot
disagree with the engine about what may be played or who wins.

Positions at the start of a trick are remembered with their bounds
(a transposition table): the same hands can be reached by playing tricks in
another order. A position is the four hands as physical-card masks (which
copy of a card a seat holds does not matter: a play removes copy 0 first,
as the engine does), the seat to act and the cards of the trick so far.

>>> from troef.cards import parse_cards, mask_of
>>> hands = [mask_of(parse_cards(t)) for t in ("Ah", "Kh", "9h", "10h")]
>>> solve(Position(hands, trump=3, leader=0, trick=(), tricks_left=1), side=0)
40
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from troef.games.binokel.play import LAST_TRICK, POINTS, POWER, legal_kinds, winner_of
from troef.games.binokel.state import Round

_EXACT, _LOWER, _UPPER = 0, 1, 2
_SUIT_BYTES: Final = 4


@dataclass(frozen=True, slots=True)
class Position:
    """A play position: the hands (physical masks), trump, who led the trick, its cards so far (kinds).

    ``tricks_left`` counts the trick in progress: 1 means this is the last trick (worth 10 more).
    """

    hands: list[int]
    trump: int
    leader: int
    trick: tuple[int, ...]
    tricks_left: int

    @property
    def to_act(self) -> int:
        """The seat to play."""
        return (self.leader + len(self.trick)) % 4


def position_of(r: Round) -> Position:
    """The position of a round in its play phase (every hand as it really is)."""
    return Position(
        hands=list(r.hands),
        trump=r.trump,
        leader=r.lead_seat,
        trick=tuple(c & 31 for c in r.current),
        tricks_left=12 - len(r.played),
    )


def _remove(hand: int, kind: int) -> int:
    return hand & ~(1 << kind) if hand >> kind & 1 else hand & ~(1 << (kind + 32))


def _kinds(hand: int) -> int:
    return (hand | hand >> 32) & 0xFFFFFFFF


def legal(hands: list[int], leader: int, trick: tuple[int, ...], trump: int) -> list[int]:
    """The kinds the seat to act may play (the engine's :func:`legal_kinds`)."""
    seat = (leader + len(trick)) % 4
    kinds = _kinds(hands[seat])
    if trick:
        ahead = trick[winner_of(trick, trump)]
        kinds = legal_kinds(kinds, trick[0] >> 3, ahead, trump)
    return bits(kinds)


def bits(mask: int) -> list[int]:
    """The set bits of ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class Solver:
    """Alpha-beta over the rest of the play for one ``side`` (0 or 1), with a transposition table.

    ``nodes`` counts the positions searched (for the benchmark and the tests).
    """

    def __init__(self, trump: int, side: int) -> None:
        self.trump = trump
        self.side = side
        self.nodes = 0
        self.table: dict[tuple[int, int, int, int, int], tuple[int, int]] = {}

    def value(
        self, hands: list[int], leader: int, trick: tuple[int, ...], tricks_left: int, alpha: int, beta: int
    ) -> int:
        """Trick points ``side`` takes from this position on (the trick in progress included), within the window."""
        self.nodes += 1
        if not trick:
            if tricks_left == 0:
                return 0
            key = (hands[0], hands[1], hands[2], hands[3], leader)
            found = self.table.get(key)
            if found is not None:
                flag, stored = found
                if flag == _EXACT:
                    return stored
                if flag == _LOWER and stored >= beta:
                    return stored
                if flag == _UPPER and stored <= alpha:
                    return stored
            result = self._search(hands, leader, trick, tricks_left, alpha, beta)
            flag = _UPPER if result <= alpha else _LOWER if result >= beta else _EXACT
            self.table[key] = (flag, result)
            return result
        return self._search(hands, leader, trick, tricks_left, alpha, beta)

    def _search(
        self, hands: list[int], leader: int, trick: tuple[int, ...], tricks_left: int, alpha: int, beta: int
    ) -> int:
        seat = (leader + len(trick)) % 4
        moves = self.ordered(hands, leader, trick)
        maximise = seat & 1 == self.side
        best = -1 if maximise else 10**6
        for kind in moves:
            value = self.after(hands, leader, trick, tricks_left, seat, kind, alpha, beta)
            if maximise:
                if value > best:
                    best = value
                    if best > alpha:
                        alpha = best
            elif value < best:
                best = value
                if best < beta:
                    beta = best
            if alpha >= beta:
                break
        return best

    def after(
        self,
        hands: list[int],
        leader: int,
        trick: tuple[int, ...],
        tricks_left: int,
        seat: int,
        kind: int,
        alpha: int,
        beta: int,
    ) -> int:
        """The value after ``seat`` plays ``kind``."""
        new = list(hands)
        new[seat] = _remove(hands[seat], kind)
        cards = (*trick, kind)
        if len(cards) < 4:
            return self.value(new, leader, cards, tricks_left, alpha, beta)
        won = (leader + winner_of(cards, self.trump)) % 4
        points = POINTS[cards[0]] + POINTS[cards[1]] + POINTS[cards[2]] + POINTS[cards[3]]
        if tricks_left == 1:
            points += LAST_TRICK
        gained = points if won & 1 == self.side else 0
        return gained + self.value(new, won, (), tricks_left - 1, alpha - gained, beta - gained)

    def ordered(self, hands: list[int], leader: int, trick: tuple[int, ...]) -> list[int]:
        """Legal kinds, likely best first: high cards and points first (cuts the search sooner)."""
        moves = legal(hands, leader, trick, self.trump)
        if len(moves) > 1:
            trump = self.trump
            moves.sort(key=lambda k: -(POWER[k] + (8 if k >> 3 == trump else 0) + POINTS[k] // 5))
        return moves


def solve(position: Position, side: int) -> int:
    """Trick points ``side`` takes from ``position`` on with best play by both sides."""
    solver = Solver(position.trump, side)
    return solver.value(list(position.hands), position.leader, position.trick, position.tricks_left, -1, 10**6)


def solve_moves(position: Position, side: int) -> dict[int, int]:
    """Per legal kind of the seat to act: the trick points ``side`` takes from here on after playing it.

    Each move is searched with the full window, so every value is exact (one table serves them all).
    """
    solver = Solver(position.trump, side)
    seat = position.to_act
    out = {}
    for kind in legal(position.hands, position.leader, position.trick, position.trump):
        out[kind] = solver.after(
            list(position.hands), position.leader, position.trick, position.tricks_left, seat, kind, -1, 10**6
        )
    return out
