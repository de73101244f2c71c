"""Practice tables, tables set aside at start-up, and when a table was first joined.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-24

- ``practice``: the creator chose the seed (the deal is known to whoever knows
  the seed); such a table is marked as practice wherever it is shown.
- ``quarantine``: why a stored table could not be rebuilt at start-up; such a
  table is left out of every later start and of the lobby (the operator looks
  at it), instead of keeping the server from starting.
- ``joined_at``: when somebody first joined the table; a table nobody ever
  joined expires.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("troef_tables") as batch:
        batch.add_column(sa.Column("practice", sa.Boolean, nullable=False, server_default=sa.false()))
        batch.add_column(sa.Column("quarantine", sa.String(500), nullable=True))
        batch.add_column(sa.Column("joined_at", sa.DateTime(timezone=True), nullable=True))
    # tables from before this revision count as joined: they must not expire as never used
    op.execute("UPDATE troef_tables SET joined_at = created_at")


def downgrade() -> None:
    with op.batch_alter_table("troef_tables") as batch:
        batch.drop_column("joined_at")
        batch.drop_column("quarantine")
        batch.drop_column("practice")
