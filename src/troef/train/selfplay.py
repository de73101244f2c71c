"""What the bid trainers of every game share: decisions whose alternatives were replayed, their files, the
runs of self-play matches and the fit of a model of the alternatives' values.

A :class:`Record` is one decision of a seat: per alternative the features of
the seat's view (a row each) and the outcomes of its replays on a copy of
the true state, each a tuple of whole numbers in the game's unit, plus the
figures the game's value of an outcome needs (``context``: Bonaken's score
sheet; empty where the outcome is the value). A game gives the target of
each row (:func:`rows`), the model's value of each alternative and the value
a replay brought; :func:`fit_decisions` fits the model with whole decisions
held out and notes in its header what choosing by it would have brought on
those decisions (:func:`policy_gain`).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, Self, TypeVar

from troef.train.model import Mlp


@dataclass(slots=True)
class Record:
    """One decision: per alternative its features and the outcomes of its replays."""

    xs: list[list[float]]
    outcomes: list[list[tuple[int, ...]]]
    #: What the game's value of an outcome needs besides the outcome (Bonaken: the sheet's W, L, P).
    context: tuple[float, ...] = ()
    #: The alternative the self-play's player took (an index into ``xs``; -1: none of them).
    taken: int = -1


@dataclass(slots=True)
class Data:
    """The records of a self-play run."""

    records: list[Record] = field(default_factory=list)
    matches: int = 0
    hands: int = 0
    #: The commands that played the self-play of these records (what a model's header names).
    commands: list[str] = field(default_factory=list)

    def extend(self, other: Data) -> None:
        self.records += other.records
        self.matches += other.matches
        self.hands += other.hands
        self.commands += other.commands


def save_data(data: Data, path: Path) -> None:
    """Write the records as JSON lines (one decision a line, then one line of counts)."""
    with path.open("w", encoding="utf-8") as out:
        for r in data.records:
            out.write(json.dumps({"x": r.xs, "o": r.outcomes, "s": r.context, "t": r.taken}) + "\n")
        out.write(json.dumps({"matches": data.matches, "hands": data.hands, "commands": data.commands}) + "\n")


def json_lines(path: Path) -> Iterator[dict[str, Any]]:
    """The objects of a JSON-lines file, one a line (a data file of a trainer)."""
    for line in path.read_text(encoding="utf-8").splitlines():
        yield json.loads(line)


def load_data(path: Path) -> Data:
    """Read what :func:`save_data` wrote."""
    data = Data()
    for item in json_lines(path):
        if "matches" in item:
            data.matches += item["matches"]
            data.hands += item["hands"]
            data.commands += item.get("commands", [])
        else:
            outcomes = [[tuple(int(v) for v in run) for run in runs] for runs in item["o"]]
            data.records.append(Record(item["x"], outcomes, tuple(float(v) for v in item["s"]), item["t"]))
    return data


class Playing(Protocol):
    """A match being played (:func:`self_play`)."""

    @property
    def is_over(self) -> bool:
        """Whether the match has ended."""
        ...


def self_play(match: Playing, deals: Callable[[], int], step: Callable[[], Record | None]) -> Data:
    """Play ``match`` to its end, an action a ``step`` (which returns the record of a decision, or None);
    ``deals()`` counts the deals dealt so far, so the data counts the deals finished (``hands``)."""
    data = Data(matches=1)
    while not match.is_over:
        before = deals()
        record = step()
        if record is not None:
            data.records.append(record)
        data.hands += deals() != before or match.is_over
    return data


class Mergeable(Protocol):
    """What a run's results add up in: a game's data of a self-play run."""

    def extend(self, other: Self) -> None:
        """Add ``other``'s records and counts."""
        ...


D = TypeVar("D", bound=Mergeable)
J = TypeVar("J")


def run_matches(
    one: Callable[[J], D], jobs: Sequence[J], into: D, workers: int = 1, progress: Callable[[int], None] | None = None
) -> D:
    """``one(job)`` for every job, added up in ``into``; in ``workers`` processes (spawned) when more than one.

    ``one`` must be a module-level function (it is pickled for the workers).
    """
    if workers > 1:
        from troef.core.parallel import unordered

        parts = unordered(one, list(jobs), workers, "spawn")
    else:
        parts = (one(job) for job in jobs)
    for part in parts:
        into.extend(part)
        if progress:
            progress(1)
    return into


def _call(job: tuple[Callable[..., Data], tuple[Any, ...]]) -> Data:
    play_match, args = job
    return play_match(*args)


