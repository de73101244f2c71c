"""Bonaken records: a hand or a whole match as versioned JSON (see ``docs/records.md``).

A record holds the rules (preset and changed switches), the seats, every
dealt card of every hand and every action in order. :func:`replay` runs a
record through the engine, stopping at the first illegal action with the
reason and its position.

>>> from troef.games.bonaken.rules import preset
>>> m = Match(preset("pagat"), players=3, seed=5, first_dealer=0)
>>> rec = loads(dumps(record_of_match(m)))
>>> rec.kind, len(rec.deals)
('match', 1)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from troef.core.errors import RecordError
from troef.core.records import MatchRecord, RecordFormat, cards_text, read_cards, require, within
from troef.games.bonaken.actions import BonakenAction, parse_action
from troef.games.bonaken.bidding import contract_name
from troef.games.bonaken.deal import Deal
from troef.games.bonaken.match import Match, SheetRow
from troef.games.bonaken.result import HandResult
from troef.games.bonaken.rules import Rules
from troef.games.bonaken.state import DealState

GAME = "bonaken"


class Record(MatchRecord[Rules, Deal, BonakenAction]):
    """A record of a single hand (``kind == 'hand'``) or a match (``'match'``); its ``deals`` are the hands."""

    __slots__ = ()


def _write_hand(deal: Deal) -> dict[str, Any]:
    return {
        "dealer": deal.dealer,
        "seats": list(deal.seats),
        "deal": {
            "hands": {str(s): cards_text(deal.hands[s]) for s in deal.seats},
            "open": cards_text(deal.open),
            "closed": cards_text(deal.closed),
            "sleepers": cards_text(deal.sleepers),
        },
    }


def _read_hand(raw: dict[str, Any], where: str, dealer: int, table: int, rules: Rules) -> Deal:
    if not 0 <= dealer < table:
        raise RecordError(f"{where}: the dealer must be a seat from 0 to {table - 1}")
    seats = require(raw, "seats", list, where)
    if not all(type(s) is int and 0 <= s < table for s in seats):
        raise RecordError(f"{where}: seats must be seat numbers from 0 to {table - 1}")
    if len(set(seats)) != len(seats):
        raise RecordError(f"{where}: a seat is listed twice")
    deal_raw = require(raw, "deal", dict, where)
    masks = [0] * table
    for key, cards in require(deal_raw, "hands", dict, where).items():
        if not key.isdigit() or int(key) not in seats:
            raise RecordError(f"{where}: cards dealt to {key!r}, who is not playing")
        masks[int(key)] = read_cards(cards, f"{where}, seat {key}")
    deal = Deal(
        table,
        dealer,
        tuple(sorted(seats)),
        tuple(masks),
        read_cards(deal_raw.get("open", ""), f"{where}, open cards"),
        read_cards(deal_raw.get("closed", ""), f"{where}, closed cards"),
        read_cards(deal_raw.get("sleepers", ""), f"{where}, sleepers"),
    )
    with within(where):
        deal.validate(rules)
    return deal


FORMAT: Final = RecordFormat(
    GAME, Record, "hand", "hands", Rules, parse_action, _write_hand, _read_hand, None, ("hand", "match")
)
to_dict = FORMAT.to_dict
dumps = FORMAT.dumps
dump = FORMAT.dump
loads = FORMAT.loads
load = FORMAT.load


def record_of_hand(hand: DealState, seats: list[dict[str, str]] | None = None) -> Record:
    """The record of one hand (played or not yet finished)."""
    return FORMAT.new("hand", hand.rules, hand.table, [(hand.deal, hand.history)], hand.deal.dealer, seats=seats)


def record_of_match(
    match: Match, seats: list[dict[str, str]] | None = None, meta: dict[str, Any] | None = None
) -> Record:
    """The record of a match so far; ``meta`` is kept as it is."""
    return FORMAT.of_match(match, match.table, match.hands, seats, meta)


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


def replay(record: Record) -> ReplayOutcome:
    """Replay a record through the engine; raise :class:`ReplayError` at the first illegal action."""
    if record.kind == "hand":
        hand = DealState(record.rules, record.deals[0].deal)
        outcomes = [
            HandOutcome(index, h.deal.dealer, h.result, h.roem_declared, None, [])
            for index, h in FORMAT.play(record, hand, lambda: (hand,))
            if h.result is not None
        ]
        return ReplayOutcome(tuple(outcomes), hand.is_over, [], ())
    deals = iter([h.deal for h in record.deals])
    match = Match(record.rules, len(record.seats), record.seed, record.first_dealer, deals=deals)
    outcomes = []
    for index, hand in FORMAT.play(record, match, lambda: match.hands):
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
