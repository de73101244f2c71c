"""Klaverjas records: a match as versioned JSON (see ``docs/records.md``, the klaverjas part).

A record holds the envelope of :mod:`troef.core.records`, the rules (preset
and changed switches), the seats, the first dealer, the seed, and per deal its
dealer, every seat's eight cards and every action in order. :func:`replay`
runs a record through a :class:`Match` on the recorded deals and stops with a
:class:`ReplayError` at the first illegal action.

>>> from troef.games.klaverjas.rules import preset
>>> m = Match(preset("kraken"), seed=5, first_dealer=0)
>>> rec = loads(dumps(record_of_match(m)))
>>> rec.rules.preset, len(rec.deals), rec.deals[0].actions
('kraken', 1, ())
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from troef.cards import CardSet, card_str, cards_of
from troef.core.errors import IllegalActionError, NotationError, RecordError, ReplayError
from troef.core.records import envelope, parse_envelope, require
from troef.games.klaverjas.actions import KlaverjasAction, parse_action
from troef.games.klaverjas.deal import Dealt
from troef.games.klaverjas.kraak import LEVELS
from troef.games.klaverjas.match import Match, SheetRow
from troef.games.klaverjas.rules import Rules

GAME = "klaverjas"


@dataclass(frozen=True, slots=True)
class DealRecord:
    """One deal: the cards dealt and the actions as (seat, action)."""

    dealt: Dealt
    actions: tuple[tuple[int, KlaverjasAction], ...]


@dataclass(frozen=True, slots=True)
class Record:
    """A record of a match (``kind`` is always ``"match"``)."""

    rules: Rules
    seats: tuple[dict[str, str], ...]
    deals: tuple[DealRecord, ...]
    first_dealer: int
    seed: int | None = None
    meta: dict[str, Any] = field(default_factory=dict)


def record_of_match(
    match: Match, seats: list[dict[str, str]] | None = None, meta: dict[str, Any] | None = None
) -> Record:
    """The record of a match so far (the last deal may be unfinished); ``meta`` is kept as it is."""
    seat_info = tuple(seats or [{"name": f"seat {i}"} for i in range(4)])
    if len(seat_info) != 4:
        raise RecordError("klaverjas has four seats")
    deals = tuple(DealRecord(d.dealt, tuple(d.history)) for d in match.deals)
    return Record(match.rules, seat_info, deals, match.first_dealer, match.seed, dict(meta or {}))


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
    data["deals"] = [
        {
            "dealer": d.dealt.dealer,
            "hands": {str(s): " ".join(card_str(c) for c in cards_of(d.dealt.hands[s])) for s in range(4)},
            "actions": [[seat, a.text()] for seat, a in d.actions],
        }
        for d in record.deals
    ]
    return data


def dumps(record: Record, indent: int | None = 1) -> str:
    """The record as JSON text."""
    return json.dumps(to_dict(record), indent=indent, ensure_ascii=False)


def _cards(text: Any, where: str) -> int:
    if not isinstance(text, str):
        raise RecordError(f"{where}: cards must be a string like 'Jh 9h Ah'")
    try:
        return CardSet.parse(text).mask
    except NotationError as exc:
        raise RecordError(f"{where}: {exc}") from None


def loads(text: str) -> Record:
    """Read a record from JSON text; anything malformed raises :class:`RecordError` saying where."""
    data = parse_envelope(text, GAME)
    if require(data, "kind", str, "record") != "match":
        raise RecordError("record 'kind' must be 'match'")
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
    deals: list[DealRecord] = []
    for i, raw in enumerate(require(data, "deals", list, "record")):
        where = f"deal {i + 1}"
        if not isinstance(raw, dict):
            raise RecordError(f"{where}: must be an object")
        dealer = require(raw, "dealer", int, where)
        hands_raw = require(raw, "hands", dict, where)
        if sorted(hands_raw) != ["0", "1", "2", "3"]:
            raise RecordError(f"{where}: 'hands' must give the cards of seats 0, 1, 2 and 3")
        masks = [_cards(hands_raw[str(s)], f"{where}, seat {s}") for s in range(4)]
        dealt = Dealt(dealer, (masks[0], masks[1], masks[2], masks[3]))
        try:
            dealt.validate()
        except RecordError as exc:
            raise RecordError(f"{where}: {exc}") from None
        actions: list[tuple[int, KlaverjasAction]] = []
        for j, item in enumerate(require(raw, "actions", list, where)):
            if not isinstance(item, list) or len(item) != 2 or type(item[0]) is not int or not isinstance(item[1], str):
                raise RecordError(f'{where}, action {j + 1}: must be [seat, "action text"]')
            try:
                actions.append((item[0], parse_action(item[1])))
            except NotationError as exc:
                raise RecordError(f"{where}, action {j + 1}: {exc}") from None
        deals.append(DealRecord(dealt, tuple(actions)))
    if not deals:
        raise RecordError("record: a match record holds at least one deal")
    return Record(rules, tuple(dict(s) for s in seats), tuple(deals), first_dealer, seed, meta)


# ---------------------------------------------------------------------- replay
@dataclass(frozen=True, slots=True)
class ReplayOutcome:
    """Every finished deal's score sheet row and, for a finished match, the final standing."""

    rows: tuple[SheetRow, ...]
    finished: bool
    standing: list[dict[str, Any]]
    winner: int | None
    final_crosses: tuple[int, int]

    def to_json(self) -> dict[str, Any]:
        return {
            "deals": [row.to_json() for row in self.rows],
            "finished": self.finished,
            "standing": self.standing,
            "winner": self.winner,
            "final_crosses": list(self.final_crosses),
        }


