"""Binokel records: a whole game as versioned JSON in the envelope of :mod:`troef.core.records`.

A record holds the rules (preset and changed switches), the seats, the first
dealer, the seed, and per round the dealer, the twelve cards of each seat
(the second copy of a card written with an apostrophe, ``Ah'``) and every
action in order. :func:`replay` runs a record through the engine and stops
at the first illegal action with the reason and its position
(``docs/records.md``).

>>> from troef.games.binokel.rules import preset
>>> m = Match(preset("cardgames"), seed=5, first_dealer=0)
>>> rec = loads(dumps(record_of_match(m)))
>>> rec.first_dealer, len(rec.rounds)
(0, 1)
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from troef.cards import SUIT_LETTERS, CardSet, card_str, cards_of
from troef.core.errors import IllegalActionError, NotationError, RecordError, ReplayError
from troef.core.records import envelope, parse_envelope, require
from troef.games.binokel.actions import BinokelAction, parse_action
from troef.games.binokel.deal import Deal
from troef.games.binokel.match import Match
from troef.games.binokel.rules import Rules
from troef.games.binokel.scoring import RoundScore

GAME = "binokel"


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """One round: its deal and its actions as (seat, action)."""

    deal: Deal
    actions: tuple[tuple[int, BinokelAction], ...]


@dataclass(frozen=True, slots=True)
class Record:
    """A record of a game of Binokel."""

    rules: Rules
    seats: tuple[dict[str, str], ...]
    rounds: tuple[RoundRecord, ...]
    first_dealer: int
    seed: int | None = None
    meta: dict[str, Any] = field(default_factory=dict)


def record_of_match(
    match: Match, seats: list[dict[str, str]] | None = None, meta: dict[str, Any] | None = None
) -> Record:
    """The record of a game so far; ``seats`` and ``meta`` are kept as given."""
    seat_info = tuple(seats or [{"name": f"seat {i}"} for i in range(4)])
    rounds = tuple(RoundRecord(r.deal, tuple(r.history)) for r in match.rounds)
    return Record(match.rules, seat_info, rounds, match.first_dealer, match.seed, dict(meta or {}))


def to_dict(record: Record) -> dict[str, Any]:
    """The JSON-ready form of a record."""
    data = envelope(GAME, "match")
    data["rules"] = record.rules.to_dict()
    data["seats"] = [dict(s) for s in record.seats]
    data["first_dealer"] = record.first_dealer
    if record.seed is not None:
        data["seed"] = record.seed
    if record.meta:
        data["meta"] = record.meta
    data["rounds"] = [
        {
            "dealer": r.deal.dealer,
            "deal": {str(s): " ".join(card_str(c) for c in cards_of(r.deal.hands[s])) for s in range(4)},
            "actions": [[seat, a.text()] for seat, a in r.actions],
        }
        for r in record.rounds
    ]
    return data


def dumps(record: Record, indent: int | None = 1) -> str:
    """The record as JSON text."""
    return json.dumps(to_dict(record), indent=indent, ensure_ascii=False)


def loads(text: str) -> Record:
    """Read a record from JSON text; malformed records raise :class:`RecordError` saying where."""
    data = parse_envelope(text, GAME)
    if data.get("kind") != "match":
        raise RecordError("a Binokel record's 'kind' must be 'match'")
    rules = Rules.from_dict(require(data, "rules", dict, "record"))
    seats = require(data, "seats", list, "record")
    if len(seats) != 4 or not all(isinstance(s, dict) for s in seats):
        raise RecordError("record: 'seats' must be four objects")
    first_dealer = require(data, "first_dealer", int, "record")
    if not 0 <= first_dealer < 4:
        raise RecordError("record: 'first_dealer' must be a seat from 0 to 3")
    seed = data.get("seed")
    if seed is not None and type(seed) is not int:
        raise RecordError("record: 'seed' must be an integer")
    meta = data.get("meta", {})
    if not isinstance(meta, dict):
        raise RecordError("record: 'meta' must be an object")
    rounds: list[RoundRecord] = []
    for i, raw in enumerate(require(data, "rounds", list, "record")):
        where = f"round {i + 1}"
        if not isinstance(raw, dict):
            raise RecordError(f"{where}: must be an object")
        dealer = require(raw, "dealer", int, where)
        hands_raw = require(raw, "deal", dict, where)
        if sorted(hands_raw) != ["0", "1", "2", "3"]:
            raise RecordError(f"{where}: the deal must give cards to seats '0' to '3'")
        masks = []
        for s in range(4):
            text = hands_raw[str(s)]
            if not isinstance(text, str):
                raise RecordError(f'{where}, seat {s}: cards must be a string like "Ah Ah\' 10h"')
            try:
                masks.append(CardSet.parse(text).mask)
            except NotationError as exc:
                raise RecordError(f"{where}, seat {s}: {exc}") from None
        deal = Deal(dealer, (masks[0], masks[1], masks[2], masks[3]))
        try:
            deal.validate()
        except RecordError as exc:
            raise RecordError(f"{where}: {exc}") from None
        actions: list[tuple[int, BinokelAction]] = []
        for j, item in enumerate(require(raw, "actions", list, where)):
            if not isinstance(item, list) or len(item) != 2 or type(item[0]) is not int or not isinstance(item[1], str):
                raise RecordError(f'{where}, action {j + 1}: must be [seat, "action text"]')
            try:
                actions.append((item[0], parse_action(item[1])))
            except NotationError as exc:
                raise RecordError(f"{where}, action {j + 1}: {exc}") from None
        rounds.append(RoundRecord(deal, tuple(actions)))
    if not rounds:
        raise RecordError("record: no rounds")
    return Record(rules, tuple(dict(s) for s in seats), tuple(rounds), first_dealer, seed, meta)


# ---------------------------------------------------------------------- replay
@dataclass(frozen=True, slots=True)
class RoundOutcome:
    """What one replayed round decided."""

    index: int
    dealer: int
    declarer: int
    trump: int
    score: RoundScore
    totals: tuple[int, int]

    def to_json(self) -> dict[str, Any]:
        return {
            "round": self.index + 1,
            "dealer": self.dealer,
            "declarer": self.declarer,
            "trump": SUIT_LETTERS[self.trump] if self.trump >= 0 else None,
            **self.score.to_json(),
            "totals": list(self.totals),
        }


@dataclass(frozen=True, slots=True)
class ReplayOutcome:
    """Every round's outcome and, for a finished game, the winning side."""

    rounds: tuple[RoundOutcome, ...]
    finished: bool
    totals: tuple[int, int]
    winner: int | None

    def to_json(self) -> dict[str, Any]:
        return {
            "rounds": [r.to_json() for r in self.rounds],
            "finished": self.finished,
            "totals": list(self.totals),
            "winner": self.winner,
        }


