"""Binokel's bids valued on the round's score by a model learned from fair self-play.

**What is learned.** At a bid the strong level works out, once a round, the
chance that its side reaches each bid from the lowest it may make up to 200
above it (:func:`~troef.games.binokel.pimc.bid_chances`, worlds that fit its
view). The alternatives of a bid decision are passing and each legal bid
("Bieten": the highest so far raised by 10 or 20) that it valued. For each
:func:`features` gives what the seat knows: the bid, its chance and the
chances of the next bids (the shape of the hand's strength), the seat's best
meld, the bidding so far (the highest bid, the partner's and the
opponents' bids, who passed), the seat's place after the dealer and the
sides' totals against the target. The model predicts what the bid gains
over passing on the round's score: the side's round score less the other
side's ("Punktewertung"), in hundreds of points (:data:`SCALE`); passing is
worth 0. That takes in what the chances leave out: a bid may be outbid, or
push the other side into a bid it cannot make, and passing hands the bid to
someone else.

**The data** (:func:`generate`). Matches of four seats that bid as the
strong level (by the thresholds for generation 0, by the generation's model
after), every seat from its own view, the trump, the exchange and the cards
by the club player (``play="club"``) or the strong level (``"strong"``). At
each bid decision with a valued bid the round is copied and played on to its
end with each alternative, ``repeats`` times, by the same players (each has
worked out the same chances so far, :meth:`PimcBot.forked
<troef.games.binokel.pimc.PimcBot.forked>`): the true cards decide what each
alternative brought, the features hold only what the seat saw.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import replace
from typing import Any, Final

from troef.core.bot import Bot
from troef.core.pimc import Decision
from troef.games.binokel.actions import PASS, BinokelAction, bid, parse_action
from troef.games.binokel.heuristic import HeuristicBot
from troef.games.binokel.match import Match
from troef.games.binokel.pimc import PimcBot, Strength, own_meld
from troef.games.binokel.rules import preset
from troef.games.binokel.view import BinokelView, round_view, view_of_round
from troef.train import selfplay
from troef.train.model import Mlp, load_packaged
from troef.train.selfplay import Data, Learner, Record, best, load_data, save_data

__all__ = ["Data", "Record", "load_data", "save_data"]

#: The inputs of the model, in order (see :func:`features`).
FEATURES: Final = (
    "pass",
    "bid",
    "first",
    "step",
    "chance",
    "chance_next",
    "chance_50",
    "chance_100",
    "meld",
    "over_meld",
    "high",
    "partner_bid",
    "partner_passed",
    "partner_holds",
    "opponent_bid",
    "opponents_in",
    "bids_before",
    "passes_before",
    "order",
    "own_total",
    "other_total",
    "own_to_target",
    "other_to_target",
)
#: The output: what the bid gains over passing, on the side's round score less the other side's.
OUTPUTS: Final = ("gain",)
#: The output's unit in points: the model predicts hundreds of points.
SCALE: Final = 100.0
#: The fit's target is clipped to this many points either way: the few rounds where a bid swings two
#: contracts (a lost bid on one side, a made one on the other) would otherwise drive the fit.
CLIP: Final = 500.0
#: Where the shipped model lives (package data).
MODEL_RESOURCE: Final = ("troef.games.binokel", "bids_model.json")
#: The name of :func:`~troef.train.selfplay.policy_gain`'s mean in a model's header.
GAIN_UNIT: Final = "points_per_bid"


def bid_value(text: str) -> int:
    """The number of a bid's text (``bid 270`` -> 270)."""
    return int(text.split()[1])


def alternatives(view: BinokelView, chances: Decision) -> list[BinokelAction]:
    """Passing, then each legal bid the chances value: the actions the model values (passing first)."""
    valued = [t for t in view.legal if t.startswith("bid ") and t in chances.values]
    return [PASS, *(bid(bid_value(t)) for t in valued)] if PASS.text() in view.legal else []


