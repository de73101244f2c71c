"""Helpers for the Binokel bot tests: deals from a few given hands, play positions with earlier tricks, views."""

from __future__ import annotations

from tests.games.binokel.helpers import RULES, cards
from troef.cards import parse_cards
from troef.core.chance import GameRandom
from troef.games.binokel.deal import DECK, Deal, deal_cards
from troef.games.binokel.play import winner_of
from troef.games.binokel.state import DealState, Phase
from troef.games.binokel.view import BinokelView, view_of_round


def deal_with(fixed: dict[int, str], dealer: int = 0) -> Deal:
    """A valid deal where the seats of ``fixed`` hold those twelve cards and the rest of the deck is shared out."""
    taken = 0
    for text in fixed.values():
        taken |= cards(text)
    rest = [c for c in DECK if not taken >> c & 1]
    hands = []
    for seat in range(4):
        if seat in fixed:
            hands.append(cards(fixed[seat]))
        else:
            mask = 0
            for c in rest[:12]:
                mask |= 1 << c
            rest = rest[12:]
            hands.append(mask)
    deal = Deal(dealer, (hands[0], hands[1], hands[2], hands[3]))
    deal.validate()
    return deal


def position(
    hands: dict[int, str],
    trump: int,
    declarer: int,
    leader: int,
    earlier: tuple[tuple[int, str], ...] = (),
    trick: str = "",
    bid: int = 250,
) -> DealState:
    """A round in its play phase: ``hands`` (partial), ``earlier`` finished tricks as (leader, cards in order)
    and the cards of the trick in progress from ``leader`` on."""
    r = DealState(RULES, deal_cards(0, GameRandom(1)))
    r.hands = [cards(hands.get(s, "")) for s in range(4)]
    r.trump = trump
    r.declarer = declarer
    r.bid = bid
    r.meld_total = (0, 0)
    r.phase = Phase.PLAY
    played = []
    for lead, text in earlier:
        physical = tuple(parse_cards(text))
        won = (lead + winner_of([c & 31 for c in physical], trump)) % 4
        played.append((lead, physical, won))
    r.played = played
    r.lead_seat = leader
    r.current = list(parse_cards(trick)) if trick else []
    if r.current:
        kinds = [c & 31 for c in r.current]
        r.led = kinds[0] >> 3
        i = winner_of(kinds, trump)
        r.winner_card, r.winner_seat = kinds[i], (leader + i) % 4
    r.to_act = (leader + len(r.current)) % 4
    return r


def view(r: DealState, seat: int) -> BinokelView:
    """The view of ``seat`` of a stand-alone round."""
    return view_of_round(r, seat, preset="cardgames", index=0, totals=(0, 0))
