"""The pimc bot: Perfect Information Monte Carlo, the way strong card-game programs play.

At every decision the bot deals the cards it cannot see in many ways that fit
everything its seat knows (:class:`Sampler`), plays each such *world* out with
the perfect-information solver (:mod:`troef.games.bonaken.solver`), and takes the action
that does best over the worlds:

* card play: the card with the highest make-rate for the declarer's side (for
  a defender: the lowest), ties broken by the heuristic's choice among the
  tied cards (it plays for points: smearing, cheap wins). A world scores a
  card mostly by whether the side gets there when everyone plays on as a
  club player (:mod:`~troef.games.bonaken.pimc_rollout`), and a little by the
  solver's verdict with best play by all (:attr:`Strength.rollout_share`);
  worlds whose cards explain the others' card play are dealt more often
  (:attr:`Strength.play_miss`);
* bidding: each sensible contract (the lowest number bid, misère, zwabber,
  bonaak) is played out in every world as if the bidding ended there, with
  the best of a few exchanges and trumps the heuristic ranks highest; the
  share of worlds made becomes the chance of really making it
  (:mod:`troef.games.bonaken.bidmodel`). Of the contracts that clear their
  bars the bot bids the likeliest to be made (a plus is a plus, whatever
  the contract; with point-counting scoring: the one that clears its bar
  by the most), else it passes. The bar is the score sheet's
  (:mod:`troef.games.bonaken.sheetvalue`): the chance at which a plus is
  worth the risk of a minus in the seat's standing, high with a minus
  already, low when the others are about to go out first. Without a sheet
  it is :attr:`Strength.threshold`; misère, zwabber and bonaak need at
  least ``every_trick_threshold``. With ``bids="model"`` the same sampled
  rates go to a model learned from fair self-play (:mod:`troef.train.bonaken`),
  which values passing and each bid on the score sheet, and the bot takes the
  best;
* exchange and trump: a few candidate plans (cards to lay away and trump,
  ranked by the heuristic's valuation) are each played out in every world;
  the best plan is kept for the rest of the exchange;
* roem: the highest roem allowed.

What a seat knows (and the sampler respects): its own cards, the open centre
cards, the blind card(s) if it picked them up, the cards it laid away or
received, every card played, the suits a player showed out of, roem declared
and counter-declared, stuk, and the bidding. Hard facts are built into each
world and then checked by replaying the whole public action log through the
engine with the world's cards: a world in which any public action would have
been illegal, or the engine would have ended the hand earlier, is rejected.
Bids are soft facts: a world where a player bid (or passed) against what a
sensible player (the heuristic) would do with those cards is kept less often.

Strength is work, not time: solver nodes per decision over all its worlds
and a cap on the number of worlds (:class:`~troef.games.bonaken.pimc_eval.Strength`),
so a seeded bot decides the same on a loaded machine as on an idle one; a
clock stops a decision only as a safety net. Where no world fits, or too few
worlds were answered within the work, the bot falls back to the heuristic
bot's choice and counts why (:attr:`PimcBot.fallback_reasons`).

The work is split by job: :mod:`~troef.games.bonaken.pimc_infer` (what the
seat knows, how well a hand explains a bid), :mod:`~troef.games.bonaken.pimc_sample`
(dealing worlds), :mod:`~troef.games.bonaken.pimc_eval` (playing options out
within a budget), :mod:`~troef.games.bonaken.pimc_rollout` (a world played
out by club players); this module decides.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import replace
from typing import Final

from troef.cards import cards_of
from troef.core.bot import Bot
from troef.games.bonaken.actions import (
    PASS,
    STUK,
    Bid,
    BidKind,
    BonakenAction,
    DeclareRoem,
    Discard,
    NameTrump,
    Play,
)
from troef.games.bonaken.bidmodel import Model, group_of, make_chance
from troef.games.bonaken.game import legal_actions
from troef.games.bonaken.heuristic import OPENING, HeuristicBot, keep_score, misere_danger
from troef.games.bonaken.pimc_eval import (
    STRONG,
    Budget,
    Evaluator,
    Plan,
    Strength,
    Tally,
    apply_plan,
    contract_value,
    end_bidding,
    plans_for,
    plans_in,
    solve_makes,
)
from troef.games.bonaken.pimc_infer import ALL32, SamplingError, event_action, limit_of, roem_witnesses
from troef.games.bonaken.pimc_sample import Sampler
from troef.games.bonaken.play import SUIT32
from troef.games.bonaken.reading import rules_of, strength
from troef.games.bonaken.rules import Rules
from troef.games.bonaken.sheetvalue import SCORINGS as SHEET_SCORINGS
from troef.games.bonaken.sheetvalue import sheet_bar, table_for
from troef.games.bonaken.state import DealState
from troef.games.bonaken.view import BonakenView
from troef.train.model import Mlp

__all__ = [
    "STRONG",
    "Budget",
    "Evaluator",
    "PimcBot",
    "Plan",
    "Sampler",
    "SamplingError",
    "Strength",
    "apply_plan",
    "contract_value",
    "end_bidding",
    "plans_in",
    "roem_witnesses",
    "solve_makes",
]

#: Why a decision was left to the heuristic (the keys of :attr:`PimcBot.fallback_reasons`).
NO_WORLD: Final = "no_world"
FEW_WORLDS: Final = "few_worlds"


# ---------------------------------------------------------------------------- the bot
def _mask(cards: tuple[int, ...] | list[int] | None) -> int:
    out = 0
    for c in cards or ():
        out |= 1 << c
    return out


def _high_bid(view: BonakenView) -> Bid | None:
    """The highest bid so far (the contract once the bidding is over)."""
    high: Bid | None = None
    for _, text in view.events:
        action = event_action(text)
        if isinstance(action, Bid):
            high = action
    return high


def choose_card(view: BonakenView, cards: list[int], tally: Tally, tie_breaker: Bot) -> int:
    """The card with the best rate in ``tally``; ties go to ``tie_breaker``'s choice among them."""
    rates = {c: tally.rate(c) or 0.0 for c in cards}
    top = max(rates.values())
    tied = [c for c in cards if rates[c] >= top - 1e-9]
    if len(tied) == 1:
        return tied[0]
    texts = tuple(Play(c).text() for c in tied)
    pick = tie_breaker.act(replace(view, legal=texts))
    return pick.card if isinstance(pick, Play) and pick.card in tied else tied[0]


