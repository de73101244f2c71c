"""``troef db check``: every stored table and match this troef would not rebuild, before it serves them.

Read only: the database is not migrated, and only the columns every schema
revision has are read (a database of an older troef is checked as it is).
Each table is rebuilt as the server would (:func:`~troef.server.adapter.settle`:
its rules revision, then every stored action); what fails is listed with the
reason. Tables set aside earlier are checked too: one that rebuilds now is
brought back by ``troef serve`` at its next start.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import sqlalchemy as sa

from troef.core.errors import TroefError
from troef.server.adapter import games, settle
from troef.server.schema import actions_table, make_engine, tables_table


@dataclass(frozen=True, slots=True)
class Checked:
    """One stored table: whether it rebuilds, the rules revision it reads as, and why not."""

    id: str
    game: str
    state: str  # "in play", "finished" or "set aside"
    revision: int | None
    problem: str | None
    #: The reason it was set aside by an earlier start, if it was.
    set_aside: str | None = None


def check(url: str) -> Iterator[Checked]:
    """Rebuild every stored table of the database at ``url`` and say how each went."""
    known = games()
    engine = make_engine(url)
    t, a = tables_table.c, actions_table.c
    try:
        with engine.connect() as conn:
            quarantine = "quarantine" in {c["name"] for c in sa.inspect(conn).get_columns("troef_tables")}
            columns = [t.id, t.game, t.config, t.seed, t.first_dealer, t.finished_at]
            query = sa.select(*columns, *([t.quarantine] if quarantine else [])).order_by(t.created_at)
            for row in conn.execute(query).all():
                reason = row.quarantine if quarantine else None
                state = "finished" if row.finished_at is not None else ("set aside" if reason else "in play")
                game = known.get(row.game)
                if game is None:
                    yield Checked(row.id, row.game, state, None, f"unknown game {row.game!r}", reason)
                    continue
                logged = conn.execute(sa.select(a.seq, a.action).where(a.table_id == row.id).order_by(a.seq)).all()
                gap = next((f"action {r.seq} follows {i} actions" for i, r in enumerate(logged) if r.seq != i), None)
                if gap is not None:  # an action missing: no troef rebuilds it
                    yield Checked(row.id, row.game, state, None, f"broken log: {gap}", reason)
                    continue
                actions = [r.action for r in logged]
                try:
                    config, _match = settle(game, dict(row.config), row.seed, row.first_dealer, actions)
                except (TroefError, ValueError, KeyError, TypeError) as exc:
                    yield Checked(row.id, row.game, state, None, f"{type(exc).__name__}: {exc}", reason)
                    continue
                yield Checked(row.id, row.game, state, int(config["revision"]), None, reason)
    finally:
        engine.dispose()
