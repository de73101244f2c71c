"""Dealing: by threes, with the centre cards placed as the preset says (nk rule 6, pagat, hazerswoude 2.1)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from troef.cards import PIQUET_DECK, cards_of, rank_of
from troef.core.chance import GameRandom
from troef.core.errors import RecordError
from troef.core.native import share_when_copied
from troef.games.bonaken.rules import Rules


@dataclass(frozen=True, slots=True)
class Deal:
    """Where every card of one deal went.

    ``seats`` are the seats that receive cards, ``hands[seat]`` a mask (0 for a
    seat that is out), ``open`` and ``closed`` the centre cards, ``sleepers``
    the cards that take no part (nk rule 6).
    """

    table: int
    dealer: int
    seats: tuple[int, ...]
    hands: tuple[int, ...]
    open: int
    closed: int
    sleepers: int

    def validate(self, rules: Rules) -> None:
        """Raise :class:`RecordError` unless the deal is complete and fits the rules."""
        layout = rules.layout(len(self.seats))
        masks = [*self.hands, self.open, self.closed, self.sleepers]
        union = 0
        for mask in masks:
            if union & mask:
                raise RecordError("a card is dealt twice")
            union |= mask
        if union != PIQUET_DECK:
            raise RecordError("the deal does not account for all 32 cards")
        for seat in range(self.table):
            want = layout.hand if seat in self.seats else 0
            if self.hands[seat].bit_count() != want:
                raise RecordError(f"seat {seat} must have {want} cards, not {self.hands[seat].bit_count()}")
        if self.open.bit_count() != layout.open or self.closed.bit_count() != layout.closed:
            raise RecordError(f"the centre must hold {layout.open} open and {layout.closed} closed cards")


def receiving_order(seats: tuple[int, ...], dealer: int, table: int) -> list[int]:
    """Seats in playing order, starting with the one left of the dealer (nk rule 6, 8)."""
    order = []
    for step in range(1, table + 1):
        seat = (dealer + step) % table
        if seat in seats:
            order.append(seat)
    return order


class _Plan:
    """Where each card of a shuffled deck goes, for one rules, table, seats and dealer: deck places per seat, the
    open and closed centre, and the sleepers (the deal script walked once instead of every deal)."""

    __slots__ = ("closed", "hands", "open", "rules", "seats", "sleepers")

    def __init__(self, rules: Rules, table: int, seats: tuple[int, ...], dealer: int) -> None:
        places: list[list[int]] = [[] for _ in range(table)]
        open_places: list[int] = []
        closed_places: list[int] = []
        pos = 0
        order = receiving_order(seats, dealer, table)
        for kind, count in rules.layout(len(seats)).steps:
            if kind == "deal":
                # packets of three (nk rule 6); a smaller packet where the count is not
                for packet_start in range(0, count, 3):
                    size = min(3, count - packet_start)
                    for seat in order:
                        places[seat].extend(range(pos, pos + size))
                        pos += size
            else:
                (open_places if kind == "open" else closed_places).extend(range(pos, pos + count))
                pos += count
        self.rules = rules
        self.seats = tuple(sorted(seats))
        self.hands: tuple[tuple[int, ...], ...] = tuple(tuple(p) for p in places)
        self.open: tuple[int, ...] = tuple(open_places)
        self.closed: tuple[int, ...] = tuple(closed_places)
        self.sleepers: tuple[int, ...] = tuple(range(pos, 32))


# Keyed by the rules' id: hashing a Rules (some forty fields) cost more than the rest of a deal's bookkeeping.
# Each entry holds its rules, so the id stays theirs while it is kept.
_PLANS: Final[dict[tuple[int, int, tuple[int, ...], int], _Plan]] = {}


def _plan(rules: Rules, table: int, seats: tuple[int, ...], dealer: int) -> _Plan:
    key = (id(rules), table, seats, dealer)
    found = _PLANS.get(key)
    if found is None or found.rules is not rules:
        found = _Plan(rules, table, seats, dealer)
        if len(_PLANS) >= 4096:
            _PLANS.clear()
        _PLANS[key] = found
    return found


def _mask(deck: list[int], places: tuple[int, ...]) -> int:
    mask = 0
    for pos in places:
        mask |= 1 << deck[pos]
    return mask


def deal_cards(rules: Rules, table: int, seats: tuple[int, ...], dealer: int, rng: GameRandom) -> Deal:
    """Shuffle and deal one hand with the game's own random generator."""
    plan = _plan(rules, table, seats, dealer)
    deck = rng.shuffled(range(32))
    hands = tuple([_mask(deck, places) for places in plan.hands])
    return Deal(
        table, dealer, plan.seats, hands, _mask(deck, plan.open), _mask(deck, plan.closed), _mask(deck, plan.sleepers)
    )


def draw_for_dealer(table: int, rng: GameRandom) -> tuple[int, list[tuple[int, int]]]:
    """nk rule 5: everybody draws a card, the highest deals; ties draw again.

    Returns the dealer and the draws made, as (seat, card), for the record.
    Cards rank A K Q J 10 9 8 7 here; suits do not count.
    """
    contenders = list(range(table))
    draws: list[tuple[int, int]] = []
    while True:
        deck = rng.shuffled(cards_of(PIQUET_DECK))
        drawn = {seat: deck[i] for i, seat in enumerate(contenders)}
        draws.extend(drawn.items())
        top = max(rank_of(c) for c in drawn.values())
        contenders = [s for s, c in drawn.items() if rank_of(c) == top]
        if len(contenders) == 1:
            return contenders[0], draws


# immutable values: a copy of a match shares them (troef.core.native)
share_when_copied(Deal)
