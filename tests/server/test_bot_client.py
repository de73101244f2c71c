"""``examples/bot_client.py`` plays whole matches of every game at a real server, as docs/protocol.md describes.

The example client is written against the documented protocol only (HTTP to
create the table, the invite link, the WebSocket messages). Here it takes
seat 0 of a table whose other seats are the server's computer players, as a
separate process, and must play the match to its end: the finished match's
record, replayed by the engine, shows it played its seat.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.server.conftest import Server
from troef.games import game

CLIENT = Path(__file__).resolve().parents[2] / "examples" / "bot_client.py"
#: A bound on one match, so a client that stops playing fails the test instead of hanging it.
MATCH_TIMEOUT = 300

#: (game, config, the client's policy, the computer players' level). The klaverjas and Binokel
#: matches are the short forms a table may choose (8 deals with a quota of 2 kraaks, Kraken 3.1;
#: to 1000), so that the test plays whole matches in little time.
CASES: list[tuple[str, dict[str, Any], str, str]] = [
    ("bonaken", {"preset": "nk", "players": 4}, "random", "heuristic"),
    ("bonaken", {"preset": "pagat", "players": 3}, "club", "beginner"),
    (
        "klaverjas",
        {"preset": "kraken", "players": 4, "switches": {"deals": 8, "kraak_quota": 2}},
        "heuristic",
        "heuristic",
    ),
    ("binokel", {"preset": "cardgames", "players": 4, "switches": {"target": 1000}}, "heuristic", "heuristic"),
]


@pytest.mark.slow
@pytest.mark.parametrize(("name", "config", "policy", "level"), CASES, ids=[f"{c[0]}-{c[2]}" for c in CASES])
def test_the_example_client_plays_a_whole_match(
    server: Server, name: str, config: dict[str, Any], policy: str, level: str
) -> None:
    players = int(config["players"])
    seats = [{"kind": "human", "name": "my bot"}] + [{"kind": "bot", "level": level}] * (players - 1)
    status, created = server.http("POST", "/api/tables", {"game": name, "config": config, "seats": seats})
    assert status == 200, created
    link = server.base + created["invites"][0]["link"]

    run = subprocess.run(
        [sys.executable, str(CLIENT), link, "--policy", policy],
        capture_output=True,
        text=True,
        timeout=MATCH_TIMEOUT,
    )
    assert run.returncode == 0, run.stderr + server.log()[-2000:]
    final = json.loads(run.stdout.splitlines()[-1])
    assert final["over"] is True

    status, record = server.http("GET", f"/api/tables/{created['id']}/record")
    assert status == 200, record
    outcome = game(name).replay(json.dumps(record))
    assert outcome.finished
    deals = record.get("hands") or record.get("deals") or record.get("rounds")
    assert deals, sorted(record)
    mine = sum(1 for deal in deals for seat, _ in deal["actions"] if seat == 0)
    assert mine > 0  # the client's seat played (a person's seat: no computer stood in for it)
    assert "error" not in run.stderr  # the server refused none of its actions


def test_a_bad_link_is_refused_with_the_servers_reason(server: Server) -> None:
    created = server.create("pagat")
    link = server.base + f"/t/{created['id']}#t=not-a-token"
    run = subprocess.run([sys.executable, str(CLIENT), link], capture_output=True, text=True, timeout=60)
    assert run.returncode == 1
    assert "bad_token" in run.stderr
