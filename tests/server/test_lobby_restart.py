"""The lobby lists restored and new tables together after a restart (times are timezone-aware throughout)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from tests.server.conftest import Server
from troef.server.storage import SeatRow, Store, TableRow

#: Slow: server processes restarted, on SQLite and PostgreSQL
pytestmark = pytest.mark.slow


def test_the_lobby_lists_restored_and_new_tables_after_a_restart(db_url: str, tmp_path: Path) -> None:
    srv = Server(db_url, bot_delay=0.0, log_dir=tmp_path)
    try:
        before = srv.create("pagat", players=4, seats=[{"kind": "human", "open": True}] * 4)
        srv.stop()
        srv.start()
        after = srv.create("nk", players=4, seats=[{"kind": "human", "open": True}] * 4)
        status, lobby = srv.http("GET", "/api/tables")
        assert status == 200, lobby
        ids = [t["id"] for t in lobby["open"]]
        assert ids == [after["id"], before["id"]]  # newest first, across the restart
        for table in lobby["open"]:
            assert datetime.fromisoformat(table["created_at"]).utcoffset() is not None
    finally:
        srv.stop()


def test_times_are_read_back_aware_and_naive_ones_are_refused(db_url: str) -> None:
    store = Store(db_url)
    try:
        store.migrate()
        made = datetime(2026, 3, 29, 1, 30, tzinfo=UTC)
        store.create_table(
            TableRow("aware", "bonaken", {"preset": "nk"}, 1, None, made, seats=[SeatRow(0, "human", None, "a")])
        )
        row = store.load("aware")
        assert row is not None and row.created_at == made and row.created_at.utcoffset() is not None
        store.finish("aware", {"hands": 1})
        (finished,) = store.list_finished()
        assert finished.finished_at is not None and finished.finished_at.tzinfo is not None
        with pytest.raises(Exception, match="naive"):
            store.create_table(
                TableRow(
                    "naive",
                    "bonaken",
                    {"preset": "nk"},
                    1,
                    None,
                    datetime(2026, 1, 1),
                    seats=[SeatRow(0, "human", None, "a")],
                )
            )
        assert store.load("naive") is None
    finally:
        store.close()
