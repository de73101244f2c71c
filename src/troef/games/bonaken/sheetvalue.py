"""What a plus and a minus are worth on the match's score sheet: the bid bar by the standing.

A contract's worth depends on the sheet. With one minus (``krom``) a second
one puts a player erin (nk rule 52; pagat: he buys the round), so a risky bid
costs far more than it can bring; early in a match a plus is worth taking
some risk for, because the others go out first otherwise (nk rules 53-57).
This module says how much, from matches of four club players (the
heuristic): for each standing (the seat's own status and the others'), the
mean final result of a seat that declared and made its contract in that
hand (``W``), declared and failed (``L``), or did not declare (``P``). The
result is the nk table points (nk rules 54-57) or, in the plus/minus
variants, 1 for not buying the round and 0 for buying it.

A bid is worth making when its chance ``p`` of being made gives
``p * W + (1 - p) * L >= P``, so the sheet's bar is::

    bar = (P - L) / (W - L)

A standing seen too rarely for its own figures falls back to the seat's own
status alone. The tables ship in ``sheet_values.json`` next to this module,
collected by ``troef bench sheet-values`` (:mod:`troef.bench.sheetvalues`); rules or table
sizes without a table (the point-counting variants) have no sheet bar.

>>> state_key(("suf", "krom", "recht", "eruit"), 1)
'krom|eruit,recht,suf'
>>> tally = {"krom|": [4.0, 4, 0.0, 2, 3.0, 6]}  # made: 1.0, failed: 0.0, not declared: 0.5
>>> sheet_bar(tally, ("suf", "krom"), 1, minimum=1)
0.5
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Final

from troef.games.bonaken.match import Status
from troef.games.bonaken.rules import Rules

__all__ = ["ACTIVE", "VALUES_FILE", "Tally", "load_values", "own_key", "sheet_bar", "state_key", "table_for"]

#: The shipped tables, per ``preset/players``.
VALUES_FILE: Final = Path(__file__).with_name("sheet_values.json")
#: Fewest hands of each kind (made, failed, not declared) in a standing for its own figures.
MIN_DECLARED: Final = 150
#: Bars are kept inside this range: the figures come from club players, and no contract is
#: certain or hopeless by the sheet alone.
BAR_RANGE: Final = (0.05, 0.95)
#: Scoring variants whose statuses (plus and minus marks) the table is about.
SCORINGS: Final = ("nk", "plusminus")
#: Statuses of players still in the match.
ACTIVE: Final = frozenset({Status.SUF.value, Status.KROM.value, Status.RECHT.value, Status.WIP.value})

#: Per standing key: [sum of W, count, sum of L, count, sum of P, count].
Tally = dict[str, list[float]]


def state_key(standing: Sequence[str], seat: int) -> str:
    """The standing as the seat sees it: its own status, then the others' in sorted order."""
    others = sorted(status for other, status in enumerate(standing) if other != seat)
    return f"{standing[seat]}|{','.join(others)}"


def own_key(standing: Sequence[str], seat: int) -> str:
    """The seat's own status alone: the key a rarely seen standing falls back to."""
    return f"{standing[seat]}|"


def sheet_bar(
    tally: Mapping[str, Sequence[float]], standing: Sequence[str], seat: int, minimum: int = MIN_DECLARED
) -> float | None:
    """The chance a contract needs in this standing to be worth bidding, or None without figures."""
    if standing[seat] not in ACTIVE:
        return None
    for key in (state_key(standing, seat), own_key(standing, seat)):
        row = tally.get(key)
        if row is None or min(row[1], row[3], row[5]) < minimum:
            continue
        won, lost, passed = row[0] / row[1], row[2] / row[3], row[4] / row[5]
        if won - lost <= 0:
            continue  # the figures are noise here: a plus should be worth more than a minus
        bar = (passed - lost) / (won - lost)
        return round(min(BAR_RANGE[1], max(BAR_RANGE[0], bar)), 4)
    return None


@cache
def load_values() -> dict[str, Tally]:
    """The shipped tables (empty when the file is missing)."""
    if not VALUES_FILE.exists():
        return {}
    data = json.loads(VALUES_FILE.read_text(encoding="utf-8"))
    tables: dict[str, Tally] = data["tables"]
    return tables


def table_for(rules: Rules, players: int) -> Tally | None:
    """The shipped tally of these rules at this table size, or None."""
    if rules.scoring not in SCORINGS:
        return None
    return load_values().get(f"{rules.preset}/{players}")
