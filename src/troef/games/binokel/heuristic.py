"""A rule-based Binokel player, the way a club player plays: it sees only its own seat's view.

* Bidding ("Bieten"): it values its hand, for each trump, as its meld plus an
  estimate of the trick points its side takes (trumps, aces, tens) plus what
  its partner likely adds (his meld, the four cards of the exchange; more when
  the partner bid, less when he passed). It raises by the smallest step while
  the bid stays within that value, and always at least up to its own best
  meld: a hand whose meld alone reaches the next bid never passes, unless
  the highest bid is its partner's (the side plays already; it raises him
  only with a hand much better than the bid).
* Trump: the suit that gives the most meld and the most trick power.
* The exchange ("Das Bieten gewinnen"): the partner passes trumps, aces and
  the cards that complete the bid winner's meld (trump sequence, Binokel),
  weighed against what they cost his own meld; the bid winner passes back
  safe cards: not his trumps or aces, not cards of his meld, preferring a
  suit he can then be void in. Both choose the four cards as a set.
* Conceding ("Sich freiwillig überreizen"): always when allowed. The rules
  allow it only when the bid is more than 250 above the side's meld, and 250
  is every trick point there is, so the contract is lost either way; playing
  on only gives the other side its trick points too.
* Play: :mod:`troef.games.binokel.heuristic_play`, from what
  :mod:`troef.games.binokel.reading` reads of the view.
"""

from __future__ import annotations

from itertools import combinations
from typing import Final

from troef.core.bot import Bot
from troef.games.binokel.actions import CONCEDE, GIVES, PASS, PLAYS, TRUMPS, BinokelAction, bid, parse_action
from troef.games.binokel.heuristic_play import Table, choose_card
from troef.games.binokel.meld import meld_value
from troef.games.binokel.play import POWER
from troef.games.binokel.reading import Reading, counts_of, mask_of_counts, read
from troef.games.binokel.view import BinokelView

NINE, TEN, JACK, QUEEN, KING, ACE = 2, 3, 4, 5, 6, 7
_JD, _QS = 8 + JACK, 24 + QUEEN

#: What the partner adds on average: his meld (about 40 for a random hand) and the exchange's gain.
PARTNER_MELD: Final = 40
EXCHANGE_GAIN: Final = 25
#: The partner's bid says more: he bid (strong) or passed (weak).
PARTNER_BID: Final = 25
PARTNER_PASSED: Final = -15
#: How much better than the bid a hand must be to raise its own partner's bid.
OVER_PARTNER: Final = 60


def trick_estimate(counts: list[int], trump: int) -> int:
    """Trick points the bid winner's side can expect with this hand and ``trump`` (0-250)."""
    length = sum(counts[trump * 8 + r] for r in range(2, 8))
    aces = sum(counts[s * 8 + ACE] for s in range(4) if s != trump)
    tens = sum(counts[s * 8 + TEN] for s in range(4) if s != trump)
    value = (
        95
        + 14 * aces
        + 4 * tens
        + 10 * length
        + 10 * counts[trump * 8 + ACE]
        + 6 * counts[trump * 8 + TEN]
        + 3 * counts[trump * 8 + KING]
    )
    # a short side suit lets the trumps work
    voids = sum(1 for s in range(4) if s != trump and not any(counts[s * 8 + r] for r in range(2, 8)))
    value += 8 * voids if length >= 4 else 0
    return max(40, min(230, value))


def hand_values(counts: list[int]) -> list[tuple[int, int, int]]:
    """Per trump suit: (meld of the hand, estimated side value without the partner's help, suit)."""
    mask = mask_of_counts(counts)
    out = []
    for suit in range(4):
        meld = meld_value(mask, suit)
        out.append((meld, meld + trick_estimate(counts, suit), suit))
    return out


