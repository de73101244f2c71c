"""The pimc bot: Perfect Information Monte Carlo, the way strong card-game programs play.

At every decision the bot deals the cards it cannot see in many ways that fit
everything its seat knows (:class:`Sampler`), plays each such *world* out with
the perfect-information solver (:mod:`troef.games.bonaken.solver`), and takes the action
that does best over the worlds:

* card play: the card with the highest make-rate for the declarer's side (for
  a defender: the lowest), ties broken by the heuristic's choice among the
  tied cards (it plays for points: smearing, cheap wins);
* bidding: each sensible contract (the lowest number bid, misère, zwabber,
  bonaak) is played out in every world as if the bidding ended there, with
  the best of a few exchanges and trumps the heuristic ranks highest; the
  share of worlds made becomes the chance of really making it
  (:mod:`troef.games.bonaken.bidmodel`), and the bot bids the contract that
  clears its bar (:attr:`Strength.threshold`, or ``every_trick_threshold``
  for misère, zwabber and bonaak) by the most, else it passes;
* exchange and trump: a few candidate plans (cards to lay away and trump,
  ranked by the heuristic's valuation) are each played out in every world;
  the best plan is kept for the rest of the exchange;
* roem: the highest roem allowed.

What a seat knows (and the sampler respects): its own cards, the open centre
cards, the blind card(s) if it picked them up, the cards it laid away or
received, every card played, the suits a player showed out of, roem declared
and counter-declared, stuk, and the bidding. Hard facts are built into each
world and then checked by replaying the whole public action log through the
engine with the world's cards: a world in which any public action would have
been illegal, or the engine would have ended the hand earlier, is rejected.
Bids are soft facts: a world where a player bid (or passed) against what a
sensible player (the heuristic) would do with those cards is kept less often.

Strength is a time budget per decision (and a cap on the number of worlds).
Where the solver cannot answer in time, or no world fits, the bot falls back
to the heuristic bot's choice.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Final

from troef.cards import cards_of
from troef.core.bot import Bot
from troef.core.errors import IllegalActionError, TroefError
from troef.games.bonaken.actions import (
    PASS,
    STUK,
    Bid,
    BidKind,
    BonakenAction,
    DeclareRoem,
    DeclareStuk,
    Discard,
    NameTrump,
    Pass,
    Play,
    parse_action,
)
from troef.games.bonaken.bidmodel import Model, group_of, make_chance
from troef.games.bonaken.deal import Deal
from troef.games.bonaken.game import legal_actions
from troef.games.bonaken.heuristic import (
    BID_SHARE,
    BLIND_BONUS,
    OPENING,
    HeuristicBot,
    estimate,
    keep_score,
    misere_danger,
)
from troef.games.bonaken.play import SUIT32
from troef.games.bonaken.reading import rules_of, strength
from troef.games.bonaken.rules import RoemTable, Rules
from troef.games.bonaken.solver import SolverError, solve
from troef.games.bonaken.state import Hand, Phase
from troef.games.bonaken.view import BonakenView

__all__ = [
    "Evaluator",
    "PimcBot",
    "Plan",
    "Sampler",
    "SamplingError",
    "Strength",
]

ALL32: Final = (1 << 32) - 1
#: Location of a card that is in nobody's hand (sleeping, blind, laid away).
OUT: Final = -1
#: Draws of a world that may fail (inconsistent with the table) before the sampler gives up for now.
_TRIES_PER_WORLD: Final = 40
#: Restarts of the card assignment before it is declared impossible.
_ASSIGN_RESTARTS: Final = 30
#: Hands tried per seat for one world while weighing its bids.
_EVIDENCE_TRIES: Final = 12
#: Points of misfit between a bid and the cards that halve the weight about every 8 points.
_EVIDENCE_SCALE: Final = 12.0
#: Most roem witnesses listed per declaration (a random one is forced into each world).
_MAX_WITNESSES: Final = 400


class SamplingError(TroefError):
    """The view does not fit the rules the bot was given (so no world can be dealt)."""


@dataclass(frozen=True, slots=True)
class Strength:
    """How hard the bot thinks, and how bold it bids.

    ``budget``: seconds per card-play decision (a soft deadline: the solve
    running when it passes is cut off); ``bid_budget`` and ``plan_budget``:
    the same for bidding and for the exchange and trump, which play whole
    hands out; ``samples``: the most worlds per decision; ``min_worlds``:
    fewer answered worlds than this and the bot plays the heuristic's choice;
    ``threshold``: the chance to really make a number contract needs at least
    this to be bid (``every_trick_threshold`` for misère, zwabber and bonaak);
    ``plans``: candidate exchanges/trumps per contract while bidding.

    The chance comes from the sampled make-rate through the curves of
    :mod:`troef.games.bonaken.bidmodel`, fitted on the bot's own contracts
    against the heuristic (``troef bench bid-model``). They show that the
    worlds played double dummy rate a number contract about right (of 44
    contracts bid at a rate of 40-60%, 52% were made; of 110 at 80-100%,
    87%), so a bar of 0.5 bids about where the old bar on the rate (0.4) did.
    Misère, zwabber and bonaak were too rare for a curve (19 contracts: 14
    made); their bar stays on the rate (0.85). A bar of 0.65 there bid more
    misères but was not measurably stronger in the arena (duplicate nk, 100
    matches against three heuristic bots: +0.12 [-0.33, 0.56] table points
    over the field with the old bars, -0.05 [-0.31, 0.22] with 0.65), so
    the old bar stays.
    """

    budget: float = 0.15
    #: Bidding and the exchange play whole hands out; their budgets keep a decision's p99 under 300 ms.
    bid_budget: float = 0.22
    plan_budget: float = 0.22
    #: Most of a decision's budget one solve may take (a slower world is skipped).
    solve_share: float = 0.4
    #: Most nodes one solve may search (None: only the time counts). With infinite budgets this
    #: makes the bot's work, and so its play, the same on every machine (for tests).
    node_limit: int | None = None
    samples: int = 24
    min_worlds: int = 3
    threshold: float = 0.5
    every_trick_threshold: float = 0.85
    plans: int = 2
    #: Weigh the others' bids as evidence of their cards when dealing worlds.
    bid_evidence: bool = True
    #: Judge a bid by the chance of really making it (:mod:`troef.games.bonaken.bidmodel`), not the sampled rate.
    calibrated: bool = True


#: A stronger setting for measurements and hints (about ten times the default's work).
STRONG: Final = Strength(budget=1.5, bid_budget=3.0, plan_budget=5.0, samples=64, min_worlds=4, plans=3)


@lru_cache(maxsize=4096)
def _event_action(text: str) -> BonakenAction | None:
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
    events = tuple((s, _event_action(text)) for s, text in view.events)
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
    )


# ---------------------------------------------------------------------------- the sampler
class Sampler:
    """Deals worlds (engine hands at the current moment) that fit one seat's knowledge.

    >>> from troef.games.bonaken.rules import preset
    >>> from troef.games.bonaken.view import hand_view
    >>> hand = Hand.new(preset("nk"), 4, dealer=0, seed=5)
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
    def draw(self, rng: random.Random, evidence: bool = True, deadline: float | None = None) -> Hand | None:
        """One world, or None if the attempt did not fit (try again)."""
        self.drawn += 1
        k = self.k
        must = dict(k.must)
        for seat, options in k.witnesses.items():
            witness = options[rng.randrange(len(options))] & ~k.played[seat]
            must[seat] = must.get(seat, 0) | witness
        current = _assign(rng, k, must, evidence, deadline)
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

    def worlds(self, rng: random.Random, deadline: float | None = None, evidence: bool = True) -> Iterator[Hand]:
        """Worlds one after another, for as long as the caller wants them (and they can be found)."""
        misses = 0
        while True:
            if deadline is not None and time.perf_counter() > deadline:
                return
            world = self.draw(rng, evidence=evidence and misses < _TRIES_PER_WORLD // 2, deadline=deadline)
            if world is None:
                misses += 1
                if misses >= _TRIES_PER_WORLD:
                    return
                continue
            misses = 0
            yield world


def _assign(
    rng: random.Random, k: Knowledge, must: dict[int, int], evidence: bool = True, deadline: float | None = None
) -> dict[int, int] | None:
    """The hidden cards spread over the other hands and OUT: each seat's current hand.

    Seats whose bids say something of their cards are dealt first, one by
    one, each hand kept with the chance :func:`_seat_weight` gives it (the
    best of a few tries otherwise); the other cards then go, most constrained
    first, to a place in proportion to the room it has left.
    """
    caps = dict(k.sizes)
    placed = 0
    base: dict[int, int] = {}
    for seat in k.others:
        forced = must.get(seat, 0)
        if forced & ~k.allowed[seat] or forced & placed or _bit_count(forced) > caps[seat]:
            return None
        base[seat] = forced
        placed |= forced
    out_cap = _bit_count(k.hidden) - sum(caps.values())
    if out_cap < 0:
        return None
    weighed = [s for s in k.others if s in k.bid_evidence] if evidence else []
    for attempt in range(_ASSIGN_RESTARTS):
        if deadline is not None and attempt and time.perf_counter() > deadline:
            return None
        hands = dict(base)
        taken = placed
        for seat in weighed:
            pool = cards_of(k.allowed[seat] & ~taken)
            need = caps[seat] - _bit_count(hands[seat])
            if need > len(pool):
                return None
            best: tuple[float, int] | None = None
            for _ in range(_EVIDENCE_TRIES):
                hand = hands[seat]
                for card in rng.sample(pool, need):
                    hand |= 1 << card
                weight = _seat_weight(k, seat, hand)
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
    room = {s: caps[s] - _bit_count(hands[s]) for s in k.others}
    room[OUT] = out_cap
    places: dict[int, list[int]] = {}
    for card in rest:
        bit = 1 << card
        options = [s for s in k.others if room[s] and k.allowed[s] & bit]
        if k.allowed_out & bit:
            options.append(OUT)
        places[card] = options
    rng.shuffle(rest)
    rest.sort(key=lambda c: len(places[c]))
    hands = dict(hands)
    for card in rest:
        options = [p for p in places[card] if room[p] > 0]
        if not options:
            return None
        total = 0
        for p in options:
            total += room[p]
        pick = rng.randrange(total)
        chosen = options[-1]
        for p in options:
            pick -= room[p]
            if pick < 0:
                chosen = p
                break
        room[chosen] -= 1
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
        extra = k.hand_size - _bit_count(must_orig)
        if extra < 0:
            return None
        if i + 1 < len(k.chain) and k.chain[i + 1] == k.me and k.discards_made[seat] == full:
            # what he laid away is exactly what this seat received
            if recv & ~keep & ~k.my_received:
                return None
            extra_cards = k.my_received & ~recv & ~keep
            if _bit_count(extra_cards) != extra:
                return None
        else:
            got = _pick_cards(rng, free, extra)
            if got is None:
                return None
            extra_cards = got
            free &= ~extra_cards
        orig[seat] = must_orig | extra_cards
        discarded = (recv | orig[seat]) & ~keep
        if _bit_count(discarded) != k.discards_made[seat]:
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
        if _bit_count(mask) != k.hand_size or mask & union:
            return None
        hands[seat] = mask
        union |= mask
    sleepers = ALL32 & ~union
    if _bit_count(sleepers) != k.n_sleepers:
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


def _replay(k: Knowledge, deal: Deal, hidden_discards: dict[int, list[int]]) -> Hand | None:
    """The engine hand of ``deal`` after the public action log, or None if the log does not fit it."""
    try:
        hand = Hand(k.rules, deal, validate=False)
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
    if hand.phase.name.lower() != view.phase or hand.to_act != k.me or hand.trump != view.trump:
        return None
    if hand.roem_counted != view.roem_counted or tuple((s, v) for s, v, _ in hand.contest) != view.contest:
        return None
    return hand


def _limit(pool: int, keep: int, players: int, rules: Rules, closed: int, bid: int) -> float:
    """The number bid the heuristic would go up to with ``pool`` (its own formula)."""
    best = max(estimate(pool, t, keep, players, rules, bid=bid) for t in range(4))
    return best * BID_SHARE + BLIND_BONUS * closed


def _seat_weight(k: Knowledge, seat: int, hand: int) -> float:
    """How well ``hand`` (now, with what ``seat`` played) explains the seat's bids: 1 fits, near 0 does not.

    A sensible player bids a number up to about what his cards are worth (the
    heuristic's valuation, :func:`_limit`) and passes when the lowest bid is
    well above it; each point of misfit costs a share of the weight.
    """
    add, closed = k.evidence_extra[seat]
    pool = hand | k.played[seat] | add
    players = len(k.seats)
    weight = 1.0
    for value, lowest in k.bid_evidence[seat]:
        if value >= 0:
            gap = value - _limit(pool, k.hand_size, players, k.rules, closed, value)
        else:
            gap = _limit(pool, k.hand_size, players, k.rules, closed, lowest) - lowest - 10
        if gap > 0:
            weight *= math.exp(-gap / _EVIDENCE_SCALE)
    return weight


# ---------------------------------------------------------------------------- plans
@dataclass(frozen=True, slots=True)
class Plan:
    """What a declarer does between the bidding and the first lead: cards to lay away, trump."""

    discards: tuple[int, ...]
    trump: int


def _keep_best(pool: int, keep: int, trump: int) -> int:
    ranked = sorted(cards_of(pool), key=lambda c: keep_score(c, pool, trump), reverse=True)
    out = 0
    for c in ranked[:keep]:
        out |= 1 << c
    return out


def _misere_keep(pool: int, trump: int, keep: int, unseen: int, players: int) -> int:
    """The ``keep`` cards of ``pool`` that leave the safest misère hand (greedy, as the heuristic)."""
    hand = pool
    while _bit_count(hand) > keep:
        best: tuple[float, int] | None = None
        for card in cards_of(hand):
            value = misere_danger(hand & ~(1 << card), trump, unseen, players) - 0.001 * strength(card, trump)
            if best is None or value < best[0]:
                best = (value, card)
        assert best is not None
        hand &= ~(1 << best[1])
    return hand


def plans_for(
    kind: BidKind,
    pool: int,
    keep: int,
    rules: Rules,
    players: int,
    gone: int,
    bid: int | None,
    limit: int,
    names_trump: bool,
) -> list[Plan]:
    """Up to ``limit`` sensible plans for a contract of ``kind`` with the cards of ``pool``, best first."""
    out: list[Plan] = []
    seen: set[Plan] = set()

    def add(kept: int, trump: int) -> None:
        plan = Plan(tuple(cards_of(pool & ~kept)), trump)
        if plan not in seen:
            seen.add(plan)
            out.append(plan)

    unseen = ALL32 & ~pool & ~gone
    if kind == BidKind.MISERE:
        trumps = list(range(4)) if names_trump else [-1]
        ranked = sorted(trumps, key=lambda t: misere_danger(pool, t, unseen, players, keep))
        for t in ranked[:limit]:
            add(_misere_keep(pool, t, keep, unseen, players), t)
        if len(out) < limit and not names_trump and _bit_count(pool) > keep:
            # a second idea: pass on the highest cards
            low = sorted(cards_of(pool), key=lambda c: c & 7)[:keep]
            add(sum(1 << c for c in low), -1)
        return out[:limit]
    if kind == BidKind.ZWABBER or not names_trump:
        add(_keep_best(pool, keep, -1), -1)
        return out
    ranked = sorted(range(4), key=lambda t: -estimate(pool, t, keep, players, rules, gone, bid))
    for t in ranked[:limit]:
        add(_keep_best(pool, keep, t), t)
    return out


# ---------------------------------------------------------------------------- playing worlds out
def solve_makes(hand: Hand, declarer: int, time_limit: float, node_limit: int | None = None) -> bool | None:
    """Whether ``declarer`` makes his contract with best play (the declarer to move), None if unknown."""
    if hand.phase == Phase.DONE:
        assert hand.result is not None
        return bool(hand.result.won.get(declarer, False))
    if hand.phase != Phase.PLAY:
        return None
    try:
        solution = solve(
            hand, declarer=declarer, time_limit=max(time_limit, 0.002), node_limit=node_limit, all_moves=False
        )
    except SolverError:
        return None
    if solution.exact:
        return solution.makes
    if solution.to_move == declarer and solution.makes:
        return True  # a winning card was proven before the time ran out
    return None


def apply_plan(hand: Hand, me: int, plan: Plan) -> bool:
    """Play ``plan`` (lay away, name trump, declare the most roem allowed) into ``hand``; False if it does not fit.

    In a chain of misère players (nk rule 35) the others pass on what leaves
    them the safest hand (the heuristic's way) when their turn comes.
    """
    try:
        queue = list(plan.discards)
        for _ in range(64):
            if hand.phase != Phase.EXCHANGE:
                break
            if hand.to_act == me:
                if not queue:
                    return False
                hand.apply(Discard(queue.pop(0)))
            else:
                hand.apply(Discard(_chain_discard(hand)))
        if hand.phase == Phase.EXCHANGE:
            return False
        if hand.phase == Phase.TRUMP:
            if hand.to_act != me:
                return False
            hand.apply(NameTrump(plan.trump if plan.trump >= 0 else 0))
        if hand.phase == Phase.ROEM:
            if hand.to_act != me:
                return False
            hand.apply(DeclareRoem(max(hand.declarable_roem())))
    except IllegalActionError:
        return False
    return True


def _chain_discard(hand: Hand) -> int:
    """The card another misère player passes on: the one whose loss leaves him safest."""
    seat = hand.to_act
    own = hand.hands[seat]
    keep = _bit_count(own) - hand.exchange_need
    unseen = ALL32 & ~own
    kept = _misere_keep(own, -1, keep, unseen, hand.players)
    return cards_of(own & ~kept)[0]


def end_bidding(hand: Hand, me: int, bid: Bid) -> bool:
    """Bid ``bid`` for ``me`` and let everybody else pass; False if that cannot be."""
    try:
        hand.apply(bid)
        for _ in range(16):
            if hand.phase != Phase.BIDDING:
                return True
            if hand.to_act == me:
                return False
            hand.apply(PASS)
    except IllegalActionError:
        return False
    return hand.phase != Phase.BIDDING


def _names_trump(hand: Hand, kind: BidKind) -> bool:
    rules = hand.rules
    if kind == BidKind.ZWABBER:
        return False
    if kind == BidKind.MISERE:
        return len(hand.declarers) <= 1 and rules.misere_trump == "single"
    return True


def plans_in(hand: Hand, me: int, limit: int) -> list[Plan]:
    """Plans for ``me``, declarer of ``hand`` (in its exchange or trump phase)."""
    contract = hand.contract
    assert contract is not None
    keep = hand.n_tricks
    gone = hand.discards[me]
    pool = hand.hands[me]
    bid = contract.value if contract.kind == BidKind.NUMBER else None
    names = _names_trump(hand, contract.kind)
    if hand.phase != Phase.EXCHANGE:
        keep = _bit_count(pool)
    return plans_for(contract.kind, pool, keep, hand.rules, hand.players, gone, bid, limit, names)


def contract_value(
    world: Hand, me: int, plans: list[Plan], deadline: float, node_limit: int | None = None
) -> bool | None:
    """Whether ``me`` (declarer of ``world``, before his exchange) makes it with the best of ``plans``."""
    unknown = False
    for plan in plans:
        trial = world.copy()
        if not apply_plan(trial, me, plan):
            continue
        made = solve_makes(trial, me, deadline - time.perf_counter(), node_limit)
        if made:
            return True
        if made is None:
            unknown = True
    return None if unknown else False


# ---------------------------------------------------------------------------- the evaluator
WorldSource = Callable[[float], Iterator[Hand]]


@dataclass(slots=True)
class Tally:
    """Make-rates over worlds: per option, the sum of successes and the number of worlds."""

    wins: dict[object, float] = field(default_factory=dict)
    count: dict[object, int] = field(default_factory=dict)
    worlds: int = 0

    def add(self, option: object, value: float) -> None:
        self.wins[option] = self.wins.get(option, 0.0) + value
        self.count[option] = self.count.get(option, 0) + 1

    def rate(self, option: object) -> float | None:
        n = self.count.get(option, 0)
        return self.wins[option] / n if n else None


def _misere_targets(world: Hand, me: int) -> list[int]:
    contract = world.contract
    assert contract is not None
    if contract.kind != BidKind.MISERE:
        return [world.declarers[0]]
    if me in world.declarers:
        return [me]
    return [d for d in world.declarers if d not in world.outcomes] or [world.declarers[0]]


def _card_scores(
    world: Hand, me: int, cards: list[int], deadline: float, partial: bool = False, node_limit: int | None = None
) -> dict[int, float] | None:
    """Per card, 1 if it keeps ``me``'s side on course in ``world`` with best play after it, else 0.

    Against several misère players each is a question of his own (nk rule 38);
    a defender scores the share of them he beats. None when the solver ran out
    of time before every card was valued.
    """
    targets = _misere_targets(world, me)
    scores = dict.fromkeys(cards, 0.0)
    for declarer in targets:
        left = deadline - time.perf_counter()
        try:
            solution = solve(
                world, declarer=declarer, time_limit=max(left, 0.005), node_limit=node_limit, all_moves=True
            )
        except SolverError:
            return None
        values = solution.move_values
        if not solution.exact and any(c not in values for c in cards):
            if not partial:
                return None
            scores = {c: v for c, v in scores.items() if c in values}
        mine = declarer == me
        for c in scores:
            if values.get(c, False) == mine:
                scores[c] += 1.0 / len(targets)
    return scores


def _wilson(wins: float, n: int, z: float) -> tuple[float, float]:
    """Wilson score interval of a success rate (used to stop sampling once a choice is clear)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


#: z of the one-sided confidence at which sampling stops early (about 90%).
_STOP_Z: Final = 1.28


def _clear_winner(tally: Tally, options: list[object], min_worlds: int) -> bool:
    """Whether more worlds cannot change which option is best (or the options are all alike)."""
    if tally.worlds < max(min_worlds, 4):
        return False
    rates = [(tally.rate(o) or 0.0, o) for o in options if tally.count.get(o)]
    if len(rates) < 2:
        return True
    values = [r for r, _ in rates]
    if max(values) - min(values) < 1e-9 and tally.worlds >= 6:
        return True  # nothing to choose between so far: every option did the same in every world
    best = max(rates, key=lambda r: r[0])[1]
    low, _ = _wilson(tally.wins[best], tally.count[best], _STOP_Z)
    return all(_wilson(tally.wins[o], tally.count[o], _STOP_Z)[1] < low for _, o in rates if o != best)


class Evaluator:
    """Evaluates the options of one decision over worlds (shared by pimc, the cheat and the hints).

    Each method plays the options out in world after world until the deadline,
    the strength's number of worlds, or the point where more worlds would not
    change the answer. One solve gets at most ``cap`` seconds; a world whose
    solve runs out of time is skipped (it says nothing either way).
    """

    def __init__(self, me: int, strength: Strength, source: WorldSource, early_stop: bool = True) -> None:
        self.me = me
        self.strength = strength
        self.source = source
        self.early_stop = early_stop
        #: Worlds skipped because a solve ran out of time.
        self.skipped = 0

    def _cap(self, deadline: float, cap: float) -> float:
        return min(deadline, time.perf_counter() + cap)

    # -- card play
    def card_tally(self, cards: list[int], deadline: float, cap: float | None = None, partial: bool = False) -> Tally:
        """Per card, the chance of success for ``me``'s side (declarer: make; defender: defeat).

        With ``partial``, a world whose solve ran out of time still counts for
        the cards it valued (the hints want a figure for every card).
        """
        tally = Tally()
        me = self.me
        options: list[object] = list(cards)
        for world in self.source(deadline):
            if tally.worlds >= self.strength.samples:
                break
            scores = _card_scores(world, me, cards, self._cap(deadline, cap or 1e9), partial, self.strength.node_limit)
            if not scores:
                self.skipped += 1
                if time.perf_counter() > deadline:
                    break
                continue
            tally.worlds += 1
            for c, score in scores.items():
                tally.add(c, score)
            if self.early_stop and _clear_winner(tally, options, self.strength.min_worlds):
                break
        return tally

    # -- bidding and planning
    def bid_tally(
        self,
        bids: list[Bid],
        deadline: float,
        cap: float | None = None,
        threshold: Callable[[Bid], float] | None = None,
    ) -> Tally:
        """Per bid, the chance that ``me`` makes it if the bidding ended with it.

        Sampling stops early once every bid is clearly above or below its
        ``threshold`` (default: the strength's).
        """
        tally = Tally()
        me = self.me
        limit = self.strength.plans
        if threshold is None:
            level = self.strength.threshold

            def threshold(_: Bid) -> float:
                return level

        for world in self.source(deadline):
            if tally.worlds >= self.strength.samples:
                break
            results: dict[Bid, bool] = {}
            for bid in bids:
                trial = world.copy()
                if not end_bidding(trial, me, bid):
                    continue
                if trial.phase in (Phase.EXCHANGE, Phase.TRUMP) and trial.to_act == me:
                    # misère stands or falls with one card: choosing its trump and passes per
                    # world, knowing the others' cards, would flatter it; one plan for all worlds
                    plans = plans_in(trial, me, 1 if bid.kind == BidKind.MISERE else limit)
                else:
                    plans = [Plan((), -1)]
                made = contract_value(trial, me, plans, self._cap(deadline, cap or 1e9), self.strength.node_limit)
                if made is None:
                    self.skipped += 1
                    if time.perf_counter() > deadline:
                        break
                    continue
                results[bid] = made
            if results:
                tally.worlds += 1
                for bid, made in results.items():
                    tally.add(bid, 1.0 if made else 0.0)
            if time.perf_counter() > deadline:
                break
            if self.early_stop and self._bids_settled(tally, bids, threshold):
                break
        return tally

    def _bids_settled(self, tally: Tally, bids: list[Bid], threshold: Callable[[Bid], float]) -> bool:
        """Every bid is clearly above or below its threshold (enough to decide pass or bid)."""
        if tally.worlds < max(self.strength.min_worlds, 4):
            return False
        for bid in bids:
            n = tally.count.get(bid, 0)
            if n < self.strength.min_worlds:
                return False
            low, high = _wilson(tally.wins[bid], n, _STOP_Z)
            if low < threshold(bid) <= high:
                return False
        return True

    def plan_tally(self, plans: list[Plan], deadline: float, cap: float | None = None) -> Tally:
        """Per plan, the chance that ``me`` (declarer in the exchange or trump phase) makes it."""
        tally = Tally()
        me = self.me
        options: list[object] = list(plans)
        for world in self.source(deadline):
            if tally.worlds >= self.strength.samples:
                break
            results: dict[Plan, bool] = {}
            for plan in plans:
                trial = world.copy()
                if not apply_plan(trial, me, plan):
                    results[plan] = False
                    continue
                made = solve_makes(
                    trial, me, self._cap(deadline, cap or 1e9) - time.perf_counter(), self.strength.node_limit
                )
                if made is None:
                    break
                results[plan] = made
            if len(results) < len(plans):
                self.skipped += 1
                if time.perf_counter() > deadline:
                    break
                continue
            tally.worlds += 1
            for plan, made in results.items():
                tally.add(plan, 1.0 if made else 0.0)
            if self.early_stop and _clear_winner(tally, options, self.strength.min_worlds):
                break
        return tally


# ---------------------------------------------------------------------------- the bot
def _mask(cards: tuple[int, ...] | list[int] | None) -> int:
    out = 0
    for c in cards or ():
        out |= 1 << c
    return out


def _high_bid(view: BonakenView) -> Bid | None:
    """The highest bid so far (the contract once the bidding is over)."""
    high: Bid | None = None
    for _, text in view.events:
        action = _event_action(text)
        if isinstance(action, Bid):
            high = action
    return high


def choose_card(view: BonakenView, cards: list[int], tally: Tally, tie_breaker: Bot) -> int:
    """The card with the best rate in ``tally``; ties go to ``tie_breaker``'s choice among them."""
    rates = {c: tally.rate(c) or 0.0 for c in cards}
    top = max(rates.values())
    tied = [c for c in cards if rates[c] >= top - 1e-9]
    if len(tied) == 1:
        return tied[0]
    texts = tuple(Play(c).text() for c in tied)
    pick = tie_breaker.act(replace(view, legal=texts))
    return pick.card if isinstance(pick, Play) and pick.card in tied else tied[0]


def bid_candidates(view: BonakenView, actions: list[BonakenAction], rules: Rules, prune: bool = True) -> list[Bid]:
    """The bids worth playing out: the lowest sensible number bid, misère, zwabber, bonaak.

    With ``prune``, contracts that are hopeless by the heuristic's measure are
    left out (a weak hand does not need the solver to pass).
    """
    bids = [a for a in actions if isinstance(a, Bid)]
    out: list[Bid] = []
    numbers = [b for b in bids if b.kind == BidKind.NUMBER]
    if numbers:
        first = numbers[0]
        if _high_bid(view) is None and first.value < OPENING:
            # nobody has bid yet: open at a club player's level (as the heuristic does)
            first = next((b for b in numbers if b.value >= OPENING), first)
        out.append(first)
    for kind in (BidKind.MISERE, BidKind.ZWABBER, BidKind.BONAAK, BidKind.OPEN_BONAAK):
        of_kind = [b for b in bids if b.kind == kind and not b.six]
        if of_kind:
            out.append(of_kind[0])
    if not prune:
        return out
    hand = _mask(view.hand)
    pool = hand | _mask(view.centre_open)
    keep = _bit_count(hand)
    players = len(view.seats)
    return [b for b in out if _worth_trying(b, pool, keep, players, rules, view.centre_closed)]


def exchange_plans(view: BonakenView, rules: Rules, limit: int) -> list[Plan]:
    """Candidate plans for the declarer in the exchange or trump phase of ``view``, best first."""
    contract = _high_bid(view)
    if contract is None:
        return []
    hand = _mask(view.hand)
    others = [n for s, n in view.hand_sizes.items() if s != view.viewer]
    keep = min(others) if others and view.phase == "exchange" else _bit_count(hand)
    gone = _mask(view.laid_away)
    names = view.phase == "trump" or (
        contract.kind != BidKind.ZWABBER
        and (contract.kind != BidKind.MISERE or (len(view.declarers) == 1 and rules.misere_trump == "single"))
    )
    if view.phase == "exchange" and view.declarers and view.declarers[0] != view.viewer:
        names = False  # a later misère player passes cards on; nobody names trump then
    bid = contract.value if contract.kind == BidKind.NUMBER else None
    plans = plans_for(contract.kind, hand, keep, rules, len(view.seats), gone, bid, limit, names)
    if view.phase == "exchange" and contract.kind != BidKind.MISERE and plans:
        plans += [p for p in _variants(plans[0], hand, keep) if p not in plans]
    return plans


class PimcBot(Bot):
    """Perfect Information Monte Carlo over worlds that fit what the seat knows.

    ``strength`` sets the time budget (see :class:`Strength`); ``rules`` are
    the game's rules when they differ from the named preset of the view.

    >>> from troef.games.bonaken.match import Match
    >>> from troef.games.bonaken.rules import preset
    >>> from troef.games.bonaken.view import hand_view
    >>> m = Match(preset("nk"), players=4, seed=2)
    >>> view = hand_view(m.hand, m.hand.to_act)
    >>> PimcBot(seed=5).act(view).text() in view.legal
    True
    """

    kind = "pimc"
    #: Leave out bids that are hopeless by the heuristic's measure before playing them out.
    prune_bids = True
    #: The curves from sampled rate to real chance (None: the shipped ``bid_model.json``).
    bid_model: Model | None = None

    def __init__(
        self,
        seed: int | None = None,
        name: str | None = None,
        *,
        strength: Strength | None = None,
        rules: Rules | None = None,
    ) -> None:
        super().__init__(seed, name)
        self.strength = strength or Strength()
        self.rules = rules
        self.fallback = HeuristicBot(seed=seed)
        #: The plan of the exchange under way: (cards held before it, plan).
        self._plan: tuple[int, Plan] | None = None
        #: Decisions left to the heuristic because no world (or no answer) was found in time.
        self.fallbacks = 0
        #: The last bid made and its sampled make-rate (what ``troef bench bid-model`` learns from).
        self.last_bid: tuple[Bid, float] | None = None

    # -- plumbing
    def rules_for(self, view: BonakenView) -> Rules:
        """The rules of the game the view belongs to."""
        if self.rules is not None and self.rules.preset == view.preset:
            return self.rules
        return rules_of(view)

    def evaluator(self, view: BonakenView) -> Evaluator | None:
        """An evaluator over sampled worlds, or None when the view cannot be sampled."""
        try:
            sampler = Sampler(view, self.rules_for(view))
        except SamplingError:
            return None
        rng = self.rng
        evidence = self.strength.bid_evidence

        def source(deadline: float) -> Iterator[Hand]:
            return sampler.worlds(rng, deadline, evidence=evidence)

        return Evaluator(view.viewer, self.strength, source)

    def heuristic(self, view: BonakenView) -> BonakenAction:
        """The heuristic's choice: the fallback when the worlds give no answer."""
        self.fallbacks += 1
        return self.fallback.act(view)

    # -- deciding
    def act(self, view: BonakenView) -> BonakenAction:
        actions = legal_actions(view)
        if not actions:
            raise ValueError(f"seat {view.viewer} has nothing to do in this view")
        if len(actions) == 1:
            return actions[0]
        phase = view.phase
        start = time.perf_counter()
        if phase == "roem":
            # the most roem allowed: more roem never hurts a declarer (nk rule 49 keeps it below the bid)
            return max(actions, key=lambda a: a.value if isinstance(a, DeclareRoem) else -1)
        evaluator = self.evaluator(view)
        if evaluator is None:
            return self.heuristic(view)
        choice: BonakenAction | None = None
        if phase == "play":
            choice = self._play(view, actions, evaluator, start + self.strength.budget)
        elif phase == "bidding":
            choice = self._bid(view, actions, evaluator, start + self.strength.bid_budget)
        elif phase in ("exchange", "trump"):
            choice = self._plan_step(view, actions, evaluator, start + self.strength.plan_budget)
        if choice is None or choice not in actions:
            return self.heuristic(view)
        return choice

    def _play(
        self, view: BonakenView, actions: list[BonakenAction], evaluator: Evaluator, deadline: float
    ) -> BonakenAction | None:
        cards = [a.card for a in actions if isinstance(a, Play)]
        if not cards:
            return None
        if len(cards) == 1:
            card = cards[0]
        else:
            tally = evaluator.card_tally(cards, deadline, self.strength.budget * self.strength.solve_share)
            if tally.worlds < self.strength.min_worlds:
                return None
            card = choose_card(view, cards, tally, self.fallback)
        if STUK in actions and view.trump >= 0 and card >> 3 == view.trump and card & 7 in (5, 6):
            return STUK  # nk rule 46: stuk counts when declared with its first card
        return Play(card)

    def _bid(
        self, view: BonakenView, actions: list[BonakenAction], evaluator: Evaluator, deadline: float
    ) -> BonakenAction | None:
        candidates = bid_candidates(view, actions, self.rules_for(view), prune=self.prune_bids)
        self.last_bid = None
        if not candidates:
            return PASS if PASS in actions else None
        cap = self.strength.bid_budget * self.strength.solve_share
        tally = evaluator.bid_tally(candidates, deadline, cap, self._raw_threshold)
        # per bid with enough worlds: (its margin over its bar, the sampled rate)
        scored: list[tuple[float, float, Bid]] = []
        for bid in candidates:
            rate = tally.rate(bid)
            if rate is None or tally.count.get(bid, 0) < self.strength.min_worlds:
                continue
            scored.append((self.chance(bid, rate) - self._threshold(bid), rate, bid))
        if not scored:
            return None
        margin, rate, best = max(scored, key=lambda s: s[0])
        if margin >= 0:
            self.last_bid = (best, rate)
            return best
        return PASS if PASS in actions else None

    def chance(self, bid: Bid, rate: float) -> float:
        """The chance of really making ``bid`` when it made ``rate`` of the sampled worlds.

        With :attr:`Strength.calibrated` the rate goes through the fitted
        curves of :mod:`troef.games.bonaken.bidmodel`; otherwise it is taken
        as it is (the cheat, which sees the one true world).
        """
        if not self.strength.calibrated:
            return rate
        return make_chance(group_of(bid.kind), rate, self.bid_model)

    def _raw_threshold(self, bid: Bid) -> float:
        """The sampled rate at which ``bid`` reaches its bar (to stop sampling once a bid is clear)."""
        if not self.strength.calibrated:
            return self._threshold(bid)
        bar = self._threshold(bid)
        low, high = 0.0, 1.0
        for _ in range(12):
            mid = (low + high) / 2
            if self.chance(bid, mid) >= bar:
                high = mid
            else:
                low = mid
        return high

    def _threshold(self, bid: Bid) -> float:
        if bid.kind != BidKind.NUMBER:
            return self.strength.every_trick_threshold
        return self.strength.threshold

    def _plan_step(
        self, view: BonakenView, actions: list[BonakenAction], evaluator: Evaluator, deadline: float
    ) -> BonakenAction | None:
        held = _mask(view.hand) | _mask(view.laid_away)
        plan = self._plan[1] if self._plan is not None and self._plan[0] == held else None
        if plan is None:
            plan = self._choose_plan(view, evaluator, deadline)
            if plan is None:
                return None
            self._plan = (held, plan)
        if view.phase == "exchange":
            for c in plan.discards:
                if Discard(c) in actions:
                    return Discard(c)
            return None
        return NameTrump(plan.trump) if plan.trump >= 0 else None

    def _choose_plan(self, view: BonakenView, evaluator: Evaluator, deadline: float) -> Plan | None:
        plans = exchange_plans(view, self.rules_for(view), self.strength.plans)
        if len(plans) <= 1:
            return plans[0] if plans else None
        tally = evaluator.plan_tally(plans, deadline, self.strength.plan_budget * self.strength.solve_share)
        if tally.worlds < self.strength.min_worlds:
            self.fallbacks += 1
            return plans[0]  # the heuristic's own ranking: its best trump, its keep order
        return max(plans, key=lambda p: (tally.rate(p) or 0.0, -plans.index(p)))


def _variants(plan: Plan, pool: int, keep: int) -> list[Plan]:
    """The plan with one kept card swapped for the best laid-away one (roem and voids may change)."""
    if not plan.discards or _bit_count(pool) <= keep:
        return []
    kept = pool & ~_mask(plan.discards)
    trump = plan.trump
    best_away = max(plan.discards, key=lambda c: keep_score(c, pool, trump))
    worst_kept = min(cards_of(kept), key=lambda c: keep_score(c, pool, trump))
    swapped = tuple(sorted((set(plan.discards) - {best_away}) | {worst_kept}))
    return [Plan(swapped, trump)]


def _worth_trying(bid: Bid, pool: int, keep: int, players: int, rules: Rules, closed: int) -> bool:
    """Cheap pruning: contracts hopeless by the heuristic's measure are not played out."""
    if bid.kind == BidKind.NUMBER:
        return _limit(pool, keep, players, rules, closed, bid.value) >= bid.value - 20
    unseen = ALL32 & ~pool
    if bid.kind == BidKind.MISERE:
        return min(misere_danger(pool, t, unseen, players, keep) for t in (-1, 0, 1, 2, 3)) <= 1.2
    # zwabber and bonaak: nearly every card must win its trick
    trumps = (-1,) if bid.kind == BidKind.ZWABBER else (0, 1, 2, 3)
    for trump in trumps:
        sure = 0
        for card in cards_of(pool):
            if card >> 3 == trump:
                sure += strength(card, trump) >= 5  # the trump jack, nel or ace
            elif not unseen & SUIT32[card >> 3] & ~((2 << card) - 1):
                sure += 1  # nothing higher of its suit is out
        if sure >= keep - 1:
            return True
    return False
