"""The server's writes to the database: new tables, actions, claimed seats, finished and set-aside tables.

Each is a function of a connection, run inside a group commit's transaction
(:meth:`troef.server.storage.AsyncStore.write`); the frequent ones go to the
driver as statements compiled once per dialect.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from typing import Any, Final

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from troef.server.schema import ActionRow, TableRow, actions_table, seats_table, tables_table


def _now() -> datetime:
    return datetime.now(UTC)


#: A write other than an action, run inside a group commit's transaction (see :meth:`AsyncStore.write`).
Write = Callable[[Connection], Any]


def insert_table(conn: Connection, row: TableRow) -> None:
    """Insert a new table and its seats."""
    _run(
        conn,
        "insert_table",
        {
            "id": row.id,
            "game": row.game,
            "config": row.config,
            "seed": row.seed,
            "first_dealer": row.first_dealer,
            "created_at": row.created_at,
            "practice": row.practice,
            "turn_seconds": row.turn_seconds,
            "owner": row.owner,
        },
    )
    _run(
        conn,
        "insert_seats",
        *(
            {
                "table_id": row.id,
                "seat": s.seat,
                "kind": s.kind,
                "level": s.level,
                "name": s.name,
                "open": s.open,
                "token_hash": s.token_hash,
            }
            for s in row.seats
        ),
    )


def insert_actions(conn: Connection, rows: Sequence[ActionRow]) -> None:
    """Insert actions (one INSERT for all; they share one time).

    The hottest write of all: the rows go to the driver as tuples where it
    takes them so (:meth:`_Compiled.tuples`), not as a dict each.
    """
    compiled = _compiled(conn, "insert_actions")
    params = compiled.tuples(
        ("table_id", "seq", "seat", "action"),
        [(r.table_id, r.seq, r.seat, r.action) for r in rows],
        {"created_at": _now()},
    )
    conn.exec_driver_sql(compiled.sql, params)


def claim_seat(conn: Connection, table_id: str, seat: int, token_hash: str, name: str | None = None) -> bool:
    """Give an open, unclaimed seat its token (and its taker's name); False if it was not open or already taken."""
    if name is not None:
        result = _run(
            conn, "claim_named", {"w_table_id": table_id, "w_seat": seat, "token_hash": token_hash, "name": name}
        )
        return bool(result.rowcount == 1)
    result = _run(conn, "claim_seat", {"w_table_id": table_id, "w_seat": seat, "token_hash": token_hash})
    return bool(result.rowcount == 1)


def set_rematch(conn: Connection, old_id: str, row: TableRow) -> str | None:
    """Make ``row`` the rematch of table ``old_id`` unless it has one: the rematch's id, or None if no such table.

    The table's ``rematch`` is set only while it is empty, and the new table
    is inserted only if it was set: of two processes asking at once, the
    database takes the first and the second gets that one's table back (on
    PostgreSQL the second UPDATE waits for the first's commit, then finds
    ``rematch`` set).
    """
    done = conn.execute(
        tables_table.update()
        .where(tables_table.c.id == old_id, tables_table.c.rematch.is_(None))
        .values(rematch=row.id)
    )
    if done.rowcount == 1:
        insert_table(conn, row)
        return row.id
    found = conn.execute(sa.select(tables_table.c.rematch).where(tables_table.c.id == old_id)).scalar_one_or_none()
    return None if found is None else str(found)


def mark_finished(conn: Connection, table_id: str, result: dict[str, Any]) -> None:
    """Mark a table's match as finished, with its result."""
    _run(conn, "mark_finished", {"w_id": table_id, "finished_at": _now(), "result": result})


def mark_joined(conn: Connection, table_id: str) -> None:
    """Note that somebody has joined the table (the first time only)."""
    conn.execute(
        tables_table.update()
        .where(tables_table.c.id == table_id, tables_table.c.joined_at.is_(None))
        .values(joined_at=_now())
    )


def release_table(conn: Connection, table_id: str) -> None:
    """A table set aside by an earlier start that this troef rebuilds: it plays on."""
    conn.execute(tables_table.update().where(tables_table.c.id == table_id).values(quarantine=None))


def quarantine_table(conn: Connection, table_id: str, reason: str) -> None:
    """Set a table aside: later starts leave it out, and the operator can find it by its reason."""
    conn.execute(tables_table.update().where(tables_table.c.id == table_id).values(quarantine=reason[:500]))


def delete_table(conn: Connection, table_id: str) -> None:
    """Delete a table, its seats and its actions (one nobody ever joined, which has expired).

    A table whose rematch it was may have another one made.
    """
    conn.execute(tables_table.update().where(tables_table.c.rematch == table_id).values(rematch=None))
    for table in (actions_table, seats_table):
        conn.execute(table.delete().where(table.c.table_id == table_id))
    conn.execute(tables_table.delete().where(tables_table.c.id == table_id))


# The server's writes, each with its parameters as bind parameters. Every action, new table, claimed seat and
# finished match goes through these, so each is compiled once per dialect and handed to the driver as it is
# (_Compiled): building the statement, its cache key and SQLAlchemy's processing of each row's parameters cost
# more than SQLite's own work (an action's INSERT about as much; a new table's two INSERTs some 0.4 ms).
# The names of parameters in a WHERE clause start with w_ (those of the columns set are reserved).
_WRITES: Final[dict[str, sa.Insert | sa.Update]] = {
    "insert_table": tables_table.insert().values(
        {
            name: sa.bindparam(name)
            for name in (
                "id",
                "game",
                "config",
                "seed",
                "first_dealer",
                "created_at",
                "practice",
                "turn_seconds",
                "owner",
            )
        }
    ),
    "insert_seats": seats_table.insert().values(
        {name: sa.bindparam(name) for name in ("table_id", "seat", "kind", "level", "name", "open", "token_hash")}
    ),
    "insert_actions": actions_table.insert().values(
        {name: sa.bindparam(name) for name in ("table_id", "seq", "seat", "action", "created_at")}
    ),
    "claim_seat": seats_table.update()
    .where(
        seats_table.c.table_id == sa.bindparam("w_table_id"),
        seats_table.c.seat == sa.bindparam("w_seat"),
        seats_table.c.open.is_(True),
        seats_table.c.token_hash.is_(None),
    )
    .values(token_hash=sa.bindparam("token_hash")),
    "claim_named": seats_table.update()
    .where(
        seats_table.c.table_id == sa.bindparam("w_table_id"),
        seats_table.c.seat == sa.bindparam("w_seat"),
        seats_table.c.open.is_(True),
        seats_table.c.token_hash.is_(None),
    )
    .values(token_hash=sa.bindparam("token_hash"), name=sa.bindparam("name")),
    "mark_finished": tables_table.update()
    .where(tables_table.c.id == sa.bindparam("w_id"), tables_table.c.finished_at.is_(None))
    .values(finished_at=sa.bindparam("finished_at"), result=sa.bindparam("result")),
}


class _Compiled:
    """One of :data:`_WRITES` compiled for one dialect, with the bind processors of its parameters."""

    def __init__(self, statement: sa.Insert | sa.Update, dialect: sa.Dialect) -> None:
        compiled = statement.compile(dialect=dialect)
        self.sql = compiled.string
        #: The parameters' order for a positional driver (SQLite), or None for a named one (psycopg).
        self.order: tuple[str, ...] | None = tuple(compiled.positiontup or ()) if compiled.positional else None
        self.processors: list[tuple[str, Callable[[Any], Any]]] = []
        for name, bind in compiled.binds.items():
            processor = bind.type.dialect_impl(dialect).bind_processor(dialect)
            if processor is not None:
                self.processors.append((name, processor))

    def process(self, values: dict[str, Any]) -> dict[str, Any]:
        """``values`` as the driver takes them (e.g. JSON and times as text for SQLite); changed in place."""
        for name, processor in self.processors:
            if name in values:
                values[name] = processor(values[name])
        return values

    def ordered(self, values: dict[str, Any]) -> dict[str, Any] | tuple[Any, ...]:
        """Processed ``values`` in the form the driver takes: by name, or in the statement's order."""
        return values if self.order is None else tuple(values[name] for name in self.order)

    def tuples(
        self, names: tuple[str, ...], rows: list[tuple[Any, ...]], shared: dict[str, Any]
    ) -> list[tuple[Any, ...]] | list[dict[str, Any] | tuple[Any, ...]]:
        """The driver's parameters for ``rows`` (the values of ``names``) and ``shared`` (the same in every row).

        ``shared`` is processed once. When the driver takes positions in just
        this order and no value of a row needs processing, each row is only
        extended by the shared values; otherwise it goes the way of :meth:`process`.
        """
        common = self.process(dict(shared))
        if self.order == names + tuple(common) and not any(name in names for name, _ in self.processors):
            tail = tuple(common.values())
            return [row + tail for row in rows]
        return [self.ordered(self.process(dict(zip(names, row, strict=True))) | common) for row in rows]


_COMPILED: dict[tuple[str, str], _Compiled] = {}


def _compiled(conn: Connection, write: str) -> _Compiled:
    """:data:`_WRITES` ``[write]`` compiled for ``conn``'s dialect (once)."""
    dialect = conn.dialect
    compiled = _COMPILED.get((write, dialect.name))
    if compiled is None:
        compiled = _COMPILED[(write, dialect.name)] = _Compiled(_WRITES[write], dialect)
    return compiled


def _run(conn: Connection, write: str, *rows: dict[str, Any]) -> Any:
    """Run :data:`_WRITES` ``[write]`` through the driver for each of ``rows`` (one executemany for several)."""
    compiled = _compiled(conn, write)
    params = [compiled.ordered(compiled.process(row)) for row in rows]
    return conn.exec_driver_sql(compiled.sql, params[0] if len(params) == 1 else params)
