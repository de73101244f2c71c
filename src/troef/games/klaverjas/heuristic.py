"""A simple rule-based klaverjas player, seeing only its own seat's view.

It names the suit where its cards are strongest as trump, kraaks with a
strong trump holding (and when the quota leaves no choice), always declares
its best roem and stuk, claims roem, and plays by a few café rules of thumb:
lead the trump jack or a plain ace; with the partner winning, add points
("smear"); otherwise win as cheaply as possible, or throw the least
valuable card. Strong players are a separate matter.
"""

from __future__ import annotations

from troef.cards import suit_of
from troef.core.bot import Bot
from troef.games.klaverjas.actions import DeclareRoem, KlaverjasAction, NameTrump, Play, Word, parse_action
from troef.games.klaverjas.play import POINTS, POWER, TRUMP_POINTS
from troef.games.klaverjas.view import KlaverjasView


def trump_strength(hand: tuple[int, ...], suit: int) -> int:
    """How good ``suit`` is as trump for ``hand``: its trump points plus ten per trump."""
    return sum(TRUMP_POINTS[c & 7] + 10 for c in hand if suit_of(c) == suit)


class HeuristicBot(Bot):
    """The rule-based player (``heuristic``)."""

    kind = "heuristic"

    def act(self, view: KlaverjasView) -> KlaverjasAction:
        legal = [parse_action(t) for t in view.legal]
        if not legal:
            raise ValueError(f"seat {view.viewer} has nothing to do in this view")
        if len(legal) == 1:
            return legal[0]
        hand = view.hand or ()
        if view.phase == "choose":
            best = max(range(4), key=lambda s: trump_strength(hand, s))
            if Word("pass") in legal and trump_strength(hand, best) < 75:
                return Word("pass")
            return NameTrump(best)
        if view.phase == "kraak":
            strength = trump_strength(hand, view.trump)
            ours = (view.declarer & 1) == (view.viewer & 1)
            need = 70 if ours else 80 + 20 * view.level
            word = next(a for a in legal if a != Word("no"))
            return word if strength >= need else Word("no")
        if view.phase == "claim":
            return Word("claim")
        roem = [a for a in legal if isinstance(a, DeclareRoem)]
        if roem:
            return max(roem, key=lambda a: a.value)
        if Word("stuk") in legal:
            return Word("stuk")
        plays = [a for a in legal if isinstance(a, Play)]
        return self._card(view, plays)

    def _card(self, view: KlaverjasView, plays: list[Play]) -> Play:
        trump = view.trump
        points = POINTS[trump]
        if not view.trick:
            jack = next((p for p in plays if p.card == trump * 8 + 4), None)
            if jack is not None and (view.declarer & 1) == (view.viewer & 1):
                return jack
            aces = [p for p in plays if p.card & 7 == 7 and suit_of(p.card) != trump]
            if aces:
                return aces[0]
            return min(plays, key=lambda p: (points[p.card], p.card & 7))
        led = suit_of(view.trick[0][1])
        power = POWER[trump][led]
        best_seat, best = -1, -1
        for seat, card in view.trick:
            if power[card] > best:
                best_seat, best = seat, power[card]
        if best_seat == view.viewer ^ 2:
            # the partner wins so far: add points, sparing trumps
            return max(plays, key=lambda p: (suit_of(p.card) != trump, points[p.card]))
        winners = [p for p in plays if power[p.card] > best]
        if winners:
            return min(winners, key=lambda p: (power[p.card], points[p.card]))
        return min(plays, key=lambda p: (points[p.card], power[p.card]))
