"""Alembic environment of the troef server.

The server runs the migrations itself at start (``troef.server.storage.migrate``
passes its connection in ``config.attributes``). From the command line::

    TROEF_DB_URL=sqlite:///troef.db alembic -c src/troef/server/alembic.ini upgrade head
"""

from __future__ import annotations

import os

import sqlalchemy as sa
from alembic import context

import troef.tournament.store  # noqa: F401  (puts the tournament tables on the same metadata)
from troef.server.storage import metadata

#: None when this file is imported outside Alembic (e.g. by pytest's doctest collection).
config = getattr(context, "config", None)
target_metadata = metadata


def _url() -> str:
    assert config is not None
    url = os.environ.get("TROEF_DB_URL") or config.get_main_option("sqlalchemy.url")
    if not url:
        from troef.server.storage import default_url

        url = default_url()
    return url


def run_offline() -> None:
    """Print the SQL instead of running it (``alembic upgrade head --sql``)."""
    context.configure(url=_url(), target_metadata=target_metadata, literal_binds=True)
    with context.begin_transaction():
        context.run_migrations()


def run_online() -> None:
    """Run the migrations on the server's connection, or on one made from the URL."""
    assert config is not None
    connection = config.attributes.get("connection")
    if connection is not None:
        context.configure(connection=connection, target_metadata=target_metadata, render_as_batch=True)
        with context.begin_transaction():
            context.run_migrations()
        return
    engine = sa.create_engine(_url())
    with engine.connect() as conn:
        context.configure(connection=conn, target_metadata=target_metadata, render_as_batch=True)
        with context.begin_transaction():
            context.run_migrations()
    engine.dispose()


if config is None:
    pass
elif context.is_offline_mode():
    run_offline()
else:
    run_online()
