"""A database written by an older troef, opened by this one: tables in play play on, finished deals replay and
analyse, nothing is set aside (docs/records.md, "Rules revisions"; docs/deploy.md, "Upgrading").

The fixtures in ``tests/golden/db`` were written by the servers of troef f63ee7ac (klaverjas rules revision 1,
before Kraken's first-trick roem call) and 876a6fe (revision 2, before tables named their revision), by
``tests/golden/db/write_db.py``; the JSON beside each gives the tables' ids and seat tokens.
"""

from __future__ import annotations

import json
import random
import shutil
import sqlite3
import subprocess
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tests.server.conftest import Server
from troef.bench.pg import PgCluster
from troef.cli import app

pytestmark = pytest.mark.slow

DB = Path(__file__).parents[1] / "golden" / "db"
FIXTURES = ["troef-f63ee7ac.sqlite", "troef-876a6fe.sqlite"]


def _restore(cluster: PgCluster, dump: Path) -> str:
    """A new database of ``cluster`` holding what ``pg_dump`` wrote to ``dump``; its URL."""
    url = cluster.new_database()
    dbname = url.split("@/", 1)[1].split("?")[0]
    psql = [str(cluster.bindir / "psql"), "-h", str(cluster.base), "-p", str(cluster.port), "-U", "postgres"]
    # the dump goes in on stdin: the server's user may not be allowed into the checkout's directories
    with dump.open("rb") as script:
        done = subprocess.run(
            [*cluster.prefix, *psql, "-v", "ON_ERROR_STOP=1", "-q", "-d", dbname],
            stdin=script,
            capture_output=True,
            timeout=120,
        )
    assert done.returncode == 0, done.stderr.decode(errors="replace")
    return url


def _play_on(srv: Server, table: dict[str, Any], deal: int) -> dict[str, Any]:
    """Seats 0 and 2 of the Kraken table play random legal actions until deal ``deal`` is over."""
    people = {seat: srv.client() for seat in (0, 2)}
    for seat, c in people.items():
        assert c.join(table["id"], table["tokens"][str(seat)])["type"] == "welcome"
    watcher = srv.client()
    watcher.join(table["id"])
    state = watcher.state
    assert state is not None and state["hand"] == deal and state["version"] >= table["version"]
    rng = random.Random(5)
    while state["hand"] == deal:  # the people play on to the end of the deal, the computer players theirs
        seat = state["view"]["to_act"]
        if seat in people:
            mine = people[seat].wait_version(state["version"])
            people[seat].act(rng.choice(mine["view"]["legal"]), expect=state["version"])
        state = watcher.wait_version(state["version"] + 1, timeout=30)
    for c in [*people.values(), watcher]:
        c.close()
    return state


def _open(name: str, tmp_path: Path, set_aside: str | None = None) -> tuple[Server, dict[str, Any]]:
    path = tmp_path / "troef.db"
    shutil.copy(DB / name, path)
    left: dict[str, Any] = json.loads((DB / f"{name}.json").read_text(encoding="utf-8"))
    if set_aside is not None:  # as an earlier troef's start would have: the table set aside
        with sqlite3.connect(path) as conn:
            conn.execute("UPDATE troef_tables SET quarantine = 'an earlier start' WHERE id = ?", (set_aside,))
    return Server(f"sqlite:///{path}", log_dir=tmp_path), left


@pytest.mark.parametrize("name", FIXTURES)
def test_a_kraken_table_in_play_plays_on_after_the_upgrade(name: str, tmp_path: Path) -> None:
    srv, left = _open(name, tmp_path)
    try:
        status, health = srv.http("GET", "/api/health")
        assert status == 200 and health["quarantined"] == 0, srv.log()
        assert "set aside" not in srv.log()
        kraken = left["kraken_in_play"]
        state = _play_on(srv, kraken, 3)
        assert state["hand"] == 4 and len(state["match"]["rows"]) == 3  # the third deal is on the score sheet
        # the deals played before the upgrade replay and analyse
        for hand in (1, 2, 3):
            status, replay = srv.http("GET", f"/api/tables/{kraken['id']}/replay/{hand}")
            assert status == 200 and replay["frames"], replay
        status, analysis = srv.http("GET", f"/api/tables/{kraken['id']}/analysis/1")
        assert status == 200 and analysis["deals"][0]["decisions"], analysis
    finally:
        srv.stop()


