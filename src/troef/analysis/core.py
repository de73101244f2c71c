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

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
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
    "DealAnalysis",
    "Decision",
    "Judgement",
    "MatchAnalysis",
    "Part",
    "SeatSummary",
    "Settings",
    "analyse",
    "card_choices",
    "decision_seed",
    "part_of",
]


def card_choices(
    legal: Sequence[str], parse: Callable[[str], Any], play: type[Any], key: Callable[[int], int] = int
) -> dict[int, str] | None:
    """The card plays among ``legal`` by card (``key`` of its card), or None when fewer than two cards are a choice.

    What a game's open-card judgement needs first: a solver values cards, and one card is no choice.
    """
    cards = {key(action.card): text for text in legal if isinstance(action := parse(text), play)}
    return cards if len(cards) >= 2 else None


#: The fair cost (in the fair judgement's [0, 1] scale) from which a decision is a mistake. Below it the
#: difference is within what a few dozen sampled worlds can tell apart.
MISTAKE: Final = 0.10
#: Values closer than this are equal (the best actions are all those within it of the top).
EPSILON: Final = 1e-9


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

    def start(self, text: str) -> tuple[Any, list[list[tuple[int, Any]]]]:
        """A fresh match from the record ``text`` at its first deal, and the recorded (seat, action) of each deal."""
        ...

    def deal_of(self, match: Any) -> Any:
        """The deal (hand, round) being played in ``match``."""
        ...

    def deal_over(self, deal: Any) -> bool:
        """Whether ``deal`` is finished."""
        ...

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

    @staticmethod
    def of(values: Mapping[str, float], taken: str) -> Judgement | None:
        if len(values) < 2:
            return None
        top = max(values.values())
        best = tuple(a for a, v in values.items() if v >= top - EPSILON)
        cost = None if taken not in values else max(0.0, top - values[taken])
        return Judgement(dict(values), best, cost)

    def to_json(self) -> dict[str, Any]:
        return {
            "values": {a: round(v, 6) for a, v in self.values.items()},
            "best": list(self.best),
            "cost": None if self.cost is None else round(self.cost, 6),
        }


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
        """Cost-weighted: 100 * (1 - mean fair cost) over the judged decisions (None when none was judged)."""
        return None if not self.judged else 100.0 * (1.0 - self.fair_cost / self.judged)

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
        if fair_j.cost >= MISTAKE:
            return "mistake"
        if open_j is not None and open_j.cost:
            return "unlucky"
        return "best" if fair_j.cost <= EPSILON else "good"
    if open_j is not None and open_j.cost is not None:
        return "unlucky" if open_j.cost > EPSILON else "best"
    return None


def analyse(
    text: str,
    *,
    deals: Sequence[int] | None = None,
    seats: Sequence[int] | None = None,
    settings: Settings | None = None,
    top: int = 5,
) -> MatchAnalysis:
    """Analyse the finished deals of a record (``deals``: 0-based indices, all finished ones by default).

    ``seats`` limits the decisions analysed to those seats (all by default).
    Asking for a deal still in play, or one the record does not have, raises
    :class:`AnalysisError` and analyses nothing.
    """
    settings = settings or Settings()
    name = record_game(text)
    part = part_of(name)
    game = get_game(name)
    match, actions = part.start(text)
    players = game.players(match)
    wanted_seats = tuple(range(players)) if seats is None else tuple(seats)
    for s in wanted_seats:
        if not 0 <= s < players:
            raise AnalysisError(f"this record has seats 0 to {players - 1}, not {s}")
    # a deal is finished when its recorded actions end it; only the last recorded deal can be unfinished
    finished = _finished_deals(part, text, len(actions))
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
    out: list[DealAnalysis] = []
    for k, recorded in enumerate(actions):
        if k > max(wanted, default=-1):
            break
        deal = part.deal_of(match)
        decisions: list[Decision] = []
        plays = 0
        for index, (seat, action) in enumerate(recorded):
            text_a = action.text()
            if k in wanted and seat in wanted_seats:
                view = game.view(match, seat)
                legal = tuple(view.legal)
                if len(legal) > 1:
                    decisions.append(
                        _decide(game, part, match, deal, view, k, index, seat, text_a, legal, plays, players, settings)
                    )
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
        preset=_preset_of(game, match),
        players=players,
        open_unit=part.open_unit,
        fair_unit=part.fair_unit,
        settings=settings,
        deals=tuple(out),
        seats=tuple(_summaries(wanted_seats, everything)),
        turning_points=tuple(costly[:top]),
        in_play=in_play,
    )


def _preset_of(game: AnyGame, match: Any) -> str:
    rules = getattr(match, "rules", None)
    return str(getattr(rules, "preset", "") or getattr(rules, "name", "") or game.default_preset)


def _finished_deals(part: Part, text: str, count: int) -> set[int]:
    """The deals whose recorded actions end them (replayed on a fresh match, without analysing)."""
    match, actions = part.start(text)
    done: set[int] = set()
    for k, recorded in enumerate(actions):
        deal = part.deal_of(match)
        for _, action in recorded:
            match.apply(action)
        if part.deal_over(deal):
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
        fair = part.fair_values(game, view, settings.samples, decision_seed(settings.seed, k, index))
        fair_j = Judgement.of(fair, action)
    consequence = None
    if open_j is not None and open_j.cost and isinstance(part, Consequences):
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
