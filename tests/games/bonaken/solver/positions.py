"""Seeded play positions of every preset and contract kind, and a brute-force minimax to check the solver.

The brute force uses nothing but the public rules: :meth:`DealState.copy`,
:meth:`DealState.legal_actions` and :meth:`DealState.apply`.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator

from troef.games.bonaken.actions import (
    BONAAK,
    MISERE,
    PASS,
    ZWABBER,
    Bid,
    BidKind,
    BonakenAction,
    DeclareStuk,
    NameTrump,
    Play,
)
from troef.games.bonaken.rules import Rules, preset
from troef.games.bonaken.state import DealState, Phase

#: Contract plans: a name and the bids of the first bidders (everybody else passes).
PLANS: dict[str, tuple[Bid, ...]] = {
    "number25": (Bid(BidKind.NUMBER, 25),),
    "number40": (Bid(BidKind.NUMBER, 40),),
    "number60": (Bid(BidKind.NUMBER, 60),),
    "number80": (Bid(BidKind.NUMBER, 80),),
    "misere": (MISERE,),
    "misere2": (MISERE, MISERE),
    "misere3": (MISERE, MISERE, MISERE),
    "zwabber": (ZWABBER,),
    "bonaak": (BONAAK,),
    "bonaak_roem": (Bid(BidKind.BONAAK, 20),),
}

PRESET_NAMES = ("nk", "pagat", "hazerswoude")


def _bid_plan(hand: DealState, plan: tuple[Bid, ...]) -> bool:
    """Play the bidding: the first bidders bid the plan, the rest pass. False if a bid is not legal."""
    turn = 0
    while hand.phase == Phase.BIDDING:
        legal = hand.legal_actions()
        action: BonakenAction = plan[turn] if turn < len(plan) else PASS
        if action not in legal:
            # numbers may need to be higher than the lowest bid of the preset
            if isinstance(action, Bid) and action.kind == BidKind.NUMBER:
                numbers = [a for a in legal if isinstance(a, Bid) and a.kind == BidKind.NUMBER]
                if not numbers:
                    return False
                action = numbers[0] if numbers[0].value > action.value else action
            if action not in legal:
                return False
        hand.apply(action)
        turn += 1
    return hand.phase != Phase.DONE


def reach_play(rules: Rules, players: int, plan: str, seed: int) -> DealState | None:
    """A hand of ``rules`` dealt from ``seed``, bid as ``plan`` and brought to its first lead."""
    rng = random.Random(seed * 7919 + players)
    hand = DealState.new(rules, players, dealer=seed % players, seed=seed)
    if not _bid_plan(hand, PLANS[plan]):
        return None
    while hand.phase in (Phase.EXCHANGE, Phase.TRUMP, Phase.ROEM):
        legal = hand.legal_actions()
        if hand.phase == Phase.TRUMP:
            legal = [a for a in legal if isinstance(a, NameTrump)]
        elif hand.phase == Phase.ROEM and rng.random() < 0.5:
            legal = legal[-1:]  # often the highest roem
        hand.apply(rng.choice(legal))
    if hand.phase != Phase.PLAY:
        return None
    return hand


def play_until(hand: DealState, cards_left: int, extra: int, rng: random.Random) -> DealState | None:
    """Random legal play until every seat holds ``cards_left`` cards, then ``extra`` more cards."""

    def done() -> bool:
        return max(hand.hands[s].bit_count() for s in hand.seats) <= cards_left

    while hand.phase == Phase.PLAY and not (done() and not hand.trick):
        hand.apply(rng.choice(hand.legal_actions()))
    for _ in range(extra):
        if hand.phase != Phase.PLAY:
            break
        hand.apply(rng.choice(hand.legal_actions()))
    if hand.phase != Phase.PLAY:
        return None
    return hand


def positions(
    preset_name: str,
    players: int,
    plan: str,
    cards_left: int,
    count: int,
    seed: int = 0,
    max_tries: int = 400,
) -> Iterator[DealState]:
    """Up to ``count`` positions in play with ``cards_left`` cards per seat (some in mid-trick)."""
    rules = preset(preset_name)
    if players not in rules.players:
        return
    made = 0
    for i in range(max_tries):
        if made >= count:
            return
        s = seed * 100_003 + i
        hand = reach_play(rules, players, plan, s)
        if hand is None:
            continue
        rng = random.Random(s)
        extra = rng.randrange(players)
        pos = play_until(hand, cards_left, extra, rng)
        if pos is None:
            continue
        made += 1
        yield pos


# ---------------------------------------------------------------------------- brute force


def brute_makes(hand: DealState, declarer: int) -> bool:
    """Plain minimax over the public rules: does ``declarer`` make his contract?"""
    if declarer in hand.outcomes:
        return hand.outcomes[declarer]
    if hand.phase == Phase.DONE:
        assert hand.result is not None
        return hand.result.won[declarer]
    maximise = hand.to_act == declarer
    for action in hand.legal_actions():
        child = hand.copy()
        child.apply(action)
        if brute_makes(child, declarer) == maximise:
            return maximise
    return not maximise


def brute_card_values(hand: DealState, declarer: int) -> dict[int, bool]:
    """For each card the player to move may play: does the declarer make it after it (stuk declared if that helps)?"""
    out: dict[int, bool] = {}
    for card, child in _card_children(hand):
        value = brute_makes(child, declarer)
        out[card] = out.get(card, False) or value if hand.to_act == declarer else value
    return out


def _card_children(hand: DealState) -> Iterator[tuple[int, DealState]]:
    """(card, hand after it) for every way to play each card, with and without declaring stuk."""
    for action in hand.legal_actions():
        child = hand.copy()
        child.apply(action)
        if isinstance(action, Play):
            yield action.card, child
        elif isinstance(action, DeclareStuk):
            for follow in child.legal_actions():
                assert isinstance(follow, Play)
                grand = child.copy()
                grand.apply(follow)
                yield follow.card, grand


def play_all(hand: DealState) -> DealState:
    """A copy of ``hand`` that plays every trick (no stop when the result is certain)."""
    copy = hand.copy()
    copy.rules = dataclasses.replace(hand.rules, stop_when_decided=False)
    return copy


def brute_points(hand: DealState, declarer: int) -> int:
    """Plain minimax of the declarer's final total (card points + roem), every trick played."""
    if hand.phase == Phase.DONE:
        return hand.points[declarer] + hand.roem_counted + hand.trick_roem
    values = []
    for action in hand.legal_actions():
        child = hand.copy()
        child.apply(action)
        values.append(brute_points(child, declarer))
    return max(values) if hand.to_act == declarer else min(values)


def brute_card_points(hand: DealState, declarer: int) -> dict[int, int]:
    """Per card of the player to move: the declarer's best total after it (hand played out)."""
    full = play_all(hand)
    out: dict[int, int] = {}
    for card, child in _card_children(full):
        value = brute_points(child, declarer)
        if card in out:
            value = max(value, out[card]) if hand.to_act == declarer else min(value, out[card])
        out[card] = value
    return out


def dealt_hand(rules: Rules, hands: dict[int, str], open_cards: str, closed: str, dealer: int = 0) -> DealState:
    """A fresh hand of exactly these cards (the others sleep), seats ``0 .. len(hands) - 1``."""
    from troef.cards import PIQUET_DECK, CardSet
    from troef.games.bonaken.deal import Deal

    masks = tuple(CardSet.parse(hands[s]).mask for s in range(len(hands)))
    open_mask = CardSet.parse(open_cards).mask
    closed_mask = CardSet.parse(closed).mask
    used = open_mask | closed_mask
    for mask in masks:
        used |= mask
    deal = Deal(len(hands), dealer, tuple(range(len(hands))), masks, open_mask, closed_mask, PIQUET_DECK & ~used)
    return DealState(rules, deal)
