"""Worlds a Binokel seat cannot tell from the real one: the hidden cards dealt consistently with its view.

What a seat knows (:mod:`troef.games.binokel.reading`) fixes part of every
other hand: the cards of its meld still unplayed (melds are public,
"Melden"), the cards passed between the bid winner and his partner when the
seat was one of them ("Das Bieten gewinnen"), the suits a seat showed out of,
and the highest card of a suit a seat can still hold (the must-win duty of
"Stichphase"). A world deals the rest of the unseen cards to the other seats,
each getting exactly as many as it holds, within those bounds; once the melds
are on the table a world is kept only when every seat's hand, with the cards
it played since, melds exactly what that seat showed (so a seat that showed
no marriage gets no king and queen of one suit). Before that the bids speak,
roughly: a seat that bid B is given a hand whose best meld is at least
B - :data:`BID_SLACK` (what the tricks and a partner could add), and a seat
that passed with the bid at B one whose meld alone stays below the next bid
(a player who holds that much meld bids; see ``heuristic``). When no such
world turns up in a few tries the meld and bid checks, then the caps, are
dropped: a world is always returned.

A world is four hands as count lists per kind (the reader's own included).

>>> from troef.games.binokel.match import Match
>>> from troef.games.binokel.rules import preset
>>> from troef.games.binokel.view import round_view
>>> import random
>>> view = round_view(Match(preset("cardgames"), seed=3, first_dealer=0), 1)
>>> world = sample_world(read(view), view, random.Random(1))
>>> [sum(h) for h in world]
[12, 12, 12, 12]
"""

from __future__ import annotations

import random

from troef.core.pimc import place_by_room
from troef.games.binokel.meld import meld_value
from troef.games.binokel.play import POWER
from troef.games.binokel.reading import Reading, mask_of_counts, read
from troef.games.binokel.view import BinokelView

__all__ = ["World", "mask_of_counts", "read", "sample_world"]

World = list[list[int]]

#: A bid says the bidder's best meld is at least the bid less this (the most the tricks and the partner add).
BID_SLACK = 230

#: Tries with every constraint, then without the meld check, then without the caps.
_TRIES = (24, 12, 6)


def _played_by(view: BinokelView) -> list[list[int]]:
    out = [[0] * 32 for _ in range(4)]
    for _, trick, _ in view.tricks:
        for seat, c in trick:
            out[seat][c & 31] += 1
    for seat, c in view.trick:
        out[seat][c & 31] += 1
    return out


def _deal_once(reading: Reading, sizes: list[int], pool: list[int], rng: random.Random, caps: bool) -> World | None:
    seat = reading.seat
    hands = [list(reading.known[s]) if s != seat else list(reading.mine) for s in range(4)]
    room = [sizes[s] - sum(hands[s]) for s in range(4)]
    room[seat] = 0
    others = [s for s in range(4) if s != seat]

    def allowed(s: int, k: int) -> bool:
        suit = k >> 3
        if reading.void[s][suit]:
            return False
        return not caps or POWER[k] <= reading.cap[s][suit]

    options = {k: [s for s in others if allowed(s, k)] for k in set(pool)}
    placed = place_by_room(list(pool), options, room, rng)
    if placed is None:
        return None
    for k, s in placed:
        hands[s][k] += 1
    return hands


def sample_world(reading: Reading, view: BinokelView, rng: random.Random) -> World:
    """One deal of the unseen cards consistent with what ``reading`` (of ``view``) knows."""
    seat = reading.seat
    sizes = list(view.hand_sizes)
    pool: list[int] = []
    for k in range(32):
        free = reading.unseen[k] - sum(reading.known[s][k] for s in range(4) if s != seat)
        pool += [k] * max(0, free)
    played = _played_by(view) if view.melds else None
    bounds = _bid_bounds(view) if not view.melds else {}
    trump = view.trump
    world: World | None = None
    for stage, tries in enumerate(_TRIES):
        for _ in range(tries):
            found = _deal_once(reading, sizes, pool, rng, caps=stage < 2)
            if found is None:
                continue
            world = found
            if stage == 0 and played is not None and not _melds_match(found, played, reading, trump):
                continue
            if stage == 0 and bounds and not _bids_match(found, bounds):
                continue
            return found
    if world is not None:
        return world
    # nothing fits (the reading is not consistent with itself): deal the pool at random
    hands = [list(reading.known[s]) if s != seat else list(reading.mine) for s in range(4)]
    cards = list(pool)
    rng.shuffle(cards)
    for s in range(4):
        if s == seat:
            continue
        while sum(hands[s]) < sizes[s] and cards:
            hands[s][cards.pop()] += 1
    return hands


def _bid_bounds(view: BinokelView) -> dict[int, tuple[int, int]]:
    """Per other seat whose hand is still as dealt: (least, most) best meld its bidding suggests."""
    out: dict[int, tuple[int, int]] = {}
    high, high_seat = 0, -1
    exchanged = (view.declarer, (view.declarer + 2) % 4) if view.phase in ("give", "return") else ()
    for seat, value in view.bids:
        if seat != view.viewer and seat not in exchanged:
            low, top = out.get(seat, (0, 10**6))
            if value > 0:
                low = max(low, value - BID_SLACK)
            elif high_seat != (seat + 2) % 4:  # passing over the partner's bid says nothing
                top = min(top, high + 9 if high else 249)
            out[seat] = (low, top)
        if value > high:
            high, high_seat = value, seat
    return out


def _bids_match(world: World, bounds: dict[int, tuple[int, int]]) -> bool:
    for seat, (low, top) in bounds.items():
        mask = mask_of_counts(world[seat])
        best = max(meld_value(mask, suit) for suit in range(4))
        if not low <= best <= top:
            return False
    return True


def _melds_match(world: World, played: list[list[int]], reading: Reading, trump: int) -> bool:
    for s in range(4):
        if s == reading.seat:
            continue
        at_meld = [world[s][k] + played[s][k] for k in range(32)]
        if meld_value(mask_of_counts(at_meld), trump) != reading.meld[s]:
            return False
    return True
