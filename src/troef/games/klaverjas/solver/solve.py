"""The solver's questions on a :class:`Position`: nat or not, pit, the exact score, per card.

:func:`solve` answers whether the playing side takes more than the other side
(more than half of all points with roem: common rules, Kraken 3.1/3.3; not
nat) against best play of the other side, and after which cards of the seat to
move. :func:`best_difference` gives the exact final score difference with
best play on both sides, :func:`makes_pit` whether a side can still win every
trick. A node limit that runs out gives a clean best guess (``exact`` False).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from troef.games.klaverjas.play import LAST_TRICK, POINTS, POWER, legal_mask
from troef.games.klaverjas.solver.position import Position
from troef.games.klaverjas.solver.search import PIT, SCORE, Abort, Search

#: The default node limit: far more than a whole deal from its first lead needs.
NODE_LIMIT = 2_000_000


@dataclass(frozen=True, slots=True)
class Solution:
    """The answer for one position.

    ``makes``: the playing side takes more than the other with best play.
    ``move_values`` maps each legal card of the seat to move (those searched)
    to whether the playing side makes it after that card; ``best_move`` is a
    card reaching the goal of the side to move if there is one. ``values``
    (asked for) maps each card to the exact final difference (playing side
    minus other). ``exact`` is False when the node limit stopped the search:
    then ``makes`` and ``best_move`` are a best guess.
    """

    playing_side: int
    to_move: int
    makes: bool
    move_values: dict[int, bool]
    best_move: int
    exact: bool
    nodes: int
    values: dict[int, int] = field(default_factory=dict)


class _Root:
    """The position's trick so far, as the search's arguments."""

    __slots__ = ("best_power", "best_seat", "count", "led", "legal", "pit", "seat", "tmask", "tpts")

    def __init__(self, position: Position) -> None:
        trump = position.trump
        self.led = -1
        self.best_power = -1
        self.best_seat = -1
        self.tmask = 0
        self.tpts = 0
        for seat, card in position.trick:
            if self.led < 0:
                self.led = card >> 3
            power = POWER[trump][self.led][card]
            if power > self.best_power:
                self.best_power = power
                self.best_seat = seat
            self.tmask |= 1 << card
            self.tpts += POINTS[trump][card]
        self.count = len(position.trick)
        self.seat = position.to_move
        high = self.best_power - 16 if self.best_power >= 16 else -1
        self.legal = legal_mask(
            position.hands[self.seat],
            self.led,
            trump,
            high,
            self.best_seat == self.seat ^ 2,
            position.rotterdam,
        )
        # bit s: side s can still win every trick (the other side has won none)
        self.pit = (1 if position.won[1] == 0 else 0) | (2 if position.won[0] == 0 else 0)


def _search(position: Position, kind: int, side: int, node_limit: int, horizon: int = 0) -> Search:
    return Search(
        list(position.hands),
        position.trump,
        position.rotterdam,
        side,
        position.tricks_left,
        position.sequences,
        position.fours,
        position.pit,
        kind,
        node_limit,
        horizon,
    )


def _cards(search: Search, root: _Root) -> list[int]:
    """Every legal card, the search's preferred order first."""
    preferred = search.candidates(root.seat, root.count, root.led, root.best_power, root.best_seat, root.tmask, -1)
    rest = [c for c in range(32) if root.legal >> c & 1 and c not in preferred]
    return preferred + rest


def _test(search: Search, root: _Root, card: int, need: int) -> bool:
    value = search.play(
        root.seat, card, root.count, root.led, root.best_power, root.best_seat, root.tmask, root.tpts, root.pit, need
    )
    return value >= need


def guess_difference(position: Position) -> int:
    """A static estimate of the final difference: the sure score, and each side's card points and trumps held."""
    trump = position.trump
    diff = position.base_difference
    for seat in range(4):
        hand = position.hands[seat]
        worth = 0
        for card in range(32):
            if hand >> card & 1:
                worth += POINTS[trump][card] + (12 if card >> 3 == trump else 0)
        diff += worth if (seat & 1) == position.playing_side else -worth
    return diff + (LAST_TRICK if position.to_move & 1 == position.playing_side else -LAST_TRICK)


def solve(
    position: Position,
    *,
    all_moves: bool = True,
    values: bool = False,
    node_limit: int = NODE_LIMIT,
    horizon: int = 0,
) -> Solution:
    """Does the playing side take more than the other? With ``all_moves``, after every legal card.

    ``values``: also the exact final difference after every card (several
    questions per card; the transposition table is shared). ``horizon``:
    search only that many tricks (counting the current one) and estimate the
    rest (then ``exact`` is False); 0 searches to the end.
    """
    search = _search(position, SCORE, position.playing_side, node_limit, horizon)
    root = _Root(position)
    need = 1 - position.base_difference
    maximise = (root.seat & 1) == position.playing_side
    move_values: dict[int, bool] = {}
    exact = True
    exact_values: dict[int, int] = {}
    try:
        for card in _cards(search, root):
            made = _test(search, root, card, need)
            move_values[card] = made
            if made == maximise and not all_moves:
                break
        if values:
            for card in _cards(search, root):
                exact_values[card] = position.base_difference + _bisect(search, root, card, position)
    except Abort:
        exact = False
        search.hands[:] = position.hands  # the aborted search left cards out of the hands
    if exact:
        makes = any(move_values.values()) if maximise else all(move_values.values())
    elif any(made == maximise for made in move_values.values()):
        makes = maximise
    else:
        makes = guess_difference(position) > 0
    good = [c for c, made in move_values.items() if made == maximise]
    if good:
        best = good[0]
    elif move_values:
        best = next(iter(move_values))
    else:
        best = _cards(search, root)[0]
    if values and exact_values:
        pick = max if maximise else min
        best = pick(exact_values, key=lambda c: (exact_values[c], -c if maximise else c))
    return Solution(
        playing_side=position.playing_side,
        to_move=root.seat,
        makes=makes,
        move_values=move_values,
        best_move=best,
        exact=exact and search.stop_left == 0,
        nodes=search.nodes,
        values=exact_values,
    )


def _bisect(search: Search, root: _Root, card: int, position: Position) -> int:
    """The exact value of the tricks left after ``card`` (a binary search over yes/no questions)."""
    top = search.bound(search.in_play | root.tmask, root.pit)
    lo, hi = -top, top
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if _test(search, root, card, mid):
            lo = mid
        else:
            hi = mid - 1
    return lo


def best_difference(position: Position, *, node_limit: int = NODE_LIMIT) -> int:
    """The playing side's final score minus the other's with best play on both sides (raises on the limit)."""
    search = _search(position, SCORE, position.playing_side, node_limit)
    root = _Root(position)
    maximise = (root.seat & 1) == position.playing_side
    cards = _cards(search, root)
    top = search.bound(search.in_play | root.tmask, root.pit)
    lo, hi = -top, top
    while lo < hi:
        mid = (lo + hi + 1) // 2
        hits = (_test(search, root, c, mid) for c in cards)
        if any(hits) if maximise else all(hits):
            lo = mid
        else:
            hi = mid - 1
    return position.base_difference + lo


def makes_pit(position: Position, side: int, *, node_limit: int = NODE_LIMIT) -> bool:
    """Whether ``side`` can win every trick, the tricks already played included, against best play."""
    if position.won[side ^ 1]:
        return False
    search = _search(position, PIT, side, node_limit)
    root = _Root(position)
    maximise = (root.seat & 1) == side
    hits = (_test(search, root, c, 0) for c in _cards(search, root))
    return any(hits) if maximise else all(hits)