def features(view: BinokelView, chances: Decision, alternative: BinokelAction) -> list[float]:
    """What the seat knows about ``alternative`` (pass or a bid), as numbers in the order of :data:`FEATURES`."""
    me, partner = view.viewer, (view.viewer + 2) % 4
    legal = sorted(bid_value(t) for t in view.legal if t.startswith("bid "))
    lowest = legal[0] if legal else view.bid

    def chance(value: int) -> float:
        return chances.values.get(f"bid {value}", 0.0)

    made = [(value, seat) for seat, value in view.bids if value > 0]
    high = max(made)[0] if made else 0
    passed = {seat for seat, value in view.bids if value == 0}
    partner_bids = [value for value, seat in made if seat == partner]
    opponent_bids = [value for value, seat in made if seat & 1 != me & 1]
    meld = own_meld(view)
    value = 0 if alternative == PASS else bid_value(alternative.text())
    own, other = view.totals[me & 1], view.totals[(me & 1) ^ 1]
    return [
        float(alternative == PASS),
        value / SCALE,
        float(not made),
        (value - high) / 10 if value and made else 0.0,
        chance(value) if value else 0.0,
        chance(lowest),
        chance(lowest + 50),
        chance(lowest + 100),
        meld / SCALE,
        ((value or lowest) - meld) / SCALE,
        high / SCALE,
        max(partner_bids, default=0) / SCALE,
        float(partner in passed),
        float(bool(made) and max(made)[1] == partner),
        max(opponent_bids, default=0) / SCALE,
        float(sum(1 for seat in ((me + 1) % 4, (me + 3) % 4) if seat not in passed)),
        float(len(made)),
        float(len(passed)),
        float((me - view.dealer - 1) % 4),
        own / 1000,
        other / 1000,
        (view.target - own) / 1000,
        (view.target - other) / 1000,
    ]


def predicted_gains(model: Mlp, xs: Sequence[list[float]]) -> list[float]:
    """Each alternative's predicted gain over passing in points: 0 for passing (the first), the model's for each bid."""
    return [0.0, *(model.predict(x)[0] * SCALE for x in xs[1:])]


def load_model(path: str | None = None) -> Mlp:
    """The model in file ``path``, or without one the model shipped in the package (``bids_model.json``)."""
    return load_packaged(*MODEL_RESOURCE, path or None)


def values_of(view: BinokelView, chances: Decision, model: Mlp) -> dict[str, float]:
    """Each alternative's predicted gain over passing (points; passing 0), by action text; empty without a bid."""
    options = alternatives(view, chances)
    if len(options) < 2:
        return {}
    gains = predicted_gains(model, [features(view, chances, o) for o in options])
    return {o.text(): g for o, g in zip(options, gains, strict=True)}


def model_bid(bot: PimcBot, view: BinokelView, chances: Decision) -> BinokelAction | None:
    """The strong level's bid by the model: the alternative of the highest predicted value (a tie: passing).

    None (the thresholds decide) when no legal bid was valued.
    """
    values = values_of(view, chances, bot.bids_model or load_model(bot.strength.bids_file or None))
    if not values:
        return None
    texts = list(values)
    return parse_action(texts[best(list(values.values()), 0)])


# ---------------------------------------------------------------------------- self-play
class SeatBot(Bot):
    """One seat of a generation: bids as the strong level (by ``model``, or the thresholds without one),
    the trump, the exchange and the cards by ``play`` (``club``: the heuristic; ``strong``: the strong level)."""

    kind = "trained"

    def __init__(
        self, seed: int, model: Mlp | None, play: str, strength: Strength | None = None, bidder: PimcBot | None = None
    ) -> None:
        super().__init__(seed)
        if play not in ("club", "strong"):
            raise ValueError(f"unknown card play {play!r}: choose club or strong")
        self.play = play
        if bidder is None:
            bidder = PimcBot(seed, strength=replace(strength or Strength(), bids="model" if model else "chance"))
            bidder.bids_model = model
        self.bidder = bidder
        self.player: Bot = bidder if play == "strong" else HeuristicBot(seed)

    def act(self, view: BinokelView) -> BinokelAction:
        action: BinokelAction = (self.bidder if view.phase == "bidding" else self.player).act(view)
        return action

    def forked(self, seed: int) -> SeatBot:
        """The same player drawing from ``seed``: what it worked out so far in the round is kept."""
        return SeatBot(seed, self.bidder.bids_model, self.play, bidder=self.bidder.forked(seed))