def bid_limit(counts: list[int], partner_bid: int | None) -> tuple[int, int]:
    """(the highest bid this hand goes to, its best meld alone). ``partner_bid``: None not yet asked, 0 passed."""
    values = hand_values(counts)
    help_ = PARTNER_MELD + EXCHANGE_GAIN
    if partner_bid is not None:
        help_ += PARTNER_BID if partner_bid > 0 else PARTNER_PASSED
    best_meld = max(m for m, _, _ in values)
    limit = max(v for _, v, _ in values) + help_
    return max(limit, best_meld), best_meld


def choose_trump(counts: list[int]) -> int:
    """The trump suit: meld first, then length and the high trumps."""

    def worth(suit: int) -> tuple[int, int]:
        meld, value, _ = hand_values(counts)[suit]
        return value, meld

    return max(range(4), key=worth)


def _give_value(kind: int, trump: int) -> int:
    """What a card passed to the bid winner is worth to him: trumps (his sequence), aces, his Binokel."""
    if kind >> 3 == trump:
        return 25 + 3 * POWER[kind] + (6 if kind & 7 != NINE else 0)
    if kind & 7 == ACE:
        return 28
    if kind in (_JD, _QS):
        return 10
    return 6 if kind & 7 == TEN else 0


def gift_sets(counts: list[int], trump: int, size: int = 4, keep: int = 1) -> list[list[int]]:
    """The ``keep`` best sets of ``size`` kinds for the bid winner's partner to pass, best first.

    A set is worth what its cards are worth to the bid winner less what it costs the partner's own meld.
    """
    cards = [k for k in range(32) for _ in range(counts[k])]
    # the nine cards worth most to him are the candidates: 126 sets instead of 495
    cards = sorted(cards, key=lambda k: -_give_value(k, trump))[: max(9, size)]
    base = meld_value(mask_of_counts(counts), trump)
    scored: list[tuple[float, list[int]]] = []
    for chosen in combinations(cards, size):
        left = list(counts)
        score = 0.0
        for k in chosen:
            left[k] -= 1
            score += _give_value(k, trump)
        score -= 0.6 * (base - meld_value(mask_of_counts(left), trump))
        scored.append((-score, list(chosen)))
    return _best(scored, keep)


def _best(scored: list[tuple[float, list[int]]], keep: int) -> list[list[int]]:
    """The ``keep`` lowest-scored distinct sets (two copies of a card make the same set twice)."""
    scored.sort(key=lambda e: e[0])
    out: list[list[int]] = []
    for _, chosen in scored:
        if chosen not in out:
            out.append(chosen)
            if len(out) == keep:
                break
    return out


def best_gift(counts: list[int], trump: int) -> list[int]:
    """The four kinds the bid winner's partner passes (see :func:`gift_sets`)."""
    return gift_sets(counts, trump)[0]


#: Passing back a plain card, by rank (9 10 J Q K A at 2-7): an ace most, a ten some.
_PLAIN_PENALTY: Final = (0, 0, 0, 8, 0, 0, 3, 40)


def _keep_penalty(kind: int, trump: int) -> int:
    """What passing a card back costs the bid winner apart from his meld."""
    if kind >> 3 == trump:
        return 60 + 4 * POWER[kind]
    return _PLAIN_PENALTY[kind & 7]


def _meld_cost(counts: list[int], kind: int, trump: int) -> int:
    """What passing one card of ``kind`` costs the hand's meld."""
    left = list(counts)
    left[kind] -= 1
    return meld_value(mask_of_counts(counts), trump) - meld_value(mask_of_counts(left), trump)


