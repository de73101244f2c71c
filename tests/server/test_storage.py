"""Storage against SQLite and a real PostgreSQL: migrations, tables, action logs, rebuilding matches."""

from __future__ import annotations

import asyncio
import random
import time
from datetime import UTC, datetime

import pytest
import sqlalchemy as sa

from troef.server.adapter import adapter, rebuild
from troef.server.storage import (
    ActionRow,
    AsyncStore,
    SeatRow,
    StorageError,
    Store,
    TableRow,
    claim_seat,
    insert_table,
    mark_finished,
    mark_joined,
    migrations_path,
)


def _row(table_id: str = "t1", seed: int = 7) -> TableRow:
    return TableRow(
        id=table_id,
        game="bonaken",
        config={"preset": "pagat", "switches": {}, "players": 4},
        seed=seed,
        first_dealer=None,
        created_at=datetime.now(UTC),
        seats=[
            SeatRow(0, "human", None, "ann", False, "a" * 64),
            SeatRow(1, "bot", "random", "computer 2"),
            SeatRow(2, "human", None, "open seat", True, None),
            SeatRow(3, "bot", "heuristic", "computer 4"),
        ],
    )


def _random_actions(config: dict[str, object], seed: int, count: int) -> list[str]:
    game = adapter("bonaken")
    match = game.new_match(config, seed, None)
    rng = random.Random(seed)
    out: list[str] = []
    while len(out) < count and not game.is_over(match):
        action = rng.choice(game.legal(game.view(match, game.to_act(match))))
        game.apply(match, action)
        out.append(action)
    return out


def _head() -> str:
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    config = Config()
    config.set_main_option("script_location", str(migrations_path()))
    head = ScriptDirectory.from_config(config).get_current_head()
    assert head is not None
    return head


def test_migrations_create_the_schema_and_run_twice(db_url: str) -> None:
    store = Store(db_url)
    store.migrate()
    store.migrate()  # a restart migrates again: nothing to do
    names = set(sa.inspect(store.engine).get_table_names())
    assert {"troef_tables", "troef_seats", "troef_actions", "alembic_version"} <= names
    with store.engine.connect() as conn:
        # the newest revision shipped (0002 adds the tournaments; merged branches chain theirs after it)
        assert conn.execute(sa.text("select version_num from alembic_version")).scalar_one() == _head()
    store.close()


def test_migrations_ship_inside_the_package() -> None:
    folder = migrations_path()
    assert (folder / "env.py").exists()
    assert list((folder / "versions").glob("*.py"))
    assert folder.parent.name == "server" and folder.parent.parent.name == "troef"


def test_tables_seats_and_actions_round_trip(db_url: str) -> None:
    store = Store(db_url)
    store.migrate()
    row = _row()
    store.create_table(row)
    actions = _random_actions(row.config, row.seed, 40)
    store.append_actions([ActionRow("t1", i, 0, a) for i, a in enumerate(actions[:25])])
    store.append_actions([ActionRow("t1", i, 0, a) for i, a in enumerate(actions[25:], start=25)])
    loaded = store.load("t1")
    assert loaded is not None
    assert loaded.actions == actions
    assert loaded.seed == 7 and loaded.first_dealer is None and loaded.config == row.config
    assert [(s.seat, s.kind, s.level, s.name, s.open, s.token_hash) for s in loaded.seats] == [
        (0, "human", None, "ann", False, "a" * 64),
        (1, "bot", "random", "computer 2", False, None),
        (2, "human", None, "open seat", True, None),
        (3, "bot", "heuristic", "computer 4", False, None),
    ]
    assert [r.id for r in store.load_unfinished()] == ["t1"]
    assert store.count_actions("t1") == 40
    assert store.load("nope") is None
    store.close()


def test_an_action_position_is_taken_once(db_url: str) -> None:
    store = Store(db_url)
    store.migrate()
    store.create_table(_row())
    store.append_actions([ActionRow("t1", 0, 1, "pass")])
    with pytest.raises(sa.exc.IntegrityError):
        store.append_actions([ActionRow("t1", 0, 1, "bid 30")])
    with pytest.raises(sa.exc.IntegrityError):  # all or nothing
        store.append_actions([ActionRow("t1", 1, 2, "pass"), ActionRow("t1", 0, 1, "bid 30")])
    loaded = store.load("t1")
    assert loaded is not None and loaded.actions == ["pass"]
    store.close()


def test_claim_and_finish(db_url: str) -> None:
    store = Store(db_url)
    store.migrate()
    store.create_table(_row())
    assert store.claim_seat("t1", 2, "b" * 64)
    assert not store.claim_seat("t1", 2, "c" * 64)  # taken
    assert not store.claim_seat("t1", 0, "c" * 64)  # not an open seat
    store.finish("t1", {"losers": [1], "hands": 3})
    assert store.load_unfinished() == []
    finished = store.list_finished()
    assert [r.id for r in finished] == ["t1"] and finished[0].result == {"losers": [1], "hands": 3}
    loaded = store.load("t1")
    assert loaded is not None and loaded.seats[2].token_hash == "b" * 64 and loaded.finished_at is not None
    store.close()


