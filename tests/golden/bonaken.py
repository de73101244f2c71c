"""Seeded Bonaken matches as records and as the server's frames: the golden files beside this module.

The files were written by the code before the shared game layer was lifted out
of Bonaken (``python -m tests.golden.bonaken``); ``tests/test_golden.py`` plays
the same matches with today's code and asserts that records and frames are the
same, byte for byte. Only an intended change of Bonaken's behaviour may rewrite
them.
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
RECORDS = HERE / "bonaken-records.json"
FRAMES = HERE / "bonaken-frames.json"


def records() -> str:
    """Every preset at every table size: the match record and the standing, as JSON text."""
    from troef.games.bonaken.match import Match
    from troef.games.bonaken.record import dumps, record_of_match
    from troef.games.bonaken.rules import preset

    out: list[Any] = []
    for name in ("nk", "pagat", "hazerswoude"):
        for players in preset(name).players:
            match = Match(preset(name), players, seed=players * 7 + len(name))
            chooser = random.Random(players)
            while not match.is_over:
                legal = match.legal_actions()
                if match.hand.phase == 0 and chooser.random() < 0.6:
                    action = legal[0]
                else:
                    action = legal[chooser.randrange(min(len(legal), 8))]
                match.apply(action)
            seats = [{"name": f"p{i}", "kind": "human"} for i in range(players)]
            out.append({"record": json.loads(dumps(record_of_match(match, seats))), "standing": match.standing()})
    return json.dumps(out, sort_keys=True, indent=0)


def frames() -> str:
    """Every message each seat and a spectator are sent through seeded matches of each preset, as JSON text."""
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        for preset, players, seed in (("nk", 4, 11), ("pagat", 4, 2026), ("hazerswoude", 5, 5)):
            db = str(Path(tmp) / f"{preset}.db")
            out[f"{preset}-{players}"] = asyncio.run(
                table_frames(db, {"config": {"preset": preset, "players": players}}, seed, players)
            )
    return json.dumps(out, sort_keys=True, indent=0)


if __name__ == "__main__":
    RECORDS.write_text(records() + "\n", encoding="utf-8")
    FRAMES.write_text(frames() + "\n", encoding="utf-8")
    print(f"wrote {RECORDS} and {FRAMES}", file=sys.stderr)
