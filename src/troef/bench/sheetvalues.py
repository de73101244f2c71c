"""``troef bench sheet-values``: the tables behind the pimc bot's bid bar by the score sheet.

Plays matches of four (or the given number of) club players per rule set and
table size and tallies, per standing, the final results of the seats that made,
failed or did not declare a contract (:mod:`troef.games.bonaken.sheetvalue`).
The work is split over processes by match; the tally does not depend on how.
"""

from __future__ import annotations

import json
import multiprocessing
import random
from typing import Any

from troef.games.bonaken.heuristic import HeuristicBot
from troef.games.bonaken.match import Match
from troef.games.bonaken.rules import Rules, preset
from troef.games.bonaken.sheetvalue import ACTIVE, VALUES_FILE, Tally, own_key, state_key
from troef.games.bonaken.view import hand_view

__all__ = ["collect_all", "play_match", "write"]


def _result(match: Match, seat: int) -> float:
    """A seat's final result: nk table points (nk rules 54-57), or 1 for not buying the round."""
    if match.rules.scoring == "nk":
        return float(match.sheet.table_points()[seat])
    return 0.0 if seat in match.sheet.losers() else 1.0


def play_match(rules: Rules, players: int, seed: int) -> Tally:
    """One match of club players, tallied by standing (see the module docstring)."""
    match = Match(rules, players, seed=seed)
    chooser = random.Random(seed)
    bots = [HeuristicBot(seed=chooser.randrange(1 << 30)) for _ in range(players)]
    seen: list[tuple[str, str, int]] = []  # (standing key, W/L/P, seat)
    while not match.is_over:
        hand = match.hand
        match.apply(bots[hand.to_act].act(hand_view(hand, hand.to_act)))
        result = hand.result
        if not hand.is_over or result is None or hand.standing is None:
            continue
        standing = hand.standing
        for seat in hand.seats:
            if standing[seat] not in ACTIVE:
                continue
            kind = "P"
            if not result.redeal and seat in result.declarers:
                kind = "W" if result.won.get(seat, False) else "L"
            seen.append((state_key(standing, seat), kind, seat))
            seen.append((own_key(standing, seat), kind, seat))
    results = [_result(match, seat) for seat in range(players)]
    tally: Tally = {}
    offset = {"W": 0, "L": 2, "P": 4}
    for key, kind, seat in seen:
        row = tally.setdefault(key, [0.0] * 6)
        row[offset[kind]] += results[seat]
        row[offset[kind] + 1] += 1
    return tally


def _play(task: tuple[str, int, int]) -> tuple[str, Tally]:
    name, players, seed = task
    return f"{name}/{players}", play_match(preset(name), players, seed)


def collect_all(tables: list[tuple[str, int]], matches: int, seed: int = 1, workers: int = 2) -> dict[str, Tally]:
    """The tallies of ``matches`` matches for each (rule set, players) in ``tables``."""
    tasks = [(name, players, seed * 100_003 + i) for name, players in tables for i in range(matches)]
    out: dict[str, Tally] = {f"{name}/{players}": {} for name, players in tables}
    if workers <= 1:
        found = map(_play, tasks)
        _merge(out, found)
    else:
        context = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else None)
        with context.Pool(workers) as pool:
            _merge(out, pool.imap_unordered(_play, tasks, chunksize=20))
    return {
        table: {key: [round(v, 3) for v in row] for key, row in sorted(tally.items())} for table, tally in out.items()
    }


def _merge(out: dict[str, Tally], found: Any) -> None:
    for table, tally in found:
        into = out[table]
        for key, row in tally.items():
            total = into.setdefault(key, [0.0] * 6)
            for i, value in enumerate(row):
                total[i] += value


def write(tallies: dict[str, Tally], command: str) -> None:
    """Store the tallies where the pimc bot reads them, beside the tables of other sizes already there.

    Each table keeps the command that collected it (``trained_on``).
    """
    data: dict[str, Any] = {"version": 1, "tables": {}, "trained_on": {}}
    if VALUES_FILE.exists():
        data = json.loads(VALUES_FILE.read_text(encoding="utf-8"))
    for table, tally in tallies.items():
        data["tables"][table] = tally
        data["trained_on"][table] = command
    VALUES_FILE.write_text(json.dumps(data, indent=0, sort_keys=True) + "\n", encoding="utf-8")
