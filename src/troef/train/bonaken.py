"""Bonaken's bids valued on the score sheet by a model learned from fair self-play.

**What is learned.** At a bid the strong level plays each sensible contract
out over worlds that fit its view (:meth:`PimcBot._bid
<troef.games.bonaken.pimc.PimcBot>`): the lowest number bid, misère,
zwabber, bonaak, each with the share of worlds in which it is made. For each
alternative (passing, or one of those bids) :func:`features` gives what the
seat knows: the alternative, its sampled rate and the chance the shipped
curve gives it (:mod:`troef.games.bonaken.bidmodel`), the rates of the other
contracts, the bidding so far, and what the score sheet makes of a plus, a
minus and a pass in the seat's standing (``W``, ``L``, ``P`` of
:mod:`troef.games.bonaken.sheetvalue`, nk rules 52-57). The model predicts
the chance that the hand ends with the seat as declarer having made its
contract (``made``) and having failed it (``failed``); the alternative is
worth ``made W + failed L + (1 - made - failed) P`` table points
(:func:`value_of`). That takes in what the curve leaves out: a bid that is
outbid costs nothing, a bid that wins the bidding against others who bid
too is made less often.

**The data** (:func:`generate`). nk matches of four seats that bid as the
strong level (its worlds, the generation's model or, for generation 0, the
curve), every seat deciding from its own view; the exchange and the cards by
the club player (``play="club"``) or by the strong level (``"strong"``). At
each bid where the strong level played some contract out, the hand is copied
and played on to its end with each alternative, ``repeats`` times, the rest
by players of the same generation: the true cards decide what each
alternative brought, the features hold only what the seat saw.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, Final

from troef.core.bot import Bot
from troef.games.bonaken.actions import PASS, Bid, BidKind, BonakenAction, parse_action
from troef.games.bonaken.bidmodel import group_of, make_chance
from troef.games.bonaken.heuristic import HeuristicBot
from troef.games.bonaken.match import Match
from troef.games.bonaken.pimc import PimcBot, Strength
from troef.games.bonaken.pimc_infer import event_action
from troef.games.bonaken.rules import preset
from troef.games.bonaken.state import DealState
from troef.games.bonaken.view import BonakenView, hand_view
from troef.train import selfplay
from troef.train.model import Mlp, load_packaged
from troef.train.selfplay import Data, Learner, Record, load_data, rows, save_data

__all__ = ["Data", "Record", "load_data", "save_data"]

#: The contract groups of the features (:func:`~troef.games.bonaken.bidmodel.group_of`).
GROUPS: Final = ("number", "misere", "every_trick")
#: The inputs of the model, in order (see :func:`features`).
FEATURES: Final = (
    "pass",
    "number",
    "misere",
    "every_trick",
    "rate",
    "chance",
    "bid_value",
    "rate_number",
    "rate_misere",
    "rate_every_trick",
    "has_number",
    "has_misere",
    "has_every_trick",
    "high_value",
    "high_number",
    "high_other",
    "bids_before",
    "passes_before",
    "order",
    "players",
    "won",
    "lost",
    "passed",
    "bar",
)
#: The outputs: the chances that the hand ends with the seat as declarer having made, or failed, its contract.
OUTPUTS: Final = ("made", "failed")
#: Where the shipped model lives (package data).
MODEL_RESOURCE: Final = ("troef.games.bonaken", "bids_model.json")
#: The name of :func:`policy_gain`'s mean in a model's header.
GAIN_UNIT: Final = "table_points_per_bid"

Rates = Mapping[Bid, tuple[float | None, int]]


def sheet_of(view: BonakenView) -> tuple[float, float, float] | None:
    """``(W, L, P)``: the seat's match result after making, failing or not declaring, or None without figures."""
    from troef.analysis.bonaken import sheet_outcomes

    if view.standing is None:
        return None
    return sheet_outcomes(view.rules, view.table, view.standing, view.viewer)


def measured(rates: Rates, min_worlds: int) -> dict[Bid, float]:
    """The bids played out in at least ``min_worlds`` worlds, with their sampled rates."""
    return {bid: rate for bid, (rate, worlds) in rates.items() if rate is not None and worlds >= min_worlds}


