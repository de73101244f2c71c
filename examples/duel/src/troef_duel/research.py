"""What Duel declares for troef's research layer: OpenSpiel (``troef_duel``) and PettingZoo take it from here alone.

A deal as chance: the sixteen cards of rule 1 go one by one to four piles (rule 2): six to each seat, one
turned face up (its suit is trump) and three out of play. A deal returns each seat's tricks, a match the
tricks of its three deals (rule 6); they add up to six a deal, not to zero.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Final, Literal

from troef.cards import cards_of, mask_of, suit_of
from troef.core.game import ResearchPart, SwitchValue

from .game import DEALS, DECK, MUST_TRUMP, TRICKS, DuelView, Match, Play, parse_action


class DuelResearch(ResearchPart[Match, DuelView]):
    """Duel's declarations: its sixteen action ids, its bounds, the deal as chance, and worlds from a view."""

    phases = ("play", "done")
    history = 2 * TRICKS  # a deal's every card

    def actions(self) -> tuple[str, ...]:
        return tuple(Play(card).text() for card in DECK)

    def utility(
        self, preset: str, players: int, episode: Literal["deal", "match"], switches: Mapping[str, SwitchValue]
    ) -> tuple[float, float]:
        return (0.0, float(TRICKS * (DEALS if episode == "match" else 1)))

    def longest_deal(self, preset: str, players: int) -> int:
        return 2 * TRICKS

    def longest_match(self, preset: str, players: int) -> int:
        return DEALS

    # ------------------------------------------------------------------ the deal as chance
    def deck(self, match: Match) -> tuple[int, ...]:
        return DECK

    def piles(self, match: Match) -> tuple[int, ...]:
        # the two hands, the turned card, the three unseen (rule 2)
        return (TRICKS, TRICKS, 1, len(DECK) - 2 * TRICKS - 1)

    def dealt(self, match: Match, piles: Sequence[Sequence[int]]) -> Match:
        first, second, (turned,), unseen = piles
        given = [(d.dealt, d.turned, d.unseen) for d in match.deals[:-1]]
        given.append(((mask_of(first), mask_of(second)), turned, mask_of(unseen)))
        return _replayed(match, given)

    def deal_piles(self, match: Match, index: int) -> tuple[tuple[int, ...], ...]:
        deal = match.deals[index]
        hands = tuple(tuple(cards_of(hand)) for hand in deal.dealt)
        return (*hands, (deal.turned,), tuple(cards_of(deal.unseen)))

    def deal_actions(self, match: Match, index: int) -> tuple[str, ...]:
        return tuple(action.text() for _seat, action in match.deals[index].history)

    def deal_returns(self, match: Match, deals_before: int) -> list[float]:
        return [float(won) for won in match.deals[deals_before - 1].won]

    # ------------------------------------------------------------------ reading a view
    def trump(self, view: DuelView) -> int:
        return suit_of(view.turned)

    # ------------------------------------------------------------------ worlds
    def redeal(self, match: Match, seat: int, rng: random.Random) -> Match | None:
        """The cards ``seat`` has not seen (the other hand's unplayed cards, the three out of play) dealt
        again; the match's deals and moves kept."""
        if seat not in (0, 1):
            return None
        deal = match.deal
        played = _played(deal.history)
        held = [deal.dealt[seat], played[1 - seat]]
        hands = _deal_rest(held, seat, deal.turned, rng)
        given = [(d.dealt, d.turned, d.unseen) for d in match.deals[:-1]]
        given.append(hands)
        return _replayed(match, given)

    def from_view(self, view: DuelView, rng: random.Random) -> Match | None:
        """A one-deal match the view's seat cannot tell from its deal: its own cards, the turned card and the
        moves as the view shows them, the cards it has not seen dealt at random."""
        seat = view.viewer
        if seat not in (0, 1):
            return None
        played = [0, 0]
        for who, text in view.events:
            played[who] |= 1 << parse_action(text).card
        hands = _deal_rest([mask_of(view.hand) | played[seat], played[1 - seat]], seat, view.turned, rng)
        match = Match(view.preset, view.must_trump, rng.randrange(1 << 30), view.dealer, [hands])
        for _who, text in view.events:
            match.apply(parse_action(text))
        return match

    def table_of(self, view: DuelView) -> tuple[str, int, dict[str, SwitchValue]]:
        return view.preset, 2, {MUST_TRUMP.name: view.must_trump}


def _played(history: Sequence[tuple[int, Play]]) -> list[int]:
    """The cards each seat has played in a deal, as masks."""
    played = [0, 0]
    for seat, action in history:
        played[seat] |= 1 << action.card
    return played


def _deal_rest(known: list[int], seat: int, turned: int, rng: random.Random) -> tuple[tuple[int, int], int, int]:
    """A deal in which ``seat`` holds ``known[0]`` (all six of its cards) and the other seat holds the cards of
    ``known[1]`` (those it has shown) and the rest of its six from the cards nobody has seen (rule 2)."""
    mine, shown = known
    unseen = [c for c in DECK if not (mine | shown) >> c & 1 and c != turned]
    rng.shuffle(unseen)
    take = TRICKS - shown.bit_count()
    theirs = shown | mask_of(unseen[:take])
    rest = mask_of(unseen[take:])
    hands = (mine, theirs) if seat == 0 else (theirs, mine)
    return hands, turned, rest


def _replayed(match: Match, given: list[tuple[tuple[int, int], int, int]]) -> Match:
    """``match`` dealt as ``given`` (one entry a deal), every move of its deals played again."""
    other = Match(match.preset, match.must_trump, match.seed, match.first_dealer, given)
    for deal in match.deals:
        for _seat, action in deal.history:
            other.apply(action)
    return other


#: The part Duel names in ``research_part``.
PART: Final = DuelResearch()
__all__ = ["PART"]
