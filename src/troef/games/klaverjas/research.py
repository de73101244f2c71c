"""What klaverjas declares for the research layer (:class:`troef.core.game.ResearchPart`).

The deal is four hands of eight from the 32 cards (Kraken 3.1); a chance
node per card fills seat 0's hand, then seat 1's, ... (each card of the ones
left as likely), which deals every deal of the rules equally often. Returns of
a deal: the side's score of the deal less the other side's, from the score
sheet (zero-sum, partners equal).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any, Final, Literal

from troef.cards import card_str
from troef.core.game import ResearchPart, SwitchValue
from troef.games.klaverjas.deal import Deal
from troef.games.klaverjas.match import Match
from troef.games.klaverjas.rules import Rules
from troef.games.klaverjas.view import KlaverjasView

__all__ = ["PART"]

#: Declared roem from the hand (Kraken 3.2) stays below this: the top of the ``roem`` action ids.
HAND_ROEM_TOP: Final = 500


def _cards(verb: str) -> tuple[str, ...]:
    return tuple(f"{verb} {card_str(c)}" for c in range(32))


def _cards_of(mask: int) -> tuple[int, ...]:
    return tuple(c for c in range(32) if mask >> c & 1)


@cache
def trick_roem_top(rules: Rules) -> int:
    """The most roem the eight tricks of one deal can hold together (tricks only, stuk aside).

    A trick's roem is a four (four cards of a valued rank) or a sequence of three or four in one suit
    (:func:`troef.games.klaverjas.roem.trick_roem`); the best deal takes some ranks as fours and cuts the
    other ranks of each suit into runs, each run a trick of its own (a run of three with any fourth card).
    """
    from troef.games.klaverjas.roem import trick_roem

    four = [trick_roem(sum(1 << (s * 8 + r) for s in range(4)), rules) for r in range(8)]
    run3 = trick_roem(0b111 | 1 << 31, rules)  # 7h 8h 9h and the ace of spades
    run4 = trick_roem(0b1111, rules)
    best = 0
    for fours in range(256):
        left = [r for r in range(8) if not fours >> r & 1]
        # one suit: runs of 3 or 4 adjacent ranks among ``left`` (all suits alike): (tricks, roem) options
        options: dict[int, int] = {0: 0}

        def walk(i: int, tricks: int, roem: int, opts: dict[int, int] = options, left: list[int] = left) -> None:
            opts[tricks] = max(opts.get(tricks, 0), roem)
            for j in range(i, len(left)):
                for length, value in ((3, run3), (4, run4)):
                    run = left[j : j + length]
                    if len(run) == length and run[-1] - run[0] == length - 1:
                        walk(j + length, tricks + 1, roem + value)

        walk(0, 0, 0)
        used = bin(fours).count("1")
        total = sum(four[r] for r in range(8) if fours >> r & 1)
        per_suit = sorted(options.items())
        # four suits alike; at most eight tricks in all
        sums = {used: total}
        for _ in range(4):
            following: dict[int, int] = {}
            for t, v in sums.items():
                for k, w in per_suit:
                    if t + k <= 8:
                        following[t + k] = max(following.get(t + k, -1), v + w)
            sums = following
        best = max(best, *sums.values())
    return best


@cache
def _deal_top(rules: Rules) -> float:
    """The most one side can score in a deal: every card point and every roem, the other side nothing."""
    from troef.games.klaverjas.scoring import score_deal
    from troef.games.klaverjas.state import DealResult

    roem = trick_roem_top(rules) + rules.stuk + rules.pit + (2 * HAND_ROEM_TOP if rules.hand_roem else 0)
    level = 3 if rules.kraak else 0
    top = DealResult(0, 3, level, 0, (162, 0), (roem, 0), (0, 0), (False, False), (0, 0), (0, 0), 0, False, (8, 0))
    return float(max(score_deal(top, rules).points))


class KlaverjasResearch(ResearchPart[Match, KlaverjasView]):
    """klaverjas for OpenSpiel and PettingZoo."""

    phases = ("choose", "kraak", "play", "claim", "done")
    history = 128
    zero_sum = True

    @cache  # noqa: B019  (one part, made once)
    def blocks(self) -> tuple[tuple[str, ...], ...]:
        from troef.games.klaverjas.actions import WORDS

        # roem from the hand (Kraken 3.2), "roem 0" declaring none: below HAND_ROEM_TOP (a test plays random
        # deals and finds every legal text in the table)
        roem = tuple(f"roem {v}" for v in range(0, HAND_ROEM_TOP + 10, 10))
        return (_cards("play"), tuple(f"trump {s}" for s in "hdcs"), tuple(WORDS), roem)

    def actions(self) -> tuple[str, ...]:
        return tuple(text for block in self.blocks() for text in block)

    def utility(
        self, preset: str, players: int, episode: Literal["deal", "match"], switches: Mapping[str, SwitchValue]
    ) -> tuple[float, float]:
        from troef.games.klaverjas.game import rules_of

        bound = _deal_top(rules_of(preset, switches))
        if episode == "match":
            bound *= self.longest_match(preset, players)
        return (-bound, bound)

    def longest_deal(self, preset: str, players: int) -> int:
        return 120

    def longest_match(self, preset: str, players: int) -> int:
        return 64

    def deck(self, match: Match) -> tuple[int, ...]:
        return tuple(range(32))

    def piles(self, match: Match) -> tuple[int, ...]:
        return (8, 8, 8, 8)

    def dealt(self, match: Match, piles: Sequence[Sequence[int]]) -> Match:
        from troef.games.klaverjas.state import DealState

        hands = [sum(1 << c for c in pile) for pile in piles]
        old = match.deal
        dealt = Deal(old.deal.dealer, (hands[0], hands[1], hands[2], hands[3]))
        dealt.validate()
        # nothing is played in the deal yet: it is dealt again in place, as the match made it (its kraak duty)
        match.deals[-1] = DealState(match.rules, dealt, must_kraak=old.must_kraak)
        return match

    def deal_piles(self, match: Match, index: int) -> tuple[tuple[int, ...], ...]:
        return tuple(_cards_of(mask) for mask in match.deals[index].deal.hands)

    def deal_actions(self, match: Match, index: int) -> tuple[str, ...]:
        return tuple(action.text() for _seat, action in match.deals[index].history)

    def deal_returns(self, match: Match, deals_before: int) -> list[float]:
        points = match.sheet.rows[-1].score.points
        return [float(points[s & 1] - points[1 - (s & 1)]) for s in range(4)]

    def context_size(self, players: int) -> int:
        return 9

    def context(self, view: KlaverjasView) -> Sequence[float]:
        """The deal's number, each side's points and crosses, the kraaks each side still owes, the match's end.

        Sides relative to the viewer (its own first). The deal's number is out of the match's deals (a match
        to points: out of :meth:`longest_match`); points out of the most the match can hold (the deal's bound
        times its deals), crosses out of 32, kraaks owed out of the quota (Kraken 3.1).
        """
        rules = view.rules
        deals = rules.deals if rules.match_end == "deals" else self.longest_match(view.preset, 4)
        top = _deal_top(rules) * deals
        mine = view.viewer & 1 if view.viewer >= 0 else 0
        sides = (mine, 1 - mine)
        owed = view.owed or (0, 0)
        quota = max(1, rules.kraak_quota)
        return (
            min(1.0, view.deal_number / deals),
            *(min(1.0, max(0.0, view.points[s] / top)) for s in sides),
            *(min(1.0, view.crosses[s] / 32) for s in sides),
            *(min(1.0, owed[s] / quota) for s in sides),
            float(view.over),
            float(view.winner == mine) if view.winner is not None else 0.0,
        )

    def redeal(self, match: Match, seat: int, rng: random.Random) -> Match | None:
        from troef.games.klaverjas.view import deal_view

        dealt = _dealt_from(deal_view(match, seat), rng)
        if dealt is None:
            return None
        given = [d.deal for d in match.deals[:-1]] + [dealt]
        other = Match(match.rules, match.seed, match.first_dealer, deals=iter(given))
        for deal in match.deals:
            for _who, action in deal.history:
                other.apply(action)
        other.given = None
        return other

    def from_view(self, view: KlaverjasView, rng: random.Random) -> Match | None:
        from troef.games.klaverjas.actions import parse_action

        dealt = _dealt_from(view, rng)
        if dealt is None:
            return None
        match = Match(view.rules, rng.randrange(1 << 30), view.dealer, deals=iter([dealt]))
        for _seat, text in view.events:
            match.apply(parse_action(text))
        match.given = None
        return match

    def table_of(self, view: KlaverjasView) -> tuple[str, int, dict[str, SwitchValue]]:
        return view.preset, 4, {}


def _dealt_from(view: Any, rng: random.Random) -> Deal | None:
    """A deal the view's seat cannot tell from the real one: the pimc player's world, the played cards added."""
    from troef.games.klaverjas.sampler import sample_world

    now = sample_world(view, rng)
    if now is None:
        return None
    hands = list(now)
    for trick, _winner in view.tricks:
        for seat, card in trick:
            hands[seat] |= 1 << card  # what a seat was dealt: what it holds and what it played
    for seat, card in view.trick:
        hands[seat] |= 1 << card
    return Deal(view.dealer, (hands[0], hands[1], hands[2], hands[3]))


#: The one part.
PART: Final = KlaverjasResearch()
