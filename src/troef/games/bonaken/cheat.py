"""The cheat: a measuring stick that sees every card. NOT a player for people.

:class:`CheatBot` is given the true :class:`~troef.games.bonaken.state.DealState`
(through a callable, so that it follows the match from hand to hand) and
decides as the pimc bot does, but in the one true world instead of sampled
ones: it plays perfectly (the solver's exact answer, no work limit that
matters), and bids, lays away and names trump with the true cards of
everybody, the blind card included.

It exists to measure how much the pimc bot loses by not seeing the cards
(``troef arena``: the same deals played by both). With ``sees`` it sees them
in some decisions only (:data:`SIGHTS`: the bidding, the exchange, its own
play, the defence) and takes the others as the strong level does, over
sampled worlds (``troef arena bonaken --seats cheat:sees=bidding,...``): so
the arena says what each decision's hidden cards cost. It is deliberately not in
the bot registry: :func:`troef.bots.registry.make_bot` cannot build it, so no
table of the terminal game or of the web server can seat it against people.

>>> from troef.games.bonaken.match import Match
>>> from troef.games.bonaken.rules import preset
>>> from troef.games.bonaken.view import hand_view
>>> m = Match(preset("nk"), players=4, seed=2)
>>> bot = CheatBot(lambda: m.hand, seed=1)
>>> bot.act(hand_view(m.hand, m.hand.to_act)).text() in hand_view(m.hand, m.hand.to_act).legal
True
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator
from typing import Final

from troef.core.cheat import Sights
from troef.games.bonaken.actions import BonakenAction
from troef.games.bonaken.pimc import Evaluator, PimcBot, Strength
from troef.games.bonaken.state import DealState
from troef.games.bonaken.view import BonakenView

#: The decisions in which a cheat may see every card: the bidding, the declarer's exchange and
#: trump, the declarer's roem and play, and the defence (roem and play against another's contract).
SIGHTS: Final = ("bidding", "exchanging", "declaring", "defending")


def sight_of(view: BonakenView) -> str:
    """Which of :data:`SIGHTS` the decision of ``view`` belongs to."""
    if view.phase == "bidding":
        return "bidding"
    if view.phase in ("exchange", "trump"):
        return "exchanging"
    return "declaring" if view.viewer in view.declarers else "defending"


#: One world (the true one), and work enough to solve it exactly (the clock is the pimc bot's safety net).
PERFECT: Final = Strength(
    budget=30.0,
    bid_budget=30.0,
    plan_budget=60.0,
    nodes=10**9,
    bid_nodes=10**9,
    plan_nodes=10**9,
    solve_share=1.0,
    samples=1,
    min_worlds=1,
    threshold=0.5,
    every_trick_threshold=0.5,
    plans=3,
    bid_evidence=False,
    calibrated=False,  # the one true world: its answer is what happens
    by_sheet=False,  # the reference bids every contract it makes, whatever the sheet says
)


class CheatBot(PimcBot):
    """Sees all cards (``hand_of()`` returns the true hand); for measurement only, never for human games.

    ``strength`` is its work where it sees the cards (:data:`PERFECT`);
    ``sees`` the decisions it sees them in (:data:`SIGHTS`, all by default);
    ``fair`` its strength in the others, where it deals worlds from what its
    seat knows as the pimc bot does (the strong level's by default).
    """

    kind = "cheat"
    prune_bids = False  # with the true cards every contract is worth playing out

    def __init__(
        self,
        hand_of: Callable[[], DealState],
        seed: int | None = None,
        name: str | None = None,
        *,
        strength: Strength | None = None,
        sees: Collection[str] = SIGHTS,
        fair: Strength | None = None,
    ) -> None:
        super().__init__(seed, name, strength=strength or PERFECT)
        self.sights = Sights(SIGHTS, sees, perfect=self.strength, fair=fair or Strength())
        self.hand_of = hand_of

    def act(self, view: BonakenView) -> BonakenAction:
        # the pimc bot reads its strength and pruning as it decides: set both for this decision's sight
        sight = sight_of(view)
        self.strength = self.sights.strength(sight)
        self.prune_bids = not self.sights.sees_in(sight)
        return super().act(view)

    def evaluator(self, view: BonakenView) -> Evaluator | None:
        if not self.sights.sees_in(sight_of(view)):
            return super().evaluator(view)  # worlds that fit what the seat knows, as the pimc bot deals them
        hand = self.hand_of()
        if hand.to_act != view.viewer or len(hand.history) != len(view.events):
            return None  # not the hand of this view: decide as the heuristic would
        rules = hand.rules

        def source(deadline: float) -> Iterator[DealState]:
            yield hand.copy()

        self.rules = rules
        return Evaluator(view.viewer, self.sights.perfect, source, early_stop=False)
