"""The community: accounts with passkeys, sessions, recovery codes, seats of accounts, ratings, "play now".

Revision ID: 0010
Revises: 0008
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from troef.server.schema import UTCDateTime

revision = "0010"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "troef_secrets",
        sa.Column("name", sa.String(32), primary_key=True),
        sa.Column("value", sa.String(128), nullable=False),
    )
    op.create_table(
        "troef_accounts",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("skeleton", sa.String(256), nullable=False, unique=True),
        sa.Column("user_handle", sa.String(64), nullable=False, unique=True),
        sa.Column("public", sa.Boolean, nullable=False, server_default=sa.true()),
        sa.Column("created_at", UTCDateTime(), nullable=False),
    )
    op.create_table(
        "troef_passkeys",
        sa.Column("credential_id", sa.String(512), primary_key=True),
        sa.Column("account_id", sa.String(32), sa.ForeignKey("troef_accounts.id", ondelete="CASCADE"), nullable=False),
        sa.Column("public_key", sa.LargeBinary, nullable=False),
        sa.Column("sign_count", sa.BigInteger, nullable=False),
        sa.Column("label", sa.String(64), nullable=False),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.Column("used_at", UTCDateTime(), nullable=True),
    )
    op.create_index("troef_passkeys_account", "troef_passkeys", ["account_id"])
    op.create_table(
        "troef_sessions",
        sa.Column("id_hash", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.String(32), sa.ForeignKey("troef_accounts.id", ondelete="CASCADE"), nullable=False),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.Column("expires_at", UTCDateTime(), nullable=False),
    )
    op.create_index("troef_sessions_account", "troef_sessions", ["account_id"])
    op.create_table(
        "troef_recovery_codes",
        sa.Column("code_hash", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.String(32), sa.ForeignKey("troef_accounts.id", ondelete="CASCADE"), nullable=False),
    )
    op.create_index("troef_recovery_account", "troef_recovery_codes", ["account_id"])
    op.create_table(
        "troef_challenges",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("purpose", sa.String(16), nullable=False),
        sa.Column("challenge", sa.String(128), nullable=False),
        sa.Column("name", sa.String(64), nullable=True),
        sa.Column("account_id", sa.String(32), nullable=True),
        sa.Column("user_handle", sa.String(64), nullable=True),
        sa.Column("expires_at", UTCDateTime(), nullable=False),
    )
    op.create_table(
        "troef_account_seats",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("troef_tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("account_id", sa.String(32), sa.ForeignKey("troef_accounts.id", ondelete="CASCADE"), nullable=False),
    )
    op.create_index("troef_account_seats_account", "troef_account_seats", ["account_id"])
    op.create_table(
        "troef_ratings",
        sa.Column("player", sa.String(48), primary_key=True),
        sa.Column("game", sa.String(32), primary_key=True),
        sa.Column("family", sa.String(32), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("matches", sa.Integer, nullable=False),
        sa.Column("updated_at", UTCDateTime(), nullable=False),
    )
    op.create_table(
        "troef_rating_history",
        sa.Column("player", sa.String(48), primary_key=True),
        sa.Column("game", sa.String(32), primary_key=True),
        sa.Column("family", sa.String(32), primary_key=True),
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("place", sa.Integer, nullable=False),
        sa.Column("left", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("at", UTCDateTime(), nullable=False),
    )
    op.create_table(
        "troef_rated",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("rated_at", UTCDateTime(), nullable=False),
    )
    op.create_table(
        "troef_queue",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("player", sa.String(80), nullable=False),
        sa.Column("active", sa.String(80), nullable=True, unique=True),
        sa.Column("secret_hash", sa.String(64), nullable=False),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("preset", sa.String(32), nullable=False),
        sa.Column("rating", sa.Float, nullable=False),
        sa.Column("wait_seconds", sa.Integer, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.Column("matched_at", UTCDateTime(), nullable=True),
        sa.Column("table_id", sa.String(32), nullable=True),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("token", sa.String(64), nullable=True),
    )
    op.create_index("troef_queue_waiting", "troef_queue", ["game", "preset", "status"])


def downgrade() -> None:
    for name in (
        "troef_queue",
        "troef_rated",
        "troef_rating_history",
        "troef_ratings",
        "troef_account_seats",
        "troef_challenges",
        "troef_recovery_codes",
        "troef_sessions",
        "troef_passkeys",
        "troef_accounts",
        "troef_secrets",
    ):
        op.drop_table(name)
