"""The database's schema, the rows the server reads and writes, the engine, and the migrations.

What is stored is what determines a match: the game, its configuration, the
seed and first dealer, the seats, and every action in order (see
:mod:`troef.server.storage`). The schema itself changes only by an Alembic
migration (``migrations/versions``); :func:`migrate` runs them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final

import sqlalchemy as sa
from sqlalchemy.engine import Engine

from troef.core.errors import TroefError

metadata: Final = sa.MetaData()


class UTCDateTime(sa.TypeDecorator[datetime]):
    """A moment in time, written and read as a timezone-aware datetime in UTC.

    SQLite keeps no offset: it gives back naive datetimes, and a server that
    compared a restored table's (naive) creation time with a new one's (aware)
    failed to list the lobby at all. Naive values are refused on the way in,
    and every value read is aware, whatever the database.
    """

    impl = sa.DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: sa.Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None or value.utcoffset() is None:
            raise ValueError("times are stored timezone-aware (UTC); got a naive datetime")
        return value.astimezone(UTC)

    def process_result_value(self, value: datetime | None, dialect: sa.Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:  # SQLite: what was written is UTC
            return value.replace(tzinfo=UTC)
        return value.astimezone(UTC)


tables_table: Final = sa.Table(
    "troef_tables",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("game", sa.String(32), nullable=False),
    sa.Column("config", sa.JSON, nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("first_dealer", sa.Integer, nullable=True),
    sa.Column("created_at", UTCDateTime(), nullable=False),
    sa.Column("finished_at", UTCDateTime(), nullable=True, index=True),
    sa.Column("result", sa.JSON, nullable=True),
    # revision 0003
    sa.Column("practice", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("quarantine", sa.String(500), nullable=True),
    sa.Column("joined_at", UTCDateTime(), nullable=True),
    # the turn timer in seconds (None: no timer) and the creator's seat (None: not seated), migration 0004
    sa.Column("turn_seconds", sa.Integer, nullable=True),
    sa.Column("owner", sa.Integer, nullable=True),
    # the table of the rematch, set once (migration 0007)
    sa.Column("rematch", sa.String(32), nullable=True),
)

seats_table: Final = sa.Table(
    "troef_seats",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("troef_tables.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("kind", sa.String(16), nullable=False),
    sa.Column("level", sa.String(32), nullable=True),
    sa.Column("name", sa.String(64), nullable=False),
    sa.Column("open", sa.Boolean, nullable=False),
    sa.Column("token_hash", sa.String(64), nullable=True),
)

actions_table: Final = sa.Table(
    "troef_actions",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("troef_tables.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("seq", sa.Integer, primary_key=True),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("action", sa.String(64), nullable=False),
    sa.Column("created_at", UTCDateTime(), nullable=False),
)


class StorageError(TroefError):
    """The database refused or failed a write; the table's state was not changed."""


class DatabaseLocked(StorageError):
    """SQLite: another program holds the database's write lock (a ``sqlite3`` shell, a backup); try again later."""


#: SQLite: milliseconds each retry off the loop waits for the lock, and connections of reads and migrations.
THREAD_BUSY_MS: Final = 500


@dataclass(slots=True)
class SeatRow:
    """One seat: a human (``open`` seats may be claimed from the lobby) or a bot of some level."""

    seat: int
    kind: str
    level: str | None
    name: str
    open: bool = False
    token_hash: str | None = None


@dataclass(slots=True)
class TableRow:
    """A stored table: what determines its match, and its action log."""

    id: str
    game: str
    config: dict[str, Any]
    seed: int
    first_dealer: int | None
    created_at: datetime
    finished_at: datetime | None = None
    result: dict[str, Any] | None = None
    seats: list[SeatRow] = field(default_factory=list)
    actions: list[str] = field(default_factory=list)
    #: The creator chose the seed: a practice table, marked as such wherever it is shown.
    practice: bool = False
    #: Why the table could not be rebuilt at a start (it is then set aside), or None. Also set (not
    #: stored) by a load that finds the action log broken.
    quarantine: str | None = None
    #: When somebody first joined the table (None: nobody yet).
    joined_at: datetime | None = None
    #: When the last stored action was made (None: none yet); loaded, never written.
    last_action_at: datetime | None = None
    #: Seconds a person has for a turn before a computer player takes the seat (None: no limit).
    turn_seconds: int | None = None
    #: The seat of whoever created the table (may let a computer play for an absent player), or None.
    owner: int | None = None
    #: The table of the rematch, once somebody asked for one (set by :func:`~troef.server.writes.set_rematch`).
    rematch: str | None = None
    #: Set (not stored) by a load that finds the action log broken (an action missing): no troef rebuilds it.
    broken_log: bool = False


@dataclass(frozen=True, slots=True)
class ActionRow:
    """One action of a table's log: its position ``seq`` (0-based), the seat, its text."""

    table_id: str
    seq: int
    seat: int
    action: str


def default_url() -> str:
    """A SQLite file in the user's data folder (``platformdirs.user_data_dir("troef")``)."""
    from platformdirs import user_data_dir

    folder = Path(user_data_dir("troef"))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'troef.db'}"


def make_engine(url: str) -> Engine:
    """An engine for ``url``; SQLite gets WAL, foreign keys and a busy timeout."""
    if url.startswith("sqlite"):
        # a short busy timeout: a lock another program holds must not hold up a thread (or the loop) for long
        engine = sa.create_engine(url, connect_args={"check_same_thread": False, "timeout": THREAD_BUSY_MS / 1000})

        @sa.event.listens_for(engine, "connect")
        def _pragmas(dbapi_connection: Any, _record: Any) -> None:
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

        return engine
    return sa.create_engine(url, pool_pre_ping=True)


def migrations_path() -> Path:
    """The Alembic scripts folder (inside the package, so an installed troef can migrate)."""
    return Path(__file__).resolve().parent / "migrations"


def migrate(engine: Engine) -> None:
    """Bring the database schema up to date (Alembic ``upgrade head``)."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(migrations_path()))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
