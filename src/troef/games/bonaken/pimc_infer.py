"""What one seat knows of a Bonaken hand, for the pimc bot's sampler (its inference).

:func:`knowledge_of` reads a seat's view into masks (:class:`Knowledge`):
its own cards, the open centre, cards played, suits shown out of, roem
declared (:func:`roem_witnesses`: the card sets that could show it), stuk,
the chain of the centre cards, and the others' bids and passes. The bids
are soft facts: :func:`seat_weight` says how well a hand explains them. So
are the cards the others played: :func:`play_weight` says how well a hand
explains them (would a sensible player, the heuristic, have played them?).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Final

from troef.cards import cards_of
from troef.core.errors import TroefError
from troef.games.bonaken.actions import (
    Bid,
    BidKind,
    BonakenAction,
    DeclareRoem,
    DeclareStuk,
    Discard,
    Pass,
    parse_action,
)
from troef.games.bonaken.heuristic import BID_SHARE, BLIND_BONUS, HeuristicBot, estimate
from troef.games.bonaken.play import SUIT32, TRUMP_POWER, legal_plays
from troef.games.bonaken.reading import Reading
from troef.games.bonaken.rules import RoemTable, Rules
from troef.games.bonaken.view import BonakenView

__all__ = [
    "ALL32",
    "EVIDENCE_SCALE",
    "PLAY_MISS",
    "Knowledge",
    "Moment",
    "SamplingError",
    "knowledge_of",
    "play_weight",
    "roem_witnesses",
    "seat_weight",
]

ALL32: Final = (1 << 32) - 1
#: Points of misfit between a bid and the cards that cost a factor e of the weight (halve it about every 8).
EVIDENCE_SCALE: Final = 12.0
#: Factor of a world's weight for each card another seat played that the heuristic would not have
#: played with the cards the world gives it, when a sampler is not told otherwise (1: it says
#: nothing; the pimc bot passes its own, :attr:`~troef.games.bonaken.pimc_eval.Strength.play_miss`).
PLAY_MISS: Final = 1.0
#: Most roem witnesses listed per declaration (a random one is forced into each world).
_MAX_WITNESSES: Final = 400


class SamplingError(TroefError):
    """The view does not fit the rules the bot was given (so no world can be dealt)."""


@lru_cache(maxsize=4096)
def event_action(text: str) -> BonakenAction | None:
    """The action of an event text; None for another player's hidden discard."""
    if text == "discard":
        return None
    return parse_action(text)


def _bit_count(mask: int) -> int:
    return mask.bit_count()


# ---------------------------------------------------------------------------- roem witnesses
def _roem_combos(avail: int, table: RoemTable) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """Sequences and sets of four within ``avail`` as (cards, value)."""
    sequences: list[tuple[int, int]] = []
    for suit in range(4):
        byte = (avail >> (8 * suit)) & 0xFF
        for start in range(8):
            length = 0
            while start + length < 8 and byte >> (start + length) & 1:
                length += 1
                if length >= 3:
                    run = ((1 << length) - 1) << start
                    sequences.append((run << (8 * suit), table.sequence_value(length)))
    sets: list[tuple[int, int]] = []
    for rank in range(8):
        four = 0x01010101 << rank
        if avail & four != four:
            continue
        if rank == 4:
            value = table.four_jacks
        elif rank == 2:
            value = table.four_nines
        elif rank in (5, 6, 7):
            value = table.four_queens_kings_aces
        else:
            value = 0
        if value:
            sets.append((four, value))
    return sequences, sets