def bid_candidates(view: BonakenView, actions: list[BonakenAction], rules: Rules, prune: bool = True) -> list[Bid]:
    """The bids worth playing out: the lowest sensible number bid, misère, zwabber, bonaak.

    With ``prune``, contracts that are hopeless by the heuristic's measure are
    left out (a weak hand does not need the solver to pass).
    """
    bids = [a for a in actions if isinstance(a, Bid)]
    out: list[Bid] = []
    numbers = [b for b in bids if b.kind == BidKind.NUMBER]
    if numbers:
        first = numbers[0]
        if _high_bid(view) is None and first.value < OPENING:
            # nobody has bid yet: open at a club player's level (as the heuristic does)
            first = next((b for b in numbers if b.value >= OPENING), first)
        out.append(first)
    for kind in (BidKind.MISERE, BidKind.ZWABBER, BidKind.BONAAK, BidKind.OPEN_BONAAK):
        of_kind = [b for b in bids if b.kind == kind and not b.six]
        if of_kind:
            out.append(of_kind[0])
    if not prune:
        return out
    hand = _mask(view.hand)
    pool = hand | _mask(view.centre_open)
    keep = hand.bit_count()
    players = len(view.seats)
    return [b for b in out if _worth_trying(b, pool, keep, players, rules, view.centre_closed)]


def exchange_plans(view: BonakenView, rules: Rules, limit: int) -> list[Plan]:
    """Candidate plans for the declarer in the exchange or trump phase of ``view``, best first."""
    contract = _high_bid(view)
    if contract is None:
        return []
    hand = _mask(view.hand)
    others = [n for s, n in view.hand_sizes.items() if s != view.viewer]
    keep = min(others) if others and view.phase == "exchange" else hand.bit_count()
    gone = _mask(view.laid_away)
    names = view.phase == "trump" or (
        contract.kind != BidKind.ZWABBER
        and (contract.kind != BidKind.MISERE or (len(view.declarers) == 1 and rules.misere_trump == "single"))
    )
    if view.phase == "exchange" and view.declarers and view.declarers[0] != view.viewer:
        names = False  # a later misère player passes cards on; nobody names trump then
    bid = contract.value if contract.kind == BidKind.NUMBER else None
    plans = plans_for(contract.kind, hand, keep, rules, len(view.seats), gone, bid, limit, names)
    if view.phase == "exchange" and contract.kind != BidKind.MISERE and plans:
        plans += [p for p in _variants(plans[0], hand, keep) if p not in plans]
    return plans


