"""A table's rematch is stored; on PostgreSQL, who is connected through each server process is shared.

- ``troef_tables.rematch``: the table of the rematch, once somebody asked for
  one. It is set once (``WHERE rematch IS NULL``), so of two processes asked
  at once for a rematch of the same table the database takes one table
  (:func:`troef.server.writes.set_rematch`); a restarted or another process
  finds it.
- PostgreSQL only: ``troef_presence`` holds a row per (table, seat, process)
  while that process has a connection on that seat. ``node`` names the
  process by the advisory lock its presence connection holds (see
  :mod:`troef.server.cluster`): a row whose node holds no lock is a lost
  process's and counts for nothing. Triggers announce every change of
  presence (``troef_presence``) and of a table's rematch (``troef_rematch``).

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("troef_tables") as batch:
        batch.add_column(sa.Column("rematch", sa.String(32), nullable=True))
    if op.get_bind().dialect.name != "postgresql":
        return
    op.execute(
        """
        CREATE TABLE troef_presence (
            table_id varchar(32) NOT NULL,
            seat integer NOT NULL,
            node integer NOT NULL,
            PRIMARY KEY (table_id, seat, node)
        )
        """
    )
    op.execute("CREATE INDEX troef_presence_node ON troef_presence (node)")
    op.execute(
        """
        CREATE OR REPLACE FUNCTION troef_notify_presence() RETURNS trigger AS $$
        BEGIN
            IF TG_OP = 'DELETE' THEN
                PERFORM pg_notify('troef_presence', OLD.table_id || ' ' || OLD.node);
            ELSE
                PERFORM pg_notify('troef_presence', NEW.table_id || ' ' || NEW.node);
            END IF;
            RETURN NULL;
        END $$ LANGUAGE plpgsql
        """
    )
    op.execute(
        """
        CREATE TRIGGER troef_presence_notify AFTER INSERT OR DELETE ON troef_presence
        FOR EACH ROW EXECUTE FUNCTION troef_notify_presence()
        """
    )
    op.execute(
        """
        CREATE OR REPLACE FUNCTION troef_notify_rematch() RETURNS trigger AS $$
        BEGIN
            IF NEW.rematch IS NOT NULL AND OLD.rematch IS DISTINCT FROM NEW.rematch THEN
                PERFORM pg_notify('troef_rematch', NEW.id || ' ' || NEW.rematch);
            END IF;
            RETURN NULL;
        END $$ LANGUAGE plpgsql
        """
    )
    op.execute(
        """
        CREATE TRIGGER troef_rematch_notify AFTER UPDATE OF rematch ON troef_tables
        FOR EACH ROW EXECUTE FUNCTION troef_notify_rematch()
        """
    )


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP TRIGGER IF EXISTS troef_rematch_notify ON troef_tables")
        op.execute("DROP FUNCTION IF EXISTS troef_notify_rematch()")
        op.execute("DROP TABLE IF EXISTS troef_presence")
        op.execute("DROP FUNCTION IF EXISTS troef_notify_presence()")
    with op.batch_alter_table("troef_tables") as batch:
        batch.drop_column("rematch")
