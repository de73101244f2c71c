"""Seeded klaverjas matches as records, replays and server frames: the golden files beside this module.

``tests/test_golden.py`` plays the same matches with today's code and asserts
that they are the same, byte for byte, so that a refactor that changes the
game shows. A change of klaverjas's rules that is meant changes them: then
write them again with

    python -m tests.golden.klaverjas

and read the diff (``git diff --stat tests/golden``) before committing it.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from tests.golden.table import played_records, tables_frames

HERE = Path(__file__).parent
RECORDS = HERE / "klaverjas-records.json"
FRAMES = HERE / "klaverjas-frames.json"

#: (preset, switches, match seed): every preset, and each way a match ends.
MATCHES: tuple[tuple[str, dict[str, Any], int], ...] = (
    ("kraken", {"deals": 8, "kraak_quota": 2}, 1),
    ("kraken", {"deals": 16}, 2),
    ("amsterdam", {"deals": 4}, 3),
    ("amsterdam", {"match_end": "points", "target": 500}, 4),
    ("rotterdam", {"deals": 4}, 5),
    ("rotterdam", {"deals": 8, "roem_counting": "claim"}, 6),
)
#: (preset, lobby switches, table seed) of the server tables.
TABLES: tuple[tuple[str, dict[str, Any], int], ...] = (
    ("kraken", {"deals": 2, "kraak_quota": 1}, 11),
    ("amsterdam", {"deals": 2}, 12),
    ("rotterdam", {"deals": 2}, 13),
)


def records() -> str:
    """Each game of :data:`MATCHES` played at random: its record, its replay and its standing, as JSON text."""
    return played_records("klaverjas", MATCHES)


def replay_agrees(entry: dict[str, Any]) -> bool:
    """Whether the replay of a written record ends where its match did."""
    return bool(entry["replay"]["finished"]) and entry["replay"]["standing"] == entry["standing"]


def frames() -> str:
    """Every message each seat and a spectator are sent at the tables of :data:`TABLES`, as JSON text."""
    return tables_frames("klaverjas", TABLES)


if __name__ == "__main__":
    RECORDS.write_text(records() + "\n", encoding="utf-8")
    FRAMES.write_text(frames() + "\n", encoding="utf-8")
    print(f"wrote {RECORDS} and {FRAMES}", file=sys.stderr)
