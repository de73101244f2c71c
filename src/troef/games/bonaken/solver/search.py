"""Perfect-information search of Bonaken play: does the declarer make it, and with which card?

The search answers yes/no questions against a target: "can the declarer
still collect ``need`` more points (or win / avoid every trick)?". Exact
values (:func:`best_points`, ``values=True``) come from a binary search over
such questions that shares one transposition table.

What keeps it fast in pure Python:

* the declarer is MAX, every other seat MIN (nk rule 22: they work together),
  so each node is an OR (declarer) or an AND (opponent) over its moves, and a
  node stops at the first move that decides it;
* a transposition table at trick boundaries, keyed by the hands and the
  leader, stores a lower and an upper bound on what the declarer can still
  collect, so any later question with another target reuses it;
* equivalent cards are searched once: two cards of one suit held by the same
  player with no card of another player (or of the trick) between them in
  power behave the same; where points count they must also be worth the same
  (the trump jack, which may be kept back, is never merged);
* once the winner of the current trick is known whichever card of a run is
  played, only one card of the run is searched: the one with the most points
  if the trick goes to the player's own side, the fewest otherwise (any
  line after the other card can be mirrored, with no fewer points);
* bounds: a number bid is made once ``need`` is reached and lost once the
  points still in play cannot reach it; a trick contract is lost by the first
  wrong trick; a trump above every trump of the other side wins the trick it
  falls in (its points are sure, a misère player holding one takes a trick);
  a declarer on lead against opponents without trumps cashes his top cards;
* move ordering: the best first card found at a trick boundary first, then
  cards that take the trick for a side that wants it, points on a partner's
  trick, ducking for a misère player.

Legal cards come from the engine (:func:`troef.games.bonaken.play.legal_plays`),
card power from :func:`troef.games.bonaken.play.card_power` and points from its
tables; roem in tricks from :func:`troef.games.bonaken.roem.trick_roem`.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Final

from troef.games.bonaken.play import PLAIN_POINTS, TRUMP_POINTS, TRUMP_POWER, card_power, legal_plays
from troef.games.bonaken.roem import trick_roem
from troef.games.bonaken.rules import Rules
from troef.games.bonaken.solver.position import Goal, Position, SolverError, position_from_hand, stuk_mask
from troef.games.bonaken.state import DealState

__all__ = ["Solution", "best_points", "solve", "solve_position"]

#: Value of one good trick in a trick contract whose roem also falls in tricks:
#: larger than any roem the tricks can hold, so a lost trick is never made up.
_TRICK_UNIT: Final = 4096

# Equivalence policies for merging cards: always (only tricks count), when worth
# the same points, never (roem in tricks depends on the exact ranks).
_MERGE_ALWAYS: Final = 0
_MERGE_EQUAL_POINTS: Final = 1
_MERGE_NEVER: Final = 2
#: Added to the ordering key of the card to try first (scores stay far below it).
_FIRST: Final = 1 << 40
#: Nodes between two looks at the clock under a time limit.
_CLOCK_EVERY: Final = 256


class _Abort(Exception):
    """The node or time limit ran out."""


@dataclass(frozen=True, slots=True)
class Solution:
    """The answer for one position.

    ``makes``: whether the declarer makes his contract with best play on both
    sides. ``move_values`` maps each legal card of the player to move to
    whether the declarer makes it after that card; ``winning_moves`` are the
    cards that reach the goal of the side to move (the declarer's contract,
    or its defeat). ``move_points`` (with ``values=True``, number bids only)
    maps each card to the declarer's best total after it. ``best_move`` is a
    winning card if there is one. ``declare_stuk``: the best move is the first
    stuk card and stuk should be declared with it (nk rule 46). ``exact`` is
    False when a node or time limit stopped the search: then the values hold
    only for the cards in ``move_values`` and ``best_move`` is a best guess.
    ``points`` is the declarer's best total (card points + roem) when values
    were asked for a number bid.
    """

    declarer: int
    to_move: int
    makes: bool
    winning_moves: frozenset[int]
    move_values: dict[int, bool]
    best_move: int
    exact: bool
    nodes: int
    declare_stuk: bool = False
    move_points: dict[int, int] = field(default_factory=dict)
    points: int | None = None


# ---------------------------------------------------------------------------- tables


@dataclass(frozen=True, slots=True)
class _Tables:
    """Per trump suit: card power when leading and when following, card points, and beaters.

    Power is the engine's :func:`troef.games.bonaken.play.card_power`.
    ``above[led][power + 1]`` is the mask of cards that beat a card of
    ``power`` in a trick led in ``led``.
    """

    lead_power: tuple[int, ...]
    follow_power: tuple[tuple[int, ...], ...]
    points: tuple[int, ...]
    above: tuple[tuple[int, ...], ...]


@lru_cache(maxsize=8)
def _tables(trump: int) -> _Tables:
    lead = tuple(card_power(c, c >> 3, trump) for c in range(32))
    follow = tuple(tuple(card_power(c, led, trump) for c in range(32)) for led in range(4))
    pts = tuple((TRUMP_POINTS if c >> 3 == trump else PLAIN_POINTS)[c & 7] for c in range(32))
    above = tuple(
        tuple(sum(1 << c for c in range(32) if follow[led][c] > pw) for pw in range(-1, 24)) for led in range(4)
    )
    return _Tables(lead, follow, pts, above)


#: One run of equivalent cards of a suit: (strongest card, card with the most
#: points or -1 when the run has one card, card with the fewest points, one
#: card per distinct point value, every card of the run).
_Run = tuple[int, int, int, tuple[int, ...], tuple[int, ...]]


@lru_cache(maxsize=64)
def _suit_runs(
    suit: int, trump_suit: bool, policy: int, jack_kept: bool
) -> tuple[dict[int, tuple[_Run, ...]], Callable[[int], tuple[_Run, ...]]]:
    """A memo and its filler: (own byte | others byte << 8) -> the runs of own equivalent cards of ``suit``.

    Own cards with no card of the others between them in power behave alike
    in every trick to come; a run lists them strongest first. Where points
    count (``_MERGE_EQUAL_POINTS``) only cards of equal points are
    interchangeable outright; the others are told apart by the caller.
    """
    pts = TRUMP_POINTS if trump_suit else PLAIN_POINTS
    order = _power_order(trump_suit)
    base = 8 * suit
    memo: dict[int, tuple[_Run, ...]] = {}

    def fill(code: int) -> tuple[_Run, ...]:
        own, others = code & 0xFF, code >> 8
        runs: list[list[int]] = []
        prev = -1
        for rank in order:
            if others >> rank & 1:
                prev = -1
                continue
            if not own >> rank & 1:
                continue
            merge = prev >= 0 and policy != _MERGE_NEVER
            if merge and trump_suit and jack_kept and prev == 4:
                merge = False  # nk rule 26: the trump jack may be kept back, the others not
            if merge:
                runs[-1].append(rank)
            else:
                runs.append([rank])
            prev = rank
        out: list[_Run] = []
        for run in runs:
            if policy == _MERGE_EQUAL_POINTS:
                seen: dict[int, int] = {}
                for r in run:
                    seen.setdefault(pts[r], r)
                reps = tuple(seen.values())
                hi = max(run, key=lambda r: pts[r])
                lo = min(run, key=lambda r: pts[r])
            else:
                reps = (run[0],)
                hi = lo = run[0]
            out.append(
                (
                    base + run[0],
                    base + hi if len(run) > 1 else -1,
                    base + lo,
                    tuple(base + r for r in reps),
                    tuple(base + r for r in run),
                )
            )
        result = tuple(out)
        memo[code] = result
        return result

    return memo, fill


@lru_cache(maxsize=2)
def _power_order(trump_suit: bool) -> tuple[int, ...]:
    """Ranks strongest first, as trumps or as a plain suit."""
    return tuple(sorted(range(8), key=(lambda r: -TRUMP_POWER[r]) if trump_suit else (lambda r: -r)))


_BOSS_CACHE: dict[int, tuple[int, int]] = {}


def _boss_trumps(code: int) -> tuple[int, int]:
    """Trumps above every trump of the other side, for (own byte | others byte << 8).

    Returns the points of own such trumps and of the others' such trumps, each
    -1 when there is none. Such a trump wins whichever trick it falls in, and
    every card in a hand is played before the hand ends.
    """
    got = _BOSS_CACHE.get(code)
    if got is not None:
        return got
    mine, theirs = code & 0xFF, code >> 8
    top_mine = max((TRUMP_POWER[r] for r in range(8) if mine >> r & 1), default=-1)
    top_theirs = max((TRUMP_POWER[r] for r in range(8) if theirs >> r & 1), default=-1)
    sure_mine = [TRUMP_POINTS[r] for r in range(8) if mine >> r & 1 and TRUMP_POWER[r] > top_theirs]
    sure_theirs = [TRUMP_POINTS[r] for r in range(8) if theirs >> r & 1 and TRUMP_POWER[r] > top_mine]
    got = (sum(sure_mine) if sure_mine else -1, sum(sure_theirs) if sure_theirs else -1)
    _BOSS_CACHE[code] = got
    return got


_QUICK_CACHE: dict[int, tuple[int, bool]] = {}


def _quick_tricks(code: int) -> tuple[int, bool]:
    """Cards of one suit above every card of the others in it: (own byte | others << 8 | trump << 16).

    Returns the points of those cards and whether every own card is one.
    """
    got = _QUICK_CACHE.get(code)
    if got is not None:
        return got
    mine, theirs, trump_suit = code & 0xFF, (code >> 8) & 0xFF, bool(code >> 16)
    power = TRUMP_POWER if trump_suit else tuple(range(8))
    points = TRUMP_POINTS if trump_suit else PLAIN_POINTS
    top_theirs = max((power[r] for r in range(8) if theirs >> r & 1), default=-1)
    sure = [r for r in range(8) if mine >> r & 1 and power[r] > top_theirs]
    got = (sum(points[r] for r in sure), len(sure) == mine.bit_count())
    _QUICK_CACHE[code] = got
    return got


_ROEM_CACHE: dict[object, dict[int, int]] = {}


def _trick_roem_of(rules: Rules) -> Callable[[int], int]:
    """A memoised roem of the cards of one trick (hazerswoude 2.3), as the engine counts it.

    The cache sits over the engine's own :func:`troef.games.bonaken.roem.trick_roem`.
    """
    table = rules.roem
    cache = _ROEM_CACHE.setdefault(table, {})

    def roem(mask: int) -> int:
        got = cache.get(mask)
        if got is None:
            got = trick_roem(mask, table)
            cache[mask] = got
        return got

    return roem


# ---------------------------------------------------------------------------- the search


class _Search:
    """One search context: the position's constants, the transposition table, the node count.

    Seats are re-indexed 0 .. n-1 in playing order. The search functions are
    closures over the constants (fast local access in CPython):

    ``boundary(p, left, need, live)``: ``p`` leads the next trick; can the
    declarer still collect ``need``? ``left`` bounds what is still to be
    collected (points in play, or good tricks), ``live`` is every card in hand
    (inside a trick, ``live`` also holds the trick's cards).

    ``node(p, k, led, bp, bpow, tmask, tpts, left, need, live, rest, only, entry)``:
    ``p`` plays the ``k``-th card of a trick led in ``led`` (-1 for the lead),
    ``bp`` holding the best card so far of power ``bpow``; ``tmask`` and
    ``tpts`` are the trick's cards and points, ``rest`` the cards of the
    players still to play to it, ``only`` a single card to try (-1: all),
    ``entry`` the table entry of the trick boundary (for its best first card).
    """

    def __init__(self, pos: Position, node_limit: int | None, time_limit: float | None) -> None:
        self.pos = pos
        order = pos.order
        n = len(order)
        self.n = n
        self.index = {seat: i for i, seat in enumerate(order)}
        self.hands = hands = [pos.hands[s] for s in order]
        self.dec = dec = self.index[pos.declarer]
        hard_limit = node_limit if node_limit is not None else 1 << 62
        deadline = time.perf_counter() + time_limit if time_limit is not None else None
        self.tt: dict[tuple[int, ...], list[int]] = {}
        tt = self.tt
        rules = pos.rules
        trump = pos.trump
        self.tables = tables = _tables(trump)
        goal = pos.goal
        self.counts_roem = counts_roem = pos.trick_roem and goal != Goal.NO_TRICK
        if counts_roem:
            policy = _MERGE_NEVER
        elif goal == Goal.POINTS:
            policy = _MERGE_EQUAL_POINTS
        else:
            policy = _MERGE_ALWAYS
        jack_kept = rules.trump_jack_may_be_kept
        self.suit_runs = suit_runs = [_suit_runs(s, s == trump, policy, jack_kept) for s in range(4)]
        self.tricks_left = tricks_left = hands[self.index[pos.to_move]].bit_count()
        self.unit = unit = _TRICK_UNIT if counts_roem else 1
        # need and the bounds are in the same units: points, or good tricks
        if goal == Goal.POINTS:
            self.need0 = pos.need
        else:
            self.need0 = unit * tricks_left + (pos.need if counts_roem else 0)
        live0 = 0
        for h in hands:
            live0 |= h
        self.live = live0
        self.roem_ub = roem_ub = 0
        roem_of: Callable[[int], int] | None = None
        if counts_roem:
            trick_cards = 0
            for _, c in pos.trick:
                trick_cards |= 1 << c
            # roem of all tricks together never exceeds the roem of all their cards
            roem_of = _trick_roem_of(rules)
            self.roem_ub = roem_ub = roem_of(live0 | trick_cards)
        self.stuk_value = stuk_value = pos.stuk if goal == Goal.POINTS and trump >= 0 else 0
        stuk_both = stuk_mask(trump) if stuk_value else 0
        side = [i == dec for i in range(n)]
        # good[w]: a trick won by w is good for the declarer
        good = [(i == dec) != (goal == Goal.NO_TRICK) for i in range(n)]
        fail_on_bad = goal != Goal.POINTS
        points_goal = goal == Goal.POINTS
        misere = goal == Goal.NO_TRICK
        lead_power = tables.lead_power
        follow_power = tables.follow_power
        above = tables.above
        pts_of = tables.points
        nxt = [(i + 1) % n for i in range(n)]
        trump_shift = 8 * trump
        boss = _boss_trumps
        quick = _quick_tricks
        run_memo: dict[tuple[int, int], list[_Run]] = {}

        def runs_of(legal: int, others: int) -> list[_Run]:
            """The runs of equivalent cards among ``legal`` (see :func:`_suit_runs`), memoised."""
            out: list[_Run] = []
            for s in range(4):
                base = 8 * s
                byte = (legal >> base) & 0xFF
                if byte:
                    memo, fill = suit_runs[s]
                    code = byte | ((others >> base) & 0xFF) << 8
                    out.extend(memo.get(code) or fill(code))
            run_memo[(legal, others)] = out
            return out

        nodes = 0
        # the next node count at which to look at the limits
        check_at = hard_limit if deadline is None else min(hard_limit, _CLOCK_EVERY)

        def count() -> int:
            return nodes

        def over_limit() -> None:
            nonlocal check_at
            if nodes > hard_limit or (deadline is not None and time.perf_counter() > deadline):
                raise _Abort
            check_at = min(hard_limit, nodes + _CLOCK_EVERY)

        def last_trick(p: int) -> int:
            """What the declarer collects in the last trick (one card each, ``p`` leads)."""
            c = hands[p].bit_length() - 1
            led = c >> 3
            best = lead_power[c]
            w = p
            tp = pts_of[c]
            tm = 1 << c
            q = nxt[p]
            while q != p:
                c = hands[q].bit_length() - 1
                pw = follow_power[led][c]
                if pw > best:
                    best = pw
                    w = q
                tp += pts_of[c]
                tm |= 1 << c
                q = nxt[q]
            if not good[w]:
                return 0
            gain = tp if points_goal else unit
            if roem_of is not None:
                gain += roem_of(tm)
            return gain

        def bounds(p: int, left: int, live: int) -> list[int]:
            """A new table entry for a trick boundary: [what the declarer surely collects,
            the most he can collect, the best first card (-1: none yet)]."""
            lb = 0
            ub = left + roem_ub
            tricks = hands[p].bit_count()
            mine_all = hands[dec]
            theirs_all = live ^ mine_all
            if stuk_value and mine_all & stuk_both == stuk_both:
                ub += stuk_value
            if trump >= 0:
                # a trump above every trump of the other side wins the trick it falls in
                mine = (mine_all >> trump_shift) & 0xFF
                theirs = (theirs_all >> trump_shift) & 0xFF
                if mine | theirs:
                    sure_mine, sure_theirs = boss(mine | theirs << 8)
                    if points_goal:
                        lb = max(sure_mine, 0)
                        if sure_theirs > 0:
                            ub -= sure_theirs
                    elif misere:
                        if sure_mine >= 0:
                            ub = (tricks - 1) * unit  # he will take a trick
                    elif sure_theirs >= 0:
                        ub = (tricks - 1) * unit + roem_ub  # he will lose a trick
            if p == dec and not misere and not (trump >= 0 and theirs_all >> trump_shift & 0xFF):
                # the declarer leads and the others have no trump: his cards above all of theirs
                # in a suit each win a trick, one after the other (quick tricks)
                sure = 0
                every = True
                for s in range(4):
                    sh = 8 * s
                    q_points, q_all = quick(
                        (mine_all >> sh) & 0xFF | ((theirs_all >> sh) & 0xFF) << 8 | (0x10000 if s == trump else 0)
                    )
                    sure += q_points
                    every = every and q_all
                if points_goal:
                    lb = max(lb, sure)
                elif every and not counts_roem:
                    lb = tricks * unit
            return [lb, ub, -1]

        def boundary(p: int, left: int, need: int, live: int) -> bool:
            if need <= 0:
                return True
            lead_hand = hands[p]
            if not lead_hand & (lead_hand - 1):
                if not lead_hand:
                    return False
                # the last trick: every player has one card left, the only one he may play
                nonlocal nodes
                nodes += 1
                return need <= last_trick(p)
            key = (p, *hands)
            entry = tt.get(key)
            if entry is None:
                entry = bounds(p, left, live)
                tt[key] = entry
            if need <= entry[0]:
                return True
            if need > entry[1]:
                return False
            result = node(p, 0, -1, -1, -1, 0, 0, left, need, live, live, -1, entry)
            if result:
                entry[0] = need
            else:
                entry[1] = need - 1
            return result

        def node(
            p: int,
            k: int,
            led: int,
            bp: int,
            bpow: int,
            tmask: int,
            tpts: int,
            left: int,
            need: int,
            live: int,
            rest: int,
            only: int,
            entry: list[int] | None,
        ) -> bool:
            nonlocal nodes
            nodes += 1
            if nodes > check_at:
                over_limit()
            hand = hands[p]
            if k and not rest & above[led][bpow + 1]:
                # nobody still to play can beat the best card: the trick's winner is known
                if good[bp]:
                    if need <= (tpts if points_goal else unit):
                        return True
                elif fail_on_bad:
                    return False
                else:
                    ub = left - tpts + roem_ub
                    if stuk_value and hands[dec] & stuk_both == stuk_both:
                        ub += stuk_value
                    if need > ub:
                        return False
            mx = side[p]
            after = rest ^ hand  # the cards of the players after p in this trick
            fp = follow_power[led] if k else lead_power
            if only >= 0:
                keys = [only]
            elif k and not (legal := legal_plays(hand, led, trump, bpow - 16 if bpow >= 16 else -1, rules)) & (
                legal - 1
            ):
                keys = [legal.bit_length() - 1]  # a forced card
            else:
                if not k:
                    legal = hand
                others = live ^ hand
                # ordering scores: a higher score is tried first
                if k == 0:
                    score_beats = score_other = 0  # the lead: by power alone
                    sign = -1 if misere else 1
                elif misere:
                    sign = 1
                    if mx:
                        score_beats, score_other, sign = 0, 100, 1  # duck with the highest card that loses
                    elif bp == dec:
                        score_beats, score_other, sign = -100, 100, -1  # leave him the trick
                    elif (dec - p) % n < n - k:
                        score_beats, score_other, sign = 0, 0, -1  # he has still to play: play low
                    else:
                        score_beats, score_other, sign = 0, 0, 1  # his trick is safe: shed high cards
                elif points_goal:
                    sign = 0
                    if side[bp] == mx:
                        score_beats, score_other = 50, 100  # a partner's trick: smear points
                    else:
                        score_beats, score_other, sign = 200, 0, (1 if mx else -1)  # take it
                elif side[bp] != mx:
                    score_beats, score_other, sign = 100, 0, 1
                else:
                    score_beats, score_other, sign = 0, 0, -1
                keys = []
                runs = run_memo.get((legal, others))
                if runs is None:
                    runs = runs_of(legal, others)
                for top, hi, lo, reps, _ in runs:
                    pw = fp[top]
                    if pw > bpow:
                        wp = p
                        score = score_beats + sign * pw
                    else:
                        wp = bp
                        score = score_other + sign * pw
                    if hi < 0:
                        picks: tuple[int, ...] = reps
                    elif not after & above[top >> 3 if not k else led][(pw if pw > bpow else bpow) + 1]:
                        # the trick's winner is known whichever card of the run is played:
                        # the most points to one's own side, the fewest to the other
                        picks = (hi if side[wp] == mx else lo,)
                    else:
                        picks = reps
                    if points_goal and k:
                        own = side[wp] == mx
                        for cr in picks:
                            keys.append((score + (pts_of[cr] if own else -pts_of[cr])) * 64 + cr)
                    else:
                        for cr in picks:
                            keys.append(score * 64 + cr)
                if len(keys) > 1:
                    if entry is not None and entry[2] >= 0:
                        # the card that decided this position before goes first
                        best = entry[2]
                        keys = [key + _FIRST if key & 63 == best else key for key in keys]
                    keys.sort(reverse=True)
            k1 = k + 1
            last = k1 == n
            stuk_here = stuk_value and p == dec and hand & stuk_both == stuk_both
            for key in keys:
                c = key & 63
                bit = 1 << c
                pw = fp[c]
                if pw > bpow:
                    nbp = p
                    nbpow = pw
                else:
                    nbp = bp
                    nbpow = bpow
                # nk rule 46: stuk is declared with its first card
                gain = stuk_value if stuk_here and bit & stuk_both else 0
                hands[p] = hand ^ bit
                tp = tpts + pts_of[c]
                if last:
                    nlive = live & ~(tmask | bit)
                    if good[nbp]:
                        if points_goal:
                            gain += tp
                            nleft = left - tp
                        else:
                            gain += unit
                            nleft = left - unit
                        if roem_of is not None:
                            gain += roem_of(tmask | bit)
                        result = boundary(nbp, nleft, need - gain, nlive)
                    elif fail_on_bad:
                        result = False
                    else:
                        result = boundary(nbp, left - tp, need - gain, nlive)
                else:
                    result = node(
                        nxt[p],
                        k1,
                        led if k else c >> 3,
                        nbp,
                        nbpow,
                        tmask | bit,
                        tp,
                        left,
                        need - gain,
                        live,
                        after,
                        -1,
                        None,
                    )
                hands[p] = hand
                if result is mx:
                    if entry is not None:
                        entry[2] = c
                    return result
            return not mx

        self.boundary = boundary
        self.node = node
        self.count = count


# ---------------------------------------------------------------------------- root


@dataclass(slots=True)
class _Root:
    """The state of the current trick at the root, replayed from the position."""

    p: int
    k: int
    led: int
    bp: int
    bpow: int
    tmask: int
    tpts: int
    left: int
    live: int
    rest: int


def _root(search: _Search) -> _Root:
    pos = search.pos
    tables = search.tables
    led, bp, bpow, tmask, tpts = -1, -1, -1, 0, 0
    for i, (seat, card) in enumerate(pos.trick):
        if i == 0:
            led = card >> 3
            pw = tables.lead_power[card]
        else:
            pw = tables.follow_power[led][card]
        if pw > bpow:
            bp, bpow = search.index[seat], pw
        tmask |= 1 << card
        tpts += tables.points[card]
    live = search.live | tmask
    rest = search.live
    for seat, _ in pos.trick:
        rest &= ~search.hands[search.index[seat]]
    if pos.goal == Goal.POINTS:
        left = 0
        rest_cards = live
        while rest_cards:
            low = rest_cards & -rest_cards
            left += tables.points[low.bit_length() - 1]
            rest_cards ^= low
    else:
        left = search.unit * search.tricks_left
    return _Root(search.index[pos.to_move], len(pos.trick), led, bp, bpow, tmask, tpts, left, live, rest)


def _after(search: _Search, root: _Root, card: int, need: int) -> bool:
    """Whether the declarer reaches ``need`` after the player to move plays ``card``."""
    if need <= 0 and search.pos.goal == Goal.POINTS:
        return True
    return search.node(
        root.p,
        root.k,
        root.led,
        root.bp,
        root.bpow,
        root.tmask,
        root.tpts,
        root.left,
        need,
        root.live,
        root.rest,
        card,
        None,
    )


def _root_moves(search: _Search, root: _Root) -> tuple[list[int], dict[int, int]]:
    """The cards to search at the root, and for each legal card the one it is equivalent to."""
    pos = search.pos
    hand = search.hands[root.p]
    if pos.legal is not None:
        legal = pos.legal & hand
    elif root.k:
        high_trump = root.bpow - 16 if root.bpow >= 16 else -1
        legal = legal_plays(hand, root.led, pos.trump, high_trump, pos.rules)
    else:
        legal = hand
    if not legal:
        raise SolverError("the player to move has no legal card")
    others = root.live ^ hand
    reps: list[int] = []
    rep_of: dict[int, int] = {}
    points = search.tables.points
    for s in range(4):
        base = 8 * s
        byte = (legal >> base) & 0xFF
        if not byte:
            continue
        memo, fill = search.suit_runs[s]
        code = byte | ((others >> base) & 0xFF) << 8
        for _, _, _, run_reps, members in memo.get(code) or fill(code):
            reps.extend(run_reps)
            for c in members:
                # equivalent (and, where points count, worth the same): the same value
                same = [q for q in run_reps if points[q] == points[c]]
                rep_of[c] = same[0] if same else run_reps[0]
    return reps, rep_of


def _order_root(search: _Search, root: _Root, reps: list[int]) -> list[int]:
    """Root cards in a sensible order: the same heuristic as inside the search."""
    tables = search.tables
    pos = search.pos
    mx = root.p == search.dec
    misere = pos.goal == Goal.NO_TRICK

    def score(c: int) -> int:
        if root.k == 0:
            pw = tables.lead_power[c]
            return -pw if misere else pw
        pw = tables.follow_power[root.led][c]
        beats = pw > root.bpow
        if misere:
            return (100 + pw if not beats else -pw) if mx else -pw
        ally = (root.bp == search.dec) == mx
        if pos.goal == Goal.POINTS and ally:
            return tables.points[c] * 2
        return 100 + pw if beats and not ally else -pw

    return sorted(reps, key=score, reverse=True)


def solve_position(
    pos: Position,
    *,
    hands: tuple[int, ...] | list[int] | None = None,
    node_limit: int | None = None,
    time_limit: float | None = None,
    values: bool = False,
    all_moves: bool = True,
    check: bool = True,
) -> Solution:
    """Solve a :class:`Position` (optionally with other ``hands``, indexed by seat).

    ``all_moves=False`` stops at the first winning card of the side to move
    (enough to know ``makes``); ``values=True`` adds exact point totals per
    card for number bids. ``node_limit`` / ``time_limit`` (seconds) bound the
    work; past them the answer is a best guess with ``exact=False``.
    ``check=False`` skips the consistency check (for callers that build
    many positions they know to be sound).

    A sampling player builds one :class:`Position` for its decision and then
    solves it once per hypothetical deal, passing only that deal's ``hands``:
    everything else in a position (the trick, the need, whether stuk can
    still be declared) is public. The legal cards given in ``pos.legal`` are
    kept only while the hand of the player to move is unchanged.
    """
    if hands is not None:
        hands = tuple(hands)
        # the given legal cards belong to the given hand of the player to move
        legal = pos.legal if hands[pos.to_move] == pos.hands[pos.to_move] else None
        pos = dataclasses.replace(pos, hands=hands, legal=legal)
    if check:
        pos.check()
    search = _Search(pos, node_limit, time_limit)
    root = _root(search)
    reps, rep_of = _root_moves(search, root)
    ordered = _order_root(search, root, reps)
    mover_is_declarer = root.p == search.dec
    need = search.need0
    points_goal = pos.goal == Goal.POINTS
    rep_values: dict[int, bool] = {}
    rep_points: dict[int, int] = {}
    exact = True
    try:
        for c in ordered:
            value = False if pos.failed else _after(search, root, c, need)
            rep_values[c] = value
            if not all_moves and value == mover_is_declarer:
                break
        if values and points_goal and not pos.failed:
            for c in ordered:
                lo, hi = (max(need, 0), None) if rep_values.get(c) else (0, need - 1)
                rep_points[c] = _best_after(search, root, c, lo, hi)
    except _Abort:
        exact = False
    move_values = {c: rep_values[r] for c, r in rep_of.items() if r in rep_values}
    winning = frozenset(c for c, v in move_values.items() if v == mover_is_declarer)
    if all_moves and exact:
        makes = any(move_values.values()) if mover_is_declarer else all(move_values.values())
    else:
        # a winning card for the side to move decides it; otherwise assume the side to move fails
        makes = mover_is_declarer == bool(winning)
    best = _pick(ordered, rep_values, rep_points, mover_is_declarer)
    move_points = {c: pos.total + rep_points[r] for c, r in rep_of.items() if r in rep_points}
    points = None
    if move_points and exact:
        points = max(move_points.values()) if mover_is_declarer else min(move_points.values())
    both = stuk_mask(pos.trump) if search.stuk_value else 0
    # nk rule 46: stuk is declared with the play of its first card, when the declarer holds both
    declare_stuk = mover_is_declarer and bool(both) and search.hands[root.p] & both == both and bool(1 << best & both)
    return Solution(
        declarer=pos.declarer,
        to_move=pos.to_move,
        makes=makes,
        winning_moves=winning,
        move_values=move_values,
        best_move=best,
        exact=exact,
        nodes=search.count(),
        declare_stuk=declare_stuk,
        move_points=move_points,
        points=points,
    )


def _pick(ordered: list[int], rep_values: dict[int, bool], rep_points: dict[int, int], mover_is_declarer: bool) -> int:
    """The card to play: a winning one, the best by points among equals, else the first unrefuted."""
    winners = [c for c in ordered if rep_values.get(c) == mover_is_declarer]
    pool = winners or [c for c in ordered if c not in rep_values] or ordered
    if rep_points:
        scored = [c for c in pool if c in rep_points]
        if scored:
            sign = 1 if mover_is_declarer else -1
            return max(scored, key=lambda c: sign * rep_points[c])
    return pool[0]


def _best_after(search: _Search, root: _Root, card: int | None, lo: int = 0, hi: int | None = None) -> int:
    """The most the declarer can still collect after ``card`` (None: from the root, best card first).

    A binary search on yes/no questions between ``lo`` (known reachable) and
    ``hi`` (known: nothing above it is reachable); the questions share the
    transposition table.
    """
    if hi is None:
        hi = root.left + search.roem_ub + search.stuk_value
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if _reaches(search, root, card, mid):
            lo = mid
        else:
            hi = mid - 1
    return lo


def _reaches(search: _Search, root: _Root, card: int | None, need: int) -> bool:
    if card is not None:
        return _after(search, root, card, need)
    reps, _ = _root_moves(search, root)
    if root.p == search.dec:
        return any(_after(search, root, c, need) for c in reps)
    return all(_after(search, root, c, need) for c in reps)


def solve(
    hand: DealState,
    *,
    declarer: int | None = None,
    node_limit: int | None = None,
    time_limit: float | None = None,
    values: bool = False,
    all_moves: bool = True,
) -> Solution:
    """Solve the hand in play from the player to move's turn (see :func:`solve_position`)."""
    pos = position_from_hand(hand, declarer)
    return solve_position(
        pos, node_limit=node_limit, time_limit=time_limit, values=values, all_moves=all_moves, check=False
    )


def best_points(hand: DealState) -> int:
    """The declarer's best total (card points + roem) of a number bid against best defence."""
    pos = position_from_hand(hand)
    if pos.goal != Goal.POINTS:
        raise SolverError("best points are asked of a number bid; this contract counts tricks")
    if pos.failed:
        return pos.total
    search = _Search(pos, None, None)
    root = _root(search)
    return pos.total + _best_after(search, root, None)