def alternatives(view: BonakenView, rates: Mapping[Bid, float]) -> list[BonakenAction]:
    """Passing (where legal) and the bids played out: the actions the model values."""
    out: list[BonakenAction] = [PASS] if PASS.text() in view.legal else []
    out += [bid for bid in rates if bid.text() in view.legal]
    return out


def _bidding(view: BonakenView) -> tuple[Bid | None, int, int]:
    """The highest bid so far, the bids and the passes said before the seat's decision."""
    high: Bid | None = None
    bids = passes = 0
    for _, text in view.events:
        action = event_action(text)
        if isinstance(action, Bid):
            high = action
            bids += 1
        elif action == PASS:
            passes += 1
    return high, bids, passes


def features(
    view: BonakenView, rates: Mapping[Bid, float], alternative: BonakenAction, sheet: tuple[float, float, float]
) -> list[float]:
    """What the seat knows about ``alternative``, as numbers in the order of :data:`FEATURES`."""
    won, lost, passed = sheet
    best = dict.fromkeys(GROUPS, -1.0)
    for bid, rate in rates.items():
        group = group_of(bid.kind)
        best[group] = max(best[group], rate)
    rate = chance = value = 0.0
    kind = "pass"
    if isinstance(alternative, Bid):
        kind = group_of(alternative.kind)
        rate = rates[alternative]
        chance = make_chance(kind, rate)
        value = alternative.value / 100 if alternative.kind == BidKind.NUMBER else 0.0
    high, bids, passes = _bidding(view)
    seats = view.seats
    order = (seats.index(view.viewer) - seats.index(view.dealer) - 1) % len(seats) if view.dealer in seats else 0
    bar = (passed - lost) / (won - lost) if won > lost else 1.0
    return [
        float(kind == "pass"),
        float(kind == "number"),
        float(kind == "misere"),
        float(kind == "every_trick"),
        rate,
        chance,
        value,
        *(max(0.0, best[g]) for g in GROUPS),
        *(float(best[g] >= 0) for g in GROUPS),
        high.value / 100 if high is not None and high.kind == BidKind.NUMBER else 0.0,
        float(high is not None and high.kind == BidKind.NUMBER),
        float(high is not None and high.kind != BidKind.NUMBER),
        float(bids),
        float(passes),
        float(order),
        float(len(seats)),
        won,
        lost,
        passed,
        bar,
    ]


def value_of(made: float, failed: float, sheet: tuple[float, float, float]) -> float:
    """An alternative's expected match result from its predicted chances (clipped to a distribution)."""
    won, lost, passed = sheet
    made = min(1.0, max(0.0, made))
    failed = min(1.0 - made, max(0.0, failed))
    return made * won + failed * lost + (1.0 - made - failed) * passed


def predicted_value(model: Mlp, x: list[float], sheet: tuple[float, float, float]) -> float:
    """The expected match result of one alternative's features by the model."""
    made, failed = model.predict(x)
    return value_of(made, failed, sheet)


def values_of(view: BonakenView, rates: Mapping[Bid, float], model: Mlp) -> dict[str, float] | None:
    """Each alternative's expected match result (table points in nk), or None where the sheet has no figures."""
    sheet = sheet_of(view)
    if sheet is None:
        return None
    out: dict[str, float] = {}
    for alternative in alternatives(view, rates):
        out[alternative.text()] = predicted_value(model, features(view, rates, alternative, sheet), sheet)
    return out


def load_model(path: str | None = None) -> Mlp:
    """The model in file ``path``, or without one the model shipped in the package (``bids_model.json``)."""
    return load_packaged(*MODEL_RESOURCE, path or None)


def model_of(bot: PimcBot) -> Mlp:
    """The model a bot bids by: its own (self-play), else its strength's file, else the package's."""
    return bot.bids_model or load_model(bot.strength.bids_file or None)