def test_a_postgresql_database_of_an_older_troef_plays_on(pg_cluster: PgCluster, tmp_path: Path) -> None:
    """The same on PostgreSQL: a dump of the database troef f63ee7ac's server wrote (schema 0004), migrated."""
    dump = DB / "troef-f63ee7ac.pg.sql"
    left: dict[str, Any] = json.loads((DB / f"{dump.name}.json").read_text(encoding="utf-8"))
    srv = Server(_restore(pg_cluster, dump), log_dir=tmp_path)
    try:
        status, health = srv.http("GET", "/api/health")
        assert status == 200 and health["quarantined"] == 0, srv.log()
        state = _play_on(srv, left["kraken_in_play"], 3)
        assert state["hand"] == 4 and len(state["match"]["rows"]) == 3
        status, record = srv.http("GET", f"/api/tables/{left['kraken_finished']['id']}/record")
        assert status == 200 and record["rules"]["switches"]["hand_roem_until"] == "first_card"
    finally:
        srv.stop()


@pytest.mark.parametrize("name", FIXTURES)
def test_finished_matches_of_before_the_upgrade_replay_and_download(name: str, tmp_path: Path) -> None:
    srv, left = _open(name, tmp_path)
    try:
        done = left["kraken_finished"]["id"]
        status, record = srv.http("GET", f"/api/tables/{done}/record")
        # written in today's revision, naming the reading it was played under
        assert status == 200 and record["rules"]["revision"] == 2
        played_under = "first_card" if "f63ee7ac" in name else "first_trick"
        assert record["rules"]["switches"]["hand_roem_until"] == played_under
        assert len(record["deals"]) == 4
        status, analysis = srv.http("GET", f"/api/tables/{done}/analysis/4")
        assert status == 200 and analysis["deals"][0]["decisions"]
    finally:
        srv.stop()


def test_a_table_an_earlier_start_set_aside_comes_back(tmp_path: Path) -> None:
    name = "troef-f63ee7ac.sqlite"
    table_id = json.loads((DB / f"{name}.json").read_text(encoding="utf-8"))["rotterdam_in_play"]["id"]
    srv, _left = _open(name, tmp_path, set_aside=table_id)
    try:
        status, health = srv.http("GET", "/api/health")
        assert status == 200 and health["quarantined"] == 0
        assert f"table {table_id}, set aside earlier" in srv.log()
        status, info = srv.http("GET", f"/api/tables/{table_id}")
        assert status == 200 and not info["over"]
    finally:
        srv.stop()
    with sqlite3.connect(tmp_path / "troef.db") as conn:
        assert conn.execute("SELECT quarantine FROM troef_tables WHERE id = ?", (table_id,)).fetchone() == (None,)


@pytest.mark.parametrize("name", FIXTURES)
def test_db_check_lists_nothing_that_would_not_rebuild(name: str, tmp_path: Path) -> None:
    path = tmp_path / "troef.db"
    shutil.copy(DB / name, path)
    result = CliRunner().invoke(app, ["db", "check", "--db", f"sqlite:///{path}", "--json"])
    assert result.exit_code == 0, result.output
    checked = json.loads(result.output)
    assert len(checked) == 5 and all(c["problem"] is None for c in checked)
    kraken = next(
        c for c in checked if c["id"] == json.loads((DB / f"{name}.json").read_text())["kraken_in_play"]["id"]
    )
    assert kraken["revision"] == (1 if "f63ee7ac" in name else 2)


def test_db_check_names_a_table_whose_log_lost_an_action(tmp_path: Path) -> None:
    path = tmp_path / "troef.db"
    shutil.copy(DB / "troef-876a6fe.sqlite", path)
    with sqlite3.connect(path) as conn:
        table_id = conn.execute("SELECT table_id FROM troef_actions GROUP BY table_id").fetchone()[0]
        conn.execute("DELETE FROM troef_actions WHERE table_id = ? AND seq = 3", (table_id,))
    result = CliRunner().invoke(app, ["db", "check", "--db", f"sqlite:///{path}"])
    assert result.exit_code == 1
    assert f"table {table_id}" in result.output and "broken log: action 4 follows 3 actions" in result.output


def test_db_check_names_a_table_that_would_not_rebuild(tmp_path: Path) -> None:
    path = tmp_path / "troef.db"
    shutil.copy(DB / "troef-876a6fe.sqlite", path)
    with sqlite3.connect(path) as conn:  # a stored action no reading of the rules allows
        table_id, seq = conn.execute("SELECT table_id, MAX(seq) FROM troef_actions GROUP BY table_id").fetchone()
        conn.execute("UPDATE troef_actions SET action = 'play 7x' WHERE table_id = ? AND seq = ?", (table_id, seq))
    result = CliRunner().invoke(app, ["db", "check", "--db", f"sqlite:///{path}"])
    assert result.exit_code == 1
    assert f"table {table_id}" in result.output and "would not rebuild" in result.output