def roem_witnesses(avail: int, value: int, trump: int, table: RoemTable, max_cards: int) -> list[int]:
    """Card sets within ``avail`` of at most ``max_cards`` cards that show roem ``value`` exactly.

    Each is the union of combinations (sequences, sets of four, stuk) worth
    ``value`` together, as the table lets them combine; a hand holding one of
    them can declare ``value`` (nk rule 49 lets a holder declare less than he
    has, so more cards around it do no harm).
    """
    if value <= 0:
        return [0]
    sequences, sets = _roem_combos(avail, table)
    combos = [(m, v, False) for m, v in sequences] + [(m, v, True) for m, v in sets]
    stuk = 0
    if trump >= 0 and table.stuk:
        stuk = (1 << (8 * trump + 6)) | (1 << (8 * trump + 5))
        if avail & stuk != stuk:
            stuk = 0
    exclusive = table.combine == "exclusive"
    found: set[int] = set()

    def walk(i: int, used_seq: int, union: int, total: int) -> None:
        if len(found) >= _MAX_WITNESSES:
            return
        if total == value:
            found.add(union)
        if stuk and total + table.stuk == value and _bit_count(union | stuk) <= max_cards:
            found.add(union | stuk)
        if total >= value:
            return
        for j in range(i, len(combos)):
            cmask, v, is_set = combos[j]
            clash = cmask & union if exclusive else (0 if is_set else cmask & used_seq)
            if clash or _bit_count(union | cmask) > max_cards:
                continue
            walk(j + 1, used_seq if is_set else used_seq | cmask, union | cmask, total + v)

    walk(0, 0, 0, 0)
    return sorted(found)


def _fitting(witnesses: list[int], played: int, size: int) -> list[int]:
    """The witnesses that fit one hand of ``size`` cards together with the cards already played from it."""
    return [w for w in witnesses if _bit_count(w | played) <= size]


# ---------------------------------------------------------------------------- what a seat knows
@dataclass(frozen=True, slots=True)
class Moment:
    """A card another seat played, with the table as that seat read it just before (:func:`play_weight`)."""

    seat: int
    card: int
    #: The cards the seat played from this moment on, this one included: its hand then is its hand now and these.
    later: int
    #: Every card played before this one.
    before: int
    #: Per seat, the suits it had shown out of (a bitmask of suits, as :class:`Reading` has it).
    void: dict[int, int]
    trick: tuple[tuple[int, int], ...]
    led: int
    #: Trump power of the highest trump in the trick (-1: none), for the rules of following.
    high_trump: int
    won: dict[int, int]


@dataclass(slots=True)
class Knowledge:
    """Everything one seat knows of a hand, in masks (see the module docstring)."""

    rules: Rules
    view: BonakenView
    me: int
    seats: tuple[int, ...]
    others: tuple[int, ...]
    hand_size: int
    n_closed: int
    n_sleepers: int
    #: Cards in the centre (open and closed).
    centre_count: int
    events: tuple[tuple[int, BonakenAction | None], ...]
    mine: int
    my_orig: int
    my_laid: int
    my_received: int
    blind: int
    open: int
    played: dict[int, int]
    played_all: int
    sizes: dict[int, int]
    #: Per other seat, cards it cannot hold now (suits it showed out of).
    void: dict[int, int]
    #: Seats the centre cards went through (the declarer, or the misère players in order).
    chain: tuple[int, ...]
    centre_taken: bool
    discards_made: dict[int, int]
    trump: int
    #: Cards whose place is unknown to this seat: to be dealt to other hands or OUT.
    hidden: int
    #: Per other seat, the hidden cards it may hold now; and the hidden cards that may be out.
    allowed: dict[int, int]
    allowed_out: int
    #: Per other seat, hidden cards it surely holds (open bonaak, stuk).
    must: dict[int, int]
    #: Per other seat, alternative card sets of which it holds one (declared roem, contest).
    witnesses: dict[int, list[int]]
    #: Per other seat, its number bids and passes as (bid value or -1 for a pass, lowest bid then).
    bid_evidence: dict[int, tuple[tuple[int, int], ...]]
    #: Per seat with evidence: cards to add to what it holds and played to get what it bid on, and
    #: the allowance for unseen centre cards (see :func:`_seat_weight`).
    evidence_extra: dict[int, tuple[int, int]]
    #: Per other seat, the cards it played as evidence of its hand (:func:`play_weight`).
    play_moments: dict[int, tuple[Moment, ...]] = field(default_factory=dict)
    #: The bids as :class:`Reading` has them, and the contract.
    bids: tuple[tuple[int, Bid | None], ...] = ()
    contract: Bid | None = None
    #: The heuristic's card per (seat, moment, hand then): worlds share many hands late in a hand.
    play_cache: dict[tuple[int, int, int], int] = field(default_factory=dict)


