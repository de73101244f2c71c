"""Profiles from the stored tables an account sat at (a real SQLite database)."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from troef.server.accuracy import accuracy_svg, figures, store
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


def _played_out(name: str, config: dict[str, Any], seed: int) -> tuple[Any, Any]:
    """A match of ``name`` played to its end with random legal actions (a real engine behind its adapter)."""
    from troef.server.adapter import adapter

    game = adapter(name)
    match = game.new_match(game.normalize_config(config), seed=seed, first_dealer=0)
    rng = random.Random(seed)
    for _ in range(100_000):
        if game.is_over(match):
            return game, match
        game.apply(match, rng.choice(game.legal(game.view(match, game.to_act(match)))))
    raise AssertionError("the match did not end")


def test_each_games_result_counts_every_seats_contracts_as_the_score_sheet_shows_them() -> None:
    # klaverjas: the side's deals as playing side, nat and pit, against the sheet's rows
    game, match = _played_out("klaverjas", {"preset": "amsterdam", "switches": {"deals": 8}}, 3)
    rows = game.public(match)["rows"]
    contracts = game.result(match)["contracts"]
    for seat in range(4):
        mine = [r for r in rows if r["playing_side"] == seat % 2]
        assert contracts[seat] == {
            "played": len(mine),
            "made": sum(1 for r in mine if not r["nat"]),
            "nat": sum(1 for r in mine if r["nat"]),
            "pit": sum(1 for r in rows if r["pit"] == seat % 2),
        }
    assert sum(c["played"] for c in contracts[:2]) == 8  # every deal has one playing side
    # Bonaken (nk): each declarer's contracts, made when the sheet gave a plus mark
    game, match = _played_out("bonaken", {"preset": "nk", "players": 4}, 5)
    rows = game.public(match)["rows"]
    contracts = game.result(match)["contracts"]
    assert sum(c["played"] for c in contracts) >= len(rows) > 0
    for seat in range(4):
        mine = [r for r in rows if seat in r["declarers"]]
        marks = [r["marks"].get(str(seat)) for r in rows]
        assert contracts[seat]["played"] == len(mine)
        assert contracts[seat]["made"] == sum(1 for r in mine if r["marks"].get(str(seat)) == "+")
        assert (contracts[seat]["plus"], contracts[seat]["minus"]) == (marks.count("+"), marks.count("-"))
    # Binokel: the side's bids, made or lost
    game, match = _played_out("binokel", {"switches": {"target": 1000}}, 7)
    rows = game.public(match)["rows"]
    contracts = game.result(match)["contracts"]
    for seat in range(4):
        mine = [r for r in rows if r["side"] == seat % 2]
        made = sum(1 for r in mine if r["made"])
        assert contracts[seat] == {"played": len(mine), "made": made, "lost": len(mine) - made}
    assert sum(c["played"] for c in contracts[:2]) == len(rows) > 0


def test_a_profile_adds_up_contracts_and_shows_the_accuracy_of_the_players_own_seat(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'troef.db'}")
    migrate(engine)

    def contracts(*per_seat: dict[str, int]) -> list[dict[str, int]]:
        return list(per_seat)

    other = {"played": 9, "made": 0, "nat": 9, "pit": 0}
    k1 = {"standing": [], "contracts": contracts(*[{"played": 5, "made": 4, "nat": 1, "pit": 1}, other] * 2)}
    k2 = {"standing": [], "contracts": contracts(*[other, {"played": 3, "made": 3, "nat": 0, "pit": 0}] * 2)}
    old: dict[str, Any] = {"standing": []}  # stored before results counted contracts: counts nothing
    with engine.begin() as conn:
        conn.execute(
            sa.insert(accounts_table).values(
                id="acc", name="Ans", skeleton="ans", user_handle="h", public=True, created_at=T0
            )
        )
        _finished(conn, "k1", "klaverjas", "kraken", 2, k1, 1)
        _finished(conn, "k2", "klaverjas", "kraken", 1, k2, 2)
        _finished(conn, "k0", "klaverjas", "kraken", 0, old, 0)
        # the analysis gave seat 2 of k1 ten judged decisions with one mistake, seat 1 of k2 four with none
        one = figures({"decisions": 12, "judged": 10, "mistakes": 1, "accuracy": 90.0, "fair_cost": 0.5}, "chance")
        two = figures({"decisions": 5, "judged": 4, "mistakes": 0, "accuracy": 100.0, "fair_cost": 0.1}, "chance")
        store(conn, "k1", "klaverjas", "kraken", {2: "acc"}, {2: one, 0: two}, now=T0 + timedelta(hours=1))
        store(conn, "k2", "klaverjas", "kraken", {1: "acc"}, {1: two}, now=T0 + timedelta(hours=2))
        account = conn.execute(sa.select(accounts_table)).one()
        data = profile(conn, account)
        chart = accuracy_svg(conn, "acc", "klaverjas", "kraken")
    assert data["games"]["klaverjas"]["contracts"] == {"played": 8, "made": 7, "nat": 1, "pit": 1}
    assert [m["contracts"] for m in data["matches"]] == [
        {"played": 3, "made": 3, "nat": 0, "pit": 0},
        {"played": 5, "made": 4, "nat": 1, "pit": 1},
        {},
    ]
    (acc,) = data["accuracy"]
    assert (acc["game"], acc["family"], acc["unit"]) == ("klaverjas", "kraken", "chance")
    assert [m["table"] for m in acc["matches"]] == ["k1", "k2"]  # oldest first, one line per match
    assert [m["accuracy"] for m in acc["matches"]] == [90.0, 100.0]
    assert acc["accuracy"] == round(100 * (1 - 1 / 14), 2)  # over every judged decision of the matches
    assert acc["mean_cost"] == pytest.approx(0.6 / 14, abs=1e-6)
    assert one["mean_cost"] == pytest.approx(0.05)
    assert chart.count("<polyline") == 1 and "100%" in chart
    assert len(chart.split('points="')[1].split('"')[0].split()) == 2  # a point per analysed match
