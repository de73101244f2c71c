"""The analysis engine, written once against the game protocol: where the points of a finished deal went.

For each decision of a finished deal (a seat to act with more than one legal
action) the engine asks the game's part (the one it names in ``Game.analysis_part``, one module per game
in this package) for two judgements:

* **open cards** (:meth:`Part.open_values`): the game's perfect-information
  solver's value of every legal action with every card known, in the game's
  own unit; None where the solver does not cover the decision (bids, words,
  trump, the exchange, roem declarations);
* **fair** (:meth:`Part.fair_values`): the value of every legal action from
  the seat's own view only, as the strong level judges it (the game's hints,
  run on a counted budget of sampled worlds or work, never a clock), in
  [0, 1] (a chance, or for Binokel's cards a share of the trick points still
  to win; the game's part says which).

A decision is a *mistake* when its fair cost (the fair best's value less the
value of the action taken) is at least :data:`MISTAKE`; a decision that loses
on the open cards without being a mistake is *unlucky*. The accuracy of a
seat is cost-weighted: ``100 * (1 - mean fair cost)`` over its judged
decisions, so a slip that costs a little weighs less than a blunder, on the
same scale in every game (the fair values are all in [0, 1]).

Everything is reproducible: each decision's fair judgement has its own seed
(:func:`decision_seed`, from the settings' seed, the deal and the decision),
and all work is counted (worlds, solver nodes). A deal still in play is never
analysed (:class:`AnalysisError`): its hidden cards are not yet public.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Final, Protocol, cast, runtime_checkable

from troef.core.errors import TroefError
from troef.core.game import AnyGame
from troef.core.records import record_game
from troef.games import game as get_game
from troef.games import names
from troef.games import part as game_part

__all__ = [
    "MISTAKE",
    "AnalysisError",
    "BidModel",
    "BidValues",
    "DealAnalysis",
    "Decision",
    "Judgement",
    "MatchAnalysis",
    "Part",
    "Progress",
    "SeatSummary",
    "Settings",
    "Worlds",
    "analyse",
    "card_choices",
    "decision_seed",
    "judge_in_worlds",
    "paired_judgement",
    "part_of",
    "register_bid_model",
]


def card_choices(
    legal: Sequence[str], parse: Callable[[str], Any], play: type[Any], key: Callable[[int], int] = int
) -> dict[int, str] | None:
    """The card plays among ``legal`` by card (``key`` of its card), or None when fewer than two cards are a choice.

    What a game's open-card judgement needs first: a solver values cards, and one card is no choice.
    """
    cards = {key(action.card): text for text in legal if isinstance(action := parse(text), play)}
    return cards if len(cards) >= 2 else None


#: The fair cost (in the fair judgement's [0, 1] scale of a chance or a share) from which a decision is a
#: mistake, when the cost is also significant (:func:`significant`). A part that values in score-sheet units
#: says its own (:attr:`Worlds.mistake`).
MISTAKE: Final = 0.10
#: Values closer than this are equal (the best actions are all those within it of the top).
EPSILON: Final = 1e-9
#: The two-sided 95% normal quantile: a cost is significant when its 95% interval excludes zero.
Z95: Final = 1.96
#: A fair judgement over paired worlds whose mark is still open after ``samples`` worlds draws more,
#: doubling, up to this many times ``samples`` (more worlds only where it is close).
MORE_WORLDS: Final = 16
#: The same for judgements from the game's hints (means only), whose work grows faster with the worlds.
MORE_HINT_WORLDS: Final = 4


class AnalysisError(TroefError, ValueError):
    """A record or a request the analysis cannot answer (a deal still in play, a deal or seat that is not there)."""


@dataclass(frozen=True, slots=True)
class Settings:
    """What an analysis does and how much work it may do (counted, so the same settings give the same result)."""

    #: Open-card values (the exact solver) where the game's solver covers the decision.
    open: bool = True
    #: Fair values (sampled worlds from the seat's view).
    fair: bool = True
    #: Worlds (samples) per fair judgement.
    samples: int = 16
    #: Solver nodes per open-card solve (a solve that runs out gives no open values for that decision).
    nodes: int = 200_000
    #: The base of every decision's seed.
    seed: int = 0


class Part(Protocol):
    """What a game supplies to the analysis."""

    #: The unit of the open-card values (``"contract"``, ``"points"``, ...).
    open_unit: str
    #: What the fair values measure (``"chance"`` or ``"share"``).
    fair_unit: str

    def open_values(self, deal: Any, legal: Sequence[str], nodes: int) -> tuple[dict[str, float] | None, int]:
        """The solver's value of each legal action for the seat to act (higher is better for it), and nodes spent.

        None where the solver does not cover this decision or ran out of ``nodes``.
        """
        ...

    def fair_values(self, game: AnyGame, view: Any, samples: int, seed: int) -> dict[str, float]:
        """The fair value of each legal action the game values, from ``view`` alone (missing: not valued)."""
        ...


@runtime_checkable
class Consequences(Protocol):
    """A part that says what an open-card cost means on the score sheet (Bonaken under nk rules)."""

    def consequence(self, match: Any, deal: Any, seat: int, open_cost: float) -> str | None:
        """The sheet consequence of a decision of ``seat`` that cost ``open_cost`` in ``deal`` of ``match``
        (the sheet as it stood before the deal), or None where there is none to tell."""
        ...


#: One world's paired values: every valued action's value in the same sampled world (None: no world drawn).
WorldValues = Callable[[random.Random], "dict[str, float] | None"]


@runtime_checkable
class Worlds(Protocol):
    """A part whose fair judgement values every action in each sampled world, in the score sheet's unit.

    The analysis then draws the worlds itself (:func:`judge_in_worlds`): every alternative is valued in the
    same worlds (paired), the cost of the action taken gets a 95% interval, and where its mark is still open
    it draws more worlds.
    """

    def sheet_unit(self, view: Any) -> str:
        """The unit of the fair values for ``view`` (the score sheet's: ``"points"``, ``"marks"``, ...)."""
        ...

    def mistake(self, view: Any) -> float:
        """The smallest cost, in :meth:`sheet_unit`, that is a mistake when it is significant."""
        ...

    def world_values(self, game: AnyGame, view: Any) -> WorldValues | None:
        """A function valuing every valued action of ``view`` in one world it draws, or None (nothing valued)."""
        ...


@dataclass(frozen=True, slots=True)
class BidValues:
    """The fair values of a bidding decision as the expected score on the sheet, with what bounds each one.

    ``values``: each valued action's expected score in ``unit``; ``ranges``: the lowest and highest score an
    action's value is a mean of (over ``worlds`` worlds), which bounds its spread; ``mistake``: the
    smallest significant cost that is a mistake, in ``unit``.
    """

    values: dict[str, float]
    ranges: dict[str, tuple[float, float]]
    worlds: int
    unit: str
    mistake: float


#: A value model for bidding decisions: from a seat's view, the expected score of each alternative (or None
#: where it has nothing to say). A model registered for a game (:func:`register_bid_model`) is asked first.
BidModel = Callable[[Any, int, int], "BidValues | None"]
_BID_MODELS: dict[str, BidModel] = {}


def register_bid_model(game: str, model: BidModel | None) -> None:
    """Value ``game``'s bidding decisions with ``model(view, samples, seed)`` (None: the game's own again)."""
    if model is None:
        _BID_MODELS.pop(game, None)
    else:
        _BID_MODELS[game] = model


@runtime_checkable
class Bids(Protocol):
    """A part that values bidding decisions by their expected score on the sheet over fair worlds."""

    def bid_values(self, game: AnyGame, view: Any, samples: int, seed: int) -> BidValues | None:
        """The expected score of each alternative of a bidding decision, or None (not a bidding decision)."""
        ...


def part_of(game: str) -> Part:
    """The analysis part ``game`` names (:attr:`~troef.core.game.Game.analysis_part`)."""
    found = game_part(get_game(game), "analysis_part", "analysis part")
    if found is None:
        analysed = ", ".join(name for name in names() if get_game(name).analysis_part)
        raise AnalysisError(f"there is no analysis for {game}; the games analysed are {analysed}")
    return cast(Part, found)  # the game names it as its analysis part


def decision_seed(base: int, deal: int, index: int) -> int:
    """The seed of one decision's fair judgement: fixed by the settings' seed, the deal and the decision."""
    return (base * 1_000_003 + deal * 10_007 + index * 101 + 17) % 2**31


@dataclass(frozen=True, slots=True)
class Judgement:
    """One kind of judgement of a decision: every valued action's value, the best ones, the cost of the one taken."""

    values: dict[str, float]
    best: tuple[str, ...]
    #: The best value less the value of the action taken (None when the action taken has no value).
    cost: float | None
    #: The 95% interval of what the best alternative gains over the action taken (fair judgements; None for
    #: open cards, which are exact): a cost is significant when the interval lies above zero.
    interval: tuple[float, float] | None = None
    #: Sampled worlds the fair judgement drew (0 for open cards).
    worlds: int = 0
    #: The unit of the values (None: the analysis' unit for this kind of judgement).
    unit: str | None = None
    #: The smallest significant cost that is a mistake, in the unit of the values.
    mistake: float = MISTAKE
    #: Whether a cost can make the decision a mistake (not for passing in the bidding: see :func:`_decide`).
    markable: bool = True

    @staticmethod
    def of(values: Mapping[str, float], taken: str) -> Judgement | None:
        if len(values) < 2:
            return None
        top = max(values.values())
        best = tuple(a for a, v in values.items() if v >= top - EPSILON)
        cost = None if taken not in values else max(0.0, top - values[taken])
        return Judgement(dict(values), best, cost)

    @property
    def significant(self) -> bool:
        """Whether the cost is a mistake: at least :attr:`mistake` and its 95% interval excludes zero."""
        if not self.markable or self.cost is None or self.cost < self.mistake - EPSILON:
            return False
        return self.interval is None or self.interval[0] > EPSILON

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "values": {a: round(v, 6) for a, v in self.values.items()},
            "best": list(self.best),
            "cost": None if self.cost is None else round(self.cost, 6),
        }
        if self.worlds:
            finite = self.interval is not None and all(math.isfinite(x) for x in self.interval)
            out["interval"] = [round(x, 6) for x in self.interval] if self.interval and finite else None
            out["worlds"] = self.worlds
            out["unit"] = self.unit
            out["mistake"] = self.mistake
        return out