def knowledge_of(view: BonakenView, rules: Rules) -> Knowledge:
    """What ``view``'s seat knows, checked against ``rules``."""
    me = view.viewer
    if me not in view.seats or view.hand is None:
        raise SamplingError("the view is not a player's view")
    players = len(view.seats)
    try:
        layout = rules.layout(players)
    except TroefError as exc:
        raise SamplingError(str(exc)) from None
    if len(view.centre_open) != layout.open or view.centre_closed != layout.closed:
        raise SamplingError("the centre of the view does not fit the rules")
    events = tuple((s, event_action(text)) for s, text in view.events)
    mine = 0
    for c in view.hand:
        mine |= 1 << c
    open_mask = sum(1 << c for c in view.centre_open)
    blind = sum(1 << c for c in view.blind)
    my_laid = sum(1 << c for c in view.laid_away)
    my_received = sum(1 << c for c in view.received)
    played: dict[int, int] = dict.fromkeys(view.seats, 0)
    void: dict[int, int] = dict.fromkeys(view.seats, 0)
    trump = view.trump
    jack = 1 << (8 * trump + 4) if trump >= 0 else 0
    tricks = [t for t, _ in view.tricks]
    if view.trick:
        tricks.append(view.trick)
    for trick in tricks:
        led = trick[0][1] >> 3
        for seat, card in trick:
            played[seat] |= 1 << card
            suit = card >> 3
            if suit == led:
                continue
            if trump < 0 or suit != trump or not rules.may_trump_instead_of_following:
                if led == trump and rules.trump_jack_may_be_kept:
                    void[seat] |= SUIT32[led] & ~jack  # nk rule 26: the jack may have been kept back
                else:
                    void[seat] |= SUIT32[led]
    played_all = 0
    for mask in played.values():
        played_all |= mask
    # the contract and who took the centre, as the engine decides it
    kind: BidKind | None = None
    roem_event: tuple[int, int] | None = None
    stuk_seat = -1
    discards_made: dict[int, int] = dict.fromkeys(view.seats, 0)
    evidence: list[tuple[int, int, int]] = []
    high = 0
    for seat, action in events:
        if isinstance(action, Bid):
            kind = action.kind
            if seat != me and action.kind == BidKind.NUMBER:
                evidence.append((seat, action.value, max(high + 5, rules.min_bid)))
            if action.kind == BidKind.NUMBER:
                high = max(high, action.value)
        elif isinstance(action, Pass):
            if seat != me and kind in (None, BidKind.NUMBER):
                evidence.append((seat, -1, max(high + 5, rules.min_bid)))
        elif isinstance(action, DeclareRoem):
            roem_event = (seat, action.value)
        elif isinstance(action, DeclareStuk):
            stuk_seat = seat
        elif action is None or isinstance(action, Discard):
            discards_made[seat] += 1
    centre = layout.open + layout.closed
    no_centre = rules.bonaak_no_centre and kind in (BidKind.BONAAK, BidKind.OPEN_BONAAK)
    centre_taken = view.phase != "bidding" and bool(view.declarers) and centre > 0 and not no_centre
    chain = view.declarers if centre_taken else ()
    if chain and kind != BidKind.MISERE:
        chain = chain[:1]
    my_played = played[me]
    my_pool = mine | my_played | my_laid
    my_orig = my_pool & ~my_received
    if centre_taken and chain[0] == me:
        my_orig &= ~(open_mask | blind)
    if _bit_count(my_orig) != layout.hand:
        raise SamplingError("the view's own cards do not add up to a dealt hand")
    others = tuple(s for s in view.seats if s != me)
    # cards whose place this seat does not know
    known = mine | my_played | my_laid | blind | played_all
    open_free = open_mask & ~known
    hidden = ALL32 & ~known & ~open_mask
    if centre_taken and chain[0] != me:
        hidden |= open_free
    in_chain = me in chain
    my_pos = chain.index(me) if in_chain else -1
    passed_on = 0
    if in_chain and my_pos + 1 < len(chain) and discards_made[me] == centre:
        # what this seat passed on went to the next misère player (nk rule 35)
        passed_on = my_laid & ~played_all
        hidden |= passed_on
    allowed: dict[int, int] = {}
    for s in others:
        ok = hidden & ~void[s]
        if s not in chain:
            ok &= ~open_free & ~passed_on
        else:
            pos = chain.index(s)
            if in_chain and pos < my_pos:
                ok &= ~passed_on
            if in_chain and pos > my_pos:
                ok &= ~open_free  # the open cards would have passed this seat's hands
        allowed[s] = ok
    allowed_out = hidden
    if in_chain:
        allowed_out &= ~open_free  # an open card leaves the chain only past this seat
    sizes = {s: view.hand_sizes[s] for s in others}
    must: dict[int, int] = dict.fromkeys(others, 0)
    if view.open_hand is not None and view.declarers and view.declarers[0] != me:
        shown = sum(1 << c for c in view.open_hand)
        must[view.declarers[0]] |= shown & hidden
    witnesses: dict[int, list[int]] = {}
    if stuk_seat >= 0 and stuk_seat != me and trump >= 0:
        both = (1 << (8 * trump + 6)) | (1 << (8 * trump + 5))
        must[stuk_seat] |= both & hidden
    if roem_event is not None and roem_event[0] != me and roem_event[1] > 0:
        seat, value = roem_event
        avail = played[seat] | allowed.get(seat, 0)
        found = _fitting(roem_witnesses(avail, value, trump, rules.roem, layout.hand), played[seat], layout.hand)
        if not found:
            raise SamplingError("no cards fit the roem declared")
        witnesses[seat] = found
    for seat, value in view.contest:
        if seat == me or value <= 0:
            continue
        avail = played[seat] | allowed.get(seat, 0)
        found = _fitting(roem_witnesses(avail, value, trump, rules.roem, layout.hand), played[seat], layout.hand)
        if not found:
            raise SamplingError("no cards fit the roem counter-declared")
        witnesses[seat] = found
    by_seat: dict[int, tuple[tuple[int, int], ...]] = {}
    extra: dict[int, tuple[int, int]] = {}
    for seat in others:
        facts = tuple((v, low) for s, v, low in evidence if s == seat and low <= 150)
        if not facts:
            continue
        if seat not in chain:
            extra[seat] = (open_mask, layout.closed)  # he bid on his own cards and the open ones
        elif seat == chain[0] and kind != BidKind.MISERE:
            extra[seat] = (0, 0)  # the declarer now holds the best of his cards and the centre
        else:
            continue
        by_seat[seat] = facts
    bids: list[tuple[int, Bid | None]] = []
    contract: Bid | None = None
    for seat, action in events:
        if isinstance(action, Pass):
            bids.append((seat, None))
        elif isinstance(action, Bid):
            bids.append((seat, action))
            contract = action
    return Knowledge(
        rules=rules,
        view=view,
        me=me,
        seats=view.seats,
        others=others,
        hand_size=layout.hand,
        n_closed=layout.closed,
        n_sleepers=layout.sleepers(players),
        centre_count=layout.open + layout.closed,
        events=events,
        mine=mine,
        my_orig=my_orig,
        my_laid=my_laid,
        my_received=my_received,
        blind=blind,
        open=open_mask,
        played=played,
        played_all=played_all,
        sizes=sizes,
        void=void,
        chain=chain,
        centre_taken=centre_taken,
        discards_made=discards_made,
        trump=trump,
        hidden=hidden,
        allowed=allowed,
        allowed_out=allowed_out,
        must=must,
        witnesses=witnesses,
        bid_evidence=by_seat,
        evidence_extra=extra,
        play_moments=_moments(view, others, played),
        bids=tuple(bids),
        contract=contract,
    )


