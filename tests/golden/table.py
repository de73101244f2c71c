"""One seeded table on a real server hub, every message each seat and a spectator is sent (any game).

The golden generators of klaverjas and Binokel (:mod:`tests.golden.klaverjas`,
:mod:`tests.golden.binokel`) play their tables through this; Bonaken's
generator keeps its own copy, as it was written before the shared layer.
"""

from __future__ import annotations

import random
from typing import Any


class _Client:
    """Collects the text frames the hub sends to one viewer."""

    def __init__(self) -> None:
        self.texts: list[str] = []

    def send(self, text: bytes) -> None:
        self.texts.append(text.decode())


async def table_frames(db: str, body: dict[str, Any], seed: int) -> dict[str, Any]:
    """Create the table of ``body`` (a lobby request without seats) in a SQLite file and play it out.

    Seats act at random (``seed``), now and then out of turn or with a text
    that is no action, so the refusals are recorded too.
    """
    from troef.server.storage import AsyncStore
    from troef.server.tables import Hub

    hub = Hub(AsyncStore("sqlite:///" + db))
    await hub.start()
    try:
        players = 4
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