def return_sets(counts: list[int], trump: int, size: int = 4, keep: int = 1) -> list[list[int]]:
    """The ``keep`` best sets of ``size`` kinds for the bid winner to pass back, best first.

    Safe cards: what they cost his meld, his trumps and aces weigh most; a suit he is then void in counts for them.
    """
    cards = [k for k in range(32) for _ in range(counts[k])]
    # the nine cheapest cards alone (by what they cost him kept aside) are the candidates: 126 sets, not 1820
    cards = sorted(cards, key=lambda k: _keep_penalty(k, trump) + _meld_cost(counts, k, trump))[: max(9, size)]
    base = meld_value(mask_of_counts(counts), trump)
    trumps = sum(counts[trump * 8 + r] for r in range(2, 8))
    held = [any(counts[s * 8 + r] for r in range(2, 8)) for s in range(4)]
    scored: list[tuple[float, list[int]]] = []
    for chosen in combinations(cards, size):
        left = list(counts)
        cost = 0.0
        for k in chosen:
            left[k] -= 1
            cost += _keep_penalty(k, trump)
        cost += base - meld_value(mask_of_counts(left), trump)
        if trumps >= 3:
            for suit in range(4):
                if suit != trump and held[suit] and not any(left[suit * 8 + r] for r in range(2, 8)):
                    cost -= 12  # a void: his trumps can take that suit
        scored.append((cost, list(chosen)))
    return _best(scored, keep)


def best_return(counts: list[int], trump: int) -> list[int]:
    """The four kinds the bid winner passes back (see :func:`return_sets`)."""
    return return_sets(counts, trump)[0]


def next_from_plan(plan: list[int], done: tuple[int, ...], hand: list[int]) -> int | None:
    """The next kind of a four-card ``plan`` after the cards ``done`` went over, if the hand holds it."""
    left = counts_of(plan)
    for c in done:
        if left[c & 31]:
            left[c & 31] -= 1
    for k in plan:
        if left[k] and hand[k]:
            return k
    return None


def table_of(reading: Reading, tricks_left: int) -> Table:
    """The play's :class:`Table` from a reading."""
    return Table(
        seat=reading.seat,
        trump=reading.trump,
        declarer=reading.declarer,
        mine=reading.mine,
        unseen=reading.unseen,
        void=reading.void,
        cap=reading.cap,
        tricks_left=tricks_left,
    )


def partner_holds_bid(view: BinokelView) -> bool:
    """Whether the highest bid so far is the partner's."""
    made = [(v, s) for s, v in view.bids if v > 0]
    return bool(made) and max(made)[1] == (view.viewer + 2) % 4


def heuristic_action(view: BinokelView) -> BinokelAction:
    """What the rule-based player does in ``view`` (one of ``view.legal``)."""
    legal = view.legal
    if not legal:
        raise ValueError(f"seat {view.viewer} has nothing to do in this view")
    counts = counts_of(view.hand or ())
    if view.phase == "bidding":
        partner = (view.viewer + 2) % 4
        said = [v for s, v in view.bids if s == partner]
        partner_bid = max(said) if said else None
        limit, _ = bid_limit(counts, partner_bid)
        if partner_holds_bid(view):
            # the side plays already: raising the partner only costs, unless this hand is much the better one
            limit -= OVER_PARTNER
        values = [int(t.split()[1]) for t in legal if t.startswith("bid ")]
        ok = [v for v in values if v <= limit]
        return bid(min(ok)) if ok else PASS
    if view.phase == "trump":
        return TRUMPS[choose_trump(counts)]
    if view.phase in ("give", "return"):
        full = counts_of(list(view.hand or ()) + list(view.gave))
        plan = best_gift(full, view.trump) if view.phase == "give" else best_return(full, view.trump)
        kind = next_from_plan(plan, view.gave, counts)
        if kind is None:  # the plan's card is gone (it cannot be, but never give an illegal card)
            kind = parse_action(legal[0]).card  # type: ignore[union-attr]
        return GIVES[kind]
    if "concede" in legal:
        return CONCEDE  # see the module docstring: the contract cannot be made any more
    kinds = [parse_action(t).card for t in legal]  # type: ignore[union-attr]
    reading = read(view)
    table = table_of(reading, 11 - len(view.tricks))
    trick = [(s, c & 31) for s, c in view.trick]
    return PLAYS[choose_card(table, kinds, trick)]


class HeuristicBot(Bot):
    """The rule-based player (``heuristic``)."""

    kind = "heuristic"

    def act(self, view: BinokelView) -> BinokelAction:
        return heuristic_action(view)