def generate(
    play_match: Callable[..., Data],
    matches: int,
    seed: int,
    model: Mlp | None,
    play: str = "club",
    *,
    repeats: int = 1,
    workers: int = 1,
    strength: Any = None,
    progress: Callable[[int], None] | None = None,
) -> Data:
    """Self-play data of ``matches`` matches from ``seed``: ``play_match(seed * 100_003 + i, model, play,
    repeats, strength)`` for match ``i`` (a module-level function: it is pickled for the workers)."""
    jobs = [(play_match, (seed * 100_003 + i, model, play, repeats, strength)) for i in range(matches)]
    return run_matches(_call, jobs, Data(), workers, progress)


def rows(
    data: Data, target: Callable[[Record, int], list[float] | None]
) -> tuple[list[list[float]], list[list[float]], list[int]]:
    """The rows to fit, their targets (``target(record, alternative)``; None leaves the row out) and each row's
    decision (for :func:`troef.train.fit.fit`'s ``groups``)."""
    x: list[list[float]] = []
    y: list[list[float]] = []
    groups: list[int] = []
    for number, record in enumerate(data.records):
        for index, xs in enumerate(record.xs):
            wanted = target(record, index)
            if wanted is not None:
                x.append(xs)
                y.append(wanted)
                groups.append(number)
    return x, y, groups


def best(values: Sequence[float], taken: int = -1) -> int:
    """The index of the highest value; a tie goes to ``taken`` if it is among the best, else to the first."""
    top = max(values)
    if 0 <= taken < len(values) and values[taken] >= top:
        return taken
    return next(i for i, v in enumerate(values) if v >= top)


def policy_gain(
    data: Data,
    values: Callable[[Record], Sequence[float]],
    replayed: Callable[[Record, int], float],
    decisions: Sequence[int] | None = None,
) -> tuple[float, int, int]:
    """What choosing by ``values`` (per alternative) would have brought over the self-play's own choices.

    Over the decisions ``decisions`` (all without) whose action taken was one of the alternatives: the mean
    of ``replayed`` (the mean outcome of an alternative's replays, in the game's unit) of the best
    alternative less that of the one taken, the number of decisions where the two differ, and the number
    compared.
    """
    total, changed, count = 0.0, 0, 0
    for number in range(len(data.records)) if decisions is None else decisions:
        record = data.records[number]
        if record.taken < 0:
            continue
        choice = best(values(record), record.taken)
        total += replayed(record, choice) - replayed(record, record.taken)
        changed += choice != record.taken
        count += 1
    return (total / count if count else 0.0), changed, count


@dataclass(frozen=True, slots=True)
class Learner:
    """What a game's bid trainer fits: the model's inputs and outputs, the target of each row
    (``target(record, alternative)``; None leaves the row out), the model's value of each alternative of a
    record, the value a replay of one brought, the header's fixed part, and the name of
    :func:`policy_gain`'s mean in the header (e.g. ``points_per_bid``)."""

    features: Sequence[str]
    outputs: Sequence[str]
    target: Callable[[Record, int], list[float] | None]
    values: Callable[[Mlp, Record], Sequence[float]]
    replayed: Callable[[Record, int], float]
    header: dict[str, Any]
    gain_unit: str

    def train(
        self,
        data: Data,
        *,
        seed: int,
        command: str,
        generation: int,
        hidden: tuple[int, ...] = (32, 16),
        alpha: float = 1e-3,
        extra: dict[str, Any] | None = None,
    ) -> tuple[Mlp, list[float], list[float]]:
        """Fit the model of a generation on ``data`` (:func:`troef.train.fit.fit`, whole decisions held out).

        The header names how it was made: the fixed part, ``command``, ``seed``, ``generation``, the fit's
        L2 penalty ``alpha``, ``extra``, the data's size (matches, hands, decisions, the self-play commands),
        the validation error and ``validation_gain``: :func:`policy_gain` of the model's values on the
        validation decisions (its mean under :attr:`gain_unit`; ``bids_changed``, ``bids``). Returns the
        model, the validation error per output and that of predicting the training mean.
        """
        from troef.train.fit import fit

        x, y, groups = rows(data, self.target)
        header = {
            **self.header,
            "command": command,
            "seed": seed,
            "generation": generation,
            "alpha": alpha,
            **(extra or {}),
            "matches": data.matches,
            "hands": data.hands,
            "records": len(data.records),
            "self_play": data.commands,
        }
        fitted = fit(
            x,
            y,
            list(self.features),
            list(self.outputs),
            seed=seed,
            hidden=hidden,
            alpha=alpha,
            header=header,
            groups=groups,
        )
        model = fitted.model
        decisions = sorted({groups[i] for i in fitted.validation_index})
        gain, changed, count = policy_gain(data, lambda record: self.values(model, record), self.replayed, decisions)
        if count:
            model.header["validation_gain"] = {self.gain_unit: round(gain, 4), "bids_changed": changed, "bids": count}
        return model, fitted.validation, fitted.baseline
