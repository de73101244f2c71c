"""Bonaken records: a hand or a whole match as versioned JSON (see ``docs/records.md``).

A record holds the rules (preset and changed switches), the seats, every
dealt card of every hand and every action in order. :func:`replay` runs a
record through the engine, stopping at the first illegal action with the
reason and its position.

>>> from troef.games.bonaken.rules import preset
>>> m = Match(preset("pagat"), players=3, seed=5, first_dealer=0)
>>> rec = loads(dumps(record_of_match(m)))
>>> rec.kind, len(rec.hands)
('match', 1)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import IO, Any

from troef.cards import CardSet, card_str, cards_of
from troef.core.errors import IllegalActionError, NotationError, RecordError, ReplayError
from troef.core.records import envelope, parse_envelope, require
from troef.games.bonaken.actions import BonakenAction, parse_action
from troef.games.bonaken.bidding import contract_name
from troef.games.bonaken.deal import Deal
from troef.games.bonaken.match import Match, SheetRow
from troef.games.bonaken.result import HandResult
from troef.games.bonaken.rules import Rules
from troef.games.bonaken.state import Hand

GAME = "bonaken"


@dataclass(frozen=True, slots=True)
class HandRecord:
    """One hand: its deal and its actions as (seat, action)."""

    deal: Deal
    actions: tuple[tuple[int, BonakenAction], ...]


@dataclass(frozen=True, slots=True)
class Record:
    """A record of a single hand (``kind == 'hand'``) or a match (``'match'``)."""

    kind: str
    rules: Rules
    seats: tuple[dict[str, str], ...]
    hands: tuple[HandRecord, ...]
    first_dealer: int
    seed: int | None = None
    meta: dict[str, Any] = field(default_factory=dict)


def _mask_text(mask: int) -> str:
    return " ".join(card_str(c) for c in cards_of(mask))


def _hand_record(hand: Hand) -> HandRecord:
    return HandRecord(hand.deal, tuple(hand.history))


def record_of_hand(hand: Hand, seats: list[dict[str, str]] | None = None) -> Record:
    """The record of one hand (played or not yet finished)."""
    seat_info = tuple(seats or [{"name": f"seat {i}"} for i in range(hand.table)])
    return Record("hand", hand.rules, seat_info, (_hand_record(hand),), hand.deal.dealer)


def record_of_match(match: Match, seats: list[dict[str, str]] | None = None) -> Record:
    """The record of a match so far."""
    seat_info = tuple(seats or [{"name": f"seat {i}"} for i in range(match.table)])
    return Record(
        "match",
        match.rules,
        seat_info,
        tuple(_hand_record(h) for h in match.hands),
        match.first_dealer,
        match.seed,
    )


def to_dict(record: Record) -> dict[str, Any]:
    """The JSON-ready form of a record."""
    data = envelope(GAME, record.kind)
    data["rules"] = record.rules.to_dict()
    data["seats"] = [dict(s) for s in record.seats]
    data["first_dealer"] = record.first_dealer
    if record.seed is not None:
        data["seed"] = record.seed
    if record.meta:
        data["meta"] = record.meta
    hands = []
    for h in record.hands:
        d = h.deal
        hands.append(
            {
                "dealer": d.dealer,
                "seats": list(d.seats),
                "deal": {
                    "hands": {str(s): _mask_text(d.hands[s]) for s in d.seats},
                    "open": _mask_text(d.open),
                    "closed": _mask_text(d.closed),
                    "sleepers": _mask_text(d.sleepers),
                },
                "actions": [[seat, a.text()] for seat, a in h.actions],
            }
        )
    data["hands"] = hands
    return data


def dumps(record: Record, indent: int | None = 1) -> str:
    """The record as JSON text."""
    import json

    return json.dumps(to_dict(record), indent=indent, ensure_ascii=False)


def dump(record: Record, fp: IO[str]) -> None:
    """Write the record as JSON to a text file."""
    fp.write(dumps(record))
    fp.write("\n")


def _cards(text: Any, where: str) -> int:
    if not isinstance(text, str):
        raise RecordError(f"{where}: cards must be a string like 'Jh 9h Ah'")
    try:
        return CardSet.parse(text).mask
    except NotationError as exc:
        raise RecordError(f"{where}: {exc}") from None


def loads(text: str) -> Record:
    """Read a record from JSON text; malformed records raise :class:`RecordError`."""
    data = parse_envelope(text, GAME)
    kind = require(data, "kind", str, "record")
    if kind not in ("hand", "match"):
        raise RecordError("record 'kind' must be 'hand' or 'match'")
    rules = Rules.from_dict(require(data, "rules", dict, "record"))
    seats_raw = require(data, "seats", list, "record")
    if not all(isinstance(s, dict) for s in seats_raw):
        raise RecordError("record: every seat must be an object")
    table = len(seats_raw)
    first_dealer = require(data, "first_dealer", int, "record")
    if not 0 <= first_dealer < table:
        raise RecordError(f"record: 'first_dealer' must be a seat from 0 to {table - 1}")
    seed = data.get("seed")
    if seed is not None and type(seed) is not int:
        raise RecordError("record: 'seed' must be an integer")
    meta = data.get("meta", {})
    if not isinstance(meta, dict):
        raise RecordError("record: 'meta' must be an object")
    hands: list[HandRecord] = []
    for i, raw in enumerate(require(data, "hands", list, "record")):
        where = f"hand {i + 1}"
        if not isinstance(raw, dict):
            raise RecordError(f"{where}: must be an object")
        dealer = require(raw, "dealer", int, where)
        if not 0 <= dealer < table:
            raise RecordError(f"{where}: the dealer must be a seat from 0 to {table - 1}")
        seats = require(raw, "seats", list, where)
        if not all(type(s) is int and 0 <= s < table for s in seats):
            raise RecordError(f"{where}: seats must be seat numbers from 0 to {table - 1}")
        if len(set(seats)) != len(seats):
            raise RecordError(f"{where}: a seat is listed twice")
        deal_raw = require(raw, "deal", dict, where)
        hands_raw = require(deal_raw, "hands", dict, where)
        masks = [0] * table
        for key, cards in hands_raw.items():
            if not key.isdigit() or int(key) not in seats:
                raise RecordError(f"{where}: cards dealt to {key!r}, who is not playing")
            masks[int(key)] = _cards(cards, f"{where}, seat {key}")
        deal = Deal(
            table,
            dealer,
            tuple(sorted(seats)),
            tuple(masks),
            _cards(deal_raw.get("open", ""), f"{where}, open cards"),
            _cards(deal_raw.get("closed", ""), f"{where}, closed cards"),
            _cards(deal_raw.get("sleepers", ""), f"{where}, sleepers"),
        )
        try:
            deal.validate(rules)
        except RecordError as exc:
            raise RecordError(f"{where}: {exc}") from None
        actions: list[tuple[int, BonakenAction]] = []
        for j, item in enumerate(require(raw, "actions", list, where)):
            if not isinstance(item, list) or len(item) != 2 or type(item[0]) is not int or not isinstance(item[1], str):
                raise RecordError(f'{where}, action {j + 1}: must be [seat, "action text"]')
            try:
                actions.append((item[0], parse_action(item[1])))
            except NotationError as exc:
                raise RecordError(f"{where}, action {j + 1}: {exc}") from None
        hands.append(HandRecord(deal, tuple(actions)))
    if kind == "hand" and len(hands) != 1:
        raise RecordError("a hand record holds exactly one hand")
    return Record(kind, rules, tuple(dict(s) for s in seats_raw), tuple(hands), first_dealer, seed, meta)


def load(fp: IO[str]) -> Record:
    """Read a record from a text file."""
    return loads(fp.read())


# ---------------------------------------------------------------------- replay
@dataclass(frozen=True, slots=True)
class HandOutcome:
    """What one replayed hand decided, with the score sheet row it wrote."""

    index: int
    dealer: int
    result: HandResult
    roem_declared: int
    sheet_row: SheetRow | None
    sheet_after: list[dict[str, object]]

    def to_json(self) -> dict[str, Any]:
        r = self.result
        return {
            "hand": self.index + 1,
            "dealer": self.dealer,
            "redeal": r.redeal,
            "contract": r.contract_name,
            "declarers": list(r.declarers),
            "trump": "hdcs"[r.trump] if r.trump >= 0 else None,
            "roem_declared": r.roem_declared,
            "roem_counted": r.roem_counted + r.trick_roem,
            "card_points": r.card_points,
            "won": {str(k): v for k, v in r.won.items()},
            "reasons": {str(k): v.value for k, v in r.reasons.items()},
            "false_roem": list(r.false_roem),
            "sheet_marks": {str(k): v for k, v in self.sheet_row.marks.items()} if self.sheet_row else {},
            "sheet_after": self.sheet_after,
        }


@dataclass(frozen=True, slots=True)
class ReplayOutcome:
    """Every hand's outcome and, for a finished match, the final standing."""

    hands: tuple[HandOutcome, ...]
    finished: bool
    standing: list[dict[str, object]]
    losers: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "hands": [h.to_json() for h in self.hands],
            "finished": self.finished,
            "standing": self.standing,
            "losers": list(self.losers),
        }


