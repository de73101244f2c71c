"""The rule-based klaverjas club player (``heuristic``), seeing only its own seat's view.

It decides as a club player would, each part in its own module:

* trump and the kraak chain (:mod:`~troef.games.klaverjas.heuristic_bid`):
  trump where the hand is strongest (jack and nine of trumps, length, side
  aces, roem); under ``vrij`` it passes a weak hand; it kraaks, rekraaks and
  superkraaks by its estimate of the side's chance, and spends the kraaks
  the quota demands (Kraken 3.1) on its best defending hands, before the
  deals run out;
* roem (Kraken 3.2): it declares its best roem from the hand without stuk
  (declared roem is never a loss: a lower declaration is cancelled but
  costs nothing, and a higher one cancels the other side's), and stuk with
  the first of its two cards, so that afkeuren cannot take stuk along; stuk
  goes into the hand declaration only when that makes it beat what the
  other side declared. With the claim switch it claims every trick's roem;
* card play (:mod:`~troef.games.klaverjas.heuristic_play`), with what the
  table showed (:mod:`~troef.games.klaverjas.reading`).
"""

from __future__ import annotations

from troef.core.bot import Bot
from troef.games.klaverjas.actions import DeclareRoem, KlaverjasAction, NameTrump, Play, Word, parse_action
from troef.games.klaverjas.heuristic_bid import best_trump, chance, hand_value, kraak_wanted, rekraak_wanted
from troef.games.klaverjas.heuristic_play import choose_card
from troef.games.klaverjas.reading import Reading, read
from troef.games.klaverjas.roem import best_hand_roem, stuk_mask
from troef.games.klaverjas.view import KlaverjasView

#: Under ``vrij``, the chance of making it below which the heuristic passes.
PASS_BELOW = 0.45

__all__ = ["HeuristicBot"]


class HeuristicBot(Bot):
    """The rule-based club player (``heuristic``)."""

    kind = "heuristic"

    def act(self, view: KlaverjasView) -> KlaverjasAction:
        legal = [parse_action(t) for t in view.legal]
        if not legal:
            raise ValueError(f"seat {view.viewer} has nothing to do in this view")
        if len(legal) == 1:
            return legal[0]
        r = read(view)
        if view.phase == "choose":
            return self._choose(r, legal)
        if view.phase == "kraak":
            return self._chain(r, view, legal)
        if view.phase == "claim":
            return Word("claim")  # claim switch: roem of a trick we won is ours for the asking
        roem = [a for a in legal if isinstance(a, DeclareRoem) and a.value]
        if roem:
            declaration = self._declare(r, roem)
            if declaration is not None:
                return declaration
        if view.phase == "roem":
            return DeclareRoem(0)  # the first trick's roem call (Kraken 3.2): nothing (more) to declare
        card = choose_card(r, [a.card for a in legal if isinstance(a, Play)])
        if Word("stuk") in legal and stuk_mask(r.trump) >> card & 1:
            return Word("stuk")  # Kraken 3.2: declared with the first of its cards, never cancelled
        return Play(card)

    def _choose(self, r: Reading, legal: list[KlaverjasAction]) -> KlaverjasAction:
        suit = best_trump(r.hand, r.rules)
        if Word("pass") in legal and chance(hand_value(r.hand, suit, r.rules), "declarer") < PASS_BELOW:
            return Word("pass")
        return NameTrump(suit)

    def _chain(self, r: Reading, view: KlaverjasView, legal: list[KlaverjasAction]) -> KlaverjasAction:
        word = next(a for a in legal if a != Word("no"))
        ours = (view.declarer & 1) == r.side
        if ours:  # rekraak
            kraakers = r.side ^ 1
            owed = view.owed[kraakers] if view.owed else 0
            # the engine forces only the first defender (Kraken 3.1 quota, as decided): a kraak by its partner
            # was said freely
            first_defender = (view.declarer + 1) % 4
            forced = owed > 0 and owed >= r.defends_left(kraakers) and view.chain[0][0] == first_defender
            yes = rekraak_wanted(r.hand, r.trump, r.rules, declarer=view.declarer == r.me, forced=forced)
        else:  # kraak or superkraak
            owed = view.owed[r.side] if view.owed else 0
            second = view.to_act != (view.declarer + 1) % 4
            yes = kraak_wanted(
                r.hand,
                r.trump,
                r.rules,
                owed=owed,
                defending=r.defends_left(r.side),
                second=second,
                level=view.level,
            )
        return word if yes else Word("no")

    def _declare(self, r: Reading, roem: list[DeclareRoem]) -> DeclareRoem | None:
        """The roem to declare from the hand, or None to declare nothing (stuk is then kept for a card)."""
        # the dealt hand: roem may be declared until the first trick is complete, after one's card too
        dealt = r.hand | r.played_by[r.me]
        plain, with_stuk = best_hand_roem(dealt, r.trump, r.rules)  # the two totals the engine offers
        theirs = max(r.declared[r.me ^ 1], r.declared[r.me ^ 3])
        if with_stuk > theirs > plain and DeclareRoem(with_stuk) in roem:
            return DeclareRoem(with_stuk)  # with stuk it beats their declaration: theirs is cancelled
        return DeclareRoem(plain) if plain > 0 and DeclareRoem(plain) in roem else None