class PimcBot(Bot):
    """Perfect Information Monte Carlo over worlds that fit what the seat knows.

    ``strength`` sets the work per decision (see :class:`Strength`); ``rules`` are
    the game's rules when they differ from the named preset of the view.

    >>> from troef.games.bonaken.match import Match
    >>> from troef.games.bonaken.rules import preset
    >>> from troef.games.bonaken.view import hand_view
    >>> m = Match(preset("nk"), players=4, seed=2)
    >>> view = hand_view(m.hand, m.hand.to_act)
    >>> PimcBot(seed=5).act(view).text() in view.legal
    True
    """

    kind = "pimc"
    #: Leave out bids that are hopeless by the heuristic's measure before playing them out.
    prune_bids = True
    #: The curves from sampled rate to real chance (None: the shipped ``bidmodel.json``).
    bid_model: Model | None = None

    def __init__(
        self,
        seed: int | None = None,
        name: str | None = None,
        *,
        strength: Strength | None = None,
        rules: Rules | None = None,
    ) -> None:
        super().__init__(seed, name)
        self.strength = strength or Strength()
        self.rules = rules
        self.fallback = HeuristicBot(seed=seed)
        #: The plan of the exchange under way: (cards held before it, plan).
        self._plan: tuple[int, Plan] | None = None
        #: Decisions left to the heuristic (no world fitted, or too few were answered within the work).
        self.fallbacks = 0
        #: The fallbacks by reason: ``no_world`` (the view could not be sampled), ``few_worlds``.
        self.fallback_reasons: dict[str, int] = {}
        #: Decisions stopped by the safety clock (:class:`Strength`'s seconds): none in a normal run.
        self.time_caps = 0
        #: Solver nodes spent over all decisions (the work the bot did).
        self.nodes = 0
        #: The last bid made and its sampled make-rate (what ``troef bench bid-model`` learns from).
        self.last_bid: tuple[Bid, float] | None = None
        #: The bids played out at the last bid decided and their (sampled rate, worlds): what the self-play of
        #: :mod:`troef.train.bonaken` records (empty when no bid was worth playing out).
        self.last_rates: dict[Bid, tuple[float | None, int]] = {}
        #: The learned bid values (:mod:`troef.train.bonaken`) when ``strength.bids`` is ``model`` (None: the
        #: file ``strength.bids_file`` or the package's).
        self.bids_model: Mlp | None = None
        #: The bar the score sheet sets for the bid being decided (None: no sheet, or not used).
        self._sheet_bar: float | None = None

    # -- plumbing
    def rules_for(self, view: BonakenView) -> Rules:
        """The rules of the game the view belongs to."""
        if self.rules is not None and self.rules.preset == view.preset:
            return self.rules
        return rules_of(view)

    def evaluator(self, view: BonakenView) -> Evaluator | None:
        """An evaluator over sampled worlds, or None when the view cannot be sampled."""
        try:
            sampler = Sampler(view, self.rules_for(view))
        except SamplingError:
            return None
        rng = self.rng
        evidence = self.strength.bid_evidence
        scale = self.strength.evidence_scale
        miss = self.strength.play_miss

        def source(deadline: float) -> Iterator[DealState]:
            return sampler.worlds(rng, deadline, evidence=evidence, scale=scale, miss=miss)

        return Evaluator(view.viewer, self.strength, source)

    def heuristic(self, view: BonakenView, reason: str = FEW_WORLDS) -> BonakenAction:
        """The heuristic's choice: the fallback when the worlds give no answer."""
        self._count_fallback(reason)
        return self.fallback.act(view)

    def _count_fallback(self, reason: str) -> None:
        self.fallbacks += 1
        self.fallback_reasons[reason] = self.fallback_reasons.get(reason, 0) + 1

    # -- deciding
    def act(self, view: BonakenView) -> BonakenAction:
        actions = legal_actions(view)
        if not actions:
            raise ValueError(f"seat {view.viewer} has nothing to do in this view")
        if len(actions) == 1:
            return actions[0]
        phase = view.phase
        if phase == "roem":
            # the most roem allowed: more roem never hurts a declarer (nk rule 49 keeps it below the bid)
            return max(actions, key=lambda a: a.value if isinstance(a, DeclareRoem) else -1)
        evaluator = self.evaluator(view)
        if evaluator is None:
            return self.heuristic(view, NO_WORLD)
        budget = self.strength.budget_for(phase)
        choice: BonakenAction | None = None
        if phase == "play":
            choice = self._play(view, actions, evaluator, budget)
        elif phase == "bidding":
            choice = self._bid(view, actions, evaluator, budget)
        elif phase in ("exchange", "trump"):
            choice = self._plan_step(view, actions, evaluator, budget)
        self.nodes += budget.spent
        self.time_caps += budget.timed_out
        if choice is None or choice not in actions:
            return self.heuristic(view)
        return choice

    def _play(
        self, view: BonakenView, actions: list[BonakenAction], evaluator: Evaluator, budget: Budget
    ) -> BonakenAction | None:
        cards = [a.card for a in actions if isinstance(a, Play)]
        if not cards:
            return None
        if len(cards) == 1:
            card = cards[0]
        else:
            tally = evaluator.card_tally(cards, budget)
            if tally.worlds < self.strength.min_worlds:
                return None
            card = choose_card(view, cards, tally, self.fallback)
        if STUK in actions and view.trump >= 0 and card >> 3 == view.trump and card & 7 in (5, 6):
            return STUK  # nk rule 46: stuk counts when declared with its first card
        return Play(card)

    def _bid(
        self, view: BonakenView, actions: list[BonakenAction], evaluator: Evaluator, budget: Budget
    ) -> BonakenAction | None:
        rules = self.rules_for(view)
        candidates = bid_candidates(view, actions, rules, prune=self.prune_bids)
        self.last_bid = None
        self.last_rates = {}
        self._sheet_bar = self.sheet_bar(view, rules)
        if not candidates:
            return PASS if PASS in actions else None
        tally = evaluator.bid_tally(candidates, budget, self._raw_threshold)
        rates = {bid: (tally.rate(bid), tally.count.get(bid, 0)) for bid in candidates}
        self.last_rates = rates
        if self.strength.bids == "model":
            from troef.train.bonaken import model_bid

            return model_bid(self, view, actions, rates)
        return self._pick(actions, rules, rates)

    def pick_bid(
        self, view: BonakenView, actions: Sequence[BonakenAction], rates: Mapping[Bid, tuple[float | None, int]]
    ) -> BonakenAction | None:
        """The bid this bot makes given each bid's sampled make-rate and its number of worlds.

        ``PASS`` when no bid clears its bar (the sheet's, :meth:`sheet_bar`, or
        ``threshold``); None when no bid was measured in enough worlds. The
        hints (:mod:`troef.games.bonaken.hints`) mark their suggestion with it,
        so the hint button suggests what the strong level would bid.
        """
        rules = self.rules_for(view)
        self.last_bid = None
        self._sheet_bar = self.sheet_bar(view, rules)
        return self._pick(actions, rules, rates)

    def _pick(
        self, actions: Sequence[BonakenAction], rules: Rules, rates: Mapping[Bid, tuple[float | None, int]]
    ) -> BonakenAction | None:
        """:meth:`pick_bid` once the sheet's bar for the view is set (``_bid`` set it for its tally)."""
        # per bid with enough worlds: (its margin over its bar, the sampled rate, its chance)
        scored: list[tuple[float, float, float, Bid]] = []
        for bid, (rate, worlds) in rates.items():
            if rate is None or worlds < self.strength.min_worlds:
                continue
            chance = self.chance(bid, rate)
            scored.append((chance - self._threshold(bid), rate, chance, bid))
        if not scored:
            return None
        clearing = [s for s in scored if s[0] >= 0]
        if not clearing:
            return PASS if PASS in actions else None
        if self.strength.likeliest and rules.scoring in SHEET_SCORINGS:
            # a plus is a plus whatever the contract: of the bids worth their risk, the likeliest to be made
            _, rate, _, best = max(clearing, key=lambda s: (s[2], s[0]))
        else:
            _, rate, _, best = max(clearing, key=lambda s: s[0])
        self.last_bid = (best, rate)
        return best

    def chance(self, bid: Bid, rate: float) -> float:
        """The chance of really making ``bid`` when it made ``rate`` of the sampled worlds.

        With :attr:`Strength.calibrated` the rate goes through the fitted
        curves of :mod:`troef.games.bonaken.bidmodel`; otherwise it is taken
        as it is (the cheat, which sees the one true world).
        """
        if not self.strength.calibrated:
            return rate
        return make_chance(group_of(bid.kind), rate, self.bid_model)

    def _raw_threshold(self, bid: Bid) -> float:
        """The sampled rate at which ``bid`` reaches its bar (to stop sampling once a bid is clear)."""
        if not self.strength.calibrated:
            return self._threshold(bid)
        bar = self._threshold(bid)
        low, high = 0.0, 1.0
        for _ in range(12):
            mid = (low + high) / 2
            if self.chance(bid, mid) >= bar:
                high = mid
            else:
                low = mid
        return high

    def sheet_bar(self, view: BonakenView, rules: Rules) -> float | None:
        """The bar the match's score sheet sets in the view's standing (None: none known or not used)."""
        if not self.strength.by_sheet or view.standing is None:
            return None
        tally = table_for(rules, view.table)
        return None if tally is None else sheet_bar(tally, view.standing, view.viewer)

    def clears_bar(self, bid: Bid, rate: float) -> bool:
        """Whether ``bid`` at sampled rate ``rate`` clears its bar in the view :meth:`_bid` last judged."""
        return self.chance(bid, rate) >= self._threshold(bid)

    def _threshold(self, bid: Bid) -> float:
        sheet = self._sheet_bar
        if bid.kind != BidKind.NUMBER:
            bar = self.strength.every_trick_threshold
            return bar if sheet is None else max(bar, sheet)
        bar = self.strength.threshold
        if sheet is None:
            return bar
        return max(bar, sheet) if self.strength.sheet_raises_only else sheet

    def _plan_step(
        self, view: BonakenView, actions: list[BonakenAction], evaluator: Evaluator, budget: Budget
    ) -> BonakenAction | None:
        held = _mask(view.hand) | _mask(view.laid_away)
        plan = self._plan[1] if self._plan is not None and self._plan[0] == held else None
        if plan is None:
            plan = self._choose_plan(view, evaluator, budget)
            if plan is None:
                return None
            self._plan = (held, plan)
        if view.phase == "exchange":
            for c in plan.discards:
                if Discard(c) in actions:
                    return Discard(c)
            return None
        return NameTrump(plan.trump) if plan.trump >= 0 else None

    def _choose_plan(self, view: BonakenView, evaluator: Evaluator, budget: Budget) -> Plan | None:
        plans = exchange_plans(view, self.rules_for(view), self.strength.plans)
        if len(plans) <= 1:
            return plans[0] if plans else None
        tally = evaluator.plan_tally(plans, budget)
        if tally.worlds < self.strength.min_worlds:
            self._count_fallback(FEW_WORLDS)
            return plans[0]  # the heuristic's own ranking: its best trump, its keep order
        return max(plans, key=lambda p: (tally.rate(p) or 0.0, -plans.index(p)))


