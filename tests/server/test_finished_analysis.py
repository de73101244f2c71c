"""The analysis of a finished match's hands over HTTP (server/finished.py): never for a match in play."""

from __future__ import annotations

import http.client
import json
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


def _lines(srv: Server, path: str) -> tuple[int, str, list[dict[str, Any]]]:
    """The status, content type and JSON lines of a streamed answer (read to its end)."""
    conn = http.client.HTTPConnection("127.0.0.1", srv.port, timeout=300)
    try:
        conn.request("GET", path)
        response = conn.getresponse()
        kind = response.getheader("content-type") or ""
        body = response.read().decode()
        if not kind.startswith("application/x-ndjson"):
            return response.status, kind, [json.loads(body)]
        return response.status, kind, [json.loads(line) for line in body.splitlines() if line.strip()]
    finally:
        conn.close()


def test_the_analysis_is_told_decision_by_decision_then_whole(srv: Server) -> None:
    bots = [{"kind": "bot", "level": "random", "name": f"bot {i}"} for i in range(4)]
    status, table = srv.http(
        "POST", "/api/tables", {"game": "klaverjas", "config": {"preset": "amsterdam"}, "seats": bots}
    )
    assert status == 200, table
    _finished(srv, table["id"])
    path = f"/api/tables/{table['id']}/analysis/1?fair=1"
    status, kind, lines = _lines(srv, path + "&progress=1")
    assert status == 200 and kind.startswith("application/x-ndjson")
    first, steps, last = lines[0], lines[1:-1], lines[-1]
    total = first["total"]
    assert first["done"] == 0 and first["decision"] is None and total > 10
    assert first["units"] == {"open": "points", "fair": "points"}
    whole = last["analysis"]
    decisions = whole["deals"][0]["decisions"]
    assert len(decisions) == total
    # each decision as judged, in order, every one before the whole, the same as in the whole
    assert [s["done"] for s in steps] == list(range(1, total + 1))
    assert all(s["total"] == total for s in steps)
    assert [s["decision"] for s in steps] == decisions[: len(steps)]
    # one computation for both ways of asking, kept
    ran = srv.http("GET", "/api/health")[1]["work"]["ran"]
    assert srv.http("GET", path) == (200, whole)
    assert _lines(srv, path + "&progress=1")[2] == [{"analysis": whole}]  # kept: the answer alone
    assert srv.http("GET", "/api/health")[1]["work"]["ran"] == ran


def test_a_deal_in_play_is_not_told_either(srv: Server) -> None:
    table = srv.create("pagat", seats=HUMANS4)
    status, _, lines = _lines(srv, f"/api/tables/{table['id']}/analysis/1?fair=1&progress=1")
    assert status == 409 and lines[0]["error"]["code"] == "in_play" and "decision" not in str(lines)
