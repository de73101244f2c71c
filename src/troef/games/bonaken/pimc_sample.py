"""The pimc bot's sampler: worlds (whole engine hands) that fit what one seat knows.

A world deals the cards the seat cannot see so that every hard fact of its
:class:`~troef.games.bonaken.pimc_infer.Knowledge` holds, then replays the
public action log through the engine with those cards: a world in which any
public action would have been illegal is rejected. Seats whose bids or
card play say something of their cards get hands kept with the weight
:func:`~troef.games.bonaken.pimc_infer.seat_weight` and
:func:`~troef.games.bonaken.pimc_infer.play_weight` give them.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from typing import Final

from troef.cards import cards_of
from troef.core.errors import IllegalActionError
from troef.core.pimc import place_by_room
from troef.games.bonaken.actions import Discard
from troef.games.bonaken.deal import Deal
from troef.games.bonaken.pimc_infer import (
    ALL32,
    EVIDENCE_SCALE,
    PLAY_MISS,
    Knowledge,
    knowledge_of,
    play_weight,
    seat_weight,
)
from troef.games.bonaken.rules import Rules
from troef.games.bonaken.state import DealState
from troef.games.bonaken.view import BonakenView

__all__ = ["Sampler"]

#: Location of a card that is in nobody's hand (sleeping, blind, laid away).
OUT: Final = -1
#: Draws of a world that may fail (inconsistent with the table) before the sampler gives up for now.
_TRIES_PER_WORLD: Final = 40
#: Restarts of the card assignment before it is declared impossible.
_ASSIGN_RESTARTS: Final = 30
#: Hands tried per seat for one world while weighing its bids.
_EVIDENCE_TRIES: Final = 12


# ---------------------------------------------------------------------------- the sampler
class Sampler:
    """Deals worlds (engine hands at the current moment) that fit one seat's knowledge.

    >>> from troef.games.bonaken.rules import preset
    >>> from troef.games.bonaken.view import hand_view
    >>> hand = DealState.new(preset("nk"), 4, dealer=0, seed=5)
    >>> sampler = Sampler(hand_view(hand, 1), preset("nk"))
    >>> world = sampler.draw(random.Random(1))
    >>> world is not None and world.hands[1] == hand.hands[1]
    True
    """

    def __init__(self, view: BonakenView, rules: Rules) -> None:
        self.k = knowledge_of(view, rules)
        self.view = view
        self.rules = rules
        self.drawn = 0
        self.rejected = 0

    # -- one world
    def draw(
        self,
        rng: random.Random,
        evidence: bool = True,
        deadline: float | None = None,
        scale: float = EVIDENCE_SCALE,
        miss: float = PLAY_MISS,
    ) -> DealState | None:
        """One world, or None if the attempt did not fit (try again).

        ``scale``: see :func:`seat_weight`; ``miss``: see :func:`play_weight`.
        """
        self.drawn += 1
        k = self.k
        must = dict(k.must)
        for seat, options in k.witnesses.items():
            witness = options[rng.randrange(len(options))] & ~k.played[seat]
            must[seat] = must.get(seat, 0) | witness
        current = _assign(rng, k, must, evidence, deadline, scale, miss)
        if current is None:
            self.rejected += 1
            return None
        built = _reconstruct(rng, k, current)
        if built is None:
            self.rejected += 1
            return None
        deal, hidden_discards = built
        world = _replay(k, deal, hidden_discards)
        if world is None:
            self.rejected += 1
        return world

    def worlds(
        self,
        rng: random.Random,
        deadline: float | None = None,
        evidence: bool = True,
        scale: float = EVIDENCE_SCALE,
        miss: float = PLAY_MISS,
    ) -> Iterator[DealState]:
        """Worlds one after another, for as long as the caller wants them (and they can be found)."""
        misses = 0
        while True:
            if deadline is not None and time.perf_counter() > deadline:
                return
            weigh = evidence and misses < _TRIES_PER_WORLD // 2
            world = self.draw(rng, evidence=weigh, deadline=deadline, scale=scale, miss=miss)
            if world is None:
                misses += 1
                if misses >= _TRIES_PER_WORLD:
                    return
                continue
            misses = 0
            yield world


def _assign(
    rng: random.Random,
    k: Knowledge,
    must: dict[int, int],
    evidence: bool = True,
    deadline: float | None = None,
    scale: float = EVIDENCE_SCALE,
    miss: float = PLAY_MISS,
) -> dict[int, int] | None:
    """The hidden cards spread over the other hands and OUT: each seat's current hand.

    Seats whose bids or card play say something of their cards are dealt
    first, one by one, each hand kept with the chance :func:`seat_weight`
    times :func:`play_weight` gives it (the best of a few tries otherwise);
    the other cards then go, most constrained first, to a place in
    proportion to the room it has left.
    """
    caps = dict(k.sizes)
    placed = 0
    base: dict[int, int] = {}
    for seat in k.others:
        forced = must.get(seat, 0)
        if forced & ~k.allowed[seat] or forced & placed or forced.bit_count() > caps[seat]:
            return None
        base[seat] = forced
        placed |= forced
    out_cap = k.hidden.bit_count() - sum(caps.values())
    if out_cap < 0:
        return None
    plays = miss < 1.0
    weighed = [s for s in k.others if s in k.bid_evidence or (plays and s in k.play_moments)] if evidence else []
    for attempt in range(_ASSIGN_RESTARTS):
        if deadline is not None and attempt and time.perf_counter() > deadline:
            return None
        hands = dict(base)
        taken = placed
        for seat in weighed:
            pool = cards_of(k.allowed[seat] & ~taken)
            need = caps[seat] - hands[seat].bit_count()
            if need > len(pool):
                return None
            best: tuple[float, int] | None = None
            for _ in range(_EVIDENCE_TRIES):
                hand = hands[seat]
                for card in rng.sample(pool, need):
                    hand |= 1 << card
                weight = seat_weight(k, seat, hand, scale) if seat in k.bid_evidence else 1.0
                if plays and weight > 0.0:
                    weight *= play_weight(k, seat, hand, miss)
                if rng.random() < weight:
                    best = (2.0, hand)
                    break
                if best is None or weight > best[0]:
                    best = (weight, hand)
            assert best is not None
            hands[seat] = best[1]
            taken |= best[1]
        got = _spread(rng, k, hands, taken, caps, out_cap)
        if got is not None:
            return got
    return None


def _spread(
    rng: random.Random, k: Knowledge, hands: dict[int, int], taken: int, caps: dict[int, int], out_cap: int
) -> dict[int, int] | None:
    """The rest of the hidden cards to the seats with room and OUT (one try)."""
    rest = cards_of(k.hidden & ~taken)
    room = {s: caps[s] - hands[s].bit_count() for s in k.others}
    room[OUT] = out_cap
    places: dict[int, list[int]] = {}
    for card in rest:
        bit = 1 << card
        options = [s for s in k.others if room[s] and k.allowed[s] & bit]
        if k.allowed_out & bit:
            options.append(OUT)
        places[card] = options
    placed = place_by_room(rest, places, room, rng)
    if placed is None:
        return None
    hands = dict(hands)
    for card, chosen in placed:
        if chosen != OUT:
            hands[chosen] |= 1 << card
    return hands


def _reconstruct(rng: random.Random, k: Knowledge, current: dict[int, int]) -> tuple[Deal, dict[int, list[int]]] | None:
    """The deal (and the others' hidden discards) that leads to the sampled current hands.

    Players outside the chain of the centre cards were dealt what they hold and
    played. Along the chain (the declarer, or the misère players in turn, nk
    rule 35) each player was dealt what he keeps and played, less what he
    received, plus cards from outside that he laid away again.
    """
    view = k.view
    orig: dict[int, int] = {k.me: k.my_orig}
    used = k.my_orig | k.open | k.blind | k.my_laid | k.mine
    for seat in k.others:
        used |= current[seat] | k.played[seat]
        if seat not in k.chain:
            orig[seat] = current[seat] | k.played[seat]
    # cards in nobody's hand that this seat has not seen: sleepers, blind, laid away by others
    free = k.hidden & ~used
    closed = k.blind
    hidden_discards: dict[int, list[int]] = {}
    full = k.centre_count
    handed_on = 0
    for i, seat in enumerate(k.chain):
        if i == 0:
            if seat != k.me:
                keep0 = current[seat] | k.played[seat]
                if len(k.chain) > 1 and k.chain[1] == k.me and k.discards_made[seat] == full:
                    candidates = (keep0 | k.my_received) & ~k.open
                else:
                    candidates = (keep0 | free) & ~k.open
                pick = _pick_cards(rng, candidates, k.n_closed)
                if pick is None:
                    return None
                closed = pick
                free &= ~closed
            recv = k.open | closed
        else:
            recv = handed_on if k.discards_made[k.chain[i - 1]] == full else 0
        if seat == k.me:
            if i > 0 and recv != k.my_received:
                return None
            handed_on = k.my_laid
            continue
        keep = current[seat] | k.played[seat]
        must_orig = keep & ~recv
        extra = k.hand_size - must_orig.bit_count()
        if extra < 0:
            return None
        if i + 1 < len(k.chain) and k.chain[i + 1] == k.me and k.discards_made[seat] == full:
            # what he laid away is exactly what this seat received
            if recv & ~keep & ~k.my_received:
                return None
            extra_cards = k.my_received & ~recv & ~keep
            if extra_cards.bit_count() != extra:
                return None
        else:
            got = _pick_cards(rng, free, extra)
            if got is None:
                return None
            extra_cards = got
            free &= ~extra_cards
        orig[seat] = must_orig | extra_cards
        discarded = (recv | orig[seat]) & ~keep
        if discarded.bit_count() != k.discards_made[seat]:
            return None
        hidden_discards[seat] = cards_of(discarded)
        handed_on = discarded
    if not k.centre_taken and k.n_closed and not closed:
        pick = _pick_cards(rng, free, k.n_closed)
        if pick is None:
            return None
        closed = pick
    hands = [0] * view.table
    union = k.open | closed
    for seat, mask in orig.items():
        if mask.bit_count() != k.hand_size or mask & union:
            return None
        hands[seat] = mask
        union |= mask
    sleepers = ALL32 & ~union
    if sleepers.bit_count() != k.n_sleepers:
        return None
    deal = Deal(view.table, view.dealer, view.seats, tuple(hands), k.open, closed, sleepers)
    return deal, hidden_discards


def _pick_cards(rng: random.Random, pool: int, n: int) -> int | None:
    if n == 0:
        return 0
    cards = cards_of(pool)
    if len(cards) < n:
        return None
    out = 0
    for card in rng.sample(cards, n):
        out |= 1 << card
    return out


def _replay(k: Knowledge, deal: Deal, hidden_discards: dict[int, list[int]]) -> DealState | None:
    """The engine hand of ``deal`` after the public action log, or None if the log does not fit it."""
    try:
        hand = DealState(k.rules, deal, validate=False, standing=k.view.standing)
        queues = {s: list(cards) for s, cards in hidden_discards.items()}
        for seat, action in k.events:
            if hand.to_act != seat:
                return None
            if action is None:
                queue = queues.get(seat)
                if not queue:
                    return None
                action = Discard(queue.pop(0))
            hand.apply(action)
    except IllegalActionError:
        return None
    view = k.view
    # the seat to act is the view's: the pimc player draws at its own turn, the research worlds at any seat's
    if hand.phase.name.lower() != view.phase or hand.to_act != view.to_act or hand.trump != view.trump:
        return None
    if hand.roem_counted != view.roem_counted or tuple((s, v) for s, v, _ in hand.contest) != view.contest:
        return None
    return hand
