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
>>> rec.first_dealer, len(rec.deals)
(0, 1)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from troef.cards import SUIT_LETTERS
from troef.core.records import FourHands, MatchRecord, RecordFormat
from troef.games.binokel.actions import BinokelAction, parse_action
from troef.games.binokel.deal import Deal
from troef.games.binokel.match import Match
from troef.games.binokel.rules import Rules
from troef.games.binokel.scoring import RoundScore

GAME = "binokel"


class Record(MatchRecord[Rules, Deal, BinokelAction]):
    """A record of a game of Binokel (its ``deals`` are the rounds)."""

    __slots__ = ()


_DEALS: Final = FourHands("deal", Deal, example='"Ah Ah\' 10h"')
FORMAT: Final = RecordFormat(GAME, Record, "round", "rounds", Rules, parse_action, _DEALS.write, _DEALS.read, seats=4)
to_dict = FORMAT.to_dict
dumps = FORMAT.dumps
loads = FORMAT.loads


def record_of_match(
    match: Match, seats: list[dict[str, str]] | None = None, meta: dict[str, Any] | None = None
) -> Record:
    """The record of a game so far; ``seats`` and ``meta`` are kept as given."""
    return FORMAT.of_match(match, 4, match.rounds, seats, meta)


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
    match = Match(record.rules, record.seed, record.first_dealer, deals=iter(r.deal for r in record.deals))
    outcomes = [
        RoundOutcome(index, current.dealer, current.declarer, current.trump, current.score, match.sheet[index])
        for index, current in FORMAT.play(record, match, lambda: match.rounds)
        if current.score is not None
    ]
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