def replay(record: Record) -> ReplayOutcome:
    """Replay a record; raise :class:`ReplayError` at the first illegal action, :class:`RecordError` if malformed."""
    match = Match(record.rules, record.seed, record.first_dealer, deals=iter([d.dealt for d in record.deals]))
    for index, drec in enumerate(record.deals):
        if match.is_over or len(match.deals) <= index:
            raise RecordError(f"deal {index + 1}: the match was already over or the previous deal unfinished")
        deal = match.deals[index]
        for pos, (seat, action) in enumerate(drec.actions):
            if deal.is_over:
                raise ReplayError(index, pos, action.text(), "the deal is already over")
            if seat != deal.to_act:
                raise ReplayError(index, pos, action.text(), f"it is seat {deal.to_act}'s turn, not seat {seat}'s")
            try:
                match.apply(action)  # deals the next deal when this one ends
            except IllegalActionError as exc:
                raise ReplayError(index, pos, action.text(), str(exc)) from None
    sheet = match.sheet
    return ReplayOutcome(
        tuple(sheet.rows),
        match.is_over,
        match.standing(),
        sheet.winner(),
        (sheet.final_crosses[0], sheet.final_crosses[1]),
    )


def describe(outcome: ReplayOutcome) -> str:
    """A plain-text report of a replay: one line per deal, then the result."""
    lines = []
    for row in outcome.rows:
        r = row.result
        kraak = f", {LEVELS[r.level]}" if r.level else ""
        flags = (f"; side {r.playing_side} nat" if r.nat else "") + (f"; pit for side {r.pit}" if r.pit >= 0 else "")
        owed = f", owed {row.owed[0]}/{row.owed[1]}" if row.owed is not None else ""
        lines.append(
            f"deal {row.deal + 1} (dealer {row.dealer}): seat {r.declarer} plays, trump {'hdcs'[r.trump]}{kraak}; "
            f"cards {r.card_points[0]}-{r.card_points[1]}, roem {r.roem[0]}-{r.roem[1]}{flags}; "
            f"score {row.score.points[0]}-{row.score.points[1]}, crosses {row.score.crosses[0]}-"
            f"{row.score.crosses[1]}; total {row.points[0]}-{row.points[1]}, crosses {row.crosses[0]}-"
            f"{row.crosses[1]}{owed}"
        )
    if outcome.finished:
        if any(outcome.final_crosses):
            side = 0 if outcome.final_crosses[0] else 1
            lines.append(f"side {side} is behind in points: {outcome.final_crosses[side]} crosses")
        lines.append("draw" if outcome.winner is None else f"side {outcome.winner} wins")
    return "\n".join(lines)
