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

import dataclasses
from dataclasses import dataclass
from typing import Any, Final

from troef.core.records import DealRecord, FourHands, MatchRecord, RecordFormat
from troef.games.klaverjas.actions import DeclareRoem, KlaverjasAction, Play, declare_roem, parse_action
from troef.games.klaverjas.deal import Deal
from troef.games.klaverjas.kraak import LEVELS
from troef.games.klaverjas.match import Match, SheetRow
from troef.games.klaverjas.rules import Rules

GAME = "klaverjas"


class Record(MatchRecord[Rules, Deal, KlaverjasAction]):
    """A record of a match (``kind`` is always ``"match"``)."""

    __slots__ = ()


_DEALS: Final = FourHands("hands", Deal)
FORMAT: Final = RecordFormat(
    GAME,
    Record,
    "deal",
    "deals",
    Rules,
    parse_action,
    _DEALS.write,
    _DEALS.read,
    seats=4,
    replay=lambda record: replay(record),  # tells a record's readings apart (docs/records.md, "Rules revisions")
)
to_dict = FORMAT.to_dict
dumps = FORMAT.dumps
loads = FORMAT.loads


def record_of_match(
    match: Match, seats: list[dict[str, str]] | None = None, meta: dict[str, Any] | None = None
) -> Record:
    """The record of a match so far (the last deal may be unfinished); ``meta`` is kept as it is."""
    return FORMAT.of_match(match, 4, match.deals, seats, meta)


def roem_answers(record: Record) -> Record:
    """Rules revision 1 to 2 (Kraken 3.2, ``hand_roem_until``): the first trick's roem call that revision 1 left
    implicit.

    Under revision 1 a seat declared roem from the hand before its own first card or not at all; under
    revision 2 every seat that has not declared answers ``roem 0`` after the first trick's fourth card,
    from the trick's leader on. The answers are inserted there; nothing else changes.
    """
    deals: list[DealRecord[Deal, KlaverjasAction]] = []
    for drec in record.deals:
        actions = list(drec.actions)
        plays = [i for i, (_seat, action) in enumerate(actions) if isinstance(action, Play)]
        if len(plays) >= 4:
            fourth = plays[3]
            leader = actions[plays[0]][0]
            declared = {seat for seat, action in actions[:fourth] if isinstance(action, DeclareRoem)}
            answers = [((leader + k) & 3, declare_roem(0)) for k in range(4) if (leader + k) & 3 not in declared]
            actions[fourth + 1 : fourth + 1] = answers
        deals.append(dataclasses.replace(drec, actions=tuple(actions)))
    r = record
    return Record(r.kind, r.rules, r.seats, tuple(deals), r.first_dealer, r.seed, r.meta, r.revision, r.inferred)


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
    match = Match(record.rules, record.seed, record.first_dealer, deals=iter([d.deal for d in record.deals]))
    for _ in FORMAT.play(record, match, lambda: match.deals):
        pass  # the score sheet has every finished deal's row
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
