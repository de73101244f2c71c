"""What Tiny declares for the research layer: OpenSpiel and PettingZoo take it from here alone.

The deal: three cards to each seat from the twelve, the rest unused; a deal
returns each seat's tricks (general-sum).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Final, Literal

from troef.cards import cards_of, mask_of, parse_card
from troef.core.game import ResearchPart, SwitchValue

from .game import DECK, PRESETS, TRICKS, Match, Play, TinyView


class TinyResearch(ResearchPart[Match, TinyView]):
    """Tiny's declarations: its action ids, bounds, chance and how to read its views."""

    phases = ("play", "done")
    history = 32

    def actions(self) -> tuple[str, ...]:
        return tuple(Play(card).text() for card in DECK)

    def utility(
        self, preset: str, players: int, episode: Literal["deal", "match"], switches: Mapping[str, SwitchValue]
    ) -> tuple[float, float]:
        deals = int(switches.get("deals", PRESETS[preset][2])) if episode == "match" else 1
        return (0.0, float(TRICKS * deals))

    def longest_deal(self, preset: str, players: int) -> int:
        return TRICKS * players

    def longest_match(self, preset: str, players: int) -> int:
        return 3

    def deck(self, match: Match) -> tuple[int, ...]:
        return DECK

    def piles(self, match: Match) -> tuple[int, ...]:
        return (TRICKS,) * match.players

    def dealt(self, match: Match, piles: Sequence[Sequence[int]]) -> Match:
        given = [d.dealt for d in match.deals[:-1]] + [tuple(mask_of(p) for p in piles)]
        other = Match(match.preset, match.players, match.deals_in_match, match.seed, match.first_dealer, iter(given))
        for deal in match.deals[:-1]:
            for _seat, action in deal.history:
                other.apply(action)
        return other

    def deal_piles(self, match: Match, index: int) -> tuple[tuple[int, ...], ...]:
        return tuple(tuple(cards_of(hand)) for hand in match.deals[index].dealt)

    def deal_actions(self, match: Match, index: int) -> tuple[str, ...]:
        return tuple(action.text() for _seat, action in match.deals[index].history)

    def deal_returns(self, match: Match, deals_before: int) -> list[float]:
        return [float(won) for won in match.deals[deals_before - 1].won]

    def hand(self, view: TinyView) -> Sequence[int]:
        return tuple(parse_card(c) for c in view.hand)

    def events(self, view: TinyView) -> Sequence[tuple[int, str]]:
        return tuple((seat, text) for seat, text in view.events if text.startswith("play "))

    def trick(self, view: TinyView) -> Sequence[tuple[int, int]]:
        return tuple((seat, parse_card(card)) for seat, card in view.trick)

    def from_view(self, view: TinyView, rng: random.Random) -> Match | None:
        players = len(view.won)
        played = self.events(view)
        first = played[0][0] if played else view.to_act
        mine = mask_of(self.hand(view))
        hands = [0] * players
        hands[view.viewer] = mine
        for seat, text in played:
            hands[seat] |= 1 << parse_card(text.split()[1])
        unseen = [c for c in DECK if not any(h >> c & 1 for h in hands)]
        rng.shuffle(unseen)
        for seat in range(players):
            while hands[seat].bit_count() < TRICKS:
                hands[seat] |= 1 << unseen.pop()
        preset = self.table_of(view)[0]
        match = Match(preset, players, 1, rng.randrange(1 << 30), (first - 1) % players, iter([tuple(hands)]))
        for _seat, text in played:
            match.apply(Play(parse_card(text.split()[1])))
        return match

    def table_of(self, view: TinyView) -> tuple[str, int, dict[str, SwitchValue]]:
        players = len(view.won)
        return ("plain" if players in PRESETS["plain"][0] else "duel"), players, {}


#: The part Tiny names in ``research_part``.
PART: Final = TinyResearch()
__all__ = ["PART"]
