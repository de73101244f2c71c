"""Tournaments: players, drawn rounds, results and their corrections.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

_TOURNAMENT = "troef_tournaments.id"


def upgrade() -> None:
    op.create_table(
        "troef_tournaments",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("ruleset", sa.String(32), nullable=False),
        sa.Column("date", sa.String(32), nullable=False),
        sa.Column("place", sa.String(64), nullable=False),
        sa.Column("rounds", sa.Integer, nullable=False),
        sa.Column("games_per_round", sa.Integer, nullable=False),
        sa.Column("final", sa.Boolean, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("avoid_repeats", sa.Boolean, nullable=False),
        sa.Column("organiser_hash", sa.String(64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
    )
    op.create_table(
        "troef_tournament_players",
        sa.Column("tournament_id", sa.String(32), sa.ForeignKey(_TOURNAMENT, ondelete="CASCADE"), primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("active", sa.Boolean, nullable=False),
        sa.Column("joined", sa.Integer, nullable=False),
    )
    op.create_table(
        "troef_tournament_rounds",
        sa.Column("tournament_id", sa.String(32), sa.ForeignKey(_TOURNAMENT, ondelete="CASCADE"), primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("final", sa.Boolean, nullable=False),
        sa.Column("tables", sa.JSON, nullable=False),
        sa.Column("byes", sa.JSON, nullable=False),
        sa.Column("online", sa.JSON, nullable=False),
    )
    op.create_table(
        "troef_tournament_results",
        sa.Column("tournament_id", sa.String(32), sa.ForeignKey(_TOURNAMENT, ondelete="CASCADE"), primary_key=True),
        sa.Column("round", sa.Integer, primary_key=True),
        sa.Column("table_no", sa.Integer, primary_key=True),
        sa.Column("game", sa.Integer, primary_key=True),
        sa.Column("points", sa.JSON, nullable=False),
        sa.Column("source", sa.String(16), nullable=False),
        sa.Column("entered_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "troef_tournament_corrections",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("tournament_id", sa.String(32), sa.ForeignKey(_TOURNAMENT, ondelete="CASCADE"), nullable=False),
        sa.Column("round", sa.Integer, nullable=False),
        sa.Column("table_no", sa.Integer, nullable=False),
        sa.Column("game", sa.Integer, nullable=False),
        sa.Column("old", sa.JSON, nullable=False),
        sa.Column("new", sa.JSON, nullable=False),
        sa.Column("source", sa.String(16), nullable=False),
        sa.Column("note", sa.String(200), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_troef_tournament_corrections_tournament_id", "troef_tournament_corrections", ["tournament_id"])


def downgrade() -> None:
    op.drop_index("ix_troef_tournament_corrections_tournament_id", table_name="troef_tournament_corrections")
    op.drop_table("troef_tournament_corrections")
    op.drop_table("troef_tournament_results")
    op.drop_table("troef_tournament_rounds")
    op.drop_table("troef_tournament_players")
    op.drop_table("troef_tournaments")
