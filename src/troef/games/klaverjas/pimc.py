"""The sampling player of klaverjas (``pimc``): worlds from its view, each solved, the best mean chosen.

It uses the loop written once (:func:`troef.core.pimc.decide`) with this
game's parts: :class:`~troef.games.klaverjas.sampler.WorldSampler` deals the
hidden cards consistently with the seat's view, and the evaluators below ask
the solver (:mod:`troef.games.klaverjas.solver`) in each world.

* Cards: each legal card is worth 1 in a world where the seat's side then
  reaches its goal (the playing side: more than the other side; the other
  side: the playing side nat), 0 otherwise. Near the end the solver is exact;
  earlier it searches a few tricks deep and estimates the rest
  (:attr:`Strength.horizon`). Among the cards of the best value the club
  player's choice (:class:`~troef.games.klaverjas.heuristic.HeuristicBot`) is
  preferred: it keeps points and tricks where the goal is already decided.
* Trump and the kraak words (Kraken 3.1): by default the club player's
  hand valuation (its curves are fitted on played deals and spend the quota's
  kraaks by plan). With ``contracts="sampled"`` they are sampled too: the
  suit with the best chance of taking more than half; a word when the chance
  that the speaker's side, then the playing side, takes more than half is
  above a threshold: one half, lowered while the side owes kraaks of its
  quota, the more the fewer deals it still defends (the share of its
  remaining defending deals it must kraak sets how good a chance must be).
  Sampled at a horizon of two tricks the chances came out too optimistic
  (a duplicate arena against the club player lost its kraaks), hence the
  default. With ``contracts="model"`` the kraak words come from the model
  learned from self-play (:mod:`troef.train.kraken`; measured no better
  than the default in the arena, ``docs/findings.md``).
* Roem from the hand: its best total without stuk; stuk is declared with the
  first stuk card played (so a cancelled hand roem never takes stuk along).
  Roem in a trick is always claimed.

The work per decision is counted in worlds and solver nodes
(:class:`Strength`), not timed, so a seed gives the same game on any machine.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Final

from troef.core.pimc import Budget, Decision, PimcBot, decide
from troef.games.klaverjas.actions import (
    CLAIM,
    NO,
    STUK,
    DeclareRoem,
    KlaverjasAction,
    NameTrump,
    Play,
    Word,
    declare_roem,
    parse_action,
)
from troef.games.klaverjas.heuristic import HeuristicBot
from troef.games.klaverjas.kraak import playing_side
from troef.games.klaverjas.roem import best_hand_roem, sequence_values, stuk_mask
from troef.games.klaverjas.sampler import WorldSampler
from troef.games.klaverjas.solver import Position, position_from_view, solve
from troef.games.klaverjas.solver.position import pending_hand_roem
from troef.games.klaverjas.view import KlaverjasView

Hands = tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class Strength:
    """How hard the player thinks: work counted in worlds and solver nodes (never time, but the safety cap).

    ``worlds``/``nodes``: per card decision; ``exact_from``: with at most so
    many tricks left the solver searches to the end, before that
    ``horizon`` tricks deep; ``bid_*``: the same for trump and kraak.
    """

    worlds: int = 12
    nodes: int = 12_000
    exact_from: int = 5
    horizon: int = 2
    bid_worlds: int = 10
    bid_nodes: int = 16_000
    bid_horizon: int = 2
    time_cap: float | None = 5.0
    #: How trump and the kraak words are chosen: "heuristic" (the club player's hand valuation, fitted on
    #: played deals), "sampled" (worlds solved a few tricks deep: measured too optimistic, see the report) or
    #: "model" (trump the club player's, the kraak words by the model learned from self-play: troef.train.kraken).
    contracts: str = "heuristic"
    #: With ``contracts="model"``: a model file to use instead of the package's ``kraak_model.json``.
    kraak_model: str = ""
    #: With ``contracts="model"``: a word the side says while it owes kraaks of the quota is the club
    #: player's when this is negative; else the model's, with the quota's credit times this.
    quota_credit: float = -1.0
    #: Before ``exact_from`` (values estimated beyond the horizon) the club player's card is kept when its
    #: mean is within this much of the best.
    slack: float = 0.1


#: The default strength (the ``pimc`` of the bot registry).
DEFAULT: Final = Strength()


def _card_of(text: str) -> int:
    action = parse_action(text)
    assert isinstance(action, Play)
    return action.card


class CardEvaluator:
    """Values each legal card in one world: 1 when the seat's side then reaches its goal."""

    def __init__(self, strength: Strength) -> None:
        self.strength = strength

    def evaluate(
        self, view: KlaverjasView, world: Hands, actions: Sequence[str], nodes: int
    ) -> tuple[Mapping[str, float], int]:
        position = position_from_view(view, world)
        left = position.tricks_left
        horizon = 0 if left <= self.strength.exact_from else self.strength.horizon
        solution = solve(position, node_limit=max(nodes, 200), horizon=horizon)
        mine = (view.viewer & 1) == position.playing_side
        out: dict[str, float] = {}
        for text in actions:
            made = solution.move_values.get(_card_of(text), solution.makes)
            out[text] = 1.0 if made == mine else 0.0
        return out, solution.nodes


