"""Perfect-information search of klaverjas play: yes/no questions against a target.

The value searched is what the tricks still to play add to the playing
side's score minus the other side's: card points, the last trick's ten, roem
that falls in the tricks (:func:`troef.games.klaverjas.roem.trick_roem_of`)
and the pit bonus. Each search answers "is that value at least ``need``?"
(a zero-window alpha-beta); exact values come from a binary search over such
questions sharing one transposition table (MTD-style).

What keeps it fast:

* the playing side is MAX, the other MIN: a node stops at the first card
  that decides the question; it answers fail-soft (a bound of the value
  beyond ``need`` where one is known), so the table learns more than yes/no;
* a transposition table at trick boundaries, keyed by the cards left (a
  card never changes hands, so they tell the four hands apart), the leader
  and who can still make pit, holds a lower and an upper bound of the
  value, and the first card that answered the last question there;
* equivalent cards are searched once: cards of one suit in one hand, of equal
  points, with no card of another hand or of the trick between them in power;
  when roem can still fall in that suit (three adjacent ranks remain) or four
  equal cards of their rank remain, they are not merged, since the exact rank
  then matters;
* bounds from the points, roem (:mod:`troef.games.klaverjas.solver.roembound`)
  and pit still in play;
* move ordering: the remembered first card (leading: the one that answered
  at this boundary, else from this hand; following: the one that answered
  after these trick cards from this hand, else from this seat), then cards
  that win the trick for the own side with the most points, cards that lose
  it with the fewest;
* below a trick boundary where no roem can fall any more (no three adjacent
  cards of a suit, no four of a rank left) the roem tests are off;
* the last two tricks (most of the nodes) are searched by a loop of their own
  without ordering or merging (:meth:`Search.two_tricks`), which costs less
  than choosing cards for two-card hands would save.

Legal cards come from the engine's :func:`troef.games.klaverjas.play.legal_mask`,
power and points from its ``POWER`` and ``POINTS`` tables. A node limit makes
the search stop with :class:`Abort`; the callers turn that into a best guess.
"""

from __future__ import annotations

from typing import Final

from troef.games.klaverjas.play import LAST_TRICK, PLAIN_POWER, POINTS, POWER, TRUMP_POINTS, TRUMP_POWER, legal_mask
from troef.games.klaverjas.roem import trick_roem_of
from troef.games.klaverjas.solver.roembound import ALL3, cards_roem_bound, hands_roem_bound

#: Question kinds: the playing side's score difference, or pit for the playing side.
SCORE: Final = 0
PIT: Final = 1

#: Ranks of a suit from weakest to strongest: plain 7 8 9 J Q K 10 A, trumps 7 8 Q K 10 A 9 J.
PLAIN_ORDER: Final = (0, 1, 2, 4, 5, 6, 3, 7)
TRUMP_ORDER: Final = (0, 1, 5, 6, 3, 7, 2, 4)
#: ``RUN_WITH[others][rank]``: whether a card of ``rank`` can still be in a sequence with the other hands'
#: cards ``others`` of its suit (a byte): three adjacent ranks around it.
RUN_WITH: Final = tuple(
    tuple(any(((b | 1 << r) >> start) & 7 == 7 for start in range(max(0, r - 2), min(r, 5) + 1)) for r in range(8))
    for b in range(256)
)
_ALL_FOURS: Final = 0x01010101
#: A transposition table entry packs its bounds (values far below 2**20 in size) as ``bound + _OFFSET``.
_OFFSET: Final = 1 << 20
_BOUND_MASK: Final = (1 << 21) - 1
#: The power of the strongest card in a suit byte: as trumps (16 + trump power), as the suit led.
TOP_TRUMP: Final = tuple(max((16 + TRUMP_POWER[r] for r in range(8) if b >> r & 1), default=-1) for b in range(256))
#: ``TRUMP_BYTE_POINTS[byte]``: the points of the trumps in a suit byte.
TRUMP_BYTE_POINTS: Final = tuple(sum(TRUMP_POINTS[r] for r in range(8) if b >> r & 1) for b in range(256))
#: ``BELOW_OR_AT[byte]``: the trump ranks not above the strongest trump in ``byte`` (every rank for an empty byte
#: is wrong: an empty byte gives 0, so every trump of the other side is above it).
BELOW_OR_AT: Final = tuple(
    sum(1 << r for r in range(8) if b and TRUMP_POWER[r] <= max(TRUMP_POWER[q] for q in range(8) if b >> q & 1))
    for b in range(256)
)
TOP_PLAIN: Final = tuple(max((PLAIN_POWER[r] for r in range(8) if b >> r & 1), default=-1) for b in range(256))


