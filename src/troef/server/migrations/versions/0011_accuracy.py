"""The accuracy of an account's seat at each rated match, from the match's analysis.

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from troef.server.schema import UTCDateTime

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "troef_accuracy",
        sa.Column(
            "account_id", sa.String(32), sa.ForeignKey("troef_accounts.id", ondelete="CASCADE"), primary_key=True
        ),
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("family", sa.String(32), nullable=False),
        sa.Column("decisions", sa.Integer, nullable=False),
        sa.Column("judged", sa.Integer, nullable=False),
        sa.Column("mistakes", sa.Integer, nullable=False),
        sa.Column("accuracy", sa.Float, nullable=True),
        sa.Column("mean_cost", sa.Float, nullable=True),
        sa.Column("unit", sa.String(16), nullable=False),
        sa.Column("at", UTCDateTime(), nullable=False),
    )
    op.create_index("troef_accuracy_account", "troef_accuracy", ["account_id", "game", "family", "at"])


def downgrade() -> None:
    op.drop_table("troef_accuracy")
