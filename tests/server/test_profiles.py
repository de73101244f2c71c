"""Profiles from the stored tables an account sat at (a real SQLite database)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import sqlalchemy as sa

from troef.server.community import account_seats_table, accounts_table
from troef.server.profiles import own_line, profile
from troef.server.schema import SeatRow, TableRow, make_engine, migrate
from troef.server.writes import insert_table, mark_finished

T0 = datetime(2026, 3, 1, tzinfo=UTC)


def _finished(conn: Any, table_id: str, game: str, preset: str, seat: int, result: dict[str, Any], at: int) -> None:
    seats = [SeatRow(i, "human", None, f"p{i}", False, None) for i in range(4)]
    insert_table(conn, TableRow(table_id, game, {"preset": preset, "players": 4}, 1, None, T0, seats=seats))
    mark_finished(conn, table_id, result)
    conn.execute(
        sa.text("UPDATE troef_tables SET finished_at = :t WHERE id = :id"),
        {"t": (T0 + timedelta(hours=at)).isoformat(" "), "id": table_id},
    )
    conn.execute(sa.insert(account_seats_table).values(table_id=table_id, seat=seat, account_id="acc"))


def test_a_profile_counts_matches_won_table_points_and_kraken_crosses(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'troef.db'}")
    migrate(engine)
    kraken = {"standing": [{"seat": s, "side": s % 2, "crosses": [12, 30][s % 2], "won": s % 2 == 0} for s in range(4)]}
    lost = {"standing": [{"seat": s, "side": s % 2, "crosses": [40, 20][s % 2], "won": s % 2 == 1} for s in range(4)]}
    bonaken = {"standing": [{"seat": s, "table_points": [10, 8, 4, 1][s]} for s in range(4)]}
    with engine.begin() as conn:
        conn.execute(
            sa.insert(accounts_table).values(
                id="acc", name="Ans", skeleton="ans", user_handle="h", public=True, created_at=T0
            )
        )
        _finished(conn, "k1", "klaverjas", "kraken", 2, kraken, 1)
        _finished(conn, "k2", "klaverjas", "kraken", 0, lost, 2)
        _finished(conn, "b1", "bonaken", "nk", 1, bonaken, 3)
        account = conn.execute(sa.select(accounts_table)).one()
        data = profile(conn, account)
    assert data["matches_played"] == 3
    assert data["games"] == {
        "klaverjas": {"matches": 2, "won": 1, "crosses": 52},
        "bonaken": {"matches": 1, "won": 0, "table_points": 8},
    }
    assert [m["id"] for m in data["matches"]] == ["b1", "k2", "k1"]  # newest first
    assert data["matches"][0]["line"] == {"seat": 1, "table_points": 8}
    assert data["matches"][2]["analysis"] == "/api/tables/k1/analysis/1"


def test_a_result_without_a_standing_gives_an_empty_line() -> None:
    assert own_line(None, 0) == {} and own_line({"standing": "x"}, 0) == {} and own_line({"standing": []}, 1) == {}