def _interval(diffs: Sequence[float]) -> tuple[float, float]:
    """The 95% normal interval of the mean of ``diffs``."""
    n = len(diffs)
    mean = sum(diffs) / n
    if n < 2:
        return (mean, mean) if mean <= EPSILON else (-math.inf, math.inf)
    var = sum((x - mean) ** 2 for x in diffs) / (n - 1)
    half = Z95 * math.sqrt(var / n)
    return mean - half, mean + half


def _open_question(cost: float | None, interval: tuple[float, float] | None, mistake: float) -> bool:
    """Whether more worlds could change the mark: the interval reaches both sides of a mark's boundary."""
    if cost is None or interval is None:
        return False
    low, high = interval
    if low <= EPSILON and high >= mistake:
        return True  # no cost and a mistake's cost both fit
    return low > EPSILON and low < mistake <= high  # significant; whether it reaches a mistake's size is open


def paired_judgement(
    rows: Sequence[Mapping[str, float]], taken: str, unit: str | None, mistake: float
) -> Judgement | None:
    """The judgement of worlds' paired values: means, the best, the cost and its interval (paired differences).

    The interval is that of the mean gain of the best alternative (by mean) over the action taken, both
    valued in the same worlds: it reaches below zero where the action taken may well be as good, and lies
    below zero where the action taken is the best one.
    """
    if not rows:
        return None
    actions = [a for a in rows[0] if all(a in r for r in rows)]
    if len(actions) < 2:
        return None
    n = len(rows)
    means = {a: sum(r[a] for r in rows) / n for a in actions}
    plain = Judgement.of(means, taken)
    if plain is None or plain.cost is None:
        return plain
    # the best alternative to the action taken (the best action, or the next one when it was taken): its
    # gain over the action taken, world by world; negative where the action taken was the better one
    other = max((a for a in actions if a != taken), key=lambda a: means[a])
    interval = _interval([r[other] - r[taken] for r in rows])
    return Judgement(plain.values, plain.best, plain.cost, interval, n, unit, mistake)