def _moments(view: BonakenView, others: tuple[int, ...], played: dict[int, int]) -> dict[int, tuple[Moment, ...]]:
    """Every card the ``others`` played, in order, with the table before it (as :func:`read` reads it)."""
    trump = view.trump
    out: dict[int, list[Moment]] = {s: [] for s in others}
    before = 0
    void: dict[int, int] = {}
    won: dict[int, int] = dict.fromkeys(view.seats, 0)
    tricks: list[tuple[tuple[tuple[int, int], ...], int]] = list(view.tricks)
    if view.trick:
        tricks.append((view.trick, -1))
    for trick, winner in tricks:
        led = trick[0][1] >> 3
        high = -1
        for i, (seat, card) in enumerate(trick):
            if seat in out:
                out[seat].append(
                    Moment(
                        seat,
                        card,
                        played[seat] & ~before,
                        before,
                        dict(void),
                        trick[:i],
                        led if i else -1,
                        high,
                        dict(won),
                    )
                )
            before |= 1 << card
            suit = card >> 3
            if suit == trump:
                high = max(high, TRUMP_POWER[card & 7])
            elif suit != led:
                void[seat] = void.get(seat, 0) | (1 << led)
        if winner >= 0:
            won[winner] = won.get(winner, 0) + 1
    return {s: tuple(m) for s, m in out.items() if m}


