"""Per-table options chosen at creation: the turn timer and the seat of the table's creator.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("troef_tables") as batch:
        batch.add_column(sa.Column("turn_seconds", sa.Integer, nullable=True))
        batch.add_column(sa.Column("owner", sa.Integer, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("troef_tables") as batch:
        batch.drop_column("owner")
        batch.drop_column("turn_seconds")