def chance_judgement(values: Mapping[str, float], taken: str, worlds: int) -> Judgement | None:
    """A judgement of means in [0, 1] over ``worlds`` worlds whose per-world values are not known.

    The interval of the cost bounds each mean's variance by ``p (1 - p)`` (the largest a value in [0, 1]
    with mean ``p`` can have) and takes the two as independent: wider than the paired one, so a mark it
    gives is safe.
    """
    plain = Judgement.of(values, taken)
    if plain is None or plain.cost is None:
        return plain
    other = max((a for a in values if a != taken), key=lambda a: values[a])
    p, q = values[other], values[taken]
    half = Z95 * math.sqrt((p * (1 - p) + q * (1 - q)) / max(1, worlds))
    interval = (p - q - half, p - q + half)
    return Judgement(plain.values, plain.best, plain.cost, interval, worlds, None, MISTAKE)


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of a deal: who, what, and how it is judged."""

    deal: int
    #: The position of the action in the deal's recorded actions (0-based).
    index: int
    seat: int
    phase: str
    action: str
    #: Short words for it (``"trick 3 Ks"`` for a card, else the action).
    label: str
    legal: tuple[str, ...]
    open: Judgement | None
    fair: Judgement | None
    #: ``"mistake"``, ``"unlucky"``, ``"best"``, ``"good"`` (judged, neither) or None (not judged).
    mark: str | None
    #: Solver nodes (open) and worlds (fair) spent on this decision.
    nodes: int = 0
    #: What an open-card cost means on the score sheet, in words, where the game says (nk: the mark it turns).
    consequence: str | None = None

    @property
    def fair_cost(self) -> float:
        return self.fair.cost or 0.0 if self.fair is not None else 0.0

    @property
    def open_cost(self) -> float:
        return self.open.cost or 0.0 if self.open is not None else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "deal": self.deal,
            "index": self.index,
            "seat": self.seat,
            "phase": self.phase,
            "action": self.action,
            "label": self.label,
            "legal": list(self.legal),
            "open": None if self.open is None else self.open.to_json(),
            "fair": None if self.fair is None else self.fair.to_json(),
            "mark": self.mark,
            "nodes": self.nodes,
            "consequence": self.consequence,
        }


@dataclass(slots=True)
class SeatSummary:
    """One seat's figures over some decisions."""

    seat: int
    decisions: int = 0
    #: Decisions with a fair judgement of the action taken.
    judged: int = 0
    mistakes: int = 0
    unlucky: int = 0
    fair_cost: float = 0.0
    open_cost: float = 0.0
    #: Decisions with an open-card judgement of the action taken.
    open_judged: int = 0

    def add(self, d: Decision) -> None:
        self.decisions += 1
        if d.fair is not None and d.fair.cost is not None:
            self.judged += 1
            self.fair_cost += d.fair.cost
        if d.open is not None and d.open.cost is not None:
            self.open_judged += 1
            self.open_cost += d.open.cost
        self.mistakes += d.mark == "mistake"
        self.unlucky += d.mark == "unlucky"

    @property
    def accuracy(self) -> float | None:
        """The share of the judged decisions that are not mistakes, in percent (None when none was judged).

        A share of marks, not of costs: the fair costs are in each game's score-sheet unit, and a mark is
        given only where the cost is significant, so noise between nearly equal actions does not count.
        """
        return None if not self.judged else 100.0 * (1.0 - self.mistakes / self.judged)

    def to_json(self) -> dict[str, Any]:
        accuracy = self.accuracy
        return {
            "seat": self.seat,
            "decisions": self.decisions,
            "judged": self.judged,
            "mistakes": self.mistakes,
            "unlucky": self.unlucky,
            "fair_cost": round(self.fair_cost, 6),
            "open_judged": self.open_judged,
            "open_cost": round(self.open_cost, 6),
            "accuracy": None if accuracy is None else round(accuracy, 2),
        }


