"""Perfect-information search of Binokel play positions: exact values of trick points.

With every hand known, the rest of a round's play is a two-sided game: one
side's seats maximise the trick points it takes from here on, the other
side's seats minimise them. Each search answers "does the side take at least
``need``?" (a zero-window alpha-beta); exact values come from a binary search
over such questions sharing one transposition table. Every card is worth 0
or 10 ("Punktewertung"), so values move in steps of 10 and a few questions
settle one.

What keeps it fast (as the klaverjas solver, :mod:`troef.games.klaverjas.solver.search`):

* fail-soft answers: a node stops at the first card that decides the
  question and returns a bound beyond ``need`` where one is known;
* a transposition table at trick boundaries, keyed by the kinds each seat
  holds once, the kinds held twice and the leader (which copy of a card a
  seat holds does not matter), with a lower and an upper bound of the value
  and the lead that answered the last question there;
* equivalent cards are searched once: cards of one suit in one hand with
  equal points and no card of another hand or of the trick between or level
  with them in power (the two copies of a card are one kind to begin with);
* bounds: the side takes between 0 and the points left in play;
* move ordering: the remembered card (the lead that answered at this
  boundary, or the card that answered after these trick cards from this
  hand), then leads of the top card of a suit, trumps and high cards first;
  following, winning cards with points, points to a partner ahead, the
  fewest points to an opponent ahead.

Legal cards and the winner of a trick follow the engine's
:func:`troef.games.binokel.play.legal_kinds` and
:func:`~troef.games.binokel.play.winner_of` (the tests check the values
against a minimax through the engine itself). A node limit makes the search
stop with :class:`OutOfNodes`.

>>> from troef.cards import parse_cards, mask_of
>>> hands = [mask_of(parse_cards(t)) for t in ("Ah", "Kh", "9h", "10h")]
>>> solve(Position(hands, trump=3, leader=0, trick=(), tricks_left=1), side=0)
40
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from troef.cards import cards_of
from troef.games.binokel.play import HIGHER, LAST_TRICK, POINTS, POWER, SUIT32
from troef.games.binokel.state import DealState

#: Per kind (0-31): its trick points, its power in its suit, the kinds of its suit that beat it.
_POINTS: Final[tuple[int, ...]] = tuple(POINTS[k] for k in range(32))
_POWER: Final[tuple[int, ...]] = tuple(POWER[k] for k in range(32))
_HIGHER: Final[tuple[int, ...]] = tuple(HIGHER[k] for k in range(32))
_SUIT: Final[tuple[int, ...]] = tuple(SUIT32)
#: The ranks of a suit (card layer: 2 = nine ... 7 = ace) from the strongest down: A 10 K Q J 9.
_RANKS_DOWN: Final[tuple[int, ...]] = (7, 3, 6, 5, 4, 2)
#: Per rank: 1 if its cards have points (ace, ten, king).
_RANK_POINTS: Final[tuple[int, ...]] = (0, 0, 0, 1, 0, 0, 1, 1)
#: Any value of a position is far below this (250 points in a round).
_INFINITY: Final = 1 << 20
_NO_LIMIT: Final = 1 << 62


class OutOfNodes(Exception):
    """The search reached its node limit."""


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


def position_of(r: DealState) -> Position:
    """The position of a round in its play phase (every hand as it really is)."""
    return Position(
        hands=list(r.hands),
        trump=r.trump,
        leader=r.lead_seat,
        trick=tuple(c & 31 for c in r.current),
        tricks_left=12 - len(r.played),
    )


def _beats(card: int, best: int, trump: int) -> bool:
    """Whether ``card`` takes a trick from ``best`` (of two equal cards the first stays ahead)."""
    if card >> 3 == best >> 3:
        return _POWER[card] > _POWER[best]
    return card >> 3 == trump


def _legal(kinds: int, led: int, best: int, trump: int) -> int:
    """The engine's :func:`~troef.games.binokel.play.legal_kinds` on kinds (``led`` -1 for a lead)."""
    if led < 0:
        return kinds
    follow = kinds & _SUIT[led]
    wsuit = best >> 3
    if follow:
        if wsuit != led:
            return follow
        higher = follow & _HIGHER[best]
        return higher if higher else follow
    trumps = kinds & _SUIT[trump]
    if trumps:
        if wsuit != trump:
            return trumps
        higher = trumps & _HIGHER[best]
        return higher if higher else trumps
    return kinds