def model_bid(bot: PimcBot, view: BonakenView, actions: Sequence[BonakenAction], rates: Rates) -> BonakenAction | None:
    """The strong level's bid by the model: the alternative of the highest value (a tie goes to passing).

    None (the heuristic decides) when no bid was measured in enough worlds; the curve's way
    (:meth:`PimcBot.pick_bid`) where the score sheet has no figures. With ``model_floor``
    misère, zwabber and bonaak are alternatives only where they clear the curve's bar.
    """
    valued = measured(rates, bot.strength.min_worlds)
    if not valued:
        return None
    if bot.strength.model_floor:
        valued = {b: r for b, r in valued.items() if b.kind == BidKind.NUMBER or bot.clears_bar(b, r)}
        if not valued:
            return PASS if PASS in actions else None
    values = values_of(view, valued, model_of(bot))
    if values is None:
        return bot.pick_bid(view, actions, rates)
    best = max(values, key=lambda text: (values[text], text == PASS.text()))
    action = parse_action(best)
    if isinstance(action, Bid):
        bot.last_bid = (action, valued[action])
    return action


def value_of_bids(view: BonakenView, samples: int = 24, seed: int = 0, model: Mlp | None = None) -> Any:
    """The :class:`~troef.analysis.core.BidValues` of a bid decision by the model (None: not one it values).

    The worlds are the strong level's (``samples`` of them, seeded); passing and each bid played out get
    their expected match result. For :func:`troef.analysis.core.register_bid_model` (:func:`register`).
    """
    from troef.analysis.bonaken import MISTAKE_TABLE_POINTS
    from troef.analysis.core import BidValues

    if view.phase != "bidding" or view.hand is None or view.to_act != view.viewer:
        return None
    sheet = sheet_of(view)
    if sheet is None:
        return None
    bot = PimcBot(seed, strength=replace(Strength(), samples=samples, bids="model"))
    if model is not None:
        bot.bids_model = model
    bot.act(view)
    valued = measured(bot.last_rates, bot.strength.min_worlds)
    values = values_of(view, valued, model_of(bot)) if valued else None
    if not values or len(values) < 2:
        return None
    low, high = min(sheet), max(sheet)
    ranges = dict.fromkeys(values, (low, high))
    return BidValues(values, ranges, samples, "table points", MISTAKE_TABLE_POINTS)


def register() -> None:
    """Let the analysis and the hints value Bonaken's bids by the shipped model."""
    from troef.analysis.core import register_bid_model

    register_bid_model("bonaken", value_of_bids)


# ---------------------------------------------------------------------------- self-play
class SelfPlayBot(Bot):
    """One seat of a generation: bids as the strong level (by ``model``, or the curve without one), the
    exchange and the cards by ``play`` (``club``: the heuristic; ``strong``: the strong level)."""

    kind = "trained"

    def __init__(self, seed: int, model: Mlp | None, play: str, strength: Strength | None = None) -> None:
        super().__init__(seed)
        if play not in ("club", "strong"):
            raise ValueError(f"unknown card play {play!r}: choose club or strong")
        base = strength or Strength()
        self.bidder = PimcBot(seed, strength=replace(base, bids="model" if model is not None else "curve"))
        self.bidder.bids_model = model
        self.player: Bot = self.bidder if play == "strong" else HeuristicBot(seed)

    def act(self, view: BonakenView) -> BonakenAction:
        if view.phase == "bidding":
            return self.bidder.act(view)
        self.bidder.last_rates = {}
        action: BonakenAction = self.player.act(view)
        return action


def _replay(hand: DealState, action: BonakenAction, players: Sequence[Bot], seat: int) -> tuple[int, int]:
    """Play a copy of ``hand`` on from ``action`` to its end: (made, failed) for ``seat`` as declarer."""
    copied = hand.copy()
    copied.apply(action)
    while not copied.is_over:
        to_act = copied.to_act
        copied.apply(players[to_act].act(hand_view(copied, to_act)))
    result = copied.result
    if result is None or result.redeal or seat not in result.declarers:
        return (0, 0)
    return (1, 0) if result.won.get(seat, False) else (0, 1)