def _apply_all(hand: Hand, index: int, actions: tuple[tuple[int, BonakenAction], ...]) -> None:
    for pos, (seat, action) in enumerate(actions):
        if hand.is_over:
            raise ReplayError(index, pos, action.text(), "the hand is already over")
        if seat != hand.to_act:
            raise ReplayError(index, pos, action.text(), f"it is seat {hand.to_act}'s turn, not seat {seat}'s")
        try:
            hand.apply(action)
        except IllegalActionError as exc:
            raise ReplayError(index, pos, action.text(), str(exc)) from None


def replay(record: Record) -> ReplayOutcome:
    """Replay a record through the engine; raise :class:`ReplayError` at the first illegal action."""
    outcomes: list[HandOutcome] = []
    if record.kind == "hand":
        hand = Hand(record.rules, record.hands[0].deal)
        _apply_all(hand, 0, record.hands[0].actions)
        if hand.result is not None:
            outcomes.append(HandOutcome(0, hand.deal.dealer, hand.result, hand.roem_declared, None, []))
        return ReplayOutcome(tuple(outcomes), hand.is_over, [], ())
    deals = iter([h.deal for h in record.hands])
    match = Match(record.rules, len(record.seats), record.seed, record.first_dealer, deals=deals)
    for index, hrec in enumerate(record.hands):
        if match.is_over or len(match.hands) <= index:
            raise RecordError(f"hand {index + 1}: the match was already over or the previous hand unfinished")
        hand = match.hands[index]
        for pos, (seat, action) in enumerate(hrec.actions):
            if hand.is_over:
                raise ReplayError(index, pos, action.text(), "the hand is already over")
            if seat != hand.to_act:
                raise ReplayError(index, pos, action.text(), f"it is seat {hand.to_act}'s turn, not seat {seat}'s")
            try:
                match.apply(action)  # deals the next hand when this one ends
            except IllegalActionError as exc:
                raise ReplayError(index, pos, action.text(), str(exc)) from None
        if hand.result is not None:
            row = match.sheet.rows[-1] if not hand.result.redeal and match.sheet.rows else None
            outcomes.append(
                HandOutcome(index, hand.deal.dealer, hand.result, hand.roem_declared, row, match.standing())
            )
    return ReplayOutcome(tuple(outcomes), match.is_over, match.standing(), match.sheet.losers())


