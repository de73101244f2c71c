"""The community's tables: accounts and their passkeys, sessions, ratings, and the "play now" queue.

Each table here is made by migration 0010 (``migrations/versions/0010_community.py``), the accuracy by 0011; the
columns are documented where the code that reads them lives (:mod:`troef.server.accounts`,
:mod:`troef.server.ratings`, :mod:`troef.server.matchmaking`). What is kept about a person, and for
how long, is in ``docs/deploy.md`` ("Accounts and what is stored").
"""

from __future__ import annotations

from typing import Final

import sqlalchemy as sa

from troef.server.schema import UTCDateTime, metadata

#: Server-wide secrets (the key that signs session cookies and derives an account's seat tokens),
#: made once by the first process that needs them and shared by every process on the database.
secrets_table: Final = sa.Table(
    "troef_secrets",
    metadata,
    sa.Column("name", sa.String(32), primary_key=True),
    sa.Column("value", sa.String(128), nullable=False),
)

accounts_table: Final = sa.Table(
    "troef_accounts",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("name", sa.String(64), nullable=False),
    #: The name's skeleton (:func:`troef.tournament.model.skeleton`): two names that look alike cannot both exist.
    sa.Column("skeleton", sa.String(256), nullable=False, unique=True),
    #: The WebAuthn user handle (random, never the name): what a passkey on the device keeps of the account.
    sa.Column("user_handle", sa.String(64), nullable=False, unique=True),
    sa.Column("public", sa.Boolean, nullable=False, server_default=sa.true()),
    sa.Column("created_at", UTCDateTime(), nullable=False),
)

passkeys_table: Final = sa.Table(
    "troef_passkeys",
    metadata,
    sa.Column("credential_id", sa.String(512), primary_key=True),
    sa.Column("account_id", sa.String(32), sa.ForeignKey("troef_accounts.id", ondelete="CASCADE"), nullable=False),
    sa.Column("public_key", sa.LargeBinary, nullable=False),
    sa.Column("sign_count", sa.BigInteger, nullable=False),
    sa.Column("label", sa.String(64), nullable=False),
    sa.Column("created_at", UTCDateTime(), nullable=False),
    sa.Column("used_at", UTCDateTime(), nullable=True),
    sa.Index("troef_passkeys_account", "account_id"),
)

sessions_table: Final = sa.Table(
    "troef_sessions",
    metadata,
    #: SHA-256 of the session id the cookie carries (the id itself is only in the browser).
    sa.Column("id_hash", sa.String(64), primary_key=True),
    sa.Column("account_id", sa.String(32), sa.ForeignKey("troef_accounts.id", ondelete="CASCADE"), nullable=False),
    sa.Column("created_at", UTCDateTime(), nullable=False),
    sa.Column("expires_at", UTCDateTime(), nullable=False),
    sa.Index("troef_sessions_account", "account_id"),
)

recovery_table: Final = sa.Table(
    "troef_recovery_codes",
    metadata,
    sa.Column("code_hash", sa.String(64), primary_key=True),
    sa.Column("account_id", sa.String(32), sa.ForeignKey("troef_accounts.id", ondelete="CASCADE"), nullable=False),
    sa.Index("troef_recovery_account", "account_id"),
)

#: A WebAuthn ceremony under way: the challenge the server sent, kept until it is answered or expires.
challenges_table: Final = sa.Table(
    "troef_challenges",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("purpose", sa.String(16), nullable=False),
    sa.Column("challenge", sa.String(128), nullable=False),
    #: register: the name asked for; add: the account adding a passkey
    sa.Column("name", sa.String(64), nullable=True),
    sa.Column("account_id", sa.String(32), nullable=True),
    sa.Column("user_handle", sa.String(64), nullable=True),
    sa.Column("expires_at", UTCDateTime(), nullable=False),
)