def _summaries(seats: Sequence[int], decisions: Sequence[Decision]) -> list[SeatSummary]:
    out = {s: SeatSummary(s) for s in seats}
    for d in decisions:
        if d.seat in out:
            out[d.seat].add(d)
    return list(out.values())


@dataclass(frozen=True, slots=True)
class DealAnalysis:
    """The analysis of one finished deal."""

    deal: int
    decisions: tuple[Decision, ...]
    seats: tuple[SeatSummary, ...]


@dataclass(frozen=True, slots=True)
class MatchAnalysis:
    """The analysis of the finished deals of a record asked for."""

    game: str
    preset: str
    players: int
    open_unit: str
    fair_unit: str
    settings: Settings
    deals: tuple[DealAnalysis, ...]
    seats: tuple[SeatSummary, ...]
    #: The decisions that cost most on the fair judgement (mistakes first), for the whole record.
    turning_points: tuple[Decision, ...]
    #: Deals of the record not analysed because they are still in play.
    in_play: tuple[int, ...] = field(default=())

    def to_json(self) -> dict[str, Any]:
        s = self.settings
        return {
            "format": "troef-analysis",
            "version": 1,
            "game": self.game,
            "preset": self.preset,
            "players": self.players,
            "units": {"open": self.open_unit, "fair": self.fair_unit},
            "settings": {
                "open": s.open,
                "fair": s.fair,
                "samples": s.samples,
                "nodes": s.nodes,
                "seed": s.seed,
                "mistake": MISTAKE,
            },
            "deals": [
                {
                    "deal": d.deal,
                    "seats": [x.to_json() for x in d.seats],
                    "decisions": [x.to_json() for x in d.decisions],
                }
                for d in self.deals
            ],
            "seats": [x.to_json() for x in self.seats],
            "turning_points": [{"deal": d.deal, "index": d.index} for d in self.turning_points],
            "in_play": list(self.in_play),
        }


