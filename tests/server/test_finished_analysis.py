"""The analysis of a finished match's hands over HTTP (server/finished.py): never for a match in play."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.server.conftest import HUMANS4, Server

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def srv(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder: Path = tmp_path_factory.mktemp("analysis")
    server = Server(f"sqlite:///{folder / 'troef.db'}", bot_delay=0.0, log_dir=folder)
    yield server
    server.stop()


def _finished(srv: Server, table_id: str, timeout: float = 120.0) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        status, info = srv.http("GET", f"/api/tables/{table_id}")
        assert status == 200
        if info["over"]:
            assert isinstance(info, dict)
            return info
        time.sleep(0.05)  # polling for a condition, bounded by the deadline
    raise AssertionError("the bots did not finish the match")


def test_a_match_in_play_is_not_analysed(srv: Server) -> None:
    table = srv.create("pagat", seats=HUMANS4)
    status, data = srv.http("GET", f"/api/tables/{table['id']}/analysis/1")
    assert status == 409 and data["error"]["code"] == "in_play"
    assert srv.http("GET", "/api/tables/nope/analysis/1")[0] == 404


def test_each_hand_of_a_finished_match_is_analysed_once(srv: Server) -> None:
    bots = [{"kind": "bot", "level": "random", "name": f"bot {i}"} for i in range(3)]
    table = srv.create("hazerswoude", players=3, seats=bots)
    info = _finished(srv, table["id"])
    hands = info["result"]["hands"]
    status, found = srv.http("GET", f"/api/tables/{table['id']}/analysis/1")
    assert status == 200, found
    assert found["format"] == "troef-analysis" and found["game"] == "bonaken" and found["players"] == 3
    assert [d["deal"] for d in found["deals"]] == [0] and found["in_play"] == []
    assert found["settings"]["fair"] is False
    again = srv.http("GET", f"/api/tables/{table['id']}/analysis/1")
    assert again == (200, found)
    assert srv.http("GET", f"/api/tables/{table['id']}/analysis/{hands + 1}")[0] == 404
    assert srv.http("GET", f"/api/tables/{table['id']}/analysis/0")[0] == 404
