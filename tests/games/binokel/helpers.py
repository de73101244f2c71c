"""Helpers for the Binokel tests: rounds from given cards, and random play."""

from __future__ import annotations

import random

from troef.cards import CardSet
from troef.core.chance import GameRandom
from troef.games.binokel.actions import BinokelAction, parse_action
from troef.games.binokel.deal import Deal, deal_cards
from troef.games.binokel.rules import preset
from troef.games.binokel.state import DealState, Phase

RULES = preset("cardgames")


def cards(text: str) -> int:
    """The mask of a card list (``Ah'`` is the second ace of hearts)."""
    return CardSet.parse(text).mask


def act(r: DealState, *texts: str) -> None:
    """Apply actions by their text."""
    for text in texts:
        r.apply(parse_action(text))


def refused(r: DealState, text: str) -> str:
    """The reason ``text`` is refused (asserting it is)."""
    reason = r.check(parse_action(text))
    assert reason is not None, f"{text} was allowed"
    return reason


def legal_texts(r: DealState) -> list[str]:
    return [a.text() for a in r.legal_actions()]


def playing_round(hands: dict[int, str], trump: int, leader: int, declarer: int | None = None) -> DealState:
    """A round in the play phase with the given (partial) hands: for the trick-rule tests."""
    r = DealState(RULES, deal_cards(0, GameRandom(1)))
    r.hands = [cards(hands.get(s, "")) for s in range(4)]
    r.trump = trump
    r.declarer = leader if declarer is None else declarer
    r.bid = 250
    r.meld_total = (0, 0)
    r.phase = Phase.PLAY
    r.to_act = r.lead_seat = leader
    r.played = [(0, (), 0)]  # not the first trick: no conceding in the way
    return r


def random_round(seed: int, dealer: int = 0, chooser: random.Random | None = None) -> DealState:
    """A random round played to its end."""
    rng = chooser or random.Random(seed)
    r = DealState(RULES, deal_cards(dealer, GameRandom(seed)))
    while not r.is_over:
        legal = r.legal_actions()
        r.apply(legal[rng.randrange(len(legal))])
    return r


def deal_of(hands: dict[int, str], dealer: int = 0) -> Deal:
    deal = Deal(dealer, tuple(cards(hands[s]) for s in range(4)))  # type: ignore[arg-type]
    deal.validate()
    return deal


def choose(r: DealState, pick: BinokelAction) -> None:
    r.apply(pick)