def _replay(match: Match, action: BinokelAction, players: Sequence[Bot], seat: int) -> int:
    """Play a copy of the match's round on from ``action`` to its end: the side's score less the other's."""
    copied = copy.deepcopy(match.round)
    copied.apply(action)
    index = len(match.rounds) - 1
    totals = match.sheet[index - 1] if index > 0 else (0, 0)
    while copied.score is None:
        to_act = copied.to_act
        view = view_of_round(copied, to_act, preset=match.rules.preset, index=index, totals=totals)
        copied.apply(players[to_act].act(view))
    side = seat & 1
    assert copied.score is not None
    return copied.score.delta[side] - copied.score.delta[side ^ 1]


def _record(
    match: Match, view: BinokelView, action: BinokelAction, players: Sequence[SeatBot], seed: int, repeats: int
) -> Record | None:
    chances = players[view.viewer].bidder.last
    if chances is None:
        return None
    options = alternatives(view, chances)
    if len(options) < 2:
        return None
    outcomes: list[list[tuple[int, ...]]] = []
    for option in options:
        runs: list[tuple[int, ...]] = []
        for k in range(max(1, repeats)):
            # the k-th replay of every alternative draws the same worlds (common random numbers): what
            # differs between the alternatives' outcomes is what the alternative changed, not the draws
            key = (seed, len(match.rounds), len(view.events), k)
            twins = [p.forked(hash((*key, s)) & 0xFFFFFF) for s, p in enumerate(players)]
            runs.append((_replay(match, option, twins, view.viewer),))
        outcomes.append(runs)
    taken = next((i for i, o in enumerate(options) if o == action), -1)
    return Record([features(view, chances, o) for o in options], outcomes, (), taken)


def play_match(
    seed: int, model: Mlp | None, play: str = "club", repeats: int = 1, strength: Strength | None = None
) -> Data:
    """One match of self-play (four seats of one generation), every valued bid decision's alternatives replayed.

    ``hands`` of the data counts the rounds played.
    """
    match = Match(preset("cardgames"), seed=seed)
    players = [SeatBot(seed * 4 + s, model, play, strength) for s in range(4)]

    def step() -> Record | None:
        seat = match.to_act
        view = round_view(match, seat)
        players[seat].bidder.last = None
        action = players[seat].act(view)
        valued = view.phase == "bidding" and len(view.legal) > 1
        record = _record(match, view, action, players, seed, repeats) if valued else None
        match.apply(action)
        return record

    return selfplay.self_play(match, lambda: len(match.rounds), step)


def generate(matches: int, seed: int, model: Mlp | None, play: str = "club", **options: Any) -> Data:
    """Self-play data of ``matches`` matches from ``seed`` by :func:`play_match`; ``options``: ``repeats``,
    ``workers``, ``strength``, ``progress`` (:func:`troef.train.selfplay.generate`)."""
    return selfplay.generate(play_match, matches, seed, model, play, **options)


def replayed_value(record: Record, index: int) -> float:
    """The mean outcome of alternative ``index`` over its replays (points: the side's less the other's)."""
    runs = record.outcomes[index]
    return sum(run[0] for run in runs) / len(runs)


def target(record: Record, index: int) -> list[float] | None:
    """What a bid brought over passing in the replays, in hundreds of points (None for passing: it is 0)."""
    if index == 0:
        return None
    gain = replayed_value(record, index) - replayed_value(record, 0)
    return [max(-CLIP, min(CLIP, gain)) / SCALE]


def _values(model: Mlp, record: Record) -> list[float]:
    return predicted_gains(model, record.xs)


#: What the model is fitted on (:class:`~troef.train.selfplay.Learner`).
LEARNER: Final = Learner(
    features=FEATURES,
    outputs=OUTPUTS,
    target=target,
    values=_values,
    replayed=replayed_value,
    header={
        "game": "binokel",
        "preset": "cardgames",
        "decision": "bids",
        "unit": "hundreds of points: the side's round score less the other side's, over passing",
        "clip_points": CLIP,
    },
    gain_unit=GAIN_UNIT,
)
#: Fit the model of a generation on self-play data; its header says how it was made.
train: Final = LEARNER.train