#: Which account sits at which seat (a seat of a table made, claimed or moved by a signed-in player).
account_seats_table: Final = sa.Table(
    "troef_account_seats",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("troef_tables.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("account_id", sa.String(32), sa.ForeignKey("troef_accounts.id", ondelete="CASCADE"), nullable=False),
    sa.Index("troef_account_seats_account", "account_id"),
)

#: A player's rating in one game and rules family: ``player`` is ``a:<account id>`` or ``bot:<level>``.
ratings_table: Final = sa.Table(
    "troef_ratings",
    metadata,
    sa.Column("player", sa.String(48), primary_key=True),
    sa.Column("game", sa.String(32), primary_key=True),
    sa.Column("family", sa.String(32), primary_key=True),
    sa.Column("mu", sa.Float, nullable=False),
    sa.Column("sigma", sa.Float, nullable=False),
    sa.Column("matches", sa.Integer, nullable=False),
    sa.Column("updated_at", UTCDateTime(), nullable=False),
)

#: Each rating after each rated match (the history chart), and the tables already rated (never twice).
rating_history_table: Final = sa.Table(
    "troef_rating_history",
    metadata,
    sa.Column("player", sa.String(48), primary_key=True),
    sa.Column("game", sa.String(32), primary_key=True),
    sa.Column("family", sa.String(32), primary_key=True),
    sa.Column("table_id", sa.String(32), primary_key=True),
    sa.Column("mu", sa.Float, nullable=False),
    sa.Column("sigma", sa.Float, nullable=False),
    #: The player's place at the table (1 = first), and whether the player left the match (counted as last).
    sa.Column("place", sa.Integer, nullable=False),
    sa.Column("left", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("at", UTCDateTime(), nullable=False),
)

rated_table: Final = sa.Table(
    "troef_rated",
    metadata,
    sa.Column("table_id", sa.String(32), primary_key=True),
    sa.Column("rated_at", UTCDateTime(), nullable=False),
)

#: "Play now": one row per player waiting for (or just given) a seat.
queue_table: Final = sa.Table(
    "troef_queue",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    #: ``a:<account id>`` or ``g:<hash of the guest's key>``
    sa.Column("player", sa.String(80), nullable=False),
    #: the player while the entry waits or is being seated, else NULL: one active entry per player
    sa.Column("active", sa.String(80), nullable=True, unique=True),
    sa.Column("secret_hash", sa.String(64), nullable=False),
    sa.Column("name", sa.String(64), nullable=False),
    sa.Column("game", sa.String(32), nullable=False),
    sa.Column("preset", sa.String(32), nullable=False),
    sa.Column("rating", sa.Float, nullable=False),
    sa.Column("wait_seconds", sa.Integer, nullable=False),
    #: waiting, matching (a process is making the table), seated, cancelled
    sa.Column("status", sa.String(16), nullable=False),
    sa.Column("created_at", UTCDateTime(), nullable=False),
    sa.Column("matched_at", UTCDateTime(), nullable=True),
    sa.Column("table_id", sa.String(32), nullable=True),
    sa.Column("seat", sa.Integer, nullable=True),
    #: the seat's token, for the entry's player (a guest has no other way to it)
    sa.Column("token", sa.String(64), nullable=True),
    sa.Index("troef_queue_waiting", "game", "preset", "status"),
)

#: The accuracy of an account's seat at a rated match, from the match's analysis (migration 0011): the share of
#: the seat's judged decisions not marked as mistakes, and their mean cost (fair judgement, the game's unit).
accuracy_table: Final = sa.Table(
    "troef_accuracy",
    metadata,
    sa.Column("account_id", sa.String(32), sa.ForeignKey("troef_accounts.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("table_id", sa.String(32), primary_key=True),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("game", sa.String(32), nullable=False),
    sa.Column("family", sa.String(32), nullable=False),
    #: The seat's decisions with a choice, those the fair judgement judged, and those marked as mistakes.
    sa.Column("decisions", sa.Integer, nullable=False),
    sa.Column("judged", sa.Integer, nullable=False),
    sa.Column("mistakes", sa.Integer, nullable=False),
    #: Percent of the judged decisions not marked as mistakes (NULL when none was judged).
    sa.Column("accuracy", sa.Float, nullable=True),
    #: Mean fair cost per judged decision, in ``unit`` (the analysis' fair unit), NULL when none was judged.
    sa.Column("mean_cost", sa.Float, nullable=True),
    sa.Column("unit", sa.String(16), nullable=False),
    sa.Column("at", UTCDateTime(), nullable=False),
    sa.Index("troef_accuracy_account", "account_id", "game", "family", "at"),
)