def _label(action: str, plays_before: int, players: int) -> str:
    if action.startswith("play "):
        return f"trick {plays_before // players + 1} {action[5:]}"
    return action


def _mark(open_j: Judgement | None, fair_j: Judgement | None) -> str | None:
    if fair_j is not None and fair_j.cost is not None:
        if fair_j.significant:
            return "mistake"
        if open_j is not None and open_j.cost:
            return "unlucky"
        return "best" if fair_j.cost <= EPSILON else "good"
    if open_j is not None and open_j.cost is not None:
        return "unlucky" if open_j.cost > EPSILON else "best"
    return None


def judge_in_worlds(
    draw: WorldValues, taken: str, samples: int, seed: int, unit: str | None, mistake: float
) -> Judgement | None:
    """Draw ``samples`` worlds with ``seed``, value every action in each, and judge the action ``taken``.

    While the mark is still open (:func:`_open_question`) the worlds are doubled, up to
    ``samples * MORE_WORLDS``; the worlds drawn first stay, so more work only narrows the interval.
    """
    rng = random.Random(seed)
    rows: list[dict[str, float]] = []
    target = samples
    failures = 0
    while True:
        while len(rows) < target and failures <= 4 * target:
            row = draw(rng)
            if row is None:
                failures += 1
            else:
                rows.append(row)
        judged = paired_judgement(rows, taken, unit, mistake)
        if (
            judged is None
            or target >= samples * MORE_WORLDS
            or not _open_question(judged.cost, judged.interval, mistake)
        ):
            return judged
        target *= 2


def ranged_judgement(found: BidValues, taken: str) -> Judgement | None:
    """A judgement of means whose per-world values are unknown but bounded (:class:`BidValues`).

    Each mean's variance is at most ``(high - v) (v - low)``, the largest a value between ``low`` and
    ``high`` with mean ``v`` can have; the two are taken as independent, which makes the interval wider than
    a paired one, so a mark it gives is safe.
    """
    plain = Judgement.of(found.values, taken)
    if plain is None or plain.cost is None:
        return plain
    other = max((a for a in found.values if a != taken), key=lambda a: found.values[a])
    spread = 0.0
    for action in (other, taken):
        low, high = found.ranges.get(action, (found.values[action], found.values[action]))
        spread += max(0.0, (high - found.values[action]) * (found.values[action] - low))
    half = Z95 * math.sqrt(spread / max(1, found.worlds))
    gain = found.values[other] - found.values[taken]
    interval = (gain - half, gain + half)
    return Judgement(plain.values, plain.best, plain.cost, interval, found.worlds, found.unit, found.mistake)