def _variants(plan: Plan, pool: int, keep: int) -> list[Plan]:
    """The plan with one kept card swapped for the best laid-away one (roem and voids may change)."""
    if not plan.discards or pool.bit_count() <= keep:
        return []
    kept = pool & ~_mask(plan.discards)
    trump = plan.trump
    best_away = max(plan.discards, key=lambda c: keep_score(c, pool, trump))
    worst_kept = min(cards_of(kept), key=lambda c: keep_score(c, pool, trump))
    swapped = tuple(sorted((set(plan.discards) - {best_away}) | {worst_kept}))
    return [Plan(swapped, trump)]


def _worth_trying(bid: Bid, pool: int, keep: int, players: int, rules: Rules, closed: int) -> bool:
    """Cheap pruning: contracts hopeless by the heuristic's measure are not played out."""
    if bid.kind == BidKind.NUMBER:
        return limit_of(pool, keep, players, rules, closed, bid.value) >= bid.value - 20
    unseen = ALL32 & ~pool
    if bid.kind == BidKind.MISERE:
        return min(misere_danger(pool, t, unseen, players, keep) for t in (-1, 0, 1, 2, 3)) <= 1.2
    # zwabber and bonaak: nearly every card must win its trick
    trumps = (-1,) if bid.kind == BidKind.ZWABBER else (0, 1, 2, 3)
    for trump in trumps:
        sure = 0
        for card in cards_of(pool):
            if card >> 3 == trump:
                sure += strength(card, trump) >= 5  # the trump jack, nel or ace
            elif not unseen & SUIT32[card >> 3] & ~((2 << card) - 1):
                sure += 1  # nothing higher of its suit is out
        if sure >= keep - 1:
            return True
    return False
