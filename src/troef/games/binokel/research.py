"""What Binokel declares for the research layer (:class:`troef.core.game.ResearchPart`).

The deal is four hands of twelve from the 48 cards, two copies of each of 24
("Kartenverteilung"); a chance node per card fills seat 0's hand, then seat
1's, ..., its outcome the kind of card (the two copies are the same card in
play), each as likely as the copies left of it, which deals every deal of the
rules as often as shuffling the 48 cards does. A deal returns the side's points
of the round less the other side's (zero-sum, partners equal).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any, Final, Literal

from troef.cards import card_str
from troef.core.game import ResearchPart, SwitchValue
from troef.games.binokel.deal import DECK, Deal
from troef.games.binokel.match import Match
from troef.games.binokel.view import BinokelView

__all__ = ["PART"]

#: The two copies of each card kind, the first copy first.
_COPIES: Final = {k: tuple(c for c in DECK if c & 31 == k) for k in range(32)}


def _hands(piles: Sequence[Sequence[int]]) -> list[int]:
    """Masks of physical cards for piles of card kinds: of two copies, the first pile to hold one has the first."""
    taken = 0
    hands = []
    for kinds in piles:
        mask = 0
        for k in kinds:
            first, second = _COPIES[k]
            card = second if taken >> first & 1 else first
            taken |= 1 << card
            mask |= 1 << card
        hands.append(mask)
    return hands


class BinokelResearch(ResearchPart[Match, BinokelView]):
    """Binokel for OpenSpiel and PettingZoo."""

    phases = ("bidding", "trump", "give", "return", "play", "done")
    history = 1024
    card_slots = 64
    zero_sum = True
    #: 48 cards in four hands: bridge played out (bidding and all 52 cards, no double-dummy shortcut).
    reference = "bridge(use_double_dummy_result=false)"

    @cache  # noqa: B019  (one part, made once)
    def blocks(self) -> tuple[tuple[str, ...], ...]:
        from troef.games.binokel.rules import Rules

        rules = Rules()
        cards = [tuple(f"{verb} {card_str(c)}" for c in range(32)) for verb in ("play", "give")]
        bids = tuple(f"bid {v}" for v in range(rules.min_bid, rules.max_bid + 1, 10))
        return (*cards, ("pass", "concede"), tuple(f"trump {s}" for s in "hdcs"), bids)

    def actions(self) -> tuple[str, ...]:
        return tuple(text for block in self.blocks() for text in block)

    def utility(
        self, preset: str, players: int, episode: Literal["deal", "match"], switches: Mapping[str, SwitchValue]
    ) -> tuple[float, float]:
        if episode == "match":
            return (0.0, 1.0)  # the winning side 1, the other 0
        from troef.games.binokel.game import rules_of

        # a side melds less than max_bid - 250 and takes 250 in tricks ("Bieten", "Punktewertung"): a side
        # that loses its bid (at most max_bid) while the other scores at most max_bid
        top = float(2 * rules_of(preset, switches).max_bid)
        return (-top, top)

    def longest_deal(self, preset: str, players: int) -> int:
        return 1300

    def longest_match(self, preset: str, players: int) -> int:
        return 100

    def deck(self, match: Match) -> tuple[int, ...]:
        return tuple(c & 31 for c in DECK)

    def piles(self, match: Match) -> tuple[int, ...]:
        return (12, 12, 12, 12)

    def dealt(self, match: Match, piles: Sequence[Sequence[int]]) -> Match:
        hands = _hands(piles)
        deal = Deal(match.round.dealer, (hands[0], hands[1], hands[2], hands[3]))
        deal.validate()
        other = match.with_current_deal(deal, [])
        assert other is not None  # nothing to replay
        return other

    def deal_piles(self, match: Match, index: int) -> tuple[tuple[int, ...], ...]:
        hands = match.rounds[index].deal.hands
        return tuple(tuple(sorted(c & 31 for c in range(64) if mask >> c & 1)) for mask in hands)

    def deal_actions(self, match: Match, index: int) -> tuple[str, ...]:
        return tuple(action.text() for _seat, action in match.rounds[index].history)

    def deal_returns(self, match: Match, deals_before: int) -> list[float]:
        after = match.sheet[-1]
        before = match.sheet[-2] if len(match.sheet) > 1 else (0, 0)
        delta = (after[0] - before[0], after[1] - before[1])
        return [float(delta[s & 1] - delta[1 - (s & 1)]) for s in range(4)]

    def context_size(self, players: int) -> int:
        return 5

    def context(self, view: BinokelView) -> Sequence[float]:
        """The round's number (out of :meth:`longest_match`), each side's total as (total + target) / (2 x
        target) (a side may stand below nil; "Das Spiel gewinnen"), the target out of 2000, and whether the
        viewer's side has won. Sides relative to the viewer."""
        mine = view.viewer & 1 if view.viewer >= 0 else 0
        target = view.target

        def scaled(total: int) -> float:
            return min(1.0, max(0.0, (total + target) / (2 * target)))

        return (
            min(1.0, view.round / self.longest_match(view.preset, 4)),
            scaled(view.totals[mine]),
            scaled(view.totals[1 - mine]),
            target / 2000,
            float(view.winner == mine) if view.winner is not None else 0.0,
        )

    def redeal(self, match: Match, seat: int, rng: random.Random) -> Match | None:
        from troef.games.binokel.view import round_view

        found = _world(round_view(match, seat), rng)
        if found is None:
            return None
        return match.with_current_deal(*found)

    def from_view(self, view: BinokelView, rng: random.Random) -> Match | None:
        from troef.games.binokel.game import rules_of

        found = _world(view, rng)
        if found is None:
            return None
        deal, history = found
        match = Match(rules_of(view.preset, {"target": view.target}), rng.randrange(1 << 30), view.dealer)
        return match.with_current_deal(deal, history)

    def table_of(self, view: BinokelView) -> tuple[str, int, dict[str, SwitchValue]]:
        return view.preset, 4, {"target": view.target}