def describe(outcome: ReplayOutcome) -> str:
    """A plain-text report of a replay, one block per hand."""
    lines = []
    for h in outcome.hands:
        r = h.result
        if r.redeal:
            lines.append(f"hand {h.index + 1} (dealer {h.dealer}): everybody passed, redeal")
            continue
        assert r.contract is not None
        trump = "hdcs"[r.trump] if r.trump >= 0 else "none"
        results = ", ".join(
            f"seat {s} {'made it' if r.won.get(s) else 'lost'} ({r.reasons[s].value.replace('_', ' ')})"
            for s in r.declarers
            if s in r.reasons
        )
        lines.append(
            f"hand {h.index + 1} (dealer {h.dealer}): {contract_name(r.contract, len(r.declarers))} "
            f"by {', '.join(f'seat {s}' for s in r.declarers)}, trump {trump}, "
            f"roem declared {r.roem_declared} counted {r.roem_counted + r.trick_roem}, "
            f"card points {r.card_points}: {results}"
        )
        if r.false_roem:
            lines.append(f"  false roem: {', '.join(f'seat {s}' for s in r.false_roem)} erin")
        if h.sheet_after:
            lines.append(
                "  sheet: "
                + "; ".join(
                    f"seat {row['seat']} {row['status']} (+{row['plus']} -{row['minus']})" for row in h.sheet_after
                )
            )
    if outcome.finished and outcome.standing:
        lines.append("final standing:")
        for row in outcome.standing:
            extra = f", {row['table_points']} table points" if "table_points" in row else ""
            lines.append(f"  seat {row['seat']}: {row['status']}{extra}")
        if outcome.losers:
            lines.append(f"buys the round: {', '.join(f'seat {s}' for s in outcome.losers)}")
    return "\n".join(lines)
