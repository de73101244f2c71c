"""The measure of the game layer: Tiny, defined only in the test suite and registered from its own package,
is played through every layer of troef with no change to any of them.

``troef replay`` (a real process), the arena, the terminal's table, the
server (a real process: a table with computer players, the seat played over
WebSocket by the documented example client) and the consistency battery
(``tests/test_battery.py``, which runs its checks over Tiny too). Tiny names
no part of its own in any layer, so each layer's general part serves it.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.games.tiny import ENV_VALUE, TARGET, registered
from tests.games.tiny.game import GAME as TINY
from tests.games.tiny.game import TRICKS
from tests.games.tiny.game import Outcome as TinyOutcome
from troef.arena.core import run_arena
from troef.core.errors import TroefError
from troef.games import ENV, game, names, register, unregister

#: The installed ``troef`` command.
TROEF = str(Path(sys.executable).with_name("troef"))
CLIENT = Path(__file__).resolve().parents[3] / "examples" / "bot_client.py"


@pytest.fixture
def tiny() -> Iterator[None]:
    with registered():
        yield


def _random_match_record(seed: int, players: int = 4) -> tuple[str, list[int]]:
    """A whole match of random play and its record; the tricks each seat took."""
    g = game("tiny")
    match = g.new_match("plain", players, seed=seed)
    bots = {s: g.make_bot("random", seed + s) for s in range(players)}
    while not match.is_over:
        g.apply(match, bots[match.to_act].act(g.view(match, match.to_act)))
    return g.record(match), [int(row["tricks"]) for row in g.standing(match)]


# ---------------------------------------------------------------------- registration
def test_a_game_is_registered_from_its_own_package_and_only_while_asked(tiny: None) -> None:
    assert game("tiny") is TINY and "tiny" in names()
    assert names()[:3] == ("bonaken", "klaverjas", "binokel")  # troef's own keep their order
    register("tiny", TARGET)  # the same pair again is harmless
    with pytest.raises(TroefError, match="taken"):
        register("tiny", "tests.games.tiny.game:Tiny")
    with pytest.raises(TroefError, match="module:attribute"):
        register("other", "no colon here")
    register("broken", "tests.games.tiny.game:DECK")  # not a Game: asking for it fails loudly
    try:
        with pytest.raises(TroefError, match="not a troef Game"):
            game("broken")
    finally:
        unregister("broken")


def test_outside_the_block_tiny_is_unknown() -> None:
    with pytest.raises(TroefError, match="unknown game 'tiny'"):
        game("tiny")


# ---------------------------------------------------------------------- troef replay, a real process
def test_troef_replay_reads_tiny_records_in_a_process_of_its_own(tiny: None, tmp_path: Path) -> None:
    text, tricks = _random_match_record(seed=11)
    path = tmp_path / "tiny.json"
    path.write_text(text, encoding="utf-8")
    run = subprocess.run([TROEF, "replay", str(path), "--json"], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    outcome = json.loads(run.stdout)
    assert outcome == {"finished": True, "deals": 2, "tricks": tricks} and sum(tricks) == 2 * TRICKS
    # the same record with the leader playing the next seat's card: an illegal action, named with its place
    data = json.loads(text)
    first = data["deals"][0][0]
    data["deals"][0][0] = data["deals"][0][1]
    path.write_text(json.dumps(data), encoding="utf-8")
    run = subprocess.run([TROEF, "replay", str(path), "--json"], capture_output=True, text=True)
    assert run.returncode == 1 and first != data["deals"][0][0]
    assert json.loads(run.stdout) | {"reason": ""} == {
        "error": "illegal_action",
        "hand": 1,
        "position": 1,
        "action": data["deals"][0][0],
        "reason": "",
    }


def test_without_the_registration_a_process_refuses_tiny_records(tmp_path: Path) -> None:
    with registered():
        text, _ = _random_match_record(seed=3)
    path = tmp_path / "tiny.json"
    path.write_text(text, encoding="utf-8")
    env = {key: value for key, value in __import__("os").environ.items() if key != ENV}
    run = subprocess.run([TROEF, "replay", str(path)], capture_output=True, text=True, env=env)
    assert run.returncode == 2 and "unknown game 'tiny'" in run.stderr


# ---------------------------------------------------------------------- the arena
def test_the_arena_plays_tiny_on_duplicate_deals_in_worker_processes(tiny: None) -> None:
    result = run_arena(["club", "random"], matches=8, seed=5, rules="duel", game="tiny", duplicate=True, workers=2)
    assert result.matches == 8 and [b.matches for b in result.bots] == [8, 8]
    for outcome in result.outcomes:  # every trick of every deal goes to somebody, once
        assert sum(outcome.scores.values()) == 3 * TRICKS
    # duplicate: each pair of matches is dealt alike, the bots swapped, so the pair's tricks are the deals' total
    same = run_arena(["club", "random"], matches=8, seed=5, rules="duel", game="tiny", duplicate=True)
    assert [o.scores for o in same.outcomes] == [o.scores for o in result.outcomes]  # processes change nothing


# ---------------------------------------------------------------------- the terminal
def test_the_terminal_plays_tiny_at_its_plain_table(
    tiny: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from rich.console import Console

    from troef.terminal.frame import PlainTable, frame_class

    table = frame_class("tiny")
    assert issubclass(table, PlainTable) and table.game_name == "tiny"
    # a line that is no action, then a card that is not held, then the first legal action each turn
    lines = ["hello", "play Jh", "play Ah", *["1"] * 20]
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(lines) + "\n"))
    out = io.StringIO()
    save = tmp_path / "match.json"
    frame = table(
        rules="duel",
        players=None,
        seed=9,
        lang="en",
        bots="club",
        seat=1,
        save=save,
        console=Console(file=out, width=120, force_terminal=False),
        switches={"deals": 1},
    )
    frame.run()
    printed = out.getvalue()
    assert "write 'play <card>'" in printed  # the notation's own complaint, and the game went on
    assert frame.match.is_over
    outcome = TINY.replay(save.read_text(encoding="utf-8"))
    assert isinstance(outcome, TinyOutcome) and outcome.finished and outcome.deals == 1
    assert sum(outcome.tricks) == TRICKS


# ---------------------------------------------------------------------- the server, a real process
@pytest.mark.slow
def test_the_server_seats_tiny_with_computer_players_and_a_client_over_websocket(tiny: None, tmp_path: Path) -> None:
    from tests.server.conftest import Server

    assert ENV_VALUE in __import__("os").environ[ENV]  # what the server process is started with
    server = Server(f"sqlite:///{tmp_path / 'troef.db'}", log_dir=tmp_path)
    try:
        status, options = server.http("GET", "/api/games")
        assert status == 200 and options["games"]["tiny"]["web"] is None  # no browser table: not in the lobby
        assert options["games"]["tiny"]["switches"] == {"deals": [1, 2, 3]}
        assert options["games"]["tiny"]["presets"]["duel"]["switches"] == {"deals": 3}
        seats = [{"kind": "human", "name": "client"}, {"kind": "bot", "level": "club"}]
        config = {"preset": "duel", "players": 2, "switches": {"deals": 2}}
        status, created = server.http("POST", "/api/tables", {"game": "tiny", "config": config, "seats": seats})
        assert status == 200, created
        bad = {"game": "tiny", "config": {"preset": "duel", "switches": {"deals": 7}}, "seats": seats}
        status, refused = server.http("POST", "/api/tables", bad)
        assert status == 400 and "deals must be one of 1, 2, 3" in json.dumps(refused)
        link = server.base + created["invites"][0]["link"]
        run = subprocess.run([sys.executable, str(CLIENT), link], capture_output=True, text=True, timeout=120)
        assert run.returncode == 0, run.stderr + server.log()[-2000:]
        final = json.loads(run.stdout.splitlines()[-1])
        assert final["over"] is True and sum(row["tricks"] for row in final["standing"]) == 2 * TRICKS
        status, record = server.http("GET", f"/api/tables/{created['id']}/record")
        assert status == 200 and record["game"] == "tiny"
        outcome = TINY.replay(json.dumps(record))
        assert outcome.finished and outcome.deals == 2
        assert [row["tricks"] for row in final["standing"]] == list(outcome.tricks)
        status, _ = server.http("GET", "/games/tiny.js")
        assert status == 404  # it names no browser table
    finally:
        server.stop()