def _bid_judgement(game: AnyGame, part: Part, view: Any, taken: str, samples: int, seed: int) -> Judgement | None:
    """The fair judgement of a bidding decision (a registered model first, else the part's), or None."""
    model = _BID_MODELS.get(game.name)
    n = samples
    while True:
        found = model(view, n, seed) if model is not None else None
        if found is None and isinstance(part, Bids):
            found = part.bid_values(game, view, n, seed)
        if found is None:
            return None
        judged = ranged_judgement(found, taken)
        if (
            judged is None
            or n >= samples * MORE_HINT_WORLDS
            or not _open_question(judged.cost, judged.interval, found.mistake)
        ):
            return judged
        n *= 2


def _chance_judgement(game: AnyGame, part: Part, view: Any, taken: str, samples: int, seed: int) -> Judgement | None:
    """The fair judgement of a part valuing chances in [0, 1] (the game's hints), more worlds where it is close."""
    n = samples
    while True:
        judged = chance_judgement(part.fair_values(game, view, n, seed), taken, n)
        if (
            judged is None
            or n >= samples * MORE_HINT_WORLDS
            or not _open_question(judged.cost, judged.interval, MISTAKE)
        ):
            return judged
        n *= 2


#: Told as the decisions are judged: ``progress(done, total, decision)``, first with ``(0, total, None)``
#: before any is judged, then once after each decision with the decision just judged.
Progress = Callable[[int, int, "Decision | None"], None]


def analyse(
    text: str,
    *,
    deals: Sequence[int] | None = None,
    seats: Sequence[int] | None = None,
    settings: Settings | None = None,
    top: int = 5,
    progress: Progress | None = None,
) -> MatchAnalysis:
    """Analyse the finished deals of a record (``deals``: 0-based indices, all finished ones by default).

    ``seats`` limits the decisions analysed to those seats (all by default).
    Asking for a deal still in play, or one the record does not have, raises
    :class:`AnalysisError` and analyses nothing. ``progress`` (:data:`Progress`) is told how many
    decisions there are to judge and each one as soon as it is judged, in the order of the result.
    """
    settings = settings or Settings()
    name = record_game(text)
    part = part_of(name)
    game = get_game(name)
    record = json.loads(text)
    match = game.match_from_record(record, 0)
    actions = game.recorded_deals(record)
    # a record of a single deal (kind "hand") has no score sheet around it: no sheet consequences
    sheet = record.get("kind") != "hand"
    players = game.players(match)
    wanted_seats = tuple(range(players)) if seats is None else tuple(seats)
    for s in wanted_seats:
        if not 0 <= s < players:
            raise AnalysisError(f"this record has seats 0 to {players - 1}, not {s}")
    # a deal is finished when its recorded actions end it; only the last recorded deal can be unfinished
    finished = _finished_deals(game, record, actions)
    in_play = tuple(k for k in range(len(actions)) if k not in finished)
    if deals is None:
        wanted = sorted(finished)
    else:
        wanted = sorted(set(deals))
        for k in wanted:
            if not 0 <= k < len(actions):
                raise AnalysisError(f"this record has deals 1 to {len(actions)}, not {k + 1}")
            if k not in finished:
                raise AnalysisError(
                    f"deal {k + 1} is still in play: it is analysed only once it is over "
                    "(its cards are hidden until then)"
                )
    total = _decision_count(game, record, actions, wanted, wanted_seats) if progress is not None else 0
    if progress is not None:
        progress(0, total, None)
    judged = 0
    out: list[DealAnalysis] = []
    for k, recorded in enumerate(actions):
        if k > max(wanted, default=-1):
            break
        deal = game.deal_in_play(match)
        decisions: list[Decision] = []
        plays = 0
        for index, action in enumerate(recorded):
            seat = match.to_act
            text_a = action.text()
            if k in wanted and seat in wanted_seats:
                view = game.view(match, seat)
                legal = tuple(view.legal)
                if len(legal) > 1:
                    decisions.append(
                        _decide(
                            game,
                            part,
                            match,
                            deal,
                            view,
                            k,
                            index,
                            seat,
                            text_a,
                            legal,
                            plays,
                            players,
                            sheet,
                            settings,
                        )
                    )
                    judged += 1
                    if progress is not None:
                        progress(judged, total, decisions[-1])
            plays += text_a.startswith("play ")
            game.apply(match, action)
        if k in wanted:
            out.append(DealAnalysis(k, tuple(decisions), tuple(_summaries(wanted_seats, decisions))))
    everything = [d for deal_a in out for d in deal_a.decisions]
    costly = sorted(
        (d for d in everything if d.fair_cost > EPSILON or d.open_cost > EPSILON),
        key=lambda d: (d.mark != "mistake", -d.fair_cost, -d.open_cost, d.deal, d.index),
    )
    return MatchAnalysis(
        game=name,
        preset=str(record["rules"]["preset"]),
        players=players,
        open_unit=part.open_unit,
        fair_unit=part.fair_unit,
        settings=settings,
        deals=tuple(out),
        seats=tuple(_summaries(wanted_seats, everything)),
        turning_points=tuple(costly[:top]),
        in_play=in_play,
    )


