"""Bonaken's test helpers for the property, record, view, error, bot and CLI tests.

Plain functions (imported as ``tests.games.bonaken.common``):

* :data:`RULE_SETS` and :data:`GAME_CONFIGS`: every preset (and the
  Limpt-Bogmans bundle) with every allowed number of players;
* :func:`choose`: a random policy that passes often and bids low, so that
  every kind of contract occurs (uniform bidding escalates to absurd bids);
* :func:`snapshot`: every ``__slots__`` value of a hand, for "state unchanged"
  checks;
* :func:`card_places`: where every card of a hand is, read from its fields;
* :func:`build_hand`: an exact deal from card text.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping

from troef.cards import PIQUET_DECK, CardSet
from troef.games.bonaken.actions import Bid, BidKind, BonakenAction, Pass
from troef.games.bonaken.deal import Deal
from troef.games.bonaken.match import Match
from troef.games.bonaken.result import HandResult
from troef.games.bonaken.rules import Rules, limpt_bogmans, preset
from troef.games.bonaken.state import DealState, Phase

#: Every rule set under test: the three presets and the Limpt-Bogmans variant bundle.
RULE_SETS: dict[str, Rules] = {
    "nk": preset("nk"),
    "pagat": preset("pagat"),
    "hazerswoude": preset("hazerswoude"),
    "limpt_bogmans": limpt_bogmans(),
}

#: (rule set name, number of players) for every allowed combination.
GAME_CONFIGS: list[tuple[str, int]] = [(name, n) for name, rules in RULE_SETS.items() for n in rules.players]

#: Contract kinds as :func:`contract_kind` names them.
CONTRACT_KINDS = ("number", "misere", "multi_misere", "zwabber", "bonaak", "bonaak_roem", "open_bonaak")

#: Generous bounds: a hand or a match that needs more has a termination bug.
MAX_HAND_ACTIONS = 200
MAX_MATCH_HANDS = 400


def choose(hand: DealState, rng: random.Random) -> BonakenAction:
    """A random legal action that keeps the bidding sane.

    In the bidding: pass with probability 0.55; otherwise mostly one of the
    four lowest legal bids (misère is listed first when legal), sometimes any
    legal bid that is not a number (zwabber, bonaak, bonaak with roem, open
    bonaak). Elsewhere uniform over the legal actions.
    """
    legal = hand.legal_actions()
    if hand.phase == Phase.BIDDING:
        bids = [a for a in legal if isinstance(a, Bid)]
        passes = [a for a in legal if isinstance(a, Pass)]
        if not bids or (passes and rng.random() < 0.55):
            return passes[0] if passes else legal[0]
        if rng.random() < 0.8:
            return rng.choice(bids[:4])
        special = [b for b in bids if b.kind != BidKind.NUMBER]
        return rng.choice(special or bids)
    return rng.choice(legal)


def pick_text(rng: random.Random, legal: list[str], careful: bool) -> str:
    """A random legal action text; ``careful`` favours passing and the low bids, so that hands get played out.

    (Uniformly random nk bidding runs into false roem at once and never reaches the exchange.)
    """
    if not careful:
        return rng.choice(legal)
    if "pass" in legal and rng.random() < 0.5:
        return "pass"
    return rng.choice(legal[:4])


def play_out(hand: DealState, rng: random.Random, step: Callable[[DealState], None] | None = None) -> int:
    """Play ``hand`` to its end with :func:`choose`; call ``step`` before every action. Returns the action count."""
    count = 0
    while not hand.is_over:
        if step is not None:
            step(hand)
        hand.apply(choose(hand, rng))
        count += 1
        assert count <= MAX_HAND_ACTIONS, f"hand still running after {count} actions"
    if step is not None:
        step(hand)
    return count


def play_match(match: Match, rng: random.Random, max_actions: int | None = None) -> int:
    """Play ``match`` to its end (or ``max_actions`` actions) with :func:`choose`. Returns the action count."""
    count = 0
    while not match.is_over and (max_actions is None or count < max_actions):
        match.apply(choose(match.hand, rng))
        count += 1
        assert len(match.hands) <= MAX_MATCH_HANDS, f"match still running after {len(match.hands)} hands"
    return count


def contract_kind(result: HandResult) -> str:
    """One of :data:`CONTRACT_KINDS`, or ``redeal`` when everybody passed."""
    contract = result.contract
    if result.redeal or contract is None:
        return "redeal"
    if contract.kind == BidKind.NUMBER:
        return "number"
    if contract.kind == BidKind.MISERE:
        return "misere" if len(result.declarers) == 1 else "multi_misere"
    if contract.kind == BidKind.ZWABBER:
        return "zwabber"
    if contract.kind == BidKind.BONAAK:
        return "bonaak_roem" if contract.value else "bonaak"
    return "open_bonaak"


_CONTAINERS = (list, dict, set)


def _frozen(value: object) -> object:
    """A value with every list, dict and set (at any depth) turned into an immutable copy."""
    kind = type(value)
    if kind is list:
        assert isinstance(value, list)
        return ("list", tuple([_frozen(v) if type(v) in _CONTAINERS else v for v in value]))
    if kind is dict:
        assert isinstance(value, dict)
        return ("dict", tuple([(k, _frozen(v) if type(v) in _CONTAINERS else v) for k, v in value.items()]))
    if kind is set:
        assert isinstance(value, set)
        return ("set", frozenset(value))
    return value


def _hand_fields() -> tuple[str, ...]:
    """The state fields of :class:`DealState`: its ``__slots__``.

    A mypyc-compiled ``DealState`` has no ``__slots__`` at run time; it lists the
    same attributes as ``__mypyc_attrs__``.
    """
    names = getattr(DealState, "__slots__", None) or getattr(DealState, "__mypyc_attrs__", None)
    assert names, "DealState has neither __slots__ nor __mypyc_attrs__"
    return tuple(sorted(n for n in names if not n.startswith("__")))


#: Every state field of a hand, the ones :func:`snapshot` compares.
HAND_FIELDS = _hand_fields()


def snapshot(hand: DealState) -> dict[str, object]:
    """Every ``__slots__`` value of ``hand``, with lists and dicts frozen (order kept)."""
    return {name: _frozen(getattr(hand, name)) for name in HAND_FIELDS}


def centre_untaken(hand: DealState) -> int:
    """The centre cards that nobody has picked up and that are not yet out of play."""
    centre = hand.deal.open | hand.deal.closed
    if any(hand.took) or hand.out & centre:
        return 0
    return centre


def card_places(hand: DealState) -> list[tuple[str, int]]:
    """Every place a card can be in, as (name, mask), read from the hand's fields.

    Seats' hands, the centre while nobody took it, ``out`` (sleepers, laid-away
    cards once the exchange ends, a centre nobody may take), ``pending`` (laid
    away in the exchange, not yet passed on or put out) and ``played`` (every
    card played, the current trick included).
    """
    places = [(f"hand {seat}", hand.hands[seat]) for seat in range(hand.table)]
    places.append(("centre", centre_untaken(hand)))
    places.append(("out", hand.out))
    places.append(("pending", hand.pending))
    places.append(("played", hand.played))
    return places


def build_deal(
    rules: Rules,
    hands: Mapping[int, str],
    open: str = "",
    closed: str = "",
    dealer: int = 0,
) -> Deal:
    """A deal with exactly these cards; every other card sleeps. Seats are ``0 .. len(hands) - 1``."""
    table = len(hands)
    masks = tuple(CardSet.parse(hands[s]).mask for s in range(table))
    open_mask = CardSet.parse(open).mask
    closed_mask = CardSet.parse(closed).mask
    used = open_mask | closed_mask
    for mask in masks:
        used |= mask
    deal = Deal(table, dealer, tuple(range(table)), masks, open_mask, closed_mask, PIQUET_DECK & ~used)
    deal.validate(rules)
    return deal


def build_hand(
    rules: Rules,
    hands: Mapping[int, str],
    open: str = "",
    closed: str = "",
    dealer: int = 0,
) -> DealState:
    """A fresh hand of an exact deal (see :func:`build_deal`)."""
    return DealState(rules, build_deal(rules, hands, open, closed, dealer))