def test_a_stored_match_rebuilds_exactly(db_url: str) -> None:
    store = Store(db_url)
    store.migrate()
    row = _row(seed=12345)
    store.create_table(row)
    game = adapter("bonaken")
    actions = _random_actions(row.config, row.seed, 60)
    store.append_actions([ActionRow("t1", i, 0, a) for i, a in enumerate(actions)])
    loaded = store.load("t1")
    assert loaded is not None
    original = rebuild(game, row.config, row.seed, None, actions)
    again = rebuild(game, loaded.config, loaded.seed, loaded.first_dealer, loaded.actions)
    for viewer in (-1, 0, 1, 2, 3):
        assert game.view_json(game.view(again, viewer)) == game.view_json(game.view(original, viewer))
    assert game.public(again) == game.public(original)
    store.close()


def test_async_store_commits_actions_in_groups(db_url: str) -> None:
    async def main() -> None:
        store = AsyncStore(db_url)
        await store.run(store.store.migrate)
        await store.run(store.store.create_table, _row("ta"))
        await store.run(store.store.create_table, _row("tb"))
        rows = [ActionRow(t, i, 0, "pass") for i in range(30) for t in ("ta", "tb")]
        await asyncio.gather(*(store.append(r) for r in rows))
        # a taken position (another server process stored its action first) fails alone, saying so...
        with pytest.raises(StorageError, match="another action was stored first"):
            await store.append(ActionRow("ta", 3, 0, "pass"))
        await asyncio.gather(store.append(ActionRow("ta", 30, 0, "pass")), store.append(ActionRow("tb", 30, 0, "pass")))
        assert await store.run(store.store.count_actions, "ta") == 31  # ...and sinks nothing else
        assert await store.run(store.store.count_actions, "tb") == 31
        await store.close()

    asyncio.run(main())


def test_async_store_commits_other_writes_with_the_actions_and_a_bad_one_fails_alone(db_url: str) -> None:
    """New tables, seat claims and finished matches join the group commit; each gets its own result or error."""

    async def main() -> None:
        store = AsyncStore(db_url)
        await store.run(store.store.migrate)
        await store.write(insert_table, _row("ta"))
        outcomes = await asyncio.gather(
            store.append(ActionRow("ta", 0, 0, "pass")),
            store.write(insert_table, _row("tb")),  # seat 2 is open
            store.write(insert_table, _row("ta")),  # the id is taken
            store.write(claim_seat, "ta", 0, "c" * 64),  # not an open seat
            store.append(ActionRow("ta", 1, 1, "pass")),
            return_exceptions=True,
        )
        assert outcomes[0] is None and outcomes[1] is None and outcomes[4] is None
        assert isinstance(outcomes[2], sa.exc.IntegrityError)
        assert outcomes[3] is False
        assert await store.write(claim_seat, "tb", 2, "d" * 64) is True
        assert await store.write(claim_seat, "tb", 2, "e" * 64) is False  # taken now
        await store.write(mark_finished, "ta", {"losers": [0]})
        assert await store.run(store.store.count_actions, "ta") == 2
        loaded = await store.run(store.store.load, "tb")
        assert loaded is not None and loaded.seats[2].token_hash == "d" * 64
        finished = await store.run(store.store.load, "ta")
        assert finished is not None and finished.result == {"losers": [0]} and finished.finished_at is not None
        await store.close()

    asyncio.run(main())


@pytest.mark.slow
def test_a_write_alone_is_committed_while_another_rows_lock_is_held(pg_url: str) -> None:
    """Two processes' first joins of the same tables: each note in a transaction of its own cannot deadlock.

    Another session (another process's group commit) holds the lock of table tb. The notes of the
    first join of ta and of tb are made together: ta's is committed while tb's waits, so no
    transaction holds one of the rows while it waits for the other (in one group, ta's row would
    stay locked until tb's came free: the half of a deadlock).
    """

    async def main() -> None:
        store = AsyncStore(pg_url)
        await store.run(store.store.migrate)
        await store.write(insert_table, _row("ta"))
        await store.write(insert_table, _row("tb"))
        other = store.store.engine.connect()
        held = other.begin()
        other.execute(sa.text("UPDATE troef_tables SET quarantine = NULL WHERE id = 'tb'"))
        writes = asyncio.gather(store.write_alone(mark_joined, "ta"), store.write_alone(mark_joined, "tb"))
        try:
            deadline = time.monotonic() + 30.0
            # read from this thread: the database thread is busy with tb's note, waiting for the lock
            while _joined(store.store, "ta") is None:
                assert time.monotonic() < deadline, "ta's first join was not committed while tb's row was locked"
                await asyncio.sleep(0.02)
            assert _joined(store.store, "tb") is None  # still waiting for the lock
        finally:
            held.rollback()
            other.close()
        await writes
        assert await store.run(_joined, store.store, "tb") is not None
        await store.close()

    asyncio.run(main())


def _joined(store: Store, table_id: str) -> datetime | None:
    with store.engine.connect() as conn:
        found = conn.execute(sa.text("SELECT joined_at FROM troef_tables WHERE id = :id"), {"id": table_id})
        value: datetime | None = found.scalar_one()
        return value