def _decision_count(
    game: AnyGame, record: dict[str, Any], deals: list[list[Any]], wanted: Sequence[int], seats: Sequence[int]
) -> int:
    """How many decisions of ``seats`` the deals ``wanted`` hold (replayed on a fresh match, nothing judged)."""
    match = game.match_from_record(record, 0)
    count = 0
    for k, recorded in enumerate(deals):
        if k > max(wanted, default=-1):
            break
        for action in recorded:
            seat = match.to_act
            if k in wanted and seat in seats:
                count += len(game.view(match, seat).legal) > 1
            game.apply(match, action)
    return count


def _finished_deals(game: AnyGame, record: dict[str, Any], deals: list[list[Any]]) -> set[int]:
    """The deals whose recorded actions end them (replayed on a fresh match, without analysing)."""
    match = game.match_from_record(record, 0)
    done: set[int] = set()
    for k, recorded in enumerate(deals):
        deal = game.deal_in_play(match)
        for action in recorded:
            game.apply(match, action)
        if deal.is_over:
            done.add(k)
    return done


def _decide(
    game: AnyGame,
    part: Part,
    match: Any,
    deal: Any,
    view: Any,
    k: int,
    index: int,
    seat: int,
    action: str,
    legal: tuple[str, ...],
    plays: int,
    players: int,
    sheet: bool,
    settings: Settings,
) -> Decision:
    spent = 0
    open_j: Judgement | None = None
    fair_j: Judgement | None = None
    if settings.open:
        values, spent = part.open_values(deal, legal, settings.nodes)
        if values is not None:
            open_j = Judgement.of(values, action)
    if settings.fair:
        seed = decision_seed(settings.seed, k, index)
        draw = part.world_values(game, view) if isinstance(part, Worlds) else None
        if draw is not None:
            assert isinstance(part, Worlds)
            fair_j = judge_in_worlds(draw, action, settings.samples, seed, part.sheet_unit(view), part.mistake(view))
        elif (bid := _bid_judgement(game, part, view, action, settings.samples, seed)) is not None:
            fair_j = bid
        else:
            fair_j = _chance_judgement(game, part, view, action, settings.samples, seed)
        if fair_j is not None and action == "pass" and fair_j.worlds:
            # a bid is valued as if the bidding ended with it; what passing gives instead depends on the bids
            # the others would make after a bid, which is not modelled: a pass shows its cost but is not marked
            fair_j = replace(fair_j, markable=False)
    consequence = None
    if sheet and open_j is not None and open_j.cost and isinstance(part, Consequences):
        consequence = part.consequence(match, deal, seat, open_j.cost)
    return Decision(
        deal=k,
        index=index,
        seat=seat,
        phase=str(getattr(view, "phase", "")),
        action=action,
        label=_label(action, plays, players),
        legal=legal,
        open=open_j,
        fair=fair_j,
        mark=_mark(open_j, fair_j),
        nodes=spent,
        consequence=consequence,
    )
