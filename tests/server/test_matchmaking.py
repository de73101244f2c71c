"""The "play now" queue: planning tables by rating, filling with computer players, a player queued once."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import sqlalchemy as sa
from sqlalchemy.engine import Engine

from troef.server.adapter import games
from troef.server.community import queue_table
from troef.server.matchmaking import Entry, Matchmaker, QueueError, bot_level, guest_player, plan
from troef.server.schema import SeatRow, TableRow, make_engine, migrate, tables_table
from troef.server.writes import insert_table

T0 = datetime(2026, 1, 1, tzinfo=UTC)


def entry(n: int, rating: float, age: float = 0.0, wait: int = 30) -> Entry:
    return Entry(f"e{n}", f"a:{n}", f"p{n}", rating, wait, T0 - timedelta(seconds=age))


def test_eight_players_make_two_tables_of_similar_strength() -> None:
    waiting = [entry(i, r) for i, r in enumerate([1000, 2000, 1100, 1900, 1050, 1950, 1150, 2050])]
    groups = plan("bonaken", "nk", 4, False, waiting, T0, {})
    tables = sorted(sorted(e.rating for e in g.seats if isinstance(e, Entry)) for g in groups)
    assert tables == [[1000, 1050, 1100, 1150], [1900, 1950, 2000, 2050]]


def test_at_a_partnership_game_the_strongest_and_weakest_play_together() -> None:
    waiting = [entry(i, r) for i, r in enumerate([1500, 1800, 1200, 1600])]
    (group,) = plan("klaverjas", "kraken", 4, True, waiting, T0, {})
    ratings = [e.rating for e in group.seats if isinstance(e, Entry)]
    assert ratings == [1800, 1600, 1200, 1500]  # seats 0 and 2 (1800 + 1200) against 1 and 3 (1600 + 1500)


def test_computer_players_fill_the_table_only_after_the_wait() -> None:
    waiting = [entry(0, 1500, age=10), entry(1, 1520, age=5)]
    assert plan("klaverjas", "kraken", 4, True, waiting, T0, {}) == []
    waiting = [entry(0, 1500, age=31), entry(1, 1520, age=5)]
    (group,) = plan("klaverjas", "kraken", 4, True, waiting, T0, {})
    # the two people against each other, each with a computer partner of the level nearest their mean rating
    assert [s if isinstance(s, str) else s.id for s in group.seats] == ["e1", "e0", "club", "club"]
    (alone,) = plan("bonaken", "nk", 4, False, [entry(5, 1900, age=0, wait=0)], T0, {"strong": 1850.0})
    assert alone.seats[1:] == ("strong", "strong", "strong")


def test_the_level_nearest_the_players_rating_fills() -> None:
    levels = {"beginner": 1100.0, "club": 1450.0, "strong": 1700.0}
    assert bot_level(1000, levels) == "beginner"
    assert bot_level(1600, levels) == "strong"
    assert bot_level(1500, levels) == "club"
    assert bot_level(1500, {}) == "club"  # no ratings yet: the guesses


@pytest.fixture
def engine(tmp_path: Path) -> Engine:
    e = make_engine(f"sqlite:///{tmp_path / 'troef.db'}")
    migrate(e)
    return e


def _table(engine: Engine, table_id: str) -> None:
    seats = [SeatRow(i, "human", None, f"p{i}", False, None) for i in range(4)]
    config = {"preset": "nk", "players": 4, "switches": {}}
    row = TableRow(table_id, "bonaken", config, 1, None, datetime.now(UTC), seats=seats)
    with engine.begin() as conn:
        insert_table(conn, row)


def test_a_player_queued_twice_has_one_entry_and_is_seated_once(engine: Engine) -> None:
    mm = Matchmaker(engine, games())
    guest = guest_player("k" * 20)
    first = mm.enqueue(guest, "Ans", "bonaken", "nk", 0)
    again = mm.enqueue(guest, "Ans", "bonaken", "pagat", 0)  # another tab asks again: the same entry
    assert again["entry"] == first["entry"] and again["preset"] == "nk"
    others = [mm.enqueue(guest_player(f"{i}" * 20), f"p{i}", "bonaken", "nk", 30) for i in range(3)]
    groups = mm.take()
    assert len(groups) == 1 and len(groups[0].seats) == 4
    assert mm.take() == []  # marked matching: nobody is taken twice
    _table(engine, "T1")
    mm.seated(groups[0], "T1", {seat: f"token{seat}" for seat in range(4)})
    status = mm.status(first["entry"], guest)
    assert status["status"] == "seated" and status["table"] == "T1"
    assert status["token"] == f"token{status['seat']}"
    # the slower tab asks to play just after: the same seat, not a second table
    assert mm.enqueue(guest, "Ans", "bonaken", "nk", 0) == status
    # once that table is over, the player queues anew
    with engine.begin() as conn:
        conn.execute(sa.update(tables_table).where(tables_table.c.id == "T1").values(finished_at=datetime.now(UTC)))
    assert mm.enqueue(guest, "Ans", "bonaken", "nk", 0)["entry"] != first["entry"]
    with pytest.raises(QueueError):
        mm.status(others[0]["entry"], guest)  # another player's entry is not ours to see


def test_bad_requests_are_refused_and_change_nothing(engine: Engine) -> None:
    mm = Matchmaker(engine, games())
    for game, preset, wait in (
        ("poker", None, 0),
        ("bonaken", "nope", 0),
        ("bonaken", "nk", -1),
        ("bonaken", "nk", True),
    ):
        with pytest.raises(QueueError):
            mm.enqueue("a:x", "x", game, preset, wait)
    for key in (None, "short", 5):
        with pytest.raises(QueueError):
            guest_player(key)
    with engine.connect() as conn:
        assert conn.execute(sa.select(sa.func.count()).select_from(queue_table)).scalar_one() == 0


def test_a_cancelled_entry_is_never_seated_and_stale_matching_waits_again(engine: Engine) -> None:
    mm = Matchmaker(engine, games())
    gone = mm.enqueue("a:0", "p0", "bonaken", "nk", 0)
    assert mm.cancel(gone["entry"], "a:0")["status"] == "cancelled"
    for i in range(1, 5):
        mm.enqueue(f"a:{i}", f"p{i}", "bonaken", "nk", 30)
    (group,) = mm.take()
    assert "e0" not in {s.id for s in group.seats if isinstance(s, Entry)}
    assert all(s.player != "a:0" for s in group.seats if isinstance(s, Entry))
    # the process that took them stopped: a minute later they are taken again
    assert mm.take(datetime.now(UTC) + timedelta(seconds=30)) == []
    (again,) = mm.take(datetime.now(UTC) + timedelta(seconds=120))
    assert {s.id for s in again.seats if isinstance(s, Entry)} == {s.id for s in group.seats if isinstance(s, Entry)}


def test_entries_seated_or_cancelled_a_day_ago_are_deleted(engine: Engine) -> None:
    mm = Matchmaker(engine, games())
    gone = mm.enqueue("a:0", "p0", "bonaken", "nk", 600)
    mm.cancel(gone["entry"], "a:0")
    mm.enqueue("a:1", "p1", "bonaken", "nk", 600)
    mm.take(datetime.now(UTC) + timedelta(hours=23))
    with engine.connect() as conn:
        assert conn.execute(sa.select(sa.func.count()).select_from(queue_table)).scalar_one() == 2
    mm.take(datetime.now(UTC) + timedelta(hours=25))
    with engine.connect() as conn:
        left = conn.execute(sa.select(queue_table.c.player)).scalars().all()
    assert left == ["a:1"]  # the entry still in the queue stays (its wait is over: it is being seated)
