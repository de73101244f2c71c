"""On PostgreSQL, the notice of a stored action carries the action itself.

``troef_actions`` notices become ``'<table id> <seq> <action>'`` (an action
too long for a notice, which holds under 8000 bytes, keeps the old
``'<table id> <seq>'``). A process that holds the table and is exactly one
action behind applies it from the notice, without reading the log back
(:meth:`troef.server.cluster.Cluster._heard_action`); any other case reads
the log as before. Older processes read the first two words only.

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-27
"""

from __future__ import annotations

from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None

#: The longest action (in bytes) a notice carries; PostgreSQL's limit for a payload is 8000.
LONGEST = 7000


def upgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    op.execute(
        f"""
        CREATE OR REPLACE FUNCTION troef_notify_action() RETURNS trigger AS $$
        BEGIN
            IF octet_length(NEW.action) <= {LONGEST} THEN
                PERFORM pg_notify('troef_actions', NEW.table_id || ' ' || NEW.seq || ' ' || NEW.action);
            ELSE
                PERFORM pg_notify('troef_actions', NEW.table_id || ' ' || NEW.seq);
            END IF;
            RETURN NULL;
        END $$ LANGUAGE plpgsql
        """
    )


def downgrade() -> None:
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