def play_match(
    seed: int,
    model: Mlp | None,
    play: str = "club",
    repeats: int = 1,
    strength: Strength | None = None,
    rules: str = "nk",
) -> Data:
    """One match of self-play (four seats of one generation), every valued bid's alternatives replayed."""
    match = Match(preset(rules), players=4, seed=seed)
    players = [SelfPlayBot(seed * 4 + s, model, play, strength) for s in range(4)]

    def step() -> Record | None:
        hand = match.hand
        seat = hand.to_act
        view = hand_view(hand, seat)
        action = players[seat].act(view)
        record = None
        if view.phase == "bidding":
            bidder = players[seat].bidder
            record = _record(hand, view, action, bidder, seed, len(match.hands), play, model, strength, repeats)
        match.apply(action)
        return record

    return selfplay.self_play(match, lambda: len(match.hands), step)


def _record(
    hand: DealState,
    view: BonakenView,
    action: BonakenAction,
    bidder: PimcBot,
    seed: int,
    hand_number: int,
    play: str,
    model: Mlp | None,
    strength: Strength | None,
    repeats: int,
) -> Record | None:
    rates = measured(bidder.last_rates, bidder.strength.min_worlds)
    sheet = sheet_of(view)
    if not rates or sheet is None:
        return None
    options = alternatives(view, rates)
    if len(options) < 2:
        return None
    seat = view.viewer
    outcomes: list[list[tuple[int, ...]]] = []
    for index, option in enumerate(options):
        runs: list[tuple[int, ...]] = []
        for k in range(max(1, repeats)):
            replayers = [
                SelfPlayBot(hash((seed, hand_number, len(view.events), index, k, s)) & 0xFFFFFF, model, play, strength)
                for s in range(4)
            ]
            runs.append(_replay(hand, option, replayers, seat))
        outcomes.append(runs)
    taken = next((i for i, o in enumerate(options) if o == action), -1)
    return Record([features(view, rates, o, sheet) for o in options], outcomes, sheet, taken)


def generate(matches: int, seed: int, model: Mlp | None, play: str = "club", **options: Any) -> Data:
    """Self-play data of ``matches`` matches from ``seed`` by :func:`play_match`; ``options``: ``repeats``,
    ``workers``, ``strength``, ``progress`` (:func:`troef.train.selfplay.generate`)."""
    return selfplay.generate(play_match, matches, seed, model, play, **options)


def _sheet(record: Record) -> tuple[float, float, float]:
    won, lost, passed = record.context
    return won, lost, passed


def _target(record: Record, index: int) -> list[float]:
    runs = record.outcomes[index]
    return [sum(r[0] for r in runs) / len(runs), sum(r[1] for r in runs) / len(runs)]


def table(data: Data) -> tuple[list[list[float]], list[list[float]], list[int]]:
    """The rows to fit (one per alternative of a decision), their mean (made, failed), and each row's decision."""
    return rows(data, _target)


def replayed_value(record: Record, index: int) -> float:
    """The mean match result of alternative ``index`` over its replays."""
    runs = record.outcomes[index]
    return sum(value_of(m, f, _sheet(record)) for m, f in runs) / len(runs)


def _values(model: Mlp, record: Record) -> list[float]:
    return [predicted_value(model, xs, _sheet(record)) for xs in record.xs]


def policy_gain(model: Mlp, data: Data, decisions: Sequence[int] | None = None) -> tuple[float, int, int]:
    """What bidding by the model would have brought over the self-play's own bids, in its replays.

    Over the decisions ``decisions`` (all without) whose action taken was one of the alternatives: the
    mean of the replayed match result of the model's choice less that of the action taken (table
    points), the number of decisions where the two differ, and the number compared.
    """
    return selfplay.policy_gain(data, lambda record: _values(model, record), replayed_value, decisions)


#: What the model is fitted on (:class:`~troef.train.selfplay.Learner`).
LEARNER: Final = Learner(
    features=FEATURES,
    outputs=OUTPUTS,
    target=_target,
    values=_values,
    replayed=replayed_value,
    header={"game": "bonaken", "preset": "nk", "decision": "bids"},
    gain_unit=GAIN_UNIT,
)
#: Fit the model of a generation on self-play data; its header says how it was made (the validation rows
#: are whole decisions, and it notes :func:`policy_gain` on them).
train: Final = LEARNER.train
