"""Seeded Binokel games as records, replays and server frames: the golden files beside this module.

``tests/test_golden.py`` plays the same matches with today's code and asserts
that they are the same, byte for byte, so that a refactor that changes the
game shows. A change of Binokel's rules that is meant changes them: then
write them again with

    python -m tests.golden.binokel

and read the diff (``git diff --stat tests/golden``) before committing it.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from tests.golden.table import played_records, tables_frames

HERE = Path(__file__).parent
RECORDS = HERE / "binokel-records.json"
FRAMES = HERE / "binokel-frames.json"

#: (preset, switches, game seed): each target, and a game cut short by the round limit.
MATCHES: tuple[tuple[str, dict[str, Any], int], ...] = (
    ("cardgames", {"target": 1000}, 1),
    ("cardgames", {"target": 1500}, 2),
    ("cardgames", {"target": 2000}, 3),
    ("cardgames", {"target": 2000, "max_rounds": 3}, 4),
)
#: (preset, lobby switches, table seed) of the server table: a seed whose game ends in four rounds,
#: so the frames file stays a few megabytes (a frame holds the whole view).
TABLES: tuple[tuple[str, dict[str, Any], int], ...] = (("cardgames", {"target": 1000}, 27),)


def records() -> str:
    """Each game of :data:`MATCHES` played at random: its record, its replay and its standing, as JSON text."""
    return played_records("binokel", MATCHES)


def replay_agrees(entry: dict[str, Any]) -> bool:
    """Whether the replay of a written record ends where its match did."""
    totals = [entry["standing"][0]["points"], entry["standing"][1]["points"]]
    return bool(entry["replay"]["finished"]) and entry["replay"]["totals"] == totals


def frames() -> str:
    """Every message each seat and a spectator are sent at the tables of :data:`TABLES`, as JSON text."""
    return tables_frames("binokel", TABLES)


if __name__ == "__main__":
    RECORDS.write_text(records() + "\n", encoding="utf-8")
    FRAMES.write_text(frames() + "\n", encoding="utf-8")
    print(f"wrote {RECORDS} and {FRAMES}", file=sys.stderr)
