"""Seeded klaverjas matches as records, replays and server frames: the golden files beside this module.

``tests/test_golden.py`` plays the same matches with today's code and asserts
that they are the same, byte for byte, so that a refactor that changes the
game shows. A change of klaverjas's rules that is meant changes them: then
write them again with

    python -m tests.golden.klaverjas

and read the diff (``git diff --stat tests/golden``) before committing it.
"""

from __future__ import annotations

import asyncio
import json
import random
import sys
import tempfile
from pathlib import Path
from typing import Any

from tests.golden.table import table_frames

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
    """Each match of :data:`MATCHES` played at random: its record, its replay and its standing, as JSON text."""
    from troef.games.klaverjas.match import Match
    from troef.games.klaverjas.record import dumps, loads, record_of_match, replay
    from troef.games.klaverjas.rules import preset

    out: list[Any] = []
    for name, switches, seed in MATCHES:
        match = Match(preset(name, **switches), seed=seed)
        chooser = random.Random(seed)
        while not match.is_over:
            legal = match.legal_actions()
            match.apply(legal[chooser.randrange(len(legal))])
        seats = [{"name": f"p{i}", "kind": "human"} for i in range(4)]
        text = dumps(record_of_match(match, seats))
        out.append(
            {
                "record": json.loads(text),
                "replay": replay(loads(text)).to_json(),
                "standing": match.standing(),
            }
        )
    return json.dumps(out, sort_keys=True, indent=0)


def replay_agrees(entry: dict[str, Any]) -> bool:
    """Whether the replay of a written record ends where its match did."""
    return bool(entry["replay"]["finished"]) and entry["replay"]["standing"] == entry["standing"]


def frames() -> str:
    """Every message each seat and a spectator are sent at the tables of :data:`TABLES`, as JSON text."""
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        for name, switches, seed in TABLES:
            body = {"game": "klaverjas", "config": {"preset": name, "switches": switches}}
            out[f"{name}-{seed}"] = asyncio.run(table_frames(str(Path(tmp) / f"{name}.db"), body, seed))
    return json.dumps(out, sort_keys=True, indent=0)


if __name__ == "__main__":
    RECORDS.write_text(records() + "\n", encoding="utf-8")
    FRAMES.write_text(frames() + "\n", encoding="utf-8")
    print(f"wrote {RECORDS} and {FRAMES}", file=sys.stderr)