def _deal_of(view: Any, world: list[list[int]], rng: random.Random) -> tuple[Deal, list[int]] | None:
    """The deal leading to ``world`` (the hands now, as counts of kinds) and the kinds that went over.

    Each hand at the meld is the hand now with what it played since; the exchange undone: the bid winner
    and his partner know the cards that went over, for anybody else any cards of the two hands at the meld
    went over (a choice the seat cannot tell apart).
    """
    me, declarer = view.viewer, view.declarer
    at = [list(world[s]) for s in range(4)]
    for _lead, trick, _winner in view.tricks:
        for s, c in trick:
            at[s][c & 31] += 1
    for s, c in view.trick:
        at[s][c & 31] += 1
    given_n, returned_n = min(view.exchanged, 4), max(0, view.exchanged - 4)
    given: list[int] = []
    returned: list[int] = []
    if view.exchanged:
        partner = (declarer + 2) % 4
        if me == declarer:
            given, returned = [c & 31 for c in view.received], [c & 31 for c in view.gave]
        elif me == partner:
            given, returned = [c & 31 for c in view.gave], [c & 31 for c in view.received]
        else:  # the partner's gift is in the winner's hand at the meld
            given = rng.sample([k for k in range(32) for _ in range(at[declarer][k])], given_n)
            returned = rng.sample([k for k in range(32) for _ in range(at[partner][k])], returned_n)
        for k in given:
            at[declarer][k] -= 1
            at[partner][k] += 1
        for k in returned:
            at[partner][k] -= 1
            at[declarer][k] += 1
    if any(n < 0 or n > 2 for hand in at for n in hand):
        return None
    if any(sum(at[s][k] for s in range(4)) > 2 for k in range(32)):
        return None
    hands = _hands([[k for k in range(32) for _ in range(at[s][k])] for s in range(4)])
    deal = Deal(view.dealer, (hands[0], hands[1], hands[2], hands[3]))
    deal.validate()
    return deal, [*given, *returned]


def _world(view: Any, rng: random.Random) -> tuple[Deal, list[tuple[int, Any]]] | None:
    from troef.games.binokel.actions import GIVES, parse_action
    from troef.games.binokel.sampler import read, sample_world

    found = _deal_of(view, sample_world(read(view), view, rng), rng)
    if found is None:
        return None
    deal, gives = found
    passed = iter(gives)
    history = [(s, GIVES[next(passed)] if text == "give" else parse_action(text)) for s, text in view.events]
    return deal, history


#: The one part.
PART: Final = BinokelResearch()
