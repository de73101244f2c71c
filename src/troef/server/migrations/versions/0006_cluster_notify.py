"""Several server processes on one PostgreSQL: every new action and changed seat is announced (NOTIFY).

Each stored action sends ``pg_notify('troef_actions', '<table id> <seq>')``
and each changed seat ``pg_notify('troef_seats', '<table id>')``, from the
database itself (triggers), so no write path can forget it, and the notice
goes out only when the transaction commits: a process hears of an action
exactly when it is in the log (see :mod:`troef.server.cluster`). SQLite
serves one process and gets nothing.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-27
"""

from __future__ import annotations

from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    op.execute(
        """
        CREATE OR REPLACE FUNCTION troef_notify_action() RETURNS trigger AS $$
        BEGIN
            PERFORM pg_notify('troef_actions', NEW.table_id || ' ' || NEW.seq);
            RETURN NULL;
        END $$ LANGUAGE plpgsql
        """
    )
    op.execute(
        """
        CREATE TRIGGER troef_actions_notify AFTER INSERT ON troef_actions
        FOR EACH ROW EXECUTE FUNCTION troef_notify_action()
        """
    )
    op.execute(
        """
        CREATE OR REPLACE FUNCTION troef_notify_seat() RETURNS trigger AS $$
        BEGIN
            PERFORM pg_notify('troef_seats', NEW.table_id);
            RETURN NULL;
        END $$ LANGUAGE plpgsql
        """
    )
    op.execute(
        """
        CREATE TRIGGER troef_seats_notify AFTER UPDATE ON troef_seats
        FOR EACH ROW EXECUTE FUNCTION troef_notify_seat()
        """
    )


def downgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    op.execute("DROP TRIGGER IF EXISTS troef_seats_notify ON troef_seats")
    op.execute("DROP TRIGGER IF EXISTS troef_actions_notify ON troef_actions")
    op.execute("DROP FUNCTION IF EXISTS troef_notify_seat()")
    op.execute("DROP FUNCTION IF EXISTS troef_notify_action()")