class Abort(Exception):
    """The node limit ran out."""


class Search:
    """One search over a position's remaining tricks; the hands change during the search and are restored.

    One search serves one set of hands: its tables are keyed by the cards
    left, which tell the four hands apart only while no card changes hands.
    """

    def __init__(
        self,
        hands: list[int],
        trump: int,
        rotterdam: int,
        playing_side: int,
        tricks_left: int,
        sequences: tuple[int, ...],
        fours: tuple[int, ...],
        pit_value: int,
        kind: int,
        node_limit: int,
        horizon: int = 0,
    ) -> None:
        self.hands = hands
        self.trump = trump
        self.rotterdam = rotterdam
        self.side = playing_side
        self.left = tricks_left
        self.sequences = sequences
        self.fours = fours
        self.roem = any(sequences) or any(fours)
        self.pit_value = pit_value
        self.kind = kind
        self.node_limit = node_limit
        #: With a horizon, the search stops that many tricks on and estimates the rest (:meth:`estimate`).
        self.stop_left = tricks_left - horizon if 0 < horizon < tricks_left else 0
        self.nodes = 0
        self.points = POINTS[trump]
        self.power = POWER[trump]
        #: key -> the lower and upper bound of the value at a trick boundary and the card that answered the last
        #: question there, packed in one int (see :meth:`boundary`): no tuple to build per entry.
        self.table: dict[int, int] = {}
        #: (the cards played so far in a trick, the seat to play) and (a hand, its seat), -> the card that answered
        #: the last question there.
        self.first: dict[int, int] = {}
        #: (the cards of a trick so far and the hand of the seat to play, the seat) -> the card that answered
        #: there: a seat's cards never change hands, so the cards with the seat tell the trick and the hand apart.
        self.follow: dict[int, int] = {}
        #: The lead that answered the question of the last trick searched from its lead, -1 if none did.
        self.cut = -1
        #: the cards left -> :meth:`roem_bound`, and (at a trick boundary) -> :meth:`hand_roem_bound`.
        self.roem_bounds: dict[int, int] = {}
        self.hand_roem_bounds: dict[int, int] = {}
        #: (start ranks of possible runs of three, of four) -> the most roem disjoint runs of one suit hold.
        self.run_splits: dict[int, int] = {}
        in_play = 0
        for hand in hands:
            in_play |= hand
        self.in_play = in_play
        #: The card points of the cards still in the hands.
        self.rest_points = 0
        for card in range(32):
            if in_play >> card & 1:
                self.rest_points += self.points[card]

    # ------------------------------------------------------------------ bounds
    def bound(self, rest: int, pit: int) -> int:
        """The most the tricks holding the cards ``rest`` can be worth to either side (``pit``: pit still open)."""
        if self.kind == PIT:
            return self.left
        total = LAST_TRICK
        points = self.points
        mask = rest
        while mask:
            low = mask & -mask
            total += points[low.bit_length() - 1]
            mask ^= low
        if self.roem:
            total += self.roem_bound(rest)
        if pit:
            total += self.pit_value
        return total

    def roem_bound(self, rest: int) -> int:
        """The most roem all tricks of the cards ``rest`` can hold together (:func:`cards_roem_bound`)."""
        found = self.roem_bounds.get(rest)
        if found is None:
            found = cards_roem_bound(rest, self.sequences, self.fours, self.left)
            self.roem_bounds[rest] = found
        return found

    def hand_roem_bound(self, h0: int, h1: int, h2: int, h3: int) -> int:
        """The most roem the tricks left can hold, at a trick boundary with the hands ``h0``-``h3``.

        See :func:`hands_roem_bound`; memoised by the cards left, which tell
        the hands apart (a card never changes hands during the search).
        """
        rest = h0 | h1 | h2 | h3
        found = self.hand_roem_bounds.get(rest)
        if found is None:
            found = hands_roem_bound(h0, h1, h2, h3, self.sequences, self.fours, self.left, self.run_splits)
            self.hand_roem_bounds[rest] = found
        return found

    # ------------------------------------------------------------------ search
    def boundary(self, leader: int, pit: int, need: int) -> int:
        """At a trick boundary: a bound of the value of the tricks left (fail-soft, against ``need``).

        A result of at least ``need`` is a lower bound of the value, a result
        below ``need`` an upper bound.
        """
        left = self.left
        if left == 0:
            return 0
        hands = self.hands
        h0 = hands[0]
        h1 = hands[1]
        h2 = hands[2]
        h3 = hands[3]
        if left == 1:
            return self.last_trick(leader, pit)
        if left == self.stop_left:
            return self.estimate(leader)
        # no three adjacent cards of a suit and no four of a rank left: no roem can fall from here on (the common
        # case late in a deal), so the search below skips every roem test (see ``dead`` below)
        roem = self.roem
        if roem:
            rest = h0 | h1 | h2 | h3
            roem = bool(
                ALL3[rest & 0xFF] | ALL3[(rest >> 8) & 0xFF] | ALL3[(rest >> 16) & 0xFF] | ALL3[rest >> 24]
                or rest & (rest >> 8) & (rest >> 16) & (rest >> 24) & 0xFF
            )
        dead = self.roem and not roem
        if self.kind == PIT:
            if need > 0:
                return 0
            if need <= -left:
                return -left
        else:
            ub = self.rest_points + LAST_TRICK
            if pit:
                ub += self.pit_value
            if roem:
                ub += self.hand_roem_bound(h0, h1, h2, h3)
            if need > ub:
                return ub
            if need <= -ub:
                return -ub
            # a trump above every trump of the other side takes the trick it falls in: its points are sure
            trump = self.trump
            mine = ((hands[self.side] | hands[self.side + 2]) >> (8 * trump)) & 0xFF
            theirs = ((hands[self.side ^ 1] | hands[(self.side ^ 1) + 2]) >> (8 * trump)) & 0xFF
            if mine or theirs:
                upper = ub - 2 * TRUMP_BYTE_POINTS[theirs & ~BELOW_OR_AT[mine]]
                if need > upper:
                    return upper
                lower = 2 * TRUMP_BYTE_POINTS[mine & ~BELOW_OR_AT[theirs]] - ub
                if need <= lower:
                    return lower
        # every card left is still in the hand it started in, so the cards left tell the four hands: with the
        # leader and the open pits they key the position in 36 bits (no big int to build and hash)
        key = h0 | h1 | h2 | h3 | (leader | pit << 2) << 32
        entry = self.table.get(key)
        lo = -100000
        hi = 100000
        first = -1
        if entry is not None:
            lo = (entry >> 27) - _OFFSET
            hi = ((entry >> 6) & _BOUND_MASK) - _OFFSET
            if lo >= need:
                return lo
            if hi < need:
                return hi
            first = (entry & 63) - 1
        if dead:
            self.roem = False
        try:
            if left == 2:
                result = self.two_tricks(leader, pit, need)
            else:
                result = self.trick(leader, 0, -1, -1, -1, 0, 0, pit, need, first)
                if self.cut >= 0:
                    first = self.cut
        finally:
            if dead:
                self.roem = True
        if result >= need:
            if result > lo:
                lo = result
        elif result < hi:
            hi = result
        self.table[key] = (lo + _OFFSET) << 27 | (hi + _OFFSET) << 6 | (first + 1)
        return result

    def estimate(self, leader: int) -> int:
        """A quick guess of the value of the tricks left (the horizon): each side's card points and trumps.

        Card points count for the side holding them, each trump 8 more, the
        last trick for the side on lead; pit and roem are left out.
        """
        if self.kind == PIT:
            return -1
        points = self.points
        trump_bits = 0xFF << (8 * self.trump)
        total = 0
        for seat in range(4):
            hand = self.hands[seat]
            worth = 8 * (hand & trump_bits).bit_count()
            while hand:
                low = hand & -hand
                worth += points[low.bit_length() - 1]
                hand ^= low
            total += worth if (seat & 1) == self.side else -worth
        return total + (LAST_TRICK if (leader & 1) == self.side else -LAST_TRICK)

    def two_tricks(self, leader: int, pit: int, need: int) -> int:
        """The last two tricks, each hand holding two cards: a fail-soft bound of their value against ``need``.

        With two cards a hand there is little to order or merge, and the
        general search's cost is in doing so: here the first trick's legal
        cards are tried in nested loops (alpha-beta against ``need``) and the
        last trick, forced, is scored directly (:meth:`two_value`).
        """
        hands = self.hands
        trump = self.trump
        rotterdam = self.rotterdam
        power = self.power
        s1 = (leader + 1) & 3
        s2 = (leader + 2) & 3
        s3 = (leader + 3) & 3
        h0 = hands[leader]
        h1 = hands[s1]
        h2 = hands[s2]
        h3 = hands[s3]
        lead_max = (leader & 1) == self.side
        nodes = 0
        best0 = -1000000 if lead_max else 1000000
        m0 = h0
        while m0:
            b0 = m0 & -m0
            m0 ^= b0
            c0 = b0.bit_length() - 1
            nodes += 1
            row = power[c0 >> 3]
            p0 = row[c0]
            m1 = legal_mask(h1, c0 >> 3, trump, p0 - 16 if p0 >= 16 else -1, False, rotterdam)
            best1 = 1000000 if lead_max else -1000000
            while m1:
                b1 = m1 & -m1
                m1 ^= b1
                c1 = b1.bit_length() - 1
                nodes += 1
                p1 = row[c1]
                top1 = p0
                win1 = 0
                if p1 > p0:
                    top1 = p1
                    win1 = 1
                m2 = legal_mask(h2, c0 >> 3, trump, top1 - 16 if top1 >= 16 else -1, win1 == 0, rotterdam)
                best2 = -1000000 if lead_max else 1000000
                while m2:
                    b2 = m2 & -m2
                    m2 ^= b2
                    c2 = b2.bit_length() - 1
                    nodes += 1
                    p2 = row[c2]
                    top2 = top1
                    win2 = win1
                    if p2 > top1:
                        top2 = p2
                        win2 = 2
                    m3 = legal_mask(h3, c0 >> 3, trump, top2 - 16 if top2 >= 16 else -1, win2 == 1, rotterdam)
                    best3 = 1000000 if lead_max else -1000000
                    while m3:
                        b3 = m3 & -m3
                        m3 ^= b3
                        c3 = b3.bit_length() - 1
                        nodes += 5  # the trick's last card and the forced last trick
                        win3 = 3 if row[c3] > top2 else win2
                        value = self.two_value(leader, win3, b0 | b1 | b2 | b3, h0 ^ b0, h1 ^ b1, h2 ^ b2, h3 ^ b3, pit)
                        if lead_max:
                            if value < best3:
                                best3 = value
                                if value < need:
                                    break
                        elif value > best3:
                            best3 = value
                            if value >= need:
                                break
                    if lead_max:
                        if best3 > best2:
                            best2 = best3
                            if best3 >= need:
                                break
                    elif best3 < best2:
                        best2 = best3
                        if best3 < need:
                            break
                if lead_max:
                    if best2 < best1:
                        best1 = best2
                        if best2 < need:
                            break
                elif best2 > best1:
                    best1 = best2
                    if best2 >= need:
                        break
            if lead_max:
                if best1 > best0:
                    best0 = best1
                    if best1 >= need:
                        break
            elif best1 < best0:
                best0 = best1
                if best1 < need:
                    break
        self.nodes += nodes
        if self.nodes > self.node_limit:
            raise Abort
        return best0

    def two_value(self, leader: int, win: int, tmask: int, r0: int, r1: int, r2: int, r3: int, pit: int) -> int:
        """The value of the last two tricks: the first ``tmask`` won by the seat ``win`` places after ``leader``.

        ``r0``-``r3``: the card (a bit) each seat from ``leader`` on keeps for the last trick.
        """
        winner = (leader + win) & 3
        side = winner & 1
        rest = r0 | r1 | r2 | r3
        if self.kind == PIT:
            gain = 0 if side == self.side else -1
        else:
            points = self.points
            value = 0
            mask = tmask
            while mask:
                low = mask & -mask
                value += points[low.bit_length() - 1]
                mask ^= low
            if self.roem:
                value += trick_roem_of(tmask, self.sequences, self.fours)
            gain = value if side == self.side else -value
        pit &= ~(1 << (side ^ 1))
        # the last trick, led by the first trick's winner: the strongest card in the suit of its card takes it
        lead = (r0 if win == 0 else r1 if win == 1 else r2 if win == 2 else r3).bit_length() - 1
        row = self.power[lead >> 3]
        best = 0
        best_power = row[r0.bit_length() - 1]
        power = row[r1.bit_length() - 1]
        if power > best_power:
            best_power = power
            best = 1
        power = row[r2.bit_length() - 1]
        if power > best_power:
            best_power = power
            best = 2
        if row[r3.bit_length() - 1] > best_power:
            best = 3
        return gain + self.last_value(rest, ((leader + best) & 3) & 1, pit)

    def last_trick(self, leader: int, pit: int) -> int:
        """The value of the last trick: every hand holds one card, so its play is forced."""
        hands = self.hands
        self.nodes += 4
        first = hands[leader]
        card = first.bit_length() - 1
        row = self.power[card >> 3]
        best_power = row[card]
        best_seat = leader
        tmask = first
        for i in (1, 2, 3):
            seat = (leader + i) & 3
            hand = hands[seat]
            power = row[hand.bit_length() - 1]
            if power > best_power:
                best_power = power
                best_seat = seat
            tmask |= hand
        return self.last_value(tmask, best_seat & 1, pit)

    def last_value(self, cards: int, side: int, pit: int) -> int:
        """The last trick of ``cards``, taken by ``side``, for this search's side: its card points and the
        last-trick bonus, the pit it completes and its roem (the goal's value: won or lost for the pit)."""
        if self.kind == PIT:
            return 0 if side == self.side else -1
        points = self.points
        value = LAST_TRICK
        mask = cards
        while mask:
            low = mask & -mask
            value += points[low.bit_length() - 1]
            mask ^= low
        if pit >> side & 1:
            value += self.pit_value
        if self.roem:
            value += trick_roem_of(cards, self.sequences, self.fours)
        return value if side == self.side else -value

    def trick(
        self,
        seat: int,
        count: int,
        led: int,
        best_power: int,
        best_seat: int,
        tmask: int,
        tpts: int,
        pit: int,
        need: int,
        hint: int,
    ) -> int:
        """Inside a trick, ``seat`` to play its card number ``count`` (0: the lead): a fail-soft bound.

        ``hint``: for the lead, the card that answered here before (-1 none).
        """
        maximise = (seat & 1) == self.side
        best = -1000000 if maximise else 1000000
        for key in self.ordered(seat, count, led, best_power, best_seat, tmask, hint):
            card = key & 63
            result = self.play(seat, card, count, led, best_power, best_seat, tmask, tpts, pit, need)
            if (result >= need) == maximise:
                if count == 0:
                    self.cut = card
                    self.first[self.hands[seat] | (4 + seat) << 32] = card
                else:
                    self.first[tmask | seat << 32] = card
                    self.follow[tmask | self.hands[seat] | seat << 32] = card
                return result
            if maximise:
                if result > best:
                    best = result
            elif result < best:
                best = result
        if count == 0:
            self.cut = -1
        return best

    def play(
        self,
        seat: int,
        card: int,
        count: int,
        led: int,
        best_power: int,
        best_seat: int,
        tmask: int,
        tpts: int,
        pit: int,
        need: int,
    ) -> int:
        """``seat`` plays ``card``: a fail-soft bound of the value from here against ``need``."""
        self.nodes += 1
        if self.nodes > self.node_limit:
            raise Abort
        bit = 1 << card
        hands = self.hands
        hands[seat] ^= bit
        if count == 0:
            led = card >> 3
        power = self.power[led][card]
        if power > best_power:
            best_power = power
            best_seat = seat
        worth = self.points[card]
        tpts += worth
        tmask |= bit
        self.rest_points -= worth
        try:
            if count < 3:
                result = self.trick((seat + 1) & 3, count + 1, led, best_power, best_seat, tmask, tpts, pit, need, -1)
            else:
                result = self.finish(best_seat, tmask, tpts, pit, need)
        finally:
            hands[seat] ^= bit
            self.rest_points += worth
        return result

    def finish(self, winner: int, tmask: int, tpts: int, pit: int, need: int) -> int:
        """The trick ``tmask`` is complete and goes to ``winner``."""
        side = winner & 1
        left = self.left
        if self.kind == PIT:
            gain = 0 if side == self.side else -1
        else:
            value = tpts
            if left == 1:
                value += LAST_TRICK
                if pit >> side & 1:
                    value += self.pit_value
            if self.roem:
                value += trick_roem_of(tmask, self.sequences, self.fours)
            gain = value if side == self.side else -value
        self.left = left - 1
        try:
            result = gain + self.boundary(winner, pit & ~(1 << (side ^ 1)), need - gain)
        finally:
            self.left = left
        return result

    # ------------------------------------------------------------------ cards to try
    def candidates(
        self, seat: int, count: int, led: int, best_power: int, best_seat: int, tmask: int, hint: int
    ) -> list[int]:
        """The legal cards of ``seat`` worth searching, equivalent cards once, in the order to try them.

        ``hint``: leading, the card that answered at this trick boundary before (-1 none).
        """
        return [k & 63 for k in self.ordered(seat, count, led, best_power, best_seat, tmask, hint)]

    def ordered(
        self, seat: int, count: int, led: int, best_power: int, best_seat: int, tmask: int, hint: int
    ) -> list[int]:
        """:meth:`candidates` as their sort keys, in order (the card is a key's low six bits)."""
        hands = self.hands
        hand = hands[seat]
        trump = self.trump
        high = best_power - 16 if best_power >= 16 else -1
        legal = legal_mask(hand, led, trump, high, best_seat == seat ^ 2, self.rotterdam)
        if not legal & (legal - 1):
            return [legal.bit_length() - 1]  # one legal card: nothing to merge or order (the card is its key)
        others = (hands[0] | hands[1] | hands[2] | hands[3] | tmask) & ~hand
        remaining = hands[0] | hands[1] | hands[2] | hands[3] | tmask
        points = self.points
        keyed: list[int] = []
        # the roem of the trick so far, which the trick's last card adds to (see order_key)
        base = trick_roem_of(tmask, self.sequences, self.fours) if self.roem and count == 3 else 0
        if count == 0:
            # the card that answered here before, else the lead that answered last from this hand
            first = hint
            if first < 0:
                first = self.first.get(hand | (4 + seat) << 32, -1)
        else:
            # the card that answered after these cards of the trick from this hand, else from any hand of the seat
            first = self.follow.get(tmask | hand | seat << 32, -1)
            if first < 0:
                first = self.first.get(tmask | seat << 32, -1)
        roem = self.roem
        fours = self.fours
        for suit in range(4):
            byte = (legal >> (8 * suit)) & 0xFF
            if not byte:
                continue
            if not byte & (byte - 1):
                # one legal card of the suit: nothing to merge it with
                card = 8 * suit + byte.bit_length() - 1
                keyed.append(self.order_key(card, seat, count, led, best_power, best_seat, tmask, base, first))
                continue
            other_byte = (others >> (8 * suit)) & 0xFF
            runs = RUN_WITH[other_byte]
            order = TRUMP_ORDER if suit == trump else PLAIN_ORDER
            prev = -1
            kept = -1
            for rank in order:
                if other_byte >> rank & 1:
                    prev = -1
                    continue
                if not byte >> rank & 1:
                    continue
                card = 8 * suit + rank
                # a card is inert when no roem can ever fall with it: no sequence with the other hands' cards
                # (two partners in one hand never share a trick), no four equal cards of its rank that can share
                # a trick (all left, no hand with two); only inert cards are merged when roem counts
                inert = not roem or not (
                    (runs[rank] and self.run_possible(seat, suit, rank, other_byte))
                    or (fours[rank] and (remaining >> rank) & _ALL_FOURS == _ALL_FOURS and self.four_possible(rank))
                )
                if prev >= 0 and inert:
                    if points[prev] == points[card]:
                        continue  # equivalent to the weaker card just kept
                    sure = self.sure_side(seat, count, suit if count == 0 else led, card, best_power, best_seat)
                    if sure:
                        # whichever card of the run is played, the same side takes the trick: only the card with
                        # the most points (the own side takes it) or the fewest (the other side does) counts
                        if (sure > 0) == (points[card] > points[kept]):
                            keyed[-1] = self.order_key(
                                card, seat, count, led, best_power, best_seat, tmask, base, first
                            )
                            kept = card
                        prev = card
                        continue
                prev = card if inert else -1
                kept = card
                keyed.append(self.order_key(card, seat, count, led, best_power, best_seat, tmask, base, first))
        keyed.sort()
        return keyed

    def run_possible(self, seat: int, suit: int, rank: int, other_byte: int) -> bool:
        """Whether the card of ``rank`` in ``suit`` of ``seat`` can still be in a sequence of a trick.

        Three adjacent ranks around it must be left in the other hands or the
        trick (``other_byte``), and its two partners cannot both sit in one
        other hand: a trick takes one card from each hand.
        """
        shift = 8 * suit
        hands = self.hands
        for start in range(max(0, rank - 2), min(rank, 5) + 1):
            partners = (7 << start) & ~(1 << rank)
            if other_byte & partners != partners:
                continue
            together = False
            for other in range(4):
                if other != seat and ((hands[other] >> shift) & partners) == partners:
                    together = True
            if not together:
                return True
        return False

    def four_possible(self, rank: int) -> bool:
        """Whether four cards of ``rank`` can still share a trick: no hand holds two of them."""
        for hand in self.hands:  # noqa: SIM110 - a plain loop, which mypyc compiles without a generator
            if ((hand >> rank) & _ALL_FOURS).bit_count() > 1:
                return False
        return True

    def sure_side(self, seat: int, count: int, led: int, card: int, best_power: int, best_seat: int) -> int:
        """After ``seat`` plays ``card``: 1 if its side surely takes the trick, -1 if surely not, 0 if unknown.

        Sure means that no seat still to play on the other side of the
        trick's winner holds a card that could beat it.
        """
        power = self.power[led][card]
        if power > best_power:
            best_power = power
            best_seat = seat
        side = best_seat & 1
        hands = self.hands
        trump = self.trump
        for k in range(1, 4 - count):
            other = (seat + k) & 3
            if (other & 1) == side:
                continue
            hand = hands[other]
            trumps = (hand >> (8 * trump)) & 0xFF
            if trumps:
                top = TOP_TRUMP[trumps]
            elif led != trump:
                follow = (hand >> (8 * led)) & 0xFF
                top = TOP_PLAIN[follow] if follow else -1
            else:
                top = -1
            if top > best_power:
                return 0
        return 1 if side == (seat & 1) else -1

    def order_key(
        self,
        card: int,
        seat: int,
        count: int,
        led: int,
        best_power: int,
        best_seat: int,
        tmask: int,
        base: int,
        first: int,
    ) -> int:
        """A sort key (smaller first) with the card in its low six bits.

        Following, a card's worth is its points and, for the trick's last
        card when roem counts, the roem it adds to the trick (``base``: the
        roem of the trick so far): the most worth first while the own side
        takes the trick, the least while the other side does.
        """
        if card == first:
            return card
        worth = self.points[card]
        if count == 0:
            # leading: sure winners first, then plain cards before trumps, the strongest first
            power = self.power[card >> 3][card]
            if power >= 16:
                power -= 40
            if self.sure_side(seat, 0, card >> 3, card, -1, -1) > 0:
                power += 100
            return ((256 - power) << 12) + (card | 64)
        if self.roem and count == 3:
            worth += trick_roem_of(tmask | 1 << card, self.sequences, self.fours) - base
            if worth > 255:
                worth = 255
        power = self.power[led][card]
        wins = power > best_power
        if wins or (best_seat ^ seat) == 2:
            # the own side takes the trick (so far): the most worth, the cheapest winner
            return ((1 << 14) + ((255 - worth) << 5) + power) << 7 | card
        return ((2 << 14) + (worth << 5) + power) << 7 | card