def first_lead_position(view: KlaverjasView, world: Hands, trump: int, side: int) -> Position:
    """The deal of ``world`` at its first lead with ``trump``, ``side`` to take more than half.

    Roem from the hand is judged as if everybody declares his best without
    stuk; stuk is sure for its holder.
    """
    rules = view.rules
    score = [0, 0]
    if rules.hand_roem:
        extra = pending_hand_roem(rules, trump, world, (-1, -1, -1, -1), (True, True, True, True), side)
        score = [extra[0], extra[1]]
    stuk = stuk_mask(trump)
    if rules.stuk:
        for seat in range(4):
            if world[seat] & stuk == stuk:
                score[seat & 1] += rules.stuk
    return Position(
        hands=world,
        trump=trump,
        rotterdam=rules.follow_mode,
        trick=(),
        to_move=(view.dealer + 1) % 4,
        tricks_left=8,
        score=(score[0], score[1]),
        won=(0, 0),
        playing_side=side,
        sequences=sequence_values(rules),
        fours=rules.fours,
        pit=rules.pit,
    )


class ContractEvaluator:
    """Values trump choices and kraak words in one world (the first lead, solved a few tricks deep).

    A trump is worth 1 when the seat's side, playing with it, takes more
    than the other side; a kraak word 1 when the seat's side, then the
    playing side, does. "no" and "pass" are worth the fixed ``threshold``;
    without one (hints), "no" is worth 1 when the seat's side reaches its
    goal as things stand, and "pass" 0.
    """

    def __init__(self, strength: Strength, threshold: float | None) -> None:
        self.strength = strength
        self.threshold = threshold

    def evaluate(
        self, view: KlaverjasView, world: Hands, actions: Sequence[str], nodes: int
    ) -> tuple[Mapping[str, float], int]:
        out: dict[str, float] = {}
        spent = 0
        mine = view.viewer & 1
        share = max(200, nodes // max(1, len(actions)))
        for text in actions:
            action = parse_action(text)
            side = mine
            if isinstance(action, NameTrump):
                trump = action.suit
            elif isinstance(action, Word) and action.word in ("kraak", "rekraak", "superkraak"):
                trump = view.trump
            elif self.threshold is None and action == NO:
                trump = view.trump
                side = playing_side(view.declarer, view.level)
            else:
                out[text] = self.threshold or 0.0
                continue
            position = first_lead_position(view, world, trump, side)
            solution = solve(position, all_moves=False, node_limit=share, horizon=self.strength.bid_horizon)
            spent += solution.nodes
            out[text] = 1.0 if solution.makes == (side == mine) else 0.0
        return out, spent


def defending_left(view: KlaverjasView, side: int) -> int:
    """Deals from this one on in which ``side`` defends (verplicht: the player after the dealer plays)."""
    first_dealer = (view.dealer - (view.deal_number - 1)) % 4
    return sum(1 for j in range(view.deal_number - 1, view.rules.deals) if (first_dealer + j + 1) & 1 != side)


def kraak_threshold(view: KlaverjasView) -> float:
    """The chance a kraak word needs: one half, lower while the speaker's side owes kraaks (Kraken 3.1).

    Superkraak adds nothing to the quota, so it always needs one half.
    """
    side = view.viewer & 1
    if view.owed is None or view.level >= 2:
        return 0.5
    owed = view.owed[side]
    if not owed:
        return 0.5
    left = max(1, defending_left(view, side))
    return 0.5 * max(0.0, 1.0 - owed / left)


def plain_roem(view: KlaverjasView) -> int:
    """The best roem the seat's dealt hand shows without stuk (what this player declares)."""
    hand = 0
    for card in view.hand or ():
        hand |= 1 << card
    for seat, card in view.trick:  # it may declare after its first card, until the first trick is complete
        if seat == view.viewer:
            hand |= 1 << card
    return best_hand_roem(hand, view.trump, view.rules)[0]


class KlaverjasPimcBot(PimcBot[Hands]):
    """The sampling player (``pimc``); see the module docstring."""

    kind = "pimc"

    def __init__(self, seed: int | None = None, name: str | None = None, *, strength: Strength | None = None) -> None:
        self.strength = strength or DEFAULT
        super().__init__(seed, name, parse=parse_action, budget=self._budget(False))
        self.heuristic = HeuristicBot(seed)

    def _budget(self, contract: bool) -> Budget:
        s = self.strength
        if contract:
            return Budget(worlds=s.bid_worlds, nodes=s.bid_nodes, time_cap=s.time_cap)
        return Budget(worlds=s.worlds, nodes=s.nodes, time_cap=s.time_cap)

    def sampler(self, view: KlaverjasView) -> WorldSampler:
        """The worlds of this seat (the cheat overrides it with the true world)."""
        return WorldSampler(view)

    def act(self, view: KlaverjasView) -> KlaverjasAction:
        legal = view.legal
        if not legal:
            raise ValueError(f"seat {view.viewer} has nothing to do in this view")
        if len(legal) == 1:
            return parse_action(legal[0])
        if view.phase == "claim":
            return CLAIM
        if view.phase == "kraak" and self.strength.contracts == "model":
            return self._model_word(view)
        if view.phase in ("choose", "kraak") and self.strength.contracts != "sampled":
            return self.heuristic.act(view)
        if view.phase in ("choose", "kraak"):
            threshold = kraak_threshold(view) if view.phase == "kraak" else 0.5
            self.last = decide(
                view,
                legal,
                self.sampler(view),
                ContractEvaluator(self.strength, threshold),
                self._budget(True),
                self.rng,
            )
            return parse_action(self.last.best)
        actions = [parse_action(t) for t in legal]
        roem = [a for a in actions if isinstance(a, DeclareRoem)]
        if roem:
            plain = plain_roem(view)
            if any(a.value == plain for a in roem) and plain > 0:
                return next(a for a in roem if a.value == plain)
        if view.phase == "roem":
            return declare_roem(0)  # the first trick's roem call (Kraken 3.2): it declares only its plain best
        plays = [t for t, a in zip(legal, actions, strict=True) if isinstance(a, Play)]
        card = self.choose_card(view, plays)
        if STUK in actions and (1 << card) & stuk_mask(view.trump):
            return STUK  # declare stuk with the first stuk card (Kraken 3.2 / claim rules)
        return Play(card)

    def _model_word(self, view: KlaverjasView) -> KlaverjasAction:
        """The kraak word of the learned model (:func:`troef.train.kraken.choose_word`)."""
        from troef.train.kraken import load_model, model_word

        return model_word(
            view, load_model(self.strength.kraak_model or None), self.strength.quota_credit, self.heuristic
        )

    def choose_card(self, view: KlaverjasView, plays: list[str]) -> int:
        """The card to play: the best mean over the worlds, the club player's choice among equals."""
        if len(plays) == 1:
            return _card_of(plays[0])
        self.last = decide(view, plays, self.sampler(view), CardEvaluator(self.strength), self._budget(False), self.rng)
        slack = 0.0 if 8 - len(view.tricks) <= self.strength.exact_from else self.strength.slack
        return _card_of(prefer_heuristic(self.last, plays, self.heuristic_choice(view, plays), slack))

    def heuristic_choice(self, view: KlaverjasView, plays: list[str]) -> str | None:
        """The club player's card among ``plays`` (None if it would rather declare)."""
        restricted = replace(view, legal=tuple(plays))
        choice = self.heuristic.act(restricted)
        text = choice.text()
        return text if text in plays else None


def prefer_heuristic(decision: Decision, actions: Sequence[str], preferred: str | None, slack: float = 0.0) -> str:
    """The decision's best action, or ``preferred`` when it is as good (within ``slack``)."""
    top = max(decision.values.values())
    if preferred is not None and decision.values.get(preferred, -1.0) >= top - slack - 1e-9:
        return preferred
    return decision.best