def limit_of(pool: int, keep: int, players: int, rules: Rules, closed: int, bid: int) -> float:
    """The number bid the heuristic would go up to with ``pool`` (its own formula)."""
    best = max(estimate(pool, t, keep, players, rules, bid=bid) for t in range(4))
    return best * BID_SHARE + BLIND_BONUS * closed


def seat_weight(k: Knowledge, seat: int, hand: int, scale: float = EVIDENCE_SCALE) -> float:
    """How well ``hand`` (now, with what ``seat`` played) explains the seat's bids: 1 fits, near 0 does not.

    A sensible player bids a number up to about what his cards are worth (the
    heuristic's valuation, :func:`_limit`) and passes when the lowest bid is
    well above it; each point of misfit costs a share of the weight: a
    factor e per ``scale`` points (a smaller scale trusts the bids more).
    """
    add, closed = k.evidence_extra[seat]
    pool = hand | k.played[seat] | add
    players = len(k.seats)
    weight = 1.0
    for value, lowest in k.bid_evidence[seat]:
        if value >= 0:
            gap = value - limit_of(pool, k.hand_size, players, k.rules, closed, value)
        else:
            gap = limit_of(pool, k.hand_size, players, k.rules, closed, lowest) - lowest - 10
        if gap > 0:
            weight *= math.exp(-gap / scale)
    return weight


#: The sensible player whose card play the others' plays are measured against (it plays deterministically).
_SENSIBLE: Final = HeuristicBot(seed=0)


def play_weight(k: Knowledge, seat: int, hand: int, miss: float = PLAY_MISS) -> float:
    """How well ``hand`` (the seat's cards now) explains the cards the seat played: 1 fits, near 0 does not.

    At each card the seat played with a choice, the heuristic plays the hand
    it held then (this one and what it played since) on the table as it was;
    each card the heuristic would not have played costs a factor ``miss``.
    A card the hand could not legally have played gives 0.
    """
    moments = k.play_moments.get(seat)
    if not moments or miss >= 1.0:
        return 1.0
    weight = 1.0
    trump, rules, cache = k.trump, k.rules, k.play_cache
    for i, m in enumerate(moments):
        then = hand | m.later
        legal = legal_plays(then, m.led, trump, m.high_trump, rules)
        if not legal >> m.card & 1:
            return 0.0
        if not legal & (legal - 1):
            continue  # no choice, no evidence
        key = (seat, i, then)
        choice = cache.get(key)
        if choice is None:
            known = m.before | then
            reading = Reading(
                me=seat,
                seats=k.seats,
                table=k.view.table,
                hand=then,
                trump=trump,
                contract=k.contract,
                declarers=k.view.declarers,
                played=m.before,
                known=known,
                unseen=ALL32 & ~known,
                void=m.void,
                trick=m.trick,
                led=m.led,
                bids=k.bids,
                won=m.won,
            )
            choice = _SENSIBLE.card_choice(reading, cards_of(legal))
            cache[key] = choice
        if choice != m.card:
            weight *= miss
    return weight