def legal(hands: list[int], leader: int, trick: tuple[int, ...], trump: int) -> list[int]:
    """The kinds the seat to act may play (the engine's :func:`legal_kinds`)."""
    seat = (leader + len(trick)) % 4
    kinds = (hands[seat] | hands[seat] >> 32) & 0xFFFFFFFF
    if not trick:
        return cards_of(kinds)
    best = trick[0]
    for card in trick[1:]:
        if _beats(card, best, trump):
            best = card
    return cards_of(_legal(kinds, trick[0] >> 3, best, trump))


class Search:
    """One search over a position's remaining play for one ``side`` (0 or 1); the hands change and are restored.

    ``hands`` are physical-card masks (copy 0 in the low 32 bits). ``nodes``
    counts the cards played in the search; past ``limit`` it raises
    :class:`OutOfNodes` (the search is of no further use then).
    """

    def __init__(
        self,
        hands: list[int],
        trump: int,
        side: int,
        leader: int,
        trick: tuple[int, ...],
        tricks_left: int,
        limit: int = _NO_LIMIT,
        table: dict[int, int] | None = None,
    ) -> None:
        self.trump = trump
        self.side = side
        self.limit = limit
        self.nodes = 0
        #: Per seat: the kinds held at least once, the kinds held twice.
        self.one = [(h | h >> 32) & 0xFFFFFFFF for h in hands]
        self.two = [h & (h >> 32) & 0xFFFFFFFF for h in hands]
        #: Tricks to finish, the one in progress included.
        self.left = tricks_left
        #: The card points still in the hands.
        rest = 0
        for seat in range(4):
            rest += _count_points(self.one[seat]) + _count_points(self.two[seat])
        self.rest = rest
        # the trick in progress at the root
        self.root_leader = leader
        self.root_count = len(trick)
        self.root_seat = (leader + len(trick)) & 3
        led = -1
        best = -1
        best_seat = -1
        tmask = 0
        tpts = 0
        for i, card in enumerate(trick):
            if i == 0:
                led = card >> 3
                best = card
                best_seat = leader
            elif _beats(card, best, trump):
                best = card
                best_seat = (leader + i) & 3
            tmask |= 1 << card
            tpts += _POINTS[card]
        self.root_led = led
        self.root_best = best
        self.root_best_seat = best_seat
        self.root_tmask = tmask
        self.root_tpts = tpts
        #: key (:meth:`key`) -> lower bound << 32 | upper bound << 8 | (the lead that answered last + 1), at trick
        #: boundaries. A key tells the whole position up to the names of the ranks, so a table stays true for
        #: every search with the same trump and side: ``table`` shares one (entries are only written for
        #: finished searches, so one stopped at its node limit leaves none that is wrong).
        self.table: dict[int, int] = {} if table is None else table
        #: (trick cards, hand, seat) -> the card that answered there last.
        self.follow: dict[int, int] = {}
        #: The lead that answered the last question of the trick searched from its lead, -1 if none did.
        self.cut = -1

    # ------------------------------------------------------------------ exact values
    def value(self) -> int:
        """The trick points ``side`` takes from the root on with best play by both sides (the trick in progress too)."""
        return self._exact(-1)

    def move_values(self) -> dict[int, int]:
        """Per legal kind of the seat to act at the root: the trick points ``side`` takes after playing it."""
        seat = self.root_seat
        out: dict[int, int] = {}
        guess = -1
        for card in cards_of(_legal(self.one[seat], self.root_led, self.root_best, self.trump)):
            guess = out[card] = self._exact(card, guess)
        return out

    def _exact(self, card: int, guess: int = -1) -> int:
        """The exact value of the root (``card`` -1) or of the root after its seat plays ``card``.

        The first question asks for ``guess`` (a value found nearby, -1 none), the
        next ones halve what is left open.
        """
        lo = 0
        hi = self.rest + self.root_tpts + LAST_TRICK
        while lo < hi:
            need = lo + 10 * ((hi - lo + 10) // 20)
            if lo < guess <= hi:
                need = guess
                guess = -1
            result = self._ask(card, need)
            if result >= need:
                lo = result
            else:
                hi = result
        return lo

    def _ask(self, card: int, need: int) -> int:
        count = self.root_count
        if card < 0:
            if count == 0:
                return self.boundary(self.root_leader, need)
            return self.trick(
                self.root_seat,
                count,
                self.root_led,
                self.root_best,
                self.root_best_seat,
                self.root_tmask,
                self.root_tpts,
                need,
                -1,
            )
        return self.play(
            self.root_seat,
            card,
            count,
            self.root_led,
            self.root_best,
            self.root_best_seat,
            self.root_tmask,
            self.root_tpts,
            need,
        )

    # ------------------------------------------------------------------ search
    def boundary(self, leader: int, need: int) -> int:
        """At a trick boundary: a bound of the points ``side`` takes from here (fail-soft, against ``need``).

        A result of at least ``need`` is a lower bound of the value, a result
        below ``need`` an upper bound.
        """
        left = self.left
        if left == 0:
            return 0
        if need <= 0:
            return 0
        upper = self.rest + LAST_TRICK
        if need > upper:
            return upper
        if left == 1:
            return self.last_trick(leader)
        key = self.key(leader)
        entry = self.table.get(key)
        lo = 0
        hi = upper
        first = -1
        if entry is not None:
            lo = entry >> 32
            hi = (entry >> 8) & 0xFFFFFF
            if lo >= need:
                return lo
            if hi < need:
                return hi
            first = (entry & 0xFF) - 1
        result = self.trick(leader, 0, -1, -1, -1, 0, 0, need, first)
        if self.cut >= 0:
            first = self.cut
        if result >= need:
            if result > lo:
                lo = result
        elif result < hi:
            hi = result
        self.table[key] = lo << 32 | hi << 8 | (first + 1)
        return result

    def key(self, leader: int) -> int:
        """The position at a trick boundary up to the names of the ranks, as one int.

        Only the order of the cards left in a suit counts, not which ranks
        they are: per suit, from the strongest card left down, a six-bit token
        per kind left (who holds its copies, its points), the suits ended by a
        zero token. Positions that differ only in which of two cards of equal
        points, with none between them, were played (an ace or a ten gone)
        share an entry: the play from there on is the same up to the names.
        """
        one = self.one
        h0 = one[0]
        h1 = one[1]
        h2 = one[2]
        h3 = one[3]
        t = self.two[0] | self.two[1] | self.two[2] | self.two[3]
        code = leader + 4
        for suit in range(4):
            shift = 8 * suit
            b0 = (h0 >> shift) & 0xFF
            b1 = (h1 >> shift) & 0xFF
            b2 = (h2 >> shift) & 0xFF
            b3 = (h3 >> shift) & 0xFF
            bt = (t >> shift) & 0xFF
            if b0 | b1 | b2 | b3:
                for rank in _RANKS_DOWN:
                    holders = (
                        (b0 >> rank) & 1
                        | ((b1 >> rank) & 1) << 1
                        | ((b2 >> rank) & 1) << 2
                        | ((b3 >> rank) & 1) << 3
                        | ((bt >> rank) & 1) << 4
                    )
                    if holders:
                        code = code << 6 | holders << 1 | _RANK_POINTS[rank]
            code <<= 6
        return code

    def last_trick(self, leader: int) -> int:
        """The last trick, one card a hand: the points ``side`` takes with it."""
        self.nodes += 1
        one = self.one
        trump = self.trump
        best = one[leader].bit_length() - 1
        best_seat = leader
        points = _POINTS[best] + LAST_TRICK
        for i in range(1, 4):
            seat = (leader + i) & 3
            card = one[seat].bit_length() - 1
            points += _POINTS[card]
            if _beats(card, best, trump):
                best = card
                best_seat = seat
        return points if best_seat & 1 == self.side else 0

    def trick(
        self, seat: int, count: int, led: int, best: int, best_seat: int, tmask: int, tpts: int, need: int, hint: int
    ) -> int:
        """Inside a trick, ``seat`` to play its card number ``count`` (0: the lead): a fail-soft bound.

        ``best`` is the card ahead in the trick (played by ``best_seat``),
        ``tmask`` the kinds in it, ``tpts`` its points; ``hint`` for the lead:
        the card that answered here before (-1 none).
        """
        maximise = seat & 1 == self.side
        result = -_INFINITY if maximise else _INFINITY
        for key in self.ordered(seat, count, led, best, best_seat, tmask, hint):
            card = key & 63
            found = self.play(seat, card, count, led, best, best_seat, tmask, tpts, need)
            if (found >= need) == maximise:
                if count == 0:
                    self.cut = card
                else:
                    self.follow[tmask | self.one[seat] << 32 | seat << 64] = card
                return found
            if maximise:
                if found > result:
                    result = found
            elif found < result:
                result = found
        if count == 0:
            self.cut = -1
        return result

    def play(
        self, seat: int, card: int, count: int, led: int, best: int, best_seat: int, tmask: int, tpts: int, need: int
    ) -> int:
        """``seat`` plays ``card``: a fail-soft bound of the value from here against ``need``."""
        self.nodes += 1
        if self.nodes > self.limit:
            raise OutOfNodes
        bit = 1 << card
        doubled = self.two[seat] & bit
        if doubled:
            self.two[seat] ^= bit
        else:
            self.one[seat] ^= bit
        worth = _POINTS[card]
        self.rest -= worth
        if count == 0:
            led = card >> 3
            best = card
            best_seat = seat
        elif _beats(card, best, self.trump):
            best = card
            best_seat = seat
        tpts += worth
        if count < 3:
            result = self.trick((seat + 1) & 3, count + 1, led, best, best_seat, tmask | bit, tpts, need, -1)
        else:
            left = self.left
            if left == 1:
                tpts += LAST_TRICK
            gain = tpts if best_seat & 1 == self.side else 0
            self.left = left - 1
            result = gain + self.boundary(best_seat, need - gain)
            self.left = left
        if doubled:
            self.two[seat] |= bit
        else:
            self.one[seat] |= bit
        self.rest += worth
        return result

    # ------------------------------------------------------------------ cards to try
    def ordered(self, seat: int, count: int, led: int, best: int, best_seat: int, tmask: int, hint: int) -> list[int]:
        """The legal cards of ``seat`` worth searching, equivalent cards once, as sort keys in the order to try.

        A key is ``priority << 6 | card``.
        """
        one = self.one
        hand = one[seat]
        legal = _legal(hand, led, best, self.trump)
        if not legal & (legal - 1):
            return [legal.bit_length() - 1]
        others = tmask
        for other in range(4):
            if other != seat:
                others |= one[other]
        if count == 0:
            first = hint
        else:
            first = self.follow.get(tmask | hand << 32 | seat << 64, -1)
        trump = self.trump
        partner_ahead = count > 0 and best_seat & 1 == seat & 1
        keyed: list[int] = []
        for suit in range(4):
            byte = (legal >> (8 * suit)) & 0xFF
            if not byte:
                continue
            other_byte = (others >> (8 * suit)) & 0xFF
            run_points = -1  # the points of the run of this hand's cards being walked, -1 outside a run
            top = True  # no card of another hand or the trick above (a lead that wins unless trumped)
            for rank in _RANKS_DOWN:
                contested = other_byte >> rank & 1
                if contested:
                    run_points = -1
                    top = False
                if not byte >> rank & 1:
                    continue
                card = 8 * suit + rank
                points = _POINTS[card]
                if points == run_points:
                    continue  # equivalent to the stronger card of the run just kept
                # a card level with another hand's copy (or the trick's) starts no run: it differs from the next
                run_points = -1 if contested else points
                if card == first:
                    priority = 0
                elif count == 0:
                    priority = (1 if top else 20) + (0 if suit == trump else 6) + 5 - _POWER[card]
                elif _beats(card, best, trump):
                    # taking the trick: the last seat with the most points, others with the strongest card
                    priority = 1 + (0 if points else 6) + (_POWER[card] if count == 3 else 5 - _POWER[card])
                elif partner_ahead:
                    priority = 20 + (0 if points else 6) + _POWER[card]
                else:
                    priority = 40 + (6 if points else 0) + _POWER[card]
                keyed.append(priority << 6 | card)
        keyed.sort()
        return keyed


def _count_points(kinds: int) -> int:
    total = 0
    while kinds:
        low = kinds & -kinds
        total += _POINTS[low.bit_length() - 1]
        kinds ^= low
    return total


def solve(position: Position, side: int, limit: int = _NO_LIMIT) -> int:
    """Trick points ``side`` takes from ``position`` on with best play by both sides."""
    p = position
    return Search(p.hands, p.trump, side, p.leader, p.trick, p.tricks_left, limit).value()


def solve_moves(position: Position, side: int, limit: int = _NO_LIMIT) -> dict[int, int]:
    """Per legal kind of the seat to act: the trick points ``side`` takes from here on after playing it.

    Every value is exact (one table serves them all).
    """
    p = position
    return Search(p.hands, p.trump, side, p.leader, p.trick, p.tricks_left, limit).move_values()
