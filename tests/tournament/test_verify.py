"""``troef tournament verify``: every revealed deal against its commitment and its record, on a real server.

The server runs on loopback (``tests/server/conftest.py``); the command reads
its public answers (``--url``) as anybody could, or its database (``--db``).
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tests.server.conftest import Server
from troef.cli import app
from troef.tournament.verify import check_record, verify

runner = CliRunner()


@pytest.fixture
def srv(tmp_path: Path) -> Iterator[Server]:
    server = Server(f"sqlite:///{tmp_path / 'troef.db'}", log_dir=tmp_path)
    yield server
    server.stop()


def _tournament(srv: Server) -> tuple[str, dict[str, str]]:
    body = {"name": "NK", "seed": 11, "rounds": 1, "games_per_round": 1, "final": False}
    status, data = srv.http("POST", "/api/tournaments", body)
    assert status == 200, data
    tid, org = data["id"], {"x-troef-organiser": data["token"]}
    steps: list[tuple[str, dict[str, object]]] = [
        ("players", {"names": [f"Speler {i}" for i in range(1, 9)]}),
        ("draw", {}),
    ]
    for action, body in steps:
        status, answer = srv.http("POST", f"/api/tournaments/{tid}/{action}", body, org)
        assert status == 200, answer
    return tid, org


def _played(srv: Server) -> tuple[str, dict[str, Any]]:
    """A tournament whose one round was played online by computer players, to its end: its id and public JSON."""
    tid, org = _tournament(srv)
    body = {"round": 1, "game": 1, "absent": "all", "level": "random"}
    assert srv.http("POST", f"/api/tournaments/{tid}/online", body, org)[0] == 200
    deadline = time.monotonic() + 300
    while True:
        _, public = srv.http("GET", f"/api/tournaments/{tid}")
        if public["drawn"][0]["complete"]:
            return tid, public
        assert time.monotonic() < deadline, "the computer players did not finish in time"
        time.sleep(0.5)


@pytest.mark.slow
def test_verify_checks_every_online_deal_from_public_answers_and_from_the_database(srv: Server) -> None:
    tid, public = _played(srv)
    result = runner.invoke(app, ["tournament", "verify", "--url", srv.base, "--", tid])
    assert result.exit_code == 0, result.output
    assert "2 games checked, 0 mismatches" in result.output
    result = runner.invoke(app, ["tournament", "verify", "--db", srv.db_url, "--", tid])
    assert result.exit_code == 0 and "2 games checked, 0 mismatches" in result.output, result.output

    game = public["drawn"][0]["tables"][0]["games"][0]
    table_id = game["watch"].rsplit("/", 1)[-1]
    record = srv.http("GET", f"/api/tables/{table_id}/record")[1]
    config = srv.http("GET", f"/api/tables/{table_id}")[1]["config"]
    assert check_record(game["deal_secret"], config, json.dumps(record)) is None
    # the record's drawn dealer passed in as a fixed one deals other cards: the check draws it as the table did
    moved = dict(record, first_dealer=(record["first_dealer"] + 1) % 4)
    assert "dealer" in (check_record(game["deal_secret"], config, json.dumps(moved)) or "")
    # a later deal that is not the seed's is caught too
    key = next(k for k in ("hands", "deals", "rounds") if k in record)
    later = json.loads(json.dumps(record))
    later[key][-1]["dealer"] = (later[key][-1]["dealer"] + 1) % 4
    assert check_record(game["deal_secret"], config, json.dumps(later)) is not None
    # a first deal that is not the seed's is named as such (the deals' field is the game's own)
    first = json.loads(json.dumps(record))
    cards = next(k for k, v in first[key][0].items() if k not in ("dealer", "actions") and isinstance(v, list))
    first[key][0][cards] = list(reversed(first[key][0][cards]))
    assert "first deal" in (check_record(game["deal_secret"], config, json.dumps(first)) or "")
    # another secret (one whose commitment was not published) is caught
    forged = json.loads(json.dumps(public))
    forged["drawn"][0]["tables"][1]["games"][0]["deal_secret"] = game["deal_secret"]
    checks = verify(forged, lambda _t: config, lambda _t: json.dumps(record))
    assert [c.status for c in checks] == ["ok", "MISMATCH"]


@pytest.mark.slow
def test_a_paper_result_is_refused_while_the_game_plays_online(srv: Server) -> None:
    tid, org = _tournament(srv)
    assert srv.http("POST", f"/api/tournaments/{tid}/online", {"round": 1, "game": 1, "absent": []}, org)[0] == 200
    body = {"round": 1, "table": 1, "game": 1, "points": [10, 8, 4, 1]}
    status, answer = srv.http("POST", f"/api/tournaments/{tid}/result", body, org)
    assert status == 409 and answer["error"]["code"] == "online_in_play", answer
    game = srv.http("GET", f"/api/tournaments/{tid}")[1]["drawn"][0]["tables"][0]["games"][0]
    assert game["points"] is None and game["deal_secret"] is None  # nothing entered, nothing revealed
    result = runner.invoke(app, ["tournament", "verify", "--url", srv.base, "--", tid])
    assert result.exit_code == 0 and "0 games checked, 0 mismatches, 2 not revealed yet" in result.output
