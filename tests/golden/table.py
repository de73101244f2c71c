"""What the golden generators share: a seeded table on a real server hub (any game), and played records.

Every game's generator (:mod:`tests.golden.bonaken`, :mod:`tests.golden.klaverjas`,
:mod:`tests.golden.binokel`) plays its server tables through :func:`table_frames`;
klaverjas and Binokel write their records with :func:`played_records` and
:func:`tables_frames` as well.
"""

from __future__ import annotations

import asyncio
import importlib
import json
import random
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any


class _Client:
    """Collects the text frames the hub sends to one viewer."""

    def __init__(self) -> None:
        self.texts: list[str] = []

    def send(self, text: bytes) -> None:
        self.texts.append(text.decode())


async def table_frames(db: str, body: dict[str, Any], seed: int, players: int = 4) -> dict[str, Any]:
    """Create the table of ``body`` (a lobby request without seats) in a SQLite file and play it out.

    Seats act at random (``seed``), now and then out of turn or with a text
    that is no action, so the refusals are recorded too.
    """
    from troef.server.storage import AsyncStore
    from troef.server.tables import Hub

    hub = Hub(AsyncStore("sqlite:///" + db))
    await hub.start()
    try:
        seats = [{"kind": "human", "name": f"p{i}"} for i in range(players)]
        table, _tokens = await hub.create_table({**body, "seats": seats, "seed": seed})
        clients = {viewer: _Client() for viewer in range(-1, players)}
        for viewer, client in clients.items():
            hub.attach(table, viewer, client)
        chooser = random.Random(seed)
        refusals = []
        while not table.over:
            seat = table.game.to_act(table.match)
            legal = table.game.legal(table.game.view(table.match, seat))
            if chooser.random() < 0.05:  # out of turn, and a text that is no action
                refusals.append(await hub.submit(table, (seat + 1) % players, legal[0]))
                refusals.append(await hub.submit(table, seat, "play Zz"))
            refusals.append(await hub.submit(table, seat, legal[chooser.randrange(len(legal))], table.version))
        out: dict[str, Any] = {str(v): [t.replace(table.id, "T") for t in c.texts] for v, c in clients.items()}
        out["refusals"] = [None if p is None else [p.code, p.message] for p in refusals]
        return out
    finally:
        await hub.stop()


def played_records(game: str, matches: Sequence[tuple[str, dict[str, Any], int]]) -> str:
    """Each (preset, switches, seed) of a four-seat game played at random: its record, replay and standing, as JSON."""
    match_class = importlib.import_module(f"troef.games.{game}.match").Match
    codec = importlib.import_module(f"troef.games.{game}.record")
    preset = importlib.import_module(f"troef.games.{game}.rules").preset
    out: list[Any] = []
    for name, switches, seed in matches:
        match = match_class(preset(name, **switches), seed=seed)
        chooser = random.Random(seed)
        while not match.is_over:
            legal = match.legal_actions()
            match.apply(legal[chooser.randrange(len(legal))])
        seats = [{"name": f"p{i}", "kind": "human"} for i in range(4)]
        text = codec.dumps(codec.record_of_match(match, seats))
        out.append(
            {
                "record": json.loads(text),
                "replay": codec.replay(codec.loads(text)).to_json(),
                "standing": match.standing(),
            }
        )
    return json.dumps(out, sort_keys=True, indent=0)


def tables_frames(game: str, tables: Sequence[tuple[str, dict[str, Any], int]]) -> str:
    """Every message each seat and a spectator are sent at each (preset, lobby switches, seed) table, as JSON."""
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        for name, switches, seed in tables:
            body = {"game": game, "config": {"preset": name, "switches": switches}}
            out[f"{name}-{seed}"] = asyncio.run(table_frames(str(Path(tmp) / f"{name}.db"), body, seed))
    return json.dumps(out, sort_keys=True, indent=0)