def replay(record: Record) -> ReplayOutcome:
    """Replay a record through the engine; raise :class:`ReplayError` at the first illegal action."""
    match = Match(record.rules, record.seed, record.first_dealer, deals=iter(r.deal for r in record.rounds))
    outcomes: list[RoundOutcome] = []
    for index, rrec in enumerate(record.rounds):
        if match.is_over or len(match.rounds) <= index:
            raise RecordError(f"round {index + 1}: the game was already over or the round before unfinished")
        current = match.rounds[index]
        for pos, (seat, action) in enumerate(rrec.actions):
            if current.is_over:
                raise ReplayError(index, pos, action.text(), "the round is already over")
            if seat != current.to_act:
                raise ReplayError(index, pos, action.text(), f"it is seat {current.to_act}'s turn, not seat {seat}'s")
            try:
                match.apply(action)  # deals the next round when this one ends
            except IllegalActionError as exc:
                raise ReplayError(index, pos, action.text(), str(exc)) from None
        if current.score is not None:
            outcomes.append(
                RoundOutcome(index, current.dealer, current.declarer, current.trump, current.score, match.sheet[index])
            )
    return ReplayOutcome(tuple(outcomes), match.is_over, (match.totals[0], match.totals[1]), match.winner)


def describe(outcome: ReplayOutcome) -> str:
    """A plain-text report of a replay, one line per round."""
    lines = []
    for r in outcome.rounds:
        s = r.score
        trump = SUIT_LETTERS[r.trump] if r.trump >= 0 else "-"
        if s.conceded:
            how = "conceded"
        else:
            how = f"{'made' if s.made else 'lost'}, tricks {s.tricks[0]}:{s.tricks[1]}"
        lines.append(
            f"round {r.index + 1} (dealer {r.dealer}): seat {r.declarer} bid {s.bid}, trump {trump}, "
            f"meld {s.meld[0]}:{s.meld[1]}, {how}; score {s.delta[0]:+d}:{s.delta[1]:+d}, "
            f"totals {r.totals[0]}:{r.totals[1]}"
        )
    if outcome.finished and outcome.winner is not None:
        lines.append(f"seats {outcome.winner} and {outcome.winner + 2} win, {outcome.totals[0]}:{outcome.totals[1]}")
    return "\n".join(lines)
