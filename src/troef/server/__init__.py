"""The troef web server: tables with people and computer players, over WebSockets, kept in a database.

``troef serve`` runs it (:func:`troef.server.app.run`); ``create_app`` builds
the ASGI app for tests or another server. ``docs/protocol.md`` describes the
protocol; :mod:`troef.server.projection` is the one place game data for a
client is made.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from starlette.applications import Starlette

__all__ = ["create_app", "run"]


def create_app(db_url: str | None = None, **options: Any) -> Starlette:
    """The ASGI app (see :func:`troef.server.app.create_app`)."""
    from troef.server.app import create_app as _create_app

    return _create_app(db_url, **options)


def run(host: str = "127.0.0.1", port: int = 8000, db: str | None = None, **options: Any) -> None:
    """Serve until interrupted (see :func:`troef.server.app.run`)."""
    from troef.server.app import run as _run

    _run(host, port, db, **options)
