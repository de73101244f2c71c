"""The secret each online tournament game is dealt from, drawn with its round.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # rounds drawn before have no secrets: an online game of theirs gets one when it is opened
    with op.batch_alter_table("troef_tournament_rounds") as batch:
        batch.add_column(sa.Column("deals", sa.JSON, nullable=False, server_default=sa.text("'{}'")))


def downgrade() -> None:
    with op.batch_alter_table("troef_tournament_rounds") as batch:
        batch.drop_column("deals")
