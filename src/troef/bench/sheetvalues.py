"""``troef bench sheet-values``: the tables behind the pimc bot's bid bar by the score sheet.

Plays matches of four (or the given number of) club players per rule set and
table size and tallies, per standing, the final results of the seats that made,
failed or did not declare a contract (:mod:`troef.games.bonaken.sheetvalue`).
The work is split over processes by match; the tally does not depend on how.
"""

from __future__ import annotations

import json
import multiprocessing
from typing import Any

from troef.games.bonaken.rules import preset
from troef.games.bonaken.sheetvalue import VALUES_FILE, Tally, play_match

__all__ = ["collect_all", "write"]


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
