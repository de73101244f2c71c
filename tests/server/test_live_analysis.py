"""The analysis and the replay of a deal of a live match (server/finished.py): served once the deal is over.

A Bonaken table of one person (driven over the game socket here) and three computer players plays
its first deals. At every moment the person is to act, every way of asking for the deal in play (its
analysis, open or fair; its replay, open, from the seat or from the spectator's chair) is refused with
the specific answer and carries no card, while the deals before it are served: the analysis of a deal
that is over covers that deal alone, and its open replay stays in that deal.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.server.conftest import Client, Server

pytestmark = pytest.mark.slow

#: A card as the protocol writes it (rank, suit letter): what must not be in a refusal.
CARD = re.compile(r"\b(?:10|[2-9AKQJ])[hdcs]\b")
ONE_PERSON = [{"kind": "human", "name": "me"}] + [
    {"kind": "bot", "level": "random", "name": f"bot {i}"} for i in range(3)
]


@pytest.fixture(scope="module")
def srv(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder: Path = tmp_path_factory.mktemp("live-analysis")
    server = Server(f"sqlite:///{folder / 'troef.db'}", bot_delay=0.0, log_dir=folder)
    yield server
    server.stop()


def _asks(table: str, hand: int, token: str) -> list[tuple[str, dict[str, str]]]:
    """Every way of asking for hand ``hand``'s cards over HTTP: analyses and replays, as a seat and as anyone."""
    seat = {"x-troef-token": token}
    return [
        (f"/api/tables/{table}/analysis/{hand}", {}),
        (f"/api/tables/{table}/analysis/{hand}?fair=1", {}),
        (f"/api/tables/{table}/analysis/{hand}?fair=1", seat),
        (f"/api/tables/{table}/replay/{hand}", {}),
        (f"/api/tables/{table}/replay/{hand}?open=1", {}),
        (f"/api/tables/{table}/replay/{hand}?open=1", seat),
    ]


def _refused(srv: Server, table: str, hand: int, token: str) -> None:
    for path, headers in _asks(table, hand, token):
        status, body = srv.http("GET", path, headers=headers)
        assert status == 409, (path, status, body)
        assert body["error"]["code"] == "in_play", body
        assert not CARD.search(str(body)), body


def _my_turn_or_past(c: Client, last: int, timeout: float = 60.0) -> dict[str, Any]:
    """The next state in which the person is to act, or the first one past deal ``last`` (or the match over):
    a person who has gone out (two wins or losses) is never to act again."""
    if c.state is not None and c.state["view"]["legal"]:
        return c.state

    def wanted(m: dict[str, Any]) -> bool:
        return m["type"] == "state" and (bool(m["view"]["legal"]) or m["hand"] > last or m["match"]["over"])

    return c.recv_until(wanted, timeout)


def test_a_deal_is_analysed_once_it_is_over_and_never_while_in_play(srv: Server) -> None:
    # a fixed deal, so that the person is to act in both of the first two deals (seed 7: checked, not hoped)
    table = srv.create("pagat", seats=ONE_PERSON, seed=7)
    tid = table["id"]
    token = table["invites"][0]["token"]
    c = srv.client()
    assert c.join(tid, token)["seat"] == 0
    served: dict[int, dict[str, Any]] = {}
    moments = {1: 0, 2: 0}
    try:
        while True:
            state = _my_turn_or_past(c, 2)
            hand = state["hand"]
            if hand > 2 or state["match"]["over"]:
                break
            # the deal in play and any deal after it: refused, whatever is asked, by whoever asks
            _refused(srv, tid, hand, token)
            assert srv.http("GET", f"/api/tables/{tid}/analysis/{hand + 1}")[0] == 404
            moments[hand] += 1
            if hand == 2 and 1 not in served:
                # the deal before is over: its analysis and its open replay are served to anyone
                status, found = srv.http("GET", f"/api/tables/{tid}/analysis/1?fair=1")
                assert status == 200, found
                served[1] = found
                status, replay = srv.http("GET", f"/api/tables/{tid}/replay/1?open=1")
                assert status == 200, replay
                assert {frame["hand"] for frame in replay["frames"]} == {1}
                # the open hands stay in deal 1: the action that ended it dealt deal 2, and the last
                # frame still shows deal 1's hands (a seat holds no more cards than a step before)
                for seat_hands in replay["open"].values():
                    sizes = [len(h or []) for h in seat_hands]
                    assert len(sizes) >= 2 and sizes[-1] <= sizes[-2], sizes
            c.act(state["view"]["legal"][0], expect=state["version"])
            c.wait_version(state["version"] + 1)
    finally:
        c.close()
    assert moments[1] > 0 and moments[2] > 0
    found = served[1]
    assert found["format"] == "troef-analysis" and found["settings"]["fair"] is True
    # the analysis of deal 1 is about deal 1 alone
    assert [d["deal"] for d in found["deals"]] == [0]
    assert all(d["deal"] == 0 for d in found["deals"][0]["decisions"])
    assert all(p["deal"] == 0 for p in found["turning_points"])
    assert found["deals"][0]["decisions"], "a deal of Bonaken has choices"
    # made once: the same answer later, with the match further on
    assert srv.http("GET", f"/api/tables/{tid}/analysis/1?fair=1") == (200, found)
    assert srv.http("GET", f"/api/tables/{tid}/analysis/0")[0] == 404
    assert srv.http("GET", "/api/tables/nope/analysis/1")[0] == 404


def test_a_live_table_out_of_memory_is_loaded_and_keeps_the_rule(tmp_path: Path) -> None:
    """A live table that left memory (idle) is loaded as a join would load it; the deal in play stays refused."""
    import asyncio

    from troef.server.storage import AsyncStore
    from troef.server.tables import Hub, TableError

    async def main() -> None:
        hub = Hub(AsyncStore(f"sqlite:///{tmp_path / 'hub.db'}"))
        await hub.start()
        try:
            humans = [{"kind": "human", "name": f"p{i}"} for i in range(4)]
            table, _ = await hub.create_table({"config": {"preset": "pagat", "players": 4}, "seats": humans})
            game = table.game
            while game.hand_count(table.match) < 2:
                seat = game.to_act(table.match)
                assert await hub.submit(table, seat, game.legal(game.view(table.match, seat))[0]) is None
            assert hub.evict_idle(0) == 1 and table.id not in hub.tables
            for ask in (hub.analysis(table.id, 2), hub.replay(table.id, 2, None, True)):
                with pytest.raises(TableError) as refused:
                    await ask
                assert (refused.value.status, refused.value.code) == (409, "in_play")
            assert table.id in hub.tables  # loaded, as a join would
            found = await hub.analysis(table.id, 1)
            assert [d["deal"] for d in found["deals"]] == [0] and found["deals"][0]["decisions"]
            replay = json.loads(await hub.replay(table.id, 1, None, True))
            assert {f["hand"] for f in replay["frames"]} == {1} and sorted(replay["open"]) == ["0", "1", "2", "3"]
            with pytest.raises(TableError) as missing:
                await hub.analysis(table.id, 3)
            assert missing.value.code == "no_hand"
        finally:
            await hub.stop()

    asyncio.run(main())
